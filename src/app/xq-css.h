/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Turning a style class on or off, which GTK 4.8 has no single call for. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void xq_css_set_class (GtkWidget  *widget,
                       const char *css_class,
                       gboolean    on);

G_END_DECLS
