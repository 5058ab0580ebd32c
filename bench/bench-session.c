/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Times saving and loading a long session file against the targets and xmllint; reports, never fails. */

#include "config.h"

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fx-game.h"
#include "fx-random-play.h"
#include "xq-games.h"
#include "xq-session-file.h"
#include "xq-session-xml.h"
#include "bench-games.h"
#include "bench-timing.h"


/* Each in-process measurement: batches of about this long, the median batch reported. */
/* Each xmllint run is a process: this many of them, the median reported. */
#define N_XMLLINT_RUNS 41

#define TARGET_MS 1.6          /* a tenth of a 60 Hz frame */
#define TARGET_RATIO 2.0       /* load within twice xmllint's parse */

typedef struct
{
  XqSession  *session;
  GFile      *file;
  const char *data;
  gsize       length;
  gsize       sink;           /* keeps the work from being optimised away */
} Bench;

static volatile gsize sink;
static guint n_missed;
static GString *missed;

/* Saving to memory: the document the file will hold. */
static void
save_to_memory (gpointer data)
{
  Bench *b = data;
  GBytes *bytes = xq_session_to_xml (b->session);

  b->sink += g_bytes_get_size (bytes);
  g_bytes_unref (bytes);
}

/* What the app's Save does: the document, written atomically beside a ~ backup. */
static void
save_to_file (gpointer data)
{
  Bench *b = data;
  g_autoptr(GError) error = NULL;

  if (!xq_session_save (b->session, b->file, NULL, TRUE, NULL, NULL, &error))
    g_error ("saving the session failed: %s", error->message);
  b->sink++;
}

/* Opening it: hardened parse, schema, replay of every move, snapshot check. */
static void
load (gpointer data)
{
  Bench *b = data;
  g_autoptr(GError) error = NULL;
  XqSession *session = xq_session_new_from_xml (b->data, b->length, NULL, &error);

  if (session == NULL)
    g_error ("the saved session does not load: %s", error->message);
  b->sink += xq_session_get_n_moves (session);
  g_object_unref (session);
}

/* What `xmllint --noout` does with the file, in this process: parse it (with
 * xmllint's default options) and free the tree. */
static void
libxml2_parse (gpointer data)
{
  Bench *b = data;
  xmlDoc *doc = xmlReadMemory (b->data, (int) b->length, NULL, NULL,
                               XML_PARSE_COMPACT | XML_PARSE_BIG_LINES | XML_PARSE_NONET);

  if (doc == NULL)
    g_error ("libxml2 does not parse the saved session");
  b->sink++;
  xmlFreeDoc (doc);
}

/* Milliseconds per run of xmllint with @args, the median of N_XMLLINT_RUNS;
 * a negative number if it cannot be run or fails. */
static double
time_xmllint (const char * const *args)
{
  double runs[N_XMLLINT_RUNS];
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) "xmllint");
  for (const char * const *a = args; *a != NULL; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);

  for (guint k = 0; k < N_XMLLINT_RUNS; k++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      int wait_status = 0;

      if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL,
                         G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                         NULL, NULL, NULL, NULL, &wait_status, &error)
          || !g_spawn_check_wait_status (wait_status, NULL))
        return -1.0;
      runs[k] = (double) (g_get_monotonic_time () - start) / 1000.0;
    }
  qsort (runs, N_XMLLINT_RUNS, sizeof (double), bench_compare_doubles);
  return runs[N_XMLLINT_RUNS / 2];
}

static void
miss (const char *what)
{
  g_string_append_printf (missed, "%s%s", n_missed > 0 ? ", " : "", what);
  n_missed++;
}

static void
report (const char *what,
        double      ms,
        double      target_ms,
        guint       reps)
{
  printf ("%s: %.3f ms (target %g ms: %.2fx of target; median of %u batches", what, ms, target_ms,
          ms / target_ms, BENCH_BATCHES);
  if (reps > 0)
    printf (", %u runs", reps);
  printf (")\n");
  if (ms > target_ms)
    miss (what);
}

int
main (void)
{
  g_autoptr(XqSession) long_game = NULL;
  g_autoptr(XqSession) game = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *what = NULL;
  Bench b = { 0 };
  guint64 seed = 0;
  guint n_players = 0, turns, reps;
  double save_ms, file_ms, load_ms, parse_ms, lint_ms, start_ms, ratio;
  gint64 start = g_get_monotonic_time ();

  xq_games_register_all ();
  missed = g_string_new (NULL);

  long_game = bench_find_long_game (&seed, &n_players);
  if (long_game == NULL)
    {
      printf ("bench-session: no game of the long style reached %d turns in %d seeds\n", BENCH_LONG_GAME_TURNS, BENCH_MAX_SEEDS);
      return 0;
    }
  game = bench_first_turns (long_game, BENCH_LONG_GAME_TURNS);
  turns = ((const FxState *) xq_session_get_state (game))->turn;
  dir = g_dir_make_tmp ("bench-session-XXXXXX", &error);
  if (dir == NULL)
    g_error ("no temporary folder: %s", error->message);
  path = g_build_filename (dir, "long.exchequer", NULL);
  backup = g_strconcat (path, "~", NULL);
  file = g_file_new_for_path (path);

  bytes = xq_session_to_xml (game);
  b.session = game;
  b.file = file;
  b.data = g_bytes_get_data (bytes, &b.length);

  printf ("bench-session: seed %" G_GUINT64_FORMAT ", %u players, %u turns, %u moves, %" G_GSIZE_FORMAT " bytes of XML\n",
          seed, n_players, turns, xq_session_get_n_moves (game), b.length);

  what = g_strdup_printf ("save %u-turn session to memory (the main thread's part of Save)", turns);
  save_ms = bench_measure (save_to_memory, &b, &reps);
  report (what, save_ms, TARGET_MS, reps);
  g_clear_pointer (&what, g_free);

  /* In the app only the document is built on the main thread (the time
   * above); GIO writes it from a worker thread, where the disk's sync sets
   * the pace. So this is reported, not held to a frame's budget. */
  file_ms = bench_measure (save_to_file, &b, &reps);
  printf ("save %u-turn session to a file as Save does (temporary file, fsync, rename, ~ backup): %.3f ms "
          "(median of %u batches, %u runs; written off the main thread, so no frame target)\n",
          turns, file_ms, BENCH_BATCHES, reps);

  /* Load and libxml2's parse in turn, batch by batch: the ratio holds even
   * when a shared machine changes speed during the run. */
  what = g_strdup_printf ("load %u-turn session (parse, schema, replay, snapshot)", turns);
  ratio = bench_measure_ratio (load, libxml2_parse, &b, &load_ms, &parse_ms);
  report (what, load_ms, TARGET_MS, 0);
  g_clear_pointer (&what, g_free);
  printf ("xmllint parse (libxml2 xmlReadMemory in this process): %.3f ms (median of %u batches)\n",
          parse_ms, BENCH_BATCHES);
  printf ("load / xmllint parse: %.2fx (target %gx; median of %u interleaved batch pairs)\n",
          ratio, TARGET_RATIO, BENCH_BATCHES);
  if (ratio > TARGET_RATIO)
    miss ("load / xmllint parse");

  /* The same against the real tool, less what starting it costs. */
  lint_ms = time_xmllint ((const char *[]) { "--noout", path, NULL });
  start_ms = time_xmllint ((const char *[]) { "--version", NULL });
  if (lint_ms < 0 || start_ms < 0)
    printf ("xmllint --noout: not measured (xmllint is missing or failed)\n");
  else
    {
      double parse_only = lint_ms - start_ms;

      printf ("xmllint --noout FILE: %.3f ms per process, xmllint --version: %.3f ms (median of %d runs each)\n",
              lint_ms, start_ms, N_XMLLINT_RUNS);
      if (parse_only > 0.01)
        printf ("load / (xmllint --noout - start-up): %.2fx (%.3f ms of parsing)\n", load_ms / parse_only, parse_only);
      else
        printf ("load / (xmllint --noout - start-up): not measurable (start-up hides the parse)\n");
      printf ("load / whole xmllint --noout process: %.2fx\n", load_ms / lint_ms);
    }

  if (n_missed > 0)
    printf ("missed: %s\n", missed->str);
  else
    printf ("every target met\n");
  printf ("bench-session: %.1f s\n", (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);

  g_unlink (backup);
  g_unlink (path);
  g_rmdir (dir);
  g_string_free (missed, TRUE);
  sink = b.sink;
  return 0;
}
