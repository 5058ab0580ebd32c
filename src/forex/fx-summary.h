/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The exchequer-cli output lines for For-Ex: state and score. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

void  fx_summary_write_state  (const FxSetup *setup,
                               const FxState *state,
                               GString       *out);
void  fx_summary_write_score  (const FxSetup *setup,
                               const FxState *state,
                               GString       *out);
void  fx_summary_write_projected (const FxSetup *setup,
                                 const FxState *state,
                                 GString       *out);
void  fx_summary_write_standing (const FxSetup *setup,
                                 const FxState *state,
                                 GString       *out);
void  fx_summary_write_worth  (const FxSetup *setup,
                               const FxState *state,
                               GString       *out);
void  fx_summary_write_forecast (const FxSetup *setup,
                                 const FxState *state,
                                 GString       *out);
void  fx_summary_append_item  (const FxSetup     *setup,
                               const FxState     *state,
                               const FxQueueItem *item,
                               GString           *out);

G_END_DECLS
