/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FxAuditReviewTurns: the turns of a game review that the Review page lists,
 * those of a grade or worse, as a list model whose items are made when a
 * view binds them. */
#pragma once

#include <gio/gio.h>

#include "fx-review-summary.h"

G_BEGIN_DECLS

#define FX_TYPE_AUDIT_REVIEW_TURN (fx_audit_review_turn_get_type ())
G_DECLARE_FINAL_TYPE (FxAuditReviewTurn, fx_audit_review_turn, FX, AUDIT_REVIEW_TURN, GObject)

#define FX_TYPE_AUDIT_REVIEW_TURNS (fx_audit_review_turns_get_type ())
G_DECLARE_FINAL_TYPE (FxAuditReviewTurns, fx_audit_review_turns, FX, AUDIT_REVIEW_TURNS, GObject)

/* An item: one turn of the review it came from. */
FxReviewSummary    *fx_audit_review_turn_get_review (FxAuditReviewTurn  *item);
guint               fx_audit_review_turn_get_turn   (FxAuditReviewTurn  *item);

FxAuditReviewTurns *fx_audit_review_turns_new       (void);
/* Lists the turns of @review (NULL: none) graded @least or worse. */
void                fx_audit_review_turns_set       (FxAuditReviewTurns *self,
                                                     FxReviewSummary    *review,
                                                     FxReviewGrade       least);
/* The position of @turn in the list, or G_MAXUINT when it is not listed. */
guint               fx_audit_review_turns_find      (FxAuditReviewTurns *self,
                                                     guint               turn);

G_END_DECLS
