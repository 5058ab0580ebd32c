/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Checks a session document against the shipped schema with libxml2's
 * RelaxNG validator, and says its complaint as the loader's other refusals
 * are said: one translated sentence naming the element, with the line it
 * is on.
 *
 * libxml2 validates a repeated element (zeroOrMore, oneOrMore) by keeping
 * every place the repetition could stop and comparing each new one with all
 * kept before (xmlRelaxNGAddStates in relaxng.c): time grows with the square
 * of the siblings (48,000 moves took 3.5 s, 64,000 <player> 6 s, 700,000
 * did not finish). It compiles a content model into a linear automaton
 * only below elements whose own content is compilable, which <session>,
 * holding the game attribute in a choice, never is. So the moves, the one
 * list that grows with the game, are validated one at a time against the
 * schema's own definition of a move of their kind (grammars derived from
 * the schema when first needed), the rest of the document with <moves>
 * empty; and no other element may hold more children than the format ever
 * gives one, counted before libxml2 looks. The verdict is the schema's,
 * but for a player's name in a move (see relax_player_names()).
 *
 * A refused attribute value is named with its attribute (culprit_attribute())
 * by trying, in its place, a like element's value or one the schema allows
 * and validating again: only the unit the complaint came from (the move
 * alone, or the rest with <moves> empty), so the search costs a few
 * validations of one move, or of a document without its moves, and the
 * load stays linear on the error path too. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xpath.h>

#include "xq-core-resources.h"
#include "xq-error.h"
#include "xq-game.h"
#include "xq-quote.h"
#include "xq-session-schema.h"
#include "xq-session-xml.h"
#include "xq-xml.h"

#define SCHEMA_DIR "/io/github/exchequer/Exchequer/core/"
#define SCHEMA_RESOURCE SCHEMA_DIR "session.rng"
#define RNG_NS "http://relaxng.org/ns/structure/1.0"

/* The cancellable is looked at after this many moves: a few milliseconds. */
#define MOVES_PER_CHECK 1024

/* The complaint of libxml2's to report: what it says, about which node. */
typedef struct
{
  gboolean  seen;
  guint     depth;       /* of the node's element in the document */
  int       code;        /* an xmlRelaxNGValidErr */
  xmlNode  *node;
  char     *arg1;
  char     *arg2;
} Complaint;

/* What one run of libxml2's validator looks at: the document with the
 * children of its <moves> taken out, or one child of <moves> alone. */
typedef struct
{
  xmlDoc     *doc;
  xmlNode    *moves;          /* whose children are validated one by one, or NULL */
  xmlNode    *first, *last;   /* its children */
  struct _MoveSchemas *move_schemas;
  xmlDoc     *scratch;        /* holds the move validated alone */
  xmlNode    *alone;          /* that move, or NULL for the rest of the document */
  xmlRelaxNG *alone_schema;   /* what it is validated against */
} Unit;

static xmlDoc *
read_schema_resource (const char *name)
{
  g_autofree char *path = g_strconcat (SCHEMA_DIR, name, NULL);
  g_autoptr(GBytes) bytes = g_resource_lookup_data (xq_core_get_resource (), path,
                                                    G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  gsize size = 0;
  const char *data;
  xmlDoc *doc;

  g_assert (bytes != NULL);
  data = g_bytes_get_data (bytes, &size);
  doc = xmlReadMemory (data, (int) size, name, NULL, XML_PARSE_NONET);
  g_assert (doc != NULL);
  return doc;
}

/* Each game's definitions are a file of their own (data/<game id>.rng) that
 * session.rng <include>s, built in beside it. libxml2 would look for them
 * on disk; here each <include> is replaced by the definitions of the file it
 * names, so the document is the whole grammar, for the validator and for the
 * walks below that find a game's moves in it. */
static void
inline_includes (xmlDoc *doc)
{
  xmlNode *grammar = xmlDocGetRootElement (doc);

  for (xmlNode *n = grammar->children, *next; n != NULL; n = next)
    {
      next = n->next;
      if (n->type == XML_ELEMENT_NODE && xmlStrEqual (n->name, BAD_CAST "include") && n->ns != NULL
          && xmlStrEqual (n->ns->href, BAD_CAST RNG_NS))
        {
          xmlChar *href = xmlGetProp (n, BAD_CAST "href");
          xmlDoc *part = read_schema_resource ((const char *) href);

          for (xmlNode *c = xmlDocGetRootElement (part)->children; c != NULL; c = c->next)
            xmlAddPrevSibling (n, xmlDocCopyNode (c, doc, 1));
          xmlUnlinkNode (n);
          xmlFreeNode (n);
          xmlFreeDoc (part);
          xmlFree (href);
        }
    }
}

/**
 * xq_session_schema_document:
 *
 * The shipped schema (data/session.rng with the games' files it includes,
 * built into the program).
 *
 * Returns: (transfer full): a new document of it; free with xmlFreeDoc()
 */
xmlDoc *
xq_session_schema_document (void)
{
  xmlDoc *doc = read_schema_resource ("session.rng");

  inline_includes (doc);
  return doc;
}

/* Compiled once, on whichever thread loads first: the schema is part of the
 * program, not of the file read. Validating with it only reads it, so
 * loads on several threads share it, each with a context of its own. */
static xmlRelaxNG *
get_schema (void)
{
  static gsize initialized;
  static xmlRelaxNG *schema;

  if (g_once_init_enter (&initialized))
    {
      xmlDoc *doc;
      xmlRelaxNGParserCtxt *parser;

      xq_xml_init ();
      doc = xq_session_schema_document ();
      parser = xmlRelaxNGNewDocParserCtxt (doc);
      schema = xmlRelaxNGParse (parser);
      if (schema == NULL)
        g_error ("the session schema does not compile");
      xmlRelaxNGFreeParserCtxt (parser);
      xmlFreeDoc (doc);
      g_once_init_leave (&initialized, 1);
    }
  return schema;
}

static xmlNode *
rng_child (xmlNode    *parent,
           const char *name)
{
  for (xmlNode *n = parent != NULL ? parent->children : NULL; n != NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE && xmlStrEqual (n->name, BAD_CAST name) && n->ns != NULL
        && xmlStrEqual (n->ns->href, BAD_CAST RNG_NS))
      return n;
  return NULL;
}

static gboolean
rng_has_name (xmlNode    *node,
              const char *name)
{
  xmlChar *value = xmlGetProp (node, BAD_CAST "name");
  gboolean has = xmlStrEqual (value, BAD_CAST name);

  xmlFree (value);
  return has;
}

/* The schema's <element name="moves"> under the <define> whose
 * <attribute name="game"> holds @game_id: found by the schema's shape, so
 * the schema file stays the one description of the format. */
static xmlNode *
rng_find_moves (xmlNode    *node,
                const char *game_id,
                gboolean    in_game)
{
  for (; node != NULL; node = node->next)
    {
      xmlNode *found;
      gboolean here = in_game;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (xmlStrEqual (node->name, BAD_CAST "define"))
        {
          xmlNode *game = rng_child (node, "attribute");

          for (; game != NULL && !(xmlStrEqual (game->name, BAD_CAST "attribute") && rng_has_name (game, "game"));
               game = game->next)
            ;
          if (game == NULL)
            continue;
          {
            xmlNode *value = rng_child (game, "value");
            xmlChar *text = value != NULL ? xmlNodeGetContent (value) : NULL;

            here = xmlStrEqual (text, BAD_CAST game_id);
            xmlFree (text);
          }
          if (!here)
            continue;
        }
      if (here && xmlStrEqual (node->name, BAD_CAST "element") && rng_has_name (node, "moves"))
        return node;
      if ((found = rng_find_moves (node->children, game_id, here)) != NULL)
        return found;
    }
  return NULL;
}

/* In a move a player's name may be any text. Every name a move gives must
 * be one of the game's players, which <players> holds and the whole schema
 * checks, and the reader refuses a move whose attributes are not what the
 * game writes for it with those names: no file is let through that was
 * refused. The name's patterns, classes of a thousand characters, are what
 * libxml2 would compile afresh for every value it checks (a facet is built
 * per check, xmlSchemaCheckFacet): a third of the validation of the moves. */
static void
relax_player_names (xmlNode *grammar)
{
  for (xmlNode *n = grammar->children; n != NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE && xmlStrEqual (n->name, BAD_CAST "define") && rng_has_name (n, "player-name"))
      {
        while (n->children != NULL)
          {
            xmlNode *old = n->children;

            xmlUnlinkNode (old);
            xmlFreeNode (old);
          }
        xmlNewChild (n, n->ns, BAD_CAST "text", NULL);
      }
}

/* A grammar whose start is what each child of @game_id's <moves> must be
 * (the schema's <zeroOrMore> there, with its definitions), as a document;
 * NULL if the schema has no such list. */
static xmlDoc *
move_grammar_document (const char *game_id)
{
  xmlDoc *doc = xq_session_schema_document ();
  xmlNode *moves = rng_find_moves (xmlDocGetRootElement (doc), game_id, FALSE);
  xmlNode *repeated = moves != NULL ? rng_child (moves, "zeroOrMore") : NULL;
  xmlNode *start = rng_child (xmlDocGetRootElement (doc), "start");
  xmlNode *pattern;

  if (repeated == NULL || start == NULL)
    {
      xmlFreeDoc (doc);
      return NULL;
    }
  pattern = xmlNewDocNode (doc, start->ns, BAD_CAST "group", NULL);
  for (xmlNode *n = repeated->children; n != NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE)
      xmlAddChild (pattern, xmlDocCopyNode (n, doc, 1));
  while (start->children != NULL)
    {
      xmlNode *old = start->children;

      xmlUnlinkNode (old);
      xmlFreeNode (old);
    }
  xmlAddChild (start, pattern);
  relax_player_names (xmlDocGetRootElement (doc));
  return doc;
}

static xmlRelaxNG *
compile_document (xmlDoc *doc)
{
  xmlRelaxNGParserCtxt *parser = xmlRelaxNGNewDocParserCtxt (doc);
  xmlRelaxNG *schema = xmlRelaxNGParse (parser);

  xmlRelaxNGFreeParserCtxt (parser);
  return schema;
}

/* The value of a <group>'s first pattern when it is
 * <attribute name="type"><value>…</value></attribute>; NULL otherwise. */
static char *
group_type (xmlNode *group)
{
  xmlNode *first = group->children;
  xmlNode *value;
  xmlChar *text;
  char *type;

  while (first != NULL && first->type != XML_ELEMENT_NODE)
    first = first->next;
  if (first == NULL || !xmlStrEqual (first->name, BAD_CAST "attribute") || !rng_has_name (first, "type")
      || (value = rng_child (first, "value")) == NULL)
    return NULL;
  text = xmlNodeGetContent (value);
  type = g_strdup ((const char *) text);
  xmlFree (text);
  return type;
}

/* In a move grammar, the <choice> of the move's kinds: every pattern in it a
 * <group> that starts with the type attribute holding one value. */
static xmlNode *
find_kinds (xmlDoc *doc)
{
  xmlNode *grammar = xmlDocGetRootElement (doc);
  xmlNode *start = rng_child (grammar, "start");
  xmlNode *ref = start != NULL && start->children != NULL ? rng_child (start->children, "ref") : NULL;
  xmlChar *name = ref != NULL ? xmlGetProp (ref, BAD_CAST "name") : NULL;
  xmlNode *element = NULL;

  for (xmlNode *n = grammar->children; name != NULL && n != NULL && element == NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE && xmlStrEqual (n->name, BAD_CAST "define") && rng_has_name (n, (const char *) name))
      element = rng_child (n, "element");
  xmlFree (name);
  for (xmlNode *choice = element != NULL ? element->children : NULL; choice != NULL; choice = choice->next)
    {
      gboolean all = choice->type == XML_ELEMENT_NODE && xmlStrEqual (choice->name, BAD_CAST "choice");

      for (xmlNode *g = all ? choice->children : NULL; g != NULL && all; g = g->next)
        if (g->type == XML_ELEMENT_NODE)
          {
            g_autofree char *type = xmlStrEqual (g->name, BAD_CAST "group") ? group_type (g) : NULL;

            all = type != NULL;
          }
      if (all)
        return choice;
    }
  return NULL;
}

/* The grammar of a move of one kind: the choice of kinds narrowed to it.
 * libxml2 tries a choice's branches in turn, and for a choice of attribute
 * groups it has no index (it has one for elements); a move of the twelfth
 * kind would be checked against eleven others first. NULL if @type is not
 * a kind of the choice. */
static xmlRelaxNG *
compile_kind (xmlDoc     *grammar,
              const char *type)
{
  xmlDoc *doc = xmlCopyDoc (grammar, 1);
  xmlNode *kinds = find_kinds (doc);
  gboolean found = FALSE;
  xmlRelaxNG *schema = NULL;

  for (xmlNode *g = kinds != NULL ? kinds->children : NULL, *next; g != NULL; g = next)
    {
      g_autofree char *kind = g->type == XML_ELEMENT_NODE ? group_type (g) : NULL;

      next = g->next;
      if (g_strcmp0 (kind, type) == 0)
        found = TRUE;
      else
        {
          xmlUnlinkNode (g);
          xmlFreeNode (g);
        }
    }
  if (found)
    schema = compile_document (doc);
  xmlFreeDoc (doc);
  return schema;
}

/* What a game's moves are validated against, compiled once a process like
 * the whole schema: the grammar of any move, and of each kind of move as
 * it is first met. */
typedef struct _MoveSchemas
{
  xmlDoc     *grammar;   /* of any move; NULL if the game's moves are no list of their own */
  xmlRelaxNG *any;
  GHashTable *kinds;     /* each type the schema names → its xmlRelaxNG, NULL until first met */
} MoveSchemas;

static GMutex move_schemas_lock;

static MoveSchemas *
get_move_schemas (const char *game_id)
{
  static GHashTable *games;   /* game id → MoveSchemas */
  MoveSchemas *m;

  g_mutex_lock (&move_schemas_lock);
  if (games == NULL)
    games = g_hash_table_new (g_str_hash, g_str_equal);
  m = g_hash_table_lookup (games, game_id);
  if (m == NULL)
    {
      get_schema ();
      m = g_new0 (MoveSchemas, 1);
      m->grammar = move_grammar_document (game_id);
      m->any = m->grammar != NULL ? compile_document (m->grammar) : NULL;
      /* Only the kinds the schema names are kept: a file's own values
       * never grow the table. */
      m->kinds = g_hash_table_new (g_str_hash, g_str_equal);
      if (m->any != NULL)
        {
          xmlNode *kinds = find_kinds (m->grammar);

          for (xmlNode *g = kinds != NULL ? kinds->children : NULL; g != NULL; g = g->next)
            if (g->type == XML_ELEMENT_NODE)
              g_hash_table_insert (m->kinds, group_type (g), NULL);
        }
      g_hash_table_insert (games, g_strdup (game_id), m);
    }
  g_mutex_unlock (&move_schemas_lock);
  return m;
}

/* The grammar for a move whose type attribute holds @type (NULL if none):
 * its kind's, or any move's for a type that is no kind (the schema then
 * refuses the move) and where the kind's does not compile. */
static xmlRelaxNG *
move_schema_for (MoveSchemas *m,
                 const char  *type)
{
  static xmlRelaxNG *none = (xmlRelaxNG *) &none;   /* the kind's grammar did not compile */
  xmlRelaxNG *schema = NULL;
  gpointer key = NULL;

  if (type == NULL)
    return m->any;
  g_mutex_lock (&move_schemas_lock);
  if (g_hash_table_lookup_extended (m->kinds, type, &key, (gpointer *) &schema) && schema == NULL)
    {
      schema = compile_kind (m->grammar, type);
      g_hash_table_insert (m->kinds, key, schema != NULL ? schema : none);
    }
  g_mutex_unlock (&move_schemas_lock);
  return schema != NULL && schema != none ? schema : m->any;
}

/* The element @node is or is in. */
static xmlNode *
element_of (xmlNode *node)
{
  while (node != NULL && node->type != XML_ELEMENT_NODE)
    node = node->parent;
  return node;
}

/* How deep in the document the element a complaint is about lies. Some
 * complaints about an element come with its child as their node ("Element
 * players has extra content: player"); those are about the parent. */
static guint
depth_of (xmlErrorPtr error)
{
  xmlNode *node = element_of (error->node);
  guint depth = 0;

  if (node != NULL && error->str1 != NULL && !xmlStrEqual (node->name, BAD_CAST error->str1)
      && node->parent != NULL && xmlStrEqual (node->parent->name, BAD_CAST error->str1))
    node = node->parent;
  for (; node != NULL && node->type == XML_ELEMENT_NODE; node = node->parent)
    depth++;
  return depth;
}

/* libxml2 reports the branches of a choice it tried and gave up too, and
 * those come first: "Expecting element players, got notes" for a player
 * two levels down. The first complaint about the deepest element is the
 * one that names what is wrong. */
static void
keep_deepest (void        *user_data,
              xmlErrorPtr  error)
{
  Complaint *best = user_data;
  guint depth;

  if (error == NULL)
    return;
  depth = depth_of (error);
  if (best->seen && depth <= best->depth)
    return;
  best->seen = TRUE;
  best->depth = depth;
  best->code = error->code;
  best->node = error->node;
  g_free (best->arg1);
  g_free (best->arg2);
  best->arg1 = g_strdup (error->str1);
  best->arg2 = g_strdup (error->str2);
}

/* How many attributes of @element hold @value, and the name of the first:
 * libxml2 names a value it refuses only by its type and the value. */
static guint
attributes_holding (xmlNode     *element,
                    const char  *value,
                    const char **name)
{
  guint n = 0;

  for (xmlAttr *attr = element != NULL ? element->properties : NULL; attr != NULL; attr = attr->next)
    {
      xmlChar *v = xmlNodeListGetString (attr->doc, attr->children, 1);

      if (xmlStrEqual (v, BAD_CAST value) && n++ == 0)
        *name = (const char *) attr->name;
      xmlFree (v);
    }
  return n;
}

/* The first text that is not blank in @node (or @node's own, if it is text). */
static char *
stray_text (xmlNode *node)
{
  xmlNode *child = node != NULL && node->type == XML_ELEMENT_NODE ? node->children : node;

  for (; child != NULL; child = child->next)
    if ((child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        && !xmlIsBlankNode (child))
      {
        g_autofree char *text = g_strstrip (g_strdup ((const char *) child->content));

        return xq_quote_for_message (text);
      }
  return NULL;
}

/* Takes the children of <moves> out of the tree (libxml2 then sees it
 * empty, which the schema allows) or puts them back. Their own links stay
 * as they are, so putting them back is two pointers. */
static void
detach_moves (Unit     *u,
              gboolean  detach)
{
  if (u->moves == NULL)
    return;
  u->moves->children = detach ? NULL : u->first;
  u->moves->last = detach ? NULL : u->last;
}

/* Makes @move, for a moment, the root of the scratch document, with no
 * siblings: libxml2 validates a document, not an element, and would read
 * the next move as content after the root. Its own children are untouched. */
static int
validate_alone (xmlRelaxNGValidCtxt *context,
                xmlDoc              *scratch,
                xmlNode             *move)
{
  xmlNode *parent = move->parent, *prev = move->prev, *next = move->next;
  int result;

  move->parent = (xmlNode *) scratch;
  move->prev = move->next = NULL;
  scratch->children = scratch->last = move;
  result = xmlRelaxNGValidateDoc (context, scratch);
  scratch->children = scratch->last = NULL;
  move->parent = parent;
  move->prev = prev;
  move->next = next;
  return result;
}

/* Validates @u quietly, its complaints going to @complaint if not NULL;
 * 0 when valid. */
static int
validate_unit (Unit      *u,
               Complaint *complaint)
{
  xmlRelaxNGValidCtxt *context = xmlRelaxNGNewValidCtxt (u->alone != NULL ? u->alone_schema : get_schema ());
  Complaint ignored = { FALSE, 0, 0, NULL, NULL, NULL };
  int result;

  if (context == NULL)
    g_error ("libxml2 could not make a RelaxNG validation context");
  xmlRelaxNGSetValidStructuredErrors (context, keep_deepest, complaint != NULL ? complaint : &ignored);
  if (u->alone != NULL)
    result = validate_alone (context, u->scratch, u->alone);
  else
    {
      detach_moves (u, TRUE);
      result = xmlRelaxNGValidateDoc (context, u->doc);
      detach_moves (u, FALSE);
    }
  xmlRelaxNGFreeValidCtxt (context);
  g_free (ignored.arg1);
  g_free (ignored.arg2);
  return result;
}

/* Validates @u quietly; returns the element libxml2 complains about
 * deepest, or NULL when it is valid. */
static xmlNode *
complained_element (Unit *u)
{
  Complaint complaint = { FALSE, 0, 0, NULL, NULL, NULL };
  int result = validate_unit (u, &complaint);

  g_free (complaint.arg1);
  g_free (complaint.arg2);
  return result == 0 ? NULL : element_of (complaint.node);
}

/* Whether @u is valid with only the first @keep of @elements (siblings
 * of one name) in it; the rest are unlinked for the check, then put back
 * where they were. */
static gboolean
valid_with_first (Unit      *u,
                  GPtrArray *elements,
                  guint      keep)
{
  g_autofree xmlNode **before = g_new0 (xmlNode *, elements->len);
  gboolean valid;

  for (guint i = keep; i < elements->len; i++)
    {
      xmlNode *node = g_ptr_array_index (elements, i);

      before[i] = node->prev;
      xmlUnlinkNode (node);
    }
  valid = complained_element (u) == NULL;
  /* In order: an element's neighbour before it is back before it is. */
  for (guint i = keep; i < elements->len; i++)
    xmlAddNextSibling (before[i], g_ptr_array_index (elements, i));
  return valid;
}

/* libxml2 blames the first of a run of like elements ("Element moves has
 * extra content: move", on the first move) when any of them fails inside
 * a choice, or an earlier one of the run ("Expecting element xqn, got
 * award" on the award before the one whose value it refused). The one at
 * fault is the first whose presence makes the file invalid: the file is
 * valid with the ones before it alone (the schema allows a run to end
 * anywhere), so a bisection finds it. The runs are those of the unit
 * validated: never the moves, each validated alone, and no run in the rest
 * is longer than XQ_SESSION_MAX_CHILDREN (check_children()). */
static xmlNode *
first_invalid_of_run (Unit    *u,
                      xmlNode *element)
{
  g_autoptr(GPtrArray) run = g_ptr_array_new ();
  guint valid = 0, invalid;

  for (xmlNode *node = element; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE && xmlStrEqual (node->name, element->name))
      g_ptr_array_add (run, node);
  if (run->len < 2)
    return element;
  invalid = run->len;
  while (invalid - valid > 1)
    {
      guint middle = valid + (invalid - valid) / 2;

      if (valid_with_first (u, run, middle))
        valid = middle;
      else
        invalid = middle;
    }
  return g_ptr_array_index (run, invalid - 1);
}

/* An element like @element elsewhere in the file (the same name and, for
 * moves, the same type) whose @attribute holds another value. */
static xmlNode *
find_donor (xmlNode    *node,
            xmlNode    *element,
            const char *attribute,
            const char *value)
{
  for (; node != NULL; node = node->next)
    {
      xmlNode *found;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (node != element && xmlStrEqual (node->name, element->name))
        {
          g_autofree char *kind = xq_xml_dup (element, "type");
          g_autofree char *node_kind = xq_xml_dup (node, "type");
          g_autofree char *other = xq_xml_dup (node, attribute);

          if (g_strcmp0 (kind, node_kind) == 0 && other != NULL && g_strcmp0 (other, value) != 0)
            return node;
        }
      if ((found = find_donor (node->children, element, attribute, value)) != NULL)
        return found;
    }
  return NULL;
}

/* Stands for "a player's name from the file" among an attribute's values. */
#define A_PLAYER_NAME "\001player"

/* Values the schema allows somewhere for attributes of each name ("state":
 * "playing", "ended", …; "turn": "1"), for an attribute no like element in
 * the file can lend a value to (the one <status>, the root's). */
static void
collect_values (xmlNode    *node,
                xmlNode    *grammar,
                GPtrArray  *out,
                guint       depth)
{
  for (; node != NULL && depth < 8; node = node->next)
    {
      g_autofree char *name_attr = NULL;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      name_attr = xq_xml_dup (node, xmlStrEqual (node->name, BAD_CAST "data") ? "type" : "name");
      if (xmlStrEqual (node->name, BAD_CAST "value"))
        g_ptr_array_add (out, xq_xml_dup_text (node));
      else if (xmlStrEqual (node->name, BAD_CAST "data"))
        {
          if (g_strcmp0 (name_attr, "nonNegativeInteger") == 0 || g_strcmp0 (name_attr, "positiveInteger") == 0)
            g_ptr_array_add (out, g_strdup ("1"));
          else if (g_strcmp0 (name_attr, "dateTime") == 0)
            g_ptr_array_add (out, g_strdup ("2024-01-01T00:00:00Z"));
        }
      else if (xmlStrEqual (node->name, BAD_CAST "ref"))
        {
          if (g_strcmp0 (name_attr, "player-name") == 0)
            g_ptr_array_add (out, g_strdup (A_PLAYER_NAME));
          else if (g_strcmp0 (name_attr, "amount") == 0)
            g_ptr_array_add (out, g_strdup ("1"));
          else
            for (xmlNode *define = grammar->children; define != NULL; define = define->next)
              {
                g_autofree char *defined = NULL;

                if (define->type != XML_ELEMENT_NODE || !xmlStrEqual (define->name, BAD_CAST "define"))
                  continue;
                defined = xq_xml_dup (define, "name");
                if (g_strcmp0 (defined, name_attr) == 0)
                  collect_values (define->children, grammar, out, depth + 1);
              }
        }
      else
        collect_values (node->children, grammar, out, depth + 1);
    }
}

static void
collect_attributes (xmlNode    *node,
                    xmlNode    *grammar,
                    GHashTable *values)
{
  for (; node != NULL; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (xmlStrEqual (node->name, BAD_CAST "attribute"))
        {
          char *name = xq_xml_dup (node, "name");
          GPtrArray *list = name != NULL ? g_hash_table_lookup (values, name) : NULL;

          if (name == NULL)
            continue;
          if (list == NULL)
            {
              list = g_ptr_array_new_with_free_func (g_free);
              g_hash_table_insert (values, g_strdup (name), list);
            }
          collect_values (node->children, grammar, list, 0);
          g_free (name);
        }
      else
        collect_attributes (node->children, grammar, values);
    }
}

/* Built once, like the compiled schema, and only read after. */
static GPtrArray *
schema_values (const char *attribute)
{
  static gsize initialized;
  static GHashTable *values;

  if (g_once_init_enter (&initialized))
    {
      xmlDoc *doc = xq_session_schema_document ();

      values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
      collect_attributes (xmlDocGetRootElement (doc), xmlDocGetRootElement (doc), values);
      xmlFreeDoc (doc);
      g_once_init_leave (&initialized, 1);
    }
  return g_hash_table_lookup (values, attribute);
}

/* Whether giving @element's @attribute the value @given ends the complaint
 * about @complained (or the run of like elements it is in). */
static gboolean
ends_complaint (Unit       *u,
                xmlNode    *element,
                xmlAttr    *attr,
                const char *own,
                const char *given,
                xmlNode    *complained,
                xmlNode    *first_of_run)
{
  xmlNode *still;

  xmlSetProp (element, attr->name, BAD_CAST given);
  still = complained_element (u);
  xmlSetProp (element, attr->name, BAD_CAST own);
  if (still == NULL)
    return TRUE;
  /* A complaint left further on is another fault; one about @complained,
   * inside it, around it or before it (libxml2 blames the first of a run)
   * means the change only moved the complaint. */
  for (xmlNode *node = still; node != NULL; node = node->parent)
    if (node == complained)
      return FALSE;
  for (xmlNode *node = complained; node != NULL; node = node->parent)
    if (node == still)
      return FALSE;
  return still != first_of_run && xmlXPathCmpNodes (complained, still) == 1;
}

/* A value the schema allows for @attr elsewhere, that ends the complaint. */
static gboolean
schema_value_ends_complaint (Unit       *u,
                             xmlNode    *element,
                             xmlAttr    *attr,
                             const char *own,
                             xmlNode    *complained,
                             xmlNode    *first_of_run)
{
  GPtrArray *values = schema_values ((const char *) attr->name);
  xmlNode *players = xq_xml_first_child (xmlDocGetRootElement (element->doc), "players");
  g_autofree char *player = xq_xml_dup (xq_xml_first_child (players, "player"), "name");

  /* A value the schema lists is not the one refused (a move's type that
   * does not fit its other attributes is another fault); trying the rest
   * would only cost a validation each. */
  for (guint i = 0; values != NULL && i < values->len; i++)
    if (g_strcmp0 (g_ptr_array_index (values, i), own) == 0)
      return FALSE;
  for (guint i = 0; values != NULL && i < values->len; i++)
    {
      const char *given = g_ptr_array_index (values, i);

      if (g_strcmp0 (given, A_PLAYER_NAME) == 0)
        given = player;
      if (given != NULL && g_strcmp0 (given, own) != 0
          && ends_complaint (u, element, attr, own, given, complained, first_of_run))
        return TRUE;
    }
  return FALSE;
}

/* libxml2 says only that @element's attributes do not fit where a value
 * is refused inside a choice or by a pattern. Which one is it? The one
 * that, given the value a like element in the file holds, puts an end to
 * the complaint about @element; NULL unless exactly one does. */
static char *
culprit_attribute (Unit     *u,
                   xmlNode  *element,
                   xmlNode  *complained,
                   char    **value)
{
  g_autofree char *culprit = NULL;
  g_autofree char *culprit_value = NULL;
  xmlNode *first_of_run = complained;
  guint n = 0;

  /* A move validated alone is in no run: its siblings are not walked. */
  for (xmlNode *node = complained != u->alone ? complained->prev : NULL; node != NULL; node = node->prev)
    if (node->type == XML_ELEMENT_NODE && xmlStrEqual (node->name, complained->name))
      first_of_run = node;

  for (xmlAttr *attr = element->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *) attr->name;
      g_autofree char *own = xq_xml_dup (element, name);
      g_autofree char *given = NULL;
      xmlNode *donor = find_donor (xmlDocGetRootElement (element->doc), element, name, own);
      gboolean ends;

      /* A like element's value first: it fits where this one stands. */
      if (donor != NULL)
        {
          given = xq_xml_dup (donor, name);
          ends = ends_complaint (u, element, attr, own, given, complained, first_of_run);
        }
      else
        ends = schema_value_ends_complaint (u, element, attr, own, complained, first_of_run);
      if (ends && n++ == 0)
        {
          culprit = g_strdup (name);
          culprit_value = g_steal_pointer (&own);
        }
    }
  if (n != 1)
    return NULL;
  *value = g_steal_pointer (&culprit_value);
  return g_steal_pointer (&culprit);
}

/* "<ELEMENT> has ATTRIBUTE="VALUE", …" when one attribute of @element is
 * the one at fault (culprit_attribute()). */
static char *
describe_culprit (Unit    *u,
                  xmlNode *element)
{
  g_autofree char *value = NULL;
  g_autofree char *attribute = NULL;
  g_autofree char *quoted = NULL;

  if (element->properties == NULL || (attribute = culprit_attribute (u, element, element, &value)) == NULL)
    return NULL;
  quoted = xq_quote_for_message (value);
  return g_strdup_printf (_("<%s> has %s=\"%s\", which the format does not allow there"),
                          (const char *) element->name, attribute, quoted);
}

/* Complaints that no attribute's value can be behind, spared the search:
 * an attribute no element of the format has, text where it does not belong. */
static gboolean
about_no_value (const Complaint *c)
{
  if (c->code == XML_RELAXNG_ERR_INVALIDATTR)
    return c->arg1 != NULL && schema_values (c->arg1) == NULL;
  if (c->code == XML_RELAXNG_ERR_EXTRACONTENT)
    return g_strcmp0 (c->arg2, "text") == 0;
  return c->code == XML_RELAXNG_ERR_NOTELEM || c->code == XML_RELAXNG_ERR_TEXTWRONG;
}

/* The sentence for @c, naming the element; most of libxml2's complaints
 * name it as their first argument, the rest only by their node. */
static char *
describe (Unit            *u,
          const Complaint *c)
{
  xmlNode *element = element_of (c->node);
  const char *name = element != NULL ? (const char *) element->name : NULL;
  const char *named = c->arg1 != NULL ? c->arg1 : name;
  char *culprit;

  if (element == NULL || named == NULL)
    return g_strdup (_("its root element is not one the format allows"));
  /* Whatever libxml2 calls it — a choice that failed, content it did not
   * expect where a move's branch gave up, a child where another belongs,
   * a value two attributes hold — a refused attribute value is named with
   * its attribute when trying a like element's value (or one the schema
   * allows) in its place shows which one it is. */
  if (!about_no_value (c))
    /* A move validated alone has libxml2 blame one of its children (“<move>
     * holds <sell> where <xqn> belongs”) for a value of the move's own that
     * the whole document's validation blamed on the move: its attributes
     * are tried too, after the element's own. */
    for (xmlNode *e = element; e != NULL; e = u->alone != NULL && e != u->alone ? element_of (e->parent) : NULL)
      if ((culprit = describe_culprit (u, e)) != NULL)
        return culprit;

  switch (c->code)
    {
    case XML_RELAXNG_ERR_TYPEVAL:
      {
        const char *attribute = NULL;
        guint n = attributes_holding (element, c->arg2 != NULL ? c->arg2 : "", &attribute);
        g_autofree char *value = xq_quote_for_message (c->arg2 != NULL ? c->arg2 : "");

        if (n == 1)
          return g_strdup_printf (_("<%s> has %s=\"%s\", which the format does not allow there"), name,
                                  attribute, value);
        if (n > 1)
          return g_strdup_printf (_("<%s> has the value “%s” where the format does not allow it"), name, value);
        return g_strdup_printf (_("<%s> holds “%s”, which the format does not allow there"), name, value);
      }
    case XML_RELAXNG_ERR_TYPE:
    case XML_RELAXNG_ERR_TYPECMP:
    case XML_RELAXNG_ERR_DATATYPE:
    case XML_RELAXNG_ERR_VALUE:
    case XML_RELAXNG_ERR_LIST:
      return g_strdup_printf (_("<%s> holds a value the format does not allow there"), name);
    case XML_RELAXNG_ERR_ELEMNAME:
      if (c->arg1 == NULL || c->arg2 == NULL)
        break;
      /* The node is the parent; the element found is the second argument. */
      if (xmlStrEqual (element->name, BAD_CAST c->arg2) && element->parent != NULL
          && element->parent->type == XML_ELEMENT_NODE)
        name = (const char *) element->parent->name;
      return g_strdup_printf (_("<%s> holds <%s> where <%s> belongs"), name, c->arg2, c->arg1);
    case XML_RELAXNG_ERR_NOELEM:
      if (c->arg1 == NULL)
        break;
      return g_strdup_printf (_("<%s> lacks a <%s> element"), name, c->arg1);
    case XML_RELAXNG_ERR_EXTRACONTENT:
      /* Text where only elements belong is named "text", as libxml2 names
       * a text node; its node is the element holding it. */
      if (g_strcmp0 (c->arg2, "text") == 0 && xq_xml_first_child (element, "text") == NULL)
        {
          g_autofree char *text = stray_text (element);

          if (text != NULL)
            return g_strdup_printf (_("<%s> holds text (“%s”) where only elements belong"), name, text);
        }
      if (c->arg1 != NULL && c->arg2 != NULL)
        return g_strdup_printf (_("<%s> holds a <%s> the format does not allow there"), c->arg1, c->arg2);
      break;
    case XML_RELAXNG_ERR_ELEMWRONG:
      if (c->arg1 != NULL && element->parent != NULL && element->parent->type == XML_ELEMENT_NODE)
        return g_strdup_printf (_("<%s> holds a <%s> the format does not allow there"),
                                (const char *) element->parent->name, c->arg1);
      break;
    case XML_RELAXNG_ERR_INVALIDATTR:
      if (c->arg1 != NULL && c->arg2 != NULL)
        return g_strdup_printf (_("<%s> has an attribute %s the format does not allow there"), c->arg2, c->arg1);
      break;
    case XML_RELAXNG_ERR_ATTRVALID:
      return g_strdup_printf (_("<%s> does not have the attributes the format asks for there"), named);
    case XML_RELAXNG_ERR_NOTELEM:
    case XML_RELAXNG_ERR_TEXTWRONG:
      {
        g_autofree char *text = stray_text (c->node);

        if (text != NULL)
          return g_strdup_printf (_("<%s> holds text (“%s”) where only elements belong"), name, text);
      }
      break;
    case XML_RELAXNG_ERR_ELEMNONS:
    case XML_RELAXNG_ERR_ELEMWRONGNS:
    case XML_RELAXNG_ERR_ELEMEXTRANS:
      return g_strdup_printf (_("<%s> is not in the namespace the format requires there"), named);
    /* These name the element as their first argument. */
    case XML_RELAXNG_ERR_CONTENTVALID:
    case XML_RELAXNG_ERR_ELEMNOTEMPTY:
    case XML_RELAXNG_ERR_DATAELEM:
    case XML_RELAXNG_ERR_VALELEM:
    case XML_RELAXNG_ERR_LISTELEM:
    case XML_RELAXNG_ERR_LACKDATA:
      name = named;
      break;
    default:
      break;
    }
  return g_strdup_printf (_("<%s> does not have the attributes and contents the format asks for there"), name);
}

/* The children of the root's first <moves>, the one list of a session
 * file that grows with the game. */
static xmlNode *
find_moves (xmlDoc *doc)
{
  xmlNode *root = xmlDocGetRootElement (doc);

  for (xmlNode *n = root != NULL ? root->children : NULL; n != NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE && xmlStrEqual (n->name, BAD_CAST "moves") && n->ns != NULL
        && xmlStrEqual (n->ns->href, BAD_CAST XQ_SESSION_NAMESPACE))
      return n;
  return NULL;
}

/* One pass over @top and what it holds, not into @moves: no element but
 * <moves> may hold more than XQ_SESSION_MAX_CHILDREN elements, which
 * libxml2 would validate in time growing with their square. */
static gboolean
check_children (xmlNode  *top,
                xmlNode  *moves,
                guint    *error_line,
                GError  **error)
{
  xmlNode *node = top;

  while (node != NULL)
    {
      gboolean descend = node->type == XML_ELEMENT_NODE && node != moves && node->children != NULL;

      if (descend)
        {
          guint n = 0;

          for (xmlNode *child = node->children; child != NULL; child = child->next)
            n += child->type == XML_ELEMENT_NODE;
          if (n > XQ_SESSION_MAX_CHILDREN)
            {
              if (error_line != NULL)
                *error_line = xq_xml_line (node);
              return xq_error_fail (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID,
                                    _("the file does not follow the session format: <%s> holds %u elements, and no element but <moves> holds more than %d"),
                                    (const char *) node->name, n, XQ_SESSION_MAX_CHILDREN);
            }
        }
      /* Depth first, without recursion (libxml2 allows 256 levels), and
       * never past @top. */
      if (descend)
        node = node->children;
      else
        {
          while (node != top && node->next == NULL)
            node = node->parent;
          node = node != top ? node->next : NULL;
        }
    }
  return TRUE;
}

static gboolean
refuse (Unit       *u,
        Complaint  *complaint,
        guint      *error_line,
        GError    **error)
{
  xmlNode *element = element_of (complaint->node);
  g_autofree char *problem = NULL;

  /* The element at fault, not the first of its run (first_invalid_of_run());
   * a move validated alone is the whole of its unit, in no run. */
  if ((complaint->code == XML_RELAXNG_ERR_EXTRACONTENT || complaint->code == XML_RELAXNG_ERR_ELEMNAME)
      && complaint->arg2 != NULL && element != NULL && element != u->alone
      && xmlStrEqual (element->name, BAD_CAST complaint->arg2))
    complaint->node = first_invalid_of_run (u, element);
  problem = describe (u, complaint);
  if (error_line != NULL)
    *error_line = xq_xml_line (element_of (complaint->node));
  return xq_error_fail (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID,
                        _("the file does not follow the session format: %s"), problem);
}

/* The type attribute of @move as it stands in the tree, not copied: every
 * move has one, and a copy would cost more than a move's validation. */
static const char *
type_of (xmlNode *move)
{
  for (xmlAttr *attr = move->properties; attr != NULL; attr = attr->next)
    if (attr->ns == NULL && xmlStrEqual (attr->name, BAD_CAST "type"))
      return attr->children != NULL && attr->children->next == NULL && attr->children->type == XML_TEXT_NODE
             ? (const char *) attr->children->content : NULL;
  return NULL;
}

/* Each child of <moves> against the schema's definition of a move of its
 * kind, in order; text where only moves belong is refused as libxml2
 * would. */
static gboolean
validate_moves (Unit          *u,
                GCancellable  *cancellable,
                guint         *error_line,
                GError       **error)
{
  g_autoptr(GHashTable) contexts = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                          (GDestroyNotify) xmlRelaxNGFreeValidCtxt);
  Complaint complaint = { FALSE, 0, 0, NULL, NULL, NULL };
  gboolean ok = TRUE;
  guint n = 0;

  u->scratch = xmlNewDoc (BAD_CAST "1.0");
  for (xmlNode *child = u->first; child != NULL && ok; child = child->next)
    {
      xmlRelaxNG *schema;
      xmlRelaxNGValidCtxt *context;

      if ((child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE) && !xmlIsBlankNode (child))
        {
          g_autofree char *text = stray_text (child);
          g_autofree char *problem = g_strdup_printf (_("<%s> holds text (“%s”) where only elements belong"),
                                                      (const char *) u->moves->name, text);

          if (error_line != NULL)
            *error_line = xq_xml_line (u->moves);
          ok = xq_error_fail (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID,
                              _("the file does not follow the session format: %s"), problem);
          break;
        }
      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (++n % MOVES_PER_CHECK == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      if (!check_children (child, NULL, error_line, error))
        {
          ok = FALSE;
          break;
        }
      schema = move_schema_for (u->move_schemas, type_of (child));
      context = g_hash_table_lookup (contexts, schema);
      if (context == NULL)
        {
          context = xmlRelaxNGNewValidCtxt (schema);
          if (context == NULL)
            g_error ("libxml2 could not make a RelaxNG validation context");
          xmlRelaxNGSetValidStructuredErrors (context, keep_deepest, &complaint);
          g_hash_table_insert (contexts, schema, context);
        }
      if (validate_alone (context, u->scratch, child) != 0)
        {
          Complaint full = { FALSE, 0, 0, NULL, NULL, NULL };

          /* The verdict and the complaint are those of the grammar of any
           * move: the narrowed one words some complaints worse ("Expecting
           * an element , got nothing"). */
          u->alone = child;
          u->alone_schema = u->move_schemas->any;
          if (validate_unit (u, &full) != 0)
            ok = refuse (u, &full, error_line, error);
          u->alone = NULL;
          g_free (full.arg1);
          g_free (full.arg2);
        }
      complaint.seen = FALSE;
      g_clear_pointer (&complaint.arg1, g_free);
      g_clear_pointer (&complaint.arg2, g_free);
    }
  g_clear_pointer (&u->scratch, xmlFreeDoc);
  return ok;
}

/**
 * xq_session_schema_validate:
 * @doc: a parsed session file
 * @cancellable: (nullable): checked between moves
 * @error_line: (out) (optional): the line an error refers to, or 0
 * @error: return location for a #GError in %XQ_FILE_ERROR, or
 *   %G_IO_ERROR_CANCELLED
 *
 * Takes time linear in the size of @doc.
 *
 * Returns: whether @doc follows the shipped schema
 */
gboolean
xq_session_schema_validate (xmlDoc        *doc,
                            GCancellable  *cancellable,
                            guint         *error_line,
                            GError       **error)
{
  Unit u = { doc, NULL, NULL, NULL, NULL, NULL, NULL, NULL };
  Complaint complaint = { FALSE, 0, 0, NULL, NULL, NULL };
  xmlNode *root = xmlDocGetRootElement (doc);
  g_autofree char *game_id = root != NULL ? xq_xml_dup (root, "game") : NULL;
  const XqGame *game;
  gboolean ok = TRUE;

  u.moves = find_moves (doc);
  /* Only the games there are, by their own names: a file's own game never
   * grows the cache. */
  game = xq_game_lookup (game_id);
  u.move_schemas = u.moves != NULL && game != NULL ? get_move_schemas (game->id) : NULL;
  /* A game the schema does not know: its moves are not a list of their own,
   * and the schema refuses the root anyway. */
  if (u.move_schemas == NULL || u.move_schemas->any == NULL)
    u.moves = NULL;
  else
    {
      u.first = u.moves->children;
      u.last = u.moves->last;
    }
  /* The moves are counted one by one as they are validated. */
  if (root != NULL && !check_children (root, u.moves, error_line, error))
    return FALSE;

  if (validate_unit (&u, &complaint) != 0)
    ok = refuse (&u, &complaint, error_line, error);
  g_free (complaint.arg1);
  g_free (complaint.arg2);
  if (ok && u.moves != NULL)
    ok = validate_moves (&u, cancellable, error_line, error);
  return ok;
}
