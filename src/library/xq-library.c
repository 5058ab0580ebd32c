/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library: opening a database by URI, its migrations and statements, the ratings replay; the star of -add, -query and -players. */

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <stdarg.h>
#include <string.h>

#include "xq-library.h"
#include "xq-library-backend.h"
#include "xq-library-private.h"
#include "xq-library-rating.h"
#include "xq-notation.h"
#include "xq-quote.h"

G_DEFINE_FINAL_TYPE (XqLibrary, xq_library, G_TYPE_OBJECT)

G_DEFINE_QUARK (xq-library-error-quark, xq_library_error)

/* ---- Statements: prepared, every value bound ---- */

/* A prepared statement with its values bound from @types: 'i' a gint64,
 * 'n' a gint64 that binds NULL when below 0, 's' a string (NULL binds
 * NULL), 'd' a double. */
static gpointer
prepare_v (XqLibrary   *self,
           GError     **error,
           const char  *sql,
           const char  *types,
           va_list      args)
{
  gpointer stmt = self->backend->prepare (self->db, sql, error);

  if (stmt == NULL)
    return NULL;
  for (int i = 0; types != NULL && types[i] != '\0'; i++)
    switch (types[i])
      {
      case 'i':
        self->backend->bind_int64 (stmt, i + 1, va_arg (args, gint64));
        break;
      case 'n':
        {
          gint64 value = va_arg (args, gint64);

          if (value >= 0)
            self->backend->bind_int64 (stmt, i + 1, value);
          else
            self->backend->bind_null (stmt, i + 1);
        }
        break;
      case 's':
        {
          const char *text = va_arg (args, const char *);

          if (text != NULL)
            self->backend->bind_text (stmt, i + 1, text);
          else
            self->backend->bind_null (stmt, i + 1);
        }
        break;
      case 'd':
        self->backend->bind_double (stmt, i + 1, va_arg (args, double));
        break;
      default:
        g_assert_not_reached ();
      }
  return stmt;
}

gpointer
_xq_library_prepare (XqLibrary   *self,
                     GError     **error,
                     const char  *sql,
                     const char  *types,
                     ...)
{
  va_list args;
  gpointer stmt;

  va_start (args, types);
  stmt = prepare_v (self, error, sql, types, args);
  va_end (args);
  return stmt;
}

/* Steps @stmt past the rows left after @step (the last step's result),
 * then finalizes it: whether it ran to the end. */
static gboolean
finish (XqLibrary     *self,
        gpointer       stmt,
        XqLibraryStep  step,
        GError       **error)
{
  while (step == XQ_LIBRARY_STEP_ROW)
    step = self->backend->step (stmt, error);
  self->backend->finalize (stmt);
  return step == XQ_LIBRARY_STEP_DONE;
}

/* Every row of @stmt, each made into an item by @read_row, in an array
 * that frees them with @free_item; %NULL if preparing @stmt (then %NULL)
 * or stepping it failed. Finalizes @stmt. */
GPtrArray *
_xq_library_collect_rows (XqLibrary         *self,
                          gpointer           stmt,
                          XqLibraryReadRow   read_row,
                          GDestroyNotify     free_item,
                          GError           **error)
{
  g_autoptr(GPtrArray) rows = NULL;
  XqLibraryStep step;

  if (stmt == NULL)
    return NULL;
  rows = g_ptr_array_new_with_free_func (free_item);
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    g_ptr_array_add (rows, read_row (self, stmt));
  self->backend->finalize (stmt);
  if (step != XQ_LIBRARY_STEP_DONE)
    return NULL;
  return g_steal_pointer (&rows);
}

/* An XqLibraryReadRow: the first column's text. */
gpointer
_xq_library_read_text (XqLibrary *self,
                       gpointer   stmt)
{
  return _xq_library_column_dup (self, stmt, 0);
}

/* Runs a statement that returns no rows. */
gboolean
_xq_library_run (XqLibrary   *self,
                 GError     **error,
                 const char  *sql,
                 const char  *types,
                 ...)
{
  va_list args;
  gpointer stmt;

  va_start (args, types);
  stmt = prepare_v (self, error, sql, types, args);
  va_end (args);
  if (stmt == NULL)
    return FALSE;
  return finish (self, stmt, self->backend->step (stmt, error), error);
}

/* The first column of the first row, if any: *@found says whether there
 * was one. */
gboolean
_xq_library_query_int64 (XqLibrary   *self,
                         gint64      *value,
                         gboolean    *found,
                         GError     **error,
                         const char  *sql,
                         const char  *types,
                         ...)
{
  va_list args;
  gpointer stmt;
  XqLibraryStep step;

  va_start (args, types);
  stmt = prepare_v (self, error, sql, types, args);
  va_end (args);
  if (stmt == NULL)
    return FALSE;
  step = self->backend->step (stmt, error);
  *found = step == XQ_LIBRARY_STEP_ROW && !self->backend->column_is_null (stmt, 0);
  if (*found)
    *value = self->backend->column_int64 (stmt, 0);
  return finish (self, stmt, step, error);
}

char *
_xq_library_column_dup (XqLibrary *self,
            gpointer   stmt,
            int        column)
{
  return g_strdup (self->backend->column_text (stmt, column));
}

gboolean
_xq_library_begin (XqLibrary  *self,
       GError    **error)
{
  return self->backend->exec (self->db, self->backend->begin_sql, error);
}

gboolean
_xq_library_commit (XqLibrary  *self,
        GError    **error)
{
  return self->backend->exec (self->db, "COMMIT", error);
}

void
_xq_library_rollback (XqLibrary *self)
{
  self->backend->exec (self->db, "ROLLBACK", NULL);
}

gboolean
_xq_library_find_player_id (XqLibrary   *self,
                const char  *name,
                gint64      *player_id,
                GError     **error)
{
  g_autofree char *key = xq_notation_name_key (name);
  gboolean found;

  if (!_xq_library_query_int64 (self, player_id, &found, error, "SELECT player_id FROM aliases WHERE key = ?", "s", key))
    return FALSE;
  if (!found)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND, _("no player called “%s” is in the library"),
                   XQ_QUOTE (name));
      return FALSE;
    }
  return TRUE;
}

/* The library's name of the player @player_id, or %NULL if there is none;
 * %FALSE only if the statement could not be prepared. */
gboolean
_xq_library_get_player_name (XqLibrary   *self,
                             gint64       player_id,
                             char       **name,
                             GError     **error)
{
  gpointer stmt = _xq_library_prepare (self, error, "SELECT name FROM players WHERE id = ?", "i", player_id);

  *name = NULL;
  if (stmt == NULL)
    return FALSE;
  if (self->backend->step (stmt, error) == XQ_LIBRARY_STEP_ROW)
    *name = _xq_library_column_dup (self, stmt, 0);
  self->backend->finalize (stmt);
  return TRUE;
}

gint
_xq_library_compare_strings (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* ---- Opening ---- */

static void
xq_library_finalize (GObject *object)
{
  XqLibrary *self = XQ_LIBRARY (object);

  if (self->db != NULL)
    self->backend->close (self->db);
  G_OBJECT_CLASS (xq_library_parent_class)->finalize (object);
}

static void
xq_library_class_init (XqLibraryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = xq_library_finalize;
}

static void
xq_library_init (XqLibrary *self)
{
}

/**
 * xq_library_default_uri:
 *
 * Returns: (transfer full): where the library lives unless told otherwise:
 *   `$XDG_DATA_HOME/exchequer/library.sqlite`
 */
char *
xq_library_default_uri (void)
{
  return g_build_filename (g_get_user_data_dir (), "exchequer", "library.sqlite", NULL);
}

/* The backend and its location for @uri; NULL with @error when none fits. */
static const XqLibraryBackend *
choose_backend (const char  *uri,
                char       **location,
                GError     **error)
{
  if (uri == NULL || *uri == '\0')
    {
      *location = xq_library_default_uri ();
      return xq_library_sqlite_backend ();
    }
  if (g_str_has_prefix (uri, "postgresql://") || g_str_has_prefix (uri, "postgres://"))
    {
#ifdef HAVE_LIBPQ
      /* libpq reads the URI itself: host, port, database, user, options. */
      *location = g_strdup (uri);
      return xq_library_pq_backend ();
#else
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_URI,
                   _("this Exchequer was built without PostgreSQL; give a SQLite file instead"));
      return NULL;
#endif
    }
  if (g_str_has_prefix (uri, "sqlite://") || g_str_has_prefix (uri, "file://"))
    {
      const char *rest = strchr (uri, ':') + strlen ("://");

      *location = rest[0] == '/' ? g_uri_unescape_string (rest, NULL) : NULL;
      if (*location == NULL)
        {
          g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_URI,
                       _("“%s” names no file; a SQLite library is written sqlite:///path/to/library.sqlite"), uri);
          return NULL;
        }
      return xq_library_sqlite_backend ();
    }
  if (strstr (uri, "://") != NULL)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_URI,
                   _("“%s” is no library location; give a file, sqlite:///path or postgresql://…"), uri);
      return NULL;
    }
  *location = g_strdup (uri);
  return xq_library_sqlite_backend ();
}

/* Takes the schema from its version to @target, one transaction a step,
 * so a migration cut short leaves the last whole version. */
static gboolean
migrate (XqLibrary  *self,
         gint        target,
         GError    **error)
{
  gint from = self->version;

  for (guint m = 0; m < self->backend->n_migrations; m++)
    {
      const XqLibraryMigration *migration = &self->backend->migrations[m];
      gint now;

      if (migration->version <= self->version || migration->version > target)
        continue;
      if (!_xq_library_begin (self, error))
        return FALSE;
      /* Another process may have migrated while this one waited for the
       * write lock: the version is read again under it. */
      now = self->backend->get_version (self->db, error);
      if (now < 0)
        {
          _xq_library_rollback (self);
          return FALSE;
        }
      if (now >= migration->version)
        {
          _xq_library_rollback (self);
          self->version = now;
          continue;
        }
      if (!self->backend->exec (self->db, migration->sql, error)
          || !self->backend->set_version (self->db, migration->version, error) || !_xq_library_commit (self, error))
        {
          _xq_library_rollback (self);
          return FALSE;
        }
      self->version = migration->version;
    }
  /* A library that gains the rating history gets it from its games. */
  if (from > 0 && from < 2 && self->version >= 2)
    return _xq_library_rerate (self, error);
  return TRUE;
}

/* @existing: a SQLite file that is not there is no library (NULL, and no
 * error): looking must not make one. */
static XqLibrary *
open_library (const char  *uri,
              gint         version,
              gboolean     existing,
              GError     **error)
{
  g_autoptr(XqLibrary) self = g_object_new (XQ_TYPE_LIBRARY, NULL);
  g_autofree char *location = NULL;

  self->backend = choose_backend (uri, &location, error);
  if (self->backend == NULL)
    return NULL;
  if (existing && self->backend == xq_library_sqlite_backend () && !g_file_test (location, G_FILE_TEST_EXISTS))
    return NULL;
  if (uri == NULL || *uri == '\0')
    {
      g_autofree char *folder = g_path_get_dirname (location);

      if (g_mkdir_with_parents (folder, 0700) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_BACKEND, _("%s cannot be made: %s"), folder,
                       g_strerror (saved_errno));
          return NULL;
        }
    }
  self->db = self->backend->open (location, XQ_LIBRARY_SCHEMA_VERSION, error);
  if (self->db == NULL)
    return NULL;
  self->version = self->backend->get_version (self->db, error);
  if (self->version < 0 || !migrate (self, version, error))
    return NULL;
  return g_steal_pointer (&self);
}

XqLibrary *
_xq_library_open_at_version (const char  *uri,
                             gint         version,
                             GError     **error)
{
  return open_library (uri, version, FALSE, error);
}

/**
 * xq_library_open:
 * @uri: (nullable): a file, `sqlite:///path`, or %NULL for the default
 * @error: return location for a #GError in %XQ_LIBRARY_ERROR
 *
 * Opens the library, creating it or bringing its schema up to date. A file
 * that is not a library, or one a newer Exchequer wrote, is refused with a
 * sentence that names it, and nothing is written to it.
 *
 * Returns: (transfer full) (nullable): the library
 */
XqLibrary *
xq_library_open (const char  *uri,
                 GError     **error)
{
  return _xq_library_open_at_version (uri, XQ_LIBRARY_SCHEMA_VERSION, error);
}

/**
 * xq_library_open_existing:
 * @uri: (nullable): as xq_library_open() takes it
 * @error: return location for a #GError in %XQ_LIBRARY_ERROR
 *
 * As xq_library_open(), but a SQLite library whose file is not there is
 * not made: for a window that only looks (a server's library is opened as
 * xq_library_open() opens it).
 *
 * Returns: (transfer full) (nullable): the library, or %NULL: @error is set
 *   when it cannot be opened, left unset when there is none yet
 */
XqLibrary *
xq_library_open_existing (const char  *uri,
                          GError     **error)
{
  return open_library (uri, XQ_LIBRARY_SCHEMA_VERSION, TRUE, error);
}

gint
xq_library_get_schema_version (XqLibrary *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY (self), -1);

  return self->version;
}

/* ---- Ratings ---- */

typedef struct
{
  gint64 player_id;
  guint  placing;
} Seat;

/* Replays every finished game in date order (ties by content hash) and
 * writes each player's rating after each game: the history is a function of
 * the games alone, the same on every run. Called inside a transaction. */
gboolean
_xq_library_recompute_ratings (XqLibrary  *self,
                   GError    **error)
{
  g_autoptr(GHashTable) ratings = NULL;
  g_autoptr(GArray) seats = g_array_new (FALSE, FALSE, sizeof (Seat));
  gint64 current_id = -1;
  gpointer stmt;
  XqLibraryStep step;
  gboolean ok = TRUE;
  typedef struct
  {
    gint64 game_id;
    char  *game;
    GArray *seats;
  } Game;
  g_autoptr(GPtrArray) games = NULL;

  if (self->version < 2)
    return TRUE;
  if (!_xq_library_run (self, error, "DELETE FROM ratings", NULL))
    return FALSE;
  stmt = _xq_library_prepare (self, error,
                  "SELECT g.id, g.game, r.player_id, r.place FROM games g JOIN results r ON r.game_id = g.id "
                  "WHERE g.finished = 1 ORDER BY g.played_on, g.content_hash, r.seat",
                  NULL);
  if (stmt == NULL)
    return FALSE;
  games = g_ptr_array_new ();
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    {
      gint64 id = self->backend->column_int64 (stmt, 0);
      Seat seat = { self->backend->column_int64 (stmt, 2), (guint) self->backend->column_int64 (stmt, 3) };
      Game *game;

      if (id != current_id)
        {
          game = g_new0 (Game, 1);
          game->game_id = id;
          game->game = _xq_library_column_dup (self, stmt, 1);
          game->seats = g_array_new (FALSE, FALSE, sizeof (Seat));
          g_ptr_array_add (games, game);
          current_id = id;
        }
      game = g_ptr_array_index (games, games->len - 1);
      g_array_append_val (game->seats, seat);
    }
  self->backend->finalize (stmt);
  ok = step == XQ_LIBRARY_STEP_DONE;

  ratings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  stmt = ok ? _xq_library_prepare (self, error, "INSERT INTO ratings (game_id, player_id, game, mu, sigma) VALUES (?, ?, ?, ?, ?)",
                       NULL)
            : NULL;
  ok = stmt != NULL;
  for (guint g = 0; g < games->len; g++)
    {
      Game *game = g_ptr_array_index (games, g);
      guint n = game->seats->len;
      g_autofree XqRating *now = g_new (XqRating, n);
      g_autofree guint *ranks = g_new (guint, n);
      g_autofree XqRating **slots = g_new (XqRating *, n);

      for (guint i = 0; i < n && ok; i++)
        {
          const Seat *seat = &g_array_index (game->seats, Seat, i);
          char *key = g_strdup_printf ("%s\n%" G_GINT64_FORMAT, game->game, seat->player_id);

          slots[i] = g_hash_table_lookup (ratings, key);
          if (slots[i] == NULL)
            {
              slots[i] = g_new (XqRating, 1);
              xq_rating_init (slots[i]);
              g_hash_table_insert (ratings, key, slots[i]);
            }
          else
            g_free (key);
          now[i] = *slots[i];
          ranks[i] = seat->placing;
        }
      if (ok)
        xq_rating_update (now, ranks, n);
      for (guint i = 0; i < n && ok; i++)
        {
          *slots[i] = now[i];
          self->backend->reset (stmt);
          self->backend->bind_int64 (stmt, 1, game->game_id);
          self->backend->bind_int64 (stmt, 2, g_array_index (game->seats, Seat, i).player_id);
          self->backend->bind_text (stmt, 3, game->game);
          self->backend->bind_double (stmt, 4, now[i].mu);
          self->backend->bind_double (stmt, 5, now[i].sigma);
          ok = self->backend->step (stmt, error) == XQ_LIBRARY_STEP_DONE;
        }
      g_free (game->game);
      g_array_unref (game->seats);
      g_free (game);
    }
  if (stmt != NULL)
    self->backend->finalize (stmt);
  return ok;
}

/* The ratings recomputed in a transaction of their own: after a migration
 * that adds the history, and once after a scan's files were each added in
 * theirs. */
gboolean
_xq_library_rerate (XqLibrary  *self,
                    GError    **error)
{
  if (!_xq_library_begin (self, error))
    return FALSE;
  if (!_xq_library_recompute_ratings (self, error) || !_xq_library_commit (self, error))
    {
      _xq_library_rollback (self);
      return FALSE;
    }
  return TRUE;
}
