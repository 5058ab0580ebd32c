/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The library's SQLite backend: libsqlite3 directly, WAL, PRAGMA user_version, bound parameters only. */

#include "config.h"

#include <glib/gi18n.h>
#include <sqlite3.h>

#include "xq-library.h"
#include "xq-library-backend.h"

/* Version 1: the games, their files, the players and their results.
 * Version 2: the rating history. Version 3: the review's figures, loans
 * counted. Kept as steps so that a library written by an older Exchequer is
 * migrated, and each migration is tested. */
static const XqLibraryMigration sqlite_migrations[] = {
  { 1,
    "CREATE TABLE games ("
    "  id INTEGER PRIMARY KEY,"
    "  content_hash TEXT NOT NULL UNIQUE,"
    "  game TEXT NOT NULL,"
    "  played_on TEXT NOT NULL,"
    "  n_moves INTEGER NOT NULL,"
    "  n_players INTEGER NOT NULL,"
    "  finished INTEGER NOT NULL,"
    "  indexed_at TEXT NOT NULL);"
    "CREATE TABLE files ("
    "  id INTEGER PRIMARY KEY,"
    "  path TEXT NOT NULL UNIQUE,"
    "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
    "  mtime INTEGER NOT NULL,"
    "  size INTEGER NOT NULL);"
    "CREATE INDEX files_game ON files (game_id);"
    "CREATE TABLE players ("
    "  id INTEGER PRIMARY KEY,"
    "  name TEXT NOT NULL);"
    "CREATE TABLE aliases ("
    "  key TEXT PRIMARY KEY,"
    "  player_id INTEGER NOT NULL REFERENCES players (id));"
    "CREATE INDEX aliases_player ON aliases (player_id);"
    "CREATE TABLE results ("
    "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
    "  seat INTEGER NOT NULL,"
    "  name TEXT NOT NULL,"
    "  name_key TEXT NOT NULL,"
    "  player_id INTEGER NOT NULL REFERENCES players (id),"
    "  place INTEGER NOT NULL,"
    "  total_half INTEGER NOT NULL,"
    "  margin_half INTEGER NOT NULL,"
    "  won INTEGER NOT NULL,"
    "  shared_win INTEGER NOT NULL,"
    "  bankrupt INTEGER NOT NULL,"
    "  loans INTEGER,"
    "  review_loss_half INTEGER,"
    "  PRIMARY KEY (game_id, seat));"
    "CREATE INDEX results_player ON results (player_id);"
    "CREATE INDEX results_key ON results (name_key);" },
  { 2,
    "CREATE TABLE ratings ("
    "  seq INTEGER PRIMARY KEY,"
    "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
    "  player_id INTEGER NOT NULL REFERENCES players (id),"
    "  game TEXT NOT NULL,"
    "  mu REAL NOT NULL,"
    "  sigma REAL NOT NULL);"
    "CREATE INDEX ratings_player ON ratings (player_id, game, seq);" },
  { 3,
    /* The review's figures: review_loss_half is the loss summed over the
     * player's review_turns, so an average over games weighs every turn
     * alike. Loans were not counted before: every file is marked to be
     * read again (an mtime no file has), and the next add or scan fills
     * them in. The indexes serve the filters by game and by date. */
    "ALTER TABLE results ADD COLUMN review_turns INTEGER;"
    "ALTER TABLE games ADD COLUMN review_depth INTEGER;"
    "CREATE INDEX games_played ON games (played_on, content_hash);"
    "CREATE INDEX games_kind ON games (game, played_on);"
    "UPDATE files SET mtime = -1;" },
};

/* How long a writer waits for another's lock before it gives up. */
#define BUSY_TIMEOUT_MS 30000

static gboolean
fail (sqlite3     *db,
      GError     **error)
{
  /* SQLite's own words: they name the statement's problem precisely, and
   * this is a failure a person reports rather than fixes. */
  g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_BACKEND,
               _("the library’s database refused a request: %s"), sqlite3_errmsg (db));
  return FALSE;
}

static gint
read_version (sqlite3     *db,
              GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  gint version = -1;

  if (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &stmt, NULL) != SQLITE_OK)
    {
      fail (db, error);
      return -1;
    }
  if (sqlite3_step (stmt) == SQLITE_ROW)
    version = sqlite3_column_int (stmt, 0);
  else
    fail (db, error);
  sqlite3_finalize (stmt);
  return version;
}

/* Why opening failed: sqlite3_open_v2 () may leave no handle to ask. */
static const char *
open_message (sqlite3 *db,
              int      rc)
{
  return db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc);
}

/* Opening @shown (its name to show) failed with @rc: says so and closes
 * what was opened. */
static void
refuse_open (sqlite3     *db,
             int          rc,
             const char  *shown,
             GError     **error)
{
  g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_BACKEND, _("%s cannot be opened as a library: %s"), shown,
               open_message (db, rc));
  sqlite3_close (db);
}

/* Looks at an existing file read-only: nothing is written to a database
 * that is not one, or whose schema this program does not know. */
static gboolean
check_existing (const char  *path,
                gint         max_version,
                GError     **error)
{
  g_autofree char *shown = g_filename_display_name (path);
  sqlite3 *db = NULL;
  gint version;
  int rc;

  rc = sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL);
  /* Another process may be creating or writing it: wait, as for a write. */
  if (rc == SQLITE_OK)
    sqlite3_busy_timeout (db, BUSY_TIMEOUT_MS);
  /* Reading the schema makes SQLite read the header: a file that is not a
   * database fails here. */
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
  if (rc != SQLITE_OK && rc != SQLITE_NOTADB && rc != SQLITE_CORRUPT)
    {
      refuse_open (db, rc, shown, error);
      return FALSE;
    }
  if (rc != SQLITE_OK)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_CORRUPT,
                   _("%s is not a library Exchequer can read (%s); it was left as it is"),
                   shown, open_message (db, rc));
      sqlite3_close (db);
      return FALSE;
    }
  version = read_version (db, NULL);
  sqlite3_close (db);
  if (version > max_version)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NEWER,
                   _("%s was written by a newer Exchequer (library version %d; this one reads up to %d); "
                     "it was left as it is"),
                   shown, version, max_version);
      return FALSE;
    }
  return TRUE;
}

/* Switching to WAL needs the database to itself, and SQLite does not wait
 * for that through the busy handler: a second process opening a new
 * library while the first creates it tries again for a while. */
static gboolean
use_wal (sqlite3 *db)
{
  for (guint tries = 0; tries < BUSY_TIMEOUT_MS / 10; tries++)
    {
      sqlite3_stmt *stmt = NULL;
      gboolean wal = FALSE;
      int rc = sqlite3_prepare_v2 (db, "PRAGMA journal_mode=WAL", -1, &stmt, NULL);

      if (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
        wal = g_ascii_strcasecmp ((const char *) sqlite3_column_text (stmt, 0), "wal") == 0;
      sqlite3_finalize (stmt);
      if (wal)
        return TRUE;
      if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED && rc != SQLITE_ROW)
        return FALSE;
      g_usleep (10 * 1000);
    }
  return FALSE;
}

static gpointer
sqlite_open (const char  *location,
             gint         max_version,
             GError     **error)
{
  g_autofree char *shown = g_filename_display_name (location);
  sqlite3 *db = NULL;
  int rc;

  if (g_file_test (location, G_FILE_TEST_EXISTS) && !check_existing (location, max_version, error))
    return NULL;
  rc = sqlite3_open_v2 (location, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      refuse_open (db, rc, shown, error);
      return NULL;
    }
  /* Two processes adding at once wait for each other instead of failing;
   * WAL lets readers go on while one writes. */
  sqlite3_busy_timeout (db, BUSY_TIMEOUT_MS);
  if (!use_wal (db) || sqlite3_exec (db, "PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL", NULL, NULL, NULL) != SQLITE_OK)
    {
      fail (db, error);
      sqlite3_close (db);
      return NULL;
    }
  return db;
}

static void
sqlite_close (gpointer db)
{
  sqlite3_close (db);
}

static gboolean
sqlite_exec (gpointer     db,
             const char  *sql,
             GError     **error)
{
  if (sqlite3_exec (db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return fail (db, error);
  return TRUE;
}

static gint
sqlite_get_version (gpointer     db,
                    GError     **error)
{
  return read_version (db, error);
}

static gboolean
sqlite_set_version (gpointer     db,
                    gint         version,
                    GError     **error)
{
  /* A PRAGMA takes no parameters; the number is the program's own. */
  g_autofree char *sql = g_strdup_printf ("PRAGMA user_version = %d", version);

  return sqlite_exec (db, sql, error);
}

static gpointer
sqlite_prepare (gpointer     db,
                const char  *sql,
                GError     **error)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      fail (db, error);
      return NULL;
    }
  return stmt;
}

static void
sqlite_bind_int64 (gpointer stmt,
                   int      index,
                   gint64   value)
{
  sqlite3_bind_int64 (stmt, index, value);
}

static void
sqlite_bind_text (gpointer    stmt,
                  int         index,
                  const char *value)
{
  sqlite3_bind_text (stmt, index, value, -1, SQLITE_TRANSIENT);
}

static void
sqlite_bind_double (gpointer stmt,
                    int      index,
                    double   value)
{
  sqlite3_bind_double (stmt, index, value);
}

static void
sqlite_bind_null (gpointer stmt,
                  int      index)
{
  sqlite3_bind_null (stmt, index);
}

static XqLibraryStep
sqlite_step (gpointer     stmt,
             GError     **error)
{
  int rc = sqlite3_step (stmt);

  if (rc == SQLITE_ROW)
    return XQ_LIBRARY_STEP_ROW;
  if (rc == SQLITE_DONE)
    return XQ_LIBRARY_STEP_DONE;
  fail (sqlite3_db_handle (stmt), error);
  return XQ_LIBRARY_STEP_ERROR;
}

static gint64
sqlite_column_int64 (gpointer stmt,
                     int      column)
{
  return sqlite3_column_int64 (stmt, column);
}

static const char *
sqlite_column_text (gpointer stmt,
                    int      column)
{
  return (const char *) sqlite3_column_text (stmt, column);
}

static double
sqlite_column_double (gpointer stmt,
                      int      column)
{
  return sqlite3_column_double (stmt, column);
}

static gboolean
sqlite_column_is_null (gpointer stmt,
                       int      column)
{
  return sqlite3_column_type (stmt, column) == SQLITE_NULL;
}

static void
sqlite_reset (gpointer stmt)
{
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
}

static void
sqlite_finalize (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

const XqLibraryBackend *
xq_library_sqlite_backend (void)
{
  static const XqLibraryBackend backend = {
    .name = "sqlite",
    .migrations = sqlite_migrations,
    .n_migrations = G_N_ELEMENTS (sqlite_migrations),
    .begin_sql = "BEGIN IMMEDIATE",
    .open = sqlite_open,
    .close = sqlite_close,
    .exec = sqlite_exec,
    .get_version = sqlite_get_version,
    .set_version = sqlite_set_version,
    .prepare = sqlite_prepare,
    .bind_int64 = sqlite_bind_int64,
    .bind_text = sqlite_bind_text,
    .bind_double = sqlite_bind_double,
    .bind_null = sqlite_bind_null,
    .step = sqlite_step,
    .column_int64 = sqlite_column_int64,
    .column_text = sqlite_column_text,
    .column_double = sqlite_column_double,
    .column_is_null = sqlite_column_is_null,
    .reset = sqlite_reset,
    .finalize = sqlite_finalize,
  };

  return &backend;
}
