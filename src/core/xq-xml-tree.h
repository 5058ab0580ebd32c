/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The elements a session file is written from: a light tree the core and the
 * games build, written out as text and compared with what a file holds. */
#pragma once

#include <glib.h>
#include "xq-amount.h"
#include "xq-xml.h"

G_BEGIN_DECLS

typedef struct _XqXmlTree XqXmlTree;
typedef struct _XqXmlElement XqXmlElement;

XqXmlTree    *xq_xml_tree_new        (const char    *root_name);
XqXmlElement *xq_xml_tree_get_root   (XqXmlTree     *tree);
void          xq_xml_tree_reset      (XqXmlTree     *tree,
                                      const char    *root_name);
void          xq_xml_tree_free       (XqXmlTree     *tree);

XqXmlElement *xq_xml_add_child       (XqXmlElement  *parent,
                                      const char    *name);
void          xq_xml_set             (XqXmlElement  *element,
                                      const char    *name,
                                      const char    *value);
void          xq_xml_set_amount      (XqXmlElement  *element,
                                      const char    *name,
                                      XqAmount       amount);
void          xq_xml_set_uint        (XqXmlElement  *element,
                                      const char    *name,
                                      guint          value);
void          xq_xml_set_text        (XqXmlElement  *element,
                                      const char    *text);
XqXmlElement *xq_xml_add_text_child  (XqXmlElement  *parent,
                                      const char    *name,
                                      const char    *text);

GBytes       *xq_xml_write_document  (XqXmlElement  *root,
                                      const char    *namespace_uri,
                                      gsize          size_hint);
gboolean      xq_xml_attributes_match (XqXmlElement *expected,
                                      XqXmlNode     *found,
                                      gboolean     (*skip) (const XqXmlAttr *attr),
                                      char         **difference);
gboolean      xq_xml_children_match  (XqXmlElement  *expected,
                                      XqXmlNode     *found,
                                      gboolean     (*skip) (XqXmlNode *node),
                                      char         **difference);
gboolean      xq_xml_equal           (XqXmlElement  *expected,
                                      XqXmlNode     *found,
                                      char         **difference);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqXmlTree, xq_xml_tree_free)

G_END_DECLS
