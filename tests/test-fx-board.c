/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the For-Ex currency board against the board data and movement rules of for-ex.md. */

#include "config.h"

#include <string.h>

#include "fx-board.h"

/* Track values in bucks, as printed in for-ex.md; amounts are half-bucks. */
#define HB(bucks) ((XqAmount) ((bucks) * 2))

/* The printed starting positions of for-ex.md, row by row. */
static const struct
{
  FxCurrency stronger;
  FxCurrency weaker;
  double     value;
} printed[FX_N_PAIRS] = {
  { FX_GBP, FX_USD, 1 }, { FX_GBP, FX_EUR, 1.5 }, { FX_GBP, FX_CHF, 1.5 },
  { FX_GBP, FX_JPY, 1.5 }, { FX_GBP, FX_CAD, 2 }, { FX_GBP, FX_CNY, 4 },
  { FX_EUR, FX_USD, 1 }, { FX_EUR, FX_CHF, 1 }, { FX_EUR, FX_JPY, 1.5 },
  { FX_EUR, FX_CAD, 1.5 }, { FX_EUR, FX_CNY, 3.5 },
  { FX_USD, FX_CHF, 1 }, { FX_USD, FX_JPY, 1.5 }, { FX_USD, FX_CAD, 1.5 },
  { FX_USD, FX_CNY, 3.5 },
  { FX_CHF, FX_JPY, 1.5 }, { FX_CHF, FX_CAD, 1.5 }, { FX_CHF, FX_CNY, 3.5 },
  { FX_JPY, FX_CAD, 1.5 }, { FX_JPY, FX_CNY, 3 },
  { FX_CAD, FX_CNY, 2.5 },
};

/* Space index (0-based) of a track value in bucks. */
static guint
space_of (double value)
{
  guint space = G_MAXUINT;

  g_assert_true (fx_track_space_of (HB (value), &space));
  return space;
}

static void
assert_pair (const FxBoard *board,
             FxCurrency     stronger,
             FxCurrency     weaker,
             double         value)
{
  g_assert_cmpstr (fx_currency_code (fx_board_stronger (board, stronger, weaker)), ==,
                   fx_currency_code (stronger));
  /* The pair is the same whichever way it is asked. */
  g_assert_cmpint (fx_board_stronger (board, weaker, stronger), ==, stronger);
  g_assert_cmpint (fx_board_rate (board, stronger, weaker), ==, HB (value));
  g_assert_cmpint (fx_board_rate (board, weaker, stronger), ==, HB (value));
}

static void
test_currency_codes (void)
{
  static const char *const codes[FX_N_CURRENCIES] = {
    "GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY",
  };

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxCurrency parsed = FX_N_CURRENCIES;
      g_autofree char *lower = g_ascii_strdown (codes[c], -1);

      g_assert_cmpstr (fx_currency_code (c), ==, codes[c]);
      g_assert_true (fx_currency_parse (codes[c], &parsed));
      g_assert_cmpint (parsed, ==, c);
      /* Currency codes are case-insensitive on input. */
      parsed = FX_N_CURRENCIES;
      g_assert_true (fx_currency_parse (lower, &parsed));
      g_assert_cmpint (parsed, ==, c);
    }
  {
    FxCurrency parsed = FX_GBP;

    g_assert_false (fx_currency_parse ("XYZ", &parsed));
    g_assert_false (fx_currency_parse ("", &parsed));
    g_assert_false (fx_currency_parse ("US", &parsed));
  }
}

static void
test_track_values (void)
{
  static const double values[FX_N_SPACES] = { 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8 };

  g_assert_cmpint (FX_N_SPACES, ==, 10);
  g_assert_cmpint (FX_LAST_SPACE, ==, 9);
  for (guint s = 0; s < FX_N_SPACES; s++)
    {
      guint back = G_MAXUINT;

      g_assert_cmpint (fx_track_value (s), ==, HB (values[s]));
      g_assert_true (fx_track_space_of (HB (values[s]), &back));
      g_assert_cmpint (back, ==, s);
    }
  /* The 8 space is the rightmost. */
  g_assert_cmpint (fx_track_value (FX_LAST_SPACE), ==, HB (8));

  /* Values that are not on the track. */
  {
    static const double not_on_track[] = { 0, 0.5, 4.5, 5.5, 7, 10 };
    guint s;

    for (guint i = 0; i < G_N_ELEMENTS (not_on_track); i++)
      g_assert_false (fx_track_space_of (HB (not_on_track[i]), &s));
  }
}

static void
test_printed_board (void)
{
  FxBoard board;
  gboolean seen[FX_N_PAIRS] = { FALSE, };

  fx_board_init (&board);
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      guint index = fx_pair_index (printed[i].stronger, printed[i].weaker);

      g_assert_cmpuint (index, <, FX_N_PAIRS);
      g_assert_false (seen[index]);
      seen[index] = TRUE;
      assert_pair (&board, printed[i].stronger, printed[i].weaker, printed[i].value);
      g_assert_cmpint (board.pairs[index].stronger, ==, printed[i].stronger);
      g_assert_cmpint (board.pairs[index].space, ==, space_of (printed[i].value));
    }
  /* Exactly 21 counters: each pair of the seven currencies once. */
  for (guint i = 0; i < FX_N_PAIRS; i++)
    g_assert_true (seen[i]);
}

static void
test_pair_index_order (void)
{
  static const char *const order[FX_N_PAIRS] = {
    "GBP-EUR", "GBP-USD", "GBP-CHF", "GBP-JPY", "GBP-CAD", "GBP-CNY",
    "EUR-USD", "EUR-CHF", "EUR-JPY", "EUR-CAD", "EUR-CNY",
    "USD-CHF", "USD-JPY", "USD-CAD", "USD-CNY",
    "CHF-JPY", "CHF-CAD", "CHF-CNY",
    "JPY-CAD", "JPY-CNY",
    "CAD-CNY",
  };

  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      FxCurrency first = FX_N_CURRENCIES, second = FX_N_CURRENCIES;
      g_autofree char *label = NULL;

      fx_pair_currencies (i, &first, &second);
      label = g_strdup_printf ("%s-%s", fx_currency_code (first), fx_currency_code (second));
      g_assert_cmpstr (label, ==, order[i]);
      g_assert_cmpint (first, <, second);
      g_assert_cmpuint (fx_pair_index (first, second), ==, i);
      /* Either order of the two currencies names the same pair. */
      g_assert_cmpuint (fx_pair_index (second, first), ==, i);
    }
}

/* Every pair not involving @currency is the same on both boards. */
static void
assert_others_unchanged (const FxBoard *before,
                         const FxBoard *after,
                         FxCurrency     currency)
{
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      FxCurrency a, b;

      fx_pair_currencies (i, &a, &b);
      if (a == currency || b == currency)
        continue;
      g_assert_cmpint (after->pairs[i].stronger, ==, before->pairs[i].stronger);
      g_assert_cmpint (after->pairs[i].space, ==, before->pairs[i].space);
    }
}

/* X stronger, strengthen: the counter moves right one space; on the 8 space it stays. */
static void
test_strengthen_stronger (void)
{
  FxBoard board, before;

  fx_board_init (&board);
  /* GBP is the stronger side of all six of its pairs. */
  fx_board_set_pair (&board, FX_GBP, FX_CNY, space_of (8));
  before = board;
  fx_board_strengthen (&board, FX_GBP);
  assert_pair (&board, FX_GBP, FX_USD, 1.5);
  assert_pair (&board, FX_GBP, FX_EUR, 2);
  assert_pair (&board, FX_GBP, FX_CHF, 2);
  assert_pair (&board, FX_GBP, FX_JPY, 2);
  assert_pair (&board, FX_GBP, FX_CAD, 2.5);
  assert_pair (&board, FX_GBP, FX_CNY, 8);   /* on the 8 space it stays */
  assert_others_unchanged (&before, &board, FX_GBP);

  /* 5 → 6 → 8, then capped. */
  fx_board_set_pair (&board, FX_GBP, FX_CNY, space_of (5));
  fx_board_strengthen (&board, FX_GBP);
  assert_pair (&board, FX_GBP, FX_CNY, 6);
  fx_board_strengthen (&board, FX_GBP);
  assert_pair (&board, FX_GBP, FX_CNY, 8);
  fx_board_strengthen (&board, FX_GBP);
  assert_pair (&board, FX_GBP, FX_CNY, 8);
}

/* X weaker, strengthen: X's counter moves left; on space 1 it flips to value 1 on X's row. */
static void
test_strengthen_weaker (void)
{
  FxBoard board, before;

  fx_board_init (&board);
  /* CNY is the weaker side of all six of its pairs. */
  before = board;
  fx_board_strengthen (&board, FX_CNY);
  assert_pair (&board, FX_GBP, FX_CNY, 3.5);
  assert_pair (&board, FX_EUR, FX_CNY, 3);
  assert_pair (&board, FX_USD, FX_CNY, 3);
  assert_pair (&board, FX_CHF, FX_CNY, 3);
  assert_pair (&board, FX_JPY, FX_CNY, 2.5);
  assert_pair (&board, FX_CAD, FX_CNY, 2);
  assert_others_unchanged (&before, &board, FX_CNY);

  /* The flip: CAD>CNY @1, strengthen CNY → CNY>CAD @1 (value 1, CNY's row). */
  fx_board_set_pair (&board, FX_CAD, FX_CNY, space_of (1));
  fx_board_strengthen (&board, FX_CNY);
  assert_pair (&board, FX_CNY, FX_CAD, 1);
  /* Now CNY is the stronger side there: strengthening moves it right. */
  fx_board_strengthen (&board, FX_CNY);
  assert_pair (&board, FX_CNY, FX_CAD, 1.5);

  /* The flip from @1.5: two steps, 1.5 → 1 → flip to 1 on the other row. */
  fx_board_init (&board);
  assert_pair (&board, FX_GBP, FX_EUR, 1.5);
  fx_board_strengthen (&board, FX_EUR);
  assert_pair (&board, FX_GBP, FX_EUR, 1);
  fx_board_strengthen (&board, FX_EUR);
  assert_pair (&board, FX_EUR, FX_GBP, 1);
}

/* X stronger, weaken: the counter moves left; on space 1 it flips to the other currency. */
static void
test_weaken_stronger (void)
{
  FxBoard board, before;

  fx_board_init (&board);
  before = board;
  fx_board_weaken (&board, FX_GBP);
  /* GBP>USD @1 flips: USD becomes stronger, at value 1. */
  assert_pair (&board, FX_USD, FX_GBP, 1);
  assert_pair (&board, FX_GBP, FX_EUR, 1);
  assert_pair (&board, FX_GBP, FX_CHF, 1);
  assert_pair (&board, FX_GBP, FX_JPY, 1);
  assert_pair (&board, FX_GBP, FX_CAD, 1.5);
  assert_pair (&board, FX_GBP, FX_CNY, 3.5);
  assert_others_unchanged (&before, &board, FX_GBP);

  /* Weakening again: GBP is now the weaker side of USD, so it moves right there. */
  fx_board_weaken (&board, FX_GBP);
  assert_pair (&board, FX_USD, FX_GBP, 1.5);
  assert_pair (&board, FX_EUR, FX_GBP, 1);
  assert_pair (&board, FX_CHF, FX_GBP, 1);
  assert_pair (&board, FX_JPY, FX_GBP, 1);
  assert_pair (&board, FX_GBP, FX_CAD, 1);
  assert_pair (&board, FX_GBP, FX_CNY, 3);
}

/* X weaker, weaken: X's counter moves right; on the 8 space it stays. */
static void
test_weaken_weaker (void)
{
  FxBoard board, before;

  fx_board_init (&board);
  fx_board_set_pair (&board, FX_GBP, FX_CNY, space_of (6));
  fx_board_set_pair (&board, FX_EUR, FX_CNY, space_of (8));
  before = board;
  fx_board_weaken (&board, FX_CNY);
  assert_pair (&board, FX_GBP, FX_CNY, 8);
  assert_pair (&board, FX_EUR, FX_CNY, 8);   /* stays on the 8 space */
  assert_pair (&board, FX_USD, FX_CNY, 4);
  assert_pair (&board, FX_CHF, FX_CNY, 4);
  assert_pair (&board, FX_JPY, FX_CNY, 3.5);
  assert_pair (&board, FX_CAD, FX_CNY, 3);
  assert_others_unchanged (&before, &board, FX_CNY);

  fx_board_weaken (&board, FX_CNY);
  assert_pair (&board, FX_GBP, FX_CNY, 8);
  assert_pair (&board, FX_EUR, FX_CNY, 8);
  assert_pair (&board, FX_USD, FX_CNY, 5);
}

/* Mixed: a currency strong on some rows and weak on others moves each pair its own way. */
static void
test_pairs_move_independently (void)
{
  FxBoard board;

  fx_board_init (&board);
  /* USD: weaker of GBP (@1), EUR (@1); stronger of CHF, JPY, CAD, CNY. */
  fx_board_strengthen (&board, FX_USD);
  assert_pair (&board, FX_USD, FX_GBP, 1);   /* flipped */
  assert_pair (&board, FX_USD, FX_EUR, 1);   /* flipped */
  assert_pair (&board, FX_USD, FX_CHF, 1.5);
  assert_pair (&board, FX_USD, FX_JPY, 2);
  assert_pair (&board, FX_USD, FX_CAD, 2);
  assert_pair (&board, FX_USD, FX_CNY, 4);

  fx_board_init (&board);
  fx_board_weaken (&board, FX_USD);
  assert_pair (&board, FX_GBP, FX_USD, 1.5);
  assert_pair (&board, FX_EUR, FX_USD, 1.5);
  assert_pair (&board, FX_CHF, FX_USD, 1);   /* flipped */
  assert_pair (&board, FX_USD, FX_JPY, 1);
  assert_pair (&board, FX_USD, FX_CAD, 1);
  assert_pair (&board, FX_USD, FX_CNY, 3);
}

/* N moves are N single steps; a step lost at the 8 space is lost: +7 then −5 is not +2. */
static void
test_steps_lost_at_cap (void)
{
  FxBoard board;

  fx_board_init (&board);
  /* USD>JPY @3.5 (space 6 of 10): seven steps right reach the 8 space after four. */
  fx_board_set_pair (&board, FX_USD, FX_JPY, space_of (3.5));
  for (int i = 0; i < 7; i++)
    fx_board_strengthen (&board, FX_USD);
  assert_pair (&board, FX_USD, FX_JPY, 8);
  for (int i = 0; i < 5; i++)
    fx_board_weaken (&board, FX_USD);
  /* 8 → 6 → 5 → 4 → 3.5 → 3; "+2" would have been two spaces right of 3.5, @4. */
  assert_pair (&board, FX_USD, FX_JPY, 3);
  g_assert_cmpint (fx_board_rate (&board, FX_USD, FX_JPY), !=, HB (4));

  /* Same from the weaker side: JPY weakened 7 times then strengthened 5. */
  fx_board_set_pair (&board, FX_USD, FX_JPY, space_of (3.5));
  for (int i = 0; i < 7; i++)
    fx_board_weaken (&board, FX_JPY);
  assert_pair (&board, FX_USD, FX_JPY, 8);
  for (int i = 0; i < 5; i++)
    fx_board_strengthen (&board, FX_JPY);
  assert_pair (&board, FX_USD, FX_JPY, 3);

  /* Steps through a flip are single steps too: USD>JPY @1.5, weaken USD 3 times:
   * 1.5 → 1 → flip JPY>USD @1 → 1.5. */
  fx_board_set_pair (&board, FX_USD, FX_JPY, space_of (1.5));
  for (int i = 0; i < 3; i++)
    fx_board_weaken (&board, FX_USD);
  assert_pair (&board, FX_JPY, FX_USD, 1.5);
}

static void
test_set_pair (void)
{
  FxBoard board;

  fx_board_init (&board);
  /* Putting a counter on the other row flips the pair. */
  fx_board_set_pair (&board, FX_CNY, FX_GBP, space_of (2.5));
  assert_pair (&board, FX_CNY, FX_GBP, 2.5);
  fx_board_set_pair (&board, FX_GBP, FX_CNY, space_of (1));
  assert_pair (&board, FX_GBP, FX_CNY, 1);
}

/* Whether a currency's own counter, it being the weaker side, stands on the 8 space of any row. */
static void
test_on_last_space (void)
{
  FxBoard board;

  fx_board_init (&board);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g_assert_false (fx_board_on_last_space (&board, c));

  /* JPY>CNY on the 8 space: CNY's counter is there, JPY's own is not. */
  fx_board_set_pair (&board, FX_JPY, FX_CNY, space_of (8));
  g_assert_true (fx_board_on_last_space (&board, FX_CNY));
  g_assert_false (fx_board_on_last_space (&board, FX_JPY));
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    if (c != FX_CNY)
      g_assert_false (fx_board_on_last_space (&board, c));

  /* Any row counts, also a row below the currency's own in board order. */
  fx_board_init (&board);
  fx_board_set_pair (&board, FX_CNY, FX_GBP, space_of (8));
  g_assert_true (fx_board_on_last_space (&board, FX_GBP));
  g_assert_false (fx_board_on_last_space (&board, FX_CNY));

  /* One space short of it is not the 8 space. */
  fx_board_set_pair (&board, FX_CNY, FX_GBP, space_of (6));
  g_assert_false (fx_board_on_last_space (&board, FX_GBP));
}

static void
test_pairs_won (void)
{
  FxBoard board;
  guint won[FX_N_CURRENCIES];
  guint total = 0;

  fx_board_init (&board);
  fx_board_pairs_won (&board, won);
  /* The printed board: GBP leads all six of its pairs, CNY none. */
  g_assert_cmpuint (won[FX_GBP], ==, 6);
  g_assert_cmpuint (won[FX_EUR], ==, 5);
  g_assert_cmpuint (won[FX_USD], ==, 4);
  g_assert_cmpuint (won[FX_CHF], ==, 3);
  g_assert_cmpuint (won[FX_JPY], ==, 2);
  g_assert_cmpuint (won[FX_CAD], ==, 1);
  g_assert_cmpuint (won[FX_CNY], ==, 0);

  /* Strengthening CNY five times from the printed board flips CAD>CNY @2.5
   * (2.5 → 2 → 1.5 → 1 → flip → 1.5) and JPY>CNY @3 (→ 1 after four, flip on
   * the fifth); EUR, USD and CHF>CNY @3.5 reach 1 without flipping. */
  for (int i = 0; i < 5; i++)
    fx_board_strengthen (&board, FX_CNY);
  assert_pair (&board, FX_CNY, FX_CAD, 1.5);
  assert_pair (&board, FX_CNY, FX_JPY, 1);
  assert_pair (&board, FX_EUR, FX_CNY, 1);
  assert_pair (&board, FX_GBP, FX_CNY, 1.5);
  fx_board_pairs_won (&board, won);
  g_assert_cmpuint (won[FX_CNY], ==, 2);
  g_assert_cmpuint (won[FX_CAD], ==, 0);
  g_assert_cmpuint (won[FX_JPY], ==, 1);
  g_assert_cmpuint (won[FX_GBP], ==, 6);
  g_assert_cmpuint (won[FX_EUR], ==, 5);
  g_assert_cmpuint (won[FX_USD], ==, 4);
  g_assert_cmpuint (won[FX_CHF], ==, 3);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    total += won[c];
  g_assert_cmpuint (total, ==, FX_N_PAIRS);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();

  g_test_add_func ("/fx-board/currency-codes", test_currency_codes);
  g_test_add_func ("/fx-board/track-values", test_track_values);
  g_test_add_func ("/fx-board/printed-board", test_printed_board);
  g_test_add_func ("/fx-board/pair-index-order", test_pair_index_order);
  g_test_add_func ("/fx-board/strengthen-stronger", test_strengthen_stronger);
  g_test_add_func ("/fx-board/strengthen-weaker", test_strengthen_weaker);
  g_test_add_func ("/fx-board/weaken-stronger", test_weaken_stronger);
  g_test_add_func ("/fx-board/weaken-weaker", test_weaken_weaker);
  g_test_add_func ("/fx-board/pairs-move-independently", test_pairs_move_independently);
  g_test_add_func ("/fx-board/steps-lost-at-cap", test_steps_lost_at_cap);
  g_test_add_func ("/fx-board/set-pair", test_set_pair);
  g_test_add_func ("/fx-board/on-last-space", test_on_last_space);
  g_test_add_func ("/fx-board/pairs-won", test_pairs_won);

  return g_test_run ();
}
