/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The session: setup + move records, snapshots for cheap history, undo/redo. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-error.h"
#include "xq-notation.h"
#include "xq-session.h"

/* A snapshot every this many moves bounds any "state after move N" to this
 * many applications, and costs one state copy per interval. */
#define SNAPSHOT_INTERVAL 32

typedef struct
{
  char   *reason;   /* corrections only; NULL otherwise */
  guint   line;     /* line in the notation it was read from, 0 if typed */
  gint64  time;     /* wall-clock seconds since the epoch when recorded */
  gboolean joined;  /* played in one group with the move before: undone and redone with it */
} MoveInfo;

struct _XqSession
{
  GObject        parent_instance;

  const XqGame  *game;
  gpointer       setup;

  /* Records past n_moves are undone moves kept for redo; a new move drops them. */
  GByteArray    *moves;     /* n_records * move_size */
  GArray        *infos;     /* MoveInfo, n_records */
  guint          n_moves;

  char          *date;
  char          *place;
  char          *comment;

  GByteArray    *snapshots; /* state after 0, 32, 64 … moves, up to n_snapshots */
  guint          n_snapshots;
  gpointer       state;     /* state after n_moves */
};

G_DEFINE_FINAL_TYPE (XqSession, xq_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_MOVES,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_DATE,
  PROP_PLACE,
  PROP_COMMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
move_info_clear (gpointer data)
{
  MoveInfo *info = data;

  g_clear_pointer (&info->reason, g_free);
}

static inline guint
n_records (XqSession *self)
{
  return self->infos->len;
}

static inline gconstpointer
record_move (XqSession *self,
             guint      index)
{
  return self->moves->data + (gsize) index * self->game->move_size;
}

static inline gpointer
snapshot (XqSession *self,
          guint      index)
{
  return self->snapshots->data + (gsize) index * self->game->state_size;
}

static void
notify_history (XqSession *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

/* Replays the recorded moves from the nearest snapshot; every recorded move was
 * legal when recorded, so a refusal here is a bug, not a user error. */
static void
compute_state (XqSession *self,
               guint      n_moves,
               gpointer   out_state)
{
  guint snap = MIN (n_moves / SNAPSHOT_INTERVAL, self->n_snapshots - 1);

  memcpy (out_state, snapshot (self, snap), self->game->state_size);
  for (guint i = snap * SNAPSHOT_INTERVAL; i < n_moves; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!self->game->apply (self->setup, out_state, record_move (self, i), &error))
        g_critical ("Replaying move %u failed: %s", i + 1, error->message);
    }
}

static void
xq_session_finalize (GObject *object)
{
  XqSession *self = XQ_SESSION (object);

  g_clear_pointer (&self->setup, g_free);
  g_clear_pointer (&self->state, g_free);
  g_clear_pointer (&self->moves, g_byte_array_unref);
  g_clear_pointer (&self->infos, g_array_unref);
  g_clear_pointer (&self->snapshots, g_byte_array_unref);
  g_clear_pointer (&self->date, g_free);
  g_clear_pointer (&self->place, g_free);
  g_clear_pointer (&self->comment, g_free);

  G_OBJECT_CLASS (xq_session_parent_class)->finalize (object);
}

static void
xq_session_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  XqSession *self = XQ_SESSION (object);

  switch (prop_id)
    {
    case PROP_N_MOVES:
      g_value_set_uint (value, self->n_moves);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, xq_session_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, xq_session_can_redo (self));
      break;
    case PROP_DATE:
      g_value_set_string (value, self->date);
      break;
    case PROP_PLACE:
      g_value_set_string (value, self->place);
      break;
    case PROP_COMMENT:
      g_value_set_string (value, self->comment);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_session_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  XqSession *self = XQ_SESSION (object);

  switch (prop_id)
    {
    case PROP_DATE:
      xq_session_set_date (self, g_value_get_string (value));
      break;
    case PROP_PLACE:
      xq_session_set_place (self, g_value_get_string (value));
      break;
    case PROP_COMMENT:
      xq_session_set_comment (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_session_class_init (XqSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = xq_session_finalize;
  object_class->get_property = xq_session_get_property;
  object_class->set_property = xq_session_set_property;

  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DATE] =
    g_param_spec_string ("date", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PLACE] =
    g_param_spec_string ("place", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_COMMENT] =
    g_param_spec_string ("comment", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
xq_session_init (XqSession *self)
{
  self->moves = g_byte_array_new ();
  self->infos = g_array_new (FALSE, TRUE, sizeof (MoveInfo));
  g_array_set_clear_func (self->infos, move_info_clear);
  self->snapshots = g_byte_array_new ();
}

/**
 * xq_session_new:
 * @game: a registered game
 * @setup: the game's setup struct, copied
 *
 * Returns: (transfer full): a session with no moves
 */
XqSession *
xq_session_new (const XqGame  *game,
                gconstpointer  setup)
{
  XqSession *self;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (setup != NULL, NULL);

  self = g_object_new (XQ_TYPE_SESSION, NULL);
  self->game = game;
  self->setup = g_memdup2 (setup, game->setup_size);
  self->state = g_malloc0 (game->state_size);
  game->init_state (self->setup, self->state);
  g_byte_array_append (self->snapshots, self->state, (guint) game->state_size);
  self->n_snapshots = 1;
  return self;
}

const XqGame *
xq_session_get_game (XqSession *self)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);

  return self->game;
}

gconstpointer
xq_session_get_setup (XqSession *self)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);

  return self->setup;
}

guint
xq_session_get_n_moves (XqSession *self)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), 0);

  return self->n_moves;
}

/**
 * xq_session_get_state:
 * @self: a session
 *
 * Returns: (transfer none): the state after the last move, valid until the
 *   session changes
 */
gconstpointer
xq_session_get_state (XqSession *self)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);

  return self->state;
}

/**
 * xq_session_get_state_at:
 * @self: a session
 * @n_moves: how many moves have been played, at most the current count
 * @out_state: (out caller-allocates): room for the game's state struct
 *
 * The table as it was after move @n_moves (0: the setup).
 */
void
xq_session_get_state_at (XqSession *self,
                         guint      n_moves,
                         gpointer   out_state)
{
  g_return_if_fail (XQ_IS_SESSION (self));
  g_return_if_fail (n_moves <= self->n_moves);

  if (n_moves == self->n_moves)
    memcpy (out_state, self->state, self->game->state_size);
  else
    compute_state (self, n_moves, out_state);
}

gconstpointer
xq_session_get_move (XqSession *self,
                     guint      index)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);
  g_return_val_if_fail (index < self->n_moves, NULL);

  return record_move (self, index);
}

const char *
xq_session_get_move_reason (XqSession *self,
                            guint      index)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);
  g_return_val_if_fail (index < self->n_moves, NULL);

  return g_array_index (self->infos, MoveInfo, index).reason;
}

guint
xq_session_get_move_line (XqSession *self,
                          guint      index)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), 0);
  g_return_val_if_fail (index < self->n_moves, 0);

  return g_array_index (self->infos, MoveInfo, index).line;
}

gint64
xq_session_get_move_time (XqSession *self,
                          guint      index)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), 0);
  g_return_val_if_fail (index < self->n_moves, 0);

  return g_array_index (self->infos, MoveInfo, index).time;
}

/**
 * xq_session_format_move:
 * @self: a session
 * @index: a move, from 0
 *
 * Returns: (transfer full): the move's XQN statement, reason included
 */
char *
xq_session_format_move (XqSession *self,
                        guint      index)
{
  GString *out = g_string_new (NULL);
  const char *reason;

  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);
  g_return_val_if_fail (index < self->n_moves, NULL);

  self->game->write_move (self->setup, record_move (self, index), out);
  reason = xq_session_get_move_reason (self, index);
  if (reason != NULL)
    xq_notation_append_reason (out, reason);
  return g_string_free (out, FALSE);
}

/* As data/session.rng's <reason> allows: a longer one would be saved in a
 * file that does not load. */
#define REASON_MAX_CHARS 2000

static gboolean
check_reason (const char  *reason,
              GError     **error)
{
  glong chars;

  if (reason == NULL)
    return TRUE;
  for (const char *p = reason; *p; p++)
    if (((guchar) *p < 0x20 && *p != '\t') || *p == 0x7f)
      goto refuse;
  if (!g_utf8_validate (reason, -1, NULL))
    goto refuse;
  /* No characters at all, and XML cannot hold them: the file would not load. */
  if (strstr (reason, "\xEF\xBF\xBE") != NULL || strstr (reason, "\xEF\xBF\xBF") != NULL)
    goto refuse;
  chars = g_utf8_strlen (reason, -1);
  if (chars > REASON_MAX_CHARS)
    return xq_error_fail (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                          _("a correction’s reason has at most %d characters; this one has %ld"),
                          REASON_MAX_CHARS, chars);
  return TRUE;

refuse:
    {
      g_set_error_literal (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX,
                           _("a correction’s reason is one line of text without control characters"));
      return FALSE;
    }
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
  MoveInfo info = { NULL, line, 0, FALSE };

  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (!check_reason (reason, error))
    return FALSE;
  if (!self->game->apply (self->setup, self->state, move, error))
    return FALSE;

  truncate_history (self);
  g_byte_array_append (self->moves, move, (guint) self->game->move_size);
  info.reason = reason != NULL && *reason != '\0' ? g_strdup (reason) : NULL;
  info.time = g_get_real_time () / G_USEC_PER_SEC;
  g_array_append_val (self->infos, info);
  self->n_moves++;
  after_move (self);
  notify_history (self);
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

  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);
  g_return_val_if_fail (moves != NULL || n_moves == 0, FALSE);

  if (n_moves == 0)
    return TRUE;
  size = self->game->move_size;
  /* Every move judged on a copy first: a refusal anywhere records nothing. */
  scratch = g_memdup2 (self->state, self->game->state_size);
  for (guint i = 0; i < n_moves; i++)
    if (!check_reason (reasons != NULL ? reasons[i] : NULL, error)
        || !self->game->apply (self->setup, scratch, (const guint8 *) moves + i * size, error))
      return FALSE;

  truncate_history (self);
  now = g_get_real_time () / G_USEC_PER_SEC;
  for (guint i = 0; i < n_moves; i++)
    {
      const char *reason = reasons != NULL ? reasons[i] : NULL;
      gconstpointer move = (const guint8 *) moves + i * size;
      MoveInfo info = { NULL, 0, now, i > 0 };
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
  notify_history (self);
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
  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);

  if (!xq_session_can_undo (self))
    return FALSE;
  /* A group goes as a whole: down to its first move. */
  do
    self->n_moves--;
  while (self->n_moves > 0 && g_array_index (self->infos, MoveInfo, self->n_moves).joined);
  compute_state (self, self->n_moves, self->state);
  notify_history (self);
  return TRUE;
}

gboolean
xq_session_redo (XqSession *self)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (XQ_IS_SESSION (self), FALSE);

  if (!xq_session_can_redo (self))
    return FALSE;
  /* A group comes back as a whole: its first move and those joined to it. */
  do
    {
      if (!self->game->apply (self->setup, self->state, record_move (self, self->n_moves), &error))
        {
          g_critical ("Redoing move %u failed: %s", self->n_moves + 1, error->message);
          notify_history (self);
          return FALSE;
        }
      self->n_moves++;
      after_move (self);
    }
  while (self->n_moves < n_records (self) && g_array_index (self->infos, MoveInfo, self->n_moves).joined);
  notify_history (self);
  return TRUE;
}

/* Notes are free text, but a session file must be able to hold them: XML 1.0
 * has no way to write most control characters, so they become spaces. Empty
 * notes are stored as absent, so a round trip cannot turn "" into NULL. */
static char *
clean_note (const char *value)
{
  char *clean;

  if (value == NULL || *value == '\0')
    return NULL;
  clean = g_utf8_make_valid (value, -1);
  for (char *p = clean; *p; p++)
    if (((guchar) *p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') || *p == 0x7f)
      *p = ' ';
  return clean;
}

static void
set_note (XqSession   *self,
          char       **field,
          const char  *value,
          guint        prop_id)
{
  g_autofree char *clean = clean_note (value);

  if (g_strcmp0 (*field, clean) == 0)
    return;
  g_free (*field);
  *field = g_steal_pointer (&clean);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

const char *
xq_session_get_date (XqSession *self)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);

  return self->date;
}

void
xq_session_set_date (XqSession  *self,
                     const char *date)
{
  g_return_if_fail (XQ_IS_SESSION (self));

  set_note (self, &self->date, date, PROP_DATE);
}

const char *
xq_session_get_place (XqSession *self)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);

  return self->place;
}

void
xq_session_set_place (XqSession  *self,
                      const char *place)
{
  g_return_if_fail (XQ_IS_SESSION (self));

  set_note (self, &self->place, place, PROP_PLACE);
}

const char *
xq_session_get_comment (XqSession *self)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);

  return self->comment;
}

void
xq_session_set_comment (XqSession  *self,
                        const char *comment)
{
  g_return_if_fail (XQ_IS_SESSION (self));

  set_note (self, &self->comment, comment, PROP_COMMENT);
}

/* Loading a file keeps the times the moves were recorded at the table. */
void
xq_session_set_move_time (XqSession *self,
                          guint      index,
                          gint64     time)
{
  g_return_if_fail (XQ_IS_SESSION (self));
  g_return_if_fail (index < self->n_moves);

  g_array_index (self->infos, MoveInfo, index).time = time;
}
