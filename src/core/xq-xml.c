/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writing and reading the elements of a session file in libxml2's tree. */

#include "config.h"

#include <libxml/parser.h>

#include "xq-xml.h"

/* libxml2 2.9 sets up its globals on first use, which two threads must not
 * do at once: sessions are loaded on worker threads. */
void
xq_xml_init (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      xmlInitParser ();
      g_once_init_leave (&initialized, 1);
    }
}

xmlNode *
xq_xml_add_child (xmlNode    *parent,
                  const char *name)
{
  return xmlNewChild (parent, NULL, BAD_CAST name, NULL);
}

/* An element holds text or elements, never both: a session has no mixed
 * content. An empty text is no text, written as <name/>. */
xmlNode *
xq_xml_add_text_child (xmlNode    *parent,
                       const char *name,
                       const char *text)
{
  return xmlNewTextChild (parent, NULL, BAD_CAST name,
                          text != NULL && *text != '\0' ? BAD_CAST text : NULL);
}

/* Setting an attribute twice replaces its value. */
void
xq_xml_set (xmlNode    *element,
            const char *name,
            const char *value)
{
  xmlSetProp (element, BAD_CAST name, BAD_CAST value);
}

void
xq_xml_set_amount (xmlNode    *element,
                   const char *name,
                   XqAmount    amount)
{
  char buf[XQ_AMOUNT_BUF];

  xq_xml_set (element, name, xq_amount_format (amount, buf));
}

void
xq_xml_set_uint (xmlNode    *element,
                 const char *name,
                 guint       value)
{
  char buf[16];

  g_snprintf (buf, sizeof buf, "%u", value);
  xq_xml_set (element, name, buf);
}

/**
 * xq_xml_write_document:
 * @doc: a document
 *
 * Writes @doc indented by two spaces a level, in UTF-8, as every session
 * file has been written: libxml2's xmlDocDumpFormatMemoryEnc().
 *
 * Returns: (transfer full): the document's bytes
 */
GBytes *
xq_xml_write_document (xmlDoc *doc)
{
  xmlChar *text = NULL;
  int size = 0;

  xq_xml_init ();
  xmlDocDumpFormatMemoryEnc (doc, &text, &size, "UTF-8", 1);
  if (text == NULL)
    g_error ("libxml2 could not write a session document");
  return g_bytes_new_with_free_func (text, (gsize) size, xmlFree, text);
}

/* A g_malloc'd copy, so callers can use g_autofree; NULL if @element has
 * no such attribute (in no namespace). */
char *
xq_xml_dup (xmlNode    *element,
            const char *name)
{
  xmlChar *value = xmlGetNoNsProp (element, BAD_CAST name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

/* The element's text and CDATA, joined; "" if it has none. Comments and
 * processing instructions are not text. */
char *
xq_xml_dup_text (xmlNode *element)
{
  xmlChar *text = element != NULL ? xmlNodeGetContent (element) : NULL;
  char *copy = g_strdup (text != NULL ? (const char *) text : "");

  xmlFree (text);
  return copy;
}

gboolean
xq_xml_is (xmlNode    *node,
           const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE && xmlStrEqual (node->name, BAD_CAST name);
}

/* @node, or the first element after it, named @name (any name if NULL). */
xmlNode *
xq_xml_next_sibling (xmlNode    *node,
                     const char *name)
{
  for (; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE && (name == NULL || xq_xml_is (node, name)))
      return node;
  return NULL;
}

xmlNode *
xq_xml_first_child (xmlNode    *parent,
                    const char *name)
{
  return parent != NULL ? xq_xml_next_sibling (parent->children, name) : NULL;
}

/* The line of the file @node's start tag ends on; 0 if unknown. */
guint
xq_xml_line (xmlNode *node)
{
  long line = node != NULL ? xmlGetLineNo (node) : 0;

  return line > 0 ? (guint) line : 0;
}
