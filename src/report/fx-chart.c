/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The For-Ex charts: the values the audit window and the PDF plot, and how
 * their axes write them. xq-chart.c draws them. */

#include "config.h"

#include <math.h>

#include "fx-chart.h"

/* Pairs won by @currency at every point. */
void
fx_chart_strength_values (const FxSeries *series,
                          FxCurrency      currency,
                          double         *values)
{
  for (guint i = 0; i < series->n_points; i++)
    values[i] = series->points[i].pairs_won[currency];
}

/* @player's standing in bucks of the currency strongest at each point; a
 * gap while the strongest is tied and no standing can be given. */
void
fx_chart_standing_values (const FxSeries *series,
                          guint           player,
                          double         *values)
{
  for (guint i = 0; i < series->n_points; i++)
    values[i] = series->points[i].strongest == FX_NO_CURRENCY ? NAN : series->points[i].standing[player] / 2.0;
}

/* The pair's signed track step (fx_series_pair_step()) at every point. */
void
fx_chart_rate_values (const FxSeries *series,
                      guint           pair,
                      double         *values)
{
  FxCurrency a, b;

  fx_pair_currencies (pair, &a, &b);
  for (guint i = 0; i < series->n_points; i++)
    values[i] = fx_series_pair_step (&series->points[i], a, b);
}

char *
fx_chart_format_count (double value)
{
  return g_strdup_printf ("%g", value);
}

/* Bucks with the locale's decimal separator: "7.5", "7,5". */
char *
fx_chart_format_bucks (double value)
{
  return xq_amount_to_display_string ((XqAmount) lround (value * 2));
}

/* A rate chart's value is the pair's signed track step: shown as what 1 of
 * the first currency buys of the second, "2.5" or "2/5". */
char *
fx_chart_format_rate (double value)
{
  int step = (int) lround (value);
  XqAmount track;
  guint a, b;

  if (step < -FX_LAST_SPACE || step > FX_LAST_SPACE)
    return g_strdup ("");
  track = fx_track_value ((guint) ABS (step));
  if (step >= 0)
    return xq_amount_to_display_string (track);
  /* 1 / (track / 2) = 2 / track, reduced */
  a = 2;
  b = (guint) track;
  if (b % 2 == 0)
    {
      a /= 2;
      b /= 2;
    }
  return g_strdup_printf ("%u/%u", a, b);
}
