/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The exchequer-cli output lines for Fair Trade: state and score. */
#pragma once

#include "ft-state.h"

G_BEGIN_DECLS

void  ft_summary_write_state  (const FtSetup *setup,
                               const FtState *state,
                               GString       *out);
void  ft_summary_write_score  (const FtSetup *setup,
                               const FtState *state,
                               GString       *out);

G_END_DECLS
