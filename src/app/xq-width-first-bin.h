/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A bin whose width never depends on its height: what it holds is
 * measured for its width alone, whatever height its parent offers. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define XQ_TYPE_WIDTH_FIRST_BIN (xq_width_first_bin_get_type ())
G_DECLARE_FINAL_TYPE (XqWidthFirstBin, xq_width_first_bin, XQ, WIDTH_FIRST_BIN, GtkWidget)

GtkWidget *xq_width_first_bin_get_child (XqWidthFirstBin *self);
void       xq_width_first_bin_set_child (XqWidthFirstBin *self,
                                         GtkWidget       *child);

G_END_DECLS
