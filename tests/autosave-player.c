/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Plays a random game slowly under an autosave journal, to be killed by test-recovery. */

#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "fx-game.h"
#include "fx-random-play.h"
#include "xq-autosave.h"
#include "xq-games.h"
#include "xq-session.h"

/* Time between two moves: long enough that a kill lands at any point of a
 * move, short enough that a game of a hundred moves takes a few seconds. */
#define PAUSE_USEC (20 * 1000)
/* A player whose test failed before killing it does not wait forever. */
#define MAX_IDLE_SECONDS 600

/*
 * autosave-player SEED N_PLAYERS
 *
 * Plays the prudent random game of SEED move by move, exactly as
 * fx_random_game () does, printing "played N" once move N is in the journal.
 * When the game is over it sleeps until it is killed (or its parent dies, or
 * MAX_IDLE_SECONDS pass).
 */
int
main (int   argc,
      char *argv[])
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(XqAutosave) autosave = NULL;
  guint64 seed, n_players;
  FxSetup setup;
  FxRng rng;

  xq_games_register_all ();
#ifdef __linux__
  /* The test that started it is gone: so is the player. */
  prctl (PR_SET_PDEATHSIG, SIGKILL);
#endif

  if (argc != 3
      || !g_ascii_string_to_unsigned (argv[1], 10, 0, G_MAXUINT64, &seed, NULL)
      || !g_ascii_string_to_unsigned (argv[2], 10, 2, FX_MAX_PLAYERS, &n_players, NULL))
    {
      fprintf (stderr, "usage: %s SEED N_PLAYERS\n", argv[0]);
      return 2;
    }

  fx_rng_init (&rng, seed);
  fx_random_setup (&setup, &rng, (guint) n_players);
  session = xq_session_new (fx_game_get (), &setup);
  autosave = xq_autosave_new (session, NULL, NULL);

  for (;;)
    {
      FxMove moves[2];
      guint n = fx_random_turn (&setup, xq_session_get_state (session), &rng,
                                &fx_random_style_prudent, moves);

      if (n == 0)
        break;
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GError) error = NULL;
          const char *reason = moves[i].kind >= FX_MOVE_CORRECT_CASH ? "table fix" : NULL;

          if (!xq_session_play (session, &moves[i], reason, &error))
            {
              fprintf (stderr, "seed %" G_GUINT64_FORMAT ": a generated move was refused: %s\n",
                       seed, error->message);
              return 1;
            }
          /* The app writes the journal on a worker thread; the player waits
           * for it so "played N" means move N is on disk. */
          if (!xq_autosave_wait (autosave, &error))
            {
              fprintf (stderr, "the journal could not be written: %s\n", error->message);
              return 1;
            }
          printf ("played %u\n", xq_session_get_n_moves (session));
          fflush (stdout);
          g_usleep (PAUSE_USEC);
        }
    }

  printf ("over\n");
  fflush (stdout);
  for (guint i = 0; i < MAX_IDLE_SECONDS; i++)
    g_usleep (G_USEC_PER_SEC);
  return 0;
}
