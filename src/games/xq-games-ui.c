/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one place that lists the games' user interfaces: the app's shared code
 * names none. The order is the new-game dialog's. */

#include "config.h"

#include "ft-game-ui.h"
#include "fx-game-ui.h"
#include "xq-games-ui.h"

const XqGameUi *const *
xq_games_ui_list (guint *n_games)
{
  static const XqGameUi *list[2];

  if (list[0] == NULL)
    {
      list[0] = fx_game_ui_get ();
      list[1] = ft_game_ui_get ();
    }
  *n_games = G_N_ELEMENTS (list);
  return list;
}
