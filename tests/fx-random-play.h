/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex games for tests: random legal ones, drawn from the engine's own
 * legal-action listing, and ones written out in XQN. */
#pragma once

#include "fx-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 s;
} FxRng;

typedef struct
{
  guint spot_percent;        /* chance of a spot transaction before an action */
  guint correction_percent;  /* chance of a correction between turns */
  guint weight[4];           /* how often contract, invest, divest and resolve are picked */
  gboolean prudent;          /* promise only what one holds; leave an unpayable loan alone */
} FxRandomStyle;

extern const FxRandomStyle fx_random_style_default;
extern const FxRandomStyle fx_random_style_prudent;
extern const FxRandomStyle fx_random_style_long;
extern const FxRandomStyle fx_random_style_dealing;
extern const FxRandomStyle fx_random_style_endless;

void       fx_rng_init          (FxRng         *rng,
                                 guint64        seed);
guint32    fx_rng_below         (FxRng         *rng,
                                 guint32        bound);

void       fx_random_setup      (FxSetup       *setup,
                                 FxRng         *rng,
                                 guint          n_players);
guint      fx_random_turn       (const FxSetup       *setup,
                                 const FxState       *state,
                                 FxRng               *rng,
                                 const FxRandomStyle *style,
                                 FxMove               moves[2]);
XqSession *fx_random_game       (guint64              seed,
                                 guint                n_players,
                                 const FxRandomStyle *style,
                                 guint                max_moves);
XqSession *fx_random_endless_game (guint64              seed,
                                   guint                n_players,
                                   const FxRandomStyle *style,
                                   guint                n_moves);

/* A random game as plain setup and moves, as the review engine takes it. */
typedef struct
{
  FxSetup  setup;
  FxMove  *moves;
  guint    n_moves;
} FxRandomMoves;

void       fx_random_moves       (FxRandomMoves       *out,
                                  guint64              seed,
                                  guint                n_players,
                                  const FxRandomStyle *style,
                                  guint                max_moves);
void       fx_random_moves_clear (FxRandomMoves       *moves);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (FxRandomMoves, fx_random_moves_clear)

/* The game TEXT (XQN) spells; a parse error fails the test, naming its line. */
XqSession *fx_test_parse         (const char          *text);
/* Fails the test unless A and B hold the same moves, reasons and table. */
void       fx_test_assert_same_game (XqSession       *a,
                                     XqSession       *b);

G_END_DECLS
