/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XQN for the corrections of the queue's contents (issue #17): contracts,
 * loans, removals, the order and the dividend cards. README.md, "Correcting
 * the queue", describes the statements; the rules judge them. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-notation-private.h"
#include "xq-quote.h"

static gboolean
parse_letter (const char  *token,
              gint8       *out,
              GError     **error)
{
  char c = g_ascii_toupper (token[0]);

  if (token[0] == '\0' || token[1] != '\0' || c < 'A' || c >= 'A' + FX_N_LETTERS)
    return xq_notation_syntax_error (error, _("“%s” is not a letter; contracts and loans are lettered A to F"),
                                     XQ_QUOTE (token));
  *out = (gint8) (c - 'A');
  return TRUE;
}

/* Forms whose length varies: a trailing quoted token is the reason. */
static guint
words_before_reason (const XqStatement  *st,
                     char              **reason)
{
  if (st->n_tokens > 2 && xq_statement_token_quoted (st, st->n_tokens - 1))
    {
      *reason = xq_statement_dup_reason (st, st->n_tokens - 1);
      return st->n_tokens - 1;
    }
  return st->n_tokens;
}

static gboolean
parse_loan (const FxSetup      *setup,
            const XqStatement  *st,
            FxMove             *m,
            char              **reason,
            GError            **error)
{
  const char *form = "correct loan LETTER OWNER CUR AMOUNT [CUR AMOUNT]… [\"reason\"]";
  guint n = words_before_reason (st, reason);
  guint named = 0;

  if (n < 6 || (n - 4) % 2 != 0)
    return xq_notation_syntax_error (error, _("the statement reads: %s"), form);
  if (!parse_letter (st->tokens[2], &m->letter, error)
      || !fx_notation_parse_player (setup, st->tokens[3], &m->other, error))
    return FALSE;
  for (guint i = 4; i < n; i += 2)
    {
      gint8 c = FX_NO_CURRENCY;

      if (!fx_notation_parse_currency (st->tokens[i], &c, error)
          || !fx_notation_parse_amount (st->tokens[i + 1], &m->owed[c], error))
        return FALSE;
      if (named & (1u << c))
        return xq_notation_syntax_error (error, _("a loan names each currency once; %s comes twice"),
                                         fx_currency_code (c));
      named |= 1u << c;
    }
  return TRUE;
}

static gboolean
parse_queue (const XqStatement  *st,
             FxMove             *m,
             char              **reason,
             GError            **error)
{
  guint n = words_before_reason (st, reason);

  if (n < 3)
    return xq_notation_syntax_error (error, _("the statement reads: %s"), "correct queue ITEM… [\"reason\"]");
  if (n - 2 > FX_QUEUE_MAX)
    return xq_notation_syntax_error (error, _("the queue holds at most %d items"), FX_QUEUE_MAX);
  for (guint i = 2; i < n; i++)
    {
      FxQueueItem *item = &m->queue[m->queue_len++];

      if (xq_statement_is (st, i, "dividends"))
        item->kind = FX_ITEM_DIVIDENDS;
      else if (!parse_letter (st->tokens[i], &item->letter, error))
        return FALSE;
      else
        item->kind = FX_ITEM_CONTRACT;
    }
  return TRUE;
}

/**
 * fx_notation_parse_table_correction:
 *
 * `correct contract|loan|remove|queue|dividends …`; any other word after
 * `correct` is refused with the list of every kind.
 */
gboolean
fx_notation_parse_table_correction (const FxSetup      *setup,
                                    const XqStatement  *st,
                                    FxMove             *m,
                                    char              **reason,
                                    GError            **error)
{
  guint count;

  if (xq_statement_is (st, 1, "contract"))
    {
      const char *form = "correct contract LETTER OWNER AMOUNT PAY AMOUNT RECEIVE [\"reason\"]";

      fx_move_init (m, FX_MOVE_CORRECT_CONTRACT);
      return fx_notation_expect_words (st, 8, TRUE, reason, form, error)
             && parse_letter (st->tokens[2], &m->letter, error)
             && fx_notation_parse_player (setup, st->tokens[3], &m->other, error)
             && fx_notation_parse_amount (st->tokens[4], &m->amount, error)
             && fx_notation_parse_currency (st->tokens[5], &m->cur[0], error)
             && fx_notation_parse_amount (st->tokens[6], &m->receive_amount, error)
             && fx_notation_parse_currency (st->tokens[7], &m->cur[1], error);
    }
  if (xq_statement_is (st, 1, "loan"))
    {
      fx_move_init (m, FX_MOVE_CORRECT_LOAN);
      return parse_loan (setup, st, m, reason, error);
    }
  if (xq_statement_is (st, 1, "remove"))
    {
      fx_move_init (m, FX_MOVE_CORRECT_REMOVE);
      return fx_notation_expect_words (st, 3, TRUE, reason, "correct remove LETTER [\"reason\"]", error)
             && parse_letter (st->tokens[2], &m->letter, error);
    }
  if (xq_statement_is (st, 1, "queue"))
    {
      fx_move_init (m, FX_MOVE_CORRECT_QUEUE);
      return parse_queue (st, m, reason, error);
    }
  if (xq_statement_is (st, 1, "dividends"))
    {
      fx_move_init (m, FX_MOVE_CORRECT_DIVIDENDS);
      if (!fx_notation_expect_words (st, 3, TRUE, reason, "correct dividends N [\"reason\"]", error)
          || !fx_notation_parse_count (st->tokens[2], &count, error))
        return FALSE;
      m->amount = (XqAmount) count;
      return TRUE;
    }
  return xq_notation_syntax_error (error,
                                   _("a correction sets cash, certs, pile, pair, contract, loan, remove, queue or dividends: “correct cash PLAYER CUR AMOUNT”"));
}

static void
append_word (GString    *out,
             const char *word)
{
  g_string_append_c (out, ' ');
  g_string_append (out, word);
}

static void
append_amount (GString  *out,
               XqAmount  amount)
{
  char buf[XQ_AMOUNT_BUF];

  append_word (out, xq_amount_format (amount, buf));
}

static void
append_letter (GString *out,
               int      letter)
{
  g_string_append_printf (out, " %c", 'A' + letter);
}

/* The statement without its reason, which the session keeps; a loan's
 * debts in board order, as `state` lists them. */
void
fx_notation_write_table_correction (const FxSetup *setup,
                                    const FxMove  *m,
                                    GString       *out)
{
  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_CORRECT_CONTRACT:
      g_string_append (out, "correct contract");
      append_letter (out, m->letter);
      g_string_append_c (out, ' ');
      xq_notation_append_name (out, setup->names[m->other]);
      append_amount (out, m->amount);
      append_word (out, fx_currency_code (m->cur[0]));
      append_amount (out, m->receive_amount);
      append_word (out, fx_currency_code (m->cur[1]));
      break;
    case FX_MOVE_CORRECT_LOAN:
      g_string_append (out, "correct loan");
      append_letter (out, m->letter);
      g_string_append_c (out, ' ');
      xq_notation_append_name (out, setup->names[m->other]);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (m->owed[c] != 0)
          {
            append_word (out, fx_currency_code (c));
            append_amount (out, m->owed[c]);
          }
      break;
    case FX_MOVE_CORRECT_REMOVE:
      g_string_append (out, "correct remove");
      append_letter (out, m->letter);
      break;
    case FX_MOVE_CORRECT_QUEUE:
      g_string_append (out, "correct queue");
      for (int i = 0; i < m->queue_len; i++)
        {
          if (m->queue[i].kind == FX_ITEM_DIVIDENDS)
            append_word (out, "dividends");
          else
            append_letter (out, m->queue[i].letter);
        }
      break;
    case FX_MOVE_CORRECT_DIVIDENDS:
      g_string_append_printf (out, "correct dividends %d", m->amount);
      break;
    case FX_MOVE_SPOT:
    case FX_MOVE_CONTRACT:
    case FX_MOVE_INVEST:
    case FX_MOVE_DIVEST:
    case FX_MOVE_RESOLVE:
    case FX_MOVE_STRONGEST:
    case FX_MOVE_CORRECT_CASH:
    case FX_MOVE_CORRECT_CERTS:
    case FX_MOVE_CORRECT_PILE:
    case FX_MOVE_CORRECT_PAIR:
    case FX_MOVE_CHECKPOINT:
    default:
      g_assert_not_reached ();
    }
}
