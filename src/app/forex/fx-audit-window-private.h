/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the audit window's split files share. */
#pragma once

#include "fx-audit-chart.h"
#include "fx-audit-window.h"
#include "fx-readings.h"
#include "fx-review-summary.h"
#include "fx-score.h"
#include "fx-series.h"
#include "fx-stats.h"

G_BEGIN_DECLS

/* One run on a worker (fx-audit-review.c): the review of a copy of the game,
 * and the PDF written with it when asked. Shared with the worker by reference. */
typedef struct
{
  gint              progress;       /* turns reviewed, raised atomically by the engine */
  guint             total;
  FxSetup           setup;
  FxMove           *moves;
  guint             n_moves;
  GCancellable     *cancellable;
  FxReviewSummary  *review;         /* given (the window's) or the worker's result */
  XqSession        *copy;           /* the PDF's game, when writing one */
  char             *pdf_path;
} FxAuditJob;

/* The figures worked out over every move (fx-audit-load.c), on a worker,
 * from the worker's own copy of the game; shared with the long tables'
 * models, which make their rows from it. */
typedef struct
{
  XqSession   *game;            /* the copy, as the figures found it */
  FxSeries    *series;
  FxReadings   readings;
  char       **readings_text;
  FxStats     *stats;
  GArray      *dividends;       /* FxDividend */
  char        *corrected_note;  /* NULL: no correction changed the table */
  GArray      *corrections;     /* guint: the moves that are corrections */
  GArray      *checkpoints;     /* guint: the counts of the table */
} FxAuditData;

struct _FxAuditWindow
{
  AdwWindow           parent_instance;

  XqSession          *session;

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

  /* The figures over every move, worked out on a worker (fx-audit-load.c) */
  FxAuditData        *data;            /* NULL until the first load is done */
  XqSession          *game;            /* data's game: what the pages show */
  GCancellable       *load_cancellable;
  GtkStack           *load_stack;      /* "loading" until the first load is done, then "ready" */
  GtkWidget          *load_spinner;
  GtkLabel           *load_label;
  gboolean            loading;
  GQueue              pending_tables;  /* long tables to make, one a main-loop turn */
  guint               pending_id;

  /* The Review page (fx-audit-review.c) */
  GtkStack           *review_stack;    /* "start", "running", "done" */
  GtkProgressBar     *review_progress;
  GtkWidget          *review_button;
  GtkWidget          *review_cancel;
  GtkLabel           *review_turning;
  GtkLabel           *review_grades;
  GtkWidget          *review_chart;
  GtkListBox         *review_players;
  GtkDropDown        *review_show;
  GtkListBox         *review_list;
  GtkWidget          *review_none;
  FxReviewSummary    *review;          /* of the game as it is; NULL until reviewed */
  FxAuditJob         *review_job;      /* the run the page shows */
  guint               review_timeout;
  GPtrArray          *jobs;            /* every run on a worker, to cancel on closing */
  gboolean            disposed;
  gboolean            print_after_review;
  GFile              *export_after_review;
};

/* fx-audit-window.c */
void        fx_audit_fill         (FxAuditWindow *self);
/* Emit show-move and mark-moves: the game's window follows if it listens. */
void        _fx_audit_window_show_move  (FxAuditWindow       *self,
                                         guint                position);
void        _fx_audit_window_mark_moves (FxAuditWindow       *self,
                                         const XqHistoryMark *marks,
                                         guint                n_marks);

/* fx-audit-load.c */
void        fx_audit_load         (FxAuditWindow *self);
void        fx_audit_load_cancel  (FxAuditWindow *self);
void        fx_audit_load_settle  (FxAuditWindow *self);
GtkWidget  *fx_audit_load_page    (FxAuditWindow *self);
FxAuditData *fx_audit_data_ref    (FxAuditData   *data);
void        fx_audit_data_unref   (FxAuditData   *data);

/* fx-audit-tables.c: a long table (a row per contract, per correction…) as
 * a column view over rows made on demand from the window's data. */
typedef char *(*FxAuditLongCell) (FxAuditData *data,
                                  guint        row,
                                  guint        column);
GtkWidget  *fx_audit_long_table   (FxAuditWindow      *self,
                                   const char * const *titles,
                                   const gboolean     *numbers,
                                   guint               n_columns,
                                   guint               n_rows,
                                   FxAuditLongCell     cell);
gboolean    fx_audit_long_tables_pending (FxAuditWindow *self);
void        fx_audit_long_tables_clear (FxAuditWindow *self);

/* fx-audit-stats.c */
void        fx_audit_fill_stats   (FxAuditWindow *self);

/* fx-audit-tables.c */
void        fx_audit_fill_audit   (FxAuditWindow *self);
GtkWidget  *fx_audit_heading      (const char    *text);
GtkWidget  *fx_audit_card         (GtkWidget     *child);
GtkWidget  *fx_audit_table_new    (void);
GtkWidget  *fx_audit_cell         (GtkWidget     *grid,
                                   int            column,
                                   int            row,
                                   const char    *text,
                                   gboolean       number,
                                   gboolean       strong);
void        fx_audit_header_row   (GtkWidget          *grid,
                                   const char * const *titles,
                                   const gboolean     *numbers,
                                   guint               n);
GtkWidget  *fx_audit_frame        (GtkWidget     *child);
/* A page of the window: a box in a clamp, scrolling up and down. */
GtkWidget  *fx_audit_scrolled_page (GtkWidget   **out_box);
GtkWidget  *fx_audit_sideways     (GtkWidget     *child);
GtkWidget  *fx_audit_paragraph    (const char    *text,
                                   const char    *css_class);
void        fx_audit_clear_box    (GtkBox        *box);

/* fx-audit-conversion.c */
void        fx_audit_fill_conversions (FxAuditWindow    *self,
                                       const FxState    *state,
                                       const FxStanding *standing,
                                       FxCurrency        s,
                                       const int        *order);

/* fx-audit-explain.c */
void        fx_audit_fill_dividends      (FxAuditWindow *self);
void        fx_audit_fill_corrected_note (FxAuditWindow *self);

/* fx-audit-checkpoints.c */
void        fx_audit_fill_checkpoints (FxAuditWindow *self);

/* fx-audit-export.c */
void        fx_audit_show_error   (FxAuditWindow *self,
                                   const char    *heading,
                                   const char    *body);
void        fx_audit_export_confirm (FxAuditWindow *self,
                                   const char    *path);
void        fx_audit_review_ran   (FxAuditWindow *self);

/* fx-audit-review.c */
GtkWidget  *fx_audit_review_page  (FxAuditWindow *self);
void        fx_audit_review_reset (FxAuditWindow *self);
void        fx_audit_review_dispose (FxAuditWindow *self);
void        fx_audit_review_fill_turns (FxAuditWindow *self);
char       *fx_audit_review_player_text (const FxReviewSummary *review,
                                   guint          player);
FxAuditJob *fx_audit_job_new      (FxAuditWindow *self);
void        fx_audit_job_unref    (FxAuditJob    *job);
void        fx_audit_job_start    (FxAuditWindow *self,
                                   FxAuditJob    *job,
                                   gboolean       shown);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FxAuditJob, fx_audit_job_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FxAuditData, fx_audit_data_unref)

G_END_DECLS
