/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Per-player statistics of a For-Ex game, recomputed from its move list. */
#pragma once

#include "fx-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

typedef struct
{
  guint    contracts_made;
  guint    contracts_paid;                 /* paid in full when resolved */
  guint    loans_new;                      /* unpaid contracts that became a Loan */
  guint    loans_merged;                   /* unpaid contracts added to an existing Loan */
  guint    loans_repaid;
  gboolean bankrupt;
  guint    spots_made;                     /* as the acting player */
  guint    spots_accepted;                 /* as the other side */
  guint    bought[FX_N_CURRENCIES];        /* certificates */
  guint    sold[FX_N_CURRENCIES];
  XqAmount dividends[FX_N_CURRENCIES];     /* half-bucks received */
  guint    corrections;                    /* corrections of this player's cash or certificates */
} FxPlayerStats;

typedef enum
{
  FX_CONTRACT_OPEN,      /* still in the queue when the game ended */
  FX_CONTRACT_PAID,
  FX_CONTRACT_LOAN,      /* became a new Loan */
  FX_CONTRACT_MERGED,    /* its debt was added to the owner's Loan */
  FX_CONTRACT_REMOVED,   /* a correction made it a loan or took it away: never resolved */
} FxContractOutcome;

/*
 * One contract, valued in the final strongest currency S (when it is decided):
 *
 *   value = convert(received) − convert(paid)
 *
 * each side converted on its own with fx_score_convert() on the board of that
 * moment, so each is rounded down to a whole buck as in the final scoring
 * (an amount already in S is kept exactly). "received" is the contract's
 * receive amount. "paid" is the promised amount at creation; at resolution it
 * is what the resolution cost the owner: the promise when paid, the promise
 * plus the one-buck penalty when it became or joined a Loan. The creation
 * board is the one after the contract move; the resolution board the one
 * just before the contract is resolved (after the final dividend's
 * strengthening in the automatic end phase). A contract a correction
 * corrected in place keeps its move and creation board, with the corrected
 * owner and terms; one a correction put on a free letter (or in place of a
 * loan) is made by that correction, on the board after it.
 */
typedef struct
{
  guint    move;              /* index of the move that made it: a contract, or a
                               * correction that put it on a letter not holding one */
  guint    resolved_move;     /* index of the move that resolved or removed it, unless open */
  gint8    letter;            /* 0 … 5 */
  gint8    owner;
  gint8    pay;               /* FxCurrency */
  gint8    receive;
  gint8    outcome;           /* FxContractOutcome */
  XqAmount pay_amount;
  XqAmount receive_amount;
  FxBoard  created_board;
  FxBoard  resolved_board;    /* valid when resolved (fx_contract_stats_resolved()) */
  gboolean valued;            /* the final strongest is decided */
  XqAmount created_value;     /* half-bucks of the final strongest */
  XqAmount resolved_value;    /* valid when valued and resolved */
} FxContractStats;

typedef struct
{
  guint           n_players;
  gint8           final_strongest;           /* FX_NO_CURRENCY while a choice is due */
  FxPlayerStats   players[FX_MAX_PLAYERS];
  GArray         *contracts;                 /* FxContractStats, in order of creation */
} FxStats;

/* A per-player count as the audit window and the report show it. The label
 * is untranslated (marked with N_): show it with _(). */
typedef struct
{
  const char *label;
  gsize       offset;                      /* of its guint in FxPlayerStats */
} FxStatCount;

const FxStatCount *fx_stat_counts      (guint               *n_counts);
guint              fx_stat_count_value (const FxStatCount   *count,
                                        const FxPlayerStats *player);

gboolean  fx_contract_stats_resolved (const FxContractStats *contract);

FxStats  *fx_stats_new   (XqSession *session);
void      fx_stats_free  (FxStats   *stats);
void      fx_stats_write (const FxStats *stats,
                          const FxSetup *setup,
                          GString       *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FxStats, fx_stats_free)

G_END_DECLS
