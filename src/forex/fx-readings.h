/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Where the rulebook's two readings met a game, and what the other reading would give. */
#pragma once

#include "fx-score.h"
#include "fx-table-rules.h"
#include "xq-session.h"

G_BEGIN_DECLS

typedef enum
{
  FX_OTHER_WINNER_SAME,      /* the same winners */
  FX_OTHER_WINNER_CHANGES,   /* other winners: FxPointResult.winners */
  FX_OTHER_NO_WINNER,        /* the strongest currency would be tied, no choice made */
  FX_OTHER_NO_GAME,          /* the game could not be played at all */
  FX_OTHER_DIVERGES,         /* a recorded move is refused (FxPointResult.move), or the
                              * record ends before that game does (move = the number of moves) */
} FxOther;

typedef struct
{
  gboolean applied;                    /* the point arose in this game */
  FxOther  other;
  gboolean winners[FX_MAX_PLAYERS];    /* FX_OTHER_WINNER_CHANGES: the other reading's */
  guint    move;                       /* FX_OTHER_DIVERGES: index of the move refused */
  guint    count;                      /* strengthen: dividends resolved while nobody held a certificate */
} FxPointResult;

typedef struct
{
  FxPointResult points[FX_N_POINTS];
} FxReadings;

void         fx_readings_compute    (XqSession       *session,
                                     FxReadings      *out);
void         fx_readings_write      (XqSession       *session,
                                     const FxReadings *readings,
                                     GString         *out);

G_END_DECLS
