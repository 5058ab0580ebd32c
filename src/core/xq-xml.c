/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading the elements of a parsed session file. */

#include "config.h"

#include <string.h>

#include "xq-xml.h"

/* Returns a g_malloc'd copy, so callers can use g_autofree. */
char *
xq_xml_get (XqXmlNode  *element,
            const char *name)
{
  return g_strdup (xq_xml_peek (element, name));
}

/* The value as the tree holds it, for reading without a copy; NULL if
 * @element has no such attribute (in no namespace). */
const char *
xq_xml_peek (XqXmlNode  *element,
             const char *name)
{
  for (guint i = 0; i < element->n_attributes; i++)
    if (element->attributes[i].ns == NULL && strcmp (element->attributes[i].name, name) == 0)
      return element->attributes[i].value;
  return NULL;
}

gboolean
xq_xml_is (XqXmlNode  *node,
           const char *name)
{
  return node != NULL && strcmp (node->name, name) == 0;
}

/* @node, or the first sibling after it, named @name (any name if NULL). */
XqXmlNode *
xq_xml_next_sibling (XqXmlNode  *node,
                     const char *name)
{
  for (; node != NULL; node = node->next)
    if (name == NULL || xq_xml_is (node, name))
      return node;
  return NULL;
}

XqXmlNode *
xq_xml_first_child (XqXmlNode  *parent,
                    const char *name)
{
  return parent != NULL ? xq_xml_next_sibling (parent->children, name) : NULL;
}
