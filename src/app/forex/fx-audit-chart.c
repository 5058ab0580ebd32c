/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FxAuditChart: a chart of the audit window. fx-chart.c draws it, as it
 * draws the PDF's; this widget adds the window's colours, hovering and the
 * click that shows a move in the history. */

#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <math.h>

#include "fx-audit-chart.h"
#include "xq-chart-widget.h"

typedef struct
{
  char   *label;
  guint   color;
  double *values;
} FxAuditChartLine;

struct _FxAuditChart
{
  GtkWidget           parent_instance;

  char               *y_title;
  char               *x_title;      /* NULL: moves */
  FxAuditChartDescribe describe;
  gpointer            describe_data;
  XqChartMark        *marks;
  guint               n_marks;
  guint               rule;
  char               *rule_label;
  XqChartFormat       format;
  guint               n_points;
  GPtrArray          *lines;        /* FxAuditChartLine */
  double              unit;
  guint               hover;        /* a point, or G_MAXUINT */
  XqChartLayout       layout;       /* from the last drawing */
};

G_DEFINE_FINAL_TYPE (FxAuditChart, fx_audit_chart, GTK_TYPE_WIDGET)

enum
{
  POINT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
line_free (gpointer data)
{
  FxAuditChartLine *line = data;

  g_free (line->label);
  g_free (line->values);
  g_free (line);
}

static char *
format_value (FxAuditChart *self,
              double        value)
{
  if (self->format != NULL)
    return self->format (value);
  return g_strdup_printf ("%g", value);
}

static void
fx_audit_chart_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  FxAuditChart *self = FX_AUDIT_CHART (widget);
  g_autofree XqChartLine *lines = g_new0 (XqChartLine, MAX (self->lines->len, 1));
  XqChart chart = {
    .y_title = self->y_title,
    /* TRANSLATORS: the charts' horizontal axis */
    .x_title = self->x_title != NULL ? self->x_title : _("After move (0 is the start of the game)"),
    .format = self->format,
    .unit = self->unit,
    .n_points = self->n_points,
    .lines = lines,
    .n_lines = self->lines->len,
    .hover = self->hover,
    .marks = self->marks,
    .n_marks = self->n_marks,
    .rule = self->rule,
    .rule_label = self->rule_label,
  };

  for (guint l = 0; l < self->lines->len; l++)
    {
      FxAuditChartLine *line = g_ptr_array_index (self->lines, l);

      lines[l] = (XqChartLine) { line->label, line->color, line->values };
    }
  xq_chart_widget_draw (widget, snapshot, &chart, &self->layout);
}

static char *
tooltip_text (FxAuditChart *self,
              guint         point)
{
  GString *out = g_string_new (NULL);

  if (self->describe != NULL)
    {
      g_autofree char *first = self->describe (point, self->describe_data);

      g_string_append (out, first);
    }
  else if (point == 0)
    g_string_append (out, _("At the start of the game"));
  else
    g_string_append_printf (out, _("After move %u"), point);
  for (guint l = 0; l < self->lines->len; l++)
    {
      FxAuditChartLine *line = g_ptr_array_index (self->lines, l);
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
  g_free (self->x_title);
  g_free (self->marks);
  g_free (self->rule_label);
  g_ptr_array_unref (self->lines);
  G_OBJECT_CLASS (fx_audit_chart_parent_class)->finalize (object);
}

static void
fx_audit_chart_class_init (FxAuditChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = fx_audit_chart_finalize;
  widget_class->snapshot = fx_audit_chart_snapshot;
  /* A picture to a screen reader, as a drawing area is; the tables say its numbers. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

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
  /* Narrow enough for a phone's page (360 px less the page's and the
   * card's margins); the chart widens with the window. */
  gtk_widget_set_size_request (GTK_WIDGET (self), 260, 240);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect (motion_controller, "motion", G_CALLBACK (motion), self);
  g_signal_connect (motion_controller, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion_controller);
  g_signal_connect (click, "released", G_CALLBACK (released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (dark_changed), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
fx_audit_chart_new (const char    *y_title,
                    XqChartFormat  format)
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
  FxAuditChartLine *line;

  g_return_if_fail (FX_IS_AUDIT_CHART (self));

  line = g_new0 (FxAuditChartLine, 1);
  line->label = g_strdup (label);
  line->color = color;
  line->values = g_memdup2 (values, sizeof (double) * MAX (self->n_points, 1));
  g_ptr_array_add (self->lines, line);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The values' step (1 for counts): the grid's step is a multiple of it. */
void
fx_audit_chart_set_unit (FxAuditChart *self,
                         double        unit)
{
  g_return_if_fail (FX_IS_AUDIT_CHART (self));

  self->unit = unit;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
fx_audit_chart_set_x_title (FxAuditChart *self,
                            const char   *x_title)
{
  g_return_if_fail (FX_IS_AUDIT_CHART (self));

  g_free (self->x_title);
  self->x_title = g_strdup (x_title);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* @describe says what a point is, for its tooltip's first line ("After move 12" otherwise). */
void
fx_audit_chart_set_describe (FxAuditChart         *self,
                             FxAuditChartDescribe  describe,
                             gpointer              user_data)
{
  g_return_if_fail (FX_IS_AUDIT_CHART (self));

  self->describe = describe;
  self->describe_data = user_data;
}

/* Points picked out by shape, and a dashed line at point @rule - 1 (0: none), as xq_chart_draw() draws them. */
void
fx_audit_chart_set_marks (FxAuditChart      *self,
                          const XqChartMark *marks,
                          guint              n_marks,
                          guint              rule,
                          const char        *rule_label)
{
  g_return_if_fail (FX_IS_AUDIT_CHART (self));

  g_free (self->marks);
  self->marks = n_marks > 0 ? g_memdup2 (marks, sizeof (XqChartMark) * n_marks) : NULL;
  self->n_marks = n_marks;
  self->rule = rule;
  g_free (self->rule_label);
  self->rule_label = g_strdup (rule_label);
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

/* Where the last drawing put the plot and its axis, in the widget's coordinates. */
const XqChartLayout *
fx_audit_chart_get_layout (FxAuditChart *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHART (self), NULL);

  return &self->layout;
}

double
fx_audit_chart_x_of_point (FxAuditChart *self,
                           guint         point)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHART (self), 0);

  return xq_chart_x_of_point (&self->layout, self->n_points, point);
}

/* The point nearest @x, or G_MAXUINT outside the plot. */
guint
fx_audit_chart_point_at (FxAuditChart *self,
                         double        x)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHART (self), G_MAXUINT);

  return xq_chart_point_at (&self->layout, self->n_points, x);
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
