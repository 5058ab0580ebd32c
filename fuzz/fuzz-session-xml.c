/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: session XML from hostile bytes must load or be refused, never crash or leak. */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq-games.h"
#include "xq-session-xml.h"
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
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  const XqGame *game;
  const char *text;
  gsize length = 0;
  guint line = 0;

  session = xq_session_new_from_xml ((const char *) data, size, &line, &error);
  if (session == NULL)
    {
      /* A refusal always says why. */
      if (error == NULL || error->message == NULL)
        abort ();
      return 0;
    }
  if (error != NULL)
    abort ();

  /* What loads saves, and the save loads back to the same game. */
  saved = xq_session_to_xml (session);
  text = g_bytes_get_data (saved, &length);
  again = xq_session_new_from_xml (text, length, &line, &error);
  if (again == NULL)
    {
      fprintf (stderr, "a loaded session does not load once saved: line %u: %s\n", line, error->message);
      abort ();
    }
  game = xq_session_get_game (session);
  if (xq_session_get_game (again) != game
      || xq_session_get_n_moves (again) != xq_session_get_n_moves (session)
      || memcmp (xq_session_get_setup (again), xq_session_get_setup (session), game->setup_size) != 0)
    abort ();
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    if (memcmp (xq_session_get_move (again, i), xq_session_get_move (session, i), game->move_size) != 0)
      abort ();
  return 0;
}
