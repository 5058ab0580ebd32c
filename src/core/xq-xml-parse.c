/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parses a session file with libxml2 into the loader's compact tree
 * (xq-xml.h). libxml2 reads the bytes and checks that they are well-formed;
 * its SAX2 events build the tree in an arena. Building libxml2's own tree
 * took three times as long as parsing: a node, a name, an attribute node and
 * a text node for every value, each allocated and later freed one by one,
 * while the loader only ever reads names, attribute values and texts.
 *
 * Hardened as the loader needs it: no network, no external subset, no
 * entity expansion (a document type declaration stops the parse; without
 * one only the predefined entities and character references exist), and
 * libxml2's default limits (no XML_PARSE_HUGE). */

#include "config.h"

#include <libxml/parser.h>
#include <string.h>

#include "xq-arena.h"
#include "xq-xml.h"

struct _XqXmlDoc
{
  XqArena   *arena;
  xmlDict   *dict;            /* the parser's names, which the nodes share */
  XqXmlNode *root;
  gboolean   has_doctype;
};

typedef struct
{
  XqXmlDoc      *doc;
  xmlParserCtxt *ctxt;
  XqXmlNode     *current;     /* the innermost open element */
  GString       *pending;     /* its text since its last child element */
} Builder;

static gboolean
is_blank (const char *text,
          gsize       length)
{
  for (gsize i = 0; i < length; i++)
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r')
      return FALSE;
  return TRUE;
}

/* The text before a child element or the end tag: an element's value if it
 * has no child elements; otherwise text between elements, which is
 * indentation or a stray the validator refuses. */
static void
take_pending (Builder  *b,
              gboolean  at_end)
{
  XqXmlNode *node = b->current;
  GString *pending = b->pending;

  if (node->children == NULL && at_end)
    node->text = pending->len > 0 ? xq_arena_strndup (b->doc->arena, pending->str, pending->len) : "";
  else if (pending->len > 0 && node->stray == NULL && !is_blank (pending->str, pending->len))
    node->stray = xq_arena_strndup (b->doc->arena, pending->str, pending->len);
  g_string_truncate (pending, 0);
}

/* Names from the parser are in its dictionary, which the document keeps. */
static const char *
keep_name (Builder       *b,
           const xmlChar *name)
{
  if (name == NULL || xmlDictOwns (b->doc->dict, name))
    return (const char *) name;
  return (const char *) xmlDictLookup (b->doc->dict, name, -1);
}

/* An attribute's value as libxml2 hands it over without entity
 * substitution: decoded, but with each '&' left as "&#38;" for a tree
 * builder to resolve (without a DTD there is no other reference). */
static const char *
attribute_value (Builder       *b,
                 const xmlChar *value,
                 const xmlChar *end)
{
  gsize length = (gsize) (end - value);
  char *copy, *out;

  if (memchr (value, '&', length) == NULL)
    return xq_arena_strndup (b->doc->arena, (const char *) value, length);
  out = copy = (char *) xq_arena_strndup (b->doc->arena, (const char *) value, length);
  for (const xmlChar *in = value; in < end;)
    if (*in == '&' && end - in >= 5 && memcmp (in, "&#38;", 5) == 0)
      {
        *out++ = '&';
        in += 5;
      }
    else
      *out++ = (char) *in++;
  *out = '\0';
  return copy;
}

static void
start_element (void           *user_data,
               const xmlChar  *localname,
               const xmlChar  *prefix,
               const xmlChar  *uri,
               int             n_namespaces,
               const xmlChar **namespaces,
               int             n_attributes,
               int             n_defaulted,
               const xmlChar **attributes)
{
  Builder *b = ((xmlParserCtxt *) user_data)->_private;
  XqXmlNode *node = xq_arena_alloc (b->doc->arena, sizeof (XqXmlNode));
  XqXmlNode *parent = b->current;

  node->name = keep_name (b, localname);
  node->ns = keep_name (b, uri);
  node->line = (guint) MAX (b->ctxt->input != NULL ? b->ctxt->input->line : 0, 0);
  if (n_attributes > 0)
    {
      XqXmlAttr *attrs = xq_arena_alloc (b->doc->arena, sizeof (XqXmlAttr) * (gsize) n_attributes);

      /* Five pointers each: local name, prefix, URI, value, end of value. */
      for (int i = 0; i < n_attributes; i++)
        {
          const xmlChar **a = attributes + 5 * i;

          attrs[i].name = keep_name (b, a[0]);
          attrs[i].ns = keep_name (b, a[2]);
          attrs[i].value = attribute_value (b, a[3], a[4]);
        }
      node->attributes = attrs;
      node->n_attributes = (guint) n_attributes;
    }

  if (parent == NULL)
    b->doc->root = node;
  else
    {
      take_pending (b, FALSE);
      node->parent = parent;
      node->prev = parent->last_child;
      if (parent->last_child != NULL)
        parent->last_child->next = node;
      else
        parent->children = node;
      parent->last_child = node;
    }
  b->current = node;
}

static void
end_element (void          *user_data,
             const xmlChar *localname,
             const xmlChar *prefix,
             const xmlChar *uri)
{
  Builder *b = ((xmlParserCtxt *) user_data)->_private;

  take_pending (b, TRUE);
  b->current = b->current->parent;
}

/* Text and CDATA alike; libxml2 may hand one text over in several pieces. */
static void
characters (void          *user_data,
            const xmlChar *text,
            int            length)
{
  Builder *b = ((xmlParserCtxt *) user_data)->_private;

  if (b->current == NULL)
    return;
  /* Indentation between child elements is the common case: not kept. */
  if (b->current->children != NULL && b->pending->len == 0 && is_blank ((const char *) text, (gsize) length))
    return;
  g_string_append_len (b->pending, (const char *) text, length);
}

static void
internal_subset (void          *user_data,
                 const xmlChar *name,
                 const xmlChar *external_id,
                 const xmlChar *system_id)
{
  xmlParserCtxt *ctxt = user_data;
  Builder *b = ctxt->_private;

  b->doc->has_doctype = TRUE;
  xmlStopParser (ctxt);
}

typedef struct
{
  char *message;
  int   line;
} FirstError;

static void
keep_first_error (void           *user_data,
                  const xmlError *error)
{
  FirstError *first = user_data;

  if (first->message != NULL || error == NULL)
    return;
  /* libxml2 messages can span lines ("…\nBytes: 0xFF"); ours are one line. */
  first->message = g_strstrip (g_strdelimit (g_strdup (error->message != NULL ? error->message : ""),
                                             "\r\n", ' '));
  first->line = error->line;
}

/* libxml2 would print to stderr; the loader reports the first error. */
static void
silence (void           *user_data,
         const xmlError *error)
{
}

/**
 * xq_xml_doc_parse:
 * @data: the file's bytes, read as UTF-8
 * @length: their number
 * @problem: (out) (optional): libxml2's first complaint, if any
 * @line: (out) (optional): the line it concerns, or 0
 *
 * Parses @data hardened (see the top of this file). Any error or warning
 * from libxml2 refuses the document. A document type declaration stops the
 * parse; the document returned says so (xq_xml_doc_has_doctype()) and has
 * no elements.
 *
 * Returns: (transfer full) (nullable): the document, or %NULL with @problem
 *   set if it is not well-formed
 */
XqXmlDoc *
xq_xml_doc_parse (const char  *data,
                  gsize        length,
                  char       **problem,
                  guint       *line)
{
  g_autoptr(XqXmlDoc) doc = g_new0 (XqXmlDoc, 1);
  xmlSAXHandler handler = { 0 };
  xmlSAXHandler *default_handler;
  xmlParserCtxt *ctxt;
  FirstError first = { NULL, 0 };
  Builder b = { doc, NULL, NULL, NULL };

  g_return_val_if_fail (length <= G_MAXINT, NULL);

  if (problem != NULL)
    *problem = NULL;
  if (line != NULL)
    *line = 0;
  handler.initialized = XML_SAX2_MAGIC;
  handler.startElementNs = start_element;
  handler.endElementNs = end_element;
  handler.characters = characters;
  handler.cdataBlock = characters;
  handler.internalSubset = internal_subset;

  doc->arena = xq_arena_new ();
  ctxt = xmlNewParserCtxt ();
  g_return_val_if_fail (ctxt != NULL, NULL);
  doc->dict = ctxt->dict;
  xmlDictReference (doc->dict);
  b.ctxt = ctxt;
  b.pending = g_string_sized_new (256);
  default_handler = ctxt->sax;
  ctxt->sax = &handler;
  ctxt->userData = ctxt;
  ctxt->_private = &b;

  xmlSetStructuredErrorFunc (&first, (xmlStructuredErrorFunc) keep_first_error);
  /* No XML_PARSE_NOENT, DTDLOAD or HUGE; NOCDATA hands CDATA over as text. */
  xmlCtxtReadMemory (ctxt, data, (int) length, "session.exchequer", "UTF-8",
                     XML_PARSE_NONET | XML_PARSE_NOCDATA);
  xmlSetStructuredErrorFunc (NULL, (xmlStructuredErrorFunc) silence);

  ctxt->sax = default_handler;
  g_string_free (b.pending, TRUE);

  if (doc->has_doctype)
    {
      g_free (first.message);
      doc->root = NULL;
    }
  else if (first.message != NULL || !ctxt->wellFormed || doc->root == NULL)
    {
      if (problem != NULL)
        *problem = first.message != NULL ? g_steal_pointer (&first.message) : g_strdup ("");
      if (line != NULL && first.line > 0)
        *line = (guint) first.line;
      g_free (first.message);
      g_clear_pointer (&doc, xq_xml_doc_free);
    }
  xmlFreeParserCtxt (ctxt);
  return g_steal_pointer (&doc);
}

XqXmlNode *
xq_xml_doc_get_root (XqXmlDoc *doc)
{
  return doc->root;
}

/* Whether the parse stopped at a document type declaration. */
gboolean
xq_xml_doc_has_doctype (XqXmlDoc *doc)
{
  return doc->has_doctype;
}

void
xq_xml_doc_free (XqXmlDoc *doc)
{
  if (doc == NULL)
    return;
  xq_arena_free (doc->arena);
  if (doc->dict != NULL)
    xmlDictFree (doc->dict);
  g_free (doc);
}
