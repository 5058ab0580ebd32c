/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Compares what the program would write with what a file holds, both in
 * libxml2's tree: how the loader checks each move's data against its XQN
 * line and the stored snapshot against the replay. Only elements, their
 * attributes and their texts count: the file's indentation, comments and
 * processing instructions do not. The differences are described for the
 * error message. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-quote.h"
#include "xq-xml.h"

typedef xmlChar XqXmlText;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqXmlText, xmlFree)

static XqXmlText *
value_of (xmlAttr *attr)
{
  return xmlNodeListGetString (attr->doc, attr->children, 1);
}

/* The value of @element's attribute @name in no namespace, or NULL. */
static XqXmlText *
attribute (xmlNode       *element,
           const xmlChar *name)
{
  return xmlGetNoNsProp (element, name);
}

static guint
count_attributes (xmlNode *element)
{
  guint n = 0;

  for (xmlAttr *attr = element->properties; attr != NULL; attr = attr->next)
    n++;
  return n;
}

static xmlNode *
next_compared (xmlNode   *node,
               gboolean (*skip) (xmlNode *node))
{
  node = xq_xml_next_sibling (node, NULL);
  while (node != NULL && skip != NULL && skip (node))
    node = xq_xml_next_sibling (node->next, NULL);
  return node;
}

static gboolean
attributes_equal (xmlNode  *a,
                  xmlNode  *b,
                  char    **difference)
{
  guint n_a = 0, n_b = count_attributes (b);

  for (xmlAttr *attr = a->properties; attr != NULL; attr = attr->next)
    {
      g_autoptr(XqXmlText) va = value_of (attr);
      g_autoptr(XqXmlText) vb = attribute (b, attr->name);

      n_a++;
      if (vb == NULL || !xmlStrEqual (va, vb))
        {
          *difference = g_strdup_printf ("<%s %s=\"%s\"> (expected \"%s\")", (const char *) a->name,
                                         (const char *) attr->name, XQ_QUOTE ((const char *) vb),
                                         XQ_QUOTE ((const char *) va));
          return FALSE;
        }
    }
  if (n_a != n_b)
    {
      *difference = g_strdup_printf ("<%s>: %u attributes (expected %u)", (const char *) a->name, n_b, n_a);
      return FALSE;
    }
  return TRUE;
}

static gboolean trees_equal (xmlNode *a, xmlNode *b, char **difference);

/* @a's text, or its children in order, against @b's. An element the program
 * writes holds text or children, never both; "" and no text are the same. */
static gboolean
contents_equal (xmlNode  *a,
                xmlNode  *b,
                char    **difference)
{
  xmlNode *ca = xq_xml_first_child (a, NULL);
  xmlNode *cb = xq_xml_first_child (b, NULL);

  if (ca == NULL && cb == NULL)
    {
      g_autofree char *text_a = xq_xml_dup_text (a);
      g_autofree char *text_b = xq_xml_dup_text (b);

      if (strcmp (text_a, text_b) != 0)
        {
          *difference = g_strdup_printf ("text “%s” (expected “%s”)", XQ_QUOTE (text_b), XQ_QUOTE (text_a));
          return FALSE;
        }
      return TRUE;
    }
  if (ca == NULL && a->children != NULL && cb != NULL)
    {
      *difference = g_strdup ("elements instead of text");
      return FALSE;
    }
  while (ca != NULL && cb != NULL)
    {
      if (!trees_equal (ca, cb, difference))
        {
          /* Say where: "<holdings player="Bob">: <currency cash="19.5"> …". */
          if (a->properties != NULL)
            {
              g_autoptr(XqXmlText) value = value_of (a->properties);
              char *inner = *difference;

              *difference = g_strdup_printf ("<%s %s=\"%s\">: %s", (const char *) a->name,
                                             (const char *) a->properties->name,
                                             XQ_QUOTE ((const char *) value), inner);
              g_free (inner);
            }
          return FALSE;
        }
      ca = xq_xml_next_sibling (ca->next, NULL);
      cb = xq_xml_next_sibling (cb->next, NULL);
    }
  if (ca != NULL || cb != NULL)
    {
      *difference = g_strdup_printf ("<%s> has %s children than expected", (const char *) a->name,
                                     ca != NULL ? "fewer" : "more");
      return FALSE;
    }
  return TRUE;
}

static gboolean
trees_equal (xmlNode  *a,
             xmlNode  *b,
             char    **difference)
{
  if (!xmlStrEqual (a->name, b->name))
    {
      *difference = g_strdup_printf ("<%s> (expected <%s>)", (const char *) b->name, (const char *) a->name);
      return FALSE;
    }
  return attributes_equal (a, b, difference) && contents_equal (a, b, difference);
}

/**
 * xq_xml_equal:
 * @expected: the element as the program writes it
 * @found: the element as the file holds it
 * @difference: (out) (optional): where they first differ, for messages
 *
 * Compares names, attributes, text and child elements in order.
 *
 * Returns: %TRUE if the trees say the same
 */
gboolean
xq_xml_equal (xmlNode  *expected,
              xmlNode  *found,
              char    **difference)
{
  g_autofree char *where = NULL;
  gboolean equal = trees_equal (expected, found, &where);

  if (difference != NULL)
    *difference = g_steal_pointer (&where);
  return equal;
}

/**
 * xq_xml_attributes_match:
 * @expected: the element as the program writes it
 * @found: the element as the file holds it
 * @skip: (nullable): which of @found's attributes are not compared
 * @difference: (out): where they first differ
 *
 * Returns: whether @found has the attributes of @expected, with the same
 *   values, and no others (besides the skipped ones)
 */
gboolean
xq_xml_attributes_match (xmlNode   *expected,
                         xmlNode   *found,
                         gboolean (*skip) (xmlAttr *attr),
                         char     **difference)
{
  guint n_found = 0, n_expected = count_attributes (expected);

  for (xmlAttr *attr = found->properties; attr != NULL; attr = attr->next)
    {
      g_autoptr(XqXmlText) value = NULL;
      g_autoptr(XqXmlText) wanted = NULL;

      if (skip != NULL && skip (attr))
        continue;
      n_found++;
      value = value_of (attr);
      if (attr->ns == NULL)
        wanted = attribute (expected, attr->name);
      if (wanted == NULL || !xmlStrEqual (value, wanted))
        {
          *difference = g_strdup_printf ("%s=\"%s\" (expected %s)", (const char *) attr->name,
                                         XQ_QUOTE ((const char *) value),
                                         wanted != NULL ? XQ_QUOTE ((const char *) wanted) : "nothing");
          return FALSE;
        }
    }
  if (n_found != n_expected)
    {
      *difference = g_strdup_printf ("%u attributes (expected %u)", n_found, n_expected);
      return FALSE;
    }
  return TRUE;
}

/**
 * xq_xml_children_match:
 * @expected: the element as the program writes it
 * @found: the element as the file holds it
 * @skip: (nullable): which of @found's child elements are not compared
 * @difference: (out): where they first differ
 *
 * Returns: whether @found's child elements (but the skipped ones) are
 *   @expected's
 */
gboolean
xq_xml_children_match (xmlNode   *expected,
                       xmlNode   *found,
                       gboolean (*skip) (xmlNode *node),
                       char     **difference)
{
  xmlNode *want = xq_xml_first_child (expected, NULL);
  xmlNode *have = next_compared (found->children, skip);

  while (want != NULL || have != NULL)
    {
      if (want == NULL || have == NULL)
        {
          *difference = g_strdup (want == NULL ? _("an element too many") : _("an element missing"));
          return FALSE;
        }
      if (!trees_equal (want, have, difference))
        return FALSE;
      want = xq_xml_next_sibling (want->next, NULL);
      have = next_compared (have->next, skip);
    }
  return TRUE;
}
