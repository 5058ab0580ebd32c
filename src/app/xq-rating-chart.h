/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A player's rating over their games, drawn by the shared chart module (xq-chart.c). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define XQ_TYPE_RATING_CHART (xq_rating_chart_get_type ())

G_DECLARE_FINAL_TYPE (XqRatingChart, xq_rating_chart, XQ, RATING_CHART, GtkWidget)

GtkWidget  *xq_rating_chart_new          (void);
void        xq_rating_chart_clear        (XqRatingChart      *self,
                                          guint               n_points);
void        xq_rating_chart_add_line     (XqRatingChart      *self,
                                          const char         *label,
                                          const double       *values,
                                          const char *const  *dates);
guint       xq_rating_chart_get_n_lines  (XqRatingChart      *self);
guint       xq_rating_chart_get_n_points (XqRatingChart      *self);
double      xq_rating_chart_get_value    (XqRatingChart      *self,
                                          guint               line,
                                          guint               point);
char       *xq_rating_chart_format       (double              value);
char       *xq_rating_chart_describe     (XqRatingChart      *self,
                                          guint               point);

G_END_DECLS
