/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer-cli review (one line per turn, one per player, the turning point)
 * and exchequer-cli hint (the best turn for the player to move). */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-cli-review.h"
#include "fx-notation.h"
#include "fx-review.h"
#include "xq-error.h"

static void
append_amount (GString  *out,
               XqAmount  amount)
{
  char buf[XQ_AMOUNT_BUF];

  /* As `score` writes amounts; a margin below 0 gets a leading "-". */
  g_string_append (out, xq_amount_format (amount, buf));
}

static void
append_name (GString       *out,
             const FxSetup *setup,
             int            player)
{
  xq_notation_append_name (out, setup->names[player]);
}

/* turn T move N player P value V best B loss L best-turn XQN[ ; XQN] */
static void
write_turn (GString            *out,
            const FxSetup      *setup,
            guint               number,
            const FxReviewTurn *turn)
{
  g_string_append_printf (out, "turn %u move %u player ", number, turn->move);
  append_name (out, setup, turn->player);
  g_string_append (out, " value ");
  append_amount (out, turn->value);
  g_string_append (out, " best ");
  append_amount (out, turn->best);
  g_string_append (out, " loss ");
  append_amount (out, turn->loss);
  g_string_append (out, " best-turn ");
  for (guint i = 0; i < turn->n_best_moves; i++)
    {
      if (i > 0)
        g_string_append (out, " ; ");
      fx_notation_write_move (setup, &turn->best_turn[i], out);
    }
  g_string_append_c (out, '\n');
}

/**
 * fx_cli_review_write:
 * @session: a For-Ex game
 * @depth: 1 to FX_REVIEW_MAX_DEPTH
 * @n_threads: worker threads, 0 for one per core
 * @out: where the lines go
 * @error: return location for a #GError
 *
 * Returns: %FALSE if the review could not be made
 */
gboolean
fx_cli_review_write (XqSession  *session,
                     guint       depth,
                     guint       n_threads,
                     GString    *out,
                     GError    **error)
{
  const FxSetup *setup = xq_session_get_setup (session);
  guint n_moves = xq_session_get_n_moves (session);
  g_autofree FxMove *moves = g_new0 (FxMove, MAX (n_moves, 1));
  FxReview review;

  for (guint i = 0; i < n_moves; i++)
    moves[i] = *(const FxMove *) xq_session_get_move (session, i);
  if (!fx_review_run (setup, moves, n_moves, depth, n_threads, NULL, NULL, &review, error))
    return FALSE;

  for (guint t = 0; t < review.n_turns; t++)
    write_turn (out, setup, t + 1, &review.turns[t]);
  for (int p = 0; p < setup->n_players; p++)
    {
      g_string_append (out, "player ");
      append_name (out, setup, p);
      g_string_append_printf (out, " turns %u total-loss ", review.players[p].turns);
      append_amount (out, review.players[p].total_loss);
      g_string_append (out, " largest-loss ");
      append_amount (out, review.players[p].largest_loss);
      g_string_append_c (out, '\n');
    }
  if (review.turning_point > 0)
    g_string_append_printf (out, "turning-point move %u\n", review.turning_point);
  else
    g_string_append (out, "turning-point -\n");
  fx_review_clear (&review);
  return TRUE;
}

/**
 * fx_cli_hint_write:
 * @session: a For-Ex game, between turns and not over
 * @depth: 1 to FX_REVIEW_MAX_DEPTH
 * @out: where the lines go: the turn in XQN (a spot and an action joined by
 *   " ; "), then "value V"
 * @error: return location for a #GError saying why there is no turn to hint
 *
 * Returns: %FALSE when the game has no turn to play
 */
gboolean
fx_cli_hint_write (XqSession  *session,
                   guint       depth,
                   GString    *out,
                   GError    **error)
{
  const FxSetup *setup = xq_session_get_setup (session);
  const FxState *state = xq_session_get_state (session);
  FxMove turn[2];
  guint n_moves = 0;
  XqAmount value = 0;

  if (fx_state_is_over (state))
    {
      g_set_error_literal (error, XQ_RULE_ERROR, XQ_RULE_ERROR_GAME_OVER,
                           _("the game is over: there is no turn to play"));
      return FALSE;
    }
  if (!fx_review_hint (setup, state, depth, NULL, turn, &n_moves, &value))
    g_assert_not_reached ();   /* no cancellable */
  for (guint i = 0; i < n_moves; i++)
    {
      if (i > 0)
        g_string_append (out, " ; ");
      fx_notation_write_move (setup, &turn[i], out);
    }
  g_string_append (out, "\nvalue ");
  append_amount (out, value);
  g_string_append_c (out, '\n');
  return TRUE;
}
