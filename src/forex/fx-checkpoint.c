/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Counting the table (issue #17). The players count their notes and
 * certificates; each difference becomes a correction and a `checkpoint N`
 * move follows them, N their number, so the log shows the table was
 * verified there and what the count changed. The checkpoint itself changes
 * nothing: it only states that the N moves before it were this count's. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-checkpoint.h"
#include "xq-error.h"

#define refuse XQ_RULE_REFUSE

/**
 * fx_checkpoint_check:
 * @setup: the game's setup
 * @state: the position, a game still going on
 * @move: a checkpoint
 * @error: return location for a #GError naming the rule that refuses it
 *
 * A count is taken where a correction could be (never between a spot and
 * its action), and its differences are corrections played just before it.
 *
 * Returns: %TRUE if the checkpoint may be recorded in @state
 */
gboolean
fx_checkpoint_check (const FxSetup  *setup,
                     const FxState  *s,
                     const FxMove   *m,
                     GError        **error)
{
  g_assert (m->kind == FX_MOVE_CHECKPOINT);

  if (s->spot_actor != FX_NO_PLAYER)
    return refuse (error, _("the table cannot be counted between %s’s spot transaction and action"),
                   setup->names[s->spot_actor]);
  if (m->amount < 0 || (guint32) m->amount > s->corrections_in_row)
    {
      /* Two counts, each with its own plural: "2 differences need as many",
       * "but 1 comes right before". */
      g_autofree char *needed = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d difference needs as many",
                                                              "%d differences need as many", (gulong) MAX (m->amount, 0)),
                                                 m->amount);
      g_autofree char *found = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "but %u comes right before",
                                                             "but %u come right before", s->corrections_in_row),
                                                (guint) s->corrections_in_row);

      /* TRANSLATORS: the first %s is "2 differences need as many", the second "but 1 comes right before" */
      return refuse (error, _("a count’s differences are the corrections just before it; %s, %s"), needed, found);
    }
  return TRUE;
}

/**
 * fx_count_from_state:
 * @state: a position
 * @count: (out caller-allocates): the count that would agree with it
 */
void
fx_count_from_state (const FxState *s,
                     FxCount       *count)
{
  memset (count, 0, sizeof *count);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      for (int p = 0; p < s->n_players; p++)
        {
          count->cash[p][c] = s->cash[p][c];
          count->certs[p][c] = s->certs[p][c];
        }
      count->pile[c] = s->pile[c];
    }
}

static void
add_correction (FxMove     *moves,
                guint      *n,
                FxMoveKind  kind,
                int         player,
                FxCurrency  currency,
                XqAmount    amount)
{
  FxMove *m = &moves[(*n)++];

  fx_move_init (m, kind);
  m->other = (gint8) player;
  m->cur[0] = (gint8) currency;
  m->amount = amount;
}

/* The certificate corrections that lower a count (@fewer) or raise one. */
static void
add_certificates (const FxState  *s,
                  const FxCount  *count,
                  gboolean        fewer,
                  FxMove         *moves,
                  guint          *n)
{
  for (int p = 0; p < s->n_players; p++)
    for (int c = 0; c < FX_N_CURRENCIES; c++)
      if (fewer ? count->certs[p][c] < s->certs[p][c] : count->certs[p][c] > s->certs[p][c])
        add_correction (moves, n, FX_MOVE_CORRECT_CERTS, p, c, count->certs[p][c]);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    if (fewer ? count->pile[c] < s->pile[c] : count->pile[c] > s->pile[c])
      add_correction (moves, n, FX_MOVE_CORRECT_PILE, FX_NO_PLAYER, c, count->pile[c]);
}

/**
 * fx_checkpoint_moves:
 * @state: the position counted
 * @count: what the players counted
 * @moves: (out caller-allocates): room for FX_CHECKPOINT_MAX_MOVES moves
 *
 * One correction per difference, then the checkpoint. The notes come first,
 * in seating and board order; then every certificate count that went down
 * (the players', then the piles), then every one that went up. A certificate
 * counted in other hands than the app's thus leaves its old place before it
 * joins the new one, and no single correction holds more than the eight of
 * a currency: if the count as a whole keeps them, so does each step.
 *
 * Returns: the number of moves, the checkpoint last
 */
guint
fx_checkpoint_moves (const FxState  *s,
                     const FxCount  *count,
                     FxMove          moves[FX_CHECKPOINT_MAX_MOVES])
{
  guint n = 0;

  for (int p = 0; p < s->n_players; p++)
    for (int c = 0; c < FX_N_CURRENCIES; c++)
      if (count->cash[p][c] != s->cash[p][c])
        add_correction (moves, &n, FX_MOVE_CORRECT_CASH, p, c, count->cash[p][c]);
  add_certificates (s, count, TRUE, moves, &n);
  add_certificates (s, count, FALSE, moves, &n);
  fx_move_init (&moves[n], FX_MOVE_CHECKPOINT);
  moves[n].amount = (XqAmount) n;
  return n + 1;
}

/**
 * fx_checkpoint_dividends_paid:
 * @state: a position
 *
 * Returns: how many dividend cards have been resolved: 2 after the second
 */
guint
fx_checkpoint_dividends_paid (const FxState *s)
{
  return FX_N_DIVIDEND_CARDS - s->dividends_left;
}

/**
 * fx_checkpoint_due_after:
 * @before: the position before @move
 * @move: a move the rules accepted
 * @after: the position after it
 *
 * Returns: %TRUE if @move resolved a dividend that paid (card 1 or later;
 *   card 0 pays nothing, so nothing changed hands to count) and the game
 *   goes on: the natural pause at a real table to count it
 */
gboolean
fx_checkpoint_due_after (const FxState *before,
                         const FxMove  *m,
                         const FxState *after)
{
  return m->kind == FX_MOVE_RESOLVE && before->queue_len > 0 && before->queue[0].kind == FX_ITEM_DIVIDENDS
         && before->dividends_left < FX_N_DIVIDEND_CARDS
         && after->dividends_left < before->dividends_left && !fx_state_is_over (after);
}

/**
 * fx_checkpoint_reason:
 * @state: the position counted
 * @after_dividend: whether the count follows a dividend just resolved
 * @n_moves: the moves played so far
 *
 * Returns: (transfer full): the reason each of the count's moves carries:
 *   "counted after dividend card 2" (numbered as the history numbers the
 *   cards, from 0) or "counted at move 37"
 */
char *
fx_checkpoint_reason (const FxState *s,
                      gboolean       after_dividend,
                      guint          n_moves)
{
  if (after_dividend)
    /* TRANSLATORS: the reason of a count's corrections; %u is the dividend card just resolved, numbered
     * from 0 as in "Cynthia resolves the Dividend: card 2" */
    return g_strdup_printf (_("counted after dividend card %u"), MAX (fx_checkpoint_dividends_paid (s), 1) - 1);
  /* TRANSLATORS: the reason of a count's corrections, asked for between two moves; %u is the last move's number */
  return g_strdup_printf (_("counted at move %u"), n_moves);
}

/**
 * fx_checkpoint_result:
 * @checkpoint: a checkpoint move
 *
 * Returns: (transfer full): "agreed" or "2 differences corrected", for the
 *   audit's and the report's lists of counts
 */
char *
fx_checkpoint_result (const FxMove *m)
{
  g_return_val_if_fail (m->kind == FX_MOVE_CHECKPOINT, NULL);

  if (m->amount == 0)
    /* TRANSLATORS: a count of the table that found nothing to correct */
    return g_strdup (_("the table agreed"));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d difference corrected", "%d differences corrected",
                                       (gulong) m->amount), m->amount);
}
