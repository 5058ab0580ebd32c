/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading a session file's elements: small libxml2 helpers (writing is
 * xq-xml-tree.h). */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

char       *xq_xml_get            (xmlNode     *element,
                                   const char  *name);
const char *xq_xml_peek           (xmlNode     *element,
                                   const char  *name);
gboolean    xq_xml_is             (xmlNode     *node,
                                   const char  *name);
xmlNode    *xq_xml_first_child    (xmlNode     *parent,
                                   const char  *name);
xmlNode    *xq_xml_next_sibling   (xmlNode     *node,
                                   const char  *name);

G_END_DECLS
