/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words For-Ex moves are told in: the history, the audit, the move bar and the report share them. */
#pragma once

#include <glib.h>

#include "fx-state.h"

G_BEGIN_DECLS

const char *fx_sentence_ordinal   (guint          place);
char  *fx_sentence_money          (XqAmount       amount,
                                   FxCurrency     currency);
char  *fx_sentence_move           (const FxSetup *setup,
                                   const FxState *before,
                                   const FxMove  *move);
char  *fx_sentence_turns_played   (const FxState *state);
char  *fx_sentence_turn_of_move   (const FxState *before,
                                   const FxMove  *move);

G_END_DECLS
