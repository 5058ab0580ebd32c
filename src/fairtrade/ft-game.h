/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade as the core sees it: one XqGame table. */
#pragma once

#include "xq-game.h"

G_BEGIN_DECLS

const XqGame *ft_game_get (void);

G_END_DECLS
