/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library, adding: a game file read into one transaction, a folder scanned, files gone forgotten. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-library-private.h"
#include "xq-session-file.h"

/* The player who plays under @name, made when the name is new. */
static gboolean
resolve_player (XqLibrary   *self,
                const char  *name,
                const char  *key,
                gint64      *player_id,
                GError     **error)
{
  gboolean found;

  if (!_xq_library_query_int64 (self, player_id, &found, error, "SELECT player_id FROM aliases WHERE key = ?", "s", key))
    return FALSE;
  if (found)
    return TRUE;
  if (!_xq_library_query_int64 (self, player_id, &found, error, "INSERT INTO players (name) VALUES (?) RETURNING id", "s", name))
    return FALSE;
  g_assert (found);
  return _xq_library_run (self, error, "INSERT INTO aliases (key, player_id) VALUES (?, ?)", "si", key, *player_id);
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

  if (!_xq_library_query_int64 (self, game_id, &found, error,
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
          || !_xq_library_run (self, error,
                   "INSERT INTO results (game_id, seat, name, name_key, player_id, place, total_half, margin_half, "
                   "won, shared_win, bankrupt, loans) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   "iissiiiiiiin", *game_id, (gint64) i, entry->name, entry->key, player_id, (gint64) entry->placing,
                   entry->total_half, entry->margin_half, (gint64) entry->won,
                   (gint64) (entry->won && read->n_winners > 1), (gint64) entry->bankrupt, entry->loans))
        return FALSE;
    }
  return TRUE;
}

/* A game indexed before the library counted loans (schema 2) gets them
 * when its file is read again: the v3 migration marks every file so. Only
 * figures that are not known yet are written; nothing else of the game
 * changes, its content being the same. */
static gboolean
fill_loans (XqLibrary  *self,
            XqSession  *session,
            const char *hash,
            gboolean    has_times,
            gint64      mtime,
            GError    **error)
{
  g_autoptr(XqLibraryRead) read = NULL;
  gint64 game_id, unknown;
  gboolean found;

  if (xq_session_get_game (session)->count_loans == NULL)
    return TRUE;
  if (!_xq_library_query_int64 (self, &game_id, &found, error, "SELECT id FROM games WHERE content_hash = ?", "s", hash))
    return FALSE;
  if (!found)
    return TRUE;
  if (!_xq_library_query_int64 (self, &unknown, &found, error,
                                "SELECT count (*) FROM results WHERE game_id = ? AND loans IS NULL", "i", game_id))
    return FALSE;
  if (unknown == 0)
    return TRUE;
  read = _xq_library_read_session (session, has_times, mtime, error);
  if (read == NULL || !_xq_library_begin (self, error))
    return FALSE;
  for (guint i = 0; i < read->entries->len; i++)
    {
      const XqLibraryEntry *entry = g_ptr_array_index (read->entries, i);

      if (!_xq_library_run (self, error, "UPDATE results SET loans = ? WHERE game_id = ? AND seat = ? AND loans IS NULL",
                            "nii", entry->loans, game_id, (gint64) i))
        {
          _xq_library_rollback (self);
          return FALSE;
        }
    }
  return _xq_library_commit (self, error);
}

/* A game no file points at any more is gone from the library. */
static gboolean
drop_orphans (XqLibrary  *self,
              GError    **error)
{
  return _xq_library_run (self, error, "DELETE FROM games WHERE id NOT IN (SELECT game_id FROM files)", NULL);
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
  if (!_xq_library_begin (self, error))
    return FALSE;
  if (!_xq_library_run (self, error, "DELETE FROM files WHERE path = ?", "s", path) || !drop_orphans (self, error)
      || (ratings && !_xq_library_recompute_ratings (self, error)) || !_xq_library_commit (self, error))
    {
      _xq_library_rollback (self);
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
  stmt = _xq_library_prepare (self, error,
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
      old_hash = _xq_library_column_dup (self, stmt, 3);
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
      return fill_loans (self, session, hash, !xq_session_file_is_notation (file), mtime, error)
             && _xq_library_run (self, error, "UPDATE files SET mtime = ?, size = ? WHERE id = ?", "iii", mtime, size, file_id);
    }
  read = _xq_library_read_session (session, !xq_session_file_is_notation (file), mtime, error);
  if (read == NULL)
    return FALSE;

  if (!_xq_library_begin (self, error))
    return FALSE;
  /* Under the write lock: another process may have added this path or
   * this game since the look above, and each is recorded once. */
  if (!_xq_library_query_int64 (self, &file_id, &known, error, "SELECT id FROM files WHERE path = ?", "s", path))
    goto failed;
  if (!_xq_library_query_int64 (self, &game_id, &found, error, "SELECT id FROM games WHERE content_hash = ?", "s", hash))
    goto failed;
  if (!found && !insert_game (self, read, hash, &game_id, error))
    goto failed;
  if (known)
    {
      if (!_xq_library_run (self, error, "UPDATE files SET game_id = ?, mtime = ?, size = ? WHERE id = ?", "iiii", game_id, mtime,
                size, file_id)
          || !drop_orphans (self, error))
        goto failed;
    }
  else if (!_xq_library_run (self, error, "INSERT INTO files (path, game_id, mtime, size) VALUES (?, ?, ?, ?)", "siii", path,
                 game_id, mtime, size))
    goto failed;
  if ((ratings && !_xq_library_recompute_ratings (self, error)) || !_xq_library_commit (self, error))
    goto failed;
  *outcome = known ? XQ_LIBRARY_UPDATED : XQ_LIBRARY_ADDED;
  return TRUE;

failed:
  _xq_library_rollback (self);
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
  g_ptr_array_sort (names, _xq_library_compare_strings);
  g_ptr_array_sort (folders, _xq_library_compare_strings);
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
 * xq_library_outcome_to_string:
 *
 * Returns: the word for @outcome in machine-readable output ("added",
 *   "unchanged", "updated", "vanished"); not translated
 */
const char *
xq_library_outcome_to_string (XqLibraryOutcome outcome)
{
  switch (outcome)
    {
    case XQ_LIBRARY_ADDED:
      return "added";
    case XQ_LIBRARY_UNCHANGED:
      return "unchanged";
    case XQ_LIBRARY_UPDATED:
      return "updated";
    case XQ_LIBRARY_VANISHED:
      return "vanished";
    default:
      g_assert_not_reached ();
    }
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
  g_autoptr(GPtrArray) known = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *root = NULL;
  gpointer stmt;

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
  stmt = _xq_library_prepare (self, error, "SELECT path FROM files WHERE substr (path, 1, ?) = ?", "is",
                  (gint64) g_utf8_strlen (prefix, -1), prefix);
  known = _xq_library_collect_rows (self, stmt, _xq_library_read_text, g_free, error);
  if (known == NULL)
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

  return _xq_library_rerate (self, error);
}

