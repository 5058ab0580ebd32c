/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The queue forecast: for every item in the queue, its place, what it will
 * ask of its owner, whether the owner could pay it with today's cash, the
 * shortfall, and what the rules do if not (a loan of what it asks plus one
 * buck, added to a loan they have, or the bankruptcy that ends the game).
 * Today's cash, not a prediction: the owner has turns left to find money, and
 * the forecast says what they need to find. Words live here, with the game. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-forecast.h"
#include "fx-sentence.h"

static void
forecast_contract (const FxState  *s,
                   FxForecastItem *item)
{
  const FxLetter *letter = &s->letters[item->letter];
  int loan = fx_state_loan_of (s, item->owner);

  item->asks[letter->pay] = letter->pay_amount;
  if (s->cash[item->owner][letter->pay] >= letter->pay_amount)
    {
      item->outcome = FX_FORECAST_PAID;
      return;
    }
  /* No partial payment: the promise becomes a debt of one buck more. */
  if (loan >= 0)
    {
      item->outcome = FX_FORECAST_JOINS_LOAN;
      item->joins = (gint8) loan;
      memcpy (item->loan_owes, s->letters[loan].owed, sizeof item->loan_owes);
    }
  else
    item->outcome = FX_FORECAST_BECOMES_LOAN;
  item->loan_owes[letter->pay] += letter->pay_amount + XQ_BUCKS (1);
}

/**
 * fx_forecast_compute:
 * @state: a position
 * @out: (out caller-allocates): one item per queue item, front first
 *
 * What each item in the queue would ask of its owner and do if it were
 * resolved with the money the owner holds today.
 */
void
fx_forecast_compute (const FxState *s,
                     FxForecast    *out)
{
  memset (out, 0, sizeof *out);
  for (int i = 0; i < s->queue_len; i++)
    {
      FxForecastItem *item = &out->items[out->n_items++];
      const FxQueueItem *q = &s->queue[i];

      item->position = (guint8) (i + 1);
      item->kind = q->kind;
      item->joins = -1;
      item->letter = q->kind == FX_ITEM_DIVIDENDS ? -1 : q->letter;
      item->owner = q->kind == FX_ITEM_DIVIDENDS ? FX_NO_PLAYER : s->letters[q->letter].owner;
      if (q->kind == FX_ITEM_DIVIDENDS)
        {
          item->outcome = FX_FORECAST_DIVIDEND;
          continue;
        }
      if (q->kind == FX_ITEM_CONTRACT)
        forecast_contract (s, item);
      else
        {
          gboolean can_pay = TRUE;

          memcpy (item->asks, s->letters[q->letter].owed, sizeof item->asks);
          for (int c = 0; c < FX_N_CURRENCIES; c++)
            can_pay = can_pay && s->cash[item->owner][c] >= item->asks[c];
          item->outcome = can_pay ? FX_FORECAST_PAID : FX_FORECAST_BANKRUPTS;
        }
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (item->asks[c] > 0)
          {
            item->holds[c] = s->cash[item->owner][c];
            item->short_by[c] = MAX (0, item->asks[c] - item->holds[c]);
          }
    }
}

/* The item cannot be resolved today without a loan or a bankruptcy. */
gboolean
fx_forecast_is_short (const FxForecastItem *item)
{
  return item->outcome == FX_FORECAST_BECOMES_LOAN || item->outcome == FX_FORECAST_JOINS_LOAN
         || item->outcome == FX_FORECAST_BANKRUPTS;
}

/* "3 GBP", "3 GBP and 3 CAD", "3 GBP, 1 EUR and 3 CAD": the currencies of
 * @amounts that @which selects (all with an amount when @which is NULL). */
static char *
money_list (const XqAmount  amounts[FX_N_CURRENCIES],
            const XqAmount *which)
{
  g_autofree char *list = NULL;

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *money = NULL;
      gboolean later = FALSE;

      if ((which != NULL ? which[c] : amounts[c]) <= 0)
        continue;
      money = fx_sentence_money (amounts[c], c);
      for (int d = c + 1; d < FX_N_CURRENCIES; d++)
        later = later || (which != NULL ? which[d] : amounts[d]) > 0;
      if (list == NULL)
        list = g_steal_pointer (&money);
      else
        {
          char *longer = later
                         /* TRANSLATORS: a list of amounts, "3 GBP, 1 EUR" (more follow) */
                         ? g_strdup_printf (C_("list", "%s, %s"), list, money)
                         /* TRANSLATORS: the last of a list of amounts, "3 GBP and 3 CAD" */
                         : g_strdup_printf (C_("list", "%s and %s"), list, money);

          g_free (list);
          list = longer;
        }
    }
  return list != NULL ? g_steal_pointer (&list) : fx_sentence_money (0, FX_GBP);
}

/* "Contract B, 3rd in the queue", "Loan A, 1st in the queue". */
static char *
item_title (const FxForecastItem *item)
{
  const char *ordinal = fx_sentence_ordinal (item->position);

  if (item->kind == FX_ITEM_DIVIDENDS)
    /* TRANSLATORS: "The dividends, 2nd in the queue" */
    return g_strdup_printf (_("The dividends, %s in the queue"), ordinal);
  if (item->kind == FX_ITEM_CONTRACT)
    /* TRANSLATORS: "Contract B, 3rd in the queue" */
    return g_strdup_printf (_("Contract %c, %s in the queue"), 'A' + item->letter, ordinal);
  /* TRANSLATORS: "Loan A, 1st in the queue" */
  return g_strdup_printf (_("Loan %c, %s in the queue"), 'A' + item->letter, ordinal);
}

/* What happens if the owner cannot pay. */
static char *
consequence (const FxSetup        *setup,
             const FxForecastItem *item)
{
  g_autofree char *owes = money_list (item->loan_owes, NULL);

  switch (item->outcome)
    {
    case FX_FORECAST_BECOMES_LOAN:
      return g_strdup_printf (_("unpaid, it becomes a loan owing %s"), owes);
    case FX_FORECAST_JOINS_LOAN:
      return g_strdup_printf (_("unpaid, it is added to loan %c, which would then owe %s"), 'A' + item->joins, owes);
    case FX_FORECAST_BANKRUPTS:
      return g_strdup_printf (_("unpaid, %s goes bankrupt and the game ends"), setup->names[item->owner]);
    default:
      return NULL;
    }
}

/**
 * fx_forecast_sentence:
 * @setup: the players' names
 * @item: a forecast item
 *
 * The item in one sentence for the queue view and the audit: "Contract B, 3rd
 * in the queue: Ben must pay 10 GBP and holds 3 GBP today, short 7 GBP;
 * unpaid, it becomes a loan owing 11 GBP."
 *
 * Returns: (transfer full): the sentence
 */
char *
fx_forecast_sentence (const FxSetup        *setup,
                      const FxForecastItem *item)
{
  g_autofree char *title = item_title (item);
  g_autofree char *asks = NULL;
  g_autofree char *holds = NULL;
  g_autofree char *short_by = NULL;
  g_autofree char *then = NULL;
  const char *owner;

  if (item->kind == FX_ITEM_DIVIDENDS)
    /* TRANSLATORS: "The dividends, 2nd in the queue: they ask nothing of anyone." */
    return g_strdup_printf (_("%s: they pay the certificates held and ask nothing of anyone."), title);
  owner = setup->names[item->owner];
  asks = money_list (item->asks, NULL);
  holds = money_list (item->holds, item->asks);
  if (item->outcome == FX_FORECAST_PAID)
    /* TRANSLATORS: "Contract B, 3rd in the queue: Ben must pay 10 GBP and holds 12 GBP today." */
    return g_strdup_printf (_("%s: %s must pay %s and holds %s today."), title, owner, asks, holds);
  short_by = money_list (item->short_by, NULL);
  then = consequence (setup, item);
  /* TRANSLATORS: "Contract B, 3rd in the queue: Ben must pay 10 GBP and holds 3 GBP today, short 7 GBP;
   * unpaid, it becomes a loan owing 11 GBP." */
  return g_strdup_printf (_("%s: %s must pay %s and holds %s today, short %s; %s."), title, owner, asks, holds,
                          short_by, then);
}

/**
 * fx_forecast_warning:
 * @setup: the players' names
 * @item: a forecast item
 *
 * Returns: (transfer full) (nullable): for the owner's row, when the owner is
 *   short today: "Contract B, 3rd in the queue: short 7 GBP today"; %NULL
 *   when they could pay it
 */
char *
fx_forecast_warning (const FxSetup        *setup,
                     const FxForecastItem *item)
{
  g_autofree char *title = NULL;
  g_autofree char *short_by = NULL;

  if (!fx_forecast_is_short (item))
    return NULL;
  title = item_title (item);
  short_by = money_list (item->short_by, NULL);
  /* TRANSLATORS: "Contract B, 3rd in the queue: short 7 GBP today" */
  return g_strdup_printf (_("%s: short %s today"), title, short_by);
}

/**
 * fx_forecast_contract_note:
 * @setup: the players' names
 * @state: the position the contract would be made in
 * @contract: a contract move
 *
 * For the move bar's preview of a contract: "You will owe 10 GBP when it
 * resolves; you hold 3 GBP." (the amount promised, the cash of today).
 *
 * Returns: (transfer full): the sentence
 */
char *
fx_forecast_contract_note (const FxSetup *setup,
                           const FxState *state,
                           const FxMove  *contract)
{
  g_autofree char *owe = fx_sentence_money (contract->amount, contract->cur[0]);
  g_autofree char *hold = fx_sentence_money (state->cash[contract->actor][contract->cur[0]], contract->cur[0]);

  g_return_val_if_fail (contract->kind == FX_MOVE_CONTRACT, NULL);

  if (state->cash[contract->actor][contract->cur[0]] >= contract->amount)
    /* TRANSLATORS: the move bar's preview of a contract the player can pay today */
    return g_strdup_printf (_("You will owe %s when it resolves; you hold %s."), owe, hold);
  /* TRANSLATORS: the move bar's preview of a contract the player cannot pay today */
  return g_strdup_printf (_("You will owe %s when it resolves; you hold %s: find the rest before then, or it becomes a loan."),
                          owe, hold);
}

/**
 * fx_forecast_warning_of:
 * @setup: the players' names
 * @state: a position
 * @player: whose items
 *
 * Returns: (transfer full) (nullable): the warning of @player's first item in
 *   the queue they could not pay today (fx_forecast_warning()), or %NULL
 */
char *
fx_forecast_warning_of (const FxSetup *setup,
                        const FxState *state,
                        int            player)
{
  FxForecast forecast;

  fx_forecast_compute (state, &forecast);
  for (guint i = 0; i < forecast.n_items; i++)
    if (forecast.items[i].owner == player && fx_forecast_is_short (&forecast.items[i]))
      return fx_forecast_warning (setup, &forecast.items[i]);
  return NULL;
}
