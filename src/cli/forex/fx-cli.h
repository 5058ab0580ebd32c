/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex's commands and score options of exchequer-cli. */
#pragma once

#include "xq-cli.h"

G_BEGIN_DECLS

const XqCliGame *fx_cli_get (void);

G_END_DECLS
