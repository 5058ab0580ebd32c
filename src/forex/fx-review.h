/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game review: what every turn of a For-Ex game was worth, and what the best
 * turn in its place would have been (issue #18; the CLI's `review` lines). */
#pragma once

#include <gio/gio.h>

#include "fx-state.h"

G_BEGIN_DECLS

/* Deeper than this, a review of an evening would take hours. */
#define FX_REVIEW_MAX_DEPTH 4
/* Beyond depth 1, how many turns of a player are searched further: the best
 * this many by their depth-1 value (see fx-review-search.c). */
#define FX_REVIEW_BEAM 4

/* One reviewed turn. Amounts are half-bucks of the strongest currency of the
 * table as it would end if every turn from now on were a resolve
 * (fx_score_standing_resolved(): the standing the table is shown); a margin
 * is the player's total there minus the best other total (fx_score_margin():
 * a bankrupt player is never better off than one with nothing). */
typedef struct
{
  guint    move;                       /* 1-based number of the turn's first move */
  guint    n_moves;                    /* 1 (action) or 2 (spot + action) */
  gint8    player;
  XqAmount value;                      /* the played turn's margin for its player */
  XqAmount best;                       /* the best alternative's margin */
  XqAmount loss;                       /* best − value, ≥ 0 */
  guint8   n_best_moves;               /* 1 or 2 */
  FxMove   best_turn[2];               /* [0] the spot when there are two */
  XqAmount margins[FX_MAX_PLAYERS];    /* every player's margin after the played turn
                                        * (tie chosen in the mover's favour): the graph */
} FxReviewTurn;

typedef struct
{
  guint    turns;
  XqAmount total_loss;
  XqAmount largest_loss;
} FxReviewPlayer;

typedef struct
{
  guint           depth;
  guint           n_players;
  guint           n_turns;
  FxReviewTurn   *turns;                       /* n_turns, in game order */
  FxReviewPlayer  players[FX_MAX_PLAYERS];     /* seating order */
  XqAmount        start_margins[FX_MAX_PLAYERS];/* before the first move */
  gint8           winner;                      /* the eventual winner (margin above 0 at
                                                * the end), or FX_NO_PLAYER */
  guint           turning_point;               /* a move number; 0 when there is none: the
                                                * move (a turn's action, or a correction or
                                                * `strongest` between or after turns) after
                                                * which the eventual winner's margin stayed
                                                * above 0 (fx-review.c) */
  guint64         evaluated;                   /* turns evaluated, for the benchmark */
} FxReview;

/* Reviews the game made of MOVES (corrections included; they are positions, not
 * turns). Runs on N_THREADS worker threads (0: one per core) and returns when
 * done; call it from a worker when the caller must stay responsive. PROGRESS,
 * when given, is raised atomically (g_atomic_int_inc) once per reviewed turn, so
 * a UI can poll it. Returns FALSE with G_IO_ERROR_CANCELLED when CANCELLABLE
 * fires; OUT is then cleared. The result is the same for any N_THREADS. */
gboolean    fx_review_run      (const FxSetup   *setup,
                                const FxMove    *moves,
                                guint            n_moves,
                                guint            depth,
                                guint            n_threads,
                                volatile gint   *progress,
                                GCancellable    *cancellable,
                                FxReview        *out,
                                GError         **error);
void        fx_review_clear    (FxReview        *review);

/* The best turn for the player to move at POSITION (between turns, the game
 * on), by the review's own valuation and search: `exchequer-cli hint` and the
 * move bar's Suggest. Returns FALSE when CANCELLABLE fired. */
gboolean    fx_review_hint     (const FxSetup   *setup,
                                const FxState   *position,
                                guint            depth,
                                GCancellable    *cancellable,
                                FxMove           turn[2],
                                guint           *n_moves,
                                XqAmount        *value);

/* The number of turns a review of MOVES will report: the UI's progress total. */
guint       fx_review_count_turns (const FxSetup *setup,
                                   const FxMove  *moves,
                                   guint          n_moves);

G_END_DECLS
