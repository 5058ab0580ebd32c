/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests how user text is quoted in sentences: escaped, cut short, never obeyed. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "xq-notation.h"
#include "xq-quote.h"

static void
assert_quote (const char *text,
              const char *expected)
{
  g_autofree char *quoted = xq_quote_for_message (text);

  g_assert_cmpstr (quoted, ==, expected);
  g_assert_cmpstr (XQ_QUOTE (text), ==, expected);
}

static void
test_control_characters_escaped (void)
{
  assert_quote ("\x1b]0;pwned\x07\x1b[2J", "\\x1b]0;pwned\\x07\\x1b[2J");
  assert_quote ("a\tb\nc\rd", "a\\tb\\nc\\rd");
  assert_quote ("del\x7f", "del\\x7f");
  assert_quote ("\x01\x1f", "\\x01\\x1f");
  /* C1, as characters: U+0080, U+0085 (NEL), U+009B (CSI), U+009F */
  assert_quote ("\xC2\x80\xC2\x85\xC2\x9B\xC2\x9F", "\\u0080\\u0085\\u009b\\u009f");
  /* The first characters past them are printed as they are. */
  assert_quote ("\xC2\xA0\xC3\xA9", "\xC2\xA0\xC3\xA9");
}

/* What moves or breaks the text around it is shown, not obeyed: a sentence
 * quoting it must read in the order it was written. */
static void
test_text_moving_escaped (void)
{
  assert_quote ("a\xE2\x80\xA8" "b\xE2\x80\xA9", "a\\u2028b\\u2029");
  assert_quote ("\xE2\x80\xAA\xE2\x80\xAB\xE2\x80\xAC\xE2\x80\xAD\xE2\x80\xAE",
                "\\u202a\\u202b\\u202c\\u202d\\u202e");
  assert_quote ("\xE2\x81\xA6\xE2\x81\xA7\xE2\x81\xA8\xE2\x81\xA9", "\\u2066\\u2067\\u2068\\u2069");
  assert_quote ("\xE2\x81\xAA\xE2\x81\xAF\xEF\xBF\xB9\xEF\xBF\xBB", "\\u206a\\u206f\\ufff9\\ufffb");
  /* Neighbours that act on their own place only are printed as they are:
   * U+200D ZERO WIDTH JOINER, U+200E LEFT-TO-RIGHT MARK, U+2065, U+FFFC. */
  assert_quote ("\xE2\x80\x8D\xE2\x80\x8E\xE2\x81\xA5\xEF\xBF\xBC", "\xE2\x80\x8D\xE2\x80\x8E\xE2\x81\xA5\xEF\xBF\xBC");
  g_assert_true (xq_unichar_moves_text (0x202E));
  g_assert_false (xq_unichar_moves_text (0x200D));
  g_assert_cmpuint (xq_text_find_moving ("ok \xE2\x81\xA8 then \xE2\x80\xAE"), ==, 0x2068);
  g_assert_cmpuint (xq_text_find_moving ("ok"), ==, 0);
}

static void
test_invalid_utf8_escaped (void)
{
  assert_quote ("a\xff" "b", "a\\xffb");
  assert_quote ("\xC2", "\\xc2");                      /* cut short */
  assert_quote ("\xC0\x80", "\\xc0\\x80");             /* overlong NUL */
  assert_quote ("\xED\xA0\x80", "\\xed\\xa0\\x80");    /* a surrogate */
  assert_quote ("\x9B" "2J", "\\x9b2J");              /* a lone C1 byte */
}

static void
test_cut_to_forty_characters (void)
{
  g_autofree char *forty = g_strnfill (40, 'a');
  g_autofree char *forty_one = g_strnfill (41, 'a');
  g_autofree char *huge = g_strnfill (10 * 1024 * 1024, 'a');
  g_autofree char *cut = g_strconcat (forty, "…", NULL);
  GString *cjk = g_string_new (NULL);
  GString *escapes = g_string_new (NULL);

  assert_quote ("", "");
  assert_quote (forty, forty);
  assert_quote (forty_one, cut);
  assert_quote (huge, cut);

  /* Characters are counted, not bytes. */
  for (guint i = 0; i < 41; i++)
    g_string_append (cjk, "\xE6\xBC\xA2");
  {
    g_autofree char *quoted = xq_quote_for_message (cjk->str);

    g_assert_cmpint (g_utf8_strlen (quoted, -1), ==, 41);
    g_assert_true (g_str_has_suffix (quoted, "\xE6\xBC\xA2…"));
  }

  /* An escape shows its characters, and is never split. */
  for (guint i = 0; i < 20; i++)
    g_string_append (escapes, "\x1b");
  {
    g_autofree char *quoted = xq_quote_for_message (escapes->str);

    g_assert_cmpstr (quoted, ==, "\\x1b\\x1b\\x1b\\x1b\\x1b\\x1b\\x1b\\x1b\\x1b\\x1b…");
    g_assert_cmpuint (strlen (quoted), <, XQ_QUOTE_BYTES);
  }
  g_string_free (cjk, TRUE);
  g_string_free (escapes, TRUE);
}

/* The worst case fits the buffer: 40 four-byte characters and the "…". */
static void
test_buffer_is_enough (void)
{
  GString *emoji = g_string_new (NULL);
  char buf[XQ_QUOTE_BYTES];

  for (guint i = 0; i < 100; i++)
    g_string_append (emoji, "\xF0\x9F\x92\xB0");
  g_assert_cmpuint (strlen (xq_quote_into (emoji->str, buf)), ==, XQ_QUOTE_BYTES - 1);
  g_string_free (emoji, TRUE);
}

static void
test_escape_keeps_everything (void)
{
  g_autofree char *long_path = g_strnfill (300, 'p');
  g_autofree char *escaped = xq_escape_for_message ("/tmp/a\x1b[2J\xC2\x9B.xqn");
  g_autofree char *whole = xq_escape_for_message (long_path);
  g_autofree char *again = xq_escape_for_message (escaped);

  g_assert_cmpstr (escaped, ==, "/tmp/a\\x1b[2J\\u009b.xqn");
  g_assert_cmpstr (whole, ==, long_path);
  /* Quoting what was quoted changes nothing. */
  g_assert_cmpstr (again, ==, escaped);
}

/* A name the rule accepts is shown as it is (a tab but escaped). */
static void
test_valid_names_unchanged (void)
{
  static const char *const names[] = {
    "Bob", "Mary Ann", "#1 fan", "Zo\xC3\xAB", "\xE6\xBC\xA2\xE5\xAD\x97", "\xE2\x9D\xA4\xEF\xB8\x8F",
    "\xE2\x80\x8B" "Ann", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_assert_true (xq_notation_check_name (names[i], NULL));
      assert_quote (names[i], names[i]);
    }
  assert_quote ("Mary\tAnn", "Mary\\tAnn");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/quote/control-characters-escaped", test_control_characters_escaped);
  g_test_add_func ("/quote/text-moving-escaped", test_text_moving_escaped);
  g_test_add_func ("/quote/invalid-utf8-escaped", test_invalid_utf8_escaped);
  g_test_add_func ("/quote/cut-to-forty-characters", test_cut_to_forty_characters);
  g_test_add_func ("/quote/buffer-is-enough", test_buffer_is_enough);
  g_test_add_func ("/quote/escape-keeps-everything", test_escape_keeps_everything);
  g_test_add_func ("/quote/valid-names-unchanged", test_valid_names_unchanged);

  return g_test_run ();
}
