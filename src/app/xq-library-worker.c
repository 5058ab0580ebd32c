/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Opening the club library for the Library window's workers: every call
 * blocks, so only a worker thread opens one, for itself (doc/library.md). */

#include "config.h"


#include "xq-library-worker.h"

/**
 * xq_library_worker_open_existing:
 *
 * Opens the default library, on the calling worker thread. Looking must not
 * make one: xq_library_open() creates the file and its folder when there is
 * none, so a missing file is no library, and no error either.
 *
 * Returns: (transfer full) (nullable): the library, or %NULL: @error is set
 *   when it cannot be opened, left unset when there is none yet
 */
XqLibrary *
xq_library_worker_open_existing (GError **error)
{
  g_autofree char *path = xq_library_default_uri ();

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  return xq_library_open (NULL, error);
}
