/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library at scale (issue #29): 10,000 generated games of 2–5 players among 300, indexed from files on SQLite;
 * a player's page and the ratings table; the memory at the end. A report, not a test: it always exits 0. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "fx-game.h"
#include "fx-random-play.h"
#include "xq-games.h"
#include "xq-library.h"
#include "bench-timing.h"

#define N_PLAYERS 300

/* A random legal game of @n_players chosen from the 300, written as XQN. */
static void
write_game (const char *folder,
            guint       index,
            guint       n_players)
{
  g_autofree char *path = g_strdup_printf ("%s/game-%05u.xqn", folder, index);
  g_autoptr(XqSession) session = NULL;
  g_autofree char *text = NULL;
  const char *names[6];
  char buffers[6][16];
  FxSetup setup;
  FxRng rng;

  fx_rng_init (&rng, index + 1);
  fx_random_setup (&setup, &rng, n_players);
  for (guint i = 0; i < n_players; i++)
    {
      guint pick;
      gboolean taken;

      /* Distinct players at one table. */
      do
        {
          pick = fx_rng_below (&rng, N_PLAYERS);
          g_snprintf (buffers[i], sizeof buffers[i], "P%03u", pick);
          taken = FALSE;
          for (guint j = 0; j < i; j++)
            taken = taken || g_strcmp0 (buffers[i], buffers[j]) == 0;
        }
      while (taken);
      names[i] = buffers[i];
    }
  if (!fx_setup_set_players (&setup, names, n_players, NULL))
    g_error ("the generated names were refused");
  session = xq_session_new (fx_game_get (), &setup);
  while (xq_session_get_n_moves (session) + 2 <= 400)
    {
      FxMove moves[2];
      guint n = fx_random_turn (&setup, xq_session_get_state (session), &rng, &fx_random_style_default, moves);

      if (n == 0)
        break;
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GError) error = NULL;

          if (!xq_session_play (session, &moves[i], moves[i].kind >= FX_MOVE_CORRECT_CASH ? "table fix" : NULL, &error))
            g_error ("game %u: a generated move was refused: %s", index, error->message);
        }
    }
  text = xq_session_to_notation (session);
  if (!g_file_set_contents (path, text, -1, NULL))
    g_error ("%s cannot be written", path);
}

typedef struct
{
  guint n_files;
  guint n_refused;
} Count;

static void
counted (GFile            *file,
         XqLibraryOutcome  outcome,
         const GError     *error,
         guint             error_line,
         gpointer          user_data)
{
  Count *count = user_data;

  count->n_files++;
  if (error != NULL)
    count->n_refused++;
}

static void
player_page (gpointer data)
{
  XqLibrary *library = data;
  g_autoptr(GPtrArray) aliases = xq_library_get_aliases (library, "P007", NULL);
  g_autoptr(GPtrArray) records = xq_library_get_records (library, "P007", NULL);
  g_autoptr(GPtrArray) history = xq_library_get_history (library, "P007", NULL);
  g_autoptr(GPtrArray) versus = xq_library_get_versus (library, "P007", NULL);

  g_assert (records != NULL && history != NULL && versus != NULL && aliases != NULL);
}

static void
ratings_table (gpointer data)
{
  g_autoptr(GPtrArray) ratings = xq_library_get_ratings (data, NULL);

  g_assert (ratings != NULL);
}

int
main (int   argc,
      char *argv[])
{
  guint n_games = argc > 1 ? (guint) atoi (argv[1]) : 10000;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("exchequer-bench-library-XXXXXX", &error);
  g_autofree char *games = g_build_filename (folder, "games", NULL);
  g_autofree char *db = g_build_filename (folder, "library.sqlite", NULL);
  g_autoptr(XqLibrary) library = NULL;
  g_autoptr(GFile) games_file = g_file_new_for_path (games);
  g_autoptr(GPtrArray) ratings = NULL;
  Count count = { 0 };
  struct rusage usage;
  gint64 start;
  double page_ms, ratings_ms;
  guint reps;

  xq_games_register_all ();
  g_assert_no_error (error);
  g_mkdir (games, 0700);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < n_games; i++)
    write_game (games, i, 2 + i % 4);
  printf ("generated %u games of 2–5 players among %u in %.1f s (not part of the figures below)\n", n_games, N_PLAYERS,
          (g_get_monotonic_time () - start) / 1e6);

  library = xq_library_open (db, &error);
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  if (!xq_library_scan (library, games_file, NULL, counted, NULL, &count, &error))
    g_error ("scan: %s", error->message);
  printf ("index %u files (SQLite, each its own transaction, ratings replayed once): %.2f s (target < 60 s); %u refused\n",
          count.n_files, (g_get_monotonic_time () - start) / 1e6, count.n_refused);

  {
    g_autoptr(GPtrArray) results = xq_library_list_results (library, NULL);
    guint64 moves = 0;
    guint finished = 0;
    gint64 last = -1;

    for (guint i = 0; i < results->len; i++)
      {
        const XqLibraryResult *r = g_ptr_array_index (results, i);

        if (r->game_id == last)
          continue;
        last = r->game_id;
        moves += r->n_moves;
        finished += r->finished;
      }
    printf ("  %u of them finished, %.0f moves a game on average, %u results\n", finished,
            (double) moves / MAX (n_games, 1), results->len);
  }

  count = (Count) { 0 };
  start = g_get_monotonic_time ();
  xq_library_scan (library, games_file, NULL, counted, NULL, &count, NULL);
  printf ("scan again, nothing changed: %.2f s\n", (g_get_monotonic_time () - start) / 1e6);

  page_ms = bench_measure (player_page, library, &reps);
  printf ("a player's page (names, record, rating history, head-to-head): %.2f ms (target < 50 ms)\n", page_ms);
  ratings_ms = bench_measure (ratings_table, library, &reps);
  ratings = xq_library_get_ratings (library, NULL);
  printf ("the ratings table (%u players): %.2f ms (target < 50 ms)\n", ratings->len, ratings_ms);

  getrusage (RUSAGE_SELF, &usage);
  printf ("peak memory of this process: %ld MB\n", usage.ru_maxrss / 1024);

  g_clear_object (&library);
  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", folder);

    if (system (command) != 0)
      fprintf (stderr, "%s was left behind\n", folder);
  }
  return 0;
}
