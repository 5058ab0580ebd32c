/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A spin button for money: half-bucks exactly, read and written in the locale's way. */
#pragma once

#include <gtk/gtk.h>

#include "xq-amount.h"

G_BEGIN_DECLS

void     fx_amount_spin_setup (GtkSpinButton *spin);
XqAmount fx_amount_spin_get   (GtkSpinButton *spin);
void     fx_amount_spin_show  (GtkSpinButton *spin);

G_END_DECLS
