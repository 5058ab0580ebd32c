/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One turn of the review: its value, the best turn in its place, and the
 * deeper search (--depth N) where the following players reply.
 *
 * Depth 1 is exact: every alternative is tried and valued by the mover's
 * projected margin after it.
 *
 * Depth N > 1 is max^n with a beam. A position with d turns still to search
 * is valued, for everyone at once, as follows: when d is 0 or the game is
 * over, by the margins of the position itself, a tied strongest currency
 * chosen in favour of the player who moved last; otherwise the player to move
 * tries every turn (full width), keeps the FX_REVIEW_BEAM best by their
 * depth-1 value (ties by text), values each of those by searching the
 * position after it with d − 1 turns, and picks the one whose result is best
 * for them (ties: the better depth-1 rank). Its result is the position's.
 * At the reviewed turn itself, the candidates are the FX_REVIEW_BEAM best
 * alternatives by depth-1 value and the played turn; each is valued by
 * searching the position after it with N − 1 turns, and the best of them
 * (ties by text) is `best`. The played turn is a candidate, so the loss is
 * never negative. A search of depth N costs about (BEAM + 1) · BEAM^(N−2)
 * full-width enumerations per turn: depth 2 is five times depth 1.
 */

#include "config.h"

#include <string.h>

#include "fx-review-private.h"

static void
apply_turn (const FxSetup *setup,
            FxState       *state,
            const FxMove  *moves,
            guint          n_moves)
{
  for (guint i = 0; i < n_moves; i++)
    if (!fx_state_apply (setup, state, &moves[i], NULL))
      g_assert_not_reached ();
}

/**
 * fx_review_search:
 * @ev: the evaluator
 * @position: a position between turns
 * @depth: how many turns are still to be searched
 * @last_mover: who moved into @position (a tied strongest currency is theirs to choose at a leaf)
 * @margins: (out): every player's margin at the end of the line the players choose
 *
 * Returns: %FALSE when the cancellable fired
 */
gboolean
fx_review_search (FxReviewEval  *ev,
                  const FxState *position,
                  guint          depth,
                  int            last_mover,
                  XqAmount       margins[FX_MAX_PLAYERS])
{
  FxReviewChoice beam[FX_REVIEW_BEAM];
  guint n_beam = 0;
  int mover = position->next_player;
  gboolean found = FALSE;

  g_assert (depth <= FX_REVIEW_MAX_DEPTH);
  if (depth == 0 || fx_state_is_over (position))
    {
      fx_review_margins (ev, position, last_mover, margins);
      return TRUE;
    }
  if (!fx_review_best_turns (ev, position, beam, depth == 1 ? 1 : FX_REVIEW_BEAM, &n_beam))
    return FALSE;
  g_assert (n_beam > 0);   /* resolving the queue's front is always possible */
  for (guint i = 0; i < n_beam; i++)
    {
      FxState child = *position;
      XqAmount m[FX_MAX_PLAYERS];

      apply_turn (ev->setup, &child, beam[i].moves, beam[i].n_moves);
      if (depth == 1)
        fx_review_margins_in_place (ev, &child, mover, m);
      else if (!fx_review_search (ev, &child, depth - 1, mover, m))
        return FALSE;
      if (!found || m[mover] > margins[mover])
        {
          memcpy (margins, m, sizeof m);
          found = TRUE;
        }
    }
  return TRUE;
}

/**
 * fx_review_turn:
 * @ev: the evaluator
 * @before: the position before the turn
 * @played: the turn as played: its spot, if any, then its action
 * @n_played: 1 or 2
 * @depth: 1 to FX_REVIEW_MAX_DEPTH
 * @out: (out caller-allocates): the turn's review; @out->move is the caller's
 *
 * Returns: %FALSE when the cancellable fired
 */
gboolean
fx_review_turn (FxReviewEval  *ev,
                const FxState *before,
                const FxMove  *played,
                guint          n_played,
                guint          depth,
                FxReviewTurn  *out)
{
  FxReviewChoice candidates[FX_REVIEW_BEAM + 1];
  FxReviewChoice best;
  FxState after = *before;
  guint n_candidates = 0, n_best = 0;
  int player = before->next_player;

  out->player = (gint8) player;
  out->n_moves = n_played;
  apply_turn (ev->setup, &after, played, n_played);
  out->value = fx_review_margins (ev, &after, player, out->margins);
  ev->evaluated++;

  if (depth <= 1)
    {
      if (!fx_review_best_turns (ev, before, &best, 1, &n_best))
        return FALSE;
      fx_review_offer (ev->setup, &best, 1, &n_best, out->value, played, n_played);
    }
  else
    {
      if (!fx_review_best_turns (ev, before, candidates, FX_REVIEW_BEAM, &n_candidates))
        return FALSE;
      candidates[n_candidates].n_moves = (guint8) n_played;
      memcpy (candidates[n_candidates].moves, played, sizeof (FxMove) * n_played);
      n_candidates++;
      for (guint i = 0; i < n_candidates; i++)
        {
          FxState child = *before;
          XqAmount m[FX_MAX_PLAYERS];

          apply_turn (ev->setup, &child, candidates[i].moves, candidates[i].n_moves);
          if (!fx_review_search (ev, &child, depth - 1, player, m))
            return FALSE;
          /* The played turn is the last candidate. */
          if (i == n_candidates - 1)
            out->value = m[player];
          fx_review_offer (ev->setup, &best, 1, &n_best, m[player], candidates[i].moves, candidates[i].n_moves);
        }
    }
  g_assert (n_best == 1);
  out->best = best.value;
  out->loss = best.value - out->value;
  g_assert (out->loss >= 0);
  out->n_best_moves = best.n_moves;
  memcpy (out->best_turn, best.moves, sizeof (FxMove) * best.n_moves);
  return TRUE;
}

/**
 * fx_review_hint:
 * @setup: the game's setup
 * @position: a position between turns, the game still on
 * @depth: 1 to %FX_REVIEW_MAX_DEPTH: 1 values each turn by the position
 *   after it; N lets the following N − 1 players reply as the review does
 * @cancellable: (nullable): a #GCancellable
 * @turn: (out caller-allocates): the best turn: its spot, if any, then its action
 * @n_moves: (out): 1 or 2
 * @value: (out): its value for the player to move, as the review counts it
 *
 * The turn the review would call best for the player to move: the same
 * evaluator and the same search, so a hint followed is a turn the review
 * grades Best. Ties go to the turn whose notation sorts first.
 *
 * Returns: %FALSE when @cancellable fired
 */
gboolean
fx_review_hint (const FxSetup *setup,
                const FxState *position,
                guint          depth,
                GCancellable  *cancellable,
                FxMove         turn[2],
                guint         *n_moves,
                XqAmount      *value)
{
  FxReviewEval ev;
  FxReviewChoice candidates[FX_REVIEW_BEAM];
  FxReviewChoice best;
  guint n_candidates = 0, n_best = 0;
  int player = position->next_player;
  gboolean ok = TRUE;

  g_return_val_if_fail (depth >= 1 && depth <= FX_REVIEW_MAX_DEPTH, FALSE);
  g_return_val_if_fail (!fx_state_is_over (position) && position->spot_actor == FX_NO_PLAYER, FALSE);

  fx_review_eval_init (&ev, setup, cancellable);
  if (depth == 1)
    ok = fx_review_best_turns (&ev, position, &best, 1, &n_best);
  else
    {
      ok = fx_review_best_turns (&ev, position, candidates, FX_REVIEW_BEAM, &n_candidates);
      for (guint i = 0; ok && i < n_candidates; i++)
        {
          FxState child = *position;
          XqAmount m[FX_MAX_PLAYERS];

          apply_turn (setup, &child, candidates[i].moves, candidates[i].n_moves);
          ok = fx_review_search (&ev, &child, depth - 1, player, m);
          if (ok)
            fx_review_offer (setup, &best, 1, &n_best, m[player], candidates[i].moves, candidates[i].n_moves);
        }
    }
  fx_review_eval_clear (&ev);
  if (!ok)
    return FALSE;
  g_assert (n_best == 1);
  *n_moves = best.n_moves;
  memcpy (turn, best.moves, sizeof (FxMove) * best.n_moves);
  *value = best.value;
  return TRUE;
}
