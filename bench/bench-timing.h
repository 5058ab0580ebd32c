/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How the benchmarks time a piece of work: the median of batch means, alone
 * or in turn with a reference for a ratio. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BENCH_BATCHES 7

typedef void (*BenchTimedFunc) (gpointer data);

int     bench_compare_doubles (const void     *a,
                               const void     *b);
double  bench_measure         (BenchTimedFunc  fn,
                               gpointer        data,
                               guint          *total_reps);
double  bench_measure_ratio   (BenchTimedFunc  fn,
                               BenchTimedFunc  reference,
                               gpointer        data,
                               double         *fn_ms,
                               double         *reference_ms);

G_END_DECLS
