/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libxml2's API speaks xmlChar; these keep the casts in one place. */

#include "config.h"

#include <string.h>

#include "xq-xml.h"

#define XC(s) ((const xmlChar *) (s))

/* Returns a g_malloc'd copy, so callers can use g_autofree. */
char *
xq_xml_get (xmlNode    *element,
            const char *name)
{
  xmlChar *value = xmlGetNoNsProp (element, XC (name));
  char *copy;

  if (value == NULL)
    return NULL;
  copy = g_strdup ((const char *) value);
  xmlFree (value);
  return copy;
}

/* The value as the tree holds it, for reading without a copy; NULL if
 * @element has no such attribute (in no namespace). */
const char *
xq_xml_peek (xmlNode    *element,
             const char *name)
{
  for (xmlAttr *attr = element->properties; attr != NULL; attr = attr->next)
    if (attr->ns == NULL && strcmp ((const char *) attr->name, name) == 0)
      return attr->children != NULL && attr->children->content != NULL ? (const char *) attr->children->content : "";
  return NULL;
}

gboolean
xq_xml_is (xmlNode    *node,
           const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
}

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
