/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Compares what the program would write (an XqXmlTree) with what a file
 * holds (libxml2's tree of it): how the loader checks each move's data
 * against its XQN line and the stored snapshot against the replay. The
 * differences are described for the error message. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-xml-tree-private.h"
#include "xq-xml.h"

static gboolean
is_insignificant (xmlNode *node)
{
  return (node->type == XML_TEXT_NODE && xmlIsBlankNode (node)) || node->type == XML_COMMENT_NODE;
}

static xmlNode *
next_significant (xmlNode  *node,
                  gboolean (*skip) (xmlNode *node))
{
  while (node != NULL && (is_insignificant (node) || (skip != NULL && skip (node))))
    node = node->next;
  return node;
}

static gboolean
attributes_equal (XqXmlElement *a,
                  xmlNode      *b,
                  char        **difference)
{
  guint n_a = 0, n_b = 0;

  for (XqXmlAttribute *attr = a->attributes; attr != NULL; attr = attr->next)
    {
      const char *vb = xq_xml_peek (b, attr->name);

      n_a++;
      if (vb == NULL || strcmp (attr->value, vb) != 0)
        {
          *difference = g_strdup_printf ("<%s %s=\"%s\"> (expected \"%s\")", a->name, attr->name,
                                         vb != NULL ? vb : "", attr->value);
          return FALSE;
        }
    }
  for (xmlAttr *attr = b->properties; attr != NULL; attr = attr->next)
    n_b++;
  if (n_a != n_b)
    {
      *difference = g_strdup_printf ("<%s>: %u attributes (expected %u)", a->name, n_b, n_a);
      return FALSE;
    }
  return TRUE;
}

static gboolean trees_equal (XqXmlElement *a, xmlNode *b, char **difference);

/* @a's text, or its children in order, against @b's significant children. */
static gboolean
contents_equal (XqXmlElement *a,
                xmlNode      *b,
                char        **difference)
{
  xmlNode *cb = next_significant (b->children, NULL);
  XqXmlElement *ca = a->children;

  if (a->text != NULL)
    {
      if (cb == NULL || (cb->type != XML_TEXT_NODE && cb->type != XML_CDATA_SECTION_NODE))
        {
          *difference = g_strdup (cb == NULL ? "no text" : "a different kind of node");
          return FALSE;
        }
      if (g_strcmp0 ((const char *) cb->content, a->text) != 0)
        {
          *difference = g_strdup_printf ("text “%s” (expected “%s”)", (const char *) cb->content, a->text);
          return FALSE;
        }
      cb = next_significant (cb->next, NULL);
    }
  while (ca != NULL && cb != NULL)
    {
      if (!trees_equal (ca, cb, difference))
        {
          /* Say where: "<holdings player="Bob">: <currency cash="19.5"> …". */
          if (a->attributes != NULL)
            {
              char *inner = *difference;

              *difference = g_strdup_printf ("<%s %s=\"%s\">: %s", a->name, a->attributes->name,
                                             a->attributes->value, inner);
              g_free (inner);
            }
          return FALSE;
        }
      ca = ca->next;
      cb = next_significant (cb->next, NULL);
    }
  if (ca != NULL || cb != NULL)
    {
      *difference = g_strdup_printf ("<%s> has %s children than expected", a->name, ca != NULL ? "fewer" : "more");
      return FALSE;
    }
  return TRUE;
}

static gboolean
trees_equal (XqXmlElement *a,
             xmlNode      *b,
             char        **difference)
{
  if (b->type != XML_ELEMENT_NODE)
    {
      *difference = g_strdup ("a different kind of node");
      return FALSE;
    }
  if (strcmp (a->name, (const char *) b->name) != 0)
    {
      *difference = g_strdup_printf ("<%s> (expected <%s>)", (const char *) b->name, a->name);
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
 * Compares names, attributes, text and children in order, ignoring
 * whitespace between elements and comments.
 *
 * Returns: %TRUE if the trees say the same
 */
gboolean
xq_xml_equal (XqXmlElement *expected,
              xmlNode      *found,
              char        **difference)
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
xq_xml_attributes_match (XqXmlElement *expected,
                         xmlNode      *found,
                         gboolean    (*skip) (const xmlAttr *attr),
                         char        **difference)
{
  guint n_found = 0, n_expected = 0;

  for (XqXmlAttribute *attr = expected->attributes; attr != NULL; attr = attr->next)
    n_expected++;
  for (xmlAttr *attr = found->properties; attr != NULL; attr = attr->next)
    {
      const char *found_value, *wanted_value = NULL;

      if (skip != NULL && skip (attr))
        continue;
      n_found++;
      found_value = attr->children != NULL ? (const char *) attr->children->content : "";
      for (XqXmlAttribute *want = expected->attributes; want != NULL && wanted_value == NULL; want = want->next)
        if (strcmp (want->name, (const char *) attr->name) == 0)
          wanted_value = want->value;
      if (wanted_value == NULL || strcmp (found_value, wanted_value) != 0)
        {
          *difference = g_strdup_printf ("%s=\"%s\" (expected %s)", (const char *) attr->name, found_value,
                                         wanted_value != NULL ? wanted_value : "nothing");
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
 * @skip: (nullable): which of @found's children are not compared
 * @difference: (out): where they first differ
 *
 * Returns: whether @found's children (but the skipped ones) are @expected's
 */
gboolean
xq_xml_children_match (XqXmlElement *expected,
                       xmlNode      *found,
                       gboolean    (*skip) (xmlNode *node),
                       char        **difference)
{
  XqXmlElement *want = expected->children;
  xmlNode *have = next_significant (found->children, skip);

  while (want != NULL || have != NULL)
    {
      if (want == NULL || have == NULL)
        {
          *difference = g_strdup (want == NULL ? _("an element too many") : _("an element missing"));
          return FALSE;
        }
      if (!trees_equal (want, have, difference))
        return FALSE;
      want = want->next;
      have = next_significant (have->next, skip);
    }
  return TRUE;
}
