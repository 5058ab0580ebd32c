/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Chart data of a For-Ex game: one point at the start and one after every move. */

#include "config.h"

#include <string.h>

#include "fx-game.h"
#include "fx-score.h"
#include "fx-series.h"

/* Today's board and pairs, and the standing the table is shown
 * (fx_score_standing_resolved()): once the game is over, what `score` says. */
static void
fill_point (const FxSetup *setup,
            const FxState *state,
            FxSeriesPoint *point)
{
  FxStrongest today;
  FxStanding standing;
  FxState end;

  fx_score_strongest (state, &today);
  point->board = state->board;
  memcpy (point->pairs_won, today.pairs_won, sizeof point->pairs_won);
  fx_score_standing_resolved (setup, state, &end, &standing);
  point->strongest = standing.strongest.strongest;
  for (int p = 0; p < state->n_players; p++)
    {
      point->standing[p] = standing.players[p].total;
      point->winners[p] = standing.winners[p];
    }
}

/**
 * fx_series_new:
 * @session: a For-Ex session
 *
 * Replays @session from its setup, keeping after every move what the charts
 * plot: pairs won per currency, the standing the table is shown (the game
 * as it would end if every turn from then on were a resolve; always in some
 * currency) and the board's rates.
 *
 * Returns: (transfer full): the series; free with fx_series_free()
 */
FxSeries *
fx_series_new (XqSession *session)
{
  const FxSetup *setup;
  FxSeries *series;
  FxState state;

  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);
  g_return_val_if_fail (xq_session_get_game (session) == fx_game_get (), NULL);

  setup = xq_session_get_setup (session);
  series = g_new0 (FxSeries, 1);
  series->n_players = setup->n_players;
  series->n_points = xq_session_get_n_moves (session) + 1;
  series->points = g_new0 (FxSeriesPoint, series->n_points);

  xq_session_get_state_at (session, 0, &state);
  fill_point (setup, &state, &series->points[0]);
  for (guint i = 1; i < series->n_points; i++)
    {
      if (!fx_state_apply (setup, &state, xq_session_get_move (session, i - 1), NULL))
        g_warn_if_reached ();
      fill_point (setup, &state, &series->points[i]);
    }
  return series;
}

void
fx_series_free (FxSeries *series)
{
  if (series == NULL)
    return;
  g_free (series->points);
  g_free (series);
}

/**
 * fx_series_pair_step:
 * @point: a point
 * @a: a currency
 * @b: another currency
 *
 * The pair's counter as a signed step count, an exact axis for a rate chart:
 * k > 0 when @a is stronger at track space k + 1 (1 @a = value @b), −k when
 * @b is, and 0 at par (value 1, whichever side holds the counter). Moving one
 * step in the rules moves this by one, except that steps at the 8 space are
 * lost.
 *
 * Returns: −9 … 9
 */
int
fx_series_pair_step (const FxSeriesPoint *point,
                     FxCurrency           a,
                     FxCurrency           b)
{
  const FxPair *pair;

  g_return_val_if_fail (a != b, 0);
  pair = &point->board.pairs[fx_pair_index (a, b)];
  return pair->stronger == (gint8) a ? pair->space : -pair->space;
}
