/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The library's PostgreSQL backend: libpq directly, the same statements as SQLite's with $n parameters. */

#include "config.h"

#include <glib/gi18n.h>
#include <gmodule.h>
#include <libpq-fe.h>
#include <stdlib.h>
#include <string.h>

#include "xq-library.h"
#include "xq-library-backend.h"

/* libpq is opened when a PostgreSQL library is first opened, not linked:
 * linked, it and what it needs (Kerberos, LDAP, two TLS libraries: 21
 * more libraries) cost every start of the app and of the CLI 6-7 ms in
 * the dynamic loader, before any window (perf of bench-gui's launch), for
 * the few players whose library is on a server. */
#define PQ_FUNCTIONS(F) \
  F (PQclear) F (PQconnectdb) F (PQerrorMessage) F (PQexec) F (PQexecPrepared) F (PQfinish) F (PQgetisnull) \
  F (PQgetvalue) F (PQntuples) F (PQprepare) F (PQresultStatus) F (PQsetNoticeProcessor) F (PQstatus)

#define PQ_POINTER(name) __typeof__ (name) *name;
static struct
{
  PQ_FUNCTIONS (PQ_POINTER)
} pq;
#undef PQ_POINTER

/* Fills `pq` once; FALSE, with the reason, when libpq cannot be had. */
static gboolean
load_libpq (GError **error)
{
  static gsize loaded = 0;
  static char *failure = NULL;

  if (g_once_init_enter (&loaded))
    {
      /* Never closed: the functions are used until the program ends. */
      GModule *module = g_module_open (XQ_LIBPQ_SONAME, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);

      if (module == NULL)
        failure = g_strdup (g_module_error ());
      /* Then each function, up to the first one missing. */
#define PQ_SYMBOL(name) \
      else if (!g_module_symbol (module, #name, (gpointer *) &pq.name)) \
        failure = g_strdup (g_module_error ());
      PQ_FUNCTIONS (PQ_SYMBOL)
#undef PQ_SYMBOL
      g_once_init_leave (&loaded, 1);
    }
  if (failure == NULL)
    return TRUE;
  g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_BACKEND,
               _("the PostgreSQL library needs PostgreSQL’s client library, libpq, which could not be loaded: %s"),
               failure);
  return FALSE;
}

/* The same steps as the SQLite schema, in PostgreSQL's types. */
static const XqLibraryMigration pq_migrations[] = {
  { 1,
    "CREATE TABLE games ("
    "  id BIGSERIAL PRIMARY KEY,"
    "  content_hash TEXT NOT NULL UNIQUE,"
    "  game TEXT NOT NULL,"
    "  played_on TEXT NOT NULL,"
    "  n_moves BIGINT NOT NULL,"
    "  n_players BIGINT NOT NULL,"
    "  finished BIGINT NOT NULL,"
    "  indexed_at TEXT NOT NULL);"
    "CREATE TABLE files ("
    "  id BIGSERIAL PRIMARY KEY,"
    "  path TEXT NOT NULL UNIQUE,"
    "  game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
    "  mtime BIGINT NOT NULL,"
    "  size BIGINT NOT NULL);"
    "CREATE INDEX files_game ON files (game_id);"
    "CREATE TABLE players ("
    "  id BIGSERIAL PRIMARY KEY,"
    "  name TEXT NOT NULL);"
    "CREATE TABLE aliases ("
    "  key TEXT PRIMARY KEY,"
    "  player_id BIGINT NOT NULL REFERENCES players (id));"
    "CREATE INDEX aliases_player ON aliases (player_id);"
    "CREATE TABLE results ("
    "  game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
    "  seat BIGINT NOT NULL,"
    "  name TEXT NOT NULL,"
    "  name_key TEXT NOT NULL,"
    "  player_id BIGINT NOT NULL REFERENCES players (id),"
    "  place BIGINT NOT NULL,"
    "  total_half BIGINT NOT NULL,"
    "  margin_half BIGINT NOT NULL,"
    "  won BIGINT NOT NULL,"
    "  shared_win BIGINT NOT NULL,"
    "  bankrupt BIGINT NOT NULL,"
    "  loans BIGINT,"
    "  review_loss_half BIGINT,"
    "  PRIMARY KEY (game_id, seat));"
    "CREATE INDEX results_player ON results (player_id);"
    "CREATE INDEX results_key ON results (name_key);" },
  { 2,
    "CREATE TABLE ratings ("
    "  seq BIGSERIAL PRIMARY KEY,"
    "  game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
    "  player_id BIGINT NOT NULL REFERENCES players (id),"
    "  game TEXT NOT NULL,"
    "  mu DOUBLE PRECISION NOT NULL,"
    "  sigma DOUBLE PRECISION NOT NULL);"
    "CREATE INDEX ratings_player ON ratings (player_id, game, seq);" },
  { 3,
    /* The review's figures: review_loss_half is the loss summed over the
     * player's review_turns, so an average over games weighs every turn
     * alike. Loans were not counted before: every file is marked to be
     * read again (an mtime no file has), and the next add or scan fills
     * them in. The indexes serve the filters by game and by date. */
    "ALTER TABLE results ADD COLUMN review_turns BIGINT;"
    "ALTER TABLE games ADD COLUMN review_depth BIGINT;"
    "CREATE INDEX games_played ON games (played_on, content_hash);"
    "CREATE INDEX games_kind ON games (game, played_on);"
    "UPDATE files SET mtime = -1;" },
};

typedef struct
{
  PGconn     *conn;
  /* The statements this connection has prepared on the server, by their
   * SQL: each is parsed and planned once, not on every call (planning cost
   * more than running most of the player's page). */
  GHashTable *prepared;   /* SQL → name */
} PqDb;

typedef struct
{
  PqDb      *db;
  char      *sql;
  guint      n_params;
  char     **values;     /* n_params, NULL for SQL NULL */
  PGresult  *result;
  int        row;
  gboolean   executed;
} PqStmt;

static gboolean
fail_with (PqDb        *db,
           GError     **error)
{
  /* libpq's words: what the server said, without the connection string
   * (which may hold a password). */
  g_autofree char *message = g_strchomp (g_strdup (pq.PQerrorMessage (db->conn)));

  g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_BACKEND,
               _("the library’s database refused a request: %s"), message);
  return FALSE;
}

static gboolean
result_ok (PGresult *result)
{
  ExecStatusType status = pq.PQresultStatus (result);

  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

static void
ignore_notice (void       *data,
               const char *message)
{
  /* "relation already exists, skipping" and the like are not for users. */
}

static gint
read_version (PqDb     *db,
              GError  **error)
{
  /* A query of the catalog, not to_regclass (): that looks in the
   * session's cache, which may not yet know of a table another session has
   * just made, and the version is read again under the write lock exactly
   * to see that. */
  PGresult *result = pq.PQexec (db->conn, "SELECT count (*) > 0 FROM pg_catalog.pg_tables "
                                       "WHERE tablename = 'xq_meta' AND schemaname = current_schema ()");
  gint version = -1;

  if (!result_ok (result))
    {
      fail_with (db, error);
      pq.PQclear (result);
      return -1;
    }
  if (strcmp (pq.PQgetvalue (result, 0, 0), "t") != 0)
    {
      pq.PQclear (result);
      return 0;
    }
  pq.PQclear (result);
  result = pq.PQexec (db->conn, "SELECT max (schema_version) FROM xq_meta");
  if (!result_ok (result))
    fail_with (db, error);
  else
    version = pq.PQgetisnull (result, 0, 0) ? 0 : atoi (pq.PQgetvalue (result, 0, 0));
  pq.PQclear (result);
  return version;
}

static gpointer
pq_open (const char  *location,
         gint         max_version,
         GError     **error)
{
  PqDb *db;
  gint version;

  if (!load_libpq (error))
    return NULL;
  db = g_new0 (PqDb, 1);
  db->prepared = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  db->conn = pq.PQconnectdb (location);
  if (pq.PQstatus (db->conn) != CONNECTION_OK)
    {
      g_autofree char *message = g_strchomp (g_strdup (pq.PQerrorMessage (db->conn)));

      /* The server's own reason says which: down, or a name or password it
       * refused. */
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_BACKEND,
                   _("no connection to the PostgreSQL library: %s"), message);
      pq.PQfinish (db->conn);
      g_hash_table_unref (db->prepared);
      g_free (db);
      return NULL;
    }
  pq.PQsetNoticeProcessor (db->conn, ignore_notice, NULL);
  /* A library is small and lives in the server's cache: with the default
   * cost of a random read (4, a spinning disk's) the planner scans every
   * game rather than look up a player's hundred by key, several times
   * slower for a player's page. For this connection only. */
  pq.PQclear (pq.PQexec (db->conn, "SET random_page_cost = 1.1"));
  /* Read before anything is written: a newer schema is left as it is. */
  version = read_version (db, error);
  if (version < 0 || version > max_version)
    {
      if (version > max_version)
        g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NEWER,
                     _("the PostgreSQL library was written by a newer Exchequer (library version %d; this one reads "
                       "up to %d); it was left as it is"),
                     version, max_version);
      pq.PQfinish (db->conn);
      g_hash_table_unref (db->prepared);
      g_free (db);
      return NULL;
    }
  return db;
}

static void
pq_close (gpointer data)
{
  PqDb *db = data;

  pq.PQfinish (db->conn);
  g_hash_table_unref (db->prepared);
  g_free (db);
}

static gboolean
pq_exec (gpointer     data,
         const char  *sql,
         GError     **error)
{
  PqDb *db = data;
  PGresult *result = pq.PQexec (db->conn, sql);
  gboolean ok = result_ok (result);

  if (!ok)
    fail_with (db, error);
  pq.PQclear (result);
  return ok;
}

static gint
pq_get_version (gpointer     data,
                GError     **error)
{
  return read_version (data, error);
}

static gboolean
pq_set_version (gpointer     data,
                gint         version,
                GError     **error)
{
  /* The number is the program's own, never the user's. */
  g_autofree char *sql = g_strdup_printf ("CREATE TABLE IF NOT EXISTS xq_meta (schema_version INTEGER NOT NULL);"
                                          "DELETE FROM xq_meta; INSERT INTO xq_meta VALUES (%d)",
                                          version);

  return pq_exec (data, sql, error);
}

/* '?' → $1, $2 …, outside quoted text. */
static char *
number_parameters (const char *sql,
                   guint      *n_params)
{
  GString *out = g_string_new (NULL);
  gboolean quoted = FALSE;

  *n_params = 0;
  for (const char *p = sql; *p != '\0'; p++)
    {
      if (*p == '\'')
        quoted = !quoted;
      if (*p == '?' && !quoted)
        g_string_append_printf (out, "$%u", ++*n_params);
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static gpointer
pq_prepare (gpointer     data,
            const char  *sql,
            GError     **error)
{
  PqStmt *stmt = g_new0 (PqStmt, 1);

  stmt->db = data;
  stmt->sql = number_parameters (sql, &stmt->n_params);
  stmt->values = g_new0 (char *, stmt->n_params + 1);
  return stmt;
}

static void
set_value (PqStmt *stmt,
           int     index,
           char   *value)
{
  g_assert (index >= 1 && (guint) index <= stmt->n_params);
  g_free (stmt->values[index - 1]);
  stmt->values[index - 1] = value;
}

static void
pq_bind_int64 (gpointer data,
               int      index,
               gint64   value)
{
  set_value (data, index, g_strdup_printf ("%" G_GINT64_FORMAT, value));
}

static void
pq_bind_text (gpointer    data,
              int         index,
              const char *value)
{
  set_value (data, index, g_strdup (value));
}

static void
pq_bind_double (gpointer data,
                int      index,
                double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* The shortest text that reads back as the same double: the ratings are
   * the same bits on either backend. */
  set_value (data, index, g_strdup (g_ascii_dtostr (buffer, sizeof buffer, value)));
}

static void
pq_bind_null (gpointer data,
              int      index)
{
  set_value (data, index, NULL);
}

static XqLibraryStep
pq_step (gpointer     data,
         GError     **error)
{
  PqStmt *stmt = data;

  if (!stmt->executed)
    {
      const char *name = g_hash_table_lookup (stmt->db->prepared, stmt->sql);

      if (name == NULL)
        {
          /* The name is the library's own counter, never text from a file. */
          g_autofree char *made = g_strdup_printf ("xq_%u", g_hash_table_size (stmt->db->prepared) + 1);
          PGresult *prepared = pq.PQprepare (stmt->db->conn, made, stmt->sql, (int) stmt->n_params, NULL);
          gboolean ok = result_ok (prepared);

          pq.PQclear (prepared);
          stmt->executed = TRUE;
          if (!ok)
            {
              fail_with (stmt->db, error);
              return XQ_LIBRARY_STEP_ERROR;
            }
          name = made;
          g_hash_table_insert (stmt->db->prepared, g_strdup (stmt->sql), g_steal_pointer (&made));
        }
      stmt->result = pq.PQexecPrepared (stmt->db->conn, name, (int) stmt->n_params, (const char * const *) stmt->values,
                                     NULL, NULL, 0);
      stmt->executed = TRUE;
      stmt->row = -1;
      if (!result_ok (stmt->result))
        {
          fail_with (stmt->db, error);
          return XQ_LIBRARY_STEP_ERROR;
        }
    }
  if (!result_ok (stmt->result))
    return XQ_LIBRARY_STEP_ERROR;
  stmt->row++;
  return stmt->row < pq.PQntuples (stmt->result) ? XQ_LIBRARY_STEP_ROW : XQ_LIBRARY_STEP_DONE;
}

static gint64
pq_column_int64 (gpointer data,
                 int      column)
{
  PqStmt *stmt = data;

  return g_ascii_strtoll (pq.PQgetvalue (stmt->result, stmt->row, column), NULL, 10);
}

static const char *
pq_column_text (gpointer data,
                int      column)
{
  PqStmt *stmt = data;

  if (pq.PQgetisnull (stmt->result, stmt->row, column))
    return NULL;
  return pq.PQgetvalue (stmt->result, stmt->row, column);
}

static double
pq_column_double (gpointer data,
                  int      column)
{
  PqStmt *stmt = data;

  return g_ascii_strtod (pq.PQgetvalue (stmt->result, stmt->row, column), NULL);
}

static gboolean
pq_column_is_null (gpointer data,
                   int      column)
{
  PqStmt *stmt = data;

  return pq.PQgetisnull (stmt->result, stmt->row, column);
}

static void
pq_reset (gpointer data)
{
  PqStmt *stmt = data;

  g_clear_pointer (&stmt->result, pq.PQclear);
  stmt->executed = FALSE;
  for (guint i = 0; i < stmt->n_params; i++)
    g_clear_pointer (&stmt->values[i], g_free);
}

static void
pq_finalize (gpointer data)
{
  PqStmt *stmt = data;

  pq_reset (stmt);
  g_free (stmt->values);
  g_free (stmt->sql);
  g_free (stmt);
}

const XqLibraryBackend *
xq_library_pq_backend (void)
{
  static const XqLibraryBackend backend = {
    .name = "postgresql",
    .migrations = pq_migrations,
    .n_migrations = G_N_ELEMENTS (pq_migrations),
    /* Writers take turns, as SQLite's BEGIN IMMEDIATE makes them: one lock
     * for the library, held to the end of the transaction. */
    .begin_sql = "BEGIN; SELECT pg_advisory_xact_lock (2029)",
    .open = pq_open,
    .close = pq_close,
    .exec = pq_exec,
    .get_version = pq_get_version,
    .set_version = pq_set_version,
    .prepare = pq_prepare,
    .bind_int64 = pq_bind_int64,
    .bind_text = pq_bind_text,
    .bind_double = pq_bind_double,
    .bind_null = pq_bind_null,
    .step = pq_step,
    .column_int64 = pq_column_int64,
    .column_text = pq_column_text,
    .column_double = pq_column_double,
    .column_is_null = pq_column_is_null,
    .reset = pq_reset,
    .finalize = pq_finalize,
  };

  return &backend;
}
