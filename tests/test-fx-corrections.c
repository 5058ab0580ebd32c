/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests the corrections of the queue's contents (issue #17): each kind read
 * from XQN and applied, refused with the rule's sentence, written back to XQN
 * and to a session file the schema accepts, undone and redone; and a reason
 * holding quotes and backslashes through both. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "fx-random-play.h"
#include "fx-sentence.h"
#include "fx-state.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session-xml.h"
#include "xq-session.h"

enum { BOB, CYNTHIA, DAVID, AGNES };
enum { A, B, C, D };

#define HEADER \
  "game for-ex\n" \
  "players Bob Cynthia David Agnes\n" \
  "removed USD JPY JPY CNY EUR GBP\n" \
  "spot Bob Cynthia GBP USD\n" \
  "contract Bob USD 2 CHF\n"             /* line 5: contract A; queue: dividends A */

#define QUOTED_REASON "he said \"no\" \\ C:\\dir\\"

/* Lines 6 to 11. */
static const char *const corrections[] = {
  "correct contract B Cynthia 3 GBP 6 EUR \"typo\"",
  "correct contract A Bob 2 USD 3 CHF",
  "correct loan C David USD 7 JPY 3.5 \"he said \\\"no\\\" \\\\ C:\\\\dir\\\\\"",
  "correct queue C dividends A B",
  "correct dividends 3",
  "correct remove B",
};

static char *
game_text (void)
{
  GString *out = g_string_new (HEADER);

  for (guint i = 0; i < G_N_ELEMENTS (corrections); i++)
    g_string_append_printf (out, "%s\n", corrections[i]);
  return g_string_free (out, FALSE);
}

static void
assert_final_table (XqSession *session)
{
  const FxState *s = xq_session_get_state (session);

  g_assert_cmpuint (s->queue_len, ==, 3);
  g_assert_cmpint (s->queue[0].kind, ==, FX_ITEM_LOAN);
  g_assert_cmpint (s->queue[0].letter, ==, C);
  g_assert_cmpint (s->queue[1].kind, ==, FX_ITEM_DIVIDENDS);
  g_assert_cmpint (s->queue[2].kind, ==, FX_ITEM_CONTRACT);
  g_assert_cmpint (s->queue[2].letter, ==, A);
  g_assert_cmpuint (s->dividends_left, ==, 3);

  g_assert_cmpint (s->letters[A].use, ==, FX_LETTER_CONTRACT);
  g_assert_cmpint (s->letters[A].owner, ==, BOB);
  g_assert_cmpint (s->letters[A].pay, ==, FX_USD);
  g_assert_cmpint (s->letters[A].pay_amount, ==, XQ_BUCKS (2));
  g_assert_cmpint (s->letters[A].receive, ==, FX_CHF);
  g_assert_cmpint (s->letters[A].receive_amount, ==, XQ_BUCKS (3));
  g_assert_cmpint (s->letters[B].use, ==, FX_LETTER_FREE);
  g_assert_cmpint (s->letters[C].use, ==, FX_LETTER_LOAN);
  g_assert_cmpint (s->letters[C].owner, ==, DAVID);
  g_assert_cmpint (s->letters[C].owed[FX_USD], ==, XQ_BUCKS (7));
  g_assert_cmpint (s->letters[C].owed[FX_JPY], ==, 7);
  g_assert_cmpint (s->letters[C].owed[FX_GBP], ==, 0);
  g_assert_cmpint (fx_state_loan_of (s, DAVID), ==, C);
  /* Corrections take no turn. */
  g_assert_cmpuint (s->turn, ==, 1);
}

static void
test_each_kind (void)
{
  g_autofree char *text = game_text ();
  g_autoptr(XqSession) session = fx_test_parse (text);
  g_autofree char *written = NULL;

  assert_final_table (session);
  g_assert_cmpstr (xq_session_get_move_reason (session, 2), ==, "typo");
  g_assert_cmpstr (xq_session_get_move_reason (session, 4), ==, QUOTED_REASON);
  g_assert_null (xq_session_get_move_reason (session, 3));

  /* Written back as read, statement by statement. */
  for (guint i = 0; i < G_N_ELEMENTS (corrections); i++)
    {
      g_autofree char *line = xq_session_format_move (session, i + 2);

      g_assert_cmpstr (line, ==, corrections[i]);
    }
  written = xq_session_to_notation (session);
  g_assert_nonnull (strstr (written, corrections[2]));
}

static void
test_round_trip_notation (void)
{
  g_autofree char *text = game_text ();
  g_autoptr(XqSession) session = fx_test_parse (text);
  g_autofree char *written = xq_session_to_notation (session);
  g_autoptr(XqSession) copy = fx_test_parse (written);

  fx_test_assert_same_game (session, copy);
  assert_final_table (copy);
}

/* The loader validates against data/session.rng before it replays. */
static void
test_round_trip_xml (void)
{
  g_autofree char *text = game_text ();
  g_autoptr(XqSession) session = fx_test_parse (text);
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) copy = NULL;
  g_autofree char *doc = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  /* Written as data/README-format.md and data/session.rng describe; the
   * document is indented, so each element is looked for on its own. */
  const char *expected[] = {
    "type=\"correct-contract\" letter=\"B\" owner=\"Cynthia\">",
    "<pay currency=\"GBP\" amount=\"3\"/>",
    "<receive currency=\"EUR\" amount=\"6\"/>",
    "type=\"correct-loan\" letter=\"C\" owner=\"David\">",
    "<owe currency=\"USD\" amount=\"7\"/>",
    "<owe currency=\"JPY\" amount=\"3.5\"/>",
    "type=\"correct-queue\">",
    "<item letter=\"C\"/>",
    "<dividends/>",
    "type=\"correct-dividends\" cards=\"3\">",
    "type=\"correct-remove\" letter=\"B\">",
    "<xqn>correct loan C David USD 7 JPY 3.5</xqn>",
    "<reason>he said \"no\" \\ C:\\dir\\</reason>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (strstr (doc, expected[i]) == NULL)
      g_error ("%s not in\n%s", expected[i], doc);

  copy = xq_session_new_from_xml (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, &error);
  g_assert_no_error (error);
  fx_test_assert_same_game (session, copy);
  assert_final_table (copy);
}

/* A move the schema does not know is refused by it: the new types are the
 * schema's own, not let through by a loose pattern. */
static void
test_schema_refuses_malformed (void)
{
  g_autofree char *text = game_text ();
  g_autoptr(XqSession) session = fx_test_parse (text);
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);
  g_autofree char *doc = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  const char *mutations[][2] = {
    { "type=\"correct-remove\" letter=\"B\"", "type=\"correct-remove\" letter=\"G\"" },
    { "type=\"correct-dividends\" cards=\"3\"", "type=\"correct-dividends\" cards=\"x\"" },
    { "<item letter=\"B\"/>", "<item letter=\"B\" extra=\"1\"/>" },
    { "<pay currency=\"GBP\" amount=\"3\"/>", "<pay currency=\"GBP\" amount=\"-3\"/>" },
    { "type=\"correct-loan\" letter=\"C\" owner=\"David\">", "type=\"correct-loan\" letter=\"C\">" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (mutations); i++)
    {
      g_auto(GStrv) parts = g_strsplit (doc, mutations[i][0], 2);
      g_autofree char *mutant = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) copy = NULL;

      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      mutant = g_strjoin (mutations[i][1], parts[0], parts[1], NULL);
      copy = xq_session_new_from_xml (mutant, strlen (mutant), NULL, &error);
      g_assert_null (copy);
      g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
    }
}

static void
test_undo_redo (void)
{
  g_autofree char *text = game_text ();
  g_autoptr(XqSession) session = fx_test_parse (text);
  guint n = xq_session_get_n_moves (session);
  FxState before_all, before_remove, after_all;

  xq_session_get_state_at (session, 2, &before_all);
  xq_session_get_state_at (session, n - 1, &before_remove);
  after_all = *(const FxState *) xq_session_get_state (session);

  g_assert_true (xq_session_undo (session));
  g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &before_remove, sizeof before_remove);
  /* B is back, at the back of the queue where the queue correction put it. */
  g_assert_cmpint (((const FxState *) xq_session_get_state (session))->letters[B].use, ==, FX_LETTER_CONTRACT);
  g_assert_cmpuint (((const FxState *) xq_session_get_state (session))->queue_len, ==, 4);

  while (xq_session_get_n_moves (session) > 2)
    g_assert_true (xq_session_undo (session));
  g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &before_all, sizeof before_all);
  while (xq_session_can_redo (session))
    g_assert_true (xq_session_redo (session));
  g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &after_all, sizeof after_all);
}

static void
test_sentences (void)
{
  g_autofree char *text = game_text ();
  g_autoptr(XqSession) session = fx_test_parse (text);
  const char *expected[] = {
    "Correction: contract B is Cynthia’s: will pay 3 GBP and receive 6 EUR",
    "Correction: contract A is Bob’s: will pay 2 USD and receive 3 CHF",
    "Correction: David owes loan C: 7 USD, 3.5 JPY",
    "Correction: the queue reads C, Dividends, A, B",
    "Correction: 3 Dividend cards are left",
    "Correction: Cynthia’s contract B is removed from the queue",
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      FxState before;
      g_autofree char *sentence = NULL;

      xq_session_get_state_at (session, i + 2, &before);
      sentence = fx_sentence_move (xq_session_get_setup (session), &before, xq_session_get_move (session, i + 2));
      g_assert_cmpstr (sentence, ==, expected[i]);
      g_assert_null (fx_sentence_turn_of_move (&before, xq_session_get_move (session, i + 2)));
    }
}

/* Each impossible table refused at its line with the rule's sentence. */
static void
test_refusals (void)
{
  static const struct
  {
    const char *moves;
    const char *sentence;
  } cases[] = {
    { "correct contract A Bob 11 USD 11 CHF",
      "a contract exchanges a whole number from 1 to 10 of one currency for that number times a track value (1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6 or 8) of the other" },
    { "correct contract B Bob 2 USD 9 CHF",
      "a contract exchanges a whole number from 1 to 10 of one currency for that number times a track value (1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6 or 8) of the other" },
    { "correct contract B Bob 2 USD 2 USD", "a contract pays one currency and receives another" },
    { "correct contract G Bob 2 USD 2 CHF", "“G” is not a letter; contracts and loans are lettered A to F" },
    { "correct contract B Zed 2 USD 2 CHF", "there is no player named “Zed”" },
    { "correct loan C David USD 7\ncorrect loan D David GBP 1",
      "David already owes loan C; a player has at most one loan, and a new debt joins it" },
    { "correct loan C David USD 0", "a loan owes something; to take it away use “correct remove”" },
    { "correct loan C David USD 1 usd 2", "a loan names each currency once; USD comes twice" },
    { "correct loan C David USD", "the statement reads: correct loan LETTER OWNER CUR AMOUNT [CUR AMOUNT]… [\"reason\"]" },
    { "correct remove E", "letter E is free: there is no contract or loan to remove" },
    { "correct queue A", "the queue holds dividends A; a queue correction lists exactly these, each once, in their new order (“correct contract”, “correct loan” and “correct remove” add and take away)" },
    { "correct queue A A", "the queue holds dividends A; a queue correction lists exactly these, each once, in their new order (“correct contract”, “correct loan” and “correct remove” add and take away)" },
    { "correct queue A B", "the queue holds dividends A; a queue correction lists exactly these, each once, in their new order (“correct contract”, “correct loan” and “correct remove” add and take away)" },
    { "correct dividends 0", "the dividend stack holds 1 to 5 cards while the game goes on" },
    { "correct dividends 6", "the dividend stack holds 1 to 5 cards while the game goes on" },
    { "correct dividends 3 why", "a correction’s reason goes in quotes (\"): correct dividends N [\"reason\"]" },
    { "correct debts 3", "a correction sets cash, certs, pile, pair, contract, loan, remove, queue or dividends: “correct cash PLAYER CUR AMOUNT”" },
    { "spot Cynthia David GBP USD\ncorrect dividends 3", "a correction cannot come between Cynthia’s spot transaction and action" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat (HEADER, cases[i].moves, "\n", NULL);
      g_autoptr(GError) error = NULL;
      guint line = 0, n_lines = 1;
      g_autoptr(XqSession) session = xq_session_new_from_notation (text, -1, &line, &error);

      for (const char *p = cases[i].moves; *p; p++)
        n_lines += *p == '\n';
      g_assert_null (session);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].sentence);
      g_assert_cmpuint (line, ==, 5 + n_lines);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  g_test_add_func ("/fx/corrections/each-kind", test_each_kind);
  g_test_add_func ("/fx/corrections/round-trip/notation", test_round_trip_notation);
  g_test_add_func ("/fx/corrections/round-trip/xml", test_round_trip_xml);
  g_test_add_func ("/fx/corrections/schema", test_schema_refuses_malformed);
  g_test_add_func ("/fx/corrections/undo-redo", test_undo_redo);
  g_test_add_func ("/fx/corrections/sentences", test_sentences);
  g_test_add_func ("/fx/corrections/refusals", test_refusals);
  return g_test_run ();
}
