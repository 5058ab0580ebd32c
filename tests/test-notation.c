/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests the game-independent XQN tokenizer, keyword matching and name rules. */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "xq-error.h"
#include "xq-notation.h"

static XqStatement *
statement_at (GPtrArray *statements,
              guint      index)
{
  g_assert_cmpuint (index, <, statements->len);
  return g_ptr_array_index (statements, index);
}

/* Checks one statement's line and tokens; "NAME" marks a token written in quotes
 * by a leading '\1' in @expected. */
static void
assert_statement (GPtrArray         *statements,
                  guint              index,
                  guint              line,
                  const char * const *expected)
{
  XqStatement *st = statement_at (statements, index);
  guint n = g_strv_length ((char **) expected);

  g_assert_cmpuint (st->line, ==, line);
  g_assert_cmpuint (st->n_tokens, ==, n);
  g_assert_null (st->tokens[n]);
  for (guint i = 0; i < n; i++)
    {
      gboolean quoted = expected[i][0] == '\1';

      g_assert_cmpstr (st->tokens[i], ==, expected[i] + (quoted ? 1 : 0));
      g_assert_cmpint (xq_statement_token_quoted (st, i), ==, quoted);
    }
}

static GPtrArray *
split_ok (const char *text,
          gssize      length)
{
  g_autoptr(GError) error = NULL;
  guint line = 12345;
  GPtrArray *statements = xq_notation_split (text, length, &line, &error);

  g_assert_no_error (error);
  g_assert_nonnull (statements);
  g_assert_cmpuint (line, ==, 0);
  return statements;
}

static void
split_fails (const char *text,
             gssize      length,
             gint        code,
             guint       expected_line,
             const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) statements = NULL;
  guint line = 12345;

  statements = xq_notation_split (text, length, &line, &error);
  g_assert_null (statements);
  g_assert_error (error, XQ_NOTATION_ERROR, code);
  g_assert_cmpuint (line, ==, expected_line);
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("error “%s” does not mention “%s”", error->message, fragment);

  /* error_line is optional. */
  g_clear_error (&error);
  g_assert_null (xq_notation_split (text, length, NULL, &error));
  g_assert_error (error, XQ_NOTATION_ERROR, code);
}

static void
test_split_basic (void)
{
  g_autoptr(GPtrArray) st = split_ok ("game for-ex\nplayers Bob Cynthia\n", -1);

  g_assert_cmpuint (st->len, ==, 2);
  assert_statement (st, 0, 1, (const char *[]) { "game", "for-ex", NULL });
  assert_statement (st, 1, 2, (const char *[]) { "players", "Bob", "Cynthia", NULL });
}

static void
test_split_empty (void)
{
  g_autoptr(GPtrArray) a = split_ok ("", -1);
  g_autoptr(GPtrArray) b = split_ok ("\n\n   \n\t\n# nothing\n  # still nothing", -1);

  g_assert_cmpuint (a->len, ==, 0);
  g_assert_cmpuint (b->len, ==, 0);
}

static void
test_split_comments (void)
{
  g_autoptr(GPtrArray) st = split_ok ("# a comment line\n"
                                      "game for-ex # trailing comment\n"
                                      "   # indented comment\n"
                                      "players \"#1 fan\" Bob#not-a-name\n"
                                      "players \"a # b\"# comment right after the quote\n"
                                      "#\n"
                                      "x#\n",
                                      -1);

  g_assert_cmpuint (st->len, ==, 4);
  assert_statement (st, 0, 2, (const char *[]) { "game", "for-ex", NULL });
  assert_statement (st, 1, 4, (const char *[]) { "players", "\1#1 fan", "Bob", NULL });
  assert_statement (st, 2, 5, (const char *[]) { "players", "\1a # b", NULL });
  assert_statement (st, 3, 7, (const char *[]) { "x", NULL });
}

static void
test_split_blank_and_tabs (void)
{
  g_autoptr(GPtrArray) st = split_ok ("\n\n  game\tfor-ex  \n\t\n \t \nplayers\t\t\"Mary Ann\"\tBob \t\n\n", -1);

  g_assert_cmpuint (st->len, ==, 2);
  assert_statement (st, 0, 3, (const char *[]) { "game", "for-ex", NULL });
  assert_statement (st, 1, 6, (const char *[]) { "players", "\1Mary Ann", "Bob", NULL });
}

static void
test_split_quotes (void)
{
  g_autoptr(GPtrArray) st = split_ok ("players \"Mary Ann\" \"#1 fan\" Bob \"Zoë\" \"\" \"tab\there\"\n"
                                      "correct cash Bob EUR 5 \"reason with # and  two spaces\"\n",
                                      -1);

  assert_statement (st, 0, 1,
                    (const char *[]) { "players", "\1Mary Ann", "\1#1 fan", "Bob", "\1Zoë", "\1", "\1tab\there", NULL });
  assert_statement (st, 1, 2,
                    (const char *[]) { "correct", "cash", "Bob", "EUR", "5", "\1reason with # and  two spaces", NULL });
}

/* Escapes in quotes: the token keeps its text as written (a name is never
 * unescaped); a reason is read through xq_statement_dup_reason. */
static void
test_split_escapes (void)
{
  g_autoptr(GPtrArray) st = split_ok ("correct cash Bob EUR 5 \"he said \\\"no\\\" \\\\ C:\\dir\\\\\" # note\n"
                                      "players \"Mary Ann\\\" \"Bob Smith\"\n"
                                      "players \"A\\\\B C\" Bob\n"
                                      "correct pile EUR 3 \"ends in \\\"\n",
                                      -1);
  g_autofree char *reason = xq_statement_dup_reason (statement_at (st, 0), 5);
  g_autofree char *old_reason = xq_statement_dup_reason (statement_at (st, 3), 4);
  g_autoptr(GString) written = g_string_new ("x");

  assert_statement (st, 0, 1,
                    (const char *[]) { "correct", "cash", "Bob", "EUR", "5",
                                       "\1he said \\\"no\\\" \\\\ C:\\dir\\\\", NULL });
  g_assert_cmpstr (reason, ==, "he said \"no\" \\ C:\\dir\\");
  /* A name ending in a backslash, as files have always written it: the
   * escaped reading finds no closing quote followed by a space, so the
   * first quote closes the token, as before. */
  assert_statement (st, 1, 2, (const char *[]) { "players", "\1Mary Ann\\", "\1Bob Smith", NULL });
  /* Two backslashes in a name stay two. */
  assert_statement (st, 2, 3, (const char *[]) { "players", "\1A\\\\B C", "Bob", NULL });
  /* A reason written before escapes existed that ends in a backslash. */
  g_assert_cmpstr (old_reason, ==, "ends in \\");

  /* The writer escapes only when it must. */
  xq_notation_append_reason (written, "plain # reason");
  g_assert_cmpstr (written->str, ==, "x \"plain # reason\"");
  g_string_assign (written, "x");
  xq_notation_append_reason (written, "a \"b\" \\");
  g_assert_cmpstr (written->str, ==, "x \"a \\\"b\\\" \\\\\"");

  /* And what it writes reads back to the same reason, for awkward ones too. */
  {
    const char *reasons[] = { "\"", "\\", "\\\"", "\" # \"", "a\\\" b", " \" ", "\\\\\\" };

    for (guint i = 0; i < G_N_ELEMENTS (reasons); i++)
      {
        g_autoptr(GString) line = g_string_new ("correct pile EUR 3");
        g_autoptr(XqStatement) back = NULL;
        g_autofree char *read = NULL;

        xq_notation_append_reason (line, reasons[i]);
        back = xq_notation_read_statement (line->str);
        g_assert_nonnull (back);
        g_assert_cmpuint (back->n_tokens, ==, 5);
        read = xq_statement_dup_reason (back, 4);
        g_assert_cmpstr (read, ==, reasons[i]);
      }
  }
}

static void
test_split_unterminated_quote (void)
{
  split_fails ("game for-ex\nplayers Bob\n\n# \"ok in a comment\nplayers \"Mary Ann Bob\nremoved x\n",
               -1, XQ_NOTATION_ERROR_SYNTAX, 5, NULL);
  /* The quote does not run on into the next line. */
  split_fails ("players \"Mary\nAnn\"\n", -1, XQ_NOTATION_ERROR_SYNTAX, 1, NULL);
  /* Nor into the CR of a CRLF line end. */
  split_fails ("a\r\nb \"c\r\n", -1, XQ_NOTATION_ERROR_SYNTAX, 2, NULL);
}

static void
test_split_quote_in_bare_token (void)
{
  split_fails ("game for-ex\nplayers Ma\"ry Bob\n", -1, XQ_NOTATION_ERROR_SYNTAX, 2, NULL);
  split_fails ("players Bob\"\n", -1, XQ_NOTATION_ERROR_SYNTAX, 1, NULL);
  /* A closing quote must end the token. */
  split_fails ("\n\n\nplayers \"Mary Ann\"x Bob\n", -1, XQ_NOTATION_ERROR_SYNTAX, 4, NULL);
  split_fails ("players \"a\"\"b\"\n", -1, XQ_NOTATION_ERROR_SYNTAX, 1, NULL);
}

static void
test_split_crlf (void)
{
  g_autoptr(GPtrArray) st = split_ok ("game for-ex\r\nplayers \"Mary Ann\" Bob\r\n\r\nremoved USD # c\r\nx", -1);

  g_assert_cmpuint (st->len, ==, 4);
  assert_statement (st, 0, 1, (const char *[]) { "game", "for-ex", NULL });
  assert_statement (st, 1, 2, (const char *[]) { "players", "\1Mary Ann", "Bob", NULL });
  assert_statement (st, 2, 4, (const char *[]) { "removed", "USD", NULL });
  assert_statement (st, 3, 5, (const char *[]) { "x", NULL });
}

static void
test_split_bom (void)
{
  g_autoptr(GPtrArray) st = split_ok ("\xEF\xBB\xBFgame for-ex\nplayers A B\n", -1);
  g_autoptr(GPtrArray) only = split_ok ("\xEF\xBB\xBF", -1);
  g_autoptr(GPtrArray) comment = split_ok ("\xEF\xBB\xBF# comment\r\ngame x\r\n", -1);

  g_assert_cmpuint (st->len, ==, 2);
  assert_statement (st, 0, 1, (const char *[]) { "game", "for-ex", NULL });
  assert_statement (st, 1, 2, (const char *[]) { "players", "A", "B", NULL });
  g_assert_cmpuint (only->len, ==, 0);
  g_assert_cmpuint (comment->len, ==, 1);
  assert_statement (comment, 0, 2, (const char *[]) { "game", "x", NULL });
}

static void
test_split_invalid_utf8 (void)
{
  split_fails ("\xff", -1, XQ_NOTATION_ERROR_ENCODING, 1, NULL);
  split_fails ("game for-ex\nplayers Bob\n\nremoved \xc3\x28 USD\nx\n", -1, XQ_NOTATION_ERROR_ENCODING, 4, NULL);
  /* Inside a comment or quotes it is still invalid text. */
  split_fails ("a\nb\nc # \xfe\n", -1, XQ_NOTATION_ERROR_ENCODING, 3, NULL);
  split_fails ("a\r\n\"b \xe2\x82\"\r\n", -1, XQ_NOTATION_ERROR_ENCODING, 2, NULL);
  /* An overlong encoding and a lone surrogate are not UTF-8 either. */
  split_fails ("a\n\xc0\xaf\n", -1, XQ_NOTATION_ERROR_ENCODING, 2, NULL);
  split_fails ("a\nb\n\xed\xa0\x80\n", -1, XQ_NOTATION_ERROR_ENCODING, 3, NULL);
}

static void
test_split_nul (void)
{
  static const char text[] = "game for-ex\nplayers Bob\0 Cynthia\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) st = NULL;
  guint line = 0;

  split_fails (text, sizeof text - 1, XQ_NOTATION_ERROR_ENCODING, 2, "NUL");

  st = xq_notation_split (text, sizeof text - 1, &line, &error);
  g_assert_null (st);
  g_assert_nonnull (strstr (error->message, "NUL"));
  /* With length -1 the NUL simply ends the text. */
  g_clear_error (&error);
  st = xq_notation_split (text, -1, &line, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st->len, ==, 2);
  assert_statement (st, 1, 2, (const char *[]) { "players", "Bob", NULL });
}

static void
test_split_length (void)
{
  /* Only @length bytes are read: the text need not end in NUL. */
  g_autoptr(GPtrArray) st = split_ok ("a b\nc d \"unterminated", 8);

  g_assert_cmpuint (st->len, ==, 2);
  assert_statement (st, 0, 1, (const char *[]) { "a", "b", NULL });
  assert_statement (st, 1, 2, (const char *[]) { "c", "d", NULL });
}

static void
test_split_max_tokens (void)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GPtrArray) st = NULL;
  XqStatement *statement;

  for (int i = 0; i < XQ_STATEMENT_MAX_TOKENS - 1; i++)
    g_string_append_printf (line, "w%d ", i);
  g_string_append (line, "\"last one\"");
  st = split_ok (line->str, -1);
  statement = statement_at (st, 0);
  g_assert_cmpuint (statement->n_tokens, ==, XQ_STATEMENT_MAX_TOKENS);
  g_assert_cmpstr (statement->tokens[XQ_STATEMENT_MAX_TOKENS - 1], ==, "last one");
  g_assert_true (xq_statement_token_quoted (statement, XQ_STATEMENT_MAX_TOKENS - 1));
  g_assert_false (xq_statement_token_quoted (statement, XQ_STATEMENT_MAX_TOKENS - 2));
  g_assert_false (xq_statement_token_quoted (statement, XQ_STATEMENT_MAX_TOKENS));

  g_string_prepend (line, "\n# x\nextra ");
  split_fails (line->str, -1, XQ_NOTATION_ERROR_SYNTAX, 3, NULL);
}

static void
test_statement_is (void)
{
  g_autoptr(GPtrArray) st = split_ok ("GAME For-Ex\nSpOt \"spot\" spot\n", -1);
  XqStatement *game = statement_at (st, 0);
  XqStatement *spot = statement_at (st, 1);

  g_assert_true (xq_statement_is (game, 0, "game"));
  g_assert_true (xq_statement_is (game, 0, "GAME"));
  g_assert_true (xq_statement_is (game, 1, "for-ex"));
  g_assert_true (xq_statement_is (game, 1, "FOR-EX"));
  g_assert_false (xq_statement_is (game, 1, "for-e"));
  g_assert_false (xq_statement_is (game, 1, "for-exx"));
  g_assert_false (xq_statement_is (game, 0, "players"));
  g_assert_false (xq_statement_is (game, 2, "game"));
  g_assert_false (xq_statement_is (game, 100, "game"));

  g_assert_true (xq_statement_is (spot, 0, "spot"));
  /* A quoted token is a name, never a keyword. */
  g_assert_false (xq_statement_is (spot, 1, "spot"));
  g_assert_true (xq_statement_is (spot, 2, "SPOT"));
}

static void
test_append_name (void)
{
  static const struct { const char *name; const char *written; } cases[] = {
    { "Bob", "Bob" },
    { "Zoë", "Zoë" },
    { "Ōtake", "Ōtake" },
    { "O'Neil", "O'Neil" },
    { "Mary Ann", "\"Mary Ann\"" },
    { "#1 fan", "\"#1 fan\"" },
    { "#1", "\"#1\"" },
    { "fan#", "\"fan#\"" },
    { "tab\there", "\"tab\there\"" },
    { "Li Wei", "\"Li Wei\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) out = g_string_new ("players ");
      g_autoptr(GPtrArray) st = NULL;
      XqStatement *statement;
      gboolean needs_quotes = cases[i].written[0] == '"';

      xq_notation_append_name (out, cases[i].name);
      g_assert_cmpstr (out->str + strlen ("players "), ==, cases[i].written);

      /* Whatever is written reads back as the same single token. */
      g_string_append (out, " Next\n");
      st = split_ok (out->str, -1);
      statement = statement_at (st, 0);
      g_assert_cmpuint (statement->n_tokens, ==, 3);
      g_assert_cmpstr (statement->tokens[1], ==, cases[i].name);
      g_assert_cmpint (xq_statement_token_quoted (statement, 1), ==, needs_quotes);
      g_assert_cmpstr (statement->tokens[2], ==, "Next");
    }
}

static void
check_name_ok (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *escaped = g_strescape (name, NULL);

  g_test_message ("name “%s” should be accepted", escaped);
  g_assert_true (xq_notation_check_name (name, &error));
  g_assert_no_error (error);
}

static void
check_name_bad (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *escaped = g_strescape (name, NULL);

  g_test_message ("name “%s” should be refused", escaped);
  g_assert_false (xq_notation_check_name (name, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == XQ_NOTATION_ERROR);
  g_assert_cmpstr (error->message, !=, "");
}

static char *
repeat (const char *unit,
        guint       n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append (out, unit);
  return g_string_free (out, FALSE);
}

static void
test_check_name (void)
{
  g_autofree char *ascii40 = repeat ("a", 40);
  g_autofree char *ascii41 = repeat ("a", 41);
  g_autofree char *e40 = repeat ("é", 40);      /* 80 bytes, 40 characters */
  g_autofree char *e41 = repeat ("é", 41);
  g_autofree char *cjk40 = repeat ("漢", 40);   /* 120 bytes */
  g_autofree char *cjk41 = repeat ("漢", 41);
  g_autofree char *emoji40 = repeat ("\xF0\x9F\x92\xB0", 40);  /* 160 bytes */
  g_autofree char *emoji41 = repeat ("\xF0\x9F\x92\xB0", 41);

  check_name_ok ("Bob");
  check_name_ok ("B");
  check_name_ok ("Mary Ann");
  check_name_ok ("#1 fan");
  check_name_ok ("Zoë");
  check_name_ok (ascii40);
  check_name_ok (e40);
  check_name_ok (cjk40);
  check_name_ok (emoji40);

  check_name_bad ("");
  check_name_bad (ascii41);
  check_name_bad (e41);
  check_name_bad (cjk41);
  check_name_bad (emoji41);
  check_name_bad ("\"");
  check_name_bad ("Ma\"ry");
  check_name_bad ("\"Mary Ann\"");
  check_name_bad ("Bob\"");
  check_name_bad ("\xff\xfe");
  check_name_bad ("line\nbreak");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xqn/notation/split/basic", test_split_basic);
  g_test_add_func ("/xqn/notation/split/empty", test_split_empty);
  g_test_add_func ("/xqn/notation/split/comments", test_split_comments);
  g_test_add_func ("/xqn/notation/split/blank-and-tabs", test_split_blank_and_tabs);
  g_test_add_func ("/xqn/notation/split/quotes", test_split_quotes);
  g_test_add_func ("/xqn/notation/split/escapes", test_split_escapes);
  g_test_add_func ("/xqn/notation/split/unterminated-quote", test_split_unterminated_quote);
  g_test_add_func ("/xqn/notation/split/quote-in-bare-token", test_split_quote_in_bare_token);
  g_test_add_func ("/xqn/notation/split/crlf", test_split_crlf);
  g_test_add_func ("/xqn/notation/split/bom", test_split_bom);
  g_test_add_func ("/xqn/notation/split/invalid-utf8", test_split_invalid_utf8);
  g_test_add_func ("/xqn/notation/split/nul", test_split_nul);
  g_test_add_func ("/xqn/notation/split/length", test_split_length);
  g_test_add_func ("/xqn/notation/split/max-tokens", test_split_max_tokens);
  g_test_add_func ("/xqn/notation/statement-is", test_statement_is);
  g_test_add_func ("/xqn/notation/append-name", test_append_name);
  g_test_add_func ("/xqn/notation/check-name", test_check_name);

  return g_test_run ();
}
