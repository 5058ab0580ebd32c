/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libxml2's API speaks xmlChar; these keep the casts in one place. */

#include "config.h"

#include <string.h>

#include "xq-xml.h"

#define XC(s) ((const xmlChar *) (s))

/* Children share the parent's namespace: a session is one vocabulary. */
xmlNode *
xq_xml_add_child (xmlNode    *parent,
                  const char *name)
{
  return xmlNewChild (parent, parent->ns, XC (name), NULL);
}

void
xq_xml_set (xmlNode    *element,
            const char *name,
            const char *value)
{
  xmlSetProp (element, XC (name), XC (value));
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

static gboolean
is_blank_text (xmlNode *node)
{
  return (node->type == XML_TEXT_NODE && xmlIsBlankNode (node)) || node->type == XML_COMMENT_NODE;
}

static xmlNode *
next_significant (xmlNode *node)
{
  while (node != NULL && is_blank_text (node))
    node = node->next;
  return node;
}

static gboolean
attributes_equal (xmlNode  *a,
                  xmlNode  *b,
                  char    **difference)
{
  guint n_a = 0, n_b = 0;

  for (xmlAttr *attr = a->properties; attr != NULL; attr = attr->next)
    {
      g_autofree char *va = xq_xml_get (a, (const char *) attr->name);
      g_autofree char *vb = xq_xml_get (b, (const char *) attr->name);

      n_a++;
      if (vb == NULL || strcmp (va, vb) != 0)
        {
          *difference = g_strdup_printf ("<%s %s=\"%s\"> (expected \"%s\")", (const char *) a->name,
                                         (const char *) attr->name, vb != NULL ? vb : "", va);
          return FALSE;
        }
    }
  for (xmlAttr *attr = b->properties; attr != NULL; attr = attr->next)
    n_b++;
  if (n_a != n_b)
    {
      *difference = g_strdup_printf ("<%s>: %u attributes (expected %u)", (const char *) a->name, n_b, n_a);
      return FALSE;
    }
  return TRUE;
}

static gboolean
trees_equal (xmlNode  *a,
             xmlNode  *b,
             char    **difference)
{
  xmlNode *ca, *cb;

  if (a->type != b->type)
    {
      *difference = g_strdup ("a different kind of node");
      return FALSE;
    }
  if (a->type == XML_TEXT_NODE || a->type == XML_CDATA_SECTION_NODE)
    {
      if (g_strcmp0 ((const char *) a->content, (const char *) b->content) != 0)
        {
          *difference = g_strdup_printf ("text “%s” (expected “%s”)", (const char *) b->content,
                                         (const char *) a->content);
          return FALSE;
        }
      return TRUE;
    }
  if (strcmp ((const char *) a->name, (const char *) b->name) != 0)
    {
      *difference = g_strdup_printf ("<%s> (expected <%s>)", (const char *) b->name, (const char *) a->name);
      return FALSE;
    }
  if (!attributes_equal (a, b, difference))
    return FALSE;

  ca = next_significant (a->children);
  cb = next_significant (b->children);
  while (ca != NULL && cb != NULL)
    {
      if (!trees_equal (ca, cb, difference))
        {
          /* Say where: "<holdings player="Bob">: <currency cash="19.5"> …". */
          if (a->properties != NULL && a->properties->children != NULL)
            {
              char *inner = *difference;

              *difference = g_strdup_printf ("<%s %s=\"%s\">: %s", (const char *) a->name,
                                             (const char *) a->properties->name,
                                             (const char *) a->properties->children->content, inner);
              g_free (inner);
            }
          return FALSE;
        }
      ca = next_significant (ca->next);
      cb = next_significant (cb->next);
    }
  if (ca != NULL || cb != NULL)
    {
      *difference = g_strdup_printf ("<%s> has %s children than expected", (const char *) a->name,
                                     ca != NULL ? "fewer" : "more");
      return FALSE;
    }
  return TRUE;
}

/**
 * xq_xml_equal:
 * @a: the element as expected
 * @b: the element as found
 * @difference: (out) (optional): where they first differ, for messages
 *
 * Compares names, attributes, text and children in order, ignoring
 * whitespace between elements and comments.
 *
 * Returns: %TRUE if the trees say the same
 */
gboolean
xq_xml_equal (xmlNode  *a,
              xmlNode  *b,
              char    **difference)
{
  g_autofree char *where = NULL;
  gboolean equal = trees_equal (a, b, &where);

  if (difference != NULL)
    *difference = g_steal_pointer (&where);
  return equal;
}
