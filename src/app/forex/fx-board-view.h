/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The currency board, drawn like the printed one. */
#pragma once

#include <gtk/gtk.h>

#include "fx-state.h"

G_BEGIN_DECLS

#define FX_TYPE_BOARD_VIEW (fx_board_view_get_type ())

G_DECLARE_FINAL_TYPE (FxBoardView, fx_board_view, FX, BOARD_VIEW, GtkWidget)

void       fx_board_view_set_board  (FxBoardView   *self,
                                     const FxBoard *board,
                                     const FxBoard *previous);

G_END_DECLS
