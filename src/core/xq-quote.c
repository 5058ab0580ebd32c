/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one rule for echoing user text in a sentence (a token, a name, a value
 * from a file): a terminal or a label must show what was written, never obey
 * it, and a huge token must not make a huge message. */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "xq-quote.h"

/* Each character shown takes at most 4 bytes, an escape one per character. */
G_STATIC_ASSERT (XQ_QUOTE_MAX_CHARS * 4 + sizeof "…" <= XQ_QUOTE_BYTES);

/**
 * xq_unichar_moves_text:
 * @c: a character
 *
 * Whether @c changes how the text around it is shown, beyond its own place:
 * a line or paragraph separator (U+2028, U+2029) ends the line in many
 * viewers; the bidirectional embeddings, overrides and isolates (U+202A to
 * U+202E, U+2066 to U+2069) reorder what follows them, up to the end of
 * the line (the "Trojan Source" characters); the deprecated format
 * characters U+206A to U+206F change the shaping and digits of what
 * follows; the interlinear annotation characters (U+FFF9 to U+FFFB) hide
 * or move the text between them. Names and reasons refuse them, and
 * quotations show them as escapes. Invisible characters that act on their
 * own place only (a zero width joiner in an emoji or a Persian name, a
 * zero width space, a soft hyphen, a left-to-right mark) are not among them.
 *
 * Returns: %TRUE for such a character
 */
gboolean
xq_unichar_moves_text (gunichar c)
{
  return c == 0x2028 || c == 0x2029 || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x206F)
         || (c >= 0xFFF9 && c <= 0xFFFB);
}

/**
 * xq_text_find_moving:
 * @text: valid UTF-8
 *
 * Returns: the first character of @text for which xq_unichar_moves_text()
 *   holds, or 0
 */
gunichar
xq_text_find_moving (const char *text)
{
  g_return_val_if_fail (text != NULL, 0);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (xq_unichar_moves_text (g_utf8_get_char (p)))
      return g_utf8_get_char (p);
  return 0;
}

/* What stands for the next character of @p: an escape for a control
 * character (C0, DEL, C1), for one that moves the text around it
 * (xq_unichar_moves_text()), for U+FFFE and U+FFFF (no characters) or for a
 * byte that is not UTF-8, else the character itself. Sets how many bytes of @p it takes and how many characters it
 * shows; returns its length in bytes, written to @piece. */
static gsize
next_piece (const char *p,
            char        piece[8],
            gsize      *taken,
            gsize      *shown)
{
  gunichar c = g_utf8_get_char_validated (p, -1);
  int length;

  if (c == (gunichar) -1 || c == (gunichar) -2)
    {
      /* Not UTF-8: the byte, so the reader sees what the file holds. */
      *taken = 1;
      length = g_snprintf (piece, 8, "\\x%02x", (guchar) *p);
    }
  else
    {
      *taken = (gsize) (g_utf8_next_char (p) - p);
      if (c == '\t')
        length = g_snprintf (piece, 8, "\\t");
      else if (c == '\n')
        length = g_snprintf (piece, 8, "\\n");
      else if (c == '\r')
        length = g_snprintf (piece, 8, "\\r");
      else if (c < 0x20 || c == 0x7f)
        length = g_snprintf (piece, 8, "\\x%02x", c);
      else if ((c >= 0x80 && c <= 0x9f) || c == 0xfffe || c == 0xffff || xq_unichar_moves_text (c))
        length = g_snprintf (piece, 8, "\\u%04x", c);
      else
        {
          memcpy (piece, p, *taken);
          *shown = 1;
          return *taken;
        }
    }
  *shown = (gsize) length;
  return (gsize) length;
}

/* Writes the quotation of @text, at most @max_chars characters shown (an
 * escape counts each of its characters) and "…" if it had to be cut, into
 * @out if not %NULL. Returns its length in bytes, without the NUL. Stops
 * reading @text at the cut, so a huge one costs no more than a short one. */
static gsize
quote (const char *text,
       gsize       max_chars,
       char       *out)
{
  static const char ellipsis[] = "…";
  gsize length = 0, chars = 0;

  for (const char *p = text; *p != '\0';)
    {
      char piece[8];
      gsize taken, shown;
      gsize piece_length = next_piece (p, piece, &taken, &shown);

      if (chars + shown > max_chars)
        {
          if (out != NULL)
            memcpy (out + length, ellipsis, sizeof ellipsis - 1);
          length += sizeof ellipsis - 1;
          break;
        }
      if (out != NULL)
        memcpy (out + length, piece, piece_length);
      length += piece_length;
      chars += shown;
      p += taken;
    }
  if (out != NULL)
    out[length] = '\0';
  return length;
}

/**
 * xq_quote_into:
 * @text: user text: a token, a name, a value read from a file
 * @buf: where the quotation goes
 *
 * The form of @text to put inside a sentence's quotation marks: control
 * characters (C0, DEL, C1), those that move the text around them
 * (xq_unichar_moves_text()), U+FFFE, U+FFFF and bytes that are not UTF-8 are
 * written as escapes (`\x1b`, `\u009b`, `\t`), and after #XQ_QUOTE_MAX_CHARS characters
 * it is cut with "…". A valid player name is never changed but for a tab.
 * XQ_QUOTE() is the short form for a format's argument.
 *
 * Returns: @buf
 */
const char *
xq_quote_into (const char *text,
               char        buf[XQ_QUOTE_BYTES])
{
  g_return_val_if_fail (buf != NULL, "");

  if (text == NULL)
    text = "";
  quote (text, XQ_QUOTE_MAX_CHARS, buf);
  return buf;
}

/**
 * xq_quote_for_message:
 * @text: user text
 *
 * Returns: (transfer full): @text quoted as xq_quote_into() does
 */
char *
xq_quote_for_message (const char *text)
{
  char buf[XQ_QUOTE_BYTES];

  return g_strdup (xq_quote_into (text, buf));
}

/**
 * xq_escape_for_message:
 * @text: text to print where a control character would be obeyed: a file's
 *   path, a whole sentence made of other texts
 *
 * Like xq_quote_for_message() but never cut: a path stays whole. Text that
 * has been quoted already comes back unchanged.
 *
 * Returns: (transfer full): @text with its control characters escaped
 */
char *
xq_escape_for_message (const char *text)
{
  char *out;

  if (text == NULL)
    text = "";
  out = g_malloc (quote (text, G_MAXSIZE, NULL) + 1);
  quote (text, G_MAXSIZE, out);
  return out;
}
