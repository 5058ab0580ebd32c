/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Times the game review against issue #18's targets: turns evaluated per second
 * per core, and the wall time of a depth-1 review of a 200-turn game with
 * every spot considered; reports, never fails. */

#include "config.h"

#include <stdio.h>

#include "bench-games.h"
#include "fx-game.h"
#include "fx-random-play.h"
#include "fx-review.h"
#include "xq-games.h"

#define TARGET_TURNS_PER_SECOND_PER_CORE 2e6
#define TARGET_REVIEW_S 5.0
#define GAME_TURNS 200
#define MAX_MOVES 10000

/* The first game of the long style with four or five players that reaches
 * GAME_TURNS turns, cut there: the same evening on every run. */
static XqSession *
find_game (guint64 *out_seed,
           guint   *out_players)
{
  for (guint64 seed = 0; seed < BENCH_MAX_SEEDS; seed++)
    {
      guint n_players = 4 + (guint) (seed % 2);
      g_autoptr(XqSession) game = fx_random_game (seed, n_players, &fx_random_style_long, MAX_MOVES);

      if (((const FxState *) xq_session_get_state (game))->turn >= GAME_TURNS)
        {
          *out_seed = seed;
          *out_players = n_players;
          return bench_first_turns (game, GAME_TURNS);
        }
    }
  return NULL;
}

typedef struct
{
  double   seconds;
  guint64  evaluated;
  guint    turns;
} Timing;

static void
time_review (const FxSetup *setup,
             const FxMove  *moves,
             guint          n_moves,
             guint          n_threads,
             Timing        *out)
{
  g_autoptr(GError) error = NULL;
  FxReview review;
  gint64 start = g_get_monotonic_time ();

  if (!fx_review_run (setup, moves, n_moves, 1, n_threads, NULL, NULL, &review, &error))
    g_error ("the review failed: %s", error->message);
  out->seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  out->evaluated = review.evaluated;
  out->turns = review.n_turns;
  fx_review_clear (&review);
}

int
main (void)
{
  g_autoptr(XqSession) game = NULL;
  g_autofree FxMove *moves = NULL;
  const FxSetup *setup;
  guint64 seed = 0;
  guint n_players = 0, n_moves, n_cores = g_get_num_processors (), first_moves = 0;
  Timing all, one;
  double per_core, single;

  xq_games_register_all ();
  game = find_game (&seed, &n_players);
  if (game == NULL)
    {
      printf ("bench-review: no game of the long style reached %d turns in %d seeds\n", GAME_TURNS, BENCH_MAX_SEEDS);
      return 0;
    }
  setup = xq_session_get_setup (game);
  n_moves = xq_session_get_n_moves (game);
  moves = g_new (FxMove, n_moves);
  for (guint i = 0; i < n_moves; i++)
    moves[i] = *(const FxMove *) xq_session_get_move (game, i);

  /* One core alone: the first quarter of the game's turns on one thread. */
  for (guint turns = 0; first_moves < n_moves && turns < GAME_TURNS / 4; first_moves++)
    turns += fx_review_count_turns (setup, &moves[first_moves], 1);
  time_review (setup, moves, first_moves, 1, &one);
  /* The whole review on every core, as the CLI and the window run it. */
  time_review (setup, moves, n_moves, 0, &all);

  single = (double) one.evaluated / one.seconds;
  per_core = (double) all.evaluated / all.seconds / n_cores;
  printf ("bench-review: seed %" G_GUINT64_FORMAT ", %u players, %u turns (%u moves), every spot considered; %u cores\n",
          seed, n_players, all.turns, n_moves, n_cores);
  printf ("turns evaluated per second per core, %u threads: %.2f million "
          "(%" G_GUINT64_FORMAT " turns in %.3f s; target %.0f million: %.2fx of target)\n",
          n_cores, per_core / 1e6, all.evaluated, all.seconds, TARGET_TURNS_PER_SECOND_PER_CORE / 1e6,
          per_core / TARGET_TURNS_PER_SECOND_PER_CORE);
  printf ("turns evaluated per second, one thread alone (first %u turns): %.2f million (%.2fx of target)\n",
          one.turns, single / 1e6, single / TARGET_TURNS_PER_SECOND_PER_CORE);
  printf ("depth-1 review of the %u-turn game: %.3f s (target %.0f s: %.2fx of target)\n",
          all.turns, all.seconds, TARGET_REVIEW_S, all.seconds / TARGET_REVIEW_S);
  printf ("bench-review: %s\n",
          per_core >= TARGET_TURNS_PER_SECOND_PER_CORE && all.seconds <= TARGET_REVIEW_S
          ? "both targets met" : "a target missed");
  return 0;
}
