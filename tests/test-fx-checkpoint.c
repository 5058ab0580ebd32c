/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests counting the table (issue #17, item 2): the `checkpoint` move through
 * XQN, the session file and its schema, the rules that place it, the moves a
 * count becomes, a group of moves played and undone as one step, and every
 * exchequer-cli command on a game that holds checkpoints. */

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cli-support.h"
#include "fx-checkpoint.h"
#include "fx-game.h"
#include "fx-notation.h"
#include "fx-random-play.h"
#include "fx-sentence.h"
#include "fx-state.h"
#include "test-dirs.h"
#include "xq-autosave.h"
#include "xq-session-file.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session-xml.h"
#include "xq-session.h"

enum { BOB, CYNTHIA, DAVID, AGNES };

#define HEADER \
  "game for-ex\n" \
  "players Bob Cynthia David Agnes\n" \
  "removed USD JPY JPY CNY EUR GBP\n" \
  "resolve Bob GBP\n"                   /* line 4: dividend card 0 */

/* A reason with both escapes, as written in XQN and as the players typed it. */
#define ESCAPED_REASON "\"counted after \\\"dividend\\\" 1 \\\\ C:\\\\dir\""
#define PLAIN_REASON "counted after \"dividend\" 1 \\ C:\\dir"

/* Lines 5 to 10. */
static const char *const moves[] = {
  "correct cash Cynthia EUR 3.5 \"counted after dividend card 0\"",
  "correct pile GBP 6 \"counted after dividend card 0\"",
  "correct certs David GBP 1 \"counted after dividend card 0\"",
  "checkpoint 3 " ESCAPED_REASON,
  "contract Cynthia USD 2 CHF",
  "checkpoint 0",
};

static char *
game_text (void)
{
  GString *out = g_string_new (HEADER);

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_string_append_printf (out, "%s\n", moves[i]);
  return g_string_free (out, FALSE);
}

/* The state without the run of corrections, which is all a checkpoint touches. */
static void
assert_same_table (const FxState *a,
                   const FxState *b)
{
  FxState x = *a, y = *b;

  x.corrections_in_row = y.corrections_in_row = 0;
  g_assert_cmpmem (&x, sizeof x, &y, sizeof y);
}

static void
test_notation (void)
{
  g_autofree char *text = game_text ();
  g_autoptr(XqSession) session = fx_test_parse (text);
  g_autofree char *written = xq_session_to_notation (session);
  g_autoptr(XqSession) copy = NULL;
  const FxMove *checkpoint = xq_session_get_move (session, 4);
  FxState before, after;

  g_assert_cmpint (checkpoint->kind, ==, FX_MOVE_CHECKPOINT);
  g_assert_cmpint (checkpoint->amount, ==, 3);
  g_assert_false (fx_move_is_correction (checkpoint));
  g_assert_cmpstr (xq_session_get_move_reason (session, 4), ==, PLAIN_REASON);
  g_assert_null (xq_session_get_move_reason (session, 6));

  /* Each statement written back as it was read, escapes included. */
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *line = xq_session_format_move (session, i + 1);

      g_assert_cmpstr (line, ==, moves[i]);
    }
  g_assert_cmpstr (written, ==, text);
  copy = fx_test_parse (written);
  fx_test_assert_same_game (session, copy);

  /* The count itself changes nothing on the table, and takes no turn. */
  xq_session_get_state_at (session, 4, &before);
  xq_session_get_state_at (session, 5, &after);
  assert_same_table (&before, &after);
  g_assert_cmpuint (before.corrections_in_row, ==, 3);
  g_assert_cmpuint (after.corrections_in_row, ==, 0);
}

static void
test_xml (void)
{
  g_autofree char *text = game_text ();
  g_autoptr(XqSession) session = fx_test_parse (text);
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);
  g_autofree char *doc = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) copy = NULL;
  const char *expected[] = {
    "type=\"checkpoint\" differences=\"3\">",
    "<xqn>checkpoint 3</xqn>",
    "<reason>counted after \"dividend\" 1 \\ C:\\dir</reason>",
    "type=\"checkpoint\" differences=\"0\">",
    "<xqn>checkpoint 0</xqn>",
  };
  const char *mutations[][2] = {
    { "type=\"checkpoint\" differences=\"3\"", "type=\"checkpoint\" differences=\"x\"" },
    { "type=\"checkpoint\" differences=\"3\"", "type=\"checkpoint\"" },
    { "type=\"checkpoint\" differences=\"3\"", "type=\"checkpoint\" differences=\"3\" player=\"Bob\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (strstr (doc, expected[i]) == NULL)
      g_error ("%s not in\n%s", expected[i], doc);

  /* The loader validates against data/session.rng, then replays. */
  copy = xq_session_new_from_xml (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, &error);
  g_assert_no_error (error);
  fx_test_assert_same_game (session, copy);

  for (guint i = 0; i < G_N_ELEMENTS (mutations); i++)
    {
      g_auto(GStrv) parts = g_strsplit (doc, mutations[i][0], 2);
      g_autofree char *mutant = NULL;
      g_autoptr(GError) mutant_error = NULL;
      g_autoptr(XqSession) loaded = NULL;

      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      mutant = g_strjoin (mutations[i][1], parts[0], parts[1], NULL);
      loaded = xq_session_new_from_xml (mutant, strlen (mutant), NULL, &mutant_error);
      g_assert_null (loaded);
      g_assert_error (mutant_error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
    }

  /* The structured data must agree with the statement. */
  {
    g_auto(GStrv) parts = g_strsplit (doc, "type=\"checkpoint\" differences=\"3\"", 2);
    g_autofree char *mutant = g_strjoin ("type=\"checkpoint\" differences=\"2\"", parts[0], parts[1], NULL);
    g_autoptr(GError) mutant_error = NULL;
    g_autoptr(XqSession) loaded = xq_session_new_from_xml (mutant, strlen (mutant), NULL, &mutant_error);

    g_assert_null (loaded);
    g_assert_nonnull (mutant_error);
  }
}

/* Each misplaced or miscounted checkpoint refused at its line, with the rule. */
static void
test_refusals (void)
{
  static const struct
  {
    const char *moves;
    const char *sentence;
  } cases[] = {
    { "checkpoint 1",
      "a count’s differences are the corrections just before it; 1 difference needs as many, but 0 come right before" },
    /* Each count with its own plural: one correction "comes". */
    { "correct cash Bob GBP 3\ncheckpoint 2",
      "a count’s differences are the corrections just before it; 2 differences need as many, but 1 comes right before" },
    { "correct cash Bob GBP 3\ncorrect cash Bob GBP 4\ncheckpoint 3",
      "a count’s differences are the corrections just before it; 3 differences need as many, but 2 come right before" },
    /* A move in between ends the run of corrections. */
    { "correct cash Bob GBP 3\ncontract Cynthia USD 2 CHF\ncheckpoint 1",
      "a count’s differences are the corrections just before it; 1 difference needs as many, but 0 come right before" },
    { "correct cash Bob GBP 3\ncheckpoint 1\ncheckpoint 1",
      "a count’s differences are the corrections just before it; 1 difference needs as many, but 0 come right before" },
    { "spot Cynthia David GBP USD\ncheckpoint 0",
      "the table cannot be counted between Cynthia’s spot transaction and action" },
    { "checkpoint", "the statement reads: checkpoint N [\"reason\"]" },
    { "checkpoint x", "“x” is not a count; a count is a whole number" },
    /* A checkpoint's reason is its own, not a correction's. */
    { "checkpoint 0 agreed", "a checkpoint’s reason goes in quotes (\"): checkpoint N [\"reason\"]" },
    { "checkpoint 0 \"tea\x01time\"", "a checkpoint’s reason cannot contain U+0001, a control character" },
    { "checkpoint 0 \"next\xC2\x85line\"", "a checkpoint’s reason cannot contain U+0085, a control character" },
    { "checkpoint 0 \"paid \xE2\x80\xAE" "5 EUR\"",
      "a checkpoint’s reason cannot contain U+202E, a character that moves or breaks the text around it" },
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
      g_assert_cmpuint (line, ==, 4 + n_lines);
    }
}

/* A run of corrections is counted past 255: a count of 256 differences (or
 * more) finds them all right before it. */
static void
test_long_run (void)
{
  const guint runs[] = { 255, 256, 300 };

  for (guint r = 0; r < G_N_ELEMENTS (runs); r++)
    {
      g_autoptr(GString) text = g_string_new (HEADER);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) session = NULL;
      guint line = 0;

      for (guint i = 0; i < runs[r]; i++)
        g_string_append_printf (text, "correct cash Bob GBP %u\n", i % 2 + 1);
      g_string_append_printf (text, "checkpoint %u\n", runs[r]);
      session = xq_session_new_from_notation (text->str, -1, &line, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (xq_session_get_n_moves (session), ==, 1 + runs[r] + 1);

      /* One more than the run is still refused, with the run's true length. */
      g_clear_object (&session);
      g_string_append_printf (text, "correct cash Bob GBP 3\ncheckpoint %u\n", 2u);
      session = xq_session_new_from_notation (text->str, -1, &line, &error);
      g_assert_null (session);
      g_assert_cmpstr (error->message, ==,
                       "a count’s differences are the corrections just before it; 2 differences need as many, "
                       "but 1 comes right before");
    }
  {
    g_autoptr(GString) text = g_string_new (HEADER);
    g_autoptr(GError) error = NULL;
    g_autoptr(XqSession) session = NULL;
    guint line = 0;

    for (guint i = 0; i < 256; i++)
      g_string_append (text, "correct cash Bob GBP 1\n");
    g_string_append (text, "checkpoint 257\n");
    session = xq_session_new_from_notation (text->str, -1, &line, &error);
    g_assert_null (session);
    g_assert_cmpstr (error->message, ==,
                     "a count’s differences are the corrections just before it; 257 differences need as many, "
                     "but 256 come right before");
    g_assert_cmpuint (line, ==, 4 + 256 + 1);
  }
}

/* No count after the game ended: its last numbers are the audit's. */
static void
test_after_end (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autofree char *game = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  guint line = 0, n_lines = 0;

  g_assert_true (g_file_get_contents (path, &game, NULL, NULL));
  for (const char *p = game; *p; p++)
    n_lines += *p == '\n';
  text = g_strconcat (game, "checkpoint 0 \"after the end\"\n", NULL);
  session = xq_session_new_from_notation (text, -1, &line, &error);
  g_assert_null (session);
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_GAME_OVER);
  g_assert_cmpstr (error->message, ==, "the game is over; no move may follow");
  g_assert_cmpuint (line, ==, n_lines + 1);
}

static void
test_sentences (void)
{
  g_autofree char *text = game_text ();
  g_autoptr(XqSession) session = fx_test_parse (text);
  const FxSetup *setup = xq_session_get_setup (session);
  const FxMove *three = xq_session_get_move (session, 4);
  const FxMove *none = xq_session_get_move (session, 6);
  FxMove one = *three;
  FxState before;
  g_autofree char *sentence_three = NULL;
  g_autofree char *sentence_none = NULL;
  g_autofree char *sentence_one = NULL;
  g_autofree char *result_three = fx_checkpoint_result (three);
  g_autofree char *result_none = fx_checkpoint_result (none);
  g_autofree char *result_one = NULL;
  g_autofree char *after_dividend = NULL;
  g_autofree char *at_move = NULL;

  xq_session_get_state_at (session, 4, &before);
  sentence_three = fx_sentence_move (setup, &before, three);
  one.amount = 1;
  sentence_one = fx_sentence_move (setup, &before, &one);
  result_one = fx_checkpoint_result (&one);
  xq_session_get_state_at (session, 6, &before);
  sentence_none = fx_sentence_move (setup, &before, none);

  g_assert_cmpstr (sentence_three, ==, "The table was counted; 3 differences were corrected");
  g_assert_cmpstr (sentence_one, ==, "The table was counted; 1 difference was corrected");
  g_assert_cmpstr (sentence_none, ==, "The table was counted and agreed with the app");
  g_assert_null (fx_sentence_turn_of_move (&before, none));
  g_assert_cmpstr (result_three, ==, "3 differences corrected");
  g_assert_cmpstr (result_one, ==, "1 difference corrected");
  g_assert_cmpstr (result_none, ==, "the table agreed");

  /* After card 0, the reason names card 0, as the history does. */
  xq_session_get_state_at (session, 1, &before);
  after_dividend = fx_checkpoint_reason (&before, TRUE, 1);
  at_move = fx_checkpoint_reason (&before, FALSE, 37);
  g_assert_cmpstr (after_dividend, ==, "counted after dividend card 0");
  g_assert_cmpstr (at_move, ==, "counted at move 37");
}

/* Issue #26: the count offers itself after a dividend that paid and left
 * the game going, never after card 0, which pays nothing. */
static void
test_due_after (void)
{
  guint n_card0 = 0, n_due = 0;

  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 4, &fx_random_style_default, 4000);

      for (guint i = 0; i < xq_session_get_n_moves (game); i++)
        {
          const FxMove *m = xq_session_get_move (game, i);
          FxState before, after;
          gboolean dividend, expected;
          guint card;

          xq_session_get_state_at (game, i, &before);
          xq_session_get_state_at (game, i + 1, &after);
          dividend = m->kind == FX_MOVE_RESOLVE && before.queue_len > 0
                     && before.queue[0].kind == FX_ITEM_DIVIDENDS;
          card = FX_N_DIVIDEND_CARDS - before.dividends_left;
          expected = dividend && card > 0 && !fx_state_is_over (&after);
          n_card0 += dividend && card == 0;
          n_due += expected;
          g_assert_cmpint (fx_checkpoint_due_after (&before, m, &after), ==, expected);
        }
    }
  g_assert_cmpuint (n_card0, >, 0);
  g_assert_cmpuint (n_due, >, 0);
}

/* What the players counted becomes corrections in an order every step of
 * which the rules accept, then the checkpoint; played as one group. */
static void
test_count_moves (void)
{
  g_autoptr(XqSession) session = fx_test_parse (HEADER "invest Cynthia EUR\n");
  const FxState *s = xq_session_get_state (session);
  FxMove group[FX_CHECKPOINT_MAX_MOVES];
  const char *reasons[FX_CHECKPOINT_MAX_MOVES];
  g_autoptr(GError) error = NULL;
  FxCount count, agreed;
  FxState before = *s;
  guint n;

  fx_count_from_state (s, &agreed);
  n = fx_checkpoint_moves (s, &agreed, group);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (group[0].kind, ==, FX_MOVE_CHECKPOINT);
  g_assert_cmpint (group[0].amount, ==, 0);

  /* Cynthia's EUR certificate lies in front of Agnes, Bob has half a buck
   * more GBP, and the EUR pile holds all that is left, with one more GBP in
   * David's hands from the GBP pile. */
  count = agreed;
  count.certs[CYNTHIA][FX_EUR] = 0;
  count.certs[AGNES][FX_EUR] = 1;
  count.cash[BOB][FX_GBP] += 1;
  count.certs[DAVID][FX_GBP] = 1;
  count.pile[FX_GBP]--;
  n = fx_checkpoint_moves (s, &count, group);
  g_assert_cmpuint (n, ==, 6);
  {
    const char *expected[] = {
      "correct cash Bob GBP 2.5",
      "correct certs Cynthia EUR 0",
      "correct pile GBP 6",
      "correct certs David GBP 1",
      "correct certs Agnes EUR 1",
      "checkpoint 5",
    };

    for (guint i = 0; i < n; i++)
      {
        g_autofree char *line = fx_notation_format_move (xq_session_get_setup (session), &group[i]);

        g_assert_cmpstr (line, ==, expected[i]);
        reasons[i] = "counted at move 2";
      }
  }
  g_assert_true (xq_session_play_group (session, group, reasons, n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 2 + n);
  s = xq_session_get_state (session);
  g_assert_cmpint (s->cash[BOB][FX_GBP], ==, count.cash[BOB][FX_GBP]);
  g_assert_cmpmem (s->certs, sizeof s->certs, count.certs, sizeof count.certs);
  g_assert_cmpmem (s->pile, sizeof s->pile, count.pile, sizeof count.pile);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (xq_session_get_move_reason (session, 2 + i), ==, "counted at move 2");

  /* One undo takes the whole count back; one redo gives it again. */
  g_assert_true (xq_session_undo (session));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 2);
  g_assert_cmpmem (xq_session_get_state (session), sizeof before, &before, sizeof before);
  g_assert_true (xq_session_can_redo (session));
  g_assert_true (xq_session_redo (session));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 2 + n);
  g_assert_false (xq_session_can_redo (session));
  /* Before the count, undo goes on one move at a time. */
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_undo (session));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 1);
}

static void
count_notify (guint *n)
{
  (*n)++;
}

/* A group with a refused move records nothing, and keeps the redo list;
 * one that is accepted is announced once. */
static void
test_group_atomic (void)
{
  g_autoptr(XqSession) session = fx_test_parse (HEADER "contract Cynthia USD 2 CHF\n");
  FxMove group[3];
  const char *reasons[3] = { "a", "b", "c" };
  g_autoptr(GError) error = NULL;
  FxState before;
  guint n_notified = 0;

  g_assert_true (xq_session_undo (session));
  before = *(const FxState *) xq_session_get_state (session);
  g_signal_connect_swapped (session, "notify::n-moves", G_CALLBACK (count_notify), &n_notified);

  fx_move_init (&group[0], FX_MOVE_CORRECT_CASH);
  group[0].other = BOB;
  group[0].cur[0] = FX_USD;
  group[0].amount = XQ_BUCKS (9);
  fx_move_init (&group[1], FX_MOVE_CORRECT_CERTS);
  group[1].other = DAVID;
  group[1].cur[0] = FX_GBP;
  group[1].amount = 1;                   /* the GBP pile is full: refused */
  fx_move_init (&group[2], FX_MOVE_CHECKPOINT);
  group[2].amount = 2;

  g_assert_false (xq_session_play_group (session, group, reasons, 3, &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_assert_cmpstr (error->message, ==,
                   "of the 8 GBP certificates 1 was removed at setup, so the pile and the players can hold 7, not 8");
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 1);
  g_assert_cmpmem (xq_session_get_state (session), sizeof before, &before, sizeof before);
  g_assert_true (xq_session_can_redo (session));
  g_assert_cmpuint (n_notified, ==, 0);
  g_clear_error (&error);

  /* A reason the file could not hold, on the last move, refuses it all. */
  group[1].amount = 0;
  reasons[2] = "two\nlines";
  g_assert_false (xq_session_play_group (session, group, reasons, 3, &error));
  g_assert_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 1);
  g_assert_cmpmem (xq_session_get_state (session), sizeof before, &before, sizeof before);
  g_clear_error (&error);

  /* Accepted: recorded whole, the undone contract dropped, announced once. */
  reasons[2] = "c";
  g_assert_true (xq_session_play_group (session, group, reasons, 3, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_notified, ==, 1);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 4);
  g_assert_false (xq_session_can_redo (session));
  g_assert_cmpint (((const FxState *) xq_session_get_state (session))->cash[BOB][FX_USD], ==, XQ_BUCKS (9));
  g_assert_true (xq_session_undo (session));
  g_assert_cmpuint (n_notified, ==, 2);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 1);
}

/* A group that crosses the session's snapshot interval (32 moves) and the
 * history of states it leaves. */
static void
test_group_snapshots (void)
{
  g_autoptr(XqSession) session = fx_test_parse (HEADER);
  g_autoptr(XqSession) single = fx_test_parse (HEADER);
  FxMove group[41];
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 40; i++)
    {
      fx_move_init (&group[i], FX_MOVE_CORRECT_CASH);
      group[i].other = (gint8) (i % 4);
      group[i].cur[0] = (gint8) (i % FX_N_CURRENCIES);
      group[i].amount = (XqAmount) i;
      g_assert_true (xq_session_play (single, &group[i], NULL, &error));
    }
  fx_move_init (&group[40], FX_MOVE_CHECKPOINT);
  group[40].amount = 40;
  g_assert_true (xq_session_play (single, &group[40], NULL, &error));
  g_assert_true (xq_session_play_group (session, group, NULL, 41, &error));
  g_assert_no_error (error);

  for (guint n = 0; n <= 42; n++)
    {
      FxState a, b;

      xq_session_get_state_at (session, n, &a);
      xq_session_get_state_at (single, n, &b);
      g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
    }
  g_assert_true (xq_session_undo (session));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 1);
  g_assert_true (xq_session_redo (session));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 42);
  g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), xq_session_get_state (single), sizeof (FxState));
}

static guint
journal_moves (XqAutosave *journal)
{
  g_autoptr(GFile) file = g_file_new_for_path (xq_autosave_get_path (journal));
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) read = NULL;

  g_assert_true (xq_autosave_wait (journal, &error));
  g_assert_no_error (error);
  read = xq_session_load (file, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return xq_session_get_n_moves (read);
}

/* The autosave journal follows a group: written with all of it, and
 * without it once undone (it writes what n-moves announces). */
static void
test_group_journal (Tmp           *tmp,
                    gconstpointer  data)
{
  g_autoptr(XqSession) session = fx_test_parse (HEADER);
  g_autoptr(XqAutosave) journal = NULL;
  FxMove group[FX_CHECKPOINT_MAX_MOVES];
  g_autoptr(GError) error = NULL;
  FxCount count;
  guint n;

  g_setenv ("XDG_STATE_HOME", tmp->dir, TRUE);
  journal = xq_autosave_new (session, NULL, NULL);
  g_assert_true (g_str_has_prefix (xq_autosave_get_path (journal), tmp->dir));
  fx_count_from_state (xq_session_get_state (session), &count);
  count.cash[BOB][FX_GBP] = XQ_BUCKS (5);
  count.cash[AGNES][FX_CNY] = 1;
  n = fx_checkpoint_moves (xq_session_get_state (session), &count, group);
  g_assert_cmpuint (n, ==, 3);
  g_assert_true (xq_session_play_group (session, group, NULL, n, &error));
  g_assert_cmpuint (journal_moves (journal), ==, 4);
  g_assert_true (xq_session_undo (session));
  g_assert_cmpuint (journal_moves (journal), ==, 1);
  g_assert_true (xq_session_redo (session));
  g_assert_cmpuint (journal_moves (journal), ==, 4);
  xq_autosave_discard (journal);
}

static char *
run_ok (const char * const *args)
{
  g_auto(Run) run = { 0 };

  run_cli (&run, args);
  if (run.status != 0)
    g_error ("%s %s: exit %d: %s", args[0], args[1], run.status, run.err);
  return g_steal_pointer (&run.out);
}

static char *
line_starting (const char *text,
               const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i]);
  return NULL;
}

/* check, state --after, convert both ways, stats and score: every command
 * reads the checkpoints, and writes them back byte for byte. */
static void
test_cli (Tmp           *tmp,
          gconstpointer  data)
{
  g_autofree char *text = game_text ();
  g_autofree char *xqn = tmp_file (tmp, "count.xqn", text);
  g_autofree char *xml = g_build_filename (tmp->dir, "count.exchequer", NULL);
  g_autofree char *back = g_build_filename (tmp->dir, "back.xqn", NULL);
  g_autofree char *check = NULL;
  g_autofree char *state = NULL;
  g_autofree char *before = NULL;
  g_autofree char *stats = NULL;
  g_autofree char *score = NULL;
  g_autofree char *back_text = NULL;
  g_autofree char *line = NULL;

  check = run_ok ((const char *[]) { "check", xqn, NULL });
  g_assert_cmpstr (check, ==, "ok 7 moves\n");

  state = run_ok ((const char *[]) { "state", xqn, NULL });
  line = line_starting (state, "cash Cynthia ");
  g_assert_cmpstr (line, ==, "cash Cynthia GBP 2 EUR 3.5 USD 2 CHF 2 JPY 2 CAD 2 CNY 2");
  g_clear_pointer (&line, g_free);
  line = line_starting (state, "certs David ");
  g_assert_cmpstr (line, ==, "certs David GBP 1 EUR 0 USD 0 CHF 0 JPY 0 CAD 0 CNY 0");
  g_clear_pointer (&line, g_free);
  line = line_starting (state, "pile ");
  g_assert_cmpstr (line, ==, "pile GBP 6 EUR 7 USD 7 CHF 8 JPY 6 CAD 8 CNY 7");

  /* After the checkpoint, the state is the one after its corrections. */
  before = run_ok ((const char *[]) { "state", xqn, "--after", "4", NULL });
  g_free (state);
  state = run_ok ((const char *[]) { "state", xqn, "--after", "5", NULL });
  g_assert_cmpstr (before, ==, state);

  g_free (run_ok ((const char *[]) { "convert", xqn, xml, NULL }));
  g_free (run_ok ((const char *[]) { "convert", xml, back, NULL }));
  g_assert_true (g_file_get_contents (back, &back_text, NULL, NULL));
  g_assert_cmpstr (back_text, ==, text);
  g_free (check);
  check = run_ok ((const char *[]) { "check", xml, NULL });
  g_assert_cmpstr (check, ==, "ok 7 moves\n");

  /* A checkpoint is not a correction: Cynthia and David have one each, the
   * pile's is nobody's, and nobody has the checkpoint's. */
  stats = run_ok ((const char *[]) { "stats", xqn, NULL });
  g_clear_pointer (&line, g_free);
  line = line_starting (stats, "player Cynthia ");
  g_assert_true (g_str_has_suffix (line, " corrections 1"));
  g_clear_pointer (&line, g_free);
  line = line_starting (stats, "player Bob ");
  g_assert_true (g_str_has_suffix (line, " corrections 0"));
  score = run_ok ((const char *[]) { "score", xqn, NULL });
  g_assert_true (g_str_has_prefix (score, "provisional\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  g_test_add_func ("/fx/checkpoint/notation", test_notation);
  g_test_add_func ("/fx/checkpoint/xml", test_xml);
  g_test_add_func ("/fx/checkpoint/refusals", test_refusals);
  g_test_add_func ("/fx/checkpoint/long-run", test_long_run);
  g_test_add_func ("/fx/checkpoint/after-end", test_after_end);
  g_test_add_func ("/fx/checkpoint/sentences", test_sentences);
  g_test_add_func ("/fx/checkpoint/count-moves", test_count_moves);
  g_test_add_func ("/fx/checkpoint/due-after", test_due_after);
  g_test_add_func ("/session/group/atomic", test_group_atomic);
  g_test_add_func ("/session/group/snapshots", test_group_snapshots);
  g_test_add ("/fx/checkpoint/cli", Tmp, NULL, tmp_setup, test_cli, tmp_teardown);
  g_test_add ("/session/group/journal", Tmp, NULL, tmp_setup, test_group_journal, tmp_teardown);
  return g_test_run ();
}
