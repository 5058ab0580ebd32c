/* SPDX-License-Identifier: GPL-3.0-or-later */
/* End-game scoring, also used mid-game as the standing "if the game ended now". */

#include "config.h"

#include <string.h>

#include "fx-score.h"

void
fx_score_strongest (const FxState *state,
                    FxStrongest   *out)
{
  guint most_pairs = 0, most_certs = 0;

  memset (out, 0, sizeof *out);
  out->strongest = FX_NO_CURRENCY;

  fx_board_pairs_won (&state->board, out->pairs_won);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      out->certs_held[c] = fx_state_certs_held (state, c);
      most_pairs = MAX (most_pairs, out->pairs_won[c]);
    }
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      out->tied_on_pairs[c] = out->pairs_won[c] == most_pairs;
      if (out->tied_on_pairs[c])
        most_certs = MAX (most_certs, out->certs_held[c]);
    }
  /* Certificates are counted among the currencies tied on pairs only. */
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      out->tied[c] = out->tied_on_pairs[c] && out->certs_held[c] == most_certs;
      if (out->tied[c])
        {
          out->n_tied++;
          out->strongest = (gint8) c;
        }
    }
  if (out->n_tied > 1)
    {
      out->strongest = FX_NO_CURRENCY;
      if (state->strongest_choice != FX_NO_CURRENCY && out->tied[state->strongest_choice])
        {
          out->strongest = state->strongest_choice;
          out->chosen = TRUE;
        }
    }
}

/* Each currency converts on its own and is rounded down to a whole buck; the
 * strongest itself is kept as it is, half-buck included. */
XqAmount
fx_score_convert (const FxBoard *board,
                  FxCurrency     strongest,
                  FxCurrency     currency,
                  XqAmount       amount)
{
  XqAmount rate;
  gint64 bucks;

  if (currency == strongest)
    return amount;
  rate = fx_board_rate (board, strongest, currency);
  if (fx_board_stronger (board, strongest, currency) == strongest)
    bucks = (gint64) amount / rate;                  /* (a/2) / (r/2) */
  else
    bucks = (gint64) amount * rate / 4;              /* (a/2) × (r/2) */
  return XQ_BUCKS (bucks);
}

static void
standing_in (const FxState *state,
             FxCurrency     strongest,
             guint          readings,
             FxStanding    *out);

/* @readings: the table's FxReading bits, as everywhere a standing is given. */
void
fx_score_standing_in (const FxState *state,
                      FxCurrency     strongest,
                      guint          readings,
                      FxStanding    *out)
{
  standing_in (state, strongest, readings, out);
}

/* @readings: FxReading bits; only FX_READING_ROUND_ALL changes a standing. */
static void
standing_in (const FxState *state,
             FxCurrency     strongest,
             guint          readings,
             FxStanding    *out)
{
  XqAmount best = -1;
  guint best_certs = 0;

  memset (out->players, 0, sizeof out->players);
  memset (out->winners, 0, sizeof out->winners);
  memset (out->place, 0, sizeof out->place);
  out->n_winners = 0;
  out->decided_by_certs = FALSE;

  for (int p = 0; p < state->n_players; p++)
    {
      FxConversion *conv = &out->players[p];

      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          conv->held[c] = state->cash[p][c];
          conv->converted[c] = fx_score_convert (&state->board, strongest, c, state->cash[p][c]);
          /* The other reading of the summary card: "all monies" round down. */
          if (c == (int) strongest && (readings & FX_READING_ROUND_ALL))
            conv->converted[c] = XQ_BUCKS (state->cash[p][c] / 2);
          conv->total += conv->converted[c];
        }
    }

  /* A bankrupt player cannot win; the others: money, then certificates of S. */
  for (int p = 0; p < state->n_players; p++)
    if (p != state->bankrupt)
      best = MAX (best, out->players[p].total);
  for (int p = 0; p < state->n_players; p++)
    if (p != state->bankrupt && out->players[p].total == best)
      best_certs = MAX (best_certs, state->certs[p][strongest]);
  for (int p = 0; p < state->n_players; p++)
    {
      if (p == state->bankrupt || out->players[p].total != best)
        continue;
      if (state->certs[p][strongest] == best_certs)
        {
          out->winners[p] = TRUE;
          out->n_winners++;
        }
      else
        out->decided_by_certs = TRUE;
    }

  /* A place is one more than the players strictly ahead, so a tie shares it. */
  for (int p = 0; p < state->n_players; p++)
    {
      guint ahead = 0;

      for (int q = 0; q < state->n_players; q++)
        {
          if (q == p || q == state->bankrupt)
            continue;
          if (p == state->bankrupt || out->players[q].total > out->players[p].total
              || (out->players[q].total == out->players[p].total
                  && state->certs[q][strongest] > state->certs[p][strongest]))
            ahead++;
        }
      out->place[p] = (guint8) (ahead + 1);
    }
}

/* The standing under the rules' own choice of strongest currency; no
 * conversion while that choice is still due. */
void
fx_score_standing (const FxState *state,
                   FxStanding    *out)
{
  fx_score_standing_under (state, 0, out);
}

/**
 * fx_score_standing_under:
 * @state: a position
 * @readings: #FxReading bits, the table's readings of the rulebook
 * @out: (out caller-allocates): the standing
 *
 * fx_score_standing() under the given readings (0: the defaults).
 */
void
fx_score_standing_under (const FxState *state,
                         guint          readings,
                         FxStanding    *out)
{
  memset (out, 0, sizeof *out);
  fx_score_strongest (state, &out->strongest);
  if (out->strongest.strongest != FX_NO_CURRENCY)
    standing_in (state, out->strongest.strongest, readings, out);
}

/**
 * fx_state_project_end:
 * @state: a position
 * @out: (out caller-allocates): the table as it would end; may be @state
 *
 * The table as it would end if the last dividend had just been resolved: no
 * more turns and no further dividends, and the contracts and loans in the
 * queue resolve themselves in queue order, as the rules' closing sequence
 * does (loans created on the way too; a bankruptcy ends it). A finished game
 * is copied unchanged. Works on the plain struct and allocates nothing: a
 * review calls it for every position it weighs.
 */
void
fx_state_project_end (const FxState *state,
                      FxState       *out)
{
  if (out != state)
    *out = *state;
  if (fx_state_is_over (out))
    return;

  /* The dividend stack leaves the queue; the others keep their order. */
  for (int i = 0; i < out->queue_len; i++)
    {
      if (out->queue[i].kind != FX_ITEM_DIVIDENDS)
        continue;
      memmove (&out->queue[i], &out->queue[i + 1], sizeof (FxQueueItem) * (gsize) (out->queue_len - i - 1));
      out->queue_len--;
      break;
    }
  out->dividends_left = 0;
  /* A spot made this turn stands; its action will not come. */
  out->spot_actor = FX_NO_PLAYER;
  fx_state_resolve_remaining (out);
}

/**
 * fx_score_standing_projected:
 * @state: a position
 * @readings: #FxReading bits, the table's readings of the rulebook
 * @projected: (out caller-allocates): the table as it would end (fx_state_project_end())
 * @out: (out caller-allocates): the standing on @projected
 *
 * Who would win if the game ended after the queue resolves itself, rather
 * than "if the game ended now": a loan its owner cannot pay bankrupts them.
 */
void
fx_score_standing_projected (const FxState *state,
                             guint          readings,
                             FxState       *projected,
                             FxStanding    *out)
{
  fx_state_project_end (state, projected);
  fx_score_standing_under (projected, readings, out);
}

/**
 * fx_score_standing_resolved:
 * @setup: the game's setup (its table rules)
 * @state: a position
 * @end: (out caller-allocates): the table as it would end (fx_state_project_resolved())
 * @out: (out caller-allocates): the standing on @end
 *
 * The standing the table is shown and the review weighs: the game as it would
 * end if every turn from now on were a resolve, the dividends still to come
 * paid, scored as the rules score. Where the strongest currency would be
 * left to the last actor's choice, the first of the tied ones in board order
 * stands for it (@out->strongest.chosen is then %FALSE and n_tied > 1), so a
 * standing is always given.
 *
 * Why this and not net worth at today's rates: in the advice tournament
 * (bench/bench-advice.c) the leader by this standing went on to win more
 * often than the leader by net worth or by the old projection, and advice
 * that maximises it beat both; see the README.
 */
void
fx_score_standing_resolved (const FxSetup *setup,
                            const FxState *state,
                            FxState       *end,
                            FxStanding    *out)
{
  fx_state_project_resolved (setup, state, end);
  fx_score_standing_under (end, setup->readings, out);
  if (out->strongest.strongest == FX_NO_CURRENCY)
    {
      FxStrongest strongest = out->strongest;

      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (strongest.tied[c])
          {
            standing_in (end, c, setup->readings, out);
            out->strongest = strongest;
            out->strongest.strongest = (gint8) c;
            break;
          }
    }
}

/**
 * fx_score_margin:
 * @state: the table a standing was given on
 * @standing: its standing
 * @player: whose margin
 *
 * Returns: @player's total less the best other total (a bankrupt player's
 *   counts 0 and they count for nobody); a bankrupt @player is never better
 *   off than one who has nothing, and at least a buck behind
 */
XqAmount
fx_score_margin (const FxState    *state,
                 const FxStanding *standing,
                 int               player)
{
  XqAmount best = 0, own, margin;

  for (int q = 0; q < state->n_players; q++)
    if (q != player && q != state->bankrupt)
      best = MAX (best, standing->players[q].total);
  own = player == state->bankrupt ? 0 : standing->players[player].total;
  margin = own - best;
  if (player == state->bankrupt)
    margin = MIN (margin, -best) - XQ_BUCKS (1);
  return margin;
}
