/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the benchmarks of the app's windows share: starting GTK as the app
 * does, in a world of its own; finding a widget; the process's memory. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#include "xq-application.h"

gboolean       bench_ui_init            (const char *name,
                                         const char *state_dir);
XqApplication *bench_ui_new_application (const char *name);
GtkWidget     *bench_ui_find_descendant (GtkWidget  *root,
                                         GType       type);
double         bench_ui_resident_mb     (void);

G_END_DECLS
