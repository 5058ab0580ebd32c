/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The printable report: overview, audit, statistics, charts and move list as an A4 PDF. */

#include "config.h"

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "fx-game.h"
#include "fx-report.h"
#include "fx-report-draw.h"
#include "fx-report-text.h"
#include "fx-score.h"
#include "fx-series.h"
#include "fx-stats.h"

#include "fx-report-private.h"
#include "xq-file-replace.h"

/* Where cairo writes the PDF: memory, until a Cancel, after which cairo
 * stops writing (and the file is never touched). */
typedef struct
{
  GByteArray   *bytes;
  GCancellable *cancellable;
} Sink;

static cairo_status_t
write_to_sink (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  Sink *sink = closure;

  if (g_cancellable_is_cancelled (sink->cancellable))
    return CAIRO_STATUS_WRITE_ERROR;
  g_byte_array_append (sink->bytes, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
doc_init (Doc             *d,
          XqSession       *session,
          FxReviewSummary *review)
{
  guint list_lines;

  d->session = session;
  d->review = review != NULL ? fx_review_summary_ref (review) : NULL;
  d->setup = xq_session_get_setup (session);
  d->stats = fx_stats_new (session);
  d->series = fx_series_new (session);
  memcpy (&d->final, xq_session_get_state (session), sizeof d->final);
  fx_score_standing_under (&d->final, d->setup->readings, &d->standing);
  fx_score_standing_resolved (d->setup, &d->final, &d->projected, &d->projected_standing);
  fx_readings_compute (session, &d->readings);

  list_lines = report_count_list_rows (d);
  d->n_pages = FX_REPORT_FIXED_PAGES
               + (list_lines + FX_REPORT_LIST_LINES_PER_PAGE - 1) / FX_REPORT_LIST_LINES_PER_PAGE;
}

static void
doc_clear (Doc *d)
{
  g_clear_pointer (&d->stats, fx_stats_free);
  g_clear_pointer (&d->series, fx_series_free);
  g_clear_pointer (&d->review, fx_review_summary_unref);
}

/* Draws every page; a Cancel stops it between the pages' groups (the lists
 * are the last and longest). Returns FALSE when cancelled. */
static gboolean
doc_draw (Doc          *d,
          GCancellable *cancellable)
{
  void (*const parts[]) (Doc *d) = {
    report_page_overview, report_page_audit, report_page_statistics, report_page_charts, report_page_review,
    report_pages_lists,
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;
      parts[i] (d);
    }
  g_warn_if_fail (d->page == d->n_pages);
  if (d->progress != NULL)
    g_atomic_int_set (&d->progress->pages_done, (gint) d->page);
  return TRUE;
}

/**
 * fx_report_get_n_pages:
 * @session: a For-Ex session
 *
 * Returns: how many pages the report has
 */
guint
fx_report_get_n_pages (XqSession *session)
{
  Doc d = { 0 };
  guint n;

  g_return_val_if_fail (xq_session_get_game (session) == fx_game_get (), 0);

  doc_init (&d, session, NULL);
  n = d.n_pages;
  doc_clear (&d);
  return n;
}

/**
 * fx_report_draw_page:
 * @session: a For-Ex session
 * @review: (nullable): the game's review (fx_review_summary_run()), for the
 *   review page; without it that page says the game is not reviewed
 * @page: the page, from 0
 * @cr: where to draw, without showing the page
 * @width: the width available on @cr
 * @height: the height available on @cr
 *
 * Draws one page of the report as the PDF has it, scaled to fit
 * @width × @height and centred, for printing.
 */
void
fx_report_draw_page (XqSession       *session,
                     FxReviewSummary *review,
                     guint            page,
                     cairo_t   *cr,
                     double     width,
                     double     height)
{
  Doc d = { 0 };
  cairo_surface_t *nowhere;
  double scale;

  g_return_if_fail (xq_session_get_game (session) == fx_game_get ());
  g_return_if_fail (cr != NULL);

  doc_init (&d, session, review);
  g_return_if_fail (page < d.n_pages);
  scale = MIN (width / PAGE_W, height / PAGE_H);
  cairo_save (cr);
  cairo_translate (cr, (width - PAGE_W * scale) / 2, (height - PAGE_H * scale) / 2);
  cairo_scale (cr, scale, scale);
  nowhere = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  d.null_cr = cairo_create (nowhere);
  d.target_cr = cr;
  d.only_page = page + 1;
  d.cr = d.null_cr;
  doc_draw (&d, NULL);
  cairo_destroy (d.null_cr);
  cairo_surface_destroy (nowhere);
  cairo_restore (cr);
  doc_clear (&d);
}

/**
 * fx_report_write_pdf:
 * @session: a For-Ex session
 * @path: the PDF to write
 * @error: return location for a #GError
 *
 * Reviews the game (depth 1, every core) and writes the report with it: for
 * the command line. A window that has the review already, or must stay
 * responsive, calls fx_report_write_pdf_reviewed() from a worker.
 *
 * Returns: %TRUE on success
 */
gboolean
fx_report_write_pdf (XqSession   *session,
                     const char  *path,
                     GError     **error)
{
  g_autoptr(FxReviewSummary) review = NULL;
  g_autofree FxMove *moves = NULL;
  guint n_moves;

  g_return_val_if_fail (xq_session_get_game (session) == fx_game_get (), FALSE);

  moves = fx_review_session_moves (session, &n_moves);
  review = fx_review_summary_run (xq_session_get_setup (session), moves, n_moves, NULL, NULL, error);
  if (review == NULL)
    return FALSE;
  return fx_report_write_pdf_reviewed (session, review, path, error);
}

/**
 * fx_report_write_pdf_reviewed:
 * @session: a For-Ex session
 * @review: (nullable): the game's review, for the review page
 * @path: the PDF to write
 * @error: return location for a #GError
 *
 * fx_report_write_pdf_reviewed_full() with no progress and no Cancel.
 *
 * Returns: %TRUE on success
 */
gboolean
fx_report_write_pdf_reviewed (XqSession        *session,
                              FxReviewSummary  *review,
                              const char       *path,
                              GError          **error)
{
  return fx_report_write_pdf_reviewed_full (session, review, path, NULL, NULL, error);
}

/**
 * fx_report_write_pdf_reviewed_full:
 * @session: a For-Ex session
 * @review: (nullable): the game's review, for the review page
 * @path: the PDF to write
 * @progress: (nullable): raised as the pages are drawn, for another thread to read
 * @cancellable: (nullable): stops the drawing between pages' groups; the
 *   file is not touched once it fired
 * @error: return location for a #GError
 *
 * Writes the printable report, A4, laid out as fx-report.h describes. Safe on
 * a worker thread when nothing else uses @session meanwhile. The PDF is made
 * in memory and replaces the file whole (xq_file_replace()), so a failure or
 * a Cancel leaves no half-written file. A failed write says so as a failed
 * save does (xq_file_explain_error()): which file, and that the one on disk
 * is as it was.
 *
 * Returns: %TRUE on success; %FALSE with G_IO_ERROR_CANCELLED when cancelled
 */
gboolean
fx_report_write_pdf_reviewed_full (XqSession        *session,
                                   FxReviewSummary  *review,
                                   const char       *path,
                                   FxReportProgress *progress,
                                   GCancellable     *cancellable,
                                   GError          **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) local = NULL;
  Sink sink = { bytes, cancellable };
  cairo_surface_t *surface;
  cairo_status_t status;
  gboolean drawn;
  Doc d = { 0 };

  g_return_val_if_fail (xq_session_get_game (session) == fx_game_get (), FALSE);

  doc_init (&d, session, review);
  d.progress = progress;
  if (progress != NULL)
    g_atomic_int_set (&progress->n_pages, (gint) d.n_pages);

  surface = cairo_pdf_surface_create_for_stream (write_to_sink, &sink, PAGE_W, PAGE_H);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, _("For-Ex game report"));
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Exchequer " PACKAGE_VERSION);
  d.cr = cairo_create (surface);
  drawn = doc_draw (&d, cancellable);
  doc_clear (&d);

  cairo_destroy (d.cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  /* Not drawn whole only when cancelled. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  g_assert (drawn);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("cannot draw the report: %s"),
                   cairo_status_to_string (status));
      xq_file_explain_error (file, error);
      return FALSE;
    }
  if (xq_file_replace (file, (const char *) bytes->data, bytes->len, NULL, FALSE, NULL, cancellable, &local))
    return TRUE;
  /* Which file, and whether the one on disk is the old one, intact; a Cancel says only that. */
  if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    xq_file_explain_error (file, &local);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}
