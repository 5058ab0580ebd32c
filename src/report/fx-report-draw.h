/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drawing for the report: text and the currency board, with cairo. The charts are fx-chart.c's. */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "fx-board.h"

G_BEGIN_DECLS

const double *fx_report_currency_rgb (FxCurrency     currency);

void  fx_report_draw_text   (cairo_t       *cr,
                             const char    *font,
                             const char    *text,
                             double         x,
                             double         y,
                             double         width,
                             PangoAlignment align);
double fx_report_draw_board (cairo_t       *cr,
                             const FxBoard *board,
                             double         x,
                             double         y,
                             double         width);

G_END_DECLS
