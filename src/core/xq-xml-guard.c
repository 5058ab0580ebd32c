/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Refuses, before libxml2 parses them, the files that would cost it
 * quadratic time: a start tag with thousands of attributes (libxml2 checks
 * each against all the tag's earlier ones: 400,000 in a 4.7 MB file took
 * 39 s) or thousands of namespace declarations (each prefix is looked up
 * among all those in scope). One pass over the bytes, nothing allocated.
 *
 * The scan must never count fewer attributes than libxml2 will parse, even
 * in a malformed file, for libxml2 parses on after an error. So it keeps to
 * libxml2's own boundaries: a tag ends at its '>' outside quoted values or,
 * as in libxml2, at the next '<'; a comment, CDATA section or processing
 * instruction is skipped only if libxml2 reads it to its end (it holds no
 * byte that is not an XML character); the XML declaration ends at its first
 * '>'. Where the scan cannot tell, it counts: a malformed file, which
 * libxml2 refuses anyway, may get this refusal instead. The bytes are read
 * as UTF-8, as the loader tells libxml2 to.
 *
 * Nesting needs no guard here: without XML_PARSE_HUGE, libxml2 refuses more
 * than 256 levels by itself, within milliseconds. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-error.h"
#include "xq-xml-guard.h"

/* What ends a comment, a CDATA section or a processing instruction, and
 * where it was last found: the scan may ask again from a later place, and
 * must not search the same bytes twice. */
typedef struct
{
  const char   *open;
  gsize         open_length;
  const char   *close;
  gsize         close_length;
  const guchar *found;        /* at or after the last search's start; the end if none */
} Section;

/* The first byte libxml2 stops a comment at: one that starts no XML
 * character (a control character, invalid UTF-8, U+FFFE, U+FFFF). */
static const guchar *
find_first_bad (const guchar *data,
                gsize         length)
{
  const char *valid_end = NULL;
  const guchar *end;

  g_utf8_validate_len ((const char *) data, length, &valid_end);
  end = (const guchar *) valid_end;
  for (const guchar *p = data; p < end; p++)
    {
      if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
        return p;
      if (*p == 0xEF && end - p >= 3 && p[1] == 0xBF && (p[2] == 0xBE || p[2] == 0xBF))
        return p;
    }
  return end;
}

static const guchar *
section_find_close (Section      *s,
                    const guchar *from,
                    const guchar *end)
{
  if (s->found != NULL && s->found >= from)
    return s->found;
  s->found = end;
  for (const guchar *p = from; p < end && (p = memchr (p, s->close[0], (gsize) (end - p))) != NULL; p++)
    if ((gsize) (end - p) >= s->close_length && memcmp (p, s->close, s->close_length) == 0)
      {
        s->found = p;
        break;
      }
  return s->found;
}

/* Where the comment, CDATA section or processing instruction at @lt ends,
 * if libxml2 reads it to its end; NULL to count it as a tag. */
static const guchar *
section_end (Section       sections[3],
             const guchar *lt,
             const guchar *end,
             const guchar *first_bad)
{
  for (guint i = 0; i < 3; i++)
    {
      Section *s = &sections[i];
      const guchar *body = lt + s->open_length;
      const guchar *close;

      if ((gsize) (end - lt) < s->open_length || memcmp (lt, s->open, s->open_length) != 0)
        continue;
      /* Without a target libxml2 reads on after "<?" as content. */
      if (s->open[1] == '?' && (body == end || !(g_ascii_isalpha (*body) || *body == '_' || *body == ':')))
        return NULL;
      close = section_find_close (s, body, end);
      if (close == end || close + s->close_length > first_bad)
        return NULL;
      return close + s->close_length;
    }
  return NULL;
}

static gboolean
is_name_byte (guchar c)
{
  switch (c)
    {
    case ' ': case '\t': case '\r': case '\n':
    case '=': case '"': case '\'': case '<': case '>': case '/':
      return FALSE;
    default:
      return TRUE;
    }
}

static gboolean
is_namespace_declaration (const guchar *name,
                          const guchar *name_end)
{
  gsize length = (gsize) (name_end - name);

  return (length == 5 && memcmp (name, "xmlns", 5) == 0) || (length > 6 && memcmp (name, "xmlns:", 6) == 0);
}

/* Counts the attributes of the tag at @lt (an '=' outside quoted values
 * each) up to its '>' or the next '<'; returns where the scan goes on. */
static const guchar *
scan_tag (const guchar *lt,
          const guchar *end,
          guint        *n_attributes,
          guint        *n_namespaces)
{
  const guchar *run = NULL, *name = NULL, *name_end = NULL;
  const guchar *q;
  guchar quote = 0;

  *n_attributes = 0;
  for (q = lt + 1; q < end && *q != '<'; q++)
    {
      guchar c = *q;

      if (quote != 0)
        {
          quote = c == quote ? 0 : quote;
          continue;
        }
      if (is_name_byte (c))
        {
          run = run != NULL ? run : q;
          continue;
        }
      if (run != NULL)
        {
          name = run;
          name_end = q;
          run = NULL;
        }
      if (c == '>')
        return q + 1;
      if (c == '=')
        {
          (*n_attributes)++;
          if (name != NULL && is_namespace_declaration (name, name_end))
            (*n_namespaces)++;
        }
      if (c == '=' || c == '"' || c == '\'')
        name = NULL;
      if (c == '"' || c == '\'')
        quote = c;
    }
  return q;
}

static guint
line_at (const guchar *data,
         const guchar *at)
{
  guint line = 1;

  for (const guchar *p = data; p < at; p++)
    if (*p == '\n' || (*p == '\r' && (p + 1 == at || p[1] != '\n')))
      line++;
  return line;
}

/**
 * xq_xml_guard_check:
 * @data: a session file's bytes
 * @length: their number
 * @error_line: (out) (optional): the line of the tag refused, or 0
 * @error: return location for a #GError in %XQ_FILE_ERROR
 *
 * Looks at @data once, in linear time, before libxml2 parses it: refuses
 * a start tag with more than %XQ_XML_GUARD_MAX_ATTRIBUTES attributes and
 * a file with more than %XQ_XML_GUARD_MAX_NAMESPACES namespace
 * declarations, which no session file has and which would cost libxml2
 * time growing with their square.
 *
 * Returns: %TRUE if libxml2 may parse @data
 */
gboolean
xq_xml_guard_check (const char  *data,
                    gsize        length,
                    guint       *error_line,
                    GError     **error)
{
  const guchar *start = (const guchar *) data;
  const guchar *end = start + length;
  const guchar *p = start;
  const guchar *first_bad = find_first_bad (start, length);
  Section sections[3] = {
    { "<!--", 4, "-->", 3, NULL },
    { "<![CDATA[", 9, "]]>", 3, NULL },
    { "<?", 2, "?>", 2, NULL },
  };
  guint n_namespaces = 0;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (error_line != NULL)
    *error_line = 0;
  if (length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
    p += 3;
  /* libxml2 ends the XML declaration at its first '>', a malformed one too. */
  if (end - p > 5 && memcmp (p, "<?xml", 5) == 0 && p[5] != '\0' && strchr (" \t\r\n", p[5]) != NULL)
    {
      const guchar *gt = memchr (p, '>', (gsize) (end - p));

      p = gt != NULL ? gt + 1 : end;
    }

  while (p < end && (p = memchr (p, '<', (gsize) (end - p))) != NULL)
    {
      const guchar *lt = p;
      const guchar *after = NULL;
      guint n_attributes = 0;

      if (end - lt > 1 && (lt[1] == '!' || lt[1] == '?'))
        after = section_end (sections, lt, end, first_bad);
      if (after != NULL)
        {
          p = after;
          continue;
        }
      p = scan_tag (lt, end, &n_attributes, &n_namespaces);
      if (n_attributes > XQ_XML_GUARD_MAX_ATTRIBUTES || n_namespaces > XQ_XML_GUARD_MAX_NAMESPACES)
        {
          if (error_line != NULL)
            *error_line = line_at (start, lt);
          if (n_attributes > XQ_XML_GUARD_MAX_ATTRIBUTES)
            return xq_error_fail (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID,
                                  _("an element has more than %d attributes; no element of a session file has more than %d"),
                                  XQ_XML_GUARD_MAX_ATTRIBUTES, XQ_XML_GUARD_SCHEMA_ATTRIBUTES);
          return xq_error_fail (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID,
                                _("the file has more than %d namespace declarations; a session file needs one"),
                                XQ_XML_GUARD_MAX_NAMESPACES);
        }
    }
  return TRUE;
}
