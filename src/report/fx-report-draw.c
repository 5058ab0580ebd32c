/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drawing for the report: the currency board and simple line charts, with cairo. */

#include "config.h"

#include <math.h>

#include "fx-report-draw.h"

/* Distinct on white paper and in grey print: dark and light alternate. */
static const double currency_rgb[FX_N_CURRENCIES][3] = {
  { 0.10, 0.30, 0.65 },   /* GBP */
  { 0.85, 0.55, 0.05 },   /* EUR */
  { 0.15, 0.55, 0.25 },   /* USD */
  { 0.80, 0.15, 0.15 },   /* CHF */
  { 0.50, 0.30, 0.65 },   /* JPY */
  { 0.45, 0.30, 0.15 },   /* CAD */
  { 0.90, 0.40, 0.65 },   /* CNY */
};

static const double player_rgb[][3] = {
  { 0.12, 0.47, 0.71 },
  { 0.89, 0.35, 0.05 },
  { 0.17, 0.63, 0.17 },
  { 0.84, 0.15, 0.16 },
  { 0.58, 0.40, 0.74 },
  { 0.55, 0.34, 0.29 },
};

const double *
fx_report_currency_rgb (FxCurrency currency)
{
  return currency_rgb[currency];
}

const double *
fx_report_player_rgb (guint player)
{
  return player_rgb[player % G_N_ELEMENTS (player_rgb)];
}

void
fx_report_draw_text (cairo_t       *cr,
                     const char    *font,
                     const char    *text,
                     double         x,
                     double         y,
                     double         width,
                     PangoAlignment align)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_alignment (layout, align);
    }
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

/* Light text on the dark currencies, dark on the light ones. */
static void
set_ink_for (cairo_t      *cr,
             const double *rgb)
{
  double luma = 0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2];

  if (luma < 0.55)
    cairo_set_source_rgb (cr, 1, 1, 1);
  else
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
}

/**
 * fx_report_draw_board:
 *
 * Draws the board like the printed one: seven rows, the ten track spaces, each
 * counter on its stronger currency's row labelled with the weaker currency.
 *
 * Returns: the height drawn
 */
double
fx_report_draw_board (cairo_t       *cr,
                      const FxBoard *board,
                      double         x,
                      double         y,
                      double         width)
{
  const double label_w = 44, header_h = 16, row_h = 42;
  double cell_w = (width - label_w) / FX_N_SPACES;
  double chip_w = (cell_w - 6) / 2, chip_h = 11;
  guint in_cell[FX_N_CURRENCIES][FX_N_SPACES] = { { 0 } };

  cairo_save (cr);
  for (guint s = 0; s < FX_N_SPACES; s++)
    {
      g_autofree char *value = xq_amount_to_display_string (fx_track_value (s));

      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      fx_report_draw_text (cr, "Sans Bold 8", value,
                           x + label_w + s * cell_w, y + 2, cell_w, PANGO_ALIGN_CENTER);
    }
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      double ry = y + header_h + c * row_h;
      const double *rgb = currency_rgb[c];

      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_rectangle (cr, x, ry + 1, label_w - 4, row_h - 2);
      cairo_fill (cr);
      set_ink_for (cr, rgb);
      fx_report_draw_text (cr, "Sans Bold 10", fx_currency_code (c), x, ry + row_h / 2 - 8,
                           label_w - 4, PANGO_ALIGN_CENTER);
      for (guint s = 0; s < FX_N_SPACES; s++)
        {
          cairo_rectangle (cr, x + label_w + s * cell_w + 0.5, ry + 1, cell_w - 1, row_h - 2);
          cairo_set_source_rgb (cr, s == FX_LAST_SPACE ? 0.93 : 0.97, 0.96, s == FX_LAST_SPACE ? 0.90 : 0.95);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0.75, 0.75, 0.75);
          cairo_set_line_width (cr, 0.5);
          cairo_stroke (cr);
        }
    }
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      const FxPair *pair = &board->pairs[i];
      FxCurrency a, b, weaker;
      guint k;
      double cx, cy;
      const double *rgb;

      fx_pair_currencies (i, &a, &b);
      weaker = pair->stronger == (gint8) a ? b : a;
      k = in_cell[pair->stronger][pair->space]++;
      cx = x + label_w + pair->space * cell_w + 2 + (k % 2) * (chip_w + 2);
      cy = y + header_h + pair->stronger * row_h + 4 + (k / 2) * (chip_h + 1.5);
      rgb = currency_rgb[weaker];
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_rectangle (cr, cx, cy, chip_w, chip_h);
      cairo_fill (cr);
      set_ink_for (cr, rgb);
      fx_report_draw_text (cr, "Sans Bold 6", fx_currency_code (weaker), cx, cy + 1,
                           chip_w, PANGO_ALIGN_CENTER);
    }
  cairo_restore (cr);
  return header_h + FX_N_CURRENCIES * row_h;
}

/* 1, 2 or 5 times a power of ten, so that about @n ticks fit @range. */
static double
nice_step (double range,
           int    n)
{
  double raw = range / n, mag = pow (10, floor (log10 (raw))), f = raw / mag;

  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

void
fx_report_draw_chart (cairo_t            *cr,
                      double              x,
                      double              y,
                      double              width,
                      double              height,
                      const char         *y_title,
                      guint               n_points,
                      const FxReportLine *lines,
                      guint               n_lines)
{
  const double left = 40, right = 8, top = 18, bottom = 40;
  double lo = 0, hi = 1, ystep, xstep, px, pw, py, ph;
  double legend_x;

  for (guint l = 0; l < n_lines; l++)
    for (guint i = 0; i < n_points; i++)
      if (!isnan (lines[l].values[i]))
        hi = MAX (hi, lines[l].values[i]);
  ystep = nice_step (hi - lo, 5);
  hi = ceil (hi / ystep) * ystep;
  xstep = nice_step (MAX (n_points - 1, 1), 8);
  xstep = MAX (xstep, 1);

  px = x + left;
  pw = width - left - right;
  py = y + top;
  ph = height - top - bottom;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  fx_report_draw_text (cr, "Sans 7.5", y_title, x, y, 0, PANGO_ALIGN_LEFT);
  cairo_set_line_width (cr, 0.4);
  for (double v = lo; v <= hi + 1e-9; v += ystep)
    {
      double gy = py + ph - (v - lo) / (hi - lo) * ph;
      g_autofree char *label = g_strdup_printf ("%g", v);

      cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
      cairo_move_to (cr, px, gy);
      cairo_line_to (cr, px + pw, gy);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      fx_report_draw_text (cr, "Sans 7", label, x, gy - 5, left - 4, PANGO_ALIGN_RIGHT);
    }
  for (double m = 0; m <= n_points - 1 + 1e-9; m += xstep)
    {
      double gx = px + (n_points > 1 ? m / (n_points - 1) * pw : 0);
      g_autofree char *label = g_strdup_printf ("%g", m);

      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      cairo_move_to (cr, gx, py + ph);
      cairo_line_to (cr, gx, py + ph + 3);
      cairo_stroke (cr);
      fx_report_draw_text (cr, "Sans 7", label, gx - 20, py + ph + 4, 40, PANGO_ALIGN_CENTER);
    }
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_line_width (cr, 0.8);
  cairo_move_to (cr, px, py);
  cairo_line_to (cr, px, py + ph);
  cairo_line_to (cr, px + pw, py + ph);
  cairo_stroke (cr);

  cairo_set_line_width (cr, 1.4);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint l = 0; l < n_lines; l++)
    {
      gboolean pen_down = FALSE;

      cairo_set_source_rgb (cr, lines[l].rgb[0], lines[l].rgb[1], lines[l].rgb[2]);
      for (guint i = 0; i < n_points; i++)
        {
          double v = lines[l].values[i];
          double gx = px + (n_points > 1 ? (double) i / (n_points - 1) * pw : 0);
          double gy = py + ph - (v - lo) / (hi - lo) * ph - lines[l].offset;

          if (isnan (v))
            {
              pen_down = FALSE;
              continue;
            }
          if (pen_down)
            cairo_line_to (cr, gx, gy);
          else
            cairo_move_to (cr, gx, gy);
          pen_down = TRUE;
        }
      cairo_stroke (cr);
    }

  /* The legend under the x axis, in one row. */
  legend_x = px;
  for (guint l = 0; l < n_lines; l++)
    {
      g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
      PangoFontDescription *desc = pango_font_description_from_string ("Sans 7.5");
      int lw, lh;

      pango_layout_set_font_description (layout, desc);
      pango_font_description_free (desc);
      pango_layout_set_text (layout, lines[l].label, -1);
      pango_layout_get_pixel_size (layout, &lw, &lh);
      cairo_set_source_rgb (cr, lines[l].rgb[0], lines[l].rgb[1], lines[l].rgb[2]);
      cairo_rectangle (cr, legend_x, py + ph + 24, 14, 3);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      cairo_move_to (cr, legend_x + 18, py + ph + 19);
      pango_cairo_show_layout (cr, layout);
      legend_x += 18 + lw + 14;
    }
  cairo_restore (cr);
}
