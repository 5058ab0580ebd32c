/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Line charts over a series of points (the moves of a game, a player's
 * games), with cairo and Pango and no GTK: the audit window and the Library
 * window draw them in their snapshots and the PDF on its page, so all share
 * one palette, one rule for the axis steps and one way to draw a line. */

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "xq-chart.h"

#define HEX(x) { (((x) >> 16) & 0xff) / 255.0, (((x) >> 8) & 0xff) / 255.0, ((x) & 0xff) / 255.0 }

/* The GNOME palette: the darker shades on paper and light backgrounds, the
 * lighter on dark ones. A For-Ex currency takes its number, a seat or a game
 * kind its own. */
static const double palette[2][XQ_CHART_N_COLORS][3] = {
  { HEX (0x1c71d8), HEX (0xe66100), HEX (0x26a269), HEX (0xc01c28), HEX (0x813d9c), HEX (0x865e3c), HEX (0x0e8a8a) },
  { HEX (0x62a0ea), HEX (0xffa348), HEX (0x57e389), HEX (0xf66151), HEX (0xdc8add), HEX (0xcdab8f), HEX (0x5bd6d6) },
};

/**
 * xq_chart_color:
 * @color: a palette entry (taken modulo its size)
 * @dark: whether the background is dark
 *
 * Returns: the entry's red, green and blue, from 0 to 1
 */
const double *
xq_chart_color (guint    color,
                gboolean dark)
{
  return palette[dark ? 1 : 0][color % XQ_CHART_N_COLORS];
}

static void
set_color (cairo_t            *cr,
           const XqChartStyle *style,
           guint               color)
{
  const double *rgb = xq_chart_color (color, style->dark);

  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
}

static void
set_ink (cairo_t            *cr,
         const XqChartStyle *style,
         double              alpha)
{
  cairo_set_source_rgba (cr, style->fg[0], style->fg[1], style->fg[2], alpha);
}

static PangoLayout *
new_layout (cairo_t            *cr,
            const XqChartStyle *style,
            const char         *text,
            gboolean            bold)
{
  PangoLayout *layout = style->context != NULL ? pango_layout_new (style->context) : pango_cairo_create_layout (cr);

  if (style->font != NULL || bold)
    {
      PangoFontDescription *font = style->font != NULL ? pango_font_description_copy (style->font)
                                                       : pango_font_description_new ();

      if (bold)
        pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
    }
  pango_layout_set_text (layout, text, -1);
  return layout;
}

static double
text_width (cairo_t            *cr,
            const XqChartStyle *style,
            const char         *text,
            double             *height)
{
  g_autoptr(PangoLayout) layout = new_layout (cr, style, text, FALSE);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  if (height != NULL)
    *height = h;
  return w;
}

/* @text with its left edge at @x, or centred on it, or ending at it (@align -1, 0, 1), its top at @y. */
static void
show_text (cairo_t            *cr,
           const XqChartStyle *style,
           const char         *text,
           gboolean            bold,
           double              x,
           double              y,
           int                 align)
{
  g_autoptr(PangoLayout) layout = new_layout (cr, style, text, bold);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - (align + 1) * w / 2.0, y);
  pango_cairo_show_layout (cr, layout);
}

static char *
format_value (const XqChart *chart,
              double         value)
{
  if (chart->format != NULL)
    return chart->format (value);
  return g_strdup_printf ("%g", value);
}

/* The one rounding rule for both axes: the smallest of 1, 2 or 5 times a
 * power of ten that is at least @raw. */
static double
nice_step (double raw)
{
  const double steps[] = { 1, 2, 5, 10 };
  double magnitude;

  if (!(raw > 0))
    return 1;
  magnitude = pow (10, floor (log10 (raw)));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (steps[i] * magnitude >= raw * (1 - 1e-9))
      return steps[i] * magnitude;
  return 10 * magnitude;
}

/* The values' range, zero included so that amounts and counts stand on
 * their baseline and a rate's parity shows. */
static void
value_range (const XqChart *chart,
             double        *lo,
             double        *hi)
{
  *lo = 0;
  *hi = 0;
  for (guint l = 0; l < chart->n_lines; l++)
    for (guint i = 0; i < chart->n_points; i++)
      if (!isnan (chart->lines[l].values[i]))
        {
          *lo = MIN (*lo, chart->lines[l].values[i]);
          *hi = MAX (*hi, chart->lines[l].values[i]);
        }
  if (*hi - *lo <= 0)
    *hi = *lo + MAX (chart->unit, 1);
}

/* One vertex of a line: the pen goes down at the first after a gap. */
static void
vertex (cairo_t             *cr,
        const XqChart       *chart,
        const XqChartLayout *out,
        guint                line,
        guint                point,
        gboolean            *pen_down)
{
  double x = xq_chart_x_of_point (out, chart->n_points, point);
  double y = xq_chart_y_of_value (out, chart->lines[line].values[point], line, chart->n_lines);

  if (*pen_down)
    cairo_line_to (cr, x, y);
  else
    cairo_move_to (cr, x, y);
  *pen_down = TRUE;
}

/* Line @line as a path to stroke, a gap where a value is missing. */
static void
trace_line (cairo_t             *cr,
            const XqChart       *chart,
            const XqChartLayout *out,
            guint                line)
{
  gboolean pen_down = FALSE;

  for (guint i = 0; i < chart->n_points; i++)
    {
      if (isnan (chart->lines[line].values[i]))
        pen_down = FALSE;
      else
        vertex (cr, chart, out, line, i, &pen_down);
    }
}

/* The lowest and highest value of a one-unit column of points. */
typedef struct
{
  double x, top, bottom;
} Column;

/* The band of one run of columns, as wide as the line: along the tops,
 * back along the bottoms. */
static void
fill_band (cairo_t      *cr,
           const Column *columns,
           guint         n,
           double        half)
{
  if (n == 0)
    return;
  cairo_move_to (cr, columns[0].x - half, columns[0].top - half);
  for (guint k = 0; k < n; k++)
    cairo_line_to (cr, columns[k].x, columns[k].top - half);
  cairo_line_to (cr, columns[n - 1].x + half, columns[n - 1].top - half);
  cairo_line_to (cr, columns[n - 1].x + half, columns[n - 1].bottom + half);
  for (guint k = n; k-- > 0;)
    cairo_line_to (cr, columns[k].x, columns[k].bottom + half);
  cairo_line_to (cr, columns[0].x - half, columns[0].bottom + half);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* Line @line when it has more points than units across the chart (a
 * 48,000-move game, issue #23): each one-unit column is drawn as the band
 * from its lowest to its highest value, as thick as the line. The same
 * picture as the stroked line, where a unit holds dozens of moves, filled
 * as one shape in a few milliseconds; stroking 48,000 points a line, or
 * even a zigzag through each column's extremes, took cairo 0.3-1.6 s for
 * the audit's three charts. */
static void
fill_line (cairo_t             *cr,
           const XqChart       *chart,
           const XqChartLayout *out,
           guint                line,
           double               line_width)
{
  const double *values = chart->lines[line].values;
  g_autofree Column *columns = g_new (Column, (gsize) out->width + 2);
  guint n = 0;
  gint64 current = G_MININT64;

  for (guint i = 0; i < chart->n_points; i++)
    {
      double x = xq_chart_x_of_point (out, chart->n_points, i);
      gint64 column = (gint64) floor (x - out->x);
      double y;

      if (isnan (values[i]))
        {
          fill_band (cr, columns, n, line_width / 2);
          n = 0;
          current = G_MININT64;
          continue;
        }
      y = xq_chart_y_of_value (out, values[i], line, chart->n_lines);
      if (column != current && n < (guint) out->width + 2)
        {
          columns[n++] = (Column) { x, y, y };
          current = column;
        }
      columns[n - 1].top = MIN (columns[n - 1].top, y);
      columns[n - 1].bottom = MAX (columns[n - 1].bottom, y);
    }
  fill_band (cr, columns, n, line_width / 2);
}

/* The legend in rows across the top; returns the height it takes. */
static double
draw_legend (cairo_t            *cr,
             const XqChart      *chart,
             const XqChartStyle *style,
             double              width,
             double              em)
{
  double pad = round (em / 2), x = pad, y = round (em / 4), row_h = 0;

  for (guint l = 0; l < chart->n_lines; l++)
    {
      double h, w = text_width (cr, style, chart->lines[l].label, &h);

      if (x + em * 1.3 + w > width - pad && x > pad)
        {
          x = pad;
          y += row_h + round (em / 4);
        }
      row_h = MAX (row_h, h);
      set_color (cr, style, chart->lines[l].color);
      cairo_rectangle (cr, x, round (y + h / 2 - em / 8), em, MAX (round (em / 4), 2));
      cairo_fill (cr);
      set_ink (cr, style, 1);
      show_text (cr, style, chart->lines[l].label, FALSE, x + em * 1.3, y, -1);
      x += em * 1.3 + w + em;
    }
  return chart->n_lines > 0 ? y + row_h + pad : 0;
}

/* Crisp one-unit lines on a pixel grid. */
static double
crisp (double v)
{
  return round (v) + 0.5;
}

/**
 * xq_chart_draw:
 * @cr: where to draw, from (0, 0)
 * @chart: the lines and their axis
 * @style: colours, font and line width of the window or the page
 * @width: the width to fill
 * @height: the height to fill
 * @layout: (out) (optional): where the plot went
 *
 * The legend across the top, the value axis's title, the plot with its grid
 * and labels, the moves under it and their title; the lines with equal
 * values drawn a little apart, so each stays visible; the hovered point
 * marked on every line.
 */
void
xq_chart_draw (cairo_t            *cr,
               const XqChart      *chart,
               const XqChartStyle *style,
               double              width,
               double              height,
               XqChartLayout      *layout)
{
  XqChartLayout out = { 0 };
  double em, top, bottom, left = 0, right, lo, hi, step, widest_x;
  guint max_ticks;

  g_return_if_fail (cr != NULL && chart != NULL && style != NULL);

  cairo_save (cr);
  text_width (cr, style, "0", &em);
  top = draw_legend (cr, chart, style, width, em);
  if (chart->y_title != NULL)
    {
      set_ink (cr, style, 0.75);
      show_text (cr, style, chart->y_title, FALSE, round (em / 2), top, -1);
      top += em + round (em / 4);
    }
  /* Room for a label on the top grid line, half above it. */
  top += round (em / 2);
  bottom = em * 1.4 + (chart->x_title != NULL ? em * 1.2 : 0) + 2;

  value_range (chart, &lo, &hi);
  out.height = MAX (height - top - bottom, 10);
  max_ticks = (guint) MAX (floor (out.height / (em * 1.8)), 2);
  step = MAX (nice_step ((hi - lo) / max_ticks), chart->unit);
  lo = floor (lo / step + 1e-9) * step;
  hi = ceil (hi / step - 1e-9) * step;
  if (hi <= lo)
    hi = lo + step;
  for (double k = 0; lo + k * step <= hi + step / 2; k++)
    {
      g_autofree char *text = format_value (chart, lo + k * step);

      left = MAX (left, text_width (cr, style, text, NULL));
    }
  left += round (em / 2) + round (em / 2);
  {
    g_autofree char *last = g_strdup_printf ("%u", MAX (chart->n_points, 1) - 1);

    widest_x = text_width (cr, style, last, NULL);
    right = MAX (em, widest_x / 2 + 2);
  }
  out.x = left;
  out.y = top;
  out.width = MAX (width - left - right, 10);
  out.lo = lo;
  out.hi = hi;
  out.y_step = step;
  out.spread = style->line_width * 2 / 3;
  out.x_step = (guint) MAX (nice_step ((MAX (chart->n_points, 2) - 1) / MAX (floor (out.width / (widest_x + em * 2)), 1)), 1);
  if (layout != NULL)
    *layout = out;
  if (chart->n_points == 0)
    {
      cairo_restore (cr);
      return;
    }

  /* The grid and the values. */
  cairo_set_line_width (cr, MAX (style->line_width * 0.44, 0.4));
  for (double k = 0; lo + k * step <= hi + step / 2; k++)
    {
      double v = lo + k * step, y = crisp (xq_chart_y_of_value (&out, v, 0, 1));
      g_autofree char *text = format_value (chart, v);
      double h;

      text_width (cr, style, text, &h);
      set_ink (cr, style, fabs (v) < step / 2 ? 0.45 : 0.15);
      cairo_move_to (cr, out.x, y);
      cairo_line_to (cr, out.x + out.width, y);
      cairo_stroke (cr);
      set_ink (cr, style, 0.75);
      show_text (cr, style, text, FALSE, out.x - round (em / 2), y - h / 2, 1);
    }

  /* The points (moves, games): a tick and a number every x_step. */
  for (guint m = 0; m < chart->n_points; m += out.x_step)
    {
      double x = xq_chart_x_of_point (&out, chart->n_points, m);
      g_autofree char *text = g_strdup_printf ("%u", m);

      set_ink (cr, style, 0.3);
      cairo_move_to (cr, crisp (x), out.y + out.height);
      cairo_line_to (cr, crisp (x), out.y + out.height + round (em / 4));
      cairo_stroke (cr);
      set_ink (cr, style, 0.75);
      show_text (cr, style, text, FALSE, x, out.y + out.height + round (em / 3), 0);
    }
  if (chart->x_title != NULL)
    {
      set_ink (cr, style, 0.85);
      show_text (cr, style, chart->x_title, TRUE, out.x + out.width / 2, height - em - 2, 0);
    }

  /* The lines: a gap where a value is missing. */
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, style->line_width);
  for (guint l = 0; l < chart->n_lines; l++)
    {
      set_color (cr, style, chart->lines[l].color);
      if (out.width > 0 && chart->n_points > out.width)
        fill_line (cr, chart, &out, l, style->line_width);
      else
        {
          trace_line (cr, chart, &out, l);
          cairo_stroke (cr);
        }
    }

  /* The marked points, outlined in the text's colour so they stand out
   * from the line they sit on. */
  for (guint k = 0; k < chart->n_marks; k++)
    {
      const XqChartMark *mark = &chart->marks[k];
      double v, x, y, r = style->line_width * 2.2;

      if (mark->point >= chart->n_points || mark->line >= chart->n_lines
          || isnan (v = chart->lines[mark->line].values[mark->point]))
        continue;
      x = xq_chart_x_of_point (&out, chart->n_points, mark->point);
      y = xq_chart_y_of_value (&out, v, mark->line, chart->n_lines);
      if (mark->shape == XQ_CHART_MARK_DIAMOND)
        {
          r *= 1.4;
          cairo_move_to (cr, x, y - r);
          cairo_line_to (cr, x + r, y);
          cairo_line_to (cr, x, y + r);
          cairo_line_to (cr, x - r, y);
          cairo_close_path (cr);
        }
      else
        cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      set_color (cr, style, chart->lines[mark->line].color);
      cairo_fill_preserve (cr);
      set_ink (cr, style, 0.9);
      cairo_set_line_width (cr, MAX (style->line_width * 0.5, 0.75));
      cairo_stroke (cr);
    }

  /* The turning point: a dashed line down the plot, its label at the top. */
  if (chart->rule > 0 && chart->rule - 1 < chart->n_points)
    {
      double x = crisp (xq_chart_x_of_point (&out, chart->n_points, chart->rule - 1));
      double dash[] = { 4, 3 };

      set_ink (cr, style, 0.7);
      cairo_set_line_width (cr, 1);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, x, out.y);
      cairo_line_to (cr, x, out.y + out.height);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      if (chart->rule_label != NULL)
        {
          double h, w = text_width (cr, style, chart->rule_label, &h);
          /* Right of the line unless that runs off the plot. */
          int align = x + 4 + w > out.x + out.width ? 1 : -1;

          /* Above the plot, where no line runs. */
          set_ink (cr, style, 0.85);
          show_text (cr, style, chart->rule_label, FALSE, x + (align < 0 ? 4 : -4), out.y - h - 1, align);
        }
    }

  /* The hovered point, on every line that has a value there. */
  if (chart->hover < chart->n_points)
    {
      double x = crisp (xq_chart_x_of_point (&out, chart->n_points, chart->hover));

      set_ink (cr, style, 0.5);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x, out.y);
      cairo_line_to (cr, x, out.y + out.height);
      cairo_stroke (cr);
      for (guint l = 0; l < chart->n_lines; l++)
        {
          double v = chart->lines[l].values[chart->hover];

          if (isnan (v))
            continue;
          set_color (cr, style, chart->lines[l].color);
          cairo_arc (cr, x, xq_chart_y_of_value (&out, v, l, chart->n_lines), style->line_width * 1.8, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
  cairo_restore (cr);
}

/* Where point @point (the start, then after each move or game) lies across the plot. */
double
xq_chart_x_of_point (const XqChartLayout *layout,
                     guint                n_points,
                     guint                point)
{
  if (n_points < 2)
    return layout->x;
  return layout->x + layout->width * point / (n_points - 1);
}

/* Where @value lies up the plot, on line @line of @n_lines (drawn apart). */
double
xq_chart_y_of_value (const XqChartLayout *layout,
                     double               value,
                     guint                line,
                     guint                n_lines)
{
  double shift = n_lines > 1 ? (line - (n_lines - 1) / 2.0) * layout->spread : 0;

  if (layout->hi <= layout->lo)
    return layout->y + layout->height;
  return layout->y + layout->height - (value - layout->lo) / (layout->hi - layout->lo) * layout->height - shift;
}

/* The point nearest @x, or G_MAXUINT beyond half a spacing outside the plot. */
guint
xq_chart_point_at (const XqChartLayout *layout,
                   guint                n_points,
                   double               x)
{
  double spacing;

  if (n_points == 0 || layout->width <= 0)
    return G_MAXUINT;
  spacing = n_points > 1 ? layout->width / (n_points - 1) : layout->width;
  if (x < layout->x - spacing / 2 || x > layout->x + layout->width + spacing / 2)
    return G_MAXUINT;
  return (guint) CLAMP (round ((x - layout->x) / spacing), 0, n_points - 1);
}
