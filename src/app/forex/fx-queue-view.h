/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The contract display A–F and the queue, front first. */
#pragma once

#include <gtk/gtk.h>

#include "fx-state.h"

G_BEGIN_DECLS

#define FX_TYPE_QUEUE_VIEW (fx_queue_view_get_type ())

G_DECLARE_FINAL_TYPE (FxQueueView, fx_queue_view, FX, QUEUE_VIEW, GtkWidget)

GtkWidget *fx_queue_view_new        (void);
void       fx_queue_view_set_state  (FxQueueView   *self,
                                     const FxSetup *setup,
                                     const FxState *state,
                                     gboolean       after_spot);

G_END_DECLS
