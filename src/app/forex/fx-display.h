/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How For-Ex numbers read on screen: locale decimals, exact rates. */
#pragma once

#include <glib.h>

#include "fx-state.h"

G_BEGIN_DECLS

char  *fx_display_amount        (XqAmount        amount);
char  *fx_display_money         (XqAmount        amount,
                                 FxCurrency      currency);
char  *fx_display_rate          (const FxBoard  *board,
                                 FxCurrency      row,
                                 FxCurrency      column);
char  *fx_display_pair          (const FxBoard  *board,
                                 guint           pair_index);
char  *fx_display_owed          (const XqAmount  owed[FX_N_CURRENCIES]);
char  *fx_display_amounts_of    (const XqAmount  amounts[FX_N_CURRENCIES],
                                 const XqAmount  which[FX_N_CURRENCIES]);

G_END_DECLS
