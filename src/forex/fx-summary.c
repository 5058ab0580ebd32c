/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes the state and score lines of the notation page's output contract. */

#include "config.h"

#include "fx-score.h"
#include "fx-summary.h"
#include "fx-forecast.h"
#include "fx-worth.h"

static void
append_amount (GString  *out,
               XqAmount  amount)
{
  char buf[XQ_AMOUNT_BUF];

  g_string_append (out, xq_amount_format (amount, buf));
}

static void
append_name (GString       *out,
             const FxSetup *setup,
             int            player)
{
  xq_notation_append_name (out, setup->names[player]);
}

/* "dividends:K", "contract:L:PLAYER:AMOUNT:PAY:AMOUNT:RECEIVE", "loan:L:PLAYER:AMOUNT:CUR[+…]" */
void
fx_summary_append_item (const FxSetup     *setup,
                        const FxState     *state,
                        const FxQueueItem *item,
                        GString           *out)
{
  const FxLetter *letter = &state->letters[item->letter];
  gboolean first = TRUE;

  switch ((FxItemKind) item->kind)
    {
    case FX_ITEM_DIVIDENDS:
      g_string_append_printf (out, "dividends:%u", state->dividends_left);
      break;
    case FX_ITEM_CONTRACT:
      g_string_append_printf (out, "contract:%c:", 'A' + item->letter);
      append_name (out, setup, letter->owner);
      g_string_append_c (out, ':');
      append_amount (out, letter->pay_amount);
      g_string_append_printf (out, ":%s:", fx_currency_code (letter->pay));
      append_amount (out, letter->receive_amount);
      g_string_append_printf (out, ":%s", fx_currency_code (letter->receive));
      break;
    case FX_ITEM_LOAN:
      g_string_append_printf (out, "loan:%c:", 'A' + item->letter);
      append_name (out, setup, letter->owner);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          if (letter->owed[c] == 0)
            continue;
          g_string_append_c (out, first ? ':' : '+');
          append_amount (out, letter->owed[c]);
          g_string_append_printf (out, ":%s", fx_currency_code (c));
          first = FALSE;
        }
      break;
    default:
      g_assert_not_reached ();
    }
}

void
fx_summary_write_state (const FxSetup *setup,
                        const FxState *s,
                        GString       *out)
{
  gboolean any_free = FALSE;

  g_string_append (out, "game for-ex\nstatus ");
  switch ((FxStatus) s->status)
    {
    case FX_STATUS_PLAYING:
      g_string_append (out, "playing");
      break;
    case FX_STATUS_ENDED:
      g_string_append (out, "ended");
      break;
    case FX_STATUS_BANKRUPT:
      g_string_append (out, "bankrupt ");
      append_name (out, setup, s->bankrupt);
      break;
    default:
      g_assert_not_reached ();
    }
  g_string_append_printf (out, "\nturn %u\n", s->turn);
  if (s->status == FX_STATUS_PLAYING)
    {
      g_string_append (out, "next ");
      append_name (out, setup, s->spot_actor != FX_NO_PLAYER ? s->spot_actor : s->next_player);
      g_string_append_c (out, '\n');
    }

  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      FxCurrency a, b;
      const FxPair *pair = &s->board.pairs[i];

      fx_pair_currencies (i, &a, &b);
      g_string_append_printf (out, "pair %s %s ", fx_currency_code (pair->stronger),
                              fx_currency_code (pair->stronger == (gint8) a ? b : a));
      append_amount (out, fx_track_value ((guint) pair->space));
      g_string_append_c (out, '\n');
    }

  for (int p = 0; p < s->n_players; p++)
    {
      g_string_append (out, "cash ");
      append_name (out, setup, p);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          g_string_append_printf (out, " %s ", fx_currency_code (c));
          append_amount (out, s->cash[p][c]);
        }
      g_string_append_c (out, '\n');
    }
  for (int p = 0; p < s->n_players; p++)
    {
      g_string_append (out, "certs ");
      append_name (out, setup, p);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        g_string_append_printf (out, " %s %u", fx_currency_code (c), s->certs[p][c]);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "pile");
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g_string_append_printf (out, " %s %u", fx_currency_code (c), s->pile[c]);

  g_string_append (out, "\nqueue");
  if (s->queue_len == 0)
    g_string_append (out, " -");
  for (int i = 0; i < s->queue_len; i++)
    {
      g_string_append_c (out, ' ');
      fx_summary_append_item (setup, s, &s->queue[i], out);
    }

  g_string_append (out, "\nfree");
  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      if (s->letters[l].use == FX_LETTER_FREE)
        {
          g_string_append_printf (out, " %c", 'A' + l);
          any_free = TRUE;
        }
    }
  if (!any_free)
    g_string_append (out, " -");
  g_string_append_c (out, '\n');
}

void
fx_summary_write_score (const FxSetup *setup,
                        const FxState *s,
                        GString       *out)
{
  FxStanding standing;
  FxCurrency strongest;

  fx_score_standing_under (s, setup->readings, &standing);
  strongest = standing.strongest.strongest;

  if (!fx_state_is_over (s))
    g_string_append (out, "provisional\n");
  if (strongest == FX_NO_CURRENCY)
    {
      g_string_append (out, "strongest-tied");
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (standing.strongest.tied[c])
          g_string_append_printf (out, " %s", fx_currency_code (c));
    }
  else
    g_string_append_printf (out, "strongest %s", fx_currency_code (strongest));

  g_string_append (out, "\npairs");
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g_string_append_printf (out, " %s %u", fx_currency_code (c), standing.strongest.pairs_won[c]);
  g_string_append_c (out, '\n');

  if (strongest != FX_NO_CURRENCY)
    {
      for (int p = 0; p < s->n_players; p++)
        {
          for (int c = 0; c < FX_N_CURRENCIES; c++)
            {
              if (c == (int) strongest || s->cash[p][c] <= 0)
                continue;
              g_string_append (out, "convert ");
              append_name (out, setup, p);
              g_string_append_printf (out, " %s ", fx_currency_code (c));
              append_amount (out, s->cash[p][c]);
              g_string_append_c (out, ' ');
              append_amount (out, standing.players[p].converted[c]);
              g_string_append_c (out, '\n');
            }
        }
      for (int p = 0; p < s->n_players; p++)
        {
          g_string_append (out, "total ");
          append_name (out, setup, p);
          g_string_append_c (out, ' ');
          append_amount (out, standing.players[p].total);
          g_string_append_c (out, '\n');
        }
    }

  if (s->bankrupt != FX_NO_PLAYER)
    {
      g_string_append (out, "bankrupt ");
      append_name (out, setup, s->bankrupt);
      g_string_append_c (out, '\n');
    }

  if (strongest != FX_NO_CURRENCY)
    {
      g_string_append (out, "winner");
      for (int p = 0; p < s->n_players; p++)
        {
          if (!standing.winners[p])
            continue;
          g_string_append_c (out, ' ');
          append_name (out, setup, p);
        }
      g_string_append_c (out, '\n');
    }
}

/* "projected", then the score of the table as it would end (fx_state_project_end()). */
void
fx_summary_write_projected (const FxSetup *setup,
                            const FxState *s,
                            GString       *out)
{
  FxState projected;

  fx_state_project_end (s, &projected);
  g_string_append (out, "projected\n");
  fx_summary_write_score (setup, &projected, out);
}

static void
append_worth (GString    *out,
              const char *label,
              gint64      value)
{
  g_autofree char *text = fx_worth_format (value);

  g_string_append_printf (out, " %s %s", label, text);
}

/* "standing", then the score of the table the standing is on: the game as it
 * would end if every turn from now on were a resolve (fx_score_standing_resolved());
 * a strongest currency left to a choice there is the first tied one. */
void
fx_summary_write_standing (const FxSetup *setup,
                           const FxState *s,
                           GString       *out)
{
  FxState end;
  FxStanding standing;

  fx_score_standing_resolved (setup, s, &end, &standing);
  if (fx_state_is_over (&end) && end.strongest_choice == FX_NO_CURRENCY && standing.strongest.n_tied > 1)
    {
      FxMove choice;

      fx_move_init (&choice, FX_MOVE_STRONGEST);
      choice.cur[0] = standing.strongest.strongest;
      if (!fx_state_apply (setup, &end, &choice, NULL))
        g_assert_not_reached ();
    }
  g_string_append (out, "standing\n");
  fx_summary_write_score (setup, &end, out);
}

/* "worth", the currency worth is counted in, each player's net worth at
 * today's rates by part, and the places it gives (fx_worth_compute()). */
void
fx_summary_write_worth (const FxSetup *setup,
                        const FxState *s,
                        GString       *out)
{
  FxWorth worth;

  fx_worth_compute (s, setup->readings, &worth);
  g_string_append (out, "worth\n");
  g_string_append_printf (out, "valued-in %s", fx_currency_code (worth.currency));
  if (worth.tied)
    {
      FxStrongest strongest;

      fx_score_strongest (s, &strongest);
      g_string_append (out, " tied");
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (strongest.tied[c])
          g_string_append_printf (out, " %s", fx_currency_code (c));
    }
  g_string_append_c (out, '\n');
  for (int p = 0; p < s->n_players; p++)
    {
      const FxWorthParts *w = &worth.players[p];

      g_string_append (out, "worth ");
      append_name (out, setup, p);
      append_worth (out, "cash", w->cash);
      append_worth (out, "contracts", w->contracts);
      append_worth (out, "loans", w->loans);
      append_worth (out, "certificates", w->certificates);
      append_worth (out, "total", w->total);
      g_string_append_c (out, '\n');
    }
  for (int p = 0; p < s->n_players; p++)
    {
      g_string_append (out, "place ");
      append_name (out, setup, p);
      g_string_append_printf (out, " %u\n", worth.place[p]);
    }
  if (s->bankrupt != FX_NO_PLAYER)
    {
      g_string_append (out, "bankrupt ");
      append_name (out, setup, s->bankrupt);
      g_string_append_c (out, '\n');
    }
}

static void
append_money_list (GString        *out,
                   const char     *label,
                   const XqAmount  amounts[FX_N_CURRENCIES],
                   const XqAmount  which[FX_N_CURRENCIES])
{
  g_string_append_printf (out, " %s", label);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    if (which[c] > 0)
      {
        g_string_append_c (out, ' ');
        append_amount (out, amounts[c]);
        g_string_append_printf (out, " %s", fx_currency_code (c));
      }
}

/* One line per queue item, front first (fx_forecast_compute()):
 * "item 1 dividends", "item 2 contract B Ben asks 10 GBP holds 3 GBP short 7 GBP becomes-loan owes 11 GBP". */
void
fx_summary_write_forecast (const FxSetup *setup,
                           const FxState *s,
                           GString       *out)
{
  static const char * const outcomes[] = { "dividends", "paid", "becomes-loan", "joins-loan", "bankrupts" };
  FxForecast forecast;

  fx_forecast_compute (s, &forecast);
  for (guint i = 0; i < forecast.n_items; i++)
    {
      const FxForecastItem *item = &forecast.items[i];

      g_string_append_printf (out, "item %u", item->position);
      if (item->kind == FX_ITEM_DIVIDENDS)
        {
          g_string_append (out, " dividends\n");
          continue;
        }
      g_string_append_printf (out, " %s %c ", item->kind == FX_ITEM_CONTRACT ? "contract" : "loan", 'A' + item->letter);
      append_name (out, setup, item->owner);
      append_money_list (out, "asks", item->asks, item->asks);
      append_money_list (out, "holds", item->holds, item->asks);
      if (fx_forecast_is_short (item))
        append_money_list (out, "short", item->short_by, item->short_by);
      g_string_append_printf (out, " %s", outcomes[item->outcome]);
      if (item->outcome == FX_FORECAST_JOINS_LOAN)
        g_string_append_printf (out, " %c", 'A' + item->joins);
      if (item->outcome == FX_FORECAST_BECOMES_LOAN || item->outcome == FX_FORECAST_JOINS_LOAN)
        append_money_list (out, "owes", item->loan_owes, item->loan_owes);
      g_string_append_c (out, '\n');
    }
}
