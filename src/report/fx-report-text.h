/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Plain-language sentences for the report's move list. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

char  *fx_report_describe_move  (const FxSetup *setup,
                                 const FxState *before,
                                 const FxMove  *move,
                                 const FxState *after);

G_END_DECLS
