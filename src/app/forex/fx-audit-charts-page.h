/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Charts page (ui/fx-audit-charts-page.ui): currency
 * strength, the standings and the rate of a chosen pair, each in its card.
 * The window draws the lines (it has the figures); the page says which pair
 * is chosen (its "pair" property) and which point was clicked. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define FX_TYPE_AUDIT_CHARTS_PAGE (fx_audit_charts_page_get_type ())
G_DECLARE_FINAL_TYPE (FxAuditChartsPage, fx_audit_charts_page, FX, AUDIT_CHARTS_PAGE, AdwBin)

/* Signals:
 *   show-move (guint position): a point of a chart was clicked. */

GtkWidget *fx_audit_charts_page_new           (void);
/* The pair the rate chart shows, an index of fx_pair_currencies. */
guint      fx_audit_charts_page_get_pair      (FxAuditChartsPage *self);
void       fx_audit_charts_page_set_pair      (FxAuditChartsPage *self,
                                               guint              pair);
/* The FxAuditCharts: pairs won by each currency, the standings, the rate. */
GtkWidget *fx_audit_charts_page_get_strength  (FxAuditChartsPage *self);
GtkWidget *fx_audit_charts_page_get_standings (FxAuditChartsPage *self);
GtkWidget *fx_audit_charts_page_get_rate      (FxAuditChartsPage *self);

G_END_DECLS
