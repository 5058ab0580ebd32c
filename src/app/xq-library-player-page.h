/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A player's page in the Library window: their record in each game, rating history and head-to-head. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define XQ_TYPE_LIBRARY_PLAYER_PAGE (xq_library_player_page_get_type ())

G_DECLARE_FINAL_TYPE (XqLibraryPlayerPage, xq_library_player_page, XQ, LIBRARY_PLAYER_PAGE, AdwBin)

GtkWidget  *xq_library_player_page_new          (void);
void        xq_library_player_page_set_library_uri (XqLibraryPlayerPage *self,
                                                    const char          *library_uri);
void        xq_library_player_page_show_player  (XqLibraryPlayerPage *self,
                                                 const char          *name);
const char *xq_library_player_page_get_name     (XqLibraryPlayerPage *self);
const char *xq_library_player_page_get_subtitle (XqLibraryPlayerPage *self);
gboolean    xq_library_player_page_is_loaded    (XqLibraryPlayerPage *self);

G_END_DECLS
