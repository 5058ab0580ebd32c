/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Corrections: set what the table shows when it and the app disagree, with a reason. */
#pragma once

#include <adwaita.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define FX_TYPE_CORRECTION_DIALOG (fx_correction_dialog_get_type ())

G_DECLARE_FINAL_TYPE (FxCorrectionDialog, fx_correction_dialog, FX, CORRECTION_DIALOG, AdwWindow)

FxCorrectionDialog *fx_correction_dialog_new (GtkWindow *parent,
                                              XqSession *session);

G_END_DECLS
