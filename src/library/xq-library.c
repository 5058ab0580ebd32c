/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library: opening a database by URI, indexing game files, the players' records and ratings. */

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
#include "xq-session-file.h"
#include "xq-session-xml.h"

struct _XqLibrary
{
  GObject                 parent_instance;
  const XqLibraryBackend *backend;
  gpointer                db;
  gint                    version;
};

G_DEFINE_FINAL_TYPE (XqLibrary, xq_library, G_TYPE_OBJECT)

G_DEFINE_QUARK (xq-library-error-quark, xq_library_error)

/* ---- Statements: prepared, every value bound ---- */

/* A prepared statement with its values bound from @types: 'i' a gint64,
 * 's' a string (NULL binds NULL), 'd' a double. */
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

static gpointer
prepare (XqLibrary   *self,
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

/* Runs a statement that returns no rows. */
static gboolean
run (XqLibrary   *self,
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
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    ;
  self->backend->finalize (stmt);
  return step == XQ_LIBRARY_STEP_DONE;
}

/* The first column of the first row, if any: *@found says whether there
 * was one. */
static gboolean
query_int64 (XqLibrary   *self,
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
  while (step == XQ_LIBRARY_STEP_ROW)
    step = self->backend->step (stmt, error);
  self->backend->finalize (stmt);
  return step == XQ_LIBRARY_STEP_DONE;
}

static char *
column_dup (XqLibrary *self,
            gpointer   stmt,
            int        column)
{
  return g_strdup (self->backend->column_text (stmt, column));
}

static gboolean
begin (XqLibrary  *self,
       GError    **error)
{
  return self->backend->exec (self->db, self->backend->begin_sql, error);
}

static gboolean
commit (XqLibrary  *self,
        GError    **error)
{
  return self->backend->exec (self->db, "COMMIT", error);
}

static void
rollback (XqLibrary *self)
{
  self->backend->exec (self->db, "ROLLBACK", NULL);
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
static gboolean recompute_ratings (XqLibrary  *self,
                                   GError    **error);

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
      if (!begin (self, error))
        return FALSE;
      /* Another process may have migrated while this one waited for the
       * write lock: the version is read again under it. */
      now = self->backend->get_version (self->db, error);
      if (now < 0)
        {
          rollback (self);
          return FALSE;
        }
      if (now >= migration->version)
        {
          rollback (self);
          self->version = now;
          continue;
        }
      if (!self->backend->exec (self->db, migration->sql, error)
          || !self->backend->set_version (self->db, migration->version, error) || !commit (self, error))
        {
          rollback (self);
          return FALSE;
        }
      self->version = migration->version;
    }
  /* A library that gains the rating history gets it from its games. */
  if (from > 0 && from < 2 && self->version >= 2)
    {
      if (!begin (self, error))
        return FALSE;
      if (!recompute_ratings (self, error) || !commit (self, error))
        {
          rollback (self);
          return FALSE;
        }
    }
  return TRUE;
}

XqLibrary *
_xq_library_open_at_version (const char  *uri,
                             gint         version,
                             GError     **error)
{
  g_autoptr(XqLibrary) self = g_object_new (XQ_TYPE_LIBRARY, NULL);
  g_autofree char *location = NULL;

  self->backend = choose_backend (uri, &location, error);
  if (self->backend == NULL)
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
static gboolean
recompute_ratings (XqLibrary  *self,
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
  if (!run (self, error, "DELETE FROM ratings", NULL))
    return FALSE;
  stmt = prepare (self, error,
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
          game->game = column_dup (self, stmt, 1);
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
  stmt = ok ? prepare (self, error, "INSERT INTO ratings (game_id, player_id, game, mu, sigma) VALUES (?, ?, ?, ?, ?)",
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

/* ---- Indexing ---- */

/* The player who plays under @name, made when the name is new. */
static gboolean
resolve_player (XqLibrary   *self,
                const char  *name,
                const char  *key,
                gint64      *player_id,
                GError     **error)
{
  gboolean found;

  if (!query_int64 (self, player_id, &found, error, "SELECT player_id FROM aliases WHERE key = ?", "s", key))
    return FALSE;
  if (found)
    return TRUE;
  if (!query_int64 (self, player_id, &found, error, "INSERT INTO players (name) VALUES (?) RETURNING id", "s", name))
    return FALSE;
  g_assert (found);
  return run (self, error, "INSERT INTO aliases (key, player_id) VALUES (?, ?)", "si", key, *player_id);
}

static gboolean
insert_game (XqLibrary      *self,
             XqLibraryRead  *read,
             const char     *hash,
             gint64         *game_id,
             GError        **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *indexed_at = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  gboolean found;

  if (!query_int64 (self, game_id, &found, error,
                    "INSERT INTO games (content_hash, game, played_on, n_moves, n_players, finished, indexed_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    "sssiiis", hash, read->game, read->played_on, (gint64) read->n_moves,
                    (gint64) read->entries->len, (gint64) read->finished, indexed_at))
    return FALSE;
  for (guint i = 0; i < read->entries->len; i++)
    {
      const XqLibraryEntry *entry = g_ptr_array_index (read->entries, i);
      gint64 player_id;

      if (!resolve_player (self, entry->name, entry->key, &player_id, error)
          || !run (self, error,
                   "INSERT INTO results (game_id, seat, name, name_key, player_id, place, total_half, margin_half, "
                   "won, shared_win, bankrupt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   "iissiiiiiii", *game_id, (gint64) i, entry->name, entry->key, player_id, (gint64) entry->placing,
                   entry->total_half, entry->margin_half, (gint64) entry->won,
                   (gint64) (entry->won && read->n_winners > 1), (gint64) entry->bankrupt))
        return FALSE;
    }
  return TRUE;
}

/* A game no file points at any more is gone from the library. */
static gboolean
drop_orphans (XqLibrary  *self,
              GError    **error)
{
  return run (self, error, "DELETE FROM games WHERE id NOT IN (SELECT game_id FROM files)", NULL);
}

static char *
file_key (GFile *file)
{
  char *path = g_file_get_path (file);

  return path != NULL ? path : g_file_get_uri (file);
}

static gboolean
forget_file (XqLibrary   *self,
             const char  *path,
             gboolean     ratings,
             GError     **error)
{
  if (!begin (self, error))
    return FALSE;
  if (!run (self, error, "DELETE FROM files WHERE path = ?", "s", path) || !drop_orphans (self, error)
      || (ratings && !recompute_ratings (self, error)) || !commit (self, error))
    {
      rollback (self);
      return FALSE;
    }
  return TRUE;
}

static gboolean
add_file (XqLibrary         *self,
          GFile             *file,
          gboolean           ratings,
          XqLibraryOutcome  *outcome,
          guint             *error_line,
          GError           **error)
{
  g_autofree char *path = file_key (file);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autoptr(XqLibraryRead) read = NULL;
  g_autofree char *fingerprint = NULL;
  gpointer stmt;
  gboolean known = FALSE;
  gint64 file_id = 0, old_mtime = 0, old_size = 0, mtime, size, game_id;
  g_autofree char *old_hash = NULL;
  const char *hash;
  gboolean found;

  *error_line = 0;
  stmt = prepare (self, error,
                  "SELECT f.id, f.mtime, f.size, g.content_hash FROM files f JOIN games g ON g.id = f.game_id "
                  "WHERE f.path = ?",
                  "s", path);
  if (stmt == NULL)
    return FALSE;
  if (self->backend->step (stmt, NULL) == XQ_LIBRARY_STEP_ROW)
    {
      known = TRUE;
      file_id = self->backend->column_int64 (stmt, 0);
      old_mtime = self->backend->column_int64 (stmt, 1);
      old_size = self->backend->column_int64 (stmt, 2);
      old_hash = column_dup (self, stmt, 3);
    }
  self->backend->finalize (stmt);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                            G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      if (known && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          *outcome = XQ_LIBRARY_VANISHED;
          return forget_file (self, path, ratings, error);
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  size = g_file_info_get_size (info);
  mtime = (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
          + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  if (known && mtime == old_mtime && size == old_size)
    {
      *outcome = XQ_LIBRARY_UNCHANGED;
      return TRUE;
    }

  /* The loader Open and exchequer-cli use, with all their refusals. */
  session = xq_session_load (file, &fingerprint, error_line, NULL, error);
  if (session == NULL)
    return FALSE;
  hash = strchr (fingerprint, ':') + 1;
  if (known && g_strcmp0 (hash, old_hash) == 0)
    {
      *outcome = XQ_LIBRARY_UNCHANGED;
      return run (self, error, "UPDATE files SET mtime = ?, size = ? WHERE id = ?", "iii", mtime, size, file_id);
    }
  read = _xq_library_read_session (session, !xq_session_file_is_notation (file), mtime, error);
  if (read == NULL)
    return FALSE;

  if (!begin (self, error))
    return FALSE;
  /* Under the write lock: another process may have added this path or
   * this game since the look above, and each is recorded once. */
  if (!query_int64 (self, &file_id, &known, error, "SELECT id FROM files WHERE path = ?", "s", path))
    goto failed;
  if (!query_int64 (self, &game_id, &found, error, "SELECT id FROM games WHERE content_hash = ?", "s", hash))
    goto failed;
  if (!found && !insert_game (self, read, hash, &game_id, error))
    goto failed;
  if (known)
    {
      if (!run (self, error, "UPDATE files SET game_id = ?, mtime = ?, size = ? WHERE id = ?", "iiii", game_id, mtime,
                size, file_id)
          || !drop_orphans (self, error))
        goto failed;
    }
  else if (!run (self, error, "INSERT INTO files (path, game_id, mtime, size) VALUES (?, ?, ?, ?)", "siii", path,
                 game_id, mtime, size))
    goto failed;
  if ((ratings && !recompute_ratings (self, error)) || !commit (self, error))
    goto failed;
  *outcome = known ? XQ_LIBRARY_UPDATED : XQ_LIBRARY_ADDED;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}

/**
 * xq_library_add_file:
 * @self: a library
 * @file: a session file or an XQN file
 * @outcome: (out): what became of it
 * @error_line: (out) (optional): the line of the file an error is about, or 0
 * @error: return location for a #GError
 *
 * Reads @file as Open does and records its game, in one transaction. An
 * unchanged file is not read again; a changed one replaces what it gave;
 * a file the library knew that is gone is forgotten (%XQ_LIBRARY_VANISHED).
 *
 * Returns: %FALSE when the file was refused or the database failed
 */
gboolean
xq_library_add_file (XqLibrary         *self,
                     GFile             *file,
                     XqLibraryOutcome  *outcome,
                     guint             *error_line,
                     GError           **error)
{
  guint line;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return add_file (self, file, TRUE, outcome, error_line != NULL ? error_line : &line, error);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
is_game_file (const char *name)
{
  return g_str_has_suffix (name, ".xqn") || g_str_has_suffix (name, ".exchequer");
}

/* Every game file below @folder, in name order so a scan is reproducible. */
static gboolean
collect (GFile      *folder,
         GPtrArray  *paths,
         GError    **error)
{
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) folders = g_ptr_array_new_with_free_func (g_free);
  GFileInfo *info;

  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, error);
  if (children == NULL)
    return FALSE;
  while ((info = g_file_enumerator_next_file (children, NULL, error)) != NULL)
    {
      const char *name = g_file_info_get_name (info);

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        g_ptr_array_add (folders, g_strdup (name));
      else if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR && is_game_file (name))
        g_ptr_array_add (names, g_strdup (name));
      g_object_unref (info);
    }
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_sort (folders, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (paths, g_file_get_child (folder, g_ptr_array_index (names, i)));
  for (guint i = 0; i < folders->len; i++)
    {
      g_autoptr(GFile) child = g_file_get_child (folder, g_ptr_array_index (folders, i));

      /* A folder that cannot be read is skipped, not the whole scan. */
      collect (child, paths, NULL);
    }
  return TRUE;
}

/**
 * xq_library_scan:
 * @self: a library
 * @folder: a folder of games
 * @func: (scope call): told of every file met, and of every file gone
 * @user_data: for @func
 * @error: return location for a #GError: the folder itself, or the database
 *
 * Adds every `.xqn` and `.exchequer` file below @folder, each in its own
 * transaction (an interrupted scan keeps what it did; the next one finishes
 * it), forgets the files under it that are gone, then recomputes the ratings
 * once. A refused file is told to @func and the scan goes on.
 *
 * Returns: %FALSE if the folder could not be read or the database failed
 */
gboolean
xq_library_scan (XqLibrary          *self,
                 GFile              *folder,
                 XqLibraryScanFunc   func,
                 gpointer            user_data,
                 GError            **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) known = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *prefix = NULL;
  g_autofree char *root = NULL;
  gpointer stmt;
  XqLibraryStep step;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (folder), FALSE);

  if (!collect (folder, files, error))
    return FALSE;
  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      g_autoptr(GError) local_error = NULL;
      XqLibraryOutcome outcome = XQ_LIBRARY_UNCHANGED;
      guint line = 0;

      if (!add_file (self, file, FALSE, &outcome, &line, &local_error)
          && g_error_matches (local_error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_BACKEND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (func != NULL)
        func (file, outcome, local_error, line, user_data);
    }

  /* The files recorded below the folder that the walk did not meet. */
  root = file_key (folder);
  prefix = g_str_has_suffix (root, G_DIR_SEPARATOR_S) ? g_strdup (root) : g_strconcat (root, G_DIR_SEPARATOR_S, NULL);
  /* The length is bound, not computed by the engine: PostgreSQL cannot
   * tell the type of a parameter given to length (). */
  stmt = prepare (self, error, "SELECT path FROM files WHERE substr (path, 1, ?) = ?", "is",
                  (gint64) g_utf8_strlen (prefix, -1), prefix);
  if (stmt == NULL)
    return FALSE;
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    g_ptr_array_add (known, column_dup (self, stmt, 0));
  self->backend->finalize (stmt);
  if (step != XQ_LIBRARY_STEP_DONE)
    return FALSE;
  for (guint i = 0; i < known->len; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (g_ptr_array_index (known, i));

      if (g_file_query_exists (file, NULL))
        continue;
      if (!forget_file (self, g_ptr_array_index (known, i), FALSE, error))
        return FALSE;
      if (func != NULL)
        func (file, XQ_LIBRARY_VANISHED, NULL, 0, user_data);
    }

  if (!begin (self, error))
    return FALSE;
  if (!recompute_ratings (self, error) || !commit (self, error))
    {
      rollback (self);
      return FALSE;
    }
  return TRUE;
}

/* ---- Queries ---- */

static void
result_free (gpointer data)
{
  XqLibraryResult *result = data;

  g_free (result->game);
  g_free (result->played_on);
  g_free (result->path);
  g_free (result->name);
  g_free (result->player);
  g_free (result);
}

/**
 * xq_library_list_results:
 *
 * Every player's result in every game, games in date order, seats in order.
 *
 * Returns: (transfer full) (element-type XqLibraryResult) (nullable):
 */
GPtrArray *
xq_library_list_results (XqLibrary  *self,
                         GError    **error)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func (result_free);
  gpointer stmt;
  XqLibraryStep step;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  stmt = prepare (self, error,
                  "SELECT g.id, g.game, g.played_on, (SELECT min (path) FROM files f WHERE f.game_id = g.id), "
                  "g.n_moves, g.finished, r.seat, r.name, p.name, r.place, r.total_half, r.margin_half, r.won, "
                  "r.shared_win, r.bankrupt FROM games g JOIN results r ON r.game_id = g.id "
                  "JOIN players p ON p.id = r.player_id ORDER BY g.played_on, g.content_hash, r.seat",
                  NULL);
  if (stmt == NULL)
    return NULL;
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    {
      XqLibraryResult *r = g_new0 (XqLibraryResult, 1);

      r->game_id = self->backend->column_int64 (stmt, 0);
      r->game = column_dup (self, stmt, 1);
      r->played_on = column_dup (self, stmt, 2);
      r->path = column_dup (self, stmt, 3);
      r->n_moves = (guint) self->backend->column_int64 (stmt, 4);
      r->finished = self->backend->column_int64 (stmt, 5) != 0;
      r->seat = (guint) self->backend->column_int64 (stmt, 6);
      r->name = column_dup (self, stmt, 7);
      r->player = column_dup (self, stmt, 8);
      r->placing = (guint) self->backend->column_int64 (stmt, 9);
      r->total_half = self->backend->column_int64 (stmt, 10);
      r->margin_half = self->backend->column_int64 (stmt, 11);
      r->won = self->backend->column_int64 (stmt, 12) != 0;
      r->shared_win = self->backend->column_int64 (stmt, 13) != 0;
      r->bankrupt = self->backend->column_int64 (stmt, 14) != 0;
      g_ptr_array_add (results, r);
    }
  self->backend->finalize (stmt);
  if (step != XQ_LIBRARY_STEP_DONE)
    return NULL;
  return g_steal_pointer (&results);
}

static gboolean
find_player_id (XqLibrary   *self,
                const char  *name,
                gint64      *player_id,
                GError     **error)
{
  g_autofree char *key = xq_notation_name_key (name);
  gboolean found;

  if (!query_int64 (self, player_id, &found, error, "SELECT player_id FROM aliases WHERE key = ?", "s", key))
    return FALSE;
  if (!found)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND, _("no player called “%s” is in the library"),
                   XQ_QUOTE (name));
      return FALSE;
    }
  return TRUE;
}

/**
 * xq_library_find_player:
 *
 * Returns: (transfer full) (nullable): the library's name of the player who
 *   plays under @name (matched as the engine matches names)
 */
char *
xq_library_find_player (XqLibrary   *self,
                        const char  *name,
                        GError     **error)
{
  gint64 id;
  gpointer stmt;
  char *shown = NULL;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  if (!find_player_id (self, name, &id, error))
    return NULL;
  stmt = prepare (self, error, "SELECT name FROM players WHERE id = ?", "i", id);
  if (stmt == NULL)
    return NULL;
  if (self->backend->step (stmt, error) == XQ_LIBRARY_STEP_ROW)
    shown = column_dup (self, stmt, 0);
  self->backend->finalize (stmt);
  return shown;
}

/**
 * xq_library_get_aliases:
 *
 * Returns: (transfer full) (element-type utf8) (nullable): every name the
 *   player played under, sorted
 */
GPtrArray *
xq_library_get_aliases (XqLibrary   *self,
                        const char  *name,
                        GError     **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gint64 id;
  gpointer stmt;
  XqLibraryStep step;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  if (!find_player_id (self, name, &id, error))
    return NULL;
  stmt = prepare (self, error, "SELECT DISTINCT name FROM results WHERE player_id = ?", "i", id);
  if (stmt == NULL)
    return NULL;
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    g_ptr_array_add (names, column_dup (self, stmt, 0));
  self->backend->finalize (stmt);
  if (step != XQ_LIBRARY_STEP_DONE)
    return NULL;
  /* Byte order, here rather than in SQL: the engines' collations differ. */
  g_ptr_array_sort (names, compare_names);
  return g_steal_pointer (&names);
}

static void
record_free (gpointer data)
{
  XqLibraryRecord *record = data;

  g_free (record->game);
  g_free (record);
}

/**
 * xq_library_get_records:
 *
 * The player's record in each game they finished, and their rating there.
 *
 * Returns: (transfer full) (element-type XqLibraryRecord) (nullable):
 */
GPtrArray *
xq_library_get_records (XqLibrary   *self,
                        const char  *name,
                        GError     **error)
{
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (record_free);
  gint64 id;
  gpointer stmt;
  XqLibraryStep step;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  if (!find_player_id (self, name, &id, error))
    return NULL;
  stmt = prepare (self, error,
                  "SELECT g.game, count (*), sum (r.won * (1 - r.shared_win)), sum (r.shared_win), sum (r.place), "
                  "sum (r.margin_half), max (CASE WHEN r.won = 1 THEN r.margin_half ELSE 0 END), sum (r.bankrupt), "
                  "(SELECT mu FROM ratings t WHERE t.player_id = ? AND t.game = g.game ORDER BY t.seq DESC LIMIT 1), "
                  "(SELECT sigma FROM ratings t WHERE t.player_id = ? AND t.game = g.game ORDER BY t.seq DESC LIMIT 1) "
                  "FROM results r JOIN games g ON g.id = r.game_id WHERE r.player_id = ? AND g.finished = 1 "
                  "GROUP BY g.game ORDER BY g.game",
                  "iii", id, id, id);
  if (stmt == NULL)
    return NULL;
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    {
      XqLibraryRecord *record = g_new0 (XqLibraryRecord, 1);

      record->game = column_dup (self, stmt, 0);
      record->plays = (guint) self->backend->column_int64 (stmt, 1);
      record->wins = (guint) self->backend->column_int64 (stmt, 2);
      record->shared_wins = (guint) self->backend->column_int64 (stmt, 3);
      record->placing_sum = (guint) self->backend->column_int64 (stmt, 4);
      record->margin_half_sum = self->backend->column_int64 (stmt, 5);
      record->largest_win_half = self->backend->column_int64 (stmt, 6);
      record->bankruptcies = (guint) self->backend->column_int64 (stmt, 7);
      record->has_rating = !self->backend->column_is_null (stmt, 8);
      record->mu = self->backend->column_double (stmt, 8);
      record->sigma = self->backend->column_double (stmt, 9);
      g_ptr_array_add (records, record);
    }
  self->backend->finalize (stmt);
  if (step != XQ_LIBRARY_STEP_DONE)
    return NULL;
  return g_steal_pointer (&records);
}

static void
versus_free (gpointer data)
{
  XqLibraryVersus *versus = data;

  g_free (versus->game);
  g_free (versus->other);
  g_free (versus);
}

/* By game, then by the other's name in byte order (stable: one name held
 * by two players keeps the order of their ids). */
static gint
compare_versus (gconstpointer a,
                gconstpointer b)
{
  const XqLibraryVersus *va = *(const XqLibraryVersus * const *) a;
  const XqLibraryVersus *vb = *(const XqLibraryVersus * const *) b;
  int by_game = strcmp (va->game, vb->game);

  return by_game != 0 ? by_game : strcmp (va->other, vb->other);
}

/**
 * xq_library_get_versus:
 *
 * Head-to-head: for each other player and game, the finished games both
 * played and how often the player placed ahead of and behind them.
 *
 * Returns: (transfer full) (element-type XqLibraryVersus) (nullable):
 */
GPtrArray *
xq_library_get_versus (XqLibrary   *self,
                       const char  *name,
                       GError     **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (versus_free);
  gint64 id;
  gpointer stmt;
  XqLibraryStep step;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  if (!find_player_id (self, name, &id, error))
    return NULL;
  stmt = prepare (self, error,
                  "SELECT g.game, p.name, count (*), sum (CASE WHEN a.place < b.place THEN 1 ELSE 0 END), "
                  "sum (CASE WHEN a.place > b.place THEN 1 ELSE 0 END) "
                  "FROM results a JOIN results b ON b.game_id = a.game_id AND b.player_id <> a.player_id "
                  "JOIN games g ON g.id = a.game_id JOIN players p ON p.id = b.player_id "
                  "WHERE a.player_id = ? AND g.finished = 1 GROUP BY g.game, b.player_id, p.name "
                  "ORDER BY b.player_id",
                  "i", id);
  if (stmt == NULL)
    return NULL;
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    {
      XqLibraryVersus *versus = g_new0 (XqLibraryVersus, 1);

      versus->game = column_dup (self, stmt, 0);
      versus->other = column_dup (self, stmt, 1);
      versus->plays = (guint) self->backend->column_int64 (stmt, 2);
      versus->ahead = (guint) self->backend->column_int64 (stmt, 3);
      versus->behind = (guint) self->backend->column_int64 (stmt, 4);
      g_ptr_array_add (list, versus);
    }
  self->backend->finalize (stmt);
  if (step != XQ_LIBRARY_STEP_DONE)
    return NULL;
  g_ptr_array_sort (list, compare_versus);
  return g_steal_pointer (&list);
}

static void
step_free (gpointer data)
{
  XqLibraryRatingStep *s = data;

  g_free (s->game);
  g_free (s->played_on);
  g_free (s);
}

/**
 * xq_library_get_history:
 *
 * Returns: (transfer full) (element-type XqLibraryRatingStep) (nullable):
 *   the player's rating after each rated game, per game, in order
 */
GPtrArray *
xq_library_get_history (XqLibrary   *self,
                        const char  *name,
                        GError     **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (step_free);
  gint64 id;
  gpointer stmt;
  XqLibraryStep step;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  if (!find_player_id (self, name, &id, error))
    return NULL;
  stmt = prepare (self, error,
                  "SELECT t.game, g.played_on, t.game_id, t.mu, t.sigma FROM ratings t JOIN games g ON g.id = t.game_id "
                  "WHERE t.player_id = ? ORDER BY t.game, t.seq",
                  "i", id);
  if (stmt == NULL)
    return NULL;
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    {
      XqLibraryRatingStep *s = g_new0 (XqLibraryRatingStep, 1);

      s->game = column_dup (self, stmt, 0);
      s->played_on = column_dup (self, stmt, 1);
      s->game_id = self->backend->column_int64 (stmt, 2);
      s->mu = self->backend->column_double (stmt, 3);
      s->sigma = self->backend->column_double (stmt, 4);
      g_ptr_array_add (list, s);
    }
  self->backend->finalize (stmt);
  if (step != XQ_LIBRARY_STEP_DONE)
    return NULL;
  return g_steal_pointer (&list);
}

static void
rating_free (gpointer data)
{
  XqLibraryRating *rating = data;

  g_free (rating->game);
  g_free (rating->player);
  g_free (rating);
}

/* By game, then the best conservative rating first, then by name. */
static gint
compare_ratings (gconstpointer a,
                 gconstpointer b)
{
  const XqLibraryRating *ra = *(const XqLibraryRating * const *) a;
  const XqLibraryRating *rb = *(const XqLibraryRating * const *) b;
  double oa = ra->mu - 3.0 * ra->sigma, ob = rb->mu - 3.0 * rb->sigma;
  int by_game = strcmp (ra->game, rb->game);

  if (by_game != 0)
    return by_game;
  if (oa != ob)
    return oa > ob ? -1 : 1;
  return strcmp (ra->player, rb->player);
}

/**
 * xq_library_get_ratings:
 *
 * Returns: (transfer full) (element-type XqLibraryRating) (nullable): every
 *   rated player's current rating, by game, best first
 */
GPtrArray *
xq_library_get_ratings (XqLibrary  *self,
                        GError    **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (rating_free);
  gpointer stmt;
  XqLibraryStep step;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  stmt = prepare (self, error,
                  "SELECT t.game, p.name, t.mu, t.sigma, "
                  "(SELECT count (*) FROM ratings c WHERE c.player_id = t.player_id AND c.game = t.game) "
                  "FROM ratings t JOIN players p ON p.id = t.player_id "
                  "WHERE t.seq = (SELECT max (seq) FROM ratings m WHERE m.player_id = t.player_id AND m.game = t.game)",
                  NULL);
  if (stmt == NULL)
    return NULL;
  while ((step = self->backend->step (stmt, error)) == XQ_LIBRARY_STEP_ROW)
    {
      XqLibraryRating *rating = g_new0 (XqLibraryRating, 1);

      rating->game = column_dup (self, stmt, 0);
      rating->player = column_dup (self, stmt, 1);
      rating->mu = self->backend->column_double (stmt, 2);
      rating->sigma = self->backend->column_double (stmt, 3);
      rating->plays = (guint) self->backend->column_int64 (stmt, 4);
      g_ptr_array_add (list, rating);
    }
  self->backend->finalize (stmt);
  if (step != XQ_LIBRARY_STEP_DONE)
    return NULL;
  g_ptr_array_sort (list, compare_ratings);
  return g_steal_pointer (&list);
}

/* ---- Aliases ---- */

/**
 * xq_library_merge:
 * @self: a library
 * @name: a name the player to merge played under
 * @into: a name of the player who stays
 * @error: return location for a #GError
 *
 * Makes two players one ("Anne" is "Ann"): every name of @name's player
 * becomes @into's player's, with their results; the ratings are replayed.
 * Refused when they already are one, or played in the same game.
 *
 * Returns: %TRUE if merged
 */
gboolean
xq_library_merge (XqLibrary   *self,
                  const char  *name,
                  const char  *into,
                  GError     **error)
{
  gint64 from_id, into_id, shared;
  gboolean found;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), FALSE);

  if (!find_player_id (self, name, &from_id, error) || !find_player_id (self, into, &into_id, error))
    return FALSE;
  if (from_id == into_id)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED, _("“%s” and “%s” are already one player"),
                   XQ_QUOTE (name), XQ_QUOTE (into));
      return FALSE;
    }
  if (!query_int64 (self, &shared, &found, error,
                    "SELECT a.game_id FROM results a JOIN results b ON b.game_id = a.game_id "
                    "WHERE a.player_id = ? AND b.player_id = ? LIMIT 1",
                    "ii", from_id, into_id))
    return FALSE;
  if (found)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED,
                   _("“%s” and “%s” played in the same game, so they are two people"), XQ_QUOTE (name),
                   XQ_QUOTE (into));
      return FALSE;
    }
  if (!begin (self, error))
    return FALSE;
  if (!run (self, error, "UPDATE aliases SET player_id = ? WHERE player_id = ?", "ii", into_id, from_id)
      || !run (self, error, "UPDATE results SET player_id = ? WHERE player_id = ?", "ii", into_id, from_id)
      || !run (self, error, "DELETE FROM ratings WHERE player_id = ?", "i", from_id)
      || !run (self, error, "DELETE FROM players WHERE id = ?", "i", from_id) || !recompute_ratings (self, error)
      || !commit (self, error))
    {
      rollback (self);
      return FALSE;
    }
  return TRUE;
}

/**
 * xq_library_split:
 * @self: a library
 * @name: one name of a player who has several
 * @error: return location for a #GError
 *
 * Undoes a merge for one name: the games played under @name (and the
 * spellings the engine takes for it) go to a player of their own.
 *
 * Returns: %TRUE if split
 */
gboolean
xq_library_split (XqLibrary   *self,
                  const char  *name,
                  GError     **error)
{
  g_autofree char *key = xq_notation_name_key (name);
  g_autofree char *old_name = NULL;
  g_autofree char *old_key = NULL;
  gint64 player_id, n_aliases, new_id;
  gboolean found;
  gpointer stmt;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), FALSE);

  if (!find_player_id (self, name, &player_id, error))
    return FALSE;
  if (!query_int64 (self, &n_aliases, &found, error, "SELECT count (*) FROM aliases WHERE player_id = ?", "i",
                    player_id))
    return FALSE;
  if (n_aliases < 2)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED,
                   _("“%s” is the only name of its player; there is nothing to split"), XQ_QUOTE (name));
      return FALSE;
    }
  stmt = prepare (self, error, "SELECT name FROM players WHERE id = ?", "i", player_id);
  if (stmt == NULL)
    return FALSE;
  if (self->backend->step (stmt, error) == XQ_LIBRARY_STEP_ROW)
    old_name = column_dup (self, stmt, 0);
  self->backend->finalize (stmt);
  old_key = xq_notation_name_key (old_name != NULL ? old_name : "");

  if (!begin (self, error))
    return FALSE;
  if (!query_int64 (self, &new_id, &found, error, "INSERT INTO players (name) VALUES (?) RETURNING id", "s", name)
      || !run (self, error, "UPDATE aliases SET player_id = ? WHERE key = ?", "is", new_id, key)
      || !run (self, error, "UPDATE results SET player_id = ? WHERE name_key = ? AND player_id = ?", "isi", new_id, key,
               player_id))
    goto failed;
  /* The player who stays takes the name of one of the names left. */
  if (g_strcmp0 (old_key, key) == 0
      && !run (self, error,
               "UPDATE players SET name = (SELECT min (r.name) FROM results r JOIN aliases a ON a.key = r.name_key "
               "WHERE a.player_id = ?) WHERE id = ? AND EXISTS (SELECT 1 FROM results WHERE player_id = ?)",
               "iii", player_id, player_id, player_id))
    goto failed;
  if (!recompute_ratings (self, error) || !commit (self, error))
    goto failed;
  return TRUE;

failed:
  rollback (self);
  return FALSE;
}
