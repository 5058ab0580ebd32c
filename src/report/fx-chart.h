/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Line charts over the moves of a game, drawn with cairo and Pango: one drawing for the audit window and the PDF. */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "fx-series.h"

G_BEGIN_DECLS

#define FX_CHART_N_COLORS 7

/* A value on the axis and in the tooltips, as the reader should see it. */
typedef char *(*FxChartFormat) (double value);

typedef struct
{
  const char   *label;
  guint         color;       /* palette entry: the currency or the seat */
  const double *values;      /* n_points of them; NAN where the line has no value */
} FxChartLine;

/* A point picked out on a line, by shape as well as by place, so that it never
 * rests on colour alone (the review's costly and decisive turns). */
typedef enum
{
  FX_CHART_MARK_CIRCLE,
  FX_CHART_MARK_DIAMOND,
} FxChartMarkShape;

typedef struct
{
  guint            point;
  guint            line;
  FxChartMarkShape shape;
} FxChartMark;

typedef struct
{
  const char        *y_title;     /* nullable */
  const char        *x_title;     /* nullable */
  FxChartFormat      format;      /* nullable: "%g" */
  double             unit;        /* the values' step (1 for counts): the grid's is a multiple; 0 for any */
  guint              n_points;
  const FxChartLine *lines;
  guint              n_lines;
  guint              hover;       /* a point to mark, or G_MAXUINT */
  const FxChartMark *marks;       /* nullable */
  guint              n_marks;
  guint              rule;        /* 1 + a point to draw a dashed line at (the turning point); 0: none */
  const char        *rule_label;  /* nullable: written beside that line */
} FxChart;

typedef struct
{
  double                      fg[3];        /* text; the axes and grid in fainter shades of it */
  gboolean                    dark;         /* on a dark background: the palette's lighter shades */
  PangoContext               *context;      /* nullable: a context of the cairo_t's own */
  const PangoFontDescription *font;         /* nullable: the context's */
  double                      line_width;
} FxChartStyle;

/* Where a drawing put the plot: for hit tests, and for tests. */
typedef struct
{
  double x, y, width, height;   /* the plot, in the drawing's coordinates */
  double lo, hi, y_step;        /* the values at its bottom and top; the grid's step */
  guint  x_step;                /* points between labels on the move axis */
  double spread;                /* line l of n is drawn (l - (n - 1) / 2) * spread higher */
} FxChartLayout;

const double *fx_chart_color          (guint                color,
                                       gboolean             dark);
void          fx_chart_draw           (cairo_t             *cr,
                                       const FxChart       *chart,
                                       const FxChartStyle  *style,
                                       double               width,
                                       double               height,
                                       FxChartLayout       *layout);
double        fx_chart_x_of_point     (const FxChartLayout *layout,
                                       guint                n_points,
                                       guint                point);
double        fx_chart_y_of_value     (const FxChartLayout *layout,
                                       double               value,
                                       guint                line,
                                       guint                n_lines);
guint         fx_chart_point_at       (const FxChartLayout *layout,
                                       guint                n_points,
                                       double               x);

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
