/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the Fair Trade page's files share: its widgets, built once per player count. */
#pragma once

#include "ft-state.h"
#include "ft-table-view.h"

G_BEGIN_DECLS

/* The players' table in two arrangements, each with labels of its own: the
 * squeezer of ui/ft-table-view.ui shows the wide one wherever its minimum
 * width fits, the narrow one where it does not (a phone in German). */
typedef enum
{
  FT_TABLE_VIEW_WIDE,     /* a row per player, a column per number */
  FT_TABLE_VIEW_NARROW,   /* a block per player, each number after its heading */
  FT_TABLE_VIEW_N_ARRANGEMENTS
} FtTableViewArrangement;

/* One player's labels in one arrangement. */
typedef struct
{
  GtkWidget *name;
  GtkWidget *farmer_badge;
  GtkWidget *trader_badge;
  GtkWidget *coins;
  GtkWidget *markers;
  GtkWidget *debt;
  GtkWidget *score;
  GtkWidget *locked;
} FtPlayerCells;

typedef struct
{
  FtPlayerCells in[FT_TABLE_VIEW_N_ARRANGEMENTS];
} FtPlayerRow;

typedef struct
{
  GtkWidget *farmer;     /* name and bid, by farmer position */
  GtkWidget *share;
  GtkWidget *trader;     /* name and bid, by trader position */
  GtkWidget *paid_to;
  GtkWidget *award;
} FtRankColumn;

/* A bid row's key once its player has bid: its lists hold no choice. */
#define FT_BID_ROW_EMPTIED G_MAXUINT

typedef struct
{
  FtTableView *view;
  int          player;
  guint        key;      /* which round the card lists were made for */
  GtkWidget   *row;
  GtkWidget   *name;
  GtkWidget   *farmer;
  GtkWidget   *trader;
  GtkWidget   *bid_button;
  GtkWidget   *stack;    /* the cards and Bid, or once bid, the status */
  GtkWidget   *status;
} FtBidRow;

struct _FtTableView
{
  GtkWidget     parent_instance;

  GtkWidget    *box;
  GtkWidget    *round_box;      /* the right column: the last round */
  GtkWidget    *round_title;
  GtkWidget    *round_subtitle;
  GtkWidget    *players_squeezer;
  GtkWidget    *players_grid;   /* FT_TABLE_VIEW_WIDE */
  GtkWidget    *players_list;   /* FT_TABLE_VIEW_NARROW */
  FtPlayerRow   players[FT_MAX_PLAYERS];

  GtkWidget    *last_card;
  GtkWidget    *last_title;
  GtkWidget    *rank_grid;
  FtRankColumn  ranks[FT_MAX_PLAYERS];
  GtkWidget    *farmer_ties;
  GtkWidget    *trader_ties;
  GtkWidget    *pool;
  GtkWidget    *payments;
  GtkWidget    *shortfalls;

  GtkWidget    *entry_revealer;
  GtkWidget    *entry_stack;
  GtkWidget    *market_title;
  GtkWidget    *market_box;
  GtkWidget    *market_spins[FT_MAX_PLAYERS];
  GtkWidget    *card_spin;        /* the market card's number, 0 when not given */
  /* Rows typed for each card number (1 … 12) in this session, so a card's
   * row is typed once: the notation records rows, not card numbers. */
  guint16       card_rows[FT_MAX_ROUNDS + 1][FT_MAX_PLAYERS];
  guint16       card_known;       /* bit n: the row of card n is known */
  GtkWidget    *start_button;
  GtkWidget    *bids_title;
  GtkWidget    *hidden_switch;
  GtkWidget    *hidden_hint;
  gboolean      hidden_locked;  /* a secret bid is in: the switch stays on */
  GtkWidget    *bid_rows_box;
  FtBidRow      bid_rows[FT_MAX_PLAYERS];
  GtkWidget    *ended_label;
  GtkWidget    *refusal;

  XqSession    *session;
  guint         position;
  guint         n_built;
  guint         market_key;
  guint         updating;
};

/* ft-table-view-entry.c */
GtkWidget *ft_table_view_build_entry    (FtTableView   *self);
void       ft_table_view_build_entry_rows (FtTableView *self,
                                         guint          n_players);
void       ft_table_view_update_entry   (FtTableView   *self,
                                         const FtSetup *setup,
                                         const FtState *state,
                                         gboolean       live);
void       ft_table_view_show_refusal   (FtTableView   *self,
                                         const char    *sentence);
void       ft_table_view_keep_bids_hidden (FtTableView *self);

/* ft-table-view-round.c */
GtkWidget *ft_table_view_build_round    (FtTableView   *self);
void       ft_table_view_build_round_columns (FtTableView *self,
                                         guint          n_players);
void       ft_table_view_update_round   (FtTableView   *self,
                                         const FtSetup *setup,
                                         const FtState *state);

/* ft-table-view.c */
void       ft_table_view_refresh        (FtTableView   *self);
GtkWidget *ft_table_view_label          (const char    *text,
                                         const char    *css_class,
                                         float          xalign);
void       ft_table_view_set_number     (GtkWidget     *label,
                                         int            value,
                                         const char    *accessible);

G_END_DECLS
