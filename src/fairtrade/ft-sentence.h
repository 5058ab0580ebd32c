/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Screen text for Fair Trade: moves as sentences, number lists, tie-breaks. */
#pragma once

#include <glib.h>

#include "ft-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

gboolean ft_display_move_is_hidden (XqSession    *session,
                                   guint         index);
char  *ft_display_move        (const FtSetup      *setup,
                               const FtState      *before,
                               const FtMove       *move,
                               gboolean            hidden);
char  *ft_display_numbers     (const gint32       *values,
                               guint               n);
char  *ft_display_capitalize  (const char         *sentence);
char  *ft_display_ties        (const FtSetup      *setup,
                               const FtSettlement *last,
                               int                 which,
                               int                 start);
char  *ft_display_pool        (const FtSettlement *last,
                               guint               n_players);

G_END_DECLS
