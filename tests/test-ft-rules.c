/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade rules: the rules page's worked numbers, tie-breaks, debts, locking and refusals. */

#include "config.h"

#include <string.h>

#include "ft-game.h"
#include "ft-state.h"
#include "ft-summary.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session.h"

#define HEADER_4P \
  "game fair-trade\n" \
  "players Ann Ben Cat Dan\n" \
  "farmer Ann\n" \
  "locked Ann 12 13\n" \
  "locked Ben 12 13\n" \
  "locked Cat 13 12\n" \
  "locked Dan 12 13\n"

static XqSession *
load (const char *text)
{
  g_autoptr(GError) error = NULL;
  guint line = 0;
  XqSession *session = xq_session_new_from_notation (text, -1, &line, &error);

  if (session == NULL)
    g_error ("line %u: %s", line, error->message);
  return session;
}

static const FtState *
state_of (XqSession *session)
{
  return xq_session_get_state (session);
}

static const FtSetup *
setup_of (XqSession *session)
{
  return xq_session_get_setup (session);
}

static int
player (XqSession  *session,
        const char *name)
{
  int p = ft_setup_find_player (setup_of (session), name);

  g_assert_cmpint (p, !=, FT_NO_PLAYER);
  return p;
}

/* Parses one statement and plays it; returns FALSE with @error on refusal. */
static gboolean
play (XqSession   *session,
      const char  *line,
      GError     **error)
{
  const XqGame *game = xq_session_get_game (session);
  g_autoptr(GPtrArray) statements = xq_notation_split (line, -1, NULL, error);
  g_autofree char *reason = NULL;
  FtMove move;

  g_assert_nonnull (statements);
  g_assert_cmpuint (statements->len, ==, 1);
  memset (&move, 0, sizeof move);
  if (!game->parse_move (setup_of (session), g_ptr_array_index (statements, 0), &move, &reason, error))
    return FALSE;
  return xq_session_play (session, &move, reason, error);
}

static void
play_ok (XqSession  *session,
         const char *line)
{
  g_autoptr(GError) error = NULL;

  if (!play (session, line, &error))
    g_error ("“%s” refused: %s", line, error->message);
}

/* A refusal with exactly @sentence, and nothing changed. */
static void
assert_refused (XqSession  *session,
                const char *line,
                GQuark      domain,
                const char *sentence)
{
  g_autoptr(GError) error = NULL;
  FtState before = *state_of (session);
  guint n_moves = xq_session_get_n_moves (session);

  g_assert_false (play (session, line, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == domain);
  g_assert_cmpstr (error->message, ==, sentence);
  g_assert_cmpmem (state_of (session), sizeof before, &before, sizeof before);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, n_moves);
}

static gint32
sum (const gint32 values[FT_MAX_PLAYERS],
     int          n)
{
  gint32 total = 0;

  for (int p = 0; p < n; p++)
    total += values[p];
  return total;
}

/* ---- the rules page's worked numbers ---- */

static void
test_pool_split (void)
{
  static const guint16 awards[FT_MAX_PLAYERS] = { 5, 4, 1, 0 };
  static const gint32 coins[FT_MAX_PLAYERS] = { 16, 16, 16, 16 };
  guint8 bids[FT_MAX_PLAYERS][2] = { { 6, 3 }, { 4, 5 }, { 3, 9 }, { 2, 7 } };
  FtSettlement st;

  ft_settle (4, 0, 3, (const guint8 (*)[2]) bids, awards, coins, &st);
  g_assert_cmpint (st.pool, ==, 15);
  g_assert_cmpint (st.share[0], ==, 4);
  g_assert_cmpint (st.share[1], ==, 4);
  g_assert_cmpint (st.share[2], ==, 4);
  g_assert_cmpint (st.share[3], ==, 3);

  /* Every split differs by at most one, larger shares first. */
  for (int n = 2; n <= FT_MAX_PLAYERS; n++)
    for (int pool = n; pool <= 13 * n; pool++)
      {
        gint32 total = 0;
        int left = pool;

        /* Spread the pool over the farmer cards, each 1 … 13. */
        for (int p = 0; p < n; p++)
          {
            int v = MIN (13, left - (n - 1 - p));

            bids[p][0] = (guint8) v;
            bids[p][1] = 1;
            left -= v;
          }
        g_assert_cmpint (left, ==, 0);
        ft_settle (n, 0, n - 1, (const guint8 (*)[2]) bids, awards, coins, &st);
        g_assert_cmpint (st.pool, ==, pool);
        for (int k = 0; k < n; k++)
          {
            total += st.share[k];
            if (k > 0)
              {
                g_assert_cmpint (st.share[k], <=, st.share[k - 1]);
                g_assert_cmpint (st.share[0] - st.share[k], <=, 1);
              }
          }
        g_assert_cmpint (total, ==, pool);
      }
}

/* One whole round by hand: pool 15 over 4 cards, the 4-player row 5 4 1 0. */
static void
test_worked_round (void)
{
  g_autoptr(XqSession) s = load (HEADER_4P "market 5 4 1 0\n"
                                 "bid Ann 6 3\nbid Ben 4 5\nbid Cat 3 9\nbid Dan 2 7\n");
  const FtState *st = state_of (s);
  int ann = player (s, "Ann"), ben = player (s, "Ben"), cat = player (s, "Cat"), dan = player (s, "Dan");

  g_assert_cmpuint (st->round, ==, 1);
  g_assert_true (st->has_last);
  /* Farmer cards 6, 4, 3, 2 take 4, 4, 4, 3; trader bids 9, 7, 5, 3 go to them in turn. */
  g_assert_cmpint (st->last.farmer_rank[0], ==, ann);
  g_assert_cmpint (st->last.farmer_rank[3], ==, dan);
  g_assert_cmpint (st->last.trader_rank[0], ==, cat);
  g_assert_cmpint (st->last.trader_rank[1], ==, dan);
  g_assert_cmpint (st->last.trader_rank[2], ==, ben);
  g_assert_cmpint (st->last.trader_rank[3], ==, ann);
  g_assert_cmpint (st->coins[ann], ==, 16 - 9 + 4 + 9);
  g_assert_cmpint (st->coins[ben], ==, 16 - 9 + 4 + 7);
  g_assert_cmpint (st->coins[cat], ==, 16 - 12 + 4 + 5);
  g_assert_cmpint (st->coins[dan], ==, 16 - 9 + 3 + 3);
  g_assert_cmpint (sum (st->coins, 4), ==, 64);
  g_assert_cmpint (st->markers[cat], ==, 5);
  g_assert_cmpint (st->markers[dan], ==, 4);
  g_assert_cmpint (st->markers[ben], ==, 1);
  g_assert_cmpint (st->markers[ann], ==, 0);
  g_assert_cmpint (sum (st->debt, 4), ==, 0);
  /* The bid cards are locked now, in ascending order. */
  g_assert_cmpuint (st->locked[ann][0], ==, 3);
  g_assert_cmpuint (st->locked[ann][1], ==, 6);
  g_assert_cmpuint (st->locked[cat][0], ==, 3);
  g_assert_cmpuint (st->locked[cat][1], ==, 9);
  /* The farmer marker went clockwise; the old farmer has the trader marker. */
  g_assert_cmpint (st->farmer, ==, ben);
  g_assert_cmpint (st->trader, ==, ann);
}

/* ---- tie-breaks ---- */

static void
test_tie_directions (void)
{
  /* Farmer Cat, so the trader marker is Ben's (Cat's right). */
  g_autoptr(XqSession) s = load ("game fair-trade\nplayers Ann Ben Cat Dan\nfarmer Cat\n"
                                 "locked Ann 1 2\nlocked Ben 1 2\nlocked Cat 1 2\nlocked Dan 1 2\n");
  int ann = player (s, "Ann"), ben = player (s, "Ben"), cat = player (s, "Cat"), dan = player (s, "Dan");
  const FtState *st = state_of (s);

  g_assert_cmpint (st->farmer, ==, cat);
  g_assert_cmpint (st->trader, ==, ben);
  play_ok (s, "market 5 4 1 0");
  play_ok (s, "bid Ann 5 6");
  play_ok (s, "bid Ben 5 6");
  play_ok (s, "bid Cat 5 6");
  play_ok (s, "bid Dan 5 6");
  st = state_of (s);
  /* Farmer ties clockwise from the farmer: Cat, Dan, Ann, Ben. */
  g_assert_cmpint (st->last.farmer_rank[0], ==, cat);
  g_assert_cmpint (st->last.farmer_rank[1], ==, dan);
  g_assert_cmpint (st->last.farmer_rank[2], ==, ann);
  g_assert_cmpint (st->last.farmer_rank[3], ==, ben);
  /* Trader ties counter-clockwise from the trader: Ben, Ann, Dan, Cat. */
  g_assert_cmpint (st->last.trader_rank[0], ==, ben);
  g_assert_cmpint (st->last.trader_rank[1], ==, ann);
  g_assert_cmpint (st->last.trader_rank[2], ==, dan);
  g_assert_cmpint (st->last.trader_rank[3], ==, cat);
  g_assert_cmpint (st->markers[ben], ==, 5);
  g_assert_cmpint (st->markers[ann], ==, 4);
  g_assert_cmpint (st->markers[dan], ==, 1);
  g_assert_cmpint (st->markers[cat], ==, 0);
  /* Pool 20 over 4: 5 each; each pays 11 and gets 5 + 6 back. */
  for (int p = 0; p < 4; p++)
    g_assert_cmpint (st->coins[p], ==, 16);

  /* Round 2: farmer Dan, trader Cat. A partial tie on each side. */
  g_assert_cmpint (st->farmer, ==, dan);
  g_assert_cmpint (st->trader, ==, cat);
  play_ok (s, "market 3 2 1 0");
  play_ok (s, "bid Ann 7 3");
  play_ok (s, "bid Ben 7 4");
  play_ok (s, "bid Cat 9 4");
  play_ok (s, "bid Dan 3 4");
  st = state_of (s);
  /* Farmer: Cat's 9, then Ann and Ben tied at 7 — clockwise from Dan, Ann comes first. */
  g_assert_cmpint (st->last.farmer_rank[0], ==, cat);
  g_assert_cmpint (st->last.farmer_rank[1], ==, ann);
  g_assert_cmpint (st->last.farmer_rank[2], ==, ben);
  g_assert_cmpint (st->last.farmer_rank[3], ==, dan);
  /* Trader: Ben, Cat and Dan tied at 4 — counter-clockwise from Cat: Cat, Ben, then Dan. */
  g_assert_cmpint (st->last.trader_rank[0], ==, cat);
  g_assert_cmpint (st->last.trader_rank[1], ==, ben);
  g_assert_cmpint (st->last.trader_rank[2], ==, dan);
  g_assert_cmpint (st->last.trader_rank[3], ==, ann);
  /* Pool 26 over 4: 7, 7, 6, 6. */
  g_assert_cmpint (st->last.share[0], ==, 7);
  g_assert_cmpint (st->last.share[1], ==, 7);
  g_assert_cmpint (st->last.share[2], ==, 6);
  g_assert_cmpint (st->last.share[3], ==, 6);
  g_assert_cmpint (st->coins[cat], ==, 16 - 13 + 7 + 4);
  g_assert_cmpint (st->coins[ann], ==, 16 - 10 + 7 + 4);
  g_assert_cmpint (st->coins[ben], ==, 16 - 11 + 6 + 4);
  g_assert_cmpint (st->coins[dan], ==, 16 - 7 + 6 + 3);
  g_assert_cmpint (sum (st->coins, 4), ==, 64);
}

/* ---- shortfalls ---- */

static void
test_shortfall (void)
{
  g_autoptr(XqSession) s = load (HEADER_4P "correct coins Ann 3 \"a spilled purse\"\n");
  int ann = player (s, "Ann");
  const FtState *st = state_of (s);
  gint32 before = sum (st->coins, 4);

  g_assert_cmpstr (xq_session_get_move_reason (s, 0), ==, "a spilled purse");
  play_ok (s, "market 5 4 1 0");
  play_ok (s, "bid Ann 6 5");
  play_ok (s, "bid Ben 3 4");
  play_ok (s, "bid Cat 4 3");
  play_ok (s, "bid Dan 5 6");
  st = state_of (s);
  /* Ann bids 11 holding 3: 8 from the box. */
  g_assert_cmpint (st->debt[ann], ==, 8);
  g_assert_cmpint (st->last.shortfall[ann], ==, 8);
  /* Pool 18: 5, 5, 4, 4; Ann's 6 ranks first and takes 5 and Dan's 6. */
  g_assert_cmpint (st->coins[ann], ==, 0 + 5 + 6);
  /* Coins grew by exactly what the box lent. */
  g_assert_cmpint (sum (st->coins, 4), ==, before + 8);
  /* Markers less debt. */
  g_assert_cmpint (ft_state_score (st, ann), ==, st->markers[ann] - 8);

  /* Exactly the coins held: no debt. */
  play_ok (s, "correct coins Ben 7");
  play_ok (s, "market 1 1 1 1");
  play_ok (s, "bid Ben 5 2");
  play_ok (s, "bid Ann 1 2");
  play_ok (s, "bid Cat 1 2");
  play_ok (s, "bid Dan 1 2");
  g_assert_cmpint (state_of (s)->debt[player (s, "Ben")], ==, 0);
}

/* ---- marker passing and the end ---- */

static void
test_full_game (void)
{
  g_autoptr(XqSession) s = load ("game fair-trade\nplayers Ann Ben Cat Dan Eve\nfarmer Cat\nrounds 12\n"
                                 "locked Eve 12 13\nlocked Ann 12 13\nlocked Ben 12 13\nlocked Cat 12 13\nlocked Dan 12 13\n");
  static const char *const names[] = { "Ann", "Ben", "Cat", "Dan", "Eve" };
  int n = 5;

  for (guint r = 0; r < 12; r++)
    {
      const FtState *st = state_of (s);
      gint32 coins_before = sum (st->coins, n), debt_before = sum (st->debt, n);
      int farmer = (2 + (int) r) % n;

      g_assert_cmpuint (st->round, ==, r);
      g_assert_cmpint (st->farmer, ==, farmer);
      g_assert_cmpint (st->trader, ==, (farmer + n - 1) % n);
      g_assert_false (ft_state_is_over (st));
      play_ok (s, "market 6 4 2 1 0");
      for (int p = 0; p < n; p++)
        {
          /* Cards alternate between two pairs, each free in its turn. */
          guint a = r % 2 == 0 ? 1 + (guint) p : 7 + (guint) p;
          g_autofree char *line = g_strdup_printf ("bid %s %u %u", names[p], a, r % 2 == 0 ? 6u : 12u);

          play_ok (s, line);
        }
      st = state_of (s);
      /* Conserved, except what the box lent. */
      g_assert_cmpint (sum (st->coins, n) - coins_before, ==, sum (st->debt, n) - debt_before);
      g_assert_cmpint (sum (st->markers, n), ==, 13 * (gint32) (r + 1));
    }
  g_assert_true (ft_state_is_over (state_of (s)));
  g_assert_cmpuint (state_of (s)->round, ==, 12);
  g_assert_cmpint (state_of (s)->farmer, ==, (2 + 12) % n);
  assert_refused (s, "market 6 4 2 1 0", XQ_RULE_ERROR, "the game is over; no move may follow");
  assert_refused (s, "correct coins Ann 3", XQ_RULE_ERROR, "the game is over; no move may follow");
}

static void
test_short_game (void)
{
  g_autoptr(XqSession) s = load ("game fair-trade\nplayers Ann Ben\nfarmer Ben\nrounds 1\nlocked Ben 3 4\nlocked Ann 5 6\n");
  g_autoptr(GString) out = g_string_new (NULL);

  g_assert_cmpint (state_of (s)->trader, ==, player (s, "Ann"));
  play_ok (s, "market 3 1");
  play_ok (s, "bid Ann 1 2");
  play_ok (s, "bid Ben 1 2");
  g_assert_true (ft_state_is_over (state_of (s)));
  ft_summary_write_state (setup_of (s), state_of (s), out);
  /* Farmer ties start at Ben, trader ties at Ann; 2 over 2 is 1 each. */
  g_assert_cmpstr (out->str, ==,
                   "game fair-trade\nstatus ended\nround 1\nfarmer Ann\ntrader Ben\n"
                   "coins Ann 16\ncoins Ben 16\nmarkers Ann 3\nmarkers Ben 1\n"
                   "debt Ann 0\ndebt Ben 0\nlocked Ann 1 2\nlocked Ben 1 2\n");
  g_string_truncate (out, 0);
  ft_summary_write_score (setup_of (s), state_of (s), out);
  g_assert_cmpstr (out->str, ==, "total Ann 3\ntotal Ben 1\nwinner Ann\n");
}

/* ---- locking ---- */

static void
test_locking (void)
{
  g_autoptr(XqSession) s = load (HEADER_4P "market 5 4 1 0\n"
                                 "bid Ann 6 3\nbid Ben 4 5\nbid Cat 3 9\nbid Dan 2 7\n"
                                 "market 5 4 1 0\n");

  /* Round 2: the cards from round 1 lie by the future market. */
  assert_refused (s, "bid Ann 3 8", XQ_RULE_ERROR,
                  "Ann’s card 3 is locked: Ann bid it last round, and a card bid in one round is unavailable in the next");
  assert_refused (s, "bid Ann 8 6", XQ_RULE_ERROR,
                  "Ann’s card 6 is locked: Ann bid it last round, and a card bid in one round is unavailable in the next");
  /* The setup's cards came back. */
  play_ok (s, "bid Ann 12 13");
  play_ok (s, "bid Ben 1 2");
  play_ok (s, "bid Cat 1 2");
  play_ok (s, "bid Dan 1 3");
  play_ok (s, "market 5 4 1 0");
  assert_refused (s, "bid Dan 3 4", XQ_RULE_ERROR,
                  "Dan’s card 3 is locked: Dan bid it last round, and a card bid in one round is unavailable in the next");
  play_ok (s, "bid Ann 3 6");
  g_assert_cmpuint (state_of (s)->locked[player (s, "Ann")][0], ==, 12);
}

/* ---- refusals ---- */

static void
test_refusals (void)
{
  g_autoptr(XqSession) s = load (HEADER_4P);

  assert_refused (s, "bid Ann 5 6", XQ_RULE_ERROR,
                  "Ann cannot bid: it is between rounds, and a round opens with its market row");
  assert_refused (s, "market 5 4 1", XQ_RULE_ERROR,
                  "a market row has one award per player, 4, not 3 entries");
  assert_refused (s, "market 5 4 1 0 0", XQ_RULE_ERROR,
                  "a market row has one award per player, 4, not 5 entries");
  assert_refused (s, "market 5 4 1 0 0 0 0 0", XQ_RULE_ERROR,
                  "a market row has one award per player, 4, not 8 entries");
  assert_refused (s, "market", XQ_RULE_ERROR,
                  "a market row has one award per player, 4, not 0 entries");
  assert_refused (s, "market 5 4 50001 0", XQ_NOTATION_ERROR,
                  "“50001” is too large for the game: Exchequer counts up to 50000");
  play_ok (s, "market 5 4 1 0");
  assert_refused (s, "market 5 4 1 0", XQ_RULE_ERROR,
                  "round 1 is open: its market row is set, and the next one comes after the last bid");
  assert_refused (s, "bid Ann 12 5", XQ_RULE_ERROR,
                  "Ann’s card 12 is locked: it was laid by the future market at setup, and is unavailable in the first round");
  assert_refused (s, "bid Ann 5 13", XQ_RULE_ERROR,
                  "Ann’s card 13 is locked: it was laid by the future market at setup, and is unavailable in the first round");
  assert_refused (s, "bid Ann 5 5", XQ_RULE_ERROR,
                  "Ann bids card 5 twice; the farmer and the trader bids are two different cards");
  assert_refused (s, "bid Ann 0 5", XQ_RULE_ERROR, "there is no card 0; bid cards are numbered 1 to 13");
  assert_refused (s, "bid Ann 5 14", XQ_RULE_ERROR, "there is no card 14; bid cards are numbered 1 to 13");
  play_ok (s, "bid Ann 5 6");
  assert_refused (s, "bid Ann 7 8", XQ_RULE_ERROR, "Ann has already bid this round; each player bids once");
  assert_refused (s, "correct coins Ann 50001", XQ_NOTATION_ERROR,
                  "“50001” is too large for the game: Exchequer counts up to 50000");
  /* A correction is allowed in the middle of a round. */
  play_ok (s, "correct markers Ann 2");
  g_assert_cmpint (state_of (s)->markers[player (s, "Ann")], ==, 2);

  assert_refused (s, "bid Zoe 5 6", XQ_NOTATION_ERROR, "there is no player named “Zoe”");
  assert_refused (s, "bid Ben five 6", XQ_NOTATION_ERROR, "“five” is not a whole number");
  assert_refused (s, "bid Ben 5", XQ_NOTATION_ERROR, "the statement reads: bid PLAYER FARMER-CARD TRADER-CARD");
  assert_refused (s, "correct cash Ben 5", XQ_NOTATION_ERROR,
                  "a correction sets coins or markers: “correct coins PLAYER N”");
  assert_refused (s, "correct coins Ben 5 reason", XQ_NOTATION_ERROR,
                  "a correction’s reason goes in quotes (\"): correct coins PLAYER N [\"reason\"]");
  assert_refused (s, "locked Ben 5 6", XQ_NOTATION_ERROR,
                  "“locked” belongs to the header, which comes once at the start");
  assert_refused (s, "spot Ben 5 6", XQ_NOTATION_ERROR,
                  "unknown statement “spot”; a Fair Trade move is market, bid or correct");
}

/* The rules' own checks, below what the notation can say. */
static void
test_direct_refusals (void)
{
  g_autoptr(XqSession) s = load (HEADER_4P);
  FtState st = *state_of (s);
  FtState copy = st;
  g_autoptr(GError) error = NULL;
  FtMove m;

  ft_move_init (&m, FT_MOVE_BID);
  m.player = 7;
  g_assert_false (ft_state_apply (setup_of (s), &st, &m, &error));
  g_assert_cmpstr (error->message, ==, "a move names a player at the table");
  g_clear_error (&error);
  ft_move_init (&m, FT_MOVE_CORRECT_COINS);
  m.player = 0;
  m.value = -1;
  g_assert_false (ft_state_validate (setup_of (s), &st, &m, &error));
  g_assert_cmpstr (error->message, ==, "coins and fair-trade markers cannot be negative");
  g_clear_error (&error);
  m.value = FT_MAX_NUMBER + 1;
  g_assert_false (ft_state_validate (setup_of (s), &st, &m, &error));
  g_assert_cmpstr (error->message, ==, "50001 is too large for the game: Exchequer counts up to 50000");
  g_clear_error (&error);
  ft_move_init (&m, FT_MOVE_MARKET);
  m.n_awards = 4;
  m.awards[2] = FT_MAX_NUMBER + 1;
  g_assert_false (ft_state_validate (setup_of (s), &st, &m, &error));
  g_assert_cmpstr (error->message, ==, "50001 is too large for the game: Exchequer counts up to 50000");
  g_clear_error (&error);
  ft_move_init (&m, 9);
  m.player = 0;
  g_assert_false (ft_state_apply (setup_of (s), &st, &m, NULL));
  g_assert_cmpmem (&st, sizeof st, &copy, sizeof copy);
}


/* ---- issue 15: refusals that name the rule really broken ---- */

/* Bid cards are 1 to 13, whatever number is written. */
static void
test_refusal_bid_card_large (void)
{
  g_autoptr(XqSession) s = load (HEADER_4P "market 5 4 1 0\n");

  assert_refused (s, "bid Ann 70000 4", XQ_RULE_ERROR, "there is no card 70000; bid cards are numbered 1 to 13");
  assert_refused (s, "bid Ann 4 4294967296", XQ_NOTATION_ERROR,
                  "“4294967296” is too large for the game: Exchequer counts up to 15625000");
}

/* A market card may award any whole number the notation writes. */
static void
test_refusal_award_large (void)
{
  g_autoptr(XqSession) s = load (HEADER_4P);

  play_ok (s, "market 5 4 100 0");
  g_assert_cmpuint (state_of (s)->market[2], ==, 100);
  play_ok (s, "bid Ann 1 2");
  play_ok (s, "bid Ben 3 4");
  play_ok (s, "bid Cat 5 6");
  play_ok (s, "bid Dan 7 8");
  play_ok (s, "market 50000 0 0 0");
}

/* Coins and markers may be corrected to any whole number the notation writes. */
static void
test_refusal_correction_large (void)
{
  g_autoptr(XqSession) s = load (HEADER_4P);

  play_ok (s, "correct coins Ann 10000");
  g_assert_cmpint (state_of (s)->coins[player (s, "Ann")], ==, 10000);
  play_ok (s, "correct markers Ben 50000");
  g_assert_cmpint (state_of (s)->markers[player (s, "Ben")], ==, 50000);
}

/* The last round of a full game has no future market: the refusal says the
 * rule that holds, that a card bid in one round is unavailable in the next. */
static void
test_refusal_locked_last_round (void)
{
  g_autoptr(GString) text = g_string_new ("game fair-trade\nplayers Ann Ben\nfarmer Ann\n"
                                          "locked Ann 12 13\nlocked Ben 12 13\n");
  g_autoptr(XqSession) s = NULL;
  g_autoptr(GError) error = NULL;

  for (int round = 1; round <= 11; round++)
    g_string_append_printf (text, "market 1 0\nbid Ann %d %d\nbid Ben %d %d\n",
                            round % 2 ? 1 : 3, round % 2 ? 2 : 4, round % 2 ? 1 : 3, round % 2 ? 2 : 4);
  g_string_append (text, "market 1 0\n");
  s = load (text->str);
  g_assert_cmpuint (state_of (s)->round, ==, 11);
  g_assert_false (play (s, "bid Ann 1 5", &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_assert_cmpstr (error->message, ==,
                   "Ann’s card 1 is locked: Ann bid it last round, and a card bid in one round is unavailable in the next");
  g_assert_null (strstr (error->message, "future market"));
}

/* ---- the header ---- */

static void
assert_header_error (const char *text,
                     guint       line,
                     const char *sentence)
{
  g_autoptr(GError) error = NULL;
  guint error_line = 0;
  g_autoptr(XqSession) s = xq_session_new_from_notation (text, -1, &error_line, &error);

  g_assert_null (s);
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, sentence);
  g_assert_cmpuint (error_line, ==, line);
}

static void
test_header (void)
{
  g_autoptr(XqSession) s = load ("game FAIR-TRADE\nplayers \"Mary Ann\" Bob\nfarmer Bob\n"
                                 "locked Bob 9 4\nlocked \"Mary Ann\" 13 1\nmarket 1 0\n");
  g_autofree char *text = xq_session_to_notation (s);

  /* Rounds default to 12; locked lines come back in seating order, as laid. */
  g_assert_cmpuint (setup_of (s)->rounds, ==, 12);
  g_assert_cmpstr (text, ==,
                   "game fair-trade\nplayers \"Mary Ann\" Bob\nfarmer Bob\nrounds 12\n"
                   "locked \"Mary Ann\" 13 1\nlocked Bob 9 4\nmarket 1 0\n");
  g_assert_cmpuint (state_of (s)->locked[0][0], ==, 1);
  g_assert_cmpuint (state_of (s)->locked[0][1], ==, 13);

  assert_header_error ("game fair-trade\nfarmer Ann\n", 2,
                       "the second statement must list the players in seating order: “players NAME NAME …”");
  assert_header_error ("game fair-trade\nplayers Ann\n", 2, "Fair Trade is played by 2 to 6 players, not 1");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nlocked Ann 1 2\n", 3,
                       "the third statement must name the holder of the farmer marker: “farmer NAME”");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nfarmer Zoe\n", 3, "there is no player named “Zoe”");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nfarmer Ann\nrounds 13\n", 4,
                       "a game of Fair Trade has 1 to 12 rounds, one per market card, not 13");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nfarmer Ann\nrounds 0\n", 4,
                       "a game of Fair Trade has 1 to 12 rounds, one per market card, not 0");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 1 2\nmarket 1 0\n", 5,
                       "the header needs a line “locked Ben CARD CARD”: the two cards Ben lays by the future market");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 1 2\n", 4,
                       "the header needs a line “locked Ben CARD CARD”: the two cards Ben lays by the future market");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 1 2\nlocked Ann 3 4\n", 5,
                       "Ann has two “locked” lines; each player lays two cards once");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 3 3\n", 4,
                       "Ann lays two different cards by the future market, not card 3 twice");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 3 14\n", 4,
                       "there is no card 14; bid cards are numbered 1 to 13");
  assert_header_error ("game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 1 2\nlocked Ben 1 2\nrounds 3\n", 6,
                       "“rounds” belongs to the header, which comes once at the start");
}

/* ---- what the summaries show ---- */

static void
test_state_hides_bids (void)
{
  g_autoptr(XqSession) s = load (HEADER_4P "market 5 4 1 0\nbid Ann 6 3\nbid Ben 4 5\n");
  g_autoptr(GString) before = g_string_new (NULL);
  g_autoptr(GString) during = g_string_new (NULL);
  FtState start;

  xq_session_get_state_at (s, 0, &start);
  ft_summary_write_state (setup_of (s), &start, before);
  ft_summary_write_state (setup_of (s), state_of (s), during);
  g_assert_cmpstr (during->str, ==, before->str);
  g_assert_true (g_str_has_prefix (during->str, "game fair-trade\nstatus playing\nround 0\nfarmer Ann\ntrader Dan\n"));
}

static void
seat (FtState *st,
      int      p,
      gint32   markers,
      gint32   debt,
      gint32   coins)
{
  st->markers[p] = markers;
  st->debt[p] = debt;
  st->coins[p] = coins;
}

static void
test_winners (void)
{
  FtState st;
  gboolean winners[FT_MAX_PLAYERS];

  memset (&st, 0, sizeof st);
  st.n_players = 3;
  /* Score first: 8, 9, 8. */
  seat (&st, 0, 10, 2, 5);
  seat (&st, 1, 9, 0, 1);
  seat (&st, 2, 8, 0, 9);
  g_assert_cmpuint (ft_state_winners (&st, winners), ==, 1);
  g_assert_true (winners[1]);
  /* Tied on score: the coins decide. */
  seat (&st, 1, 8, 0, 1);
  g_assert_cmpuint (ft_state_winners (&st, winners), ==, 1);
  g_assert_true (winners[2]);
  /* Tied on both: shared. */
  seat (&st, 0, 10, 2, 9);
  g_assert_cmpuint (ft_state_winners (&st, winners), ==, 2);
  g_assert_true (winners[0] && winners[2] && !winners[1]);
  /* Negative scores are still compared. */
  seat (&st, 0, 0, 5, 9);
  seat (&st, 1, 0, 3, 1);
  seat (&st, 2, 0, 4, 9);
  g_assert_cmpuint (ft_state_winners (&st, winners), ==, 1);
  g_assert_true (winners[1]);
}

static void
test_legal_is_absent (void)
{
  g_assert_null (ft_game_get ()->list_legal);
  g_assert_true (xq_game_lookup ("fair-trade") == ft_game_get ());
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/ft-rules/pool-split", test_pool_split);
  g_test_add_func ("/ft-rules/worked-round", test_worked_round);
  g_test_add_func ("/ft-rules/tie-directions", test_tie_directions);
  g_test_add_func ("/ft-rules/shortfall", test_shortfall);
  g_test_add_func ("/ft-rules/full-game", test_full_game);
  g_test_add_func ("/ft-rules/short-game", test_short_game);
  g_test_add_func ("/ft-rules/locking", test_locking);
  g_test_add_func ("/ft-rules/refusals", test_refusals);
  g_test_add_func ("/ft-rules/direct-refusals", test_direct_refusals);
  g_test_add_func ("/ft-rules/refusal/bid-card-large", test_refusal_bid_card_large);
  g_test_add_func ("/ft-rules/refusal/award-large", test_refusal_award_large);
  g_test_add_func ("/ft-rules/refusal/correction-large", test_refusal_correction_large);
  g_test_add_func ("/ft-rules/refusal/locked-last-round", test_refusal_locked_last_round);
  g_test_add_func ("/ft-rules/header", test_header);
  g_test_add_func ("/ft-rules/state-hides-bids", test_state_hides_bids);
  g_test_add_func ("/ft-rules/winners", test_winners);
  g_test_add_func ("/ft-rules/legal-absent", test_legal_is_absent);
  return g_test_run ();
}
