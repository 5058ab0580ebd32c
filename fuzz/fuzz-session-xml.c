/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: session XML from hostile bytes must load or be refused, never crash or leak. */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>

#include "xq-games.h"
#include "xq-schema.h"
#include "xq-session-xml.h"
#include "xq-session.h"
#include "xq-xml.h"

/* The loader's validator and libxml2's, on the shipped schema: for every
 * input that is XML they must agree (tests/test-schema.c does the same on a
 * fixed corpus). */
static XqSchema *ours;
static xmlRelaxNG *theirs;

static void
quiet (void           *user_data,
       const xmlError *error)
{
}

static void
compile_schemas (void)
{
  xmlDoc *rng = xq_session_schema_document ();
  xmlRelaxNGParserCtxt *parser = xmlRelaxNGNewDocParserCtxt (rng);

  ours = xq_schema_new (rng, NULL);
  theirs = xmlRelaxNGParse (parser);
  xmlRelaxNGFreeParserCtxt (parser);
  xmlFreeDoc (rng);
  if (ours == NULL || theirs == NULL)
    abort ();
}

static void
validators_agree (const uint8_t *data,
                  size_t         size)
{
  xmlDoc *doc;
  XqXmlDoc *tree;
  xmlRelaxNGValidCtxt *context;
  gboolean verdict_ours, verdict_theirs;

  if (size > 1000000)
    return;
  doc = xmlReadMemory ((const char *) data, (int) size, "fuzz.exchequer", NULL,
                       XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  tree = xq_xml_doc_parse ((const char *) data, size, NULL, NULL);
  /* As the loader: no document type declarations reach a validator, nor
   * what its parser refuses (which includes what libxml2 only warns about;
   * what libxml2 refuses, it must refuse too). */
  if (doc == NULL || doc->intSubset != NULL || xmlDocGetRootElement (doc) == NULL)
    {
      if (tree != NULL && !xq_xml_doc_has_doctype (tree))
        {
          fprintf (stderr, "the loader's parser accepts what libxml2 refuses\n");
          abort ();
        }
    }
  else if (tree != NULL && !xq_xml_doc_has_doctype (tree))
    {
      context = xmlRelaxNGNewValidCtxt (theirs);
      xmlRelaxNGSetValidStructuredErrors (context, (xmlStructuredErrorFunc) quiet, NULL);
      verdict_theirs = xmlRelaxNGValidateDoc (context, doc) == 0;
      verdict_ours = xq_schema_validate (ours, xq_xml_doc_get_root (tree), NULL, NULL);
      xmlRelaxNGFreeValidCtxt (context);
      if (verdict_ours != verdict_theirs)
        {
          fprintf (stderr, "the validators disagree: libxml2 %s, xq_schema_validate %s\n",
                   verdict_theirs ? "valid" : "invalid", verdict_ours ? "valid" : "invalid");
          abort ();
        }
    }
  if (doc != NULL)
    xmlFreeDoc (doc);
  xq_xml_doc_free (tree);
}

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  xq_games_register_all ();
  compile_schemas ();
  /* A warning or critical on some input is a broken precondition: a find. */
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(XqSession) again = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  const XqGame *game;
  const char *text;
  gsize length = 0;
  guint line = 0;

  validators_agree (data, size);
  session = xq_session_new_from_xml ((const char *) data, size, &line, &error);
  if (session == NULL)
    {
      /* A refusal always says why. */
      if (error == NULL || error->message == NULL)
        abort ();
      return 0;
    }
  if (error != NULL)
    abort ();

  /* What loads saves, and the save loads back to the same game. */
  saved = xq_session_to_xml (session);
  text = g_bytes_get_data (saved, &length);
  again = xq_session_new_from_xml (text, length, &line, &error);
  if (again == NULL)
    {
      fprintf (stderr, "a loaded session does not load once saved: line %u: %s\n", line, error->message);
      abort ();
    }
  game = xq_session_get_game (session);
  if (xq_session_get_game (again) != game
      || xq_session_get_n_moves (again) != xq_session_get_n_moves (session)
      || memcmp (xq_session_get_setup (again), xq_session_get_setup (session), game->setup_size) != 0)
    abort ();
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    if (memcmp (xq_session_get_move (again, i), xq_session_get_move (session, i), game->move_size) != 0)
      abort ();
  return 0;
}
