/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Registers every game this build knows with the core. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void xq_games_register_all (void);

G_END_DECLS
