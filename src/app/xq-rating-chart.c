/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqRatingChart: a player's rating after each of their games, one line per
 * game kind. xq-chart.c draws it, as it draws the audit's charts and the
 * PDF's, so the library's chart has their palette, axes and legend; this
 * widget adds the window's colours and the tooltip that names the game. */

#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <math.h>

#include "xq-chart-widget.h"
#include "xq-rating-chart.h"

typedef struct
{
  char    *label;
  double  *values;   /* n_points of them, NAN past the kind's last game */
  GStrv    dates;    /* n_points of them, "" where none */
} RatingLine;

struct _XqRatingChart
{
  GtkWidget      parent_instance;

  guint          n_points;
  GPtrArray     *lines;     /* RatingLine */
  guint          hover;     /* a point, or G_MAXUINT */
  XqChartLayout  layout;    /* from the last drawing */
};

G_DEFINE_FINAL_TYPE (XqRatingChart, xq_rating_chart, GTK_TYPE_WIDGET)

static void
line_free (gpointer data)
{
  RatingLine *line = data;

  g_free (line->label);
  g_free (line->values);
  g_strfreev (line->dates);
  g_free (line);
}

/* Ratings to one decimal with a true minus sign, on the axis and on the
 * player's page alike. */
char *
xq_rating_chart_format (double value)
{
  g_autofree char *digits = g_strdup_printf ("%.1f", fabs (value));

  return value <= -0.05 ? g_strconcat ("\xE2\x88\x92", digits, NULL) : g_steal_pointer (&digits);
}

static void
xq_rating_chart_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  XqRatingChart *self = XQ_RATING_CHART (widget);
  g_autofree XqChartLine *lines = g_new0 (XqChartLine, MAX (self->lines->len, 1));
  XqChart chart = {
    /* TRANSLATORS: the rating chart's vertical axis: μ − 3σ, the rating the library shows */
    .y_title = _("Rating"),
    /* TRANSLATORS: the rating chart's horizontal axis */
    .x_title = _("Games played (0 is before the first)"),
    .format = xq_rating_chart_format,
    .unit = 0,
    .n_points = self->n_points,
    .lines = lines,
    .n_lines = self->lines->len,
    .hover = self->hover,
  };

  for (guint l = 0; l < self->lines->len; l++)
    {
      RatingLine *line = g_ptr_array_index (self->lines, l);

      lines[l] = (XqChartLine) { line->label, l, line->values };
    }
  xq_chart_widget_draw (widget, snapshot, &chart, &self->layout);
}

static void
motion (GtkEventControllerMotion *controller,
        double                    x,
        double                    y,
        XqRatingChart            *self)
{
  guint point = xq_chart_point_at (&self->layout, self->n_points, x);
  g_autofree char *text = NULL;

  if (point == self->hover)
    return;
  self->hover = point;
  if (point < self->n_points)
    text = xq_rating_chart_describe (self, point);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
leave (GtkEventControllerMotion *controller,
       XqRatingChart            *self)
{
  self->hover = G_MAXUINT;
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
xq_rating_chart_finalize (GObject *object)
{
  XqRatingChart *self = XQ_RATING_CHART (object);

  g_ptr_array_unref (self->lines);
  G_OBJECT_CLASS (xq_rating_chart_parent_class)->finalize (object);
}

static void
xq_rating_chart_class_init (XqRatingChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = xq_rating_chart_finalize;
  widget_class->snapshot = xq_rating_chart_snapshot;
  /* A picture to a screen reader; the record's rows say the rating in words. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "ratingchart");
}

static void
xq_rating_chart_init (XqRatingChart *self)
{
  GtkEventController *motion_controller = gtk_event_controller_motion_new ();

  self->lines = g_ptr_array_new_with_free_func (line_free);
  self->hover = G_MAXUINT;
  /* Narrow enough for a phone (360 px less the page's margins); it widens with the window. */
  gtk_widget_set_size_request (GTK_WIDGET (self), 260, 220);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect (motion_controller, "motion", G_CALLBACK (motion), self);
  g_signal_connect (motion_controller, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion_controller);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (gtk_widget_queue_draw),
                           self, G_CONNECT_SWAPPED);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Rating history"), -1);
}

GtkWidget *
xq_rating_chart_new (void)
{
  return g_object_new (XQ_TYPE_RATING_CHART, NULL);
}

/* Drops the lines; the next ones have @n_points values each. */
void
xq_rating_chart_clear (XqRatingChart *self,
                       guint          n_points)
{
  g_return_if_fail (XQ_IS_RATING_CHART (self));

  g_ptr_array_set_size (self->lines, 0);
  self->n_points = n_points;
  self->hover = G_MAXUINT;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * xq_rating_chart_add_line:
 * @label: the game kind, for the legend and the tooltip
 * @values: n_points ratings, NAN past the last game
 * @dates: (array zero-terminated=1): n_points dates as shown, "" where none
 */
void
xq_rating_chart_add_line (XqRatingChart     *self,
                          const char        *label,
                          const double      *values,
                          const char *const *dates)
{
  RatingLine *line;

  g_return_if_fail (XQ_IS_RATING_CHART (self));
  g_return_if_fail (g_strv_length ((GStrv) dates) == self->n_points);

  line = g_new0 (RatingLine, 1);
  line->label = g_strdup (label);
  line->values = g_memdup2 (values, sizeof (double) * MAX (self->n_points, 1));
  line->dates = g_strdupv ((GStrv) dates);
  g_ptr_array_add (self->lines, line);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
xq_rating_chart_get_n_lines (XqRatingChart *self)
{
  g_return_val_if_fail (XQ_IS_RATING_CHART (self), 0);
  return self->lines->len;
}

guint
xq_rating_chart_get_n_points (XqRatingChart *self)
{
  g_return_val_if_fail (XQ_IS_RATING_CHART (self), 0);
  return self->n_points;
}

double
xq_rating_chart_get_value (XqRatingChart *self,
                           guint          line,
                           guint          point)
{
  g_return_val_if_fail (XQ_IS_RATING_CHART (self), NAN);
  g_return_val_if_fail (line < self->lines->len && point < self->n_points, NAN);

  return ((RatingLine *) g_ptr_array_index (self->lines, line))->values[point];
}

/* The tooltip of @point: after how many games, and each line's rating then. */
char *
xq_rating_chart_describe (XqRatingChart *self,
                          guint          point)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (XQ_IS_RATING_CHART (self), NULL);
  g_return_val_if_fail (point < self->n_points, NULL);

  if (point == 0)
    g_string_append (out, _("Before the first game"));
  else
    g_string_append_printf (out, ngettext ("After %u game", "After %u games", point), point);
  for (guint l = 0; l < self->lines->len; l++)
    {
      RatingLine *line = g_ptr_array_index (self->lines, l);
      g_autofree char *value = NULL;

      if (isnan (line->values[point]))
        continue;
      value = xq_rating_chart_format (line->values[point]);
      if (*line->dates[point] != '\0')
        /* TRANSLATORS: a line of the rating chart's tooltip: the game, the rating, the day of that game */
        g_string_append_printf (out, _("\n%s: %s (played %s)"), line->label, value, line->dates[point]);
      else
        /* TRANSLATORS: a line of the rating chart's tooltip: the game and the rating */
        g_string_append_printf (out, _("\n%s: %s"), line->label, value);
    }
  return g_string_free (out, FALSE);
}
