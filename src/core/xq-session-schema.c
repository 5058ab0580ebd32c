/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Checks a session document against the shipped schema with libxml2's
 * RelaxNG validator, and says its complaint as the loader's other refusals
 * are said: one translated sentence naming the element, with the line it
 * is on. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <glib/gi18n.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xpath.h>

#include "xq-core-resources.h"
#include "xq-error.h"
#include "xq-quote.h"
#include "xq-session-schema.h"
#include "xq-xml.h"

#define SCHEMA_RESOURCE "/io/github/exchequer/Exchequer/core/session.rng"

/* The complaint of libxml2's to report: what it says, about which node. */
typedef struct
{
  gboolean  seen;
  guint     depth;       /* of the node's element in the document */
  int       code;        /* an xmlRelaxNGValidErr */
  xmlNode  *node;
  char     *arg1;
  char     *arg2;
} Complaint;

/**
 * xq_session_schema_document:
 *
 * The shipped schema (data/session.rng, built into the program).
 *
 * Returns: (transfer full): a new document of it; free with xmlFreeDoc()
 */
xmlDoc *
xq_session_schema_document (void)
{
  g_autoptr(GBytes) bytes = g_resource_lookup_data (xq_core_get_resource (), SCHEMA_RESOURCE,
                                                    G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);
  xmlDoc *doc = xmlReadMemory (data, (int) size, "session.rng", NULL, XML_PARSE_NONET);

  g_assert (doc != NULL);
  return doc;
}

/* Compiled once, on whichever thread loads first: the schema is part of the
 * program, not of the file read. Validating with it only reads it, so
 * loads on several threads share it, each with a context of its own. */
static xmlRelaxNG *
get_schema (void)
{
  static gsize initialized;
  static xmlRelaxNG *schema;

  if (g_once_init_enter (&initialized))
    {
      xmlDoc *doc;
      xmlRelaxNGParserCtxt *parser;

      xq_xml_init ();
      doc = xq_session_schema_document ();
      parser = xmlRelaxNGNewDocParserCtxt (doc);
      schema = xmlRelaxNGParse (parser);
      if (schema == NULL)
        g_error ("the session schema does not compile");
      xmlRelaxNGFreeParserCtxt (parser);
      xmlFreeDoc (doc);
      g_once_init_leave (&initialized, 1);
    }
  return schema;
}

/* The element @node is or is in. */
static xmlNode *
element_of (xmlNode *node)
{
  while (node != NULL && node->type != XML_ELEMENT_NODE)
    node = node->parent;
  return node;
}

/* How deep in the document the element a complaint is about lies. Some
 * complaints about an element come with its child as their node ("Element
 * players has extra content: player"); those are about the parent. */
static guint
depth_of (xmlErrorPtr error)
{
  xmlNode *node = element_of (error->node);
  guint depth = 0;

  if (node != NULL && error->str1 != NULL && !xmlStrEqual (node->name, BAD_CAST error->str1)
      && node->parent != NULL && xmlStrEqual (node->parent->name, BAD_CAST error->str1))
    node = node->parent;
  for (; node != NULL && node->type == XML_ELEMENT_NODE; node = node->parent)
    depth++;
  return depth;
}

/* libxml2 reports the branches of a choice it tried and gave up too, and
 * those come first: "Expecting element players, got notes" for a player
 * two levels down. The first complaint about the deepest element is the
 * one that names what is wrong. */
static void
keep_deepest (void        *user_data,
              xmlErrorPtr  error)
{
  Complaint *best = user_data;
  guint depth;

  if (error == NULL)
    return;
  depth = depth_of (error);
  if (best->seen && depth <= best->depth)
    return;
  best->seen = TRUE;
  best->depth = depth;
  best->code = error->code;
  best->node = error->node;
  g_free (best->arg1);
  g_free (best->arg2);
  best->arg1 = g_strdup (error->str1);
  best->arg2 = g_strdup (error->str2);
}

/* How many attributes of @element hold @value, and the name of the first:
 * libxml2 names a value it refuses only by its type and the value. */
static guint
attributes_holding (xmlNode     *element,
                    const char  *value,
                    const char **name)
{
  guint n = 0;

  for (xmlAttr *attr = element != NULL ? element->properties : NULL; attr != NULL; attr = attr->next)
    {
      xmlChar *v = xmlNodeListGetString (attr->doc, attr->children, 1);

      if (xmlStrEqual (v, BAD_CAST value) && n++ == 0)
        *name = (const char *) attr->name;
      xmlFree (v);
    }
  return n;
}

/* The first text that is not blank in @node (or @node's own, if it is text). */
static char *
stray_text (xmlNode *node)
{
  xmlNode *child = node != NULL && node->type == XML_ELEMENT_NODE ? node->children : node;

  for (; child != NULL; child = child->next)
    if ((child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        && !xmlIsBlankNode (child))
      {
        g_autofree char *text = g_strstrip (g_strdup ((const char *) child->content));

        return xq_quote_for_message (text);
      }
  return NULL;
}

/* Validates @doc quietly; returns the element libxml2 complains about
 * deepest, or NULL when it is valid. */
static xmlNode *
complained_element (xmlDoc *doc)
{
  xmlRelaxNGValidCtxt *context = xmlRelaxNGNewValidCtxt (get_schema ());
  Complaint complaint = { FALSE, 0, 0, NULL, NULL, NULL };
  int result;

  if (context == NULL)
    g_error ("libxml2 could not make a RelaxNG validation context");
  xmlRelaxNGSetValidStructuredErrors (context, keep_deepest, &complaint);
  result = xmlRelaxNGValidateDoc (context, doc);
  xmlRelaxNGFreeValidCtxt (context);
  g_free (complaint.arg1);
  g_free (complaint.arg2);
  return result == 0 ? NULL : element_of (complaint.node);
}

/* Whether @doc is valid with only the first @keep of @elements (siblings
 * of one name) in it; the rest are unlinked for the check, then put back
 * where they were. */
static gboolean
valid_with_first (xmlDoc    *doc,
                  GPtrArray *elements,
                  guint      keep)
{
  g_autofree xmlNode **before = g_new0 (xmlNode *, elements->len);
  gboolean valid;

  for (guint i = keep; i < elements->len; i++)
    {
      xmlNode *node = g_ptr_array_index (elements, i);

      before[i] = node->prev;
      xmlUnlinkNode (node);
    }
  valid = complained_element (doc) == NULL;
  /* In order: an element's neighbour before it is back before it is. */
  for (guint i = keep; i < elements->len; i++)
    xmlAddNextSibling (before[i], g_ptr_array_index (elements, i));
  return valid;
}

/* libxml2 blames the first of a run of like elements ("Element moves has
 * extra content: move", on the first move) when any of them fails inside
 * a choice, or an earlier one of the run ("Expecting element xqn, got
 * award" on the award before the one whose value it refused). The one at fault is the first whose presence makes the file
 * invalid: the file is valid with the ones before it alone (the schema
 * allows a run to end anywhere), so a bisection finds it. */
static xmlNode *
first_invalid_of_run (xmlNode *element)
{
  g_autoptr(GPtrArray) run = g_ptr_array_new ();
  guint valid = 0, invalid;

  for (xmlNode *node = element; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE && xmlStrEqual (node->name, element->name))
      g_ptr_array_add (run, node);
  if (run->len < 2)
    return element;
  invalid = run->len;
  while (invalid - valid > 1)
    {
      guint middle = valid + (invalid - valid) / 2;

      if (valid_with_first (element->doc, run, middle))
        valid = middle;
      else
        invalid = middle;
    }
  return g_ptr_array_index (run, invalid - 1);
}

/* An element like @element elsewhere in the file (the same name and, for
 * moves, the same type) whose @attribute holds another value. */
static xmlNode *
find_donor (xmlNode    *node,
            xmlNode    *element,
            const char *attribute,
            const char *value)
{
  for (; node != NULL; node = node->next)
    {
      xmlNode *found;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (node != element && xmlStrEqual (node->name, element->name))
        {
          g_autofree char *kind = xq_xml_dup (element, "type");
          g_autofree char *node_kind = xq_xml_dup (node, "type");
          g_autofree char *other = xq_xml_dup (node, attribute);

          if (g_strcmp0 (kind, node_kind) == 0 && other != NULL && g_strcmp0 (other, value) != 0)
            return node;
        }
      if ((found = find_donor (node->children, element, attribute, value)) != NULL)
        return found;
    }
  return NULL;
}

/* Stands for "a player's name from the file" among an attribute's values. */
#define A_PLAYER_NAME "\001player"

/* Values the schema allows somewhere for attributes of each name ("state":
 * "playing", "ended", …; "turn": "1"), for an attribute no like element in
 * the file can lend a value to (the one <status>, the root's). */
static void
collect_values (xmlNode    *node,
                xmlNode    *grammar,
                GPtrArray  *out,
                guint       depth)
{
  for (; node != NULL && depth < 8; node = node->next)
    {
      g_autofree char *name_attr = NULL;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      name_attr = xq_xml_dup (node, xmlStrEqual (node->name, BAD_CAST "data") ? "type" : "name");
      if (xmlStrEqual (node->name, BAD_CAST "value"))
        g_ptr_array_add (out, xq_xml_dup_text (node));
      else if (xmlStrEqual (node->name, BAD_CAST "data"))
        {
          if (g_strcmp0 (name_attr, "nonNegativeInteger") == 0 || g_strcmp0 (name_attr, "positiveInteger") == 0)
            g_ptr_array_add (out, g_strdup ("1"));
          else if (g_strcmp0 (name_attr, "dateTime") == 0)
            g_ptr_array_add (out, g_strdup ("2024-01-01T00:00:00Z"));
        }
      else if (xmlStrEqual (node->name, BAD_CAST "ref"))
        {
          if (g_strcmp0 (name_attr, "player-name") == 0)
            g_ptr_array_add (out, g_strdup (A_PLAYER_NAME));
          else if (g_strcmp0 (name_attr, "amount") == 0)
            g_ptr_array_add (out, g_strdup ("1"));
          else
            for (xmlNode *define = grammar->children; define != NULL; define = define->next)
              {
                g_autofree char *defined = NULL;

                if (define->type != XML_ELEMENT_NODE || !xmlStrEqual (define->name, BAD_CAST "define"))
                  continue;
                defined = xq_xml_dup (define, "name");
                if (g_strcmp0 (defined, name_attr) == 0)
                  collect_values (define->children, grammar, out, depth + 1);
              }
        }
      else
        collect_values (node->children, grammar, out, depth + 1);
    }
}

static void
collect_attributes (xmlNode    *node,
                    xmlNode    *grammar,
                    GHashTable *values)
{
  for (; node != NULL; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (xmlStrEqual (node->name, BAD_CAST "attribute"))
        {
          char *name = xq_xml_dup (node, "name");
          GPtrArray *list = name != NULL ? g_hash_table_lookup (values, name) : NULL;

          if (name == NULL)
            continue;
          if (list == NULL)
            {
              list = g_ptr_array_new_with_free_func (g_free);
              g_hash_table_insert (values, g_strdup (name), list);
            }
          collect_values (node->children, grammar, list, 0);
          g_free (name);
        }
      else
        collect_attributes (node->children, grammar, values);
    }
}

/* Built once, like the compiled schema, and only read after. */
static GPtrArray *
schema_values (const char *attribute)
{
  static gsize initialized;
  static GHashTable *values;

  if (g_once_init_enter (&initialized))
    {
      xmlDoc *doc = xq_session_schema_document ();

      values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
      collect_attributes (xmlDocGetRootElement (doc), xmlDocGetRootElement (doc), values);
      xmlFreeDoc (doc);
      g_once_init_leave (&initialized, 1);
    }
  return g_hash_table_lookup (values, attribute);
}

/* Whether giving @element's @attribute the value @given ends the complaint
 * about @complained (or the run of like elements it is in). */
static gboolean
ends_complaint (xmlNode    *element,
                xmlAttr    *attr,
                const char *own,
                const char *given,
                xmlNode    *complained,
                xmlNode    *first_of_run)
{
  xmlNode *still;

  xmlSetProp (element, attr->name, BAD_CAST given);
  still = complained_element (element->doc);
  xmlSetProp (element, attr->name, BAD_CAST own);
  if (still == NULL)
    return TRUE;
  /* A complaint left further on is another fault; one about @complained,
   * inside it, around it or before it (libxml2 blames the first of a run)
   * means the change only moved the complaint. */
  for (xmlNode *node = still; node != NULL; node = node->parent)
    if (node == complained)
      return FALSE;
  for (xmlNode *node = complained; node != NULL; node = node->parent)
    if (node == still)
      return FALSE;
  return still != first_of_run && xmlXPathCmpNodes (complained, still) == 1;
}

/* A value the schema allows for @attr elsewhere, that ends the complaint. */
static gboolean
schema_value_ends_complaint (xmlNode    *element,
                             xmlAttr    *attr,
                             const char *own,
                             xmlNode    *complained,
                             xmlNode    *first_of_run)
{
  GPtrArray *values = schema_values ((const char *) attr->name);
  xmlNode *players = xq_xml_first_child (xmlDocGetRootElement (element->doc), "players");
  g_autofree char *player = xq_xml_dup (xq_xml_first_child (players, "player"), "name");

  /* A value the schema lists is not the one refused (a move's type that
   * does not fit its other attributes is another fault); trying the rest
   * would only cost a validation each. */
  for (guint i = 0; values != NULL && i < values->len; i++)
    if (g_strcmp0 (g_ptr_array_index (values, i), own) == 0)
      return FALSE;
  for (guint i = 0; values != NULL && i < values->len; i++)
    {
      const char *given = g_ptr_array_index (values, i);

      if (g_strcmp0 (given, A_PLAYER_NAME) == 0)
        given = player;
      if (given != NULL && g_strcmp0 (given, own) != 0
          && ends_complaint (element, attr, own, given, complained, first_of_run))
        return TRUE;
    }
  return FALSE;
}

/* libxml2 says only that @element's attributes do not fit where a value
 * is refused inside a choice or by a pattern. Which one is it? The one
 * that, given the value a like element in the file holds, puts an end to
 * the complaint about @element; NULL unless exactly one does. */
static char *
culprit_attribute (xmlNode  *element,
                   xmlNode  *complained,
                   char    **value)
{
  g_autofree char *culprit = NULL;
  g_autofree char *culprit_value = NULL;
  xmlNode *first_of_run = complained;
  guint n = 0;

  for (xmlNode *node = complained->prev; node != NULL; node = node->prev)
    if (node->type == XML_ELEMENT_NODE && xmlStrEqual (node->name, complained->name))
      first_of_run = node;

  for (xmlAttr *attr = element->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;
      g_autofree char *own = xq_xml_dup (element, name);
      g_autofree char *given = NULL;
      xmlNode *donor = find_donor (xmlDocGetRootElement (element->doc), element, name, own);
      gboolean ends;

      /* A like element's value first: it fits where this one stands. */
      if (donor != NULL)
        {
          given = xq_xml_dup (donor, name);
          ends = ends_complaint (element, attr, own, given, complained, first_of_run);
        }
      else
        ends = schema_value_ends_complaint (element, attr, own, complained, first_of_run);
      if (ends && n++ == 0)
        {
          culprit = g_strdup (name);
          culprit_value = g_steal_pointer (&own);
        }
    }
  if (n != 1)
    return NULL;
  *value = g_steal_pointer (&culprit_value);
  return g_steal_pointer (&culprit);
}

/* "<ELEMENT> has ATTRIBUTE="VALUE", …" when one attribute of @element is
 * the one at fault (culprit_attribute()). */
static char *
describe_culprit (xmlNode *element)
{
  g_autofree char *value = NULL;
  g_autofree char *attribute = NULL;
  g_autofree char *quoted = NULL;

  if (element->properties == NULL || (attribute = culprit_attribute (element, element, &value)) == NULL)
    return NULL;
  quoted = xq_quote_for_message (value);
  return g_strdup_printf (_("<%s> has %s=\"%s\", which the format does not allow there"),
                          (const char *) element->name, attribute, quoted);
}

/* Complaints that no attribute's value can be behind, spared the search:
 * an attribute no element of the format has, text where it does not belong. */
static gboolean
about_no_value (const Complaint *c)
{
  if (c->code == XML_RELAXNG_ERR_INVALIDATTR)
    return c->arg1 != NULL && schema_values (c->arg1) == NULL;
  if (c->code == XML_RELAXNG_ERR_EXTRACONTENT)
    return g_strcmp0 (c->arg2, "text") == 0;
  return c->code == XML_RELAXNG_ERR_NOTELEM || c->code == XML_RELAXNG_ERR_TEXTWRONG;
}

/* The sentence for @c, naming the element; most of libxml2's complaints
 * name it as their first argument, the rest only by their node. */
static char *
describe (const Complaint *c)
{
  xmlNode *element = element_of (c->node);
  const char *name = element != NULL ? (const char *) element->name : NULL;
  const char *named = c->arg1 != NULL ? c->arg1 : name;
  char *culprit;

  if (element == NULL || named == NULL)
    return g_strdup (_("its root element is not one the format allows"));
  /* Whatever libxml2 calls it — a choice that failed, content it did not
   * expect where a move's branch gave up, a child where another belongs,
   * a value two attributes hold — a refused attribute value is named with
   * its attribute when trying a like element's value (or one the schema
   * allows) in its place shows which one it is. */
  if (!about_no_value (c) && (culprit = describe_culprit (element)) != NULL)
    return culprit;

  switch (c->code)
    {
    case XML_RELAXNG_ERR_TYPEVAL:
      {
        const char *attribute = NULL;
        guint n = attributes_holding (element, c->arg2 != NULL ? c->arg2 : "", &attribute);
        g_autofree char *value = xq_quote_for_message (c->arg2 != NULL ? c->arg2 : "");

        if (n == 1)
          return g_strdup_printf (_("<%s> has %s=\"%s\", which the format does not allow there"), name,
                                  attribute, value);
        if (n > 1)
          return g_strdup_printf (_("<%s> has the value “%s” where the format does not allow it"), name, value);
        return g_strdup_printf (_("<%s> holds “%s”, which the format does not allow there"), name, value);
      }
    case XML_RELAXNG_ERR_TYPE:
    case XML_RELAXNG_ERR_TYPECMP:
    case XML_RELAXNG_ERR_DATATYPE:
    case XML_RELAXNG_ERR_VALUE:
    case XML_RELAXNG_ERR_LIST:
      return g_strdup_printf (_("<%s> holds a value the format does not allow there"), name);
    case XML_RELAXNG_ERR_ELEMNAME:
      if (c->arg1 == NULL || c->arg2 == NULL)
        break;
      /* The node is the parent; the element found is the second argument. */
      if (xmlStrEqual (element->name, BAD_CAST c->arg2) && element->parent != NULL
          && element->parent->type == XML_ELEMENT_NODE)
        name = (const char *) element->parent->name;
      return g_strdup_printf (_("<%s> holds <%s> where <%s> belongs"), name, c->arg2, c->arg1);
    case XML_RELAXNG_ERR_NOELEM:
      if (c->arg1 == NULL)
        break;
      return g_strdup_printf (_("<%s> lacks a <%s> element"), name, c->arg1);
    case XML_RELAXNG_ERR_EXTRACONTENT:
      /* Text where only elements belong is named "text", as libxml2 names
       * a text node; its node is the element holding it. */
      if (g_strcmp0 (c->arg2, "text") == 0 && xq_xml_first_child (element, "text") == NULL)
        {
          g_autofree char *text = stray_text (element);

          if (text != NULL)
            return g_strdup_printf (_("<%s> holds text (“%s”) where only elements belong"), name, text);
        }
      if (c->arg1 != NULL && c->arg2 != NULL)
        return g_strdup_printf (_("<%s> holds a <%s> the format does not allow there"), c->arg1, c->arg2);
      break;
    case XML_RELAXNG_ERR_ELEMWRONG:
      if (c->arg1 != NULL && element->parent != NULL && element->parent->type == XML_ELEMENT_NODE)
        return g_strdup_printf (_("<%s> holds a <%s> the format does not allow there"),
                                (const char *) element->parent->name, c->arg1);
      break;
    case XML_RELAXNG_ERR_INVALIDATTR:
      if (c->arg1 != NULL && c->arg2 != NULL)
        return g_strdup_printf (_("<%s> has an attribute %s the format does not allow there"), c->arg2, c->arg1);
      break;
    case XML_RELAXNG_ERR_ATTRVALID:
      return g_strdup_printf (_("<%s> does not have the attributes the format asks for there"), named);
    case XML_RELAXNG_ERR_NOTELEM:
    case XML_RELAXNG_ERR_TEXTWRONG:
      {
        g_autofree char *text = stray_text (c->node);

        if (text != NULL)
          return g_strdup_printf (_("<%s> holds text (“%s”) where only elements belong"), name, text);
      }
      break;
    case XML_RELAXNG_ERR_ELEMNONS:
    case XML_RELAXNG_ERR_ELEMWRONGNS:
    case XML_RELAXNG_ERR_ELEMEXTRANS:
      return g_strdup_printf (_("<%s> is not in the namespace the format requires there"), named);
    /* These name the element as their first argument. */
    case XML_RELAXNG_ERR_CONTENTVALID:
    case XML_RELAXNG_ERR_ELEMNOTEMPTY:
    case XML_RELAXNG_ERR_DATAELEM:
    case XML_RELAXNG_ERR_VALELEM:
    case XML_RELAXNG_ERR_LISTELEM:
    case XML_RELAXNG_ERR_LACKDATA:
      name = named;
      break;
    default:
      break;
    }
  return g_strdup_printf (_("<%s> does not have the attributes and contents the format asks for there"), name);
}

/**
 * xq_session_schema_validate:
 * @doc: a parsed session file
 * @error_line: (out) (optional): the line an error refers to, or 0
 * @error: return location for a #GError in %XQ_FILE_ERROR
 *
 * Returns: whether @doc follows the shipped schema
 */
gboolean
xq_session_schema_validate (xmlDoc   *doc,
                            guint    *error_line,
                            GError  **error)
{
  xmlRelaxNGValidCtxt *context = xmlRelaxNGNewValidCtxt (get_schema ());
  Complaint complaint = { FALSE, 0, 0, NULL, NULL, NULL };
  g_autofree char *problem = NULL;
  int result;

  if (context == NULL)
    g_error ("libxml2 could not make a RelaxNG validation context");
  xmlRelaxNGSetValidStructuredErrors (context, keep_deepest, &complaint);
  result = xmlRelaxNGValidateDoc (context, doc);
  xmlRelaxNGFreeValidCtxt (context);
  if (result == 0)
    return TRUE;

  /* The element at fault, not the first of its run (first_invalid_of_run()). */
  if ((complaint.code == XML_RELAXNG_ERR_EXTRACONTENT || complaint.code == XML_RELAXNG_ERR_ELEMNAME)
      && complaint.arg2 != NULL
      && element_of (complaint.node) != NULL
      && xmlStrEqual (element_of (complaint.node)->name, BAD_CAST complaint.arg2))
    complaint.node = first_invalid_of_run (element_of (complaint.node));
  problem = describe (&complaint);
  if (error_line != NULL)
    *error_line = xq_xml_line (element_of (complaint.node));
  g_free (complaint.arg1);
  g_free (complaint.arg2);
  return xq_error_fail (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID,
                        _("the file does not follow the session format: %s"), problem);
}
