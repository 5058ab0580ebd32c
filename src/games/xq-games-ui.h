/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The user interfaces of every game this build knows, in the order the app lists them. */
#pragma once

#include "xq-game-ui.h"

G_BEGIN_DECLS

const XqGameUi *const *xq_games_ui_list (guint *n_games);

G_END_DECLS
