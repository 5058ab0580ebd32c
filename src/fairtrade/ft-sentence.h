/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words Fair Trade moves and settlements are told in: moves as sentences, number lists, tie-breaks. */
#pragma once

#include <glib.h>

#include "ft-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

gboolean ft_sentence_move_is_hidden (XqSession    *session,
                                   guint         index);
char  *ft_sentence_move        (const FtSetup      *setup,
                               const FtState      *before,
                               const FtMove       *move,
                               gboolean            hidden);
char  *ft_sentence_bid         (const FtSetup      *setup,
                               int                 player,
                               guint               farmer,
                               guint               trader,
                               gboolean            hidden);
char  *ft_sentence_round_of_move (const FtState    *before,
                               const FtMove       *move);
char  *ft_sentence_numbers     (const gint32       *values,
                               guint               n);
char  *ft_sentence_capitalize  (const char         *sentence);
char  *ft_sentence_ties        (const FtSetup      *setup,
                               const FtSettlement *last,
                               int                 which,
                               int                 start);
char  *ft_sentence_pool        (const FtSettlement *last,
                               guint               n_players);

G_END_DECLS
