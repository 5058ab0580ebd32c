/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Times loading and saving a long session file against what `xmllint --noout
 * --relaxng` does with the same file; reports, never fails. */

#include "config.h"

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fx-game.h"
#include "fx-random-play.h"
#include "xq-games.h"
#include "xq-session-file.h"
#include "xq-session-schema.h"
#include "xq-session-xml.h"
#include "bench-games.h"
#include "bench-timing.h"

/* Each xmllint run is a process: this many of them, the median reported. */
#define N_XMLLINT_RUNS 41

/* Loading (and saving) may take at most twice what xmllint takes to parse
 * and validate the same file: the same libraries, plus the replay. */
#define TARGET_RATIO 2.0

typedef struct
{
  XqSession           *session;
  GFile               *file;
  const char          *data;
  gsize                length;
  xmlRelaxNGValidCtxt *validation;
  gsize                sink;       /* keeps the work from being optimised away */
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

static void
load_and_save (gpointer data)
{
  load (data);
  save_to_memory (data);
}

/* What `xmllint --noout --relaxng SCHEMA FILE` does with the file, in this
 * process: parse it with xmllint's options, validate it against the
 * compiled schema, free the tree. */
static void
xmllint_work (gpointer data)
{
  Bench *b = data;
  xmlDoc *doc = xmlReadMemory (b->data, (int) b->length, NULL, NULL,
                               XML_PARSE_COMPACT | XML_PARSE_BIG_LINES | XML_PARSE_NONET);

  if (doc == NULL || xmlRelaxNGValidateDoc (b->validation, doc) != 0)
    g_error ("libxml2 does not find the saved session valid");
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
report_ratio (const char *what,
              double      ratio)
{
  printf ("%s: %.2fx (target %gx; median of %u interleaved batch pairs)\n", what, ratio, TARGET_RATIO,
          BENCH_BATCHES);
  if (ratio > TARGET_RATIO)
    {
      g_string_append_printf (missed, "%s%s", n_missed > 0 ? ", " : "", what);
      n_missed++;
    }
}

/* The real tool on @path, less what starting it, reading the schema and
 * compiling it cost: the same command on a session with no moves. */
static void
report_xmllint_process (const char *schema,
                        const char *path,
                        const char *empty_path,
                        double      load_ms,
                        double      save_ms)
{
  double lint_ms = time_xmllint ((const char *[]) { "--noout", "--relaxng", schema, path, NULL });
  double start_ms = time_xmllint ((const char *[]) { "--noout", "--relaxng", schema, empty_path, NULL });
  double work_ms = lint_ms - start_ms;

  if (lint_ms < 0 || start_ms < 0)
    {
      printf ("xmllint --noout --relaxng: not measured (xmllint is missing or failed)\n");
      return;
    }
  printf ("xmllint --noout --relaxng session.rng FILE: %.3f ms per process; on a session with no moves "
          "(start-up, schema): %.3f ms (median of %d runs each)\n", lint_ms, start_ms, N_XMLLINT_RUNS);
  if (work_ms > 0.01)
    printf ("load / (xmllint's process - its start-up): %.2fx, load + save: %.2fx (%.3f ms of parsing and "
            "validating)\n", load_ms / work_ms, (load_ms + save_ms) / work_ms, work_ms);
  else
    printf ("load / (xmllint's process - its start-up): not measurable (start-up hides the work)\n");
}

static void
write_file (const char *path,
            GBytes     *bytes)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), &error))
    g_error ("%s", error->message);
}

int
main (void)
{
  g_autoptr(XqSession) long_game = NULL;
  g_autoptr(XqSession) game = NULL;
  g_autoptr(XqSession) empty = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) empty_bytes = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *empty_path = NULL;
  g_autofree char *schema_path = NULL;
  g_autofree char *backup = NULL;
  xmlDoc *schema_doc;
  xmlRelaxNGParserCtxt *parser;
  xmlRelaxNG *schema;
  Bench b = { 0 };
  guint64 seed = 0;
  guint n_players = 0, turns, reps;
  double save_ms, file_ms, load_ms, both_ms, lint_ms, ratio;
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
  empty = xq_session_new (xq_session_get_game (game), xq_session_get_setup (game));
  turns = ((const FxState *) xq_session_get_state (game))->turn;
  dir = g_dir_make_tmp ("bench-session-XXXXXX", &error);
  if (dir == NULL)
    g_error ("no temporary folder: %s", error->message);
  path = g_build_filename (dir, "long.exchequer", NULL);
  empty_path = g_build_filename (dir, "empty.exchequer", NULL);
  schema_path = g_build_filename (dir, "session.rng", NULL);
  backup = g_strconcat (path, "~", NULL);
  file = g_file_new_for_path (path);

  /* The schema the app holds, for xmllint and for its work in this process. */
  schema_doc = xq_session_schema_document ();
  if (xmlSaveFile (schema_path, schema_doc) < 0)
    g_error ("cannot write %s", schema_path);
  parser = xmlRelaxNGNewDocParserCtxt (schema_doc);
  schema = xmlRelaxNGParse (parser);
  xmlRelaxNGFreeParserCtxt (parser);
  xmlFreeDoc (schema_doc);
  b.validation = xmlRelaxNGNewValidCtxt (schema);

  bytes = xq_session_to_xml (game);
  empty_bytes = xq_session_to_xml (empty);
  write_file (empty_path, empty_bytes);
  b.session = game;
  b.file = file;
  b.data = g_bytes_get_data (bytes, &b.length);

  printf ("bench-session: seed %" G_GUINT64_FORMAT ", %u players, %u turns, %u moves, %" G_GSIZE_FORMAT " bytes of XML\n",
          seed, n_players, turns, xq_session_get_n_moves (game), b.length);

  save_ms = bench_measure (save_to_memory, &b, &reps);
  printf ("save to memory (the document, built on the main thread): %.3f ms (median of %u batches, %u runs)\n",
          save_ms, BENCH_BATCHES, reps);
  /* GIO writes the file from a worker thread, where the disk's sync sets the pace. */
  file_ms = bench_measure (save_to_file, &b, &reps);
  printf ("save to a file as Save does (temporary file, fsync, rename, ~ backup): %.3f ms "
          "(median of %u batches, %u runs; on a worker thread)\n", file_ms, BENCH_BATCHES, reps);

  /* Loading and xmllint's work in turn, batch by batch: the ratio holds even
   * when a shared machine changes speed during the run. */
  ratio = bench_measure_ratio (load, xmllint_work, &b, &load_ms, &lint_ms);
  printf ("load (parse, schema, replay, snapshot; on a worker thread): %.3f ms\n", load_ms);
  printf ("xmllint --noout --relaxng's work in this process (parse, validate with the compiled schema): "
          "%.3f ms\n", lint_ms);
  report_ratio ("load / xmllint --noout --relaxng", ratio);
  ratio = bench_measure_ratio (load_and_save, xmllint_work, &b, &both_ms, &lint_ms);
  report_ratio ("load + save / xmllint --noout --relaxng", ratio);

  /* The same against the real tool. */
  report_xmllint_process (schema_path, path, empty_path, load_ms, save_ms);

  if (n_missed > 0)
    printf ("missed: %s\n", missed->str);
  else
    printf ("every target met\n");
  printf ("bench-session: %.1f s\n", (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);

  xmlRelaxNGFreeValidCtxt (b.validation);
  xmlRelaxNGFree (schema);
  g_unlink (backup);
  g_unlink (path);
  g_unlink (empty_path);
  g_unlink (schema_path);
  g_rmdir (dir);
  g_string_free (missed, TRUE);
  sink = b.sink;
  return 0;
}
