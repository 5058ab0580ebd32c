/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Printable and exportable For-Ex reports: the standings CSV and the PDF. */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "fx-review-summary.h"
#include "xq-session.h"

G_BEGIN_DECLS

/* The PDF's layout, which tests rely on to predict its page count: five pages
 * (overview and board, audit, statistics, charts, review), then the lists
 * (contracts, dividends, corrections, moves: a heading each, each contract,
 * dividend, correction or move over as many lines as its sentence needs, one
 * "None." line for an empty list) at this many lines a page. */
#define FX_REPORT_FIXED_PAGES 5
#define FX_REPORT_LIST_LINES_PER_PAGE 46

char      *fx_report_csv        (XqSession   *session);
gboolean   fx_report_write_pdf  (XqSession   *session,
                                 const char  *path,
                                 GError     **error);
gboolean   fx_report_write_pdf_reviewed (XqSession       *session,
                                         FxReviewSummary *review,
                                         const char      *path,
                                         GError         **error);
/* How far a report being written on a worker is: read from another thread
 * with g_atomic_int_get(). */
typedef struct
{
  gint pages_done;   /* pages drawn */
  gint n_pages;      /* 0 until known */
} FxReportProgress;

gboolean   fx_report_write_pdf_reviewed_full (XqSession        *session,
                                              FxReviewSummary  *review,
                                              const char       *path,
                                              FxReportProgress *progress,
                                              GCancellable     *cancellable,
                                              GError          **error);
guint      fx_report_get_n_pages (XqSession  *session);
char      *fx_report_file_date  (GFile       *file);
void       fx_report_draw_page  (XqSession   *session,
                                 FxReviewSummary *review,
                                 guint        page,
                                 cairo_t     *cr,
                                 double       width,
                                 double       height);

G_END_DECLS
