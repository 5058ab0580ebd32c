/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The loader's schema validator (xq-schema.c) must agree with libxml2's
 * RelaxNG validator on the shipped schema: on every sample, hostile and
 * fuzzing file, on random games of both games, and on thousands of
 * mutations of valid sessions — each verdict compared, either way. */

#include "config.h"

#include <libxml/parser.h>
#include <libxml/relaxng.h>

#include "fx-random-play.h"
#include "hostile-sessions.h"
#include "xq-games.h"
#include "xq-schema.h"
#include "xq-session-xml.h"
#include "xq-xml.h"

typedef struct
{
  XqSchema            *ours;
  xmlRelaxNG          *theirs;
  xmlRelaxNGValidCtxt *context;
  guint                n_valid;
  guint                n_invalid;
} Judges;

static Judges judges;

static void
quiet (void           *user_data,
       const xmlError *error)
{
}

static void
judges_init (void)
{
  g_autoptr(GError) error = NULL;
  xmlDoc *rng = xq_session_schema_document ();
  xmlRelaxNGParserCtxt *parser = xmlRelaxNGNewDocParserCtxt (rng);

  judges.ours = xq_schema_new (rng, &error);
  g_assert_no_error (error);
  judges.theirs = xmlRelaxNGParse (parser);
  g_assert_nonnull (judges.theirs);
  xmlRelaxNGFreeParserCtxt (parser);
  xmlFreeDoc (rng);
  judges.context = xmlRelaxNGNewValidCtxt (judges.theirs);
  xmlRelaxNGSetValidStructuredErrors (judges.context, (xmlStructuredErrorFunc) quiet, NULL);
}

/* Both verdicts on @data: ours on the loader's tree of it, libxml2's on its
 * own tree of the same bytes; they must agree. @what says which document
 * it is. */
static void
judge_bytes (const char *data,
             gsize       size,
             const char *what)
{
  g_autoptr(XqXmlDoc) tree = xq_xml_doc_parse (data, size, NULL, NULL);
  xmlDoc *doc = xmlReadMemory (data, (int) size, what, NULL,
                               XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  g_autofree char *problem = NULL;
  guint line = 0;
  gboolean ours, theirs;

  /* Not well-formed, or with a document type declaration: the loader
   * refuses those before any validator gets to see them. (The loader's
   * parser also refuses what libxml2 only warns about.) */
  if (doc == NULL || xmlDocGetRootElement (doc) == NULL || doc->intSubset != NULL)
    g_assert_true (tree == NULL || xq_xml_doc_has_doctype (tree));
  if (doc == NULL || xmlDocGetRootElement (doc) == NULL || doc->intSubset != NULL
      || tree == NULL || xq_xml_doc_has_doctype (tree))
    {
      g_clear_pointer (&doc, xmlFreeDoc);
      return;
    }

  ours = xq_schema_validate (judges.ours, xq_xml_doc_get_root (tree), &problem, &line);
  theirs = xmlRelaxNGValidateDoc (judges.context, doc) == 0;
  xmlFreeDoc (doc);
  if (ours != theirs)
    {
      g_test_message ("%s:\n%.*s", what, (int) MIN (size, 4000), data);
      g_error ("%s: libxml2 finds it %s, xq_schema_validate %s", what,
               theirs ? "valid" : "invalid", ours ? "valid" : "invalid");
    }
  if (ours)
    judges.n_valid++;
  else
    {
      /* Every refusal says what is wrong, in one line. */
      g_assert_nonnull (problem);
      g_assert_true (g_utf8_validate (problem, -1, NULL));
      g_assert_null (strchr (problem, '\n'));
      judges.n_invalid++;
    }
}

/* A mutant is judged as the loader would meet it: written out, then read. */
static void
judge (xmlDoc     *doc,
       const char *what)
{
  xmlChar *text = NULL;
  int size = 0;

  xmlDocDumpMemory (doc, &text, &size);
  judge_bytes ((const char *) text, (gsize) size, what);
  xmlFree (text);
}

static char *
session_document (XqSession *session)
{
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* ---- Mutations ---------------------------------------------------------- */

/* Values that sit on the edges of the schema's types and facets. */
static const char *const tricky_values[] = {
  "", " ", "\t", "0", "1", " 1", "1 ", "-1", "+1", "01", "1.5", "7.3", "1.50", "0.5", ".5", "1e3",
  "13", "14", "9", "999999", "1000000", "123456789", "1234567890", "999999999.5",
  "GBP", " GBP", "GBP ", "gbp", "XYZ", "A", "F", "G", "spot", "divest", "resolve", "strongest",
  "market", "bid", "playing", "ended", "bankrupt", "for-ex", "fair-trade",
  "2026-11-22T03:24:22Z", "2026-11-22T03:24:22", "2026-11-22T03:24:22+01:00", "2026-13-22T03:24:22Z",
  "2026-11-22", "a\tb", "a\"b", "a\nb", "Ann", "\xC3\xA9\xC3\xA9",
};

typedef void (*Mutation) (xmlNode *element, guint variant);

static char *
repeat (const char *unit,
        guint       times)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < times; i++)
    g_string_append (s, unit);
  return g_string_free (s, FALSE);
}

/* Lengths at the name and text limits (40 and 200 characters), in one- and
 * two-byte characters. */
static char *
long_value (guint variant)
{
  static const guint lengths[] = { 40, 41, 200, 201 };

  return repeat (variant % 2 == 0 ? "x" : "\xC3\xA9", lengths[(variant / 2) % G_N_ELEMENTS (lengths)]);
}

#define N_LONG_VALUES 8

static guint
n_attributes (xmlNode *element)
{
  guint n = 0;

  for (xmlAttr *a = element->properties; a != NULL; a = a->next)
    n++;
  return n;
}

static xmlAttr *
nth_attribute (xmlNode *element,
               guint    n)
{
  xmlAttr *a = element->properties;

  while (n-- > 0 && a != NULL)
    a = a->next;
  return a;
}

/* Everything done to one element; each call makes one mutant of the
 * document, judged, then thrown away. */
typedef struct
{
  const char *name;
  guint       n_variants;   /* 0: one per attribute × value, computed */
  void      (*apply) (xmlNode *element, guint variant);
} MutationKind;

static void
mutate_delete (xmlNode *element, guint variant)
{
  xmlUnlinkNode (element);
  xmlFreeNode (element);
}

static void
mutate_duplicate (xmlNode *element, guint variant)
{
  xmlAddNextSibling (element, xmlCopyNode (element, 1));
}

static void
mutate_rename (xmlNode *element, guint variant)
{
  static const char *const names[] = { "x", "move", "player", "pair", "locked", "setup", "session" };

  xmlNodeSetName (element, BAD_CAST names[variant]);
}

static void
mutate_namespace (xmlNode *element, guint variant)
{
  if (variant == 0)
    xmlSetNs (element, NULL);
  else
    xmlSetNs (element, xmlNewNs (element, BAD_CAST "https://example.org/other", BAD_CAST "o"));
}

static void
mutate_swap (xmlNode *element, guint variant)
{
  xmlNode *next = element->next;

  while (next != NULL && next->type != XML_ELEMENT_NODE)
    next = next->next;
  if (next != NULL)
    {
      xmlUnlinkNode (next);
      xmlAddPrevSibling (element, next);
    }
}

static void
mutate_content (xmlNode *element, guint variant)
{
  switch (variant)
    {
    case 0: xmlAddChild (element, xmlNewText (BAD_CAST "x")); break;
    case 1: xmlAddChild (element, xmlNewText (BAD_CAST "  \n ")); break;
    case 2: xmlAddChild (element, xmlNewComment (BAD_CAST "a comment")); break;
    case 3: xmlAddChild (element, xmlNewPI (BAD_CAST "pi", BAD_CAST "data")); break;
    case 4: xmlAddPrevSibling (element, xmlNewText (BAD_CAST "stray")); break;
    case 5: xmlAddChild (element, xmlNewNode (element->ns, BAD_CAST "xqn")); break;
    case 6: xmlNodeSetContent (element, BAD_CAST ""); break;
    case 7: xmlNodeSetContent (element, BAD_CAST " spot  Ann Bob GBP USD "); break;
    case 8: xmlAddChild (element, xmlNewCDataBlock (element->doc, BAD_CAST "cdata", 5)); break;
    default: g_assert_not_reached ();
    }
}

static void
mutate_extra_attribute (xmlNode *element, guint variant)
{
  if (variant == 0)
    xmlSetProp (element, BAD_CAST "extra", BAD_CAST "1");
  else
    xmlSetNsProp (element, xmlNewNs (element, BAD_CAST "https://example.org/other", BAD_CAST "o"),
                  BAD_CAST "name", BAD_CAST "Ann");
}

/* Variant = attribute × (delete, tricky values…, long values…). */
#define VALUES_PER_ATTRIBUTE (1 + G_N_ELEMENTS (tricky_values) + N_LONG_VALUES)

static void
mutate_attribute (xmlNode *element, guint variant)
{
  xmlAttr *attr = nth_attribute (element, variant / VALUES_PER_ATTRIBUTE);
  guint what = variant % VALUES_PER_ATTRIBUTE;
  g_autofree char *value = NULL;

  if (what == 0)
    {
      xmlRemoveProp (attr);
      return;
    }
  what--;
  value = what < G_N_ELEMENTS (tricky_values) ? g_strdup (tricky_values[what])
                                               : long_value (what - G_N_ELEMENTS (tricky_values));
  xmlSetProp (element, attr->name, BAD_CAST value);
}

static const MutationKind mutations[] = {
  { "delete", 1, mutate_delete },
  { "duplicate", 1, mutate_duplicate },
  { "rename", 7, mutate_rename },
  { "namespace", 2, mutate_namespace },
  { "swap", 1, mutate_swap },
  { "content", 9, mutate_content },
  { "extra-attribute", 2, mutate_extra_attribute },
  { "attribute", 0, mutate_attribute },
};

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

/* Whether @doc could have come from a file: one root element, no text
 * beside it (mutating the root can break that). */
static gboolean
is_document (xmlDoc *doc)
{
  guint n_elements = 0;

  for (xmlNode *node = doc->children; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE)
      n_elements++;
    else if (node->type == XML_TEXT_NODE)
      return FALSE;
  return n_elements == 1;
}

/* Mutates every @stride-th element of @text in every way (all of them for a
 * stride of 1) and judges each mutant. */
static void
judge_mutants (const char *text,
               guint       stride,
               const char *what)
{
  xmlDoc *original = xmlReadMemory (text, (int) strlen (text), what, NULL, XML_PARSE_NONET);
  g_autoptr(GPtrArray) elements = g_ptr_array_new ();

  g_assert_nonnull (original);
  collect_elements (xmlDocGetRootElement (original), elements);
  for (guint e = 0; e < elements->len; e += stride)
    for (guint m = 0; m < G_N_ELEMENTS (mutations); m++)
      {
        guint n_variants = mutations[m].n_variants;

        if (n_variants == 0)
          n_variants = n_attributes (g_ptr_array_index (elements, e)) * VALUES_PER_ATTRIBUTE;
        for (guint v = 0; v < n_variants; v++)
          {
            xmlDoc *copy = xmlCopyDoc (original, 1);
            g_autoptr(GPtrArray) copied = g_ptr_array_new ();
            g_autofree char *label = g_strdup_printf ("%s, element %u <%s>, %s %u", what, e,
                                                      (const char *) ((xmlNode *) g_ptr_array_index (elements, e))->name,
                                                      mutations[m].name, v);

            collect_elements (xmlDocGetRootElement (copy), copied);
            mutations[m].apply (g_ptr_array_index (copied, e), v);
            if (is_document (copy))
              judge (copy, label);
            xmlFreeDoc (copy);
          }
      }
  xmlFreeDoc (original);
}

/* ---- Tests -------------------------------------------------------------- */

static void
test_schema_compiles (void)
{
  g_assert_nonnull (judges.ours);
}

/* A schema outside the subset is refused when compiling, not misread. */
static void
test_unsupported_schema_refused (void)
{
  static const char *const schemas[] = {
    "<grammar xmlns='http://relaxng.org/ns/structure/1.0'><start><element name='a'><interleave><empty/></interleave></element></start></grammar>",
    "<grammar xmlns='http://relaxng.org/ns/structure/1.0'><start><element name='a'><text/></element></start></grammar>",
    "<grammar xmlns='http://relaxng.org/ns/structure/1.0'><start><element name='a'><zeroOrMore><attribute name='b'><value>1</value></attribute></zeroOrMore></element></start></grammar>",
    "<grammar xmlns='http://relaxng.org/ns/structure/1.0'><start><element name='a'><ref name='nowhere'/></element></start></grammar>",
    "<grammar xmlns='http://relaxng.org/ns/structure/1.0'><start><ref name='b'/></start><define name='b'><ref name='b'/></define></grammar>",
    "<element xmlns='http://relaxng.org/ns/structure/1.0' name='a'><empty/></element>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (schemas); i++)
    {
      xmlDoc *rng = xmlReadMemory (schemas[i], (int) strlen (schemas[i]), "bad.rng", NULL, 0);
      g_autoptr(GError) error = NULL;
      XqSchema *schema;

      g_assert_nonnull (rng);
      schema = xq_schema_new (rng, &error);
      g_assert_null (schema);
      g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
      xmlFreeDoc (rng);
    }
}

static void
judge_file (const char *path)
{
  g_autofree char *data = NULL;
  gsize size;

  g_assert_true (g_file_get_contents (path, &data, &size, NULL));
  judge_bytes (data, size, path);
}

static void
judge_folder (const char *path,
              const char *suffix)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (suffix == NULL || g_str_has_suffix (name, suffix))
      {
        g_autofree char *file = g_build_filename (path, name, NULL);

        judge_file (file);
      }
}

static void
test_files_agree (void)
{
  g_autoptr(GArray) cases = hostile_cases_new (TEST_DATA_DIR "/for-ex-20-4p.xqn");
  guint before = judges.n_valid + judges.n_invalid;

  judge_folder (EXAMPLES_DIR, ".exchequer");
  judge_folder (FUZZ_CORPUS_DIR, NULL);
  for (guint i = 0; i < cases->len; i++)
    {
      HostileCase *c = &g_array_index (cases, HostileCase, i);

      judge_bytes (g_bytes_get_data (c->data, NULL), g_bytes_get_size (c->data), c->name);
    }
  g_assert_cmpuint (judges.n_valid + judges.n_invalid - before, >, 10);
}

static void
test_random_games_agree (void)
{
  for (guint64 seed = 0; seed < 60; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 2 + (guint) (seed % 5),
                                                  seed % 2 ? &fx_random_style_default : &fx_random_style_prudent, 400);
      g_autofree char *text = session_document (game);
      g_autofree char *what = g_strdup_printf ("random For-Ex game %" G_GUINT64_FORMAT, seed);
      guint valid = judges.n_valid;

      judge_bytes (text, strlen (text), what);
      g_assert_cmpuint (judges.n_valid, ==, valid + 1);
    }
}

/* Every element of a short game of each kind, mutated every way. */
static void
test_mutants_agree (void)
{
  static const char *const games[] = {
    TEST_DATA_DIR "/for-ex-20-4p.xqn",
    TEST_DATA_DIR "/fair-trade/fair-trade-44-4p.xqn",
  };
  guint valid = judges.n_valid, invalid = judges.n_invalid;

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(XqSession) session = hostile_base_session (games[g]);
      g_autofree char *text = session_document (session);

      judge_mutants (text, 1 + (guint) strlen (text) / 1500, games[g]);
    }

  /* The table rules: every element of a short game that sets all three. */
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (FUZZ_CORPUS_DIR "/table-rules.exchequer", &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "<rule point=\"strengthen\" reading=\"none\"/>"));
    judge_mutants (text, 1, "table rules");
  }

  /* Random games bring the move types the fixed ones lack (corrections,
   * tie choices, bankruptcies); a few of their elements each. */
  for (guint64 seed = 0; seed < 6; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 3, &fx_random_style_default, 400);
      g_autofree char *text = session_document (game);
      g_autofree char *what = g_strdup_printf ("random game %" G_GUINT64_FORMAT, seed);

      judge_mutants (text, 101, what);
    }

  g_test_message ("%u valid and %u invalid mutants, each judged the same by both",
                  judges.n_valid - valid, judges.n_invalid - invalid);
  /* Mutants of both verdicts, or the comparison proves little. */
  g_assert_cmpuint (judges.n_valid - valid, >, 500);
  g_assert_cmpuint (judges.n_invalid - invalid, >, 5000);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  judges_init ();

  g_test_add_func ("/schema/compiles", test_schema_compiles);
  g_test_add_func ("/schema/unsupported-refused", test_unsupported_schema_refused);
  g_test_add_func ("/schema/files-agree", test_files_agree);
  g_test_add_func ("/schema/random-games-agree", test_random_games_agree);
  g_test_add_func ("/schema/mutants-agree", test_mutants_agree);
  status = g_test_run ();

  xmlRelaxNGFreeValidCtxt (judges.context);
  xmlRelaxNGFree (judges.theirs);
  xq_schema_free (judges.ours);
  return status;
}
