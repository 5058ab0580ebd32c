/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The session schema (data/session.rng), checked by libxml2's RelaxNG
 * validator, its refusals said in a sentence. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

xmlDoc   *xq_session_schema_document (void);
gboolean  xq_session_schema_validate (xmlDoc   *doc,
                                      guint    *error_line,
                                      GError  **error);

G_END_DECLS
