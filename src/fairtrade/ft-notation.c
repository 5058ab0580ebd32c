/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reads and writes the Fair Trade part of XQN; the rules module judges the moves. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ft-notation.h"
#include "xq-amount.h"
#include "xq-error.h"
#include "xq-quote.h"

/* A header that is missing, incomplete or out of order: the sentence, and FALSE. */
#define header_error(error, ...) \
  xq_error_fail ((error), XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER, __VA_ARGS__)

static gboolean
parse_player (const FtSetup  *setup,
              const char     *token,
              gint8          *out,
              GError        **error)
{
  int p = ft_setup_find_player (setup, token);

  if (p == FT_NO_PLAYER)
    return xq_notation_syntax_error (error, _("there is no player named “%s”"), XQ_QUOTE (token));
  *out = (gint8) p;
  return TRUE;
}

/* Any count the notation can write; whether it is a card, an award or a
 * setting in range is the rules' to say, with the rule's own sentence. Only
 * to stay in range is a number refused here, as too large for the game: a
 * card or a number of rounds above XQ_COUNT_MAX, an award, coins or markers
 * above FT_MAX_NUMBER. */
static gboolean
parse_number (const char  *token,
              guint        max,
              guint       *out,
              GError     **error)
{
  char limit[16];

  switch (xq_count_read (token, max, out))
    {
    case XQ_NUMBER_OK:
      return TRUE;
    case XQ_NUMBER_TOO_LARGE:
      g_snprintf (limit, sizeof limit, "%u", max);
      return xq_notation_too_large (error, token, limit);
    case XQ_NUMBER_MALFORMED:
    default:
      return xq_notation_syntax_error (error, _("“%s” is not a whole number"), XQ_QUOTE (token));
    }
}

static const XqStatement *
statement_at (GPtrArray *statements,
              guint      index)
{
  return index < statements->len ? g_ptr_array_index (statements, index) : NULL;
}

static gboolean
parse_locked (FtSetup            *setup,
              const XqStatement  *st,
              guint8             *seen,
              GError            **error)
{
  gint8 p = FT_NO_PLAYER;
  guint first, second;

  if (st->n_tokens != 4)
    return header_error (error, _("the statement reads: %s"), "locked PLAYER CARD CARD");
  if (!parse_player (setup, st->tokens[1], &p, error)
      || !parse_number (st->tokens[2], XQ_COUNT_MAX, &first, error)
      || !parse_number (st->tokens[3], XQ_COUNT_MAX, &second, error))
    return FALSE;
  if (*seen & (1u << p))
    return header_error (error, _("%s has two “locked” lines; each player lays two cards once"),
                         setup->names[p]);
  if (!ft_setup_set_locked (setup, p, first, second, error))
    return FALSE;
  *seen |= (guint8) (1u << p);
  return TRUE;
}

/**
 * ft_notation_parse_header:
 * @setup: (out caller-allocates): the setup
 * @statements: all statements, `game fair-trade` first
 * @n_consumed: (out): how many statements the header takes
 * @error_line: (out): the line an error refers to
 * @error: return location for a #GError
 *
 * The header is strict: game, players, farmer, an optional rounds line, then
 * one locked line per player in any order.
 */
gboolean
ft_notation_parse_header (FtSetup    *setup,
                          GPtrArray  *statements,
                          guint      *n_consumed,
                          guint      *error_line,
                          GError    **error)
{
  const XqStatement *st = statement_at (statements, 1);
  guint index = 2;
  guint8 seen = 0;
  gint8 farmer = FT_NO_PLAYER;

  ft_setup_init (setup);
  *error_line = ((const XqStatement *) g_ptr_array_index (statements, 0))->line;

  if (st == NULL || !xq_statement_is (st, 0, "players"))
    {
      if (st != NULL)
        *error_line = st->line;
      return header_error (error, _("the second statement must list the players in seating order: “players NAME NAME …”"));
    }
  *error_line = st->line;
  if (!ft_setup_set_players (setup, (const char * const *) st->tokens + 1, st->n_tokens - 1, error))
    return FALSE;

  st = statement_at (statements, 2);
  if (st != NULL)
    *error_line = st->line;
  if (st == NULL || !xq_statement_is (st, 0, "farmer"))
    return header_error (error, _("the third statement must name the holder of the farmer marker: “farmer NAME”"));
  if (st->n_tokens != 2)
    return header_error (error, _("the statement reads: %s"), "farmer NAME");
  if (!parse_player (setup, st->tokens[1], &farmer, error))
    return FALSE;
  setup->farmer = farmer;
  index = 3;

  st = statement_at (statements, index);
  if (st != NULL && xq_statement_is (st, 0, "rounds"))
    {
      guint rounds;

      *error_line = st->line;
      if (st->n_tokens != 2)
        return header_error (error, _("the statement reads: %s"), "rounds N");
      if (!parse_number (st->tokens[1], XQ_COUNT_MAX, &rounds, error) || !ft_setup_set_rounds (setup, rounds, error))
        return FALSE;
      index++;
    }

  for (st = statement_at (statements, index); st != NULL && xq_statement_is (st, 0, "locked");
       st = statement_at (statements, ++index))
    {
      *error_line = st->line;
      if (!parse_locked (setup, st, &seen, error))
        return FALSE;
    }
  for (int p = 0; p < setup->n_players; p++)
    {
      if (seen & (1u << p))
        continue;
      if (st != NULL)
        *error_line = st->line;
      return header_error (error, _("the header needs a line “locked %s CARD CARD”: the two cards %s lays by the future market"),
                           setup->names[p], setup->names[p]);
    }

  *n_consumed = index;
  *error_line = 0;
  return TRUE;
}

static void
append_player (GString       *out,
               const FtSetup *setup,
               int            player)
{
  g_string_append_c (out, ' ');
  xq_notation_append_name (out, setup->names[player]);
}

/* Locked lines in seating order, the cards as the players laid them. */
void
ft_notation_write_header (const FtSetup *setup,
                          GString       *out)
{
  g_string_append (out, "players");
  for (int p = 0; p < setup->n_players; p++)
    append_player (out, setup, p);
  g_string_append (out, "\nfarmer");
  append_player (out, setup, setup->farmer);
  g_string_append_printf (out, "\nrounds %u\n", setup->rounds);
  for (int p = 0; p < setup->n_players; p++)
    {
      g_string_append (out, "locked");
      append_player (out, setup, p);
      g_string_append_printf (out, " %u %u\n", setup->locked[p][0], setup->locked[p][1]);
    }
}

static gboolean
parse_correction (const FtSetup      *setup,
                  const XqStatement  *st,
                  FtMove             *m,
                  char              **reason,
                  GError            **error)
{
  const char *form;
  guint value;

  if (xq_statement_is (st, 1, "coins"))
    {
      ft_move_init (m, FT_MOVE_CORRECT_COINS);
      form = "correct coins PLAYER N [\"reason\"]";
    }
  else if (xq_statement_is (st, 1, "markers"))
    {
      ft_move_init (m, FT_MOVE_CORRECT_MARKERS);
      form = "correct markers PLAYER N [\"reason\"]";
    }
  else
    return xq_notation_syntax_error (error, _("a correction sets coins or markers: “correct coins PLAYER N”"));

  if (st->n_tokens == 5)
    {
      if (!xq_statement_token_quoted (st, 4))
        return xq_notation_syntax_error (error, _("a correction’s reason goes in quotes (\"): %s"), form);
      *reason = xq_statement_dup_reason (st, 4);
    }
  else if (st->n_tokens != 4)
    return xq_notation_syntax_error (error, _("the statement reads: %s"), form);
  if (!parse_player (setup, st->tokens[2], &m->player, error)
      || !parse_number (st->tokens[3], FT_MAX_NUMBER, &value, error))
    {
      g_clear_pointer (reason, g_free);
      return FALSE;
    }
  m->value = (gint32) value;
  return TRUE;
}

/**
 * ft_notation_parse_move:
 * @setup: the game's setup, for player names
 * @statement: one statement after the header
 * @move: (out caller-allocates): the move
 * @reason: (out) (optional): a correction's reason, or %NULL
 * @error: return location for a #GError
 *
 * Only the form is checked here; whether the move is legal is the rules'.
 */
gboolean
ft_notation_parse_move (const FtSetup      *setup,
                        const XqStatement  *st,
                        FtMove             *m,
                        char              **reason,
                        GError            **error)
{
  char *ignored_reason = NULL;
  gboolean ok;

  if (reason == NULL)
    reason = &ignored_reason;
  *reason = NULL;

  if (xq_statement_is (st, 0, "market"))
    {
      ft_move_init (m, FT_MOVE_MARKET);
      /* The count is the rules' to judge; more than six entries can only be wrong. */
      m->n_awards = (guint8) (st->n_tokens - 1);
      for (guint i = 1; i < st->n_tokens; i++)
        {
          guint award;

          if (!parse_number (st->tokens[i], FT_MAX_NUMBER, &award, error))
            return FALSE;
          if (i - 1 < FT_MAX_PLAYERS)
            m->awards[i - 1] = (guint16) award;
        }
      return TRUE;
    }
  if (xq_statement_is (st, 0, "bid"))
    {
      guint farmer, trader;

      ft_move_init (m, FT_MOVE_BID);
      if (st->n_tokens != 4)
        return xq_notation_syntax_error (error, _("the statement reads: %s"), "bid PLAYER FARMER-CARD TRADER-CARD");
      if (!parse_player (setup, st->tokens[1], &m->player, error)
          || !parse_number (st->tokens[2], XQ_COUNT_MAX, &farmer, error)
          || !parse_number (st->tokens[3], XQ_COUNT_MAX, &trader, error))
        return FALSE;
      m->cards[0] = farmer;
      m->cards[1] = trader;
      return TRUE;
    }
  if (xq_statement_is (st, 0, "correct"))
    {
      ok = parse_correction (setup, st, m, reason, error);
      g_free (ignored_reason);
      return ok;
    }

  if (xq_statement_is (st, 0, "game") || xq_statement_is (st, 0, "players")
      || xq_statement_is (st, 0, "farmer") || xq_statement_is (st, 0, "rounds")
      || xq_statement_is (st, 0, "locked"))
    return xq_notation_syntax_error (error,
                                     _("“%s” belongs to the header, which comes once at the start"),
                                     XQ_QUOTE (st->tokens[0]));
  return xq_notation_syntax_error (error, _("unknown statement “%s”; a Fair Trade move is market, bid or correct"),
                                   XQ_QUOTE (st->tokens[0]));
}

/* Writes the statement without a correction's reason, which the session keeps. */
void
ft_notation_write_move (const FtSetup *setup,
                        const FtMove  *m,
                        GString       *out)
{
  switch ((FtMoveKind) m->kind)
    {
    case FT_MOVE_MARKET:
      g_string_append (out, "market");
      for (guint k = 0; k < MIN (m->n_awards, FT_MAX_PLAYERS); k++)
        g_string_append_printf (out, " %u", m->awards[k]);
      break;
    case FT_MOVE_BID:
      g_string_append (out, "bid");
      append_player (out, setup, m->player);
      g_string_append_printf (out, " %u %u", m->cards[0], m->cards[1]);
      break;
    case FT_MOVE_CORRECT_COINS:
    case FT_MOVE_CORRECT_MARKERS:
      g_string_append (out, m->kind == FT_MOVE_CORRECT_COINS ? "correct coins" : "correct markers");
      append_player (out, setup, m->player);
      g_string_append_printf (out, " %d", m->value);
      break;
    default:
      g_assert_not_reached ();
    }
}

char *
ft_notation_format_move (const FtSetup *setup,
                         const FtMove  *move)
{
  GString *out = g_string_new (NULL);

  ft_notation_write_move (setup, move, out);
  return g_string_free (out, FALSE);
}
