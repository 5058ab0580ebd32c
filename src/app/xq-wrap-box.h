/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Children side by side at their natural widths, wrapping onto the next line
 * where the row is too narrow: one form row on a laptop, two on a phone. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define XQ_TYPE_WRAP_BOX (xq_wrap_box_get_type ())
G_DECLARE_FINAL_TYPE (XqWrapBox, xq_wrap_box, XQ, WRAP_BOX, GtkWidget)

GtkWidget *xq_wrap_box_new    (int        column_spacing,
                               int        row_spacing);
void       xq_wrap_box_append (XqWrapBox *self,
                               GtkWidget *child);
void       xq_wrap_box_remove_all (XqWrapBox *self);

G_END_DECLS
