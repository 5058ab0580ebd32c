/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report's last pages: the contracts, dividends, corrections,
 * checkpoints and moves, a fixed number of rows a page, every entry in the
 * list's one size over as many rows as its sentence needs
 * (fx-report-explain.c). */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-checkpoint.h"
#include "fx-report.h"
#include "fx-report-draw.h"
#include "fx-report-private.h"
#include "fx-sentence.h"

/* The lists run at a fixed number of lines a page, so the page count follows
 * from the number of entries (FX_REPORT_LIST_LINES_PER_PAGE). */
void
report_list_line (Doc        *d,
                  const char *font,
                  const char *number,
                  const char *text,
                  gboolean    is_heading)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *desc;
  const double available = CONTENT_W - 38;
  int text_w, baseline, size;
  double y, y_text;

  if (d->list_line % FX_REPORT_LIST_LINES_PER_PAGE == 0)
    {
      if (d->list_line > 0)
        report_end_page (d);
      report_begin_page (d, _("Contracts, corrections and moves"));
    }
  y = BODY_TOP + 6 + (d->list_line % FX_REPORT_LIST_LINES_PER_PAGE) * LIST_LINE_H;
  d->list_line++;

  if (is_heading)
    cairo_set_source_rgb (d->cr, 0.10, 0.25, 0.45);
  else
    report_ink (d, 0.45);
  if (number != NULL)
    fx_report_draw_text (d->cr, "Sans 8.5", number, MARGIN, y, 30, PANGO_ALIGN_RIGHT);
  layout = pango_cairo_create_layout (d->cr);
  desc = pango_font_description_from_string (font);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  /* An entry keeps its one row: a long one (long names, a divest with many
   * sellers) is set smaller, on the same baseline, to read whole as the
   * history shows it; only below 60 % of the size does it end in "…". */
  pango_layout_get_pixel_size (layout, &text_w, NULL);
  baseline = pango_layout_get_baseline (layout);
  size = pango_font_description_get_size (desc);
  if (text_w > available)
    {
      /* Unhinted widths shrink with the size, not in whole-pixel steps. */
      cairo_font_options_t *options = cairo_font_options_create ();

      cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
      cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
      pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
      pango_context_set_round_glyph_positions (pango_layout_get_context (layout), FALSE);
      cairo_font_options_destroy (options);
      pango_layout_context_changed (layout);
    }
  for (double scale = MIN (available / text_w, 1); text_w > available; scale -= 0.02)
    {
      scale = MAX (scale, 0.6);
      pango_font_description_set_size (desc, (int) (size * scale));
      pango_layout_set_font_description (layout, desc);
      pango_layout_get_pixel_size (layout, &text_w, NULL);
      if (scale <= 0.6)
        break;
    }
  y_text = y + (baseline - pango_layout_get_baseline (layout)) / (double) PANGO_SCALE;
  pango_font_description_free (desc);
  pango_layout_set_width (layout, (int) (available * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  if (!is_heading)
    report_ink (d, 0.1);
  cairo_move_to (d->cr, is_heading ? MARGIN : MARGIN + 38, y_text);
  pango_cairo_show_layout (d->cr, layout);
}

static gboolean
is_checkpoint (Doc   *d,
               guint  i)
{
  return ((const FxMove *) xq_session_get_move (d->session, i))->kind == FX_MOVE_CHECKPOINT;
}

/* Each count of the table, when, and what it found (issue #17): none in a
 * game never counted, so its report reads as it always did; else a heading
 * and an entry each. The rows it takes, drawn or counted. */
static guint
checkpoints (Doc      *d,
             gboolean  draw)
{
  guint n_rows = 0;

  for (guint i = 0; i < xq_session_get_n_moves (d->session); i++)
    {
      const char *reason = xq_session_get_move_reason (d->session, i);
      g_autofree char *number = NULL;
      g_autofree char *result = NULL;
      g_autofree char *text = NULL;

      if (!is_checkpoint (d, i))
        continue;
      if (n_rows == 0)
        {
          if (draw)
            report_list_line (d, "Sans Bold 10", NULL, _("Checkpoints: the table counted"), TRUE);
          n_rows++;
        }
      number = g_strdup_printf ("%u.", i + 1);
      result = fx_checkpoint_result (xq_session_get_move (d->session, i));
      /* TRANSLATORS: a checkpoint in the report: "counted after dividend card 2: 1 difference corrected" */
      text = reason != NULL ? g_strdup_printf (_("%s: %s"), reason, result) : g_steal_pointer (&result);
      n_rows += report_list_entry (d, number, text, draw);
    }
  return n_rows;
}

static char *
contract_text (Doc                   *d,
               const FxContractStats *c)
{
  g_autofree char *pay = report_amount_text (c->pay_amount);
  g_autofree char *receive = report_amount_text (c->receive_amount);
  g_autoptr(GString) out = g_string_new (NULL);

  /* TRANSLATORS: "Bob pays 1.5 CHF for 1 USD (move 3)" */
  g_string_append_printf (out, _("%s pays %s %s for %s %s (move %u)"), report_player (d, c->owner),
                          pay, fx_currency_code (c->pay), receive, fx_currency_code (c->receive), c->move + 1);
  switch ((FxContractOutcome) c->outcome)
    {
    case FX_CONTRACT_PAID:
      g_string_append_printf (out, _("; paid at %u"), c->resolved_move + 1);
      break;
    case FX_CONTRACT_LOAN:
      g_string_append_printf (out, _("; a loan at %u"), c->resolved_move + 1);
      break;
    case FX_CONTRACT_MERGED:
      g_string_append_printf (out, _("; joined a loan at %u"), c->resolved_move + 1);
      break;
    case FX_CONTRACT_REMOVED:
      g_string_append_printf (out, _("; taken off by a correction at %u"), c->resolved_move + 1);
      break;
    case FX_CONTRACT_OPEN:
    default:
      g_string_append (out, _("; still open"));
      break;
    }
  if (c->valued && fx_contract_stats_resolved (c))
    {
      g_autofree char *created = report_amount_text (c->created_value);
      g_autofree char *resolved = report_amount_text (c->resolved_value);

      /* TRANSLATORS: the contract's profit or loss in the final strongest currency, when made → when resolved */
      g_string_append_printf (out, _("; profit %s → %s %s"), created, resolved,
                              fx_currency_code (d->stats->final_strongest));
    }
  else if (c->valued && c->outcome == FX_CONTRACT_OPEN)
    {
      g_autofree char *created = report_amount_text (c->created_value);

      /* An open contract has no second value yet: it says so, rather
       * than a dash where an amount is read. */
      /* TRANSLATORS: an open contract's profit or loss in the final strongest currency when it was made, "; profit 1.5 CHF when made, not yet settled" */
      g_string_append_printf (out, _("; profit %s %s when made, not yet settled"), created,
                              fx_currency_code (d->stats->final_strongest));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Every list, in order: the rows they take, drawn or counted. A row is a
 * line of the one list size; an entry wider than the page goes on to the
 * next row rather than shrinking. */
static guint
lists (Doc      *d,
       gboolean  draw)
{
  guint n_moves = xq_session_get_n_moves (d->session);
  guint n_rows = 2;
  FxState state;

  if (draw)
    report_list_line (d, "Sans Bold 10", NULL, _("Contracts (profit or loss when made, then when resolved)"), TRUE);
  for (guint i = 0; i < d->stats->contracts->len; i++)
    {
      const FxContractStats *c = &g_array_index (d->stats->contracts, FxContractStats, i);
      g_autofree char *text = contract_text (d, c);
      char letter[] = { (char) ('A' + c->letter), '\0' };

      n_rows += report_list_entry (d, letter, text, draw);
    }
  if (d->stats->contracts->len == 0)
    {
      if (draw)
        report_list_line (d, "Sans 8.5", NULL, _("None."), FALSE);
      n_rows++;
    }

  /* Dividends and corrections, whole, in the audit window's words (fx-report-explain.c). */
  if (draw)
    {
      report_list_dividends (d);
      report_list_corrections (d);
    }
  else
    n_rows += report_count_explained_rows (d);
  n_rows += checkpoints (d, draw);

  /* The history's own sentences (fx-sentence.c), move by move. */
  if (draw)
    report_list_line (d, "Sans Bold 10", NULL, _("Moves"), TRUE);
  xq_session_get_state_at (d->session, 0, &state);
  for (guint i = 0; i < n_moves; i++)
    {
      const FxMove *move = xq_session_get_move (d->session, i);
      g_autofree char *number = g_strdup_printf ("%u.", i + 1);
      g_autofree char *text = fx_sentence_move (d->setup, &state, move);

      n_rows += report_list_entry (d, number, text, draw);
      if (!fx_state_apply (d->setup, &state, move, NULL))
        g_warn_if_reached ();
    }
  return n_rows;
}

/* The rows of the lists, headings included: the page count follows. */
guint
report_count_list_rows (Doc *d)
{
  return lists (d, FALSE);
}

void
report_pages_lists (Doc *d)
{
  lists (d, TRUE);
  report_end_page (d);
}
