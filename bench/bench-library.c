/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library at scale (issue #29): 10,000 generated games of 2–5 players among 300, indexed from files on SQLite
 * and on PostgreSQL; a player's page and the ratings table on each, and their ratio; the memory at the end. A report,
 * not a test: it always exits 0. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The two libraries, for timings taken in turn (bench_measure_ratio ()). */
typedef struct
{
  XqLibrary *sqlite;
  XqLibrary *pq;
} Pair;

static void
pq_player_page (gpointer data)
{
  player_page (((Pair *) data)->pq);
}

static void
sqlite_player_page (gpointer data)
{
  player_page (((Pair *) data)->sqlite);
}

static void
pq_ratings_table (gpointer data)
{
  ratings_table (((Pair *) data)->pq);
}

static void
sqlite_ratings_table (gpointer data)
{
  ratings_table (((Pair *) data)->sqlite);
}

/* A PostgreSQL server of the bench's own, as tests/test-library-postgresql.sh
 * starts one: initdb in a temporary folder, as nobody when run as root, on a
 * socket in that folder only. */
typedef struct
{
  char *bindir;
  char *dir;
  char *uri;
} Server;

/* Runs @tool of the server's bindir with @args, as the server's user:
 * whether it succeeded. */
static gboolean
run_server_tool (Server      *server,
                 const char  *tool,
                 const char **args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (getuid () == 0)
    {
      /* The server refuses to run as root. */
      g_ptr_array_add (argv, g_strdup ("runuser"));
      g_ptr_array_add (argv, g_strdup ("-u"));
      g_ptr_array_add (argv, g_strdup ("nobody"));
      g_ptr_array_add (argv, g_strdup ("--"));
    }
  g_ptr_array_add (argv, g_build_filename (server->bindir, tool, NULL));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  /* Its stderr is the bench's: a server that does not start says why. */
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                     NULL, NULL, &status, &error)
      || !g_spawn_check_wait_status (status, NULL))
    {
      fprintf (stderr, "%s failed%s%s\n", tool, error != NULL ? ": " : "", error != NULL ? error->message : "");
      return FALSE;
    }
  return TRUE;
}

static char *
find_server_bindir (void)
{
  g_autofree char *out = NULL;
  g_autoptr(GDir) versions = NULL;
  g_autofree char *best = NULL;
  const char *name;

  if (g_spawn_command_line_sync ("pg_config --bindir", &out, NULL, NULL, NULL) && out != NULL)
    {
      g_autofree char *initdb = g_build_filename (g_strstrip (out), "initdb", NULL);

      if (g_file_test (initdb, G_FILE_TEST_IS_EXECUTABLE))
        return g_strdup (out);
    }
  /* Debian: /usr/lib/postgresql/VERSION/bin, the newest. */
  versions = g_dir_open ("/usr/lib/postgresql", 0, NULL);
  while (versions != NULL && (name = g_dir_read_name (versions)) != NULL)
    {
      g_autofree char *initdb = g_build_filename ("/usr/lib/postgresql", name, "bin", "initdb", NULL);

      if (g_file_test (initdb, G_FILE_TEST_IS_EXECUTABLE) && (best == NULL || atoi (name) > atoi (best)))
        {
          g_free (best);
          best = g_strdup (name);
        }
    }
  return best != NULL ? g_build_filename ("/usr/lib/postgresql", best, "bin", NULL) : NULL;
}

static gboolean
server_start (Server *server)
{
  g_autofree char *data = NULL;
  g_autofree char *log = NULL;
  g_autofree char *options = NULL;
  guint port = 20000 + (guint) getpid () % 20000;

  server->bindir = find_server_bindir ();
  if (server->bindir == NULL)
    return FALSE;
  server->dir = g_dir_make_tmp ("exchequer-bench-pg-XXXXXX", NULL);
  if (server->dir == NULL || chmod (server->dir, 0755) != 0)
    return FALSE;
  if (getuid () == 0 && chown (server->dir, 65534, 65534) != 0)
    return FALSE;
  data = g_build_filename (server->dir, "data", NULL);
  log = g_build_filename (server->dir, "server.log", NULL);
  options = g_strdup_printf ("-k %s -c listen_addresses= -p %u -c fsync=off", server->dir, port);
  if (!run_server_tool (server, "initdb", (const char *[]) { "-D", data, "--no-locale", "-E", "UTF8", "-U", "exchequer",
                                                            "--auth=trust", NULL })
      || !run_server_tool (server, "pg_ctl", (const char *[]) { "-D", data, "-l", log, "-w", "-o", options, "start", NULL }))
    return FALSE;
  server->uri = g_strdup_printf ("postgresql:///postgres?host=%s&port=%u&user=exchequer", server->dir, port);
  return TRUE;
}

static void
server_stop (Server *server)
{
  if (server->dir != NULL)
    {
      g_autofree char *data = g_build_filename (server->dir, "data", NULL);
      g_autofree char *command = g_strdup_printf ("rm -rf '%s'", server->dir);

      if (server->uri != NULL)
        run_server_tool (server, "pg_ctl", (const char *[]) { "-D", data, "-m", "immediate", "-w", "stop", NULL });
      if (system (command) != 0)
        fprintf (stderr, "%s was left behind\n", server->dir);
    }
  g_free (server->bindir);
  g_free (server->dir);
  g_free (server->uri);
}

/* The same games on PostgreSQL: indexed, then the two pages timed in turn
 * with SQLite's, for the ratio the issue sets (within 3×). */
static void
bench_postgresql (XqLibrary  *sqlite,
                  GFile      *games_file,
                  const char *uri)
{
  g_autoptr(GError) error = NULL;
  Server server = { NULL };
  Count count = { 0 };
  Pair pair = { sqlite, NULL };
  double pq_ms, sqlite_ms, ratio;
  gint64 start;

  if (uri == NULL)
    {
      if (!server_start (&server))
        {
          printf ("PostgreSQL: no server of the bench's own could be started (Debian: postgresql); give --database URI\n");
          server_stop (&server);
          return;
        }
      uri = server.uri;
    }
  pair.pq = xq_library_open (uri, &error);
  if (pair.pq == NULL)
    {
      printf ("PostgreSQL: %s\n", error->message);
      server_stop (&server);
      return;
    }
  start = g_get_monotonic_time ();
  if (!xq_library_scan (pair.pq, games_file, counted, &count, &error))
    g_error ("scan on PostgreSQL: %s", error->message);
  printf ("PostgreSQL (%s): index %u files: %.2f s\n", server.uri != NULL ? "a server of the bench's own, fsync off" : "--database",
          count.n_files, (g_get_monotonic_time () - start) / 1e6);

  ratio = bench_measure_ratio (pq_player_page, sqlite_player_page, &pair, &pq_ms, &sqlite_ms);
  printf ("  a player's page: %.2f ms, SQLite %.2f ms in turn: PostgreSQL/SQLite %.2f× (target within 3×)\n", pq_ms,
          sqlite_ms, ratio);
  ratio = bench_measure_ratio (pq_ratings_table, sqlite_ratings_table, &pair, &pq_ms, &sqlite_ms);
  printf ("  the ratings table: %.2f ms, SQLite %.2f ms in turn: PostgreSQL/SQLite %.2f× (target within 3×)\n", pq_ms,
          sqlite_ms, ratio);
  g_clear_object (&pair.pq);
  server_stop (&server);
}

int
main (int   argc,
      char *argv[])
{
  guint n_games = 10000;
  const char *database = NULL;
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

  /* [N] [--database URI]: the games, and a PostgreSQL library to use
   * rather than a server of the bench's own. */
  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--database") && i + 1 < argc)
      database = argv[++i];
    else
      n_games = (guint) atoi (argv[i]);

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
  if (!xq_library_scan (library, games_file, counted, &count, &error))
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
  xq_library_scan (library, games_file, counted, &count, NULL);
  printf ("scan again, nothing changed: %.2f s\n", (g_get_monotonic_time () - start) / 1e6);

  page_ms = bench_measure (player_page, library, &reps);
  printf ("a player's page (names, record, rating history, head-to-head): %.2f ms (target < 50 ms)\n", page_ms);
  ratings_ms = bench_measure (ratings_table, library, &reps);
  ratings = xq_library_get_ratings (library, NULL);
  printf ("the ratings table (%u players): %.2f ms (target < 50 ms)\n", ratings->len, ratings_ms);

  bench_postgresql (library, games_file, database);

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
