/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests the one rule for player names: the same verdict from the notation,
 * the session file and its schema, with sentences that show what was typed. */

#include "config.h"

#include <glib.h>
#include <libxml/tree.h>
#include <libxml/xmlregexp.h>
#include <string.h>

#include "fx-state.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-notation.h"
#include "xq-session-schema.h"
#include "xq-session-xml.h"
#include "xq-session.h"

#define HEADER_TAIL "removed USD JPY JPY CNY EUR GBP\n"

/* NEL, a C1 control: two bytes of valid UTF-8 that a terminal may obey. */
#define C1_NAME "Bo\xC2\x85" "b"

static char *
escaped (const char *text)
{
  return g_strescape (text, NULL);
}

/* No byte of a control character (C0, DEL or C1) in @text. */
static void
assert_no_control (const char *text)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      g_error ("a control character in “%s”", escaped (text));
}

static void
assert_name_refused (const char *name,
                     const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *shown = escaped (name);

  g_test_message ("name “%s” should be refused", shown);
  if (xq_notation_check_name (name, &error))
    g_error ("the name “%s” was accepted", shown);
  g_assert_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX);
  assert_no_control (error->message);
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s” refused with “%s”, which does not say “%s”", shown, error->message, fragment);
}

static void
assert_name_accepted (const char *name)
{
  g_autoptr(GError) error = NULL;

  if (!xq_notation_check_name (name, &error))
    g_error ("the name “%s” was refused: %s", escaped (name), error->message);
}

/* The notation with @players as its players line, read as a game. */
static XqSession *
read_xqn (const char  *players,
          guint       *line,
          GError     **error)
{
  g_autofree char *text = g_strconcat ("game for-ex\nplayers ", players, "\n" HEADER_TAIL, NULL);

  return xq_session_new_from_notation (text, -1, line, error);
}

/* A session file of a game of Ann and Bob, with every "Bob" replaced by
 * @bob (already escaped for XML), read back. */
static XqSession *
read_xml_with (const char  *bob,
               GError     **error)
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *xml = NULL;

  session = read_xqn ("Ann Bob", NULL, &local_error);
  g_assert_no_error (local_error);
  bytes = xq_session_to_xml (session);
  parts = g_strsplit (g_bytes_get_data (bytes, NULL), "\"Bob\"", -1);
  g_assert_cmpuint (g_strv_length (parts), >=, 3);  /* the player and the snapshot */
  xml = g_strjoinv (bob, parts);
  return xq_session_new_from_xml (xml, strlen (xml), NULL, error);
}

/* -- the rule ------------------------------------------------------------- */

static void
test_control_characters_refused (void)
{
  static const char *const names[] = {
    C1_NAME,
    "CSI\xC2\x9B" "2J",              /* U+009B, the one-byte CSI */
    "\xC2\x80",                      /* U+0080 */
    "Ann\xC2\x9F",                   /* U+009F */
    "Bob\x1B[2J",
    "Del\x7F",
    "Bell\x07",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    assert_name_refused (names[i], "control characters");

  /* The sentence shows the character as an escape, so the player sees it. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (xq_notation_check_name (C1_NAME, &error));
    g_assert_cmpstr (error->message, ==,
                     "a player name cannot contain quotes (\") or control characters: “Bo\\u0085b”");
  }
}

/* Characters that move or break the text around them: a name holding one
 * would reorder or split every line `state`, `score` or `review` prints it
 * in. Refused, naming the character; the sentence shows it as an escape. */
static void
test_text_moving_characters_refused (void)
{
  static const struct
  {
    const char *name;
    const char *sentence;
  } cases[] = {
    { "Ann\xE2\x80\xA8" "Bob", "a player name cannot contain U+2028, a character that moves or breaks the text around it: “Ann\\u2028Bob”" },
    { "Ann\xE2\x80\xA9" "Bob", "a player name cannot contain U+2029, a character that moves or breaks the text around it: “Ann\\u2029Bob”" },
    { "Ann\xE2\x80\xAA", "a player name cannot contain U+202A, a character that moves or breaks the text around it: “Ann\\u202a”" },
    { "\xE2\x80\xAE" "nnA", "a player name cannot contain U+202E, a character that moves or breaks the text around it: “\\u202ennA”" },
    { "Ann\xE2\x81\xA6" "x", "a player name cannot contain U+2066, a character that moves or breaks the text around it: “Ann\\u2066x”" },
    { "Ann\xE2\x81\xA9", "a player name cannot contain U+2069, a character that moves or breaks the text around it: “Ann\\u2069”" },
    { "Ann\xE2\x81\xAF", "a player name cannot contain U+206F, a character that moves or breaks the text around it: “Ann\\u206f”" },
    { "Ann\xEF\xBF\xB9" "x", "a player name cannot contain U+FFF9, a character that moves or breaks the text around it: “Ann\\ufff9x”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (xq_notation_check_name (cases[i].name, &error));
      g_assert_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX);
      g_assert_cmpstr (error->message, ==, cases[i].sentence);
    }
  /* Invisible characters that act on their own place only stay allowed. */
  assert_name_accepted ("Ann\xE2\x80\x8E");                             /* U+200E LEFT-TO-RIGHT MARK */
  assert_name_accepted ("\xD9\x85\xDB\x8C\xE2\x80\x8C\xD8\xB1\xD8\xB2\xD8\xA7");  /* Persian, with U+200C */
}

/* A session file written before the rule, with a right-to-left override in
 * a name, is refused by the loader, which names the attribute and the
 * character, and shows it as an escape. */
static void
test_text_moving_refused_by_xml_loader (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = read_xml_with ("\"Bo\xE2\x80\xAE" "b\"", &error);

  g_assert_null (session);
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
  g_assert_null (strstr (error->message, "\xE2\x80\xAE"));
  g_assert_cmpstr (error->message, ==,
                   "the file does not follow the session format: <player> has name=\"Bo\\u202eb\", which holds "
                   "U+202E, a character that moves or breaks the text around it");
}

static void
test_invisible_only_refused (void)
{
  static const char *const names[] = {
    "\xE2\x80\x8B",                              /* U+200B ZERO WIDTH SPACE */
    "\xE2\x80\x8B\xE2\x80\x8D\xE2\x81\xA0",      /* U+200B U+200D U+2060 */
    "\xEF\xBB\xBF",                              /* U+FEFF */
    "\xC2\xAD\xC2\xAD",                          /* soft hyphens */
    " ",
    "   ",
    "\t",
    "\xC2\xA0",                                  /* no-break space */
    "\xE3\x80\x80",                              /* ideographic space */
    "\xE2\x80\x8B \xE2\x80\x8B",
    "\xE2\xA0\x80",                              /* U+2800 braille blank */
    "\xE3\x85\xA4",                              /* U+3164 Hangul filler */
    "\xEF\xB8\x8F",                              /* U+FE0F variation selector */
    "\xF3\xA0\x80\xA1",                          /* U+E0021 tag */
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    assert_name_refused (names[i], "needs a visible character");
}

static void
test_white_space_at_ends_refused (void)
{
  assert_name_refused (" Ann", "begin or end with a space");
  assert_name_refused ("Ann ", "begin or end with a space");
  assert_name_refused ("\tAnn", "begin or end with a space");
  assert_name_refused ("Ann\t", "begin or end with a space");
  assert_name_refused ("\xC2\xA0" "Ann", "begin or end with a space");
  assert_name_refused ("Ann\xE3\x80\x80", "begin or end with a space");
}

static void
test_unusual_names_accepted (void)
{
  assert_name_accepted ("Mary\tAnn");
  assert_name_accepted ("Zo\xC3\xAB");                               /* Zoë */
  assert_name_accepted ("Jose\xCC\x81");                             /* José, decomposed */
  assert_name_accepted ("\xE6\xBC\xA2\xE5\xAD\x97");                 /* 漢字 */
  assert_name_accepted ("\xE2\x9D\xA4\xEF\xB8\x8F");                 /* ❤️, ends in a variation selector */
  assert_name_accepted ("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x8C\xBE");  /* 👩‍🌾 */
  assert_name_accepted ("\xE2\x80\x8B" "Ann");
  assert_name_accepted ("A");
}

static void
assert_same_name (const char *first,
                  const char *second)
{
  const char *names[] = { "Cynthia", first, "David", second };
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = g_strdup_printf ("the name “%s” is used by two players (once as “%s”)", first, second);
  FxSetup setup;

  fx_setup_init (&setup);
  if (fx_setup_set_players (&setup, names, G_N_ELEMENTS (names), &error))
    g_error ("“%s” and “%s” were taken for two names", escaped (first), escaped (second));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  if (!g_str_has_prefix (error->message, expected))
    g_error ("“%s” does not begin “%s”", error->message, expected);
}

static void
test_same_name_refused (void)
{
  assert_same_name ("Ann", "ann");
  assert_same_name ("ANN", "ann");
  assert_same_name ("\xC3\xA9", "e\xCC\x81");                  /* é, precomposed and decomposed */
  assert_same_name ("Ren\xC3\xA9" "e", "REN\x45\xCC\x81" "E");  /* Renée, RENÉE */
  assert_same_name ("Ann", "\xEF\xBC\xA1nn");                  /* fullwidth Ａ */
  assert_same_name ("Ann", "An\xE2\x80\x8Bn");                 /* a zero width space inside */
  assert_same_name ("Stra\xC3\x9F" "e", "STRASSE");            /* ß folds to ss */

  /* Exact twins keep their sentence. */
  {
    const char *names[] = { "Bob", "Bob" };
    g_autoptr(GError) error = NULL;
    FxSetup setup;

    fx_setup_init (&setup);
    g_assert_false (fx_setup_set_players (&setup, names, 2, &error));
    g_assert_cmpstr (error->message, ==, "the name “Bob” is used by two players");
  }
  /* Different names stay different. */
  {
    const char *names[] = { "Ann", "Anne", "Ana", "\xC3\x85na" };
    g_autoptr(GError) error = NULL;
    FxSetup setup;

    fx_setup_init (&setup);
    g_assert_true (fx_setup_set_players (&setup, names, 4, &error));
    g_assert_no_error (error);
  }
}

/* -- the readers ---------------------------------------------------------- */

static void
test_c1_refused_by_xqn_reader (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  guint line = 0;

  session = read_xqn ("Ann " C1_NAME, &line, &error);
  g_assert_null (session);
  g_assert_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX);
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpstr (error->message, ==,
                   "a player name cannot contain quotes (\") or control characters: “Bo\\u0085b”");
}

static void
test_c1_refused_by_xml_loader (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = read_xml_with ("\"" C1_NAME "\"", &error);

  g_assert_null (session);
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
  assert_no_control (error->message);
  g_assert_nonnull (strstr (error->message, "Bo\\u0085b"));
}

static void
test_same_name_refused_by_readers (void)
{
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(XqSession) session = read_xqn ("Ann ann", NULL, &error);

    g_assert_null (session);
    g_assert_nonnull (strstr (error->message, "the name “Ann” is used by two players (once as “ann”)"));
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(XqSession) session = read_xml_with ("\"ANN\"", &error);

    g_assert_null (session);
    g_assert_nonnull (strstr (error->message, "the name “Ann” is used by two players (once as “ANN”)"));
  }
}

/* Every name the rule accepts, a session file holds and loads back. */
static void
test_unusual_names_load_from_xml (void)
{
  static const char *const names[] = {
    "\"Mary&#9;Ann\"", "\"Zo\xC3\xAB\"", "\"\xE6\xBC\xA2\xE5\xAD\x97\"", "\"\xE2\x80\x8B" "Bob\"",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) session = read_xml_with (names[i], &error);

      g_assert_no_error (error);
      g_assert_nonnull (session);
    }
}

/* -- the schema says the same, at every code point ------------------------ */

/* The pattern facets of the schema's player-name, as the loader has them. */
static GPtrArray *
player_name_patterns (void)
{
  xmlDoc *doc = xq_session_schema_document ();
  GPtrArray *patterns = g_ptr_array_new_with_free_func ((GDestroyNotify) xmlRegFreeRegexp);

  for (xmlNode *define = xmlDocGetRootElement (doc)->children; define != NULL; define = define->next)
    {
      xmlChar *name = define->type == XML_ELEMENT_NODE ? xmlGetProp (define, BAD_CAST "name") : NULL;

      if (name != NULL && xmlStrEqual (name, BAD_CAST "player-name"))
        for (xmlNode *data = define->children; data != NULL; data = data->next)
          for (xmlNode *param = data->children; param != NULL; param = param->next)
            {
              xmlChar *kind = param->type == XML_ELEMENT_NODE ? xmlGetProp (param, BAD_CAST "name") : NULL;

              if (kind != NULL && xmlStrEqual (kind, BAD_CAST "pattern"))
                {
                  xmlChar *text = xmlNodeGetContent (param);
                  xmlRegexp *regexp = xmlRegexpCompile (text);

                  g_assert_nonnull (regexp);
                  g_ptr_array_add (patterns, regexp);
                  xmlFree (text);
                }
              xmlFree (kind);
            }
      xmlFree (name);
    }
  xmlFreeDoc (doc);
  g_assert_cmpuint (patterns->len, >, 0);
  return patterns;
}

static gboolean
schema_accepts (GPtrArray  *patterns,
                const char *name)
{
  /* The length facets are the rule's too; only short names are tried here. */
  for (guint i = 0; i < patterns->len; i++)
    if (xmlRegexpExec (patterns->pdata[i], BAD_CAST name) != 1)
      return FALSE;
  return TRUE;
}

/* libxml2 says on stderr that U+FFFE and U+FFFF are no XML characters; the
 * verdict is what counts. */
static void
quiet (void       *context,
       const char *format,
       ...)
{
}

static void
test_schema_agrees_with_rule (void)
{
  g_autoptr(GPtrArray) patterns = player_name_patterns ();
  guint disagreements = 0;

  xmlSetGenericErrorFunc (NULL, quiet);

  for (gunichar c = 1; c <= 0x10FFFF; c++)
    {
      char ch[8] = { 0, };
      char *names[3];

      if (c >= 0xD800 && c <= 0xDFFF)
        continue;
      g_unichar_to_utf8 (c, ch);
      /* Each tells one part of the rule: may it stand in a name, at its
       * start or end, and alone (is it visible). */
      names[0] = g_strconcat ("x", ch, "x", NULL);
      names[1] = g_strconcat (ch, "x", NULL);
      names[2] = g_strdup (ch);
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          gboolean rule = xq_notation_check_name (names[i], NULL);

          if (rule != schema_accepts (patterns, names[i]) && disagreements++ < 20)
            {
              g_autofree char *shown = escaped (names[i]);

              g_test_message ("U+%04X in “%s”: the rule %s it, the schema %s it", c, shown,
                              rule ? "accepts" : "refuses", rule ? "refuses" : "accepts");
            }
          g_free (names[i]);
        }
    }
  xmlSetGenericErrorFunc (NULL, NULL);
  g_assert_cmpuint (disagreements, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/names/rule/control-characters-refused", test_control_characters_refused);
  g_test_add_func ("/names/rule/text-moving-refused", test_text_moving_characters_refused);
  g_test_add_func ("/names/xml/text-moving-refused", test_text_moving_refused_by_xml_loader);
  g_test_add_func ("/names/rule/invisible-only-refused", test_invisible_only_refused);
  g_test_add_func ("/names/rule/white-space-at-ends-refused", test_white_space_at_ends_refused);
  g_test_add_func ("/names/rule/unusual-names-accepted", test_unusual_names_accepted);
  g_test_add_func ("/names/rule/same-name-refused", test_same_name_refused);
  g_test_add_func ("/names/xqn/c1-refused", test_c1_refused_by_xqn_reader);
  g_test_add_func ("/names/xml/c1-refused", test_c1_refused_by_xml_loader);
  g_test_add_func ("/names/readers/same-name-refused", test_same_name_refused_by_readers);
  g_test_add_func ("/names/xml/unusual-names-load", test_unusual_names_load_from_xml);
  g_test_add_func ("/names/schema-agrees-with-rule", test_schema_agrees_with_rule);

  return g_test_run ();
}
