/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The loader checks session files with libxml2's RelaxNG validator against
 * the shipped schema and says its first complaint as a sentence of its own:
 * each kind of complaint names the element (and the attribute or value
 * where libxml2 gives one) with the line it is on, and no refusal of a
 * mutated session leaks libxml2's English or loses its line. */

#include "config.h"

#include <libxml/parser.h>

#include "fx-random-play.h"
#include "hostile-sessions.h"
#include "xq-games.h"
#include "xq-session-schema.h"
#include "xq-session-xml.h"

static char *
base_document (void)
{
  g_autoptr(XqSession) session = hostile_base_session (TEST_DATA_DIR "/for-ex-20-4p.xqn");

  return hostile_base_document (session);
}

/* The loader's refusal of @text, which must be one of the schema's. */
static char *
refusal (const char *text,
         guint      *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = xq_session_new_from_xml (text, strlen (text), line, &error);

  g_assert_null (session);
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "the file does not follow the session format: <"));
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_null (strchr (error->message, '\n'));
  return g_strdup (error->message);
}

/* The line @marker starts on in @text, counting from 1. */
static guint
line_of (const char *text,
         const char *marker)
{
  const char *at = strstr (text, marker);
  guint line = 1;

  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

/* One edit of the base document per kind of complaint libxml2 makes. */
static void
test_sentences (void)
{
  static const struct
  {
    const char *find;
    const char *replace;
    const char *sentence;
    const char *marker;     /* the error points at the line holding this */
  } cases[] = {
    /* A value of a built-in type: libxml2 names the type and the value,
     * the attribute is the one holding it. */
    { "<sell player=\"David\" count=\"1\"", "<sell player=\"David\" count=\"-1\"",
      "<sell> has count=\"-1\", which the format does not allow there", "count=\"-1\"" },
    { "<player name=\"Bob\"/>", "<player extra=\"1\" name=\"Bob\"/>",
      "<player> has an attribute extra the format does not allow there", "extra=\"1\"" },
    { "<removed currency=\"CHF\"/>", "<removed/>",
      "<removed> does not have the attributes the format asks for there", "<removed/>" },
    { "</snapshot>", "<extra/></snapshot>",
      "<snapshot> holds a <extra> the format does not allow there", "<extra/>" },
    { "<status ", "<statu ", "<snapshot> holds <statu> where <status> belongs", "<snapshot>" },
    { "</players>", "stray text</players>",
      "<players> holds text (“stray text”) where only elements belong", "<players>" },
    { "</session>", "and more</session>",
      "<session> holds text (“and more”) where only elements belong", "<session " },
    { "<players>", "<players xmlns=\"urn:x\">",
      "<players> is not in the namespace the format requires there", "<players xmlns" },
    { "<holdings player=\"Bob\">", "<holdings player=\"Bob\"></holdings><holdings player=\"Z\">",
      "<holdings> lacks a <currency> element", "<holdings player=\"Bob\"></holdings>" },
    { "<xqn>contract", "<xqn><b/>contract", "<xqn> does not have the attributes and contents the format asks for there",
      "<xqn><b/>" },
    /* The move's kinds are a choice: libxml2 names only the move; the
     * attribute is found by trying another contract's value in its place. */
    { "amount=\"1\"", "amount=\"7.3\"", "<move> has amount=\"7.3\", which the format does not allow there",
      "amount=\"7.3\"" },
    /* A move's value refused inside its kinds' choice: libxml2 blames the
     * first move ("moves has extra content"); the sentence names the move
     * at fault, its attribute and its line. */
    { "<move n=\"3\" time=\"2024-03-01T10:48:40Z\"", "<move n=\"3\" time=\"yesterday\"",
      "<move> has time=\"yesterday\", which the format does not allow there", "time=\"yesterday\"" },
    { "<move n=\"2\" ", "<move n=\"x\" ", "<move> has n=\"x\", which the format does not allow there", "<move n=\"x\"" },
    /* The one element of its name: the schema's own values show the attribute. */
    { "<status state=\"ended\"", "<status state=\"paused\"",
      "<status> has state=\"paused\", which the format does not allow there", "state=\"paused\"" },
    { " format=\"1\"", " format=\"one\"", "<session> has format=\"one\", which the format does not allow there",
      "format=\"one\"" },
    /* A value two attributes hold: which one libxml2 refused is not known. */
    { "<move n=\"1\" time=\"2024-03-01T10:46:40Z\" type=\"contract\"",
      "<move n=\"invest\" time=\"2024-03-01T10:46:40Z\" type=\"invest\"",
      "<move> has the value “invest” where the format does not allow it", "<move n=\"invest\"" },
  };
  g_autofree char *doc = base_document ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = hostile_replace_first (doc, cases[i].find, cases[i].replace);
      guint line = 0;
      g_autofree char *message = refusal (text, &line);

      g_test_message ("%s (line %u)", message, line);
      if (strstr (message, cases[i].sentence) == NULL)
        g_error ("“%s” does not say “%s”", message, cases[i].sentence);
      g_assert_cmpuint (line, ==, line_of (text, cases[i].marker));
    }
}

/* The game is checked before the schema, as the format is: an unknown one
 * is named with its attribute and the line of <session>. */
static void
test_unknown_game (void)
{
  g_autofree char *doc = base_document ();
  g_autofree char *text = hostile_replace_first (doc, " game=\"for-ex\"", " game=\"chess\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  guint line = 0;

  session = xq_session_new_from_xml (text, strlen (text), &line, &error);
  g_assert_null (session);
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_NOT_SESSION);
  g_assert_cmpstr (error->message, ==,
                   "the file does not follow the session format: <session> has game=\"chess\", which the format does not allow there");
  g_assert_cmpuint (line, ==, line_of (text, "<session "));
}

/* Values that sit on the edges of the schema's types and facets. */
static const char *const tricky_values[] = {
  "", " 1", "-1", "1.5", "7.3", "GBP ", "XYZ", "spot", "2026-13-22T03:24:22Z", "a\"b", "a\nb",
  "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
  "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
  "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9",
};

static guint n_refused;
static guint n_values_refused;

/* Loads @doc as the loader meets it, written out; a refusal by the schema
 * must say so in one sentence with a line of the file. When @attribute is
 * not NULL it was given a value on the edge of its type, and a refusal of
 * the file must name it with its element. */
static void
judge (xmlDoc     *doc,
       const char *what,
       const char *element,
       const char *attribute)
{
  xmlChar *text = NULL;
  int size = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  guint line = 0, n_lines = 1;

  xmlDocDumpMemory (doc, &text, &size);
  session = xq_session_new_from_xml ((const char *) text, (gsize) size, &line, &error);
  for (int i = 0; i < size; i++)
    n_lines += text[i] == '\n';
  xmlFree (text);
  if (!g_error_matches (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID)
      || !g_str_has_prefix (error->message, "the file does not follow"))
    return;
  n_refused++;
  if (!g_str_has_prefix (error->message, "the file does not follow the session format: <")
      || strchr (error->message, '\n') != NULL || strstr (error->message, "validate") != NULL
      || strstr (error->message, "Expecting") != NULL || line == 0 || line > n_lines)
    g_error ("%s: line %u of %u: %s", what, line, n_lines, error->message);
  if (attribute != NULL)
    {
      g_autofree char *named = g_strdup_printf ("<%s> has %s=\"", element, attribute);

      n_values_refused++;
      if (strstr (error->message, named) == NULL)
        g_error ("%s: the refusal does not name %s of <%s>: %s", what, attribute, element, error->message);
    }
}

static void
collect_elements (xmlNode   *node,
                  GPtrArray *out)
{
  for (; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE)
      {
        g_ptr_array_add (out, node);
        collect_elements (node->children, out);
      }
}

/* Each element of a short game of each kind (a sample of them in longer
 * ones), deleted, renamed, given text or an extra attribute, or with an
 * attribute changed to a value on the edge of its type. */
static void
mutate_all (const char *text,
            guint       stride,
            const char *what)
{
  xmlDoc *original = xmlReadMemory (text, (int) strlen (text), what, NULL, XML_PARSE_NONET);
  g_autoptr(GPtrArray) elements = g_ptr_array_new ();
  guint n_variants = 4 + G_N_ELEMENTS (tricky_values);

  g_assert_nonnull (original);
  collect_elements (xmlDocGetRootElement (original), elements);
  for (guint e = 1; e < elements->len; e += stride)
    for (guint v = 0; v < n_variants; v++)
      {
        xmlDoc *copy = xmlCopyDoc (original, 1);
        g_autoptr(GPtrArray) copied = g_ptr_array_new ();
        g_autofree char *label = NULL;
        const char *changed = NULL;
        g_autofree char *element_name = NULL;
        xmlNode *element;

        collect_elements (xmlDocGetRootElement (copy), copied);
        element = g_ptr_array_index (copied, e);
        element_name = g_strdup ((const char *) element->name);
        label = g_strdup_printf ("%s, element %u <%s>, variant %u", what, e, element_name, v);
        if (v == 0)
          {
            xmlUnlinkNode (element);
            xmlFreeNode (element);
          }
        else if (v == 1)
          xmlNodeSetName (element, BAD_CAST "player");
        else if (v == 2)
          xmlAddChild (element, xmlNewText (BAD_CAST "x"));
        else if (v == 3)
          xmlSetProp (element, BAD_CAST "extra", BAD_CAST "1");
        else if (element->properties != NULL)
          {
            changed = (const char *) element->properties->name;
            xmlSetProp (element, element->properties->name, BAD_CAST tricky_values[v - 4]);
          }
        judge (copy, label, element_name, changed);
        xmlFreeDoc (copy);
      }
  xmlFreeDoc (original);
}

static void
test_mutants (void)
{
  static const char *const games[] = {
    TEST_DATA_DIR "/for-ex-20-4p.xqn",
    TEST_DATA_DIR "/fair-trade/fair-trade-44-4p.xqn",
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(XqSession) session = hostile_base_session (games[g]);
      g_autofree char *text = hostile_base_document (session);

      mutate_all (text, 1 + (guint) strlen (text) / 3000, games[g]);
    }
  for (guint64 seed = 0; seed < 3; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 3, &fx_random_style_default, 400);
      g_autoptr(GBytes) bytes = xq_session_to_xml (game);
      g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

      mutate_all (text, 97, "a random game");
    }
  g_test_message ("%u mutants refused by the schema, %u of them for an attribute's value", n_refused,
                  n_values_refused);
  g_assert_cmpuint (n_refused, >, 500);
}

/* A shipped schema file (data/…), as the resource holds it: no indentation. */
static xmlDoc *
read_shipped (const char *name)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "..", "..", "data", name, NULL);
  g_autofree char *text = NULL;
  xmlDoc *doc;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  doc = xmlReadMemory (text, (int) strlen (text), name, NULL, XML_PARSE_NONET | XML_PARSE_NOBLANKS);
  g_assert_nonnull (doc);
  return doc;
}

/* The schema the program holds is data/session.rng as shipped (the
 * resource only drops the indentation), each game's file it includes put
 * in place of its <include>, as libxml2 reads an include. */
static void
test_schema_is_shipped_file (void)
{
  xmlDoc *doc = xq_session_schema_document ();
  xmlDoc *file = read_shipped ("session.rng");
  xmlChar *a = NULL, *b = NULL;
  int size_a = 0, size_b = 0;
  guint n_includes = 0;

  for (xmlNode *n = xmlDocGetRootElement (file)->children, *next; n != NULL; n = next)
    {
      next = n->next;
      if (n->type == XML_ELEMENT_NODE && xmlStrEqual (n->name, BAD_CAST "include"))
        {
          xmlChar *href = xmlGetProp (n, BAD_CAST "href");
          xmlDoc *part = read_shipped ((const char *) href);

          for (xmlNode *c = xmlDocGetRootElement (part)->children; c != NULL; c = c->next)
            xmlAddPrevSibling (n, xmlDocCopyNode (c, file, 1));
          xmlUnlinkNode (n);
          xmlFreeNode (n);
          xmlFreeDoc (part);
          xmlFree (href);
          n_includes++;
        }
    }
  /* One file per game. */
  {
    g_autofree char *ids = xq_game_list_ids ();
    g_auto(GStrv) games = g_strsplit (ids, ", ", -1);

    g_assert_cmpuint (n_includes, ==, g_strv_length (games));
  }
  xmlDocDumpMemory (doc, &a, &size_a);
  xmlDocDumpMemory (file, &b, &size_b);
  g_assert_cmpmem (a, size_a, b, size_b);
  xmlFree (a);
  xmlFree (b);
  xmlFreeDoc (doc);
  xmlFreeDoc (file);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/schema/shipped-file", test_schema_is_shipped_file);
  g_test_add_func ("/schema/sentences", test_sentences);
  g_test_add_func ("/schema/unknown-game", test_unknown_game);
  g_test_add_func ("/schema/mutants", test_mutants);
  return g_test_run ();
}
