/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The games' user interfaces, by game id or in the app's order, from the
 * registry (src/games/xq-games-ui.c): this file names no game. */

#include "config.h"

#include "xq-game-ui.h"
#include "xq-games-ui.h"

/**
 * xq_game_ui_lookup:
 * @game_id: a registered game's id
 *
 * Returns: (nullable): its user interface, or %NULL if the app has none
 */
const XqGameUi *
xq_game_ui_lookup (const char *game_id)
{
  guint n;
  const XqGameUi *const *list = xq_games_ui_list (&n);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (list[i]->game ()->id, game_id) == 0)
      return list[i];
  return NULL;
}

/* How many games the app offers, in the new-game dialog's order. */
guint
xq_game_ui_get_n (void)
{
  guint n;

  xq_games_ui_list (&n);
  return n;
}

const XqGameUi *
xq_game_ui_get_nth (guint index)
{
  guint n;
  const XqGameUi *const *list = xq_games_ui_list (&n);

  g_return_val_if_fail (index < n, NULL);

  return list[index];
}
