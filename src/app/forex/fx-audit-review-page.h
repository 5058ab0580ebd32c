/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Review page (ui/fx-audit-review-page.ui): the review's
 * start, its progress and Cancel, then the margins graph, each player's
 * losses and every turn graded by its loss. It runs nothing: the window runs
 * the review and tells the page where it is. */
#pragma once

#include <adwaita.h>

#include "fx-review-summary.h"

G_BEGIN_DECLS

#define FX_TYPE_AUDIT_REVIEW_PAGE (fx_audit_review_page_get_type ())
G_DECLARE_FINAL_TYPE (FxAuditReviewPage, fx_audit_review_page, FX, AUDIT_REVIEW_PAGE, AdwBin)

/* Signals:
 *   start-review, cancel-review: the page's Review the Game and Cancel.
 *   show-move (guint position): a point of the graph or a turn was clicked.
 *   mark-moves (gpointer XqHistoryMark[], guint n): a review was shown; the
 *     grade of each turn, for the game's history. */

GtkWidget   *fx_audit_review_page_new          (void);
/* "start" (not reviewed), "running" or "done" */
void         fx_audit_review_page_set_state    (FxAuditReviewPage *self,
                                                const char        *state);
const char  *fx_audit_review_page_get_state    (FxAuditReviewPage *self);
/* While "running": @done of @total turns reviewed. */
void         fx_audit_review_page_set_progress (FxAuditReviewPage *self,
                                                guint              done,
                                                guint              total);
/* Shows @review, the page "done"; NULL forgets the one shown. */
void         fx_audit_review_page_set_review   (FxAuditReviewPage *self,
                                                FxReviewSummary   *review);
GtkWidget   *fx_audit_review_page_get_chart    (FxAuditReviewPage *self);
/* The turns come into the list a batch a frame, then the history is told
 * the grades (mark-moves): whether that is still on its way. */
gboolean     fx_audit_review_page_is_filling   (FxAuditReviewPage *self);
/* The turns' list (@turn from 0): whether it lists @turn, now selected and
 * scrolled to; the selected one, or G_MAXUINT. */
gboolean     fx_audit_review_page_select_turn  (FxAuditReviewPage *self,
                                                guint              turn);
guint        fx_audit_review_page_get_selected_turn (FxAuditReviewPage *self);

G_END_DECLS
