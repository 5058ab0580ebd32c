/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Times For-Ex replay, scoring and the what-if sweep against the app's targets; reports, never fails. */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fx-game.h"
#include "fx-legal.h"
#include "fx-random-play.h"
#include "fx-score.h"
#include "xq-games.h"
#include "bench-games.h"
#include "bench-timing.h"


/* Each measurement: batches of about this long, the median batch reported. */

#define TARGET_REPLAY_MS 1.0
#define TARGET_SWEEP_MS 1.6    /* a tenth of a 60 Hz frame */

typedef struct
{
  const FxSetup *setup;
  const FxMove  *moves;
  const char   **reasons;
  guint          n_moves;
  const char    *text;
  const FxState *position;
  XqAmount       sink;       /* keeps the work from being optimised away */
} Bench;

static guint n_missed;
static GString *missed;

static void
score_into_sink (Bench         *b,
                 const FxState *state)
{
  FxStanding standing;

  fx_score_standing (state, &standing);
  b->sink += standing.players[0].total + (XqAmount) standing.n_winners;
}

/* What opening a saved game does: a session, every move through the rules, the score. */
static void
replay_and_score (gpointer data)
{
  Bench *b = data;
  XqSession *session = xq_session_new (fx_game_get (), b->setup);

  for (guint i = 0; i < b->n_moves; i++)
    if (!xq_session_play (session, &b->moves[i], b->reasons[i], NULL))
      g_error ("replaying move %u was refused", i + 1);
  score_into_sink (b, xq_session_get_state (session));
  g_object_unref (session);
}

/* The same from the XQN text. */
static void
parse_replay_and_score (gpointer data)
{
  Bench *b = data;
  g_autoptr(GError) error = NULL;
  XqSession *session = xq_session_new_from_notation (b->text, -1, NULL, &error);

  if (session == NULL)
    g_error ("the game's XQN does not read back: %s", error->message);
  score_into_sink (b, xq_session_get_state (session));
  g_object_unref (session);
}

/* The rules alone, without the session's history keeping. */
static void
apply_and_score (gpointer data)
{
  Bench *b = data;
  FxState state;

  fx_state_init (b->setup, &state);
  for (guint i = 0; i < b->n_moves; i++)
    if (!fx_state_apply (b->setup, &state, &b->moves[i], NULL))
      g_error ("applying move %u was refused", i + 1);
  score_into_sink (b, &state);
}

/* The GUI's "what if": every legal action tried on a copy and scored. */
static void
what_if_sweep (gpointer data)
{
  Bench *b = data;
  FxMove legal[FX_LEGAL_MAX];
  guint n = fx_legal_actions (b->setup, b->position, legal);

  for (guint i = 0; i < n; i++)
    {
      FxState copy = *b->position;

      if (!fx_state_apply (b->setup, &copy, &legal[i], NULL))
        g_error ("a listed action was refused");
      score_into_sink (b, &copy);
    }
}

static void
report (const char *what,
        double      ms,
        double      target_ms,
        guint       reps)
{
  printf ("%s: %.3f ms (target %g ms: %.2fx of target; median of %u batches, %u runs)\n",
          what, ms, target_ms, ms / target_ms, BENCH_BATCHES, reps);
  if (ms > target_ms)
    {
      g_string_append_printf (missed, "%s%s", n_missed > 0 ? ", " : "", what);
      n_missed++;
    }
}

/* The between-turns position of the long game's middle half (by turns) with
 * the most legal actions. */
static guint
find_busy_position (XqSession *game,
                    FxState   *out,
                    guint     *out_move)
{
  const FxSetup *setup = xq_session_get_setup (game);
  const FxState *end = xq_session_get_state (game);
  FxMove legal[FX_LEGAL_MAX];
  guint best = 0;

  for (guint k = 0; k <= xq_session_get_n_moves (game); k++)
    {
      FxState s;
      guint n;

      xq_session_get_state_at (game, k, &s);
      if (fx_state_is_over (&s) || s.spot_actor != FX_NO_PLAYER
          || s.turn < end->turn / 4 || s.turn > end->turn * 3 / 4)
        continue;
      n = fx_legal_actions (setup, &s, legal);
      if (n > best)
        {
          best = n;
          *out = s;
          *out_move = k;
        }
    }
  return best;
}

int
main (void)
{
  g_autoptr(XqSession) game = NULL;
  g_autofree FxMove *moves = NULL;
  g_autofree const char **reasons = NULL;
  g_autofree char *text = NULL;
  g_autofree char *what = NULL;
  Bench b = { 0 };
  FxState position;
  const FxState *end;
  guint64 seed = 0;
  guint n_players = 0, n_moves, n_actions, position_move = 0, reps;
  gint64 start = g_get_monotonic_time ();
  double ms;

  xq_games_register_all ();
  missed = g_string_new (NULL);

  game = bench_find_long_game (&seed, &n_players);
  if (game == NULL)
    {
      printf ("bench-fx: no game of the long style reached %d turns in %d seeds\n", BENCH_LONG_GAME_TURNS, BENCH_MAX_SEEDS);
      return 0;
    }
  end = xq_session_get_state (game);
  n_moves = xq_session_get_n_moves (game);
  moves = g_new (FxMove, n_moves);
  reasons = g_new0 (const char *, n_moves);
  for (guint i = 0; i < n_moves; i++)
    {
      memcpy (&moves[i], xq_session_get_move (game, i), sizeof (FxMove));
      reasons[i] = xq_session_get_move_reason (game, i);
    }
  text = xq_session_to_notation (game);

  b.setup = xq_session_get_setup (game);
  b.moves = moves;
  b.reasons = reasons;
  b.n_moves = n_moves;
  b.text = text;

  printf ("long game: seed %" G_GUINT64_FORMAT " of the long style, %u players, %u turns, %u moves, "
          "%zu bytes of XQN, %s\n",
          seed, n_players, end->turn, n_moves, strlen (text),
          end->status == FX_STATUS_ENDED ? "ended" : "ended in a bankruptcy");

  what = g_strdup_printf ("replay+score %u-turn game", end->turn);
  ms = bench_measure (replay_and_score, &b, &reps);
  report (what, ms, TARGET_REPLAY_MS, reps);
  g_free (what);

  what = g_strdup_printf ("parse+replay+score %u-turn game", end->turn);
  ms = bench_measure (parse_replay_and_score, &b, &reps);
  report (what, ms, TARGET_REPLAY_MS, reps);
  g_free (what);

  what = g_strdup_printf ("apply+score %u-turn game (rules only, no session)", end->turn);
  ms = bench_measure (apply_and_score, &b, &reps);
  report (what, ms, TARGET_REPLAY_MS, reps);
  g_free (what);

  n_actions = find_busy_position (game, &position, &position_move);
  b.position = &position;
  what = g_strdup_printf ("what-if sweep, %u legal actions (turn %u, after move %u)",
                          n_actions, position.turn, position_move);
  ms = bench_measure (what_if_sweep, &b, &reps);
  report (what, ms, TARGET_SWEEP_MS, reps);

  printf ("(checksum %d, %.1f s in all)\n", b.sink,
          (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  if (n_missed == 0)
    printf ("bench-fx: all targets met\n");
  else
    printf ("bench-fx: %u target%s missed: %s\n", n_missed, n_missed == 1 ? "" : "s", missed->str);
  g_string_free (missed, TRUE);
  return 0;
}
