/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Enumerates candidate actions and keeps those the rules accept, so the list
 * can never disagree with validation. */

#include "config.h"

#include <string.h>

#include "fx-legal.h"
#include "fx-notation.h"

/* Where the candidates go: kept when the rules accept them, or all of them
 * for a caller that applies each itself (the review: one execution, not two). */
typedef struct
{
  const FxSetup *setup;
  const FxState *state;
  gboolean       validate;
} Lister;

static void
keep_if_legal (const Lister  *lister,
               const FxMove  *candidate,
               FxMove        *out,
               guint         *n)
{
  if (*n < FX_LEGAL_MAX
      && (!lister->validate || fx_state_validate (lister->setup, lister->state, candidate, NULL)))
    out[(*n)++] = *candidate;
}

static void
list_strongest_choices (const Lister  *lister,
                        const FxState *state,
                        FxMove        *out,
                        guint         *n)
{
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxMove m;

      fx_move_init (&m, FX_MOVE_STRONGEST);
      m.cur[0] = (gint8) c;
      keep_if_legal (lister, &m, out, n);
    }
}

static void
list_contracts (const Lister  *lister,
                const FxState *state,
                int            actor,
                FxMove        *out,
                guint         *n)
{
  for (int pay = 0; pay < FX_N_CURRENCIES; pay++)
    for (int receive = 0; receive < FX_N_CURRENCIES; receive++)
      {
        XqAmount step;

        if (pay == receive)
          continue;
        /* Whole bucks of the stronger side; multiples of the rate of the weaker. */
        step = fx_board_stronger (&state->board, pay, receive) == pay
               ? XQ_BUCKS (1) : fx_board_rate (&state->board, pay, receive);
        for (int k = 1; k <= 10; k++)
          {
            FxMove m;

            fx_move_init (&m, FX_MOVE_CONTRACT);
            m.actor = (gint8) actor;
            m.cur[0] = (gint8) pay;
            m.cur[1] = (gint8) receive;
            m.amount = step * k;
            keep_if_legal (lister, &m, out, n);
          }
      }
}

static void
list_investments (const Lister  *lister,
                  const FxState *state,
                  int            actor,
                  FxMove        *out,
                  guint         *n)
{
  for (int first = 0; first < FX_N_CURRENCIES; first++)
    for (int second = FX_NO_CURRENCY; second < FX_N_CURRENCIES; second++)
      {
        FxMove m;

        if (second == first)
          continue;
        fx_move_init (&m, FX_MOVE_INVEST);
        m.actor = (gint8) actor;
        m.cur[0] = (gint8) first;
        m.cur[1] = (gint8) second;
        keep_if_legal (lister, &m, out, n);
      }
}

static void
list_divestments (const Lister  *lister,
                  const FxState *state,
                  int            actor,
                  FxMove        *out,
                  guint         *n)
{
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    for (int k = 1; k <= state->certs[actor][c]; k++)
      {
        FxMove m;

        fx_move_init (&m, FX_MOVE_DIVEST);
        m.actor = (gint8) actor;
        m.cur[0] = (gint8) c;
        m.sells[actor] = (guint8) k;
        m.named = (guint8) (1u << actor);
        keep_if_legal (lister, &m, out, n);
      }
}

static void
list_resolutions (const Lister  *lister,
                  const FxState *state,
                  int            actor,
                  FxMove        *out,
                  guint         *n)
{
  for (int c = FX_NO_CURRENCY; c < FX_N_CURRENCIES; c++)
    {
      FxMove m;

      fx_move_init (&m, FX_MOVE_RESOLVE);
      m.actor = (gint8) actor;
      m.cur[0] = (gint8) c;
      keep_if_legal (lister, &m, out, n);
    }
}

static guint
list_actions (const Lister *lister,
              FxMove        out[FX_LEGAL_MAX])
{
  const FxState *state = lister->state;
  guint n = 0;
  int actor;

  if (fx_state_is_over (state))
    {
      list_strongest_choices (lister, state, out, &n);
      return n;
    }
  actor = state->spot_actor != FX_NO_PLAYER ? state->spot_actor : state->next_player;
  list_contracts (lister, state, actor, out, &n);
  list_investments (lister, state, actor, out, &n);
  list_divestments (lister, state, actor, out, &n);
  list_resolutions (lister, state, actor, out, &n);
  return n;
}

/**
 * fx_legal_actions:
 * @setup: the game's setup
 * @state: the position
 * @out: (out caller-allocates): room for the actions
 *
 * Lists every action (no spot) the player to move may take; divestments list
 * only the actor's part. After the end, the choices of the strongest currency
 * while one is due.
 *
 * Returns: how many were written to @out
 */
guint
fx_legal_actions (const FxSetup *setup,
                  const FxState *state,
                  FxMove         out[FX_LEGAL_MAX])
{
  Lister lister = { setup, state, TRUE };

  return list_actions (&lister, out);
}

/**
 * fx_legal_candidates:
 * @setup: the game's setup
 * @state: the position
 * @out: (out caller-allocates): room for the candidates
 *
 * The candidates fx_legal_actions() checks, unchecked: every action it
 * could list, in the same order, the refused ones included. For a caller
 * that applies each candidate anyway (fx_state_apply() refuses the illegal
 * ones), so the rules run once per action rather than twice; the legal ones
 * are exactly fx_legal_actions().
 *
 * Returns: how many were written to @out
 */
guint
fx_legal_candidates (const FxSetup *setup,
                     const FxState *state,
                     FxMove         out[FX_LEGAL_MAX])
{
  Lister lister = { setup, state, FALSE };

  return list_actions (&lister, out);
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/**
 * fx_legal_lines:
 * @setup: the game's setup
 * @state: the position
 *
 * Returns: (transfer full) (element-type utf8): the legal actions as XQN
 *   statements, sorted bytewise
 */
GPtrArray *
fx_legal_lines (const FxSetup *setup,
                const FxState *state)
{
  g_autofree FxMove *moves = g_new (FxMove, FX_LEGAL_MAX);
  guint n = fx_legal_actions (setup, state, moves);
  GPtrArray *lines = g_ptr_array_new_full (n, g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (lines, fx_notation_format_move (setup, &moves[i]));
  g_ptr_array_sort (lines, compare_lines);
  return lines;
}
