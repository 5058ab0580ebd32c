/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The session schema (data/session.rng), checked by libxml2's RelaxNG
 * validator, its refusals said in a sentence. */
#pragma once

#include <gio/gio.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* The most elements any element but <moves> holds in a file the format
 * allows: the For-Ex snapshot's 36 (a status, 21 pairs, 6 holdings, 7
 * piles, the queue), with room to spare. */
#define XQ_SESSION_MAX_CHILDREN 64

xmlDoc   *xq_session_schema_document (void);
gboolean  xq_session_schema_validate (xmlDoc        *doc,
                                      GCancellable  *cancellable,
                                      guint         *error_line,
                                      GError       **error);

G_END_DECLS
