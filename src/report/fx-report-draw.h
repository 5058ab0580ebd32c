/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drawing for the report: the currency board and simple line charts, with cairo. */
#pragma once

#include <cairo.h>
#include <pango/pangocairo.h>

#include "fx-board.h"

G_BEGIN_DECLS

typedef struct
{
  const char   *label;
  double        rgb[3];
  const double *values;    /* one per point; NAN where the line has no value */
  double        offset;    /* points to shift the line up, so equal values stay apart */
} FxReportLine;

const double *fx_report_currency_rgb (FxCurrency     currency);
const double *fx_report_player_rgb   (guint          player);

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
void  fx_report_draw_chart  (cairo_t            *cr,
                             double              x,
                             double              y,
                             double              width,
                             double              height,
                             const char         *y_title,
                             guint               n_points,
                             const FxReportLine *lines,
                             guint               n_lines);

G_END_DECLS
