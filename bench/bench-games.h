/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The long game every benchmark times: the first random game of the long
 * style that reaches 200 turns. */
#pragma once

#include "xq-session.h"

G_BEGIN_DECLS

#define BENCH_LONG_GAME_TURNS 200
#define BENCH_MAX_SEEDS 5000

XqSession *bench_find_long_game (guint64   *out_seed,
                                 guint     *out_players);
XqSession *bench_first_turns    (XqSession *game,
                                 guint      turns);

G_END_DECLS
