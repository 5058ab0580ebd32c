/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How the benchmarks time a piece of work: the median of batch means. */
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

G_END_DECLS
