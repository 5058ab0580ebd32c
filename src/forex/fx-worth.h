/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Net worth at today's rates: the standing the table is shown, the review
 * weighs and the hint maximises. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

/*
 * Worth is counted exactly, in 1/1680 of a buck of the valuation currency:
 * every track value, in half-bucks (2 … 16), divides 1680, so converting any
 * amount at any rate leaves no remainder and no floating point is needed.
 */
#define FX_WORTH_PER_BUCK 1680

typedef struct
{
  gint64 cash;          /* every currency held, converted at today's rates */
  gint64 contracts;     /* own contracts in the queue: what they pay minus what they cost */
  gint64 loans;         /* what the player's loan owes, as a negative amount */
  gint64 certificates;  /* the dividends still to come on the certificates held */
  gint64 total;
} FxWorthParts;

typedef struct
{
  gint8        currency;      /* FxCurrency: today's strongest, or the first tied one */
  gboolean     tied;          /* the strongest is tied: @currency is the first of them */
  gint8        bankrupt;      /* the bankrupt player, or FX_NO_PLAYER */
  FxWorthParts players[FX_MAX_PLAYERS];
  guint8       place[FX_MAX_PLAYERS];   /* 1 is first; equal worth shares a place;
                                         * a bankrupt player comes last */
} FxWorth;

gint64  fx_worth_of_amount   (const FxBoard *board,
                              FxCurrency     valued_in,
                              FxCurrency     currency,
                              XqAmount       amount);
XqAmount fx_worth_dividends_to_come (const FxState *state);
void    fx_worth_compute     (const FxState *state,
                              guint          readings,
                              FxWorth       *out);
gint64  fx_worth_margin      (const FxWorth *worth,
                              guint          n_players,
                              int            player);
char   *fx_worth_format      (gint64         value);
XqAmount fx_worth_to_amount  (gint64         value);

G_END_DECLS
