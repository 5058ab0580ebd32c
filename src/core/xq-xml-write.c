/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes an element tree as text, byte for byte as libxml2's
 * xmlDocDumpFormatMemoryEnc (…, "UTF-8", 1) does for the trees of a session
 * (elements, attributes, text; no mixed content), in a fraction of its time:
 * libxml2 pushes every character through its output-buffer and encoder
 * layers. test-session-xml compares the two on random sessions and on
 * every character class that needs escaping. */

#include "config.h"

#include <string.h>

#include "xq-xml.h"

/* libxml2 escapes these in attribute values (xmlBufAttrSerializeTxtContent). */
static void
append_attribute_value (GString       *out,
                        const xmlChar *value)
{
  for (const xmlChar *c = value; *c != 0; c++)
    switch (*c)
      {
      case '<': g_string_append (out, "&lt;"); break;
      case '>': g_string_append (out, "&gt;"); break;
      case '&': g_string_append (out, "&amp;"); break;
      case '"': g_string_append (out, "&quot;"); break;
      case '\n': g_string_append (out, "&#10;"); break;
      case '\r': g_string_append (out, "&#13;"); break;
      case '\t': g_string_append (out, "&#9;"); break;
      default: g_string_append_c (out, (char) *c); break;
      }
}

/* …and these in text (xmlEscapeContent). */
static void
append_text (GString       *out,
             const xmlChar *text)
{
  for (const xmlChar *c = text; *c != 0; c++)
    switch (*c)
      {
      case '<': g_string_append (out, "&lt;"); break;
      case '>': g_string_append (out, "&gt;"); break;
      case '&': g_string_append (out, "&amp;"); break;
      case '\r': g_string_append (out, "&#13;"); break;
      default: g_string_append_c (out, (char) *c); break;
      }
}

static void
append_indent (GString *out,
               guint    depth)
{
  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
}

/* Whether libxml2 lays out @element's children one per line: only when none
 * of them is text. */
static gboolean
children_formatted (xmlNode *element)
{
  for (xmlNode *child = element->children; child != NULL; child = child->next)
    if (child->type == XML_TEXT_NODE || child->type == XML_ENTITY_REF_NODE)
      return FALSE;
  return TRUE;
}

static void
append_element (GString *out,
                xmlNode *element,
                guint    depth,
                gboolean formatted)
{
  gboolean children_on_lines;

  if (element->type == XML_TEXT_NODE)
    {
      append_text (out, element->content);
      return;
    }
  g_return_if_fail (element->type == XML_ELEMENT_NODE);

  if (formatted)
    append_indent (out, depth);
  g_string_append_c (out, '<');
  if (element->ns != NULL && element->ns->prefix != NULL)
    g_string_append_printf (out, "%s:", (const char *) element->ns->prefix);
  g_string_append (out, (const char *) element->name);
  for (xmlNs *ns = element->nsDef; ns != NULL; ns = ns->next)
    {
      g_string_append (out, " xmlns");
      if (ns->prefix != NULL)
        g_string_append_printf (out, ":%s", (const char *) ns->prefix);
      g_string_append (out, "=\"");
      append_attribute_value (out, ns->href);
      g_string_append_c (out, '"');
    }
  for (xmlAttr *attr = element->properties; attr != NULL; attr = attr->next)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, (const char *) attr->name);
      g_string_append (out, "=\"");
      for (xmlNode *text = attr->children; text != NULL; text = text->next)
        append_attribute_value (out, text->content);
      g_string_append_c (out, '"');
    }
  if (element->children == NULL)
    {
      g_string_append (out, "/>");
      return;
    }
  g_string_append_c (out, '>');
  children_on_lines = formatted && children_formatted (element);
  if (children_on_lines)
    g_string_append_c (out, '\n');
  for (xmlNode *child = element->children; child != NULL; child = child->next)
    {
      append_element (out, child, depth + 1, children_on_lines);
      if (children_on_lines)
        g_string_append_c (out, '\n');
    }
  if (children_on_lines)
    append_indent (out, depth);
  g_string_append (out, "</");
  if (element->ns != NULL && element->ns->prefix != NULL)
    g_string_append_printf (out, "%s:", (const char *) element->ns->prefix);
  g_string_append (out, (const char *) element->name);
  g_string_append_c (out, '>');
}

/**
 * xq_xml_write_document:
 * @root: the root element of a tree of elements, attributes and text
 * @size_hint: the bytes to reserve first
 *
 * Returns: (transfer full): the document, UTF-8, indented as libxml2 does
 */
GBytes *
xq_xml_write_document (xmlNode *root,
                       gsize    size_hint)
{
  GString *out = g_string_sized_new (size_hint);

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  append_element (out, root, 0, TRUE);
  g_string_append_c (out, '\n');
  return g_string_free_to_bytes (out);
}
