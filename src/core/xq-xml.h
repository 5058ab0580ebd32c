/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A session file as the loader reads it: its elements, their attributes and
 * texts, parsed by libxml2 into a compact read-only tree (xq-xml-parse.c),
 * and small helpers to read it (xq-xml.c). Writing is xq-xml-tree.h. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _XqXmlDoc XqXmlDoc;
typedef struct _XqXmlNode XqXmlNode;

typedef struct
{
  const char *name;           /* local name */
  const char *ns;             /* namespace URI, or NULL for none */
  const char *value;
} XqXmlAttr;

/* An element. Comments and processing instructions are not kept; text and
 * CDATA are, joined: an element without child elements has its text (""
 * if it is empty); one with child elements has none, and the first
 * non-blank text found between them is kept as @stray for the validator
 * to refuse. */
struct _XqXmlNode
{
  const char *name;           /* local name */
  const char *ns;             /* namespace URI, or NULL for none */
  const XqXmlAttr *attributes;
  guint        n_attributes;
  guint        line;
  const char  *text;          /* NULL when it has child elements */
  const char  *stray;
  XqXmlNode   *parent;
  XqXmlNode   *children;      /* child elements, in order */
  XqXmlNode   *last_child;
  XqXmlNode   *next;
  XqXmlNode   *prev;
};

XqXmlDoc    *xq_xml_doc_parse       (const char  *data,
                                     gsize        length,
                                     char       **problem,
                                     guint       *line);
XqXmlNode   *xq_xml_doc_get_root    (XqXmlDoc    *doc);
gboolean     xq_xml_doc_has_doctype (XqXmlDoc    *doc);
void         xq_xml_doc_free        (XqXmlDoc    *doc);

char        *xq_xml_get             (XqXmlNode   *element,
                                     const char  *name);
const char  *xq_xml_peek            (XqXmlNode   *element,
                                     const char  *name);
gboolean     xq_xml_is              (XqXmlNode   *node,
                                     const char  *name);
XqXmlNode   *xq_xml_first_child     (XqXmlNode   *parent,
                                     const char  *name);
XqXmlNode   *xq_xml_next_sibling    (XqXmlNode   *node,
                                     const char  *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqXmlDoc, xq_xml_doc_free)

G_END_DECLS
