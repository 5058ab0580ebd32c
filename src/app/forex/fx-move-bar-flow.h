/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar's fields and buttons, in lines that wrap on a narrow window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FX_TYPE_MOVE_BAR_FLOW (fx_move_bar_flow_get_type ())

G_DECLARE_FINAL_TYPE (FxMoveBarFlow, fx_move_bar_flow, FX, MOVE_BAR_FLOW, GtkWidget)

GtkWidget *fx_move_bar_flow_new     (void);
void       fx_move_bar_flow_append  (FxMoveBarFlow *self,
                                     GtkWidget     *child);
void       fx_move_bar_flow_remove  (FxMoveBarFlow *self,
                                     GtkWidget     *child);

gboolean   fx_move_bar_flow_focus_in_order (GtkWidget        *widget,
                                            GtkDirectionType  direction,
                                            gboolean        (*chain) (GtkWidget *, GtkDirectionType));

G_END_DECLS
