/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Library window's Games page: the games newest first, filtered by game, player and date. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define XQ_TYPE_LIBRARY_GAMES_PAGE (xq_library_games_page_get_type ())

G_DECLARE_FINAL_TYPE (XqLibraryGamesPage, xq_library_games_page, XQ, LIBRARY_GAMES_PAGE, AdwBin)

GtkWidget  *xq_library_games_page_new       (void);
void        xq_library_games_page_set_games (XqLibraryGamesPage *self,
                                             GPtrArray          *games);
void        xq_library_games_page_focus_search (XqLibraryGamesPage *self);
GListModel *xq_library_games_page_get_shown (XqLibraryGamesPage *self);

G_END_DECLS
