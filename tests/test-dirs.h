/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Temporary folders of the tests. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void test_remove_tree (const char *path);

G_END_DECLS
