/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Splits XQN text into statements of tokens; the games give the tokens meaning. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-error.h"
#include "xq-notation.h"
#include "xq-quote.h"

void
xq_statement_free (XqStatement *statement)
{
  /* The tokens live in the statement's own block (see tokenize_line). */
  g_free (statement);
}

/* Keywords and codes are case-insensitive on input; names are not, and are
 * never compared through this. */
gboolean
xq_statement_is (const XqStatement *statement,
                 guint              index,
                 const char        *keyword)
{
  g_return_val_if_fail (statement != NULL, FALSE);

  return index < statement->n_tokens
         && !xq_statement_token_quoted (statement, index)
         && g_ascii_strcasecmp (statement->tokens[index], keyword) == 0;
}

gboolean
xq_statement_token_quoted (const XqStatement *statement,
                           guint              index)
{
  return index < statement->n_tokens && (statement->quoted & (G_GUINT64_CONSTANT (1) << index)) != 0;
}

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

/* Where a quoted token that starts at @open ends when read with escapes:
 * inside quotes a backslash before a quote or a backslash takes it
 * literally (see README.md, "Quotes and escapes"). %NULL when that reading
 * finds no quote that closes the token and is followed by a space, a '#' or
 * the end of the line: the token is then read as before escapes existed
 * (the first quote closes it), so a quoted name that ends in a backslash,
 * as files have always held, reads as it did. The token's text stays as
 * written; only a correction's reason is unescaped (xq_statement_dup_reason). */
static const char *
escaped_close (const char *line,
               gsize       open,
               gsize       length)
{
  for (gsize j = open + 1; j < length; j++)
    {
      if (line[j] == '\\' && j + 1 < length && (line[j + 1] == '"' || line[j + 1] == '\\'))
        {
          j++;
          continue;
        }
      if (line[j] != '"')
        continue;
      if (j + 1 == length || is_blank (line[j + 1]) || line[j + 1] == '#')
        return line + j;
      return NULL;
    }
  return NULL;
}

static XqStatement *
tokenize_line (const char  *line,
               gsize        length,
               guint        line_number,
               GError     **error)
{
  /* Where each token lies in @line: collected first, so the statement,
   * its token pointers and their text can be one allocation. */
  struct { gsize start, length; } spans[XQ_STATEMENT_MAX_TOKENS];
  guint n = 0;
  guint64 quoted = 0;
  gsize i = 0, text_size = 0;
  XqStatement *statement;
  char *text;

  while (i < length)
    {
      gsize start;

      if (is_blank (line[i]))
        {
          i++;
          continue;
        }
      if (line[i] == '#')
        break;
      if (n == XQ_STATEMENT_MAX_TOKENS)
        {
          g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                       _("a statement has at most %d words"), XQ_STATEMENT_MAX_TOKENS);
          return NULL;
        }
      if (line[i] == '"')
        {
          const char *close = escaped_close (line, i, length);

          if (close == NULL)
            close = memchr (line + i + 1, '"', length - i - 1);

          if (close == NULL)
            {
              g_set_error_literal (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                                   _("a quote (\") is opened but never closed"));
              return NULL;
            }
          start = i + 1;
          i = (gsize) (close - line) + 1;
          if (i < length && !is_blank (line[i]) && line[i] != '#')
            {
              g_set_error_literal (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                                   _("a closing quote (\") must be followed by a space"));
              return NULL;
            }
          quoted |= G_GUINT64_CONSTANT (1) << n;
          spans[n].start = start;
          spans[n++].length = (gsize) (close - line) - start;
          continue;
        }
      start = i;
      while (i < length && !is_blank (line[i]) && line[i] != '#')
        {
          if (line[i] == '"')
            {
              g_set_error_literal (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                                   _("a quote (\") may only stand at the start of a name"));
              return NULL;
            }
          i++;
        }
      spans[n].start = start;
      spans[n++].length = i - start;
    }

  if (n == 0)
    return NULL;

  for (guint t = 0; t < n; t++)
    text_size += spans[t].length + 1;
  statement = g_malloc0 (sizeof (XqStatement) + (n + 1) * sizeof (char *) + text_size);
  statement->line = line_number;
  statement->n_tokens = n;
  statement->quoted = quoted;
  statement->tokens = (char **) (statement + 1);
  text = (char *) (statement->tokens + n + 1);
  for (guint t = 0; t < n; t++)
    {
      statement->tokens[t] = text;
      memcpy (text, line + spans[t].start, spans[t].length);
      text += spans[t].length + 1;
    }
  return statement;
}

static guint
line_of_offset (const char *text,
                gsize       offset)
{
  guint line = 1;

  for (gsize i = 0; i < offset; i++)
    if (text[i] == '\n')
      line++;
  return line;
}

/**
 * xq_notation_split:
 * @text: XQN text
 * @length: its length, or -1 if nul-terminated
 * @error_line: (out) (optional): the line an error refers to
 * @error: return location for a #GError
 *
 * Splits @text into statements, dropping comments and blank lines.
 *
 * Returns: (transfer full) (element-type XqStatement): the statements, or
 *   %NULL with @error set
 */
/**
 * xq_notation_read_statement:
 * @text: one line of XQN, UTF-8
 *
 * The statement of a text that must hold exactly one (a move's line in a
 * session file), without building a list for it.
 *
 * Returns: (transfer full) (nullable): the statement, or %NULL if @text is
 *   not one line holding one well-formed statement
 */
XqStatement *
xq_notation_read_statement (const char *text)
{
  gsize length = strlen (text);

  if (memchr (text, '\n', length) != NULL || !g_utf8_validate (text, (gssize) length, NULL))
    return NULL;
  if (length > 0 && text[length - 1] == '\r')
    length--;
  return tokenize_line (text, length, 1, NULL);
}

GPtrArray *
xq_notation_split (const char  *text,
                   gssize       length,
                   guint       *error_line,
                   GError     **error)
{
  g_autoptr(GPtrArray) statements = NULL;
  const char *invalid = NULL;
  gsize len;
  gsize pos = 0;
  guint line_number = 1;

  g_return_val_if_fail (text != NULL, NULL);

  len = length < 0 ? strlen (text) : (gsize) length;
  if (error_line != NULL)
    *error_line = 0;

  if (!g_utf8_validate (text, (gssize) len, &invalid))
    {
      if (error_line != NULL)
        *error_line = line_of_offset (text, (gsize) (invalid - text));
      g_set_error_literal (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_ENCODING,
                           invalid < text + len && *invalid == '\0'
                           ? _("the text contains a NUL character")
                           : _("the text is not valid UTF-8"));
      return NULL;
    }

  /* A byte-order mark is what some editors put first; it is not a token. */
  if (len >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    pos = 3;

  statements = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_statement_free);
  while (pos < len)
    {
      const char *nl = memchr (text + pos, '\n', len - pos);
      gsize end = nl != NULL ? (gsize) (nl - text) : len;
      gsize line_len = end - pos;
      g_autoptr(GError) local_error = NULL;
      XqStatement *statement;

      if (line_len > 0 && text[pos + line_len - 1] == '\r')
        line_len--;

      statement = tokenize_line (text + pos, line_len, line_number, &local_error);
      if (local_error != NULL)
        {
          if (error_line != NULL)
            *error_line = line_number;
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (statement != NULL)
        g_ptr_array_add (statements, statement);
      pos = end + 1;
      line_number++;
    }

  return g_steal_pointer (&statements);
}

/* Characters that show nothing, besides white space and the format
 * characters (U+200B ZERO WIDTH SPACE, U+2060, U+FEFF, U+00AD SOFT HYPHEN …):
 * the rest of what Unicode marks as ignorable, and the letters and marks
 * that print as a blank. A name needs more than these, and two names that
 * differ only by them are one name. data/session.rng's player-name lists
 * the same characters; tests/test-names.c holds the two to every code point. */
static const struct
{
  gunichar first, last;
} blank_ranges[] = {
  { 0x034F, 0x034F },    /* combining grapheme joiner */
  { 0x115F, 0x1160 },    /* Hangul fillers */
  { 0x17B4, 0x17B5 },    /* Khmer inherent vowels */
  { 0x180B, 0x180F },    /* Mongolian variation selectors */
  { 0x2065, 0x2065 },
  { 0x2800, 0x2800 },    /* Braille pattern blank */
  { 0x3164, 0x3164 },    /* Hangul filler */
  { 0xFE00, 0xFE0F },    /* variation selectors */
  { 0xFFA0, 0xFFA0 },    /* halfwidth Hangul filler */
  { 0xFFF0, 0xFFF8 },
  { 0x1BCA0, 0x1BCA3 },  /* shorthand format controls */
  { 0x1D173, 0x1D17A },  /* musical format controls */
  { 0xE0000, 0xE0FFF },  /* tags, variation selectors supplement */
};

/* White space, which no name begins or ends with. Of the controls only the
 * tab may stand in a name (the notation quotes it). */
static gboolean
is_name_space (gunichar c)
{
  return g_unichar_isspace (c) && (c == '\t' || !g_unichar_iscntrl (c));
}

static gboolean
is_hidden (gunichar c)
{
  if (is_name_space (c))
    return FALSE;
  if (g_unichar_type (c) == G_UNICODE_FORMAT)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (blank_ranges); i++)
    if (c >= blank_ranges[i].first && c <= blank_ranges[i].last)
      return TRUE;
  return FALSE;
}

/**
 * xq_notation_check_name:
 * @name: a player name
 * @error: return location for a #GError
 *
 * The one rule for a player's name, wherever it is entered: the notation,
 * a session file (data/session.rng's player-name says the same) and the
 * new-game forms. Names must survive a round trip through the notation,
 * which has no escapes, and a session file, and a player must be able to
 * see them: 1 to 40 characters, no quote or control character (but a tab),
 * no character that moves the text around it (xq_unichar_moves_text():
 * bidirectional overrides, line separators) and neither U+FFFE nor U+FFFF, at least one
 * visible character, and no white space at either end.
 *
 * Returns: %TRUE if @name can be a player's name
 */
gboolean
xq_notation_check_name (const char  *name,
                        GError     **error)
{
  gboolean visible = FALSE;
  glong chars;

  g_return_val_if_fail (name != NULL, FALSE);

  if (!g_utf8_validate (name, -1, NULL))
    return xq_error_fail (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_ENCODING,
                          _("a player name must be valid UTF-8"));
  chars = g_utf8_strlen (name, -1);
  if (chars < 1 || chars > XQ_NAME_MAX_CHARS)
    return xq_notation_syntax_error (error, _("a player name has 1 to %d characters; “%s” has %ld"),
                                     XQ_NAME_MAX_CHARS, XQ_QUOTE (name), chars);
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* C0, DEL and C1 alike: each can drive a terminal, none can be seen.
       * U+FFFE and U+FFFF are no characters at all, and XML cannot hold them. */
      if (c == '"' || (g_unichar_iscntrl (c) && c != '\t') || c == 0xFFFE || c == 0xFFFF)
        return xq_notation_syntax_error (error,
                                         _("a player name cannot contain quotes (\") or control characters: “%s”"),
                                         XQ_QUOTE (name));
      if (xq_unichar_moves_text (c))
        return xq_notation_syntax_error (error,
                                         _("a player name cannot contain U+%04X, a character that moves or breaks the text around it: “%s”"),
                                         c, XQ_QUOTE (name));
      if (!is_name_space (c) && !is_hidden (c))
        visible = TRUE;
    }
  if (!visible)
    return xq_notation_syntax_error (error,
                                     _("a player name needs a visible character; this one holds only spaces or invisible characters"));
  if (is_name_space (g_utf8_get_char (name))
      || is_name_space (g_utf8_get_char (g_utf8_prev_char (name + strlen (name)))))
    return xq_notation_syntax_error (error, _("a player name cannot begin or end with a space: “%s”"),
                                     XQ_QUOTE (name));
  return TRUE;
}

/**
 * xq_notation_name_key:
 * @name: a player's name
 *
 * What makes two names one: the same letters once the invisible characters
 * are gone, compatibility forms (NFKC) and case folded. "Ann" and "ann", or
 * "é" written as one character and as "e" with an accent, are one name. The
 * club library matches players across games with the same key.
 *
 * Returns: (transfer full): the key
 */
char *
xq_notation_name_key (const char *name)
{
  g_autoptr(GString) shown = g_string_sized_new (strlen (name));
  g_autofree char *composed = NULL;
  g_autofree char *folded = NULL;

  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (!is_hidden (g_utf8_get_char (p)))
      g_string_append_unichar (shown, g_utf8_get_char (p));
  composed = g_utf8_normalize (shown->str, -1, G_NORMALIZE_NFKC);
  folded = g_utf8_casefold (composed, -1);
  return g_utf8_normalize (folded, -1, G_NORMALIZE_NFKC);
}

/**
 * xq_notation_check_player_names:
 * @names: the players' names
 * @n_names: how many
 * @error: return location for a #GError
 *
 * Every game's players: valid names, none used twice. Two names are the
 * same when they differ only in case, in how their letters are encoded or
 * in invisible characters, as people at the table would read them; the
 * notation then refers to each player by the exact name. How many players
 * a game takes is the game's to say.
 *
 * Returns: %TRUE if the names can be a table's
 */
gboolean
xq_notation_check_player_names (const char * const  *names,
                                guint                n_names,
                                GError             **error)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_names; i++)
    {
      if (!xq_notation_check_name (names[i], error))
        return FALSE;
      g_ptr_array_add (keys, xq_notation_name_key (names[i]));
      for (guint j = 0; j < i; j++)
        {
          /* The rules' refusal, as the games always reported it. */
          if (strcmp (names[i], names[j]) == 0)
            return xq_rule_refuse (error, _("the name “%s” is used by two players"), XQ_QUOTE (names[i]));
          if (strcmp (keys->pdata[i], keys->pdata[j]) == 0)
            return xq_rule_refuse (error,
                                   _("the name “%s” is used by two players (once as “%s”): names that differ only in case or in look-alike characters are one name"),
                                   XQ_QUOTE (names[j]), XQ_QUOTE (names[i]));
        }
    }
  return TRUE;
}

/**
 * xq_statement_dup_reason:
 * @statement: a statement
 * @index: a quoted token: a correction's reason
 *
 * The reason as the players wrote it: `\"` is a quote and `\\` a
 * backslash; any other backslash is itself.
 *
 * Returns: (transfer full): the unescaped text
 */
char *
xq_statement_dup_reason (const XqStatement *statement,
                         guint              index)
{
  const char *p;
  GString *out;

  g_return_val_if_fail (index < statement->n_tokens, NULL);

  p = statement->tokens[index];
  out = g_string_sized_new (strlen (p));
  for (; *p != '\0'; p++)
    {
      if (p[0] == '\\' && (p[1] == '"' || p[1] == '\\'))
        p++;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/**
 * xq_notation_append_reason:
 * @out: where the statement is being written
 * @reason: a correction's reason
 *
 * Appends a space and @reason in quotes. Escapes are written only when the
 * reason holds a quote or a backslash, so every reason that could be
 * written before escapes existed is written as it always was.
 */
void
xq_notation_append_reason (GString    *out,
                           const char *reason)
{
  g_string_append (out, " \"");
  for (const char *p = reason; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* Bare unless it holds a space, a tab or '#', which only quotes protect. */
void
xq_notation_append_name (GString    *out,
                         const char *name)
{
  if (strpbrk (name, " \t#") != NULL)
    g_string_append_printf (out, "\"%s\"", name);
  else
    g_string_append (out, name);
}

/**
 * xq_notation_too_large:
 * @error: return location for a #GError
 * @token: a well-formed number, beyond what the game can count
 * @limit: the largest number accepted there, as the notation writes it
 *
 * The refusal of a number kept only to stay in integer range: the sentence
 * says so rather than call it "not a number". Rules with a bound of their own
 * (a contract's 1 to 10, a card's 1 to 13) say theirs instead.
 *
 * Returns: %FALSE
 */
gboolean
xq_notation_too_large (GError     **error,
                       const char  *token,
                       const char  *limit)
{
  return xq_notation_syntax_error (error, _("“%s” is too large for the game: Exchequer counts up to %s"),
                                   XQ_QUOTE (token), limit);
}
