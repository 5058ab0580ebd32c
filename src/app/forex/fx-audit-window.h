/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The For-Ex audit window: how the score comes about, statistics and charts. */
#pragma once

#include <adwaita.h>

#include "fx-board.h"
#include "xq-history-view.h"
#include "xq-session.h"

G_BEGIN_DECLS

#define FX_TYPE_AUDIT_WINDOW (fx_audit_window_get_type ())

G_DECLARE_FINAL_TYPE (FxAuditWindow, fx_audit_window, FX, AUDIT_WINDOW, AdwWindow)

/* The charts, for fx_audit_window_get_chart. */
typedef enum
{
  FX_AUDIT_CHART_STRENGTH,
  FX_AUDIT_CHART_STANDINGS,
  FX_AUDIT_CHART_RATE,
  FX_AUDIT_N_CHARTS
} FxAuditChartKind;

/* Signals, for the game's window to follow without the audit knowing it:
 *   show-move (guint position): a chart point or a reviewed turn was
 *     clicked: show the table after @position moves in the history.
 *   mark-moves (XqSession *session, const XqHistoryMark *marks, guint n_marks):
 *     the review's grade of each turn, to show beside the moves of @session. */
FxAuditWindow *fx_audit_window_new          (GtkWindow          *parent,
                                             XqSession          *session);
XqSession     *fx_audit_window_get_session  (FxAuditWindow      *self);
/* FX_NO_CURRENCY: as the rules decide; otherwise the hypothetical strongest. */
void           fx_audit_window_set_what_if  (FxAuditWindow      *self,
                                             int                 strongest);
int            fx_audit_window_get_what_if  (FxAuditWindow      *self);
void           fx_audit_window_set_pair     (FxAuditWindow      *self,
                                             guint               pair_index);
const char    *fx_audit_window_get_total_text (FxAuditWindow    *self,
                                             guint               player);
GtkWidget     *fx_audit_window_get_chart    (FxAuditWindow      *self,
                                             FxAuditChartKind    kind);
void           fx_audit_window_show_page    (FxAuditWindow      *self,
                                             const char         *name);
void           fx_audit_window_print        (FxAuditWindow      *self);
void           fx_audit_window_export       (FxAuditWindow      *self);
gboolean       fx_audit_window_export_to    (FxAuditWindow      *self,
                                             GFile              *file,
                                             GError            **error);
void           fx_audit_window_export_pdf   (FxAuditWindow      *self,
                                             GFile              *file);

/* The game review: runs on a worker, the Review page (fx-audit-review.c) follows it. */
void           fx_audit_window_start_review (FxAuditWindow      *self);
void           fx_audit_window_cancel_review (FxAuditWindow     *self);
/* "start" (not reviewed), "running" or "done" */
const char    *fx_audit_window_get_review_state (FxAuditWindow  *self);
/* Whether the figures over every move are being worked out ("loading"). */
gboolean       fx_audit_window_is_loading   (FxAuditWindow      *self);
/* Whether long tables, shown with the rows in sight, still get the rest
 * of their rows, a batch a frame ("filling"). */
gboolean       fx_audit_window_is_filling   (FxAuditWindow      *self);
/* Whether any worker (a review, an export) is still running. */
gboolean       fx_audit_window_is_busy      (FxAuditWindow      *self);
GtkWidget     *fx_audit_window_get_review_chart (FxAuditWindow  *self);

G_END_DECLS
