/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The layout of an XqXmlTree's elements, shared by its builder and writer
 * (xq-xml-tree.c) and its comparison with a file (xq-xml-compare.c). */
#pragma once

#include "xq-xml-tree.h"

G_BEGIN_DECLS

typedef struct _XqXmlAttribute XqXmlAttribute;

struct _XqXmlAttribute
{
  const char     *name;
  const char     *value;
  XqXmlAttribute *next;
};

struct _XqXmlElement
{
  XqXmlTree      *tree;
  const char     *name;
  const char     *text;          /* NULL or non-empty; never beside children */
  XqXmlAttribute *attributes;
  XqXmlAttribute *last_attribute;
  XqXmlElement   *children;
  XqXmlElement   *last_child;
  XqXmlElement   *next;
};

G_END_DECLS
