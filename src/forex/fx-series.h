/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Chart data of a For-Ex game: one point at the start and one after every move. */
#pragma once

#include "fx-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

typedef struct
{
  FxBoard  board;                               /* every pair's exchange rate */
  guint    pairs_won[FX_N_CURRENCIES];
  gint8    strongest;                           /* the standing's currency (fx_score_standing_resolved()) */
  XqAmount standing[FX_MAX_PLAYERS];            /* in that currency */
  gboolean winners[FX_MAX_PLAYERS];             /* who would win now; valid when it is set */
} FxSeriesPoint;

typedef struct
{
  guint          n_players;
  guint          n_points;                      /* moves + 1: point k is after move k */
  FxSeriesPoint *points;
} FxSeries;

FxSeries  *fx_series_new        (XqSession           *session);
void       fx_series_free       (FxSeries            *series);
int        fx_series_pair_step  (const FxSeriesPoint *point,
                                 FxCurrency           a,
                                 FxCurrency           b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FxSeries, fx_series_free)

G_END_DECLS
