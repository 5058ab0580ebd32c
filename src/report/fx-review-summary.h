/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A finished game review in words: each turn's grade, the best alternative in the
 * history's sentences and what it would have changed. The audit window and the
 * PDF show the same summary. */
#pragma once

#include "fx-chart.h"
#include "fx-review.h"
#include "fx-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

/* How much a turn lost, from the least to the most. The lines are the game's
 * own: a depth-1 review values every alternative as if nobody answered it, so
 * losses run large and the useful question is which turns stand out in this
 * game. */
typedef enum
{
  FX_REVIEW_GRADE_BEST,       /* no alternative was worth more */
  FX_REVIEW_GRADE_SMALL,      /* lost less than the costly line */
  FX_REVIEW_GRADE_COSTLY,     /* lost the game's median loss or more (at least FX_REVIEW_MIN_COSTLY_LOSS) */
  FX_REVIEW_GRADE_DECISIVE,   /* lost twice that or more, and the best alternative would have
                               * given the player a better projected place */
  FX_REVIEW_N_GRADES
} FxReviewGrade;

/* The costly line is never below two bucks, a certificate's price, so that a
 * game of nearly perfect turns does not call its half-buck slips costly. */
#define FX_REVIEW_MIN_COSTLY_LOSS XQ_BUCKS (2)

typedef struct
{
  FxReviewGrade grade;
  /* The projection after the played turn and after the best alternative,
   * each from its mover's side (a tied strongest currency chosen in the
   * mover's favour, as the review does). */
  guint8        place_played, place_best;        /* 1 is first */
  gint8         strongest_played, strongest_best; /* FxCurrency */
  XqAmount      margin_played, margin_best;
  char         *played;    /* the turn as the history tells it, spot and action */
  char         *better;    /* the best alternative in the same words; NULL when the turn was best */
  char         *change;    /* what the best alternative would have changed; NULL when best */
} FxReviewNote;

typedef struct
{
  FxReview      review;
  FxSetup       setup;
  FxReviewNote *notes;         /* review.n_turns */
  guint        *costliest;     /* turns with a loss, the costliest first (ties in game order) */
  guint         n_costliest;
  XqAmount      costly_loss;   /* the grades' lines (see FxReviewGrade) */
  XqAmount      decisive_loss;
  int           winner;        /* the player the turning point is about, or FX_NO_PLAYER */
  guint         n_moves;       /* the moves reviewed */
} FxReviewSummary;

FxReviewSummary *fx_review_summary_new   (const FxSetup    *setup,
                                          const FxMove     *moves,
                                          guint             n_moves,
                                          FxReview         *review);
FxReviewSummary *fx_review_summary_ref   (FxReviewSummary  *summary);
void             fx_review_summary_unref (FxReviewSummary  *summary);

FxReviewSummary *fx_review_summary_run   (const FxSetup    *setup,
                                          const FxMove     *moves,
                                          guint             n_moves,
                                          volatile gint    *progress,
                                          GCancellable     *cancellable,
                                          GError          **error);

FxMove          *fx_review_session_moves (XqSession        *session,
                                          guint            *n_moves);

guint        fx_review_summary_position     (const FxReviewSummary *summary,
                                             guint                  turn);
char        *fx_review_summary_turning_point (const FxReviewSummary *summary);
char        *fx_review_summary_turn_title   (const FxReviewSummary *summary,
                                             guint                  turn);
char        *fx_review_summary_loss_text    (const FxReviewSummary *summary,
                                             guint                  turn);
const char  *fx_review_grade_name           (FxReviewGrade          grade);
const char  *fx_review_grade_icon           (FxReviewGrade          grade);
char        *fx_review_summary_grades_text  (const FxReviewSummary *summary);
const char  *fx_review_explanation          (void);
char        *fx_review_summary_description  (const FxReviewSummary *summary);
guint        fx_review_summary_marks        (const FxReviewSummary *summary,
                                             XqChartMark           *marks);
guint        fx_review_summary_rule         (const FxReviewSummary *summary);
char        *fx_review_summary_rule_label   (const FxReviewSummary *summary);
void         fx_review_margin_values        (const FxReviewSummary *summary,
                                             guint                  player,
                                             double                *values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FxReviewSummary, fx_review_summary_unref)

G_END_DECLS
