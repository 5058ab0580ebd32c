/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer-cli review and hint, For-Ex's: the game review's lines (notation.md, "review output"). */
#pragma once

#include "xq-session.h"

G_BEGIN_DECLS

gboolean fx_cli_review_write (XqSession  *session,
                              guint       depth,
                              guint       n_threads,
                              GString    *out,
                              GError    **error);

gboolean fx_cli_hint_write   (XqSession  *session,
                              guint       depth,
                              GString    *out,
                              GError    **error);

G_END_DECLS
