/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What exchequer-cli offers of each game this build knows. */
#pragma once

#include "xq-cli.h"

G_BEGIN_DECLS

const XqCliGame *const *xq_games_cli_list        (guint      *n_games);
void                    xq_games_cli_print_usage (FILE       *stream,
                                                  const char *program);

G_END_DECLS
