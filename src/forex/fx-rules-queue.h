/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The queue's side of the rules: items joining at the back, the front resolved. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

void     fx_rules_queue_push_back (FxState        *state,
                                   FxItemKind      kind,
                                   int             letter);
gboolean fx_rules_resolve         (const FxSetup  *setup,
                                   FxState        *state,
                                   const FxMove   *move,
                                   gboolean       *final_card,
                                   GError        **error);

G_END_DECLS
