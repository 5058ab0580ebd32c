/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A session's trees have thousands of small nodes, attributes and strings
 * that all die together. Giving each its own malloc was most of the time
 * spent saving and loading, and most of that in handing the memory back;
 * here they are carved from 16 KiB blocks, which a reset keeps for reuse. */

#include "config.h"

#include <string.h>

#include "xq-arena.h"

#define BLOCK_SIZE 16384

struct _XqArena
{
  GPtrArray *blocks;          /* BLOCK_SIZE bytes each */
  guint      n_used;          /* blocks in use; the last one is being filled */
  gsize      offset;          /* into that block */
  GPtrArray *large;           /* pieces too big for a block */
};

XqArena *
xq_arena_new (void)
{
  XqArena *arena = g_new0 (XqArena, 1);

  arena->blocks = g_ptr_array_new_with_free_func (g_free);
  arena->large = g_ptr_array_new_with_free_func (g_free);
  return arena;
}

/* Zeroed memory for @size bytes, aligned for any of the trees' structs. */
gpointer
xq_arena_alloc (XqArena *arena,
                gsize    size)
{
  gpointer memory;

  size = (size + 7) & ~(gsize) 7;
  if (size > BLOCK_SIZE / 4)
    {
      memory = g_malloc0 (size);
      g_ptr_array_add (arena->large, memory);
      return memory;
    }
  if (arena->n_used == 0 || arena->offset + size > BLOCK_SIZE)
    {
      if (arena->n_used == arena->blocks->len)
        g_ptr_array_add (arena->blocks, g_malloc (BLOCK_SIZE));
      arena->n_used++;
      arena->offset = 0;
    }
  memory = (char *) g_ptr_array_index (arena->blocks, arena->n_used - 1) + arena->offset;
  arena->offset += size;
  memset (memory, 0, size);
  return memory;
}

/* A NUL-terminated copy of @length bytes of @text. */
const char *
xq_arena_strndup (XqArena    *arena,
                  const char *text,
                  gsize       length)
{
  char *copy = xq_arena_alloc (arena, length + 1);

  memcpy (copy, text, length);
  return copy;
}

const char *
xq_arena_strdup (XqArena    *arena,
                 const char *text)
{
  return xq_arena_strndup (arena, text, strlen (text));
}

/* Gives everything back at once, keeping the blocks for what comes next. */
void
xq_arena_reset (XqArena *arena)
{
  arena->n_used = 0;
  arena->offset = 0;
  g_ptr_array_set_size (arena->large, 0);
}

void
xq_arena_free (XqArena *arena)
{
  if (arena == NULL)
    return;
  g_ptr_array_unref (arena->blocks);
  g_ptr_array_unref (arena->large);
  g_free (arena);
}
