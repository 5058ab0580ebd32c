/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The loader's parser (xq-xml-parse.c) builds its own tree from libxml2's
 * SAX2 events. It must read exactly what libxml2's own tree holds — names,
 * namespaces, attribute values, joined texts, line numbers — on every
 * sample, hostile and fuzzing file and on random games, and it must refuse
 * what is not well-formed, stop at a document type declaration and keep
 * libxml2's limits. */

#include "config.h"

#include <libxml/parser.h>
#include <string.h>

#include "fx-random-play.h"
#include "hostile-sessions.h"
#include "xq-games.h"
#include "xq-session-xml.h"
#include "xq-xml.h"

static XqXmlDoc *
parse (const char *text)
{
  return xq_xml_doc_parse (text, strlen (text), NULL, NULL);
}

static gboolean
is_blank (const xmlChar *text)
{
  for (; text != NULL && *text != 0; text++)
    if (!strchr (" \t\r\n", *text))
      return FALSE;
  return TRUE;
}

/* @ours must say what libxml2's element @theirs says. */
static void
assert_same_element (XqXmlNode  *ours,
                     xmlNode    *theirs,
                     const char *what)
{
  XqXmlNode *child = ours->children;
  guint n_attributes = 0;
  gboolean has_elements = FALSE, has_stray = FALSE;

  g_assert_cmpstr (ours->name, ==, (const char *) theirs->name);
  g_assert_cmpstr (ours->ns, ==, theirs->ns != NULL ? (const char *) theirs->ns->href : NULL);
  g_assert_cmpuint (ours->line, ==, (guint) xmlGetLineNo (theirs));
  for (xmlAttr *attr = theirs->properties; attr != NULL; attr = attr->next, n_attributes++)
    {
      xmlChar *value = xmlNodeGetContent ((xmlNode *) attr);

      g_assert_cmpuint (n_attributes, <, ours->n_attributes);
      g_assert_cmpstr (ours->attributes[n_attributes].name, ==, (const char *) attr->name);
      g_assert_cmpstr (ours->attributes[n_attributes].ns, ==, attr->ns != NULL ? (const char *) attr->ns->href : NULL);
      g_assert_cmpstr (ours->attributes[n_attributes].value, ==, (const char *) value);
      xmlFree (value);
    }
  g_assert_cmpuint (ours->n_attributes, ==, n_attributes);

  for (xmlNode *node = theirs->children; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE)
      {
        has_elements = TRUE;
        g_assert_nonnull (child);
        g_assert_true (child->parent == ours);
        assert_same_element (child, node, what);
        child = child->next;
      }
    else if ((node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) && !is_blank (node->content))
      has_stray = TRUE;
  g_assert_null (child);

  if (has_elements)
    {
      g_assert_null (ours->text);
      g_assert_true ((ours->stray != NULL) == has_stray);
    }
  else
    {
      xmlChar *text = xmlNodeGetContent (theirs);

      g_assert_cmpstr (ours->text, ==, text != NULL ? (const char *) text : "");
      g_assert_null (ours->stray);
      xmlFree (text);
    }
}

/* Parses @data both ways; returns whether libxml2 found it well-formed. */
static gboolean
assert_same_document (const char *data,
                      gsize       size,
                      const char *what)
{
  g_autoptr(XqXmlDoc) ours = xq_xml_doc_parse (data, size, NULL, NULL);
  xmlDoc *theirs = xmlReadMemory (data, (int) size, what, "UTF-8",
                                  XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  gboolean well_formed = theirs != NULL && xmlDocGetRootElement (theirs) != NULL;

  g_test_message ("%s", what);
  if (!well_formed)
    /* What libxml2 refuses, the loader's parser refuses too. */
    g_assert_true (ours == NULL || xq_xml_doc_has_doctype (ours));
  else if (theirs->intSubset != NULL)
    g_assert_true (ours != NULL && xq_xml_doc_has_doctype (ours) && xq_xml_doc_get_root (ours) == NULL);
  else if (ours != NULL)
    assert_same_element (xq_xml_doc_get_root (ours), xmlDocGetRootElement (theirs), what);
  if (theirs != NULL)
    xmlFreeDoc (theirs);
  return well_formed;
}

static void
test_reads_what_libxml2_reads (void)
{
  static const char *const folders[] = { EXAMPLES_DIR, FUZZ_CORPUS_DIR };
  g_autoptr(GArray) cases = hostile_cases_new (TEST_DATA_DIR "/for-ex-20-4p.xqn");
  guint n_compared = 0;

  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autoptr(GDir) dir = g_dir_open (folders[f], 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (folders[f], name, NULL);
          g_autofree char *data = NULL;
          gsize size;

          g_assert_true (g_file_get_contents (path, &data, &size, NULL));
          n_compared += assert_same_document (data, size, path);
        }
    }
  for (guint i = 0; i < cases->len; i++)
    {
      HostileCase *c = &g_array_index (cases, HostileCase, i);

      if (g_bytes_get_size (c->data) < 1000000)
        n_compared += assert_same_document (g_bytes_get_data (c->data, NULL), g_bytes_get_size (c->data), c->name);
    }
  for (guint64 seed = 0; seed < 20; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 2 + (guint) (seed % 5), &fx_random_style_default, 400);
      g_autoptr(GBytes) bytes = xq_session_to_xml (game);

      n_compared += assert_same_document (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), "a random game");
    }
  g_assert_cmpuint (n_compared, >, 30);
}

/* Texts and values as XML escapes them, in every form the syntax allows. */
static void
test_references_and_texts (void)
{
  static const char document[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<r xmlns=\"urn:a\" xmlns:x=\"urn:b\" a=\"1&amp;2&#38;3&lt;&#x41;&quot;&apos;\" x:b=\"v\" c=\"t&#9;a\nb\">\n"
    "  <e>te<!-- c -->xt<![CDATA[ <cd> &amp; ]]>&amp;&#233;<?pi x?></e>\n"
    "  stray\n"
    "  <f/>\n"
    "  <x:g>  </x:g>\n"
    "</r>\n";
  g_autoptr(XqXmlDoc) doc = parse (document);
  XqXmlNode *r, *e, *f, *g;

  g_assert_nonnull (doc);
  g_assert_false (xq_xml_doc_has_doctype (doc));
  r = xq_xml_doc_get_root (doc);
  g_assert_cmpstr (r->name, ==, "r");
  g_assert_cmpstr (r->ns, ==, "urn:a");
  /* libxml2 counts the line where a start tag ends; this one spans two. */
  g_assert_cmpuint (r->line, ==, 3);
  g_assert_cmpuint (r->n_attributes, ==, 3);
  g_assert_cmpstr (xq_xml_peek (r, "a"), ==, "1&2&3<A\"'");
  /* x:b is in a namespace: no attribute "b" in none. */
  g_assert_null (xq_xml_peek (r, "b"));
  g_assert_cmpstr (r->attributes[1].ns, ==, "urn:b");
  g_assert_cmpstr (r->attributes[1].value, ==, "v");
  /* A literal tab and newline in a value are normalized to spaces; &#9; not. */
  g_assert_cmpstr (xq_xml_peek (r, "c"), ==, "t\ta b");
  g_assert_null (r->text);
  g_assert_cmpstr (r->stray, ==, "\n  stray\n  ");

  e = xq_xml_first_child (r, "e");
  f = xq_xml_first_child (r, "f");
  g = xq_xml_first_child (r, "g");
  g_assert_true (e != NULL && f == e->next && g == f->next && g->next == NULL && g->prev == f);
  g_assert_cmpuint (e->line, ==, 4);
  g_assert_cmpstr (e->text, ==, "text <cd> &amp; &\xC3\xA9");
  g_assert_cmpstr (f->text, ==, "");
  g_assert_cmpstr (g->ns, ==, "urn:b");
  g_assert_cmpstr (g->text, ==, "  ");
  g_assert_cmpuint (g->line, ==, 7);
  g_assert_true (xq_xml_is (g, "g") && !xq_xml_is (g, "f") && !xq_xml_is (NULL, "g"));
  g_assert_null (xq_xml_first_child (r, "missing"));
  g_assert_true (xq_xml_first_child (r, NULL) == e);
  g_assert_true (assert_same_document (document, strlen (document), "references and texts"));
}

static void
assert_refused (const char *data,
                gsize       size,
                const char *needle,
                guint       line)
{
  g_autofree char *problem = NULL;
  guint found_line = 99;
  g_autoptr(XqXmlDoc) doc = xq_xml_doc_parse (data, size, &problem, &found_line);

  g_assert_null (doc);
  g_assert_nonnull (problem);
  g_assert_null (strchr (problem, '\n'));
  if (needle != NULL && strstr (problem, needle) == NULL)
    g_error ("“%s” does not mention “%s”", problem, needle);
  g_assert_cmpuint (found_line, ==, line);
}

static void
test_refuses_malformed (void)
{
  g_autoptr(GString) deep = g_string_new (NULL);

  assert_refused ("", 0, NULL, 1);
  assert_refused ("<a>\n<b></a>", 11, "mismatch", 2);
  assert_refused ("<a>\n", 4, NULL, 2);
  assert_refused ("<a>\xff</a>", 8, "UTF-8", 1);
  assert_refused ("<a>&nothing;</a>", 16, "nothing", 1);
  assert_refused ("<a b='1' b='2'/>", 16, "b", 1);
  assert_refused ("<a/><b/>", 8, NULL, 1);
  /* libxml2 only warns about this; a session file has no use for it. */
  assert_refused ("<a xmlns='relative'/>", 21, "relative", 1);

  /* libxml2's depth limit stays on (no XML_PARSE_HUGE). */
  for (guint i = 0; i < 300; i++)
    g_string_append (deep, "<a>");
  for (guint i = 0; i < 300; i++)
    g_string_append (deep, "</a>");
  assert_refused (deep->str, deep->len, "depth", 1);
}

/* The parse stops at the declaration: nothing in it is ever expanded. */
static void
test_stops_at_doctype (void)
{
  static const char document[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE a [ <!ENTITY e SYSTEM \"file:///etc/passwd\"> ]>\n"
    "<a>&e;</a>";
  g_autoptr(XqXmlDoc) doc = parse (document);

  g_assert_nonnull (doc);
  g_assert_true (xq_xml_doc_has_doctype (doc));
  g_assert_null (xq_xml_doc_get_root (doc));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/xml-parse/reads-what-libxml2-reads", test_reads_what_libxml2_reads);
  g_test_add_func ("/xml-parse/references-and-texts", test_references_and_texts);
  g_test_add_func ("/xml-parse/refuses-malformed", test_refuses_malformed);
  g_test_add_func ("/xml-parse/stops-at-doctype", test_stops_at_doctype);
  return g_test_run ();
}
