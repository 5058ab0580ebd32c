/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Table Rules of the new-game dialog: how this table reads the rulebook's ambiguous points. */
#pragma once

#include <adwaita.h>

#include "fx-state.h"

G_BEGIN_DECLS

typedef struct _FxNewGameRules FxNewGameRules;

FxNewGameRules *fx_new_game_rules_new          (AdwPreferencesPage *page,
                                                GCallback           changed,
                                                gpointer            data);
void            fx_new_game_rules_free         (FxNewGameRules     *self);
void            fx_new_game_rules_set_visible  (FxNewGameRules     *self,
                                                gboolean            visible);
guint8          fx_new_game_rules_get_readings (FxNewGameRules     *self);
guint           fx_new_game_rules_max_players  (FxNewGameRules     *self);

G_END_DECLS
