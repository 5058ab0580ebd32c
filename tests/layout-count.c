/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <dlfcn.h>
#include <pango/pango.h>

#include "layout-count.h"

/* The layouts measured since layout_count_begin(), by text. */
static GHashTable *layouts_by_text;

/* GtkLabel measures itself through pango_layout_get_size; this program's
 * definition is the one libgtk calls, and passes the call on to Pango's. */
void
pango_layout_get_size (PangoLayout *layout,
                       int         *width,
                       int         *height)
{
  static void (*pango_s) (PangoLayout *, int *, int *);

  if (pango_s == NULL)
    pango_s = (void (*) (PangoLayout *, int *, int *)) dlsym (RTLD_NEXT, "pango_layout_get_size");
  if (layouts_by_text != NULL)
    {
      const char *text = pango_layout_get_text (layout);

      g_hash_table_insert (layouts_by_text, g_strdup (text),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (layouts_by_text, text)) + 1));
    }
  pango_s (layout, width, height);
}

/* Counts from now, from none. */
void
layout_count_begin (void)
{
  g_clear_pointer (&layouts_by_text, g_hash_table_unref);
  layouts_by_text = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

void
layout_count_end (void)
{
  g_clear_pointer (&layouts_by_text, g_hash_table_unref);
}

/* How often @text was laid out. */
guint
layout_count_of (const char *text)
{
  g_return_val_if_fail (layouts_by_text != NULL, 0);

  return GPOINTER_TO_UINT (g_hash_table_lookup (layouts_by_text, text));
}

/* The text beginning with @prefix (any, if NULL) laid out most often, and
 * how often. */
guint
layout_count_most (const char  *prefix,
                   const char **text)
{
  GHashTableIter iter;
  gpointer key, value;
  guint most = 0;

  g_return_val_if_fail (layouts_by_text != NULL, 0);

  *text = NULL;
  g_hash_table_iter_init (&iter, layouts_by_text);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if ((prefix == NULL || g_str_has_prefix (key, prefix)) && GPOINTER_TO_UINT (value) > most)
      {
        most = GPOINTER_TO_UINT (value);
        *text = key;
      }
  return most;
}
