/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report explains every number (issue #17, item 3), read back from the
 * PDF exchequer-cli writes: each dividend's strengthened currency and why,
 * every kind of correction whole in the history's words with its reason
 * (quotes and a reason longer than a row included), and the result line's
 * note on the corrections it rests on, absent from a game without them. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cli-support.h"
#include "fx-dividends.h"
#include "fx-random-play.h"
#include "fx-sentence.h"
#include "pdf-support.h"
#include "xq-games.h"

#define LONG_REASON \
  "the loan was paid at the table: Ann said \"I paid it back on turn 4, ask Ben\", and Ben agreed; we " \
  "checked the box lid where the markers go and it was there, so it comes off the queue"

/* Two ties chosen (card 0 with nobody holding a certificate, card 2 with
 * EUR and USD one each), then USD ahead; corrections of nine kinds between,
 * reasons with quotes among them. The audit and the report tests share it. */
static char *
read_game_corrected (void)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/for-ex-corrected.xqn", &text, NULL, NULL));
  return text;
}

static const char *const dividend_sentences[] = {
  "Dividend card 0, move 1: GBP strengthened — nobody held a certificate, so all seven currencies tied; Ann chose GBP",
  "Dividend card 2, move 14: EUR strengthened — EUR, USD tied for the most certificates in players’ hands "
  "(EUR 1, USD 1); Ben chose EUR",
  "Dividend card 3, move 16: USD strengthened — the most certificates in players’ hands: USD 2, EUR 1",
  "Dividend card 4, move 17: USD strengthened — the most certificates in players’ hands: USD 2, EUR 1",
};

/* The same game with no correction: Cat buys nothing, so EUR leads alone. */
static const char game_plain[] =
  "game for-ex\n"
  "players Ann Ben Cat\n"
  "removed USD JPY JPY CNY EUR GBP\n"
  "resolve Ann GBP\n"
  "invest Ben EUR\n"
  "contract Cat USD 2 CHF\n"
  "resolve Ann\n"
  "resolve Ben\n"
  "resolve Cat\n"
  "resolve Ann\n"
  "resolve Ben\n";

typedef struct
{
  char      *dir;
  char      *pdf;
  GPtrArray *pages;
  char      *words;      /* every row of every page, one space apart */
  char      *result;     /* the overview page's rows from "Result" on */
} Report;

static void
report_clear (Report *r)
{
  g_autofree char *game = g_build_filename (r->dir, "game.xqn", NULL);

  g_remove (game);
  g_remove (r->pdf);
  g_rmdir (r->dir);
  g_free (r->dir);
  g_free (r->pdf);
  g_ptr_array_unref (r->pages);
  g_free (r->words);
  g_free (r->result);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Report, report_clear)

static void
report_read (Report     *r,
             const char *xqn)
{
  g_autofree char *game = NULL;
  g_autoptr(GString) words = g_string_new (NULL);
  g_autoptr(GString) result = g_string_new (NULL);
  g_auto(Run) run = { 0 };

  r->dir = g_dir_make_tmp ("report-explain-XXXXXX", NULL);
  game = g_build_filename (r->dir, "game.xqn", NULL);
  r->pdf = g_build_filename (r->dir, "report.pdf", NULL);
  g_assert_true (g_file_set_contents (game, xqn, -1, NULL));
  /* Under fatal warnings: a page count that disagreed with the pages drawn would fail here. */
  RUN (&run, "report", game, r->pdf);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  r->pages = pdf_read_pages (r->pdf);
  for (guint k = 0; k < r->pages->len; k++)
    {
      PdfPage *page = r->pages->pdata[k];
      g_autofree char *footer = g_strdup_printf ("Page %u of %u", k + 1, r->pages->len);
      gboolean in_result = FALSE;

      g_assert_cmpstr (((PdfRow *) page->rows->pdata[page->rows->len - 1])->text, ==, footer);
      for (guint i = 0; i < page->rows->len; i++)
        {
          PdfRow *row = page->rows->pdata[i];

          /* Nothing on any page is cut short. */
          g_assert_false (row->elided);
          g_string_append_printf (words, "%s ", row->text);
          /* The first page's "Result" runs to the board's heading. */
          if (k == 0 && strcmp (row->text, "The final board") == 0)
            in_result = FALSE;
          if (in_result)
            g_string_append_printf (result, "%s ", row->text);
          if (k == 0 && strcmp (row->text, "Result") == 0)
            in_result = TRUE;
        }
    }
  g_assert_cmpuint (result->len, >, 0);
  r->words = g_string_free (g_steal_pointer (&words), FALSE);
  r->result = g_strstrip (g_string_free (g_steal_pointer (&result), FALSE));
}

static void
test_corrected_game (void)
{
  g_autofree char *game_corrected = read_game_corrected ();
  g_auto(Report) r = { 0 };
  g_autoptr(XqSession) session = fx_test_parse (game_corrected);
  const XqGame *game = xq_session_get_game (session);
  guint n_corrections = 0;

  if (!pdf_can_read ())
    {
      g_test_skip ("pdftotext not found: the report's words cannot be read");
      return;
    }
  report_read (&r, game_corrected);

  /* The result line, on the first page, says what it rests on. */
  g_assert_cmpstr (r.result, ==, "The game ended when the queue was empty. Strongest currency: USD. Cat wins with "
                                 "19 USD. These numbers rest on 9 corrections (moves 3, 4, 5, 6, 8, 9, 10, 11 and "
                                 "12).");

  SAYS (r.words, "Dividends (the currency each strengthened, and why)");
  for (guint i = 0; i < G_N_ELEMENTS (dividend_sentences); i++)
    SAYS (r.words, dividend_sentences[i]);

  /* Every correction whole, as the history says it, with its reason. */
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      const char *reason = xq_session_get_move_reason (session, i);
      g_autofree char *sentence = NULL;
      g_autofree char *expected = NULL;
      FxState before;

      if (!game->move_is_correction (xq_session_get_move (session, i)))
        continue;
      xq_session_get_state_at (session, i, &before);
      sentence = fx_sentence_move (xq_session_get_setup (session), &before, xq_session_get_move (session, i));
      expected = reason != NULL ? g_strdup_printf ("%u. %s — reason: %s", i + 1, sentence, reason)
                                : g_strdup_printf ("%u. %s — no reason given", i + 1, sentence);
      SAYS (r.words, expected);
      n_corrections++;
    }
  g_assert_cmpuint (n_corrections, ==, 9);
  /* The kinds in words, not notation; the quotes of a reason as written. */
  SAYS (r.words, "5. Correction: Cat holds 1 USD certificate — reason: he said \"I bought one\"");
  SAYS (r.words, "8. Correction: contract A is Cat’s: will pay 2 USD and receive 3 CHF — reason: typo");
  SAYS (r.words, "9. Correction: Ann owes loan B: 1 GBP — reason: Ann took a loan marker");
  SAYS (r.words, "10. Correction: the queue reads A, Dividends, B — no reason given");
  SAYS (r.words, "11. Correction: 3 Dividend cards are left — no reason given");
  SAYS (r.words, "12. Correction: Ann’s loan B is removed from the queue — reason: " LONG_REASON);
  NEVER_SAYS (r.words, "correct ");
}

static void
test_plain_game (void)
{
  g_auto(Report) r = { 0 };
  g_autoptr(XqSession) session = fx_test_parse (game_plain);
  g_autoptr(GArray) dividends = fx_dividends_collect (session);

  if (!pdf_can_read ())
    {
      g_test_skip ("pdftotext not found: the report's words cannot be read");
      return;
    }
  report_read (&r, game_plain);
  NEVER_SAYS (r.words, "rest on");
  NEVER_SAYS (r.result, "correction");
  g_assert_true (g_str_has_prefix (r.result, "The game ended when the queue was empty."));
  g_assert_cmpuint (dividends->len, ==, 5);
  for (guint i = 0; i < dividends->len; i++)
    {
      g_autofree char *sentence = fx_dividend_sentence (xq_session_get_setup (session),
                                                        &g_array_index (dividends, FxDividend, i));

      SAYS (r.words, sentence);
    }
  SAYS (r.words, "Dividend card 1, move 4: EUR strengthened — the most certificates in players’ hands: EUR 1");
  /* "Corrections" then "None.", the list there and empty. */
  SAYS (r.words, "Corrections None. Moves");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  g_test_add_func ("/report-explain/corrected-game", test_corrected_game);
  g_test_add_func ("/report-explain/plain-game", test_plain_game);
  return g_test_run ();
}
