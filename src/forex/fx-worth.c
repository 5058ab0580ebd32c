/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Net worth at today's rates: each player's money, contracts, loan and
 * certificates valued on today's board in today's strongest currency.
 *
 * Why this and not the end-game projection: the projection resolved the whole
 * queue at once, as if nobody would act again, so an ordinary contract read as
 * "bankrupt" before its owner had a turn to find the money, and it left out
 * the dividends still to come, so places flipped at the last one. Net worth
 * asks only what the table holds today: a contract counts what it will pay
 * minus what it will cost, a loan what it owes, a certificate the dividends
 * its currency will still pay (the cards left are known: 2, 2, 2 and 3 bucks
 * each). Nothing is projected, so nothing absurd is predicted. */

#include "config.h"

#include <string.h>

#include "fx-score.h"
#include "fx-worth.h"

/**
 * fx_worth_of_amount:
 * @board: today's board
 * @valued_in: the currency worth is counted in
 * @currency: the amount's currency
 * @amount: half-bucks (may be negative)
 *
 * Returns: @amount converted at today's rate, exactly, in 1/%FX_WORTH_PER_BUCK
 *   of a buck of @valued_in (no rounding: the end-game conversion rounds,
 *   a valuation does not)
 */
gint64
fx_worth_of_amount (const FxBoard *board,
                    FxCurrency     valued_in,
                    FxCurrency     currency,
                    XqAmount       amount)
{
  gint64 rate;

  if (currency == valued_in)
    return (gint64) amount * (FX_WORTH_PER_BUCK / 2);
  rate = fx_board_rate (board, valued_in, currency);   /* half-bucks: 2 … 16 */
  if (fx_board_stronger (board, valued_in, currency) == valued_in)
    return (gint64) amount * FX_WORTH_PER_BUCK / rate;        /* (a/2) ÷ (r/2) */
  return (gint64) amount * rate * (FX_WORTH_PER_BUCK / 4);     /* (a/2) × (r/2) */
}

/**
 * fx_worth_dividends_to_come:
 * @state: a position
 *
 * Returns: what one certificate will still be paid by the dividend cards left
 *   in the stack (card 0 nothing, cards 1–3 two bucks, card 4 three), in
 *   half-bucks of its own currency; 0 once the game is over
 */
XqAmount
fx_worth_dividends_to_come (const FxState *state)
{
  XqAmount total = 0;

  if (fx_state_is_over (state))
    return 0;
  for (guint card = FX_N_DIVIDEND_CARDS - state->dividends_left; card < FX_N_DIVIDEND_CARDS; card++)
    total += card == 0 ? 0 : card == 4 ? XQ_BUCKS (3) : XQ_BUCKS (2);
  return total;
}

/* Today's strongest currency; while it is tied, the first of the tied ones in
 * board order, so a standing is always given in some currency. */
static FxCurrency
valuation_currency (const FxState *state,
                    gboolean      *tied)
{
  FxStrongest strongest;

  fx_score_strongest (state, &strongest);
  *tied = strongest.strongest == FX_NO_CURRENCY;
  if (!*tied)
    return strongest.strongest;
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    if (strongest.tied[c])
      return c;
  return FX_GBP;
}

static void
worth_of_player (const FxState *state,
                 FxCurrency     in,
                 XqAmount       per_certificate,
                 int            p,
                 FxWorthParts  *out)
{
  const FxBoard *board = &state->board;

  memset (out, 0, sizeof *out);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      out->cash += fx_worth_of_amount (board, in, c, state->cash[p][c]);
      /* A currency whose own counter stands on the 8 space pays no dividend. */
      if (state->certs[p][c] > 0 && !fx_board_on_last_space (board, c))
        out->certificates += fx_worth_of_amount (board, in, c, per_certificate * state->certs[p][c]);
    }
  for (int i = 0; i < state->queue_len; i++)
    {
      const FxQueueItem *item = &state->queue[i];
      const FxLetter *letter;

      if (item->kind == FX_ITEM_DIVIDENDS)
        continue;
      letter = &state->letters[item->letter];
      if (letter->owner != p)
        continue;
      if (letter->use == FX_LETTER_CONTRACT)
        out->contracts += fx_worth_of_amount (board, in, letter->receive, letter->receive_amount)
                          - fx_worth_of_amount (board, in, letter->pay, letter->pay_amount);
      else if (letter->use == FX_LETTER_LOAN)
        for (int c = 0; c < FX_N_CURRENCIES; c++)
          out->loans -= fx_worth_of_amount (board, in, c, letter->owed[c]);
    }
  out->total = out->cash + out->contracts + out->loans + out->certificates;
}

/* A finished game is worth what the rules score: each player's converted
 * total, places with the certificate tie-break, nothing left to come. */
static gboolean
worth_of_finished_game (const FxState *state,
                        guint          readings,
                        FxWorth       *out)
{
  FxStanding standing;

  if (!fx_state_is_over (state))
    return FALSE;
  fx_score_standing_under (state, readings, &standing);
  if (standing.strongest.strongest == FX_NO_CURRENCY)
    return FALSE;
  out->currency = standing.strongest.strongest;
  for (int p = 0; p < state->n_players; p++)
    {
      out->players[p].cash = fx_worth_of_amount (&state->board, out->currency, out->currency,
                                                 standing.players[p].total);
      out->players[p].total = out->players[p].cash;
      out->place[p] = standing.place[p];
    }
  return TRUE;
}

/**
 * fx_worth_compute:
 * @state: a position
 * @readings: #FxReading bits, the table's readings (they matter once the
 *   game is over)
 * @out: (out caller-allocates): every player's worth and place
 *
 * Each player's net worth at today's rates, in today's strongest currency
 * (the first of the tied ones in board order while it is tied): cash, plus
 * what each of their contracts in the queue will pay them minus what it will
 * cost, minus what their loan owes, plus the dividends still to come on
 * their certificates. Places rank by it; equal worth shares a place; a
 * bankrupt player comes last. Once the game is over it is the rules' score:
 * converted totals, rounded as the rules round, places as the rules give
 * them. Works on the plain struct, allocates nothing.
 */
void
fx_worth_compute (const FxState *state,
                  guint          readings,
                  FxWorth       *out)
{
  XqAmount per_certificate = fx_worth_dividends_to_come (state);
  FxCurrency in;

  memset (out, 0, sizeof *out);
  out->bankrupt = state->bankrupt;
  if (worth_of_finished_game (state, readings, out))
    return;
  in = valuation_currency (state, &out->tied);
  out->currency = (gint8) in;
  for (int p = 0; p < state->n_players; p++)
    worth_of_player (state, in, per_certificate, p, &out->players[p]);

  /* A place is one more than the players strictly ahead, so a tie shares it. */
  for (int p = 0; p < state->n_players; p++)
    {
      guint ahead = 0;

      for (int q = 0; q < state->n_players; q++)
        if (q != p && q != state->bankrupt
            && (p == state->bankrupt || out->players[q].total > out->players[p].total))
          ahead++;
      out->place[p] = (guint8) (ahead + 1);
    }
}

/**
 * fx_worth_margin:
 * @worth: a position's worth
 * @n_players: the players at the table
 * @player: whose margin
 *
 * Returns: @player's worth minus the best other player's (bankrupt players
 *   left out); a bankrupt @player is never better off than one who has
 *   nothing, and at least a buck behind
 */
gint64
fx_worth_margin (const FxWorth *worth,
                 guint          n_players,
                 int            player)
{
  gint64 best = G_MININT64;
  gint64 margin;

  for (guint q = 0; q < n_players; q++)
    if ((int) q != player && (int) q != worth->bankrupt && worth->players[q].total > best)
      best = worth->players[q].total;
  if (best == G_MININT64)
    best = 0;
  margin = worth->players[player].total - best;
  if (player == worth->bankrupt)
    margin = MIN (margin, -best) - FX_WORTH_PER_BUCK;
  return margin;
}

/**
 * fx_worth_format:
 * @value: a worth, in 1/%FX_WORTH_PER_BUCK of a buck
 *
 * Returns: (transfer full): it in bucks to two decimals at most, rounded half
 *   away from zero, written as `score` writes amounts ("12.5", "-3", "0.29")
 */
char *
fx_worth_format (gint64 value)
{
  gint64 magnitude = value < 0 ? -value : value;
  gint64 hundredths = (magnitude * 100 + FX_WORTH_PER_BUCK / 2) / FX_WORTH_PER_BUCK;
  const char *sign = value < 0 && hundredths > 0 ? "-" : "";

  if (hundredths % 100 == 0)
    return g_strdup_printf ("%s%" G_GINT64_FORMAT, sign, hundredths / 100);
  if (hundredths % 10 == 0)
    return g_strdup_printf ("%s%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT, sign, hundredths / 100,
                            (hundredths % 100) / 10);
  return g_strdup_printf ("%s%" G_GINT64_FORMAT ".%02" G_GINT64_FORMAT, sign, hundredths / 100, hundredths % 100);
}

/**
 * fx_worth_to_amount:
 * @value: a worth, in 1/%FX_WORTH_PER_BUCK of a buck
 *
 * Returns: @value to the nearest half-buck, halves away from zero: the unit
 *   of the review's values and graphs
 */
XqAmount
fx_worth_to_amount (gint64 value)
{
  gint64 half = FX_WORTH_PER_BUCK / 2;
  gint64 magnitude = ((value < 0 ? -value : value) + half / 2) / half;

  return (XqAmount) CLAMP (value < 0 ? -magnitude : magnitude, -XQ_AMOUNT_MAX, XQ_AMOUNT_MAX);
}
