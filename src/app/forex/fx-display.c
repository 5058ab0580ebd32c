/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Screen text for For-Ex: amounts with the locale's decimal separator and
 * exact cross rates as fractions. Moves are told in fx-sentence.c. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "fx-display.h"
#include "fx-sentence.h"

/* "7.5" in English, "7,5" in German and French. Notation and files never
 * come here: they always write "7.5". */
char *
fx_display_amount (XqAmount amount)
{
  return xq_amount_to_display_string (amount);
}

/* The sentences' own money, so a screen and a sentence write amounts alike. */
char *
fx_display_money (XqAmount   amount,
                  FxCurrency currency)
{
  return fx_sentence_money (amount, currency);
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
