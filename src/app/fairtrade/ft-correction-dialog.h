/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade corrections: set a player's coins or markers to what the table shows. */
#pragma once

#include <adwaita.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define FT_TYPE_CORRECTION_DIALOG (ft_correction_dialog_get_type ())

G_DECLARE_FINAL_TYPE (FtCorrectionDialog, ft_correction_dialog, FT, CORRECTION_DIALOG, AdwWindow)

FtCorrectionDialog *ft_correction_dialog_new (GtkWindow *parent,
                                              XqSession *session);

G_END_DECLS
