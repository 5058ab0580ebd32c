/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Accessible names GTK 4.8 gets wrong by itself: mnemonic buttons, expanders, drop-downs. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void xq_a11y_name_from_label  (GtkWidget *widget);
void xq_a11y_name_all_below   (GtkWidget *root);
void xq_a11y_name_every_widget (void);

G_END_DECLS
