/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The corrections of the queue's contents: contracts, loans, order, dividends. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

gboolean fx_rules_correct_table (const FxSetup  *setup,
                                 FxState        *state,
                                 const FxMove   *move,
                                 GError        **error);

G_END_DECLS
