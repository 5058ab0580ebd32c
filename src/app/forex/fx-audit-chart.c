/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FxAuditChart: line charts over the moves, drawn with cairo, readable in light and dark. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <math.h>

#include "fx-audit-chart.h"

typedef struct
{
  char   *label;
  guint   color;
  double *values;
} Line;

struct _FxAuditChart
{
  GtkDrawingArea      parent_instance;

  char               *y_title;
  FxAuditChartFormat  format;
  guint               n_points;
  GPtrArray          *lines;        /* Line */
  double              y_step;       /* 0: chosen from the values */
  guint               hover;        /* a point, or G_MAXUINT */
  /* The plot's rectangle, from the last drawing. */
  double              px, py, pw, ph;
};

G_DEFINE_FINAL_TYPE (FxAuditChart, fx_audit_chart, GTK_TYPE_DRAWING_AREA)

enum
{
  POINT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The GNOME palette: the darker shades on light backgrounds, the lighter on dark. */
static const guint32 palette_light[] = { 0x1c71d8, 0xe66100, 0x26a269, 0xc01c28, 0x813d9c, 0x865e3c, 0x0e8a8a };
static const guint32 palette_dark[] = { 0x62a0ea, 0xffa348, 0x57e389, 0xf66151, 0xdc8add, 0xcdab8f, 0x5bd6d6 };

static void
line_free (gpointer data)
{
  Line *line = data;

  g_free (line->label);
  g_free (line->values);
  g_free (line);
}

static void
set_color (cairo_t *cr,
           guint    color,
           double   alpha)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  guint32 rgb = (dark ? palette_dark : palette_light)[color % G_N_ELEMENTS (palette_light)];

  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0, alpha);
}

static char *
format_value (FxAuditChart *self,
              double        value)
{
  if (self->format != NULL)
    return self->format (value);
  return g_strdup_printf ("%g", value);
}

static double
nice_step (double span,
           guint  max_ticks)
{
  double raw = span / MAX (max_ticks, 1), magnitude, steps[] = { 1, 2, 5, 10 };

  if (raw <= 0)
    return 1;
  magnitude = pow (10, floor (log10 (raw)));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * magnitude >= raw)
      return steps[i] * magnitude;
  return 10 * magnitude;
}

static void
value_range (FxAuditChart *self,
             double       *lo,
             double       *hi)
{
  *lo = INFINITY;
  *hi = -INFINITY;
  for (guint l = 0; l < self->lines->len; l++)
    {
      Line *line = g_ptr_array_index (self->lines, l);

      for (guint i = 0; i < self->n_points; i++)
        if (!isnan (line->values[i]))
          {
            *lo = MIN (*lo, line->values[i]);
            *hi = MAX (*hi, line->values[i]);
          }
    }
  if (!isfinite (*lo))
    {
      *lo = 0;
      *hi = 1;
    }
  if (*hi - *lo < 1)
    *hi = *lo + 1;
}

static PangoLayout *
small_layout (GtkWidget  *widget,
              const char *text,
              gboolean    bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_scale_new (0.85));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

/* The legend in rows across the top; returns its height. */
static double
draw_legend (FxAuditChart *self,
             cairo_t      *cr,
             const GdkRGBA *fg,
             int           width)
{
  double x = 8, y = 4, row_h = 0;

  for (guint l = 0; l < self->lines->len; l++)
    {
      Line *line = g_ptr_array_index (self->lines, l);
      g_autoptr(PangoLayout) layout = small_layout (GTK_WIDGET (self), line->label, FALSE);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      if (x + 22 + w > width - 8 && x > 8)
        {
          x = 8;
          y += row_h + 4;
        }
      row_h = MAX (row_h, h);
      set_color (cr, line->color, 1);
      cairo_rectangle (cr, x, y + h / 2.0 - 2, 16, 4);
      cairo_fill (cr);
      gdk_cairo_set_source_rgba (cr, fg);
      cairo_move_to (cr, x + 20, y);
      pango_cairo_show_layout (cr, layout);
      x += 20 + w + 16;
    }
  return y + row_h + 8;
}

static double
y_of (FxAuditChart *self,
      double        value,
      double        lo,
      double        hi)
{
  return self->py + self->ph - (value - lo) / (hi - lo) * self->ph;
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        user_data)
{
  FxAuditChart *self = FX_AUDIT_CHART (area);
  GdkRGBA fg;
  double lo, hi, step, x_step, legend_h;
  guint n_lines = self->lines->len;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS

  legend_h = draw_legend (self, cr, &fg, width);
  self->px = 64;
  self->py = legend_h + 6;
  self->pw = MAX (width - self->px - 20, 10);
  self->ph = MAX (height - self->py - 44, 10);
  if (self->n_points == 0)
    return;

  value_range (self, &lo, &hi);
  step = self->y_step > 0 ? self->y_step : MAX (nice_step (hi - lo, 6), 1);
  lo = floor (lo / step) * step;
  hi = ceil (hi / step) * step;
  if (hi <= lo)
    hi = lo + step;

  /* Grid and y labels. */
  cairo_set_line_width (cr, 1);
  for (double v = lo; v <= hi + step / 2; v += step)
    {
      double y = round (y_of (self, v, lo, hi)) + 0.5;
      g_autofree char *text = format_value (self, v);
      g_autoptr(PangoLayout) layout = small_layout (GTK_WIDGET (self), text, FALSE);
      int w, h;

      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, v == 0 ? 0.45 : 0.15);
      cairo_move_to (cr, self->px, y);
      cairo_line_to (cr, self->px + self->pw, y);
      cairo_stroke (cr);
      pango_layout_get_pixel_size (layout, &w, &h);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.75);
      cairo_move_to (cr, self->px - 6 - w, y - h / 2.0);
      pango_cairo_show_layout (cr, layout);
    }

  /* x labels: move numbers. */
  x_step = MAX (nice_step (self->n_points, 10), 1);
  for (double m = 0; m < self->n_points; m += x_step)
    {
      double x = fx_audit_chart_x_of_point (self, (guint) m);
      g_autofree char *text = g_strdup_printf ("%u", (guint) m);
      g_autoptr(PangoLayout) layout = small_layout (GTK_WIDGET (self), text, FALSE);
      int w, h;

      pango_layout_get_pixel_size (layout, &w, &h);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.3);
      cairo_move_to (cr, round (x) + 0.5, self->py + self->ph);
      cairo_line_to (cr, round (x) + 0.5, self->py + self->ph + 4);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.75);
      cairo_move_to (cr, x - w / 2.0, self->py + self->ph + 6);
      pango_cairo_show_layout (cr, layout);
    }
  {
    /* TRANSLATORS: the charts' horizontal axis */
    g_autofree char *title = g_strdup (_("After move (0 is the start of the game)"));
    g_autoptr(PangoLayout) layout = small_layout (GTK_WIDGET (self), title, TRUE);
    int w, h;

    pango_layout_get_pixel_size (layout, &w, &h);
    cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
    cairo_move_to (cr, self->px + (self->pw - w) / 2, height - h - 2);
    pango_cairo_show_layout (cr, layout);
  }

  /* The lines; equal values are shifted a little so each stays visible. */
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 2.25);
  for (guint l = 0; l < n_lines; l++)
    {
      Line *line = g_ptr_array_index (self->lines, l);
      double shift = n_lines > 1 ? (l - (n_lines - 1) / 2.0) * 1.5 : 0;
      gboolean pen_down = FALSE;

      set_color (cr, line->color, 1);
      for (guint i = 0; i < self->n_points; i++)
        {
          double x = fx_audit_chart_x_of_point (self, i);

          if (isnan (line->values[i]))
            {
              pen_down = FALSE;
              continue;
            }
          if (pen_down)
            cairo_line_to (cr, x, y_of (self, line->values[i], lo, hi) - shift);
          else
            cairo_move_to (cr, x, y_of (self, line->values[i], lo, hi) - shift);
          pen_down = TRUE;
        }
      cairo_stroke (cr);
    }

  /* The hovered move. */
  if (self->hover < self->n_points)
    {
      double x = round (fx_audit_chart_x_of_point (self, self->hover)) + 0.5;

      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.5);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x, self->py);
      cairo_line_to (cr, x, self->py + self->ph);
      cairo_stroke (cr);
      for (guint l = 0; l < n_lines; l++)
        {
          Line *line = g_ptr_array_index (self->lines, l);
          double shift = n_lines > 1 ? (l - (n_lines - 1) / 2.0) * 1.5 : 0;

          if (isnan (line->values[self->hover]))
            continue;
          set_color (cr, line->color, 1);
          cairo_arc (cr, x, y_of (self, line->values[self->hover], lo, hi) - shift, 4, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
}

static char *
tooltip_text (FxAuditChart *self,
              guint         point)
{
  GString *out = g_string_new (NULL);

  if (point == 0)
    g_string_append (out, _("At the start of the game"));
  else
    g_string_append_printf (out, _("After move %u"), point);
  for (guint l = 0; l < self->lines->len; l++)
    {
      Line *line = g_ptr_array_index (self->lines, l);
      g_autofree char *value = isnan (line->values[point]) ? g_strdup (_("tied, no value"))
                                                          : format_value (self, line->values[point]);

      /* TRANSLATORS: a chart's line and its value in the tooltip: "CHF: 6" */
      g_string_append_printf (out, _("\n%s: %s"), line->label, value);
    }
  g_string_append (out, _("\nClick to show this move in the history."));
  return g_string_free (out, FALSE);
}

static void
motion (GtkEventControllerMotion *controller,
        double                    x,
        double                    y,
        FxAuditChart             *self)
{
  guint point = fx_audit_chart_point_at (self, x);

  if (point == self->hover)
    return;
  self->hover = point;
  if (point < self->n_points)
    {
      g_autofree char *text = tooltip_text (self, point);

      gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
    }
  else
    gtk_widget_set_tooltip_text (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
leave (GtkEventControllerMotion *controller,
       FxAuditChart             *self)
{
  self->hover = G_MAXUINT;
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
released (GtkGestureClick *gesture,
          int              n_press,
          double           x,
          double           y,
          FxAuditChart    *self)
{
  fx_audit_chart_click (self, x);
}

static void
dark_changed (FxAuditChart *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
fx_audit_chart_finalize (GObject *object)
{
  FxAuditChart *self = FX_AUDIT_CHART (object);

  g_free (self->y_title);
  g_ptr_array_unref (self->lines);
  G_OBJECT_CLASS (fx_audit_chart_parent_class)->finalize (object);
}

static void
fx_audit_chart_class_init (FxAuditChartClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fx_audit_chart_finalize;

  /* A point was clicked: the number of moves it comes after. */
  signals[POINT_ACTIVATED] = g_signal_new ("point-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
fx_audit_chart_init (FxAuditChart *self)
{
  GtkEventController *motion_controller = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->lines = g_ptr_array_new_with_free_func (line_free);
  self->hover = G_MAXUINT;
  gtk_widget_set_size_request (GTK_WIDGET (self), 320, 240);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), draw, NULL, NULL);
  g_signal_connect (motion_controller, "motion", G_CALLBACK (motion), self);
  g_signal_connect (motion_controller, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion_controller);
  g_signal_connect (click, "released", G_CALLBACK (released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (dark_changed), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
fx_audit_chart_new (const char         *y_title,
                    FxAuditChartFormat  format)
{
  FxAuditChart *self = g_object_new (FX_TYPE_AUDIT_CHART, NULL);

  self->y_title = g_strdup (y_title);
  self->format = format;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, y_title, -1);
  return GTK_WIDGET (self);
}

/* Drops the lines; the next ones have @n_points values each. */
void
fx_audit_chart_clear (FxAuditChart *self,
                      guint         n_points)
{
  g_return_if_fail (FX_IS_AUDIT_CHART (self));

  g_ptr_array_set_size (self->lines, 0);
  self->n_points = n_points;
  self->hover = G_MAXUINT;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* @values: n_points values, NAN where the line has none. @color indexes the palette. */
void
fx_audit_chart_add_line (FxAuditChart *self,
                         const char   *label,
                         guint         color,
                         const double *values)
{
  Line *line;

  g_return_if_fail (FX_IS_AUDIT_CHART (self));

  line = g_new0 (Line, 1);
  line->label = g_strdup (label);
  line->color = color;
  line->values = g_memdup2 (values, sizeof (double) * MAX (self->n_points, 1));
  g_ptr_array_add (self->lines, line);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
fx_audit_chart_set_step (FxAuditChart *self,
                         double        y_step)
{
  g_return_if_fail (FX_IS_AUDIT_CHART (self));

  self->y_step = y_step;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
fx_audit_chart_get_n_lines (FxAuditChart *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHART (self), 0);

  return self->lines->len;
}

/* Every line has a value (or a gap) for each point: the start and each move. */
guint
fx_audit_chart_get_n_points (FxAuditChart *self,
                             guint         line)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHART (self), 0);
  g_return_val_if_fail (line < self->lines->len, 0);

  return self->n_points;
}

double
fx_audit_chart_x_of_point (FxAuditChart *self,
                           guint         point)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHART (self), 0);

  if (self->n_points < 2)
    return self->px;
  return self->px + self->pw * point / (self->n_points - 1);
}

/* The point nearest @x, or G_MAXUINT outside the plot. */
guint
fx_audit_chart_point_at (FxAuditChart *self,
                         double        x)
{
  double spacing;

  g_return_val_if_fail (FX_IS_AUDIT_CHART (self), G_MAXUINT);

  if (self->n_points == 0 || self->pw <= 0)
    return G_MAXUINT;
  spacing = self->n_points > 1 ? self->pw / (self->n_points - 1) : self->pw;
  if (x < self->px - spacing / 2 || x > self->px + self->pw + spacing / 2)
    return G_MAXUINT;
  return (guint) CLAMP (round ((x - self->px) / spacing), 0, self->n_points - 1);
}

/* What a click at @x does: the nearest point is activated. */
void
fx_audit_chart_click (FxAuditChart *self,
                      double        x)
{
  guint point;

  g_return_if_fail (FX_IS_AUDIT_CHART (self));

  point = fx_audit_chart_point_at (self, x);
  if (point != G_MAXUINT)
    g_signal_emit (self, signals[POINT_ACTIVATED], 0, point);
}
