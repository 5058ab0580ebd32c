/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A chart of src/report/xq-chart.c drawn in a widget, in the widget's colours and font. */
#pragma once

#include <gtk/gtk.h>

#include "xq-chart.h"

G_BEGIN_DECLS

void xq_chart_widget_draw (GtkWidget     *widget,
                           GtkSnapshot   *snapshot,
                           const XqChart *chart,
                           XqChartLayout *layout);

G_END_DECLS
