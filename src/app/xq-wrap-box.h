/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fields and buttons in lines that wrap on a narrow window, in reading order. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define XQ_TYPE_WRAP_BOX (xq_wrap_box_get_type ())

G_DECLARE_FINAL_TYPE (XqWrapBox, xq_wrap_box, XQ, WRAP_BOX, GtkWidget)

GtkWidget *xq_wrap_box_new        (int               column_spacing,
                                   int               row_spacing);
void       xq_wrap_box_append     (XqWrapBox        *self,
                                   GtkWidget        *child);
void       xq_wrap_box_remove     (XqWrapBox        *self,
                                   GtkWidget        *child);
void       xq_wrap_box_remove_all (XqWrapBox        *self);

gboolean   xq_wrap_box_focus_in_order (GtkWidget        *widget,
                                       GtkDirectionType  direction,
                                       gboolean        (*chain) (GtkWidget *, GtkDirectionType));

G_END_DECLS
