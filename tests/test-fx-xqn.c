/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests the For-Ex statements of XQN: every statement read, every malformed one refused at its line, round trips. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "fx-state.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session.h"

enum { BOB, CYNTHIA, DAVID, AGNES };

#define HEADER \
  "game for-ex\n" \
  "players Bob Cynthia David Agnes\n" \
  "removed USD JPY JPY CNY EUR GBP\n"

/* Lines 4 to 23: every statement, a tie after a dividend, corrections with and
 * without reasons, and an ending that needs the strongest currency chosen. */
static const char *const good_moves[] = {
  "spot Bob Cynthia GBP USD",                   /* 4 */
  "contract Bob USD 2 CHF",
  "invest Cynthia GBP",
  "invest David EUR USD",
  "invest Agnes GBP CHF",
  "resolve Bob",                                /* 9: card 0, GBP leads */
  "divest Cynthia GBP 1",
  "divest David EUR 1 Agnes 0 Bob 0",
  "resolve Agnes",                              /* contract A */
  "resolve Bob CHF",                            /* card 1: GBP, USD, CHF tie */
  "correct cash Bob EUR 5",                     /* 14 */
  "correct certs Agnes GBP 2 \"found one\"",
  "correct pile CNY 3",
  "correct pair EUR GBP 2 \"bumped the table\"",
  "resolve Cynthia",
  "resolve David",
  "correct pair USD GBP 2",
  "correct certs Agnes GBP 1",
  "resolve Agnes GBP",                          /* 22: card 4, the game ends */
  "strongest chf",                              /* 23 */
};

#define FIRST_MOVE_LINE 4

static char *
game_text (guint n_moves)
{
  GString *out = g_string_new (HEADER);

  g_assert_cmpuint (n_moves, <=, G_N_ELEMENTS (good_moves));
  for (guint i = 0; i < n_moves; i++)
    {
      g_string_append (out, good_moves[i]);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* The first @n_moves good moves, then @line at line FIRST_MOVE_LINE + n_moves. */
static char *
game_with (guint       n_moves,
           const char *line)
{
  g_autofree char *text = game_text (n_moves);

  return g_strconcat (text, line, "\n", NULL);
}

static XqSession *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  guint line = 12345;
  XqSession *session = xq_session_new_from_notation (text, -1, &line, &error);

  if (error != NULL)
    g_error ("line %u: %s\nin:\n%s", line, error->message, text);
  g_assert_nonnull (session);
  g_assert_cmpuint (line, ==, 0);
  return session;
}

/* @fragment, if given, must be part of the sentence: a refusal names its rule. */
static void
parse_fails (const char *text,
             guint       expected_line,
             const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  guint line = 12345;

  session = xq_session_new_from_notation (text, -1, &line, &error);
  if (session != NULL)
    g_error ("accepted, but line %u should be refused:\n%s", expected_line, text);
  g_assert_nonnull (error);
  g_assert_true (error->domain == XQ_NOTATION_ERROR || error->domain == XQ_RULE_ERROR);
  g_assert_cmpuint (strlen (error->message), >, 10);
  if (line != expected_line)
    g_error ("error “%s” reported at line %u, expected %u, in:\n%s",
             error->message, line, expected_line, text);
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("error “%s” does not mention “%s”, in:\n%s", error->message, fragment, text);
}

static FxMove
move_of (FxMoveKind kind,
         int        actor,
         int        cur0,
         int        cur1)
{
  FxMove m;

  fx_move_init (&m, kind);
  m.actor = (gint8) actor;
  m.cur[0] = (gint8) cur0;
  m.cur[1] = (gint8) cur1;
  return m;
}

static FxMove
correction_of (FxMoveKind kind,
               int        player,
               int        cur0,
               int        cur1,
               XqAmount   amount)
{
  FxMove m;

  fx_move_init (&m, kind);
  m.other = (gint8) player;
  m.cur[0] = (gint8) cur0;
  m.cur[1] = (gint8) cur1;
  m.amount = amount;
  return m;
}

static void
assert_move (XqSession    *session,
             guint         index,
             const FxMove *expected)
{
  const FxMove *got = xq_session_get_move (session, index);

  g_assert_nonnull (got);
  if (memcmp (got, expected, sizeof *expected) != 0)
    {
      g_autofree char *text = xq_session_format_move (session, index);

      g_error ("move %u (“%s”) is not the expected struct: kind %d/%d actor %d/%d other %d/%d "
               "cur %d,%d/%d,%d amount %d/%d named %u/%u",
               index, text, got->kind, expected->kind, got->actor, expected->actor,
               got->other, expected->other, got->cur[0], got->cur[1],
               expected->cur[0], expected->cur[1], got->amount, expected->amount,
               got->named, expected->named);
    }
}

static void
assert_sessions_equal (XqSession *a,
                       XqSession *b)
{
  guint n = xq_session_get_n_moves (a);

  g_assert_true (xq_session_get_game (a) == xq_session_get_game (b));
  g_assert_cmpmem (xq_session_get_setup (a), sizeof (FxSetup), xq_session_get_setup (b), sizeof (FxSetup));
  g_assert_cmpuint (xq_session_get_n_moves (b), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpmem (xq_session_get_move (a, i), sizeof (FxMove), xq_session_get_move (b, i), sizeof (FxMove));
      g_assert_cmpstr (xq_session_get_move_reason (a, i), ==, xq_session_get_move_reason (b, i));
    }
  g_assert_cmpmem (xq_session_get_state (a), sizeof (FxState), xq_session_get_state (b), sizeof (FxState));
}

static void
test_good_statements (void)
{
  g_autofree char *text = game_text (G_N_ELEMENTS (good_moves));
  g_autoptr(XqSession) session = parse_ok (text);
  g_autoptr(GError) error = NULL;
  const FxSetup *setup = xq_session_get_setup (session);
  const FxState *state;
  FxMove m;
  guint line = 12345;

  g_assert_cmpuint (setup->n_players, ==, 4);
  g_assert_cmpstr (setup->names[BOB], ==, "Bob");
  g_assert_cmpstr (setup->names[CYNTHIA], ==, "Cynthia");
  g_assert_cmpstr (setup->names[DAVID], ==, "David");
  g_assert_cmpstr (setup->names[AGNES], ==, "Agnes");
  g_assert_cmpstr (setup->names[4], ==, "");
  {
    const gint8 removed[FX_N_REMOVED] = { FX_USD, FX_JPY, FX_JPY, FX_CNY, FX_EUR, FX_GBP };

    g_assert_cmpmem (setup->removed, sizeof setup->removed, removed, sizeof removed);
  }

  g_assert_cmpuint (xq_session_get_n_moves (session), ==, G_N_ELEMENTS (good_moves));
  for (guint i = 0; i < G_N_ELEMENTS (good_moves); i++)
    g_assert_cmpuint (xq_session_get_move_line (session, i), ==, FIRST_MOVE_LINE + i);

  m = move_of (FX_MOVE_SPOT, BOB, FX_GBP, FX_USD);
  m.other = CYNTHIA;
  assert_move (session, 0, &m);
  m = move_of (FX_MOVE_CONTRACT, BOB, FX_USD, FX_CHF);
  m.amount = XQ_BUCKS (2);
  assert_move (session, 1, &m);
  m = move_of (FX_MOVE_INVEST, CYNTHIA, FX_GBP, FX_NO_CURRENCY);
  assert_move (session, 2, &m);
  m = move_of (FX_MOVE_INVEST, DAVID, FX_EUR, FX_USD);
  assert_move (session, 3, &m);
  m = move_of (FX_MOVE_INVEST, AGNES, FX_GBP, FX_CHF);
  assert_move (session, 4, &m);
  m = move_of (FX_MOVE_RESOLVE, BOB, FX_NO_CURRENCY, FX_NO_CURRENCY);
  assert_move (session, 5, &m);
  m = move_of (FX_MOVE_DIVEST, CYNTHIA, FX_GBP, FX_NO_CURRENCY);
  m.sells[CYNTHIA] = 1;
  m.named = 1u << CYNTHIA;
  assert_move (session, 6, &m);
  m = move_of (FX_MOVE_DIVEST, DAVID, FX_EUR, FX_NO_CURRENCY);
  m.sells[DAVID] = 1;
  m.named = (1u << DAVID) | (1u << AGNES) | (1u << BOB);
  assert_move (session, 7, &m);
  m = move_of (FX_MOVE_RESOLVE, AGNES, FX_NO_CURRENCY, FX_NO_CURRENCY);
  assert_move (session, 8, &m);
  m = move_of (FX_MOVE_RESOLVE, BOB, FX_CHF, FX_NO_CURRENCY);
  assert_move (session, 9, &m);
  m = correction_of (FX_MOVE_CORRECT_CASH, BOB, FX_EUR, FX_NO_CURRENCY, XQ_BUCKS (5));
  assert_move (session, 10, &m);
  m = correction_of (FX_MOVE_CORRECT_CERTS, AGNES, FX_GBP, FX_NO_CURRENCY, 2);
  assert_move (session, 11, &m);
  m = correction_of (FX_MOVE_CORRECT_PILE, FX_NO_PLAYER, FX_CNY, FX_NO_CURRENCY, 3);
  assert_move (session, 12, &m);
  m = correction_of (FX_MOVE_CORRECT_PAIR, FX_NO_PLAYER, FX_EUR, FX_GBP, XQ_BUCKS (2));
  assert_move (session, 13, &m);
  m = move_of (FX_MOVE_RESOLVE, AGNES, FX_GBP, FX_NO_CURRENCY);
  assert_move (session, 18, &m);
  m = move_of (FX_MOVE_STRONGEST, FX_NO_PLAYER, FX_CHF, FX_NO_CURRENCY);
  assert_move (session, 19, &m);

  g_assert_null (xq_session_get_move_reason (session, 10));
  g_assert_cmpstr (xq_session_get_move_reason (session, 11), ==, "found one");
  g_assert_null (xq_session_get_move_reason (session, 12));
  g_assert_cmpstr (xq_session_get_move_reason (session, 13), ==, "bumped the table");
  for (guint i = 0; i < 10; i++)
    g_assert_null (xq_session_get_move_reason (session, i));

  state = xq_session_get_state (session);
  g_assert_cmpint (state->status, ==, FX_STATUS_ENDED);
  g_assert_cmpint (state->turn, ==, 12);
  g_assert_cmpint (state->strongest_choice, ==, FX_CHF);
  g_assert_cmpint (state->cash[BOB][FX_EUR], ==, XQ_BUCKS (5));
  g_assert_true (xq_session_check_complete (session, &line, &error));
  g_assert_no_error (error);
}

/* Keywords and codes in any case read as the same moves; names do not. */
static void
test_case_insensitive (void)
{
  static const char *const shouting[] = {
    "SPOT Bob Cynthia gbp Usd",
    "Contract Bob usd 2 chf",
    "INVEST Cynthia gBp",
    "invest David Eur uSD",
    "iNvEsT Agnes GBP chf",
    "RESOLVE Bob",
    "Divest Cynthia gbp 1",
    "DIVEST David eur 1 Agnes 0 Bob 0",
    "Resolve Agnes",
    "resolve Bob Chf",
    "CORRECT CASH Bob eur 5",
    "Correct Certs Agnes gbp 2 \"found one\"",
    "correct PILE cny 3",
    "correct Pair eur Gbp 2 \"bumped the table\"",
    "RESOLVE Cynthia",
    "resolve David",
    "CORRECT pair usd gbp 2",
    "correct certs Agnes gbp 1",
    "Resolve Agnes gbp",
    "STRONGEST CHF",
  };
  g_autofree char *plain_text = game_text (G_N_ELEMENTS (good_moves));
  g_autoptr(XqSession) plain = parse_ok (plain_text);
  g_autoptr(XqSession) loud = NULL;
  g_autoptr(GString) text = g_string_new ("GAME FOR-EX\nPlayers Bob Cynthia David Agnes\nREMOVED usd Jpy jPY cny EUR gbp\n");

  G_STATIC_ASSERT (G_N_ELEMENTS (shouting) == G_N_ELEMENTS (good_moves));
  for (guint i = 0; i < G_N_ELEMENTS (shouting); i++)
    g_string_append_printf (text, "%s\n", shouting[i]);
  loud = parse_ok (text->str);
  assert_sessions_equal (plain, loud);
}

static void
test_names_case_sensitive (void)
{
  g_autofree char *lower = game_with (0, "spot bob Cynthia GBP USD");
  g_autofree char *upper = game_with (0, "invest BOB GBP");

  /* A move names a player exactly as the header wrote the name. */
  parse_fails (lower, 4, "bob");
  parse_fails (upper, 4, "BOB");

  /* So two players' names may not differ only in case: the table could
   * not tell them apart, and a move that mistyped one would name the other. */
  parse_fails ("game for-ex\nplayers Bob bob\nremoved GBP GBP GBP GBP GBP GBP\ninvest Bob EUR\ninvest bob USD\n",
               2, "the name “Bob” is used by two players (once as “bob”)");
}

typedef struct
{
  guint       prefix;     /* good moves before the bad line */
  const char *line;
  const char *fragment;   /* part of the sentence, or NULL */
} BadMove;

static void
test_bad_moves (void)
{
  static const BadMove cases[] = {
    /* unknown currency, unknown player */
    { 0, "invest Bob XYZ", "XYZ" },
    { 0, "contract Bob USD 2 US", "US" },
    { 0, "spot Bob Zed GBP USD", "Zed" },
    { 0, "invest Zed GBP", "Zed" },
    { 13, "correct cash Zed EUR 5", "Zed" },
    /* word counts */
    { 0, "spot Bob Cynthia GBP", NULL },
    { 0, "spot Bob Cynthia GBP USD EUR", NULL },
    { 0, "contract Bob USD 2", NULL },
    { 0, "contract Bob USD 2 CHF EUR", NULL },
    { 0, "invest Bob", NULL },
    { 0, "invest Bob GBP EUR USD", NULL },
    { 0, "invest", NULL },
    { 6, "divest Cynthia GBP", NULL },
    { 6, "divest Cynthia", NULL },
    { 6, "divest Cynthia GBP 1 David", NULL },
    { 6, "divest Cynthia GBP 1 David 0 Agnes", NULL },
    { 0, "resolve", NULL },
    { 0, "resolve Bob GBP EUR", NULL },
    { 0, "strongest", NULL },
    { 0, "strongest GBP EUR", NULL },
    { 10, "correct", NULL },
    { 10, "correct cash", NULL },
    { 10, "correct cash Bob EUR", NULL },
    { 10, "correct certs Agnes GBP", NULL },
    { 10, "correct pile CNY", NULL },
    { 10, "correct pair EUR GBP", NULL },
    { 10, "correct pile CNY 3 \"a\" \"b\"", NULL },
    { 10, "correct money Bob EUR 5", NULL },
    /* amounts and counts */
    { 0, "contract Bob USD 7.3 CHF", "7.3" },
    { 0, "contract Bob USD -2 CHF", "-2" },
    { 0, "contract Bob USD 2.0 CHF", "2.0" },
    { 10, "correct cash Bob EUR 7.3", "7.3" },
    { 10, "correct pair EUR GBP 1.25", "1.25" },
    { 10, "correct certs Agnes GBP 1.5", "1.5" },
    { 10, "correct certs Agnes GBP 5", "0 to 4 certificates" },
    { 10, "correct pile CNY 9", "0 to 8 certificates" },
    { 6, "divest Cynthia GBP one", "one" },
    { 6, "divest Cynthia GBP 1 David -1", "-1" },
    /* divest names */
    { 6, "divest Cynthia GBP 1 Cynthia 0", "Cynthia" },
    { 6, "divest Cynthia GBP 1 David 0 David 0", "David" },
    { 6, "divest Cynthia GBP 1 Agnes 0 David 0", "clockwise" },
    { 6, "divest Cynthia GBP 1 Bob 0 Agnes 0", "clockwise" },
    { 6, "divest Cynthia GBP 1 Bob 0 David 0", "clockwise" },
    /* reasons */
    { 10, "correct cash Bob EUR 5 oops", "quotes" },
    { 10, "correct pile CNY 3 fix", "quotes" },
    { 0, "spot Bob Cynthia GBP USD \"why\"", NULL },
    { 0, "invest Bob GBP \"why\"", NULL },
    /* header statements after the header */
    { 0, "game for-ex", "header" },
    { 3, "players Bob Cynthia David Agnes", "header" },
    { 5, "removed USD JPY JPY CNY EUR GBP", "header" },
    { 5, "PLAYERS Bob Cynthia", "header" },
    /* not a statement */
    { 0, "pass Bob", "pass" },
    { 0, "\"spot\" Bob Cynthia GBP USD", NULL },
    { 0, "Bob invest GBP", NULL },
    { 0, "5", NULL },
    /* well-formed, but the rules refuse */
    { 0, "invest Cynthia GBP", "it is Bob's turn, not Cynthia's" },
    { 1, "invest Cynthia GBP", "it is Bob's turn, not Cynthia's" },
    { 1, "spot Bob David GBP USD", NULL },
    { 1, "correct cash Bob EUR 5", NULL },
    { 1, "strongest GBP", NULL },
    { 0, "contract Bob USD 11 CHF", NULL },
    { 0, "contract Bob GBP 2 GBP", NULL },
    { 0, "invest Bob GBP GBP", NULL },
    { 0, "divest Bob GBP 1", NULL },
    { 0, "resolve Bob", "tie" },
    { 0, "spot Bob Bob GBP USD", NULL },
    { 6, "divest Cynthia EUR 1", NULL },
    { 6, "divest Cynthia GBP 2", NULL },
    { 6, "divest Cynthia GBP 0", NULL },
    { 5, "resolve Bob GBP", "GBP" },              /* GBP leads alone: no choice */
    { 8, "resolve Agnes GBP", NULL },              /* the front is a contract */
    { 9, "resolve Bob", "tie" },
    { 9, "resolve Bob EUR", "EUR" },
    { 0, "strongest GBP", NULL },
    { 10, "correct pair EUR EUR 2", NULL },
    { 10, "correct pair EUR GBP 7", NULL },
    { 19, "strongest CNY", NULL },
    { 19, "resolve Bob", NULL },
    { 19, "correct cash Bob EUR 5", NULL },
    { 20, "strongest CHF", NULL },
    { 20, "invest Bob GBP", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = game_with (cases[i].prefix, cases[i].line);

      g_test_message ("after %u moves: %s", cases[i].prefix, cases[i].line);
      parse_fails (text, FIRST_MOVE_LINE + cases[i].prefix, cases[i].fragment);
    }
}

static void
test_bad_header (void)
{
  static const struct { const char *text; guint line; const char *fragment; } cases[] = {
    { "", 1, NULL },
    { "\n# nothing but a comment\n\n", 1, NULL },
    { "game chess\nplayers A B\n", 1, "chess" },
    { "\n\ngame Fair Trade\n", 3, NULL },
    { "game\n", 1, NULL },
    { "game for-ex extra\n", 1, NULL },
    { "players Bob Cynthia\ngame for-ex\n", 1, NULL },
    { "\"game\" for-ex\n", 1, NULL },
    /* missing or out of order */
    { "game for-ex\n", 1, "players" },
    { "game for-ex\n\n# c\nremoved USD JPY JPY CNY EUR GBP\nplayers Bob Cynthia\n", 4, "players" },
    { "game for-ex\ninvest Bob GBP\n", 2, "players" },
    { "game for-ex\nplayers Bob Cynthia\n", 2, "removed" },
    { "game for-ex\nplayers Bob Cynthia\ninvest Bob GBP\n", 3, "removed" },
    { "game for-ex\nplayers Bob Cynthia\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\n", 3, "removed" },
    /* players */
    { "game for-ex\nplayers\nremoved USD JPY JPY CNY EUR GBP\n", 2, NULL },
    { "game for-ex\nplayers Bob\nremoved USD JPY JPY CNY EUR GBP\n", 2, "1" },
    { "game for-ex\nplayers A B C D E F G\nremoved USD JPY JPY CNY EUR GBP\n", 2, "7" },
    { "game for-ex\nplayers Bob Cynthia Bob\nremoved USD JPY JPY CNY EUR GBP\n", 2, "Bob" },
    { "game for-ex\nplayers \"Mary Ann\" Bob \"Mary Ann\"\nremoved USD JPY JPY CNY EUR GBP\n", 2, "Mary Ann" },
    { "game for-ex\nplayers Bob \"\"\nremoved USD JPY JPY CNY EUR GBP\n", 2, NULL },
    { "game for-ex\nplayers Bob aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nremoved USD JPY JPY CNY EUR GBP\n", 2, NULL },
    /* removed */
    { "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR\n", 3, "5" },
    { "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP GBP\n", 3, "7" },
    { "game for-ex\nplayers Bob Cynthia\nremoved\n", 3, NULL },
    { "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY XXX EUR GBP\n", 3, "XXX" },
    { "game for-ex\nplayers Bob Cynthia\n\n\nremoved USD JPY JPY CNY EUR 5\n", 5, NULL },
    /* table rules: after removed, once a point, words the rule knows */
    { HEADER "rule rounding sideways\n", 4,
      "“sideways” is not a reading of the table rule rounding; it reads keep-half or round-all" },
    { HEADER "rule colour red\n", 4,
      "“colour” is not a table rule; the table rules are rounding, players and strengthen" },
    { HEADER "rule players 2-5\nrule strengthen none\nrule PLAYERS 2-6\n", 6,
      "the table rule players is given twice" },
    { HEADER "rule rounding\n", 4, "rule POINT READING" },
    { HEADER "rule rounding round-all now\n", 4, "rule POINT READING" },
    { HEADER "invest Bob GBP\nrule rounding round-all\n", 5,
      "the table rules are chosen before the first move: “rule” lines come right after “removed”" },
    { "game for-ex\nplayers Bob Cynthia\nrule rounding round-all\nremoved USD JPY JPY CNY EUR GBP\n", 3, "removed" },
    { "game for-ex\nplayers A B C D E F\nremoved USD JPY JPY CNY EUR GBP\nrule players 2-5\nrule strengthen none\n", 4,
      "the table rule “players 2-5” allows 2 to 5 players; this game has 6" },
    /* lexical errors keep their line */
    { "game for-ex\nplayers \"Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\n", 2, NULL },
    { HEADER "invest Bob GBP\n\ninvest Cynthia \xff\n", 6, NULL },
    { HEADER "invest Bob GBP\ninvest Cynthia GBP\ncorrect cash Bob EUR 5 \"why\n", 6, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *escaped = g_strescape (cases[i].text, NULL);

      g_test_message ("header case %u: %s", i, escaped);
      parse_fails (cases[i].text, cases[i].line, cases[i].fragment);
    }
}

/* The first refusal stops the reading even if later lines are fine. */
static void
test_first_error_wins (void)
{
  g_autofree char *text = g_strconcat (HEADER, "invest Bob GBP\ninvest Bob EUR\ninvest Zed GBP\n", NULL);

  parse_fails (text, 5, "it is Cynthia's turn, not Bob's");
}

static void
test_spot_last (void)
{
  static const char *const endings[] = {
    HEADER "spot Bob Cynthia GBP USD\n",
    HEADER "# comment\n\nspot Bob Cynthia GBP USD   # then nothing\n\n# more comment\n\n",
    HEADER "invest Bob GBP\ninvest Cynthia EUR\ncorrect pile CNY 3\nspot David Agnes GBP USD",
  };
  static const guint spot_lines[] = { 4, 6, 7 };

  for (guint i = 0; i < G_N_ELEMENTS (endings); i++)
    {
      g_autoptr(XqSession) session = parse_ok (endings[i]);
      g_autoptr(GError) error = NULL;
      guint line = 0;

      g_assert_false (xq_session_check_complete (session, &line, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "spot"));
      g_assert_cmpuint (line, ==, spot_lines[i]);
      /* error_line is optional. */
      g_clear_error (&error);
      g_assert_false (xq_session_check_complete (session, NULL, &error));
      g_assert_nonnull (error);
    }

  /* With its action the same turn is complete. */
  {
    g_autofree char *text = game_text (2);
    g_autoptr(XqSession) session = parse_ok (text);
    g_autoptr(GError) error = NULL;
    guint line = 12345;

    g_assert_true (xq_session_check_complete (session, &line, &error));
    g_assert_no_error (error);
  }
  /* And a file with no moves at all is complete. */
  {
    g_autoptr(XqSession) session = parse_ok (HEADER);
    g_autoptr(GError) error = NULL;

    g_assert_cmpuint (xq_session_get_n_moves (session), ==, 0);
    g_assert_true (xq_session_check_complete (session, NULL, &error));
    g_assert_no_error (error);
  }
}

/* Writes @session as XQN, reads it again and compares everything; returns the text. */
static char *
round_trip (XqSession *session)
{
  g_autofree char *text = xq_session_to_notation (session);
  g_autoptr(XqSession) again = parse_ok (text);
  g_autofree char *text_again = xq_session_to_notation (again);

  assert_sessions_equal (session, again);
  g_assert_cmpstr (text_again, ==, text);
  return g_steal_pointer (&text);
}

static void
test_round_trip_examples (void)
{
  static const char *const files[] = { "for-ex-20-4p.xqn", "for-ex-42-4p.xqn" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (TEST_DATA_DIR, files[i], NULL);
      g_autofree char *contents = NULL;
      g_autofree char *written = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) session = NULL;
      g_auto(GStrv) lines = NULL;

      g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
      g_assert_no_error (error);
      session = parse_ok (contents);
      g_assert_cmpuint (xq_session_get_n_moves (session), >, 30);
      written = round_trip (session);

      /* Keywords lower case, codes upper case, one statement per line, no comments. */
      g_assert_true (g_str_has_prefix (written, "game for-ex\nplayers "));
      g_assert_null (strchr (written, '#'));
      g_assert_null (strchr (written, '\t'));
      lines = g_strsplit (written, "\n", -1);
      g_assert_cmpuint (g_strv_length (lines), ==, 3 + xq_session_get_n_moves (session) + 1);
      g_assert_cmpstr (lines[g_strv_length (lines) - 1], ==, "");
      for (guint l = 3; lines[l][0] != '\0'; l++)
        {
          g_assert_true (g_ascii_islower (lines[l][0]));
          /* A currency code is never written in lower case. */
          for (const char *const *code = (const char *const[]) { " gbp", " eur", " usd", " chf", " jpy", " cad", " cny", NULL };
               *code != NULL; code++)
            {
              const char *hit = strstr (lines[l], *code);

              g_assert_true (hit == NULL || (hit[4] != ' ' && hit[4] != '\0'));
            }
        }
    }
}

static void
test_round_trip_good (void)
{
  g_autofree char *text = game_text (G_N_ELEMENTS (good_moves));
  g_autoptr(XqSession) session = parse_ok (text);
  g_autofree char *written = round_trip (session);

  g_assert_nonnull (strstr (written, "\ncorrect certs Agnes GBP 2 \"found one\"\n"));
  g_assert_nonnull (strstr (written, "\ncorrect pair EUR GBP 2 \"bumped the table\"\n"));
  g_assert_nonnull (strstr (written, "\ncorrect cash Bob EUR 5\n"));
  g_assert_nonnull (strstr (written, "\nstrongest CHF\n"));
  g_assert_nonnull (strstr (written, "\ndivest David EUR 1 Agnes 0 Bob 0\n"));
  g_assert_nonnull (strstr (written, "\nresolve Bob CHF\n"));
}

static void
test_round_trip_quoted_names (void)
{
  static const char text[] =
    "game for-ex\n"
    "players \"Mary Ann\" \"#1 fan\" Bob\n"
    "removed CAD CAD CNY CNY EUR USD\n"
    "spot \"Mary Ann\" \"#1 fan\" USD GBP\n"
    "invest \"Mary Ann\" GBP\n"
    "invest \"#1 fan\" CHF EUR\n"
    "invest Bob GBP\n"
    "contract \"Mary Ann\" USD 1 CHF\n"
    "divest \"#1 fan\" CHF 1 Bob 0 \"Mary Ann\" 0\n"
    "correct cash \"#1 fan\" EUR 3 \"fix #2\"\n"
    "contract Bob GBP 1 EUR\n";
  g_autoptr(XqSession) session = parse_ok (text);
  g_autofree char *written = NULL;
  const FxSetup *setup = xq_session_get_setup (session);
  const FxMove *divest;

  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 8);
  g_assert_cmpstr (setup->names[0], ==, "Mary Ann");
  g_assert_cmpstr (setup->names[1], ==, "#1 fan");
  g_assert_cmpstr (setup->names[2], ==, "Bob");
  divest = xq_session_get_move (session, 5);
  g_assert_cmpint (divest->kind, ==, FX_MOVE_DIVEST);
  g_assert_cmpint (divest->actor, ==, 1);
  g_assert_cmpuint (divest->named, ==, 7);
  g_assert_cmpstr (xq_session_get_move_reason (session, 6), ==, "fix #2");

  written = round_trip (session);
  /* The writer produces exactly the canonical text it was given. */
  g_assert_cmpstr (written, ==, text);

  /* Unquoted, those names are other tokens. */
  parse_fails ("game for-ex\nplayers \"Mary Ann\" Bob\nremoved CAD CAD CNY CNY EUR USD\ninvest Mary Ann GBP\n", 4, NULL);
  parse_fails ("game for-ex\nplayers \"#1 fan\" Bob\nremoved CAD CAD CNY CNY EUR USD\ninvest #1 fan GBP\n", 4, NULL);
}


/* Issue 15: each table rule is read into its bit, the default's words too,
 * in any case and order; the writer gives only the readings that differ
 * from the printed rules, after removed, and nothing for a game by the book. */
static void
test_table_rules (void)
{
  static const struct { const char *lines; guint8 readings; const char *written; } cases[] = {
    { "", 0, "" },
    { "rule rounding keep-half\nrule players 2-6\nrule strengthen tie-choice\n", 0, "" },
    { "rule rounding round-all\n", FX_READING_ROUND_ALL, "rule rounding round-all\n" },
    { "rule players 2-5\n", FX_READING_FIVE_PLAYERS, "rule players 2-5\n" },
    { "rule strengthen none\n", FX_READING_NONE_STRENGTHENED, "rule strengthen none\n" },
    { "# the house rules\nRULE Strengthen NONE   # as we always did\n\nrule rounding ROUND-ALL\nrule players 2-6\n",
      FX_READING_NONE_STRENGTHENED | FX_READING_ROUND_ALL, "rule rounding round-all\nrule strengthen none\n" },
    { "rule strengthen none\nrule players 2-5\nrule rounding round-all\n",
      FX_READING_ROUND_ALL | FX_READING_FIVE_PLAYERS | FX_READING_NONE_STRENGTHENED,
      "rule rounding round-all\nrule players 2-5\nrule strengthen none\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat (HEADER, cases[i].lines, "invest Bob GBP\n", NULL);
      g_autofree char *expected = g_strconcat (HEADER, cases[i].written, "invest Bob GBP\n", NULL);
      g_autoptr(XqSession) session = parse_ok (text);
      const FxSetup *setup = xq_session_get_setup (session);
      g_autofree char *written = NULL;

      g_test_message ("rules: %s", cases[i].lines);
      g_assert_cmpuint (setup->readings, ==, cases[i].readings);
      /* Rule lines are header: the moves and their lines are the game's. */
      g_assert_cmpuint (xq_session_get_n_moves (session), ==, 1);
      written = round_trip (session);
      g_assert_cmpstr (written, ==, expected);
    }

  /* Five players may play by "players 2-5". */
  {
    g_autoptr(XqSession) session = parse_ok ("game for-ex\nplayers A B C D E\nremoved USD JPY JPY CNY EUR GBP\n"
                                             "rule players 2-5\n");

    g_assert_cmpuint (((const FxSetup *) xq_session_get_setup (session))->readings, ==, FX_READING_FIVE_PLAYERS);
  }
}

/* Issue 15: a refusal names the rule really broken, or says the number is
 * too large for the game, never that a whole number is not an amount. */
static void
refused_with (guint       prefix,
              const char *line,
              const char *sentence)
{
  g_autofree char *text = game_with (prefix, line);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  guint error_line = 0;

  g_test_message ("after %u moves: %s", prefix, line);
  session = xq_session_new_from_notation (text, -1, &error_line, &error);
  g_assert_null (session);
  g_assert_nonnull (error);
  g_assert_cmpuint (error_line, ==, FIRST_MOVE_LINE + prefix);
  g_assert_cmpstr (error->message, ==, sentence);
}

static void
test_refusal_contract_large (void)
{
  /* Printed board: GBP>CNY @4. */
  refused_with (0, "contract Bob GBP 99999999 CNY",
                "GBP is the stronger of GBP and CNY, so the amount paid must be a whole number from 1 to 10, not 99999999");
  refused_with (0, "contract Bob CNY 99999999 GBP",
                "GBP is the stronger of CNY and GBP at 4, so the CNY paid must be 4 times a whole number from 1 to 10, "
                "not 99999999");
}

static void
test_refusal_contract_beyond_range (void)
{
  refused_with (0, "contract Bob GBP 99999999999999999999 CNY",
                "a contract promises a whole number from 1 to 10 of the stronger currency, or that number times the "
                "rate of the weaker, not 99999999999999999999");
}

static void
test_refusal_cash_large (void)
{
  g_autofree char *most = game_with (0, "correct cash Bob GBP 15625000");
  g_autoptr(XqSession) session = parse_ok (most);

  refused_with (0, "correct cash Bob GBP 99999999", "“99999999” is too large for the game: Exchequer counts up to 15625000");
}

static void
test_refusal_divest_none_held (void)
{
  refused_with (0, "divest Bob USD 25", "Bob holds no USD certificates and cannot sell 25");
  refused_with (6, "divest Cynthia GBP 1 David 25", "David holds no GBP certificates and cannot sell 25");
  refused_with (0, "divest Bob USD 99999999", "“99999999” is too large for the game: Exchequer counts up to 15625000");
}

static void
test_refusal_certificate_counts (void)
{
  refused_with (0, "correct certs Bob GBP 25", "a player holds 0 to 4 certificates of one currency");
  refused_with (0, "correct pile GBP 25", "a pile holds 0 to 8 certificates");
}

static void
test_refusal_track_value_large (void)
{
  refused_with (0, "correct pair GBP USD 99999999", "the track values are 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6 and 8");
  refused_with (0, "correct pair GBP USD 99999999999999", "the track values are 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6 and 8");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/xqn/fx/good-statements", test_good_statements);
  g_test_add_func ("/xqn/fx/case-insensitive", test_case_insensitive);
  g_test_add_func ("/xqn/fx/names-case-sensitive", test_names_case_sensitive);
  g_test_add_func ("/xqn/fx/bad-moves", test_bad_moves);
  g_test_add_func ("/xqn/fx/bad-header", test_bad_header);
  g_test_add_func ("/xqn/fx/first-error-wins", test_first_error_wins);
  g_test_add_func ("/xqn/fx/spot-last", test_spot_last);
  g_test_add_func ("/xqn/fx/round-trip/examples", test_round_trip_examples);
  g_test_add_func ("/xqn/fx/round-trip/good", test_round_trip_good);
  g_test_add_func ("/xqn/fx/round-trip/quoted-names", test_round_trip_quoted_names);
  g_test_add_func ("/xqn/fx/table-rules", test_table_rules);
  g_test_add_func ("/xqn/fx/refusal/contract-large", test_refusal_contract_large);
  g_test_add_func ("/xqn/fx/refusal/contract-beyond-range", test_refusal_contract_beyond_range);
  g_test_add_func ("/xqn/fx/refusal/cash-large", test_refusal_cash_large);
  g_test_add_func ("/xqn/fx/refusal/divest-none-held", test_refusal_divest_none_held);
  g_test_add_func ("/xqn/fx/refusal/certificate-counts", test_refusal_certificate_counts);
  g_test_add_func ("/xqn/fx/refusal/track-value-large", test_refusal_track_value_large);

  return g_test_run ();
}
