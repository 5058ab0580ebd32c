/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex setup and state: creating them and the questions every rule asks of them. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-state.h"
#include "xq-error.h"

void
fx_setup_init (FxSetup *setup)
{
  memset (setup, 0, sizeof *setup);
}

/**
 * fx_setup_set_players:
 * @setup: a setup
 * @names: the names in seating order; the first takes the first turn
 * @n_names: 2 to 6
 * @error: return location for a #GError
 *
 * Returns: %TRUE if the names are usable (valid, unique, 2 to 6 of them)
 */
gboolean
fx_setup_set_players (FxSetup             *setup,
                      const char * const  *names,
                      guint                n_names,
                      GError             **error)
{
  /* The rulebook's header says 2–5; its rules and this page, 2–6. */
  int most = setup->readings & FX_READING_FIVE_PLAYERS ? FX_MAX_PLAYERS - 1 : FX_MAX_PLAYERS;

  if (n_names < FX_MIN_PLAYERS || n_names > (guint) most)
    {
      g_set_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED, _("For-Ex is played by %d to %d players, not %u"),
                   FX_MIN_PLAYERS, most, n_names);
      return FALSE;
    }
  if (!xq_notation_check_player_names (names, n_names, error))
    return FALSE;
  memset (setup->names, 0, sizeof setup->names);
  for (guint i = 0; i < n_names; i++)
    g_strlcpy (setup->names[i], names[i], FX_NAME_BYTES);
  setup->n_players = (guint8) n_names;
  return TRUE;
}

int
fx_setup_find_player (const FxSetup *setup,
                      const char    *player)
{
  for (int p = 0; p < setup->n_players; p++)
    if (strcmp (setup->names[p], player) == 0)
      return p;
  return FX_NO_PLAYER;
}

void
fx_move_init (FxMove     *move,
              FxMoveKind  kind)
{
  memset (move, 0, sizeof *move);
  move->kind = (gint8) kind;
  move->actor = FX_NO_PLAYER;
  move->other = FX_NO_PLAYER;
  move->cur[0] = FX_NO_CURRENCY;
  move->cur[1] = FX_NO_CURRENCY;
}

gboolean
fx_move_is_correction (const FxMove *move)
{
  return move->kind >= FX_MOVE_FIRST_CORRECTION && move->kind <= FX_MOVE_LAST_CORRECTION;
}

void
fx_state_init (const FxSetup *setup,
               FxState       *s)
{
  memset (s, 0, sizeof *s);
  fx_board_init (&s->board);
  s->n_players = setup->n_players;
  for (int p = 0; p < setup->n_players; p++)
    for (int c = 0; c < FX_N_CURRENCIES; c++)
      s->cash[p][c] = XQ_BUCKS (2);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    s->pile[c] = FX_CERTS_PER_CURRENCY;
  for (int i = 0; i < FX_N_REMOVED; i++)
    {
      FxCurrency c = setup->removed[i];

      s->pile[c]--;
      s->gone[c]++;
      s->removed_at_setup[c]++;
    }
  for (int l = 0; l < FX_N_LETTERS; l++)
    s->letters[l].owner = FX_NO_PLAYER;
  s->queue[0].kind = FX_ITEM_DIVIDENDS;
  s->queue_len = 1;
  s->dividends_left = FX_N_DIVIDEND_CARDS;
  s->status = FX_STATUS_PLAYING;
  s->bankrupt = FX_NO_PLAYER;
  s->next_player = 0;
  s->spot_actor = FX_NO_PLAYER;
  s->last_actor = FX_NO_PLAYER;
  s->strongest_choice = FX_NO_CURRENCY;
}

gboolean
fx_state_is_over (const FxState *s)
{
  return s->status != FX_STATUS_PLAYING;
}

/* The letter of @player's loan, or -1: a player has at most one. */
int
fx_state_loan_of (const FxState *s,
                  int            player)
{
  for (int l = 0; l < FX_N_LETTERS; l++)
    if (s->letters[l].use == FX_LETTER_LOAN && s->letters[l].owner == player)
      return l;
  return -1;
}

guint
fx_state_certs_held (const FxState *s,
                     FxCurrency     currency)
{
  guint held = 0;

  for (int p = 0; p < s->n_players; p++)
    held += s->certs[p][currency];
  return held;
}

/* The currencies with the most certificates in players' hands; returns how
 * many share the lead (all seven when nobody holds any). */
guint
fx_state_most_held (const FxState *s,
                    gboolean       tied[FX_N_CURRENCIES])
{
  guint held[FX_N_CURRENCIES];
  guint most = 0, n = 0;

  /* Each sum once: the review's projections ask this for every dividend. */
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      held[c] = fx_state_certs_held (s, c);
      most = MAX (most, held[c]);
    }
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      tied[c] = held[c] == most;
      n += tied[c];
    }
  return n;
}

/* Nobody holds a certificate: the case the rulebook reads two ways after a dividend. */
gboolean
fx_state_none_held (const FxState *s)
{
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    if (fx_state_certs_held (s, c) > 0)
      return FALSE;
  return TRUE;
}
