/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A layout whose width never depends on its height: the children are
 * measured for their width alone, whatever height the parent offers. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define XQ_TYPE_WIDTH_FIRST_LAYOUT (xq_width_first_layout_get_type ())
G_DECLARE_DERIVABLE_TYPE (XqWidthFirstLayout, xq_width_first_layout, XQ, WIDTH_FIRST_LAYOUT, GtkLayoutManager)

/* Derivable for XqUnscrolledLayout, which adds how it measures heights. */
struct _XqWidthFirstLayoutClass
{
  GtkLayoutManagerClass parent_class;
};

GtkWidget *xq_width_first_bin_new (GtkWidget *child);

G_END_DECLS
