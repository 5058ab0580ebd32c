/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes and reads session XML: parse hardened, validate against the schema,
 * replay every move through the rules, check the stored snapshot. */

#include "config.h"

#include <glib/gi18n.h>
#include <libxml/parser.h>
#include <string.h>

#include "xq-error.h"
#include "xq-quote.h"
#include "xq-session-schema.h"
#include "xq-session-xml.h"
#include "xq-xml-guard.h"
#include "xq-xml.h"

/* The cancellable is looked at after this many moves: a few milliseconds. */
#define MOVES_PER_CHECK 1024

/* The loader's refusals: an XQ_FILE_ERROR with its sentence, and FALSE. */
#define fail(error, code, ...) xq_error_fail ((error), XQ_FILE_ERROR, (code), __VA_ARGS__)

/* A move's time as xsd:dateTime in UTC. Times outside the years 1–9999,
 * which GDateTime cannot hold, are written as the epoch. */
static char *
format_time (gint64 unix_time)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_utc (unix_time);

  return time != NULL ? g_date_time_format_iso8601 (time) : g_strdup ("1970-01-01T00:00:00Z");
}

/* A time without a zone (the schema's dateTime allows it) is taken as UTC. */
static gboolean
parse_time (const char *text,
            gint64     *unix_time)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) time = text != NULL ? g_date_time_new_from_iso8601 (text, utc) : NULL;

  if (time == NULL)
    return FALSE;
  *unix_time = g_date_time_to_unix (time);
  return TRUE;
}

/* What a session file holds, copied out of a session: plain data, so the
 * document can be built on another thread (the autosave journal's). */
struct _XqSessionRecord
{
  const XqGame *game;
  gpointer      setup;
  gpointer      state;
  guint         n_moves;
  guint8       *moves;      /* n_moves moves of game->move_size bytes */
  char        **reasons;    /* n_moves, NULL where a move has none */
  gint64       *times;
  char         *date;
  char         *place;
  char         *comment;
};

/**
 * xq_session_record_new:
 * @session: a session
 *
 * Copies what xq_session_record_to_xml() writes, which takes no longer
 * than copying the moves.
 *
 * Returns: (transfer full): the record
 */
XqSessionRecord *
xq_session_record_new (XqSession *session)
{
  XqSessionRecord *r = g_new0 (XqSessionRecord, 1);
  const XqGame *game = xq_session_get_game (session);

  r->game = game;
  r->setup = g_memdup2 (xq_session_get_setup (session), game->setup_size);
  r->state = g_memdup2 (xq_session_get_state (session), game->state_size);
  r->n_moves = xq_session_get_n_moves (session);
  r->moves = g_malloc (MAX (r->n_moves, 1) * game->move_size);
  r->reasons = g_new0 (char *, r->n_moves + 1);
  r->times = g_new (gint64, MAX (r->n_moves, 1));
  for (guint i = 0; i < r->n_moves; i++)
    {
      memcpy (r->moves + i * game->move_size, xq_session_get_move (session, i), game->move_size);
      r->reasons[i] = g_strdup (xq_session_get_move_reason (session, i));
      r->times[i] = xq_session_get_move_time (session, i);
    }
  r->date = g_strdup (xq_session_get_date (session));
  r->place = g_strdup (xq_session_get_place (session));
  r->comment = g_strdup (xq_session_get_comment (session));
  return r;
}

void
xq_session_record_free (XqSessionRecord *r)
{
  if (r == NULL)
    return;
  for (guint i = 0; i < r->n_moves; i++)
    g_free (r->reasons[i]);
  g_free (r->reasons);
  g_free (r->setup);
  g_free (r->state);
  g_free (r->moves);
  g_free (r->times);
  g_free (r->date);
  g_free (r->place);
  g_free (r->comment);
  g_free (r);
}

/**
 * xq_session_record_to_xml:
 * @r: a record of a session
 *
 * May run on any thread.
 *
 * Returns: (transfer full): the session file's bytes, UTF-8
 */
GBytes *
xq_session_record_to_xml (const XqSessionRecord *r)
{
  const XqGame *game = r->game;
  g_autoptr(xmlDoc) doc = xmlNewDoc (BAD_CAST "1.0");
  xmlNode *root, *players, *moves;
  g_autoptr(GString) line = g_string_new (NULL);

  /* Element and attribute names kept once each, not once a use. */
  doc->dict = xmlDictCreate ();
  root = xmlNewDocNode (doc, NULL, BAD_CAST "session", NULL);
  xmlDocSetRootElement (doc, root);
  xmlSetNs (root, xmlNewNs (root, BAD_CAST XQ_SESSION_NAMESPACE, NULL));
  xq_xml_set_uint (root, "format", XQ_SESSION_FORMAT);
  xq_xml_set (root, "app-version", PACKAGE_VERSION);
  xq_xml_set (root, "game", game->id);

  if (r->date != NULL || r->place != NULL || r->comment != NULL)
    {
      xmlNode *notes = xq_xml_add_child (root, "notes");

      if (r->date != NULL)
        xq_xml_add_text_child (notes, "date", r->date);
      if (r->place != NULL)
        xq_xml_add_text_child (notes, "place", r->place);
      if (r->comment != NULL)
        xq_xml_add_text_child (notes, "comment", r->comment);
    }

  players = xq_xml_add_child (root, "players");
  for (guint p = 0; p < game->get_n_players (r->setup); p++)
    xq_xml_set (xq_xml_add_child (players, "player"), "name", game->get_player_name (r->setup, p));
  game->write_setup_xml (r->setup, xq_xml_add_child (root, "setup"));

  moves = xq_xml_add_child (root, "moves");
  for (guint i = 0; i < r->n_moves; i++)
    {
      xmlNode *move = xq_xml_add_child (moves, "move");
      g_autofree char *time = format_time (r->times[i]);
      gconstpointer data = r->moves + i * game->move_size;

      xq_xml_set_uint (move, "n", i + 1);
      xq_xml_set (move, "time", time);
      game->write_move_xml (r->setup, data, move);
      g_string_truncate (line, 0);
      game->write_move (r->setup, data, line);
      xq_xml_add_text_child (move, "xqn", line->str);
      if (r->reasons[i] != NULL)
        xq_xml_add_text_child (move, "reason", r->reasons[i]);
    }

  game->write_snapshot_xml (r->setup, r->state, xq_xml_add_child (root, "snapshot"));
  return xq_xml_write_document (doc);
}

/**
 * xq_session_to_xml:
 * @session: a session
 *
 * Returns: (transfer full): the session file's bytes, UTF-8
 */
GBytes *
xq_session_to_xml (XqSession *session)
{
  g_autoptr(XqSessionRecord) record = xq_session_record_new (session);

  return xq_session_record_to_xml (record);
}

/* Whether @data at @i begins with @prefix. */
static gboolean
begins (const char *data,
        gsize       length,
        gsize       i,
        const char *prefix)
{
  gsize n = strlen (prefix);

  return i + n <= length && memcmp (data + i, prefix, n) == 0;
}

/* Entities and external subsets are how XML files reach local files and
 * explode in memory; a session never needs them, so none are parsed at all.
 * Only markup counts: "<!DOCTYPE" inside a comment, a CDATA section or a
 * processing instruction is text, which the parser reads as text. An
 * unclosed one holds the rest of the file, which the parser refuses. */
static gboolean
has_doctype (const char *data,
             gsize       length)
{
  static const struct
  {
    const char *open;
    const char *close;
  } sections[] = {
    { "<!--", "-->" },
    { "<![CDATA[", "]]>" },
    { "<?", "?>" },
  };

  for (gsize i = 0; i < length; i++)
    {
      const char *lt = memchr (data + i, '<', length - i);
      gboolean skipped = FALSE;

      if (lt == NULL)
        return FALSE;
      i = (gsize) (lt - data);
      if (begins (data, length, i, "<!DOCTYPE"))
        return TRUE;
      for (guint k = 0; k < G_N_ELEMENTS (sections) && !skipped; k++)
        if (begins (data, length, i, sections[k].open))
          {
            gsize j = i + strlen (sections[k].open);

            /* Not a string search: the bytes may hold a NUL. */
            while (j < length && !begins (data, length, j, sections[k].close))
              j++;
            if (j == length)
              return FALSE;
            i = j + strlen (sections[k].close) - 1;
            skipped = TRUE;
          }
    }
  return FALSE;
}

static void
refuse_doctype (GError **error)
{
  fail (error, XQ_FILE_ERROR_FORBIDDEN,
        _("the file contains a document type declaration, which a session file never has (it could expand entities or read other files)"));
}

static xmlDoc *
parse_hardened (const char  *data,
                gsize        length,
                guint       *error_line,
                GError     **error)
{
  g_autofree char *problem = NULL;
  gboolean doctype = FALSE;
  xmlDoc *doc;

  if (length == 0)
    {
      fail (error, XQ_FILE_ERROR_NOT_XML, _("the file is empty"));
      return NULL;
    }
  if (length > XQ_SESSION_MAX_BYTES)
    {
      fail (error, XQ_FILE_ERROR_TOO_LARGE,
            /* not G_GSIZE_FORMAT: xgettext cannot expand it */
            _("the file is %lu bytes long; a session file is at most %d"),
            (gulong) length, XQ_SESSION_MAX_BYTES);
      return NULL;
    }
  /* Also stopped by the parser; looked for first so that even a malformed
   * document with one gets this sentence. */
  if (has_doctype (data, length))
    {
      refuse_doctype (error);
      return NULL;
    }
  /* Shapes that would keep libxml2 busy for minutes, refused in one pass. */
  if (!xq_xml_guard_check (data, length, error_line, error))
    return NULL;

  doc = xq_xml_parse (data, length, &doctype, &problem, error_line);
  if (doctype)
    {
      refuse_doctype (error);
      return NULL;
    }
  if (doc == NULL)
    fail (error, XQ_FILE_ERROR_NOT_XML, _("the file is not well-formed XML: %s"),
          problem != NULL && *problem != '\0' ? problem : _("unknown parser error"));
  return doc;
}

/* The schema's sentence for a value of the root's @attribute, said before
 * the schema runs. */
static gboolean
refuse_root_value (GError     **error,
                   int          code,
                   xmlNode     *root,
                   const char  *attribute,
                   const char  *value)
{
  g_autofree char *problem = g_strdup_printf (_("<%s> has %s=\"%s\", which the format does not allow there"),
                                              (const char *) root->name, attribute, XQ_QUOTE (value));

  return fail (error, code, _("the file does not follow the session format: %s"), problem);
}

/* Names are the only free text in attributes, and the schema refuses a
 * character that moves the text around it (xq_unichar_moves_text()) in
 * them without saying which; a file written before that rule gets a
 * sentence naming the character, the attribute and the line. */
static gboolean
check_moving_text (xmlNode  *node,
                   guint    *error_line,
                   GError  **error)
{
  for (; node != NULL; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;
      for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
        {
          g_autofree char *value = NULL;
          gunichar moving;
          g_autofree char *problem = NULL;

          /* Every such character is three bytes of UTF-8 led by 0xE2
           * (U+2028 to U+206F) or 0xEF (U+FFF9 to U+FFFB): a value held in
           * one text node without either byte is passed over without a
           * copy, as nearly every attribute of a long game is (issue #23:
           * the load stays close to libxml2's own parse). */
          if (attr->children != NULL && attr->children->next == NULL && attr->children->type == XML_TEXT_NODE
              && attr->children->content != NULL && strpbrk ((const char *) attr->children->content, "\xE2\xEF") == NULL)
            continue;
          value = xq_xml_dup (node, (const char *) attr->name);
          moving = value != NULL && g_utf8_validate (value, -1, NULL) ? xq_text_find_moving (value) : 0;

          if (moving == 0)
            continue;
          if (error_line != NULL)
            *error_line = xq_xml_line (node);
          problem = g_strdup_printf (_("<%s> has %s=\"%s\", which holds U+%04X, a character that moves or breaks the text around it"),
                                     (const char *) node->name, (const char *) attr->name, XQ_QUOTE (value), moving);
          return fail (error, XQ_FILE_ERROR_INVALID, _("the file does not follow the session format: %s"), problem);
        }
      if (!check_moving_text (node->children, error_line, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_root (xmlNode  *root,
            guint    *error_line,
            GError  **error)
{
  g_autofree char *format = NULL;
  g_autofree char *game = NULL;
  guint64 version = 0;

  if (root == NULL || !xq_xml_is (root, "session") || root->ns == NULL
      || !xmlStrEqual (root->ns->href, BAD_CAST XQ_SESSION_NAMESPACE))
    return fail (error, XQ_FILE_ERROR_NOT_SESSION,
                 _("this is not an Exchequer session: its root element is not <session> in the namespace %s"),
                 XQ_SESSION_NAMESPACE);

  /* Checked before the schema, so a newer file gets the right sentence. */
  format = xq_xml_dup (root, "format");
  if (format == NULL)
    return fail (error, XQ_FILE_ERROR_INVALID,
                 _("the session has no valid format version"));
  if (!g_ascii_string_to_unsigned (format, 10, 1, G_MAXUINT32, &version, NULL))
    {
      if (error_line != NULL)
        *error_line = xq_xml_line (root);
      return refuse_root_value (error, XQ_FILE_ERROR_INVALID, root, "format", format);
    }
  if (version > XQ_SESSION_FORMAT)
    return fail (error, XQ_FILE_ERROR_NEWER_VERSION,
                 /* not G_GUINT64_FORMAT: xgettext cannot expand it */
                 _("the session was written by a newer Exchequer (file format %llu); this version reads format %d"),
                 (unsigned long long) version, XQ_SESSION_FORMAT);
  /* The games are a choice in the schema, and libxml2 names neither the
   * attribute nor the value when none fits. */
  game = xq_xml_dup (root, "game");
  if (game != NULL && xq_game_lookup (game) == NULL)
    {
      if (error_line != NULL)
        *error_line = xq_xml_line (root);
      return refuse_root_value (error, XQ_FILE_ERROR_NOT_SESSION, root, "game", game);
    }
  return TRUE;
}

static void
read_notes (XqSession *session,
            xmlNode   *root)
{
  xmlNode *notes = xq_xml_first_child (root, "notes");
  xmlNode *date = xq_xml_first_child (notes, "date");
  xmlNode *place = xq_xml_first_child (notes, "place");
  xmlNode *comment = xq_xml_first_child (notes, "comment");

  if (date != NULL)
    {
      g_autofree char *text = xq_xml_dup_text (date);

      xq_session_set_date (session, text);
    }
  if (place != NULL)
    {
      g_autofree char *text = xq_xml_dup_text (place);

      xq_session_set_place (session, text);
    }
  if (comment != NULL)
    {
      g_autofree char *text = xq_xml_dup_text (comment);

      xq_session_set_comment (session, text);
    }
}

static XqSession *
read_header (xmlNode  *root,
             guint    *error_line,
             GError  **error)
{
  g_autofree char *game_id = xq_xml_dup (root, "game");
  const XqGame *game = xq_game_lookup (game_id);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree gpointer setup = NULL;
  xmlNode *players = xq_xml_first_child (root, "players");
  xmlNode *setup_element = xq_xml_first_child (root, "setup");

  if (game == NULL)
    {
      fail (error, XQ_FILE_ERROR_NOT_SESSION, _("unknown game “%s”"), XQ_QUOTE (game_id));
      return NULL;
    }
  for (xmlNode *p = xq_xml_first_child (players, "player"); p != NULL; p = xq_xml_next_sibling (p->next, "player"))
    g_ptr_array_add (names, xq_xml_dup (p, "name"));
  g_ptr_array_add (names, NULL);

  setup = g_malloc0 (game->setup_size);
  if (!game->read_setup_xml (setup, (const char * const *) names->pdata, names->len - 1, setup_element, error))
    {
      if (error_line != NULL)
        *error_line = xq_xml_line (players);
      return NULL;
    }
  return xq_session_new (game, setup);
}

static gboolean
is_core_attribute (xmlAttr *attr)
{
  return attr->ns == NULL && (xmlStrEqual (attr->name, BAD_CAST "n") || xmlStrEqual (attr->name, BAD_CAST "time"));
}

static gboolean
is_core_child (xmlNode *node)
{
  return xq_xml_is (node, "xqn") || xq_xml_is (node, "reason");
}

/* What reading the moves reuses from one move to the next. */
typedef struct
{
  XqSession     *session;
  const XqGame  *game;
  gconstpointer  setup;
  gpointer       move;       /* the game's move struct */
} MoveReader;

/* Compares the game's part of a <move> (its attributes and children) with
 * what the game writes for the reader's move; number, time, text and reason
 * are the core's. */
static gboolean
move_data_matches (MoveReader  *reader,
                   xmlNode     *element,
                   char       **difference)
{
  xmlNode *expected = xmlNewNode (NULL, BAD_CAST "move");
  gboolean matches;

  reader->game->write_move_xml (reader->setup, reader->move, expected);
  matches = xq_xml_attributes_match (expected, element, is_core_attribute, difference)
            && xq_xml_children_match (expected, element, is_core_child, difference);
  xmlFreeNode (expected);
  return matches;
}

static gboolean
read_move (MoveReader  *reader,
           xmlNode     *element,
           guint        number,
           GError     **error)
{
  g_autofree char *text = xq_xml_dup_text (xq_xml_first_child (element, "xqn"));
  g_autofree char *stored_reason = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *difference = NULL;
  g_autofree char *n = xq_xml_dup (element, "n");
  g_autofree char *time_text = xq_xml_dup (element, "time");
  g_autoptr(XqStatement) statement = NULL;
  g_autoptr(GError) local_error = NULL;
  xmlNode *reason_element = xq_xml_first_child (element, "reason");
  guint64 stored_number = 0;
  gint64 time;

  if (n == NULL || !g_ascii_string_to_unsigned (n, 10, 1, G_MAXUINT, &stored_number, NULL)
      || stored_number != number)
    return fail (error, XQ_FILE_ERROR_INVALID, _("move %u is numbered “%s”; moves are numbered in order from 1"),
                 number, XQ_QUOTE (n));
  statement = xq_notation_read_statement (text);
  if (statement == NULL)
    return fail (error, XQ_FILE_ERROR_REPLAY, _("move %u: its XQN line must hold exactly one statement: “%s”"),
                 number, XQ_QUOTE (text));
  memset (reader->move, 0, reader->game->move_size);
  if (!reader->game->parse_move (reader->setup, statement, reader->move, &reason, &local_error))
    return fail (error, XQ_FILE_ERROR_REPLAY, _("move %u: %s"), number, local_error->message);
  if (reason_element != NULL)
    stored_reason = xq_xml_dup_text (reason_element);

  /* The structured data must say what the XQN line says. */
  if (!move_data_matches (reader, element, &difference))
    return fail (error, XQ_FILE_ERROR_REPLAY,
                 _("move %u: its data disagree with its XQN line “%s”: %s"), number, XQ_QUOTE (text),
                 difference);

  if (!xq_session_play_at_line (reader->session, reader->move, stored_reason != NULL ? stored_reason : reason,
                                xq_xml_line (element), &local_error))
    return fail (error, XQ_FILE_ERROR_REPLAY, _("move %u (%s): %s"), number, XQ_QUOTE (text),
                 local_error->message);

  if (parse_time (time_text, &time))
    xq_session_set_move_time (reader->session, number - 1, time);
  return TRUE;
}

static gboolean
check_snapshot (XqSession  *session,
                xmlNode    *stored,
                guint      *error_line,
                GError    **error)
{
  const XqGame *game = xq_session_get_game (session);
  xmlNode *replayed = xmlNewNode (NULL, BAD_CAST "snapshot");
  g_autofree char *difference = NULL;
  gboolean equal;

  game->write_snapshot_xml (xq_session_get_setup (session), xq_session_get_state (session), replayed);
  equal = xq_xml_equal (replayed, stored, &difference);
  xmlFreeNode (replayed);
  if (equal)
    return TRUE;
  if (error_line != NULL)
    *error_line = xq_xml_line (stored);
  return fail (error, XQ_FILE_ERROR_SNAPSHOT,
               _("the stored final state disagrees with the replayed moves: %s"), difference);
}

/**
 * xq_session_new_from_xml:
 * @data: the file's bytes
 * @length: their number
 * @error_line: (out) (optional): the line an error refers to, or 0
 * @error: return location for a #GError in %XQ_FILE_ERROR
 *
 * xq_session_read_xml() that cannot be cancelled.
 *
 * Returns: (transfer full) (nullable): the session
 */
XqSession *
xq_session_new_from_xml (const char  *data,
                         gsize        length,
                         guint       *error_line,
                         GError     **error)
{
  return xq_session_read_xml (data, length, NULL, error_line, error);
}

/**
 * xq_session_read_xml:
 * @data: the file's bytes
 * @length: their number
 * @cancellable: (nullable): looked at after the parse and every few
 *   hundred moves of the validation and the replay
 * @error_line: (out) (optional): the line an error refers to, or 0
 * @error: return location for a #GError in %XQ_FILE_ERROR, or
 *   %G_IO_ERROR_CANCELLED
 *
 * Reads a session file: no network, no DTD, no entity expansion, a size
 * limit; then the schema, every move through the rules, and the snapshot.
 * Takes time linear in @length.
 *
 * Returns: (transfer full) (nullable): the session
 */
XqSession *
xq_session_read_xml (const char    *data,
                     gsize          length,
                     GCancellable  *cancellable,
                     guint         *error_line,
                     GError       **error)
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  MoveReader reader = { NULL };
  xmlNode *root, *moves;
  guint number = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (error_line != NULL)
    *error_line = 0;

  doc = parse_hardened (data, length, error_line, error);
  if (doc == NULL || g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  root = xmlDocGetRootElement (doc);

  if (!check_root (root, error_line, error)
      || !check_moving_text (root, error_line, error)
      || !xq_session_schema_validate (doc, cancellable, error_line, error)
      || (session = read_header (root, error_line, error)) == NULL)
    return NULL;

  read_notes (session, root);
  moves = xq_xml_first_child (root, "moves");
  reader.session = session;
  reader.game = xq_session_get_game (session);
  reader.setup = xq_session_get_setup (session);
  reader.move = g_malloc0 (reader.game->move_size);
  for (xmlNode *move = xq_xml_first_child (moves, "move"); move != NULL; move = xq_xml_next_sibling (move->next, "move"))
    {
      if (++number % MOVES_PER_CHECK == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_clear_object (&session);
          goto out;
        }
      if (!read_move (&reader, move, number, error))
        {
          if (error_line != NULL)
            *error_line = xq_xml_line (move);
          g_clear_object (&session);
          goto out;
        }
    }

  {
    g_autoptr(GError) local_error = NULL;
    guint line = 0;

    if (!xq_session_check_complete (session, &line, &local_error))
      {
        if (error_line != NULL)
          *error_line = line;
        fail (error, XQ_FILE_ERROR_REPLAY, _("move %u: %s"), number, local_error->message);
        g_clear_object (&session);
        goto out;
      }
  }

  if (!check_snapshot (session, xq_xml_first_child (root, "snapshot"), error_line, error))
    g_clear_object (&session);

out:
  g_free (reader.move);
  return g_steal_pointer (&session);
}
