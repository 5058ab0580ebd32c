/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Which currency each dividend of a game strengthened, and why. The rules
 * decide it (fx_state_dividend_strengthens); this only asks them again,
 * move by move, and puts their answer in words for the audit window and
 * the report, so a player can check every step of the board against it. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-dividends.h"

/**
 * fx_dividend_of_move:
 * @setup: the game's setup
 * @before: the position @move was played in
 * @move: a recorded move
 * @index: @move's place in the session, from 0
 * @out: (out caller-allocates): the dividend, when @move resolved one
 *
 * Returns: whether @move resolved a dividend
 */
gboolean
fx_dividend_of_move (const FxSetup *setup,
                     const FxState *before,
                     const FxMove  *move,
                     guint          index,
                     FxDividend    *out)
{
  int strengthens;
  guint n_tied;

  g_return_val_if_fail (setup != NULL && before != NULL && move != NULL && out != NULL, FALSE);

  if (move->kind != FX_MOVE_RESOLVE || before->queue_len == 0 || before->queue[0].kind != FX_ITEM_DIVIDENDS
      || fx_state_is_over (before))
    return FALSE;
  /* The rules' own answer, from the position the dividend was resolved in:
   * paying it changes no certificate, so the holdings are the ones counted. */
  strengthens = fx_state_dividend_strengthens (setup, before, move->cur[0], NULL);
  if (strengthens < 0)
    return FALSE;   /* a move the rules refuse resolved nothing */

  memset (out, 0, sizeof *out);
  out->move = index;
  out->card = (guint8) (FX_N_DIVIDEND_CARDS - before->dividends_left);
  out->actor = move->actor;
  out->last = before->dividends_left == 1;
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    out->held[c] = (guint8) fx_state_certs_held (before, c);
  n_tied = fx_state_most_held (before, out->tied);
  if (strengthens == FX_N_CURRENCIES)
    {
      out->strengthened = FX_NO_CURRENCY;
      out->why = FX_DIVIDEND_NONE;
    }
  else
    {
      out->strengthened = (gint8) strengthens;
      out->why = n_tied == 1 ? FX_DIVIDEND_MOST : FX_DIVIDEND_CHOSEN;
    }
  return TRUE;
}

/**
 * fx_dividends_collect:
 * @session: a For-Ex session
 *
 * Every dividend resolved in @session, in the order of its moves; the last
 * card's too, whose resolve move also ended the game.
 *
 * Returns: (transfer full) (element-type FxDividend): the dividends
 */
GArray *
fx_dividends_collect (XqSession *session)
{
  const FxSetup *setup = xq_session_get_setup (session);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (FxDividend));
  FxState state;

  xq_session_get_state_at (session, 0, &state);
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      const FxMove *move = xq_session_get_move (session, i);
      FxDividend dividend;

      if (fx_dividend_of_move (setup, &state, move, i, &dividend))
        g_array_append_val (out, dividend);
      if (!fx_state_apply (setup, &state, move, NULL))
        g_warn_if_reached ();
    }
  return out;
}

/* "EUR 7, USD 5, GBP 1": the certificates in players' hands, most first
 * (board order among equals), the currencies nobody holds left out. */
static char *
holdings (const FxDividend *d)
{
  GString *out = g_string_new (NULL);

  for (int n = FX_CERTS_PER_CURRENCY; n > 0; n--)
    for (int c = 0; c < FX_N_CURRENCIES; c++)
      {
        if (d->held[c] != n)
          continue;
        if (out->len > 0)
          g_string_append (out, _(", "));
        /* TRANSLATORS: a currency and how many of its certificates players hold: "EUR 7" */
        g_string_append_printf (out, C_("certificates held", "%s %u"), fx_currency_code (c), (guint) d->held[c]);
      }
  return g_string_free (out, FALSE);
}

/**
 * fx_dividend_reason:
 * @setup: the players' names
 * @dividend: a dividend of the game
 *
 * Returns: (transfer full): why it strengthened what it did: "the most
 *   certificates in players’ hands: EUR 7, USD 5"
 */
char *
fx_dividend_reason (const FxSetup    *setup,
                    const FxDividend *d)
{
  g_autofree char *held = holdings (d);
  g_autofree char *tied = fx_currency_list (d->tied);
  const char *actor = setup->names[d->actor];

  switch ((FxDividendWhy) d->why)
    {
    case FX_DIVIDEND_MOST:
      /* TRANSLATORS: why a dividend strengthened a currency: "the most certificates in players’ hands: EUR 7, USD 5" */
      return g_strdup_printf (_("the most certificates in players’ hands: %s"), held);
    case FX_DIVIDEND_CHOSEN:
      if (*held == '\0')
        /* TRANSLATORS: "nobody held a certificate, so all seven currencies tied; Ann chose EUR" */
        return g_strdup_printf (_("nobody held a certificate, so all seven currencies tied; %s chose %s"), actor,
                                fx_currency_code (d->strengthened));
      /* TRANSLATORS: "EUR, USD tied for the most certificates in players’ hands (EUR 5, USD 5, GBP 2); Ann chose EUR" */
      return g_strdup_printf (_("%s tied for the most certificates in players’ hands (%s); %s chose %s"), tied, held,
                              actor, fx_currency_code (d->strengthened));
    case FX_DIVIDEND_NONE:
    default:
      return g_strdup (_("nobody held a certificate, and by this table’s reading no currency is strengthened then"));
    }
}

/**
 * fx_dividend_sentence:
 * @setup: the players' names
 * @dividend: a dividend of the game
 *
 * Returns: (transfer full): the whole step, for a list: "Dividend card 2,
 *   move 34: EUR strengthened — the most certificates in players’ hands:
 *   EUR 7, USD 5"
 */
char *
fx_dividend_sentence (const FxSetup    *setup,
                      const FxDividend *d)
{
  g_autofree char *reason = fx_dividend_reason (setup, d);

  if (d->strengthened == FX_NO_CURRENCY)
    /* TRANSLATORS: "Dividend card 0, move 3: no currency strengthened — nobody held …" */
    return g_strdup_printf (_("Dividend card %u, move %u: no currency strengthened — %s"), (guint) d->card,
                            d->move + 1, reason);
  /* TRANSLATORS: "Dividend card 2, move 34: EUR strengthened — the most certificates …" */
  return g_strdup_printf (_("Dividend card %u, move %u: %s strengthened — %s"), (guint) d->card, d->move + 1,
                          fx_currency_code (d->strengthened), reason);
}
