/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the audit window's split files share. */
#pragma once

#include "fx-audit-chart.h"
#include "fx-audit-window.h"
#include "fx-readings.h"
#include "fx-score.h"
#include "fx-series.h"
#include "fx-stats.h"

G_BEGIN_DECLS

struct _FxAuditWindow
{
  AdwWindow           parent_instance;

  XqSession          *session;
  GtkWindow          *parent;          /* weak */
  XqGameUiSelectMove  select_move;

  AdwToastOverlay    *toast_overlay;
  AdwViewStack       *stack;
  AdwWindowTitle     *title;
  GtkLabel           *status_label;
  GtkDropDown        *what_if;
  GtkDropDown        *pair;
  GtkBox             *audit_box;       /* rebuilt when the game or the what-if changes */
  GtkBox             *stats_box;
  GtkWidget          *charts[FX_AUDIT_N_CHARTS];
  GtkWidget          *totals[FX_MAX_PLAYERS];
  FxSeries           *series;
  FxReadings          readings;        /* recomputed with the series, on every move */
};

/* fx-audit-tables.c */
void        fx_audit_fill_audit   (FxAuditWindow *self);
void        fx_audit_fill_stats   (FxAuditWindow *self);
GtkWidget  *fx_audit_heading      (const char    *text);
GtkWidget  *fx_audit_card         (GtkWidget     *child);
GtkWidget  *fx_audit_paragraph    (const char    *text,
                                   const char    *css_class);
void        fx_audit_clear_box    (GtkBox        *box);

/* fx-audit-checkpoints.c */
void        fx_audit_fill_checkpoints (FxAuditWindow *self);

/* fx-audit-export.c */
void        fx_audit_show_error   (FxAuditWindow *self,
                                   const char    *heading,
                                   const char    *body);

G_END_DECLS
