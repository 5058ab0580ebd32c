/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The queue's side of the For-Ex rules: items join at the back, and the front
 * resolves — a contract paid or turned into a loan, a loan paid or the game
 * ended in bankruptcy, a dividend card paid out and a currency strengthened.
 * fx-rules.c calls these on its scratch copy, so a refusal changes nothing. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-rules-queue.h"
#include "xq-error.h"

/* The games' refusal, made only when someone reads it (xq-error.h). */
#define refuse XQ_RULE_REFUSE

static void
queue_pop_front (FxState *s)
{
  g_assert (s->queue_len > 0);
  memmove (&s->queue[0], &s->queue[1], sizeof (FxQueueItem) * (gsize) (s->queue_len - 1));
  s->queue_len--;
}

void
fx_rules_queue_push_back (FxState    *s,
                          FxItemKind  kind,
                          int         letter)
{
  g_assert (s->queue_len < FX_QUEUE_MAX);
  s->queue[s->queue_len].kind = (gint8) kind;
  s->queue[s->queue_len].letter = (gint8) letter;
  s->queue_len++;
}

static void
free_letter (FxState *s,
             int      letter)
{
  memset (&s->letters[letter], 0, sizeof s->letters[letter]);
  s->letters[letter].owner = FX_NO_PLAYER;
}

static void
resolve_contract (FxState *s,
                  int      letter_index)
{
  FxLetter *letter = &s->letters[letter_index];
  int owner = letter->owner;
  int loan;

  queue_pop_front (s);
  s->cash[owner][letter->receive] += letter->receive_amount;
  if (s->cash[owner][letter->pay] >= letter->pay_amount)
    {
      s->cash[owner][letter->pay] -= letter->pay_amount;
      free_letter (s, letter_index);
      return;
    }
  /* No partial payment: the promise becomes a debt of one buck more. */
  loan = fx_state_loan_of (s, owner);
  if (loan >= 0)
    {
      s->letters[loan].owed[letter->pay] += letter->pay_amount + XQ_BUCKS (1);
      free_letter (s, letter_index);
      return;
    }
  letter->use = FX_LETTER_LOAN;
  memset (letter->owed, 0, sizeof letter->owed);
  letter->owed[letter->pay] = letter->pay_amount + XQ_BUCKS (1);
  fx_rules_queue_push_back (s, FX_ITEM_LOAN, letter_index);
}

static void
resolve_loan (FxState *s,
              int      letter_index)
{
  FxLetter *letter = &s->letters[letter_index];
  int owner = letter->owner;

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      if (s->cash[owner][c] < letter->owed[c])
        {
          /* Nothing is paid and the loan stays at the front. */
          s->status = FX_STATUS_BANKRUPT;
          s->bankrupt = (gint8) owner;
          return;
        }
    }
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    s->cash[owner][c] -= letter->owed[c];
  queue_pop_front (s);
  free_letter (s, letter_index);
}

/**
 * fx_state_dividend_strengthens:
 * @setup: the game's setup (its table rules)
 * @state: the position a dividend is resolved in
 * @choice: the resolver's tie choice, or %FX_NO_CURRENCY
 * @error: return location for a #GError naming the rule that refuses @choice
 *
 * The rules' one decision of which currency a dividend strengthens: the
 * resolve move asks it, and so does the audit that explains it afterwards.
 *
 * Returns: the currency to strengthen, %FX_N_CURRENCIES for none (the
 *   table's reading when nobody holds a certificate), or -1 with @error
 */
int
fx_state_dividend_strengthens (const FxSetup  *setup,
                               const FxState  *state,
                               FxCurrency      choice,
                               GError        **error)
{
  gboolean tied[FX_N_CURRENCIES];
  guint n_tied = fx_state_most_held (state, tied);
  g_autofree char *list = NULL;

  if ((setup->readings & FX_READING_NONE_STRENGTHENED) && fx_state_none_held (state))
    {
      if (choice == FX_NO_CURRENCY)
        return FX_N_CURRENCIES;
      refuse (error, _("no choice is needed: nobody holds a certificate, and by this table’s reading no currency is strengthened"));
      return -1;
    }
  /* Only a refusal someone reads names the tied currencies: the legal-action
   * listings and the review resolve dividends without allocating. */
  if (error != NULL)
    list = fx_currency_list (tied);

  if (n_tied == 1)
    {
      if (choice != FX_NO_CURRENCY)
        {
          refuse (error, _("no choice is needed: %s has the most certificates and is strengthened after the dividend"),
                  list);
          return -1;
        }
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (tied[c])
          return c;
    }
  if (choice == FX_NO_CURRENCY)
    {
      refuse (error, _("%s tie for the most certificates; %s must choose which of them the dividend strengthens"),
              list, setup->names[state->spot_actor != FX_NO_PLAYER ? state->spot_actor : state->next_player]);
      return -1;
    }
  if (!tied[choice])
    {
      refuse (error, _("%s is not among the currencies tied for the most certificates (%s)"),
              fx_currency_code (choice), list);
      return -1;
    }
  return choice;
}

static gboolean
resolve_dividend (const FxSetup  *setup,
                  FxState        *s,
                  const FxMove   *m,
                  gboolean       *final_card,
                  GError        **error)
{
  guint card = FX_N_DIVIDEND_CARDS - s->dividends_left;
  XqAmount per_cert = card == 0 ? 0 : card == 4 ? XQ_BUCKS (3) : XQ_BUCKS (2);
  int strengthen = fx_state_dividend_strengthens (setup, s, m->cur[0], error);

  if (strengthen < 0)
    return FALSE;

  for (int c = 0; c < FX_N_CURRENCIES && per_cert > 0; c++)
    {
      if (fx_board_on_last_space (&s->board, c))
        continue;
      for (int p = 0; p < s->n_players; p++)
        s->cash[p][c] += per_cert * s->certs[p][c];
    }
  queue_pop_front (s);
  s->dividends_left--;
  if (s->dividends_left > 0)
    fx_rules_queue_push_back (s, FX_ITEM_DIVIDENDS, 0);
  if (strengthen < FX_N_CURRENCIES)
    fx_board_strengthen (&s->board, strengthen);
  *final_card = s->dividends_left == 0;
  return TRUE;
}

gboolean
fx_rules_resolve (const FxSetup  *setup,
                  FxState        *s,
                  const FxMove   *m,
                  gboolean       *final_card,
                  GError        **error)
{
  const FxQueueItem *front = &s->queue[0];

  g_assert (s->queue_len > 0);
  *final_card = FALSE;
  if (front->kind == FX_ITEM_DIVIDENDS)
    return resolve_dividend (setup, s, m, final_card, error);
  if (m->cur[0] != FX_NO_CURRENCY && front->kind == FX_ITEM_CONTRACT)
    return refuse (error, _("only a dividend asks for a currency to strengthen; the front of the queue is contract %c"),
                   'A' + front->letter);
  if (m->cur[0] != FX_NO_CURRENCY)
    return refuse (error, _("only a dividend asks for a currency to strengthen; the front of the queue is loan %c"),
                   'A' + front->letter);
  if (front->kind == FX_ITEM_CONTRACT)
    resolve_contract (s, front->letter);
  else
    resolve_loan (s, front->letter);
  return TRUE;
}

/**
 * fx_state_resolve_remaining:
 * @state: a position whose queue holds no dividend stack
 *
 * The rules' closing sequence: after card 4 nobody takes turns, and the
 * contracts and loans left resolve themselves in queue order, loans created
 * on the way included, until the queue is empty (the game has ended) or a
 * loan cannot be paid (the game ends in bankruptcy). Allocates nothing.
 */
void
fx_state_resolve_remaining (FxState *s)
{
  while (s->status == FX_STATUS_PLAYING && s->queue_len > 0)
    {
      const FxQueueItem *front = &s->queue[0];

      g_assert (front->kind != FX_ITEM_DIVIDENDS);
      if (front->kind == FX_ITEM_CONTRACT)
        resolve_contract (s, front->letter);
      else
        resolve_loan (s, front->letter);
    }
  if (s->status == FX_STATUS_PLAYING)
    s->status = FX_STATUS_ENDED;
}

/**
 * fx_state_project_resolved:
 * @setup: the game's setup (its table rules)
 * @state: a position
 * @out: (out caller-allocates): the table as it would end; may be @state
 *
 * The table as it would end if every turn from now on were a resolve: the
 * queue's items in their order, the dividend cards still in the stack
 * included (each pays and strengthens as the rules say; a tie goes to the
 * first tied currency in board order, as nobody is there to choose), then the
 * rules' closing sequence. A loan its owner cannot pay ends the game in
 * bankruptcy, as it would at the table. A spot made this turn stands; its
 * action will not come. Works on the plain struct, allocates nothing.
 */
void
fx_state_project_resolved (const FxSetup *setup,
                           const FxState *state,
                           FxState       *out)
{
  if (out != state)
    *out = *state;
  out->spot_actor = FX_NO_PLAYER;
  while (out->status == FX_STATUS_PLAYING && out->queue_len > 0)
    {
      const FxQueueItem *front = &out->queue[0];
      gboolean final_card = FALSE;
      FxMove resolve;
      int choice = FX_NO_CURRENCY;

      if (front->kind == FX_ITEM_CONTRACT)
        {
          resolve_contract (out, front->letter);
          continue;
        }
      if (front->kind == FX_ITEM_LOAN)
        {
          resolve_loan (out, front->letter);
          continue;
        }
      /* A tie asks for a choice: the first of the tied currencies. */
      while (fx_state_dividend_strengthens (setup, out, choice, NULL) < 0 && choice + 1 < FX_N_CURRENCIES)
        choice++;
      fx_move_init (&resolve, FX_MOVE_RESOLVE);
      resolve.cur[0] = (gint8) choice;
      if (!resolve_dividend (setup, out, &resolve, &final_card, NULL))
        g_assert_not_reached ();
      if (final_card)
        fx_state_resolve_remaining (out);
    }
  if (out->status == FX_STATUS_PLAYING)
    out->status = FX_STATUS_ENDED;
}
