/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Times the game review against issue #18's targets: turns evaluated per second
 * per core, and the wall time of a depth-1 review of a 200-turn game with
 * every spot considered; then the review the audit window runs (engine and
 * words) of the sample game and of the 1,000- and 5,000-move games that
 * bench-interactions shows, the time its worker takes. Reports, never fails. */

#include "config.h"

#include <stdio.h>
#include <sys/resource.h>

#include "bench-games.h"
#include "fx-game.h"
#include "fx-random-play.h"
#include "fx-review.h"
#include "fx-review-summary.h"
#include "xq-games.h"
#include "xq-session-file.h"

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
  double   seconds;       /* wall */
  double   cpu_seconds;   /* every thread's, user and system */
  guint64  evaluated;
  guint    turns;
} Timing;

/* The CPU time this process has used: on a machine shared with other builds,
 * turns per CPU second is what a core does, whatever the others take. */
static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (double) usage.ru_utime.tv_sec + (double) usage.ru_utime.tv_usec / 1e6
         + (double) usage.ru_stime.tv_sec + (double) usage.ru_stime.tv_usec / 1e6;
}

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
  double cpu_start = cpu_seconds ();

  if (!fx_review_run (setup, moves, n_moves, 1, n_threads, NULL, NULL, &review, &error))
    g_error ("the review failed: %s", error->message);
  out->seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  out->cpu_seconds = cpu_seconds () - cpu_start;
  out->evaluated = review.evaluated;
  out->turns = review.n_turns;
  fx_review_clear (&review);
}

/* The audit window's review of @game (fx_review_summary_run(), every core),
 * timed: on the window's worker, this is how long its page waits. */
static void
time_window_review (const char *name,
                    XqSession  *game)
{
  g_autofree FxMove *moves = NULL;
  g_autoptr(FxReviewSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  guint n_moves;
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_seconds ();

  if (game == NULL)
    return;
  moves = fx_review_session_moves (game, &n_moves);
  summary = fx_review_summary_run (xq_session_get_setup (game), moves, n_moves, NULL, NULL, &error);
  if (summary == NULL)
    {
      printf ("the review of the %s failed: %s\n", name, error->message);
      return;
    }
  printf ("the window's review of the %s (%u moves, %u turns): %.1f s (%.1f CPU s)\n", name, n_moves,
          summary->review.n_turns, (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC,
          cpu_seconds () - cpu_start);
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
  double per_core, per_cpu_second, single;

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
  per_cpu_second = (double) all.evaluated / all.cpu_seconds;
  printf ("bench-review: seed %" G_GUINT64_FORMAT ", %u players, %u turns (%u moves), every spot considered; %u cores\n",
          seed, n_players, all.turns, n_moves, n_cores);
  printf ("turns evaluated per second per core, %u threads: %.2f million "
          "(%" G_GUINT64_FORMAT " turns in %.3f s; target %.0f million: %.2fx of target)\n",
          n_cores, per_core / 1e6, all.evaluated, all.seconds, TARGET_TURNS_PER_SECOND_PER_CORE / 1e6,
          per_core / TARGET_TURNS_PER_SECOND_PER_CORE);
  printf ("turns evaluated per CPU second (what one core does, whatever else runs): %.2f million "
          "(%.3f CPU s; %.2fx of target); the cores were %.0f%% ours\n",
          per_cpu_second / 1e6, all.cpu_seconds, per_cpu_second / TARGET_TURNS_PER_SECOND_PER_CORE,
          100.0 * all.cpu_seconds / (all.seconds * n_cores));
  printf ("turns evaluated per second, one thread alone (first %u turns): %.2f million (%.2fx of target)\n",
          one.turns, single / 1e6, single / TARGET_TURNS_PER_SECOND_PER_CORE);
  printf ("depth-1 review of the %u-turn game: %.3f s (target %.0f s: %.2fx of target)\n",
          all.turns, all.seconds, TARGET_REVIEW_S, all.seconds / TARGET_REVIEW_S);
  printf ("bench-review: %s\n",
          per_cpu_second >= TARGET_TURNS_PER_SECOND_PER_CORE && all.seconds <= TARGET_REVIEW_S
          ? "both targets met" : "a target missed");

  /* bench-interactions' games: the sample, and games of 1,000 and 5,000 moves. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (SAMPLE_PATH);
    g_autoptr(XqSession) sample = xq_session_load (file, NULL, NULL, NULL, NULL);
    g_autoptr(XqSession) game_1k = fx_random_endless_game (1, 4, &fx_random_style_dealing, 1000);
    g_autoptr(XqSession) game_5k = fx_random_endless_game (1, 4, &fx_random_style_dealing, 5000);

    time_window_review ("sample game", sample);
    time_window_review ("1,000-move game", game_1k);
    time_window_review ("5,000-move game", game_5k);
  }
  return 0;
}
