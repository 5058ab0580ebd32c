/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Counter movement on the currency board: steps, flips at space 1, the 8-space cap. */

#include "config.h"

#include <string.h>

#include "fx-board.h"

static const char *const codes[FX_N_CURRENCIES] = {
  "GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY",
};

/* Track values in half-bucks: 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8. */
static const XqAmount track[FX_N_SPACES] = { 2, 3, 4, 5, 6, 7, 8, 10, 12, 16 };

/* The printed board, as (stronger, weaker, value in half-bucks). */
static const struct { FxCurrency stronger, weaker; XqAmount value; } printed[FX_N_PAIRS] = {
  { FX_GBP, FX_USD, 2 }, { FX_GBP, FX_EUR, 3 }, { FX_GBP, FX_CHF, 3 }, { FX_GBP, FX_JPY, 3 },
  { FX_GBP, FX_CAD, 4 }, { FX_GBP, FX_CNY, 8 },
  { FX_EUR, FX_USD, 2 }, { FX_EUR, FX_CHF, 2 }, { FX_EUR, FX_JPY, 3 }, { FX_EUR, FX_CAD, 3 },
  { FX_EUR, FX_CNY, 7 },
  { FX_USD, FX_CHF, 2 }, { FX_USD, FX_JPY, 3 }, { FX_USD, FX_CAD, 3 }, { FX_USD, FX_CNY, 7 },
  { FX_CHF, FX_JPY, 3 }, { FX_CHF, FX_CAD, 3 }, { FX_CHF, FX_CNY, 7 },
  { FX_JPY, FX_CAD, 3 }, { FX_JPY, FX_CNY, 6 },
  { FX_CAD, FX_CNY, 5 },
};

const char *
fx_currency_code (FxCurrency currency)
{
  g_return_val_if_fail (currency >= 0 && currency < FX_N_CURRENCIES, "???");

  return codes[currency];
}

/* Codes are case-insensitive on input. */
gboolean
fx_currency_parse (const char *code,
                   FxCurrency *out_currency)
{
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      if (g_ascii_strcasecmp (code, codes[c]) == 0)
        {
          *out_currency = (FxCurrency) c;
          return TRUE;
        }
    }
  return FALSE;
}

XqAmount
fx_track_value (guint space)
{
  g_return_val_if_fail (space < FX_N_SPACES, 0);

  return track[space];
}

gboolean
fx_track_space_of (XqAmount  value,
                   guint    *out_space)
{
  for (guint s = 0; s < FX_N_SPACES; s++)
    {
      if (track[s] == value)
        {
          *out_space = s;
          return TRUE;
        }
    }
  return FALSE;
}

/* Pairs (a, b) with a before b in board order, numbered row by row. */
guint
fx_pair_index (FxCurrency a,
               FxCurrency b)
{
  /* Rows before the lower currency's hold 6 + 5 + … pairs; a table, since
   * the review's projections look pairs up millions of times. */
  static const guint8 index[FX_N_CURRENCIES][FX_N_CURRENCIES] = {
    { 0xff,    0,    1,    2,    3,    4,    5 },
    {    0, 0xff,    6,    7,    8,    9,   10 },
    {    1,    6, 0xff,   11,   12,   13,   14 },
    {    2,    7,   11, 0xff,   15,   16,   17 },
    {    3,    8,   12,   15, 0xff,   18,   19 },
    {    4,    9,   13,   16,   18, 0xff,   20 },
    {    5,   10,   14,   17,   19,   20, 0xff },
  };

  g_assert ((guint) a < FX_N_CURRENCIES && (guint) b < FX_N_CURRENCIES && a != b);
  return index[a][b];
}

void
fx_pair_currencies (guint       index,
                    FxCurrency *first,
                    FxCurrency *second)
{
  g_assert (index < FX_N_PAIRS);

  for (int a = 0; a < FX_N_CURRENCIES; a++)
    {
      guint row = (guint) (FX_N_CURRENCIES - 1 - a);

      if (index < row)
        {
          *first = (FxCurrency) a;
          *second = (FxCurrency) (a + 1 + (int) index);
          return;
        }
      index -= row;
    }
  g_assert_not_reached ();
}

void
fx_board_init (FxBoard *board)
{
  memset (board, 0, sizeof *board);
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      guint space = 0;

      fx_track_space_of (printed[i].value, &space);
      fx_board_set_pair (board, printed[i].stronger, printed[i].weaker, space);
    }
}

FxCurrency
fx_board_stronger (const FxBoard *board,
                   FxCurrency     a,
                   FxCurrency     b)
{
  return board->pairs[fx_pair_index (a, b)].stronger;
}

/* "1 stronger = rate weaker", in half-bucks. */
XqAmount
fx_board_rate (const FxBoard *board,
               FxCurrency     a,
               FxCurrency     b)
{
  return track[board->pairs[fx_pair_index (a, b)].space];
}

void
fx_board_set_pair (FxBoard    *board,
                   FxCurrency  stronger,
                   FxCurrency  weaker,
                   guint       space)
{
  FxPair *pair = &board->pairs[fx_pair_index (stronger, weaker)];

  g_assert (space < FX_N_SPACES);
  pair->stronger = (gint8) stronger;
  pair->space = (gint8) space;
}

/* One step of one counter: toward the 8 space (capped there) if @currency
 * gains on its row, toward space 1 and over it (the flip) if it loses. */
static void
step (FxPair     *pair,
      FxCurrency  currency,
      FxCurrency  other,
      gboolean    strengthen)
{
  gboolean moves_right = (pair->stronger == currency) == strengthen;

  if (moves_right)
    {
      if (pair->space < FX_LAST_SPACE)
        pair->space++;
    }
  else if (pair->space > 0)
    pair->space--;
  else
    pair->stronger = (gint8) (pair->stronger == currency ? other : currency);
}

static void
move_all_pairs (FxBoard    *board,
                FxCurrency  currency,
                gboolean    strengthen)
{
  for (int other = 0; other < FX_N_CURRENCIES; other++)
    if (other != (int) currency)
      step (&board->pairs[fx_pair_index (currency, other)], currency, other, strengthen);
}

void
fx_board_strengthen (FxBoard    *board,
                     FxCurrency  currency)
{
  move_all_pairs (board, currency, TRUE);
}

void
fx_board_weaken (FxBoard    *board,
                 FxCurrency  currency)
{
  move_all_pairs (board, currency, FALSE);
}

/* Whether @weaker's own counter stands on the 8 space of any row: such a
 * currency pays no dividend. */
gboolean
fx_board_on_last_space (const FxBoard *board,
                        FxCurrency     weaker)
{
  for (int other = 0; other < FX_N_CURRENCIES; other++)
    {
      const FxPair *pair;

      if (other == (int) weaker)
        continue;
      pair = &board->pairs[fx_pair_index (weaker, other)];
      if (pair->stronger != (gint8) weaker && pair->space == FX_LAST_SPACE)
        return TRUE;
    }
  return FALSE;
}

void
fx_board_pairs_won (const FxBoard *board,
                    guint          won[FX_N_CURRENCIES])
{
  memset (won, 0, sizeof (guint) * FX_N_CURRENCIES);
  for (guint i = 0; i < FX_N_PAIRS; i++)
    won[board->pairs[i].stronger]++;
}

/* "GBP, EUR, USD": a conjunction would need a translation per length, and a
 * comma list reads well enough in every language. */
char *
fx_currency_list (const gboolean set[FX_N_CURRENCIES])
{
  GString *out = g_string_new (NULL);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      if (!set[c])
        continue;
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append (out, fx_currency_code (c));
    }
  return g_string_free (out, FALSE);
}
