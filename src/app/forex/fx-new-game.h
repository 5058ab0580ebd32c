/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The For-Ex part of the new-game dialog: the removed certificates and the table rules. */
#pragma once

#include <adwaita.h>

#include "fx-state.h"

G_BEGIN_DECLS

typedef struct _FxNewGame FxNewGame;

FxNewGame *fx_new_game_new         (AdwPreferencesPage *page,
                                    GCallback           changed,
                                    gpointer            data);
void       fx_new_game_free        (FxNewGame          *self);
void       fx_new_game_set_visible (FxNewGame          *self,
                                    gboolean            visible);
guint      fx_new_game_max_players (FxNewGame          *self);
gboolean   fx_new_game_build       (FxNewGame          *self,
                                    const char * const *names,
                                    guint               n,
                                    guint               starter,
                                    FxSetup            *setup,
                                    GError            **error);

G_END_DECLS
