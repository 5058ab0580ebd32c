/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The history sidebar: every move in plain words and in XQN; selecting one shows the past. */
#pragma once

#include <gtk/gtk.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define XQ_TYPE_HISTORY_VIEW (xq_history_view_get_type ())

G_DECLARE_FINAL_TYPE (XqHistoryView, xq_history_view, XQ, HISTORY_VIEW, GtkWidget)

void   xq_history_view_set_session   (XqHistoryView *self,
                                      XqSession     *session);
/* The number of moves whose result is shown; G_MAXUINT for "now". */
guint  xq_history_view_get_position  (XqHistoryView *self);
void   xq_history_view_set_position  (XqHistoryView *self,
                                      guint          position);

G_END_DECLS
