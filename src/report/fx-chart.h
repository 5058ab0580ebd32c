/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The For-Ex charts' values and axis labels, drawn by the shared chart module (xq-chart.h). */
#pragma once

#include "fx-series.h"
#include "xq-chart.h"

G_BEGIN_DECLS

/* The For-Ex charts' values and axis labels, the same in the window and the PDF. */
void          fx_chart_strength_values (const FxSeries     *series,
                                        FxCurrency          currency,
                                        double             *values);
void          fx_chart_standing_values (const FxSeries     *series,
                                        guint               player,
                                        double             *values);
void          fx_chart_rate_values     (const FxSeries     *series,
                                        guint               pair,
                                        double             *values);
char         *fx_chart_format_count    (double              value);
char         *fx_chart_format_bucks    (double              value);
char         *fx_chart_format_rate     (double              value);

G_END_DECLS
