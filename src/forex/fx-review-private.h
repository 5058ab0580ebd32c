/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The review's evaluator, shared by its driver (fx-review.c) and its search
 * (fx-review-search.c): margins of positions and the best turns from one. */
#pragma once

#include <gio/gio.h>

#include "fx-legal.h"
#include "fx-review.h"
#include "fx-score.h"

G_BEGIN_DECLS

/* "spot NAME NAME GBP EUR ; divest NAME GBP 4": two statements of at most
 * three quoted 40-character names and a few words each. */
#define FX_REVIEW_TEXT_MAX 640

/* One turn: the spot (when there is one) and the action. */
typedef struct
{
  XqAmount value;                   /* the margin for the turn's player */
  guint8   n_moves;
  FxMove   moves[2];
  gboolean has_text;
  char     text[FX_REVIEW_TEXT_MAX];  /* filled only when a tie asks for it */
} FxReviewChoice;

typedef struct
{
  const FxSetup *setup;
  GCancellable  *cancellable;
  guint64        evaluated;          /* turns valued */
  gboolean       cancelled;

  /* The action list, allocated once: a search level enumerates all its turns
   * before it searches deeper, so one list serves every level. */
  FxMove        *actions;
} FxReviewEval;

void      fx_review_eval_init    (FxReviewEval   *ev,
                                  const FxSetup  *setup,
                                  GCancellable   *cancellable);
void      fx_review_eval_clear   (FxReviewEval   *ev);

XqAmount  fx_review_margins      (FxReviewEval   *ev,
                                  const FxState  *position,
                                  int             favour,
                                  XqAmount        margins[FX_MAX_PLAYERS]);
XqAmount  fx_review_margins_in_place (FxReviewEval *ev,
                                      FxState      *position,
                                      int           favour,
                                      XqAmount      margins[FX_MAX_PLAYERS]);

const char *fx_review_choice_text (const FxSetup  *setup,
                                   FxReviewChoice *choice);
int       fx_review_choice_compare (const FxSetup  *setup,
                                    FxReviewChoice *a,
                                    FxReviewChoice *b);
void      fx_review_offer        (const FxSetup        *setup,
                                  FxReviewChoice       *best,
                                  guint                 k,
                                  guint                *n_best,
                                  XqAmount              value,
                                  const FxMove         *moves,
                                  guint                 n_moves);

gboolean  fx_review_best_turns   (FxReviewEval   *ev,
                                  const FxState  *position,
                                  FxReviewChoice *best,
                                  guint           k,
                                  guint          *n_best);

gboolean  fx_review_search       (FxReviewEval   *ev,
                                  const FxState  *position,
                                  guint           depth,
                                  int             last_mover,
                                  XqAmount        margins[FX_MAX_PLAYERS]);

gboolean  fx_review_turn         (FxReviewEval   *ev,
                                  const FxState  *before,
                                  const FxMove   *played,
                                  guint           n_played,
                                  guint           depth,
                                  FxReviewTurn   *out);

void      fx_review_write_turn_text (const FxSetup *setup,
                                     const FxMove  *moves,
                                     guint          n_moves,
                                     char           out[FX_REVIEW_TEXT_MAX]);

G_END_DECLS
