/* SPDX-License-Identifier: GPL-3.0-or-later */
/* End-game scoring: the strongest currency, per-currency conversion, the winner. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

typedef struct
{
  guint    pairs_won[FX_N_CURRENCIES];
  gboolean tied_on_pairs[FX_N_CURRENCIES];   /* the currencies with the most pairs */
  guint    certs_held[FX_N_CURRENCIES];      /* in players' hands, bankrupt included */
  gboolean tied[FX_N_CURRENCIES];            /* still tied after the certificate tie-break */
  guint    n_tied;                           /* 1 when decided without a choice */
  gint8    strongest;                        /* FX_NO_CURRENCY while a choice is due */
  gboolean chosen;                           /* decided by the last actor's choice */
} FxStrongest;

typedef struct
{
  XqAmount held[FX_N_CURRENCIES];
  XqAmount converted[FX_N_CURRENCIES];   /* whole bucks in the strongest, rounded down */
  XqAmount total;
} FxConversion;

typedef struct
{
  FxStrongest  strongest;
  FxConversion players[FX_MAX_PLAYERS];   /* valid when strongest.strongest is set */
  gboolean     winners[FX_MAX_PLAYERS];
  guint        n_winners;                 /* more than one: tied at the top, a shared win */
  gboolean     decided_by_certs;          /* the money was tied, certificates of S decided */
  guint8       place[FX_MAX_PLAYERS];     /* 1 is first; players tied (same money and
                                           * certificates of S) share a place; a bankrupt
                                           * player comes after everyone else */
} FxStanding;

void      fx_score_strongest   (const FxState *state,
                                FxStrongest   *out);
XqAmount  fx_score_convert     (const FxBoard *board,
                                FxCurrency     strongest,
                                FxCurrency     currency,
                                XqAmount       amount);
void      fx_score_standing_in (const FxState *state,
                                FxCurrency     strongest,
                                guint          readings,
                                FxStanding    *out);
void      fx_score_standing    (const FxState *state,
                                FxStanding    *out);
void      fx_score_standing_under (const FxState *state,
                                   guint          readings,
                                   FxStanding    *out);

void      fx_state_project_end (const FxState *state,
                                FxState       *out);
void      fx_score_standing_projected (const FxState *state,
                                       guint          readings,
                                       FxState       *projected,
                                       FxStanding    *out);

void      fx_score_standing_resolved (const FxSetup *setup,
                                      const FxState *state,
                                      FxState       *end,
                                      FxStanding    *out);
XqAmount  fx_score_margin      (const FxState    *state,
                                const FxStanding *standing,
                                int               player);

G_END_DECLS
