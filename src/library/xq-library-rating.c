/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Weng–Lin Plackett–Luce ratings (JMLR 12, 2011): one multiplayer game at a time, deterministic. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "xq-library-rating.h"

/* The largest table either game seats; a game never has more. */
#define MAX_PLAYERS 16

void
xq_rating_init (XqRating *rating)
{
  rating->mu = XQ_RATING_MU;
  rating->sigma = XQ_RATING_SIGMA;
}

/* The conservative estimate shown as "the rating": three deviations below
 * the mean, so a newcomer starts at 0 and climbs as the library learns. */
double
xq_rating_ordinal (const XqRating *rating)
{
  return rating->mu - 3.0 * rating->sigma;
}

/**
 * xq_rating_update:
 * @ratings: each player's rating before the game; updated in place
 * @ranks: each player's placing, 1 the best, equal for a tie
 * @n_players: how many
 *
 * Algorithm 4 of Weng and Lin, "A Bayesian Approximation Method for Online
 * Ranking", JMLR 12 (2011) 267–300: the Plackett–Luce model, one player per
 * team, γ = σ_i / c as the paper suggests (and OpenSkill uses). The sums run
 * in seat order, so the same game gives the same bits every time.
 */
void
xq_rating_update (XqRating    *ratings,
                  const guint *ranks,
                  guint        n_players)
{
  const double beta_sq = XQ_RATING_BETA * XQ_RATING_BETA;
  double expo[MAX_PLAYERS], sum_q[MAX_PLAYERS], a[MAX_PLAYERS];
  double c_sq = 0, c;

  g_return_if_fail (n_players <= MAX_PLAYERS);
  if (n_players < 2)
    return;
  for (guint i = 0; i < n_players; i++)
    c_sq += ratings[i].sigma * ratings[i].sigma + beta_sq;
  c = sqrt (c_sq);
  for (guint i = 0; i < n_players; i++)
    expo[i] = exp (ratings[i].mu / c);
  for (guint q = 0; q < n_players; q++)
    {
      sum_q[q] = 0;
      a[q] = 0;
      for (guint i = 0; i < n_players; i++)
        {
          if (ranks[i] >= ranks[q])
            sum_q[q] += expo[i];
          if (ranks[i] == ranks[q])
            a[q] += 1;
        }
    }

  {
    XqRating before[MAX_PLAYERS];

    memcpy (before, ratings, n_players * sizeof (XqRating));
    for (guint i = 0; i < n_players; i++)
      {
        double sigma_sq = before[i].sigma * before[i].sigma;
        double omega = 0, delta = 0, gamma;

        for (guint q = 0; q < n_players; q++)
          {
            double p;

            if (ranks[q] > ranks[i])
              continue;
            p = expo[i] / sum_q[q];
            delta += p * (1 - p) / a[q];
            omega += (q == i ? 1 - p : -p) / a[q];
          }
        gamma = before[i].sigma / c;
        omega *= sigma_sq / c;
        delta *= gamma * sigma_sq / c_sq;
        ratings[i].mu = before[i].mu + omega;
        ratings[i].sigma = sqrt (sigma_sq * MAX (1 - delta, XQ_RATING_KAPPA));
      }
  }
}
