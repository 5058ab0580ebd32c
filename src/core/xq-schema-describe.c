/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Says in a sentence why a document does not follow the schema, from the
 * failure the matcher (xq-schema.c) kept. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-quote.h"
#include "xq-schema-private.h"

/* Values are quoted in messages as all user text is (xq-quote.c). */
static char *
quote (const xmlChar *value)
{
  return xq_quote_for_message ((const char *) value);
}

/* The sentence for a failure, naming the element and what is wrong. */
char *
xq_schema_describe_failure (const XqSchemaFailure *f)
{
  const char *element, *name = (const char *) f->name;
  g_autofree char *value = f->value != NULL ? quote (f->value) : NULL;

  if (f->problem == PROBLEM_NONE || f->element == NULL)
    return g_strdup (_("its root element is not one the format allows"));
  element = f->element->name;
  switch (f->problem)
    {
    case PROBLEM_BAD_VALUE:
      return g_strdup_printf (_("<%s> has %s=\"%s\", which the format does not allow there"), element, name, value);
    case PROBLEM_BAD_TEXT:
      return g_strdup_printf (_("<%s> holds “%s”, which the format does not allow there"), element, value);
    case PROBLEM_MISSING_ATTRIBUTE:
      return g_strdup_printf (_("<%s> lacks its %s attribute"), element, name);
    case PROBLEM_EXTRA_ATTRIBUTE:
      return g_strdup_printf (_("<%s> has an attribute %s the format does not allow there"), element, name);
    case PROBLEM_MISSING_ELEMENT:
      if (name != NULL)
        return g_strdup_printf (_("<%s> lacks a <%s> element"), element, name);
      return g_strdup_printf (_("<%s> ends too early"), element);
    case PROBLEM_UNEXPECTED_ELEMENT:
      if (f->child != NULL && name != NULL && strcmp (f->child->name, name) != 0)
        return g_strdup_printf (_("<%s> holds <%s> where <%s> belongs"), element, f->child->name, name);
      if (f->child != NULL)
        return g_strdup_printf (_("<%s> holds a <%s> the format does not allow there"), element,
                                f->child->name);
      return g_strdup_printf (_("<%s> holds an element the format does not allow there"), element);
    case PROBLEM_STRAY_TEXT:
      return g_strdup_printf (_("<%s> holds text (“%s”) where only elements belong"), element, value);
    case PROBLEM_NONE:
    default:
      g_assert_not_reached ();
    }
}

