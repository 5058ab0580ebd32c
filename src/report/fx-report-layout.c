/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report's typesetting: paragraphs, headings, table rows, page breaks. */

#include "config.h"

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "fx-game.h"
#include "fx-report.h"
#include "fx-report-draw.h"
#include "fx-report-private.h"
#include "fx-report-text.h"
#include "fx-score.h"
#include "fx-series.h"
#include "fx-stats.h"

void
report_ink (Doc    *d,
     double  grey)
{
  cairo_set_source_rgb (d->cr, grey, grey, grey);
}

double
report_text_height (Doc        *d,
             const char *font,
             const char *text,
             double      width)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (d->cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int w, h;

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  return h;
}

/* A paragraph at the current position; the position moves below it. */
void
report_paragraph (Doc        *d,
           const char *font,
           const char *text)
{
  report_ink (d, 0.1);
  fx_report_draw_text (d->cr, font, text, MARGIN, d->y, CONTENT_W, PANGO_ALIGN_LEFT);
  d->y += report_text_height (d, font, text, CONTENT_W) + 4;
}

void G_GNUC_PRINTF (3, 4)
report_paragraphf (Doc        *d,
            const char *font,
            const char *format,
            ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  report_paragraph (d, font, text);
}

void
report_heading (Doc        *d,
         const char *text)
{
  d->y += 8;
  cairo_set_source_rgb (d->cr, 0.10, 0.25, 0.45);
  fx_report_draw_text (d->cr, "Sans Bold 12", text, MARGIN, d->y, CONTENT_W, PANGO_ALIGN_LEFT);
  d->y += 20;
  d->zebra = 0;
}

/* The game's date as the session has it: the one recorded with the game or,
 * lacking one, the date of the file it came from, which the program that
 * read the file gives the session (fx_report_file_date). Only a game with
 * neither says so. */
char *
report_date_text (Doc *d)
{
  const char *date = xq_session_get_date (d->session);

  if (date != NULL && *date != '\0')
    return g_strdup (date);
  /* TRANSLATORS: in the report's running head, in place of the game's date */
  return g_strdup (_("date not recorded"));
}

/**
 * fx_report_file_date:
 * @file: the file a game was read from
 *
 * The day @file was last written, in local time, for a game that records no
 * date of its own: what its report is dated.
 *
 * Returns: (transfer full) (nullable): "YYYY-MM-DD", or %NULL if unknown
 */
char *
fx_report_file_date (GFile *file)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL || !g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_TIME_MODIFIED))
    return NULL;
  utc = g_date_time_new_from_unix_utc ((gint64) g_file_info_get_attribute_uint64 (info,
                                                                                G_FILE_ATTRIBUTE_TIME_MODIFIED));
  if (utc == NULL)
    return NULL;
  local = g_date_time_to_local (utc);
  return g_date_time_format (local, "%Y-%m-%d");
}

void
report_begin_page (Doc        *d,
            const char *title)
{
  g_autofree char *date = report_date_text (d);
  g_autofree char *running = g_strdup_printf (_("Exchequer · For-Ex · %s"), date);

  d->page++;
  if (d->progress != NULL)
    g_atomic_int_set (&d->progress->pages_done, (gint) d->page - 1);
  if (d->only_page != 0)
    d->cr = d->page == d->only_page ? d->target_cr : d->null_cr;
  report_ink (d, 0.45);
  fx_report_draw_text (d->cr, "Sans 8", running, MARGIN, MARGIN - 22, CONTENT_W, PANGO_ALIGN_RIGHT);
  cairo_set_source_rgb (d->cr, 0.10, 0.25, 0.45);
  fx_report_draw_text (d->cr, "Sans Bold 17", title, MARGIN, MARGIN - 8, CONTENT_W, PANGO_ALIGN_LEFT);
  cairo_set_line_width (d->cr, 0.8);
  cairo_move_to (d->cr, MARGIN, BODY_TOP - 2);
  cairo_line_to (d->cr, PAGE_W - MARGIN, BODY_TOP - 2);
  cairo_stroke (d->cr);
  d->y = BODY_TOP + 6;
}

void
report_end_page (Doc *d)
{
  /* TRANSLATORS: the footer of every report page */
  g_autofree char *footer = g_strdup_printf (_("Page %u of %u"), d->page, d->n_pages);

  report_ink (d, 0.45);
  fx_report_draw_text (d->cr, "Sans 8", footer, MARGIN, PAGE_H - MARGIN + 6, CONTENT_W, PANGO_ALIGN_CENTER);
  if (d->only_page == 0)
    cairo_show_page (d->cr);
}

/* One table row: the first column left-aligned, the others right-aligned;
 * @widths are fractions of the text width. */
void
report_table_row (Doc                *d,
           const char * const *cells,
           const double       *widths,
           guint               n,
           gboolean            header)
{
  double x = MARGIN;

  if (header)
    {
      cairo_set_source_rgb (d->cr, 0.86, 0.90, 0.95);
      cairo_rectangle (d->cr, MARGIN, d->y - 1, CONTENT_W, ROW_H);
      cairo_fill (d->cr);
    }
  else if (d->zebra++ % 2 == 1)
    {
      cairo_set_source_rgb (d->cr, 0.96, 0.96, 0.96);
      cairo_rectangle (d->cr, MARGIN, d->y - 1, CONTENT_W, ROW_H);
      cairo_fill (d->cr);
    }
  for (guint i = 0; i < n; i++)
    {
      double w = widths[i] * CONTENT_W;

      report_ink (d, 0.1);
      if (cells[i] != NULL)
        {
          /* One line a row: a long name is shortened rather than overlapping the next row. */
          g_autoptr(PangoLayout) layout = pango_cairo_create_layout (d->cr);
          PangoFontDescription *desc = pango_font_description_from_string (header ? "Sans Bold 8.5" : "Sans 8.5");

          pango_layout_set_font_description (layout, desc);
          pango_font_description_free (desc);
          pango_layout_set_width (layout, (int) ((w - 6) * PANGO_SCALE));
          pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
          pango_layout_set_alignment (layout, i == 0 ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT);
          pango_layout_set_text (layout, cells[i], -1);
          cairo_move_to (d->cr, x + 3, d->y + 1);
          pango_cairo_show_layout (d->cr, layout);
        }
      x += w;
    }
  d->y += ROW_H;
}

/* For people: the locale's decimal separator; the CSV keeps "7.5". */
char *
report_amount_text (XqAmount amount)
{
  return xq_amount_to_display_string (amount);
}

/* Names for sentences; the notation's quoting is for files, not for people. */
const char *
report_player (Doc *d,
        int  p)
{
  return d->setup->names[p];
}

/* "1 CHF = 2.5 JPY", always from the stronger side, as the board reads. */
char *
report_rate_text (const FxBoard *board,
           FxCurrency     strongest,
           FxCurrency     c)
{
  g_autofree char *rate = NULL;
  FxCurrency stronger;

  if (c == strongest)
    return g_strdup (_("kept as is"));
  stronger = fx_board_stronger (board, strongest, c);
  rate = xq_amount_to_display_string (fx_board_rate (board, strongest, c));
  return g_strdup_printf ("1 %s = %s %s", fx_currency_code (stronger), rate,
                          fx_currency_code (stronger == strongest ? c : strongest));
}
