/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Audit page (ui/fx-audit-score-page.ui): whether the
 * figures are final, the what-if question, and a box for the game's tables,
 * which the window fills (fx-audit-score.c). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define FX_TYPE_AUDIT_SCORE_PAGE (fx_audit_score_page_get_type ())
G_DECLARE_FINAL_TYPE (FxAuditScorePage, fx_audit_score_page, FX, AUDIT_SCORE_PAGE, AdwBin)

GtkWidget *fx_audit_score_page_new         (void);
/* The "what-if" property: the currency the standings treat as the
 * strongest, or FX_NO_CURRENCY for the rules' own choice. */
int        fx_audit_score_page_get_what_if (FxAuditScorePage *self);
void       fx_audit_score_page_set_what_if (FxAuditScorePage *self,
                                            int               strongest);
/* @text says whether the figures are final; @provisional shows it as a warning. */
void       fx_audit_score_page_set_status  (FxAuditScorePage *self,
                                            const char       *text,
                                            gboolean          provisional);
/* The box the game's tables go in, below the question. */
GtkBox    *fx_audit_score_page_get_content (FxAuditScorePage *self);

G_END_DECLS
