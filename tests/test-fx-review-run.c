/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game review's driver: the same result for any number of threads, the
 * per-player sums and the turning point, progress, cancelling, depth 2. (The
 * values themselves are checked against a brute force in test-fx-review.c.) */

#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "fx-game.h"
#include "fx-legal.h"
#include "fx-notation.h"
#include "fx-random-play.h"
#include "fx-review-private.h"
#include "fx-score.h"
#include "xq-games.h"


static void
review (const FxRandomMoves *g,
        guint                depth,
        guint                n_threads,
        FxReview            *out)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (fx_review_run (&g->setup, g->moves, g->n_moves, depth, n_threads, NULL, NULL, out, &error));
  g_assert_no_error (error);
}

static void
assert_same_review (const FxReview *a,
                    const FxReview *b)
{
  g_assert_cmpuint (a->n_turns, ==, b->n_turns);
  g_assert_cmpuint (a->depth, ==, b->depth);
  g_assert_cmpuint (a->turning_point, ==, b->turning_point);
  g_assert_cmpuint (a->evaluated, ==, b->evaluated);
  g_assert_cmpmem (a->turns, sizeof (FxReviewTurn) * a->n_turns, b->turns, sizeof (FxReviewTurn) * b->n_turns);
  g_assert_cmpmem (a->players, sizeof a->players, b->players, sizeof b->players);
  g_assert_cmpmem (a->start_margins, sizeof a->start_margins, b->start_margins, sizeof b->start_margins);
}

static void
test_threads (void)
{
  g_auto(FxRandomMoves) g = { 0 };
  FxReview one, two, many;

  fx_random_moves (&g, 21, 4, &fx_random_style_long, 70);
  review (&g, 1, 1, &one);
  review (&g, 1, 2, &two);
  review (&g, 1, 0, &many);
  g_assert_cmpuint (one.n_turns, >, 20);
  assert_same_review (&one, &two);
  assert_same_review (&one, &many);
  fx_review_clear (&one);
  fx_review_clear (&two);
  fx_review_clear (&many);
}

/* The turning point as README.md defines it, recomputed the plain way: the
 * winner's margin at every position (after each turn, as the review valued
 * it, and after each move outside a turn), then the move after which it
 * stayed above 0. */
static guint
expected_turning_point (const FxSetup  *setup,
                        const FxMove   *moves,
                        guint           n_moves,
                        const FxReview *r,
                        int             winner)
{
  g_autofree XqAmount *margin = g_new0 (XqAmount, n_moves + 1);
  g_autofree gboolean *position = g_new0 (gboolean, n_moves + 1);
  FxReviewEval ev;
  FxState state;
  guint point = 0;

  if (winner == FX_NO_PLAYER)
    return 0;
  for (guint t = 0; t < r->n_turns; t++)
    {
      guint last = r->turns[t].move + r->turns[t].n_moves - 1;

      position[last] = TRUE;
      margin[last] = r->turns[t].margins[winner];
    }
  fx_review_eval_init (&ev, setup, NULL);
  fx_state_init (setup, &state);
  for (guint i = 1; i <= n_moves; i++)
    {
      gboolean in_turn = FALSE;

      g_assert_true (fx_state_apply (setup, &state, &moves[i - 1], NULL));
      for (guint t = 0; t < r->n_turns; t++)
        in_turn |= i >= r->turns[t].move && i < r->turns[t].move + r->turns[t].n_moves;
      if (!in_turn && moves[i - 1].kind != FX_MOVE_SPOT)
        {
          XqAmount all[FX_MAX_PLAYERS];

          fx_review_margins (&ev, &state, state.last_actor != FX_NO_PLAYER ? state.last_actor : state.next_player, all);
          position[i] = TRUE;
          margin[i] = all[winner];
        }
    }
  fx_review_eval_clear (&ev);
  for (guint i = n_moves; i >= 1; i--)
    if (position[i])
      {
        if (margin[i] <= 0)
          break;
        point = i;
      }
  return point;
}

/* A game the last `strongest` choice decided turned at that choice: after
 * the last turn (tie chosen in its player's favour) the eventual winner was
 * not ahead. Each final choice of random finished games is tried. */
static void
test_turning_point_strongest (void)
{
  guint found = 0;

  /* The generator is the same on every machine: seed 133 is the first
   * whose game ends so; a few more seeds keep the search honest. */
  for (guint seed = 130; seed < 200 && found < 1; seed++)
    {
      g_auto(FxRandomMoves) g = { 0 };
      FxState before;
      FxMove last;

      fx_random_moves (&g, seed, 2 + seed % 3, &fx_random_style_prudent, 400);
      if (g.n_moves == 0 || g.moves[g.n_moves - 1].kind != FX_MOVE_STRONGEST)
        continue;
      fx_state_init (&g.setup, &before);
      for (guint i = 0; i + 1 < g.n_moves; i++)
        g_assert_true (fx_state_apply (&g.setup, &before, &g.moves[i], NULL));
      last = g.moves[g.n_moves - 1];
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          FxState after;
          FxReview r;
          const FxReviewTurn *turn;

          g.moves[g.n_moves - 1] = last;
          g.moves[g.n_moves - 1].cur[0] = (gint8) c;
          if (!fx_state_apply_copy (&g.setup, &before, &g.moves[g.n_moves - 1], &after))
            continue;
          review (&g, 1, 2, &r);
          turn = &r.turns[r.n_turns - 1];
          if (r.winner != FX_NO_PLAYER && turn->margins[r.winner] <= 0)
            {
              g_test_message ("seed %u: strongest %s decides the game for player %d", seed, fx_currency_code (c),
                              r.winner);
              g_assert_cmpuint (r.turning_point, ==, g.n_moves);
              found++;
            }
          fx_review_clear (&r);
        }
    }
  g_assert_cmpuint (found, >, 0);
}

/* A correction after the last turn that puts a player ahead for good is
 * where the game turned, and that player is the winner the review names. */
static void
test_turning_point_correction (void)
{
  guint tried = 0;

  for (guint seed = 50; seed < 52; seed++)
    {
      g_auto(FxRandomMoves) g = { 0 };
      FxState state;
      FxReview before, after;
      guint n = 0, before_turns;
      int behind = FX_NO_PLAYER;

      fx_random_moves (&g, seed, 3, &fx_random_style_prudent, 400);
      /* Stop after a turn, well before the end. */
      fx_state_init (&g.setup, &state);
      for (guint i = 0; i < g.n_moves && i < 16; i++)
        {
          g_assert_true (fx_state_apply (&g.setup, &state, &g.moves[i], NULL));
          if (state.spot_actor == FX_NO_PLAYER && !fx_state_is_over (&state) && g.moves[i].kind != FX_MOVE_SPOT)
            n = i + 1;
        }
      g_assert_cmpuint (n, >, 2);
      g.n_moves = n;
      review (&g, 1, 2, &before);
      for (guint p = 0; p < g.setup.n_players && behind == FX_NO_PLAYER; p++)
        if (before.turns[before.n_turns - 1].margins[p] <= 0)
          behind = (int) p;
      g_assert_cmpint (behind, !=, FX_NO_PLAYER);
      before_turns = before.n_turns;
      fx_review_clear (&before);

      /* The table finds a fortune in front of that player, in every
       * currency (a loan is paid in its own). */
      g.moves = g_renew (FxMove, g.moves, n + FX_N_CURRENCIES);
      fx_state_init (&g.setup, &state);
      for (guint i = 0; i < n; i++)
        g_assert_true (fx_state_apply (&g.setup, &state, &g.moves[i], NULL));
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          fx_move_init (&g.moves[n + c], FX_MOVE_CORRECT_CASH);
          g.moves[n + c].other = (gint8) behind;
          g.moves[n + c].cur[0] = (gint8) c;
          g.moves[n + c].amount = XQ_BUCKS (100);
          g_assert_true (fx_state_apply (&g.setup, &state, &g.moves[n + c], NULL));
        }
      g.n_moves = n + FX_N_CURRENCIES;
      review (&g, 1, 2, &after);
      g_assert_cmpint (after.winner, ==, behind);
      g_assert_cmpuint (after.n_turns, ==, before_turns);
      /* One of the corrections, the one after which the lead held. */
      g_assert_cmpuint (after.turning_point, >, n);
      g_assert_cmpuint (after.turning_point, <=, n + FX_N_CURRENCIES);
      g_assert_cmpuint (after.turning_point, ==,
                        expected_turning_point (&g.setup, g.moves, g.n_moves, &after, after.winner));
      fx_review_clear (&after);
      tried++;
    }
  g_assert_cmpuint (tried, ==, 2);
}

/* The per-player lines and the turning point, recomputed from the turns. */
static void
test_summary (void)
{
  guint with_point = 0;

  for (guint seed = 30; seed < 34; seed++)
    {
      g_auto(FxRandomMoves) g = { 0 };
      FxReview r;
      FxState end, projected;
      FxStanding standing;
      XqAmount final[FX_MAX_PLAYERS];
      guint expected_point = 0;
      int winner = FX_NO_PLAYER;
      FxReviewEval ev;

      fx_random_moves (&g, seed, 2 + seed % 4, seed % 2 ? &fx_random_style_long : &fx_random_style_prudent, 400);
      review (&g, 1, 2, &r);
      for (int p = 0; p < g.setup.n_players; p++)
        {
          guint turns = 0;
          XqAmount total = 0, largest = 0;

          for (guint t = 0; t < r.n_turns; t++)
            if (r.turns[t].player == p)
              {
                turns++;
                total += r.turns[t].loss;
                largest = MAX (largest, r.turns[t].loss);
              }
          g_assert_cmpuint (r.players[p].turns, ==, turns);
          g_assert_cmpint (r.players[p].total_loss, ==, total);
          g_assert_cmpint (r.players[p].largest_loss, ==, largest);
          g_assert_cmpint (r.start_margins[p], ==, 0);   /* everyone starts alike */
        }

      fx_state_init (&g.setup, &end);
      for (guint i = 0; i < g.n_moves; i++)
        g_assert_true (fx_state_apply (&g.setup, &end, &g.moves[i], NULL));
      fx_review_eval_init (&ev, &g.setup, NULL);
      fx_review_margins (&ev, &end, end.last_actor, final);
      fx_review_eval_clear (&ev);
      fx_score_standing_projected (&end, g.setup.readings, &projected, &standing);
      for (int p = 0; p < g.setup.n_players; p++)
        if (final[p] > 0)
          winner = p;
      /* A sole winner by money is the one with a margin above 0. */
      if (winner != FX_NO_PLAYER && standing.strongest.strongest != FX_NO_CURRENCY)
        g_assert_true (standing.winners[winner] && standing.n_winners == 1);
      g_assert_cmpint (r.winner, ==, winner);
      expected_point = expected_turning_point (&g.setup, g.moves, g.n_moves, &r, winner);
      g_assert_cmpuint (r.turning_point, ==, expected_point);
      with_point += r.turning_point > 0;
      fx_review_clear (&r);
    }
  g_assert_cmpuint (with_point, >, 0);
}

static void
test_progress (void)
{
  g_auto(FxRandomMoves) g = { 0 };
  FxReview r;
  volatile gint progress = 0;
  g_autoptr(GError) error = NULL;

  fx_random_moves (&g, 40, 3, &fx_random_style_long, 40);
  g_assert_true (fx_review_run (&g.setup, g.moves, g.n_moves, 1, 2, &progress, NULL, &r, &error));
  g_assert_cmpint (progress, ==, (gint) r.n_turns);
  g_assert_cmpuint (r.n_turns, ==, fx_review_count_turns (&g.setup, g.moves, g.n_moves));
  g_assert_cmpuint (r.evaluated, >, r.n_turns);
  fx_review_clear (&r);
}

typedef struct
{
  const FxRandomMoves    *game;
  GCancellable  *cancellable;
  volatile gint  progress;
  gboolean       ok;
  GError        *error;
  FxReview       review;
} CancelRun;

static gpointer
run_in_thread (gpointer data)
{
  CancelRun *c = data;

  c->ok = fx_review_run (&c->game->setup, c->game->moves, c->game->n_moves, 1, 2, &c->progress,
                         c->cancellable, &c->review, &c->error);
  return NULL;
}

static void
test_cancel (void)
{
  g_auto(FxRandomMoves) g = { 0 };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CancelRun c = { &g, cancellable, 0, TRUE, NULL, { 0 } };
  GThread *thread;
  FxReview r;
  g_autoptr(GError) error = NULL;
  guint total;

  fx_random_moves (&g, 50, 5, &fx_random_style_long, 600);
  total = fx_review_count_turns (&g.setup, g.moves, g.n_moves);

  /* Cancelled before it starts. */
  g_cancellable_cancel (cancellable);
  g_assert_false (fx_review_run (&g.setup, g.moves, g.n_moves, 1, 2, NULL, cancellable, &r, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (r.turns);
  g_assert_cmpuint (r.n_turns, ==, 0);

  /* Cancelled while it runs: it stops well before the end. */
  g_cancellable_reset (cancellable);
  thread = g_thread_new ("review", run_in_thread, &c);
  while (g_atomic_int_get (&c.progress) < 2)
    g_usleep (1000);
  g_cancellable_cancel (cancellable);
  g_thread_join (thread);
  g_assert_false (c.ok);
  g_assert_error (c.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (c.review.turns);
  g_assert_cmpint (g_atomic_int_get (&c.progress), <, (gint) total);
  g_clear_error (&c.error);
}

/* Depth 2: the played turn and the beam searched one reply deeper; the same
 * for any thread count; the best never below the played; a turn that ends the
 * game is worth at depth 2 what it is worth at depth 1. */
static void
test_depth_two (void)
{
  g_auto(FxRandomMoves) g = { 0 };
  FxReview one, two, two_threads;

  fx_random_moves (&g, 60, 3, &fx_random_style_default, 16);
  review (&g, 1, 1, &one);
  review (&g, 2, 1, &two);
  review (&g, 2, 2, &two_threads);
  assert_same_review (&two, &two_threads);
  g_assert_cmpuint (two.depth, ==, 2);
  g_assert_cmpuint (two.n_turns, ==, one.n_turns);
  g_assert_cmpuint (two.evaluated, >, 2 * one.evaluated);
  for (guint t = 0; t < two.n_turns; t++)
    {
      g_assert_cmpint (two.turns[t].best, >=, two.turns[t].value);
      g_assert_cmpint (two.turns[t].loss, ==, two.turns[t].best - two.turns[t].value);
      /* The graph is the game as played, whatever the depth. */
      g_assert_cmpmem (two.turns[t].margins, sizeof two.turns[t].margins,
                       one.turns[t].margins, sizeof one.turns[t].margins);
    }
  fx_review_clear (&one);
  fx_review_clear (&two);
  fx_review_clear (&two_threads);
}

/* The review applies every candidate itself: the accepted candidates are
 * exactly the legal actions, in the same order, and fx_state_apply_copy()
 * gives what fx_state_apply() gives. */
int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/fx-review-run/threads", test_threads);
  g_test_add_func ("/fx-review-run/summary", test_summary);
  g_test_add_func ("/fx-review-run/turning-point/strongest", test_turning_point_strongest);
  g_test_add_func ("/fx-review-run/turning-point/correction", test_turning_point_correction);
  g_test_add_func ("/fx-review-run/progress", test_progress);
  g_test_add_func ("/fx-review-run/cancel", test_cancel);
  g_test_add_func ("/fx-review-run/depth-two", test_depth_two);
  return g_test_run ();
}
