/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every legal action of the player to move, for the GUI's forms and the CLI. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

/* 42 ordered pairs × 10 contracts, 49 investments, 28 divestments, 7 resolutions. */
#define FX_LEGAL_MAX 512

guint      fx_legal_actions  (const FxSetup *setup,
                              const FxState *state,
                              FxMove         out[FX_LEGAL_MAX]);
guint      fx_legal_candidates (const FxSetup *setup,
                                const FxState *state,
                                FxMove         out[FX_LEGAL_MAX]);
GPtrArray *fx_legal_lines    (const FxSetup *setup,
                              const FxState *state);

G_END_DECLS
