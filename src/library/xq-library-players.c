/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library, players: merging two players into one, and splitting a name off again. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-library-private.h"
#include "xq-notation.h"
#include "xq-quote.h"

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

  if (!_xq_library_find_player_id (self, name, &from_id, error) || !_xq_library_find_player_id (self, into, &into_id, error))
    return FALSE;
  if (from_id == into_id)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED, _("“%s” and “%s” are already one player"),
                   XQ_QUOTE (name), XQ_QUOTE (into));
      return FALSE;
    }
  if (!_xq_library_query_int64 (self, &shared, &found, error,
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
  if (!_xq_library_begin (self, error))
    return FALSE;
  if (!_xq_library_run (self, error, "UPDATE aliases SET player_id = ? WHERE player_id = ?", "ii", into_id, from_id)
      || !_xq_library_run (self, error, "UPDATE results SET player_id = ? WHERE player_id = ?", "ii", into_id, from_id)
      || !_xq_library_run (self, error, "DELETE FROM ratings WHERE player_id = ?", "i", from_id)
      || !_xq_library_run (self, error, "DELETE FROM players WHERE id = ?", "i", from_id) || !_xq_library_recompute_ratings (self, error)
      || !_xq_library_commit (self, error))
    {
      _xq_library_rollback (self);
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

  g_return_val_if_fail (XQ_IS_LIBRARY (self), FALSE);

  if (!_xq_library_find_player_id (self, name, &player_id, error))
    return FALSE;
  if (!_xq_library_query_int64 (self, &n_aliases, &found, error, "SELECT count (*) FROM aliases WHERE player_id = ?", "i",
                    player_id))
    return FALSE;
  if (n_aliases < 2)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED,
                   _("“%s” is the only name of its player; there is nothing to split"), XQ_QUOTE (name));
      return FALSE;
    }
  if (!_xq_library_get_player_name (self, player_id, &old_name, error))
    return FALSE;
  old_key = xq_notation_name_key (old_name != NULL ? old_name : "");

  if (!_xq_library_begin (self, error))
    return FALSE;
  if (!_xq_library_query_int64 (self, &new_id, &found, error, "INSERT INTO players (name) VALUES (?) RETURNING id", "s", name)
      || !_xq_library_run (self, error, "UPDATE aliases SET player_id = ? WHERE key = ?", "is", new_id, key)
      || !_xq_library_run (self, error, "UPDATE results SET player_id = ? WHERE name_key = ? AND player_id = ?", "isi", new_id, key,
               player_id))
    goto failed;
  /* The player who stays takes the name of one of the names left. */
  if (g_strcmp0 (old_key, key) == 0
      && !_xq_library_run (self, error,
               "UPDATE players SET name = (SELECT min (r.name) FROM results r JOIN aliases a ON a.key = r.name_key "
               "WHERE a.player_id = ?) WHERE id = ? AND EXISTS (SELECT 1 FROM results WHERE player_id = ?)",
               "iii", player_id, player_id, player_id))
    goto failed;
  if (!_xq_library_recompute_ratings (self, error) || !_xq_library_commit (self, error))
    goto failed;
  return TRUE;

failed:
  _xq_library_rollback (self);
  return FALSE;
}

