/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade's user interface, as the window and the new-game dialog reach it. */
#pragma once

#include "xq-game-ui.h"

G_BEGIN_DECLS

const XqGameUi *ft_game_ui_get (void);

G_END_DECLS
