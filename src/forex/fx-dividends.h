/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which currency each dividend of a game strengthened, and why: for the audit and the report. */
#pragma once

#include "fx-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

typedef enum
{
  FX_DIVIDEND_MOST,      /* one currency had the most certificates in players' hands */
  FX_DIVIDEND_CHOSEN,    /* several tied for the most; the resolving player chose */
  FX_DIVIDEND_NONE,      /* nobody held one, and the table's reading strengthens nothing */
} FxDividendWhy;

typedef struct
{
  guint   move;                        /* the resolve move, from 0 */
  guint8  card;                        /* 0 … 4, as the history numbers them */
  gint8   actor;                       /* who resolved it */
  gint8   strengthened;                /* FxCurrency, or FX_NO_CURRENCY */
  gint8   why;                         /* FxDividendWhy */
  gboolean last;                       /* the last card: the rest of the queue resolved itself */
  guint8  held[FX_N_CURRENCIES];       /* certificates in players' hands when it was resolved */
  gboolean tied[FX_N_CURRENCIES];      /* the currencies with the most of them */
} FxDividend;

gboolean  fx_dividend_of_move     (const FxSetup *setup,
                                   const FxState *before,
                                   const FxMove  *move,
                                   guint          index,
                                   FxDividend    *out);
GArray   *fx_dividends_collect    (XqSession     *session);
char     *fx_dividend_reason      (const FxSetup    *setup,
                                   const FxDividend *dividend);
char     *fx_dividend_sentence    (const FxSetup    *setup,
                                   const FxDividend *dividend);

G_END_DECLS
