/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The pre-parse guard (xq-xml-guard.c): it refuses, quickly and with the
 * line, the tags and namespace declarations that would cost libxml2
 * quadratic time; it leaves every real session alone; it counts what is
 * inside quoted values, comments, CDATA sections and processing
 * instructions only where libxml2 would parse it as a tag. */

#include "config.h"

#include <libxml/parser.h>
#include <string.h>

#include "hostile-sessions.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session-schema.h"
#include "xq-session-xml.h"
#include "xq-xml-guard.h"

/* @n attributes " NAME0=VALUE NAME1=VALUE …"; @value is quoted. */
static char *
attributes (guint       n,
            const char *name,
            const char *value)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, " %s%u=%s", name, i, value);
  return g_string_free (out, FALSE);
}

/* @text with every "@" replaced by @n attributes a0="" a1="" …. */
static char *
with_attributes (const char *text,
                 guint       n)
{
  g_autofree char *attrs = attributes (n, "a", "\"\"");
  g_auto(GStrv) parts = g_strsplit (text, "@", -1);

  return g_strjoinv (attrs, parts);
}

static gboolean
guard (const char  *text,
       guint       *line,
       GError     **error)
{
  return xq_xml_guard_check (text, strlen (text), line, error);
}

static void
assert_passes (const char *text)
{
  g_autoptr(GError) error = NULL;
  guint line = 99;

  if (!guard (text, &line, &error))
    g_error ("refused: %s (line %u)\n%.300s", error->message, line, text);
  g_assert_cmpuint (line, ==, 0);
}

static void
assert_refused (const char *text,
                guint       expected_line)
{
  g_autoptr(GError) error = NULL;
  guint line = 0;

  if (guard (text, &line, &error))
    g_error ("not refused:\n%.300s", text);
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
  g_assert_cmpuint (line, ==, expected_line);
}

/* Every session the project ships or tests with passes untouched. */
static void
test_sessions_pass (void)
{
  const char *dirs[] = { EXAMPLES_DIR, FUZZ_CORPUS_DIR };
  guint checked = 0;

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs[d], 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (dirs[d], name, NULL);
          g_autofree char *text = NULL;
          gsize length = 0;

          if (!g_str_has_suffix (name, ".exchequer"))
            continue;
          g_assert_true (g_file_get_contents (path, &text, &length, NULL));
          g_assert_true (xq_xml_guard_check (text, length, NULL, NULL));
          checked++;
        }
    }
  g_assert_cmpuint (checked, >=, 5);
}

/* The bound is the tag's, namespace declarations included; the line is
 * the tag's first. */
static void
test_attribute_bound (void)
{
  g_autofree char *at_bound = with_attributes ("<?xml version=\"1.0\"?>\n<s>\n  <x@/>\n</s>\n",
                                               XQ_XML_GUARD_MAX_ATTRIBUTES);
  g_autofree char *past = with_attributes ("<?xml version=\"1.0\"?>\n<s>\n  <x@/>\n</s>\n",
                                           XQ_XML_GUARD_MAX_ATTRIBUTES + 1);
  g_autofree char *past_with_ns = with_attributes ("<s>\n<x xmlns=\"u\"@/>\n</s>",
                                                   XQ_XML_GUARD_MAX_ATTRIBUTES);
  g_autofree char *crlf = with_attributes ("<s>\r\n\r\n<x@/>\r\n</s>", XQ_XML_GUARD_MAX_ATTRIBUTES + 1);
  g_autofree char *spaced = with_attributes ("<s>\n<x\n@\n>\n</x></s>", XQ_XML_GUARD_MAX_ATTRIBUTES + 1);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;

  assert_passes (at_bound);
  assert_refused (past, 3);
  assert_refused (past_with_ns, 2);
  assert_refused (crlf, 3);
  assert_refused (spaced, 2);

  g_assert_false (guard (past, NULL, &error));
  expected = g_strdup_printf ("an element has more than %d attributes; no element of a session file has more than %d",
                              XQ_XML_GUARD_MAX_ATTRIBUTES, XQ_XML_GUARD_SCHEMA_ATTRIBUTES);
  g_assert_cmpstr (error->message, ==, expected);
}

/* What a quoted value holds is no attribute, whichever the quotes. */
static void
test_quoted_values (void)
{
  g_autofree char *many = attributes (XQ_XML_GUARD_MAX_ATTRIBUTES, "v", "\"a=b c='d' e=>f\"");
  g_autofree char *singles = attributes (XQ_XML_GUARD_MAX_ATTRIBUTES, "v", "'g=\"h\" i=j>'");
  g_autofree char *doc = g_strdup_printf ("<s><x%s/><y%s>t=t</y></s>", many, singles);
  g_autofree char *one_more = g_strdup_printf ("<s><x%s b='='/></s>", many);

  assert_passes (doc);
  assert_refused (one_more, 1);
}

/* A comment, CDATA section or processing instruction holds text, not tags;
 * so does an element's text, '>' and '=' included. */
static void
test_sections_hold_text (void)
{
  const char *sections[] = {
    "<s><!-- <x@/> --></s>",
    "<s><!-- a -- b <x@/> --></s>",
    "<s><![CDATA[<x@/>]]></s>",
    "<s><?target <x@/> ?></s>",
    "<?xml version=\"1.0\"?><?other <x@/>?><s/><!-- <x@/> -->",
    "<s>x = y > z = @ = </s>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      g_autofree char *text = with_attributes (sections[i], 3 * XQ_XML_GUARD_MAX_ATTRIBUTES);

      g_test_message ("%s", sections[i]);
      assert_passes (text);
    }
}

/* Where libxml2 would parse a tag after all, it is counted: libxml2 reads
 * on after an error (39 s for 400,000 attributes behind a broken comment
 * or a processing instruction without a target). */
static void
test_broken_sections_count (void)
{
  const char *cases[] = {
    "<s><!-- \x01 <x@/> --></s>",                /* libxml2 stops the comment at U+0001 */
    "<s><!-- \xff <x@/> --></s>",                /* or at a byte that is not UTF-8 */
    "<s><!-- \xef\xbf\xbf <x@/> --></s>",        /* or at U+FFFF */
    "<s><![CDATA[\x02<x@/>]]></s>",
    "<s><? <x@/> ?></s>",                        /* no target: content follows */
    "<s><?t \x03 <x@/> ?></s>",
    "<s><!-- <x@/>",                             /* never closed */
    "<?xml version=\"1.0\" > <x@/> ?>",          /* the declaration ends at its first '>' */
    "<s><x a=\"<y@/>\"/></s>",                   /* libxml2 ends a tag at '<', quoted or not */
    "<s><x@",                                    /* never closed */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = with_attributes (cases[i], XQ_XML_GUARD_MAX_ATTRIBUTES + 1);

      g_test_message ("case %u", i);
      assert_refused (text, 1);
    }
}

/* Two tags are counted apart, even when one is cut short by the other. */
static void
test_tags_counted_apart (void)
{
  g_autofree char *half = attributes (XQ_XML_GUARD_MAX_ATTRIBUTES / 2 + 1, "a", "\"\"");
  g_autofree char *cut = g_strdup_printf ("<s><x%s <y%s/></s>", half, half);
  g_autofree char *siblings = g_strdup_printf ("<s><x%s/><y%s/></s>", half, half);

  assert_passes (cut);
  assert_passes (siblings);
}

/* Namespace declarations are counted over the whole file. */
static void
test_namespace_bound (void)
{
  GString *at_bound = g_string_new ("<s xmlns=\"urn:s\">\n");
  g_autofree char *past = NULL;
  g_autofree char *many_attributes = with_attributes ("<s xmlns=\"urn:s\">\n<x p:a=\"1\" xmlns:p=\"urn:p\"@/>\n</s>",
                                                      XQ_XML_GUARD_MAX_ATTRIBUTES - 3);
  g_autoptr(GError) error = NULL;
  guint line = 0;

  for (guint i = 1; i < XQ_XML_GUARD_MAX_NAMESPACES; i++)
    g_string_append_printf (at_bound, "<e%u xmlns:p%u=\"urn:%u\" p%u:a = 'xmlns:q=\"\"'/>\n", i, i, i, i);
  past = g_strconcat (at_bound->str, "<e xmlns:z=\"urn:z\"/>\n</s>", NULL);
  g_string_append (at_bound, "<xmlnsfake xmlns-not=\"\" xmlnsx=\"\"/>\n</s>");

  assert_passes (at_bound->str);
  assert_passes (many_attributes);
  g_assert_false (guard (past, &line, &error));
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
  g_assert_cmpuint (line, ==, XQ_XML_GUARD_MAX_NAMESPACES + 1);
  g_assert_nonnull (strstr (error->message, "namespace declarations"));
  g_string_free (at_bound, TRUE);
}

static guint pattern_attributes (xmlNode    *pattern,
                                 GHashTable *defines,
                                 guint       depth);

static guint
children_attributes (xmlNode    *parent,
                     GHashTable *defines,
                     guint       depth)
{
  guint total = 0;

  for (xmlNode *child = parent->children; child != NULL; child = child->next)
    total += pattern_attributes (child, defines, depth);
  return total;
}

/* The most attributes a schema pattern gives the element it is in: a
 * choice gives its largest branch, a nested element none, everything else
 * adds up. */
static guint
pattern_attributes (xmlNode    *pattern,
                    GHashTable *defines,
                    guint       depth)
{
  const char *name = (const char *) pattern->name;
  guint most = 0;

  g_assert_cmpuint (depth, <, 64);
  if (pattern->type != XML_ELEMENT_NODE || g_str_equal (name, "element"))
    return 0;
  if (g_str_equal (name, "attribute"))
    return 1;
  if (g_str_equal (name, "ref"))
    {
      xmlChar *target = xmlGetProp (pattern, (const xmlChar *) "name");
      xmlNode *define = g_hash_table_lookup (defines, target);

      xmlFree (target);
      g_assert_nonnull (define);
      return children_attributes (define, defines, depth + 1);
    }
  if (!g_str_equal (name, "choice"))
    return children_attributes (pattern, defines, depth + 1);
  for (xmlNode *branch = pattern->children; branch != NULL; branch = branch->next)
    most = MAX (most, pattern_attributes (branch, defines, depth + 1));
  return most;
}

static void
collect_nodes (xmlNode    *node,
               const char *name,
               GPtrArray  *out)
{
  for (; node != NULL; node = node->next)
    {
      if (node->type == XML_ELEMENT_NODE && g_str_equal ((const char *) node->name, name))
        g_ptr_array_add (out, node);
      collect_nodes (node->children, name, out);
    }
}

/* The sentence says what the schema allows: keep the number true. */
static void
test_schema_bound (void)
{
  xmlDoc *doc = xq_session_schema_document ();
  g_autoptr(GHashTable) defines = g_hash_table_new_full (g_str_hash, g_str_equal, xmlFree, NULL);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  guint most = 0;

  collect_nodes (xmlDocGetRootElement (doc), "define", nodes);
  for (guint i = 0; i < nodes->len; i++)
    g_hash_table_insert (defines, xmlGetProp (nodes->pdata[i], (const xmlChar *) "name"), nodes->pdata[i]);
  g_ptr_array_set_size (nodes, 0);
  collect_nodes (xmlDocGetRootElement (doc), "element", nodes);
  g_assert_cmpuint (nodes->len, >, 20);
  for (guint i = 0; i < nodes->len; i++)
    most = MAX (most, children_attributes (nodes->pdata[i], defines, 0));
  /* The root's namespace declaration comes on top. */
  g_assert_cmpuint (most, ==, XQ_XML_GUARD_SCHEMA_ATTRIBUTES);
  g_assert_cmpuint (most + 1, <=, XQ_XML_GUARD_MAX_ATTRIBUTES / 4);
  xmlFreeDoc (doc);
}

/* @n attributes on one element of a session-like document: 4.7 MB for
 * 400,000. */
static GString *
wide_document (guint       n,
               const char *name,
               const char *value)
{
  g_autofree char *attrs = attributes (n, name, value);
  GString *doc = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<session xmlns=\"" XQ_SESSION_NAMESPACE
                               "\" format=\"1\" game=\"for-ex\">\n  <players>\n    <player");

  g_string_append (doc, attrs);
  g_string_append (doc, "/>\n  </players>\n</session>\n");
  return doc;
}

/* @doc is refused at @expected_line by the guard itself, before libxml2
 * sees a byte of it (the loader asks the guard first), and so by the loader.
 * How soon is bench-xml-guard's to time: a bound here would fail on a busy
 * machine, never on a slow parser. */
static void
assert_refused_by_guard (const GString *doc,
                         guint          expected_line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) guard_error = NULL;
  g_autoptr(XqSession) session = NULL;
  guint line = 0, guard_line = 0;

  g_assert_false (xq_xml_guard_check (doc->str, doc->len, &guard_line, &guard_error));
  g_assert_error (guard_error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
  g_assert_cmpuint (guard_line, ==, expected_line);
  session = xq_session_new_from_xml (doc->str, doc->len, &line, &error);
  g_assert_null (session);
  g_assert_nonnull (error);
  g_test_message ("%zu bytes refused, line %u: %s", doc->len, line, error->message);
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, guard_error->message);
  g_assert_cmpuint (line, ==, expected_line);
}

/* The 4.7 MB file that kept libxml2 busy for 39 s is refused by the loader
 * at once; so are 400,000 namespace declarations on one tag (50 s) and in
 * 400,000 tags. */
static void
test_loader_refuses_quickly (void)
{
  g_autoptr(GString) wide = wide_document (400000, "a", "\"1\"");
  g_autoptr(GString) declarations = wide_document (400000, "xmlns:p", "\"u\"");
  GString *scoped = g_string_new ("<?xml version=\"1.0\"?>\n<session xmlns=\"" XQ_SESSION_NAMESPACE "\">\n");

  g_assert_cmpuint (wide->len, >, 4600000);
  assert_refused_by_guard (wide, 4);
  assert_refused_by_guard (declarations, 4);
  for (guint i = 0; i < 400000; i++)
    g_string_append_printf (scoped, "<p%u:m xmlns:p%u=\"urn:%u\"/>", i % 1000, i % 1000, i);
  g_string_append (scoped, "\n</session>\n");
  assert_refused_by_guard (scoped, 3);
  g_string_free (scoped, TRUE);
}

/* A million nested elements: libxml2 stops at 256 levels by itself. */
static void
test_deep_nesting_is_quick (void)
{
  GString *doc = g_string_new ("<session xmlns=\"" XQ_SESSION_NAMESPACE "\">");
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;

  for (guint i = 0; i < 1000000; i++)
    g_string_append (doc, "<n>");
  for (guint i = 0; i < 1000000; i++)
    g_string_append (doc, "</n>");
  g_string_append (doc, "</session>");
  session = xq_session_new_from_xml (doc->str, doc->len, NULL, &error);
  g_assert_null (session);
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_NOT_XML);
  g_assert_nonnull (strstr (error->message, "depth"));
  g_string_free (doc, TRUE);
}

/* The scan stays linear where a naive one would not: sections that each
 * run to a closer behind a stray byte, a long run of '-' in a comment,
 * tags cut short by '<'. */
static void
test_scan_is_linear (void)
{
  const struct { const char *head, *fill; } cases[] = {
    { "", "<!--" }, { "", "<?t " }, { "", "<![CDATA[" }, { "<!--", "-" }, { "", "<x a='" }, { "", "<" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GString *doc = g_string_new (cases[i].head);

      /* 16 MiB: enough to tell linear from quadratic, at any loader limit. */
      while (doc->len < MIN (XQ_SESSION_MAX_BYTES, 16 * 1024 * 1024) - 16)
        g_string_append (doc, cases[i].fill);
      g_string_append (doc, "\x01-->]]>?>");
      /* A quadratic scan would take hours, and meet the test's timeout;
       * bench-xml-guard times the linear one. */
      xq_xml_guard_check (doc->str, doc->len, NULL, NULL);
      g_string_free (doc, TRUE);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/xml-guard/sessions-pass", test_sessions_pass);
  g_test_add_func ("/xml-guard/attribute-bound", test_attribute_bound);
  g_test_add_func ("/xml-guard/quoted-values", test_quoted_values);
  g_test_add_func ("/xml-guard/sections-hold-text", test_sections_hold_text);
  g_test_add_func ("/xml-guard/broken-sections-count", test_broken_sections_count);
  g_test_add_func ("/xml-guard/tags-counted-apart", test_tags_counted_apart);
  g_test_add_func ("/xml-guard/namespace-bound", test_namespace_bound);
  g_test_add_func ("/xml-guard/schema-bound", test_schema_bound);
  g_test_add_func ("/xml-guard/loader-refuses-quickly", test_loader_refuses_quickly);
  g_test_add_func ("/xml-guard/deep-nesting-is-quick", test_deep_nesting_is_quick);
  g_test_add_func ("/xml-guard/scan-is-linear", test_scan_is_linear);
  return g_test_run ();
}
