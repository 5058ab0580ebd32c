/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar: the forms a player uses to record their turn, with previews. */
#pragma once

#include <gtk/gtk.h>

#include "fx-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

#define FX_TYPE_MOVE_BAR (fx_move_bar_get_type ())

G_DECLARE_FINAL_TYPE (FxMoveBar, fx_move_bar, FX, MOVE_BAR, GtkWidget)

FxMoveBar *fx_move_bar_new          (void);
void       fx_move_bar_set_session  (FxMoveBar *self,
                                     XqSession *session);
gboolean   fx_move_bar_fill         (FxMoveBar    *self,
                                     const FxMove *spot,
                                     const FxMove *action);

const FxState *fx_move_bar_get_after_spot (FxMoveBar *self);

GtkWidget *fx_move_bar_get_part     (FxMoveBar  *self,
                                     const char *id);

G_END_DECLS
