/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A widget's tooltip, given without a round trip to the display. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void        xq_tooltip_set_text (GtkWidget  *widget,
                                 const char *text);
const char *xq_tooltip_get_text (GtkWidget  *widget);

G_END_DECLS
