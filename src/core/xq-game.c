/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The registry of games, filled by the executables at start-up. */

#include "config.h"

#include "xq-game.h"

static GPtrArray *registry;

/**
 * xq_game_register:
 * @game: a game's table, which must outlive the process
 *
 * Makes @game known to the notation and session readers. Registering the same
 * game twice is harmless.
 */
void
xq_game_register (const XqGame *game)
{
  g_return_if_fail (game != NULL && game->id != NULL);

  if (registry == NULL)
    registry = g_ptr_array_new ();
  if (xq_game_lookup (game->id) == NULL)
    g_ptr_array_add (registry, (gpointer) game);
}

/**
 * xq_game_lookup:
 * @id: a game id, compared without regard to ASCII case
 *
 * Returns: (nullable): the registered game
 */
const XqGame *
xq_game_lookup (const char *id)
{
  if (registry == NULL || id == NULL)
    return NULL;
  for (guint i = 0; i < registry->len; i++)
    {
      const XqGame *game = g_ptr_array_index (registry, i);

      if (g_ascii_strcasecmp (game->id, id) == 0)
        return game;
    }
  return NULL;
}

/* For messages: the registered ids, in order, comma-separated. */
char *
xq_game_list_ids (void)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; registry != NULL && i < registry->len; i++)
    {
      const XqGame *game = g_ptr_array_index (registry, i);

      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, game->id);
    }
  return g_string_free (out, FALSE);
}
