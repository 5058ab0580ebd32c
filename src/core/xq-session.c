/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The session object: its setup, the move records read back (one by one and
 * as a GListModel of the moves played), the evening's notes; recording,
 * snapshots and undo/redo are in xq-session-history.c. */

#include "config.h"

#include <string.h>

#include "xq-notation.h"
#include "xq-session-private.h"

static void xq_session_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (XqSession, xq_session, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, xq_session_list_model_init))

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
  XqSessionMoveInfo *info = data;

  g_clear_pointer (&info->reason, g_free);
}

/* The model's items are the moves played, not those undone and kept for
 * redo: the history shows the game as it stands. The items go first, so a
 * handler of notify::n-moves finds the list already changed. */
void
xq_session_notify_history (XqSession *self,
                           guint      position,
                           guint      removed,
                           guint      added)
{
  /* An item of a move undone keeps its copy; the index may hold another
   * move next, which gets an item of its own. */
  for (guint i = position; i < position + removed; i++)
    g_hash_table_remove (self->items, GUINT_TO_POINTER (i));
  if (removed > 0 || added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

void
xq_session_forget_item (XqSession     *self,
                        guint          index,
                        XqSessionMove *item)
{
  if (g_hash_table_lookup (self->items, GUINT_TO_POINTER (index)) == item)
    g_hash_table_remove (self->items, GUINT_TO_POINTER (index));
}

static GType
xq_session_get_item_type (GListModel *model)
{
  return XQ_TYPE_SESSION_MOVE;
}

static guint
xq_session_get_n_items (GListModel *model)
{
  return XQ_SESSION (model)->n_moves;
}

/* Made when asked, kept only while someone holds it: a 100,000-move game
 * read from a file makes no item until a list shows its moves. */
static gpointer
xq_session_get_item (GListModel *model,
                     guint       position)
{
  XqSession *self = XQ_SESSION (model);
  XqSessionMove *item;

  if (position >= self->n_moves)
    return NULL;
  item = g_hash_table_lookup (self->items, GUINT_TO_POINTER (position));
  if (item != NULL)
    return g_object_ref (item);
  item = xq_session_move_new (self, position, _xq_session_record_move (self, position),
                              g_array_index (self->infos, XqSessionMoveInfo, position).reason);
  g_hash_table_insert (self->items, GUINT_TO_POINTER (position), item);
  return item;
}

static void
xq_session_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = xq_session_get_item_type;
  iface->get_n_items = xq_session_get_n_items;
  iface->get_item = xq_session_get_item;
}

static void
xq_session_finalize (GObject *object)
{
  XqSession *self = XQ_SESSION (object);

  g_clear_pointer (&self->setup, g_free);
  g_clear_pointer (&self->state, g_free);
  g_clear_pointer (&self->past_state, g_free);
  g_mutex_clear (&self->past_lock);
  g_clear_pointer (&self->moves, g_byte_array_unref);
  g_clear_pointer (&self->infos, g_array_unref);
  g_clear_pointer (&self->snapshots, g_byte_array_unref);
  /* Empty by now: every item holds the session. */
  g_clear_pointer (&self->items, g_hash_table_unref);
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
  self->infos = g_array_new (FALSE, TRUE, sizeof (XqSessionMoveInfo));
  g_array_set_clear_func (self->infos, move_info_clear);
  self->snapshots = g_byte_array_new ();
  self->items = g_hash_table_new (NULL, NULL);
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
  self->past_state = g_malloc0 (game->state_size);
  self->past_n_moves = G_MAXUINT;
  g_mutex_init (&self->past_lock);
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
    xq_session_compute_state (self, n_moves, out_state);
}

gconstpointer
xq_session_get_move (XqSession *self,
                     guint      index)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);
  g_return_val_if_fail (index < self->n_moves, NULL);

  return _xq_session_record_move (self, index);
}

const char *
xq_session_get_move_reason (XqSession *self,
                            guint      index)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);
  g_return_val_if_fail (index < self->n_moves, NULL);

  return g_array_index (self->infos, XqSessionMoveInfo, index).reason;
}

guint
xq_session_get_move_line (XqSession *self,
                          guint      index)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), 0);
  g_return_val_if_fail (index < self->n_moves, 0);

  return g_array_index (self->infos, XqSessionMoveInfo, index).line;
}

gint64
xq_session_get_move_time (XqSession *self,
                          guint      index)
{
  g_return_val_if_fail (XQ_IS_SESSION (self), 0);
  g_return_val_if_fail (index < self->n_moves, 0);

  return g_array_index (self->infos, XqSessionMoveInfo, index).time;
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

  self->game->write_move (self->setup, _xq_session_record_move (self, index), out);
  reason = xq_session_get_move_reason (self, index);
  if (reason != NULL)
    xq_notation_append_reason (out, reason);
  return g_string_free (out, FALSE);
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

  g_array_index (self->infos, XqSessionMoveInfo, index).time = time;
}
