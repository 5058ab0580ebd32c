/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Judgements players can trust (issue #24), through exchequer-cli and the
 * engine: net worth at today's rates worked by hand, the queue forecast, the
 * standing that never leaves a tied strongest currency without numbers, and
 * a hint that is a legal turn of the player to move. */

#include "config.h"

#include <string.h>

#include "cli-support.h"
#include "fx-forecast.h"
#include "fx-random-play.h"
#include "fx-score.h"
#include "fx-worth.h"
#include "test-dirs.h"
#include "xq-games.h"
#include "xq-session.h"

/* The README's worked example: two contracts neither owner can pay today. */
static const char worked_example[] =
  "game for-ex\n"
  "players Ann Ben\n"
  "removed CNY CNY CNY CNY CNY CNY\n"
  "contract Ann EUR 3 GBP\n"
  "contract Ben GBP 4 USD\n";

/* GBP is the stronger side of all six of its pairs at the start: each player's
 * 2 bucks of every currency is worth 2 GBP + 2 EUR ÷ 1.5 + 2 USD ÷ 1 + 2 CHF ÷ 1.5
 * + 2 JPY ÷ 1.5 + 2 CAD ÷ 2 + 2 CNY ÷ 4 = 2 + 4/3 + 2 + 4/3 + 4/3 + 1 + 0.5 = 9.5 GBP,
 * and each contract is worth what it pays less what it costs at today's rate:
 * 2 GBP for 3 EUR, 4 USD for 4 GBP: 0. */
static void
test_worth_worked_example (Tmp           *tmp,
                           gconstpointer  data)
{
  g_autofree char *path = tmp_file (tmp, "example.xqn", worked_example);
  g_auto(Run) run = { 0 };

  RUN (&run, "score", "--worth", path);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==,
                   "worth\n"
                   "valued-in GBP\n"
                   "worth Ann cash 9.5 contracts 0 loans 0 certificates 0 total 9.5\n"
                   "worth Ben cash 9.5 contracts 0 loans 0 certificates 0 total 9.5\n"
                   "place Ann 1\n"
                   "place Ben 1\n");
}

/* A fraction of a buck is written to two decimals: 1 CNY at 4 is 0.25 GBP,
 * 1.5 EUR at 1.5 is 1 GBP; the certificate's dividends to come count. */
static void
test_worth_fractions_and_certificates (Tmp           *tmp,
                                       gconstpointer  data)
{
  g_autoptr(XqSession) session = fx_test_parse ("game for-ex\n"
                                                "players Ann Ben\n"
                                                "removed CNY CNY CNY CNY CNY CNY\n"
                                                "invest Ann EUR\n");
  const FxState *s = xq_session_get_state (session);
  FxWorth worth;
  g_autofree char *quarter = fx_worth_format (fx_worth_of_amount (&s->board, FX_GBP, FX_CNY, XQ_BUCKS (1)));
  g_autofree char *third = fx_worth_format (FX_WORTH_PER_BUCK / 3);

  g_assert_cmpstr (quarter, ==, "0.25");
  g_assert_cmpstr (third, ==, "0.33");
  fx_worth_compute (s, 0, &worth);
  /* Five dividend cards are left: 0 + 2 + 2 + 2 + 3 = 9 EUR per certificate. */
  g_assert_cmpint (fx_worth_dividends_to_come (s), ==, XQ_BUCKS (9));
  g_assert_cmpint (worth.players[0].certificates, ==,
                   fx_worth_of_amount (&s->board, worth.currency, FX_EUR, XQ_BUCKS (9)));
  g_assert_cmpint (worth.players[1].certificates, ==, 0);
}

static void
test_forecast (Tmp           *tmp,
               gconstpointer  data)
{
  g_autofree char *path = tmp_file (tmp, "example.xqn", worked_example);
  g_autoptr(XqSession) session = fx_test_parse (worked_example);
  g_auto(Run) run = { 0 };
  FxForecast forecast;
  g_autofree char *sentence = NULL;
  g_autofree char *warning = NULL;
  g_autofree char *paid = NULL;

  RUN (&run, "forecast", path);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==,
                   "item 1 dividends\n"
                   "item 2 contract A Ann asks 3 EUR holds 2 EUR short 1 EUR becomes-loan owes 4 EUR\n"
                   "item 3 contract B Ben asks 4 GBP holds 2 GBP short 2 GBP becomes-loan owes 5 GBP\n");

  fx_forecast_compute (xq_session_get_state (session), &forecast);
  g_assert_cmpuint (forecast.n_items, ==, 3);
  sentence = fx_forecast_sentence (xq_session_get_setup (session), &forecast.items[2]);
  g_assert_cmpstr (sentence, ==, "Contract B, 3rd in the queue: Ben must pay 4 GBP and holds 2 GBP today, short 2 GBP; "
                                 "unpaid, it becomes a loan owing 5 GBP.");
  warning = fx_forecast_warning (xq_session_get_setup (session), &forecast.items[1]);
  g_assert_cmpstr (warning, ==, "Contract A, 2nd in the queue: short 1 EUR today");
  g_assert_null (fx_forecast_warning (xq_session_get_setup (session), &forecast.items[0]));
  {
    FxMove contract = *(const FxMove *) xq_session_get_move (session, 1);

    paid = fx_forecast_contract_note (xq_session_get_setup (session), xq_session_get_state (session), &contract);
    g_assert_cmpstr (paid, ==, "You will owe 4 GBP when it resolves; you hold 2 GBP: find the rest before then, "
                               "or it becomes a loan.");
  }
}

/* A loan its owner cannot pay bankrupts them: said, with who, as the end. */
static void
test_forecast_loan (Tmp           *tmp,
                    gconstpointer  data)
{
  g_autoptr(XqSession) session = fx_test_parse ("game for-ex\n"
                                                "players Ann Ben\n"
                                                "removed CNY CNY CNY CNY CNY CNY\n"
                                                "contract Ann EUR 3 GBP\n"
                                                "resolve Ben GBP\n"
                                                "resolve Ann\n");
  FxForecast forecast;
  g_autofree char *sentence = NULL;
  gboolean found = FALSE;

  fx_forecast_compute (xq_session_get_state (session), &forecast);
  for (guint i = 0; i < forecast.n_items; i++)
    if (forecast.items[i].kind == FX_ITEM_LOAN)
      {
        found = TRUE;
        g_assert_cmpint (forecast.items[i].outcome, ==, FX_FORECAST_BANKRUPTS);
        sentence = fx_forecast_sentence (xq_session_get_setup (session), &forecast.items[i]);
        g_assert_nonnull (strstr (sentence, "Ann must pay 4 EUR and holds 2 EUR today, short 2 EUR; "
                                            "unpaid, Ann goes bankrupt and the game ends."));
      }
  g_assert_true (found);
}

/* The standing of a contract its owner cannot pay yet says nobody is
 * bankrupt today, and gives every player numbers even when the strongest
 * currency is tied. */
static void
test_standing_tied_strongest_has_numbers (Tmp           *tmp,
                                          gconstpointer  data)
{
  /* GBP-USD flipped: GBP, EUR and USD each win five pairs; nobody holds a
   * certificate; by this table's reading no dividend strengthens a currency. */
  g_autoptr(XqSession) session = fx_test_parse ("game for-ex\n"
                                                "players Ann Ben Cat\n"
                                                "removed CNY CNY CNY CNY CNY CNY\n"
                                                "rule strengthen none\n"
                                                "correct pair USD GBP 1\n"
                                                "contract Ann EUR 3 GBP\n");
  const FxState *s = xq_session_get_state (session);
  FxState end;
  FxStanding standing;
  FxStrongest today;

  fx_score_strongest (s, &today);
  g_assert_cmpint (today.strongest, ==, FX_NO_CURRENCY);
  g_assert_cmpint (s->bankrupt, ==, FX_NO_PLAYER);
  fx_score_standing_resolved (xq_session_get_setup (session), s, &end, &standing);
  g_assert_cmpint (standing.strongest.strongest, !=, FX_NO_CURRENCY);
  g_assert_cmpuint (standing.strongest.n_tied, >, 1);
  for (int p = 0; p < s->n_players; p++)
    g_assert_cmpuint (standing.place[p], >=, 1);
}

/* hint's turn, appended to the game, is one `check` accepts. */
static void
test_hint_is_legal (Tmp           *tmp,
                    gconstpointer  data)
{
  for (guint64 seed = 3; seed < 6; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 3, &fx_random_style_long, 30 + 10 * (guint) seed);
      g_autofree char *text = xq_session_to_notation (game);
      g_autofree char *name = g_strdup_printf ("game-%" G_GUINT64_FORMAT ".xqn", seed);
      g_autofree char *path = tmp_file (tmp, name, text);
      g_autofree char *longer = NULL;
      g_autofree char *longer_path = NULL;
      g_auto(Run) hint = { 0 };
      g_auto(Run) check = { 0 };
      g_auto(GStrv) lines = NULL;
      g_auto(GStrv) moves = NULL;

      if (fx_state_is_over (xq_session_get_state (game)))
        continue;
      RUN (&hint, "hint", path);
      g_assert_cmpint (hint.status, ==, 0);
      lines = g_strsplit (hint.out, "\n", -1);
      g_assert_cmpuint (g_strv_length (lines), ==, 3);
      g_assert_true (g_str_has_prefix (lines[1], "value "));
      moves = g_strsplit (lines[0], " ; ", -1);
      longer = g_strconcat (text, moves[0], "\n", moves[1] != NULL ? moves[1] : "", moves[1] != NULL ? "\n" : "",
                            NULL);
      longer_path = tmp_file (tmp, "longer.xqn", longer);
      RUN (&check, "check", longer_path);
      g_test_message ("%s → %s", lines[0], check.out);
      g_assert_cmpint (check.status, ==, 0);
    }
}

static void
test_hint_usage (Tmp           *tmp,
                 gconstpointer  data)
{
  g_autofree char *path = tmp_file (tmp, "example.xqn", worked_example);
  g_auto(Run) deep = { 0 };
  g_auto(Run) bad = { 0 };

  RUN (&deep, "hint", "--depth", "2", path);
  g_assert_cmpint (deep.status, ==, 0);
  RUN (&bad, "hint", "--depth", "9", path);
  g_assert_cmpint (bad.status, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add ("/fx-standing/worth/worked-example", Tmp, NULL, tmp_setup, test_worth_worked_example, tmp_teardown);
  g_test_add ("/fx-standing/worth/fractions-and-certificates", Tmp, NULL, tmp_setup,
              test_worth_fractions_and_certificates, tmp_teardown);
  g_test_add ("/fx-standing/forecast/contracts", Tmp, NULL, tmp_setup, test_forecast, tmp_teardown);
  g_test_add ("/fx-standing/forecast/loan", Tmp, NULL, tmp_setup, test_forecast_loan, tmp_teardown);
  g_test_add ("/fx-standing/standing/tied-strongest", Tmp, NULL, tmp_setup,
              test_standing_tied_strongest_has_numbers, tmp_teardown);
  g_test_add ("/fx-standing/hint/legal", Tmp, NULL, tmp_setup, test_hint_is_legal, tmp_teardown);
  g_test_add ("/fx-standing/hint/usage", Tmp, NULL, tmp_setup, test_hint_usage, tmp_teardown);
  return g_test_run ();
}
