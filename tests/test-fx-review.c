/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game review and the hint against an independent brute force: every
 * alternative of a turn applied through the public rules calls and valued on
 * the table resolved to its end by resolves played through the rules, as the
 * standing the table is shown counts it. */

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


static gboolean
is_action (const FxMove *m)
{
  return m->kind >= FX_MOVE_CONTRACT && m->kind <= FX_MOVE_RESOLVE;
}

/* ---- The brute force: public calls only ---- */

typedef struct
{
  const FxSetup *setup;
  int            mover;
  XqAmount       best;
  char          *best_text;
  guint          n_alternatives;
  guint          n_tied_positions;   /* alternatives whose strongest currency was tied */
} Brute;

/* The table as it would end if every turn from now on were a resolve,
 * played through the public rules call: each turn a resolve by the player to
 * move, a tie choice the first currency the rules accept. Written apart from
 * the engine's fx_state_project_resolved() to check it. */
static void
resolve_to_the_end (const FxSetup *setup,
                    FxState       *s)
{
  while (!fx_state_is_over (s))
    {
      FxMove resolve;
      gboolean done;

      fx_move_init (&resolve, FX_MOVE_RESOLVE);
      resolve.actor = s->next_player;
      done = fx_state_apply (setup, s, &resolve, NULL);
      for (int c = 0; !done && c < FX_N_CURRENCIES; c++)
        {
          resolve.cur[0] = (gint8) c;
          done = fx_state_apply (setup, s, &resolve, NULL);
        }
      g_assert_true (done);
    }
}

/* The mover's margin in @after as the standing counts it: the table resolved
 * to its end, scored as the rules score (a strongest currency left to a
 * choice: the first tied one), each total less the best other; a bankrupt
 * player counts 0, and is never better off than having nothing, a buck
 * behind at least. @tied: the end's strongest currency was tied. */
static XqAmount
brute_value (const FxSetup *setup,
             const FxState *after,
             int            mover,
             XqAmount       margins[FX_MAX_PLAYERS],
             gboolean      *tied)
{
  FxState end = *after;
  FxStanding standing;
  XqAmount totals[FX_MAX_PLAYERS], m[FX_MAX_PLAYERS];

  resolve_to_the_end (setup, &end);
  fx_score_standing_under (&end, setup->readings, &standing);
  *tied = standing.strongest.strongest == FX_NO_CURRENCY;
  if (*tied)
    {
      int first = 0;

      while (!standing.strongest.tied[first])
        first++;
      fx_score_standing_in (&end, first, setup->readings, &standing);
    }
  for (int p = 0; p < end.n_players; p++)
    totals[p] = p == end.bankrupt ? 0 : standing.players[p].total;
  for (int p = 0; p < end.n_players; p++)
    {
      XqAmount other = 0;

      for (int q = 0; q < end.n_players; q++)
        if (q != p && q != end.bankrupt)
          other = MAX (other, totals[q]);
      m[p] = totals[p] - other;
      if (p == end.bankrupt)
        m[p] = MIN (m[p], -other) - XQ_BUCKS (1);
    }
  if (margins != NULL)
    {
      memset (margins, 0, sizeof (XqAmount) * FX_MAX_PLAYERS);
      memcpy (margins, m, sizeof (XqAmount) * end.n_players);
    }
  return m[mover];
}

static char *
turn_text (const FxSetup *setup,
           const FxMove  *moves,
           guint          n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *s = fx_notation_format_move (setup, &moves[i]);

      if (i > 0)
        g_string_append (out, " ; ");
      g_string_append (out, s);
    }
  return g_string_free (out, FALSE);
}

static void
brute_offer (Brute         *b,
             const FxState *before,
             const FxMove  *moves,
             guint          n)
{
  FxState after = *before;
  g_autofree char *text = turn_text (b->setup, moves, n);
  gboolean tied;
  XqAmount value;

  for (guint i = 0; i < n; i++)
    g_assert_true (fx_state_apply (b->setup, &after, &moves[i], NULL));
  value = brute_value (b->setup, &after, b->mover, NULL, &tied);
  b->n_alternatives++;
  b->n_tied_positions += tied;
  if (b->best_text == NULL || value > b->best || (value == b->best && strcmp (text, b->best_text) < 0))
    {
      b->best = value;
      g_free (b->best_text);
      b->best_text = g_steal_pointer (&text);
    }
}

/* Every legal action without a spot. */
static void
brute_actions (Brute         *b,
               const FxState *position)
{
  g_autofree FxMove *legal = g_new (FxMove, FX_LEGAL_MAX);
  guint n = fx_legal_actions (b->setup, position, legal);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    brute_offer (b, position, &legal[i], 1);
}

/* Every turn of the mover: no spot or any spot the rules accept (every
 * actor/other/pair tried, the wrong actor refused by the rules), then every
 * legal action of the position after it. */
static void
brute_force (Brute         *b,
             const FxState *before,
             const FxMove  *played,
             guint          n_played)
{
  g_autofree FxMove *legal = g_new (FxMove, FX_LEGAL_MAX);

  brute_actions (b, before);
  for (int actor = 0; actor < before->n_players; actor++)
    for (int other = 0; other < before->n_players; other++)
      for (int give = 0; give < FX_N_CURRENCIES; give++)
        for (int take = 0; take < FX_N_CURRENCIES; take++)
          {
            FxMove spot;
            FxState after = *before;
            guint n;

            fx_move_init (&spot, FX_MOVE_SPOT);
            spot.actor = (gint8) actor;
            spot.other = (gint8) other;
            spot.cur[0] = (gint8) give;
            spot.cur[1] = (gint8) take;
            if (!fx_state_apply (b->setup, &after, &spot, NULL))
              continue;
            g_assert_cmpint (actor, ==, b->mover);
            n = fx_legal_actions (b->setup, &after, legal);
            for (guint i = 0; i < n; i++)
              {
                FxMove turn[2] = { spot, legal[i] };

                brute_offer (b, before, turn, 2);
              }
          }
  /* The played turn is a legal turn of the mover, also when others joined its divestment. */
  if (played != NULL)
    brute_offer (b, before, played, n_played);
}

/* ---- The engine against it ---- */

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

static guint n_checked_turns, n_tied_alternatives, n_spot_bests;

/* Brute-forces every @every-th turn of @g and compares it with the review. */
static void
check_against_brute_force (const FxRandomMoves *g,
                           guint                every)
{
  FxReview r;
  FxState s;
  guint t = 0;

  review (g, 1, 1, &r);
  g_assert_cmpuint (r.n_turns, ==, fx_review_count_turns (&g->setup, g->moves, g->n_moves));
  fx_state_init (&g->setup, &s);
  for (guint i = 0; i < g->n_moves;)
    {
      guint n = g->moves[i].kind == FX_MOVE_SPOT && i + 1 < g->n_moves ? 2 : 1;

      if (n == 2 || is_action (&g->moves[i]))
        {
          const FxReviewTurn *turn = &r.turns[t];

          g_assert_cmpuint (turn->move, ==, i + 1);
          g_assert_cmpuint (turn->n_moves, ==, n);
          g_assert_cmpint (turn->player, ==, s.next_player);
          if (t % every == 0)
            {
              Brute b = { &g->setup, s.next_player, 0, NULL, 0, 0 };
              FxState after = s;
              XqAmount margins[FX_MAX_PLAYERS] = { 0 };
              g_autofree char *engine_best = turn_text (&g->setup, turn->best_turn, turn->n_best_moves);
              gboolean tied;
              XqAmount played;

              for (guint j = 0; j < n; j++)
                g_assert_true (fx_state_apply (&g->setup, &after, &g->moves[i + j], NULL));
              played = brute_value (&g->setup, &after, s.next_player, margins, &tied);
              brute_force (&b, &s, &g->moves[i], n);
              g_assert_cmpint (turn->value, ==, played);
              g_assert_cmpint (turn->best, ==, b.best);
              g_assert_cmpint (turn->loss, ==, b.best - played);
              g_assert_cmpint (turn->loss, >=, 0);
              g_assert_cmpstr (engine_best, ==, b.best_text);
              for (int p = 0; p < g->setup.n_players; p++)
                g_assert_cmpint (turn->margins[p], ==, margins[p]);
              n_checked_turns++;
              n_tied_alternatives += b.n_tied_positions;
              n_spot_bests += turn->n_best_moves == 2;
              g_free (b.best_text);
            }
          t++;
        }
      for (guint j = i; j < i + n; j++)
        g_assert_true (fx_state_apply (&g->setup, &s, &g->moves[j], NULL));
      i += n;
    }
  g_assert_cmpuint (t, ==, r.n_turns);
  fx_review_clear (&r);
}

static void
test_brute_force_short_games (void)
{
  for (guint seed = 1; seed <= 4; seed++)
    {
      g_auto(FxRandomMoves) g = { 0 };

      fx_random_moves (&g, seed, 2 + seed % 3, &fx_random_style_default, 12);
      check_against_brute_force (&g, 1);
    }
}

/* Positions deeper in games: loans and contracts in the queue, corrections
 * between turns, the table's reading that rounds the strongest too. */
static void
test_brute_force_mid_game (void)
{
  for (guint seed = 7; seed <= 9; seed++)
    {
      g_auto(FxRandomMoves) g = { 0 };

      fx_random_moves (&g, seed, 3 + seed % 2, &fx_random_style_long, 90);
      if (seed == 8)
        g.setup.readings |= FX_READING_ROUND_ALL;
      check_against_brute_force (&g, 9);
    }
  g_test_message ("%u turns brute-forced, %u alternatives on a tied strongest currency, %u best turns with a spot",
                  n_checked_turns, n_tied_alternatives, n_spot_bests);
  g_assert_cmpuint (n_spot_bests, >, 0);
}

/* A random game from @prefix on: the rules' own random turns. */
static void
random_game_after (FxRandomMoves *g,
                   guint64        seed,
                   guint          n_players,
                   const FxMove  *prefix,
                   guint          n_prefix,
                   guint          max_moves,
                   guint          readings)
{
  FxRng rng;
  FxState s;

  fx_rng_init (&rng, seed);
  fx_random_setup (&g->setup, &rng, n_players);
  g->setup.readings = (guint8) readings;
  fx_state_init (&g->setup, &s);
  g->moves = g_new0 (FxMove, max_moves + 2);
  g->n_moves = 0;
  for (guint i = 0; i < n_prefix; i++)
    {
      g_assert_true (fx_state_apply (&g->setup, &s, &prefix[i], NULL));
      g->moves[g->n_moves++] = prefix[i];
    }
  while (g->n_moves + 2 <= max_moves)
    {
      FxMove turn[2];
      guint n = fx_random_turn (&g->setup, &s, &rng, &fx_random_style_default, turn);

      if (n == 0)
        break;
      for (guint i = 0; i < n; i++)
        {
          g_assert_true (fx_state_apply (&g->setup, &s, &turn[i], NULL));
          g->moves[g->n_moves++] = turn[i];
        }
    }
}

/* A board where the strongest currency is tied at the end of the table the
 * standing counts, so the first tied one stands for the last actor's choice:
 * with GBP-USD flipped, GBP, EUR and USD each win five pairs; one dividend
 * card is left, and by this table's reading a dividend resolved while nobody
 * holds a certificate strengthens nothing. */
static void
test_brute_force_tied_strongest (void)
{
  g_auto(FxRandomMoves) g = { 0 };
  guint before = n_tied_alternatives;
  FxMove fix[2];

  fx_move_init (&fix[0], FX_MOVE_CORRECT_PAIR);
  fix[0].cur[0] = FX_USD;
  fix[0].cur[1] = FX_GBP;
  fix[0].amount = fx_track_value (0);
  fx_move_init (&fix[1], FX_MOVE_CORRECT_DIVIDENDS);
  fix[1].amount = 1;
  random_game_after (&g, 5, 3, fix, 2, 4, FX_READING_NONE_STRENGTHENED);
  check_against_brute_force (&g, 1);
  g_assert_cmpuint (n_tied_alternatives, >, before);
}

/* The text ties are broken by is the notation's own, quoted names included. */
static void
test_turn_text (void)
{
  static const char *const names[] = { "Mary Ann", "#1 fan", "Zoë", "Li Wei" };
  g_auto(FxRandomMoves) g = { 0 };
  g_autofree FxMove *legal = g_new (FxMove, FX_LEGAL_MAX);
  FxState s;
  guint checked = 0;

  fx_random_moves (&g, 11, 4, &fx_random_style_long, 60);
  g_assert_true (fx_setup_set_players (&g.setup, names, 4, NULL));
  fx_state_init (&g.setup, &s);
  for (guint i = 0; i < g.n_moves; i++)
    {
      if (s.spot_actor == FX_NO_PLAYER && !fx_state_is_over (&s))
        {
          guint n = fx_legal_actions (&g.setup, &s, legal);

          for (guint k = 0; k < n; k++)
            {
              FxMove turn[2];
              char text[FX_REVIEW_TEXT_MAX];
              g_autofree char *expected = NULL;
              guint n_turn = 1;

              turn[0] = legal[k];
              if (i + 1 < g.n_moves && g.moves[i].kind == FX_MOVE_SPOT)
                {
                  turn[0] = g.moves[i];
                  turn[1] = legal[k];
                  n_turn = 2;
                }
              expected = turn_text (&g.setup, turn, n_turn);
              fx_review_write_turn_text (&g.setup, turn, n_turn, text);
              g_assert_cmpstr (text, ==, expected);
              checked++;
            }
        }
      /* Divestments with others selling, as played. */
      if (g.moves[i].kind == FX_MOVE_DIVEST)
        {
          char text[FX_REVIEW_TEXT_MAX];
          g_autofree char *expected = turn_text (&g.setup, &g.moves[i], 1);

          fx_review_write_turn_text (&g.setup, &g.moves[i], 1, text);
          g_assert_cmpstr (text, ==, expected);
        }
      g_assert_true (fx_state_apply (&g.setup, &s, &g.moves[i], NULL));
    }
  g_assert_cmpuint (checked, >, 1000);
}

static void
test_candidates (void)
{
  g_auto(FxRandomMoves) g = { 0 };
  g_autofree FxMove *legal = g_new (FxMove, FX_LEGAL_MAX);
  g_autofree FxMove *candidates = g_new (FxMove, FX_LEGAL_MAX);
  FxState s;
  guint positions = 0;

  fx_random_moves (&g, 70, 5, &fx_random_style_long, 300);
  fx_state_init (&g.setup, &s);
  for (guint i = 0; i <= g.n_moves; i++)
    {
      guint n_legal = fx_legal_actions (&g.setup, &s, legal);
      guint n_candidates = fx_legal_candidates (&g.setup, &s, candidates);
      guint k = 0;

      for (guint c = 0; c < n_candidates; c++)
        {
          FxState applied = s, copy;
          gboolean ok = fx_state_apply (&g.setup, &applied, &candidates[c], NULL);

          g_assert_cmpint (fx_state_apply_copy (&g.setup, &s, &candidates[c], &copy), ==, ok);
          if (!ok)
            continue;
          g_assert_cmpmem (&copy, sizeof copy, &applied, sizeof applied);
          g_assert_cmpuint (k, <, n_legal);
          g_assert_cmpmem (&candidates[c], sizeof (FxMove), &legal[k], sizeof (FxMove));
          k++;
        }
      g_assert_cmpuint (k, ==, n_legal);
      positions++;
      if (i < g.n_moves)
        g_assert_true (fx_state_apply (&g.setup, &s, &g.moves[i], NULL));
    }
  g_assert_cmpuint (positions, >, 100);
}

/* The evaluator's conversion (a multiplication in place of a division)
 * against the scoring's, up to the largest amount a correction may set. */
static void
test_margins_large_amounts (void)
{
  g_auto(FxRandomMoves) g = { 0 };
  FxReviewEval ev;
  FxRng rng;
  FxState s;

  fx_random_moves (&g, 80, 6, &fx_random_style_long, 400);
  fx_rng_init (&rng, 80);
  fx_review_eval_init (&ev, &g.setup, NULL);
  fx_state_init (&g.setup, &s);
  for (guint i = 0; i <= g.n_moves; i++)
    {
      FxState big = s;
      XqAmount expected[FX_MAX_PLAYERS], got[FX_MAX_PLAYERS];
      gboolean tied;

      for (int p = 0; p < big.n_players; p++)
        for (int c = 0; c < FX_N_CURRENCIES; c++)
          big.cash[p][c] = (XqAmount) (fx_rng_below (&rng, 4) == 0 ? XQ_AMOUNT_MAX - fx_rng_below (&rng, 64)
                                                                     : fx_rng_below (&rng, XQ_AMOUNT_MAX + 1));
      for (int favour = 0; favour < big.n_players; favour++)
        {
          XqAmount value = brute_value (&g.setup, &big, favour, expected, &tied);

          g_assert_cmpint (fx_review_margins (&ev, &big, favour, got), ==, value);
          g_assert_cmpmem (got, sizeof (XqAmount) * big.n_players, expected, sizeof (XqAmount) * big.n_players);
        }
      if (i < g.n_moves)
        g_assert_true (fx_state_apply (&g.setup, &s, &g.moves[i], NULL));
    }
  fx_review_eval_clear (&ev);
}

/* hint on positions across random games: the best of every legal turn,
 * valued apart through the public calls (ties: the turn whose notation sorts
 * first), and a turn the rules accept. */
static void
test_hint_is_the_best_turn (void)
{
  guint checked = 0;

  for (guint seed = 21; checked < 8; seed++)
    {
      g_auto(FxRandomMoves) g = { 0 };
      FxRng rng;
      FxState s;
      guint stop;

      fx_random_moves (&g, seed, 2 + seed % 4, &fx_random_style_long, 160);
      fx_rng_init (&rng, seed);
      stop = fx_rng_below (&rng, g.n_moves + 1);
      fx_state_init (&g.setup, &s);
      for (guint i = 0; i < g.n_moves && (i < stop || s.spot_actor != FX_NO_PLAYER); i++)
        g_assert_true (fx_state_apply (&g.setup, &s, &g.moves[i], NULL));
      if (fx_state_is_over (&s))
        continue;
      {
        Brute b = { &g.setup, s.next_player, 0, NULL, 0, 0 };
        FxMove turn[2];
        guint n = 0;
        XqAmount value = 0;
        FxState after = s;
        g_autofree char *hinted = NULL;

        brute_force (&b, &s, NULL, 0);
        g_assert_true (fx_review_hint (&g.setup, &s, 1, NULL, turn, &n, &value));
        hinted = turn_text (&g.setup, turn, n);
        g_test_message ("seed %u after %u moves: hint %s, value %d", seed, stop, hinted, value);
        g_assert_cmpint (value, ==, b.best);
        g_assert_cmpstr (hinted, ==, b.best_text);
        for (guint i = 0; i < n; i++)
          g_assert_true (fx_state_apply (&g.setup, &after, &turn[i], NULL));
        g_assert_cmpint (after.spot_actor, ==, FX_NO_PLAYER);
        g_free (b.best_text);
        checked++;
      }
    }
}

/* Deeper hints let the following players reply: still a legal turn, valued
 * as the review's depth-N search values its best. */
static void
test_hint_deeper (void)
{
  g_auto(FxRandomMoves) g = { 0 };
  FxState s;
  FxMove turn[2];
  guint n = 0;
  XqAmount value = 0;

  fx_random_moves (&g, 31, 3, &fx_random_style_long, 40);
  fx_state_init (&g.setup, &s);
  for (guint i = 0; i < g.n_moves; i++)
    g_assert_true (fx_state_apply (&g.setup, &s, &g.moves[i], NULL));
  g_assert_false (fx_state_is_over (&s));
  g_assert_cmpint (s.spot_actor, ==, FX_NO_PLAYER);
  g_assert_true (fx_review_hint (&g.setup, &s, 2, NULL, turn, &n, &value));
  for (guint i = 0; i < n; i++)
    g_assert_true (fx_state_apply (&g.setup, &s, &turn[i], NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/fx-review/brute-force/short-games", test_brute_force_short_games);
  g_test_add_func ("/fx-review/brute-force/mid-game", test_brute_force_mid_game);
  g_test_add_func ("/fx-review/brute-force/tied-strongest", test_brute_force_tied_strongest);
  g_test_add_func ("/fx-review/turn-text", test_turn_text);
  g_test_add_func ("/fx-review/candidates", test_candidates);
  g_test_add_func ("/fx-review/margins-large-amounts", test_margins_large_amounts);
  g_test_add_func ("/fx-review/hint/best-turn", test_hint_is_the_best_turn);
  g_test_add_func ("/fx-review/hint/deeper", test_hint_deeper);
  return g_test_run ();
}
