/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of For-Ex end-game scoring: the strongest currency, conversion and the winner. */

#include "config.h"

#include <string.h>

#include "fx-board.h"
#include "fx-score.h"
#include "fx-state.h"
#include "fx-summary.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session.h"

/* An amount in bucks, as written on the rules page, to half-bucks. */
#define B(bucks) XQ_BUCKS (bucks)

enum
{
  ALICE,
  BOB,
  CYNTHIA,
};

static const char *const all_names[] = { "Alice", "Bob", "Cynthia" };

typedef struct
{
  FxSetup setup;
  FxState state;
} Game;

/* A game of @n_players on the printed board; nobody holds anything yet. */
static void
game_init (Game *g,
           guint n_players)
{
  GError *error = NULL;

  fx_setup_init (&g->setup);
  g_assert_true (fx_setup_set_players (&g->setup, all_names, n_players, &error));
  g_assert_no_error (error);
  /* Six removed at setup: one of each of the first six currencies. */
  for (int i = 0; i < FX_N_REMOVED; i++)
    g->setup.removed[i] = (gint8) i;
  fx_state_init (&g->setup, &g->state);
  memset (g->state.cash, 0, sizeof g->state.cash);
}

static guint
space_of (double value)
{
  guint space = G_MAXUINT;

  g_assert_true (fx_track_space_of (B (value), &space));
  return space;
}

static void
set_pair (FxBoard    *board,
          FxCurrency  stronger,
          FxCurrency  weaker,
          double      value)
{
  fx_board_set_pair (board, stronger, weaker, space_of (value));
}

/* Move certificates from the pile to a player, as an invest would. */
static void
hold_certs (Game       *g,
            int         player,
            FxCurrency  currency,
            guint       count)
{
  g_assert_cmpuint (g->state.pile[currency], >=, count);
  g->state.pile[currency] -= (guint8) count;
  g->state.certs[player][currency] += (guint8) count;
  g_assert_cmpuint (g->state.certs[player][currency], <=, FX_MAX_CERTS_HELD);
}

/* Printed board with CNY>GBP @1: GBP and EUR both lead five pairs. */
static void
tie_gbp_eur (Game *g)
{
  guint won[FX_N_CURRENCIES];

  set_pair (&g->state.board, FX_CNY, FX_GBP, 1);
  fx_board_pairs_won (&g->state.board, won);
  g_assert_cmpuint (won[FX_GBP], ==, 5);
  g_assert_cmpuint (won[FX_EUR], ==, 5);
  g_assert_cmpuint (won[FX_USD], ==, 4);
}

/* ---- the strongest currency ---- */

static void
test_strongest_most_pairs (void)
{
  Game g;
  FxStrongest out;

  game_init (&g, 2);
  /* Certificates do not matter when the pairs decide. */
  hold_certs (&g, ALICE, FX_CNY, 4);
  fx_score_strongest (&g.state, &out);
  g_assert_cmpint (out.strongest, ==, FX_GBP);
  g_assert_cmpuint (out.n_tied, ==, 1);
  g_assert_false (out.chosen);
  g_assert_cmpuint (out.pairs_won[FX_GBP], ==, 6);
  g_assert_cmpuint (out.pairs_won[FX_CNY], ==, 0);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g_assert_true (out.tied_on_pairs[c] == (c == FX_GBP));

  /* Flip four of GBP's pairs and EUR-USD: USD leads all six of its pairs. */
  set_pair (&g.state.board, FX_USD, FX_GBP, 1.5);
  set_pair (&g.state.board, FX_EUR, FX_GBP, 1);
  set_pair (&g.state.board, FX_CHF, FX_GBP, 1);
  set_pair (&g.state.board, FX_JPY, FX_GBP, 1);
  set_pair (&g.state.board, FX_USD, FX_EUR, 1);
  fx_score_strongest (&g.state, &out);
  g_assert_cmpuint (out.pairs_won[FX_USD], ==, 6);
  g_assert_cmpint (out.strongest, ==, FX_USD);
  g_assert_cmpuint (out.n_tied, ==, 1);
}

/* Tie on pairs: most certificates in players' hands, among the tied currencies only. */
static void
test_strongest_certificate_tie_break (void)
{
  Game g;
  FxStrongest out;

  game_init (&g, 2);
  tie_gbp_eur (&g);
  hold_certs (&g, ALICE, FX_CNY, 4);   /* most of all, but CNY is not tied on pairs */
  hold_certs (&g, BOB, FX_CNY, 3);
  hold_certs (&g, ALICE, FX_GBP, 1);
  hold_certs (&g, ALICE, FX_EUR, 1);
  hold_certs (&g, BOB, FX_EUR, 1);
  fx_score_strongest (&g.state, &out);
  g_assert_true (out.tied_on_pairs[FX_GBP]);
  g_assert_true (out.tied_on_pairs[FX_EUR]);
  g_assert_false (out.tied_on_pairs[FX_CNY]);
  g_assert_cmpuint (out.certs_held[FX_EUR], ==, 2);
  g_assert_cmpuint (out.certs_held[FX_GBP], ==, 1);
  g_assert_cmpuint (out.certs_held[FX_CNY], ==, 7);
  g_assert_cmpint (out.strongest, ==, FX_EUR);
  g_assert_cmpuint (out.n_tied, ==, 1);
  g_assert_false (out.chosen);

  /* The pile does not count: emptying the GBP pile changes nothing. */
  g.state.pile[FX_GBP] = 0;
  fx_score_strongest (&g.state, &out);
  g_assert_cmpint (out.strongest, ==, FX_EUR);
}

/* A bankrupt player's certificates count in the tie-break. */
static void
test_strongest_bankrupt_certificates (void)
{
  Game g;
  FxStrongest out;

  game_init (&g, 3);
  tie_gbp_eur (&g);
  hold_certs (&g, ALICE, FX_EUR, 2);
  hold_certs (&g, BOB, FX_GBP, 3);
  g.state.status = FX_STATUS_BANKRUPT;
  g.state.bankrupt = BOB;
  fx_score_strongest (&g.state, &out);
  g_assert_cmpuint (out.certs_held[FX_GBP], ==, 3);
  g_assert_cmpint (out.strongest, ==, FX_GBP);
}

/* Still tied: the last actor's `strongest` choice decides, and only among the tied. */
static void
test_strongest_choice (void)
{
  Game g;
  FxStrongest out;
  FxStanding standing;
  FxMove m;
  GError *error = NULL;

  game_init (&g, 2);
  tie_gbp_eur (&g);
  hold_certs (&g, ALICE, FX_GBP, 1);
  hold_certs (&g, BOB, FX_EUR, 1);
  hold_certs (&g, BOB, FX_USD, 4);
  g.state.cash[ALICE][FX_GBP] = B (5);
  fx_score_strongest (&g.state, &out);
  g_assert_cmpint (out.strongest, ==, FX_NO_CURRENCY);
  g_assert_cmpuint (out.n_tied, ==, 2);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g_assert_true (out.tied[c] == (c == FX_GBP || c == FX_EUR));
  g_assert_false (out.chosen);

  /* No standing while the choice is due. */
  fx_score_standing (&g.state, &standing);
  g_assert_cmpint (standing.strongest.strongest, ==, FX_NO_CURRENCY);
  g_assert_cmpuint (standing.n_winners, ==, 0);

  /* The game ends; the choice is played as the `strongest` move. */
  g.state.status = FX_STATUS_ENDED;
  g.state.queue_len = 0;
  g.state.last_actor = BOB;
  fx_move_init (&m, FX_MOVE_STRONGEST);
  m.cur[0] = FX_USD;
  g_assert_false (fx_state_apply (&g.setup, &g.state, &m, &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "GBP, EUR"));
  g_clear_error (&error);
  m.cur[0] = FX_EUR;
  g_assert_true (fx_state_apply (&g.setup, &g.state, &m, &error));
  g_assert_no_error (error);

  fx_score_strongest (&g.state, &out);
  g_assert_cmpint (out.strongest, ==, FX_EUR);
  g_assert_true (out.chosen);
  fx_score_standing (&g.state, &standing);
  g_assert_cmpint (standing.strongest.strongest, ==, FX_EUR);
  /* 5 GBP at GBP>EUR @1.5 is 7.5 EUR, rounded down to 7. */
  g_assert_cmpint (standing.players[ALICE].total, ==, B (7));
  g_assert_cmpuint (standing.n_winners, ==, 1);
  g_assert_true (standing.winners[ALICE]);
}

static void
test_strongest_three_way_tie (void)
{
  Game g;
  FxStrongest out;

  game_init (&g, 2);
  /* USD>GBP closes a circle GBP>EUR>USD>GBP: each of the three leads five pairs. */
  set_pair (&g.state.board, FX_USD, FX_GBP, 1);
  fx_score_strongest (&g.state, &out);
  g_assert_cmpuint (out.pairs_won[FX_GBP], ==, 5);
  g_assert_cmpuint (out.pairs_won[FX_EUR], ==, 5);
  g_assert_cmpuint (out.pairs_won[FX_USD], ==, 5);
  g_assert_cmpuint (out.pairs_won[FX_CHF], ==, 3);
  g_assert_cmpuint (out.n_tied, ==, 3);
  g_assert_cmpint (out.strongest, ==, FX_NO_CURRENCY);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g_assert_true (out.tied[c] == (c == FX_GBP || c == FX_EUR || c == FX_USD));

  /* Certificates break it for one of them. */
  hold_certs (&g, BOB, FX_USD, 1);
  fx_score_strongest (&g.state, &out);
  g_assert_cmpint (out.strongest, ==, FX_USD);
  g_assert_cmpuint (out.n_tied, ==, 1);

  /* Or narrow it to two. */
  hold_certs (&g, ALICE, FX_GBP, 1);
  fx_score_strongest (&g.state, &out);
  g_assert_cmpint (out.strongest, ==, FX_NO_CURRENCY);
  g_assert_cmpuint (out.n_tied, ==, 2);
  g_assert_true (out.tied[FX_USD]);
  g_assert_true (out.tied[FX_GBP]);
  g_assert_false (out.tied[FX_EUR]);
}

/* ---- conversion ---- */

/* The worked check's board: USD>JPY @2, USD>CNY @3.5, USD>CHF @2.5, GBP>USD @1.5,
 * USD>EUR @1; GBP loses CNY and CAD so that USD leads on pairs. */
static void
worked_check_board (FxBoard *board)
{
  fx_board_init (board);
  set_pair (board, FX_USD, FX_JPY, 2);
  set_pair (board, FX_USD, FX_CNY, 3.5);
  set_pair (board, FX_USD, FX_CHF, 2.5);
  set_pair (board, FX_GBP, FX_USD, 1.5);
  set_pair (board, FX_USD, FX_EUR, 1);
  set_pair (board, FX_CNY, FX_GBP, 1);
  set_pair (board, FX_CAD, FX_GBP, 1);
}

static void
test_convert_each_currency (void)
{
  FxBoard board;

  worked_check_board (&board);
  /* S > X: X ÷ v, rounded down. */
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_JPY, B (7)), ==, B (3));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_JPY, B (8)), ==, B (4));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_JPY, B (1.5)), ==, 0);
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_CNY, B (9)), ==, B (2));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_CNY, B (10.5)), ==, B (3));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_CHF, B (0.5)), ==, 0);
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_CHF, B (12.5)), ==, B (5));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_EUR, B (1.5)), ==, B (1));
  /* X > S: X × v, rounded down. */
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_GBP, B (3)), ==, B (4));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_GBP, B (2)), ==, B (3));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_GBP, B (2.5)), ==, B (3));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_GBP, B (0.5)), ==, 0);
  set_pair (&board, FX_GBP, FX_USD, 8);
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_GBP, B (0.5)), ==, B (4));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_GBP, B (1.5)), ==, B (12));
  /* S itself is kept as it is, half-buck included. */
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_USD, B (10.5)), ==, B (10.5));
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_USD, B (0.5)), ==, B (0.5));
  /* Nothing converts to nothing. */
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_JPY, 0), ==, 0);
  g_assert_cmpint (fx_score_convert (&board, FX_USD, FX_GBP, 0), ==, 0);
}

/* The rules page's worked check: 10 + 3 + 2 + 4 + 1 + 0 = 20, not 22. */
static void
test_worked_check (void)
{
  static const double held[FX_N_CURRENCIES] = { 3, 1.5, 10, 0.5, 7, 0, 9 };
  static const double converted[FX_N_CURRENCIES] = { 4, 1, 10, 0, 3, 0, 2 };
  Game g;
  FxStanding standing;

  game_init (&g, 2);
  worked_check_board (&g.state.board);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g.state.cash[ALICE][c] = B (held[c]);
  g.state.cash[BOB][FX_USD] = B (19.5);

  fx_score_standing (&g.state, &standing);
  g_assert_cmpint (standing.strongest.strongest, ==, FX_USD);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_assert_cmpint (standing.players[ALICE].held[c], ==, B (held[c]));
      g_assert_cmpint (standing.players[ALICE].converted[c], ==, B (converted[c]));
    }
  g_assert_cmpint (standing.players[ALICE].total, ==, B (20));
  g_assert_cmpint (standing.players[BOB].total, ==, B (19.5));
  g_assert_true (standing.winners[ALICE]);
  g_assert_false (standing.winners[BOB]);
  g_assert_cmpuint (standing.n_winners, ==, 1);

  /* Had it rounded once at the end (22), Bob with 21 would lose; he wins. */
  g.state.cash[BOB][FX_USD] = B (21);
  fx_score_standing (&g.state, &standing);
  g_assert_cmpint (standing.players[ALICE].total, ==, B (20));
  g_assert_true (standing.winners[BOB]);
  g_assert_false (standing.winners[ALICE]);
}

/* ---- the winner ---- */

static void
set_gbp_only (Game   *g,
              int     player,
              double  bucks)
{
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g->state.cash[player][c] = 0;
  g->state.cash[player][FX_GBP] = B (bucks);
}

static void
test_winner_by_money (void)
{
  Game g;
  FxStanding standing;

  game_init (&g, 3);   /* GBP is the strongest on the printed board */
  set_gbp_only (&g, ALICE, 10);
  set_gbp_only (&g, BOB, 12);
  set_gbp_only (&g, CYNTHIA, 11);
  hold_certs (&g, ALICE, FX_GBP, 4);
  fx_score_standing (&g.state, &standing);
  g_assert_cmpint (standing.strongest.strongest, ==, FX_GBP);
  g_assert_cmpuint (standing.n_winners, ==, 1);
  g_assert_true (standing.winners[BOB]);
  g_assert_false (standing.winners[ALICE]);
  g_assert_false (standing.winners[CYNTHIA]);
  g_assert_false (standing.decided_by_certs);

  /* The half-buck kept in S counts: 10.5 GBP beats 10 GBP + 0.5 EUR (→ 0). */
  set_gbp_only (&g, ALICE, 10.5);
  set_gbp_only (&g, BOB, 10);
  g.state.cash[BOB][FX_EUR] = B (0.5);
  set_gbp_only (&g, CYNTHIA, 0);
  fx_score_standing (&g.state, &standing);
  g_assert_cmpint (standing.players[ALICE].total, ==, B (10.5));
  g_assert_cmpint (standing.players[BOB].total, ==, B (10));
  g_assert_cmpuint (standing.n_winners, ==, 1);
  g_assert_true (standing.winners[ALICE]);
}

/* Tie on money: more certificates of S; still tied: a shared win. */
static void
test_winner_ties (void)
{
  Game g;
  FxStanding standing;

  game_init (&g, 3);
  set_gbp_only (&g, ALICE, 12);
  set_gbp_only (&g, BOB, 12);
  set_gbp_only (&g, CYNTHIA, 11);
  hold_certs (&g, ALICE, FX_GBP, 1);
  hold_certs (&g, BOB, FX_GBP, 2);
  /* Certificates of other currencies do not count, nor do Cynthia's (less money). */
  hold_certs (&g, ALICE, FX_EUR, 4);
  hold_certs (&g, CYNTHIA, FX_GBP, 3);
  fx_score_standing (&g.state, &standing);
  g_assert_cmpuint (standing.n_winners, ==, 1);
  g_assert_true (standing.winners[BOB]);
  g_assert_false (standing.winners[ALICE]);
  g_assert_false (standing.winners[CYNTHIA]);
  g_assert_true (standing.decided_by_certs);
  /* Places: money, then certificates of S. */
  g_assert_cmpuint (standing.place[BOB], ==, 1);
  g_assert_cmpuint (standing.place[ALICE], ==, 2);
  g_assert_cmpuint (standing.place[CYNTHIA], ==, 3);

  /* Equal certificates of S too: shared. */
  g.state.certs[ALICE][FX_GBP] = 2;
  g.state.pile[FX_GBP]--;
  fx_score_standing (&g.state, &standing);
  g_assert_cmpuint (standing.n_winners, ==, 2);
  g_assert_true (standing.winners[ALICE]);
  g_assert_true (standing.winners[BOB]);
  g_assert_false (standing.winners[CYNTHIA]);
  g_assert_false (standing.decided_by_certs);
  g_assert_cmpuint (standing.place[ALICE], ==, 1);
  g_assert_cmpuint (standing.place[BOB], ==, 1);
  g_assert_cmpuint (standing.place[CYNTHIA], ==, 3);

  /* Tied for second. */
  set_gbp_only (&g, BOB, 13);
  set_gbp_only (&g, CYNTHIA, 12);
  g.state.certs[CYNTHIA][FX_GBP] = 2;
  fx_score_standing (&g.state, &standing);
  g_assert_cmpuint (standing.place[BOB], ==, 1);
  g_assert_cmpuint (standing.place[ALICE], ==, 2);
  g_assert_cmpuint (standing.place[CYNTHIA], ==, 2);

  /* All three shared, with no certificates of S. */
  game_init (&g, 3);
  for (int p = 0; p < 3; p++)
    set_gbp_only (&g, p, 3);
  fx_score_standing (&g.state, &standing);
  g_assert_cmpuint (standing.n_winners, ==, 3);
  for (int p = 0; p < 3; p++)
    g_assert_cmpuint (standing.place[p], ==, 1);
}

/* A bankrupt player cannot win; the others are scored normally. */
static void
test_winner_not_bankrupt (void)
{
  Game g;
  FxStanding standing;

  game_init (&g, 3);
  set_gbp_only (&g, ALICE, 20);
  set_gbp_only (&g, BOB, 12);
  set_gbp_only (&g, CYNTHIA, 11);
  g.state.status = FX_STATUS_BANKRUPT;
  g.state.bankrupt = ALICE;
  fx_score_standing (&g.state, &standing);
  g_assert_cmpint (standing.players[ALICE].total, ==, B (20));
  g_assert_cmpuint (standing.n_winners, ==, 1);
  g_assert_false (standing.winners[ALICE]);
  g_assert_true (standing.winners[BOB]);
  /* The richest, bankrupt, is ranked last. */
  g_assert_cmpuint (standing.place[BOB], ==, 1);
  g_assert_cmpuint (standing.place[CYNTHIA], ==, 2);
  g_assert_cmpuint (standing.place[ALICE], ==, 3);

  /* Not even on a tie, whatever certificates of S they hold. */
  set_gbp_only (&g, ALICE, 12);
  hold_certs (&g, ALICE, FX_GBP, 4);
  fx_score_standing (&g.state, &standing);
  g_assert_cmpuint (standing.n_winners, ==, 1);
  g_assert_false (standing.winners[ALICE]);
  g_assert_true (standing.winners[BOB]);
  g_assert_false (standing.decided_by_certs);

  /* The last player may be the bankrupt one. */
  game_init (&g, 2);
  set_gbp_only (&g, ALICE, 1);
  set_gbp_only (&g, BOB, 30);
  g.state.status = FX_STATUS_BANKRUPT;
  g.state.bankrupt = BOB;
  fx_score_standing (&g.state, &standing);
  g_assert_cmpuint (standing.n_winners, ==, 1);
  g_assert_true (standing.winners[ALICE]);
  g_assert_false (standing.winners[BOB]);
}

/* The other reading of the summary card: "all monies" round down, S too. */
static void
test_reading_round_all (void)
{
  Game g;
  FxStanding standing;

  game_init (&g, 2);
  set_gbp_only (&g, ALICE, 10.5);
  set_gbp_only (&g, BOB, 10);
  g.state.cash[BOB][FX_EUR] = B (1.5);   /* 1.5 EUR at GBP>EUR @1.5: 1 GBP either way */
  fx_score_standing_under (&g.state, 0, &standing);
  g_assert_cmpint (standing.players[ALICE].total, ==, B (10.5));
  g_assert_cmpint (standing.players[BOB].total, ==, B (11));
  fx_score_standing_under (&g.state, FX_READING_ROUND_ALL, &standing);
  g_assert_cmpint (standing.players[ALICE].converted[FX_GBP], ==, B (10));
  g_assert_cmpint (standing.players[ALICE].total, ==, B (10));
  g_assert_cmpint (standing.players[BOB].total, ==, B (11));

  /* A win by the half-buck becomes a shared one. */
  g.state.cash[BOB][FX_EUR] = 0;
  fx_score_standing_under (&g.state, 0, &standing);
  g_assert_cmpuint (standing.n_winners, ==, 1);
  g_assert_true (standing.winners[ALICE]);
  fx_score_standing_under (&g.state, FX_READING_ROUND_ALL, &standing);
  g_assert_cmpuint (standing.n_winners, ==, 2);
  g_assert_cmpuint (standing.place[ALICE], ==, 1);
  g_assert_cmpuint (standing.place[BOB], ==, 1);

  /* The audit's "what if" and the projection score under the table's
   * reading too, not the default one. */
  fx_score_standing_in (&g.state, FX_GBP, 0, &standing);
  g_assert_cmpint (standing.players[ALICE].total, ==, B (10.5));
  fx_score_standing_in (&g.state, FX_GBP, FX_READING_ROUND_ALL, &standing);
  g_assert_cmpint (standing.players[ALICE].total, ==, B (10));
  {
    FxState projected;

    fx_score_standing_projected (&g.state, 0, &projected, &standing);
    g_assert_cmpint (standing.players[ALICE].total, ==, B (10.5));
    g_assert_cmpuint (standing.n_winners, ==, 1);
    fx_score_standing_projected (&g.state, FX_READING_ROUND_ALL, &projected, &standing);
    g_assert_cmpint (standing.players[ALICE].total, ==, B (10));
    g_assert_cmpuint (standing.n_winners, ==, 2);
  }
}

/* ---- the projection: the table as the queue would end it ---- */

/* The game after the moves of @text, replayed as the CLI replays it. */
static XqSession *
replay (const char *text)
{
  GError *error = NULL;
  XqSession *session = xq_session_new_from_notation (text, -1, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (session);
  return session;
}

/* Ben's contract turned into a loan of 7 USD; he holds 2 USD. Now he leads
 * on the GBP it brought; the loan's resolution bankrupts him. */
static const char *const ben_loan_game =
  "game for-ex\n"
  "players Ann Ben\n"
  "removed USD JPY JPY CNY EUR GBP\n"
  "resolve Ann GBP\n"
  "contract Ben USD 6 GBP\n"
  "resolve Ann GBP\n"
  "resolve Ben\n";

static void
test_project_unpaid_loan (void)
{
  g_autoptr(XqSession) session = replay (ben_loan_game);
  const FxState *now = xq_session_get_state (session);
  FxState before = *now, projected, expected;
  FxStanding standing, at_end;

  g_assert_false (fx_state_is_over (now));
  g_assert_cmpuint (now->queue_len, ==, 2);
  g_assert_cmpint (now->queue[1].kind, ==, FX_ITEM_LOAN);

  /* If the game ended now, Ben would win. */
  fx_score_standing (now, &standing);
  g_assert_true (standing.winners[1]);
  g_assert_false (standing.winners[0]);
  g_assert_cmpuint (standing.place[1], ==, 1);
  g_assert_cmpuint (standing.place[0], ==, 2);

  /* Projected, the loan falls due and Ann wins. */
  fx_score_standing_projected (now, 0, &projected, &at_end);
  g_assert_cmpint (projected.status, ==, FX_STATUS_BANKRUPT);
  g_assert_cmpint (projected.bankrupt, ==, 1);
  g_assert_true (at_end.winners[0]);
  g_assert_false (at_end.winners[1]);
  g_assert_cmpuint (at_end.n_winners, ==, 1);
  g_assert_cmpuint (at_end.place[0], ==, 1);
  g_assert_cmpuint (at_end.place[1], ==, 2);
  /* The unpaid loan stays at the front, its letter in use; nothing is paid. */
  g_assert_cmpuint (projected.queue_len, ==, 1);
  g_assert_cmpint (projected.queue[0].kind, ==, FX_ITEM_LOAN);
  g_assert_cmpmem (projected.cash, sizeof projected.cash, now->cash, sizeof now->cash);
  g_assert_cmpuint (projected.dividends_left, ==, 0);

  /* The input is untouched, and projecting in place gives the same table. */
  g_assert_cmpmem (now, sizeof *now, &before, sizeof before);
  expected = before;
  fx_state_project_end (&expected, &expected);
  g_assert_cmpmem (&expected, sizeof expected, &projected, sizeof projected);
}

/* A contract made at GBP>USD @1 and resolved at @1.5 is worth more at the end. */
static const char *const ann_contract_game =
  "game for-ex\n"
  "players Ann Ben Cat\n"
  "removed USD JPY JPY CNY EUR GBP\n"
  "contract Ann USD 2 GBP\n"
  "invest Ben GBP\n";

static void
test_project_contract (void)
{
  g_autoptr(XqSession) session = replay (ann_contract_game);
  const FxState *now = xq_session_get_state (session);
  FxState projected;
  FxStanding standing, at_end;

  fx_score_standing (now, &standing);
  g_assert_cmpuint (standing.n_winners, ==, 2);
  g_assert_true (standing.winners[0] && standing.winners[2]);
  g_assert_cmpuint (standing.place[0], ==, 1);
  g_assert_cmpuint (standing.place[2], ==, 1);
  g_assert_cmpuint (standing.place[1], ==, 3);

  /* Ann pays her 2 USD and receives 2 GBP: the contract is resolved, her letter free. */
  fx_score_standing_projected (now, 0, &projected, &at_end);
  g_assert_cmpint (projected.status, ==, FX_STATUS_ENDED);
  g_assert_cmpuint (projected.queue_len, ==, 0);
  g_assert_cmpint (projected.letters[0].use, ==, FX_LETTER_FREE);
  g_assert_cmpint (projected.cash[0][FX_USD], ==, 0);
  g_assert_cmpint (projected.cash[0][FX_GBP], ==, now->cash[0][FX_GBP] + B (2));
  g_assert_cmpint (at_end.players[0].total, ==, standing.players[0].total + B (1));
  g_assert_cmpint (at_end.players[2].total, ==, standing.players[2].total);
  g_assert_cmpuint (at_end.n_winners, ==, 1);
  g_assert_true (at_end.winners[0]);
  g_assert_cmpuint (at_end.place[2], ==, 2);

  /* Stopped after the contract alone, no dividend is paid and nothing strengthens. */
  {
    g_autoptr(XqSession) first = replay ("game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n"
                                         "contract Ann USD 2 GBP\n");
    const FxState *s = xq_session_get_state (first);

    fx_state_project_end (s, &projected);
    g_assert_cmpmem (&projected.board, sizeof projected.board, &s->board, sizeof s->board);
    g_assert_cmpint (projected.cash[0][FX_GBP], ==, B (4));
    g_assert_cmpint (projected.cash[0][FX_USD], ==, 0);
  }
}

/* A contract the owner cannot pay becomes a loan, which is resolved in turn. */
static void
test_project_new_loan (void)
{
  g_autoptr(XqSession) session = replay ("game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n"
                                         "resolve Ann GBP\ncontract Ben USD 6 GBP\n");
  const FxState *now = xq_session_get_state (session);
  FxState projected;

  g_assert_cmpint (now->queue[1].kind, ==, FX_ITEM_CONTRACT);
  fx_state_project_end (now, &projected);
  g_assert_cmpint (projected.status, ==, FX_STATUS_BANKRUPT);
  g_assert_cmpint (projected.bankrupt, ==, 1);
  g_assert_cmpuint (projected.queue_len, ==, 1);
  g_assert_cmpint (projected.queue[0].kind, ==, FX_ITEM_LOAN);
  g_assert_cmpint (projected.letters[0].owed[FX_USD], ==, B (7));
  /* 6 USD at GBP>USD @1.5 buys 4 GBP, received before the payment fails. */
  g_assert_cmpint (now->letters[0].receive_amount, ==, B (4));
  g_assert_cmpint (projected.cash[1][FX_GBP], ==, now->cash[1][FX_GBP] + B (4));
}

/* A finished game projects to itself. */
static void
test_project_finished (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autofree char *text = NULL;
  g_autoptr(XqSession) session = NULL;
  const FxState *end;
  FxState projected;
  GError *error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  session = replay (text);
  end = xq_session_get_state (session);
  g_assert_true (fx_state_is_over (end));
  fx_state_project_end (end, &projected);
  g_assert_cmpmem (&projected, sizeof projected, end, sizeof *end);
}

/* At the start everyone holds the same: a three-way tie shares first place
 * now and at the projected end; no one of them is the winner alone. */
static void
test_project_start_tie (void)
{
  g_autoptr(XqSession) session = replay ("game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n");
  const FxState *start = xq_session_get_state (session);
  FxState projected;
  FxStanding standing;
  g_autoptr(GString) out = g_string_new (NULL);

  for (int round = 0; round < 2; round++)
    {
      if (round == 0)
        fx_score_standing (start, &standing);
      else
        fx_score_standing_projected (start, 0, &projected, &standing);
      g_assert_cmpint (standing.strongest.strongest, ==, FX_GBP);
      g_assert_cmpuint (standing.n_winners, ==, 3);
      for (int p = 0; p < 3; p++)
        {
          g_assert_true (standing.winners[p]);
          g_assert_cmpuint (standing.place[p], ==, 1);
        }
    }
  g_assert_cmpint (projected.status, ==, FX_STATUS_ENDED);

  fx_summary_write_projected (xq_session_get_setup (session), start, out);
  g_assert_true (g_str_has_prefix (out->str, "projected\nstrongest GBP\n"));
  g_assert_true (g_str_has_suffix (out->str, "\nwinner Ann Ben Cat\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  xq_games_register_all ();

  g_test_add_func ("/fx-score/strongest/most-pairs", test_strongest_most_pairs);
  g_test_add_func ("/fx-score/strongest/certificate-tie-break", test_strongest_certificate_tie_break);
  g_test_add_func ("/fx-score/strongest/bankrupt-certificates", test_strongest_bankrupt_certificates);
  g_test_add_func ("/fx-score/strongest/choice", test_strongest_choice);
  g_test_add_func ("/fx-score/strongest/three-way-tie", test_strongest_three_way_tie);
  g_test_add_func ("/fx-score/convert/each-currency", test_convert_each_currency);
  g_test_add_func ("/fx-score/convert/worked-check", test_worked_check);
  g_test_add_func ("/fx-score/winner/money", test_winner_by_money);
  g_test_add_func ("/fx-score/winner/ties", test_winner_ties);
  g_test_add_func ("/fx-score/winner/not-bankrupt", test_winner_not_bankrupt);
  g_test_add_func ("/fx-score/reading/round-all", test_reading_round_all);
  g_test_add_func ("/fx-score/project/unpaid-loan", test_project_unpaid_loan);
  g_test_add_func ("/fx-score/project/contract", test_project_contract);
  g_test_add_func ("/fx-score/project/new-loan", test_project_new_loan);
  g_test_add_func ("/fx-score/project/finished", test_project_finished);
  g_test_add_func ("/fx-score/project/start-tie", test_project_start_tie);

  return g_test_run ();
}
