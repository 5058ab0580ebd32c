/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade setup, state and move: plain fixed-size structs, copied with memcpy. */
#pragma once

#include <glib.h>

#include "xq-notation.h"

G_BEGIN_DECLS

#define FT_MIN_PLAYERS 2
#define FT_MAX_PLAYERS 6
#define FT_MAX_ROUNDS 12        /* twelve market cards */
#define FT_N_CARDS 13           /* bid cards 1 … 13 per player */
#define FT_START_COINS 16       /* 2×1, 2×2 and 2×5 */
#define FT_MAX_AWARD 99         /* what the app's market form offers: far above any printed card */
/* The largest award, coin or marker count a move may set: far beyond any
 * real game, and small enough that every count a game can reach (a
 * correction and twelve rounds of awards, 13 × 50000) fits the session
 * file's six digits (data/session.rng, "ft-number"). */
#define FT_MAX_NUMBER 50000
#define FT_NAME_BYTES (XQ_NAME_MAX_CHARS * 4 + 1)
#define FT_NO_PLAYER (-1)

typedef struct
{
  guint8 n_players;
  char   names[FT_MAX_PLAYERS][FT_NAME_BYTES];     /* seating order, clockwise */
  gint8  farmer;                                  /* holds the farmer marker at the start */
  guint8 rounds;                                  /* 1 … 12 */
  guint8 locked[FT_MAX_PLAYERS][2];               /* laid by the future market, as written */
} FtSetup;

typedef enum
{
  FT_STATUS_PLAYING,
  FT_STATUS_ENDED,
} FtStatus;

/*
 * The arithmetic of one settled round, kept so that the app can show it step
 * by step and the tests can check it. Rankings list players best first; the
 * k-th farmer card collects share[k] from the pool and the k-th trader bid.
 */
typedef struct
{
  guint8 bids[FT_MAX_PLAYERS][2];          /* per player: farmer bid, trader bid */
  guint16 awards[FT_MAX_PLAYERS];          /* the market row, by trader position */
  gint8  farmer_rank[FT_MAX_PLAYERS];
  gint8  trader_rank[FT_MAX_PLAYERS];
  gint32 pool;
  gint32 share[FT_MAX_PLAYERS];            /* by farmer position */
  gint32 collected[FT_MAX_PLAYERS];        /* by player: share and trader payment */
  gint32 shortfall[FT_MAX_PLAYERS];        /* by player: taken from the box */
  gint32 awarded[FT_MAX_PLAYERS];          /* by player: markers earned */
} FtSettlement;

typedef struct
{
  guint8       n_players;
  gint8        status;                     /* FtStatus */
  guint8       round;                      /* rounds settled */
  guint8       rounds;                     /* rounds to play */
  gint8        farmer;                     /* marker holders now */
  gint8        trader;
  gint32       coins[FT_MAX_PLAYERS];
  gint32       markers[FT_MAX_PLAYERS];
  gint32       debt[FT_MAX_PLAYERS];
  guint8       locked[FT_MAX_PLAYERS][2];  /* ascending */

  /* The open round: its market row and the secret bids so far. */
  gboolean     round_open;
  guint16      market[FT_MAX_PLAYERS];
  guint8       has_bid;                    /* bit p: player p has bid */
  guint8       bids[FT_MAX_PLAYERS][2];

  gboolean     has_last;                   /* a round has been settled */
  FtSettlement last;
} FtState;

typedef enum
{
  FT_MOVE_MARKET,
  FT_MOVE_BID,
  FT_MOVE_CORRECT_COINS,
  FT_MOVE_CORRECT_MARKERS,
} FtMoveKind;

/*
 * One statement's worth of move. Fields by kind:
 *   market          n_awards, awards (as written; the rules check the count)
 *   bid             player, cards[0] farmer bid, cards[1] trader bid
 *   correct coins   player, value
 *   correct markers player, value
 * Numbers are kept as written so the rules, not the parser, refuse a card 14.
 * Zero-fill before use, so moves compare with memcmp.
 */
typedef struct
{
  gint8   kind;
  gint8   player;
  guint8  n_awards;
  guint32 cards[2];                  /* as written: the rules refuse a card 70000 */
  guint16 awards[FT_MAX_PLAYERS];
  gint32  value;
} FtMove;

void      ft_setup_init          (FtSetup        *setup);
gboolean  ft_setup_set_players   (FtSetup        *setup,
                                  const char * const *names,
                                  guint           n_names,
                                  GError        **error);
int       ft_setup_find_player   (const FtSetup  *setup,
                                  const char     *name);
gboolean  ft_setup_set_rounds    (FtSetup        *setup,
                                  guint           rounds,
                                  GError        **error);
gboolean  ft_setup_set_locked    (FtSetup        *setup,
                                  int             player,
                                  guint           first,
                                  guint           second,
                                  GError        **error);

void      ft_state_init          (const FtSetup  *setup,
                                  FtState        *state);
gboolean  ft_state_validate      (const FtSetup  *setup,
                                  const FtState  *state,
                                  const FtMove   *move,
                                  GError        **error);
gboolean  ft_state_apply         (const FtSetup  *setup,
                                  FtState        *state,
                                  const FtMove   *move,
                                  GError        **error);
gboolean  ft_state_is_over       (const FtState  *state);
gboolean  ft_state_card_available (const FtState *state,
                                   int            player,
                                   guint          card);
gint32    ft_state_score         (const FtState  *state,
                                  int             player);
guint     ft_state_winners       (const FtState  *state,
                                  gboolean        winners[FT_MAX_PLAYERS]);

void      ft_settle              (int             n_players,
                                  int             farmer,
                                  int             trader,
                                  const guint8    bids[FT_MAX_PLAYERS][2],
                                  const guint16   awards[FT_MAX_PLAYERS],
                                  const gint32    coins[FT_MAX_PLAYERS],
                                  FtSettlement   *out);

void      ft_move_init           (FtMove         *move,
                                  FtMoveKind      kind);

G_END_DECLS
