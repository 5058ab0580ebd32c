/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reads a PDF's words with their places (pdftotext -bbox) and joins the words
 * that share a line into rows, so a test can say what each page shows and
 * where, without relying on the program that wrote it. */

#include "config.h"

#include <string.h>

#include "pdf-support.h"

typedef struct
{
  double  x, top, bottom;
  char   *text;
} Word;

static void
row_free (gpointer data)
{
  PdfRow *row = data;

  g_free (row->text);
  g_free (row);
}

static void
page_free (gpointer data)
{
  PdfPage *page = data;

  g_ptr_array_unref (page->rows);
  g_free (page);
}

static void
word_clear (gpointer data)
{
  g_free (((Word *) data)->text);
}

gboolean
pdf_can_read (void)
{
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");

  return pdftotext != NULL;
}

static double
attribute (const char *line,
           const char *name)
{
  g_autofree char *key = g_strdup_printf (" %s=\"", name);
  const char *at = strstr (line, key);

  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen (key), NULL);
}

/* pdftotext escapes the five XML entities, and nothing else. */
static char *
unescape (const char *text,
          gsize       length)
{
  static const char * const entities[][2] = {
    { "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" }, { "&apos;", "'" },
  };
  GString *out = g_string_new (NULL);

  for (gsize i = 0; i < length;)
    {
      gboolean done = FALSE;

      for (guint e = 0; e < G_N_ELEMENTS (entities) && !done; e++)
        if (strncmp (text + i, entities[e][0], strlen (entities[e][0])) == 0)
          {
            g_string_append (out, entities[e][1]);
            i += strlen (entities[e][0]);
            done = TRUE;
          }
      if (!done)
        g_string_append_c (out, text[i++]);
    }
  return g_string_free (out, FALSE);
}

static int
by_top_then_x (gconstpointer a,
               gconstpointer b)
{
  const Word *x = a, *y = b;

  if (x->top != y->top)
    return x->top < y->top ? -1 : 1;
  return x->x < y->x ? -1 : x->x > y->x;
}

static int
by_x (gconstpointer a,
      gconstpointer b)
{
  const Word *x = *(Word * const *) a, *y = *(Word * const *) b;

  return x->x < y->x ? -1 : x->x > y->x;
}

/* A word whose middle lies within the height of a row's first (topmost)
 * word is on that row: a smaller word on the same baseline is too. */
static GPtrArray *
rows_of (GArray *words)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (row_free);

  g_array_sort (words, by_top_then_x);
  for (guint i = 0; i < words->len;)
    {
      g_autoptr(GPtrArray) row_words = g_ptr_array_new ();
      GString *text = g_string_new (NULL);
      PdfRow *row = g_new0 (PdfRow, 1);
      const Word *first = &g_array_index (words, Word, i);
      double limit = first->bottom;

      row->top = first->top;
      for (; i < words->len
             && (g_array_index (words, Word, i).top + g_array_index (words, Word, i).bottom) / 2 < limit; i++)
        {
          g_ptr_array_add (row_words, &g_array_index (words, Word, i));
          row->bottom = MAX (row->bottom, g_array_index (words, Word, i).bottom);
        }
      g_ptr_array_sort (row_words, by_x);
      for (guint w = 0; w < row_words->len; w++)
        {
          const char *word = ((Word *) row_words->pdata[w])->text;

          if (w > 0)
            g_string_append_c (text, ' ');
          g_string_append (text, word);
          /* cairo keeps the text an ellipsis hides as the ellipsis's own
           * (ActualText): pdftotext gives it back as one "word" with spaces. */
          row->elided |= strchr (word, ' ') != NULL;
        }
      row->text = g_string_free (text, FALSE);
      g_ptr_array_add (rows, row);
    }
  return rows;
}

/**
 * pdf_read_pages:
 * @pdf: a PDF file
 *
 * Returns: (transfer full): its pages (PdfPage), in order
 */
GPtrArray *
pdf_read_pages (const char *pdf)
{
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  const char *argv[] = { pdftotext, "-bbox", pdf, "-", NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *pages = g_ptr_array_new_with_free_func (page_free);
  g_autoptr(GArray) words = g_array_new (FALSE, FALSE, sizeof (Word));
  PdfPage *page = NULL;
  int wait_status = 0;

  g_assert_nonnull (pdftotext);
  g_array_set_clear_func (words, word_clear);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (wait_status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);

      if (g_str_has_prefix (line, "<page "))
        {
          page = g_new0 (PdfPage, 1);
          page->width = attribute (line, "width");
          page->height = attribute (line, "height");
          g_ptr_array_add (pages, page);
        }
      else if (g_str_has_prefix (line, "<word "))
        {
          const char *start = strchr (line, '>') + 1;
          const char *end = strstr (start, "</word>");
          Word word = { attribute (line, "xMin"), attribute (line, "yMin"), attribute (line, "yMax"),
                        unescape (start, (gsize) (end - start)) };

          g_assert_nonnull (page);
          g_array_append_val (words, word);
        }
      else if (g_str_has_prefix (line, "</page>"))
        {
          g_assert_nonnull (page);
          page->rows = rows_of (words);
          g_array_set_size (words, 0);
        }
    }
  return pages;
}

/* The index of the first row of @page that reads @text exactly, or -1. */
int
pdf_page_find_row (const PdfPage *page,
                   const char    *text)
{
  for (guint r = 0; r < page->rows->len; r++)
    if (strcmp (((PdfRow *) page->rows->pdata[r])->text, text) == 0)
      return (int) r;
  return -1;
}

void
pdf_assert_says (const char *words,
                 const char *part,
                 gboolean    says)
{
  if ((strstr (words, part) != NULL) != says)
    g_error ("“%s” %s in the report:\n%s", part, says ? "not found" : "should not be", words);
}
