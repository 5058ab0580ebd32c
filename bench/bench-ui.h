/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the benchmarks of the app's windows share: finding a widget, and the
 * process's memory. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *bench_ui_find_descendant (GtkWidget *root,
                                     GType      type);
double     bench_ui_resident_mb     (void);

G_END_DECLS
