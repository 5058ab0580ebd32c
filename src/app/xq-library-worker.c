/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Opening the club library for the Library window's workers: every call
 * blocks, so only a worker thread opens one, for itself (doc/library.md). */

#include "config.h"

#include <string.h>

#include "xq-library-worker.h"

/* The file a SQLite library at @uri lives in (doc/library.md: NULL or "",
 * sqlite:///abs/path, file:///abs/path or a plain path), or NULL for a
 * server's, where opening makes no file. */
static char *
sqlite_path (const char *uri)
{
  if (uri == NULL || *uri == '\0')
    return xq_library_default_uri ();
  if (g_str_has_prefix (uri, "postgresql://") || g_str_has_prefix (uri, "postgres://"))
    return NULL;
  if (g_str_has_prefix (uri, "file://"))
    return g_filename_from_uri (uri, NULL, NULL);
  if (g_str_has_prefix (uri, "sqlite://"))
    return g_strdup (uri + strlen ("sqlite://"));
  return g_strdup (uri);
}

/**
 * xq_library_worker_open_existing:
 * @uri: (nullable): the library's location, as xq_library_open() takes it
 *
 * Opens the library, on the calling worker thread. Looking must not make
 * one: xq_library_open() creates a SQLite file and its folder when there is
 * none, so a missing file is no library, and no error either.
 *
 * Returns: (transfer full) (nullable): the library, or %NULL: @error is set
 *   when it cannot be opened, left unset when there is none yet
 */
XqLibrary *
xq_library_worker_open_existing (const char  *uri,
                                 GError     **error)
{
  g_autofree char *path = sqlite_path (uri);

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (path != NULL && !g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  return xq_library_open (uri, error);
}
