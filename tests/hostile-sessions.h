/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Broken and hostile session documents, shared by the loader and CLI tests. */
#pragma once

#include <glib.h>
#include <string.h>

#include "xq-error.h"
#include "xq-session-xml.h"
#include "xq-session.h"

G_BEGIN_DECLS

/* One document the loader must refuse. */
typedef struct
{
  const char  *name;
  XqFileError  code;
  const char  *needles[3];  /* each must appear in the message */
  gboolean     has_line;    /* the error points at a line of the file */
  const char  *line_marker; /* if set, the line it points at is the one holding this */
  GBytes      *data;
} HostileCase;

static inline void
hostile_case_clear (HostileCase *c)
{
  g_clear_pointer (&c->data, g_bytes_unref);
}

/* @text with the first @old replaced by @replacement; @old must occur. */
static inline char *
hostile_replace_first (const char *text,
                       const char *old,
                       const char *replacement)
{
  const char *at = strstr (text, old);
  GString *out;

  if (at == NULL)
    g_error ("the session document lacks “%s”, which a hostile case needs", old);
  out = g_string_new_len (text, at - text);
  g_string_append (out, replacement);
  g_string_append (out, at + strlen (old));
  return g_string_free (out, FALSE);
}

/* @text with the value of the first attribute @attr at or after @anchor
 * replaced by @value. */
static inline char *
hostile_set_value (const char *text,
                   const char *anchor,
                   const char *attr,
                   const char *value)
{
  g_autofree char *key = g_strdup_printf (" %s=\"", attr);
  const char *from = strstr (text, anchor);
  const char *start = from != NULL ? strstr (from, key) : NULL;
  const char *end = start != NULL ? strchr (start + strlen (key), '"') : NULL;
  GString *out;

  if (end == NULL)
    g_error ("the session document lacks %s=\"…\" after “%s”", attr, anchor);
  out = g_string_new_len (text, start + strlen (key) - text);
  g_string_append (out, value);
  g_string_append (out, end);
  return g_string_free (out, FALSE);
}

/* @text with everything from @start up to and including @end cut out. */
static inline char *
hostile_cut (const char *text,
             const char *start,
             const char *end)
{
  const char *from = strstr (text, start);
  const char *to = from != NULL ? strstr (from, end) : NULL;
  GString *out;

  if (from == NULL || to == NULL)
    g_error ("the session document lacks “%s”…“%s”", start, end);
  out = g_string_new_len (text, from - text);
  g_string_append (out, to + strlen (end));
  return g_string_free (out, FALSE);
}

/* The session of @xqn_path with fixed notes and times, so the document is
 * the same on every run; the notes give the cases a <place> to fill. */
static inline XqSession *
hostile_base_session (const char *xqn_path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  XqSession *session;

  if (!g_file_get_contents (xqn_path, &text, NULL, &error))
    g_error ("%s", error->message);
  session = xq_session_new_from_notation (text, -1, NULL, &error);
  if (session == NULL)
    g_error ("%s: %s", xqn_path, error->message);
  xq_session_set_date (session, "2024-03-01");
  xq_session_set_place (session, "the kitchen table");
  xq_session_set_comment (session, "a quiet evening");
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    xq_session_set_move_time (session, i, 1709290000 + 60 * (gint64) i);
  return session;
}

static inline char *
hostile_base_document (XqSession *session)
{
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);

  return g_strndup (data, length);
}

static inline void
hostile_add (GArray      *cases,
             const char  *name,
             XqFileError  code,
             gboolean     has_line,
             char        *text,
             const char  *needle0,
             const char  *needle1,
             const char  *needle2)
{
  HostileCase c = { name, code, { needle0, needle1, needle2 }, has_line, NULL, NULL };

  c.data = g_bytes_new_take (text, strlen (text));
  g_array_append_val (cases, c);
}

/* The last case's error must point at the line holding @marker. */
static inline void
hostile_mark (GArray     *cases,
              const char *marker)
{
  g_array_index (cases, HostileCase, cases->len - 1).line_marker = marker;
}

/* The line @marker starts on in @c's document, counting from 1. */
static inline guint
hostile_marked_line (const HostileCase *c)
{
  g_autofree char *text = g_strndup (g_bytes_get_data (c->data, NULL), g_bytes_get_size (c->data));
  const char *at = strstr (text, c->line_marker);
  guint line = 1;

  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

/* Every broken or hostile document, made from the game in @xqn_path; that
 * game's first move must be a contract by its first player for 1 and it
 * must hold a spot transaction and a divestment. */
static inline GArray *
hostile_cases_new (const char *xqn_path)
{
  g_autoptr(XqSession) session = hostile_base_session (xqn_path);
  g_autofree char *doc = hostile_base_document (session);
  GArray *cases = g_array_new (FALSE, TRUE, sizeof (HostileCase));
  const char *first_player = xq_session_get_game (session)->get_player_name (xq_session_get_setup (session), 0);
  const char *second_player = xq_session_get_game (session)->get_player_name (xq_session_get_setup (session), 1);
  g_autofree char *first_move = xq_session_format_move (session, 0);
  g_autofree char *first_attr = g_strdup_printf ("actor=\"%s\" pay=", first_player);
  g_autofree char *second_attr = g_strdup_printf ("actor=\"%s\" pay=", second_player);
  g_autofree char *first_xqn = g_strdup_printf ("<xqn>%s</xqn>", first_move);
  g_autofree char *moved_xqn = NULL;
  char *text;

  g_array_set_clear_func (cases, (GDestroyNotify) hostile_case_clear);
  g_assert_true (g_str_has_prefix (first_move, "contract "));
  g_assert_nonnull (strstr (doc, "amount=\"1\""));

  hostile_add (cases, "empty", XQ_FILE_ERROR_NOT_XML, FALSE, g_strdup (""), "empty", NULL, NULL);
  hostile_add (cases, "not-xml", XQ_FILE_ERROR_NOT_XML, TRUE,
               g_strdup ("< this is not XML & it never was >\n"), "well-formed", NULL, NULL);
  hostile_add (cases, "truncated", XQ_FILE_ERROR_NOT_XML, TRUE,
               g_strndup (doc, strlen (doc) / 2), "well-formed", NULL, NULL);

  text = hostile_replace_first (doc, "<session ", "<ledger ");
  hostile_add (cases, "wrong-root", XQ_FILE_ERROR_NOT_SESSION, FALSE,
               hostile_replace_first (text, "</session>", "</ledger>"), "not an Exchequer session", "<session>", NULL);
  g_free (text);
  hostile_add (cases, "wrong-namespace", XQ_FILE_ERROR_NOT_SESSION, FALSE,
               hostile_replace_first (doc, XQ_SESSION_NAMESPACE, "https://example.org/ns/ledger"),
               "not an Exchequer session", "namespace", NULL);
  hostile_add (cases, "newer-format", XQ_FILE_ERROR_NEWER_VERSION, FALSE,
               hostile_replace_first (doc, "format=\"1\"", "format=\"2\""), "newer", "format 2", NULL);

  hostile_add (cases, "missing-players", XQ_FILE_ERROR_INVALID, TRUE,
               hostile_cut (doc, "<players>", "</players>"), "session format", "<players>", NULL);
  hostile_add (cases, "amount-7.3", XQ_FILE_ERROR_INVALID, TRUE,
               hostile_set_value (doc, "<moves>", "amount", "7.3"), "session format", "amount=\"7.3\"", NULL);
  hostile_mark (cases, "amount=\"7.3\"");
  hostile_add (cases, "currency-XYZ", XQ_FILE_ERROR_INVALID, TRUE,
               hostile_set_value (doc, "<removed ", "currency", "XYZ"),
               "session format", "<removed> has currency=\"XYZ\"", NULL);
  hostile_mark (cases, "currency=\"XYZ\"");
  hostile_add (cases, "count-negative", XQ_FILE_ERROR_INVALID, TRUE,
               hostile_set_value (doc, "<sell ", "count", "-1"),
               "session format", "<sell> has count=\"-1\"", NULL);
  hostile_mark (cases, "count=\"-1\"");

  /* More attributes on one tag than any element has: refused before
   * libxml2, whose time grows with their square, parses the file. */
  {
    GString *wide = g_string_new ("<move n=\"1\"");

    for (guint i = 0; i < 40; i++)
      g_string_append_printf (wide, " x%u=\"\"", i);
    hostile_add (cases, "wide-element", XQ_FILE_ERROR_INVALID, TRUE,
                 hostile_replace_first (doc, "<move n=\"1\"", wide->str), "more than 32 attributes", NULL, NULL);
    hostile_mark (cases, "<move n=\"1\"");
    g_string_free (wide, TRUE);
  }

  text = hostile_replace_first (doc, "?>\n", "?>\n<!DOCTYPE session [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n");
  hostile_add (cases, "xxe", XQ_FILE_ERROR_FORBIDDEN, FALSE,
               hostile_replace_first (text, "the kitchen table", "&xxe;"), "document type declaration", NULL, NULL);
  g_free (text);
  text = hostile_replace_first (doc, "?>\n",
                                "?>\n<!DOCTYPE session [\n"
                                " <!ENTITY lol \"lol\">\n"
                                " <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
                                " <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">\n"
                                " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
                                " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
                                " <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
                                " <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
                                " <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
                                " <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
                                " <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
                                "]>\n");
  hostile_add (cases, "billion-laughs", XQ_FILE_ERROR_FORBIDDEN, FALSE,
               hostile_replace_first (text, "a quiet evening", "&lol9;"), "document type declaration", NULL, NULL);
  g_free (text);

  hostile_add (cases, "invalid-utf8", XQ_FILE_ERROR_NOT_XML, TRUE,
               hostile_replace_first (doc, "the kitchen table", "Caf\xC3\x28 \xFF\xFE"), "well-formed", NULL, NULL);

  /* The first move, made by the second player out of turn. */
  g_assert_true (g_str_has_prefix (first_move + strlen ("contract "), first_player));
  moved_xqn = g_strdup_printf ("<xqn>contract %s%s</xqn>", second_player,
                               first_move + strlen ("contract ") + strlen (first_player));
  text = hostile_replace_first (doc, first_attr, second_attr);
  hostile_add (cases, "illegal-move", XQ_FILE_ERROR_REPLAY, TRUE,
               hostile_replace_first (text, first_xqn, moved_xqn), "move 1 ", "turn", NULL);
  hostile_mark (cases, "<move n=\"1\"");
  g_free (text);
  hostile_add (cases, "data-disagree", XQ_FILE_ERROR_REPLAY, TRUE,
               hostile_set_value (doc, "<move n=\"1\"", "amount", "2"), "move 1:", "disagree", "amount");
  hostile_mark (cases, "<move n=\"1\"");

  /* Moves are numbered in order; a gap would hide a lost move. */
  hostile_add (cases, "move-misnumbered", XQ_FILE_ERROR_INVALID, TRUE,
               hostile_set_value (doc, "<move n=\"1\"", "n", "99"), "move 1 ", "numbered", NULL);
  hostile_mark (cases, "<move n=\"99\"");

  /* Any cash in the snapshot, one digit longer: still an amount, now wrong. */
  hostile_add (cases, "snapshot-disagrees", XQ_FILE_ERROR_SNAPSHOT, TRUE,
               hostile_replace_first (doc, " cash=\"", " cash=\"1"), "final state", "disagrees", NULL);
  hostile_mark (cases, "<snapshot>");

  /* A game that stops between a spot transaction and the action it goes with:
   * written from a session, so the schema and the snapshot are right. */
  {
    g_autoptr(XqSession) cut = NULL;
    const XqGame *game = xq_session_get_game (session);
    guint spot = G_MAXUINT;

    for (guint i = 0; i < xq_session_get_n_moves (session) && spot == G_MAXUINT; i++)
      {
        g_autofree char *line = xq_session_format_move (session, i);

        if (g_str_has_prefix (line, "spot "))
          spot = i;
      }
    g_assert_cmpuint (spot, !=, G_MAXUINT);
    cut = xq_session_new (game, xq_session_get_setup (session));
    for (guint i = 0; i <= spot; i++)
      {
        g_autoptr(GError) error = NULL;

        if (!xq_session_play (cut, xq_session_get_move (session, i), xq_session_get_move_reason (session, i), &error))
          g_error ("%s", error->message);
      }
    hostile_add (cases, "ends-after-spot", XQ_FILE_ERROR_REPLAY, TRUE,
                 hostile_base_document (cut), "spot", NULL, NULL);
  }

  return cases;
}

G_END_DECLS
