/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the session's files share: its struct, the move records, the
 * history's notification and the list model's items (xq-session.c,
 * xq-session-history.c, xq-session-move.c). */
#pragma once

#include "xq-session-move.h"

G_BEGIN_DECLS

typedef struct
{
  char   *reason;   /* corrections only; NULL otherwise */
  guint   line;     /* line in the notation it was read from, 0 if typed */
  gint64  time;     /* wall-clock seconds since the epoch when recorded */
  gboolean joined;  /* played in one group with the move before, or finishing the turn it
                     * began: undone and redone with it */
} XqSessionMoveInfo;

struct _XqSession
{
  GObject        parent_instance;

  const XqGame  *game;
  gpointer       setup;

  /* Records past n_moves are undone moves kept for redo; a new move drops them. */
  GByteArray    *moves;     /* n_records * move_size */
  GArray        *infos;     /* XqSessionMoveInfo, n_records */
  guint          n_moves;

  char          *date;
  char          *place;
  char          *comment;

  GByteArray    *snapshots; /* state after 0, 32, 64 … moves, up to n_snapshots */
  guint          n_snapshots;
  gpointer       state;     /* state after n_moves */
  /* The last past state computed, after past_n_moves (G_MAXUINT: none): a
   * list showing the past asks for its rows in order, and each is then one
   * move from the last instead of up to an interval from a snapshot.
   * Reading a session's past was safe from any thread before this cache
   * (the audit's figures are read on the main thread and by its review's
   * worker), so the cache has a lock of its own. */
  gpointer       past_state;
  guint          past_n_moves;
  GMutex         past_lock;

  /* The list model's items that someone still holds, by index; not owned:
   * each item leaves on finalize, so a long game's items cost nothing
   * until a list shows them. */
  GHashTable    *items;
};

static inline gconstpointer
_xq_session_record_move (XqSession *self,
             guint      index)
{
  return self->moves->data + (gsize) index * self->game->move_size;
}

/* The moves from @position on changed: @removed went, @added came. */
void  xq_session_notify_history (XqSession *self,
                                 guint      position,
                                 guint      removed,
                                 guint      added);
void  xq_session_compute_state  (XqSession *self,
                                 guint      n_moves,
                                 gpointer   out_state);

XqSessionMove *xq_session_move_new         (XqSession     *session,
                                          guint          index,
                                          gconstpointer  move,
                                          const char    *reason);
void           xq_session_forget_item     (XqSession     *self,
                                          guint          index,
                                          XqSessionMove *item);

G_END_DECLS
