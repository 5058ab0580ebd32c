/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library on SQLite: schema and migration, indexing, refusals, aliases, ratings, bound parameters. */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>
#include <string.h>

#include "test-dirs.h"
#include "xq-games.h"
#include "xq-library.h"
#include "xq-library-rating.h"
#include "xq-session-file.h"

/* A game of tests/data with its first player renamed (and quoted when the
 * new name needs it): the same moves under another name. */
static char *
game_text (const char *data_name,
           const char *first,
           const char *renamed)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, data_name, NULL);
  g_autofree char *text = NULL;
  g_autofree char *written = NULL;
  g_auto(GStrv) parts = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  if (renamed == NULL)
    return g_steal_pointer (&text);
  written = strpbrk (renamed, " \t#") != NULL ? g_strdup_printf ("\"%s\"", renamed) : g_strdup (renamed);
  parts = g_strsplit (text, first, -1);
  return g_strjoinv (written, parts);
}

static char *
put_game (Tmp        *tmp,
          const char *name,
          const char *data_name,
          const char *first,
          const char *renamed)
{
  g_autofree char *text = game_text (data_name, first, renamed);

  return tmp_file (tmp, name, text);
}

static char *
db_path (Tmp *tmp)
{
  return g_build_filename (tmp->dir, "library.sqlite", NULL);
}

static XqLibrary *
open_library (Tmp *tmp)
{
  g_autofree char *path = db_path (tmp);
  g_autoptr(GError) error = NULL;
  XqLibrary *library = xq_library_open (path, &error);

  g_assert_no_error (error);
  return library;
}

static XqLibraryOutcome
add (XqLibrary  *library,
     const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  XqLibraryOutcome outcome = 99;

  g_assert_true (xq_library_add_file (library, file, &outcome, NULL, &error));
  g_assert_no_error (error);
  return outcome;
}

static guint
count_rows (const char *db,
            const char *sql)
{
  sqlite3 *handle = NULL;
  sqlite3_stmt *stmt = NULL;
  guint n;

  g_assert_cmpint (sqlite3_open_v2 (db, &handle, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (handle, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = (guint) sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (handle);
  return n;
}

/* Weng & Lin (2011), Algorithm 4, worked by hand for two newcomers.
 * μ = 25, σ = 25/3, β = 25/6: σ² = 625/9, β² = 625/36.
 * c² = 2 (σ² + β²) = 2 · 3125/36 = 3125/18, c = 13.176156917…; σ²/c² = 0.4.
 * Ann wins (rank 1), Ben second (rank 2). exp(μ/c) is the same e for both.
 *   S_Ann = e + e (both rank ≥ 1), S_Ben = e; A = 1 for each.
 *   Ann: only q = Ann counts: p = e / 2e = ½.
 *        Ω = σ²/c · (1 − ½) = ½ · 0.4 · c = 0.2 c = 2.635231383…
 *        Δ = γ · σ²/c² · ½ · ½ with γ = σ/c = √0.4: Δ = 0.1 √0.4 = 0.063245553…
 *   Ben: q = Ann: p = e/2e = ½, Ω −= ½, Δ += ¼; q = Ben: p = e/e = 1, Ω += 0, Δ += 0.
 *        Ω = −0.2 c, Δ the same as Ann's.
 *   μ_Ann = 25 + 0.2 c = 27.635231383…, μ_Ben = 25 − 0.2 c = 22.364768616…
 *   σ' = √(625/9 · (1 − 0.1 √0.4)) = 8.065506316… for both.
 * A tie instead: A_q = 2 and S_q = 2e for both, so for Ann
 *   Ω ∝ (1 − ½)/2 − ½/2 = 0 (μ stays 25) and Δ = γ σ²/c² (¼/2 + ¼/2): the same shrink. */
static void
test_rating_hand_worked (void)
{
  const double c = sqrt (3125.0 / 18.0);
  const double sigma_after = sqrt (625.0 / 9.0 * (1 - 0.1 * sqrt (0.4)));
  XqRating r[2];
  guint win[2] = { 1, 2 }, tie[2] = { 1, 1 };

  g_assert_cmpfloat_with_epsilon (c, 13.176156917368248, 1e-12);
  xq_rating_init (&r[0]);
  xq_rating_init (&r[1]);
  xq_rating_update (r, win, 2);
  g_assert_cmpfloat_with_epsilon (r[0].mu, 25 + 0.2 * c, 1e-12);
  g_assert_cmpfloat_with_epsilon (r[0].mu, 27.635231383, 1e-9);
  g_assert_cmpfloat_with_epsilon (r[1].mu, 22.364768616, 1e-9);
  g_assert_cmpfloat_with_epsilon (r[0].sigma, 8.065506316, 1e-9);
  g_assert_cmpfloat_with_epsilon (r[0].sigma, sigma_after, 1e-12);
  g_assert_cmpfloat_with_epsilon (r[1].sigma, sigma_after, 1e-12);

  xq_rating_init (&r[0]);
  xq_rating_init (&r[1]);
  xq_rating_update (r, tie, 2);
  g_assert_cmpfloat_with_epsilon (r[0].mu, 25.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (r[1].mu, 25.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (r[0].sigma, sigma_after, 1e-12);
}

static void
test_schema_create (Tmp           *tmp,
                    gconstpointer  data)
{
  g_autofree char *path = db_path (tmp);
  g_autoptr(XqLibrary) library = open_library (tmp);

  g_assert_cmpint (xq_library_get_schema_version (library), ==, XQ_LIBRARY_SCHEMA_VERSION);
  g_assert_cmpuint (count_rows (path, "PRAGMA user_version"), ==, XQ_LIBRARY_SCHEMA_VERSION);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM sqlite_master WHERE type = 'table' AND name IN "
                                      "('games', 'files', 'players', 'aliases', 'results', 'ratings')"),
                    ==, 6);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM pragma_journal_mode WHERE journal_mode = 'wal'"), ==, 1);
}

/* A library written before the ratings existed is brought up to date, and
 * keeps its games. */
static void
test_schema_migrate (Tmp           *tmp,
                     gconstpointer  data)
{
  g_autofree char *path = db_path (tmp);
  g_autofree char *game = put_game (tmp, "a.xqn", "for-ex-20-4p.xqn", NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ratings = NULL;

  {
    g_autoptr(XqLibrary) old = _xq_library_open_at_version (path, 1, &error);

    g_assert_no_error (error);
    g_assert_cmpint (xq_library_get_schema_version (old), ==, 1);
    g_assert_cmpint (add (old, game), ==, XQ_LIBRARY_ADDED);
  }
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM sqlite_master WHERE name = 'ratings'"), ==, 0);
  {
    g_autoptr(XqLibrary) library = open_library (tmp);

    g_assert_cmpint (xq_library_get_schema_version (library), ==, XQ_LIBRARY_SCHEMA_VERSION);
    g_assert_cmpint (add (library, game), ==, XQ_LIBRARY_UNCHANGED);
    g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM games"), ==, 1);
    /* The migration replays the games it found into the new history. */
    ratings = xq_library_get_ratings (library, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (ratings->len, ==, 4);
  }
}

static GBytes *
read_bytes (const char *path)
{
  char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_bytes_new_take (contents, length);
}

/* Opening @path is refused with @code and a message naming the file, and
 * the file still holds @before. Returns: (transfer full): the error */
static GError *
assert_open_refused (const char *path,
                     gint        code,
                     GBytes     *before)
{
  GError *error = NULL;
  g_autoptr(XqLibrary) library = xq_library_open (path, &error);
  g_autoptr(GBytes) after = read_bytes (path);
  g_autofree char *name = g_path_get_basename (path);

  g_assert_null (library);
  g_assert_error (error, XQ_LIBRARY_ERROR, code);
  g_assert_nonnull (strstr (error->message, name));
  g_assert_true (g_bytes_equal (before, after));
  return error;
}

/* A newer schema and a file that is no database: refused with the file's
 * name, and not one byte of them written. */
static void
test_schema_refused (Tmp           *tmp,
                     gconstpointer  data)
{
  g_autofree char *newer = g_build_filename (tmp->dir, "newer.sqlite", NULL);
  g_autofree char *corrupt = tmp_file (tmp, "corrupt.sqlite", "SQLite format 3 is what this is not; junk junk junk "
                                                                 "junk junk junk junk junk junk junk junk junk junk junk");
  g_autoptr(GBytes) newer_before = NULL;
  g_autoptr(GBytes) corrupt_before = read_bytes (corrupt);
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (newer, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE games (id INTEGER); PRAGMA user_version = 99", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  sqlite3_close (db);
  newer_before = read_bytes (newer);

  {
    g_autoptr(GError) error = assert_open_refused (newer, XQ_LIBRARY_ERROR_NEWER, newer_before);

    g_assert_nonnull (strstr (error->message, "99"));
  }
  g_error_free (assert_open_refused (corrupt, XQ_LIBRARY_ERROR_CORRUPT, corrupt_before));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(XqLibrary) library = xq_library_open ("mysql://example.org/x", &error);

    g_assert_null (library);
    g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_URI);
  }
}

/* sqlite:///path names the same file as the path. */
static void
test_uri (Tmp           *tmp,
          gconstpointer  data)
{
  g_autofree char *path = db_path (tmp);
  g_autofree char *uri = g_strconcat ("sqlite://", path, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = xq_library_open (uri, &error);

  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
}

/* Opened only to look, a library whose file is not there is none, and no
 * file is made; once there, it opens as xq_library_open () opens it. */
static void
test_open_existing (Tmp           *tmp,
                    gconstpointer  data)
{
  g_autofree char *path = db_path (tmp);
  g_autofree char *uri = g_strconcat ("sqlite://", path, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) none = xq_library_open_existing (uri, &error);
  g_autoptr(XqLibrary) made = NULL;
  g_autoptr(XqLibrary) found = NULL;

  g_assert_no_error (error);
  g_assert_null (none);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  made = xq_library_open (uri, &error);
  g_assert_no_error (error);
  found = xq_library_open_existing (uri, &error);
  g_assert_no_error (error);
  g_assert_nonnull (found);
  g_assert_cmpint (xq_library_get_schema_version (found), ==, XQ_LIBRARY_SCHEMA_VERSION);
}

static guint
count_results (XqLibrary *library)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = xq_library_list_results (library, &error);

  g_assert_no_error (error);
  return results->len;
}

static void
test_add_readd_changed_vanished (Tmp           *tmp,
                                 gconstpointer  data)
{
  g_autofree char *path = db_path (tmp);
  g_autofree char *game = put_game (tmp, "a.xqn", "for-ex-20-4p.xqn", NULL, NULL);
  g_autofree char *other = game_text ("for-ex-42-4p.xqn", NULL, NULL);
  g_autoptr(XqLibrary) library = open_library (tmp);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  const XqLibraryResult *first;

  g_assert_cmpint (add (library, game), ==, XQ_LIBRARY_ADDED);
  g_assert_cmpuint (count_results (library), ==, 4);
  /* Nothing to do the second time: no row added, none rewritten. */
  g_assert_cmpint (add (library, game), ==, XQ_LIBRARY_UNCHANGED);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM games"), ==, 1);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM files"), ==, 1);

  /* Another game written over it: read again, the old one gone. */
  g_assert_true (g_file_set_contents (game, other, -1, NULL));
  g_assert_cmpint (add (library, game), ==, XQ_LIBRARY_UPDATED);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM games"), ==, 1);
  results = xq_library_list_results (library, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 4);
  first = g_ptr_array_index (results, 0);
  /* for-ex-42-4p.xqn.score: Bob bankrupt, David wins with 9. */
  g_assert_cmpstr (first->name, ==, "Bob");
  g_assert_true (first->bankrupt);
  g_assert_cmpuint (first->placing, ==, 4);
  g_assert_cmpuint (first->n_moves, ==, 34);

  /* The same bytes touched again: unchanged, though the time moved. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (game);

    g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, 1000000, G_FILE_QUERY_INFO_NONE,
                                                NULL, NULL));
  }
  g_assert_cmpint (add (library, game), ==, XQ_LIBRARY_UNCHANGED);

  /* Gone: forgotten, with its game. */
  g_assert_cmpint (g_unlink (game), ==, 0);
  g_assert_cmpint (add (library, game), ==, XQ_LIBRARY_VANISHED);
  g_assert_cmpuint (count_results (library), ==, 0);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM games"), ==, 0);
}

typedef struct
{
  GPtrArray *said;   /* "outcome basename" or "error basename: message" */
} Said;

static void
scan_said (GFile            *file,
           XqLibraryOutcome  outcome,
           const GError     *error,
           guint             error_line,
           gpointer          user_data)
{
  GPtrArray *said = user_data;
  g_autofree char *name = g_file_get_basename (file);

  if (error != NULL)
    g_ptr_array_add (said, g_strdup_printf ("error %s:%u: %s", name, error_line, error->message));
  else
    g_ptr_array_add (said, g_strdup_printf ("%s %s", xq_library_outcome_to_string (outcome), name));
}

/* A folder with broken and hostile files: each refused with its name, the
 * games around them indexed; a file taken away is noticed on the next scan. */
static void
test_scan_hostile (Tmp           *tmp,
                   gconstpointer  data)
{
  g_autofree char *folder_path = g_build_filename (tmp->dir, "games", NULL);
  g_autofree char *sample = g_build_filename (EXAMPLES_DIR, "for-ex-sample.exchequer", NULL);
  g_autofree char *sample_text = NULL;
  g_autofree char *xxe = NULL;
  g_autofree char *gone = NULL;
  g_autoptr(GFile) folder = g_file_new_for_path (folder_path);
  g_autoptr(XqLibrary) library = open_library (tmp);
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) parts = NULL;

  g_assert_cmpint (g_mkdir (folder_path, 0700), ==, 0);
  g_assert_true (g_file_get_contents (sample, &sample_text, NULL, NULL));
  parts = g_strsplit (sample_text, "?>\n", 2);
  xxe = g_strconcat (parts[0], "?>\n<!DOCTYPE session [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n", parts[1], NULL);
  g_free (put_game (tmp, "games/a.xqn", "for-ex-20-4p.xqn", NULL, NULL));
  g_free (tmp_file (tmp, "games/b-illegal.xqn", "game for-ex\nplayers Ann Ben\nremoved EUR USD USD CHF JPY CNY\n"
                                                "invest Ben CAD\n"));
  g_free (tmp_file (tmp, "games/c-hostile.exchequer", xxe));
  g_free (tmp_file (tmp, "games/d.exchequer", sample_text));
  g_free (tmp_file (tmp, "games/notes.txt", "not a game"));
  {
    g_autofree char *sub = g_build_filename (folder_path, "sub", NULL);

    g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  }
  g_free (put_game (tmp, "games/sub/e.xqn", "fair-trade/fair-trade-44-4p.xqn", NULL, NULL));

  g_assert_true (xq_library_scan (library, folder, NULL, scan_said, NULL, said, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (said->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (said, 0), ==, "added a.xqn");
  /* Ann opens, so Ben's move on line 4 is refused there. */
  g_assert_true (g_str_has_prefix (g_ptr_array_index (said, 1), "error b-illegal.xqn:4: "));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (said, 2), "error c-hostile.exchequer:"));
  g_assert_nonnull (strstr (g_ptr_array_index (said, 2), "document type"));
  g_assert_cmpstr (g_ptr_array_index (said, 3), ==, "added d.exchequer");
  g_assert_cmpstr (g_ptr_array_index (said, 4), ==, "added e.xqn");
  g_assert_cmpuint (count_results (library), ==, 12);

  /* Again: every good file unchanged; a vanished one noticed. */
  gone = g_build_filename (folder_path, "d.exchequer", NULL);
  g_assert_cmpint (g_unlink (gone), ==, 0);
  g_ptr_array_set_size (said, 0);
  g_assert_true (xq_library_scan (library, folder, NULL, scan_said, NULL, said, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (said->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (said, 0), ==, "unchanged a.xqn");
  g_assert_cmpstr (g_ptr_array_index (said, 3), ==, "unchanged e.xqn");
  g_assert_cmpstr (g_ptr_array_index (said, 4), ==, "vanished d.exchequer");
  g_assert_cmpuint (count_results (library), ==, 8);
}

/* A scan watched and stopped from its own callbacks, as the app's Cancel
 * does from another thread: each call's counts, and a stop after N files. */
typedef struct
{
  GCancellable *cancellable;
  guint         stop_after;
  GString      *progress;   /* "0/5 1/5 2/5" */
  GPtrArray    *said;
} Watched;

static void
watched_said (GFile            *file,
              XqLibraryOutcome  outcome,
              const GError     *error,
              guint             error_line,
              gpointer          user_data)
{
  Watched *watched = user_data;

  scan_said (file, outcome, error, error_line, watched->said);
}

static void
watched_progress (guint    n_done,
                  guint    n_found,
                  gpointer user_data)
{
  Watched *watched = user_data;

  g_string_append_printf (watched->progress, "%s%u/%u", watched->progress->len > 0 ? " " : "", n_done, n_found);
  if (n_done == watched->stop_after)
    g_cancellable_cancel (watched->cancellable);
}

/* Cancelled after two of five files: exactly those two are in the library,
 * whole; the scan says it was cancelled, and the next one does the rest. */
static void
test_scan_cancel (Tmp           *tmp,
                  gconstpointer  data)
{
  static const char *const games[] = { "for-ex-20-4p.xqn", "for-ex-42-4p.xqn", "fair-trade/fair-trade-44-4p.xqn",
                                       "for-ex-corrected.xqn", "for-ex-20-4p.xqn" };
  g_autofree char *folder_path = g_build_filename (tmp->dir, "games", NULL);
  g_autofree char *db = db_path (tmp);
  g_autoptr(GFile) folder = g_file_new_for_path (folder_path);
  g_autoptr(XqLibrary) library = open_library (tmp);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) progress = g_string_new (NULL);
  Watched watched = { cancellable, 2, progress, said };
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (folder_path, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *name = g_strdup_printf ("games/%c.xqn", 'a' + i);

      /* The last is the first under another name: a file of its own. */
      g_free (put_game (tmp, name, games[i], NULL, NULL));
    }

  g_assert_false (xq_library_scan (library, folder, cancellable, watched_said, watched_progress, &watched, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpstr (progress->str, ==, "0/5 1/5 2/5");
  g_assert_cmpuint (said->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (said, 0), ==, "added a.xqn");
  g_assert_cmpstr (g_ptr_array_index (said, 1), ==, "added b.xqn");
  g_assert_cmpuint (count_rows (db, "SELECT count (*) FROM files"), ==, 2);
  g_assert_cmpuint (count_rows (db, "SELECT count (*) FROM games"), ==, 2);
  g_assert_cmpuint (count_results (library), ==, 8);
  /* Their ratings were brought up to date before it stopped. */
  g_assert_cmpuint (count_rows (db, "SELECT count (DISTINCT game_id) FROM ratings"), ==,
                    count_rows (db, "SELECT count (*) FROM games WHERE finished = 1"));

  /* Cancelled before the first file: nothing is done at all. */
  g_clear_error (&error);
  g_ptr_array_set_size (said, 0);
  g_string_truncate (progress, 0);
  watched.stop_after = 0;
  g_assert_false (xq_library_scan (library, folder, cancellable, watched_said, watched_progress, &watched, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (said->len, ==, 0);
  g_assert_cmpuint (count_rows (db, "SELECT count (*) FROM files"), ==, 2);

  /* A scan left to finish does the rest. */
  g_clear_error (&error);
  g_ptr_array_set_size (said, 0);
  g_string_truncate (progress, 0);
  g_assert_true (xq_library_scan (library, folder, NULL, watched_said, watched_progress, &watched, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (progress->str, ==, "0/5 1/5 2/5 3/5 4/5 5/5");
  g_assert_cmpuint (said->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (said, 0), ==, "unchanged a.xqn");
  g_assert_cmpstr (g_ptr_array_index (said, 1), ==, "unchanged b.xqn");
  g_assert_cmpstr (g_ptr_array_index (said, 2), ==, "added c.xqn");
  g_assert_cmpstr (g_ptr_array_index (said, 4), ==, "added e.xqn");
  g_assert_cmpuint (count_rows (db, "SELECT count (*) FROM files"), ==, 5);
  g_assert_cmpuint (count_rows (db, "SELECT count (*) FROM games"), ==, 4);
}

static GPtrArray *
aliases_of (XqLibrary  *library,
            const char *name)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *names = xq_library_get_aliases (library, name, &error);

  g_assert_no_error (error);
  return names;
}

/* "Ann" and "ANN" are one name, as at the table; "Anne" is another until
 * merged, and split again. */
static void
test_aliases (Tmp           *tmp,
              gconstpointer  data)
{
  g_autofree char *a = put_game (tmp, "a.xqn", "for-ex-20-4p.xqn", "Agnes", "Ann");
  g_autofree char *b = put_game (tmp, "b.xqn", "for-ex-42-4p.xqn", "Agnes", "ANN");
  g_autofree char *c = put_game (tmp, "c.xqn", "fair-trade/fair-trade-44-4p.xqn", "Ann", "Anne");
  /* Full-width letters: the same name once NFKC has composed them. */
  g_autofree char *d = put_game (tmp, "d.xqn", "for-ex-corrected.xqn", "Ann", "\xEF\xBC\xA1\xEF\xBD\x8E\xEF\xBD\x8E");
  g_autoptr(XqLibrary) library = open_library (tmp);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *found = NULL;

  add (library, a);
  add (library, b);
  add (library, c);
  add (library, d);
  names = aliases_of (library, "ann");
  g_assert_cmpuint (names->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "ANN");
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, "Ann");
  g_assert_cmpstr (g_ptr_array_index (names, 2), ==, "\xEF\xBC\xA1\xEF\xBD\x8E\xEF\xBD\x8E");
  g_clear_pointer (&names, g_ptr_array_unref);
  names = aliases_of (library, "Anne");
  g_assert_cmpuint (names->len, ==, 1);
  g_clear_pointer (&names, g_ptr_array_unref);

  g_assert_true (xq_library_merge (library, "Anne", "Ann", &error));
  g_assert_no_error (error);
  names = aliases_of (library, "ANNE");
  g_assert_cmpuint (names->len, ==, 4);
  g_clear_pointer (&names, g_ptr_array_unref);
  found = xq_library_find_player (library, "Anne", &error);
  g_assert_cmpstr (found, ==, "Ann");
  g_clear_pointer (&found, g_free);
  {
    g_autoptr(GPtrArray) records = xq_library_get_records (library, "Ann", &error);

    /* One record per game played: For-Ex twice, Fair Trade once. */
    g_assert_no_error (error);
    g_assert_cmpuint (records->len, ==, 2);
  }

  /* Merging again, or two who sat at one table, is refused. */
  g_assert_false (xq_library_merge (library, "ANN", "Anne", &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED);
  g_clear_error (&error);
  g_assert_false (xq_library_merge (library, "Bob", "Ann", &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED);
  g_clear_error (&error);

  g_assert_true (xq_library_split (library, "Anne", &error));
  g_assert_no_error (error);
  names = aliases_of (library, "Anne");
  g_assert_cmpuint (names->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "Anne");
  g_clear_pointer (&names, g_ptr_array_unref);
  names = aliases_of (library, "Ann");
  g_assert_cmpuint (names->len, ==, 3);
  g_clear_pointer (&names, g_ptr_array_unref);
  g_assert_false (xq_library_split (library, "Anne", &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED);
  g_clear_error (&error);
  g_assert_null (xq_library_find_player (library, "Zoe", &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND);
}

/* The name is data, never SQL. */
static void
test_bound_parameters (Tmp           *tmp,
                       gconstpointer  data)
{
  const char *robert = "Robert'); DROP TABLE games;--";
  g_autofree char *path = db_path (tmp);
  g_autofree char *game = put_game (tmp, "a.xqn", "for-ex-20-4p.xqn", "Agnes", robert);
  g_autoptr(XqLibrary) library = open_library (tmp);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *found = NULL;

  g_assert_cmpint (add (library, game), ==, XQ_LIBRARY_ADDED);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM games"), ==, 1);
  found = xq_library_find_player (library, robert, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (found, ==, robert);
  names = aliases_of (library, robert);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, robert);
  g_assert_true (xq_library_split (library, robert, &error) == FALSE);
  g_clear_error (&error);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM sqlite_master WHERE name = 'games'"), ==, 1);
}

/* Runs @sql on the SQLite file @db, as an older Exchequer would have. */
static void
exec_sql (const char *db,
          const char *sql)
{
  sqlite3 *handle = NULL;

  g_assert_cmpint (sqlite3_open_v2 (db, &handle, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (handle, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (handle);
}

/* A file's modification time, set: XQN keeps no date, so this is the
 * game's date in the library. */
static void
set_mtime (const char *path,
           guint64     when)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, when, G_FILE_QUERY_INFO_NONE, NULL,
                                              NULL));
}

/* Version 2 to 3: the review's columns appear, and a game indexed before
 * loans were counted gets them when its file is read again, its content
 * unchanged. */
static void
test_schema_migrate_v3 (Tmp           *tmp,
                        gconstpointer  data)
{
  g_autofree char *path = db_path (tmp);
  g_autofree char *game = put_game (tmp, "a.xqn", "for-ex-20-4p.xqn", NULL, NULL);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(XqLibrary) old = _xq_library_open_at_version (path, 2, &error);

    g_assert_no_error (error);
    g_assert_cmpint (add (old, game), ==, XQ_LIBRARY_ADDED);
  }
  /* What a version-2 Exchequer wrote: no loans. */
  exec_sql (path, "UPDATE results SET loans = NULL");
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM pragma_table_info ('results') WHERE name = 'review_turns'"), ==,
                    0);
  {
    g_autoptr(XqLibrary) library = open_library (tmp);
    g_autoptr(GPtrArray) records = NULL;

    g_assert_cmpint (xq_library_get_schema_version (library), ==, 3);
    g_assert_cmpuint (count_rows (path, "PRAGMA user_version"), ==, 3);
    g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM pragma_table_info ('results') WHERE name = 'review_turns'"),
                      ==, 1);
    g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM pragma_table_info ('games') WHERE name = 'review_depth'"),
                      ==, 1);
    g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM results WHERE loans IS NULL"), ==, 4);
    /* Its mtime and size are the same, yet the migration had it read again. */
    g_assert_cmpint (add (library, game), ==, XQ_LIBRARY_UNCHANGED);
    g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM results WHERE loans IS NULL"), ==, 0);
    g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM games"), ==, 1);
    records = xq_library_get_records (library, "Agnes", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (records->len, ==, 1);
    g_assert_cmpuint (((XqLibraryRecord *) g_ptr_array_index (records, 0))->loans_counted, ==, 1);
  }
}

/* Alice cannot pay her contract A when it comes up: it becomes a loan.
 * Then neither can she pay B, which is added to that loan; then the loan
 * comes up and she cannot pay it: bankrupt, and the game is over. Two
 * loans taken, by Alice; none by Bob. */
static const char loan_game[] =
  "game for-ex\n"
  "players Alice Bob\n"
  "removed USD JPY JPY CNY EUR GBP\n"
  "contract Alice USD 3 JPY\n"   /* A: she has 2 USD */
  "resolve Bob CNY\n"            /* dividends */
  "contract Alice GBP 3 EUR\n"   /* B: she has 2 GBP */
  "resolve Bob\n"                /* A unpaid: a loan */
  "resolve Alice CNY\n"          /* dividends */
  "resolve Bob\n"                /* B unpaid: added to the loan */
  "resolve Alice\n";             /* the loan: bankrupt */

static const XqLibraryResult *
result_of (GPtrArray  *results,
           const char *name)
{
  for (guint i = 0; i < results->len; i++)
    {
      const XqLibraryResult *r = g_ptr_array_index (results, i);

      if (g_strcmp0 (r->name, name) == 0)
        return r;
    }
  g_assert_not_reached ();
}

/* Loans are counted by the game (For-Ex's statistics), stored per player,
 * and summed in the record; a game without loans stores none, not 0. */
static void
test_loans (Tmp           *tmp,
            gconstpointer  data)
{
  g_autofree char *loans = tmp_file (tmp, "loans.xqn", loan_game);
  g_autofree char *other = put_game (tmp, "b.xqn", "for-ex-42-4p.xqn", "Agnes", "Alice");
  g_autofree char *ft = put_game (tmp, "ft.xqn", "fair-trade/fair-trade-44-4p.xqn", NULL, NULL);
  g_autoptr(XqLibrary) library = open_library (tmp);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GPtrArray) records = NULL;
  const XqLibraryFilter loan_only = { .player = "Bob", .game = "for-ex", .until = "2000-01-01" };
  const XqLibraryRecord *record;
  const XqLibraryResult *alice;
  guint alice_loans = 0;

  set_mtime (loans, 900000000);
  set_mtime (other, 1000000000);
  g_assert_cmpint (add (library, loans), ==, XQ_LIBRARY_ADDED);
  g_assert_cmpint (add (library, other), ==, XQ_LIBRARY_ADDED);
  g_assert_cmpint (add (library, ft), ==, XQ_LIBRARY_ADDED);

  results = xq_library_filter_results (library, &loan_only, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 2);
  alice = result_of (results, "Alice");
  g_assert_cmpint (alice->loans, ==, 2);
  g_assert_true (alice->bankrupt);
  g_assert_true (alice->finished);
  g_assert_cmpint (result_of (results, "Bob")->loans, ==, 0);
  g_clear_pointer (&results, g_ptr_array_unref);

  results = xq_library_list_results (library, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < results->len; i++)
    {
      const XqLibraryResult *r = g_ptr_array_index (results, i);

      /* Fair Trade has no loans: not counted, rather than none. */
      if (g_str_equal (r->game, "fair-trade"))
        g_assert_cmpint (r->loans, ==, -1);
      else
        g_assert_cmpint (r->loans, >=, 0);
      if (g_str_equal (r->name, "Alice"))
        alice_loans += (guint) r->loans;
      g_assert_false (r->reviewed);
    }

  /* Alice's record: her two loans, and those of the other game she played. */
  records = xq_library_get_records (library, "Alice", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 1);
  record = g_ptr_array_index (records, 0);
  g_assert_cmpuint (record->plays, ==, 2);
  g_assert_cmpuint (record->loans_counted, ==, 2);
  g_assert_cmpuint (record->loans, ==, alice_loans);
  g_assert_cmpuint (record->reviewed, ==, 0);
  g_clear_pointer (&records, g_ptr_array_unref);

  records = xq_library_get_records (library, "Cat", &error);
  g_assert_no_error (error);
  record = g_ptr_array_index (records, 0);
  g_assert_cmpstr (record->game, ==, "fair-trade");
  g_assert_cmpuint (record->loans_counted, ==, 0);
  g_assert_cmpuint (record->loans, ==, 0);
}

/* The player's records, of which there is one. */
static GPtrArray *
one_record (XqLibrary  *library,
            const char *name)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *records = xq_library_get_records (library, name, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (records->len, ==, 1);
  return records;
}

/* A review stored by file and by content hash, read back in the results and
 * the record; what cannot be stored is refused and changes nothing. */
static void
test_review (Tmp           *tmp,
             gconstpointer  data)
{
  g_autofree char *path = db_path (tmp);
  g_autofree char *game = put_game (tmp, "a.xqn", "for-ex-20-4p.xqn", NULL, NULL);
  g_autofree char *other = put_game (tmp, "b.xqn", "for-ex-42-4p.xqn", NULL, NULL);
  g_autofree char *outside = put_game (tmp, "c.xqn", "for-ex-42-4p.xqn", "Agnes", "Zoe");
  g_autoptr(GFile) file = g_file_new_for_path (game);
  g_autoptr(GFile) outside_file = g_file_new_for_path (outside);
  g_autoptr(XqLibrary) library = open_library (tmp);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autofree char *fingerprint = NULL;
  g_autoptr(GPtrArray) results = NULL;
  /* Seats: Agnes, Bob, David, Cynthia. */
  const XqLibraryReviewSeat seats[4] = { { 10, 7 }, { 12, 0 }, { 9, 30 }, { 11, 5 } };
  const XqLibraryReviewSeat again[4] = { { 20, 3 }, { 12, 0 }, { 9, 30 }, { 11, 5 } };
  const XqLibraryReviewSeat negative[4] = { { 20, 3 }, { 12, -1 }, { 9, 30 }, { 11, 5 } };
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) replaced = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  const XqLibraryRecord *record;

  g_assert_cmpint (add (library, game), ==, XQ_LIBRARY_ADDED);
  g_assert_cmpint (add (library, other), ==, XQ_LIBRARY_ADDED);

  g_assert_true (xq_library_set_review (library, file, NULL, 1, seats, 4, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_rows (path, "SELECT review_depth FROM games WHERE id = 1"), ==, 1);
  results = xq_library_list_results (library, &error);
  g_assert_no_error (error);
  g_assert_true (result_of (results, "Agnes")->reviewed);
  g_assert_cmpuint (((XqLibraryResult *) g_ptr_array_index (results, 0))->review_turns, ==, 10);
  g_assert_cmpint (((XqLibraryResult *) g_ptr_array_index (results, 0))->review_loss_half, ==, 7);
  g_assert_cmpint (((XqLibraryResult *) g_ptr_array_index (results, 2))->review_loss_half, ==, 30);
  /* The other game was not reviewed. */
  g_assert_false (((XqLibraryResult *) g_ptr_array_index (results, 4))->reviewed);
  first = one_record (library, "Agnes");
  record = g_ptr_array_index (first, 0);
  g_assert_cmpuint (record->plays, ==, 2);
  g_assert_cmpuint (record->reviewed, ==, 1);
  g_assert_cmpuint (record->review_turns, ==, 10);
  g_assert_cmpint (record->review_loss_half, ==, 7);

  /* By the content hash, in the loader's fingerprint or bare: replaces. */
  session = xq_session_load (file, &fingerprint, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strchr (fingerprint, ':'));
  g_assert_true (xq_library_set_review (library, NULL, fingerprint, 2, again, 4, &error));
  g_assert_no_error (error);
  g_assert_true (xq_library_set_review (library, NULL, strchr (fingerprint, ':') + 1, 2, again, 4, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_rows (path, "SELECT review_depth FROM games WHERE id = 1"), ==, 2);
  replaced = one_record (library, "Agnes");
  record = g_ptr_array_index (replaced, 0);
  g_assert_cmpuint (record->reviewed, ==, 1);
  g_assert_cmpuint (record->review_turns, ==, 20);
  g_assert_cmpint (record->review_loss_half, ==, 3);

  /* Refused, and nothing changed. */
  g_assert_false (xq_library_set_review (library, file, NULL, 1, seats, 3, &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "3 players, and the game has 4"));
  g_clear_error (&error);
  g_assert_false (xq_library_set_review (library, file, NULL, 1, negative, 4, &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (xq_library_set_review (library, NULL, "12:0123", 1, seats, 4, &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (xq_library_set_review (library, outside_file, NULL, 1, seats, 4, &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "c.xqn is not in the library"));
  g_clear_error (&error);
  kept = one_record (library, "Agnes");
  record = g_ptr_array_index (kept, 0);
  g_assert_cmpuint (record->review_turns, ==, 20);
  g_assert_cmpint (record->review_loss_half, ==, 3);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM results WHERE review_turns IS NOT NULL"), ==, 4);

  /* The file changed since the library read it: another game, refused. */
  {
    g_autofree char *text = game_text ("for-ex-20-4p.xqn", NULL, NULL);
    g_autofree char *changed = g_strconcat ("# changed\n", text, NULL);

    g_assert_true (g_file_set_contents (game, changed, -1, NULL));
  }
  g_assert_false (xq_library_set_review (library, file, NULL, 1, seats, 4, &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "a.xqn changed since the library read it"));
}

/* Filters by game, by player under any of their names, and by dates (the
 * last day whole); what is no date is refused with a sentence. */
static void
test_filters (Tmp           *tmp,
              gconstpointer  data)
{
  g_autofree char *a = put_game (tmp, "a.xqn", "for-ex-20-4p.xqn", "Agnes", "Ann");
  g_autofree char *b = put_game (tmp, "b.xqn", "for-ex-42-4p.xqn", "Cynthia", "Cindy");
  g_autofree char *ft = put_game (tmp, "ft.xqn", "fair-trade/fair-trade-44-4p.xqn", NULL, NULL);
  g_autoptr(XqLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) merged = NULL;
  struct
  {
    XqLibraryFilter filter;
    const char     *games;   /* the first result's file of each game listed */
  } cases[] = {
    { { NULL }, "a b ft" },
    { { .game = "fair-trade" }, "ft" },
    { { .game = "for-ex" }, "a b" },
    { { .game = "no-such-game" }, "" },
    { { .player = "ANN" }, "a ft" },
    { { .player = "agnes" }, "b" },
    { { .player = "Ann", .game = "fair-trade" }, "ft" },
    { { .player = "Bob", .game = "for-ex" }, "a b" },
    { { .since = "2004-11-09" }, "b ft" },
    { { .since = "2004-11-10" }, "ft" },
    { { .until = "2004-11-09" }, "a b" },
    { { .until = "2004-11-08" }, "a" },
    { { .since = "2004-11-09", .until = "2004-11-09" }, "b" },
    { { .since = "2001-09-09", .until = "2010-01-01", .player = "David" }, "a b" },
  };

  /* XQN keeps no date: the files' times are the games' dates
   * (2001-09-09T01:46:40Z, 2004-11-09T11:33:20Z, 2009-02-13T23:31:30Z). */
  set_mtime (a, 1000000000);
  set_mtime (b, 1100000000);
  set_mtime (ft, 1234567890);
  library = open_library (tmp);
  g_assert_cmpint (add (library, a), ==, XQ_LIBRARY_ADDED);
  g_assert_cmpint (add (library, b), ==, XQ_LIBRARY_ADDED);
  g_assert_cmpint (add (library, ft), ==, XQ_LIBRARY_ADDED);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GPtrArray) results = xq_library_filter_results (library, &cases[c].filter, &error);
      g_autoptr(GString) games = g_string_new (NULL);
      gint64 last = -1;
      guint n_games = 0;

      g_assert_no_error (error);
      for (guint i = 0; i < results->len; i++)
        {
          const XqLibraryResult *r = g_ptr_array_index (results, i);
          g_autofree char *name = g_path_get_basename (r->path);

          if (r->game_id == last)
            continue;
          last = r->game_id;
          n_games++;
          if (games->len > 0)
            g_string_append_c (games, ' ');
          g_string_append_len (games, name, strlen (name) - strlen (".xqn"));
        }
      g_test_message ("case %u", c);
      g_assert_cmpstr (games->str, ==, cases[c].games);
      /* Every seat of a game listed is listed: all three have four. */
      g_assert_cmpuint (results->len, ==, 4 * n_games);
    }

  {
    const XqLibraryFilter bad[] = {
      { .since = "2004-13-01" }, { .until = "yesterday" }, { .since = "2004-02-30" }, { .until = "2004-1-01" },
      { .since = "2005-01-01", .until = "2004-01-01" },
    };

    for (guint c = 0; c < G_N_ELEMENTS (bad); c++)
      {
        g_autoptr(GPtrArray) results = xq_library_filter_results (library, &bad[c], &error);

        g_assert_null (results);
        g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_INVALID);
        g_assert_false (xq_library_filter_check (&bad[c], NULL));
        g_clear_error (&error);
      }
    g_assert_null (xq_library_filter_results (library, &(XqLibraryFilter) { .since = "13/03/2026" }, &error));
    g_assert_cmpstr (error->message, ==, "“13/03/2026” is not a date; write it as year-month-day, such as 2026-03-14");
    g_clear_error (&error);
  }
  /* Once "Cindy" is "Cynthia", either name finds the games of both. */
  merged = xq_library_filter_results (library, &(XqLibraryFilter) { .player = "cindy" }, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (merged->len, ==, 4);
  g_clear_pointer (&merged, g_ptr_array_unref);
  g_assert_true (xq_library_merge (library, "Cindy", "Cynthia", &error));
  g_assert_no_error (error);
  merged = xq_library_filter_results (library, &(XqLibraryFilter) { .player = "cindy" }, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (merged->len, ==, 8);

  g_assert_null (xq_library_filter_results (library, &(XqLibraryFilter) { .player = "Zed" }, &error));
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND);
}

/* A name in a filter is data, never SQL: the player of that name is
 * found, and a name no one has is no one, the tables intact. */
static void
test_filter_hostile (Tmp           *tmp,
                     gconstpointer  data)
{
  const char *robert = "Robert'); DROP TABLE games;--";
  g_autofree char *path = db_path (tmp);
  g_autofree char *a = put_game (tmp, "a.xqn", "for-ex-20-4p.xqn", "Agnes", robert);
  g_autofree char *b = put_game (tmp, "b.xqn", "for-ex-42-4p.xqn", NULL, NULL);
  g_autoptr(XqLibrary) library = open_library (tmp);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;

  g_assert_cmpint (add (library, a), ==, XQ_LIBRARY_ADDED);
  g_assert_cmpint (add (library, b), ==, XQ_LIBRARY_ADDED);
  results = xq_library_filter_results (library, &(XqLibraryFilter) { .player = robert }, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 4);
  g_assert_cmpstr (result_of (results, robert)->player, ==, robert);
  g_clear_pointer (&results, g_ptr_array_unref);

  results = xq_library_filter_results (library, &(XqLibraryFilter) { .game = "for-ex' OR '1' = '1" }, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 0);
  g_clear_pointer (&results, g_ptr_array_unref);
  results = xq_library_filter_results (library, &(XqLibraryFilter) { .since = "2001-01-01' OR '1' = '1" }, &error);
  g_assert_null (results);
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_INVALID);
  g_clear_error (&error);
  results = xq_library_filter_results (library, &(XqLibraryFilter) { .player = "x'); DROP TABLE results;--" }, &error);
  g_assert_null (results);
  g_assert_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM sqlite_master WHERE name IN ('games', 'results')"), ==, 2);
  g_assert_cmpuint (count_rows (path, "SELECT count (*) FROM results"), ==, 8);
}

/* The ratings are the replay of the finished games in date order through
 * the Weng–Lin update, whatever order the files were added in. */
static void
test_ratings_replay (Tmp           *tmp,
                     gconstpointer  data)
{
  g_autofree char *a = put_game (tmp, "a.xqn", "for-ex-20-4p.xqn", NULL, NULL);
  g_autofree char *b = put_game (tmp, "b.xqn", "for-ex-42-4p.xqn", NULL, NULL);
  g_autoptr(XqLibrary) library = open_library (tmp);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GPtrArray) ratings = NULL;
  g_autoptr(GHashTable) expected = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  gint64 game_id = -1;

  {
    g_autoptr(GFile) file = g_file_new_for_path (a);

    /* b is the older game: the replay puts it first. */
    g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, 2000000000,
                                                G_FILE_QUERY_INFO_NONE, NULL, NULL));
  }
  add (library, a);
  add (library, b);
  results = xq_library_list_results (library, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (((XqLibraryResult *) g_ptr_array_index (results, 0))->path, ==, b);
  for (guint i = 0; i < results->len;)
    {
      XqRating now[8];
      XqRating *slot[8];
      guint ranks[8], n = 0;

      game_id = ((XqLibraryResult *) g_ptr_array_index (results, i))->game_id;
      for (; i < results->len && ((XqLibraryResult *) g_ptr_array_index (results, i))->game_id == game_id; i++, n++)
        {
          const XqLibraryResult *r = g_ptr_array_index (results, i);

          slot[n] = g_hash_table_lookup (expected, r->player);
          if (slot[n] == NULL)
            {
              slot[n] = g_new (XqRating, 1);
              xq_rating_init (slot[n]);
              g_hash_table_insert (expected, r->player, slot[n]);
            }
          now[n] = *slot[n];
          ranks[n] = r->placing;
        }
      xq_rating_update (now, ranks, n);
      for (guint k = 0; k < n; k++)
        *slot[k] = now[k];
    }
  ratings = xq_library_get_ratings (library, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ratings->len, ==, 4);
  for (guint i = 0; i < ratings->len; i++)
    {
      const XqLibraryRating *r = g_ptr_array_index (ratings, i);
      const XqRating *want = g_hash_table_lookup (expected, r->player);

      g_assert_nonnull (want);
      /* The same operations in the same order: the same bits. */
      g_assert_true (r->mu == want->mu);
      g_assert_true (r->sigma == want->sigma);
      g_assert_cmpuint (r->plays, ==, 2);
      if (i > 0)
        {
          const XqLibraryRating *before = g_ptr_array_index (ratings, i - 1);

          g_assert_cmpfloat (before->mu - 3 * before->sigma, >=, r->mu - 3 * r->sigma);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/library/rating/hand-worked", test_rating_hand_worked);
  g_test_add ("/library/schema/create", Tmp, NULL, tmp_setup, test_schema_create, tmp_teardown);
  g_test_add ("/library/schema/migrate", Tmp, NULL, tmp_setup, test_schema_migrate, tmp_teardown);
  g_test_add ("/library/schema/migrate-v3", Tmp, NULL, tmp_setup, test_schema_migrate_v3, tmp_teardown);
  g_test_add ("/library/schema/refused", Tmp, NULL, tmp_setup, test_schema_refused, tmp_teardown);
  g_test_add ("/library/uri", Tmp, NULL, tmp_setup, test_uri, tmp_teardown);
  g_test_add ("/library/open-existing", Tmp, NULL, tmp_setup, test_open_existing, tmp_teardown);
  g_test_add ("/library/add/readd-changed-vanished", Tmp, NULL, tmp_setup, test_add_readd_changed_vanished,
              tmp_teardown);
  g_test_add ("/library/scan/hostile", Tmp, NULL, tmp_setup, test_scan_hostile, tmp_teardown);
  g_test_add ("/library/scan/cancel", Tmp, NULL, tmp_setup, test_scan_cancel, tmp_teardown);
  g_test_add ("/library/aliases", Tmp, NULL, tmp_setup, test_aliases, tmp_teardown);
  g_test_add ("/library/bound-parameters", Tmp, NULL, tmp_setup, test_bound_parameters, tmp_teardown);
  g_test_add ("/library/loans", Tmp, NULL, tmp_setup, test_loans, tmp_teardown);
  g_test_add ("/library/review", Tmp, NULL, tmp_setup, test_review, tmp_teardown);
  g_test_add ("/library/filters", Tmp, NULL, tmp_setup, test_filters, tmp_teardown);
  g_test_add ("/library/filters/hostile", Tmp, NULL, tmp_setup, test_filter_hostile, tmp_teardown);
  g_test_add ("/library/ratings/replay", Tmp, NULL, tmp_setup, test_ratings_replay, tmp_teardown);
  return g_test_run ();
}
