/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex's user interface, as the window and the new-game dialog reach it. */
#pragma once

#include "xq-game-ui.h"

G_BEGIN_DECLS

const XqGameUi *fx_game_ui_get (void);

G_END_DECLS
