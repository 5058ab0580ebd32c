/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Corrections of what lies in the queue (issue #17): a contract's terms or
 * owner, a loan's debts, a letter taken away, the order, the dividend cards
 * left. Each refuses a table the rules could never reach with the rule's
 * own sentence; fx-rules.c calls these on its scratch copy, so a refusal
 * changes nothing. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-rules-table.h"
#include "xq-error.h"

#define refuse XQ_RULE_REFUSE

/* Where @letter stands in the queue, or -1. */
static int
queue_position (const FxState *s,
                int            letter)
{
  for (int i = 0; i < s->queue_len; i++)
    if (s->queue[i].kind != FX_ITEM_DIVIDENDS && s->queue[i].letter == letter)
      return i;
  return -1;
}

/* A letter in use keeps its place in the queue; a free one joins the back,
 * as a new contract would. */
static void
place_letter (FxState    *s,
              int         letter,
              FxItemKind  kind)
{
  int at = queue_position (s, letter);

  if (at < 0)
    {
      g_assert (s->queue_len < FX_QUEUE_MAX);
      at = s->queue_len++;
    }
  s->queue[at].kind = (gint8) kind;
  s->queue[at].letter = (gint8) letter;
}

/* One side a whole number n from 1 to 10, the other n times a track value:
 * what do_contract writes, whichever currency was the stronger then. */
static gboolean
terms_possible (XqAmount whole,
                XqAmount other)
{
  guint space;

  if (whole % 2 != 0 || whole < XQ_BUCKS (1) || whole > XQ_BUCKS (10))
    return FALSE;
  return other % (whole / 2) == 0 && fx_track_space_of (other / (whole / 2), &space);
}

static gboolean
correct_contract (const FxSetup  *setup,
                  FxState        *s,
                  const FxMove   *m,
                  GError        **error)
{
  FxLetter *letter = &s->letters[m->letter];

  if (m->cur[0] == m->cur[1])
    return refuse (error, _("a contract pays one currency and receives another"));
  if (!terms_possible (m->amount, m->receive_amount) && !terms_possible (m->receive_amount, m->amount))
    return refuse (error,
                   _("a contract exchanges a whole number from 1 to 10 of one currency for that number times a track value (1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6 or 8) of the other"));
  place_letter (s, m->letter, FX_ITEM_CONTRACT);
  memset (letter, 0, sizeof *letter);
  letter->use = FX_LETTER_CONTRACT;
  letter->owner = m->other;
  letter->pay = m->cur[0];
  letter->receive = m->cur[1];
  letter->pay_amount = m->amount;
  letter->receive_amount = m->receive_amount;
  return TRUE;
}

static gboolean
correct_loan (const FxSetup  *setup,
              FxState        *s,
              const FxMove   *m,
              GError        **error)
{
  FxLetter *letter = &s->letters[m->letter];
  gboolean owes = FALSE;
  int other_loan;

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      if (m->owed[c] < 0 || m->owed[c] > XQ_AMOUNT_MAX)
        return refuse (error, _("a loan owes an amount from 0 to what the game can count in each currency"));
      owes |= m->owed[c] > 0;
    }
  if (!owes)
    return refuse (error, _("a loan owes something; to take it away use “correct remove”"));
  /* A second unpaid contract joins the owner's loan (the rules' "Loans"). */
  other_loan = fx_state_loan_of (s, m->other);
  if (other_loan >= 0 && other_loan != m->letter)
    return refuse (error, _("%s already owes loan %c; a player has at most one loan, and a new debt joins it"),
                   setup->names[m->other], 'A' + other_loan);
  place_letter (s, m->letter, FX_ITEM_LOAN);
  memset (letter, 0, sizeof *letter);
  letter->use = FX_LETTER_LOAN;
  letter->owner = m->other;
  memcpy (letter->owed, m->owed, sizeof letter->owed);
  return TRUE;
}

static gboolean
correct_remove (FxState       *s,
                const FxMove  *m,
                GError       **error)
{
  int at = queue_position (s, m->letter);

  if (s->letters[m->letter].use == FX_LETTER_FREE || at < 0)
    return refuse (error, _("letter %c is free: there is no contract or loan to remove"), 'A' + m->letter);
  memmove (&s->queue[at], &s->queue[at + 1], sizeof (FxQueueItem) * (gsize) (s->queue_len - at - 1));
  s->queue_len--;
  memset (&s->letters[m->letter], 0, sizeof s->letters[m->letter]);
  s->letters[m->letter].owner = FX_NO_PLAYER;
  return TRUE;
}

/* The queue as XQN names its items: "D A dividends C". */
static char *
queue_words (const FxState *s)
{
  GString *out = g_string_new (NULL);

  for (int i = 0; i < s->queue_len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      if (s->queue[i].kind == FX_ITEM_DIVIDENDS)
        g_string_append (out, "dividends");
      else
        g_string_append_c (out, (char) ('A' + s->queue[i].letter));
    }
  return g_string_free (out, FALSE);
}

/* Only the order changes: the same items, each once. */
static gboolean
correct_queue (FxState       *s,
               const FxMove  *m,
               GError       **error)
{
  FxQueueItem order[FX_QUEUE_MAX];
  guint seen = 0;
  gboolean ok = m->queue_len == s->queue_len;

  for (int i = 0; ok && i < m->queue_len; i++)
    {
      const FxQueueItem *item = &m->queue[i];
      guint bit;

      if (item->kind == FX_ITEM_DIVIDENDS)
        {
          bit = 1u << FX_N_LETTERS;
          order[i].kind = FX_ITEM_DIVIDENDS;
          order[i].letter = 0;
          ok = s->dividends_left > 0;
        }
      else
        {
          bit = 1u << item->letter;
          order[i].letter = item->letter;
          order[i].kind = s->letters[item->letter].use == FX_LETTER_LOAN ? FX_ITEM_LOAN : FX_ITEM_CONTRACT;
          ok = queue_position (s, item->letter) >= 0;
        }
      ok = ok && !(seen & bit);
      seen |= bit;
    }
  if (!ok)
    {
      g_autofree char *words = queue_words (s);

      return refuse (error,
                     _("the queue holds %s; a queue correction lists exactly these, each once, in their new order (“correct contract”, “correct loan” and “correct remove” add and take away)"),
                     words);
    }
  memcpy (s->queue, order, sizeof (FxQueueItem) * m->queue_len);
  return TRUE;
}

static gboolean
correct_dividends (FxState       *s,
                   const FxMove  *m,
                   GError       **error)
{
  /* Card 4, the last, ends the game when resolved: while the game goes on at
   * least that card is left, and the stack starts with five. */
  if (m->amount < 1 || m->amount > FX_N_DIVIDEND_CARDS)
    return refuse (error, _("the dividend stack holds 1 to %d cards while the game goes on"), FX_N_DIVIDEND_CARDS);
  if (s->dividends_left == 0)
    return refuse (error, _("the dividend stack is gone: the last card was resolved"));
  s->dividends_left = (guint8) m->amount;
  return TRUE;
}

/**
 * fx_rules_correct_table:
 * @setup: the game's setup
 * @state: the scratch position to change
 * @move: a correction of a contract, a loan, a removal, the order or the
 *   dividend cards
 * @error: return location for a #GError naming the rule that refuses it
 *
 * Returns: %TRUE if the corrected table is one the rules allow
 */
gboolean
fx_rules_correct_table (const FxSetup  *setup,
                        FxState        *s,
                        const FxMove   *m,
                        GError        **error)
{
  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_CORRECT_CONTRACT:
    case FX_MOVE_CORRECT_LOAN:
    case FX_MOVE_CORRECT_REMOVE:
      if (m->letter < 0 || m->letter >= FX_N_LETTERS)
        return refuse (error, _("contracts and loans are lettered A to F"));
      if (m->kind == FX_MOVE_CORRECT_REMOVE)
        return correct_remove (s, m, error);
      if (m->other < 0 || m->other >= s->n_players)
        return refuse (error, _("a correction names a player at the table"));
      if (m->kind == FX_MOVE_CORRECT_CONTRACT)
        return correct_contract (setup, s, m, error);
      return correct_loan (setup, s, m, error);
    case FX_MOVE_CORRECT_QUEUE:
      if (m->queue_len > FX_QUEUE_MAX)
        return refuse (error, _("the queue holds at most %d items"), FX_QUEUE_MAX);
      for (int i = 0; i < m->queue_len; i++)
        if (m->queue[i].kind != FX_ITEM_DIVIDENDS
            && (m->queue[i].letter < 0 || m->queue[i].letter >= FX_N_LETTERS))
          return refuse (error, _("contracts and loans are lettered A to F"));
      return correct_queue (s, m, error);
    case FX_MOVE_CORRECT_DIVIDENDS:
      return correct_dividends (s, m, error);
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
