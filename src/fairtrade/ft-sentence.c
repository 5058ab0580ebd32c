/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words of Fair Trade, GTK-free: each move as a sentence a player reads
 * (the history and the table's bid rows say them alike), number lists, and
 * the tie-breaks and pool split of a settled round. */

#include "config.h"

#include <glib/gi18n.h>

#include "ft-sentence.h"

char *
ft_sentence_numbers (const gint32 *values,
                    guint         n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        /* TRANSLATORS: separates the numbers of a list: "4, 4, 4, 3" */
        g_string_append (out, _(", "));
      g_string_append_printf (out, "%d", values[i]);
    }
  return g_string_free (out, FALSE);
}

char *
ft_sentence_capitalize (const char *sentence)
{
  gunichar first;
  char buf[8];
  int len;

  if (sentence == NULL || *sentence == '\0')
    return g_strdup (sentence);
  first = g_unichar_totitle (g_utf8_get_char (sentence));
  len = g_unichar_to_utf8 (first, buf);
  buf[len] = '\0';
  return g_strconcat (buf, g_utf8_next_char (sentence), NULL);
}

/**
 * ft_sentence_move_is_hidden:
 * @session: a Fair Trade session
 * @index: a move of it
 *
 * Bids are secret until the round settles on its last bid: a bid of the
 * round still open is shown as "Ann has bid", in every view, never with its
 * cards. Corrections may lie between the bids; a market move opens a round.
 *
 * Returns: whether move @index is a bid of the round in progress
 */
gboolean
ft_sentence_move_is_hidden (XqSession *session,
                           guint      index)
{
  const FtState *now = xq_session_get_state (session);
  const FtMove *move;

  if (!now->round_open || index >= xq_session_get_n_moves (session))
    return FALSE;
  move = xq_session_get_move (session, index);
  if (move->kind != FT_MOVE_BID)
    return FALSE;
  for (guint i = xq_session_get_n_moves (session); i-- > index + 1;)
    if (((const FtMove *) xq_session_get_move (session, i))->kind == FT_MOVE_MARKET)
      return FALSE;
  return TRUE;
}

/* "Ann bid 9 (farmer) and 4 (trader)", or while the round's bids are
 * secret, "Ann has bid". */
char *
ft_sentence_bid (const FtSetup *setup,
                 int            player,
                 guint          farmer,
                 guint          trader,
                 gboolean       hidden)
{
  if (hidden)
    return g_strdup_printf (_("%s has bid"), setup->names[player]);
  return g_strdup_printf (_("%s bid %u (farmer) and %u (trader)"), setup->names[player], farmer, trader);
}

/**
 * ft_sentence_round_of_move:
 * @before: the position before @move
 * @move: a move
 *
 * Returns: (transfer full) (nullable): "Round 3" for the market and the bids
 *   of the third round; %NULL for a correction, which belongs to no round
 */
char *
ft_sentence_round_of_move (const FtState *before,
                           const FtMove  *move)
{
  if (move->kind != FT_MOVE_MARKET && move->kind != FT_MOVE_BID)
    return NULL;
  /* TRANSLATORS: the round a market or a bid belongs to, in the history */
  return g_strdup_printf (_("Round %u"), before->round + 1);
}

char *
ft_sentence_move (const FtSetup *setup,
                 const FtState *before,
                 const FtMove  *move,
                 gboolean       hidden)
{
  gint32 awards[FT_MAX_PLAYERS];
  g_autofree char *row = NULL;

  switch (move->kind)
    {
    case FT_MOVE_MARKET:
      for (guint i = 0; i < move->n_awards && i < FT_MAX_PLAYERS; i++)
        awards[i] = move->awards[i];
      row = ft_sentence_numbers (awards, MIN (move->n_awards, FT_MAX_PLAYERS));
      /* TRANSLATORS: "Round 3 starts: market 6, 5, 4, 0" */
      return g_strdup_printf (_("Round %u starts: market %s"), before->round + 1, row);
    case FT_MOVE_BID:
      return ft_sentence_bid (setup, move->player, move->cards[0], move->cards[1], hidden);
    case FT_MOVE_CORRECT_COINS:
      return g_strdup_printf (_("Correction: %s has %d coins (was %d)"), setup->names[move->player],
                              move->value, before->coins[move->player]);
    case FT_MOVE_CORRECT_MARKERS:
      return g_strdup_printf (_("Correction: %s has %d fair-trade markers (was %d)"), setup->names[move->player],
                              move->value, before->markers[move->player]);
    default:
      return g_strdup (_("Unknown move"));
    }
}

/*
 * The sentence under a sorted row: which bids tied and how the tie was broken.
 * @which is 0 for the farmer bids (clockwise from the farmer), 1 for the
 * trader bids (counter-clockwise from the trader); @start is that holder.
 */
char *
ft_sentence_ties (const FtSetup      *setup,
                 const FtSettlement *last,
                 int                 which,
                 int                 start)
{
  const gint8 *rank = which == 0 ? last->farmer_rank : last->trader_rank;
  GString *groups = g_string_new (NULL);
  g_autofree char *tied = NULL;
  int n = setup->n_players;

  for (int k = 0; k < n;)
    {
      int bid = last->bids[rank[k]][which];
      int j = k + 1;

      while (j < n && last->bids[rank[j]][which] == bid)
        j++;
      if (j - k > 1)
        {
          g_autoptr(GString) names = g_string_new (NULL);

          for (int i = k; i < j; i++)
            {
              if (i > k)
                g_string_append (names, i == j - 1 ? _(" then ") : _(", "));
              g_string_append (names, setup->names[rank[i]]);
            }
          if (groups->len > 0)
            g_string_append (groups, _("; "));
          /* TRANSLATORS: "9: Ben then Cat", a tied bid and its order */
          g_string_append_printf (groups, _("%d: %s"), bid, names->str);
        }
      k = j;
    }
  tied = g_string_free (groups, FALSE);
  if (*tied == '\0')
    return g_strdup (which == 0 ? _("No farmer bids tied.") : _("No trader bids tied."));
  if (which == 0)
    /* TRANSLATORS: "Tied at 9: Ben then Cat — ties broken clockwise from the farmer, Ann." */
    return g_strdup_printf (_("Tied at %s — ties broken clockwise from the farmer, %s."), tied, setup->names[start]);
  return g_strdup_printf (_("Tied at %s — ties broken counter-clockwise from the trader, %s."), tied,
                          setup->names[start]);
}

char *
ft_sentence_pool (const FtSettlement *last,
                 guint               n_players)
{
  g_autofree char *split = ft_sentence_numbers (last->share, n_players);

  /* TRANSLATORS: "Farmer pool: 15 over 4 cards: 4, 4, 4, 3 (larger shares to the higher cards)." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Farmer pool: %d over %u card: %s.",
                                       "Farmer pool: %d over %u cards: %s (larger shares to the higher cards).",
                                       n_players),
                          last->pool, n_players, split);
}
