/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main thread's share of recording a move with the autosave journal on,
 * move by move through the long game, and the disk work apart; reports,
 * never fails. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench-games.h"
#include "bench-timing.h"
#include "fx-game.h"
#include "xq-autosave.h"
#include "xq-games.h"
#include "xq-session.h"

#define TARGET_P95_MS 2.0   /* well within a 60 Hz frame */

static double
percentile (GArray *ms,
            double  p)
{
  g_array_sort (ms, bench_compare_doubles);
  return g_array_index (ms, double, (guint) (p * (ms->len - 1)));
}

static void
report (const char *what,
        GArray     *ms)
{
  printf ("  %-58s p50 %6.2f  p95 %6.2f  max %6.2f ms\n", what, percentile (ms, 0.50), percentile (ms, 0.95),
          percentile (ms, 1.0));
}

/* Runs what the main loop has to do now (the journal's write is scheduled
 * after the frame that shows the move), as the app's main loop would. */
static void
run_main_loop_until_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (void)
{
  g_autoptr(XqSession) game = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autoptr(XqAutosave) journal = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) main_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) disk_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) sync_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *state = g_dir_make_tmp ("bench-autosave-XXXXXX", &error);
  guint64 seed = 0;
  guint n_players = 0, n_moves;
  double p95;

  if (state == NULL)
    g_error ("no temporary folder: %s", error->message);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  xq_games_register_all ();
  game = bench_find_long_game (&seed, &n_players);
  if (game == NULL)
    {
      printf ("bench-autosave: no game of the long style reached %d turns\n", BENCH_LONG_GAME_TURNS);
      return 0;
    }
  game = bench_first_turns (g_steal_pointer (&game), BENCH_LONG_GAME_TURNS);
  n_moves = xq_session_get_n_moves (game);
  printf ("bench-autosave: seed %" G_GUINT64_FORMAT ", %u players, %u moves recorded one by one with the journal on\n",
          seed, n_players, n_moves);

  session = xq_session_new (xq_session_get_game (game), xq_session_get_setup (game));
  journal = xq_autosave_new (session, NULL, NULL);
  if (!xq_autosave_wait (journal, &error))
    g_error ("the journal cannot be written: %s", error->message);

  for (guint i = 0; i < n_moves; i++)
    {
      gint64 start, recorded, on_disk;
      double ms;

      start = g_get_monotonic_time ();
      if (!xq_session_play (session, xq_session_get_move (game, i), xq_session_get_move_reason (game, i), &error))
        g_error ("replaying the long game failed: %s", error->message);
      run_main_loop_until_idle ();
      recorded = g_get_monotonic_time ();
      /* The player looks at the table while the worker writes. */
      if (!xq_autosave_wait (journal, &error))
        g_error ("the journal cannot be written: %s", error->message);
      on_disk = g_get_monotonic_time ();

      ms = (recorded - start) / 1000.0;
      g_array_append_val (main_ms, ms);
      ms = (on_disk - recorded) / 1000.0;
      g_array_append_val (disk_ms, ms);

      /* What a move cost the main thread before: the whole write there. */
      start = g_get_monotonic_time ();
      if (!xq_autosave_flush (journal, &error))
        g_error ("the journal cannot be written: %s", error->message);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (sync_ms, ms);
    }

  report ("main thread per move (play + copy of the session)", main_ms);
  report ("on the worker per move (document, write, fsync, rename)", disk_ms);
  report ("for comparison: the whole write on the main thread", sync_ms);
  p95 = percentile (main_ms, 0.95);
  printf ("  main thread p95 / target: %.2f / %.1f ms = %.2f×, %s\n", p95, TARGET_P95_MS, p95 / TARGET_P95_MS,
          p95 <= TARGET_P95_MS ? "met" : "MISSED");
  printf ("  main thread p95 / whole write on the main thread p95: %.2f×\n", p95 / percentile (sync_ms, 0.95));

  xq_autosave_discard (journal);
  g_clear_object (&journal);
  {
    g_autofree char *autosave_dir = xq_autosave_get_dir ();
    g_autofree char *app_dir = g_path_get_dirname (autosave_dir);

    g_rmdir (autosave_dir);
    g_rmdir (app_dir);
    g_rmdir (state);
  }
  return 0;
}
