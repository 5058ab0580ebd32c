/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A light element tree for writing session files. libxml2's tree made every
 * attribute four allocations, and a 200-turn session has thousands of them:
 * saving spent most of its time there. Here a tree lives in an arena, reused
 * when it is reset (as the loader does for every move it checks). */

#include "config.h"

#include <string.h>

#include "xq-arena.h"
#include "xq-xml-tree-private.h"

struct _XqXmlTree
{
  XqArena      *arena;
  XqXmlElement *root;
};

static XqXmlElement *
element_new (XqXmlTree  *tree,
             const char *name)
{
  XqXmlElement *element = xq_arena_alloc (tree->arena, sizeof (XqXmlElement));

  element->tree = tree;
  element->name = xq_arena_strdup (tree->arena, name);
  return element;
}

/**
 * xq_xml_tree_new:
 * @root_name: the name of the root element
 *
 * Returns: (transfer full): a tree of one element
 */
XqXmlTree *
xq_xml_tree_new (const char *root_name)
{
  XqXmlTree *tree = g_new0 (XqXmlTree, 1);

  tree->arena = xq_arena_new ();
  tree->root = element_new (tree, root_name);
  return tree;
}

XqXmlElement *
xq_xml_tree_get_root (XqXmlTree *tree)
{
  return tree->root;
}

/* Empties @tree down to a new root, keeping its memory for what comes next. */
void
xq_xml_tree_reset (XqXmlTree  *tree,
                   const char *root_name)
{
  xq_arena_reset (tree->arena);
  tree->root = element_new (tree, root_name);
}

void
xq_xml_tree_free (XqXmlTree *tree)
{
  if (tree == NULL)
    return;
  xq_arena_free (tree->arena);
  g_free (tree);
}

XqXmlElement *
xq_xml_add_child (XqXmlElement *parent,
                  const char   *name)
{
  XqXmlElement *child = element_new (parent->tree, name);

  if (parent->last_child != NULL)
    parent->last_child->next = child;
  else
    parent->children = child;
  parent->last_child = child;
  return child;
}

/* Setting an attribute twice replaces its value, as xmlSetProp does. */
void
xq_xml_set (XqXmlElement *element,
            const char   *name,
            const char   *value)
{
  XqXmlAttribute *attribute;

  for (attribute = element->attributes; attribute != NULL; attribute = attribute->next)
    if (attribute->name[0] == name[0] && strcmp (attribute->name, name) == 0)
      {
        attribute->value = xq_arena_strdup (element->tree->arena, value);
        return;
      }
  attribute = xq_arena_alloc (element->tree->arena, sizeof (XqXmlAttribute));
  attribute->name = xq_arena_strdup (element->tree->arena, name);
  attribute->value = xq_arena_strdup (element->tree->arena, value);
  if (element->last_attribute != NULL)
    element->last_attribute->next = attribute;
  else
    element->attributes = attribute;
  element->last_attribute = attribute;
}

void
xq_xml_set_amount (XqXmlElement *element,
                   const char   *name,
                   XqAmount      amount)
{
  char buf[XQ_AMOUNT_BUF];

  xq_xml_set (element, name, xq_amount_format (amount, buf));
}

void
xq_xml_set_uint (XqXmlElement *element,
                 const char   *name,
                 guint         value)
{
  char buf[16], *digit = buf + sizeof buf;

  /* By hand: printf's machinery was a noticeable part of checking moves. */
  *--digit = '\0';
  do
    *--digit = (char) ('0' + value % 10);
  while ((value /= 10) > 0);
  xq_xml_set (element, name, digit);
}

/* An element holds text or elements, never both: a session has no mixed
 * content. An empty text is no text (written as <name/>). */
void
xq_xml_set_text (XqXmlElement *element,
                 const char   *text)
{
  g_return_if_fail (element->children == NULL);

  element->text = text != NULL && *text != '\0' ? xq_arena_strdup (element->tree->arena, text) : NULL;
}

XqXmlElement *
xq_xml_add_text_child (XqXmlElement *parent,
                       const char   *name,
                       const char   *text)
{
  XqXmlElement *child = xq_xml_add_child (parent, name);

  xq_xml_set_text (child, text);
  return child;
}

/* ---- Writing ------------------------------------------------------------ */

/* libxml2 escapes these in attribute values (xmlBufAttrSerializeTxtContent)… */
static void
append_attribute_value (GString    *out,
                        const char *value)
{
  for (const char *c = value; *c != 0; c++)
    switch (*c)
      {
      case '<': g_string_append (out, "&lt;"); break;
      case '>': g_string_append (out, "&gt;"); break;
      case '&': g_string_append (out, "&amp;"); break;
      case '"': g_string_append (out, "&quot;"); break;
      case '\n': g_string_append (out, "&#10;"); break;
      case '\r': g_string_append (out, "&#13;"); break;
      case '\t': g_string_append (out, "&#9;"); break;
      default: g_string_append_c (out, *c); break;
      }
}

/* …and these in text (xmlEscapeContent). */
static void
append_text (GString    *out,
             const char *text)
{
  for (const char *c = text; *c != 0; c++)
    switch (*c)
      {
      case '<': g_string_append (out, "&lt;"); break;
      case '>': g_string_append (out, "&gt;"); break;
      case '&': g_string_append (out, "&amp;"); break;
      case '\r': g_string_append (out, "&#13;"); break;
      default: g_string_append_c (out, *c); break;
      }
}

static void
append_element (GString      *out,
                XqXmlElement *element,
                guint         depth,
                const char   *namespace_uri)
{
  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
  g_string_append_c (out, '<');
  g_string_append (out, element->name);
  if (namespace_uri != NULL)
    {
      g_string_append (out, " xmlns=\"");
      append_attribute_value (out, namespace_uri);
      g_string_append_c (out, '"');
    }
  for (XqXmlAttribute *a = element->attributes; a != NULL; a = a->next)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, a->name);
      g_string_append (out, "=\"");
      append_attribute_value (out, a->value);
      g_string_append_c (out, '"');
    }
  if (element->text == NULL && element->children == NULL)
    {
      g_string_append (out, "/>");
      return;
    }
  g_string_append_c (out, '>');
  if (element->text != NULL)
    append_text (out, element->text);
  else
    {
      g_string_append_c (out, '\n');
      for (XqXmlElement *child = element->children; child != NULL; child = child->next)
        {
          append_element (out, child, depth + 1, NULL);
          g_string_append_c (out, '\n');
        }
      for (guint i = 0; i < depth; i++)
        g_string_append (out, "  ");
    }
  g_string_append (out, "</");
  g_string_append (out, element->name);
  g_string_append_c (out, '>');
}

/**
 * xq_xml_write_document:
 * @root: the root element
 * @namespace_uri: (nullable): the default namespace, declared on the root
 * @size_hint: the bytes to reserve first
 *
 * Writes the tree indented, byte for byte as libxml2's
 * xmlDocDumpFormatMemoryEnc (…, "UTF-8", 1) writes the same document
 * (test-session-bytes compares them).
 *
 * Returns: (transfer full): the document, UTF-8
 */
GBytes *
xq_xml_write_document (XqXmlElement *root,
                       const char   *namespace_uri,
                       gsize         size_hint)
{
  GString *out = g_string_sized_new (size_hint);

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  append_element (out, root, 0, namespace_uri);
  g_string_append_c (out, '\n');
  return g_string_free_to_bytes (out);
}
