/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How For-Ex numbers and moves read on screen: locale decimals, plain sentences. */
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
char  *fx_display_move          (const FxSetup  *setup,
                                 const FxState  *before,
                                 const FxMove   *move);
char  *fx_display_turns_played  (const FxState  *state);
char  *fx_display_turn_of_move  (const FxState  *before,
                                 const FxMove   *move);

G_END_DECLS
