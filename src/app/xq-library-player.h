/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One player of the club library as the Players page lists them: their names and games. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define XQ_TYPE_LIBRARY_PLAYER (xq_library_player_get_type ())

G_DECLARE_FINAL_TYPE (XqLibraryPlayer, xq_library_player, XQ, LIBRARY_PLAYER, GObject)

GPtrArray          *xq_library_player_list_from_results (GPtrArray       *results);

const char         *xq_library_player_get_name        (XqLibraryPlayer *self);
const char *const  *xq_library_player_get_aliases     (XqLibraryPlayer *self);
guint               xq_library_player_get_n_games     (XqLibraryPlayer *self);
gboolean            xq_library_player_can_split       (XqLibraryPlayer *self);
gboolean            xq_library_player_played_with     (XqLibraryPlayer *self,
                                                       XqLibraryPlayer *other);

G_END_DECLS
