/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: XQN from hostile bytes parses or is refused; what parses writes back and re-parses alike. */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-games.h"
#include "xq-session.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  xq_games_register_all ();
  /* A warning or critical on some input is a broken precondition: a find. */
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(XqSession) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  const XqGame *game;
  guint line = 0;

  if (size > G_MAXSSIZE)
    return 0;
  session = xq_session_new_from_notation ((const char *) data, (gssize) size, &line, &error);
  if (session == NULL)
    {
      if (error == NULL || error->message == NULL)
        abort ();
      return 0;
    }
  if (error != NULL)
    abort ();

  /* Written back, the game parses again to the same moves, and writes the same text. */
  text = xq_session_to_notation (session);
  again = xq_session_new_from_notation (text, -1, &line, &error);
  if (again == NULL)
    {
      fprintf (stderr, "written back, the game does not parse: line %u: %s\n--\n%s--\n", line, error->message, text);
      abort ();
    }
  game = xq_session_get_game (session);
  if (xq_session_get_n_moves (again) != xq_session_get_n_moves (session))
    {
      fprintf (stderr, "%u moves parsed, %u once written back\n",
               xq_session_get_n_moves (session), xq_session_get_n_moves (again));
      abort ();
    }
  if (xq_session_get_game (again) != game
      || memcmp (xq_session_get_setup (again), xq_session_get_setup (session), game->setup_size) != 0)
    abort ();
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    if (memcmp (xq_session_get_move (again, i), xq_session_get_move (session, i), game->move_size) != 0)
      {
        fprintf (stderr, "move %u differs once written back\n", i + 1);
        abort ();
      }
  text_again = xq_session_to_notation (again);
  if (strcmp (text, text_again) != 0)
    abort ();
  return 0;
}
