/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Validates a document against a RelaxNG schema written in the subset the
 * session schema uses: grammar, start, define, ref, element, attribute, group,
 * choice, optional, zeroOrMore, oneOrMore, value, and data of XML Schema
 * types with facets. Types and facets are libxml2's own (xmlschemastypes), the
 * same calls its RelaxNG validator makes, so a value is valid here exactly
 * when it is valid there.
 *
 * Why not xmlRelaxNGValidateDoc: on a 200-turn session it takes longer than a
 * whole load may (it copies its validation state for every branch of every
 * choice and rebuilds each facet for every value). Here a facet is built once
 * and each element is decided on its own. tests/test-schema.c checks that
 * both validators agree on every sample, hostile and fuzzed file and on
 * thousands of mutations of valid sessions. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <string.h>

#include "xq-schema-private.h"

#define CHILD XQ_SCHEMA_CHILD
#define XC(s) ((const xmlChar *) (s))
#define MAX_ATTRIBUTES XQ_SCHEMA_MAX_ATTRIBUTES

/* Data values checked lately, with their verdicts: a session repeats its
 * players' names, amounts and counts in nearly every element, and each
 * costs a regular expression or a parse by libxml2's type library. */
#define N_REMEMBERED 64

typedef struct
{
  const Pattern *pattern;
  const xmlChar *value;
  gboolean       ok;
} Remembered;

/* One validation: its best failure so far and its memory of values. */
typedef struct
{
  XqSchemaFailure failure;
  Remembered      remembered[N_REMEMBERED];
} Validation;

/* One element being matched: its attributes and its text. */
typedef struct
{
  XqXmlNode       *element;
  guint            depth;
  Validation      *v;
  const XqXmlAttr *attributes[MAX_ATTRIBUTES];
  guint          n_attributes;
  gboolean       text_only;    /* no child elements: the text is its value */
  const xmlChar *text;         /* that text, if text_only */
  gboolean       text_is_blank;
} Content;

/* How far the match has come: attributes used, the next child element (and
 * how many came before it), and whether the text has been matched. */
typedef struct
{
  guint64    used;
  XqXmlNode *child;
  guint     n_children;
  gboolean  text_used;
} State;

/* What is left to match after the current pattern, as a chain on the stack. */
typedef struct _Rest Rest;
struct _Rest
{
  const Pattern *pattern;
  const Rest    *next;
};

static gboolean element_matches (const Pattern *p, XqXmlNode *node, guint depth, Validation *v);

static void
fail (const Content    *c,
      State             s,
      XqSchemaProblem   problem,
      const xmlChar    *name,
      const xmlChar    *value,
      XqXmlNode        *child)
{
  XqSchemaFailure *f = &c->v->failure;
  guint progress = (guint) __builtin_popcountll (s.used) + s.n_children + (s.text_used ? 1 : 0);

  if (f->problem != PROBLEM_NONE
      && (c->depth < f->depth || (c->depth == f->depth && progress < f->progress)))
    return;
  *f = (XqSchemaFailure) { problem, c->depth, progress, c->element, child, name, value };
}

/* Names and values are compared many times per element: the first byte
 * settles most, and libc's strcmp the rest faster than xmlStrEqual. */
static inline gboolean
same (const xmlChar *a,
      const xmlChar *b)
{
  return a[0] == b[0] && strcmp ((const char *) a, (const char *) b) == 0;
}

static gboolean
is_space (xmlChar c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static gboolean
is_blank (const xmlChar *text)
{
  for (; *text != 0; text++)
    if (!is_space (*text))
      return FALSE;
  return TRUE;
}

/* Equal after collapsing whitespace, as RelaxNG compares token values. */
static gboolean
tokens_equal (const xmlChar *a,
              const xmlChar *b)
{
  for (;;)
    {
      while (is_space (*a))
        a++;
      while (is_space (*b))
        b++;
      if (*a == 0 || *b == 0)
        return *a == *b;
      while (*a != 0 && !is_space (*a) && *a == *b)
        {
          a++;
          b++;
        }
      if (!(*a == 0 || is_space (*a)) || !(*b == 0 || is_space (*b)))
        return FALSE;
    }
}

static gboolean
data_matches (const Pattern *p,
              const xmlChar *value)
{
  xmlSchemaVal *val = NULL;
  gboolean ok;

  ok = xmlSchemaValPredefTypeNode (p->type, value, &val, NULL) == 0;
  for (guint i = 0; ok && i < p->facets->len; i++)
    ok = xmlSchemaValidateFacet (p->type, g_ptr_array_index (p->facets, i), value, val) == 0;
  if (val != NULL)
    xmlSchemaFreeValue (val);
  return ok;
}

static gboolean
data_matches_remembered (Validation    *v,
                         const Pattern *p,
                         const xmlChar *value)
{
  guint slot = GPOINTER_TO_UINT (p) >> 4;
  Remembered *r;

  /* One place per value, chosen by a hash: a miss costs one comparison. */
  for (const xmlChar *c = value; *c != 0; c++)
    slot = slot * 31 + *c;
  r = &v->remembered[slot % N_REMEMBERED];
  if (r->pattern != p || !same (r->value, value))
    *r = (Remembered) { p, value, data_matches (p, value) };
  return r->ok;
}

static gboolean
value_matches (Validation    *v,
               const Pattern *p,
               const xmlChar *value)
{
  switch (p->kind)
    {
    case PATTERN_VALUE:
      return p->token ? tokens_equal (p->name, value) : same (p->name, value);
    case PATTERN_DATA:
      return data_matches_remembered (v, p, value);
    case PATTERN_REF:
      return value_matches (v, p->target, value);
    case PATTERN_CHOICE:
      for (guint i = 0; i < p->children->len; i++)
        if (value_matches (v, g_ptr_array_index (p->children, i), value))
          return TRUE;
      return FALSE;
    case PATTERN_ELEMENT:
    case PATTERN_ATTRIBUTE:
    case PATTERN_GROUP:
    case PATTERN_OPTIONAL:
    case PATTERN_ZERO_OR_MORE:
    case PATTERN_ONE_OR_MORE:
    default:
      return FALSE;  /* refused when compiling */
    }
}

static gboolean
one_element_matches (const Pattern *p,
                     XqXmlNode     *node,
                     guint          depth,
                     Validation    *v)
{
  switch (p->kind)
    {
    case PATTERN_ELEMENT:
      return element_matches (p, node, depth, v);
    case PATTERN_REF:
      return one_element_matches (p->target, node, depth, v);
    case PATTERN_CHOICE:
      for (guint i = 0; i < p->children->len; i++)
        if (one_element_matches (g_ptr_array_index (p->children, i), node, depth, v))
          return TRUE;
      return FALSE;
    case PATTERN_ATTRIBUTE:
    case PATTERN_GROUP:
    case PATTERN_OPTIONAL:
    case PATTERN_ZERO_OR_MORE:
    case PATTERN_ONE_OR_MORE:
    case PATTERN_VALUE:
    case PATTERN_DATA:
    default:
      g_assert_not_reached ();  /* refused when compiling */
    }
}

static gboolean
accepts (const Content *c,
         State          s)
{
  guint64 all = c->n_attributes == 64 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << c->n_attributes) - 1;

  if (s.used != all)
    {
      guint i = 0;

      while ((s.used & (G_GUINT64_CONSTANT (1) << i)) != 0)
        i++;
      fail (c, s, PROBLEM_EXTRA_ATTRIBUTE, XC (c->attributes[i]->name), NULL, NULL);
      return FALSE;
    }
  if (s.child != NULL)
    {
      fail (c, s, PROBLEM_UNEXPECTED_ELEMENT, NULL, NULL, s.child);
      return FALSE;
    }
  if (!s.text_used && c->text_only && !c->text_is_blank)
    {
      fail (c, s, PROBLEM_STRAY_TEXT, NULL, c->text, NULL);
      return FALSE;
    }
  return TRUE;
}

/* The value of the attribute @name not used yet, or NULL. */
static const xmlChar *
unused_value (const Content *c,
              State          s,
              const xmlChar *name)
{
  for (guint i = 0; i < c->n_attributes; i++)
    {
      const XqXmlAttr *attr = c->attributes[i];

      if ((s.used & (G_GUINT64_CONSTANT (1) << i)) == 0 && attr->ns == NULL && same (XC (attr->name), name))
        return XC (attr->value);
    }
  return NULL;
}

/* Whether @rest can match the rest of the element from @s on: patterns are
 * tried in order, choices and optional parts by backtracking. */
static gboolean
match (const Content *c,
       const Rest    *rest,
       State          s)
{
  const Pattern *p;

  if (rest == NULL)
    return accepts (c, s);
  p = rest->pattern;
  switch (p->kind)
    {
    case PATTERN_GROUP:
      {
        Rest *members = g_newa (Rest, p->children->len);

        for (guint i = p->children->len; i-- > 0;)
          {
            members[i].pattern = g_ptr_array_index (p->children, i);
            members[i].next = i + 1 < p->children->len ? &members[i + 1] : rest->next;
          }
        return match (c, &members[0], s);
      }
    case PATTERN_CHOICE:
      {
        const xmlChar *key = p->key_attribute != NULL ? unused_value (c, s, p->key_attribute) : NULL;

        for (guint i = 0; i < p->children->len; i++)
          {
            Rest branch = { g_ptr_array_index (p->children, i), rest->next };

            /* A branch whose leading attribute holds another value would
             * fail on it at once. */
            if (key != NULL && !value_matches (c->v, g_ptr_array_index (p->keys, i), key))
              continue;
            if (match (c, &branch, s))
              return TRUE;
          }
        if (key != NULL)
          fail (c, s, PROBLEM_BAD_VALUE, p->key_attribute, key, NULL);
        return FALSE;
      }
    case PATTERN_OPTIONAL:
      {
        Rest with = { CHILD (p), rest->next };

        return match (c, &with, s) || match (c, rest->next, s);
      }
    case PATTERN_REF:
      {
        Rest body = { p->target, rest->next };

        return match (c, &body, s);
      }
    case PATTERN_ATTRIBUTE:
      for (guint i = 0; i < c->n_attributes; i++)
        {
          const XqXmlAttr *attr = c->attributes[i];
          guint64 bit = G_GUINT64_CONSTANT (1) << i;
          const xmlChar *value = XC (attr->value);

          if ((s.used & bit) != 0 || attr->ns != NULL || !same (XC (attr->name), p->name))
            continue;
          if (!value_matches (c->v, CHILD (p), value))
            {
              fail (c, s, PROBLEM_BAD_VALUE, p->name, value, NULL);
              return FALSE;
            }
          s.used |= bit;
          return match (c, rest->next, s);
        }
      fail (c, s, PROBLEM_MISSING_ATTRIBUTE, p->name, NULL, NULL);
      return FALSE;
    case PATTERN_ELEMENT:
      if (s.child == NULL)
        {
          fail (c, s, PROBLEM_MISSING_ELEMENT, p->name, NULL, NULL);
          return FALSE;
        }
      if (!element_matches (p, s.child, c->depth + 1, c->v))
        {
          fail (c, s, PROBLEM_UNEXPECTED_ELEMENT, p->name, NULL, s.child);
          return FALSE;
        }
      s.child = s.child->next;
      s.n_children++;
      return match (c, rest->next, s);
    case PATTERN_ZERO_OR_MORE:
    case PATTERN_ONE_OR_MORE:
      {
        /* Each repetition is one element (see xq-schema-compile.c): take
         * all that match, then give them back one at a time while the rest
         * fails. */
        guint least = p->kind == PATTERN_ONE_OR_MORE ? 1 : 0, n = 0;
        XqXmlNode *last = NULL;

        while (s.child != NULL && one_element_matches (CHILD (p), s.child, c->depth + 1, c->v))
          {
            last = s.child;
            s.child = s.child->next;
            s.n_children++;
            n++;
          }
        for (;;)
          {
            if (n < least)
              {
                fail (c, s, s.child == NULL ? PROBLEM_MISSING_ELEMENT : PROBLEM_UNEXPECTED_ELEMENT,
                      NULL, NULL, s.child);
                return FALSE;
              }
            if (match (c, rest->next, s))
              return TRUE;
            if (n == least)
              return FALSE;
            s.child = last;
            s.n_children--;
            last = last->prev;
            n--;
          }
      }
    case PATTERN_VALUE:
    case PATTERN_DATA:
      if (!c->text_only || s.text_used)
        {
          fail (c, s, PROBLEM_UNEXPECTED_ELEMENT, NULL, NULL, s.child);
          return FALSE;
        }
      if (!value_matches (c->v, p, c->text))
        {
          fail (c, s, PROBLEM_BAD_TEXT, NULL, c->text, NULL);
          return FALSE;
        }
      s.text_used = TRUE;
      return match (c, rest->next, s);
    default:
      g_assert_not_reached ();
    }
}

/* Gathers an element's attributes and text; FALSE if no pattern could match
 * it at all (text beside child elements, more attributes than any pattern
 * has). */
static gboolean
content_init (Content    *c,
              XqXmlNode  *element,
              guint       depth,
              Validation *v)
{
  State none = { 0, NULL, 0, FALSE };

  c->element = element;
  c->depth = depth;
  c->v = v;
  c->n_attributes = 0;
  c->text = NULL;
  for (guint i = 0; i < element->n_attributes; i++)
    {
      if (c->n_attributes == MAX_ATTRIBUTES)
        {
          fail (c, none, PROBLEM_EXTRA_ATTRIBUTE, XC (element->attributes[i].name), NULL, NULL);
          return FALSE;
        }
      c->attributes[c->n_attributes++] = &element->attributes[i];
    }
  if (element->stray != NULL)
    {
      fail (c, none, PROBLEM_STRAY_TEXT, NULL, XC (element->stray), NULL);
      return FALSE;
    }
  c->text_only = element->children == NULL;
  if (c->text_only)
    {
      c->text = XC (element->text != NULL ? element->text : "");
      c->text_is_blank = is_blank (c->text);
    }
  return TRUE;
}

static gboolean
element_matches (const Pattern *p,
                 XqXmlNode     *node,
                 guint          depth,
                 Validation    *v)
{
  const xmlChar *ns = XC (node->ns != NULL ? node->ns : "");
  Content content;  /* not zeroed: content_init sets what is read */
  State start = { 0, NULL, 0, FALSE };
  Rest rest = { CHILD (p), NULL };
  XqSchemaFailure before = v->failure;
  gboolean ok;

  if (!same (XC (node->name), p->name) || !same (ns, p->ns))
    return FALSE;
  if (!content_init (&content, node, depth, v))
    ok = FALSE;
  else
    {
      start.child = node->children;
      ok = match (&content, &rest, start);
    }
  /* What failed in branches not taken inside a valid element is no problem. */
  if (ok)
    v->failure = before;
  return ok;
}

/**
 * xq_schema_validate:
 * @schema: a compiled schema
 * @root: a document's root element
 * @problem: (out) (optional): what is wrong, a sentence, if it is invalid
 * @line: (out) (optional): the line of the element it concerns, or 0
 *
 * Returns: whether the document rooted at @root follows @schema
 */
gboolean
xq_schema_validate (const XqSchema  *schema,
                    XqXmlNode       *root,
                    char           **problem,
                    guint           *line)
{
  Validation v = { { PROBLEM_NONE } };
  gboolean valid;

  g_return_val_if_fail (schema != NULL, FALSE);

  valid = root != NULL && one_element_matches (schema->start, root, 0, &v);
  if (!valid && problem != NULL)
    *problem = xq_schema_describe_failure (&v.failure);
  if (!valid && line != NULL)
    *line = v.failure.element != NULL ? v.failure.element->line : 0;
  return valid;
}
