/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Loading and saving session files on disk: size-capped, atomic, checked against changes by others. */
#pragma once

#include <gio/gio.h>

#include "xq-session.h"

G_BEGIN_DECLS

gboolean    xq_session_file_is_notation  (GFile               *file);
XqSession  *xq_session_new_from_data     (const char          *data,
                                          gsize                length,
                                          guint               *error_line,
                                          GError             **error);
XqSession  *xq_session_load              (GFile               *file,
                                          char               **out_fingerprint,
                                          guint               *error_line,
                                          GCancellable        *cancellable,
                                          GError             **error);
GBytes     *xq_session_serialize         (XqSession           *session,
                                          GFile               *file,
                                          GError             **error);
gboolean    xq_session_save              (XqSession           *session,
                                          GFile               *file,
                                          const char          *fingerprint,
                                          gboolean             make_backup,
                                          char               **out_fingerprint,
                                          GCancellable        *cancellable,
                                          GError             **error);
void        xq_session_save_async        (XqSession           *session,
                                          GFile               *file,
                                          const char          *fingerprint,
                                          gboolean             make_backup,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
gboolean    xq_session_save_finish       (XqSession           *session,
                                          GAsyncResult        *result,
                                          char               **out_fingerprint,
                                          GError             **error);

G_END_DECLS
