/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The compiled form of a schema and the failures matching it finds, shared
 * by its compiler, its matcher and the sentence that describes a failure. */
#pragma once

#include <libxml/xmlschemastypes.h>

#include "xq-schema.h"

G_BEGIN_DECLS

/* Each attribute of an element is matched by one attribute pattern, and no
 * attribute pattern repeats (checked when compiling): an element with more
 * attributes than this can never be valid. */
#define XQ_SCHEMA_MAX_ATTRIBUTES 64

typedef enum
{
  PATTERN_ELEMENT,
  PATTERN_ATTRIBUTE,
  PATTERN_GROUP,
  PATTERN_CHOICE,
  PATTERN_OPTIONAL,
  PATTERN_ZERO_OR_MORE,
  PATTERN_ONE_OR_MORE,
  PATTERN_REF,
  PATTERN_VALUE,
  PATTERN_DATA,
} PatternKind;

typedef struct _Pattern Pattern;

struct _Pattern
{
  PatternKind     kind;
  xmlChar        *name;      /* element, attribute or define name; a value's text */
  xmlChar        *ns;        /* an element's namespace, "" for none */
  GPtrArray      *children;  /* Pattern*: group and choice members, or the one child */
  Pattern        *target;    /* a ref's define */
  gboolean        token;     /* a value compared with its whitespace collapsed */
  xmlSchemaType  *type;      /* data */
  GPtrArray      *facets;    /* xmlSchemaFacet*: data */
  /* A choice whose every branch begins with the same attribute holding a
   * fixed value (a move's type): that attribute's name, and each branch's
   * value pattern, so only the branch the element names is tried. */
  const xmlChar  *key_attribute;
  GPtrArray      *keys;      /* Pattern* of kind PATTERN_VALUE, one per branch */
};

struct _XqSchema
{
  Pattern    *start;
  GPtrArray  *patterns;      /* owns every Pattern */
  GHashTable *defines;       /* name → Pattern* (not owned) */
};

/* What went wrong, kept for the match that came furthest: the deepest
 * element, then the most attributes and children matched in it (a later
 * branch winning a tie). That is most likely the branch the file's author
 * meant, so its problem is the one to report. */
typedef enum
{
  PROBLEM_NONE,
  PROBLEM_BAD_VALUE,           /* an attribute's value */
  PROBLEM_BAD_TEXT,            /* an element's text */
  PROBLEM_MISSING_ATTRIBUTE,
  PROBLEM_EXTRA_ATTRIBUTE,
  PROBLEM_MISSING_ELEMENT,
  PROBLEM_UNEXPECTED_ELEMENT,
  PROBLEM_STRAY_TEXT,
} XqSchemaProblem;

typedef struct
{
  XqSchemaProblem  problem;
  guint            depth;
  guint            progress;
  XqXmlNode       *element;    /* where */
  XqXmlNode       *child;      /* the unexpected child */
  const xmlChar   *name;       /* the attribute or element concerned */
  const xmlChar   *value;      /* the refused value */
} XqSchemaFailure;

char *xq_schema_describe_failure (const XqSchemaFailure *failure);

#define XQ_SCHEMA_CHILD(p) ((Pattern *) g_ptr_array_index ((p)->children, 0))

G_END_DECLS
