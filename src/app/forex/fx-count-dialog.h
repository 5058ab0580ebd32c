/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Counting the table: the players check every row the app has; differences become corrections. */
#pragma once

#include <adwaita.h>

#include "fx-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

#define FX_TYPE_COUNT_DIALOG (fx_count_dialog_get_type ())

G_DECLARE_FINAL_TYPE (FxCountDialog, fx_count_dialog, FX, COUNT_DIALOG, AdwWindow)

/* What a spin button of the dialog counts (fx_count_dialog_get_spin). */
typedef enum
{
  FX_COUNT_NOTES,
  FX_COUNT_CERTIFICATES,
  FX_COUNT_PILE,
} FxCountField;

FxCountDialog *fx_count_dialog_new        (GtkWindow     *parent,
                                           XqSession     *session,
                                           gboolean       after_dividend);
GtkSpinButton *fx_count_dialog_get_spin   (FxCountDialog *self,
                                           FxCountField   field,
                                           int            player,
                                           FxCurrency     currency);
GtkToggleButton *fx_count_dialog_get_confirm (FxCountDialog *self,
                                              int            player);

G_END_DECLS
