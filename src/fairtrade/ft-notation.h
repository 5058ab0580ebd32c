/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade statements of XQN: the header, the moves and the corrections. */
#pragma once

#include "ft-state.h"
#include "xq-notation.h"

G_BEGIN_DECLS

gboolean  ft_notation_parse_header  (FtSetup            *setup,
                                     GPtrArray          *statements,
                                     guint              *n_consumed,
                                     guint              *error_line,
                                     GError            **error);
void      ft_notation_write_header  (const FtSetup      *setup,
                                     GString            *out);
gboolean  ft_notation_parse_move    (const FtSetup      *setup,
                                     const XqStatement  *statement,
                                     FtMove             *move,
                                     char              **reason,
                                     GError            **error);
void      ft_notation_write_move    (const FtSetup      *setup,
                                     const FtMove       *move,
                                     GString            *out);
char     *ft_notation_format_move   (const FtSetup      *setup,
                                     const FtMove       *move);

G_END_DECLS
