/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the audit window's files share. A star around fx-audit-window.c:
 * each satellite (-score: fills the Audit page, -stats, -review: follows the
 * review, -export) calls only the functions of the main file below and the
 * kits, never another satellite; tests/check-star.py checks it. The kits are
 * the widget kit (fx-audit-kit.h), the chart, and the pages, each its own
 * widget with a template (fx-audit-score-page.h, -stats-page, -charts-page,
 * -review-page), which call none of the window's files. */
#pragma once

#include "fx-audit-chart.h"
#include "fx-audit-charts-page.h"
#include "fx-audit-kit.h"
#include "fx-audit-review-page.h"
#include "fx-audit-score-page.h"
#include "fx-audit-stats-page.h"
#include "fx-audit-window.h"
#include "fx-readings.h"
#include "fx-report.h"
#include "fx-review-summary.h"
#include "xq-document.h"
#include "fx-score.h"
#include "fx-series.h"
#include "fx-stats.h"

G_BEGIN_DECLS

/* A game copied as plain data, in a few milliseconds whatever its length,
 * for a worker to replay into a session of its own (fx-audit-export.c). */
typedef struct _FxAuditGameCopy FxAuditGameCopy;

/* One run on a worker (fx-audit-window.c): the review of a copy of the game,
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
  FxAuditGameCopy  *pdf_game;       /* the PDF's game, when writing one */
  char             *pdf_path;
  FxReportProgress  pdf_progress;   /* the PDF's pages, raised atomically by the worker */
} FxAuditJob;

/* The figures worked out over every move (fx-audit-window.c), on a worker,
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

/* The window's pages, in the switcher's order. Only the first is made with
 * the window; each other when first shown (fx-audit-window.c). */
typedef enum
{
  FX_AUDIT_PAGE_SCORE,
  FX_AUDIT_PAGE_STATS,
  FX_AUDIT_PAGE_CHARTS,
  FX_AUDIT_PAGE_REVIEW,
  FX_AUDIT_N_PAGES
} FxAuditPage;

struct _FxAuditWindow
{
  AdwWindow           parent_instance;

  XqSession          *session;

  /* From the template (ui/fx-audit-window.ui) */
  AdwToastOverlay    *toast_overlay;
  GtkWidget          *header;
  AdwViewSwitcherTitle *switcher_title; /* its subtitle: provisional or final */
  AdwViewStack       *stack;

  /* The pages, each its own widget; the files of their concerns fill them */
  FxAuditScorePage   *score_page;
  FxAuditChartsPage  *charts_page;
  GtkBox             *audit_box;       /* score_page's: rebuilt when the game or the what-if changes */
  GtkBox             *stats_box;       /* the Statistics page's: rebuilt when the game changes */
  GtkWidget          *charts[FX_AUDIT_N_CHARTS];
  GtkWidget          *totals[FX_MAX_PLAYERS];

  /* The figures over every move, worked out on a worker */
  FxAuditData        *data;            /* NULL until the first load is done */
  XqSession          *game;            /* data's game: what the pages show */
  GCancellable       *load_cancellable;
  GtkStack           *load_stack;      /* "loading" until the first load is done, then "ready" */
  GtkWidget          *load_spinner;
  GtkLabel           *load_label;
  gboolean            loading;
  GQueue              held_back;       /* sections of the pages shown one a frame */
  GQueue              growing_tables;  /* long tables whose rows come a batch a frame */
  guint               fill_tick;
  gboolean            first_frame_due; /* mapped, its first frame not drawn yet */
  gboolean            filling;         /* while either waits */

  /* The pages past the first, each made when first shown (make_page) */
  AdwBin             *slots[FX_AUDIT_N_PAGES];

  /* The Review page (fx-audit-review-page.c), followed by fx-audit-review.c */
  FxAuditReviewPage  *review_page;
  FxReviewSummary    *review;          /* of the game as it is; NULL until reviewed */
  FxAuditJob         *review_job;      /* the run the page shows */
  guint               review_timeout;

  /* Workers and what waits for them (fx-audit-window.c, fx-audit-export.c) */
  GPtrArray          *jobs;            /* every run on a worker, to cancel on closing */
  gboolean            disposed;
  gboolean            print_after_review;
  GFile              *export_after_review;

  /* Closed: hidden at once, then taken down a piece a main-loop turn (take_down_step) */
  guint               take_down_idle;
  /* Moves played while hidden: the figures are worked out again once the
   * table pauses, or when the window is shown (refresh) */
  guint               refresh_timeout;

  /* The PDF being exported, followed by fx-audit-export.c in a toast */
  FxAuditJob         *export_job;
  AdwToast           *export_toast;
  GtkLabel           *export_label;
  GtkProgressBar     *export_progress;
  guint               export_timeout;
};

/* fx-audit-window.c: the main file, which the satellites call */
XqDocument *_fx_audit_window_get_document (FxAuditWindow     *self);
void        _fx_audit_window_show_move  (FxAuditWindow       *self,
                                         guint                position);
void        _fx_audit_window_mark_moves (FxAuditWindow       *self,
                                         const XqHistoryMark *marks,
                                         guint                n_marks);
void        _fx_audit_window_show_error (FxAuditWindow       *self,
                                         const char          *heading,
                                         const char          *body);
/* A toast naming the file an export wrote. */
void        _fx_audit_window_toast_exported (FxAuditWindow   *self,
                                         const char          *path);
/* A long table (a row per contract, per correction…) as a column view over
 * rows made on demand from the window's data. */
typedef char *(*FxAuditLongCell) (FxAuditData *data,
                                  guint        row,
                                  guint        column);
GtkWidget  *_fx_audit_window_long_table (FxAuditWindow      *self,
                                         const char * const *titles,
                                         const gboolean     *numbers,
                                         guint               n_columns,
                                         guint               n_rows,
                                         FxAuditLongCell     cell);
/* Shows a page's sections below its first screen one a frame. */
void        _fx_audit_window_show_in_turn (FxAuditWindow     *self,
                                         GtkBox             *box);
FxAuditJob *_fx_audit_window_job_new    (FxAuditWindow       *self);
/* @shown: the Review page follows the job with its progress and Cancel. */
void        _fx_audit_window_job_start  (FxAuditWindow       *self,
                                         FxAuditJob          *job,
                                         gboolean             shown);
void        _fx_audit_window_job_cancel (FxAuditWindow       *self,
                                         FxAuditJob          *job);
void        _fx_audit_job_unref         (FxAuditJob          *job);

/* fx-audit-score.c: the Audit page */
GtkWidget  *_fx_audit_score_page_new    (FxAuditWindow       *self);
void        _fx_audit_score_fill        (FxAuditWindow       *self);

/* fx-audit-stats.c: the Statistics page */
void        _fx_audit_stats_fill        (FxAuditWindow       *self);

/* fx-audit-review.c: the Review page */
GtkWidget  *_fx_audit_review_page_new   (FxAuditWindow       *self);
void        _fx_audit_review_follow     (FxAuditWindow       *self,
                                         FxAuditJob          *job);
void        _fx_audit_review_job_done   (FxAuditWindow       *self,
                                         FxAuditJob          *job);
void        _fx_audit_review_reset      (FxAuditWindow       *self);
void        _fx_audit_review_dispose    (FxAuditWindow       *self);

/* fx-audit-export.c: Print… and Export… */
void        _fx_audit_export_review_ran (FxAuditWindow       *self);
/* On the job's worker: the PDF of its game copy, written. */
gboolean    _fx_audit_export_write      (FxAuditJob          *job,
                                         GError             **error);
/* The job is over (done, failed or cancelled): its toast goes. */
void        _fx_audit_export_job_over   (FxAuditWindow       *self,
                                         FxAuditJob          *job);
void        _fx_audit_export_dispose    (FxAuditWindow       *self);
void        _fx_audit_game_copy_free    (FxAuditGameCopy     *copy);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FxAuditJob, _fx_audit_job_unref)

G_END_DECLS
