/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A session from XQN text and back, through the session's public API. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-error.h"
#include "xq-quote.h"
#include "xq-session.h"

/**
 * xq_session_new_from_notation:
 * @text: a whole XQN game
 * @length: length of @text, or -1
 * @error_line: (out) (optional): the line an error refers to
 * @error: return location for a #GError
 *
 * Reads the header, then plays every move through the rules. The first
 * refusal stops the reading; a game that stops halfway through a turn is
 * accepted here (see xq_session_check_complete()).
 *
 * Returns: (transfer full) (nullable): the session
 */
XqSession *
xq_session_new_from_notation (const char  *text,
                              gssize       length,
                              guint       *error_line,
                              GError     **error)
{
  return xq_session_read_notation (text, length, NULL, error_line, error);
}

/**
 * xq_session_read_notation:
 * @text: a whole XQN game
 * @length: length of @text, or -1
 * @cancellable: (nullable): looked at every few hundred moves
 * @error_line: (out) (optional): the line an error refers to
 * @error: return location for a #GError, or %G_IO_ERROR_CANCELLED
 *
 * xq_session_new_from_notation() that can be cancelled.
 *
 * Returns: (transfer full) (nullable): the session
 */
XqSession *
xq_session_read_notation (const char    *text,
                          gssize         length,
                          GCancellable  *cancellable,
                          guint         *error_line,
                          GError       **error)
{
  g_autoptr(GPtrArray) statements = NULL;
  g_autoptr(XqSession) self = NULL;
  g_autofree gpointer setup = NULL;
  g_autofree gpointer move = NULL;
  const XqStatement *first;
  const XqGame *game;
  guint consumed = 0;
  guint line = 0;

  if (error_line != NULL)
    *error_line = 0;

  statements = xq_notation_split (text, length, error_line, error);
  if (statements == NULL)
    return NULL;

  if (statements->len == 0)
    {
      if (error_line != NULL)
        *error_line = 1;
      g_autofree char *ids = xq_game_list_ids ();

      /* TRANSLATORS: %s lists the game ids, comma-separated; “game” is XQN and stays as it is */
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
                   _("the file holds no game; its first statement must be “game” and one of: %s"), ids);
      return NULL;
    }

  first = g_ptr_array_index (statements, 0);
  if (!xq_statement_is (first, 0, "game") || first->n_tokens != 2)
    {
      if (error_line != NULL)
        *error_line = first->line;
      g_autofree char *ids = xq_game_list_ids ();

      /* TRANSLATORS: %s lists the game ids, comma-separated; “game” is XQN and stays as it is */
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
                   _("the first statement must name the game: “game” and one of: %s"), ids);
      return NULL;
    }
  game = xq_game_lookup (first->tokens[1]);
  if (game == NULL)
    {
      g_autofree char *known = xq_game_list_ids ();

      if (error_line != NULL)
        *error_line = first->line;
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_UNKNOWN_GAME,
                   _("unknown game “%s”; the games are: %s"), XQ_QUOTE (first->tokens[1]), known);
      return NULL;
    }

  setup = g_malloc0 (game->setup_size);
  if (!game->parse_header (setup, statements, &consumed, &line, error))
    {
      if (error_line != NULL)
        *error_line = line;
      return NULL;
    }

  self = xq_session_new (game, setup);
  move = g_malloc0 (game->move_size);
  for (guint i = consumed; i < statements->len; i++)
    {
      const XqStatement *statement = g_ptr_array_index (statements, i);
      g_autofree char *reason = NULL;

      /* Every 1024 moves: a few milliseconds of replay. */
      if ((i - consumed) % 1024 == 1023 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      memset (move, 0, game->move_size);
      if (!game->parse_move (xq_session_get_setup (self), statement, move, &reason, error)
          || !xq_session_play_at_line (self, move, reason, statement->line, error))
        {
          if (error_line != NULL)
            *error_line = statement->line;
          return NULL;
        }
    }

  return g_steal_pointer (&self);
}

/**
 * xq_session_to_notation:
 * @self: a session
 *
 * Returns: (transfer full): the whole game as XQN, header first
 */
char *
xq_session_to_notation (XqSession *self)
{
  GString *out;

  g_return_val_if_fail (XQ_IS_SESSION (self), NULL);

  out = g_string_new ("game ");
  g_string_append (out, xq_session_get_game (self)->id);
  g_string_append_c (out, '\n');
  xq_session_get_game (self)->write_header (xq_session_get_setup (self), out);
  for (guint i = 0; i < xq_session_get_n_moves (self); i++)
    {
      g_autofree char *line = xq_session_format_move (self, i);

      g_string_append (out, line);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}
