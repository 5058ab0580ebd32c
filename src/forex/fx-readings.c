/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rulebook reads two ways in three places: where each met a game, and what
 * the other reading would have given (exchequer-cli score --readings). */

#include "config.h"

#include <string.h>

#include "fx-readings.h"

/* What the other reading's standing says beside the one the game has. */
static void
compare (const FxStanding *applied,
         const FxStanding *other,
         FxPointResult    *r)
{
  if (other->strongest.strongest == FX_NO_CURRENCY)
    r->other = FX_OTHER_NO_WINNER;
  else if (applied->strongest.strongest != FX_NO_CURRENCY
           && memcmp (applied->winners, other->winners, sizeof applied->winners) == 0)
    r->other = FX_OTHER_WINNER_SAME;
  else
    {
      r->other = FX_OTHER_WINNER_CHANGES;
      memcpy (r->winners, other->winners, sizeof r->winners);
    }
}

/* A half-buck in the strongest currency: kept, or rounded down with all monies. */
static void
rounding_point (const FxSetup *setup,
                const FxState *end,
                FxPointResult *r)
{
  FxStanding applied, other;
  FxCurrency s;

  fx_score_standing_under (end, setup->readings, &applied);
  s = applied.strongest.strongest;
  if (s == FX_NO_CURRENCY)
    return;
  for (int p = 0; p < end->n_players; p++)
    r->applied |= end->cash[p][s] % 2 != 0;
  if (!r->applied)
    return;
  fx_score_standing_under (end, setup->readings ^ FX_READING_ROUND_ALL, &other);
  compare (&applied, &other, r);
}

/* Six players: a game under 2–6, none under 2–5. */
static void
players_point (const FxSetup *setup,
               FxPointResult *r)
{
  r->applied = setup->n_players == FX_MAX_PLAYERS && !(setup->readings & FX_READING_FIVE_PLAYERS);
  r->other = FX_OTHER_NO_GAME;
}

static gboolean
dividend_in_front (const FxState *s)
{
  return s->queue_len > 0 && s->queue[0].kind == FX_ITEM_DIVIDENDS;
}

/* A dividend resolved while nobody holds a certificate: the game is played
 * again under the other reading, the same moves in the same order, a tie
 * choice the other reading does not ask for left out. */
static void
strengthen_point (XqSession     *session,
                  FxPointResult *r)
{
  const FxSetup *setup = xq_session_get_setup (session);
  FxSetup other_setup = *setup;
  guint n = xq_session_get_n_moves (session);
  FxState game, other;
  FxStanding applied_standing, other_standing;
  gboolean diverged = FALSE;

  other_setup.readings ^= FX_READING_NONE_STRENGTHENED;
  fx_state_init (setup, &game);
  fx_state_init (&other_setup, &other);
  for (guint i = 0; i < n; i++)
    {
      const FxMove *m = xq_session_get_move (session, i);
      FxMove again = *m;

      if (m->kind == FX_MOVE_RESOLVE && dividend_in_front (&game) && fx_state_none_held (&game))
        r->count++;
      if (!fx_state_apply (setup, &game, m, NULL))
        g_return_if_reached ();   /* the session holds legal moves only */
      if (diverged)
        continue;

      if (again.kind == FX_MOVE_RESOLVE && dividend_in_front (&other) && fx_state_none_held (&other)
          && (other_setup.readings & FX_READING_NONE_STRENGTHENED))
        again.cur[0] = FX_NO_CURRENCY;
      if (again.kind == FX_MOVE_STRONGEST && fx_state_is_over (&other))
        {
          FxStrongest strongest;

          fx_score_strongest (&other, &strongest);
          if (strongest.n_tied == 1)
            continue;
        }
      if (!fx_state_apply (&other_setup, &other, &again, NULL))
        {
          diverged = TRUE;
          r->move = i;
        }
    }
  r->applied = r->count > 0;
  if (!r->applied)
    return;
  if (!diverged && fx_state_is_over (&game) && !fx_state_is_over (&other))
    {
      diverged = TRUE;
      r->move = n;
    }
  if (diverged)
    {
      r->other = FX_OTHER_DIVERGES;
      return;
    }
  fx_score_standing_under (&game, setup->readings, &applied_standing);
  fx_score_standing_under (&other, other_setup.readings, &other_standing);
  compare (&applied_standing, &other_standing, r);
}

/**
 * fx_readings_compute:
 * @session: a For-Ex game
 * @out: (out caller-allocates): each point, whether it arose and what the
 *   other reading would give
 *
 * Rounding and the number of players are judged on the table as it is now
 * (provisional mid-game, as `score` is); the strengthening replays the game.
 */
void
fx_readings_compute (XqSession  *session,
                     FxReadings *out)
{
  const FxSetup *setup = xq_session_get_setup (session);

  memset (out, 0, sizeof *out);
  rounding_point (setup, xq_session_get_state (session), &out->points[FX_POINT_ROUNDING]);
  players_point (setup, &out->points[FX_POINT_PLAYERS]);
  strengthen_point (session, &out->points[FX_POINT_STRENGTHEN]);
}

/**
 * fx_readings_write:
 * @session: the game @readings were computed for
 * @readings: fx_readings_compute()'s result
 * @out: where the lines go
 *
 * `provisional` while the game is not over, then for each point that arose:
 * `reading POINT applied READING other READING [dividends N] RESULT`, RESULT
 * being `winner-same`, `winner-changes PLAYER…`, `no-winner`, `no-game`,
 * `diverges move N` (1-based, as `state --after` counts) or `diverges end`.
 */
void
fx_readings_write (XqSession        *session,
                   const FxReadings *readings,
                   GString          *out)
{
  const FxSetup *setup = xq_session_get_setup (session);

  if (!fx_state_is_over (xq_session_get_state (session)))
    g_string_append (out, "provisional\n");
  for (int point = 0; point < FX_N_POINTS; point++)
    {
      const FxPointResult *r = &readings->points[point];
      gboolean swapped = (setup->readings & fx_reading_of (point)) != 0;

      if (!r->applied)
        continue;
      g_string_append_printf (out, "reading %s applied %s other %s", fx_point_word (point),
                              fx_reading_word (point, swapped), fx_reading_word (point, !swapped));
      if (point == FX_POINT_STRENGTHEN)
        g_string_append_printf (out, " dividends %u", r->count);
      switch (r->other)
        {
        case FX_OTHER_WINNER_SAME:
          g_string_append (out, " winner-same");
          break;
        case FX_OTHER_WINNER_CHANGES:
          g_string_append (out, " winner-changes");
          for (int p = 0; p < setup->n_players; p++)
            {
              if (!r->winners[p])
                continue;
              g_string_append_c (out, ' ');
              xq_notation_append_name (out, setup->names[p]);
            }
          break;
        case FX_OTHER_NO_WINNER:
          g_string_append (out, " no-winner");
          break;
        case FX_OTHER_NO_GAME:
          g_string_append (out, " no-game");
          break;
        case FX_OTHER_DIVERGES:
          if (r->move < xq_session_get_n_moves (session))
            g_string_append_printf (out, " diverges move %u", r->move + 1);
          else
            g_string_append (out, " diverges end");
          break;
        default:
          g_assert_not_reached ();
        }
      g_string_append_c (out, '\n');
    }
}
