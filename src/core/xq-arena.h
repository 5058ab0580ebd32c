/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Memory handed out in blocks and given back all at once: what a tree of a
 * session file's elements is made of, whether the program builds it to
 * write (xq-xml-tree.c) or reads it from a file (xq-xml-parse.c). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _XqArena XqArena;

XqArena    *xq_arena_new     (void);
gpointer    xq_arena_alloc   (XqArena    *arena,
                              gsize       size);
const char *xq_arena_strndup (XqArena    *arena,
                              const char *text,
                              gsize       length);
const char *xq_arena_strdup  (XqArena    *arena,
                              const char *text);
void        xq_arena_reset   (XqArena    *arena);
void        xq_arena_free    (XqArena    *arena);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqArena, xq_arena_free)

G_END_DECLS
