/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Compares what the program would write (an XqXmlTree) with what a file
 * holds (its parsed tree, xq-xml.h): how the loader checks each move's data
 * against its XQN line and the stored snapshot against the replay. The
 * differences are described for the error message. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-quote.h"
#include "xq-xml-tree-private.h"
#include "xq-xml.h"

static XqXmlNode *
next_compared (XqXmlNode  *node,
               gboolean  (*skip) (XqXmlNode *node))
{
  while (node != NULL && skip != NULL && skip (node))
    node = node->next;
  return node;
}

static gboolean
attributes_equal (XqXmlElement *a,
                  XqXmlNode    *b,
                  char        **difference)
{
  guint n_a = 0;

  for (XqXmlAttribute *attr = a->attributes; attr != NULL; attr = attr->next)
    {
      const char *vb = xq_xml_peek (b, attr->name);

      n_a++;
      if (vb == NULL || strcmp (attr->value, vb) != 0)
        {
          *difference = g_strdup_printf ("<%s %s=\"%s\"> (expected \"%s\")", a->name, attr->name,
                                         XQ_QUOTE (vb), XQ_QUOTE (attr->value));
          return FALSE;
        }
    }
  if (n_a != b->n_attributes)
    {
      *difference = g_strdup_printf ("<%s>: %u attributes (expected %u)", a->name, b->n_attributes, n_a);
      return FALSE;
    }
  return TRUE;
}

static gboolean trees_equal (XqXmlElement *a, XqXmlNode *b, char **difference);

/* @a's text, or its children in order, against @b's. An element the program
 * writes holds text or children, never both; "" and no text are the same. */
static gboolean
contents_equal (XqXmlElement *a,
                XqXmlNode    *b,
                char        **difference)
{
  XqXmlNode *cb = b->children;
  XqXmlElement *ca = a->children;
  const char *text_a = a->text != NULL ? a->text : "";
  const char *text_b = b->text != NULL ? b->text : "";

  if (ca == NULL && cb == NULL && strcmp (text_a, text_b) != 0)
    {
      *difference = g_strdup_printf ("text “%s” (expected “%s”)", XQ_QUOTE (text_b), XQ_QUOTE (text_a));
      return FALSE;
    }
  if (a->text != NULL && cb != NULL)
    {
      *difference = g_strdup ("elements instead of text");
      return FALSE;
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
                                             XQ_QUOTE (a->attributes->value), inner);
              g_free (inner);
            }
          return FALSE;
        }
      ca = ca->next;
      cb = cb->next;
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
             XqXmlNode    *b,
             char        **difference)
{
  if (strcmp (a->name, b->name) != 0)
    {
      *difference = g_strdup_printf ("<%s> (expected <%s>)", b->name, a->name);
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
 * Compares names, attributes, text and children in order (the parsed tree
 * has no whitespace between elements and no comments).
 *
 * Returns: %TRUE if the trees say the same
 */
gboolean
xq_xml_equal (XqXmlElement *expected,
              XqXmlNode    *found,
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
                         XqXmlNode    *found,
                         gboolean    (*skip) (const XqXmlAttr *attr),
                         char        **difference)
{
  guint n_found = 0, n_expected = 0;

  for (XqXmlAttribute *attr = expected->attributes; attr != NULL; attr = attr->next)
    n_expected++;
  for (guint i = 0; i < found->n_attributes; i++)
    {
      const XqXmlAttr *attr = &found->attributes[i];
      const char *wanted_value = NULL;

      if (skip != NULL && skip (attr))
        continue;
      n_found++;
      for (XqXmlAttribute *want = expected->attributes; want != NULL && wanted_value == NULL; want = want->next)
        if (attr->ns == NULL && strcmp (want->name, attr->name) == 0)
          wanted_value = want->value;
      if (wanted_value == NULL || strcmp (attr->value, wanted_value) != 0)
        {
          *difference = g_strdup_printf ("%s=\"%s\" (expected %s)", attr->name, XQ_QUOTE (attr->value),
                                         wanted_value != NULL ? XQ_QUOTE (wanted_value) : "nothing");
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
                       XqXmlNode    *found,
                       gboolean    (*skip) (XqXmlNode *node),
                       char        **difference)
{
  XqXmlElement *want = expected->children;
  XqXmlNode *have = next_compared (found->children, skip);

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
      have = next_compared (have->next, skip);
    }
  return TRUE;
}
