/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Each For-Ex move as one plain sentence, written once: the history, the
 * audit window, the move bar's preview and the PDF all show these words, so
 * there is one set to translate and they cannot drift apart. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-sentence.h"

/**
 * fx_sentence_money:
 * @amount: half-bucks
 * @currency: a currency
 *
 * Returns: (transfer full): "14.5 EUR", with the locale's decimal separator
 *   (notation and files never come here: they always write "14.5")
 */
char *
fx_sentence_money (XqAmount   amount,
                   FxCurrency currency)
{
  g_autofree char *number = xq_amount_to_display_string (amount);

  /* TRANSLATORS: an amount and a currency code, as in "7.5 USD" */
  return g_strdup_printf (C_("money", "%s %s"), number, fx_currency_code (currency));
}

/**
 * fx_sentence_ordinal:
 * @place: 1 to 7: a place at the table or in the queue
 *
 * Returns: "1st", "2nd" …, translated; "" out of range
 */
const char *
fx_sentence_ordinal (guint place)
{
  switch (place)
    {
    case 1:
      return C_("place", "1st");
    case 2:
      return C_("place", "2nd");
    case 3:
      return C_("place", "3rd");
    case 4:
      return C_("place", "4th");
    case 5:
      return C_("place", "5th");
    case 6:
      return C_("place", "6th");
    case 7:
      return C_("place", "7th");
    default:
      return "";
    }
}

/* What the spot exchanged, at the board's rate: one of the stronger currency
 * against the rate's worth of the weaker. */
static char *
describe_spot (const FxSetup *setup,
               const FxState *before,
               const FxMove  *m)
{
  gboolean gives_stronger = fx_board_stronger (&before->board, m->cur[0], m->cur[1]) == m->cur[0];
  XqAmount rate = fx_board_rate (&before->board, m->cur[0], m->cur[1]);
  g_autofree char *give = fx_sentence_money (gives_stronger ? XQ_BUCKS (1) : rate, m->cur[0]);
  g_autofree char *take = fx_sentence_money (gives_stronger ? rate : XQ_BUCKS (1), m->cur[1]);

  /* TRANSLATORS: a spot transaction: "Alice gives Bob 1 CHF for 1.5 JPY" */
  return g_strdup_printf (_("%s gives %s %s for %s"), setup->names[m->actor], setup->names[m->other], give, take);
}

/* The contract as the rules wrote it: its letter and both amounts, which
 * only the state after the move holds. */
static char *
describe_contract (const FxSetup *setup,
                   const FxState *before,
                   const FxMove  *m,
                   const FxState *after)
{
  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      const FxLetter *letter = &after->letters[l];
      g_autofree char *pay = NULL;
      g_autofree char *receive = NULL;

      if (before->letters[l].use != FX_LETTER_FREE || letter->use != FX_LETTER_CONTRACT)
        continue;
      pay = fx_sentence_money (letter->pay_amount, letter->pay);
      receive = fx_sentence_money (letter->receive_amount, letter->receive);
      /* TRANSLATORS: "Bob makes contract B: will pay 6 USD and receive 12 JPY" */
      return g_strdup_printf (_("%s makes contract %c: will pay %s and receive %s"), setup->names[m->actor],
                              'A' + l, pay, receive);
    }
  return g_strdup_printf (_("%s makes a contract"), setup->names[m->actor]);
}

/* The actor's sale, then each other seller's in clockwise order, by name. */
static char *
describe_divest (const FxSetup *setup,
                 const FxMove  *m)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out,
                          g_dngettext (GETTEXT_PACKAGE, "%s sells %u %s certificate",
                                       "%s sells %u %s certificates", m->sells[m->actor]),
                          setup->names[m->actor], m->sells[m->actor], fx_currency_code (m->cur[0]));
  for (int i = 1; i < setup->n_players; i++)
    {
      int p = (m->actor + i) % setup->n_players;

      if (m->sells[p] == 0)
        continue;
      g_string_append (out, _("; "));
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s sells %u", "%s sells %u", m->sells[p]),
                              setup->names[p], m->sells[p]);
    }
  return g_string_free (out, FALSE);
}

/* A dividend card; the currency the actor chose to strengthen when several
 * tied for the most certificates; the last card ends the game. */
static char *
describe_dividend (const char    *actor,
                   const FxState *before,
                   const FxMove  *m,
                   const FxState *after)
{
  guint card = FX_N_DIVIDEND_CARDS - before->dividends_left;
  gboolean last = after->dividends_left == 0;

  if (m->cur[0] != FX_NO_CURRENCY && last)
    return g_strdup_printf (_("%s resolves the last Dividend (card %u) and strengthens %s; the rest of the queue "
                              "resolves itself and the game ends"), actor, card, fx_currency_code (m->cur[0]));
  if (m->cur[0] != FX_NO_CURRENCY)
    /* TRANSLATORS: "Cynthia resolves the Dividend: card 2 and strengthens CHF" (currencies
     * tied for the most certificates, and Cynthia chose which one the dividend strengthens) */
    return g_strdup_printf (_("%s resolves the Dividend: card %u and strengthens %s"), actor, card,
                            fx_currency_code (m->cur[0]));
  if (last)
    return g_strdup_printf (_("%s resolves the last Dividend (card %u); the rest of the queue resolves itself and "
                              "the game ends"), actor, card);
  /* TRANSLATORS: "Cynthia resolves the Dividend: card 2" */
  return g_strdup_printf (_("%s resolves the Dividend: card %u"), actor, card);
}

/* The front of the queue, and what became of it. */
static char *
describe_resolve (const FxSetup *setup,
                  const FxState *before,
                  const FxMove  *m,
                  const FxState *after)
{
  const FxQueueItem *front = &before->queue[0];
  const FxLetter *letter = &before->letters[front->letter];
  const char *actor = setup->names[m->actor];

  if (front->kind == FX_ITEM_DIVIDENDS)
    return describe_dividend (actor, before, m, after);
  if (front->kind == FX_ITEM_LOAN)
    {
      if (after->status == FX_STATUS_BANKRUPT)
        return g_strdup_printf (_("%s resolves loan %c: %s cannot pay and is bankrupt"),
                                actor, 'A' + front->letter, setup->names[letter->owner]);
      return g_strdup_printf (_("%s resolves loan %c: %s repays it"),
                              actor, 'A' + front->letter, setup->names[letter->owner]);
    }
  if (after->letters[front->letter].use == FX_LETTER_LOAN)
    return g_strdup_printf (_("%s resolves contract %c: %s cannot pay, so it becomes a loan"),
                            actor, 'A' + front->letter, setup->names[letter->owner]);
  if (fx_state_loan_of (before, letter->owner) >= 0
      && before->cash[letter->owner][letter->pay] < letter->pay_amount)
    return g_strdup_printf (_("%s resolves contract %c: %s cannot pay; the debt joins their loan"),
                            actor, 'A' + front->letter, setup->names[letter->owner]);
  return g_strdup_printf (_("%s resolves contract %c: %s pays"),
                          actor, 'A' + front->letter, setup->names[letter->owner]);
}

/* "Correction: Bob owes loan C: 7 USD and 3 JPY" */
static char *
describe_loan_correction (const FxSetup *setup,
                          const FxMove  *m)
{
  GString *debts = g_string_new (NULL);
  g_autofree char *list = NULL;
  char *sentence;

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *money = NULL;

      if (m->owed[c] == 0)
        continue;
      money = fx_sentence_money (m->owed[c], c);
      if (debts->len > 0)
        g_string_append (debts, _(", "));
      g_string_append (debts, money);
    }
  list = g_string_free (debts, FALSE);
  /* TRANSLATORS: "Correction: Bob owes loan C: 7 USD, 3 JPY" */
  sentence = g_strdup_printf (_("Correction: %s owes loan %c: %s"), setup->names[m->other], 'A' + m->letter, list);
  return sentence;
}

/* "Correction: the queue reads D, A, Dividends, C" */
static char *
describe_queue_correction (const FxMove *m)
{
  GString *items = g_string_new (NULL);
  g_autofree char *list = NULL;

  for (int i = 0; i < m->queue_len; i++)
    {
      if (i > 0)
        g_string_append (items, _(", "));
      if (m->queue[i].kind == FX_ITEM_DIVIDENDS)
        g_string_append (items, _("Dividends"));
      else
        g_string_append_c (items, (char) ('A' + m->queue[i].letter));
    }
  list = g_string_free (items, FALSE);
  /* TRANSLATORS: the queue's new order after a correction, front first */
  return g_strdup_printf (_("Correction: the queue reads %s"), list);
}

/**
 * fx_sentence_move:
 * @setup: the game's setup
 * @before: the position @move is played in
 * @move: a move the rules accept in @before
 *
 * What the move does, in one sentence a player reads: "Bob makes contract
 * B: will pay 6 USD and receive 12 JPY". The amounts and outcomes are the
 * rules' own, from @move played on a copy of @before.
 *
 * Returns: (transfer full): the sentence
 */
char *
fx_sentence_move (const FxSetup *setup,
                  const FxState *before,
                  const FxMove  *m)
{
  FxState after = *before;

  g_return_val_if_fail (setup != NULL && before != NULL && m != NULL, NULL);

  /* Callers describe recorded or previewed moves, which the rules have
   * accepted; were one refused, @after stays @before. */
  if (!fx_state_apply (setup, &after, m, NULL))
    g_debug ("describing a move the rules refuse");
  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_SPOT:
      return describe_spot (setup, before, m);
    case FX_MOVE_CONTRACT:
      return describe_contract (setup, before, m, &after);
    case FX_MOVE_INVEST:
      if (m->cur[1] == FX_NO_CURRENCY)
        return g_strdup_printf (_("%s buys a %s certificate"), setup->names[m->actor], fx_currency_code (m->cur[0]));
      return g_strdup_printf (_("%s buys a %s and a %s certificate"), setup->names[m->actor],
                              fx_currency_code (m->cur[0]), fx_currency_code (m->cur[1]));
    case FX_MOVE_DIVEST:
      return describe_divest (setup, m);
    case FX_MOVE_RESOLVE:
      return describe_resolve (setup, before, m, &after);
    case FX_MOVE_STRONGEST:
      return g_strdup_printf (_("%s is chosen as the strongest currency"), fx_currency_code (m->cur[0]));
    case FX_MOVE_CORRECT_CASH:
      {
        g_autofree char *money = fx_sentence_money (m->amount, m->cur[0]);

        return g_strdup_printf (_("Correction: %s holds %s"), setup->names[m->other], money);
      }
    case FX_MOVE_CORRECT_CERTS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Correction: %s holds %d %s certificate",
                                           "Correction: %s holds %d %s certificates", (gulong) m->amount),
                              setup->names[m->other], m->amount, fx_currency_code (m->cur[0]));
    case FX_MOVE_CORRECT_PILE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Correction: the %s pile holds %d certificate",
                                           "Correction: the %s pile holds %d certificates", (gulong) m->amount),
                              fx_currency_code (m->cur[0]), m->amount);
    case FX_MOVE_CORRECT_PAIR:
      {
        g_autofree char *value = xq_amount_to_display_string (m->amount);

        return g_strdup_printf (_("Correction: 1 %s = %s %s"), fx_currency_code (m->cur[0]), value,
                                fx_currency_code (m->cur[1]));
      }
    case FX_MOVE_CORRECT_CONTRACT:
      {
        g_autofree char *pay = fx_sentence_money (m->amount, m->cur[0]);
        g_autofree char *receive = fx_sentence_money (m->receive_amount, m->cur[1]);

        /* TRANSLATORS: "Correction: contract B is Bob’s: will pay 6 USD and receive 12 JPY" */
        return g_strdup_printf (_("Correction: contract %c is %s’s: will pay %s and receive %s"), 'A' + m->letter,
                                setup->names[m->other], pay, receive);
      }
    case FX_MOVE_CORRECT_LOAN:
      return describe_loan_correction (setup, m);
    case FX_MOVE_CORRECT_REMOVE:
      /* What was taken away is in no later state: the sentence keeps it. */
      if (before->letters[m->letter].use == FX_LETTER_LOAN)
        /* TRANSLATORS: a loan taken out of the queue by a correction: "Correction: Ann’s loan B is removed from the queue" */
        return g_strdup_printf (_("Correction: %s’s loan %c is removed from the queue"),
                                setup->names[before->letters[m->letter].owner], 'A' + m->letter);
      if (before->letters[m->letter].use == FX_LETTER_CONTRACT)
        /* TRANSLATORS: a contract taken out of the queue by a correction: "Correction: Cat’s contract B is removed from the queue" */
        return g_strdup_printf (_("Correction: %s’s contract %c is removed from the queue"),
                                setup->names[before->letters[m->letter].owner], 'A' + m->letter);
      /* TRANSLATORS: a contract or loan taken out of the queue by a correction */
      return g_strdup_printf (_("Correction: %c is removed from the queue"), 'A' + m->letter);
    case FX_MOVE_CORRECT_QUEUE:
      return describe_queue_correction (m);
    case FX_MOVE_CORRECT_DIVIDENDS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Correction: %d Dividend card is left",
                                           "Correction: %d Dividend cards are left", (gulong) m->amount),
                              m->amount);
    case FX_MOVE_CHECKPOINT:
      if (m->amount == 0)
        /* TRANSLATORS: a count of the table, in the history; the reason says when it was */
        return g_strdup (_("The table was counted and agreed with the app"));
      /* TRANSLATORS: a count of the table, in the history; the corrections are the moves just before */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The table was counted; %d difference was corrected",
                                           "The table was counted; %d differences were corrected", (gulong) m->amount),
                              m->amount);
    default:
      return g_strdup (_("Unknown move"));
    }
}

/*
 * Turns, as `exchequer-cli state` counts them (notation.md): `turn N` is the
 * number of turns completed, a spot and its action making one, the turn that
 * ends the game included; corrections and `strongest` take none. Every screen
 * that numbers turns says either how many are done (a position) or which one
 * a move belongs to (the N-th turn is the one that, done, makes N), so the
 * two agree with the CLI's line after the turn's action.
 */

/**
 * fx_sentence_turns_played:
 * @state: a position
 *
 * Returns: (transfer full): "12 turns played": the CLI's `turn` line for @state
 */
char *
fx_sentence_turns_played (const FxState *state)
{
  /* TRANSLATORS: how far the game is: the turns completed so far */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u turn played", "%u turns played", state->turn),
                          (guint) state->turn);
}

/**
 * fx_sentence_turn_of_move:
 * @before: the position before @move
 * @move: a move
 *
 * Returns: (transfer full) (nullable): "Turn 13" for a spot or an action of
 *   the thirteenth turn, after which the CLI says `turn 13`; %NULL for a
 *   correction or the choice of the strongest currency, which take no turn
 */
char *
fx_sentence_turn_of_move (const FxState *before,
                          const FxMove  *move)
{
  if (move->kind < FX_MOVE_SPOT || move->kind > FX_MOVE_RESOLVE)
    return NULL;
  /* TRANSLATORS: the turn a move belongs to, counted from 1, in the history */
  return g_strdup_printf (_("Turn %u"), (guint) before->turn + 1);
}
