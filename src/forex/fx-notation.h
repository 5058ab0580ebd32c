/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex statements of XQN: the header, the moves and the corrections. */
#pragma once

#include "fx-state.h"
#include "xq-notation.h"

G_BEGIN_DECLS

gboolean  fx_notation_parse_header  (FxSetup            *setup,
                                     GPtrArray          *statements,
                                     guint              *n_consumed,
                                     guint              *error_line,
                                     GError            **error);
void      fx_notation_write_header  (const FxSetup      *setup,
                                     GString            *out);
gboolean  fx_notation_parse_move    (const FxSetup      *setup,
                                     const XqStatement  *statement,
                                     FxMove             *move,
                                     char              **reason,
                                     GError            **error);
void      fx_notation_write_move    (const FxSetup      *setup,
                                     const FxMove       *move,
                                     GString            *out);
char     *fx_notation_format_move   (const FxSetup      *setup,
                                     const FxMove       *move);

G_END_DECLS
