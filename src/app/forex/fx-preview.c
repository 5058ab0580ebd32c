/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Move previews: apply the candidate moves to a copy of the state and tell the
 * differences (counters, money, certificates, contracts, the end) as short lines. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-display.h"
#include "fx-preview.h"
#include "fx-score.h"

#define MINUS_SIGN "\u2212"

/**
 * fx_preview_apply:
 * @setup: the game's setup
 * @state: the position the moves start from; never changed
 * @moves: the moves in order (a spot and its action, or one move)
 * @n_moves: how many
 * @out_after: (out): the position after all of them
 * @error: the first refusal, in the engine's words
 *
 * Returns: %TRUE when every move was accepted
 */
gboolean
fx_preview_apply (const FxSetup  *setup,
                  const FxState  *state,
                  const FxMove   *moves,
                  guint           n_moves,
                  FxState        *out_after,
                  GError        **error)
{
  FxState scratch = *state;

  g_return_val_if_fail (setup != NULL && state != NULL && out_after != NULL, FALSE);

  for (guint i = 0; i < n_moves; i++)
    if (!fx_state_apply (setup, &scratch, &moves[i], error))
      return FALSE;
  *out_after = scratch;
  return TRUE;
}

static char *
signed_money (XqAmount   delta,
              FxCurrency currency)
{
  g_autofree char *money = fx_display_money (ABS (delta), currency);

  return g_strconcat (delta < 0 ? MINUS_SIGN : "+", money, NULL);
}

static void
describe_pairs (const FxState *before,
                const FxState *after,
                GPtrArray     *lines)
{
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      const FxPair *b = &before->board.pairs[i];
      const FxPair *a = &after->board.pairs[i];
      FxCurrency x, y, weaker;
      g_autofree char *old_value = NULL;
      g_autofree char *new_value = NULL;

      if (b->stronger == a->stronger && b->space == a->space)
        continue;
      fx_pair_currencies (i, &x, &y);
      weaker = a->stronger == (gint8) x ? y : x;
      old_value = fx_display_amount (fx_track_value ((guint) b->space));
      new_value = fx_display_amount (fx_track_value ((guint) a->space));
      if (b->stronger == a->stronger && a->space == FX_LAST_SPACE)
        /* TRANSLATORS: a pair counter reaching the last track space, where
         * the weaker currency pays no dividends: "GBP/CNY 6 → 8 (no dividends for CNY)" */
        g_ptr_array_add (lines, g_strdup_printf (_("%s/%s %s → %s (no dividends for %s)"),
                                                 fx_currency_code (a->stronger), fx_currency_code (weaker),
                                                 old_value, new_value, fx_currency_code (weaker)));
      else if (b->stronger == a->stronger)
        /* TRANSLATORS: a pair counter moving on the track: stronger/weaker
         * currency, then the old and the new value, as in "GBP/USD 1.5 → 2" */
        g_ptr_array_add (lines, g_strdup_printf (_("%s/%s %s → %s"), fx_currency_code (a->stronger),
                                                 fx_currency_code (weaker), old_value, new_value));
      else
        /* TRANSLATORS: a pair counter flipping to the other currency's row:
         * "flips: JPY now stronger than CAD (1 JPY = 1 CAD)" */
        g_ptr_array_add (lines, g_strdup_printf (_("flips: %s now stronger than %s (1 %s = %s %s)"),
                                                 fx_currency_code (a->stronger), fx_currency_code (weaker),
                                                 fx_currency_code (a->stronger), new_value,
                                                 fx_currency_code (weaker)));
    }
}

static void
describe_cash (const FxSetup *setup,
               const FxState *before,
               const FxState *after,
               GPtrArray     *lines)
{
  for (int p = 0; p < after->n_players; p++)
    {
      g_autoptr(GString) deltas = g_string_new (NULL);

      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          XqAmount delta = after->cash[p][c] - before->cash[p][c];
          g_autofree char *money = NULL;

          if (delta == 0)
            continue;
          money = signed_money (delta, c);
          if (deltas->len > 0)
            g_string_append (deltas, ", ");
          g_string_append (deltas, money);
        }
      if (deltas->len > 0)
        /* TRANSLATORS: a player's money changing: "Bob: −1 GBP, +1.5 USD" */
        g_ptr_array_add (lines, g_strdup_printf (_("%s: %s"), setup->names[p], deltas->str));
    }
}

static void
describe_certs (const FxSetup *setup,
                const FxState *before,
                const FxState *after,
                GPtrArray     *lines)
{
  for (int p = 0; p < after->n_players; p++)
    for (int c = 0; c < FX_N_CURRENCIES; c++)
      {
        int delta = (int) after->certs[p][c] - (int) before->certs[p][c];

        if (delta > 0)
          g_ptr_array_add (lines, g_strdup_printf (ngettext ("%s buys %d %s certificate",
                                                             "%s buys %d %s certificates", (gulong) delta),
                                                   setup->names[p], delta, fx_currency_code (c)));
        else if (delta < 0)
          g_ptr_array_add (lines, g_strdup_printf (ngettext ("%s sells %d %s certificate",
                                                             "%s sells %d %s certificates", (gulong) -delta),
                                                   setup->names[p], -delta, fx_currency_code (c)));
      }
}

static void
describe_letters (const FxSetup *setup,
                  const FxState *before,
                  const FxState *after,
                  GPtrArray     *lines)
{
  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      const FxLetter *b = &before->letters[l];
      const FxLetter *a = &after->letters[l];
      char letter = (char) ('A' + l);

      if (b->use == FX_LETTER_FREE && a->use == FX_LETTER_CONTRACT)
        {
          g_autofree char *pay = fx_display_money (a->pay_amount, a->pay);
          g_autofree char *receive = fx_display_money (a->receive_amount, a->receive);

          g_ptr_array_add (lines, g_strdup_printf (_("Contract %c: %s promises %s for %s, at the back of the queue"),
                                                   letter, setup->names[a->owner], pay, receive));
        }
      else if (b->use == FX_LETTER_CONTRACT && a->use == FX_LETTER_LOAN)
        {
          g_autofree char *owed = fx_display_owed (a->owed);

          g_ptr_array_add (lines, g_strdup_printf (_("Contract %c is not paid and becomes a loan: %s owes %s"),
                                                   letter, setup->names[b->owner], owed));
        }
      else if (b->use == FX_LETTER_CONTRACT && a->use == FX_LETTER_FREE)
        {
          int loan = fx_state_loan_of (after, b->owner);
          gboolean merged = loan >= 0 && loan != l
                            && after->letters[loan].owed[b->pay] != before->letters[loan].owed[b->pay];

          if (merged)
            {
              g_autofree char *owed = fx_display_owed (after->letters[loan].owed);

              g_ptr_array_add (lines, g_strdup_printf (_("Contract %c is not paid; the debt joins %s’s loan %c, which now owes %s"),
                                                       letter, setup->names[b->owner], 'A' + loan, owed));
            }
          else
            g_ptr_array_add (lines, g_strdup_printf (_("Contract %c is paid; the letter is free"), letter));
        }
      else if (b->use == FX_LETTER_LOAN && a->use == FX_LETTER_FREE)
        g_ptr_array_add (lines, g_strdup_printf (_("%s repays loan %c; the letter is free"),
                                                 setup->names[b->owner], letter));
    }
}

static void
describe_end (const FxSetup *setup,
              const FxState *before,
              const FxState *after,
              GPtrArray     *lines)
{
  if (after->dividends_left < before->dividends_left)
    {
      guint left = after->dividends_left;

      if (left > 0)
        g_ptr_array_add (lines, g_strdup_printf (ngettext ("Dividend card %u is paid; %u card is left",
                                                           "Dividend card %u is paid; %u cards are left", left),
                                                 (guint) (FX_N_DIVIDEND_CARDS - before->dividends_left), left));
      else
        g_ptr_array_add (lines, g_strdup (_("The last dividend card is paid")));
    }

  if (before->status == FX_STATUS_PLAYING && after->status == FX_STATUS_BANKRUPT)
    {
      int loan = fx_state_loan_of (after, after->bankrupt);

      if (loan >= 0)
        g_ptr_array_add (lines, g_strdup_printf (_("%s cannot repay loan %c and is bankrupt: the game ends"),
                                                 setup->names[after->bankrupt], 'A' + loan));
      else
        g_ptr_array_add (lines, g_strdup_printf (_("%s is bankrupt: the game ends"),
                                                 setup->names[after->bankrupt]));
    }
  else if (before->status == FX_STATUS_PLAYING && after->status == FX_STATUS_ENDED)
    g_ptr_array_add (lines, g_strdup (_("The queue is empty: the game ends")));

  if (before->status == FX_STATUS_PLAYING && after->status != FX_STATUS_PLAYING)
    {
      FxStrongest strongest;

      fx_score_strongest (after, &strongest);
      if (strongest.strongest != FX_NO_CURRENCY)
        g_ptr_array_add (lines, g_strdup_printf (_("%s is the strongest currency"),
                                                 fx_currency_code (strongest.strongest)));
      else
        {
          g_autofree char *list = fx_currency_list (strongest.tied);

          g_ptr_array_add (lines, g_strdup_printf (_("%s tie as the strongest currency; %s chooses"),
                                                   list, setup->names[after->last_actor]));
        }
    }

  if (before->strongest_choice != after->strongest_choice && after->strongest_choice != FX_NO_CURRENCY)
    g_ptr_array_add (lines, g_strdup_printf (_("%s is chosen as the strongest currency"),
                                             fx_currency_code (after->strongest_choice)));
}

/**
 * fx_preview_describe:
 * @setup: the game's setup
 * @before: the position now
 * @after: the position the candidate moves lead to
 *
 * Returns: (transfer full) (element-type utf8): the differences as short
 *   lines: counters, money per player, certificates, contracts and loans,
 *   dividends and the end of the game; empty when nothing changes
 */
GPtrArray *
fx_preview_describe (const FxSetup *setup,
                     const FxState *before,
                     const FxState *after)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (setup != NULL && before != NULL && after != NULL, lines);

  describe_pairs (before, after, lines);
  describe_cash (setup, before, after, lines);
  describe_certs (setup, before, after, lines);
  describe_letters (setup, before, after, lines);
  describe_end (setup, before, after, lines);
  return lines;
}

static void
front_dividend (const FxState *state,
                GPtrArray     *lines)
{
  guint card = FX_N_DIVIDEND_CARDS - state->dividends_left;
  gboolean tied[FX_N_CURRENCIES], dead[FX_N_CURRENCIES];
  guint n_tied = fx_state_most_held (state, tied);
  g_autofree char *tied_list = fx_currency_list (tied);
  g_autofree char *dead_list = NULL;
  gboolean any_dead = FALSE;

  g_ptr_array_add (lines, g_strdup_printf (_("Front of the queue: dividend card %u"), card));
  if (card == 0)
    g_ptr_array_add (lines, g_strdup (_("Card 0 pays nothing")));
  else
    {
      guint per = card == 4 ? 3 : 2;

      g_ptr_array_add (lines, g_strdup_printf (ngettext ("Card %u pays %u buck per certificate held, in its currency",
                                                         "Card %u pays %u bucks per certificate held, in its currency",
                                                         per),
                                               card, per));
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          dead[c] = fx_board_on_last_space (&state->board, c);
          any_dead |= dead[c];
        }
      if (any_dead)
        {
          dead_list = fx_currency_list (dead);
          g_ptr_array_add (lines, g_strdup_printf (_("Nothing for %s: on the 8 space"), dead_list));
        }
    }
  if (n_tied == 1)
    g_ptr_array_add (lines, g_strdup_printf (_("Then %s strengthens: the most certificates in players’ hands"),
                                             tied_list));
  else
    g_ptr_array_add (lines, g_strdup_printf (_("Then one of %s strengthens (tied for the most certificates): the resolving player chooses"),
                                             tied_list));
  if (state->dividends_left == 1)
    g_ptr_array_add (lines, g_strdup (_("The last card: the rest of the queue then resolves and the game ends")));
}

/**
 * fx_preview_front:
 * @setup: the game's setup
 * @state: the position
 *
 * Returns: (transfer full) (element-type utf8): what the front item of the
 *   queue is and what resolving it would do now
 */
GPtrArray *
fx_preview_front (const FxSetup *setup,
                  const FxState *state)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const FxLetter *letter;
  const char *owner;

  g_return_val_if_fail (setup != NULL && state != NULL, lines);

  if (state->queue_len == 0)
    {
      g_ptr_array_add (lines, g_strdup (_("The queue is empty")));
      return lines;
    }
  if (state->queue[0].kind == FX_ITEM_DIVIDENDS)
    {
      front_dividend (state, lines);
      return lines;
    }

  letter = &state->letters[state->queue[0].letter];
  owner = setup->names[letter->owner];
  if (state->queue[0].kind == FX_ITEM_CONTRACT)
    {
      g_autofree char *pay = fx_display_money (letter->pay_amount, letter->pay);
      g_autofree char *receive = fx_display_money (letter->receive_amount, letter->receive);
      g_autofree char *holds = fx_display_money (state->cash[letter->owner][letter->pay], letter->pay);
      g_autofree char *debt = fx_display_money (letter->pay_amount + XQ_BUCKS (1), letter->pay);
      int loan = fx_state_loan_of (state, letter->owner);

      g_ptr_array_add (lines, g_strdup_printf (_("Front of the queue: %s’s contract %c, pays %s for %s"),
                                               owner, 'A' + state->queue[0].letter, pay, receive));
      if (state->cash[letter->owner][letter->pay] >= letter->pay_amount)
        g_ptr_array_add (lines, g_strdup_printf (_("%s holds %s: pays %s and receives %s"),
                                                 owner, holds, pay, receive));
      else if (loan >= 0)
        g_ptr_array_add (lines, g_strdup_printf (_("%s holds only %s: receives %s, and %s is added to loan %c"),
                                                 owner, holds, receive, debt, 'A' + loan));
      else
        g_ptr_array_add (lines, g_strdup_printf (_("%s holds only %s: receives %s, and the contract becomes a loan of %s"),
                                                 owner, holds, receive, debt));
    }
  else
    {
      g_autofree char *owed = fx_display_owed (letter->owed);
      gboolean can_pay = TRUE;

      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (state->cash[letter->owner][c] < letter->owed[c])
          can_pay = FALSE;
      g_ptr_array_add (lines, g_strdup_printf (_("Front of the queue: %s’s loan %c, owes %s"),
                                               owner, 'A' + state->queue[0].letter, owed));
      if (can_pay)
        g_ptr_array_add (lines, g_strdup_printf (_("%s can repay it all"), owner));
      else
        g_ptr_array_add (lines, g_strdup_printf (_("%s cannot repay it all: bankruptcy, and the game ends"), owner));
    }
  return lines;
}
