/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drawing for the report: text and the currency board, with cairo. The charts are fx-chart.c's. */

#include "config.h"


#include "fx-chart.h"
#include "fx-report-draw.h"

/* The charts' palette (fx-chart.c), so a currency has one colour on the
 * board and in the charts. */
const double *
fx_report_currency_rgb (FxCurrency currency)
{
  return xq_chart_color ((guint) currency, FALSE);
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
      const double *rgb = fx_report_currency_rgb (c);

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
      rgb = fx_report_currency_rgb (weaker);
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
