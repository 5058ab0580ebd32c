/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The corrections a game's numbers rest on. A correction that changed the
 * table (money, certificates, a pile, a counter, a contract, a loan, the
 * queue or the dividend cards) feeds everything after it, the queue's order
 * as surely as a player's cash, so every such correction counts; one that
 * set the table to what the app already had (a count that agreed) changed
 * no number and does not. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-corrected.h"

/* The parts of the table a correction can set. */
static gboolean
table_equal (const FxState *a,
             const FxState *b)
{
  if (memcmp (&a->board, &b->board, sizeof a->board) != 0
      || memcmp (a->cash, b->cash, sizeof a->cash) != 0
      || memcmp (a->certs, b->certs, sizeof a->certs) != 0
      || memcmp (a->pile, b->pile, sizeof a->pile) != 0
      || memcmp (a->gone, b->gone, sizeof a->gone) != 0
      || a->queue_len != b->queue_len
      || memcmp (a->queue, b->queue, sizeof (FxQueueItem) * a->queue_len) != 0
      || a->dividends_left != b->dividends_left)
    return FALSE;
  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      const FxLetter *x = &a->letters[l], *y = &b->letters[l];

      if (x->use != y->use)
        return FALSE;
      if (x->use == FX_LETTER_FREE)
        continue;
      if (x->owner != y->owner || x->pay != y->pay || x->receive != y->receive
          || x->pay_amount != y->pay_amount || x->receive_amount != y->receive_amount
          || memcmp (x->owed, y->owed, sizeof x->owed) != 0)
        return FALSE;
    }
  return TRUE;
}

/**
 * fx_corrected_moves:
 * @session: a For-Ex session
 *
 * Returns: (transfer full) (element-type guint): the moves, from 0, that
 *   are corrections which changed the table
 */
GArray *
fx_corrected_moves (XqSession *session)
{
  const FxSetup *setup = xq_session_get_setup (session);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));
  FxState state, before;

  xq_session_get_state_at (session, 0, &state);
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      const FxMove *move = xq_session_get_move (session, i);

      before = state;
      if (!fx_state_apply (setup, &state, move, NULL))
        g_warn_if_reached ();
      if (fx_move_is_correction (move) && !table_equal (&before, &state))
        g_array_append_val (out, i);
    }
  return out;
}

/* At most this many move numbers in a result line (all of them when one
 * more would be all); every one is in the list of corrections. */
#define MAX_LISTED 8

/**
 * fx_corrected_note:
 * @session: a For-Ex session
 *
 * Returns: (transfer full) (nullable): the sentence the result line adds
 *   when its numbers rest on corrections, "These numbers rest on 3
 *   corrections (moves 12, 40 and 41).", or %NULL when none changed the table
 */
char *
fx_corrected_note (XqSession *session)
{
  g_autoptr(GArray) moves = fx_corrected_moves (session);
  g_autofree char *list = NULL;
  guint n = moves->len, listed = n <= MAX_LISTED + 1 ? n : MAX_LISTED;

  if (n == 0)
    return NULL;
  for (guint i = 0; i < listed; i++)
    {
      guint number = g_array_index (moves, guint, i) + 1;
      char *longer;

      if (i == 0)
        longer = g_strdup_printf ("%u", number);
      else if (i + 1 == listed && listed == n)
        /* TRANSLATORS: the last two move numbers of a list: "12 and 40", "12, 40 and 41" */
        longer = g_strdup_printf (_("%s and %u"), list, number);
      else
        /* TRANSLATORS: move numbers of a list before its last two: "12, 40" */
        longer = g_strdup_printf (_("%s, %u"), list, number);
      g_free (list);
      list = longer;
    }
  if (listed < n)
    /* TRANSLATORS: "These numbers rest on 12 corrections (moves 3, 5, 8, 9, 10, 11, 14, 20 and 4 others)." */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "These numbers rest on %u corrections (moves %s and %u other).",
                                         "These numbers rest on %u corrections (moves %s and %u others).",
                                         n - listed),
                            n, list, n - listed);
  /* TRANSLATORS: "These numbers rest on 3 corrections (moves 12, 40 and 41)." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "These numbers rest on %u correction (move %s).",
                                       "These numbers rest on %u corrections (moves %s).", n),
                          n, list);
}
