/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One game of the club library as the Library window lists and filters it. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define XQ_TYPE_LIBRARY_GAME (xq_library_game_get_type ())

G_DECLARE_FINAL_TYPE (XqLibraryGame, xq_library_game, XQ, LIBRARY_GAME, GObject)

GPtrArray  *xq_library_game_list_from_results (GPtrArray     *results);

const char *xq_library_game_get_path          (XqLibraryGame *self);
const char *xq_library_game_get_kind          (XqLibraryGame *self);
const char *xq_library_game_get_title         (XqLibraryGame *self);
const char *xq_library_game_get_players_markup (XqLibraryGame *self);
const char *xq_library_game_get_winner        (XqLibraryGame *self);
guint32     xq_library_game_get_day           (XqLibraryGame *self);

gboolean    xq_library_game_matches           (XqLibraryGame *self,
                                               const char    *kind,
                                               const char    *name_key,
                                               guint32        first_day,
                                               guint32        last_day);

G_END_DECLS
