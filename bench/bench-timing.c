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
double
bench_measure (BenchTimedFunc  fn,
               gpointer        data,
               guint          *total_reps)
{
  double means[BENCH_BATCHES];
  guint reps = 1;
  gint64 start, elapsed;

  /* Warm up, then size the batches. */
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
  reps = (guint) MAX (1, (gint64) reps * BATCH_USEC / MAX (elapsed, 1));

  for (guint k = 0; k < BENCH_BATCHES; k++)
    {
      start = g_get_monotonic_time ();
      for (guint i = 0; i < reps; i++)
        fn (data);
      elapsed = g_get_monotonic_time () - start;
      means[k] = (double) elapsed / 1000.0 / reps;
    }
  qsort (means, BENCH_BATCHES, sizeof (double), bench_compare_doubles);
  *total_reps = reps * BENCH_BATCHES;
  return means[BENCH_BATCHES / 2];
}
