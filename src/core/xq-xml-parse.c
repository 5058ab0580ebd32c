/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parses a session file with libxml2 (xmlCtxtReadMemory), hardened as the
 * loader needs it: no network, no external subset, no entity expansion (a
 * document type declaration stops the parse; without one only the
 * predefined entities and character references exist), and libxml2's
 * default limits (no XML_PARSE_HUGE). Errors go to this parse's own
 * context, never to libxml2's global handlers, so loads on worker threads
 * do not meet. */

#include "config.h"

#include <libxml/parser.h>

#include "xq-xml.h"

typedef struct
{
  char     *message;     /* libxml2's first complaint */
  int       line;
  gboolean  has_doctype;
} ParseState;

static void
keep_first_error (void        *user_data,
                  xmlErrorPtr  error)
{
  ParseState *state = ((xmlParserCtxt *) user_data)->_private;

  if (state->message != NULL || error == NULL)
    return;
  /* libxml2 messages can span lines ("…\nBytes: 0xFF"); ours are one line. */
  state->message = g_strstrip (g_strdelimit (g_strdup (error->message != NULL ? error->message : ""),
                                             "\r\n", ' '));
  state->line = error->line;
}

/* Entities and external subsets are how XML files reach local files and
 * explode in memory: the parse ends where a declaration begins, before
 * anything in it is read. */
static void
internal_subset (void          *user_data,
                 const xmlChar *name,
                 const xmlChar *external_id,
                 const xmlChar *system_id)
{
  xmlParserCtxt *ctxt = user_data;
  ParseState *state = ctxt->_private;

  state->has_doctype = TRUE;
  xmlStopParser (ctxt);
}

/**
 * xq_xml_parse:
 * @data: the file's bytes, read as UTF-8
 * @length: their number
 * @has_doctype: (out): whether the parse stopped at a document type declaration
 * @problem: (out) (optional): libxml2's first complaint, if any
 * @line: (out) (optional): the line it concerns, or 0
 *
 * Parses @data hardened (see the top of this file). Any error or warning
 * from libxml2 refuses the document, and so does a document type
 * declaration.
 *
 * Returns: (transfer full) (nullable): the document, or %NULL
 */
xmlDoc *
xq_xml_parse (const char  *data,
              gsize        length,
              gboolean    *has_doctype,
              char       **problem,
              guint       *line)
{
  ParseState state = { NULL, 0, FALSE };
  xmlParserCtxt *ctxt;
  xmlDoc *doc;

  g_return_val_if_fail (length <= G_MAXINT, NULL);

  *has_doctype = FALSE;
  if (problem != NULL)
    *problem = NULL;
  if (line != NULL)
    *line = 0;

  xq_xml_init ();
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    g_error ("libxml2 could not make a parser");
  ctxt->_private = &state;
  ctxt->sax->serror = keep_first_error;
  ctxt->sax->internalSubset = internal_subset;
  /* No XML_PARSE_NOENT, DTDLOAD or HUGE; NOCDATA hands CDATA over as text;
   * BIG_LINES keeps line numbers past 65535 for the messages. */
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, "session.exchequer", "UTF-8",
                           XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES);
  xmlFreeParserCtxt (ctxt);

  if (state.has_doctype || (doc != NULL && (doc->intSubset != NULL || doc->extSubset != NULL)))
    {
      *has_doctype = TRUE;
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (state.message != NULL || doc == NULL || xmlDocGetRootElement (doc) == NULL)
    {
      if (problem != NULL)
        *problem = g_strdup (state.message != NULL ? state.message : "");
      if (line != NULL && state.line > 0)
        *line = (guint) state.line;
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  g_free (state.message);
  return doc;
}
