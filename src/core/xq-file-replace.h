/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Replacing a file so that the old one survives any failure of the new one's write. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char     *xq_file_fingerprint (const char    *data,
                               gsize          length);
gboolean  xq_file_replace     (GFile         *file,
                               const char    *data,
                               gsize          length,
                               const char    *expected_fingerprint,
                               gboolean       make_backup,
                               char         **out_fingerprint,
                               GCancellable  *cancellable,
                               GError       **error);
gboolean  xq_file_sync_folder (const char    *path,
                               GError       **error);
void      xq_file_explain_error (GFile       *file,
                                 GError     **error);

G_END_DECLS
