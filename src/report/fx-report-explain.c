/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report's account of numbers the board alone does not explain: the
 * dividends' strengthening and the corrections, each entry whole in the
 * history's words (wrapped over as many list rows as it needs, never cut
 * short, as every list's entries are), and the note on the result that rests
 * on corrections. */

#include "config.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "fx-corrected.h"
#include "fx-dividends.h"
#include "fx-report-private.h"
#include "fx-sentence.h"

#define ENTRY_FONT "Sans 8.5"
/* The text column of a list row (fx-report-lists.c), less a little, so a
 * row measured here never needs shrinking where it is drawn. */
#define ENTRY_WIDTH (CONTENT_W - 38 - 4)

/* @text broken into rows at word ends. Measured on a scratch context with
 * unhinted metrics, not on the page being drawn: counting the pages
 * (doc_init) and drawing them must break every entry in the same places,
 * whatever surface, scale and hinting the drawing uses. */
static GStrv
entry_rows (const char *text)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (surface);
  cairo_font_options_t *options = cairo_font_options_create ();
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (ENTRY_FONT);
  g_autoptr(GStrvBuilder) rows = g_strv_builder_new ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  pango_context_set_round_glyph_positions (pango_layout_get_context (layout), FALSE);
  pango_layout_context_changed (layout);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_width (layout, (int) (ENTRY_WIDTH * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, text, -1);
  for (int i = 0; i < pango_layout_get_line_count (layout); i++)
    {
      PangoLayoutLine *line = pango_layout_get_line_readonly (layout, i);
      g_autofree char *row = g_strndup (text + line->start_index, (gsize) line->length);

      g_strv_builder_add (rows, g_strstrip (row));
    }
  pango_font_description_free (desc);
  cairo_font_options_destroy (options);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return g_strv_builder_end (rows);
}

/* One entry, the number on its first row only: the rows it takes, drawn or
 * only counted. Every list's entries go through here, so each reads whole in
 * the one size of the list. */
guint
report_list_entry (Doc        *d,
                   const char *number,
                   const char *text,
                   gboolean    draw)
{
  g_auto(GStrv) rows = entry_rows (text);

  for (guint i = 0; draw && rows[i] != NULL; i++)
    report_list_line (d, ENTRY_FONT, i == 0 ? number : NULL, rows[i], FALSE);
  return g_strv_length (rows);
}

static char *
correction_text (Doc   *d,
                 guint  i)
{
  const char *reason = xq_session_get_move_reason (d->session, i);
  g_autofree char *line = NULL;
  FxState state;

  /* In the history's words, as the audit window lists them, not notation. */
  xq_session_get_state_at (d->session, i, &state);
  line = fx_sentence_move (d->setup, &state, xq_session_get_move (d->session, i));
  if (reason != NULL)
    return g_strdup_printf (_("%s — reason: %s"), line, reason);
  return g_strdup_printf (_("%s — no reason given"), line);
}

/* The corrections' heading and entries (or "None."): rows drawn or counted. */
static guint
corrections (Doc      *d,
             gboolean  draw)
{
  const XqGame *game = xq_session_get_game (d->session);
  guint n_rows = 1, n = 0;

  if (draw)
    report_list_line (d, "Sans Bold 10", NULL, _("Corrections"), TRUE);
  for (guint i = 0; i < xq_session_get_n_moves (d->session); i++)
    {
      g_autofree char *number = NULL;
      g_autofree char *text = NULL;

      if (!game->move_is_correction (xq_session_get_move (d->session, i)))
        continue;
      number = g_strdup_printf ("%u.", i + 1);
      text = correction_text (d, i);
      n_rows += report_list_entry (d, number, text, draw);
      n++;
    }
  if (n == 0 && draw)
    report_list_line (d, ENTRY_FONT, NULL, _("None."), FALSE);
  return n_rows + (n == 0);
}

/* The dividends' heading and entries (or "None."): rows drawn or counted. */
static guint
dividends (Doc      *d,
           gboolean  draw)
{
  g_autoptr(GArray) list = fx_dividends_collect (d->session);
  guint n_rows = 1;

  if (draw)
    report_list_line (d, "Sans Bold 10", NULL, _("Dividends (the currency each strengthened, and why)"), TRUE);
  for (guint i = 0; i < list->len; i++)
    {
      g_autofree char *text = fx_dividend_sentence (d->setup, &g_array_index (list, FxDividend, i));

      /* The sentence names its move: no number beside it. */
      n_rows += report_list_entry (d, NULL, text, draw);
    }
  if (list->len == 0 && draw)
    report_list_line (d, ENTRY_FONT, NULL, _("None."), FALSE);
  return n_rows + (list->len == 0);
}

void
report_list_dividends (Doc *d)
{
  dividends (d, TRUE);
}

void
report_list_corrections (Doc *d)
{
  corrections (d, TRUE);
}

/* The rows the two lists take, headings included: the page count follows. */
guint
report_count_explained_rows (Doc *d)
{
  return dividends (d, FALSE) + corrections (d, FALSE);
}

/* The result line's note when the numbers rest on corrections (fx-corrected.c). */
void
report_append_corrected_note (Doc     *d,
                              GString *result)
{
  g_autofree char *note = fx_corrected_note (d->session);

  if (note == NULL)
    return;
  if (result->len > 0 && result->str[result->len - 1] != ' ')
    g_string_append_c (result, ' ');
  g_string_append (result, note);
}
