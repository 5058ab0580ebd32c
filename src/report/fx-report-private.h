/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the report's files share: the page geometry, the document being drawn. */
#pragma once

#include <cairo.h>

#include "fx-readings.h"
#include "fx-report.h"
#include "fx-review-summary.h"
#include "fx-score.h"
#include "fx-series.h"
#include "fx-stats.h"
#include "xq-session.h"

G_BEGIN_DECLS

/* A4 in points, 2 cm margins. */
#define PAGE_W 595.276
#define PAGE_H 841.890
#define MARGIN 56.7
#define CONTENT_W (PAGE_W - 2 * MARGIN)
#define BODY_TOP (MARGIN + 28)
#define BODY_BOTTOM (PAGE_H - MARGIN - 10)
#define ROW_H 14.5
#define LIST_LINE_H ((BODY_BOTTOM - BODY_TOP) / FX_REPORT_LIST_LINES_PER_PAGE)

typedef struct
{
  cairo_t          *cr;
  XqSession        *session;
  const FxSetup    *setup;
  FxState           final;
  FxStanding        standing;
  /* An unfinished game is ranked as the rules would end it after this turn. */
  FxState           projected;
  FxStanding        projected_standing;
  FxReadings        readings;
  FxStats          *stats;
  FxSeries         *series;
  FxReviewSummary  *review;         /* nullable: the review page says the game is not reviewed */
  guint             page;
  guint             n_pages;
  double            y;
  guint             zebra;
  guint             list_line;
  /* Printing one page (fx_report_draw_page): the others draw nowhere. */
  guint             only_page;      /* 1-based; 0 draws every page */
  cairo_t          *target_cr;
  cairo_t          *null_cr;
  /* Writing on a worker (fx_report_write_pdf_reviewed_full): nullable */
  FxReportProgress *progress;
} Doc;

/* fx-report-layout.c: text, headings, table rows, pages */
void report_ink (Doc *d, double grey);
double report_text_height (Doc *d, const char *font, const char *text, double width);
void report_paragraph (Doc *d, const char *font, const char *text);
void G_GNUC_PRINTF (3, 4) report_paragraphf (Doc *d, const char *font, const char *format, ...);
void report_heading (Doc *d, const char *text);
char *report_date_text (Doc *d);
void report_begin_page (Doc *d, const char *title);
void report_end_page (Doc *d);
void report_table_row (Doc *d, const char * const *cells, const double *widths, guint n, gboolean header);
char * report_amount_text (XqAmount amount);
const char * report_player (Doc *d, int p);
char * report_rate_text (const FxBoard *board, FxCurrency strongest, FxCurrency c);

/* fx-report-pages.c: the fixed pages */
void report_page_overview (Doc *d);
void report_page_audit (Doc *d);
void report_page_statistics (Doc *d);
void report_page_charts (Doc *d);

/* fx-report-review.c: the game review */
void report_page_review (Doc *d);

/* fx-report-lists.c: contracts, dividends, corrections and moves */
void report_pages_lists (Doc *d);
void report_list_line (Doc *d, const char *font, const char *number, const char *text, gboolean is_heading);
guint report_count_list_rows (Doc *d);

/* fx-report-explain.c: dividends and corrections whole, the result's note */
guint report_list_entry (Doc *d, const char *number, const char *text, gboolean draw);
void report_list_dividends (Doc *d);
void report_list_corrections (Doc *d);
guint report_count_explained_rows (Doc *d);
void report_append_corrected_note (Doc *d, GString *result);

G_END_DECLS
