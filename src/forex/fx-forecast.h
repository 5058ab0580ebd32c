/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The queue forecast: what each item in the queue will ask of its owner, and
 * what happens if they cannot pay it, so trouble is seen before it comes. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

typedef enum
{
  FX_FORECAST_DIVIDEND,      /* pays certificates; asks nothing */
  FX_FORECAST_PAID,          /* the owner holds what it asks today */
  FX_FORECAST_BECOMES_LOAN,  /* a contract they cannot pay: a loan of what it asks + 1 */
  FX_FORECAST_JOINS_LOAN,    /* the same, added to the loan they already have */
  FX_FORECAST_BANKRUPTS,     /* a loan they cannot pay: bankruptcy, and the game ends */
} FxForecastOutcome;

typedef struct
{
  guint8   position;                     /* 1 is the front of the queue */
  gint8    kind;                         /* FxItemKind */
  gint8    letter;                       /* contracts and loans */
  gint8    owner;                        /* FX_NO_PLAYER for the dividends */
  XqAmount asks[FX_N_CURRENCIES];        /* what it will take from its owner */
  XqAmount holds[FX_N_CURRENCIES];       /* what the owner holds of it today */
  XqAmount short_by[FX_N_CURRENCIES];    /* asks − holds where that is more than 0 */
  gint8    outcome;                      /* FxForecastOutcome, were it resolved today */
  gint8    joins;                        /* JOINS_LOAN: the letter of that loan */
  XqAmount loan_owes[FX_N_CURRENCIES];   /* BECOMES_LOAN, JOINS_LOAN: what the loan would owe */
} FxForecastItem;

typedef struct
{
  guint8         n_items;
  FxForecastItem items[FX_QUEUE_MAX];
} FxForecast;

void      fx_forecast_compute      (const FxState        *state,
                                    FxForecast           *out);
gboolean  fx_forecast_is_short     (const FxForecastItem *item);
char     *fx_forecast_sentence     (const FxSetup        *setup,
                                    const FxForecastItem *item);
char     *fx_forecast_warning      (const FxSetup        *setup,
                                    const FxForecastItem *item);
char     *fx_forecast_warning_of   (const FxSetup        *setup,
                                    const FxState        *state,
                                    int                   player);
char     *fx_forecast_contract_note (const FxSetup       *setup,
                                     const FxState       *state,
                                     const FxMove        *contract);

G_END_DECLS
