/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Plain-language sentences for the report's move list. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-report-text.h"

/* For people: the locale's decimal separator ("7,5" in German). */
static const char *
amount (XqAmount value,
        char     buf[XQ_AMOUNT_BUF])
{
  g_autofree char *text = xq_amount_to_display_string (value);

  g_strlcpy (buf, text, XQ_AMOUNT_BUF);
  return buf;
}

/* What the spot moved: the actor's losses and gains, read off the states. */
static char *
describe_spot (const FxSetup *setup,
               const FxState *before,
               const FxMove  *m,
               const FxState *after)
{
  char gave[XQ_AMOUNT_BUF], took[XQ_AMOUNT_BUF];
  FxCurrency give = m->cur[0], take = m->cur[1];

  /* TRANSLATORS: a spot transaction: "Alice gives Bob 1 CHF for 1.5 JPY" */
  return g_strdup_printf (_("%s gives %s %s %s for %s %s"),
                          setup->names[m->actor], setup->names[m->other],
                          amount (before->cash[m->actor][give] - after->cash[m->actor][give], gave),
                          fx_currency_code (give),
                          amount (after->cash[m->actor][take] - before->cash[m->actor][take], took),
                          fx_currency_code (take));
}

static char *
describe_contract (const FxSetup *setup,
                   const FxState *before,
                   const FxMove  *m,
                   const FxState *after)
{
  char pay[XQ_AMOUNT_BUF], receive[XQ_AMOUNT_BUF];

  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      const FxLetter *letter = &after->letters[l];

      if (before->letters[l].use != FX_LETTER_FREE || letter->use != FX_LETTER_CONTRACT)
        continue;
      /* TRANSLATORS: "Bob makes contract B: he will pay 6 USD and receive 12 JPY" */
      return g_strdup_printf (_("%s makes contract %c: will pay %s %s and receive %s %s"),
                              setup->names[m->actor], 'A' + l,
                              amount (letter->pay_amount, pay), fx_currency_code (letter->pay),
                              amount (letter->receive_amount, receive), fx_currency_code (letter->receive));
    }
  return g_strdup_printf (_("%s makes a contract"), setup->names[m->actor]);
}

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
    {
      guint card = FX_N_DIVIDEND_CARDS - before->dividends_left;

      if (after->dividends_left > 0)
        /* TRANSLATORS: "Cynthia resolves the Dividend: card 2" */
        return g_strdup_printf (_("%s resolves the Dividend: card %u"), actor, card);
      return g_strdup_printf (_("%s resolves the last Dividend (card %u); the rest of the queue resolves itself and the game ends"),
                              actor, card);
    }
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

/**
 * fx_report_describe_move:
 *
 * Returns: (transfer full): one sentence on what @move did between @before and @after
 */
char *
fx_report_describe_move (const FxSetup *setup,
                         const FxState *before,
                         const FxMove  *m,
                         const FxState *after)
{
  char buf[XQ_AMOUNT_BUF];

  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_SPOT:
      return describe_spot (setup, before, m, after);
    case FX_MOVE_CONTRACT:
      return describe_contract (setup, before, m, after);
    case FX_MOVE_INVEST:
      if (m->cur[1] == FX_NO_CURRENCY)
        return g_strdup_printf (_("%s buys a %s certificate"), setup->names[m->actor],
                                fx_currency_code (m->cur[0]));
      return g_strdup_printf (_("%s buys a %s and a %s certificate"), setup->names[m->actor],
                              fx_currency_code (m->cur[0]), fx_currency_code (m->cur[1]));
    case FX_MOVE_DIVEST:
      return describe_divest (setup, m);
    case FX_MOVE_RESOLVE:
      return describe_resolve (setup, before, m, after);
    case FX_MOVE_STRONGEST:
      return g_strdup_printf (_("%s is chosen as the strongest currency"), fx_currency_code (m->cur[0]));
    case FX_MOVE_CORRECT_CASH:
      return g_strdup_printf (_("Correction: %s holds %s %s"), setup->names[m->other],
                              amount (m->amount, buf), fx_currency_code (m->cur[0]));
    case FX_MOVE_CORRECT_CERTS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Correction: %s holds %d %s certificate",
                                           "Correction: %s holds %d %s certificates", (gulong) m->amount),
                              setup->names[m->other], m->amount, fx_currency_code (m->cur[0]));
    case FX_MOVE_CORRECT_PILE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Correction: the %s pile holds %d certificate",
                                           "Correction: the %s pile holds %d certificates", (gulong) m->amount),
                              fx_currency_code (m->cur[0]), m->amount);
    case FX_MOVE_CORRECT_PAIR:
      return g_strdup_printf (_("Correction: 1 %s = %s %s"), fx_currency_code (m->cur[0]),
                              amount (m->amount, buf), fx_currency_code (m->cur[1]));
    default:
      return g_strdup (_("Unknown move"));
    }
}
