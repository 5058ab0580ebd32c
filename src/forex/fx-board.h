/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The currency board: seven currencies, 21 pair counters on a ten-space track. */
#pragma once

#include <glib.h>

#include "xq-amount.h"

G_BEGIN_DECLS

typedef enum
{
  FX_GBP,
  FX_EUR,
  FX_USD,
  FX_CHF,
  FX_JPY,
  FX_CAD,
  FX_CNY,
  FX_N_CURRENCIES
} FxCurrency;

#define FX_N_PAIRS 21
#define FX_N_SPACES 10
#define FX_LAST_SPACE (FX_N_SPACES - 1)   /* "the 8 space" */
#define FX_NO_CURRENCY (-1)

/* One counter. It sits on the stronger currency's row at a track space;
 * 1 stronger = value(space) weaker. */
typedef struct
{
  gint8 stronger;   /* FxCurrency */
  gint8 space;      /* 0 … 9 */
} FxPair;

typedef struct
{
  FxPair pairs[FX_N_PAIRS];   /* in board order: GBP-EUR, GBP-USD, … CAD-CNY */
} FxBoard;

const char *fx_currency_code        (FxCurrency  currency);
gboolean    fx_currency_parse       (const char *code,
                                     FxCurrency *out_currency);

XqAmount    fx_track_value          (guint       space);
gboolean    fx_track_space_of       (XqAmount    value,
                                     guint      *out_space);

guint       fx_pair_index           (FxCurrency  a,
                                     FxCurrency  b);
void        fx_pair_currencies      (guint       index,
                                     FxCurrency *first,
                                     FxCurrency *second);

void        fx_board_init           (FxBoard    *board);
FxCurrency  fx_board_stronger       (const FxBoard *board,
                                     FxCurrency  a,
                                     FxCurrency  b);
XqAmount    fx_board_rate           (const FxBoard *board,
                                     FxCurrency  a,
                                     FxCurrency  b);
void        fx_board_set_pair       (FxBoard    *board,
                                     FxCurrency  stronger,
                                     FxCurrency  weaker,
                                     guint       space);
void        fx_board_strengthen     (FxBoard    *board,
                                     FxCurrency  currency);
void        fx_board_weaken         (FxBoard    *board,
                                     FxCurrency  currency);
gboolean    fx_board_on_last_space  (const FxBoard *board,
                                     FxCurrency  weaker);
void        fx_board_pairs_won      (const FxBoard *board,
                                     guint       won[FX_N_CURRENCIES]);
char       *fx_currency_list        (const gboolean set[FX_N_CURRENCIES]);

G_END_DECLS
