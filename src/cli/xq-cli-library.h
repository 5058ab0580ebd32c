/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer-cli library …: the club library's commands (doc/library.md). */
#pragma once

#include <stdio.h>

#include <glib.h>

G_BEGIN_DECLS

int   xq_cli_library_main        (int    argc,
                                  char **argv);
void  xq_cli_library_print_usage (FILE  *stream,
                                  const char *program);

G_END_DECLS
