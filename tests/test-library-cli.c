/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer-cli library …: its lines, its refusals and its exit statuses. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "cli-support.h"
#include "test-dirs.h"

/* The library a test uses: a new SQLite file in its folder, or — when
 * tests/test-library-postgresql.sh runs this program against the server it
 * started (EXCHEQUER_TEST_PGHOST, EXCHEQUER_TEST_PGPORT) — a new database
 * on it, so that the same tests run on both backends. */
static char *
new_library (Tmp *tmp)
{
  static guint n_made;
  const char *host = g_getenv ("EXCHEQUER_TEST_PGHOST");
  const char *port = g_getenv ("EXCHEQUER_TEST_PGPORT");
  g_autofree char *name = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (host == NULL || port == NULL)
    return g_build_filename (tmp->dir, "library.sqlite", NULL);
  name = g_strdup_printf ("xq_test_%d_%u", (int) getpid (), ++n_made);
  g_spawn_sync (NULL, (char *[]) { (char *) "createdb", (char *) "-h", (char *) host, (char *) "-p", (char *) port,
                                   (char *) "-U", (char *) "exchequer", name, NULL },
                NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("createdb %s: %s", name, err);
  return g_strdup_printf ("postgresql:///%s?host=%s&port=%s&user=exchequer", name, host, port);
}

static gboolean
on_postgresql (void)
{
  return g_getenv ("EXCHEQUER_TEST_PGHOST") != NULL;
}

/* A game of tests/data copied into the test's folder, dated @when. */
static char *
copy_game (Tmp        *tmp,
           const char *data_name,
           const char *name,
           guint64     when)
{
  g_autofree char *source = g_build_filename (TEST_DATA_DIR, data_name, NULL);
  g_autofree char *text = NULL;
  char *path;
  g_autoptr(GFile) file = NULL;

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  path = tmp_file (tmp, name, text);
  file = g_file_new_for_path (path);
  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, when, G_FILE_QUERY_INFO_NONE, NULL,
                                              NULL));
  return path;
}

/* @n_files copies of the game @data_name of tests/data in the test's
 * folder games/, each with other bytes so that each is a game of its own.
 * Returns: (transfer full): the folder */
static char *
put_copies (Tmp        *tmp,
            const char *data_name,
            guint       n_files)
{
  g_autofree char *folder = g_build_filename (tmp->dir, "games", NULL);
  g_autofree char *source = g_build_filename (TEST_DATA_DIR, data_name, NULL);
  g_autofree char *text = NULL;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *name = g_strdup_printf ("games/g%03u.xqn", i);
      g_autofree char *copy = g_strdup_printf ("# copy %u\n%s", i, text);

      g_free (tmp_file (tmp, name, copy));
    }
  return g_steal_pointer (&folder);
}

/* How many games `library list` lists. */
static guint
count_listed_games (const char *db)
{
  g_auto(Run) run = { 0 };
  guint n_games = 0;

  RUN (&run, "library", "list", "--database", db);
  g_assert_cmpint (run.status, ==, 0);
  for (const char *p = run.out; (p = strstr (p, "game ")) != NULL; p++)
    if (p == run.out || p[-1] == '\n')
      n_games++;
  return n_games;
}

/* Two games and a broken file: the broken one said with its name and line,
 * exit 1, the others indexed; then every reading command's lines. The
 * totals and winners are those of the games' .score files. */
static void
test_add_and_read (Tmp           *tmp,
                   gconstpointer  data)
{
  g_autofree char *db = new_library (tmp);
  g_autofree char *a = copy_game (tmp, "for-ex-20-4p.xqn", "a.xqn", 1000000000);
  g_autofree char *b = copy_game (tmp, "for-ex-42-4p.xqn", "b.xqn", 1100000000);
  g_autofree char *bad = tmp_file (tmp, "bad.xqn", "game for-ex\nplayers Ann\n");

  {
    g_auto(Run) run = { 0 };
    g_autofree char *out = g_strdup_printf ("added %s\nadded %s\n", a, b);
    g_autofree char *err = g_strdup_printf ("%s:2: error: For-Ex is played by 2 to 6 players, not 1\n", bad);

    RUN (&run, "library", "add", a, bad, b, "--database", db);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.out, ==, out);
    g_assert_cmpstr (run.err, ==, err);
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *out = g_strdup_printf ("unchanged %s\n", a);

    RUN (&run, "library", "add", "--database", db, a);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, out);
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *out = g_strdup_printf ("game 1 for-ex 2001-09-09T01:46:40Z ended 70 %s\n"
                                            "result 1 Agnes place 2 total 29.5 margin -3.5 loans 0\n"
                                            "result 1 Bob place 3 total 25 margin -8 loans 0\n"
                                            "result 1 David place 1 total 33 margin 3.5 won loans 0\n"
                                            "result 1 Cynthia place 4 total 15.5 margin -17.5 loans 0\n"
                                            "game 2 for-ex 2004-11-09T11:33:20Z ended 34 %s\n"
                                            "result 2 Bob place 4 total 8 margin -1 bankrupt loans 1\n"
                                            "result 2 Agnes place 3 total 3 margin -6 loans 0\n"
                                            "result 2 Cynthia place 2 total 8 margin -1 loans 0\n"
                                            "result 2 David place 1 total 9 margin 1 won loans 0\n",
                                            a, b);

    RUN (&run, "library", "list", "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, out);
    g_assert_cmpstr (run.err, ==, "");
  }
  {
    g_auto(Run) run = { 0 };
    g_auto(GStrv) lines = NULL;

    /* David won both: first; Bob, last in one and third in the other, last. */
    RUN (&run, "library", "ratings", "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    lines = g_strsplit (run.out, "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, 5);
    g_assert_true (g_str_has_prefix (lines[0], "rating for-ex 1 David "));
    g_assert_true (g_str_has_suffix (lines[0], " plays 2"));
    g_assert_true (g_str_has_prefix (lines[3], "rating for-ex 4 Bob "));
  }
  {
    g_auto(Run) run = { 0 };

    /* Found as the engine matches names: case does not matter. */
    RUN (&run, "library", "player", "DAVID", "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "player David\nalias David\n"
                                              "record for-ex plays 2 wins 2 shared-wins 0 placing 1.000 "
                                              "margin 2.250 largest-win 3.5 bankrupt 0 loans 0 reviewed 0 "
                                              "loss-per-turn -\n"
                                              "rating for-ex "));
    g_assert_nonnull (strstr (run.out, "\nhistory for-ex 2001-09-09T01:46:40Z 1 "));
    g_assert_nonnull (strstr (run.out, "\nhistory for-ex 2004-11-09T11:33:20Z 2 "));
    g_assert_true (g_str_has_suffix (run.out, "versus for-ex Agnes plays 2 ahead 2 behind 0\n"
                                              "versus for-ex Bob plays 2 ahead 2 behind 0\n"
                                              "versus for-ex Cynthia plays 2 ahead 2 behind 0\n"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *row = g_strdup_printf ("\r\n2,for-ex,2004-11-09T11:33:20Z,ended,34,%s,1,Bob,Bob,4,8,-1,0,0,1,1,,\r\n", b);

    RUN (&run, "library", "export", "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "game_id,game,date,status,moves,file,seat,name,player,placing,total,"
                                              "margin,won,shared_win,bankrupt,loans,review_turns,review_loss\r\n"));
    g_assert_nonnull (strstr (run.out, row));
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *csv = g_build_filename (tmp->dir, "plays.csv", NULL);
    g_autofree char *written = NULL;
    g_auto(Run) again = { 0 };

    /* To a file: the same text as on the standard output. */
    RUN (&run, "library", "export", csv, "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "");
    g_assert_true (g_file_get_contents (csv, &written, NULL, NULL));
    RUN (&again, "library", "export", "--database", db);
    g_assert_cmpstr (written, ==, again.out);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "library", "player", "Zed", "--database", db);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.out, ==, "");
    g_assert_cmpstr (run.err, ==, "exchequer-cli: error: no player called “Zed” is in the library\n");
  }
}

/* A file whose name holds a line break is said on one line. */
static void
test_awkward_name (Tmp           *tmp,
                   gconstpointer  data)
{
  g_autofree char *db = new_library (tmp);
  g_autofree char *a = copy_game (tmp, "for-ex-20-4p.xqn", "two\nlines.xqn", 1000000000);
  g_auto(Run) run = { 0 };
  g_auto(Run) list = { 0 };

  RUN (&run, "library", "add", a, "--database", db);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "added "));
  g_assert_true (g_str_has_suffix (run.out, "/two\\nlines.xqn\n"));
  g_assert_nonnull (strchr (run.out, '\n'));
  g_assert_true (strchr (run.out, '\n')[1] == '\0');
  RUN (&list, "library", "list", "--database", db);
  g_assert_nonnull (strstr (list.out, "/two\\nlines.xqn\nresult 1 Agnes "));
}

/* A scan names each file, and each one gone. */
static void
test_scan (Tmp           *tmp,
           gconstpointer  data)
{
  g_autofree char *db = new_library (tmp);
  g_autofree char *folder = g_build_filename (tmp->dir, "games", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  a = copy_game (tmp, "for-ex-20-4p.xqn", "games/a.xqn", 1000000000);
  b = copy_game (tmp, "fair-trade/fair-trade-44-4p.xqn", "games/b.xqn", 1100000000);
  {
    g_auto(Run) run = { 0 };
    g_autofree char *bad = tmp_file (tmp, "games/ab.xqn", "game for-ex\nplayers Ann Ben\n"
                                                          "removed EUR USD USD CHF JPY CNY\ninvest Ben CAD\n");
    g_autofree char *out = g_strdup_printf ("added %s\nadded %s\n", a, b);
    g_autofree char *err = g_strdup_printf ("%s:4: error: it is Ann's turn, not Ben's\n", bad);

    RUN (&run, "library", "scan", folder, "--database", db);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.out, ==, out);
    g_assert_cmpstr (run.err, ==, err);
    g_assert_cmpint (g_unlink (bad), ==, 0);
  }
  g_assert_cmpint (g_unlink (b), ==, 0);
  {
    g_auto(Run) run = { 0 };
    g_autofree char *out = g_strdup_printf ("unchanged %s\nvanished %s\n", a, b);

    RUN (&run, "library", "scan", folder, "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, out);
  }
}

/* A library a newer Exchequer wrote: exit 1, a sentence, the file as it was. */
static void
test_refused_database (Tmp           *tmp,
                       gconstpointer  data)
{
  g_autofree char *db = tmp_file (tmp, "library.sqlite", "this is not a database at all, only some words in a file");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *a = copy_game (tmp, "for-ex-20-4p.xqn", "a.xqn", 1000000000);
  g_auto(Run) run = { 0 };

  g_assert_true (g_file_get_contents (db, &before, NULL, NULL));
  RUN (&run, "library", "add", a, "--database", db);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "exchequer-cli: error: "));
  g_assert_nonnull (strstr (run.err, "library.sqlite is not a library Exchequer can read"));
  g_assert_true (g_file_get_contents (db, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
}

/* Two processes scanning one folder at once: each game is recorded once,
 * and neither fails (the second waits for the first's write lock). */
static void
test_two_writers (Tmp           *tmp,
                  gconstpointer  data)
{
  g_autofree char *db = new_library (tmp);
  /* The figure: 1,000 games each. The first scans both folders,
   * the second one of them, so 1,000 files are written by both at once. */
  const guint n_files = 1000;
  g_autofree char *all = put_copies (tmp, "for-ex-20-4p.xqn", n_files);
  g_autofree char *mine = g_build_filename (all, "mine", NULL);
  g_autoptr(GSubprocess) first = NULL;
  g_autoptr(GSubprocess) second = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (mine, 0700), ==, 0);
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *name = g_strdup_printf ("games/g%03u.xqn", i);
      g_autofree char *moved = g_strdup_printf ("games/mine/g%03u.xqn", i);
      g_autofree char *from = g_build_filename (tmp->dir, name, NULL);
      g_autofree char *to = g_build_filename (tmp->dir, moved, NULL);
      g_autofree char *text = NULL;

      /* Half of the games move into the shared folder; the other half get
       * a twin there, so that the second writer has 1,000 games too. */
      if (i % 2 == 0)
        g_assert_cmpint (g_rename (from, to), ==, 0);
      else
        {
          g_autofree char *twin = g_strdup_printf ("games/mine/t%03u.xqn", i);
          g_autofree char *twinned = NULL;

          g_assert_true (g_file_get_contents (from, &text, NULL, NULL));
          twinned = g_strconcat ("# twin\n", text, NULL);
          g_free (tmp_file (tmp, twin, twinned));
        }
    }

  first = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error, cli_path (), "library", "scan", all,
                            "--database", db, NULL);
  g_assert_no_error (error);
  second = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error, cli_path (), "library", "scan", mine,
                             "--database", db, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait_check (first, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait_check (second, NULL, &error));
  g_assert_no_error (error);

  /* The 1,000 games, and the 500 twins (a line more, so another content):
   * each once. */
  g_assert_cmpuint (count_listed_games (db), ==, n_files + n_files / 2);
}

/* A scan killed midway: the library opens, and the next scan finishes the
 * rest, every game once. */
static void
test_killed_scan (Tmp           *tmp,
                  gconstpointer  data)
{
  g_autofree char *db = new_library (tmp);
  const guint n_files = 200;
  g_autofree char *folder = put_copies (tmp, "for-ex-42-4p.xqn", n_files);
  g_autoptr(GSubprocess) scan = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_auto(Run) run = { 0 };
  guint n_added = 0, n_unchanged = 0;

  scan = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, cli_path (), "library", "scan", folder, "--database",
                           db, NULL);
  g_assert_no_error (error);
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (scan));
  /* Killed as soon as it has said its first file: whatever it was doing. */
  first = g_data_input_stream_read_line_utf8 (lines, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (first, "added "));
  g_subprocess_force_exit (scan);
  g_assert_true (g_subprocess_wait (scan, NULL, &error));
  g_assert_no_error (error);

  RUN (&run, "library", "scan", folder, "--database", db);
  g_assert_cmpint (run.status, ==, 0);
  for (const char *p = run.out; p != NULL && *p != '\0'; p = strchr (p, '\n'), p = p != NULL ? p + 1 : NULL)
    {
      n_added += g_str_has_prefix (p, "added ");
      n_unchanged += g_str_has_prefix (p, "unchanged ");
    }
  /* Some were indexed before the kill, and are not read again. */
  g_assert_cmpuint (n_unchanged, >=, 1);
  g_assert_cmpuint (n_added + n_unchanged, ==, n_files);
  g_assert_cmpuint (count_listed_games (db), ==, n_files);
}

/* Without --database: $XDG_DATA_HOME/exchequer/library.sqlite, its folder
 * made. */
static void
test_default_library (Tmp           *tmp,
                      gconstpointer  data)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *a = copy_game (tmp, "for-ex-20-4p.xqn", "a.xqn", 1000000000);
  g_autofree char *expected = g_strdup_printf ("added %s\n", a);
  g_autofree char *made = g_build_filename (tmp->dir, "data", "exchequer", "library.sqlite", NULL);
  g_autofree char *home = g_build_filename (tmp->dir, "data", NULL);

  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", home, TRUE);
  process = g_subprocess_launcher_spawn (launcher, &error, cli_path (), "library", "add", a, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  g_assert_cmpstr (out, ==, expected);
  g_assert_true (g_file_test (made, G_FILE_TEST_IS_REGULAR));
}

/* A game written in the test's folder, dated @when. */
static char *
write_game (Tmp        *tmp,
            const char *name,
            const char *text,
            guint64     when)
{
  char *path = tmp_file (tmp, name, text);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, when, G_FILE_QUERY_INFO_NONE, NULL,
                                              NULL));
  return path;
}

/* Alice cannot pay contract A (a loan), then B (added to it), then the
 * loan (bankrupt): two loans taken, by Alice. */
static const char loan_game[] =
  "game for-ex\n"
  "players Alice Bob\n"
  "removed USD JPY JPY CNY EUR GBP\n"
  "contract Alice USD 3 JPY\n"
  "resolve Bob CNY\n"
  "contract Alice GBP 3 EUR\n"
  "resolve Bob\n"
  "resolve Alice CNY\n"
  "resolve Bob\n"
  "resolve Alice\n";

/* The line of @out that starts with @start, without its line break. */
static char *
line_of (const char *out,
         const char *start)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], start))
      return g_strdup (lines[i]);
  g_error ("no line “%s…” in:\n%s", start, out);
}

/* Loans in the lines, a review run and stored and read back in the record,
 * the filters (a hostile name among them) and their refusals: the same
 * lines on SQLite and on PostgreSQL. */
static void
test_loans_review_filters (Tmp           *tmp,
                           gconstpointer  data)
{
  const char *robert = "Robert'); DROP TABLE games;--";
  g_autofree char *db = new_library (tmp);
  g_autofree char *loans = write_game (tmp, "loans.xqn", loan_game, 900000000);
  g_autofree char *a = copy_game (tmp, "for-ex-20-4p.xqn", "a.xqn", 1000000000);
  g_autofree char *ft = copy_game (tmp, "fair-trade/fair-trade-44-4p.xqn", "ft.xqn", 1234567890);
  g_autofree char *hostile = NULL;

  {
    g_autofree char *source = g_build_filename (TEST_DATA_DIR, "for-ex-42-4p.xqn", NULL);
    g_autofree char *text = NULL;
    g_auto(GStrv) parts = NULL;
    g_autofree char *renamed = NULL;

    g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
    parts = g_strsplit (text, "Agnes", -1);
    renamed = g_strjoinv ("\"Robert'); DROP TABLE games;--\"", parts);
    hostile = write_game (tmp, "hostile.xqn", renamed, 1100000000);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "library", "add", loans, a, hostile, ft, "--database", db);
    g_assert_cmpint (run.status, ==, 0);
  }
  {
    g_auto(Run) run = { 0 };
    /* A bankrupt player places last, whatever her total. */
    g_autofree char *out = g_strdup_printf ("game 1 for-ex 1998-07-09T16:00:00Z ended 7 %s\n"
                                            "result 1 Alice place 2 total 14 margin 6 bankrupt loans 2\n"
                                            "result 1 Bob place 1 total 8 margin -6 won loans 0\n",
                                            loans);

    /* Any name of the player, any case. */
    RUN (&run, "library", "list", "--player", "ALICE", "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, out);
  }
  {
    g_auto(Run) review = { 0 };
    g_auto(Run) stored = { 0 };
    g_auto(Run) player = { 0 };
    g_auto(Run) list = { 0 };
    g_autofree char *agnes = NULL;
    g_autofree char *first = g_strdup_printf ("reviewed depth 1 %s\n", a);

    /* What `review` says of each player is what is stored. */
    RUN (&review, "review", a);
    g_assert_cmpint (review.status, ==, 0);
    RUN (&stored, "library", "review", a, "--database", db);
    g_assert_cmpint (stored.status, ==, 0);
    g_assert_cmpstr (stored.err, ==, "");
    g_assert_true (g_str_has_prefix (stored.out, first));
    for (const char *const *name = (const char *const[]) { "Agnes", "Bob", "David", "Cynthia", NULL }; *name != NULL;
         name++)
      {
        g_autofree char *start = g_strdup_printf ("player %s turns ", *name);
        g_autofree char *said = line_of (review.out, start);
        g_autofree char *kept = g_strdup_printf ("review %s turns ", *name);
        g_autofree char *line = line_of (stored.out, kept);
        /* "player P turns N total-loss L largest-loss L" → "review P turns N total-loss L" */
        g_autofree char *expected = g_strconcat ("review", strchr (said, ' '), NULL);

        *strstr (expected, " largest-loss ") = '\0';
        g_assert_cmpstr (line, ==, expected);
      }
    RUN (&player, "library", "player", "Agnes", "--database", db);
    g_assert_cmpint (player.status, ==, 0);
    agnes = line_of (player.out, "record for-ex ");
    /* 179.5 bucks over 15 turns. */
    g_assert_cmpstr (agnes, ==, "record for-ex plays 1 wins 0 shared-wins 0 placing 2.000 margin -3.500 largest-win 0 "
                                "bankrupt 0 loans 0 reviewed 1 loss-per-turn 11.967");
    RUN (&list, "library", "list", "--since", "2001-09-09", "--until", "2001-09-09", "--database", db);
    g_assert_true (g_str_has_prefix (list.out, "game 2 for-ex 2001-09-09T01:46:40Z ended 70 "));
    g_assert_nonnull (strstr (list.out, "\nresult 2 Agnes place 2 total 29.5 margin -3.5 loans 0 review-turns 15 "
                                        "review-loss 179.5\n"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *line = NULL;

    /* Alice's two loans in her record; Fair Trade has none to count. */
    RUN (&run, "library", "player", "Alice", "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    line = line_of (run.out, "record for-ex ");
    g_assert_true (g_str_has_suffix (line, " bankrupt 1 loans 2 reviewed 0 loss-per-turn -"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *line = NULL;

    RUN (&run, "library", "player", "Cat", "--database", db);
    line = line_of (run.out, "record fair-trade ");
    g_assert_true (g_str_has_suffix (line, " loans - reviewed 0 loss-per-turn -"));
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *err = g_strdup_printf ("%s: error: there is no game review of Fair Trade games\n", ft);

    RUN (&run, "library", "review", ft, "--database", db);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.out, ==, "");
    g_assert_cmpstr (run.err, ==, err);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "library", "list", "--game", "fair-trade", "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "game 4 fair-trade 2009-02-13T23:31:30Z ended "));
    g_assert_null (strstr (run.out, "for-ex"));
    /* No loans in Fair Trade: none written. */
    g_assert_null (strstr (run.out, " loans "));
  }
  {
    g_auto(Run) run = { 0 };

    /* Both days whole. */
    RUN (&run, "library", "list", "--since", "2001-09-09", "--until", "2004-11-09", "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "game 2 for-ex 2001-09-09T01:46:40Z "));
    g_assert_nonnull (strstr (run.out, "\ngame 3 for-ex 2004-11-09T11:33:20Z "));
    g_assert_null (strstr (run.out, "\ngame 1 "));
    g_assert_null (strstr (run.out, "\ngame 4 "));
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *expected = g_strdup_printf ("\"%s\"", robert);

    /* The name is data: its game, and every table still there. */
    RUN (&run, "library", "list", "--player", robert, "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "game 3 for-ex "));
    g_assert_nonnull (strstr (run.out, expected));
    g_assert_cmpuint (count_listed_games (db), ==, 4);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "library", "list", "--player", "x'); DROP TABLE results;--", "--database", db);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_cmpstr (run.err, ==, "exchequer-cli: error: no player called “x'); DROP TABLE results;--” is in the library\n");
    g_assert_cmpuint (count_listed_games (db), ==, 4);
  }
  {
    g_auto(Run) run = { 0 };
    g_autofree char *csv = g_strdup_printf ("game_id,game,date,status,moves,file,seat,name,player,placing,total,margin,"
                                            "won,shared_win,bankrupt,loans,review_turns,review_loss\r\n"
                                            "1,for-ex,1998-07-09T16:00:00Z,ended,7,%s,1,Alice,Alice,2,14,6,0,0,1,2,,\r\n"
                                            "1,for-ex,1998-07-09T16:00:00Z,ended,7,%s,2,Bob,Bob,1,8,-6,1,0,0,0,,\r\n",
                                            loans, loans);

    RUN (&run, "library", "export", "--game", "for-ex", "--player", "Alice", "--until", "2000-01-01", "--database", db);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, csv);
  }
  {
    static const char *const refused[][6] = {
      { "--since", "2026-02-30", NULL },
      { "--until", "13/03/2026", NULL },
      { "--since", "2026-03-02", "--until", "2026-03-01", NULL },
      { "--game", "chess", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_auto(Run) run = { 0 };
        const char *args[10] = { "library", "list", "--database", db };
        guint n = 4;

        for (guint j = 0; refused[i][j] != NULL; j++)
          args[n++] = refused[i][j];
        run_cli (&run, args);
        g_assert_cmpint (run.status, ==, 2);
        g_assert_cmpstr (run.out, ==, "");
        g_assert_true (g_str_has_suffix (run.err, "Try “exchequer-cli --help”.\n"));
      }
  }
}

static void
test_usage (void)
{
  static const char *const cases[][5] = {
    { "library", NULL },
    { "library", "frob", NULL },
    { "library", "list", "extra", NULL },
    { "library", "list", "--bogus", NULL },
    { "library", "add", NULL },
    { "library", "merge", "Ann", NULL },
    { "library", "list", "--database", NULL },
    { "library", "export", "plays.txt", NULL },
    { "library", "review", NULL },
    { "library", "ratings", "--game", "for-ex", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, cases[i]);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_true (g_str_has_suffix (run.err, "Try “exchequer-cli --help”.\n"));
    }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "--help");
    g_assert_cmpint (run.status, ==, 0);
    for (const char *const *word = (const char *const[]) { "library add FILE…", "library scan DIR", "library list",
                                                           "library player NAME", "library ratings", "library export",
                                                           "library review FILE…", "--game ID", "--player NAME",
                                                           "--since DATE", "--until DATE",
                                                           "--database URI", NULL };
         *word != NULL; word++)
      g_assert_nonnull (strstr (run.out, *word));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/library-cli/add-and-read", Tmp, NULL, tmp_setup, test_add_and_read, tmp_teardown);
  g_test_add ("/library-cli/awkward-name", Tmp, NULL, tmp_setup, test_awkward_name, tmp_teardown);
  g_test_add ("/library-cli/scan", Tmp, NULL, tmp_setup, test_scan, tmp_teardown);
  /* A file's bytes, so only against SQLite: tests/test-library-postgresql.sh
   * checks a server's newer schema itself. */
  if (!on_postgresql ())
    g_test_add ("/library-cli/refused-database", Tmp, NULL, tmp_setup, test_refused_database, tmp_teardown);
  g_test_add ("/library-cli/two-writers", Tmp, NULL, tmp_setup, test_two_writers, tmp_teardown);
  g_test_add ("/library-cli/killed-scan", Tmp, NULL, tmp_setup, test_killed_scan, tmp_teardown);
  g_test_add ("/library-cli/default-library", Tmp, NULL, tmp_setup, test_default_library, tmp_teardown);
  g_test_add ("/library-cli/loans-review-filters", Tmp, NULL, tmp_setup, test_loans_review_filters, tmp_teardown);
  g_test_add_func ("/library-cli/usage", test_usage);
  return g_test_run ();
}
