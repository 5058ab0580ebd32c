/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Plays random legal games: spots, divest responses, tie choices and
 * corrections included, so the properties cover what real tables do. */

#include "config.h"

#include "fx-game.h"
#include "fx-legal.h"
#include "fx-random-play.h"

/* Reckless players: most of these games end in a bankruptcy. */
const FxRandomStyle fx_random_style_default = { 30, 3, { 1, 1, 1, 1 }, FALSE };
/* Careful players: most of these games end after the last dividend. */
const FxRandomStyle fx_random_style_prudent = { 30, 3, { 1, 1, 1, 1 }, TRUE };
/* Careful traders who rarely resolve, and a table that often corrects (refilling
 * piles): the longest For-Ex games, some past 200 turns. */
const FxRandomStyle fx_random_style_long = { 30, 20, { 2, 20, 20, 1 }, TRUE };

/* splitmix64: tiny, fast, and the same sequence on every machine. */
void
fx_rng_init (FxRng   *rng,
             guint64  seed)
{
  rng->s = seed;
}

static guint64
next64 (FxRng *rng)
{
  guint64 z = (rng->s += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

guint32
fx_rng_below (FxRng   *rng,
              guint32  bound)
{
  g_assert (bound > 0);
  return (guint32) (next64 (rng) % bound);
}

/* Names that exercise quoting: spaces, '#' and non-ASCII letters. */
static const char *const name_pool[] = {
  "Agnes", "Bob", "Cynthia", "David", "Mary Ann", "Zoë", "#1 fan", "Ōtake", "Eve", "Li Wei",
};

void
fx_random_setup (FxSetup *setup,
                 FxRng   *rng,
                 guint    n_players)
{
  const char *names[FX_MAX_PLAYERS];
  guint used = 0;
  guint n = 0;

  g_assert (n_players >= FX_MIN_PLAYERS && n_players <= FX_MAX_PLAYERS);
  fx_setup_init (setup);
  while (n < n_players)
    {
      guint pick = fx_rng_below (rng, G_N_ELEMENTS (name_pool));

      if (used & (1u << pick))
        continue;
      used |= 1u << pick;
      names[n++] = name_pool[pick];
    }
  if (!fx_setup_set_players (setup, names, n_players, NULL))
    g_assert_not_reached ();
  for (int i = 0; i < FX_N_REMOVED; i++)
    setup->removed[i] = (gint8) fx_rng_below (rng, FX_N_CURRENCIES);
}

static gboolean
random_spot (const FxSetup *setup,
             const FxState *state,
             FxRng         *rng,
             FxMove        *spot)
{
  int actor = state->next_player;

  /* A handful of tries: most random pairs of holdings work. */
  for (int attempt = 0; attempt < 8; attempt++)
    {
      fx_move_init (spot, FX_MOVE_SPOT);
      spot->actor = (gint8) actor;
      spot->other = (gint8) ((actor + 1 + (int) fx_rng_below (rng, state->n_players - 1)) % state->n_players);
      spot->cur[0] = (gint8) fx_rng_below (rng, FX_N_CURRENCIES);
      spot->cur[1] = (gint8) fx_rng_below (rng, FX_N_CURRENCIES);
      if (fx_state_validate (setup, state, spot, NULL))
        return TRUE;
    }
  return FALSE;
}

static gboolean
random_correction (const FxSetup *setup,
                   const FxState *state,
                   FxRng         *rng,
                   FxMove        *m)
{
  switch (fx_rng_below (rng, 4))
    {
    case 0:
      fx_move_init (m, FX_MOVE_CORRECT_CASH);
      m->other = (gint8) fx_rng_below (rng, state->n_players);
      m->cur[0] = (gint8) fx_rng_below (rng, FX_N_CURRENCIES);
      m->amount = (XqAmount) fx_rng_below (rng, 41);
      break;
    case 1:
      fx_move_init (m, FX_MOVE_CORRECT_CERTS);
      m->other = (gint8) fx_rng_below (rng, state->n_players);
      m->cur[0] = (gint8) fx_rng_below (rng, FX_N_CURRENCIES);
      m->amount = (XqAmount) fx_rng_below (rng, FX_MAX_CERTS_HELD + 1);
      break;
    case 2:
      fx_move_init (m, FX_MOVE_CORRECT_PILE);
      m->cur[0] = (gint8) fx_rng_below (rng, FX_N_CURRENCIES);
      m->amount = (XqAmount) fx_rng_below (rng, FX_CERTS_PER_CURRENCY + 1);
      break;
    default:
      fx_move_init (m, FX_MOVE_CORRECT_PAIR);
      m->cur[0] = (gint8) fx_rng_below (rng, FX_N_CURRENCIES);
      m->cur[1] = (gint8) ((m->cur[0] + 1 + (int) fx_rng_below (rng, FX_N_CURRENCIES - 1)) % FX_N_CURRENCIES);
      m->amount = fx_track_value (fx_rng_below (rng, FX_N_SPACES));
      break;
    }
  return fx_state_validate (setup, state, m, NULL);
}

/* What a careful player would not do: promise money they lack, or resolve a
 * loan its owner cannot pay. */
static gboolean
imprudent (const FxState *state,
           const FxMove  *m)
{
  if (m->kind == FX_MOVE_CONTRACT)
    return state->cash[m->actor][m->cur[0]] < m->amount;
  if (m->kind == FX_MOVE_RESOLVE && state->queue[0].kind == FX_ITEM_LOAN)
    {
      const FxLetter *loan = &state->letters[state->queue[0].letter];

      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (state->cash[loan->owner][c] < loan->owed[c])
          return TRUE;
    }
  return FALSE;
}

static guint
drop_imprudent (const FxState *state,
                FxMove        *legal,
                guint          n_legal)
{
  guint kept = 0;

  for (guint i = 0; i < n_legal; i++)
    if (!imprudent (state, &legal[i]))
      legal[kept++] = legal[i];
  /* With nothing careful left, anything legal goes. */
  return kept > 0 ? kept : n_legal;
}

/* Picks an action kind first, then an action of that kind: uniform over all
 * actions would be almost always a contract (420 of ~500). */
static FxMove
random_action (const FxMove        *legal,
               guint                n_legal,
               FxRng               *rng,
               const FxRandomStyle *style)
{
  guint weight[FX_MOVE_RESOLVE + 1] = { 0 };
  guint count[FX_MOVE_RESOLVE + 1] = { 0 };
  guint total = 0, pick, index;
  int kind = 0;

  for (guint i = 0; i < n_legal; i++)
    count[legal[i].kind]++;
  for (int k = FX_MOVE_CONTRACT; k <= FX_MOVE_RESOLVE; k++)
    {
      weight[k] = count[k] == 0 ? 0 : style->weight[k - FX_MOVE_CONTRACT];
      total += weight[k];
    }
  if (total == 0)
    {
      /* Only kinds the style never picks are left. */
      for (int k = FX_MOVE_CONTRACT; k <= FX_MOVE_RESOLVE; k++)
        total += weight[k] = count[k] > 0;
    }
  pick = fx_rng_below (rng, total);
  for (kind = FX_MOVE_CONTRACT; kind <= FX_MOVE_RESOLVE; kind++)
    {
      if (pick < weight[kind])
        break;
      pick -= weight[kind];
    }
  index = fx_rng_below (rng, count[kind]);
  for (guint i = 0; i < n_legal; i++)
    if (legal[i].kind == kind && index-- == 0)
      return legal[i];
  g_assert_not_reached ();
}

/* The other players answer a divestment, clockwise, with random counts. */
static void
add_divest_responses (const FxState *state,
                      FxRng         *rng,
                      FxMove        *m)
{
  for (int d = 1; d < state->n_players; d++)
    {
      int p = (m->actor + d) % state->n_players;
      guint held = state->certs[p][m->cur[0]];

      if (fx_rng_below (rng, 3) == 0)
        {
          m->named |= (guint8) (1u << p);
          m->sells[p] = (guint8) fx_rng_below (rng, held + 1);
        }
    }
}

/**
 * fx_random_turn:
 *
 * Draws the next statements of a game: a correction, or an optional spot
 * and an action, or the final choice of the strongest currency.
 *
 * Returns: how many moves were written (0 when the game needs none)
 */
guint
fx_random_turn (const FxSetup       *setup,
                const FxState       *state,
                FxRng               *rng,
                const FxRandomStyle *style,
                FxMove               moves[2])
{
  g_autofree FxMove *legal = g_new (FxMove, FX_LEGAL_MAX);
  FxState after_spot = *state;
  guint n = 0, n_legal;

  if (fx_state_is_over (state))
    {
      n_legal = fx_legal_actions (setup, state, legal);
      if (n_legal == 0)
        return 0;
      moves[0] = legal[fx_rng_below (rng, n_legal)];
      return 1;
    }

  if (fx_rng_below (rng, 100) < style->correction_percent
      && random_correction (setup, state, rng, &moves[0]))
    return 1;

  if (fx_rng_below (rng, 100) < style->spot_percent
      && random_spot (setup, state, rng, &moves[0]))
    {
      if (!fx_state_apply (setup, &after_spot, &moves[0], NULL))
        g_assert_not_reached ();
      n = 1;
    }

  n_legal = fx_legal_actions (setup, &after_spot, legal);
  g_assert (n_legal > 0);   /* resolving the front item is always possible */
  if (style->prudent)
    n_legal = drop_imprudent (&after_spot, legal, n_legal);
  moves[n] = random_action (legal, n_legal, rng, style);
  if (moves[n].kind == FX_MOVE_DIVEST)
    add_divest_responses (&after_spot, rng, &moves[n]);
  return n + 1;
}

/**
 * fx_random_game:
 * @seed: the game's seed; the same seed gives the same game
 * @n_players: 2 to 6
 * @style: how the players behave
 * @max_moves: a bound on the moves recorded
 *
 * Returns: (transfer full): a session holding the game, finished unless
 *   @max_moves stopped it
 */
XqSession *
fx_random_game (guint64              seed,
                guint                n_players,
                const FxRandomStyle *style,
                guint                max_moves)
{
  FxRng rng;
  FxSetup setup;
  XqSession *session;

  fx_rng_init (&rng, seed);
  fx_random_setup (&setup, &rng, n_players);
  session = xq_session_new (fx_game_get (), &setup);

  while (xq_session_get_n_moves (session) + 2 <= max_moves)
    {
      FxMove moves[2];
      guint n = fx_random_turn (&setup, xq_session_get_state (session), &rng, style, moves);

      if (n == 0)
        break;
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GError) error = NULL;
          const char *reason = moves[i].kind >= FX_MOVE_CORRECT_CASH ? "table fix" : NULL;

          if (!xq_session_play (session, &moves[i], reason, &error))
            g_error ("seed %" G_GUINT64_FORMAT ": a generated move was refused: %s", seed, error->message);
        }
    }
  return session;
}

/* Careful players at a table that corrects often: fewer turns a move, so
 * even a game of 100,000 moves stays within the rules' turn counter. */
const FxRandomStyle fx_random_style_endless = { 30, 50, { 2, 20, 20, 1 }, TRUE };

/* Careful players who deal a lot and correct nothing themselves: in an
 * endless game the table's refills are the only corrections, and every
 * kind of action, contracts most, fills the audit's long tables. */
const FxRandomStyle fx_random_style_dealing = { 30, 0, { 1, 1, 1, 1 }, TRUE };

static gboolean
turn_ends_game (const FxSetup *setup,
                const FxState *state,
                const FxMove  *moves,
                guint          n)
{
  FxState after = *state;

  for (guint i = 0; i < n; i++)
    if (!fx_state_apply (setup, &after, &moves[i], NULL))
      g_assert_not_reached ();
  return fx_state_is_over (&after);
}

/**
 * fx_random_endless_game:
 * @seed: the game's seed; the same seed gives the same game
 * @n_players: 2 to 6
 * @style: how the players behave; fx_random_style_endless keeps the turns
 *   of 100,000 moves within the rules' turn counter (65,535)
 * @n_moves: the moves to record
 *
 * A random legal game of exactly @n_moves moves, however long: the table
 * puts dividend cards back on the stack (a correction) before the last one
 * is drawn, and tops up a purse rather than let a player go bankrupt, so
 * the game never ends. Each move is refused or accepted by the
 * engine, as in the app.
 *
 * Returns: (transfer full): the session
 */
XqSession *
fx_random_endless_game (guint64              seed,
                        guint                n_players,
                        const FxRandomStyle *style,
                        guint                n_moves)
{
  FxRng rng;
  FxSetup setup;
  XqSession *session;

  fx_rng_init (&rng, seed);
  fx_random_setup (&setup, &rng, n_players);
  session = xq_session_new (fx_game_get (), &setup);

  while (xq_session_get_n_moves (session) < n_moves)
    {
      const FxState *state = xq_session_get_state (session);
      FxMove moves[2];
      guint n;

      if (fx_state_is_over (state))
        g_error ("seed %" G_GUINT64_FORMAT ": the endless game ended after %u moves (status %d, dividends %u)", seed,
                 xq_session_get_n_moves (session), state->status, state->dividends_left);
      if (state->dividends_left <= 2)
        {
          fx_move_init (&moves[0], FX_MOVE_CORRECT_DIVIDENDS);
          moves[0].amount = FX_N_DIVIDEND_CARDS;
          n = 1;
        }
      else
        {
          guint tries = 0;

          /* Careful players still go bankrupt now and then; a long game
           * needs a table that tops a purse up first (a correction). */
          do
            n = fx_random_turn (&setup, state, &rng, style, moves);
          while (turn_ends_game (&setup, state, moves, n) && ++tries < 20);
          if (tries == 20)
            {
              fx_move_init (&moves[0], FX_MOVE_CORRECT_CASH);
              moves[0].other = (gint8) fx_rng_below (&rng, state->n_players);
              moves[0].cur[0] = (gint8) fx_rng_below (&rng, FX_N_CURRENCIES);
              moves[0].amount = 40;
              n = 1;
            }
        }
      /* A spot without its action is no whole turn: the last move is a correction. */
      if (n > n_moves - xq_session_get_n_moves (session))
        {
          while (!random_correction (&setup, state, &rng, &moves[0]))
            ;
          n = 1;
        }
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GError) error = NULL;
          const char *reason = moves[i].kind >= FX_MOVE_CORRECT_CASH ? "table fix" : NULL;

          if (!xq_session_play (session, &moves[i], reason, &error))
            g_error ("seed %" G_GUINT64_FORMAT ": a generated move was refused: %s", seed, error->message);
        }
    }
  return session;
}

void
fx_random_moves (FxRandomMoves       *out,
                 guint64              seed,
                 guint                n_players,
                 const FxRandomStyle *style,
                 guint                max_moves)
{
  g_autoptr(XqSession) session = fx_random_game (seed, n_players, style, max_moves);

  out->setup = *(const FxSetup *) xq_session_get_setup (session);
  out->n_moves = xq_session_get_n_moves (session);
  out->moves = g_new0 (FxMove, MAX (out->n_moves, 1));
  for (guint i = 0; i < out->n_moves; i++)
    out->moves[i] = *(const FxMove *) xq_session_get_move (session, i);
}

void
fx_random_moves_clear (FxRandomMoves *moves)
{
  g_clear_pointer (&moves->moves, g_free);
}

XqSession *
fx_test_parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  guint line = 0;
  XqSession *session = xq_session_new_from_notation (text, -1, &line, &error);

  if (error != NULL)
    g_error ("line %u: %s\nin:\n%s", line, error->message, text);
  return session;
}

void
fx_test_assert_same_game (XqSession *a,
                          XqSession *b)
{
  g_assert_cmpuint (xq_session_get_n_moves (a), ==, xq_session_get_n_moves (b));
  for (guint i = 0; i < xq_session_get_n_moves (a); i++)
    {
      g_autofree char *line_a = xq_session_format_move (a, i);
      g_autofree char *line_b = xq_session_format_move (b, i);

      g_assert_cmpstr (line_a, ==, line_b);
      g_assert_cmpstr (xq_session_get_move_reason (a, i), ==, xq_session_get_move_reason (b, i));
      g_assert_cmpmem (xq_session_get_move (a, i), sizeof (FxMove), xq_session_get_move (b, i), sizeof (FxMove));
    }
  g_assert_cmpmem (xq_session_get_state (a), sizeof (FxState), xq_session_get_state (b), sizeof (FxState));
}
