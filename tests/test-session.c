/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests XqSession: derived states against fresh replays, undo/redo, refusals, notifications, reasons and lines. */

#include "config.h"

#include <glib-object.h>
#include <string.h>

#include "fx-game.h"
#include "fx-legal.h"
#include "fx-random-play.h"
#include "fx-state.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session.h"

/* A game long enough for several snapshots (one every 32 moves). */
#define LONG_GAME_MIN_MOVES 100

static XqSession *
long_game (guint64 *out_seed)
{
  for (guint64 seed = 1; seed < 200; seed++)
    {
      g_autoptr(XqSession) session = fx_random_game (seed, 4, &fx_random_style_prudent, 400);

      if (xq_session_get_n_moves (session) >= LONG_GAME_MIN_MOVES)
        {
          if (out_seed != NULL)
            *out_seed = seed;
          return g_steal_pointer (&session);
        }
    }
  g_error ("no prudent random game reached %d moves", LONG_GAME_MIN_MOVES);
}

/* The state after the first @n moves of @session, replayed from the setup
 * through the rules alone, without the session. */
static void
replay_from_scratch (XqSession *session,
                     guint      n,
                     FxState   *out)
{
  const FxSetup *setup = xq_session_get_setup (session);

  fx_state_init (setup, out);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!fx_state_apply (setup, out, xq_session_get_move (session, i), &error))
        g_error ("replaying move %u: %s", i, error->message);
    }
}

static void
assert_state_at (XqSession *session,
                 guint      n)
{
  FxState expected, got;

  replay_from_scratch (session, n, &expected);
  memset (&got, 0xAA, sizeof got);
  xq_session_get_state_at (session, n, &got);
  if (memcmp (&expected, &got, sizeof got) != 0)
    g_error ("state after %u of %u moves differs from a replay", n, xq_session_get_n_moves (session));
}

static void
assert_all_states (XqSession *session)
{
  guint n_moves = xq_session_get_n_moves (session);
  FxState last;

  /* Every prefix, in both directions, so no order-dependent cache can hide a fault. */
  for (guint n = 0; n <= n_moves; n++)
    assert_state_at (session, n);
  for (guint n = n_moves + 1; n-- > 0;)
    assert_state_at (session, n);
  replay_from_scratch (session, n_moves, &last);
  g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &last, sizeof last);
}

static void
test_new_session (void)
{
  FxSetup setup;
  FxState initial;
  const char *names[] = { "Ann", "Ben" };
  g_autoptr(XqSession) session = NULL;

  fx_setup_init (&setup);
  g_assert_true (fx_setup_set_players (&setup, names, 2, NULL));
  session = xq_session_new (fx_game_get (), &setup);
  fx_state_init (&setup, &initial);

  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 0);
  g_assert_false (xq_session_can_undo (session));
  g_assert_false (xq_session_can_redo (session));
  g_assert_false (xq_session_undo (session));
  g_assert_false (xq_session_redo (session));
  g_assert_cmpmem (xq_session_get_state (session), sizeof initial, &initial, sizeof initial);
  g_assert_cmpmem (xq_session_get_setup (session), sizeof setup, &setup, sizeof setup);
  /* The setup is copied, not referenced. */
  g_assert_true (xq_session_get_setup (session) != (gconstpointer) &setup);
  assert_state_at (session, 0);
}

static void
test_state_at (void)
{
  guint64 seed = 0;
  g_autoptr(XqSession) session = long_game (&seed);
  g_autoptr(XqSession) fresh = xq_session_new (fx_game_get (), xq_session_get_setup (session));
  guint n_moves = xq_session_get_n_moves (session);

  g_test_message ("seed %" G_GUINT64_FORMAT ", %u moves", seed, n_moves);
  g_assert_cmpuint (n_moves, >, 64);
  assert_all_states (session);

  /* A second session fed the same moves one by one agrees at every step. */
  for (guint n = 0; n < n_moves; n++)
    {
      g_autoptr(GError) error = NULL;
      FxState at;

      xq_session_get_state_at (session, n, &at);
      g_assert_cmpmem (xq_session_get_state (fresh), sizeof at, &at, sizeof at);
      g_assert_true (xq_session_play (fresh, xq_session_get_move (session, n), NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpmem (xq_session_get_state (fresh), sizeof (FxState),
                   xq_session_get_state (session), sizeof (FxState));
}

/* Where an undo from @n lands: the move before, or further back to where
 * the turn it finished began (a spot and its action are one step). */
static guint
undone_to (const FxState *states,
           guint          n)
{
  do
    n--;
  while (n > 0 && states[n].spot_actor != FX_NO_PLAYER);
  return n;
}

/* Where a redo from @n lands: the next move, and its action if it was a spot. */
static guint
redone_to (const FxState *states,
           guint          n,
           guint          n_moves)
{
  do
    n++;
  while (n < n_moves && states[n].spot_actor != FX_NO_PLAYER);
  return n;
}

static void
test_undo_redo (void)
{
  g_autoptr(XqSession) session = long_game (NULL);
  guint n_moves = xq_session_get_n_moves (session);
  g_autofree FxState *states = g_new (FxState, n_moves + 1);
  g_autofree FxMove *moves = g_new (FxMove, n_moves);
  guint n, n_spots = 0, n_steps = 0;

  for (n = 0; n <= n_moves; n++)
    {
      replay_from_scratch (session, n, &states[n]);
      n_spots += states[n].spot_actor != FX_NO_PLAYER;
    }
  for (guint i = 0; i < n_moves; i++)
    moves[i] = *(const FxMove *) xq_session_get_move (session, i);
  /* The game has turns of two moves, or the test proves nothing about them. */
  g_assert_cmpuint (n_spots, >, 0);

  g_assert_true (xq_session_can_undo (session));
  g_assert_false (xq_session_can_redo (session));
  g_assert_false (xq_session_redo (session));

  for (n = n_moves; n > 0;)
    {
      g_assert_true (xq_session_undo (session));
      n = undone_to (states, n);
      n_steps++;
      g_assert_cmpuint (xq_session_get_n_moves (session), ==, n);
      g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &states[n], sizeof (FxState));
      g_assert_true (xq_session_can_redo (session));
    }
  /* Each turn with a spot went in one step. */
  g_assert_cmpuint (n_steps, ==, n_moves - n_spots);
  g_assert_false (xq_session_can_undo (session));
  g_assert_false (xq_session_undo (session));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 0);

  for (n = 0; n < n_moves;)
    {
      g_assert_true (xq_session_redo (session));
      n = redone_to (states, n, n_moves);
      g_assert_cmpuint (xq_session_get_n_moves (session), ==, n);
      g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &states[n], sizeof (FxState));
      g_assert_cmpmem (xq_session_get_move (session, n - 1), sizeof (FxMove), &moves[n - 1], sizeof (FxMove));
      g_assert_true (xq_session_can_undo (session));
    }
  g_assert_false (xq_session_can_redo (session));
  g_assert_false (xq_session_redo (session));

  /* Zigzag across snapshot boundaries. */
  while (xq_session_get_n_moves (session) > 10)
    g_assert_true (xq_session_undo (session));
  n = xq_session_get_n_moves (session);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (xq_session_redo (session));
      n = redone_to (states, n, n_moves);
    }
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, n);
  g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &states[n], sizeof (FxState));
  for (guint k = 0; k <= n; k++)
    {
      FxState at;

      xq_session_get_state_at (session, k, &at);
      g_assert_cmpmem (&at, sizeof at, &states[k], sizeof (FxState));
    }
  while (xq_session_redo (session))
    ;
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, n_moves);
  g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &states[n_moves], sizeof (FxState));
  assert_all_states (session);
}

/* Plays random turns until @session has @target moves or the game needs no more. */
static void
extend_randomly (XqSession *session,
                 FxRng     *rng,
                 guint      target)
{
  const FxSetup *setup = xq_session_get_setup (session);

  while (xq_session_get_n_moves (session) < target)
    {
      FxMove moves[2];
      guint n = fx_random_turn (setup, xq_session_get_state (session), rng, &fx_random_style_prudent, moves);

      if (n == 0)
        return;
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GError) error = NULL;

          g_assert_true (xq_session_play (session, &moves[i], NULL, &error));
          g_assert_no_error (error);
        }
    }
}

/* A legal move at the current position other than @avoid. */
static gboolean
other_legal_move (XqSession    *session,
                  const FxMove *avoid,
                  FxMove       *out)
{
  g_autofree FxMove *legal = g_new (FxMove, FX_LEGAL_MAX);
  guint n = fx_legal_actions (xq_session_get_setup (session), xq_session_get_state (session), legal);

  for (guint i = 0; i < n; i++)
    {
      if (memcmp (&legal[i], avoid, sizeof *avoid) != 0)
        {
          *out = legal[i];
          return TRUE;
        }
    }
  return FALSE;
}

static void
check_branch (guint back_to)
{
  g_autoptr(XqSession) session = long_game (NULL);
  guint n_moves = xq_session_get_n_moves (session);
  g_autoptr(GError) error = NULL;
  FxMove kept, branch;
  FxRng rng;

  g_assert_cmpuint (back_to, <, n_moves);
  while (xq_session_get_n_moves (session) > back_to)
    g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_can_redo (session));
  /* A spot and its action go in one step: the undo lands before the spot
   * when @back_to falls between them. */
  if (xq_session_get_n_moves (session) < back_to)
    {
      g_assert_cmpuint (xq_session_get_n_moves (session), ==, back_to - 1);
      back_to--;
    }
  g_assert_cmpuint (back_to, >, 0);
  kept = *(const FxMove *) xq_session_get_move (session, back_to - 1);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, back_to);

  {
    FxState state_before = *(const FxState *) xq_session_get_state (session);
    FxMove next_recorded;

    /* Peek at the move that redo would play, then step back again. */
    g_assert_true (xq_session_redo (session));
    next_recorded = *(const FxMove *) xq_session_get_move (session, back_to);
    g_assert_true (xq_session_undo (session));
    g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &state_before, sizeof state_before);
    g_assert_true (other_legal_move (session, &next_recorded, &branch));
  }

  g_assert_true (xq_session_play (session, &branch, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, back_to + 1);
  g_assert_false (xq_session_can_redo (session));
  g_assert_false (xq_session_redo (session));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, back_to + 1);
  g_assert_cmpmem (xq_session_get_move (session, back_to), sizeof (FxMove), &branch, sizeof branch);
  g_assert_cmpmem (xq_session_get_move (session, back_to - 1), sizeof (FxMove), &kept, sizeof kept);
  assert_all_states (session);

  /* Grow the new branch past the old length: no stale snapshot may leak in. */
  fx_rng_init (&rng, 4242 + back_to);
  extend_randomly (session, &rng, n_moves + 40);
  g_test_message ("branch at %u: %u moves, was %u", back_to, xq_session_get_n_moves (session), n_moves);
  assert_all_states (session);

  /* Undo one turn and play it again: the same records, no redo left. */
  {
    guint end_moves = xq_session_get_n_moves (session);
    FxMove last[2];
    FxState end = *(const FxState *) xq_session_get_state (session);
    guint start;

    /* A turn is its action, after a spot or not. */
    for (guint i = 0; i < 2; i++)
      last[i] = *(const FxMove *) xq_session_get_move (session, end_moves - 2 + i);
    g_assert_true (xq_session_undo (session));
    start = xq_session_get_n_moves (session);
    g_assert_cmpuint (end_moves - start, >=, 1);
    g_assert_cmpuint (end_moves - start, <=, 2);
    for (guint i = start; i < end_moves; i++)
      {
        g_assert_true (xq_session_play (session, &last[i + 2 - end_moves], NULL, &error));
        g_assert_no_error (error);
      }
    g_assert_false (xq_session_can_redo (session));
    g_assert_cmpmem (xq_session_get_state (session), sizeof end, &end, sizeof end);
  }
}

static void
test_play_after_undo (void)
{
  /* Below, on and just past snapshot boundaries, and far back. */
  static const guint points[] = { 1, 5, 31, 32, 33, 40, 63, 64, 65, 90 };

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    check_branch (points[i]);
}

typedef struct
{
  guint n_moves;
  guint can_undo;
  guint can_redo;
  guint last_n_moves;   /* the value seen inside the handler */
} Notified;

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           gpointer    data)
{
  Notified *seen = data;

  if (g_strcmp0 (pspec->name, "n-moves") == 0)
    {
      seen->n_moves++;
      g_object_get (object, "n-moves", &seen->last_n_moves, NULL);
    }
  else if (g_strcmp0 (pspec->name, "can-undo") == 0)
    seen->can_undo++;
  else if (g_strcmp0 (pspec->name, "can-redo") == 0)
    seen->can_redo++;
}

static void
test_refused_move (void)
{
  g_autoptr(XqSession) session = long_game (NULL);
  g_autoptr(GError) error = NULL;
  Notified seen = { 0 };
  const FxState *state;
  FxState before;
  FxMove bad;
  guint n_moves;

  /* Leave a redo record, which a refusal must not drop either. */
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_undo (session));
  n_moves = xq_session_get_n_moves (session);
  state = xq_session_get_state (session);
  before = *state;
  g_signal_connect (session, "notify", G_CALLBACK (on_notify), &seen);

  /* The wrong player. */
  fx_move_init (&bad, FX_MOVE_INVEST);
  bad.actor = (gint8) ((state->spot_actor != FX_NO_PLAYER ? state->spot_actor : state->next_player) + 1) % state->n_players;
  bad.cur[0] = FX_GBP;
  g_assert_false (xq_session_play (session, &bad, NULL, &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_clear_error (&error);

  /* A pile that cannot hold that many. */
  fx_move_init (&bad, FX_MOVE_CORRECT_PILE);
  bad.cur[0] = FX_EUR;
  bad.amount = 99;
  g_assert_false (xq_session_play (session, &bad, "why not", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* A reason the notation could not write back (quotes it escapes). */
  fx_move_init (&bad, FX_MOVE_CORRECT_CASH);
  bad.other = 0;
  bad.cur[0] = FX_EUR;
  bad.amount = XQ_BUCKS (3);
  g_assert_false (xq_session_play (session, &bad, "a \x01 reason", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (xq_session_play_at_line (session, &bad, "two\nlines", 7, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_assert_cmpuint (xq_session_get_n_moves (session), ==, n_moves);
  g_assert_cmpmem (xq_session_get_state (session), sizeof before, &before, sizeof before);
  g_assert_true (xq_session_can_redo (session));
  g_assert_cmpuint (seen.n_moves, ==, 0);
  g_assert_cmpuint (seen.can_undo, ==, 0);
  g_assert_cmpuint (seen.can_redo, ==, 0);
  assert_all_states (session);
  /* The redo record survived. */
  g_assert_true (xq_session_redo (session));
  g_assert_true (xq_session_redo (session));
  g_assert_false (xq_session_can_redo (session));
}

static void
test_notify (void)
{
  FxSetup setup;
  const char *names[] = { "Ann", "Ben", "Cy" };
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GError) error = NULL;
  Notified seen = { 0 };
  gboolean can_undo = TRUE, can_redo = TRUE;
  guint n = 99;
  FxMove m;

  fx_setup_init (&setup);
  g_assert_true (fx_setup_set_players (&setup, names, 3, NULL));
  session = xq_session_new (fx_game_get (), &setup);
  g_object_get (session, "n-moves", &n, "can-undo", &can_undo, "can-redo", &can_redo, NULL);
  g_assert_cmpuint (n, ==, 0);
  g_assert_false (can_undo);
  g_assert_false (can_redo);

  g_signal_connect (session, "notify", G_CALLBACK (on_notify), &seen);

  fx_move_init (&m, FX_MOVE_INVEST);
  m.actor = 0;
  m.cur[0] = FX_USD;
  g_assert_true (xq_session_play (session, &m, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seen.n_moves, ==, 1);
  g_assert_cmpuint (seen.last_n_moves, ==, 1);
  g_assert_cmpuint (seen.can_undo, >=, 1);
  g_object_get (session, "n-moves", &n, "can-undo", &can_undo, "can-redo", &can_redo, NULL);
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (can_undo);
  g_assert_false (can_redo);

  memset (&seen, 0, sizeof seen);
  g_assert_true (xq_session_undo (session));
  g_assert_cmpuint (seen.n_moves, ==, 1);
  g_assert_cmpuint (seen.last_n_moves, ==, 0);
  g_assert_cmpuint (seen.can_undo, >=, 1);
  g_assert_cmpuint (seen.can_redo, >=, 1);
  g_object_get (session, "can-undo", &can_undo, "can-redo", &can_redo, NULL);
  g_assert_false (can_undo);
  g_assert_true (can_redo);

  memset (&seen, 0, sizeof seen);
  g_assert_false (xq_session_undo (session));
  g_assert_cmpuint (seen.n_moves + seen.can_undo + seen.can_redo, ==, 0);

  g_assert_true (xq_session_redo (session));
  g_assert_cmpuint (seen.n_moves, ==, 1);
  g_assert_cmpuint (seen.last_n_moves, ==, 1);
  g_assert_cmpuint (seen.can_undo, >=, 1);
  g_assert_cmpuint (seen.can_redo, >=, 1);
  g_object_get (session, "can-undo", &can_undo, "can-redo", &can_redo, NULL);
  g_assert_true (can_undo);
  g_assert_false (can_redo);

  memset (&seen, 0, sizeof seen);
  g_assert_false (xq_session_redo (session));
  g_assert_cmpuint (seen.n_moves + seen.can_undo + seen.can_redo, ==, 0);

  /* Only through the specific signal too. */
  {
    guint specific = 0;
    gulong id = g_signal_connect (session, "notify::n-moves", G_CALLBACK (on_notify), &seen);
    memset (&seen, 0, sizeof seen);
    m.actor = 1;
    m.cur[0] = FX_EUR;
    g_assert_true (xq_session_play (session, &m, NULL, &error));
    g_assert_no_error (error);
    specific = seen.n_moves;
    /* One from the generic handler, one from the specific one. */
    g_assert_cmpuint (specific, ==, 2);
    g_assert_cmpuint (seen.last_n_moves, ==, 2);
    g_signal_handler_disconnect (session, id);
  }
}

static void
test_reasons_and_lines (void)
{
  static const char text[] =
    "game for-ex\n"
    "players Ann Ben\n"
    "removed GBP GBP EUR EUR USD USD\n"
    "\n"
    "# a comment\n"
    "invest Ann CHF\n"                                  /* 6 */
    "correct cash Ben EUR 7.5 \"miscounted\"\n"          /* 7 */
    "\n"
    "correct pile CNY 4\n"                              /* 9 */
    "spot Ben Ann EUR USD   # comment\n"                /* 10 */
    "invest Ben EUR\n"                                  /* 11 */
    "correct pair EUR GBP 8 \"with # inside\"\n";       /* 12 */
  static const guint lines[] = { 6, 7, 9, 10, 11, 12 };
  static const char *const reasons[] = { NULL, "miscounted", NULL, NULL, NULL, "with # inside" };
  g_autoptr(GError) error = NULL;
  gint64 before = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(XqSession) session = xq_session_new_from_notation (text, -1, NULL, &error);
  gint64 after = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *formatted = NULL;
  FxMove m;

  g_assert_no_error (error);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, G_N_ELEMENTS (lines));
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_assert_cmpuint (xq_session_get_move_line (session, i), ==, lines[i]);
      g_assert_cmpstr (xq_session_get_move_reason (session, i), ==, reasons[i]);
      /* Stamped while it was read: no margin to guess at. */
      g_assert_cmpint (xq_session_get_move_time (session, i), >=, before);
      g_assert_cmpint (xq_session_get_move_time (session, i), <=, after);
    }
  formatted = xq_session_format_move (session, 1);
  g_assert_cmpstr (formatted, ==, "correct cash Ben EUR 7.5 \"miscounted\"");
  g_clear_pointer (&formatted, g_free);
  formatted = xq_session_format_move (session, 2);
  g_assert_cmpstr (formatted, ==, "correct pile CNY 4");
  g_clear_pointer (&formatted, g_free);

  /* Moves played by hand have no line; their reasons are kept, empty ones dropped. */
  fx_move_init (&m, FX_MOVE_CORRECT_CASH);
  m.other = 0;
  m.cur[0] = FX_JPY;
  m.amount = XQ_BUCKS (1);
  g_assert_true (xq_session_play (session, &m, "typed in", &error));
  g_assert_no_error (error);
  m.amount = XQ_BUCKS (2);
  g_assert_true (xq_session_play (session, &m, "", &error));
  g_assert_no_error (error);
  m.amount = XQ_BUCKS (3);
  g_assert_true (xq_session_play_at_line (session, &m, NULL, 99, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (xq_session_get_move_line (session, 6), ==, 0);
  g_assert_cmpstr (xq_session_get_move_reason (session, 6), ==, "typed in");
  g_assert_cmpuint (xq_session_get_move_line (session, 7), ==, 0);
  g_assert_null (xq_session_get_move_reason (session, 7));
  g_assert_cmpuint (xq_session_get_move_line (session, 8), ==, 99);
  g_assert_null (xq_session_get_move_reason (session, 8));

  /* Undo and redo keep them. */
  for (int i = 0; i < 8; i++)
    g_assert_true (xq_session_undo (session));
  for (int i = 0; i < 8; i++)
    g_assert_true (xq_session_redo (session));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 9);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_assert_cmpuint (xq_session_get_move_line (session, i), ==, lines[i]);
      g_assert_cmpstr (xq_session_get_move_reason (session, i), ==, reasons[i]);
    }
  g_assert_cmpstr (xq_session_get_move_reason (session, 6), ==, "typed in");
  g_assert_cmpuint (xq_session_get_move_line (session, 8), ==, 99);

  /* A new move after undo replaces the undone record's reason too. */
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_play (session, &m, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 7);
  g_assert_null (xq_session_get_move_reason (session, 6));
  g_assert_cmpuint (xq_session_get_move_line (session, 6), ==, 0);

  /* The notation carries the reasons, the lines are those of the new text. */
  {
    g_autofree char *written = xq_session_to_notation (session);
    g_autoptr(XqSession) again = xq_session_new_from_notation (written, -1, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (xq_session_get_n_moves (again), ==, 7);
    g_assert_cmpstr (xq_session_get_move_reason (again, 1), ==, "miscounted");
    g_assert_cmpstr (xq_session_get_move_reason (again, 5), ==, "with # inside");
    for (guint i = 0; i < 7; i++)
      g_assert_cmpuint (xq_session_get_move_line (again, i), ==, 4 + i);
  }
}


/* The session keeps the last past state it computed, so that a list asking
 * for each position in order replays one move a row. Warmed on the moves
 * a branch then cuts away, it must not answer for the new ones. */
static void
test_past_state_after_cut (void)
{
  g_autoptr(XqSession) session = long_game (NULL);
  guint n_moves = xq_session_get_n_moves (session);
  guint back_to;
  FxMove next_recorded, branch;
  FxState before_cut;

  /* The cache on the last moves, which the cut drops. */
  for (guint n = n_moves - 40; n <= n_moves; n++)
    assert_state_at (session, n);
  while (xq_session_get_n_moves (session) > n_moves - 30)
    g_assert_true (xq_session_undo (session));
  back_to = xq_session_get_n_moves (session);
  before_cut = *(const FxState *) xq_session_get_state (session);
  g_assert_true (xq_session_redo (session));
  next_recorded = *(const FxMove *) xq_session_get_move (session, back_to);
  g_assert_true (xq_session_undo (session));
  g_assert_cmpmem (xq_session_get_state (session), sizeof (FxState), &before_cut, sizeof before_cut);
  g_assert_true (other_legal_move (session, &next_recorded, &branch));
  g_assert_true (xq_session_play (session, &branch, NULL, NULL));
  /* Above the cut first, where a stale cache would answer. */
  for (guint n = back_to + 1; n-- > back_to - 8;)
    assert_state_at (session, n);
  assert_all_states (session);
}

typedef struct
{
  XqSession     *session;
  const FxState *expected;
  guint          stride;
  guint          wrong;
} Reader;

static gpointer
read_past (gpointer data)
{
  Reader *reader = data;
  guint n_moves = xq_session_get_n_moves (reader->session);

  /* Each reader walks the positions in its own order, so that the two ask
   * for states that take the cache from each other. */
  for (guint round = 0; round < 300; round++)
    for (guint i = 0; i <= n_moves; i++)
      {
        guint n = (i * reader->stride + round) % (n_moves + 1);
        FxState got;

        xq_session_get_state_at (reader->session, n, &got);
        if (memcmp (&got, &reader->expected[n], sizeof got) != 0)
          reader->wrong++;
      }
  return NULL;
}

/* Reading a session's past is safe from two threads at once (the audit's
 * figures are read on the main thread while its review's worker replays
 * them), the cache of the last past state notwithstanding. */
static void
test_past_read_by_two_threads (void)
{
  g_autoptr(XqSession) session = long_game (NULL);
  guint n_moves = xq_session_get_n_moves (session);
  g_autofree FxState *expected = g_new (FxState, n_moves + 1);
  Reader readers[2] = { { session, expected, 1, 0 }, { session, expected, 7, 0 } };
  GThread *other;

  for (guint n = 0; n <= n_moves; n++)
    replay_from_scratch (session, n, &expected[n]);
  other = g_thread_new ("reader", read_past, &readers[1]);
  read_past (&readers[0]);
  g_thread_join (other);
  g_assert_cmpuint (readers[0].wrong, ==, 0);
  g_assert_cmpuint (readers[1].wrong, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/xqn/session/new", test_new_session);
  g_test_add_func ("/xqn/session/state-at", test_state_at);
  g_test_add_func ("/xqn/session/undo-redo", test_undo_redo);
  g_test_add_func ("/xqn/session/play-after-undo", test_play_after_undo);
  g_test_add_func ("/xqn/session/past-state-after-cut", test_past_state_after_cut);
  g_test_add_func ("/xqn/session/past-read-by-two-threads", test_past_read_by_two_threads);
  g_test_add_func ("/xqn/session/refused-move", test_refused_move);
  g_test_add_func ("/xqn/session/notify", test_notify);
  g_test_add_func ("/xqn/session/reasons-and-lines", test_reasons_and_lines);

  return g_test_run ();
}
