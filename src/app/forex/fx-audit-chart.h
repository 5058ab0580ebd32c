/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A line chart over the moves of a game, drawn by fx-chart.c; hover and click pick a move. */
#pragma once

#include <gtk/gtk.h>

#include "fx-chart.h"

G_BEGIN_DECLS

#define FX_TYPE_AUDIT_CHART (fx_audit_chart_get_type ())

G_DECLARE_FINAL_TYPE (FxAuditChart, fx_audit_chart, FX, AUDIT_CHART, GtkWidget)

GtkWidget  *fx_audit_chart_new         (const char         *y_title,
                                        XqChartFormat       format);
void        fx_audit_chart_clear       (FxAuditChart       *self,
                                        guint               n_points);
void        fx_audit_chart_add_line    (FxAuditChart       *self,
                                        const char         *label,
                                        guint               color,
                                        const double       *values);
void        fx_audit_chart_set_unit    (FxAuditChart       *self,
                                        double              unit);
/* For a chart over something else than moves (the review's turns): the
 * axis's title, and the first line of a point's tooltip. */
typedef char *(*FxAuditChartDescribe) (guint    point,
                                       gpointer user_data);
void        fx_audit_chart_set_x_title (FxAuditChart       *self,
                                        const char         *x_title);
void        fx_audit_chart_set_describe (FxAuditChart      *self,
                                        FxAuditChartDescribe describe,
                                        gpointer            user_data);
void        fx_audit_chart_set_marks   (FxAuditChart       *self,
                                        const XqChartMark  *marks,
                                        guint               n_marks,
                                        guint               rule,
                                        const char         *rule_label);
guint       fx_audit_chart_get_n_lines (FxAuditChart       *self);
guint       fx_audit_chart_get_n_points (FxAuditChart      *self,
                                        guint               line);
const XqChartLayout *
            fx_audit_chart_get_layout  (FxAuditChart       *self);
guint       fx_audit_chart_point_at    (FxAuditChart       *self,
                                        double              x);
double      fx_audit_chart_x_of_point  (FxAuditChart       *self,
                                        guint               point);
void        fx_audit_chart_click       (FxAuditChart       *self,
                                        double              x);

G_END_DECLS
