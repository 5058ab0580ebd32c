/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a move would do, told as short lines: computed on a copy of the state. */
#pragma once

#include <glib.h>

#include "fx-state.h"

G_BEGIN_DECLS

gboolean   fx_preview_apply         (const FxSetup  *setup,
                                     const FxState  *state,
                                     const FxMove   *moves,
                                     guint           n_moves,
                                     FxState        *out_after,
                                     GError        **error);
GPtrArray *fx_preview_describe      (const FxSetup  *setup,
                                     const FxState  *before,
                                     const FxState  *after);
GPtrArray *fx_preview_front         (const FxSetup  *setup,
                                     const FxState  *state);

G_END_DECLS
