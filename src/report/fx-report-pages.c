/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report's pages: overview, audit, statistics, charts. The lists are fx-report-lists.c's. */

#include "config.h"

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "fx-chart.h"
#include "fx-forecast.h"
#include "fx-game.h"
#include "fx-report.h"
#include "fx-report-draw.h"
#include "fx-report-private.h"
#include "fx-report-text.h"
#include "fx-score.h"
#include "fx-series.h"
#include "fx-stats.h"

void
report_page_overview (Doc *d)
{
  const FxStrongest *st = &d->standing.strongest;
  g_autoptr(GString) players = g_string_new (NULL);
  g_autoptr(GString) result = g_string_new (NULL);
  const char *place = xq_session_get_place (d->session);
  const char *comment = xq_session_get_comment (d->session);
  const char *date = xq_session_get_date (d->session);
  g_autofree char *moves = NULL;

  report_begin_page (d, _("For-Ex game report"));
  for (int p = 0; p < d->setup->n_players; p++)
    {
      if (p > 0)
        g_string_append (players, _(", "));
      g_string_append (players, report_player (d, p));
    }
  report_heading (d, _("The game"));
  if (date != NULL)
    report_paragraphf (d, "Sans 10", _("Date: %s"), date);
  if (place != NULL)
    report_paragraphf (d, "Sans 10", _("Place: %s"), place);
  if (comment != NULL)
    report_paragraph (d, "Sans Italic 10", comment);
  report_paragraphf (d, "Sans 10", _("Players, in seating order: %s"), players->str);
  moves = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move in %u turns", "%u moves in %u turns",
                                        xq_session_get_n_moves (d->session)),
                           xq_session_get_n_moves (d->session), d->final.turn);
  report_paragraph (d, "Sans 10", moves);

  if (d->final.status == FX_STATUS_PLAYING)
    {
      /* The result a player needs mid-game: as the rules would end it after this turn. */
      g_autofree char *outcome = fx_report_outcome (d->setup, &d->projected, &d->projected_standing);

      g_string_append (result, _("The game is not over. "));
      if (d->projected_standing.strongest.strongest != FX_NO_CURRENCY)
        g_string_append_printf (result, _("Strongest currency: %s. "),
                                fx_currency_code (d->projected_standing.strongest.strongest));
      /* TRANSLATORS: "Projected: Ann wins with 3 GBP." */
      g_string_append_printf (result, _("Projected: %s"), outcome);
    }
  else if (d->final.status == FX_STATUS_BANKRUPT)
    g_string_append_printf (result, _("The game ended when %s went bankrupt. "), report_player (d, d->final.bankrupt));
  else
    g_string_append (result, _("The game ended when the queue was empty. "));
  if (d->final.status == FX_STATUS_PLAYING)
    ;
  else if (st->strongest == FX_NO_CURRENCY)
    g_string_append (result, _("The strongest currency is still tied; the last player to act must choose it."));
  else
    {
      g_string_append_printf (result, _("Strongest currency: %s. "), fx_currency_code (st->strongest));
      for (int p = 0; p < d->setup->n_players; p++)
        if (d->standing.winners[p])
          {
            g_autofree char *total = report_amount_text (d->standing.players[p].total);

            g_string_append_printf (result, _("%s wins with %s %s. "), report_player (d, p), total,
                                    fx_currency_code (st->strongest));
          }
    }
  report_append_corrected_note (d, result);
  report_heading (d, _("Result"));
  report_paragraph (d, "Sans Bold 10", result->str);
  if (d->final.status == FX_STATUS_PLAYING)
    report_paragraph (d, "Sans 8.5", fx_report_projected_explanation ());

  report_heading (d, _("The final board"));
  d->y += fx_report_draw_board (d->cr, &d->final.board, MARGIN, d->y, CONTENT_W) + 6;
  report_ink (d, 0.4);
  report_paragraph (d, "Sans 8", _("Each counter sits on its stronger currency's row and shows the weaker currency: "
                            "1 stronger buys the column's value of the weaker."));
  report_end_page (d);
}

static void
audit_strongest (Doc *d)
{
  const FxStrongest *st = &d->standing.strongest;
  const double widths[] = { 0.2, 0.2, 0.25, 0.35 };
  const char *header[] = { _("Currency"), _("Pairs won"), _("Certificates held"), _("Outcome") };
  g_autoptr(GString) why = g_string_new (NULL);
  guint n_tied_pairs = 0;

  report_heading (d, _("The strongest currency"));
  report_table_row (d, header, widths, 4, TRUE);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *pairs = g_strdup_printf ("%u", st->pairs_won[c]);
      g_autofree char *certs = g_strdup_printf ("%u", st->certs_held[c]);
      const char *outcome = c == st->strongest ? _("strongest")
                            : st->tied[c] ? _("tied")
                            : st->tied_on_pairs[c] ? _("tied on pairs, fewer certificates") : "";
      const char *cells[] = { fx_currency_code (c), pairs, certs, outcome };

      n_tied_pairs += st->tied_on_pairs[c];
      report_table_row (d, cells, widths, 4, FALSE);
    }
  d->y += 4;
  if (n_tied_pairs == 1)
    g_string_append_printf (why, _("%s is the stronger side in the most pairs."), fx_currency_code (st->strongest));
  else if (st->n_tied == 1)
    g_string_append_printf (why, _("Several currencies tie on pairs; among them %s has the most certificates in players' hands."),
                            fx_currency_code (st->strongest));
  else if (st->chosen)
    g_string_append_printf (why, _("Pairs and certificates tie; %s, who took the last action, chose %s."),
                            report_player (d, d->final.last_actor), fx_currency_code (st->strongest));
  else
    g_string_append (why, _("Pairs and certificates tie; the player who took the last action must choose."));
  report_paragraph (d, "Sans 9.5", why->str);
}

static void
audit_conversion (Doc *d)
{
  FxCurrency s = d->standing.strongest.strongest;
  guint n = d->setup->n_players;
  double widths[2 + FX_MAX_PLAYERS];
  const char *cells[2 + FX_MAX_PLAYERS];
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *title = fx_state_is_over (&d->final)
                           ? g_strdup_printf (_("Conversion into %s"), fx_currency_code (s))
                           : g_strdup_printf (_("Conversion into %s, as the table is now"), fx_currency_code (s));

  report_heading (d, title);
  widths[0] = 0.1;
  widths[1] = 0.22;
  for (guint p = 0; p < n; p++)
    widths[2 + p] = 0.68 / n;
  cells[0] = _("Currency");
  cells[1] = _("Rate");
  for (guint p = 0; p < n; p++)
    cells[2 + p] = report_player (d, (int) p);
  report_table_row (d, cells, widths, 2 + n, TRUE);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      cells[0] = fx_currency_code (c);
      cells[1] = report_rate_text (&d->final.board, s, c);
      g_ptr_array_add (keep, (gpointer) cells[1]);
      for (guint p = 0; p < n; p++)
        {
          const FxConversion *conv = &d->standing.players[p];
          g_autofree char *held = report_amount_text (conv->held[c]);
          g_autofree char *converted = report_amount_text (conv->converted[c]);
          /* TRANSLATORS: a holding and what it converts to, rounded down */
          char *cell = g_strdup_printf (_("%s → %s"), held, converted);

          g_ptr_array_add (keep, cell);
          cells[2 + p] = cell;
        }
      report_table_row (d, cells, widths, 2 + n, FALSE);
    }
  cells[0] = _("Total");
  cells[1] = "";
  for (guint p = 0; p < n; p++)
    {
      char *cell = report_amount_text (d->standing.players[p].total);

      g_ptr_array_add (keep, cell);
      cells[2 + p] = cell;
    }
  report_table_row (d, cells, widths, 2 + n, TRUE);
  d->y += 4;
  report_paragraph (d, "Sans 8.5", _("Each holding outside the strongest currency converts on its own and is rounded down "
                              "to a whole buck; money already in the strongest currency is kept as it is."));
}

static int
compare_rank (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  Doc *d = user_data;
  int pa = *(const int *) a, pb = *(const int *) b;
  FxCurrency s = d->standing.strongest.strongest;

  /* The bankrupt player last; then money, certificates of S, seating. */
  if ((pa == d->final.bankrupt) != (pb == d->final.bankrupt))
    return pa == d->final.bankrupt ? 1 : -1;
  if (d->standing.players[pa].total != d->standing.players[pb].total)
    return d->standing.players[pa].total > d->standing.players[pb].total ? -1 : 1;
  if (d->final.certs[pa][s] != d->final.certs[pb][s])
    return d->final.certs[pa][s] > d->final.certs[pb][s] ? -1 : 1;
  return pa - pb;
}

static void
audit_ranking (Doc *d)
{
  FxCurrency s = d->standing.strongest.strongest;
  const double widths[] = { 0.4, 0.2, 0.4 };
  const char *header[] = { _("Rank"), _("Total"), _("Note") };
  int order[FX_MAX_PLAYERS];

  report_heading (d, _("Totals and winner"));
  for (int p = 0; p < d->setup->n_players; p++)
    order[p] = p;
  g_qsort_with_data (order, d->setup->n_players, sizeof order[0], compare_rank, d);
  report_table_row (d, header, widths, 3, TRUE);
  for (int i = 0; i < d->setup->n_players; i++)
    {
      int p = order[i];
      /* TRANSLATORS: rank and player: "1. Cynthia" */
      g_autofree char *rank = g_strdup_printf (_("%d. %s"), i + 1, report_player (d, p));
      g_autofree char *amount = report_amount_text (d->standing.players[p].total);
      g_autofree char *total = g_strdup_printf ("%s %s", amount, fx_currency_code (s));
      g_autofree char *certs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u %s certificate",
                                                             "%u %s certificates", d->final.certs[p][s]),
                                                d->final.certs[p][s], fx_currency_code (s));
      const char *note = p == d->final.bankrupt ? _("bankrupt, ranked last")
                         : d->standing.winners[p] ? (d->standing.n_winners > 1 ? _("shared win") : _("winner"))
                         : d->standing.decided_by_certs && d->standing.players[p].total
                           == d->standing.players[order[0]].total ? certs : "";
      const char *cells[] = { rank, total, note };

      report_table_row (d, cells, widths, 3, FALSE);
    }
  d->y += 4;
  if (d->standing.decided_by_certs)
    report_paragraphf (d, "Sans 9.5", _("The money was tied; more %s certificates decided."), fx_currency_code (s));
  else if (d->standing.n_winners > 1)
    report_paragraph (d, "Sans 9.5", _("Money and certificates tie: the win is shared."));
}

static int
compare_projected (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  Doc *d = user_data;
  int pa = *(const int *) a, pb = *(const int *) b;

  /* place[] already puts the bankrupt last and shares a tie; then seating. */
  if (d->projected_standing.place[pa] != d->projected_standing.place[pb])
    return d->projected_standing.place[pa] - d->projected_standing.place[pb];
  return pa - pb;
}

/* An unfinished game: the places in the standing the table is shown
 * (fx_score_standing_resolved()), today's money beside them; a tie is said
 * as one. */
static void
audit_ranking_projected (Doc *d)
{
  const FxStanding *standing = &d->projected_standing;
  FxCurrency s = standing->strongest.strongest;
  const double widths[] = { 0.24, 0.16, 0.14, 0.46 };
  const char *header[] = { _("Place"), _("Projected"), _("Today"), _("Note") };
  g_autofree char *outcome = fx_report_outcome (d->setup, &d->projected, standing);
  int order[FX_MAX_PLAYERS];

  report_heading (d, _("Totals and winner"));
  report_paragraph (d, "Sans 8", fx_report_projected_explanation ());
  for (int p = 0; p < d->setup->n_players; p++)
    order[p] = p;
  g_qsort_with_data (order, d->setup->n_players, sizeof order[0], compare_projected, d);
  report_table_row (d, header, widths, 4, TRUE);
  for (int i = 0; i < d->setup->n_players; i++)
    {
      int p = order[i];
      /* TRANSLATORS: place and player: "1. Cynthia" */
      g_autofree char *place = g_strdup_printf (_("%u. %s"), standing->place[p], report_player (d, p));
      g_autofree char *total = fx_report_money (standing->players[p].total, s);
      g_autofree char *today = d->standing.strongest.strongest == FX_NO_CURRENCY ? g_strdup ("–")
                               : fx_report_money (d->standing.players[p].total, d->standing.strongest.strongest);
      g_autofree char *note = NULL;

      /* Not "bankrupt": they are not, and have turns left; what they are short. */
      if (p == d->projected.bankrupt)
        {
          note = fx_forecast_warning_of (d->setup, &d->final, p);
          if (note == NULL)
            note = g_strdup (_("short of money for a loan in the projection"));
        }
      else if (fx_report_is_tied (&d->projected, standing, p))
        note = fx_report_place (d->setup, &d->projected, standing, p, FX_PLACE_WITH_NAMES);
      else if (standing->winners[p])
        note = g_strdup (_("projected winner"));
      else if (standing->decided_by_certs && standing->players[p].total == standing->players[order[0]].total)
        note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u %s certificate", "%u %s certificates",
                                             d->projected.certs[p][s]),
                                d->projected.certs[p][s], fx_currency_code (s));
      {
        const char *cells[] = { place, total, today, note != NULL ? note : "" };

        report_table_row (d, cells, widths, 4, FALSE);
      }
    }
  d->y += 4;
  report_paragraphf (d, "Sans 9.5", _("Projected: %s"), outcome);
}

/* Where the rulebook reads two ways, the same paragraphs as the audit window's. */
static void
audit_readings (Doc *d)
{
  /* The audit is one page (fx-report.h): six players, an unfinished game and
   * all three points need a smaller type to keep the last line on it. */
  static const char *const fonts[] = { "Sans 8.5", "Sans 8", "Sans 7.5" };
  g_auto(GStrv) paragraphs = fx_report_readings_text (d->session, &d->readings);
  const char *font = NULL;

  report_heading (d, _("Rulebook readings"));
  for (guint f = 0; f < G_N_ELEMENTS (fonts) && font == NULL; f++)
    {
      double height = 0;

      for (guint i = 0; paragraphs[i] != NULL; i++)
        height += report_text_height (d, fonts[f], paragraphs[i], CONTENT_W) + 4;
      if (d->y + height <= BODY_BOTTOM || f == G_N_ELEMENTS (fonts) - 1)
        font = fonts[f];
    }
  for (guint i = 0; paragraphs[i] != NULL; i++)
    report_paragraph (d, font, paragraphs[i]);
}

void
report_page_audit (Doc *d)
{
  gboolean over = fx_state_is_over (&d->final);

  report_begin_page (d, _("End-game audit"));
  audit_strongest (d);
  if (d->standing.strongest.strongest != FX_NO_CURRENCY)
    {
      audit_conversion (d);
      if (over)
        audit_ranking (d);
    }
  if (!over && d->projected_standing.strongest.strongest != FX_NO_CURRENCY)
    audit_ranking_projected (d);
  audit_readings (d);
  report_end_page (d);
}

/* A statistics table's heading and its header row: a blank corner, then
 * the players in seating order. */
static void
players_table_begin (Doc          *d,
                     const char   *title,
                     const double *widths)
{
  guint n = d->setup->n_players;
  const char *cells[1 + FX_MAX_PLAYERS];

  report_heading (d, title);
  cells[0] = "";
  for (guint p = 0; p < n; p++)
    cells[1 + p] = report_player (d, (int) p);
  report_table_row (d, cells, widths, 1 + n, TRUE);
}

void
report_page_statistics (Doc *d)
{
  guint n = d->setup->n_players;
  double widths[1 + FX_MAX_PLAYERS];
  const char *cells[1 + FX_MAX_PLAYERS];
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);
  guint n_counts;
  const FxStatCount *counts = fx_stat_counts (&n_counts);

  report_begin_page (d, _("Statistics"));
  widths[0] = 0.34;
  for (guint p = 0; p < n; p++)
    widths[1 + p] = 0.66 / n;

  players_table_begin (d, _("Actions"), widths);
  for (guint i = 0; i < n_counts; i++)
    {
      cells[0] = _(counts[i].label);
      for (guint p = 0; p < n; p++)
        {
          char *cell = g_strdup_printf ("%u", fx_stat_count_value (&counts[i], &d->stats->players[p]));

          g_ptr_array_add (keep, cell);
          cells[1 + p] = cell;
        }
      report_table_row (d, cells, widths, 1 + n, FALSE);
    }
  cells[0] = _("Bankrupt");
  for (guint p = 0; p < n; p++)
    cells[1 + p] = d->stats->players[p].bankrupt ? _("yes") : _("no");
  report_table_row (d, cells, widths, 1 + n, FALSE);

  players_table_begin (d, _("Certificates bought / sold"), widths);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      cells[0] = fx_currency_code (c);
      for (guint p = 0; p < n; p++)
        {
          char *cell = g_strdup_printf ("%u / %u", d->stats->players[p].bought[c], d->stats->players[p].sold[c]);

          g_ptr_array_add (keep, cell);
          cells[1 + p] = cell;
        }
      report_table_row (d, cells, widths, 1 + n, FALSE);
    }

  players_table_begin (d, _("Dividends received"), widths);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      cells[0] = fx_currency_code (c);
      for (guint p = 0; p < n; p++)
        {
          char *cell = report_amount_text (d->stats->players[p].dividends[c]);

          g_ptr_array_add (keep, cell);
          cells[1 + p] = cell;
        }
      report_table_row (d, cells, widths, 1 + n, FALSE);
    }
  d->y += 4;
  report_paragraph (d, "Sans 8.5", _("Each contract's profit or loss is listed with the contracts, after the charts."));
  report_end_page (d);
}

/* A chart across the page at the current position, as the audit window draws it. */
static void
page_chart (Doc               *d,
            const char        *y_title,
            double             unit,
            XqChartFormat      format,
            const XqChartLine *lines,
            guint              n_lines,
            double             height)
{
  PangoFontDescription *font = pango_font_description_from_string ("Sans 7");
  XqChartStyle style = { .fg = { 0.1, 0.1, 0.1 }, .font = font, .line_width = 1.4 };
  XqChart chart = {
    .y_title = y_title,
    /* TRANSLATORS: the charts' horizontal axis */
    .x_title = _("After move (0 is the start of the game)"),
    .format = format,
    .unit = unit,
    .n_points = d->series->n_points,
    .lines = lines,
    .n_lines = n_lines,
    .hover = G_MAXUINT,
  };

  cairo_save (d->cr);
  cairo_translate (d->cr, MARGIN, d->y);
  xq_chart_draw (d->cr, &chart, &style, CONTENT_W, height, NULL);
  cairo_restore (d->cr);
  pango_font_description_free (font);
  d->y += height;
}

void
report_page_charts (Doc *d)
{
  FxSeries *series = d->series;
  g_autofree double *values = g_new (double, (gsize) series->n_points * (FX_N_CURRENCIES + FX_MAX_PLAYERS));
  XqChartLine lines[FX_N_CURRENCIES + FX_MAX_PLAYERS];
  double chart_h = 300;

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      double *v = values + (gsize) c * series->n_points;

      fx_chart_strength_values (series, c, v);
      lines[c] = (XqChartLine) { fx_currency_code (c), (guint) c, v };
    }
  for (guint p = 0; p < series->n_players; p++)
    {
      double *v = values + (gsize) (FX_N_CURRENCIES + p) * series->n_points;

      fx_chart_standing_values (series, p, v);
      lines[FX_N_CURRENCIES + p] = (XqChartLine) { report_player (d, (int) p), p, v };
    }

  report_begin_page (d, _("Charts"));
  report_heading (d, _("Currency strength: pairs won after every move"));
  page_chart (d, _("Pairs won"), 1, fx_chart_format_count, lines, FX_N_CURRENCIES, chart_h);
  d->y += 6;
  report_heading (d, _("Standings in the currency strongest at each move"));
  page_chart (d, _("Bucks"), 0.5, fx_chart_format_bucks, lines + FX_N_CURRENCIES, series->n_players, chart_h);
  d->y += 6;
  report_paragraph (d, "Sans 8.5", _("A line breaks where the strongest currency was tied and no standing can be given."));
  report_end_page (d);
}
