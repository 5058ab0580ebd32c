/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A widget's tooltip set only when it changes. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void xq_tooltip_set_text (GtkWidget  *widget,
                          const char *text);

G_END_DECLS
