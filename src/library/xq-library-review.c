/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library, reviews: storing each player's loss from a game review that the app or the CLI has run. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-library-private.h"

/* The game the library read from @file, if the file is still what it read:
 * a review of a file changed since would be stored against another game. */
static gboolean
game_of_file (XqLibrary  *self,
              GFile      *file,
              gint64     *game_id,
              GError    **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *key = path != NULL ? g_strdup (path) : g_file_get_uri (file);
  g_autofree char *shown = g_file_get_parse_name (file);
  g_autoptr(GFileInfo) info = NULL;
  gint64 mtime = 0, size = 0;
  gboolean found = FALSE;
  XqLibraryStep step;
  gpointer stmt;

  stmt = _xq_library_prepare (self, error, "SELECT game_id, mtime, size FROM files WHERE path = ?", "s", key);
  if (stmt == NULL)
    return FALSE;
  step = self->backend->step (stmt, error);
  if (step == XQ_LIBRARY_STEP_ROW)
    {
      found = TRUE;
      *game_id = self->backend->column_int64 (stmt, 0);
      mtime = self->backend->column_int64 (stmt, 1);
      size = self->backend->column_int64 (stmt, 2);
    }
  self->backend->finalize (stmt);
  if (step == XQ_LIBRARY_STEP_ERROR)
    return FALSE;
  if (!found)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND,
                   _("%s is not in the library; add it before storing its review"), shown);
      return FALSE;
    }
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                            G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return FALSE;
  if (g_file_info_get_size (info) != size
      || (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
                 + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC)
             != mtime)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED,
                   _("%s changed since the library read it; add it again before storing its review"), shown);
      return FALSE;
    }
  return TRUE;
}

/**
 * xq_library_set_review:
 * @self: a library
 * @file: (nullable): the file of the reviewed game, as the library read it
 * @content_hash: (nullable): or the game's content hash: the SHA-256 in hex,
 *   as after the colon of the fingerprint xq_session_load () gives ("SIZE:HEX";
 *   the whole fingerprint is taken too)
 * @depth: how deep the review searched
 * @seats: (array length=n_seats): each player's turns and loss, in seat order
 * @n_seats: the game's number of players
 * @error: return location for a #GError
 *
 * Stores a game review's figures for each player of one game, replacing any
 * stored before. The record then gives the player's average loss per turn
 * over their reviewed games (xq_library_get_records ()). Exactly one of
 * @file and @content_hash is given. A game the library does not hold is
 * %XQ_LIBRARY_ERROR_NOT_FOUND; a file changed since it was read, which
 * would be another game, %XQ_LIBRARY_ERROR_REFUSED; seats that are not the
 * game's, or a loss below 0, %XQ_LIBRARY_ERROR_INVALID.
 *
 * Returns: %TRUE if stored
 */
gboolean
xq_library_set_review (XqLibrary                  *self,
                       GFile                      *file,
                       const char                 *content_hash,
                       guint                       depth,
                       const XqLibraryReviewSeat  *seats,
                       guint                       n_seats,
                       GError                    **error)
{
  gint64 game_id = 0, n_players = 0;
  gboolean found;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail ((file == NULL) != (content_hash == NULL), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);
  g_return_val_if_fail (seats != NULL || n_seats == 0, FALSE);

  if (file != NULL)
    {
      if (!game_of_file (self, file, &game_id, error))
        return FALSE;
    }
  else
    {
      const char *colon = strrchr (content_hash, ':');
      const char *hash = colon != NULL ? colon + 1 : content_hash;

      if (!_xq_library_query_int64 (self, &game_id, &found, error, "SELECT id FROM games WHERE content_hash = ?", "s",
                                    hash))
        return FALSE;
      if (!found)
        {
          g_autofree char *shown = g_strescape (hash, NULL);

          g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND,
                       _("no game with the content %s is in the library; add its file before storing its review"),
                       shown);
          return FALSE;
        }
    }
  if (!_xq_library_query_int64 (self, &n_players, &found, error, "SELECT n_players FROM games WHERE id = ?", "i", game_id))
    return FALSE;
  if ((gint64) n_seats != n_players)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_INVALID,
                   ngettext ("the review covers %u player, and the game has %u; nothing was stored",
                             "the review covers %u players, and the game has %u; nothing was stored", n_seats),
                   n_seats, (guint) n_players);
      return FALSE;
    }
  for (guint i = 0; i < n_seats; i++)
    if (seats[i].loss_half < 0)
      {
        g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_INVALID,
                     _("a review’s loss cannot be below 0 (seat %u); nothing was stored"), i + 1);
        return FALSE;
      }

  if (!_xq_library_begin (self, error))
    return FALSE;
  for (guint i = 0; i < n_seats; i++)
    if (!_xq_library_run (self, error, "UPDATE results SET review_turns = ?, review_loss_half = ? WHERE game_id = ? AND seat = ?",
                          "iiii", (gint64) seats[i].turns, seats[i].loss_half, game_id, (gint64) i))
      goto failed;
  if (!_xq_library_run (self, error, "UPDATE games SET review_depth = ? WHERE id = ?", "ii", (gint64) depth, game_id)
      || !_xq_library_commit (self, error))
    goto failed;
  return TRUE;

failed:
  _xq_library_rollback (self);
  return FALSE;
}
