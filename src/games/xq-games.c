/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one place that lists the games: the core itself names none. */

#include "config.h"

#include "ft-game.h"
#include "fx-game.h"
#include "xq-games.h"

void
xq_games_register_all (void)
{
  xq_game_register (fx_game_get ());
  xq_game_register (ft_game_get ());
}
