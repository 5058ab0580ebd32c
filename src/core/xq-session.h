/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The ledger: a game's setup and its ordered moves; every state is derived. */
#pragma once

#include <gio/gio.h>

#include "xq-game.h"

G_BEGIN_DECLS

#define XQ_TYPE_SESSION (xq_session_get_type ())

/* The longest reason a correction may have, in characters, as
 * data/session.rng's <reason> allows: a longer one would be saved in a file
 * that does not load. */
#define XQ_REASON_MAX_CHARS 2000

/* A GListModel of the moves played (not those undone and kept for redo):
 * one XqSessionMove (xq-session-move.h) per move, made when asked. */
G_DECLARE_FINAL_TYPE (XqSession, xq_session, XQ, SESSION, GObject)

XqSession     *xq_session_new                (const XqGame  *game,
                                              gconstpointer  setup);
XqSession     *xq_session_new_from_notation  (const char    *text,
                                              gssize         length,
                                              guint         *error_line,
                                              GError       **error);
XqSession     *xq_session_read_notation      (const char    *text,
                                              gssize         length,
                                              GCancellable  *cancellable,
                                              guint         *error_line,
                                              GError       **error);

const XqGame  *xq_session_get_game           (XqSession     *self);
gconstpointer  xq_session_get_setup          (XqSession     *self);
guint          xq_session_get_n_moves        (XqSession     *self);
gconstpointer  xq_session_get_state          (XqSession     *self);
void           xq_session_get_state_at       (XqSession     *self,
                                              guint          n_moves,
                                              gpointer       out_state);

gconstpointer  xq_session_get_move           (XqSession     *self,
                                              guint          index);
const char    *xq_session_get_move_reason    (XqSession     *self,
                                              guint          index);
guint          xq_session_get_move_line      (XqSession     *self,
                                              guint          index);
gint64         xq_session_get_move_time      (XqSession     *self,
                                              guint          index);
void           xq_session_set_move_time      (XqSession     *self,
                                              guint          index,
                                              gint64         time);
char          *xq_session_format_move        (XqSession     *self,
                                              guint          index);

gboolean       xq_session_play               (XqSession     *self,
                                              gconstpointer  move,
                                              const char    *reason,
                                              GError       **error);
gboolean       xq_session_play_at_line       (XqSession     *self,
                                              gconstpointer  move,
                                              const char    *reason,
                                              guint          line,
                                              GError       **error);
gboolean       xq_session_play_group         (XqSession     *self,
                                              gconstpointer  moves,
                                              const char * const *reasons,
                                              guint          n_moves,
                                              GError       **error);
gboolean       xq_session_check_complete     (XqSession     *self,
                                              guint         *error_line,
                                              GError       **error);

gboolean       xq_session_can_undo           (XqSession     *self);
gboolean       xq_session_can_redo           (XqSession     *self);
gboolean       xq_session_undo               (XqSession     *self);
gboolean       xq_session_redo               (XqSession     *self);

char          *xq_session_to_notation        (XqSession     *self);

/* Free-text notes on the evening: kept in session files, not in XQN. */
const char    *xq_session_get_date           (XqSession     *self);
void           xq_session_set_date           (XqSession     *self,
                                              const char    *date);
const char    *xq_session_get_place          (XqSession     *self);
void           xq_session_set_place          (XqSession     *self,
                                              const char    *place);
const char    *xq_session_get_comment        (XqSession     *self);
void           xq_session_set_comment        (XqSession     *self,
                                              const char    *comment);

G_END_DECLS
