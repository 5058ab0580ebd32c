/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The corrections a game's numbers rest on, and the result line's note that says so. */
#pragma once

#include "fx-state.h"
#include "xq-session.h"

G_BEGIN_DECLS

GArray *fx_corrected_moves (XqSession *session);
char   *fx_corrected_note  (XqSession *session);

G_END_DECLS
