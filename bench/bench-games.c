/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The long game the benchmarks share, so they time the same evening. */

#include "config.h"

#include "bench-games.h"
#include "fx-game.h"
#include "fx-random-play.h"

#define MAX_MOVES 10000

/* The first seed of the long style whose game reaches BENCH_LONG_GAME_TURNS
 * turns, or NULL. */
XqSession *
bench_find_long_game (guint64 *out_seed,
                      guint   *out_players)
{
  for (guint64 seed = 0; seed < BENCH_MAX_SEEDS; seed++)
    {
      guint n_players = 2 + (guint) (seed % 5);
      XqSession *game = fx_random_game (seed, n_players, &fx_random_style_long, MAX_MOVES);
      const FxState *end = xq_session_get_state (game);

      if (end->turn >= BENCH_LONG_GAME_TURNS)
        {
          *out_seed = seed;
          *out_players = n_players;
          return game;
        }
      g_object_unref (game);
    }
  return NULL;
}

/* The first @turns turns of @game, as a session saved at that point of the
 * evening, with a minute between moves (as real files have: every time
 * differs). */
XqSession *
bench_first_turns (XqSession *game,
                   guint      turns)
{
  const XqGame *rules = xq_session_get_game (game);
  XqSession *cut = xq_session_new (rules, xq_session_get_setup (game));

  for (guint i = 0; i < xq_session_get_n_moves (game); i++)
    {
      g_autoptr(GError) error = NULL;

      if (!xq_session_play (cut, xq_session_get_move (game, i), xq_session_get_move_reason (game, i), &error))
        g_error ("replaying the long game failed: %s", error->message);
      xq_session_set_move_time (cut, i, 1767225600 + 60 * (gint64) i);
      if (((const FxState *) xq_session_get_state (cut))->turn >= turns
          && xq_session_check_complete (cut, NULL, NULL))
        break;
    }
  return cut;
}
