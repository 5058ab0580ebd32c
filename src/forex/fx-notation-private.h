/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The token readers fx-notation.c shares with fx-notation-table.c. */
#pragma once

#include "fx-state.h"
#include "xq-notation.h"

G_BEGIN_DECLS

gboolean fx_notation_parse_currency (const char         *token,
                                     gint8              *out,
                                     GError            **error);
gboolean fx_notation_parse_player   (const FxSetup      *setup,
                                     const char         *token,
                                     gint8              *out,
                                     GError            **error);
gboolean fx_notation_parse_amount   (const char         *token,
                                     XqAmount           *out,
                                     GError            **error);
gboolean fx_notation_parse_count    (const char         *token,
                                     guint              *out,
                                     GError            **error);
gboolean fx_notation_expect_words   (const XqStatement  *st,
                                     guint               n,
                                     gboolean            reason_allowed,
                                     char              **reason,
                                     const char         *form,
                                     GError            **error);

gboolean fx_notation_parse_table_correction (const FxSetup      *setup,
                                             const XqStatement  *st,
                                             FxMove             *m,
                                             char              **reason,
                                             GError            **error);
void     fx_notation_write_table_correction (const FxSetup      *setup,
                                             const FxMove       *m,
                                             GString            *out);

G_END_DECLS
