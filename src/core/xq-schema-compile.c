/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Compiles a RelaxNG schema (XML syntax) into the patterns xq-schema.c
 * matches, refusing anything outside the subset it can match exactly. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <glib/gi18n.h>

#include "xq-error.h"
#include "xq-schema-private.h"

#define RELAXNG_NS "http://relaxng.org/ns/structure/1.0"
#define XSD_DATATYPES "http://www.w3.org/2001/XMLSchema-datatypes"
#define XSD_NS "http://www.w3.org/2001/XMLSchema"
#define CHILD XQ_SCHEMA_CHILD
#define MAX_ATTRIBUTES XQ_SCHEMA_MAX_ATTRIBUTES

/* xmlFree is a variable, not a function one can name in an initializer. */
static void
xq_xml_free (gpointer data)
{
  xmlFree (data);
}

static void
facet_free (gpointer data)
{
  xmlSchemaFacet *facet = data;

  /* xmlSchemaFreeFacet leaves the value to its owner, which is us. */
  xmlFree ((xmlChar *) facet->value);
  xmlSchemaFreeFacet (facet);
}

static void
pattern_free (gpointer data)
{
  Pattern *p = data;

  xmlFree (p->name);
  xmlFree (p->ns);
  g_clear_pointer (&p->children, g_ptr_array_unref);
  g_clear_pointer (&p->facets, g_ptr_array_unref);
  g_clear_pointer (&p->keys, g_ptr_array_unref);
  g_free (p);
}

/* ---- Compiling ---------------------------------------------------------- */

static gboolean
compile_error (GError    **error,
               xmlNode    *node,
               const char *problem)
{
  /* Translators: only developers see this: a schema that cannot be used. */
  g_set_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID, _("schema line %ld: <%s>: %s"),
               node != NULL ? xmlGetLineNo (node) : 0L,
               node != NULL ? (const char *) node->name : "", problem);
  return FALSE;
}

static gboolean
is_rng (xmlNode    *node,
        const char *name)
{
  return node->type == XML_ELEMENT_NODE && node->ns != NULL
         && xmlStrEqual (node->ns->href, BAD_CAST RELAXNG_NS)
         && (name == NULL || xmlStrEqual (node->name, BAD_CAST name));
}

/* The ns and datatypeLibrary attributes are inherited from the nearest
 * ancestor that has them. */
static xmlChar *
inherited (xmlNode    *node,
           const char *name)
{
  for (; node != NULL && node->type == XML_ELEMENT_NODE; node = node->parent)
    if (xmlHasProp (node, BAD_CAST name) != NULL)
      return xmlGetProp (node, BAD_CAST name);
  return xmlStrdup (BAD_CAST "");
}

static Pattern *
pattern_new (XqSchema    *schema,
             PatternKind  kind)
{
  Pattern *p = g_new0 (Pattern, 1);

  p->kind = kind;
  g_ptr_array_add (schema->patterns, p);
  return p;
}

static Pattern *compile_pattern (XqSchema *schema, xmlNode *node, GError **error);

/* The RelaxNG children of @node, a group of them (or the only one). */
static Pattern *
compile_children (XqSchema     *schema,
                  xmlNode      *node,
                  PatternKind   kind,
                  GError      **error)
{
  g_autoptr(GPtrArray) children = g_ptr_array_new ();
  Pattern *p;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      Pattern *compiled;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (!is_rng (child, NULL))
        return compile_error (error, child, "not a RelaxNG element"), NULL;
      compiled = compile_pattern (schema, child, error);
      if (compiled == NULL)
        return NULL;
      g_ptr_array_add (children, compiled);
    }
  if (children->len == 0)
    return compile_error (error, node, "no pattern inside (empty, text and notAllowed are not supported)"), NULL;
  if (children->len == 1)
    return g_ptr_array_index (children, 0);
  p = pattern_new (schema, kind);
  p->children = g_steal_pointer (&children);
  return p;
}

static Pattern *
wrap (XqSchema     *schema,
      PatternKind   kind,
      Pattern      *child)
{
  Pattern *p;

  if (child == NULL)
    return NULL;
  p = pattern_new (schema, kind);
  p->children = g_ptr_array_new ();
  g_ptr_array_add (p->children, child);
  return p;
}

static gboolean
compile_facet (Pattern  *data,
               xmlNode  *param,
               GError  **error)
{
  static const struct { const char *name; xmlSchemaTypeType type; } kinds[] = {
    { "length", XML_SCHEMA_FACET_LENGTH },
    { "minLength", XML_SCHEMA_FACET_MINLENGTH },
    { "maxLength", XML_SCHEMA_FACET_MAXLENGTH },
    { "pattern", XML_SCHEMA_FACET_PATTERN },
    { "minInclusive", XML_SCHEMA_FACET_MININCLUSIVE },
    { "maxInclusive", XML_SCHEMA_FACET_MAXINCLUSIVE },
    { "minExclusive", XML_SCHEMA_FACET_MINEXCLUSIVE },
    { "maxExclusive", XML_SCHEMA_FACET_MAXEXCLUSIVE },
    { "totalDigits", XML_SCHEMA_FACET_TOTALDIGITS },
    { "fractionDigits", XML_SCHEMA_FACET_FRACTIONDIGITS },
  };
  xmlChar *name = xmlGetProp (param, BAD_CAST "name");
  xmlSchemaFacet *facet = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (kinds) && name != NULL; i++)
    if (xmlStrEqual (name, BAD_CAST kinds[i].name))
      {
        facet = xmlSchemaNewFacet ();
        facet->type = kinds[i].type;
      }
  if (facet == NULL)
    {
      xmlFree (name);
      return compile_error (error, param, "unknown facet");
    }
  facet->value = xmlNodeGetContent (param);
  g_ptr_array_add (data->facets, facet);
  /* As libxml2's RelaxNG does it, once instead of for every value. */
  if (xmlSchemaCheckFacet (facet, data->type, NULL, name) != 0)
    {
      xmlFree (name);
      return compile_error (error, param, "the facet does not fit its type");
    }
  xmlFree (name);
  return TRUE;
}

static Pattern *
compile_data (XqSchema  *schema,
              xmlNode   *node,
              GError   **error)
{
  g_autofree xmlChar *library = inherited (node, "datatypeLibrary");
  g_autofree xmlChar *type = xmlGetProp (node, BAD_CAST "type");
  Pattern *p;

  if (!xmlStrEqual (library, BAD_CAST XSD_DATATYPES) || type == NULL)
    return compile_error (error, node, "only XML Schema datatypes are supported"), NULL;
  p = pattern_new (schema, PATTERN_DATA);
  p->type = xmlSchemaGetPredefinedType (type, BAD_CAST XSD_NS);
  p->facets = g_ptr_array_new_with_free_func (facet_free);
  if (p->type == NULL)
    return compile_error (error, node, "unknown datatype"), NULL;
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (!is_rng (child, "param"))
        return compile_error (error, child, "only <param> may be inside <data>"), NULL;
      if (!compile_facet (p, child, error))
        return NULL;
    }
  return p;
}

static Pattern *
compile_value (XqSchema  *schema,
               xmlNode   *node,
               GError   **error)
{
  g_autofree xmlChar *type = xmlGetProp (node, BAD_CAST "type");
  Pattern *p;

  /* Without a type, a value is the built-in token: whitespace collapsed. */
  if (type != NULL && !xmlStrEqual (type, BAD_CAST "string") && !xmlStrEqual (type, BAD_CAST "token"))
    return compile_error (error, node, "only token and string values are supported"), NULL;
  p = pattern_new (schema, PATTERN_VALUE);
  p->token = type == NULL || xmlStrEqual (type, BAD_CAST "token");
  p->name = xmlNodeGetContent (node);
  return p;
}

static Pattern *
compile_pattern (XqSchema  *schema,
                 xmlNode   *node,
                 GError   **error)
{
  static const struct { const char *name; PatternKind kind; } wrappers[] = {
    { "optional", PATTERN_OPTIONAL },
    { "zeroOrMore", PATTERN_ZERO_OR_MORE },
    { "oneOrMore", PATTERN_ONE_OR_MORE },
  };
  Pattern *p;

  if (is_rng (node, "element") || is_rng (node, "attribute"))
    {
      gboolean element = is_rng (node, "element");
      xmlChar *name = xmlGetProp (node, BAD_CAST "name");

      if (name == NULL)
        return compile_error (error, node, "name classes are not supported"), NULL;
      p = pattern_new (schema, element ? PATTERN_ELEMENT : PATTERN_ATTRIBUTE);
      p->name = name;
      /* An attribute's name has no namespace unless it says so itself. */
      p->ns = element ? inherited (node, "ns") : xmlStrdup (BAD_CAST "");
      if (!element && xmlHasProp (node, BAD_CAST "ns") != NULL)
        return compile_error (error, node, "attributes in a namespace are not supported"), NULL;
      p->children = g_ptr_array_new ();
      if (!element && node->children == NULL)
        return compile_error (error, node, "an attribute needs a value pattern"), NULL;
      g_ptr_array_add (p->children, compile_children (schema, node, PATTERN_GROUP, error));
      return CHILD (p) != NULL ? p : NULL;
    }
  if (is_rng (node, "group"))
    return compile_children (schema, node, PATTERN_GROUP, error);
  if (is_rng (node, "choice"))
    return compile_children (schema, node, PATTERN_CHOICE, error);
  for (guint i = 0; i < G_N_ELEMENTS (wrappers); i++)
    if (is_rng (node, wrappers[i].name))
      return wrap (schema, wrappers[i].kind, compile_children (schema, node, PATTERN_GROUP, error));
  if (is_rng (node, "ref"))
    {
      p = pattern_new (schema, PATTERN_REF);
      p->name = xmlGetProp (node, BAD_CAST "name");
      return p;
    }
  if (is_rng (node, "value"))
    return compile_value (schema, node, error);
  if (is_rng (node, "data"))
    return compile_data (schema, node, error);
  return compile_error (error, node, "not supported by this validator"), NULL;
}

/* What a pattern is allowed to be where the matcher relies on it. */
typedef enum
{
  SHAPE_ONE_ELEMENT,   /* matches exactly one child element, nothing else */
  SHAPE_VALUE,         /* matches a string: an attribute's or a text's */
} Shape;

static gboolean
has_shape (const Pattern *p,
           Shape          shape,
           guint          depth)
{
  if (depth > 32)
    return FALSE;
  switch (p->kind)
    {
    case PATTERN_ELEMENT:
      return shape == SHAPE_ONE_ELEMENT;
    case PATTERN_VALUE:
    case PATTERN_DATA:
      return shape == SHAPE_VALUE;
    case PATTERN_REF:
      return has_shape (p->target, shape, depth + 1);
    case PATTERN_CHOICE:
      for (guint i = 0; i < p->children->len; i++)
        if (!has_shape (g_ptr_array_index (p->children, i), shape, depth + 1))
          return FALSE;
      return TRUE;
    case PATTERN_ATTRIBUTE:
    case PATTERN_GROUP:
    case PATTERN_OPTIONAL:
    case PATTERN_ZERO_OR_MORE:
    case PATTERN_ONE_OR_MORE:
    default:
      return FALSE;
    }
}

/* Attribute patterns of an element's content, not counting nested elements;
 * G_MAXUINT for a reference loop that never reaches an element. */
static guint
count_attributes (const Pattern *p,
                  guint          depth)
{
  guint n = 0;

  if (depth > 32)
    return G_MAXUINT;
  switch (p->kind)
    {
    case PATTERN_ELEMENT:
    case PATTERN_VALUE:
    case PATTERN_DATA:
      return 0;
    case PATTERN_ATTRIBUTE:
      return 1;
    case PATTERN_REF:
      return count_attributes (p->target, depth + 1);
    case PATTERN_GROUP:
    case PATTERN_CHOICE:
    case PATTERN_OPTIONAL:
    case PATTERN_ZERO_OR_MORE:
    case PATTERN_ONE_OR_MORE:
    default:
      for (guint i = 0; i < p->children->len && n != G_MAXUINT; i++)
        {
          guint more = count_attributes (g_ptr_array_index (p->children, i), depth + 1);

          n = more == G_MAXUINT ? G_MAXUINT : n + more;
        }
      return n;
    }
}

/* The attribute pattern a branch must match first, if it begins with one
 * holding a single fixed value. */
static const Pattern *
leading_key (const Pattern *p,
             guint          depth)
{
  while (depth++ < 32)
    {
      if (p->kind == PATTERN_REF)
        p = p->target;
      else if (p->kind == PATTERN_GROUP)
        p = g_ptr_array_index (p->children, 0);
      else if (p->kind == PATTERN_ATTRIBUTE && CHILD (p)->kind == PATTERN_VALUE)
        return p;
      else
        return NULL;
    }
  return NULL;
}

static void
find_keys (Pattern *choice)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  const xmlChar *name = NULL;

  for (guint i = 0; i < choice->children->len; i++)
    {
      const Pattern *key = leading_key (g_ptr_array_index (choice->children, i), 0);

      if (key == NULL || (name != NULL && !xmlStrEqual (name, key->name)))
        return;
      name = key->name;
      g_ptr_array_add (keys, CHILD (key));
    }
  choice->key_attribute = name;
  choice->keys = g_steal_pointer (&keys);
}

/* Resolves the references and checks what the matcher assumes: repetitions
 * repeat one element at a time (so they can be matched greedily and given
 * back one by one), attributes hold values, every element's attribute
 * patterns fit MAX_ATTRIBUTES, and no reference loops without an element. */
static gboolean
finish (XqSchema  *schema,
        GError   **error)
{
  for (guint i = 0; i < schema->patterns->len; i++)
    {
      Pattern *p = g_ptr_array_index (schema->patterns, i);

      if (p->kind == PATTERN_REF
          && (p->name == NULL || (p->target = g_hash_table_lookup (schema->defines, p->name)) == NULL))
        return compile_error (error, NULL, "a reference to an undefined pattern");
    }
  for (guint i = 0; i < schema->patterns->len; i++)
    {
      Pattern *p = g_ptr_array_index (schema->patterns, i);

      if ((p->kind == PATTERN_ZERO_OR_MORE || p->kind == PATTERN_ONE_OR_MORE)
          && !has_shape (CHILD (p), SHAPE_ONE_ELEMENT, 0))
        return compile_error (error, NULL, "only single elements may repeat");
      if (p->kind == PATTERN_ATTRIBUTE && !has_shape (CHILD (p), SHAPE_VALUE, 0))
        return compile_error (error, NULL, "an attribute must hold a value or data");
      if (p->kind == PATTERN_ELEMENT && count_attributes (CHILD (p), 0) > MAX_ATTRIBUTES)
        return compile_error (error, NULL, "too many attributes, or a reference loop");
      if (p->kind == PATTERN_CHOICE)
        find_keys (p);
    }
  if (!has_shape (schema->start, SHAPE_ONE_ELEMENT, 0))
    return compile_error (error, NULL, "<start> must be an element");
  return TRUE;
}

/**
 * xq_schema_new:
 * @rng: a RelaxNG schema in XML syntax, in the subset described above
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the compiled schema
 */
XqSchema *
xq_schema_new (xmlDoc  *rng,
               GError **error)
{
  g_autoptr(XqSchema) schema = g_new0 (XqSchema, 1);
  xmlNode *grammar = xmlDocGetRootElement (rng);

  xmlSchemaInitTypes ();
  schema->patterns = g_ptr_array_new_with_free_func (pattern_free);
  schema->defines = g_hash_table_new_full (g_str_hash, g_str_equal, xq_xml_free, NULL);
  if (grammar == NULL || !is_rng (grammar, "grammar"))
    return compile_error (error, grammar, "the root must be a RelaxNG <grammar>"), NULL;

  for (xmlNode *node = grammar->children; node != NULL; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (is_rng (node, "start") && schema->start == NULL)
        {
          if ((schema->start = compile_children (schema, node, PATTERN_GROUP, error)) == NULL)
            return NULL;
        }
      else if (is_rng (node, "define") && xmlHasProp (node, BAD_CAST "combine") == NULL)
        {
          xmlChar *name = xmlGetProp (node, BAD_CAST "name");
          Pattern *body;

          if (name == NULL || g_hash_table_contains (schema->defines, name))
            {
              xmlFree (name);
              return compile_error (error, node, "a define without a name, or defined twice"), NULL;
            }
          body = compile_children (schema, node, PATTERN_GROUP, error);
          if (body == NULL)
            {
              xmlFree (name);
              return NULL;
            }
          g_hash_table_insert (schema->defines, name, body);
        }
      else
        return compile_error (error, node, "not supported in a grammar"), NULL;
    }
  if (schema->start == NULL)
    return compile_error (error, grammar, "no <start>"), NULL;
  if (!finish (schema, error))
    return NULL;
  return g_steal_pointer (&schema);
}

void
xq_schema_free (XqSchema *schema)
{
  if (schema == NULL)
    return;
  g_clear_pointer (&schema->defines, g_hash_table_unref);
  g_clear_pointer (&schema->patterns, g_ptr_array_unref);
  g_free (schema);
}

