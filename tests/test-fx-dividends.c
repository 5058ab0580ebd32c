/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which currency each dividend strengthened (fx-dividends.c), checked against
 * the board before and after each resolve in random legal games, and on a
 * written game with tie choices; and which corrections the numbers rest on
 * (fx-corrected.c). */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "fx-corrected.h"
#include "fx-dividends.h"
#include "fx-random-play.h"
#include "xq-games.h"

/* Each dividend against the game, found without asking the rules which
 * currency it strengthens: the resolves of a dividend at the queue's front,
 * in order; the board after is the board before with that one currency
 * strengthened once (paying changes no counter, nor does the closing
 * sequence after the last card), or unchanged when none was; a strengthened
 * currency held the most certificates, and a tie was the resolver's written
 * choice. */
static guint
check_against_board (XqSession *session)
{
  const FxSetup *setup = xq_session_get_setup (session);
  g_autoptr(GArray) dividends = fx_dividends_collect (session);
  FxState state, before;
  guint found = 0;

  xq_session_get_state_at (session, 0, &state);
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      const FxMove *move = xq_session_get_move (session, i);
      const FxDividend *d;
      FxBoard expected;
      guint most = 0, n_most = 0;

      before = state;
      g_assert_true (fx_state_apply (setup, &state, move, NULL));
      if (move->kind != FX_MOVE_RESOLVE || before.queue[0].kind != FX_ITEM_DIVIDENDS)
        continue;
      g_assert_cmpuint (found, <, dividends->len);
      d = &g_array_index (dividends, FxDividend, found++);
      g_assert_cmpuint (d->move, ==, i);
      g_assert_cmpint (d->actor, ==, move->actor);
      g_assert_cmpuint (d->card, ==, FX_N_DIVIDEND_CARDS - before.dividends_left);
      g_assert_cmpint (d->last, ==, state.dividends_left == 0);

      expected = before.board;
      if (d->strengthened != FX_NO_CURRENCY)
        fx_board_strengthen (&expected, d->strengthened);
      g_assert_true (memcmp (&expected, &state.board, sizeof expected) == 0);

      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          guint held = 0;

          for (int p = 0; p < before.n_players; p++)
            held += before.certs[p][c];
          g_assert_cmpuint (d->held[c], ==, held);
          most = MAX (most, held);
        }
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          g_assert_cmpint (d->tied[c], ==, d->held[c] == most);
          n_most += d->held[c] == most;
        }
      if (d->strengthened == FX_NO_CURRENCY)
        {
          g_assert_cmpint (d->why, ==, FX_DIVIDEND_NONE);
          g_assert_cmpuint (most, ==, 0);
          g_assert_true (setup->readings & FX_READING_NONE_STRENGTHENED);
          continue;
        }
      g_assert_cmpuint (d->held[d->strengthened], ==, most);
      if (n_most == 1)
        {
          g_assert_cmpint (d->why, ==, FX_DIVIDEND_MOST);
          g_assert_cmpint (move->cur[0], ==, FX_NO_CURRENCY);
        }
      else
        {
          g_assert_cmpint (d->why, ==, FX_DIVIDEND_CHOSEN);
          g_assert_cmpint (move->cur[0], ==, d->strengthened);
        }
    }
  g_assert_cmpuint (found, ==, dividends->len);
  return found;
}

static void
test_random_games (void)
{
  const FxRandomStyle *styles[] = { &fx_random_style_default, &fx_random_style_long, &fx_random_style_prudent };
  guint total = 0, finished = 0;

  for (guint64 seed = 1; seed <= 60; seed++)
    {
      g_autoptr(XqSession) session = fx_random_game (seed, 2 + (guint) (seed % 5), styles[seed % 3], 600);
      const FxState *end = xq_session_get_state (session);

      total += check_against_board (session);
      finished += end->status == FX_STATUS_ENDED && end->dividends_left == 0;
    }
  g_test_message ("%u dividends checked, %u games ended on the last card", total, finished);
  /* The games reach the dividends, the last card included. */
  g_assert_cmpuint (total, >, 100);
  g_assert_cmpuint (finished, >, 0);
}

#define HEADER "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n"

/* Card 0 with nobody holding a certificate: all tie and Ann chooses; card
 * 1 with EUR and USD one each: Ben chooses; card 2 with EUR ahead: no choice. */
static void
test_written_game (void)
{
  g_autoptr(XqSession) session = fx_test_parse (HEADER
                                           "resolve Ann GBP\n"
                                           "invest Ben EUR\n"
                                           "invest Ann USD\n"
                                           "resolve Ben USD\n"
                                           "invest Ann EUR\n"
                                           "resolve Ben\n");
  const FxSetup *setup = xq_session_get_setup (session);
  g_autoptr(GArray) dividends = fx_dividends_collect (session);
  static const char *const sentences[] = {
    "Dividend card 0, move 1: GBP strengthened — nobody held a certificate, so all seven currencies tied; Ann chose GBP",
    "Dividend card 1, move 4: USD strengthened — EUR, USD tied for the most certificates in players’ hands "
    "(EUR 1, USD 1); Ben chose USD",
    "Dividend card 2, move 6: EUR strengthened — the most certificates in players’ hands: EUR 2, USD 1",
  };

  g_assert_cmpuint (check_against_board (session), ==, 3);
  for (guint i = 0; i < G_N_ELEMENTS (sentences); i++)
    {
      g_autofree char *sentence = fx_dividend_sentence (setup, &g_array_index (dividends, FxDividend, i));

      g_assert_cmpstr (sentence, ==, sentences[i]);
    }
  g_assert_cmpint (g_array_index (dividends, FxDividend, 0).why, ==, FX_DIVIDEND_CHOSEN);
  g_assert_cmpint (g_array_index (dividends, FxDividend, 1).why, ==, FX_DIVIDEND_CHOSEN);
  g_assert_cmpint (g_array_index (dividends, FxDividend, 2).why, ==, FX_DIVIDEND_MOST);
}

/* By the other reading nobody's certificates strengthen nothing. */
static void
test_none_strengthened (void)
{
  g_autoptr(XqSession) session = fx_test_parse (HEADER "rule strengthen none\nresolve Ann\n");
  g_autoptr(GArray) dividends = fx_dividends_collect (session);
  g_autofree char *sentence = NULL;

  g_assert_cmpuint (check_against_board (session), ==, 1);
  sentence = fx_dividend_sentence (xq_session_get_setup (session), &g_array_index (dividends, FxDividend, 0));
  g_assert_cmpstr (sentence, ==, "Dividend card 0, move 1: no currency strengthened — nobody held a certificate, "
                                 "and by this table’s reading no currency is strengthened then");
}

/* The last card ends the game, and its strengthening is listed too. */
static void
test_last_card (void)
{
  g_autoptr(XqSession) session = fx_test_parse (HEADER
                                           "invest Ann GBP\nresolve Ben\n"
                                           "resolve Ann\nresolve Ben\nresolve Ann\nresolve Ben\n");
  g_autoptr(GArray) dividends = fx_dividends_collect (session);
  const FxDividend *last;

  g_assert_cmpint (((const FxState *) xq_session_get_state (session))->status, ==, FX_STATUS_ENDED);
  g_assert_cmpuint (check_against_board (session), ==, 5);
  last = &g_array_index (dividends, FxDividend, 4);
  g_assert_cmpuint (last->card, ==, 4);
  g_assert_cmpuint (last->move, ==, 5);
  g_assert_true (last->last);
  g_assert_cmpint (last->strengthened, ==, FX_GBP);
}

/* The corrections that changed the table, and only those, are the ones the
 * numbers rest on; a game without them has no note. */
static void
test_corrected (void)
{
  g_autoptr(XqSession) plain = fx_test_parse (HEADER "invest Ann GBP\n");
  g_autoptr(XqSession) corrected = fx_test_parse (HEADER
                                             "correct cash Ann GBP 5 \"miscounted\"\n"
                                             "invest Ann GBP\n"
                                             "correct cash Ben EUR 2 \"counted: as the app has it\"\n"
                                             "correct queue dividends\n"
                                             "contract Ben USD 2 CHF\n"
                                             "correct queue A dividends \"he said \\\"swap\\\"\"\n"
                                             "correct dividends 3\n");
  g_autoptr(GArray) moves = fx_corrected_moves (corrected);
  g_autofree char *note = fx_corrected_note (corrected);
  g_autofree char *none = fx_corrected_note (plain);
  GString *many = g_string_new (HEADER);
  g_autoptr(XqSession) many_session = NULL;
  g_autofree char *many_note = NULL;

  g_assert_cmpuint (moves->len, ==, 3);
  g_assert_cmpuint (g_array_index (moves, guint, 0), ==, 0);
  g_assert_cmpuint (g_array_index (moves, guint, 1), ==, 5);
  g_assert_cmpuint (g_array_index (moves, guint, 2), ==, 6);
  g_assert_cmpstr (note, ==, "These numbers rest on 3 corrections (moves 1, 6 and 7).");
  g_assert_null (none);

  for (guint i = 0; i < 10; i++)
    g_string_append_printf (many, "correct cash Ann GBP %u\n", 3 + i);
  many_session = fx_test_parse (many->str);
  many_note = fx_corrected_note (many_session);
  g_assert_cmpstr (many_note, ==, "These numbers rest on 10 corrections (moves 1, 2, 3, 4, 5, 6, 7, 8 and 2 others).");
  g_string_free (many, TRUE);
  /* Nine are all named: "and 1 other" would save nothing. */
  {
    GString *nine = g_string_new (HEADER);
    g_autoptr(XqSession) session = NULL;
    g_autofree char *text = NULL;

    for (guint i = 0; i < 9; i++)
      g_string_append_printf (nine, "correct cash Ben EUR %u\n", 3 + i);
    session = fx_test_parse (nine->str);
    text = fx_corrected_note (session);
    g_assert_cmpstr (text, ==, "These numbers rest on 9 corrections (moves 1, 2, 3, 4, 5, 6, 7, 8 and 9).");
    g_string_free (nine, TRUE);
  }
  {
    g_autoptr(XqSession) one = fx_test_parse (HEADER "correct pile GBP 5\n");
    g_autofree char *text = fx_corrected_note (one);

    g_assert_cmpstr (text, ==, "These numbers rest on 1 correction (move 1).");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  g_test_add_func ("/fx-dividends/random-games", test_random_games);
  g_test_add_func ("/fx-dividends/written-game", test_written_game);
  g_test_add_func ("/fx-dividends/none-strengthened", test_none_strengthened);
  g_test_add_func ("/fx-dividends/last-card", test_last_card);
  g_test_add_func ("/fx-dividends/corrected", test_corrected);
  return g_test_run ();
}
