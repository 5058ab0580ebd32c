/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Temporary folders of the tests. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void test_remove_tree (const char *path);

/* A fixture for g_test_add(): a fresh folder for each test, removed after
 * it with everything in it. */
typedef struct
{
  char *dir;
} Tmp;

void  tmp_setup    (Tmp           *tmp,
                    gconstpointer  data);
void  tmp_teardown (Tmp           *tmp,
                    gconstpointer  data);
char *tmp_file     (Tmp           *tmp,
                    const char    *name,
                    const char    *contents);

G_END_DECLS
