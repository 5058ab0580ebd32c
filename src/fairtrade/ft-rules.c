/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade moves: each checked and applied on a scratch copy, so a refusal changes nothing. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ft-state.h"
#include "xq-error.h"

/* The games' refusal, made only when someone reads it (xq-error.h). */
#define refuse XQ_RULE_REFUSE

void
ft_setup_init (FtSetup *setup)
{
  memset (setup, 0, sizeof *setup);
  setup->rounds = FT_MAX_ROUNDS;
}

/**
 * ft_setup_set_players:
 * @setup: a setup
 * @names: the names in seating order (clockwise)
 * @n_names: 2 to 6
 * @error: return location for a #GError
 *
 * Returns: %TRUE if the names are usable (valid, unique, 2 to 6 of them)
 */
gboolean
ft_setup_set_players (FtSetup             *setup,
                      const char * const  *names,
                      guint                n_names,
                      GError             **error)
{
  if (n_names < FT_MIN_PLAYERS || n_names > FT_MAX_PLAYERS)
    return refuse (error, _("Fair Trade is played by %d to %d players, not %u"),
                   FT_MIN_PLAYERS, FT_MAX_PLAYERS, n_names);
  if (!xq_notation_check_player_names (names, n_names, error))
    return FALSE;
  memset (setup->names, 0, sizeof setup->names);
  for (guint i = 0; i < n_names; i++)
    g_strlcpy (setup->names[i], names[i], FT_NAME_BYTES);
  setup->n_players = (guint8) n_names;
  return TRUE;
}

int
ft_setup_find_player (const FtSetup *setup,
                      const char    *player)
{
  for (int p = 0; p < setup->n_players; p++)
    if (strcmp (setup->names[p], player) == 0)
      return p;
  return FT_NO_PLAYER;
}

gboolean
ft_setup_set_rounds (FtSetup  *setup,
                     guint     rounds,
                     GError  **error)
{
  if (rounds < 1 || rounds > FT_MAX_ROUNDS)
    return refuse (error, _("a game of Fair Trade has 1 to %d rounds, one per market card, not %u"),
                   FT_MAX_ROUNDS, rounds);
  setup->rounds = (guint8) rounds;
  return TRUE;
}

/* The two cards a player lays by the future market at setup. */
gboolean
ft_setup_set_locked (FtSetup  *setup,
                     int       player,
                     guint     first,
                     guint     second,
                     GError  **error)
{
  g_return_val_if_fail (player >= 0 && player < setup->n_players, FALSE);

  if (first < 1 || first > FT_N_CARDS || second < 1 || second > FT_N_CARDS)
    return refuse (error, _("there is no card %u; bid cards are numbered 1 to %d"),
                   first < 1 || first > FT_N_CARDS ? first : second, FT_N_CARDS);
  if (first == second)
    return refuse (error, _("%s lays two different cards by the future market, not card %u twice"),
                   setup->names[player], first);
  setup->locked[player][0] = (guint8) first;
  setup->locked[player][1] = (guint8) second;
  return TRUE;
}

void
ft_move_init (FtMove     *move,
              FtMoveKind  kind)
{
  memset (move, 0, sizeof *move);
  move->kind = (gint8) kind;
  move->player = FT_NO_PLAYER;
}

static void
set_locked (FtState *s,
            int      player,
            guint8   a,
            guint8   b)
{
  s->locked[player][0] = MIN (a, b);
  s->locked[player][1] = MAX (a, b);
}

void
ft_state_init (const FtSetup *setup,
               FtState       *s)
{
  memset (s, 0, sizeof *s);
  s->n_players = setup->n_players;
  s->status = FT_STATUS_PLAYING;
  s->rounds = setup->rounds;
  s->farmer = setup->farmer;
  /* The trader marker goes to the farmer's right: the previous seat clockwise. */
  s->trader = (gint8) ((setup->farmer + setup->n_players - 1) % setup->n_players);
  for (int p = 0; p < setup->n_players; p++)
    {
      s->coins[p] = FT_START_COINS;
      set_locked (s, p, setup->locked[p][0], setup->locked[p][1]);
    }
}

gboolean
ft_state_is_over (const FtState *s)
{
  return s->status != FT_STATUS_PLAYING;
}

gboolean
ft_state_card_available (const FtState *s,
                         int            player,
                         guint          card)
{
  return card >= 1 && card <= FT_N_CARDS
         && card != s->locked[player][0] && card != s->locked[player][1];
}

gint32
ft_state_score (const FtState *s,
                int            player)
{
  return s->markers[player] - s->debt[player];
}

/* Most markers less debt; then most coins; still tied: a shared win. */
guint
ft_state_winners (const FtState *s,
                  gboolean       winners[FT_MAX_PLAYERS])
{
  gint32 best_score = G_MININT32, best_coins = G_MININT32;
  guint n = 0;

  for (int p = 0; p < s->n_players; p++)
    {
      gint32 score = ft_state_score (s, p);

      if (score > best_score || (score == best_score && s->coins[p] > best_coins))
        {
          best_score = score;
          best_coins = s->coins[p];
        }
    }
  for (int p = 0; p < FT_MAX_PLAYERS; p++)
    {
      winners[p] = p < s->n_players && ft_state_score (s, p) == best_score && s->coins[p] == best_coins;
      n += winners[p];
    }
  return n;
}

/* Orders players by their bid, high first; a tie goes to the player met first
 * walking from @start in @step direction (+1 clockwise, −1 counter-clockwise). */
static void
rank_players (int           n,
              const guint8  bids[FT_MAX_PLAYERS][2],
              int           which,
              int           start,
              int           step,
              gint8         rank[FT_MAX_PLAYERS])
{
  int k = 0;

  for (int bid = FT_N_CARDS; bid >= 1; bid--)
    for (int d = 0; d < n; d++)
      {
        int p = ((start + step * d) % n + n) % n;

        if (bids[p][which] == bid)
          rank[k++] = (gint8) p;
      }
  g_assert (k == n);
  for (; k < FT_MAX_PLAYERS; k++)
    rank[k] = FT_NO_PLAYER;
}

/**
 * ft_settle:
 * @n_players: players at the table
 * @farmer: the farmer-marker holder, where farmer ties start (clockwise)
 * @trader: the trader-marker holder, where trader ties start (counter-clockwise)
 * @bids: per player, the farmer and the trader bid
 * @awards: the market row, markers by trader position
 * @coins: per player, coins before the round
 * @out: (out caller-allocates): the whole computation
 *
 * The arithmetic of phases 2 to 4, without touching any state.
 */
void
ft_settle (int            n_players,
           int            farmer,
           int            trader,
           const guint8   bids[FT_MAX_PLAYERS][2],
           const guint16  awards[FT_MAX_PLAYERS],
           const gint32   coins[FT_MAX_PLAYERS],
           FtSettlement  *out)
{
  memset (out, 0, sizeof *out);
  memcpy (out->bids, bids, sizeof out->bids);
  memcpy (out->awards, awards, sizeof out->awards);
  rank_players (n_players, bids, 0, farmer, +1, out->farmer_rank);
  rank_players (n_players, bids, 1, trader, -1, out->trader_rank);

  for (int p = 0; p < n_players; p++)
    out->pool += bids[p][0];
  /* Equal shares; the remainder one each to the highest-ranked cards. */
  for (int k = 0; k < n_players; k++)
    out->share[k] = out->pool / n_players + (k < out->pool % n_players ? 1 : 0);

  for (int k = 0; k < n_players; k++)
    {
      int owner = out->farmer_rank[k];
      int payer = out->trader_rank[k];

      out->collected[owner] += out->share[k] + bids[payer][1];
      out->awarded[payer] += awards[k];
    }
  for (int p = 0; p < n_players; p++)
    out->shortfall[p] = MAX (0, bids[p][0] + bids[p][1] - coins[p]);
}

static void
settle_round (FtState *s)
{
  FtSettlement *st = &s->last;

  ft_settle (s->n_players, s->farmer, s->trader,
             (const guint8 (*)[2]) s->bids, s->market, s->coins, st);
  for (int p = 0; p < s->n_players; p++)
    {
      /* What a player cannot pay comes from the box and counts against them. */
      s->debt[p] += st->shortfall[p];
      s->coins[p] = MAX (0, s->coins[p] - s->bids[p][0] - s->bids[p][1]) + st->collected[p];
      s->markers[p] += st->awarded[p];
      /* This round's cards lie by the new future market; the old ones return. */
      set_locked (s, p, s->bids[p][0], s->bids[p][1]);
    }
  s->has_last = TRUE;

  s->trader = s->farmer;
  s->farmer = (gint8) ((s->farmer + 1) % s->n_players);
  s->round++;
  s->round_open = FALSE;
  s->has_bid = 0;
  memset (s->market, 0, sizeof s->market);
  memset (s->bids, 0, sizeof s->bids);
  if (s->round >= s->rounds)
    s->status = FT_STATUS_ENDED;
}

/* The bound kept to fit the session file, never a rule of the game. */
static gboolean
too_large (guint    number,
           GError **error)
{
  char text[16], limit[16];

  if (error == NULL)
    return FALSE;
  g_snprintf (text, sizeof text, "%u", number);
  g_snprintf (limit, sizeof limit, "%d", FT_MAX_NUMBER);
  return refuse (error, _("%s is too large for the game: Exchequer counts up to %s"), text, limit);
}

static gboolean
do_market (FtState       *s,
           const FtMove  *m,
           GError       **error)
{
  if (s->round_open)
    return refuse (error, _("round %u is open: its market row is set, and the next one comes after the last bid"),
                   s->round + 1u);
  if (m->n_awards != s->n_players)
    return refuse (error,
                   g_dngettext (GETTEXT_PACKAGE,
                                "a market row has one award per player, %u, not %u entry",
                                "a market row has one award per player, %u, not %u entries",
                                m->n_awards),
                   s->n_players, m->n_awards);
  for (int k = 0; k < s->n_players; k++)
    if (m->awards[k] > FT_MAX_NUMBER)
      return too_large (m->awards[k], error);
  /* Every place is written, the unused ones with the zero they already
   * hold: a loop bounded by n_players alone, vectorised at -O3, set off a
   * false out-of-bounds warning in GCC 12. */
  for (int k = 0; k < FT_MAX_PLAYERS; k++)
    s->market[k] = k < s->n_players ? m->awards[k] : 0;
  s->round_open = TRUE;
  s->has_bid = 0;
  return TRUE;
}

static gboolean
do_bid (const FtSetup  *setup,
        FtState        *s,
        const FtMove   *m,
        GError        **error)
{
  const char *who = setup->names[m->player];

  if (!s->round_open)
    return refuse (error, _("%s cannot bid: it is between rounds, and a round opens with its market row"), who);
  if (s->has_bid & (1u << m->player))
    return refuse (error, _("%s has already bid this round; each player bids once"), who);
  for (int i = 0; i < 2; i++)
    if (m->cards[i] < 1 || m->cards[i] > FT_N_CARDS)
      return refuse (error, _("there is no card %u; bid cards are numbered 1 to %d"),
                     m->cards[i], FT_N_CARDS);
  if (m->cards[0] == m->cards[1])
    return refuse (error, _("%s bids card %u twice; the farmer and the trader bids are two different cards"),
                   who, m->cards[0]);
  /* Locked cards lie by the future market, but in the last round of a full
   * game no card is left to be one: say the rule that holds in every round. */
  for (int i = 0; i < 2; i++)
    {
      if (ft_state_card_available (s, m->player, m->cards[i]))
        continue;
      if (s->round == 0)
        return refuse (error, _("%s’s card %u is locked: it was laid by the future market at setup, and is unavailable in the first round"),
                       who, m->cards[i]);
      return refuse (error, _("%s’s card %u is locked: %s bid it last round, and a card bid in one round is unavailable in the next"),
                     who, m->cards[i], who);
    }

  s->bids[m->player][0] = (guint8) m->cards[0];
  s->bids[m->player][1] = (guint8) m->cards[1];
  s->has_bid |= (guint8) (1u << m->player);
  if (s->has_bid == (1u << s->n_players) - 1)
    settle_round (s);
  return TRUE;
}

static gboolean
execute (const FtSetup  *setup,
         FtState        *s,
         const FtMove   *m,
         GError        **error)
{
  if (ft_state_is_over (s))
    {
      g_set_error_literal (error, XQ_RULE_ERROR, XQ_RULE_ERROR_GAME_OVER,
                           _("the game is over; no move may follow"));
      return FALSE;
    }
  if (m->kind != FT_MOVE_MARKET && (m->player < 0 || m->player >= s->n_players))
    return refuse (error, _("a move names a player at the table"));

  switch ((FtMoveKind) m->kind)
    {
    case FT_MOVE_MARKET:
      return do_market (s, m, error);
    case FT_MOVE_BID:
      return do_bid (setup, s, m, error);
    case FT_MOVE_CORRECT_COINS:
    case FT_MOVE_CORRECT_MARKERS:
      if (m->value < 0)
        return refuse (error, _("coins and fair-trade markers cannot be negative"));
      if (m->value > FT_MAX_NUMBER)
        return too_large ((guint) m->value, error);
      if (m->kind == FT_MOVE_CORRECT_COINS)
        s->coins[m->player] = m->value;
      else
        s->markers[m->player] = m->value;
      return TRUE;
    default:
      return refuse (error, _("unknown move"));
    }
}

/**
 * ft_state_validate:
 * @setup: the game's setup
 * @state: the position
 * @move: a move
 * @error: return location for a #GError naming the rule that refuses it
 *
 * Returns: %TRUE if @move is legal in @state; @state is never changed
 */
gboolean
ft_state_validate (const FtSetup  *setup,
                   const FtState  *state,
                   const FtMove   *move,
                   GError        **error)
{
  FtState scratch = *state;

  return execute (setup, &scratch, move, error);
}

/**
 * ft_state_apply:
 * @setup: the game's setup
 * @state: the position, changed only when the move is legal
 * @move: a move
 * @error: return location for a #GError naming the rule that refuses it
 *
 * Returns: %TRUE if @move was legal and has been applied
 */
gboolean
ft_state_apply (const FtSetup  *setup,
                FtState        *state,
                const FtMove   *move,
                GError        **error)
{
  FtState scratch = *state;

  if (!execute (setup, &scratch, move, error))
    return FALSE;
  *state = scratch;
  return TRUE;
}
