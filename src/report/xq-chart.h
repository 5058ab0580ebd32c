/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Line charts over a series of points, drawn with cairo and Pango: one drawing for every window and the PDF. */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include <glib.h>

G_BEGIN_DECLS

#define XQ_CHART_N_COLORS 7

/* A value on the axis and in the tooltips, as the reader should see it. */
typedef char *(*XqChartFormat) (double value);

typedef struct
{
  const char   *label;
  guint         color;       /* palette entry: a currency, a seat, a game kind */
  const double *values;      /* n_points of them; NAN where the line has no value */
} XqChartLine;

/* A point picked out on a line, by shape as well as by place, so that it never
 * rests on colour alone (the review's costly and decisive turns). */
typedef enum
{
  XQ_CHART_MARK_CIRCLE,
  XQ_CHART_MARK_DIAMOND,
} XqChartMarkShape;

typedef struct
{
  guint            point;
  guint            line;
  XqChartMarkShape shape;
} XqChartMark;

typedef struct
{
  const char        *y_title;     /* nullable */
  const char        *x_title;     /* nullable */
  XqChartFormat      format;      /* nullable: "%g" */
  double             unit;        /* the values' step (1 for counts): the grid's is a multiple; 0 for any */
  guint              n_points;
  const XqChartLine *lines;
  guint              n_lines;
  guint              hover;       /* a point to mark, or G_MAXUINT */
  const XqChartMark *marks;       /* nullable */
  guint              n_marks;
  guint              rule;        /* 1 + a point to draw a dashed line at (the turning point); 0: none */
  const char        *rule_label;  /* nullable: written beside that line */
} XqChart;

typedef struct
{
  double                      fg[3];        /* text; the axes and grid in fainter shades of it */
  gboolean                    dark;         /* on a dark background: the palette's lighter shades */
  PangoContext               *context;      /* nullable: a context of the cairo_t's own */
  const PangoFontDescription *font;         /* nullable: the context's */
  double                      line_width;
} XqChartStyle;

/* Where a drawing put the plot: for hit tests, and for tests. */
typedef struct
{
  double x, y, width, height;   /* the plot, in the drawing's coordinates */
  double lo, hi, y_step;        /* the values at its bottom and top; the grid's step */
  guint  x_step;                /* points between labels on the horizontal axis */
  double spread;                /* line l of n is drawn (l - (n - 1) / 2) * spread higher */
} XqChartLayout;

const double *xq_chart_color          (guint                color,
                                       gboolean             dark);
void          xq_chart_draw           (cairo_t             *cr,
                                       const XqChart       *chart,
                                       const XqChartStyle  *style,
                                       double               width,
                                       double               height,
                                       XqChartLayout       *layout);
double        xq_chart_x_of_point     (const XqChartLayout *layout,
                                       guint                n_points,
                                       guint                point);
double        xq_chart_y_of_value     (const XqChartLayout *layout,
                                       double               value,
                                       guint                line,
                                       guint                n_lines);
guint         xq_chart_point_at       (const XqChartLayout *layout,
                                       guint                n_points,
                                       double               x);

G_END_DECLS
