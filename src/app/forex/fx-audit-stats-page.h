/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Statistics page (ui/fx-audit-stats-page.ui): a page
 * of the window around a box for the game's tables, which the window fills
 * (fx-audit-stats.c). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define FX_TYPE_AUDIT_STATS_PAGE (fx_audit_stats_page_get_type ())
G_DECLARE_FINAL_TYPE (FxAuditStatsPage, fx_audit_stats_page, FX, AUDIT_STATS_PAGE, AdwBin)

GtkWidget *fx_audit_stats_page_new         (void);
/* The box the game's tables go in. */
GtkBox    *fx_audit_stats_page_get_content (FxAuditStatsPage *self);

G_END_DECLS
