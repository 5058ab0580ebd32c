/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Screen text for For-Ex: amounts with the locale's decimal separator, exact
 * cross rates as fractions, and each move as a sentence a player reads. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "fx-display.h"

/* "7.5" in English, "7,5" in German and French. Notation and files never
 * come here: they always write "7.5". */
char *
fx_display_amount (XqAmount amount)
{
  return xq_amount_to_display_string (amount);
}

char *
fx_display_money (XqAmount   amount,
                  FxCurrency currency)
{
  g_autofree char *number = fx_display_amount (amount);

  /* TRANSLATORS: an amount and a currency code, as in "7.5 USD" */
  return g_strdup_printf (C_("money", "%s %s"), number, fx_currency_code (currency));
}

/* The amounts of the currencies @which names (non-zero there), zeros
 * included: what a player holds of what a loan owes, "2 USD and 0 JPY". */
char *
fx_display_amounts_of (const XqAmount amounts[FX_N_CURRENCIES],
                       const XqAmount which[FX_N_CURRENCIES])
{
  GString *out = g_string_new (NULL);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *money = NULL;

      if (which[c] == 0)
        continue;
      money = fx_display_money (amounts[c], c);
      if (out->len > 0)
        /* TRANSLATORS: separates the currencies a loan owes: "3 USD and 2 JPY" */
        g_string_append (out, _(" and "));
      g_string_append (out, money);
    }
  return g_string_free (out, FALSE);
}

/* What a loan owes, currency by currency: "3 GBP and 3 CAD". */
char *
fx_display_owed (const XqAmount owed[FX_N_CURRENCIES])
{
  return fx_display_amounts_of (owed, owed);
}

static guint
gcd (guint a,
     guint b)
{
  while (b != 0)
    {
      guint t = a % b;

      a = b;
      b = t;
    }
  return a;
}

/* "1 row = x column", exactly: the weaker side's rate is a fraction (2/3). */
char *
fx_display_rate (const FxBoard *board,
                 FxCurrency     row,
                 FxCurrency     column)
{
  XqAmount rate;
  guint g;

  if (row == column)
    return g_strdup ("1");
  rate = fx_board_rate (board, row, column);
  if (fx_board_stronger (board, row, column) == row)
    return fx_display_amount (rate);
  /* 1 / (rate / 2) = 2 / rate */
  g = gcd (2, (guint) rate);
  if ((guint) rate / g == 1)
    return g_strdup_printf ("%u", 2 / g);
  return g_strdup_printf ("%u/%u", 2 / g, (guint) rate / g);
}

/* For accessible names and tooltips: "USD stronger than JPY: 1 USD = 2 JPY". */
char *
fx_display_pair (const FxBoard *board,
                 guint          pair_index)
{
  const FxPair *pair = &board->pairs[pair_index];
  FxCurrency a, b, weaker;
  g_autofree char *value = NULL;

  fx_pair_currencies (pair_index, &a, &b);
  weaker = pair->stronger == (gint8) a ? b : a;
  value = fx_display_amount (fx_track_value ((guint) pair->space));
  return g_strdup_printf (_("%s stronger than %s: 1 %s = %s %s"),
                          fx_currency_code (pair->stronger), fx_currency_code (weaker),
                          fx_currency_code (pair->stronger), value, fx_currency_code (weaker));
}

static char *
describe_front (const FxSetup *setup,
                const FxState *before,
                const FxMove  *m)
{
  const FxQueueItem *front = &before->queue[0];
  const FxLetter *letter = &before->letters[front->letter];
  const char *actor = setup->names[m->actor];

  switch ((FxItemKind) front->kind)
    {
    case FX_ITEM_DIVIDENDS:
      if (m->cur[0] != FX_NO_CURRENCY)
        return g_strdup_printf (_("%s resolves dividend card %d and strengthens %s"), actor,
                                FX_N_DIVIDEND_CARDS - before->dividends_left, fx_currency_code (m->cur[0]));
      return g_strdup_printf (_("%s resolves dividend card %d"), actor, FX_N_DIVIDEND_CARDS - before->dividends_left);
    case FX_ITEM_CONTRACT:
      return g_strdup_printf (_("%s resolves %s’s contract %c"), actor, setup->names[letter->owner],
                              'A' + front->letter);
    case FX_ITEM_LOAN:
      return g_strdup_printf (_("%s resolves %s’s loan %c"), actor, setup->names[letter->owner], 'A' + front->letter);
    default:
      g_assert_not_reached ();
    }
}

/**
 * fx_display_move:
 * @setup: the game's setup
 * @before: the state the move was played in, for the amounts it implies
 * @move: the move
 *
 * Returns: (transfer full): the move as a sentence, "Bob buys a USD certificate"
 */
char *
fx_display_move (const FxSetup *setup,
                 const FxState *before,
                 const FxMove  *m)
{
  const char *actor = m->actor >= 0 ? setup->names[m->actor] : NULL;

  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_SPOT:
      {
        gboolean gives_stronger = fx_board_stronger (&before->board, m->cur[0], m->cur[1]) == m->cur[0];
        XqAmount rate = fx_board_rate (&before->board, m->cur[0], m->cur[1]);
        g_autofree char *give = fx_display_money (gives_stronger ? XQ_BUCKS (1) : rate, m->cur[0]);
        g_autofree char *take = fx_display_money (gives_stronger ? rate : XQ_BUCKS (1), m->cur[1]);

        return g_strdup_printf (_("%s gives %s %s for %s"), actor, setup->names[m->other], give, take);
      }
    case FX_MOVE_CONTRACT:
      {
        g_autofree char *pay = fx_display_money (m->amount, m->cur[0]);

        return g_strdup_printf (_("%s promises %s for %s"), actor, pay, fx_currency_code (m->cur[1]));
      }
    case FX_MOVE_INVEST:
      if (m->cur[1] != FX_NO_CURRENCY)
        return g_strdup_printf (_("%s buys %s and %s certificates"), actor, fx_currency_code (m->cur[0]),
                                fx_currency_code (m->cur[1]));
      return g_strdup_printf (_("%s buys a %s certificate"), actor, fx_currency_code (m->cur[0]));
    case FX_MOVE_DIVEST:
      {
        guint others = 0;

        for (int p = 0; p < setup->n_players; p++)
          if (p != m->actor)
            others += m->sells[p];
        if (others > 0)
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%s sells %u %s certificate; the others sell %u",
                                               "%s sells %u %s certificates; the others sell %u",
                                               m->sells[m->actor]),
                                  actor, m->sells[m->actor], fx_currency_code (m->cur[0]), others);
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s sells %u %s certificate",
                                             "%s sells %u %s certificates", m->sells[m->actor]),
                                actor, m->sells[m->actor], fx_currency_code (m->cur[0]));
      }
    case FX_MOVE_RESOLVE:
      return describe_front (setup, before, m);
    case FX_MOVE_STRONGEST:
      return g_strdup_printf (_("%s is chosen as the strongest currency"), fx_currency_code (m->cur[0]));
    case FX_MOVE_CORRECT_CASH:
      {
        g_autofree char *money = fx_display_money (m->amount, m->cur[0]);

        return g_strdup_printf (_("Correction: %s holds %s"), setup->names[m->other], money);
      }
    case FX_MOVE_CORRECT_CERTS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Correction: %s holds %d %s certificate",
                                           "Correction: %s holds %d %s certificates", (gulong) m->amount),
                              setup->names[m->other], m->amount, fx_currency_code (m->cur[0]));
    case FX_MOVE_CORRECT_PILE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Correction: the %s pile holds %d certificate",
                                           "Correction: the %s pile holds %d certificates", (gulong) m->amount),
                              fx_currency_code (m->cur[0]), m->amount);
    case FX_MOVE_CORRECT_PAIR:
      {
        g_autofree char *value = fx_display_amount (m->amount);

        return g_strdup_printf (_("Correction: 1 %s = %s %s"), fx_currency_code (m->cur[0]), value,
                                fx_currency_code (m->cur[1]));
      }
    default:
      g_assert_not_reached ();
    }
}

/*
 * Turns, as `exchequer-cli state` counts them (notation.md): `turn N` is the
 * number of turns completed, a spot and its action making one, the turn that
 * ends the game included; corrections and `strongest` take none. Every screen
 * that numbers turns says either how many are done (a position) or which one
 * a move belongs to (the N-th turn is the one that, done, makes N), so the
 * two agree with the CLI's line after the turn's action.
 */

/**
 * fx_display_turns_played:
 * @state: a position
 *
 * Returns: (transfer full): "12 turns played": the CLI's `turn` line for @state
 */
char *
fx_display_turns_played (const FxState *state)
{
  /* TRANSLATORS: how far the game is: the turns completed so far */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u turn played", "%u turns played", state->turn),
                          (guint) state->turn);
}

/**
 * fx_display_turn_of_move:
 * @before: the position before @move
 * @move: a move
 *
 * Returns: (transfer full) (nullable): "Turn 13" for a spot or an action of
 *   the thirteenth turn, after which the CLI says `turn 13`; %NULL for a
 *   correction or the choice of the strongest currency, which take no turn
 */
char *
fx_display_turn_of_move (const FxState *before,
                         const FxMove  *move)
{
  if (move->kind < FX_MOVE_SPOT || move->kind > FX_MOVE_RESOLVE)
    return NULL;
  /* TRANSLATORS: the turn a move belongs to, counted from 1, in the history */
  return g_strdup_printf (_("Turn %u"), (guint) before->turn + 1);
}
