/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's side of its Review page (fx-audit-review-page.c): the
 * page follows the game review on its worker (fx-audit-window.c runs it)
 * with a progress bar and Cancel, then shows what it found; what the page
 * asks for (a review, Cancel, a move, the history's marks) is done here. */

#include "config.h"

#include "fx-audit-window-private.h"

static void
stop_progress (FxAuditWindow *self)
{
  g_clear_handle_id (&self->review_timeout, g_source_remove);
  g_clear_pointer (&self->review_job, _fx_audit_job_unref);
}

static gboolean
tick (gpointer user_data)
{
  FxAuditWindow *self = user_data;
  FxAuditJob *job = self->review_job;

  fx_audit_review_page_set_progress (self->review_page, (guint) g_atomic_int_get (&job->progress), job->total);
  return G_SOURCE_CONTINUE;
}

/* The page follows @job, a review run for it: its progress and Cancel. */
void
_fx_audit_review_follow (FxAuditWindow *self,
                         FxAuditJob    *job)
{
  stop_progress (self);
  self->review_job = g_atomic_rc_box_acquire (job);
  self->review_timeout = g_timeout_add (100, tick, self);
  tick (self);
  fx_audit_review_page_set_state (self->review_page, "running");
}

/* The page's run is over: its review shown, or the page back at the start
 * when it brought none. */
void
_fx_audit_review_job_done (FxAuditWindow *self,
                           FxAuditJob    *job)
{
  stop_progress (self);
  if (job->review != NULL)
    {
      g_clear_pointer (&self->review, fx_review_summary_unref);
      self->review = fx_review_summary_ref (job->review);
      fx_audit_review_page_set_review (self->review_page, self->review);
    }
  else
    fx_audit_review_page_set_state (self->review_page, "start");
}

/* Cancel: the page is back at once; the worker stops at its next turn. */
void
fx_audit_window_cancel_review (FxAuditWindow *self)
{
  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));

  if (self->review_job == NULL)
    return;
  g_cancellable_cancel (self->review_job->cancellable);
  stop_progress (self);
  self->print_after_review = FALSE;
  g_clear_object (&self->export_after_review);
  fx_audit_review_page_set_state (self->review_page, "start");
}

/* The game changed: the review no longer describes it. A running export keeps
 * its copy of the game and finishes; a review for the page stops. */
void
_fx_audit_review_reset (FxAuditWindow *self)
{
  if (self->review_job != NULL && self->review_job->pdf_path == NULL)
    g_cancellable_cancel (self->review_job->cancellable);
  stop_progress (self);
  g_clear_pointer (&self->review, fx_review_summary_unref);
  if (self->review_page != NULL)
    fx_audit_review_page_set_state (self->review_page, "start");
}

/* From dispose, the workers cancelled: the page follows none. */
void
_fx_audit_review_dispose (FxAuditWindow *self)
{
  stop_progress (self);
  g_clear_pointer (&self->review, fx_review_summary_unref);
}

static void
show_move (FxAuditReviewPage *page,
           guint              position,
           FxAuditWindow     *self)
{
  _fx_audit_window_show_move (self, position);
}

static void
mark_moves (FxAuditReviewPage *page,
            gpointer           marks,
            guint              n_marks,
            FxAuditWindow     *self)
{
  _fx_audit_window_mark_moves (self, marks, n_marks);
}

/* The page, its requests answered by the window. */
GtkWidget *
_fx_audit_review_page_new (FxAuditWindow *self)
{
  self->review_page = FX_AUDIT_REVIEW_PAGE (fx_audit_review_page_new ());
  g_signal_connect_object (self->review_page, "start-review", G_CALLBACK (fx_audit_window_start_review), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->review_page, "cancel-review", G_CALLBACK (fx_audit_window_cancel_review), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->review_page, "show-move", G_CALLBACK (show_move), self, 0);
  g_signal_connect_object (self->review_page, "mark-moves", G_CALLBACK (mark_moves), self, 0);
  return GTK_WIDGET (self->review_page);
}
