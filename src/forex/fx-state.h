/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex setup, state and move: plain fixed-size structs, copied with memcpy. */
#pragma once

#include <glib.h>

#include "fx-board.h"
#include "xq-amount.h"
#include "xq-notation.h"

G_BEGIN_DECLS

#define FX_MIN_PLAYERS 2
#define FX_MAX_PLAYERS 6
#define FX_N_LETTERS 6          /* contracts and loans A–F */
#define FX_QUEUE_MAX 7          /* six letters and the dividend stack */
#define FX_N_REMOVED 6          /* certificates removed at setup */
#define FX_CERTS_PER_CURRENCY 8
#define FX_MAX_CERTS_HELD 4
#define FX_N_DIVIDEND_CARDS 5   /* cards 0 … 4, 0 on top */
#define FX_NAME_BYTES (XQ_NAME_MAX_CHARS * 4 + 1)
#define FX_NO_PLAYER (-1)

/*
 * The three places the rulebook reads two ways (rules page, "End of game").
 * Each bit chooses the other reading; 0 is the default for all three.
 */
typedef enum
{
  FX_READING_ROUND_ALL    = 1 << 0,   /* the end rounds every money down, the strongest
                                       * currency too (default: its half-buck is kept) */
  FX_READING_FIVE_PLAYERS = 1 << 1,   /* 2 to 5 players (default: 2 to 6) */
  FX_READING_NONE_STRENGTHENED = 1 << 2,  /* a dividend resolved while nobody holds a
                                           * certificate strengthens nothing (default: all
                                           * seven tie and the resolver chooses) */
} FxReading;

typedef struct
{
  guint8 n_players;
  char   names[FX_MAX_PLAYERS][FX_NAME_BYTES];      /* seating order */
  gint8  removed[FX_N_REMOVED];                      /* FxCurrency, as written */
  guint8 readings;                                   /* FxReading bits: the table rules */
} FxSetup;

typedef enum
{
  FX_ITEM_DIVIDENDS,
  FX_ITEM_CONTRACT,
  FX_ITEM_LOAN,
} FxItemKind;

typedef struct
{
  gint8 kind;     /* FxItemKind */
  gint8 letter;   /* 0 … 5 for contracts and loans */
} FxQueueItem;

typedef enum
{
  FX_LETTER_FREE,
  FX_LETTER_CONTRACT,
  FX_LETTER_LOAN,
} FxLetterUse;

typedef struct
{
  gint8    use;             /* FxLetterUse */
  gint8    owner;
  gint8    pay;             /* contract: FxCurrency promised */
  gint8    receive;         /* contract: FxCurrency received */
  XqAmount pay_amount;
  XqAmount receive_amount;
  XqAmount owed[FX_N_CURRENCIES];   /* loan: what must be paid, per currency */
} FxLetter;

typedef enum
{
  FX_STATUS_PLAYING,
  FX_STATUS_ENDED,
  FX_STATUS_BANKRUPT,
} FxStatus;

typedef struct
{
  FxBoard     board;
  XqAmount    cash[FX_MAX_PLAYERS][FX_N_CURRENCIES];
  guint8      certs[FX_MAX_PLAYERS][FX_N_CURRENCIES];
  guint8      pile[FX_N_CURRENCIES];
  guint8      gone[FX_N_CURRENCIES];          /* left the game: removed at setup or divested */
  guint8      removed_at_setup[FX_N_CURRENCIES];
  FxLetter    letters[FX_N_LETTERS];
  FxQueueItem queue[FX_QUEUE_MAX];            /* front first */
  guint8      queue_len;
  guint8      dividends_left;                 /* cards still in the stack */
  guint8      n_players;
  gint8       status;                         /* FxStatus */
  gint8       bankrupt;                       /* player, or FX_NO_PLAYER */
  gint8       next_player;
  gint8       spot_actor;                     /* a spot was made and its action is due */
  gint8       last_actor;                     /* who took the last action */
  gint8       strongest_choice;               /* the final tie choice, once made */
  guint16     turn;                           /* completed turns */
  guint32     corrections_in_row;             /* corrections just played: a checkpoint's
                                               * differences are among them (8 bits
                                               * refused `checkpoint 256` after 256) */
} FxState;

typedef enum
{
  FX_MOVE_SPOT,
  FX_MOVE_CONTRACT,
  FX_MOVE_INVEST,
  FX_MOVE_DIVEST,
  FX_MOVE_RESOLVE,
  FX_MOVE_STRONGEST,
  FX_MOVE_CORRECT_CASH,
  FX_MOVE_CORRECT_CERTS,
  FX_MOVE_CORRECT_PILE,
  FX_MOVE_CORRECT_PAIR,
  FX_MOVE_CORRECT_CONTRACT,
  FX_MOVE_CORRECT_LOAN,
  FX_MOVE_CORRECT_REMOVE,
  FX_MOVE_CORRECT_QUEUE,
  FX_MOVE_CORRECT_DIVIDENDS,
  FX_MOVE_CHECKPOINT,        /* the players counted the table: not a correction itself */
} FxMoveKind;

#define FX_MOVE_FIRST_CORRECTION FX_MOVE_CORRECT_CASH
#define FX_MOVE_LAST_CORRECTION  FX_MOVE_CORRECT_DIVIDENDS

/*
 * One statement's worth of move. Fields by kind:
 *   spot        actor, other, cur[0] given, cur[1] taken
 *   contract    actor, cur[0] pay, cur[1] receive, amount promised
 *   invest      actor, cur[0], cur[1] or FX_NO_CURRENCY (strengthened in that order)
 *   divest      actor, cur[0], sells[player]; named: players written in the statement
 *   resolve     actor, cur[0] the tie choice or FX_NO_CURRENCY
 *   strongest   cur[0]
 *   correct cash   other (the player), cur[0], amount
 *   correct certs  other, cur[0], amount (a count)
 *   correct pile   cur[0], amount (a count)
 *   correct pair   cur[0] stronger, cur[1] weaker, amount (a track value)
 *   correct contract  letter, other (the owner), cur[0] pay, amount (paid),
 *                     cur[1] receive, receive_amount
 *   correct loan      letter, other (the owner), owed
 *   correct remove    letter
 *   correct queue     queue, queue_len (a letter's item kind is the rules' to fill in)
 *   correct dividends amount (cards left)
 *   checkpoint        amount: the differences found, corrected by the
 *                     corrections just before it
 * Zero-fill before use, so moves compare with memcmp.
 */
typedef struct
{
  gint8    kind;
  gint8    actor;
  gint8    other;
  gint8    cur[2];
  guint8   named;                    /* divest: bit p set when player p was written */
  guint32  sells[FX_MAX_PLAYERS];     /* as written: the rules refuse more than a player holds */
  XqAmount amount;
  gint8    letter;                   /* table corrections: 0 … 5 */
  guint8   queue_len;
  FxQueueItem queue[FX_QUEUE_MAX];
  XqAmount receive_amount;
  XqAmount owed[FX_N_CURRENCIES];
} FxMove;

void        fx_setup_init        (FxSetup        *setup);
gboolean    fx_setup_set_players (FxSetup        *setup,
                                  const char * const *names,
                                  guint           n_names,
                                  GError        **error);
int         fx_setup_find_player (const FxSetup  *setup,
                                  const char     *name);

void        fx_state_init        (const FxSetup  *setup,
                                  FxState        *state);
gboolean    fx_state_validate    (const FxSetup  *setup,
                                  const FxState  *state,
                                  const FxMove   *move,
                                  GError        **error);
gboolean    fx_state_apply       (const FxSetup  *setup,
                                  FxState        *state,
                                  const FxMove   *move,
                                  GError        **error);
gboolean    fx_state_apply_copy  (const FxSetup  *setup,
                                  const FxState  *state,
                                  const FxMove   *move,
                                  FxState        *out);
gboolean    fx_state_is_over     (const FxState  *state);
void        fx_state_resolve_remaining (FxState  *state);
void        fx_state_project_resolved (const FxSetup *setup,
                                       const FxState *state,
                                       FxState       *out);
int         fx_state_loan_of     (const FxState  *state,
                                  int             player);
guint       fx_state_certs_held  (const FxState  *state,
                                  FxCurrency      currency);
guint       fx_state_most_held   (const FxState  *state,
                                  gboolean        tied[FX_N_CURRENCIES]);
gboolean    fx_state_none_held   (const FxState  *state);
int         fx_state_dividend_strengthens (const FxSetup *setup,
                                           const FxState *state,
                                           FxCurrency     choice,
                                           GError       **error);

void        fx_move_init         (FxMove         *move,
                                  FxMoveKind      kind);
gboolean    fx_move_is_correction (const FxMove  *move);

G_END_DECLS
