/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Setting up a new game: which game, players in seating order, who starts, and the game's own groups. */
#pragma once

#include <adwaita.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define XQ_TYPE_NEW_GAME_DIALOG (xq_new_game_dialog_get_type ())

G_DECLARE_FINAL_TYPE (XqNewGameDialog, xq_new_game_dialog, XQ, NEW_GAME_DIALOG, AdwWindow)

/* Emits "ready" (XqSession *session) when the players start the game, then closes. */
XqNewGameDialog *xq_new_game_dialog_new      (GtkWindow       *parent);
void             xq_new_game_dialog_set_game (XqNewGameDialog *self,
                                              const char      *game_id);

G_END_DECLS
