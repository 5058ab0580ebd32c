/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The benchmarks' timing, shared by bench-fx and bench-session. */

#include "config.h"

#include <stdlib.h>

#include "bench-timing.h"

#define BATCH_USEC (G_USEC_PER_SEC / 5)

int
bench_compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/**
 * bench_measure:
 * @fn: the work
 * @data: its argument
 * @total_reps: (out): how many times it ran in the measured batches
 *
 * Warms up, sizes batches to about BATCH_USEC each, and returns the median of
 * BENCH_BATCHES batch means: robust to a noisy, shared machine.
 *
 * Returns: milliseconds per call
 */
/* Runs @fn once, then finds how many calls take about a tenth of BATCH_USEC
 * and scales that to a batch. */
static guint
batch_size (BenchTimedFunc fn,
            gpointer       data)
{
  guint reps = 1;
  gint64 start, elapsed;

  fn (data);
  for (;;)
    {
      start = g_get_monotonic_time ();
      for (guint i = 0; i < reps; i++)
        fn (data);
      elapsed = g_get_monotonic_time () - start;
      if (elapsed >= BATCH_USEC / 10 || reps >= (1u << 24))
        break;
      reps *= 2;
    }
  return (guint) MAX (1, (gint64) reps * BATCH_USEC / MAX (elapsed, 1));
}

/* Milliseconds per call over one batch of @reps calls. */
static double
batch_mean (BenchTimedFunc fn,
            gpointer       data,
            guint          reps)
{
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < reps; i++)
    fn (data);
  return (double) (g_get_monotonic_time () - start) / 1000.0 / reps;
}

double
bench_measure (BenchTimedFunc  fn,
               gpointer        data,
               guint          *total_reps)
{
  double means[BENCH_BATCHES];
  guint reps = batch_size (fn, data);

  for (guint k = 0; k < BENCH_BATCHES; k++)
    means[k] = batch_mean (fn, data, reps);
  qsort (means, BENCH_BATCHES, sizeof (double), bench_compare_doubles);
  *total_reps = reps * BENCH_BATCHES;
  return means[BENCH_BATCHES / 2];
}

/**
 * bench_measure_ratio:
 * @fn: the work
 * @reference: the work it is compared with
 * @data: their argument
 * @fn_ms: (out): milliseconds per call of @fn, the median batch
 * @reference_ms: (out): the same for @reference
 *
 * Times batches of the two in turn, so a machine that slows down or speeds
 * up mid-run (a shared one does) weighs on both alike.
 *
 * Returns: the median of the batch pairs' ratios
 */
double
bench_measure_ratio (BenchTimedFunc  fn,
                     BenchTimedFunc  reference,
                     gpointer        data,
                     double         *fn_ms,
                     double         *reference_ms)
{
  double ratios[BENCH_BATCHES], fn_means[BENCH_BATCHES], reference_means[BENCH_BATCHES];
  guint fn_reps = batch_size (fn, data), reference_reps = batch_size (reference, data);

  for (guint k = 0; k < BENCH_BATCHES; k++)
    {
      fn_means[k] = batch_mean (fn, data, fn_reps);
      reference_means[k] = batch_mean (reference, data, reference_reps);
      ratios[k] = fn_means[k] / reference_means[k];
    }
  qsort (ratios, BENCH_BATCHES, sizeof (double), bench_compare_doubles);
  qsort (fn_means, BENCH_BATCHES, sizeof (double), bench_compare_doubles);
  qsort (reference_means, BENCH_BATCHES, sizeof (double), bench_compare_doubles);
  *fn_ms = fn_means[BENCH_BATCHES / 2];
  *reference_ms = reference_means[BENCH_BATCHES / 2];
  return ratios[BENCH_BATCHES / 2];
}
