/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Library window's Players page: every player with their names; merging and splitting them. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define XQ_TYPE_LIBRARY_PLAYERS_PAGE (xq_library_players_page_get_type ())

G_DECLARE_FINAL_TYPE (XqLibraryPlayersPage, xq_library_players_page, XQ, LIBRARY_PLAYERS_PAGE, AdwBin)

GtkWidget  *xq_library_players_page_new         (void);
void        xq_library_players_page_set_players (XqLibraryPlayersPage *self,
                                                 GPtrArray            *players);
void        xq_library_players_page_set_library_uri (XqLibraryPlayersPage *self,
                                                     const char           *library_uri);
void        xq_library_players_page_focus_search (XqLibraryPlayersPage *self);
GListModel *xq_library_players_page_get_players (XqLibraryPlayersPage *self);

G_END_DECLS
