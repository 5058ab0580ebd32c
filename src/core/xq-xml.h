/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Short hands for the elements of a session file in libxml2's tree: how the
 * core and the games write one and read one (xq-xml.c), and how the loader
 * compares what a file holds with what the program would write
 * (xq-xml-compare.c). */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

#include "xq-amount.h"

G_BEGIN_DECLS

void         xq_xml_init            (void);

/* Writing. A child is in its parent's namespace. */
xmlNode     *xq_xml_add_child       (xmlNode     *parent,
                                     const char  *name);
xmlNode     *xq_xml_add_text_child  (xmlNode     *parent,
                                     const char  *name,
                                     const char  *text);
void         xq_xml_set             (xmlNode     *element,
                                     const char  *name,
                                     const char  *value);
void         xq_xml_set_amount      (xmlNode     *element,
                                     const char  *name,
                                     XqAmount     amount);
void         xq_xml_set_uint        (xmlNode     *element,
                                     const char  *name,
                                     guint        value);
GBytes      *xq_xml_write_document  (xmlDoc      *doc);

/* Reading (the parse is xq-xml-parse.c). Only elements count as children
 * and siblings. */
xmlDoc      *xq_xml_parse           (const char  *data,
                                     gsize        length,
                                     gboolean    *has_doctype,
                                     char       **problem,
                                     guint       *line);
char        *xq_xml_dup             (xmlNode     *element,
                                     const char  *name);
char        *xq_xml_dup_text        (xmlNode     *element);
gboolean     xq_xml_is              (xmlNode     *node,
                                     const char  *name);
xmlNode     *xq_xml_first_child     (xmlNode     *parent,
                                     const char  *name);
xmlNode     *xq_xml_next_sibling    (xmlNode     *node,
                                     const char  *name);
guint        xq_xml_line            (xmlNode     *node);

/* Comparing (xq-xml-compare.c). */
gboolean     xq_xml_attributes_match (xmlNode    *expected,
                                      xmlNode    *found,
                                      gboolean  (*skip) (xmlAttr *attr),
                                      char      **difference);
gboolean     xq_xml_children_match  (xmlNode     *expected,
                                     xmlNode     *found,
                                     gboolean   (*skip) (xmlNode *node),
                                     char       **difference);
gboolean     xq_xml_equal           (xmlNode     *expected,
                                     xmlNode     *found,
                                     char       **difference);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

G_END_DECLS
