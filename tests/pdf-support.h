/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading a PDF back as a person sees it: each page's rows of words, top to bottom (pdftotext -bbox). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double  top, bottom;      /* points from the top of the page */
  char   *text;             /* the row's words, left to right, one space apart */
  gboolean elided;          /* some words are hidden behind an ellipsis ("…") */
} PdfRow;

typedef struct
{
  double     width, height;
  GPtrArray *rows;          /* PdfRow, top to bottom */
} PdfPage;

gboolean   pdf_can_read      (void);
/* Fails the test unless PART is (SAYS) or is not (!SAYS) in a report's WORDS. */
void       pdf_assert_says   (const char    *words,
                              const char    *part,
                              gboolean       says);
#define SAYS(words, part) pdf_assert_says ((words), (part), TRUE)
#define NEVER_SAYS(words, part) pdf_assert_says ((words), (part), FALSE)
GPtrArray *pdf_read_pages    (const char    *pdf);
int        pdf_page_find_row (const PdfPage *page,
                              const char    *text);

G_END_DECLS
