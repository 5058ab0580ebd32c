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

GBytes     *xq_session_to_xml        (XqSession    *session);
XqSession  *xq_session_new_from_xml  (const char   *data,
                                      gsize         length,
                                      guint        *error_line,
                                      GError      **error);

G_END_DECLS
