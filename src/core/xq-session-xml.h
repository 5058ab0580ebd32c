/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Session files: the whole ledger as one XML document, read defensively. */
#pragma once

#include <gio/gio.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define XQ_SESSION_NAMESPACE "https://exchequer.github.io/ns/session"
#define XQ_SESSION_FORMAT 1

/* The most a session file may have, read or written. A move takes about
 * 190 bytes (a 200-turn game is 60 KiB): 64 MiB is some 350,000 moves,
 * over a thousand of the longest games and three times the 100,000-move
 * game of issue #23, which the loader must read back (16 MiB did not).
 * The load takes time linear in the size, and libxml2's tree takes about
 * twenty times the file: a hostile file of this size costs some 1.3 GB
 * for a few seconds, on a worker thread that Cancel stops. Nothing the
 * app writes is larger: Save, convert and the autosave journal refuse a
 * document over it (xq_session_serialize(), the journal's writer). */
#define XQ_SESSION_MAX_BYTES (64 * 1024 * 1024)

/* A copy of what a session file holds, to write it on another thread. */
typedef struct _XqSessionRecord XqSessionRecord;

GBytes          *xq_session_to_xml        (XqSession              *session);
XqSession       *xq_session_new_from_xml  (const char             *data,
                                           gsize                   length,
                                           guint                  *error_line,
                                           GError                **error);
XqSession       *xq_session_read_xml      (const char             *data,
                                           gsize                   length,
                                           GCancellable           *cancellable,
                                           guint                  *error_line,
                                           GError                **error);

XqSessionRecord *xq_session_record_new    (XqSession              *session);
GBytes          *xq_session_record_to_xml (const XqSessionRecord  *record);
void             xq_session_record_free   (XqSessionRecord        *record);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqSessionRecord, xq_session_record_free)

G_END_DECLS
