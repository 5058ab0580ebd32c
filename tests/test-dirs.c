/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Temporary folders of the tests. */

#include "config.h"

#include <glib/gstdio.h>

#include "test-dirs.h"

/* Removes @path with everything in it, read-only folders included (some
 * tests make them to refuse writes); symbolic links are removed, never
 * followed. A file that cannot be removed fails the test; a folder that is
 * not there is left alone. */
void
test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return;
  dir = g_dir_open (path, 0, NULL);
  g_chmod (path, 0700);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        test_remove_tree (child);
      else
        g_assert_no_errno (g_unlink (child));
    }
  g_assert_no_errno (g_rmdir (path));
}

void
tmp_setup (Tmp           *tmp,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  tmp->dir = g_dir_make_tmp ("exchequer-test-XXXXXX", &error);
  g_assert_no_error (error);
}

void
tmp_teardown (Tmp           *tmp,
              gconstpointer  data)
{
  test_remove_tree (tmp->dir);
  g_clear_pointer (&tmp->dir, g_free);
}

/* The path of @name in the test's folder, written with @contents unless
 * that is NULL. */
char *
tmp_file (Tmp        *tmp,
          const char *name,
          const char *contents)
{
  char *path = g_build_filename (tmp->dir, name, NULL);

  if (contents != NULL)
    {
      g_autoptr(GError) error = NULL;

      g_file_set_contents (path, contents, -1, &error);
      g_assert_no_error (error);
    }
  return path;
}
