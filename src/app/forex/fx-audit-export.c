/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Print… and Export…: the report's pages, its PDF, CSV and XQN. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-audit-window-private.h"
#include "fx-report.h"
#include "xq-session-file.h"
#include "xq-file-replace.h"
#include "xq-window.h"

/* The file the game in the audit's window was read from or saved to. */
static GFile *
game_file (FxAuditWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  XqDocument *document = XQ_IS_WINDOW (parent) ? xq_window_get_document (XQ_WINDOW (parent)) : NULL;

  return document != NULL ? xq_document_get_source (document) : NULL;
}

/* A copy the worker owns: the game may go on in the window while the PDF is
 * written. A game that records no date is dated by its file. */
static XqSession *
session_copy (XqSession *session,
              GFile     *file)
{
  XqSession *copy = xq_session_new (xq_session_get_game (session), xq_session_get_setup (session));

  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      g_autoptr(GError) error = NULL;

      if (!xq_session_play (copy, xq_session_get_move (session, i), xq_session_get_move_reason (session, i), &error))
        g_critical ("a recorded move does not replay: %s", error->message);
    }
  xq_session_set_date (copy, xq_session_get_date (session));
  if (xq_session_get_date (session) == NULL && file != NULL)
    {
      g_autofree char *date = fx_report_file_date (file);

      xq_session_set_date (copy, date);
    }
  xq_session_set_place (copy, xq_session_get_place (session));
  xq_session_set_comment (copy, xq_session_get_comment (session));
  return copy;
}

static void
begin_print (GtkPrintOperation *operation,
             GtkPrintContext   *context,
             FxAuditWindow     *self)
{
  XqSession *session = g_object_get_data (G_OBJECT (operation), "session");

  gtk_print_operation_set_n_pages (operation, (int) fx_report_get_n_pages (session));
}

static void
draw_page (GtkPrintOperation *operation,
           GtkPrintContext   *context,
           int                page_nr,
           FxAuditWindow     *self)
{
  /* The game and its review as they were when printing began, even if the
   * game moves on meanwhile; dated as the exported PDF is. */
  FxReviewSummary *review = g_object_get_data (G_OBJECT (operation), "review");
  XqSession *session = g_object_get_data (G_OBJECT (operation), "session");

  fx_report_draw_page (session, review, (guint) page_nr, gtk_print_context_get_cairo_context (context),
                       gtk_print_context_get_width (context), gtk_print_context_get_height (context));
}

static void
print_done (GtkPrintOperation       *operation,
            GtkPrintOperationResult  result,
            FxAuditWindow           *self)
{
  g_autoptr(GError) error = NULL;

  if (result != GTK_PRINT_OPERATION_RESULT_ERROR)
    return;
  gtk_print_operation_get_error (operation, &error);
  _fx_audit_window_show_error (self, _("The Report Could Not Be Printed"), error != NULL ? error->message : "");
}

/* Starts the review for the Review page, saying why it starts: the report needs it. */
static void
review_first (FxAuditWindow *self,
              const char    *why)
{
  if (self->review_job == NULL)
    fx_audit_window_start_review (self);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (why));
}

/* Prints the same pages as the PDF report, A4 with its own margins. The
 * pages are drawn on the main thread, so the review they show is run first,
 * on a worker, if the window has none yet. */
void
fx_audit_window_print (FxAuditWindow *self)
{
  g_autoptr(GtkPrintOperation) operation = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  g_autoptr(GError) error = NULL;

  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));

  if (self->review == NULL)
    {
      self->print_after_review = TRUE;
      review_first (self, _("Reviewing the game for the report; printing follows"));
      return;
    }
  g_object_set_data_full (G_OBJECT (operation), "review", fx_review_summary_ref (self->review),
                          (GDestroyNotify) fx_review_summary_unref);
  g_object_set_data_full (G_OBJECT (operation), "session", session_copy (self->session, game_file (self)),
                          g_object_unref);

  gtk_page_setup_set_paper_size (setup, a4);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (operation, _("For-Ex game report"));
  gtk_print_operation_set_allow_async (operation, TRUE);
  g_signal_connect_object (operation, "begin-print", G_CALLBACK (begin_print), self, 0);
  g_signal_connect_object (operation, "draw-page", G_CALLBACK (draw_page), self, 0);
  g_signal_connect_object (operation, "done", G_CALLBACK (print_done), self, 0);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, GTK_WINDOW (self), &error)
      == GTK_PRINT_OPERATION_RESULT_ERROR)
    _fx_audit_window_show_error (self, _("The Report Could Not Be Printed"), error->message);
}

/**
 * fx_audit_window_export_to:
 * @self: an audit window
 * @file: where to write; its name's end chooses the format
 * @error: return location for a #GError
 *
 * Writes the report as .pdf, the standings after every move as .csv or the
 * moves as .xqn, as `exchequer-cli report` does. Blocks: a PDF without the
 * window's review first reviews the game here. The window's Export… writes
 * a PDF on a worker instead.
 *
 * Returns: %TRUE on success
 */
gboolean
fx_audit_window_export_to (FxAuditWindow  *self,
                           GFile          *file,
                           GError        **error)
{
  g_autofree char *name = NULL;
  g_autofree char *lower = NULL;

  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  name = g_file_get_basename (file);
  lower = g_utf8_strdown (name, -1);
  if (g_str_has_suffix (lower, ".pdf"))
    {
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(XqSession) copy = NULL;

      if (path == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("The report can only be saved to a local folder."));
          return FALSE;
        }
      /* Dated as Export… and Print… date it. */
      copy = session_copy (self->session, game_file (self));
      if (self->review != NULL)
        return fx_report_write_pdf_reviewed (copy, self->review, path, error);
      return fx_report_write_pdf (copy, path, error);
    }
  if (g_str_has_suffix (lower, ".csv"))
    {
      g_autofree char *text = fx_report_csv (self->session);

      if (xq_file_replace (file, text, strlen (text), NULL, FALSE, NULL, NULL, error))
        return TRUE;
      xq_file_explain_error (file, error);
      return FALSE;
    }
  if (g_str_has_suffix (lower, ".xqn"))
    return xq_session_save (self->session, file, NULL, FALSE, NULL, NULL, error);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
               _("“%s” does not end in .pdf, .csv or .xqn, which choose the report, the standings or the moves."),
               name);
  return FALSE;
}

/**
 * fx_audit_window_export_pdf:
 * @self: an audit window
 * @file: the PDF to write
 *
 * What Export… does with a PDF: writes it on a worker, with the window's
 * review or, lacking one, a review run on that worker first, whose progress
 * and Cancel the Review page shows. A toast says when it is written.
 */
void
fx_audit_window_export_pdf (FxAuditWindow *self,
                            GFile         *file)
{
  g_autoptr(FxAuditJob) job = NULL;
  g_autofree char *path = NULL;

  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);

  if (path == NULL)
    {
      _fx_audit_window_show_error (self, _("The Report Could Not Be Exported"),
                                   _("The report can only be saved to a local folder."));
      return;
    }
  if (self->review_job != NULL)
    {
      /* The page's review is on its way: the PDF follows it. */
      g_set_object (&self->export_after_review, file);
      return;
    }
  job = _fx_audit_window_job_new (self);
  job->copy = session_copy (self->session, game_file (self));
  job->pdf_path = g_steal_pointer (&path);
  if (self->review != NULL)
    job->review = fx_review_summary_ref (self->review);
  else
    adw_toast_overlay_add_toast (self->toast_overlay,
                                 adw_toast_new (_("Reviewing the game for the report; the export follows")));
  _fx_audit_window_job_start (self, job, self->review == NULL);
}

/* What waited for the Review page's run: printing, a PDF. */
void
_fx_audit_export_review_ran (FxAuditWindow *self)
{
  g_autoptr(GFile) file = g_steal_pointer (&self->export_after_review);

  if (self->print_after_review)
    {
      self->print_after_review = FALSE;
      fx_audit_window_print (self);
    }
  if (file != NULL)
    fx_audit_window_export_pdf (self, file);
}

/* Exports to @file and says so: a toast naming the file, or why not. */
static void
export_and_confirm (FxAuditWindow *self,
                    GFile         *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_utf8_strdown (name, -1);
  g_autofree char *path = NULL;

  if (g_str_has_suffix (lower, ".pdf"))
    {
      fx_audit_window_export_pdf (self, file);
      return;
    }
  if (!fx_audit_window_export_to (self, file, &error))
    {
      _fx_audit_window_show_error (self, _("The Report Could Not Be Exported"), error->message);
      return;
    }
  path = g_file_get_parse_name (file);
  _fx_audit_window_toast_exported (self, path);
}

static void
export_response (GtkNativeDialog *dialog,
                 int              response,
                 FxAuditWindow   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      export_and_confirm (self, file);
    }
  g_object_unref (dialog);
}

static GtkFileFilter *
filter_new (const char *name,
            const char *mime_type,
            const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_mime_type (filter, mime_type);
  gtk_file_filter_add_pattern (filter, pattern);
  return filter;
}

void
fx_audit_window_export (FxAuditWindow *self)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  const char *date;
  g_autofree char *name = NULL;

  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));

  chooser = gtk_file_chooser_native_new (_("Export the Report"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (all, _("Report, Standings or Moves"));
  gtk_file_filter_add_pattern (all, "*.pdf");
  gtk_file_filter_add_pattern (all, "*.csv");
  gtk_file_filter_add_pattern (all, "*.xqn");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser),
                               filter_new (_("PDF Report (.pdf)"), "application/pdf", "*.pdf"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser),
                               filter_new (_("Standings after Every Move (.csv)"), "text/csv", "*.csv"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser),
                               filter_new (_("Moves in XQN (.xqn)"), "application/x-exchequer-session", "*.xqn"));
  date = xq_session_get_date (self->session);
  /* TRANSLATORS: the suggested file name of an exported report, with the game's date */
  name = date != NULL ? g_strdup_printf (_("For-Ex report %s.pdf"), date) : g_strdup (_("For-Ex report.pdf"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect_object (chooser, "response", G_CALLBACK (export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
