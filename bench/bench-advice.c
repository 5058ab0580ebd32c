/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Proof by play (issue #24): an advice tournament and the calibration of the
 * standing. Reports, never fails.
 *
 * Four-player games, deterministic by seed. In each, one seat (rotating with
 * the game number) follows `hint` (fx_review_hint(), depth 1); the three
 * others follow one of:
 *   random      a uniformly random legal action, no spot;
 *   projection  the review's advice as it was before net worth: the turn whose
 *               projected margin (the queue resolved at once, as
 *               `score --projected`) is best, kept here only for this
 *               comparison;
 *   hint        hint itself.
 * It prints the advised seat's win rate against each, with a 95% Wilson
 * interval (a shared win counts 1/k), against the targets (60% against
 * random, 35% against projection; parity is 25%).
 *
 * Calibration: at 25, 50, 75 and 90% of each game's turns, how often the
 * player ranked 1st goes on to win, by the standing the table is shown
 * (fx_score_standing_resolved(): every turn from now on a resolve, the
 * dividends still to come paid), by the old projection (the queue resolved
 * at once, no dividends) and by net worth at today's rates (fx_worth_compute());
 * tied leaders share the sample.
 *
 *   bench-advice [--games N] [--seed S]   N games per opponent policy (400) */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fx-legal.h"
#include "fx-random-play.h"
#include "fx-review.h"
#include "fx-score.h"
#include "fx-worth.h"
#include "xq-games.h"

#define N_PLAYERS 4
#define MAX_TURNS 3000
#define N_POINTS 4

static const guint points[N_POINTS] = { 25, 50, 75, 90 };

typedef enum
{
  POLICY_RANDOM,
  POLICY_PROJECTION,
  POLICY_HINT,
  N_POLICIES
} Policy;

static const char * const policy_names[N_POLICIES] = { "random", "projection", "hint" };
static const double targets[N_POLICIES] = { 0.60, 0.35, 0.25 };

typedef struct
{
  Policy   opponents;
  guint    game;       /* its number: the seed and the advised seat */
  guint64  seed;
  /* results */
  gboolean finished;
  double   advised_won;                 /* 1/k of a shared win */
  double   leader_won_worth[N_POINTS];  /* the share of the leaders who won */
  double   leader_won_projection[N_POINTS];
  double   leader_won_standing[N_POINTS];   /* the standing the table is shown */
  gboolean projection_has_leader[N_POINTS];
  guint    turns;
} Game;

/* ---- the old advice: the projected margin --------------------------------- */

static XqAmount
projected_margin (const FxSetup *setup,
                  const FxState *state,
                  int            player)
{
  FxState end;
  FxStanding standing;
  XqAmount best = G_MININT32, own;

  fx_score_standing_projected (state, setup->readings, &end, &standing);
  if (standing.strongest.strongest == FX_NO_CURRENCY)
    return 0;
  own = player == end.bankrupt ? 0 : standing.players[player].total;
  for (int q = 0; q < end.n_players; q++)
    if (q != player)
      best = MAX (best, q == end.bankrupt ? 0 : standing.players[q].total);
  return own - best;
}

static guint
choose_projection (const FxSetup *setup,
                   const FxState *state,
                   FxMove        *actions,
                   FxMove         turn[2])
{
  int mover = state->next_player;
  XqAmount best = G_MININT32;
  guint n_best = 0;

  /* No spot, then each spot the rules accept, then every legal action. */
  for (int other = -1; other < state->n_players; other++)
    for (int give = 0; give < (other < 0 ? 1 : FX_N_CURRENCIES); give++)
      for (int take = 0; take < (other < 0 ? 1 : FX_N_CURRENCIES); take++)
        {
          FxState after_spot = *state;
          FxMove spot;
          guint n;

          if (other == mover || (other >= 0 && give == take))
            continue;
          if (other >= 0)
            {
              fx_move_init (&spot, FX_MOVE_SPOT);
              spot.actor = (gint8) mover;
              spot.other = (gint8) other;
              spot.cur[0] = (gint8) give;
              spot.cur[1] = (gint8) take;
              if (!fx_state_apply_copy (setup, state, &spot, &after_spot))
                continue;
            }
          n = fx_legal_candidates (setup, &after_spot, actions);
          for (guint i = 0; i < n; i++)
            {
              FxState after;
              XqAmount value;

              if (!fx_state_apply_copy (setup, &after_spot, &actions[i], &after))
                continue;
              value = projected_margin (setup, &after, mover);
              if (value > best)
                {
                  best = value;
                  n_best = 0;
                  if (other >= 0)
                    turn[n_best++] = spot;
                  turn[n_best++] = actions[i];
                }
            }
        }
  return n_best;
}

/* ---- the other policies --------------------------------------------------- */

static guint
choose_random (const FxSetup *setup,
               const FxState *state,
               FxRng         *rng,
               FxMove        *actions,
               FxMove         turn[2])
{
  guint n = fx_legal_actions (setup, state, actions);

  g_assert (n > 0);
  turn[0] = actions[fx_rng_below (rng, n)];
  return 1;
}

static guint
choose_hint (const FxSetup *setup,
             const FxState *state,
             FxMove         turn[2])
{
  guint n = 0;
  XqAmount value;

  if (!fx_review_hint (setup, state, 1, NULL, turn, &n, &value))
    g_assert_not_reached ();
  return n;
}

/* ---- one game ------------------------------------------------------------- */

/* The share of @leaders (by place 1) who are among the winners. */
static double
leaders_won (const guint8    place[FX_MAX_PLAYERS],
             const gboolean  winners[FX_MAX_PLAYERS],
             gboolean       *has_leader)
{
  guint leaders = 0, won = 0;

  for (int p = 0; p < N_PLAYERS; p++)
    if (place[p] == 1)
      {
        leaders++;
        won += winners[p] ? 1 : 0;
      }
  *has_leader = leaders > 0;
  return leaders > 0 ? (double) won / leaders : 0;
}

static void
play (Game *g)
{
  FxSetup setup;
  FxRng rng;
  g_autofree FxState *history = g_new (FxState, MAX_TURNS + 1);
  g_autofree FxMove *actions = g_new (FxMove, FX_LEGAL_MAX);
  FxState state;
  FxStanding final;
  int advised = (int) (g->game % N_PLAYERS);
  guint turns = 0;

  fx_rng_init (&rng, g->seed);
  fx_random_setup (&setup, &rng, N_PLAYERS);
  fx_state_init (&setup, &state);
  while (!fx_state_is_over (&state) && turns < MAX_TURNS)
    {
      FxMove turn[2];
      guint n;
      int mover = state.next_player;

      history[turns++] = state;
      if (mover == advised || g->opponents == POLICY_HINT)
        n = choose_hint (&setup, &state, turn);
      else if (g->opponents == POLICY_RANDOM)
        n = choose_random (&setup, &state, &rng, actions, turn);
      else
        n = choose_projection (&setup, &state, actions, turn);
      for (guint i = 0; i < n; i++)
        if (!fx_state_apply (&setup, &state, &turn[i], NULL))
          g_error ("game %u: a chosen move was refused", g->game);
    }
  /* The last dividend may leave the strongest currency to the last actor's
   * choice: the first tied one, as a resolve's tie choice names it. */
  fx_score_standing_under (&state, setup.readings, &final);
  if (!fx_state_is_over (&state) || final.strongest.strongest == FX_NO_CURRENCY)
    {
      FxMove choice;

      if (fx_state_is_over (&state))
        {
          fx_move_init (&choice, FX_MOVE_STRONGEST);
          for (int c = FX_N_CURRENCIES - 1; c >= 0; c--)
            if (final.strongest.tied[c])
              choice.cur[0] = (gint8) c;
          if (fx_state_apply (&setup, &state, &choice, NULL))
            fx_score_standing_under (&state, setup.readings, &final);
        }
    }
  g->turns = turns;
  g->finished = fx_state_is_over (&state) && final.strongest.strongest != FX_NO_CURRENCY;
  if (!g->finished)
    return;
  g->advised_won = final.winners[advised] ? 1.0 / final.n_winners : 0;
  for (guint k = 0; k < N_POINTS; k++)
    {
      const FxState *at = &history[MIN (turns - 1, turns * points[k] / 100)];
      FxWorth worth;
      FxState end;
      FxStanding projected;
      gboolean has;

      fx_worth_compute (at, setup.readings, &worth);
      g->leader_won_worth[k] = leaders_won (worth.place, final.winners, &has);
      fx_score_standing_projected (at, setup.readings, &end, &projected);
      g->projection_has_leader[k] = projected.strongest.strongest != FX_NO_CURRENCY;
      g->leader_won_projection[k] = g->projection_has_leader[k]
                                    ? leaders_won (projected.place, final.winners, &has) : 0;
      {
        FxState all;
        FxStanding st;

        fx_score_standing_resolved (&setup, at, &all, &st);
        g->leader_won_standing[k] = leaders_won (st.place, final.winners, &has);
      }
    }
}

static void
play_in_worker (gpointer data,
                gpointer unused)
{
  play (data);
}

/* ---- the report ----------------------------------------------------------- */

/* The 95% Wilson interval of a rate of @won in @n. */
static void
wilson (double  won,
        guint   n,
        double *low,
        double *high)
{
  const double z = 1.959964;
  double p = n > 0 ? won / n : 0;
  double denominator = 1 + z * z / n;
  double centre = (p + z * z / (2.0 * n)) / denominator;
  double half = z * sqrt (p * (1 - p) / n + z * z / (4.0 * n * n)) / denominator;

  *low = centre - half;
  *high = centre + half;
}

int
main (int   argc,
      char *argv[])
{
  guint n_games = 400;
  guint64 first_seed = 1;
  g_autofree Game *games = NULL;
  GThreadPool *pool;
  gint64 started;
  double calibration_worth[N_POINTS] = { 0 }, calibration_projection[N_POINTS] = { 0 };
  double calibration_standing[N_POINTS] = { 0 };
  guint calibration_n[N_POINTS] = { 0 }, projection_n[N_POINTS] = { 0 };

  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (strcmp (argv[i], "--games") == 0)
        n_games = (guint) MAX (1, atoi (argv[i + 1]));
      else if (strcmp (argv[i], "--seed") == 0)
        first_seed = g_ascii_strtoull (argv[i + 1], NULL, 10);
    }
  xq_games_register_all ();
  games = g_new0 (Game, N_POLICIES * n_games);
  started = g_get_monotonic_time ();
  pool = g_thread_pool_new (play_in_worker, NULL, (int) g_get_num_processors (), TRUE, NULL);
  for (guint p = 0; p < N_POLICIES; p++)
    for (guint i = 0; i < n_games; i++)
      {
        Game *g = &games[p * n_games + i];

        g->opponents = p;
        g->game = i;
        g->seed = first_seed + i;
        g_thread_pool_push (pool, g, NULL);
      }
  g_thread_pool_free (pool, FALSE, TRUE);

  printf ("Advice tournament: %u four-player games per opponent policy, seeds %" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT
          ", one seat (rotating) follows hint, depth 1 (%.0f s on %u threads)\n",
          n_games, first_seed, first_seed + n_games - 1,
          (g_get_monotonic_time () - started) / 1e6, g_get_num_processors ());
  for (guint p = 0; p < N_POLICIES; p++)
    {
      double won = 0, low, high;
      guint n = 0, unfinished = 0;
      guint64 turns = 0;

      for (guint i = 0; i < n_games; i++)
        {
          const Game *g = &games[p * n_games + i];

          if (!g->finished)
            {
              unfinished++;
              continue;
            }
          n++;
          won += g->advised_won;
          turns += g->turns;
        }
      wilson (won, n, &low, &high);
      printf ("  hint against 3 × %-10s  wins %5.1f%%  (95%%: %4.1f–%4.1f%%)  target ≥ %2.0f%% — %s"
              "   [%u games, %.0f turns each%s]\n",
              policy_names[p], 100 * won / MAX (n, 1), 100 * low, 100 * high, 100 * targets[p],
              p == POLICY_HINT ? "parity" : won / MAX (n, 1) >= targets[p] ? "met" : "NOT met",
              n, (double) turns / MAX (n, 1), unfinished > 0 ? ", some unfinished left out" : "");
    }

  for (guint i = 0; i < N_POLICIES * n_games; i++)
    {
      const Game *g = &games[i];

      if (!g->finished)
        continue;
      for (guint k = 0; k < N_POINTS; k++)
        {
          calibration_worth[k] += g->leader_won_worth[k];
          calibration_n[k]++;
          /* A tied strongest currency leaves the projection without a leader: a miss. */
          calibration_projection[k] += g->leader_won_projection[k];
          calibration_standing[k] += g->leader_won_standing[k];
          projection_n[k]++;
        }
    }
  printf ("Calibration: how often the player ranked 1st goes on to win (all %u games)\n",
          calibration_n[0]);
  for (guint k = 0; k < N_POINTS; k++)
    {
      double worth = calibration_worth[k] / MAX (calibration_n[k], 1);
      double projection = calibration_projection[k] / MAX (projection_n[k], 1);

      double standing = calibration_standing[k] / MAX (calibration_n[k], 1);

      printf ("  at %2u%% of the game: the standing %5.1f%%, the old projection %5.1f%%, net worth at today's rates %5.1f%%"
              " — %s\n", points[k], 100 * standing, 100 * projection, 100 * worth,
              standing > projection ? "the standing better (target met)" : "NOT met");
    }
  return 0;
}
