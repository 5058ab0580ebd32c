/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A linear look at a session file's bytes before the XML parser sees them. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most attributes an element of the session schema has (a For-Ex
 * <move>: n, time, type, actor, other, give, take); test-xml-guard checks it
 * against data/session.rng. */
#define XQ_XML_GUARD_SCHEMA_ATTRIBUTES 7

/* The most attributes, namespace declarations included, a start tag may
 * have: the schema's most with a wide margin. libxml2 checks each attribute
 * of a tag against all the tag's earlier ones, so its time grows with the
 * square of this number. */
#define XQ_XML_GUARD_MAX_ATTRIBUTES 32

/* The most namespace declarations a file may have; a session file needs
 * one. libxml2 looks a prefix up among every declaration in scope. */
#define XQ_XML_GUARD_MAX_NAMESPACES 32

gboolean xq_xml_guard_check (const char  *data,
                             gsize        length,
                             guint       *error_line,
                             GError     **error);

G_END_DECLS
