/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The For-Ex page: board, cross rates, players, contracts and queue, move bar. */
#pragma once

#include <gtk/gtk.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define FX_TYPE_TABLE_VIEW (fx_table_view_get_type ())

G_DECLARE_FINAL_TYPE (FxTableView, fx_table_view, FX, TABLE_VIEW, GtkWidget)

void  fx_table_view_set_session   (FxTableView *self,
                                   XqSession   *session);
/* How many moves the table shows; G_MAXUINT follows the game (and allows moves). */
void  fx_table_view_set_position  (FxTableView *self,
                                   guint        position);

G_END_DECLS
