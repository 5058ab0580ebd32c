/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Counting the table (issue #17): the checkpoint move's rule, and the moves a count becomes. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

/* What the players found on the table: each player's notes and
 * certificates, and the certificate piles (a certificate in a player's hands
 * that the app does not know of most often came from a pile). */
typedef struct
{
  XqAmount cash[FX_MAX_PLAYERS][FX_N_CURRENCIES];
  guint8   certs[FX_MAX_PLAYERS][FX_N_CURRENCIES];
  guint8   pile[FX_N_CURRENCIES];
} FxCount;

/* Every holding of every player and every pile differing, and the checkpoint. */
#define FX_CHECKPOINT_MAX_MOVES ((FX_MAX_PLAYERS * 2 + 1) * FX_N_CURRENCIES + 1)

gboolean fx_checkpoint_check           (const FxSetup  *setup,
                                        const FxState  *state,
                                        const FxMove   *move,
                                        GError        **error);

void     fx_count_from_state           (const FxState  *state,
                                        FxCount        *count);
guint    fx_checkpoint_moves           (const FxState  *state,
                                        const FxCount  *count,
                                        FxMove          moves[FX_CHECKPOINT_MAX_MOVES]);

gboolean fx_checkpoint_due_after       (const FxState  *before,
                                        const FxMove   *move,
                                        const FxState  *after);
guint    fx_checkpoint_dividends_paid  (const FxState  *state);
char    *fx_checkpoint_reason          (const FxState  *state,
                                        gboolean        after_dividend,
                                        guint           n_moves);
char    *fx_checkpoint_result          (const FxMove   *checkpoint);

G_END_DECLS
