/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window: totals against exchequer-cli score, the what-if, charts, export, screenshots;
 * the history's sentences in the report; the projected standing there and in the players view,
 * and the rulebook's readings. (The charts as drawn and the printed pages: test-charts.c.) */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fx-audit-chart.h"
#include "fx-audit-charts-page.h"
#include "fx-audit-review-page.h"
#include "fx-audit-score-page.h"
#include "fx-audit-stats-page.h"
#include "fx-audit-window.h"
#include "fx-display.h"
#include "fx-game.h"
#include "fx-players-view.h"
#include "fx-random-play.h"
#include "fx-readings.h"
#include "fx-report.h"
#include "fx-report-text.h"
#include "fx-score.h"
#include "fx-sentence.h"
#include "fx-stats.h"
#include "pdf-support.h"
#include "xq-application.h"
#include "xq-games.h"
#include "xq-history-view.h"
#include "xq-session-file.h"
#include "xq-window.h"
#include "cli-support.h"
#include "ui-support.h"
#include "xq-tooltip.h"

static XqApplication *app;

/* exchequer-cli score on @path: the strongest currency's code (or NULL) and each "total" amount in seat order. */
static char *
cli_score (const char *path,
           GPtrArray  *totals)
{
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;
  char *strongest = NULL;

  RUN (&run, "score", path);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "strongest "))
        strongest = g_strdup (lines[i] + strlen ("strongest "));
      else if (g_str_has_prefix (lines[i], "total "))
        g_ptr_array_add (totals, g_strdup (strrchr (lines[i], ' ') + 1));
    }
  return strongest;
}

/* The audit shows exactly the CLI's totals, to the half-buck, in its strongest currency. */
static void
assert_totals_match_cli (FxAuditWindow *audit,
                         const char    *path)
{
  XqSession *session = fx_audit_window_get_session (audit);
  const FxSetup *setup = xq_session_get_setup (session);
  g_autoptr(GPtrArray) totals = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *strongest = cli_score (path, totals);

  fx_audit_window_set_what_if (audit, FX_NO_CURRENCY);
  ui_settle ();
  if (strongest == NULL)
    {
      for (int p = 0; p < setup->n_players; p++)
        g_assert_null (fx_audit_window_get_total_text (audit, (guint) p));
      return;
    }
  g_assert_cmpuint (totals->len, ==, setup->n_players);
  for (int p = 0; p < setup->n_players; p++)
    {
      /* The test runs in the C locale: the CLI's "10.5" is the screen's "10.5". */
      g_autofree char *expected = g_strdup_printf ("%s %s", (char *) totals->pdata[p], strongest);

      g_assert_cmpstr (fx_audit_window_get_total_text (audit, (guint) p), ==, expected);
    }
}

/* Every hypothetical strongest currency gives fx_score_standing_in's totals. */
static void
assert_what_if (FxAuditWindow *audit)
{
  XqSession *session = fx_audit_window_get_session (audit);
  const FxState *state = xq_session_get_state (session);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxStanding standing;

      fx_audit_window_set_what_if (audit, c);
      g_assert_cmpint (fx_audit_window_get_what_if (audit), ==, c);
      fx_score_standing_in (state, c, ((const FxSetup *) xq_session_get_setup (session))->readings, &standing);
      for (int p = 0; p < state->n_players; p++)
        {
          g_autofree char *expected = fx_display_money (standing.players[p].total, c);

          g_assert_cmpstr (fx_audit_window_get_total_text (audit, (guint) p), ==, expected);
        }
    }
  fx_audit_window_set_what_if (audit, FX_NO_CURRENCY);
}

/* One point at the start and one after each move, in every line of every chart. */
static void
assert_chart_points (FxAuditWindow *audit)
{
  XqSession *session = fx_audit_window_get_session (audit);
  const FxSetup *setup = xq_session_get_setup (session);
  guint expected_lines[] = { FX_N_CURRENCIES, setup->n_players, 1 };

  for (guint pair = 0; pair < FX_N_PAIRS; pair += 5)
    {
      fx_audit_window_set_pair (audit, pair);
      for (int k = 0; k < FX_AUDIT_N_CHARTS; k++)
        {
          FxAuditChart *chart = FX_AUDIT_CHART (fx_audit_window_get_chart (audit, k));

          g_assert_cmpuint (fx_audit_chart_get_n_lines (chart), ==, expected_lines[k]);
          for (guint l = 0; l < expected_lines[k]; l++)
            g_assert_cmpuint (fx_audit_chart_get_n_points (chart, l), ==, xq_session_get_n_moves (session) + 1);
        }
    }
}

static char *
last_csv_row (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) rows = NULL;
  guint n;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  rows = g_strsplit (text, "\r\n", -1);
  n = g_strv_length (rows);
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpstr (rows[n - 1], ==, "");
  return g_strdup (rows[n - 2]);
}

/* The sentence each history row shows, move by move, the history opened first. */
static GPtrArray *
history_sentences (XqWindow *window)
{
  XqSession *session = xq_document_get_session (xq_window_get_document (window));
  GtkWidget *history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  if (!gtk_widget_get_mapped (history))
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
      ui_settle ();
    }
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      GtkWidget *row = ui_history_row (history, i + 1);
      GtkWidget *sentence;

      g_assert_nonnull (row);
      sentence = gtk_grid_get_child_at (GTK_GRID (gtk_widget_get_first_child (row)), 1, 0);
      g_assert_true (GTK_IS_LABEL (sentence));
      g_ptr_array_add (out, g_strdup (gtk_label_get_text (GTK_LABEL (sentence))));
    }
  return out;
}

/* Whether @entry ("\nN. sentence\n") is in @lines (the PDF's rows, each
 * after a line break), read over as many rows as it takes. */
static gboolean
entry_in (const char *lines,
          const char *entry)
{
  const char *start = entry + 1;
  const char *at = lines;

  /* The first row starts the entry; each next one goes on after a space. */
  while ((at = strstr (at, "\n")) != NULL)
    {
      const char *p = at + 1, *e = start;

      at++;
      while (*e != '\0' && *p != '\0')
        {
          if (*e == *p)
            e++, p++;
          else if (*e == ' ' && *p == '\n')
            e++, p++;
          else
            break;
        }
      if (*e == '\0' || (e[0] == '\n' && e[1] == '\0' && (*p == '\n' || *p == '\0')))
        return TRUE;
    }
  return FALSE;
}

/* One set of sentences: every move reads in the exported PDF's move list
 * exactly as in its history row, and every correction in the audit's
 * corrections table too. */
static void
assert_history_is_report (XqWindow      *window,
                          FxAuditWindow *audit)
{
  XqSession *session = fx_audit_window_get_session (audit);
  const XqGame *game = xq_session_get_game (session);
  g_autoptr(GPtrArray) sentences = history_sentences (window);
  g_autofree char *dir = g_dir_make_tmp ("exchequer-audit-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autoptr(GString) lines = g_string_new (NULL);
  g_autoptr(GPtrArray) pages = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *audit_text = NULL;
  guint corrections = 0;

  g_assert_true (pdf_can_read ());
  g_assert_true (fx_audit_window_export_to (audit, file, &error));
  g_assert_no_error (error);
  pages = pdf_read_pages (pdf);
  for (guint k = 0; k < pages->len; k++)
    {
      PdfPage *page = pages->pdata[k];

      /* A long entry goes on over the next rows: they read as one line. */
      for (guint r = 0; r < page->rows->len; r++)
        g_string_append_printf (lines, "\n%s", ((PdfRow *) page->rows->pdata[r])->text);
    }
  g_string_append_c (lines, '\n');
  fx_audit_window_show_page (audit, "audit");
  ui_settle ();
  audit_text = ui_collect_text (GTK_WIDGET (audit));
  g_assert_cmpuint (sentences->len, ==, xq_session_get_n_moves (session));
  for (guint i = 0; i < sentences->len; i++)
    {
      g_autofree char *row = g_strdup_printf ("\n%u. %s\n", i + 1, (char *) sentences->pdata[i]);

      if (!entry_in (lines->str, row))
        g_error ("the history's move %u, “%s”, is not in the report", i + 1, (char *) sentences->pdata[i]);
      if (game->move_is_correction (xq_session_get_move (session, i)))
        {
          g_assert_true (g_str_has_prefix (sentences->pdata[i], "Correction: "));
          g_assert_nonnull (strstr (audit_text, sentences->pdata[i]));
          corrections++;
        }
    }
  g_test_message ("%u moves read alike in the history and the report, %u corrections in the audit too",
                  sentences->len, corrections);
  g_remove (pdf);
  g_rmdir (dir);
}

static void
test_sample (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  g_autofree char *sample = g_build_filename (EXAMPLES_DIR, "for-ex-sample.xqn", NULL);
  g_autofree char *dir = g_dir_make_tmp ("exchequer-audit-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *csv = g_build_filename (dir, "standings.csv", NULL);
  g_autofree char *xqn = g_build_filename (dir, "moves.xqn", NULL);
  g_autofree char *bad = g_build_filename (dir, "report.txt", NULL);
  g_autoptr(GPtrArray) totals = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *strongest = cli_score (sample, totals);
  g_autofree char *row = NULL;
  g_auto(GStrv) fields = NULL;
  g_autoptr(GError) error = NULL;
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  GtkWidget *history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  FxAuditChart *chart;
  const FxSetup *setup = xq_session_get_setup (session);
  guint n_players = setup->n_players;
  g_autoptr(GFile) pdf_file = g_file_new_for_path (pdf);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  g_autoptr(GFile) xqn_file = g_file_new_for_path (xqn);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);

  gtk_window_set_default_size (GTK_WINDOW (audit), 1100, 1150);
  ui_settle ();
  assert_totals_match_cli (audit, sample);
  assert_what_if (audit);
  assert_chart_points (audit);

  ui_set_dark (FALSE);
  ui_screenshot (GTK_WIDGET (audit), "audit");
  ui_set_dark (TRUE);
  ui_screenshot (GTK_WIDGET (audit), "audit-dark");
  ui_set_dark (FALSE);
  fx_audit_window_set_what_if (audit, FX_USD);
  ui_screenshot (GTK_WIDGET (audit), "audit-what-if");
  fx_audit_window_set_what_if (audit, FX_NO_CURRENCY);
  fx_audit_window_show_page (audit, "statistics");
  ui_screenshot (GTK_WIDGET (audit), "audit-statistics");
  fx_audit_window_show_page (audit, "charts");
  fx_audit_window_set_pair (audit, 3);
  ui_screenshot (GTK_WIDGET (audit), "audit-charts");
  ui_set_dark (TRUE);
  ui_screenshot (GTK_WIDGET (audit), "audit-charts-dark");
  ui_set_dark (FALSE);

  /* Clicking the point after move 5 shows move 5 in the history. */
  chart = FX_AUDIT_CHART (fx_audit_window_get_chart (audit, FX_AUDIT_CHART_STRENGTH));
  g_assert_cmpuint (fx_audit_chart_point_at (chart, fx_audit_chart_x_of_point (chart, 5)), ==, 5);
  fx_audit_chart_click (chart, fx_audit_chart_x_of_point (chart, 5) + 1);
  ui_settle ();
  g_assert_cmpuint (xq_history_view_get_position (XQ_HISTORY_VIEW (history)), ==, 5);
  chart = FX_AUDIT_CHART (fx_audit_window_get_chart (audit, FX_AUDIT_CHART_RATE));
  fx_audit_chart_click (chart, fx_audit_chart_x_of_point (chart, 12));
  ui_settle ();
  g_assert_cmpuint (xq_history_view_get_position (XQ_HISTORY_VIEW (history)), ==, 12);

  /* Export: the report, the standings and the moves; the CSV ends on the totals. */
  g_assert_true (fx_audit_window_export_to (audit, pdf_file, &error));
  g_assert_no_error (error);
  g_assert_true (fx_audit_window_export_to (audit, csv_file, &error));
  g_assert_no_error (error);
  g_assert_true (fx_audit_window_export_to (audit, xqn_file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  g_assert_false (fx_audit_window_export_to (audit, bad_file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
  g_clear_error (&error);
  /* An export that fails says which file, once, and that the old one is
   * intact (a second hard link makes the replacement refuse). */
  {
    GFile *files[] = { pdf_file, csv_file, xqn_file };

    for (guint i = 0; i < G_N_ELEMENTS (files); i++)
      {
        g_autofree char *path = g_file_get_path (files[i]);
        g_autofree char *second = g_strconcat (path, ".second", NULL);
        g_autofree char *before = NULL;
        g_autofree char *after = NULL;
        gsize before_length = 0, after_length = 0;
        g_autofree char *expected = g_strdup_printf ("“%s” could not be saved, and the file on disk is as it was: "
                                                     "it has other hard links", path);

        g_assert_true (g_file_get_contents (path, &before, &before_length, NULL));
        g_assert_no_errno (link (path, second));
        g_assert_false (fx_audit_window_export_to (audit, files[i], &error));
        g_assert_nonnull (error);
        if (!g_str_has_prefix (error->message, expected))
          g_error ("“%s” does not begin “%s”", error->message, expected);
        g_clear_error (&error);
        g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
        g_assert_cmpmem (after, after_length, before, before_length);
        g_assert_no_errno (g_unlink (second));
      }
  }
  row = last_csv_row (csv);
  fields = g_strsplit (row, ",", -1);
  g_assert_cmpuint (g_strv_length (fields), ==, 4 + n_players);
  g_assert_cmpstr (fields[3], ==, strongest);
  for (guint p = 0; p < n_players; p++)
    g_assert_cmpstr (fields[4 + p], ==, totals->pdata[p]);
  /* The exported moves score the same. */
  assert_totals_match_cli (audit, xqn);
  assert_history_is_report (window, audit);

  ui_close_with_audit (window, audit);
  g_remove (pdf);
  g_remove (csv);
  g_remove (xqn);
  g_rmdir (dir);
}

/* Random games, one of them ending in a bankruptcy: the audit agrees with the CLI. */
static void
test_random_games (void)
{
  g_autofree char *dir = g_dir_make_tmp ("exchequer-audit-XXXXXX", NULL);
  gboolean saw_bankrupt = FALSE;
  guint checked = 0;

  for (guint64 seed = 1; seed < 400 && (checked < 6 || !saw_bankrupt); seed++)
    {
      g_autoptr(XqSession) session = fx_random_game (seed, 2 + seed % 5, &fx_random_style_default, 600);
      const FxState *state = xq_session_get_state (session);
      gboolean bankrupt = state->status == FX_STATUS_BANKRUPT;
      g_autofree char *name = g_strdup_printf ("seed-%" G_GUINT64_FORMAT ".xqn", seed);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      XqWindow *window;
      FxAuditWindow *audit;

      if (checked >= 6 && !bankrupt)
        continue;
      window = ui_window_with (app, session);
      audit = ui_open_audit (window);
      g_assert_true (fx_audit_window_export_to (audit, file, &error));
      g_assert_no_error (error);
      assert_totals_match_cli (audit, path);
      assert_what_if (audit);
      assert_chart_points (audit);
      if (bankrupt && !saw_bankrupt)
        {
          gtk_window_set_default_size (GTK_WINDOW (audit), 1100, 1150);
          ui_screenshot (GTK_WIDGET (audit), "audit-bankrupt");
          saw_bankrupt = TRUE;
        }
      checked++;
      ui_close_with_audit (window, audit);
      g_remove (path);
    }
  g_assert_true (saw_bankrupt);
  g_rmdir (dir);
}

/* The audit follows the game: provisional mid-game, one point more after a move. */
static void
test_follows_game (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  g_autoptr(XqSession) session = xq_session_new (xq_session_get_game (sample), xq_session_get_setup (sample));
  XqWindow *window;
  FxAuditWindow *audit;
  FxAuditChart *chart;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < 20; i++)
    g_assert_true (xq_session_play (session, xq_session_get_move (sample, i), NULL, &error));
  window = ui_window_with (app, session);
  audit = ui_open_audit (window);
  text = ui_collect_text (GTK_WIDGET (audit));
  g_assert_nonnull (strstr (text, "Provisional"));
  chart = FX_AUDIT_CHART (fx_audit_window_get_chart (audit, FX_AUDIT_CHART_STANDINGS));
  g_assert_cmpuint (fx_audit_chart_get_n_points (chart, 0), ==, 21);
  g_assert_true (xq_session_play (session, xq_session_get_move (sample, 20), NULL, &error));
  /* Worked out again on a worker; the chart keeps its points until then. */
  g_assert_true (fx_audit_window_is_loading (audit));
  ui_wait_audit_loaded (audit);
  g_assert_cmpuint (fx_audit_chart_get_n_points (chart, 0), ==, 22);
  ui_close_with_audit (window, audit);
}

/* ---- The projected standing and the readings ---- */

/* Ben leads today on the GBP his contract brought, while its loan of 7 USD
 * waits in the queue and he holds 2 USD: resolving it bankrupts him. */
#define BEN_LOAN "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n" \
                 "resolve Ann GBP\ncontract Ben USD 6 GBP\nresolve Ann GBP\nresolve Ben\n"
/* Nothing played: three players hold the same. */
#define START_TIE "game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n"
/* Ann's half-buck of GBP wins by the default reading; rounded down, the two
 * tie at 16 GBP and Ben's GBP certificate decides. */
#define ROUNDING "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n" \
                 "correct cash Ann GBP 10.5\ncorrect cash Ben GBP 10\ncorrect pile GBP 6\n" \
                 "correct certs Ben GBP 1\n"

static XqSession *
session_from (const char *xqn)
{
  g_autoptr(GError) error = NULL;
  XqSession *session = xq_session_new_from_notation (xqn, -1, NULL, &error);

  g_assert_no_error (error);
  return session;
}

/* The players view's labels of one kind, in seating order: the totals
 * ("amount" labels whose sentence is a standing's) or the lines under them. */
static GPtrArray *
standing_labels (XqWindow *window,
                 gboolean  place_lines)
{
  GtkWidget *view = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_PLAYERS_VIEW, NULL);
  GPtrArray *found = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = NULL;

  g_assert_nonnull (view);
  labels = ui_find_shown_labels (view);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *child = labels->pdata[i];
      const char *tooltip = xq_tooltip_get_text (child);

      if (tooltip == NULL || !GTK_IS_LABEL (child))
        continue;
      if (!g_str_has_prefix (tooltip, "Projected:") && !g_str_has_prefix (tooltip, "Final:"))
        continue;
      if (gtk_widget_has_css_class (child, place_lines ? "caption" : "amount"))
        g_ptr_array_add (found, child);
    }
  return found;
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("“%s” not found in:\n%s", part, text);
}

static void
assert_lacks (const char *text,
              const char *part)
{
  if (strstr (text, part) != NULL)
    g_error ("“%s” should not be in:\n%s", part, text);
}

/* Every sentence the players view says on a standing, tooltips included. */
static char *
players_view_words (XqWindow *window)
{
  g_autoptr(GPtrArray) totals = standing_labels (window, FALSE);
  g_autoptr(GPtrArray) lines = standing_labels (window, TRUE);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < totals->len; i++)
    g_string_append_printf (out, "%s\n%s\n", gtk_label_get_text (totals->pdata[i]),
                            xq_tooltip_get_text (totals->pdata[i]));
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", gtk_label_get_text (lines->pdata[i]));
  return g_string_free (out, FALSE);
}

/* A loan in the queue changes the winner: the players view and the audit
 * show Ann, the projected winner, not Ben, today's leader. */
static void
test_projected_loan (void)
{
  g_autoptr(XqSession) session = session_from (BEN_LOAN);
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autoptr(GPtrArray) totals = standing_labels (window, FALSE);
  g_autoptr(GPtrArray) lines = standing_labels (window, TRUE);
  g_autofree char *words = players_view_words (window);
  g_autofree char *text = NULL;

  g_assert_cmpuint (totals->len, ==, 2);
  g_assert_cmpuint (lines->len, ==, 2);
  g_assert_true (gtk_widget_has_css_class (totals->pdata[0], "success"));
  g_assert_false (gtk_widget_has_css_class (totals->pdata[1], "success"));
  /* The window's standing plays the game out, the dividends to come paid
   * (fx_score_standing_resolved); Ben, whom the loan would bankrupt, is
   * warned of what he lacks, and not called bankrupt while he is not. */
  g_assert_true (g_str_has_prefix (xq_tooltip_get_text (totals->pdata[0]), "Projected: 2 GBP — 1st"));
  g_assert_true (g_str_has_prefix (xq_tooltip_get_text (totals->pdata[1]),
                                   "Projected: 6 GBP — last: short of what the queue will ask\n"
                                   "Loan A, 2nd in the queue: short 5 USD today"));
  g_assert_cmpstr (gtk_label_get_text (lines->pdata[0]), ==, "1st");
  /* Short, and his place still said: the warning never replaces it. */
  g_assert_cmpstr (gtk_label_get_text (lines->pdata[1]), ==, "⚠ 2nd");
  g_assert_false (ui_label_is_cut (lines->pdata[1]));
  g_assert_true (gtk_widget_has_css_class (lines->pdata[1], "warning"));
  g_assert_true (gtk_widget_get_mapped (lines->pdata[0]));
  assert_contains (words, "as if every turn from now on resolved the front of the queue");
  assert_lacks (words, "bankrupt");
  assert_lacks (words, "would win");
  ui_screenshot (GTK_WIDGET (window), "players-projected");
  /* A phone at the table: the line under the total fits its column. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  ui_settle ();
  ui_screenshot (GTK_WIDGET (window), "players-projected-360x720");

  gtk_window_set_default_size (GTK_WINDOW (audit), 1100, 1150);
  ui_settle ();
  text = ui_collect_text (GTK_WIDGET (audit));
  assert_contains (text, "Projected: as if every turn from now on resolved the front of the queue");
  assert_contains (text, "projected winner");
  assert_contains (text, "Loan A, 2nd in the queue: short 5 USD today");
  assert_lacks (text, "bankrupt in the projection");
  assert_contains (text, "Projected: Ann wins with 2 GBP.");
  assert_contains (text, "At today’s rates instead: Ben wins with 7 GBP.");
  assert_lacks (text, "Ben — winner");
  ui_screenshot (GTK_WIDGET (audit), "audit-projected");
  /* For a look at a phone's width (the audit's tables scrolled sideways
   * there before this table gained its column). */
  ui_resize (GTK_WINDOW (audit), &ui_sizes[UI_N_SIZES - 1]);
  ui_screenshot (GTK_WIDGET (audit), "audit-projected-360x720");
  /* The conversion cards stay on the table as it is: the CLI's provisional totals. */
  g_assert_cmpstr (fx_audit_window_get_total_text (audit, 1), ==, "7 GBP");
  ui_close_with_audit (window, audit);
}

/* At the start all three hold the same: a tie, said as one, nobody's win. */
static void
test_projected_start_tie (void)
{
  g_autoptr(XqSession) session = session_from (START_TIE);
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autoptr(GPtrArray) totals = standing_labels (window, FALSE);
  g_autoptr(GPtrArray) lines = standing_labels (window, TRUE);
  g_autofree char *words = players_view_words (window);
  g_autofree char *text = ui_collect_text (GTK_WIDGET (audit));

  g_assert_cmpuint (totals->len, ==, 3);
  for (guint p = 0; p < 3; p++)
    {
      g_assert_false (gtk_widget_has_css_class (totals->pdata[p], "success"));
      g_assert_cmpstr (gtk_label_get_text (lines->pdata[p]), ==, "tied 1st");
    }
  /* Played out, every dividend strengthens GBP (nobody holds a certificate,
   * the first tied stands for the choice): 2 GBP each. */
  assert_contains (words, "Projected: 2 GBP — tied 1st with Ben and Cat");
  assert_contains (words, "Projected: 2 GBP — tied 1st with Ann and Cat");
  assert_lacks (words, "would win");
  assert_lacks (words, "wins");

  assert_contains (text, "tied 1st with Ann and Ben");
  assert_contains (text, "Projected: Ann, Ben and Cat tie at 2 GBP and share the win.");
  assert_lacks (text, "projected winner");
  assert_lacks (text, "shared win");
  assert_contains (text, "None of the three points where the rulebook reads two ways arose in this game.");
  ui_close_with_audit (window, audit);
}

/* The rounding reading changes the winner: the audit says which reading was
 * applied and what the other gives, in the report's own words. */
static void
test_readings_rounding (void)
{
  g_autoptr(XqSession) session = session_from (ROUNDING);
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autofree char *text = ui_collect_text (GTK_WIDGET (audit));
  g_auto(GStrv) paragraphs = NULL;
  FxReadings readings;

  assert_contains (text, "Rulebook readings");
  assert_contains (text, "Rounding: money already in the strongest currency keeps its half-buck");
  assert_contains (text, "Rounding all monies down instead: Ann and Ben tie at 16 GBP; Ben wins on certificates.");
  /* The window shows fx_report_readings_text()'s paragraphs, which the PDF prints too. */
  fx_readings_compute (session, &readings);
  paragraphs = fx_report_readings_text (session, &readings);
  g_assert_cmpuint (g_strv_length (paragraphs), ==, 2);
  for (guint i = 0; paragraphs[i] != NULL; i++)
    assert_contains (text, paragraphs[i]);
  /* Its four corrections read alike in the history, the audit and the PDF. */
  assert_history_is_report (window, audit);

  /* A move later the audit follows: the half-buck is gone, so is the point. */
  {
    FxMove move = *(const FxMove *) xq_session_get_move (session, 0);
    g_autoptr(GError) error = NULL;
    g_autofree char *after = NULL;

    move.amount = 22;
    g_assert_true (xq_session_play (session, &move, NULL, &error));
    g_assert_no_error (error);
    ui_wait_audit_loaded (audit);
    after = ui_collect_text (GTK_WIDGET (audit));
    assert_lacks (after, "Rounding all monies down instead");
    assert_contains (after, "None of the three points");
  }
  ui_close_with_audit (window, audit);
}

/* ---- A long game (issue #23) ---- */

/* The length. For-Ex alone ends within a few hundred moves, so the
 * table plays on with corrections (fx_random_endless_game). */
#define LONG_GAME_MOVES 48000
/* What a column view makes whatever the rows: GTK 4.8 keeps 200 around the
 * rows in sight (a few more while scrolling). */
#define MAX_ROWS_MADE 250

/* Turns of the main loop while the audit works, each phase apart: a
 * high-priority timeout ticks between the other sources whenever the main
 * thread is free, and never while one holds it. */
typedef struct
{
  FxAuditWindow *audit;
  guint          while_loading;
  guint          while_filling;
  gboolean       saw_filling;
} Turns;

static gboolean
count_turn (gpointer data)
{
  Turns *turns = data;

  if (turns->audit == NULL)
    return G_SOURCE_CONTINUE;
  if (fx_audit_window_is_loading (turns->audit))
    turns->while_loading++;
  else if (fx_audit_window_is_filling (turns->audit))
    {
      turns->while_filling++;
      turns->saw_filling = TRUE;
    }
  return G_SOURCE_CONTINUE;
}


/* The column view in the card after the section heading @title on @page. */
static GtkColumnView *
long_table (FxAuditWindow *audit,
            const char    *title)
{
  g_autoptr(GPtrArray) labels = ui_find_all (GTK_WIDGET (audit), GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *heading = labels->pdata[i];

      if (!gtk_widget_has_css_class (heading, "title-4") || g_strcmp0 (gtk_label_get_text (GTK_LABEL (heading)), title) != 0)
        continue;
      for (GtkWidget *w = gtk_widget_get_next_sibling (heading); w != NULL; w = gtk_widget_get_next_sibling (w))
        if (gtk_widget_has_css_class (w, "card"))
          return GTK_COLUMN_VIEW (ui_find_descendant (w, GTK_TYPE_COLUMN_VIEW, NULL));
    }
  return NULL;
}

/* The rows @view has made widgets for. */
static guint
rows_made (GtkColumnView *view)
{
  GtkWidget *list = ui_find_descendant (GTK_WIDGET (view), GTK_TYPE_LIST_VIEW, NULL);
  guint n = 0;

  for (GtkWidget *w = gtk_widget_get_first_child (list); w != NULL; w = gtk_widget_get_next_sibling (w))
    n += g_strcmp0 (gtk_widget_get_css_name (w), "row") == 0;
  return n;
}

static guint
n_items (GtkColumnView *view)
{
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view)));
}

/* Ctrl+I on a 48,000-move game as its window opens (none made ahead yet):
 * the window is up, a spinner in it, before
 * the figures over every move are worked out (on a worker); a second Ctrl+I
 * raises the same window; the long tables are column views that make the
 * rows in sight, thousands of rows for a few dozen widgets. */
static void
test_long_game (void)
{
  g_autoptr(XqSession) session = fx_random_endless_game (23, 4, &fx_random_style_dealing, LONG_GAME_MOVES);
  g_autoptr(FxStats) stats = fx_stats_new (session);
  const XqGame *game = xq_session_get_game (session);
  static const UiSize laptop = { 1280, 800, "1280x800" };
  const UiSize *sizes[] = { &laptop, &ui_sizes[UI_N_SIZES - 1] };
  XqWindow *window = ui_window_opening (app, session);
  FxAuditWindow *audit;
  GtkWidget *spinner;
  GtkColumnView *corrections, *contracts;
  g_autofree char *text = NULL;
  g_autofree char *waiting = g_strdup_printf ("Working through the game’s %u moves…", LONG_GAME_MOVES);
  guint n_corrections = 0;
  Turns turns = { 0 };
  guint tick;

  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    n_corrections += game->move_is_correction (xq_session_get_move (session, i));
  /* Both long tables hold more rows than a view may make widgets for. */
  g_assert_cmpuint (n_corrections, >, MAX_ROWS_MADE);
  g_assert_cmpuint (stats->contracts->len, >, MAX_ROWS_MADE);

  /* Back from the action before the work is done: the window is there,
   * and says it is working. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  audit = ui_find_audit (window);
  g_assert_nonnull (audit);
  turns.audit = audit;
  tick = g_timeout_add_full (G_PRIORITY_HIGH, 1, count_turn, &turns, NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (audit)));
  g_assert_true (fx_audit_window_is_loading (audit));
  spinner = ui_find_descendant (GTK_WIDGET (audit), GTK_TYPE_SPINNER, NULL);
  g_assert_nonnull (spinner);
  g_assert_true (gtk_widget_is_visible (spinner));
  text = ui_collect_text (GTK_WIDGET (audit));
  g_assert_nonnull (strstr (text, waiting));
  /* Drawn on screen while the worker works, if it is still at it by then. */
  while (fx_audit_window_is_loading (audit) && !gtk_widget_get_mapped (spinner))
    g_main_context_iteration (NULL, TRUE);
  if (fx_audit_window_is_loading (audit))
    g_test_message ("the spinner is on screen while the audit is worked out");

  /* A second Ctrl+I, while it works and after: the same window. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  g_assert_true (ui_find_audit (window) == audit);
  ui_wait_audit_loaded (audit);
  g_source_remove (tick);
  /* The main loop turned while the worker replayed the game and worked the
   * figures out, and while the tables' rows came. */
  g_test_message ("main-loop turns: %u while loading, %u while filling", turns.while_loading,
                  turns.while_filling);
  g_assert_cmpuint (turns.while_loading, >=, 2);
  g_assert_cmpuint (turns.while_filling, >=, 2);
  g_assert_false (gtk_widget_get_mapped (spinner));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  g_assert_true (ui_find_audit (window) == audit);
  g_assert_false (fx_audit_window_is_loading (audit));

  /* Every correction and every contract, a few dozen rows made. */
  fx_audit_window_show_page (audit, "audit");
  ui_settle ();
  corrections = long_table (audit, "Corrections");
  g_assert_nonnull (corrections);
  g_assert_cmpuint (n_items (corrections), ==, n_corrections);
  /* GTK 4.8's list view keeps up to 200 rows made around those in sight,
   * however long the table. */
  g_assert_cmpuint (rows_made (corrections), >, 0);
  g_assert_cmpuint (rows_made (corrections), <=, MAX_ROWS_MADE);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (ui_column_view_cell (corrections, 1, 0))), ==, "Correction");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (ui_column_view_cell (corrections, 1, 1))),
                                   "Correction: "));
  fx_audit_window_show_page (audit, "statistics");
  ui_settle ();
  contracts = long_table (audit, "Contracts");
  g_assert_nonnull (contracts);
  g_assert_cmpuint (n_items (contracts), ==, stats->contracts->len);
  g_assert_cmpuint (rows_made (contracts), <=, MAX_ROWS_MADE);
  g_assert_cmpuint (fx_audit_chart_get_n_points (FX_AUDIT_CHART (fx_audit_window_get_chart (audit, FX_AUDIT_CHART_STANDINGS)), 0),
                    ==, LONG_GAME_MOVES + 1);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      static const char *const pages[] = { "audit", "statistics", "charts" };

      ui_resize (GTK_WINDOW (audit), sizes[i]);
      for (guint p = 0; p < G_N_ELEMENTS (pages); p++)
        {
          g_autofree char *name = g_strdup_printf ("audit-long-%s-%s", pages[p], sizes[i]->name);

          fx_audit_window_show_page (audit, pages[p]);
          if (p == 1)
            {
              /* The page at the contracts, their table scrolled to its last row. */
              GtkWidget *table = gtk_widget_get_parent (GTK_WIDGET (contracts));
              GtkWidget *page = gtk_widget_get_ancestor (gtk_widget_get_parent (table), GTK_TYPE_SCROLLED_WINDOW);
              GtkAdjustment *inner = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (table));
              GtkAdjustment *outer = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page));
              graphene_rect_t bounds;

              ui_settle ();
              /* In the page's content (the viewport's child), wherever it is scrolled to. */
              g_assert_true (gtk_widget_compute_bounds (
                table, gtk_viewport_get_child (GTK_VIEWPORT (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (page)))),
                &bounds));
              gtk_adjustment_set_value (outer, bounds.origin.y - 120);
              gtk_adjustment_set_value (inner, gtk_adjustment_get_upper (inner));
              ui_settle ();
              ui_assert_in_view (ui_column_view_cell (contracts, 0, 1), "a contract's row", sizes[i]->name);
            }
          ui_screenshot (GTK_WIDGET (audit), name);
        }
    }
  ui_close_with_audit (window, audit);
}

/* Closed while it works: the window goes at once (no worker holds it), the
 * worker's figures go nowhere, and the next Ctrl+I opens a new audit. */
static void
test_long_game_closed (void)
{
  g_autoptr(XqSession) session = fx_random_endless_game (24, 3, &fx_random_style_dealing, LONG_GAME_MOVES / 4);
  XqWindow *window = ui_window_opening (app, session);
  FxAuditWindow *audit;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  audit = ui_find_audit (window);
  g_assert_true (fx_audit_window_is_loading (audit));
  g_object_add_weak_pointer (G_OBJECT (audit), (gpointer *) &audit);
  gtk_window_destroy (GTK_WINDOW (audit));
  g_assert_null (audit);
  g_assert_null (ui_find_audit (window));
  audit = ui_open_audit (window);
  g_assert_false (fx_audit_window_is_loading (audit));
  g_assert_nonnull (long_table (audit, "Corrections"));
  ui_close_with_audit (window, audit);
}

/* ---- Opening the audit within a frame, at any game length (issue 27) ---- */

#define OPEN_GAME_MOVES 5000

/* Ctrl+I on a 5,000-move game as its window opens (none made ahead yet):
 * the figures over every move are worked out
 * on a worker and the long tables' rows come a batch a frame, the main
 * loop turning all along (were the replay, the figures or the 200 rows a
 * GTK 4.8 list view makes done at once on the main thread, a phase would
 * pass in one turn, without a tick); once loaded, the first page shows
 * the rules' figures and every correction. */
static void
test_open_long_game (void)
{
  g_autoptr(XqSession) session = fx_random_endless_game (31, 4, &fx_random_style_dealing, OPEN_GAME_MOVES);
  const XqGame *game = xq_session_get_game (session);
  XqWindow *window = ui_window_opening (app, session);
  Turns turns = { 0 };
  guint tick = g_timeout_add_full (G_PRIORITY_HIGH, 1, count_turn, &turns, NULL);
  GtkColumnView *corrections;
  guint n_corrections = 0;
  g_autofree char *first = NULL;

  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    n_corrections += game->move_is_correction (xq_session_get_move (session, i));
  g_assert_cmpuint (n_corrections, >, 200);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  turns.audit = ui_find_audit (window);
  g_assert_nonnull (turns.audit);
  g_assert_true (fx_audit_window_is_loading (turns.audit));
  ui_wait_audit_loaded (turns.audit);
  g_source_remove (tick);
  g_test_message ("main-loop turns: %u while loading, %u while filling", turns.while_loading,
                  turns.while_filling);
  /* At 5,000 moves the worker may be done within a few turns; test_long_game
   * counts them over a worker ten times as long. */
  g_assert_cmpuint (turns.while_loading, >=, 1);
  g_assert_true (turns.saw_filling);
  g_assert_cmpuint (turns.while_filling, >=, 2);

  /* The first page: the rules' totals, every correction, the first one's sentence. */
  assert_what_if (turns.audit);
  ui_wait_audit_loaded (turns.audit);
  corrections = long_table (turns.audit, "Corrections");
  g_assert_nonnull (corrections);
  g_assert_cmpuint (n_items (corrections), ==, n_corrections);
  g_assert_cmpuint (rows_made (corrections), <=, MAX_ROWS_MADE);
  for (guint i = 0; first == NULL; i++)
    if (game->move_is_correction (xq_session_get_move (session, i)))
      {
        FxState before;

        xq_session_get_state_at (session, i, &before);
        first = fx_sentence_move (xq_session_get_setup (session), &before, xq_session_get_move (session, i));
      }
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (ui_column_view_cell (corrections, 1, 1))), ==, first);
  ui_close_with_audit (window, turns.audit);
}

/* The text of page @name of @audit, once shown and filled. */
static char *
page_text (FxAuditWindow *audit,
           const char    *name)
{
  GtkWidget *stack = ui_find_descendant (GTK_WIDGET (audit), ADW_TYPE_VIEW_STACK, NULL);

  fx_audit_window_show_page (audit, name);
  ui_wait_audit_loaded (audit);
  return ui_collect_text (adw_view_stack_get_visible_child (ADW_VIEW_STACK (stack)));
}

/* Only the Audit page is made with the window; each other when first
 * shown, with what it showed when every page was made at once: the same
 * whether it is made before the figures come (filled when they do) or
 * after (filled as it is made). */
static void
test_pages_made_when_shown (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autoptr(FxStats) stats = fx_stats_new (session);
  g_autofree char *statistics = NULL, *early_statistics = NULL;
  GtkColumnView *contracts;

  g_assert_nonnull (ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_SCORE_PAGE, NULL));
  g_assert_null (ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_STATS_PAGE, NULL));
  g_assert_null (ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_CHARTS_PAGE, NULL));
  g_assert_null (ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_REVIEW_PAGE, NULL));
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "start");

  statistics = page_text (audit, "statistics");
  g_assert_nonnull (ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_STATS_PAGE, NULL));
  contracts = long_table (audit, "Contracts");
  g_assert_nonnull (contracts);
  g_assert_cmpuint (n_items (contracts), ==, stats->contracts->len);
  assert_contains (statistics, "Certificates bought / sold");
  assert_contains (statistics, "Dividends received");
  fx_audit_window_show_page (audit, "charts");
  ui_wait_audit_loaded (audit);
  assert_chart_points (audit);
  fx_audit_window_show_page (audit, "review");
  ui_wait_audit_loaded (audit);
  g_assert_nonnull (ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_REVIEW_PAGE, NULL));
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "start");
  gtk_window_destroy (GTK_WINDOW (audit));

  /* Made before the figures are in (on Ctrl+I before the main loop turns,
   * none made ahead): filled when they come. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  audit = ui_find_audit (window);
  fx_audit_window_show_page (audit, "statistics");
  g_assert_nonnull (ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_STATS_PAGE, NULL));
  early_statistics = page_text (audit, "statistics");
  g_assert_cmpstr (early_statistics, ==, statistics);
  assert_chart_points (audit);
  ui_close_with_audit (window, audit);
}

/* Closed while it works out a 5,000-move game, or the game moved on under
 * it: the load is cancelled, the window goes at once (the worker holds no
 * reference to it), and a cancelled load's figures reach no window; the
 * one still open shows the game as it is. */
static void
test_closed_while_loading (void)
{
  g_autoptr(XqSession) session = fx_random_endless_game (32, 3, &fx_random_style_dealing, OPEN_GAME_MOVES);
  XqWindow *window = ui_window_opening (app, session);
  FxAuditWindow *audit;
  FxAuditWindow *second;
  FxMove move;
  g_autoptr(GError) error = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  audit = ui_find_audit (window);
  g_assert_true (fx_audit_window_is_loading (audit));
  g_object_add_weak_pointer (G_OBJECT (audit), (gpointer *) &audit);
  gtk_window_destroy (GTK_WINDOW (audit));
  g_assert_null (audit);

  /* A load cancelled by a move while the window stays: only the last one fills it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  second = ui_find_audit (window);
  g_assert_true (fx_audit_window_is_loading (second));
  move = *(const FxMove *) xq_session_get_move (session, xq_session_get_n_moves (session) - 1);
  g_assert_true (xq_session_undo (session));
  g_assert_true (fx_audit_window_is_loading (second));
  g_assert_true (xq_session_play (session, &move, NULL, &error));
  g_assert_no_error (error);
  ui_wait_audit_loaded (second);
  assert_what_if (second);
  ui_wait_audit_loaded (second);
  g_assert_cmpuint (fx_audit_chart_get_n_points (FX_AUDIT_CHART (fx_audit_window_get_chart (second, FX_AUDIT_CHART_STANDINGS)), 0),
                    ==, OPEN_GAME_MOVES + 1);
  ui_close_with_audit (window, second);
}

static gboolean
count_tick (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* Escape on a 5,000-move game's audit, its corrections table scrolled to
 * its end: the window leaves the screen at once, and the next Ctrl+I would
 * not find it; it is then taken down over several main-loop turns (a
 * high-priority timeout fires between them), its table's rows and the
 * window itself freed in the end. At once, its rows held the main thread
 * 80 ms. */
static void
test_close_long_game (void)
{
  g_autoptr(XqSession) session = fx_random_endless_game (33, 4, &fx_random_style_dealing, OPEN_GAME_MOVES);
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  GtkColumnView *corrections = long_table (audit, "Corrections");
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (corrections), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *rows_scrolled = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  GtkWidget *cell;
  guint ticks = 0, tick;

  gtk_adjustment_set_value (rows_scrolled, gtk_adjustment_get_upper (rows_scrolled));
  ui_settle ();
  cell = ui_column_view_cell (corrections, 1, 1);
  g_assert_nonnull (cell);
  g_assert_cmpuint (rows_made (corrections), >, 0);
  g_object_add_weak_pointer (G_OBJECT (cell), (gpointer *) &cell);
  g_object_add_weak_pointer (G_OBJECT (audit), (gpointer *) &audit);

  tick = g_timeout_add_full (G_PRIORITY_HIGH, 1, count_tick, &ticks, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (audit), "window.close", NULL));
  g_assert_nonnull (audit);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (audit)));
  g_assert_null (ui_find_audit (window));
  ui_wait_until (is_null, &audit);
  g_source_remove (tick);
  g_assert_null (cell);
  g_test_message ("main-loop turns while the audit was taken down: %u", ticks);
  g_assert_cmpuint (ticks, >=, 2);

  /* The next Ctrl+I: a window of its own, showing the game. */
  audit = ui_open_audit (window);
  assert_what_if (audit);
  ui_close_with_audit (window, audit);
}

/* The audit @window made ahead, hidden, or NULL. */
static FxAuditWindow *
audit_made_ahead (XqWindow *window)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (FX_IS_AUDIT_WINDOW (l->data) && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window)
        && !gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

static gboolean
made_ahead_for (XqWindow *window)
{
  FxAuditWindow *audit = audit_made_ahead (window);

  return audit != NULL && fx_audit_window_get_session (audit) == xq_document_get_session (xq_window_get_document (window))
         && !fx_audit_window_is_loading (audit);
}

/* The game's window makes its audit ahead of Ctrl+I, hidden, after its
 * first frame; Ctrl+I shows that window. Another game loaded: the one made
 * for the last game goes, and Ctrl+I shows the new game's figures; a move
 * undone while it is hidden is in its figures once shown. */
static void
test_made_ahead (void)
{
  g_autoptr(XqSession) first = ui_sample_prefix (30);
  g_autoptr(XqSession) second = ui_load_sample ();
  g_autoptr(XqDocument) document = xq_document_new (second, FALSE);
  XqWindow *window = ui_window_with (app, first);
  FxAuditWindow *ahead, *audit;
  FxAuditChart *standings;

  ui_wait_until (made_ahead_for, window);
  ahead = audit_made_ahead (window);
  g_assert_null (ui_find_audit (window));
  g_object_add_weak_pointer (G_OBJECT (ahead), (gpointer *) &ahead);

  /* Another game: the audit made for the first goes, one for the second comes. */
  xq_window_set_document (window, document);
  ui_wait_until (made_ahead_for, window);
  ui_wait_until (is_null, &ahead);

  /* A move undone while it is hidden, and Ctrl+I at once. */
  g_assert_true (xq_session_undo (second));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  audit = ui_find_audit (window);
  g_assert_nonnull (audit);
  g_assert_true (fx_audit_window_get_session (audit) == second);
  ui_wait_audit_loaded (audit);
  assert_what_if (audit);
  standings = FX_AUDIT_CHART (fx_audit_window_get_chart (audit, FX_AUDIT_CHART_STANDINGS));
  g_assert_cmpuint (fx_audit_chart_get_n_points (standings, 0), ==, xq_session_get_n_moves (second) + 1);
  ui_screenshot (GTK_WIDGET (audit), "audit-made-ahead");

  /* A second Ctrl+I raises it; none other is made meanwhile. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  g_assert_true (ui_find_audit (window) == audit);
  g_assert_null (audit_made_ahead (window));
  ui_close_with_audit (window, audit);
}

/* How many section headings @audit shows: one held back to come a frame
 * later is not visible yet. */
static guint
headings_shown (FxAuditWindow *audit)
{
  g_autoptr(GPtrArray) labels = ui_find_all (GTK_WIDGET (audit), GTK_TYPE_LABEL);
  guint shown = 0;

  for (guint i = 0; i < labels->len; i++)
    shown += gtk_widget_has_css_class (labels->pdata[i], "title-4") && gtk_widget_get_visible (labels->pdata[i]);
  return shown;
}

typedef struct
{
  FxAuditWindow *audit;
  guint          in_first_frame;   /* headings its first frame drew, + 1 once drawn */
} FirstFrame;

static void
first_frame_drawn (GdkFrameClock *clock,
                   FirstFrame    *first)
{
  if (first->in_first_frame == 0 && gtk_widget_get_mapped (GTK_WIDGET (first->audit)))
    first->in_first_frame = headings_shown (first->audit) + 1;
}

static gboolean
first_frame_known (gpointer data)
{
  return ((FirstFrame *) data)->in_first_frame != 0;
}

static gboolean
audit_filled (gpointer data)
{
  return !fx_audit_window_is_filling (data);
}

/* The audit made ahead is realized, styled and laid out at its size while
 * hidden, so that Ctrl+I only maps and draws it; its first frame draws the
 * first section, and the others come a frame each after it (issue 27). */
static void
test_first_frame (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FirstFrame first = { NULL, 0 };
  int width, height;
  gulong painted;

  ui_wait_until (made_ahead_for, window);
  first.audit = audit_made_ahead (window);
  g_assert_true (gtk_widget_get_realized (GTK_WIDGET (first.audit)));
  width = gtk_widget_get_width (GTK_WIDGET (first.audit));
  height = gtk_widget_get_height (GTK_WIDGET (first.audit));
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);

  painted = g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (first.audit)), "after-paint",
                              G_CALLBACK (first_frame_drawn), &first);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  g_assert_true (ui_find_audit (window) == first.audit);
  ui_wait_until (first_frame_known, &first);
  g_signal_handler_disconnect (gtk_widget_get_frame_clock (GTK_WIDGET (first.audit)), painted);
  g_assert_cmpuint (first.in_first_frame - 1, ==, 1);
  /* Shown at the size it was laid out at. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (first.audit)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (first.audit)), ==, height);
  ui_wait_until (audit_filled, first.audit);
  g_assert_cmpuint (headings_shown (first.audit), >, 2);
  ui_close_with_audit (window, first.audit);
}

/* The game's window closed with its audit made ahead and never shown: the
 * audit goes with it, and leaves nothing of itself on its surface, which
 * GTK may still lay out a moment later (GTK 4.8 left it a compute-size
 * handler that then ran on the freed window). */
static void
test_made_ahead_goes (void)
{
  g_autoptr(XqSession) session = ui_sample_prefix (30);
  XqWindow *window = ui_window_with (app, session);
  g_autoptr(GdkSurface) surface = NULL;
  FxAuditWindow *ahead;
  gpointer was;

  ui_wait_until (made_ahead_for, window);
  ahead = audit_made_ahead (window);
  surface = g_object_ref (gtk_native_get_surface (GTK_NATIVE (ahead)));
  g_object_add_weak_pointer (G_OBJECT (ahead), (gpointer *) &ahead);
  was = ahead;
  xq_document_discard_journal (xq_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_null (ahead);
  g_assert_cmpuint (g_signal_handler_find (surface, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, was), ==, 0);
  ui_settle ();
}

/* The conversion cards read as decimals: nothing like "14 + 169/210" where a
 * person reads a number. A value not exact to the hundredth is cut to two
 * decimals, marked "≈", and its tooltip gives it exactly; the decimal is
 * that value cut, never rounded up. */
static void
test_decimals (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autoptr(GPtrArray) labels = NULL;
  g_autoptr(GRegex) fraction = g_regex_new ("[0-9]+ \\+ [0-9]+/[0-9]+", 0, 0, NULL);
  g_autoptr(GRegex) exactly = g_regex_new ("^exactly (?:([0-9]+) \\+ )?([0-9]+)/([0-9]+)$", 0, 0, NULL);
  guint n_cut = 0;

  ui_wait_audit_loaded (audit);
  fx_audit_window_show_page (audit, "audit");
  ui_settle ();
  labels = ui_find_all (GTK_WIDGET (audit), GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_text (labels->pdata[i]);
      const char *tooltip = xq_tooltip_get_text (labels->pdata[i]);
      g_autoptr(GMatchInfo) match = NULL;
      g_autofree char *whole = NULL, *num = NULL, *den = NULL;
      g_autofree char *expected = NULL;
      gint64 rest, hundredths;

      if (g_regex_match (fraction, text, 0, NULL))
        g_error ("the audit shows a fraction where a decimal is read: “%s”", text);
      if (!g_str_has_prefix (text, "≈ "))
        continue;
      g_assert_nonnull (tooltip);
      if (!g_regex_match (exactly, tooltip, 0, &match))
        g_error ("“%s” has the tooltip “%s”", text, tooltip);
      whole = g_match_info_fetch (match, 1);
      num = g_match_info_fetch (match, 2);
      den = g_match_info_fetch (match, 3);
      rest = g_ascii_strtoll (num, NULL, 10);
      hundredths = rest * 100 / g_ascii_strtoll (den, NULL, 10);
      expected = g_strdup_printf ("≈ %s.%02d", *whole != '\0' ? whole : "0", (int) hundredths);
      g_test_message ("%s — %s", text, tooltip);
      g_assert_cmpstr (text, ==, expected);
      n_cut++;
    }
  /* The sample's rates give values no decimal holds exactly. */
  g_assert_cmpuint (n_cut, >, 0);
  ui_close_with_audit (window, audit);
}

/* The lowest bottom of the shown labels inside @card, in @card's coordinates. */
static double
content_bottom (GtkWidget *card)
{
  g_autoptr(GPtrArray) labels = ui_find_all (card, GTK_TYPE_LABEL);
  double bottom = 0;

  for (guint i = 0; i < labels->len; i++)
    {
      graphene_rect_t bounds;

      if (!gtk_widget_get_mapped (labels->pdata[i])
          || !gtk_widget_compute_bounds (labels->pdata[i], card, &bounds))
        continue;
      bottom = MAX (bottom, bounds.origin.y + bounds.size.height);
    }
  return bottom;
}

/* Every card of the audit's pages takes its content's height: no card ends
 * with more empty space below its last line than its own padding (the
 * Statistics page's "Actions" card had 200–400 px). */
static void
test_cards_fit (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  const char *pages[] = { "audit", "statistics" };
  const UiSize sizes[] = { { 1280, 800, "1280x800" }, { 1024, 600, "1024x600" }, { 360, 720, "360x720" } };
  guint n_blank = 0;

  ui_wait_audit_loaded (audit);
  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      ui_resize (GTK_WINDOW (audit), &sizes[z]);
      for (guint p = 0; p < G_N_ELEMENTS (pages); p++)
        {
          g_autoptr(GPtrArray) widgets = NULL;
          guint n_cards = 0;

          fx_audit_window_show_page (audit, pages[p]);
          ui_settle ();
          widgets = ui_find_all (GTK_WIDGET (audit), GTK_TYPE_WIDGET);
          for (guint i = 0; i < widgets->len; i++)
            {
              GtkWidget *card = widgets->pdata[i];
              double height, blank;

              if (!gtk_widget_has_css_class (card, "card") || !gtk_widget_get_mapped (card))
                continue;
              height = gtk_widget_get_height (card);
              blank = height - content_bottom (card);
              n_cards++;
              /* 12 px of padding, and a little for a table's row spacing. */
              if (blank > 24)
                {
                  g_autofree char *text = ui_collect_text (card);

                  g_test_message ("%s, %s page: a card %.0f px high ends with %.0f px of empty space: %.60s",
                                  sizes[z].name, pages[p], height, blank, text);
                  n_blank++;
                }
            }
          g_assert_cmpuint (n_cards, >, 0);
        }
    }
  g_assert_cmpuint (n_blank, ==, 0);
  ui_close_with_audit (window, audit);
}

/* The head of the exported report's first page. */
static char *
report_head (FxAuditWindow *audit,
             const char    *dir)
{
  g_autofree char *pdf = g_build_filename (dir, "dated.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autoptr(GPtrArray) pages = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (fx_audit_window_export_to (audit, file, &error));
  g_assert_no_error (error);
  pages = pdf_read_pages (pdf);
  g_remove (pdf);
  return g_strdup (((PdfRow *) ((PdfPage *) pages->pdata[0])->rows->pdata[0])->text);
}

/* A game that records no date is dated by the file it was read from; one
 * with neither says so, never "undated game". */
static void
test_report_dated (void)
{
  g_autofree char *path = g_build_filename (EXAMPLES_DIR, "for-ex-sample.xqn", NULL);
  g_autofree char *dir = g_dir_make_tmp ("exchequer-audit-XXXXXX", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE,
                                                 NULL, NULL);
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (
    (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED));
  g_autoptr(GDateTime) local = g_date_time_to_local (utc);
  g_autofree char *expected = g_date_time_format (local, "Exchequer · For-Ex · %Y-%m-%d");
  g_autofree char *head = NULL;
  g_autoptr(XqSession) unsaved = ui_sample_prefix (30);
  XqWindow *window = ui_new_window (app);
  FxAuditWindow *audit;

  xq_window_open_file (window, file);
  ui_wait_until (xq_window_has_document, window);
  audit = ui_open_audit (window);
  ui_wait_audit_loaded (audit);
  head = report_head (audit, dir);
  g_assert_cmpstr (head, ==, expected);
  ui_close_with_audit (window, audit);

  window = ui_window_with (app, unsaved);
  audit = ui_open_audit (window);
  ui_wait_audit_loaded (audit);
  g_free (head);
  head = report_head (audit, dir);
  g_assert_cmpstr (head, ==, "Exchequer · For-Ex · date not recorded");
  ui_close_with_audit (window, audit);
  g_rmdir (dir);
}

/* Ann's contract A is taken away by a correction, Ben's B made a loan by
 * another: neither was resolved by the rules, and both are called taken off
 * by a correction, at the move of the correction. */
#define TAKEN_OFF "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n" \
                  "contract Ann USD 6 GBP\ncontract Ben GBP 2 USD\n" \
                  "correct remove A \"never laid\"\ncorrect loan B Ben GBP 3 \"was a loan\"\n" \
                  "invest Ann GBP\n"

/* The exported report's words, every row of every page in one line. */
static char *
report_words (FxAuditWindow *audit)
{
  g_autofree char *dir = g_dir_make_tmp ("exchequer-audit-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autoptr(GPtrArray) pages = NULL;
  g_autoptr(GError) error = NULL;
  GString *words = g_string_new (NULL);

  g_assert_true (pdf_can_read ());
  g_assert_true (fx_audit_window_export_to (audit, file, &error));
  g_assert_no_error (error);
  pages = pdf_read_pages (pdf);
  for (guint k = 0; k < pages->len; k++)
    {
      PdfPage *page = pages->pdata[k];

      /* An entry goes on over the next rows: they read as one line. */
      for (guint r = 0; r < page->rows->len; r++)
        g_string_append_printf (words, " %s", ((PdfRow *) page->rows->pdata[r])->text);
    }
  g_remove (pdf);
  g_rmdir (dir);
  return g_string_free (words, FALSE);
}

/* A contract a correction took off the table is said to be so, in the
 * audit's statistics and in the exported report, with the correction's
 * move; never "still open", nor paid or a loan by the rules. */
static void
test_taken_off_by_correction (void)
{
  g_autoptr(XqSession) session = session_from (TAKEN_OFF);
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autofree char *text = NULL;
  g_autofree char *words = NULL;

  ui_wait_audit_loaded (audit);
  fx_audit_window_show_page (audit, "statistics");
  gtk_window_set_default_size (GTK_WINDOW (audit), 1100, 1150);
  ui_settle ();
  text = ui_collect_text (GTK_WIDGET (audit));
  assert_contains (text, "Ann pays 6 USD for 6 GBP");
  assert_contains (text, "taken off by a correction at move 3");
  assert_contains (text, "taken off by a correction at move 4");
  assert_lacks (text, "still open");
  assert_lacks (text, "a loan at move");
  assert_lacks (text, "paid at move");

  words = report_words (audit);
  SAYS (words, "Ann pays 6 USD for 6 GBP (move 1); taken off by a correction at 3");
  SAYS (words, "Ben pays 2 GBP for 2 USD (move 2); taken off by a correction at 4");
  NEVER_SAYS (words, "; still open");
  NEVER_SAYS (words, "; a loan at");
  NEVER_SAYS (words, "; paid at");
  ui_close_with_audit (window, audit);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/audit/sample", test_sample);
  g_test_add_func ("/audit/decimals", test_decimals);
  g_test_add_func ("/audit/cards-fit", test_cards_fit);
  g_test_add_func ("/audit/report-dated", test_report_dated);
  g_test_add_func ("/audit/taken-off-by-correction", test_taken_off_by_correction);
  g_test_add_func ("/audit/random-games", test_random_games);
  g_test_add_func ("/audit/follows-game", test_follows_game);
  g_test_add_func ("/audit/projected-loan", test_projected_loan);
  g_test_add_func ("/audit/projected-start-tie", test_projected_start_tie);
  g_test_add_func ("/audit/readings-rounding", test_readings_rounding);
  g_test_add_func ("/audit/long-game", test_long_game);
  g_test_add_func ("/audit/long-game-closed", test_long_game_closed);
  g_test_add_func ("/audit/open-long-game", test_open_long_game);
  g_test_add_func ("/audit/pages-made-when-shown", test_pages_made_when_shown);
  g_test_add_func ("/audit/closed-while-loading", test_closed_while_loading);
  g_test_add_func ("/audit/close-long-game", test_close_long_game);
  g_test_add_func ("/audit/made-ahead", test_made_ahead);
  g_test_add_func ("/audit/first-frame", test_first_frame);
  g_test_add_func ("/audit/made-ahead-goes", test_made_ahead_goes);

  return ui_test_run (&app);
}
