/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Print… and Export…: the report's pages, its PDF, CSV and XQN. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fx-audit-window-private.h"
#include "fx-game.h"
#include "fx-report.h"
#include "xq-session-file.h"
#include "xq-file-replace.h"

/* The file the game in the audit's window was read from or saved to. */
static GFile *
game_file (FxAuditWindow *self)
{
  XqDocument *document = _fx_audit_window_get_document (self);

  return document != NULL ? xq_document_get_source (document) : NULL;
}

struct _FxAuditGameCopy
{
  FxSetup     setup;
  FxMove     *moves;
  GPtrArray  *reasons;   /* one per move, NULL where none */
  char       *date;
  char       *place;
  char       *comment;
  GFile      *file;      /* dates a game that records no date */
};

void
_fx_audit_game_copy_free (FxAuditGameCopy *copy)
{
  g_free (copy->moves);
  g_ptr_array_unref (copy->reasons);
  g_free (copy->date);
  g_free (copy->place);
  g_free (copy->comment);
  g_clear_object (&copy->file);
  g_free (copy);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FxAuditGameCopy, _fx_audit_game_copy_free)

/* The game as plain data: copied on the main thread in a few milliseconds
 * whatever its length (replaying it there held a long game's window up),
 * so the game may go on in the window while the PDF is made from it. */
static FxAuditGameCopy *
game_copy_new (FxAuditWindow *self)
{
  FxAuditGameCopy *copy = g_new0 (FxAuditGameCopy, 1);
  XqSession *session = self->session;
  guint n = xq_session_get_n_moves (session);

  copy->setup = *(const FxSetup *) xq_session_get_setup (session);
  copy->moves = g_new (FxMove, MAX (n, 1));
  copy->reasons = g_ptr_array_new_full (n, g_free);
  for (guint i = 0; i < n; i++)
    {
      copy->moves[i] = *(const FxMove *) xq_session_get_move (session, i);
      g_ptr_array_add (copy->reasons, g_strdup (xq_session_get_move_reason (session, i)));
    }
  copy->date = g_strdup (xq_session_get_date (session));
  copy->place = g_strdup (xq_session_get_place (session));
  copy->comment = g_strdup (xq_session_get_comment (session));
  copy->file = game_file (self);
  if (copy->file != NULL)
    g_object_ref (copy->file);
  return copy;
}

/* The session the report is drawn from, replayed from @copy: on a worker
 * for Export…. A game that records no date is dated by its file (a query
 * of the disk, kept off the main thread too). */
static XqSession *
game_copy_replay (const FxAuditGameCopy *copy,
                  GCancellable          *cancellable,
                  GError               **error)
{
  g_autoptr(XqSession) session = xq_session_new (fx_game_get (), &copy->setup);

  for (guint i = 0; i < copy->reasons->len; i++)
    {
      if (i % 256 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      /* The window's session took every one of these moves. */
      if (!xq_session_play (session, &copy->moves[i], copy->reasons->pdata[i], error))
        return NULL;
    }
  xq_session_set_date (session, copy->date);
  if (copy->date == NULL && copy->file != NULL)
    {
      g_autofree char *date = fx_report_file_date (copy->file);

      xq_session_set_date (session, date);
    }
  xq_session_set_place (session, copy->place);
  xq_session_set_comment (session, copy->comment);
  return g_steal_pointer (&session);
}

/* The game replayed at once, for Print… and the blocking export: the same
 * session Export… draws from on its worker. */
static XqSession *
session_copy (FxAuditWindow *self)
{
  g_autoptr(FxAuditGameCopy) copy = game_copy_new (self);
  g_autoptr(GError) error = NULL;
  XqSession *session = game_copy_replay (copy, NULL, &error);

  if (session == NULL)
    g_critical ("a recorded move does not replay: %s", error->message);
  return session;
}

/* The PDF is drawn below the window's priority, as the review is
 * (fx-audit-window.c): on two cores, a writer at the window's priority took
 * a core from the window and the display server it waits on, and the
 * window's frames (the export's toast) stalled for 100 ms while it wrote
 * (bench-interactions). A thread of its own, lowered for its life. */
#define FX_AUDIT_EXPORT_NICENESS 10

/* The game replayed, then its PDF, page by page, with the job's progress
 * and Cancel. Returns the error, or NULL. */
static gpointer
write_thread (gpointer data)
{
  FxAuditJob *job = data;
  g_autoptr(XqSession) session = NULL;
  GError *error = NULL;

#ifdef SYS_gettid
  setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), FX_AUDIT_EXPORT_NICENESS);
#endif
  session = game_copy_replay (job->pdf_game, job->cancellable, &error);
  if (session != NULL)
    fx_report_write_pdf_reviewed_full (session, job->review, job->pdf_path, &job->pdf_progress, job->cancellable,
                                       &error);
  return error;
}

/* On the job's worker: the PDF written on a lowered thread of its own. */
gboolean
_fx_audit_export_write (FxAuditJob  *job,
                        GError     **error)
{
  GError *failed = g_thread_join (g_thread_new ("report", write_thread, job));

  if (failed == NULL)
    return TRUE;
  g_propagate_error (error, failed);
  return FALSE;
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
  g_object_set_data_full (G_OBJECT (operation), "session", session_copy (self), g_object_unref);

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
      copy = session_copy (self);
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

/* ---- Export… of a PDF, followed in a toast ---- */

/* The toast gone: by its Cancel, its close button or stop_following(). An
 * export whose toast was closed goes on, and says when it is written. */
static void
export_toast_dismissed (AdwToast      *toast,
                        FxAuditWindow *self)
{
  if (toast != self->export_toast)
    return;
  g_clear_handle_id (&self->export_timeout, g_source_remove);
  g_clear_object (&self->export_toast);
  self->export_label = NULL;
  self->export_progress = NULL;
}

static void
stop_following (FxAuditWindow *self)
{
  if (self->export_toast != NULL)
    adw_toast_dismiss (self->export_toast);
  /* Never shown (queued, or the overlay gone): not dismissed either. */
  if (self->export_toast != NULL)
    export_toast_dismissed (self->export_toast, self);
  /* Or none shown yet. */
  g_clear_handle_id (&self->export_timeout, g_source_remove);
  g_clear_pointer (&self->export_job, _fx_audit_job_unref);
}

/* What the worker is at: the review the report needs, then its pages. */
static gboolean
export_tick (gpointer user_data)
{
  FxAuditWindow *self = user_data;
  FxAuditJob *job = self->export_job;
  guint n_pages = (guint) g_atomic_int_get (&job->pdf_progress.n_pages);
  guint done = (guint) g_atomic_int_get (&job->pdf_progress.pages_done);

  if (n_pages == 0 && job->review == NULL)
    {
      gtk_label_set_text (self->export_label, _("Reviewing the game for the report…"));
      gtk_progress_bar_set_fraction (self->export_progress,
                                     job->total > 0 ? (double) g_atomic_int_get (&job->progress) / job->total : 0);
    }
  else
    {
      gtk_label_set_text (self->export_label, _("Exporting the report…"));
      gtk_progress_bar_set_fraction (self->export_progress, n_pages > 0 ? (double) MIN (done, n_pages) / n_pages : 0);
    }
  return G_SOURCE_CONTINUE;
}

/* Cancel: the toast goes at once (the button dismisses it); the worker
 * stops at its next pages and the file is left as it was. */
static void
cancel_export (AdwToast      *toast,
               FxAuditWindow *self)
{
  if (self->export_job != NULL)
    _fx_audit_window_job_cancel (self, self->export_job);
}

/* A PDF of a long game takes seconds: a toast stays up while it is written,
 * with its progress and Cancel, as the Review page follows a review. */
static gboolean
show_export_toast (gpointer user_data)
{
  FxAuditWindow *self = user_data;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *progress = gtk_progress_bar_new ();

  self->export_timeout = 0;
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (progress), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Export progress"), -1);
  gtk_box_append (GTK_BOX (box), progress);
  self->export_label = GTK_LABEL (label);
  self->export_progress = GTK_PROGRESS_BAR (progress);
  self->export_toast = adw_toast_new ("");
  adw_toast_set_custom_title (self->export_toast, box);
  adw_toast_set_button_label (self->export_toast, _("_Cancel"));
  adw_toast_set_timeout (self->export_toast, 0);
  adw_toast_set_priority (self->export_toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_object (self->export_toast, "button-clicked", G_CALLBACK (cancel_export), self, 0);
  g_signal_connect_object (self->export_toast, "dismissed", G_CALLBACK (export_toast_dismissed), self, 0);
  export_tick (self);
  self->export_timeout = g_timeout_add (100, export_tick, self);
  adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (self->export_toast));
  return G_SOURCE_REMOVE;
}

/* The toast only for an export that takes a while: a short one is done
 * before a toast could be read, and the frames that show one cost the
 * window while the writer has a core (bench-interactions). */
#define EXPORT_TOAST_DELAY_MS 500

static void
follow_export (FxAuditWindow *self,
               FxAuditJob    *job)
{
  stop_following (self);
  self->export_job = g_atomic_rc_box_acquire (job);
  self->export_timeout = g_timeout_add (EXPORT_TOAST_DELAY_MS, show_export_toast, self);
}

/* From the window when a job is over: the toast that followed it goes. */
void
_fx_audit_export_job_over (FxAuditWindow *self,
                           FxAuditJob    *job)
{
  if (job == self->export_job)
    stop_following (self);
}

/* From dispose: the overlay goes with the window, and the toast with it. */
void
_fx_audit_export_dispose (FxAuditWindow *self)
{
  g_clear_handle_id (&self->export_timeout, g_source_remove);
  g_clear_pointer (&self->export_job, _fx_audit_job_unref);
  g_clear_object (&self->export_toast);
  self->export_label = NULL;
  self->export_progress = NULL;
}

/**
 * fx_audit_window_export_pdf:
 * @self: an audit window
 * @file: the PDF to write
 *
 * What Export… does with a PDF: writes it on a worker, with the window's
 * review or, lacking one, a review run on that worker first, whose progress
 * and Cancel the Review page shows too. A toast follows the export with its
 * progress and Cancel, and another says when the file is written.
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
  job->pdf_game = game_copy_new (self);
  job->pdf_path = g_steal_pointer (&path);
  if (self->review != NULL)
    job->review = fx_review_summary_ref (self->review);
  _fx_audit_window_job_start (self, job, self->review == NULL);
  follow_export (self, job);
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
