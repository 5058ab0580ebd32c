/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Session files: the whole ledger as one XML document, read defensively. */
#pragma once

#include <gio/gio.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define XQ_SESSION_NAMESPACE "https://exchequer.github.io/ns/session"
#define XQ_SESSION_FORMAT 1

/* A 200-turn session is about 60 KiB; nothing legitimate comes near this. */
#define XQ_SESSION_MAX_BYTES (16 * 1024 * 1024)

/* A copy of what a session file holds, to write it on another thread. */
typedef struct _XqSessionRecord XqSessionRecord;

GBytes          *xq_session_to_xml        (XqSession              *session);
XqSession       *xq_session_new_from_xml  (const char             *data,
                                           gsize                   length,
                                           guint                  *error_line,
                                           GError                **error);

XqSessionRecord *xq_session_record_new    (XqSession              *session);
GBytes          *xq_session_record_to_xml (const XqSessionRecord  *record);
void             xq_session_record_free   (XqSessionRecord        *record);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqSessionRecord, xq_session_record_free)

G_END_DECLS
