/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One recorded move as an item of the session's list model. */
#pragma once

#include "xq-session.h"

G_BEGIN_DECLS

#define XQ_TYPE_SESSION_MOVE (xq_session_move_get_type ())

G_DECLARE_FINAL_TYPE (XqSessionMove, xq_session_move, XQ, SESSION_MOVE, GObject)

XqSession     *xq_session_move_get_session     (XqSessionMove *self);
guint          xq_session_move_get_index       (XqSessionMove *self);
gconstpointer  xq_session_move_get_move        (XqSessionMove *self);
const char    *xq_session_move_get_reason      (XqSessionMove *self);
gboolean       xq_session_move_is_correction   (XqSessionMove *self);
const char    *xq_session_move_get_notation    (XqSessionMove *self);

G_END_DECLS
