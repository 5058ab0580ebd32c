/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cross-rate table and the pairs each currency wins. */
#pragma once

#include <gtk/gtk.h>

#include "fx-state.h"

G_BEGIN_DECLS

#define FX_TYPE_RATES_VIEW (fx_rates_view_get_type ())

G_DECLARE_FINAL_TYPE (FxRatesView, fx_rates_view, FX, RATES_VIEW, GtkWidget)

void       fx_rates_view_set_state  (FxRatesView   *self,
                                     const FxState *state);

G_END_DECLS
