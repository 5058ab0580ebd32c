/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One recorded move as an item of the session's list model: a copy of the
 * record, so an item a list still holds stays true after an undo drops it. */

#include "config.h"

#include "xq-notation.h"
#include "xq-session-move.h"
#include "xq-session-private.h"

struct _XqSessionMove
{
  GObject    parent_instance;

  XqSession *session;   /* owns the game's setup the notation is written against */
  guint      index;
  gpointer   move;      /* the game's move struct, copied */
  char      *reason;
  gboolean   correction;
  char      *notation;  /* written on first use: a long game's items are made by the screenful */
};

G_DEFINE_FINAL_TYPE (XqSessionMove, xq_session_move, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_REASON,
  PROP_CORRECTION,
  PROP_NOTATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
xq_session_move_finalize (GObject *object)
{
  XqSessionMove *self = XQ_SESSION_MOVE (object);

  xq_session_forget_item (self->session, self->index, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->move, g_free);
  g_clear_pointer (&self->reason, g_free);
  g_clear_pointer (&self->notation, g_free);

  G_OBJECT_CLASS (xq_session_move_parent_class)->finalize (object);
}

static void
xq_session_move_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  XqSessionMove *self = XQ_SESSION_MOVE (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;
    case PROP_REASON:
      g_value_set_string (value, self->reason);
      break;
    case PROP_CORRECTION:
      g_value_set_boolean (value, self->correction);
      break;
    case PROP_NOTATION:
      g_value_set_string (value, xq_session_move_get_notation (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_session_move_class_init (XqSessionMoveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = xq_session_move_finalize;
  object_class->get_property = xq_session_move_get_property;

  properties[PROP_INDEX] =
    g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_REASON] =
    g_param_spec_string ("reason", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CORRECTION] =
    g_param_spec_boolean ("correction", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_NOTATION] =
    g_param_spec_string ("notation", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
xq_session_move_init (XqSessionMove *self)
{
}

XqSessionMove *
xq_session_move_new (XqSession     *session,
                     guint          index,
                     gconstpointer  move,
                     const char    *reason)
{
  const XqGame *game = xq_session_get_game (session);
  XqSessionMove *self = g_object_new (XQ_TYPE_SESSION_MOVE, NULL);

  self->session = g_object_ref (session);
  self->index = index;
  self->move = g_memdup2 (move, game->move_size);
  self->reason = g_strdup (reason);
  self->correction = game->move_is_correction (move);
  return self;
}

/**
 * xq_session_move_get_session:
 * @self: a move of a session's list model
 *
 * Returns: (transfer none): the session it was recorded in
 */
XqSession *
xq_session_move_get_session (XqSessionMove *self)
{
  g_return_val_if_fail (XQ_IS_SESSION_MOVE (self), NULL);

  return self->session;
}

/**
 * xq_session_move_get_index:
 * @self: a move of a session's list model
 *
 * Returns: its place in the log, from 0: the table after it is the state
 *   after @index + 1 moves
 */
guint
xq_session_move_get_index (XqSessionMove *self)
{
  g_return_val_if_fail (XQ_IS_SESSION_MOVE (self), 0);

  return self->index;
}

/**
 * xq_session_move_get_move:
 * @self: a move of a session's list model
 *
 * Returns: (transfer none): the game's move struct
 */
gconstpointer
xq_session_move_get_move (XqSessionMove *self)
{
  g_return_val_if_fail (XQ_IS_SESSION_MOVE (self), NULL);

  return self->move;
}

/**
 * xq_session_move_get_reason:
 * @self: a move of a session's list model
 *
 * Returns: (nullable): a correction's (or a count's) reason
 */
const char *
xq_session_move_get_reason (XqSessionMove *self)
{
  g_return_val_if_fail (XQ_IS_SESSION_MOVE (self), NULL);

  return self->reason;
}

gboolean
xq_session_move_is_correction (XqSessionMove *self)
{
  g_return_val_if_fail (XQ_IS_SESSION_MOVE (self), FALSE);

  return self->correction;
}

/**
 * xq_session_move_get_notation:
 * @self: a move of a session's list model
 *
 * Returns: its XQN statement, reason included, as xq_session_format_move()
 *   writes it
 */
const char *
xq_session_move_get_notation (XqSessionMove *self)
{
  g_return_val_if_fail (XQ_IS_SESSION_MOVE (self), NULL);

  if (self->notation == NULL)
    {
      GString *out = g_string_new (NULL);

      xq_session_get_game (self->session)->write_move (xq_session_get_setup (self->session), self->move, out);
      if (self->reason != NULL)
        xq_notation_append_reason (out, self->reason);
      self->notation = g_string_free (out, FALSE);
    }
  return self->notation;
}
