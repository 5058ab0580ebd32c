/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Each player's money, certificates, contracts, loan and standing. */
#pragma once

#include <gtk/gtk.h>

#include "fx-state.h"

G_BEGIN_DECLS

#define FX_TYPE_PLAYERS_VIEW (fx_players_view_get_type ())

G_DECLARE_FINAL_TYPE (FxPlayersView, fx_players_view, FX, PLAYERS_VIEW, GtkWidget)

void       fx_players_view_set_state  (FxPlayersView *self,
                                       const FxSetup *setup,
                                       const FxState *state,
                                       gboolean       live);

G_END_DECLS
