/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reads and writes the For-Ex part of XQN; the rules module judges the moves. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-notation.h"
#include "fx-notation-private.h"
#include "fx-table-rules.h"
#include "xq-error.h"
#include "xq-quote.h"

gboolean
fx_notation_parse_currency (const char  *token,
                gint8       *out,
                GError     **error)
{
  FxCurrency c;

  if (!fx_currency_parse (token, &c))
    return xq_notation_syntax_error (error,
                                     _("“%s” is not a currency; the currencies are GBP, EUR, USD, CHF, JPY, CAD and CNY"),
                                     XQ_QUOTE (token));
  *out = (gint8) c;
  return TRUE;
}

gboolean
fx_notation_parse_player (const FxSetup  *setup,
              const char     *token,
              gint8          *out,
              GError        **error)
{
  int p = fx_setup_find_player (setup, token);

  if (p == FX_NO_PLAYER)
    return xq_notation_syntax_error (error, _("there is no player named “%s”"), XQ_QUOTE (token));
  *out = (gint8) p;
  return TRUE;
}

static gboolean
not_an_amount (const char  *token,
               GError     **error)
{
  return xq_notation_syntax_error (error,
                                   _("“%s” is not an amount; an amount is a whole number or ends in .5"),
                                   XQ_QUOTE (token));
}

/* Money someone holds: any amount the game can count. */
gboolean
fx_notation_parse_amount (const char  *token,
              XqAmount    *out,
              GError     **error)
{
  char limit[XQ_AMOUNT_BUF];

  switch (xq_amount_read (token, XQ_AMOUNT_MAX, out))
    {
    case XQ_NUMBER_OK:
      return TRUE;
    case XQ_NUMBER_TOO_LARGE:
      return xq_notation_too_large (error, token, xq_amount_format (XQ_AMOUNT_MAX, limit));
    case XQ_NUMBER_MALFORMED:
    default:
      return not_an_amount (token, error);
    }
}

/* A contract's amount or a track value: the rules bound them far lower and
 * name their own rule (1 to 10, the track's values), so any amount that fits
 * goes to them; beyond, the same rule, said without the board. */
static gboolean
fx_notation_parse_bounded_amount (const char  *token,
                      gboolean     contract,
                      XqAmount    *out,
                      GError     **error)
{
  switch (xq_amount_read (token, G_MAXINT32, out))
    {
    case XQ_NUMBER_OK:
      return TRUE;
    case XQ_NUMBER_TOO_LARGE:
      if (contract)
        return xq_notation_syntax_error (error,
                                         _("a contract promises a whole number from 1 to 10 of the stronger currency, or that number times the rate of the weaker, not %s"),
                                         XQ_QUOTE (token));
      return xq_notation_syntax_error (error, _("the track values are 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6 and 8"));
    case XQ_NUMBER_MALFORMED:
    default:
      return not_an_amount (token, error);
    }
}

/* Certificates: whether a player holds that many, or a pile may, is the
 * rules' to say with the rule's own sentence. */
gboolean
fx_notation_parse_count (const char  *token,
             guint       *out,
             GError     **error)
{
  char limit[XQ_AMOUNT_BUF];

  switch (xq_count_read (token, XQ_COUNT_MAX, out))
    {
    case XQ_NUMBER_OK:
      return TRUE;
    case XQ_NUMBER_TOO_LARGE:
      return xq_notation_too_large (error, token, xq_amount_format (XQ_BUCKS (XQ_COUNT_MAX), limit));
    case XQ_NUMBER_MALFORMED:
    default:
      return xq_notation_syntax_error (error, _("“%s” is not a count; a count is a whole number"), XQ_QUOTE (token));
    }
}

/* Statements with a fixed number of words, plus an optional quoted reason for
 * the corrections. */
gboolean
fx_notation_expect_words (const XqStatement  *st,
              guint               n,
              gboolean            reason_allowed,
              char              **reason,
              const char         *form,
              GError            **error)
{
  if (st->n_tokens == n)
    return TRUE;
  if (reason_allowed && st->n_tokens == n + 1)
    {
      if (!xq_statement_token_quoted (st, n))
        return xq_notation_syntax_error (error, _("a correction’s reason goes in quotes (\"): %s"), form);
      *reason = xq_statement_dup_reason (st, n);
      return TRUE;
    }
  return xq_notation_syntax_error (error, _("the statement reads: %s"), form);
}

/* The table rules, an extension after `removed`: "rule POINT READING", one
 * line a point, in any order; a point not given keeps the printed reading. */
static gboolean
parse_rules (FxSetup    *setup,
             GPtrArray  *statements,
             guint      *n_consumed,
             guint      *error_line,
             GError    **error)
{
  guint line_of_players_rule = 0;
  guint seen = 0;

  for (; *n_consumed < statements->len; (*n_consumed)++)
    {
      const XqStatement *rule = g_ptr_array_index (statements, *n_consumed);

      if (!xq_statement_is (rule, 0, "rule"))
        break;
      *error_line = rule->line;
      if (rule->n_tokens != 3)
        return xq_notation_syntax_error (error, _("the statement reads: %s"), "rule POINT READING");
      if (!fx_table_rule_read (&setup->readings, &seen, rule->tokens[1], rule->tokens[2], error))
        return FALSE;
      if (g_ascii_strcasecmp (rule->tokens[1], fx_point_word (FX_POINT_PLAYERS)) == 0)
        line_of_players_rule = rule->line;
    }
  *error_line = line_of_players_rule;
  return fx_table_rules_check_players (setup->readings, setup->n_players, error);
}

gboolean
fx_notation_parse_header (FxSetup    *setup,
                          GPtrArray  *statements,
                          guint      *n_consumed,
                          guint      *error_line,
                          GError    **error)
{
  const XqStatement *players, *removed;
  const XqStatement *game = g_ptr_array_index (statements, 0);

  fx_setup_init (setup);
  *error_line = game->line;

  if (statements->len < 2 || !xq_statement_is (g_ptr_array_index (statements, 1), 0, "players"))
    {
      if (statements->len >= 2)
        *error_line = ((XqStatement *) g_ptr_array_index (statements, 1))->line;
      g_set_error_literal (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
                           _("the second statement must list the players in seating order: “players NAME NAME …”"));
      return FALSE;
    }
  players = g_ptr_array_index (statements, 1);
  *error_line = players->line;
  if (!fx_setup_set_players (setup, (const char * const *) players->tokens + 1,
                             players->n_tokens - 1, error))
    return FALSE;

  if (statements->len < 3 || !xq_statement_is (g_ptr_array_index (statements, 2), 0, "removed"))
    {
      if (statements->len >= 3)
        *error_line = ((XqStatement *) g_ptr_array_index (statements, 2))->line;
      g_set_error_literal (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
                           _("the third statement must name the six certificates removed at setup: “removed CUR CUR CUR CUR CUR CUR”"));
      return FALSE;
    }
  removed = g_ptr_array_index (statements, 2);
  *error_line = removed->line;
  if (removed->n_tokens != FX_N_REMOVED + 1)
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
                   _("exactly six certificates are removed at setup, not %u"), removed->n_tokens - 1);
      return FALSE;
    }
  for (guint i = 0; i < FX_N_REMOVED; i++)
    if (!fx_notation_parse_currency (removed->tokens[i + 1], &setup->removed[i], error))
      return FALSE;

  *n_consumed = 3;
  if (!parse_rules (setup, statements, n_consumed, error_line, error))
    return FALSE;
  *error_line = 0;
  return TRUE;
}

void
fx_notation_write_header (const FxSetup *setup,
                          GString       *out)
{
  g_string_append (out, "players");
  for (int p = 0; p < setup->n_players; p++)
    {
      g_string_append_c (out, ' ');
      xq_notation_append_name (out, setup->names[p]);
    }
  g_string_append (out, "\nremoved");
  for (int i = 0; i < FX_N_REMOVED; i++)
    g_string_append_printf (out, " %s", fx_currency_code (setup->removed[i]));
  g_string_append_c (out, '\n');
  /* Only the readings that differ from the printed rules: a game played by
   * them is written as it always was. */
  for (int p = 0; p < FX_N_POINTS; p++)
    if (setup->readings & fx_reading_of (p))
      g_string_append_printf (out, "rule %s %s\n", fx_point_word (p), fx_reading_word (p, TRUE));
}

static gboolean
parse_divest (const FxSetup      *setup,
              const XqStatement  *st,
              FxMove             *m,
              GError            **error)
{
  const char *form = "divest ACTOR CUR N [PLAYER N]…";
  guint count, last_distance = 0;

  if (st->n_tokens < 4 || (st->n_tokens - 4) % 2 != 0)
    return xq_notation_syntax_error (error, _("the statement reads: %s"), form);
  if (!fx_notation_parse_player (setup, st->tokens[1], &m->actor, error)
      || !fx_notation_parse_currency (st->tokens[2], &m->cur[0], error)
      || !fx_notation_parse_count (st->tokens[3], &count, error))
    return FALSE;
  m->sells[m->actor] = count;
  m->named = (guint8) (1u << m->actor);

  for (guint i = 4; i < st->n_tokens; i += 2)
    {
      gint8 p = FX_NO_PLAYER;
      guint distance;

      if (!fx_notation_parse_player (setup, st->tokens[i], &p, error)
          || !fx_notation_parse_count (st->tokens[i + 1], &count, error))
        return FALSE;
      if (p == m->actor)
        return xq_notation_syntax_error (error, _("%s divests first and is not named again"), setup->names[p]);
      if (m->named & (1u << p))
        return xq_notation_syntax_error (error, _("%s is named twice"), setup->names[p]);
      distance = (guint) ((p - m->actor + setup->n_players) % setup->n_players);
      if (distance < last_distance)
        return xq_notation_syntax_error (error,
                                         _("the other players sell in clockwise order from %s: %s comes before %s"),
                                         setup->names[m->actor], setup->names[p], st->tokens[i - 2]);
      last_distance = distance;
      m->named |= (guint8) (1u << p);
      m->sells[p] = count;
    }
  return TRUE;
}

static gboolean
parse_correction (const FxSetup      *setup,
                  const XqStatement  *st,
                  FxMove             *m,
                  char              **reason,
                  GError            **error)
{
  guint count;

  if (xq_statement_is (st, 1, "cash"))
    {
      const char *form = "correct cash PLAYER CUR AMOUNT [\"reason\"]";

      fx_move_init (m, FX_MOVE_CORRECT_CASH);
      return fx_notation_expect_words (st, 5, TRUE, reason, form, error)
             && fx_notation_parse_player (setup, st->tokens[2], &m->other, error)
             && fx_notation_parse_currency (st->tokens[3], &m->cur[0], error)
             && fx_notation_parse_amount (st->tokens[4], &m->amount, error);
    }
  if (xq_statement_is (st, 1, "certs"))
    {
      const char *form = "correct certs PLAYER CUR N [\"reason\"]";

      fx_move_init (m, FX_MOVE_CORRECT_CERTS);
      if (!fx_notation_expect_words (st, 5, TRUE, reason, form, error)
          || !fx_notation_parse_player (setup, st->tokens[2], &m->other, error)
          || !fx_notation_parse_currency (st->tokens[3], &m->cur[0], error)
          || !fx_notation_parse_count (st->tokens[4], &count, error))
        return FALSE;
      m->amount = (XqAmount) count;
      return TRUE;
    }
  if (xq_statement_is (st, 1, "pile"))
    {
      const char *form = "correct pile CUR N [\"reason\"]";

      fx_move_init (m, FX_MOVE_CORRECT_PILE);
      if (!fx_notation_expect_words (st, 4, TRUE, reason, form, error)
          || !fx_notation_parse_currency (st->tokens[2], &m->cur[0], error)
          || !fx_notation_parse_count (st->tokens[3], &count, error))
        return FALSE;
      m->amount = (XqAmount) count;
      return TRUE;
    }
  if (xq_statement_is (st, 1, "pair"))
    {
      const char *form = "correct pair STRONGER WEAKER VALUE [\"reason\"]";

      fx_move_init (m, FX_MOVE_CORRECT_PAIR);
      return fx_notation_expect_words (st, 5, TRUE, reason, form, error)
             && fx_notation_parse_currency (st->tokens[2], &m->cur[0], error)
             && fx_notation_parse_currency (st->tokens[3], &m->cur[1], error)
             && fx_notation_parse_bounded_amount (st->tokens[4], FALSE, &m->amount, error);
    }
  return fx_notation_parse_table_correction (setup, st, m, reason, error);
}

/**
 * fx_notation_parse_move:
 * @setup: the game's setup, for player names
 * @statement: one statement after the header
 * @move: (out caller-allocates): the move
 * @reason: (out) (optional): a correction's reason, or %NULL
 * @error: return location for a #GError
 *
 * Only the form is checked here; whether the move is legal is the rules'.
 */
gboolean
fx_notation_parse_move (const FxSetup      *setup,
                        const XqStatement  *st,
                        FxMove             *m,
                        char              **reason,
                        GError            **error)
{
  char *ignored_reason = NULL;

  if (reason == NULL)
    reason = &ignored_reason;
  *reason = NULL;

  if (xq_statement_is (st, 0, "spot"))
    {
      fx_move_init (m, FX_MOVE_SPOT);
      return fx_notation_expect_words (st, 5, FALSE, NULL, "spot ACTOR OTHER GIVE TAKE", error)
             && fx_notation_parse_player (setup, st->tokens[1], &m->actor, error)
             && fx_notation_parse_player (setup, st->tokens[2], &m->other, error)
             && fx_notation_parse_currency (st->tokens[3], &m->cur[0], error)
             && fx_notation_parse_currency (st->tokens[4], &m->cur[1], error);
    }
  if (xq_statement_is (st, 0, "contract"))
    {
      fx_move_init (m, FX_MOVE_CONTRACT);
      return fx_notation_expect_words (st, 5, FALSE, NULL, "contract ACTOR PAY AMOUNT RECEIVE", error)
             && fx_notation_parse_player (setup, st->tokens[1], &m->actor, error)
             && fx_notation_parse_currency (st->tokens[2], &m->cur[0], error)
             && fx_notation_parse_bounded_amount (st->tokens[3], TRUE, &m->amount, error)
             && fx_notation_parse_currency (st->tokens[4], &m->cur[1], error);
    }
  if (xq_statement_is (st, 0, "invest"))
    {
      fx_move_init (m, FX_MOVE_INVEST);
      if (st->n_tokens != 3 && st->n_tokens != 4)
        return xq_notation_syntax_error (error, _("the statement reads: %s"), "invest ACTOR CUR [CUR]");
      return fx_notation_parse_player (setup, st->tokens[1], &m->actor, error)
             && fx_notation_parse_currency (st->tokens[2], &m->cur[0], error)
             && (st->n_tokens == 3 || fx_notation_parse_currency (st->tokens[3], &m->cur[1], error));
    }
  if (xq_statement_is (st, 0, "divest"))
    {
      fx_move_init (m, FX_MOVE_DIVEST);
      return parse_divest (setup, st, m, error);
    }
  if (xq_statement_is (st, 0, "resolve"))
    {
      fx_move_init (m, FX_MOVE_RESOLVE);
      if (st->n_tokens != 2 && st->n_tokens != 3)
        return xq_notation_syntax_error (error, _("the statement reads: %s"), "resolve ACTOR [CUR]");
      return fx_notation_parse_player (setup, st->tokens[1], &m->actor, error)
             && (st->n_tokens == 2 || fx_notation_parse_currency (st->tokens[2], &m->cur[0], error));
    }
  if (xq_statement_is (st, 0, "strongest"))
    {
      fx_move_init (m, FX_MOVE_STRONGEST);
      return fx_notation_expect_words (st, 2, FALSE, NULL, "strongest CUR", error)
             && fx_notation_parse_currency (st->tokens[1], &m->cur[0], error);
    }
  if (xq_statement_is (st, 0, "correct"))
    return parse_correction (setup, st, m, reason, error);
  if (xq_statement_is (st, 0, "checkpoint"))
    {
      guint differences;

      /* README.md, "Counting the table": the differences are the corrections just before. */
      fx_move_init (m, FX_MOVE_CHECKPOINT);
      /* A checkpoint is no correction: its reason is called its own. */
      if (st->n_tokens == 3 && !xq_statement_token_quoted (st, 2))
        return xq_notation_syntax_error (error, _("a checkpoint’s reason goes in quotes (\"): %s"),
                                         "checkpoint N [\"reason\"]");
      if (!fx_notation_expect_words (st, 2, TRUE, reason, "checkpoint N [\"reason\"]", error)
          || !fx_notation_parse_count (st->tokens[1], &differences, error))
        return FALSE;
      m->amount = (XqAmount) differences;
      return TRUE;
    }

  if (xq_statement_is (st, 0, "rule"))
    return xq_notation_syntax_error (error,
                                     _("the table rules are chosen before the first move: “rule” lines come right after “removed”"));
  if (xq_statement_is (st, 0, "game") || xq_statement_is (st, 0, "players")
      || xq_statement_is (st, 0, "removed"))
    return xq_notation_syntax_error (error,
                                     _("“%s” belongs to the header, which comes once at the start"),
                                     XQ_QUOTE (st->tokens[0]));
  return xq_notation_syntax_error (error,
                                   _("unknown statement “%s”; a For-Ex move is spot, contract, invest, divest, resolve, strongest or correct"),
                                   XQ_QUOTE (st->tokens[0]));
}

static void
append_player (GString       *out,
               const FxSetup *setup,
               int            player)
{
  g_string_append_c (out, ' ');
  xq_notation_append_name (out, setup->names[player]);
}

static void
append_currency (GString *out,
                 int      currency)
{
  g_string_append_printf (out, " %s", fx_currency_code (currency));
}

static void
append_amount (GString  *out,
               XqAmount  amount)
{
  char buf[XQ_AMOUNT_BUF];

  g_string_append_printf (out, " %s", xq_amount_format (amount, buf));
}

/* Writes the statement without a correction's reason, which the session keeps. */
void
fx_notation_write_move (const FxSetup *setup,
                        const FxMove  *m,
                        GString       *out)
{
  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_SPOT:
      g_string_append (out, "spot");
      append_player (out, setup, m->actor);
      append_player (out, setup, m->other);
      append_currency (out, m->cur[0]);
      append_currency (out, m->cur[1]);
      break;
    case FX_MOVE_CONTRACT:
      g_string_append (out, "contract");
      append_player (out, setup, m->actor);
      append_currency (out, m->cur[0]);
      append_amount (out, m->amount);
      append_currency (out, m->cur[1]);
      break;
    case FX_MOVE_INVEST:
      g_string_append (out, "invest");
      append_player (out, setup, m->actor);
      append_currency (out, m->cur[0]);
      if (m->cur[1] != FX_NO_CURRENCY)
        append_currency (out, m->cur[1]);
      break;
    case FX_MOVE_DIVEST:
      g_string_append (out, "divest");
      append_player (out, setup, m->actor);
      append_currency (out, m->cur[0]);
      g_string_append_printf (out, " %u", m->sells[m->actor]);
      for (int d = 1; d < setup->n_players; d++)
        {
          int p = (m->actor + d) % setup->n_players;

          if ((m->named & (1u << p)) || m->sells[p] > 0)
            {
              append_player (out, setup, p);
              g_string_append_printf (out, " %u", m->sells[p]);
            }
        }
      break;
    case FX_MOVE_RESOLVE:
      g_string_append (out, "resolve");
      append_player (out, setup, m->actor);
      if (m->cur[0] != FX_NO_CURRENCY)
        append_currency (out, m->cur[0]);
      break;
    case FX_MOVE_STRONGEST:
      g_string_append (out, "strongest");
      append_currency (out, m->cur[0]);
      break;
    case FX_MOVE_CORRECT_CASH:
      g_string_append (out, "correct cash");
      append_player (out, setup, m->other);
      append_currency (out, m->cur[0]);
      append_amount (out, m->amount);
      break;
    case FX_MOVE_CORRECT_CERTS:
      g_string_append (out, "correct certs");
      append_player (out, setup, m->other);
      append_currency (out, m->cur[0]);
      g_string_append_printf (out, " %d", m->amount);
      break;
    case FX_MOVE_CORRECT_PILE:
      g_string_append (out, "correct pile");
      append_currency (out, m->cur[0]);
      g_string_append_printf (out, " %d", m->amount);
      break;
    case FX_MOVE_CORRECT_PAIR:
      g_string_append (out, "correct pair");
      append_currency (out, m->cur[0]);
      append_currency (out, m->cur[1]);
      append_amount (out, m->amount);
      break;
    case FX_MOVE_CORRECT_CONTRACT:
    case FX_MOVE_CORRECT_LOAN:
    case FX_MOVE_CORRECT_REMOVE:
    case FX_MOVE_CORRECT_QUEUE:
    case FX_MOVE_CORRECT_DIVIDENDS:
      fx_notation_write_table_correction (setup, m, out);
      break;
    case FX_MOVE_CHECKPOINT:
      g_string_append_printf (out, "checkpoint %d", m->amount);
      break;
    default:
      g_assert_not_reached ();
    }
}

char *
fx_notation_format_move (const FxSetup *setup,
                         const FxMove  *move)
{
  GString *out = g_string_new (NULL);

  fx_notation_write_move (setup, move, out);
  return g_string_free (out, FALSE);
}
