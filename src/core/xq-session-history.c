/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The session's history: moves recorded alone or as a group, the snapshots
 * that make any past state cheap, undo and redo. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-error.h"
#include "xq-quote.h"
#include "xq-session-private.h"

/* A snapshot every this many moves bounds any "state after move N" to this
 * many applications, and costs one state copy per interval. */
#define SNAPSHOT_INTERVAL 32

static inline guint
n_records (XqSession *self)
{
  return self->infos->len;
}

static inline gpointer
snapshot (XqSession *self,
          guint      index)
{
  return self->snapshots->data + (gsize) index * self->game->state_size;
}

/* Replays the recorded moves from the nearest snapshot, or from the last
 * past state computed if it is nearer; every recorded move was legal when
 * recorded, so a refusal here is a bug, not a user error. */
void
xq_session_compute_state (XqSession *self,
                          guint      n_moves,
                          gpointer   out_state)
{
  guint snap = MIN (n_moves / SNAPSHOT_INTERVAL, self->n_snapshots - 1);
  guint from = snap * SNAPSHOT_INTERVAL;

  g_mutex_lock (&self->past_lock);
  if (self->past_n_moves != G_MAXUINT && self->past_n_moves <= n_moves && self->past_n_moves > from)
    {
      from = self->past_n_moves;
      memcpy (out_state, self->past_state, self->game->state_size);
    }
  else
    memcpy (out_state, snapshot (self, snap), self->game->state_size);
  g_mutex_unlock (&self->past_lock);
  for (guint i = from; i < n_moves; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!self->game->apply (self->setup, out_state, _xq_session_record_move (self, i), &error))
        g_critical ("Replaying move %u failed: %s", i + 1, error->message);
    }
  g_mutex_lock (&self->past_lock);
  memcpy (self->past_state, out_state, self->game->state_size);
  self->past_n_moves = n_moves;
  g_mutex_unlock (&self->past_lock);
}

/* A control character of @reason other than a tab (C0, DEL, or C1: U+0080
 * to U+009F, NEL and CSI among them), or 0. A terminal obeys them, and XML
 * holds them as character references, so a file could bring them in. */
static gunichar
find_control (const char *reason)
{
  for (const char *p = reason; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) && c != '\t')
        return c;
    }
  return 0;
}

/* The reason of @move, which the players wrote: one line of text a file can
 * hold. A move that is no correction and carries a reason is a count of the
 * table's checkpoint (the only such move), so the sentence names it as one. */
static gboolean
check_reason (XqSession     *self,
              gconstpointer  move,
              const char    *reason,
              GError       **error)
{
  gboolean correction;
  glong chars;
  gunichar c;

  if (reason == NULL)
    return TRUE;
  correction = self->game->move_is_correction == NULL || self->game->move_is_correction (move);
  /* Not UTF-8, or U+FFFE and U+FFFF (no characters at all, and XML cannot
   * hold them: the file would not load). */
  if (!g_utf8_validate (reason, -1, NULL) || strstr (reason, "\xEF\xBF\xBE") != NULL
      || strstr (reason, "\xEF\xBF\xBF") != NULL)
    {
      g_set_error_literal (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                           correction ? _("a correction’s reason is one line of text without control characters")
                                      : _("a checkpoint’s reason is one line of text without control characters"));
      return FALSE;
    }
  c = find_control (reason);
  if (c != 0)
    return xq_error_fail (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                          correction ? _("a correction’s reason cannot contain U+%04X, a control character")
                                     : _("a checkpoint’s reason cannot contain U+%04X, a control character"),
                          c);
  c = xq_text_find_moving (reason);
  if (c != 0)
    return xq_error_fail (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                          correction
                          ? _("a correction’s reason cannot contain U+%04X, a character that moves or breaks the text around it")
                          : _("a checkpoint’s reason cannot contain U+%04X, a character that moves or breaks the text around it"),
                          c);
  chars = g_utf8_strlen (reason, -1);
  if (chars > XQ_REASON_MAX_CHARS)
    return xq_error_fail (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                          correction ? _("a correction’s reason has at most %d characters; this one has %ld")
                                     : _("a checkpoint’s reason has at most %d characters; this one has %ld"),
                          XQ_REASON_MAX_CHARS, chars);
  return TRUE;
}

/* Drops the undone moves and any snapshot taken after the current move. */
static void
truncate_history (XqSession *self)
{
  guint keep_snapshots = self->n_moves / SNAPSHOT_INTERVAL + 1;

  if (n_records (self) > self->n_moves)
    {
      g_array_set_size (self->infos, self->n_moves);
      g_byte_array_set_size (self->moves, (guint) (self->n_moves * self->game->move_size));
    }
  /* The moves it was computed from are among those dropped. */
  g_mutex_lock (&self->past_lock);
  if (self->past_n_moves != G_MAXUINT && self->past_n_moves > self->n_moves)
    self->past_n_moves = G_MAXUINT;
  g_mutex_unlock (&self->past_lock);
  if (self->n_snapshots > keep_snapshots)
    {
      self->n_snapshots = keep_snapshots;
      g_byte_array_set_size (self->snapshots, (guint) (keep_snapshots * self->game->state_size));
    }
}

static void
after_move (XqSession *self)
{
  if (self->n_moves % SNAPSHOT_INTERVAL == 0 && self->n_moves / SNAPSHOT_INTERVAL == self->n_snapshots)
    {
      g_byte_array_append (self->snapshots, self->state, (guint) self->game->state_size);
      self->n_snapshots++;
    }
}

/**
 * xq_session_play_at_line:
 * @self: a session
 * @move: the game's move struct
 * @reason: (nullable): a correction's reason
 * @line: the notation line it came from, or 0
 * @error: return location for a #GError
 *
 * Records @move if the rules allow it now. A refused move changes nothing;
 * an accepted one drops the moves that were undone.
 *
 * Returns: %TRUE if the move was recorded
 */
gboolean
xq_session_play_at_line (XqSession      *self,
                         gconstpointer   move,
                         const char     *reason,
                         guint           line,
                         GError        **error)
{
  XqSessionMoveInfo info = { NULL, line, 0, FALSE };

  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (!check_reason (self, move, reason, error))
    return FALSE;
  /* A move played halfway through a turn (after a spot transaction, before
   * its action) finishes the turn the move before began: the two are one
   * step for undo and redo, however they came (a form, a file, a journal). */
  info.joined = self->n_moves > 0 && !self->game->check_complete (self->setup, self->state, NULL);
  if (!self->game->apply (self->setup, self->state, move, error))
    return FALSE;

  truncate_history (self);
  g_byte_array_append (self->moves, move, (guint) self->game->move_size);
  info.reason = reason != NULL && *reason != '\0' ? g_strdup (reason) : NULL;
  info.time = g_get_real_time () / G_USEC_PER_SEC;
  g_array_append_val (self->infos, info);
  self->n_moves++;
  after_move (self);
  xq_session_notify_history (self, self->n_moves - 1, 0, 1);
  return TRUE;
}

/**
 * xq_session_play_group:
 * @self: a session
 * @moves: @n_moves of the game's move structs, one after the other
 * @reasons: (nullable) (array length=n_moves): each move's reason or %NULL
 * @n_moves: how many moves
 * @error: return location for a #GError: the first refusal
 *
 * Records several moves as one step: all of them if the rules allow each
 * in turn, none otherwise. Undo and redo then take or give back the whole
 * group at once (a count of the table is its corrections and their
 * checkpoint). The group is the session's while it is open; a file keeps
 * the moves, not the grouping.
 *
 * Returns: %TRUE if every move was recorded
 */
gboolean
xq_session_play_group (XqSession           *self,
                       gconstpointer        moves,
                       const char * const  *reasons,
                       guint                n_moves,
                       GError             **error)
{
  gsize size;
  g_autofree gpointer scratch = NULL;
  gint64 now;
  gboolean mid_turn;

  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);
  g_return_val_if_fail (moves != NULL || n_moves == 0, FALSE);

  if (n_moves == 0)
    return TRUE;
  size = self->game->move_size;
  /* Every move judged on a copy first: a refusal anywhere records nothing. */
  scratch = g_memdup2 (self->state, self->game->state_size);
  for (guint i = 0; i < n_moves; i++)
    if (!check_reason (self, (const guint8 *) moves + i * size, reasons != NULL ? reasons[i] : NULL, error)
        || !self->game->apply (self->setup, scratch, (const guint8 *) moves + i * size, error))
      return FALSE;

  truncate_history (self);
  now = g_get_real_time () / G_USEC_PER_SEC;
  mid_turn = self->n_moves > 0 && !self->game->check_complete (self->setup, self->state, NULL);
  for (guint i = 0; i < n_moves; i++)
    {
      const char *reason = reasons != NULL ? reasons[i] : NULL;
      gconstpointer move = (const guint8 *) moves + i * size;
      /* The group's first move joins the one before if it finishes its turn. */
      XqSessionMoveInfo info = { NULL, 0, now, i > 0 || mid_turn };
      g_autoptr(GError) replay_error = NULL;

      /* The copy accepted the same moves from the same state. */
      if (!self->game->apply (self->setup, self->state, move, &replay_error))
        g_critical ("Playing move %u of a group failed: %s", i + 1, replay_error->message);
      g_byte_array_append (self->moves, move, (guint) size);
      info.reason = reason != NULL && *reason != '\0' ? g_strdup (reason) : NULL;
      g_array_append_val (self->infos, info);
      self->n_moves++;
      after_move (self);
    }
  xq_session_notify_history (self, self->n_moves - n_moves, 0, n_moves);
  return TRUE;
}

gboolean
xq_session_play (XqSession      *self,
                 gconstpointer   move,
                 const char     *reason,
                 GError        **error)
{
  return xq_session_play_at_line (self, move, reason, 0, error);
}

/**
 * xq_session_check_complete:
 * @self: a session
 * @error_line: (out) (optional): the line of the last move
 * @error: return location for a #GError
 *
 * A recorded game must not stop halfway through a turn.
 *
 * Returns: %TRUE if the game may end where it does
 */
gboolean
xq_session_check_complete (XqSession  *self,
                           guint      *error_line,
                           GError    **error)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);

  if (self->game->check_complete (self->setup, self->state, error))
    return TRUE;
  if (error_line != NULL)
    *error_line = self->n_moves > 0 ? xq_session_get_move_line (self, self->n_moves - 1) : 0;
  return FALSE;
}

gboolean
xq_session_can_undo (XqSession *self)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);

  return self->n_moves > 0;
}

gboolean
xq_session_can_redo (XqSession *self)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);

  return self->n_moves < n_records (self);
}

gboolean
xq_session_undo (XqSession *self)
{
  guint before;

  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);

  if (!xq_session_can_undo (self))
    return FALSE;
  before = self->n_moves;
  /* A group goes as a whole: down to its first move. */
  do
    self->n_moves--;
  while (self->n_moves > 0 && g_array_index (self->infos, XqSessionMoveInfo, self->n_moves).joined);
  xq_session_compute_state (self, self->n_moves, self->state);
  xq_session_notify_history (self, self->n_moves, before - self->n_moves, 0);
  return TRUE;
}

gboolean
xq_session_redo (XqSession *self)
{
  g_autoptr(GError) error = NULL;
  guint before;

  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);

  if (!xq_session_can_redo (self))
    return FALSE;
  before = self->n_moves;
  /* A group comes back as a whole: its first move and those joined to it. */
  do
    {
      if (!self->game->apply (self->setup, self->state, _xq_session_record_move (self, self->n_moves), &error))
        {
          g_critical ("Redoing move %u failed: %s", self->n_moves + 1, error->message);
          xq_session_notify_history (self, before, 0, self->n_moves - before);
          return FALSE;
        }
      self->n_moves++;
      after_move (self);
    }
  while (self->n_moves < n_records (self) && g_array_index (self->infos, XqSessionMoveInfo, self->n_moves).joined);
  xq_session_notify_history (self, before, 0, self->n_moves - before);
  return TRUE;
}
