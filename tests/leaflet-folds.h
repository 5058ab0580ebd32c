/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Whether a window's folds are over: shared by test-ui-layout, which checks
 * the window folds at once, and bench-interactions, which times the resize
 * to the frame that shows the phone's layout whole (issue #27). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean leaflet_folds_over (GtkWidget *root);

G_END_DECLS
