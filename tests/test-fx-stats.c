/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Statistics and chart series against counts recomputed independently from the moves. */

#include "config.h"

#include <string.h>

#include "fx-game.h"
#include "fx-random-play.h"
#include "fx-score.h"
#include "fx-series.h"
#include "fx-stats.h"
#include "xq-games.h"

/* The expected figures, kept by this test's own bookkeeping. */
typedef struct
{
  guint    made[FX_MAX_PLAYERS], paid[FX_MAX_PLAYERS], loans_new[FX_MAX_PLAYERS];
  guint    merged[FX_MAX_PLAYERS], repaid[FX_MAX_PLAYERS], spots[FX_MAX_PLAYERS];
  guint    accepted[FX_MAX_PLAYERS], corrections[FX_MAX_PLAYERS];
  guint    bought[FX_MAX_PLAYERS][FX_N_CURRENCIES], sold[FX_MAX_PLAYERS][FX_N_CURRENCIES];
  XqAmount dividends[FX_MAX_PLAYERS][FX_N_CURRENCIES];
  gboolean bankrupt[FX_MAX_PLAYERS];
} Expected;

/* A second, deliberately plain reading of the rules for contracts and loans:
 * resolves the front item of @s, books it in @e. Returns FALSE on a
 * bankruptcy. */
static gboolean
resolve_item (FxState  *s,
              Expected *e)
{
  FxQueueItem item = s->queue[0];
  FxLetter *letter = &s->letters[item.letter];
  int owner = letter->owner;

  if (item.kind == FX_ITEM_LOAN)
    {
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (s->cash[owner][c] < letter->owed[c])
          {
            e->bankrupt[owner] = TRUE;
            return FALSE;
          }
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        s->cash[owner][c] -= letter->owed[c];
      e->repaid[owner]++;
      letter->use = FX_LETTER_FREE;
    }
  else
    {
      int loan = -1;

      s->cash[owner][letter->receive] += letter->receive_amount;
      for (int l = 0; l < FX_N_LETTERS; l++)
        if (s->letters[l].use == FX_LETTER_LOAN && s->letters[l].owner == owner)
          loan = l;
      if (s->cash[owner][letter->pay] >= letter->pay_amount)
        {
          s->cash[owner][letter->pay] -= letter->pay_amount;
          e->paid[owner]++;
          letter->use = FX_LETTER_FREE;
        }
      else if (loan >= 0)
        {
          e->merged[owner]++;
          letter->use = FX_LETTER_FREE;
        }
      else
        {
          e->loans_new[owner]++;
          letter->use = FX_LETTER_LOAN;
          letter->owed[letter->pay] = letter->pay_amount + 2;
          /* The front leaves before the loan joins the back: a full queue
           * has room only then, as in the rules. */
          memmove (s->queue, s->queue + 1, sizeof (FxQueueItem) * (gsize) (s->queue_len - 1));
          s->queue[s->queue_len - 1] = (FxQueueItem) { FX_ITEM_LOAN, item.letter };
          return TRUE;
        }
    }
  memmove (s->queue, s->queue + 1, sizeof (FxQueueItem) * (gsize) (s->queue_len - 1));
  s->queue_len--;
  return TRUE;
}

static void
recount (XqSession *session,
         Expected  *e)
{
  const FxSetup *setup = xq_session_get_setup (session);
  FxState before, after;

  memset (e, 0, sizeof *e);
  xq_session_get_state_at (session, 0, &before);
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      const FxMove *m = xq_session_get_move (session, i);

      after = before;
      g_assert_true (fx_state_apply (setup, &after, m, NULL));
      switch ((FxMoveKind) m->kind)
        {
        case FX_MOVE_SPOT:
          e->spots[m->actor]++;
          e->accepted[m->other]++;
          break;
        case FX_MOVE_CONTRACT:
          e->made[m->actor]++;
          break;
        case FX_MOVE_INVEST:
          for (int c = 0; c < FX_N_CURRENCIES; c++)
            e->bought[m->actor][c] += after.certs[m->actor][c] - before.certs[m->actor][c];
          break;
        case FX_MOVE_DIVEST:
          for (int p = 0; p < before.n_players; p++)
            for (int c = 0; c < FX_N_CURRENCIES; c++)
              e->sold[p][c] += before.certs[p][c] - after.certs[p][c];
          break;
        case FX_MOVE_CORRECT_CASH:
        case FX_MOVE_CORRECT_CERTS:
        case FX_MOVE_CORRECT_CONTRACT:
        case FX_MOVE_CORRECT_LOAN:
          e->corrections[m->other]++;
          break;
        case FX_MOVE_RESOLVE:
          if (before.queue[0].kind == FX_ITEM_DIVIDENDS)
            {
              guint card = FX_N_DIVIDEND_CARDS - before.dividends_left;
              XqAmount per = card == 0 ? 0 : card == 4 ? 6 : 4;
              FxState rest = after;

              for (int c = 0; c < FX_N_CURRENCIES; c++)
                if (!fx_board_on_last_space (&before.board, c))
                  for (int p = 0; p < before.n_players; p++)
                    e->dividends[p][c] += per * before.certs[p][c];
              if (card == 4)
                {
                  /* The rest of the queue resolved itself in the same move. */
                  memcpy (rest.cash, before.cash, sizeof rest.cash);
                  for (int p = 0; p < before.n_players; p++)
                    for (int c = 0; c < FX_N_CURRENCIES; c++)
                      if (!fx_board_on_last_space (&before.board, c))
                        rest.cash[p][c] += per * before.certs[p][c];
                  memcpy (rest.letters, before.letters, sizeof rest.letters);
                  memcpy (rest.queue, before.queue + 1, sizeof (FxQueueItem) * (before.queue_len - 1u));
                  rest.queue_len = before.queue_len - 1;
                  while (rest.queue_len > 0 && resolve_item (&rest, e))
                    ;
                  g_assert_cmpmem (rest.cash, sizeof rest.cash, after.cash, sizeof after.cash);
                }
            }
          else
            {
              FxState one = before;

              resolve_item (&one, e);
            }
          break;
        case FX_MOVE_STRONGEST:
        case FX_MOVE_CORRECT_PILE:
        case FX_MOVE_CORRECT_PAIR:
        case FX_MOVE_CORRECT_REMOVE:
        case FX_MOVE_CORRECT_QUEUE:
        case FX_MOVE_CORRECT_DIVIDENDS:
        case FX_MOVE_CHECKPOINT:
        default:
          break;
        }
      before = after;
    }
}

static void
check_game (XqSession *session)
{
  g_autoptr(FxStats) stats = fx_stats_new (session);
  g_autoptr(FxSeries) series = fx_series_new (session);
  const FxState *final = xq_session_get_state (session);
  FxStanding standing;
  Expected e;
  guint total_made = 0, resolved = 0, outcomes = 0;

  recount (session, &e);
  g_assert_cmpuint (stats->n_players, ==, final->n_players);
  for (int p = 0; p < final->n_players; p++)
    {
      const FxPlayerStats *s = &stats->players[p];

      g_assert_cmpuint (s->contracts_made, ==, e.made[p]);
      g_assert_cmpuint (s->contracts_paid, ==, e.paid[p]);
      g_assert_cmpuint (s->loans_new, ==, e.loans_new[p]);
      g_assert_cmpuint (s->loans_merged, ==, e.merged[p]);
      g_assert_cmpuint (s->loans_repaid, ==, e.repaid[p]);
      g_assert_cmpuint (s->spots_made, ==, e.spots[p]);
      g_assert_cmpuint (s->spots_accepted, ==, e.accepted[p]);
      g_assert_cmpuint (s->corrections, ==, e.corrections[p]);
      g_assert_cmpint (s->bankrupt, ==, e.bankrupt[p]);
      g_assert_cmpint (s->bankrupt, ==, final->bankrupt == p);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          g_assert_cmpuint (s->bought[c], ==, e.bought[p][c]);
          g_assert_cmpuint (s->sold[c], ==, e.sold[p][c]);
          g_assert_cmpint (s->dividends[c], ==, e.dividends[p][c]);
        }
      total_made += e.made[p];
      resolved += e.paid[p] + e.loans_new[p] + e.merged[p];
    }
  g_assert_cmpuint (stats->contracts->len, ==, total_made);
  for (guint i = 0; i < stats->contracts->len; i++)
    {
      const FxContractStats *c = &g_array_index (stats->contracts, FxContractStats, i);

      outcomes += c->outcome != FX_CONTRACT_OPEN;
      g_assert_cmpint (c->valued, ==, stats->final_strongest != FX_NO_CURRENCY);
      g_assert_cmpint (((const FxMove *) xq_session_get_move (session, c->move))->kind, ==, FX_MOVE_CONTRACT);
      if (c->outcome != FX_CONTRACT_OPEN)
        g_assert_cmpuint (c->resolved_move, >=, c->move);
    }
  g_assert_cmpuint (outcomes, ==, resolved);

  /* One point at the start and one after every move; the last is the
   * standing the table is shown, the score itself once the game is over. */
  g_assert_cmpuint (series->n_points, ==, xq_session_get_n_moves (session) + 1);
  {
    FxState end;

    fx_score_standing_resolved (xq_session_get_setup (session), final, &end, &standing);
  }
  g_assert_cmpint (series->points[series->n_points - 1].strongest, ==, standing.strongest.strongest);
  g_assert_cmpint (standing.strongest.strongest, !=, FX_NO_CURRENCY);
  for (int p = 0; p < final->n_players; p++)
    g_assert_cmpint (series->points[series->n_points - 1].standing[p], ==, standing.players[p].total);
  if (fx_state_is_over (final) && final->strongest_choice != FX_NO_CURRENCY)
    {
      FxStanding score;

      fx_score_standing_under (final, ((const FxSetup *) xq_session_get_setup (session))->readings, &score);
      for (int p = 0; p < final->n_players; p++)
        g_assert_cmpint (standing.players[p].total, ==, score.players[p].total);
    }
  for (guint k = 0; k < series->n_points; k += 1 + series->n_points / 5)
    {
      FxState state;
      guint won[FX_N_CURRENCIES];

      xq_session_get_state_at (session, k, &state);
      fx_board_pairs_won (&state.board, won);
      g_assert_cmpmem (series->points[k].pairs_won, sizeof won, won, sizeof won);
      g_assert_cmpmem (&series->points[k].board, sizeof state.board, &state.board, sizeof state.board);
    }
}

static void
test_random_games (void)
{
  const FxRandomStyle *styles[] = { &fx_random_style_default, &fx_random_style_prudent, &fx_random_style_long };

  for (guint64 seed = 1; seed <= 240; seed++)
    {
      g_autoptr(XqSession) session = fx_random_game (seed, 2 + (guint) (seed % 5),
                                                     styles[seed % G_N_ELEMENTS (styles)], 2000);

      check_game (session);
    }
}

static void
test_pair_step (void)
{
  FxSeriesPoint point = { 0 };

  fx_board_init (&point.board);
  /* GBP over CNY at 4 (the seventh space), and par counts as 0 from either side. */
  g_assert_cmpint (fx_series_pair_step (&point, FX_GBP, FX_CNY), ==, 6);
  g_assert_cmpint (fx_series_pair_step (&point, FX_CNY, FX_GBP), ==, -6);
  g_assert_cmpint (fx_series_pair_step (&point, FX_GBP, FX_USD), ==, 0);
}

/* Issue 15: the series counts by the table rules. Its last point is the
 * standing the table is shown (every turn from now on a resolve): the five
 * dividends to come pay Ann's GBP certificate 9 GBP and strengthen GBP, so
 * Ben's other currencies round to nothing and his 19.5 GBP is 19.5 by the
 * printed rule, 19 when all monies round down. Ann wins either way. */
static void
test_series_by_table_rules (void)
{
  for (guint round_all = 0; round_all < 2; round_all++)
    {
      g_autofree char *text = g_strconcat ("game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n",
                                           round_all ? "rule rounding round-all\n" : "",
                                           "correct pile GBP 6\ncorrect certs Ann GBP 1\n"
                                           "correct cash Ann GBP 19\ncorrect cash Ben GBP 19.5\n", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) session = xq_session_new_from_notation (text, -1, NULL, &error);
      g_autoptr(FxSeries) series = NULL;
      const FxSeriesPoint *last;

      g_assert_no_error (error);
      check_game (session);
      series = fx_series_new (session);
      last = &series->points[series->n_points - 1];
      g_assert_cmpint (last->standing[1], ==, round_all ? XQ_BUCKS (19) : XQ_BUCKS (19) + 1);
      g_assert_true (last->winners[0]);
      g_assert_false (last->winners[1]);
    }
}

static void
test_example_games (void)
{
  const char *names[] = { "for-ex-20-4p.xqn", "for-ex-42-4p.xqn" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (TEST_DATA_DIR, names[i], NULL);
      g_autofree char *text = NULL;
      g_autoptr(XqSession) session = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      session = xq_session_new_from_notation (text, -1, NULL, &error);
      g_assert_no_error (error);
      check_game (session);
    }
}

/* The contracts as the table has them after corrections (issue #26): one
 * corrected in place takes its new owner and terms, one a correction puts
 * on a free letter is listed, made by that correction, and one a
 * correction turns into a loan or removes is no longer open. */
static void
test_corrected_contracts (void)
{
  static const char game[] =
    "game for-ex\n"
    "players Ann Ben\n"
    "removed USD JPY JPY CNY EUR GBP\n"
    "contract Ann USD 2 CHF\n"                                      /* move 1: A */
    "correct contract A Ben 2 USD 3 CHF \"it was Ben's, for 3\"\n"  /* 2: A corrected in place */
    "correct contract B Ann 1 GBP 1.5 EUR\n"                         /* 3: B made by a correction */
    "correct contract C Ben 1 CAD 2 CHF\n"                           /* 4: C made by a correction */
    "correct loan C Ben CAD 2\n"                                     /* 5: C becomes a loan */
    "correct contract D Ann 2 JPY 3 CAD\n"                           /* 6: D */
    "correct remove D\n"                                             /* 7: D taken away */
    "resolve Ben GBP\n"                                              /* 8: the dividend */
    "resolve Ann\n"                                                  /* 9: A, paid by Ben */
    "resolve Ben\n"                                                  /* 10: B, paid by Ann */
    "resolve Ann\n";                                                 /* 11: the loan C */
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = xq_session_new_from_notation (game, -1, NULL, &error);
  g_autoptr(FxStats) stats = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  const FxContractStats *c;
  FxState after_first;

  g_assert_no_error (error);
  stats = fx_stats_new (session);
  g_assert_cmpint (stats->final_strongest, ==, FX_GBP);
  g_assert_cmpuint (stats->contracts->len, ==, 4);

  /* A: Ben's, for 3 CHF, as the correction says; made at move 1 and valued
   * on that move's board with the corrected terms. */
  c = &g_array_index (stats->contracts, FxContractStats, 0);
  g_assert_cmpint (c->letter, ==, 0);
  g_assert_cmpint (c->owner, ==, 1);
  g_assert_cmpint (c->pay, ==, FX_USD);
  g_assert_cmpint (c->pay_amount, ==, XQ_BUCKS (2));
  g_assert_cmpint (c->receive, ==, FX_CHF);
  g_assert_cmpint (c->receive_amount, ==, XQ_BUCKS (3));
  g_assert_cmpuint (c->move, ==, 0);
  g_assert_cmpint (c->outcome, ==, FX_CONTRACT_PAID);
  g_assert_cmpuint (c->resolved_move, ==, 8);
  xq_session_get_state_at (session, 1, &after_first);
  g_assert_cmpint (c->created_value, ==,
                   fx_score_convert (&after_first.board, FX_GBP, FX_CHF, XQ_BUCKS (3))
                   - fx_score_convert (&after_first.board, FX_GBP, FX_USD, XQ_BUCKS (2)));

  /* B: made by the correction at move 3, paid at move 10. */
  c = &g_array_index (stats->contracts, FxContractStats, 1);
  g_assert_cmpint (c->letter, ==, 1);
  g_assert_cmpint (c->owner, ==, 0);
  g_assert_cmpuint (c->move, ==, 2);
  g_assert_cmpint (c->outcome, ==, FX_CONTRACT_PAID);
  g_assert_cmpuint (c->resolved_move, ==, 9);
  g_assert_true (fx_contract_stats_resolved (c));

  /* C and D: taken off the table by a correction, never resolved. */
  c = &g_array_index (stats->contracts, FxContractStats, 2);
  g_assert_cmpint (c->letter, ==, 2);
  g_assert_cmpint (c->outcome, ==, FX_CONTRACT_REMOVED);
  g_assert_cmpuint (c->resolved_move, ==, 4);
  g_assert_false (fx_contract_stats_resolved (c));
  c = &g_array_index (stats->contracts, FxContractStats, 3);
  g_assert_cmpint (c->letter, ==, 3);
  g_assert_cmpint (c->outcome, ==, FX_CONTRACT_REMOVED);
  g_assert_cmpuint (c->resolved_move, ==, 6);

  /* The resolutions follow the owners the table had. */
  g_assert_cmpuint (stats->players[0].contracts_paid, ==, 1);
  g_assert_cmpuint (stats->players[1].contracts_paid, ==, 1);
  g_assert_cmpuint (stats->players[1].loans_repaid, ==, 1);

  fx_stats_write (stats, xq_session_get_setup (session), out);
  g_assert_nonnull (strstr (out->str,
    "contract A Ben move 1 pay 2 USD receive 3 CHF outcome paid resolved-move 9 created-value 0 resolved-value 0\n"
    "contract B Ann move 3 pay 1 GBP receive 1.5 EUR outcome paid resolved-move 10 created-value 0 resolved-value -1\n"
    "contract C Ben move 4 pay 1 CAD receive 2 CHF outcome removed resolved-move 5 created-value 1 resolved-value -\n"
    "contract D Ann move 6 pay 2 JPY receive 3 CAD outcome removed resolved-move 7 created-value 0 resolved-value -\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  g_test_add_func ("/fx-stats/random-games", test_random_games);
  g_test_add_func ("/fx-stats/example-games", test_example_games);
  g_test_add_func ("/fx-stats/corrected-contracts", test_corrected_contracts);
  g_test_add_func ("/fx-series/pair-step", test_pair_step);
  g_test_add_func ("/fx-series/table-rules", test_series_by_table_rules);
  return g_test_run ();
}
