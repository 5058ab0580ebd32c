/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex moves: each checked and applied on a scratch copy, so a refusal changes nothing. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-checkpoint.h"
#include "fx-rules-queue.h"
#include "fx-rules-table.h"
#include "fx-score.h"
#include "fx-state.h"
#include "xq-error.h"

#define CERT_PRICE XQ_BUCKS (2)

typedef struct
{
  const FxSetup *setup;
  FxState       *s;
} Ctx;

static const char *
name (const Ctx *ctx,
      int        player)
{
  return ctx->setup->names[player];
}

/* The games' refusal, made only when someone reads it (xq-error.h). */
#define refuse XQ_RULE_REFUSE

static const char *
amount_str (XqAmount amount,
            char     buf[XQ_AMOUNT_BUF])
{
  return xq_amount_format (amount, buf);
}

static gboolean
holds (const Ctx   *ctx,
       int          player,
       FxCurrency   currency,
       XqAmount     amount,
       GError     **error)
{
  char have[XQ_AMOUNT_BUF], need[XQ_AMOUNT_BUF];

  if (ctx->s->cash[player][currency] >= amount)
    return TRUE;
  return refuse (error, _("%s holds %s %s and would have to hand over %s %s"),
                 name (ctx, player), amount_str (ctx->s->cash[player][currency], have),
                 fx_currency_code (currency), amount_str (amount, need),
                 fx_currency_code (currency));
}

/* Spot: one buck of the pair's stronger currency for v bucks of the weaker. */
static gboolean
do_spot (Ctx           *ctx,
         const FxMove  *m,
         GError       **error)
{
  FxState *s = ctx->s;
  FxCurrency give = m->cur[0], take = m->cur[1];
  XqAmount rate, gives, takes;

  if (s->spot_actor != FX_NO_PLAYER)
    return refuse (error, _("a turn has at most one spot transaction, and %s has made it"),
                   name (ctx, m->actor));
  if (m->other < 0 || m->other >= s->n_players || m->other == m->actor)
    return refuse (error, _("a spot transaction is made with another player"));
  if (give == take)
    return refuse (error, _("a spot transaction exchanges two different currencies"));

  rate = fx_board_rate (&s->board, give, take);
  if (fx_board_stronger (&s->board, give, take) == give)
    {
      gives = XQ_BUCKS (1);
      takes = rate;
    }
  else
    {
      gives = rate;
      takes = XQ_BUCKS (1);
    }
  if (!holds (ctx, m->actor, give, gives, error) || !holds (ctx, m->other, take, takes, error))
    return FALSE;

  s->cash[m->actor][give] -= gives;
  s->cash[m->other][give] += gives;
  s->cash[m->other][take] -= takes;
  s->cash[m->actor][take] += takes;
  s->spot_actor = m->actor;
  return TRUE;
}

/* The stronger side's amount is whole, 1 to 10; the other is that × v. */
static gboolean
do_contract (Ctx           *ctx,
             const FxMove  *m,
             GError       **error)
{
  FxState *s = ctx->s;
  FxCurrency pay = m->cur[0], receive = m->cur[1];
  FxLetter *letter;
  XqAmount rate, receive_amount;
  int free = -1;
  char buf[XQ_AMOUNT_BUF], rate_buf[XQ_AMOUNT_BUF];

  for (int l = 0; l < FX_N_LETTERS && free < 0; l++)
    if (s->letters[l].use == FX_LETTER_FREE)
      free = l;
  if (free < 0)
    return refuse (error, _("contract letters A–F are all in use"));
  if (pay == receive)
    return refuse (error, _("a contract pays one currency and receives another"));

  rate = fx_board_rate (&s->board, pay, receive);
  if (fx_board_stronger (&s->board, pay, receive) == pay)
    {
      if (m->amount % 2 != 0 || m->amount < XQ_BUCKS (1) || m->amount > XQ_BUCKS (10))
        return refuse (error,
                       _("%s is the stronger of %s and %s, so the amount paid must be a whole number from 1 to 10, not %s"),
                       fx_currency_code (pay), fx_currency_code (pay), fx_currency_code (receive),
                       amount_str (m->amount, buf));
      receive_amount = m->amount / 2 * rate;
    }
  else
    {
      if (m->amount % rate != 0 || m->amount < rate || m->amount > 10 * rate)
        return refuse (error,
                       _("%s is the stronger of %s and %s at %s, so the %s paid must be %s times a whole number from 1 to 10, not %s"),
                       fx_currency_code (receive), fx_currency_code (pay), fx_currency_code (receive),
                       amount_str (rate, rate_buf), fx_currency_code (pay),
                       amount_str (rate, rate_buf), amount_str (m->amount, buf));
      receive_amount = XQ_BUCKS (m->amount / rate);
    }

  letter = &s->letters[free];
  letter->use = FX_LETTER_CONTRACT;
  letter->owner = m->actor;
  letter->pay = (gint8) pay;
  letter->receive = (gint8) receive;
  letter->pay_amount = m->amount;
  letter->receive_amount = receive_amount;
  fx_rules_queue_push_back (s, FX_ITEM_CONTRACT, free);
  return TRUE;
}

static gboolean
can_buy (Ctx          *ctx,
         int           player,
         FxCurrency    c,
         GError      **error)
{
  FxState *s = ctx->s;
  char buf[XQ_AMOUNT_BUF];

  if (s->pile[c] == 0)
    return refuse (error, _("no %s certificate is left in the pile"), fx_currency_code (c));
  if (s->certs[player][c] >= FX_MAX_CERTS_HELD)
    return refuse (error, _("%s already holds %d %s certificates, the most a player may hold"),
                   name (ctx, player), FX_MAX_CERTS_HELD, fx_currency_code (c));
  if (s->cash[player][c] < CERT_PRICE)
    return refuse (error, _("%s holds %s %s; a %s certificate costs 2"),
                   name (ctx, player), amount_str (s->cash[player][c], buf),
                   fx_currency_code (c), fx_currency_code (c));
  return TRUE;
}

static gboolean
do_invest (Ctx           *ctx,
           const FxMove  *m,
           GError       **error)
{
  FxState *s = ctx->s;
  int n = m->cur[1] == FX_NO_CURRENCY ? 1 : 2;

  if (n == 2 && m->cur[0] == m->cur[1])
    return refuse (error, _("the two certificates bought in one turn must be of different currencies"));
  /* Both are checked before either is bought. */
  for (int i = 0; i < n; i++)
    if (!can_buy (ctx, m->actor, m->cur[i], error))
      return FALSE;
  for (int i = 0; i < n; i++)
    {
      FxCurrency c = m->cur[i];

      s->cash[m->actor][c] -= CERT_PRICE;
      s->certs[m->actor][c]++;
      s->pile[c]--;
      fx_board_strengthen (&s->board, c);
    }
  return TRUE;
}

static gboolean
do_divest (Ctx           *ctx,
           const FxMove  *m,
           GError       **error)
{
  FxState *s = ctx->s;
  FxCurrency c = m->cur[0];

  if (m->sells[m->actor] < 1)
    return refuse (error, _("to divest, %s must sell at least one certificate"), name (ctx, m->actor));
  for (int p = 0; p < FX_MAX_PLAYERS; p++)
    {
      if (m->sells[p] == 0)
        continue;
      if (p >= s->n_players)
        return refuse (error, _("only the players at the table can sell certificates"));
      if (m->sells[p] > s->certs[p][c] && s->certs[p][c] == 0)
        return refuse (error, _("%s holds no %s certificates and cannot sell %u"),
                       name (ctx, p), fx_currency_code (c), m->sells[p]);
      if (m->sells[p] > s->certs[p][c])
        return refuse (error,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s holds %d %s certificate and cannot sell %d",
                                    "%s holds %d %s certificates and cannot sell %d",
                                    s->certs[p][c]),
                       name (ctx, p), s->certs[p][c], fx_currency_code (c), (int) m->sells[p]);
    }
  for (int p = 0; p < s->n_players; p++)
    {
      for (int i = 0; i < m->sells[p]; i++)
        {
          s->certs[p][c]--;
          s->gone[c]++;
          s->cash[p][c] += CERT_PRICE;
          fx_board_weaken (&s->board, c);
        }
    }
  return TRUE;
}

static gboolean
check_certificate_total (Ctx         *ctx,
                         FxCurrency   c,
                         guint        pile,
                         guint        held,
                         GError     **error)
{
  if (pile + held + ctx->s->removed_at_setup[c] > FX_CERTS_PER_CURRENCY)
    return refuse (error,
                   g_dngettext (GETTEXT_PACKAGE,
                                "of the 8 %s certificates %d was removed at setup, so the pile and the players can hold %d, not %u",
                                "of the 8 %s certificates %d were removed at setup, so the pile and the players can hold %d, not %u",
                                ctx->s->removed_at_setup[c]),
                   fx_currency_code (c), ctx->s->removed_at_setup[c],
                   FX_CERTS_PER_CURRENCY - ctx->s->removed_at_setup[c], pile + held);
  ctx->s->gone[c] = (guint8) (FX_CERTS_PER_CURRENCY - pile - held);
  return TRUE;
}

static gboolean
do_correction (Ctx           *ctx,
               const FxMove  *m,
               GError       **error)
{
  FxState *s = ctx->s;
  FxCurrency c = m->cur[0];
  char buf[XQ_AMOUNT_BUF];

  if (s->spot_actor != FX_NO_PLAYER)
    return refuse (error, _("a correction cannot come between %s’s spot transaction and action"),
                   name (ctx, s->spot_actor));

  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_CORRECT_CASH:
      if (m->amount < 0)
        return refuse (error, _("a player’s money cannot be negative"));
      if (m->amount > XQ_AMOUNT_MAX)
        {
          char limit[XQ_AMOUNT_BUF];

          return refuse (error, _("%s is too large for the game: Exchequer counts up to %s"),
                         amount_str (m->amount, buf), amount_str (XQ_AMOUNT_MAX, limit));
        }
      s->cash[m->other][c] = m->amount;
      return TRUE;

    case FX_MOVE_CORRECT_CERTS:
      if (m->amount < 0 || m->amount > FX_MAX_CERTS_HELD)
        return refuse (error, _("a player holds 0 to %d certificates of one currency"), FX_MAX_CERTS_HELD);
      if (!check_certificate_total (ctx, c, s->pile[c],
                                    fx_state_certs_held (s, c) - s->certs[m->other][c] + (guint) m->amount,
                                    error))
        return FALSE;
      s->certs[m->other][c] = (guint8) m->amount;
      return TRUE;

    case FX_MOVE_CORRECT_PILE:
      if (m->amount < 0 || m->amount > FX_CERTS_PER_CURRENCY)
        return refuse (error, _("a pile holds 0 to %d certificates"), FX_CERTS_PER_CURRENCY);
      if (!check_certificate_total (ctx, c, (guint) m->amount, fx_state_certs_held (s, c), error))
        return FALSE;
      s->pile[c] = (guint8) m->amount;
      return TRUE;

    case FX_MOVE_CORRECT_PAIR:
      {
        guint space;

        if (m->cur[0] == m->cur[1])
          return refuse (error, _("a pair counter joins two different currencies"));
        if (!fx_track_space_of (m->amount, &space))
          return refuse (error, _("the track values are 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6 and 8"));
        fx_board_set_pair (&s->board, m->cur[0], m->cur[1], space);
        return TRUE;
      }

    case FX_MOVE_CORRECT_CONTRACT:
    case FX_MOVE_CORRECT_LOAN:
    case FX_MOVE_CORRECT_REMOVE:
    case FX_MOVE_CORRECT_QUEUE:
    case FX_MOVE_CORRECT_DIVIDENDS:
      return fx_rules_correct_table (ctx->setup, s, m, error);

    case FX_MOVE_SPOT:
    case FX_MOVE_CONTRACT:
    case FX_MOVE_INVEST:
    case FX_MOVE_DIVEST:
    case FX_MOVE_RESOLVE:
    case FX_MOVE_STRONGEST:
    case FX_MOVE_CHECKPOINT:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
do_strongest (Ctx           *ctx,
              const FxMove  *m,
              GError       **error)
{
  FxStrongest strongest;
  g_autofree char *list = NULL;

  if (!fx_state_is_over (ctx->s))
    return refuse (error, _("the strongest currency is chosen only when the game has ended"));
  fx_score_strongest (ctx->s, &strongest);
  list = fx_currency_list (strongest.tied);
  if (strongest.n_tied == 1)
    return refuse (error, _("no choice is needed: %s is the strongest currency"), list);
  if (ctx->s->strongest_choice != FX_NO_CURRENCY)
    return refuse (error, _("the strongest currency has already been chosen"));
  if (m->cur[0] < 0 || m->cur[0] >= FX_N_CURRENCIES || !strongest.tied[m->cur[0]])
    return refuse (error, _("the choice of the strongest currency is among the tied ones: %s"), list);
  ctx->s->strongest_choice = m->cur[0];
  return TRUE;
}

static gboolean
check_currencies (const FxMove  *m,
                  GError       **error)
{
  for (int i = 0; i < 2; i++)
    if (m->cur[i] < FX_NO_CURRENCY || m->cur[i] >= FX_N_CURRENCIES)
      return refuse (error, _("unknown currency"));
  return TRUE;
}

static gboolean
is_correction (const FxMove *m)
{
  return fx_move_is_correction (m);
}

static gboolean
execute_move (const FxSetup  *setup,
              FxState        *s,
              const FxMove   *m,
              GError        **error)
{
  Ctx ctx = { setup, s };
  gboolean final_card = FALSE;
  int due;

  if (!check_currencies (m, error))
    return FALSE;

  if (m->kind == FX_MOVE_STRONGEST)
    return do_strongest (&ctx, m, error);

  if (fx_state_is_over (s))
    {
      FxStrongest strongest;

      fx_score_strongest (s, &strongest);
      if (strongest.strongest == FX_NO_CURRENCY)
        return refuse (error, _("the game is over; only the last player’s choice of the strongest currency may follow"));
      g_set_error_literal (error, XQ_RULE_ERROR, XQ_RULE_ERROR_GAME_OVER,
                           _("the game is over; no move may follow"));
      return FALSE;
    }

  if (m->kind == FX_MOVE_CHECKPOINT)
    return fx_checkpoint_check (setup, s, m, error);

  if (is_correction (m))
    {
      if ((m->kind == FX_MOVE_CORRECT_CASH || m->kind == FX_MOVE_CORRECT_CERTS)
          && (m->other < 0 || m->other >= s->n_players))
        return refuse (error, _("a correction names a player at the table"));
      if ((m->kind <= FX_MOVE_CORRECT_PAIR || m->kind == FX_MOVE_CORRECT_CONTRACT) && m->cur[0] == FX_NO_CURRENCY)
        return refuse (error, _("unknown currency"));
      if ((m->kind == FX_MOVE_CORRECT_PAIR || m->kind == FX_MOVE_CORRECT_CONTRACT) && m->cur[1] == FX_NO_CURRENCY)
        return refuse (error, _("unknown currency"));
      return do_correction (&ctx, m, error);
    }

  if (m->kind < FX_MOVE_SPOT || m->kind > FX_MOVE_RESOLVE)
    return refuse (error, _("unknown move"));
  if (m->actor < 0 || m->actor >= s->n_players)
    return refuse (error, _("a move is made by a player at the table"));
  due = s->spot_actor != FX_NO_PLAYER ? s->spot_actor : s->next_player;
  if (m->actor != due)
    return refuse (error, _("it is %s's turn, not %s's"), name (&ctx, due), name (&ctx, m->actor));
  if (m->kind != FX_MOVE_SPOT && m->kind != FX_MOVE_RESOLVE && m->kind != FX_MOVE_DIVEST
      && m->cur[0] == FX_NO_CURRENCY)
    return refuse (error, _("unknown currency"));

  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_SPOT:
      if (m->cur[0] == FX_NO_CURRENCY || m->cur[1] == FX_NO_CURRENCY)
        return refuse (error, _("unknown currency"));
      return do_spot (&ctx, m, error);
    case FX_MOVE_CONTRACT:
      if (m->cur[1] == FX_NO_CURRENCY)
        return refuse (error, _("unknown currency"));
      if (!do_contract (&ctx, m, error))
        return FALSE;
      break;
    case FX_MOVE_INVEST:
      if (!do_invest (&ctx, m, error))
        return FALSE;
      break;
    case FX_MOVE_DIVEST:
      if (m->cur[0] == FX_NO_CURRENCY)
        return refuse (error, _("unknown currency"));
      if (!do_divest (&ctx, m, error))
        return FALSE;
      break;
    case FX_MOVE_RESOLVE:
      if (!fx_rules_resolve (setup, s, m, &final_card, error))
        return FALSE;
      break;
    case FX_MOVE_STRONGEST:
    case FX_MOVE_CORRECT_CASH:
    case FX_MOVE_CORRECT_CERTS:
    case FX_MOVE_CORRECT_PILE:
    case FX_MOVE_CORRECT_PAIR:
    case FX_MOVE_CORRECT_CONTRACT:
    case FX_MOVE_CORRECT_LOAN:
    case FX_MOVE_CORRECT_REMOVE:
    case FX_MOVE_CORRECT_QUEUE:
    case FX_MOVE_CORRECT_DIVIDENDS:
    case FX_MOVE_CHECKPOINT:
    default:
      g_assert_not_reached ();
    }

  /* The action ends the turn, also the one that ends the game. */
  s->turn++;
  s->last_actor = m->actor;
  s->spot_actor = FX_NO_PLAYER;
  s->next_player = (gint8) ((m->actor + 1) % s->n_players);
  if (final_card)
    fx_state_resolve_remaining (s);
  return TRUE;
}

/* A checkpoint's differences are the corrections right before it, so the
 * state keeps how many were played in a row; any other move ends the run. */
static gboolean
execute (const FxSetup  *setup,
         FxState        *s,
         const FxMove   *m,
         GError        **error)
{
  if (!execute_move (setup, s, m, error))
    return FALSE;
  if (!is_correction (m))
    s->corrections_in_row = 0;
  else if (s->corrections_in_row < G_MAXUINT32)
    s->corrections_in_row++;
  return TRUE;
}

/**
 * fx_state_validate:
 * @setup: the game's setup
 * @state: the position
 * @move: a move
 * @error: return location for a #GError naming the rule that refuses it
 *
 * Returns: %TRUE if @move is legal in @state; @state is never changed
 */
gboolean
fx_state_validate (const FxSetup  *setup,
                   const FxState  *state,
                   const FxMove   *move,
                   GError        **error)
{
  FxState scratch = *state;

  return execute (setup, &scratch, move, error);
}

/**
 * fx_state_apply:
 * @setup: the game's setup
 * @state: the position, changed only when the move is legal
 * @move: a move
 * @error: return location for a #GError naming the rule that refuses it
 *
 * Returns: %TRUE if @move was legal and has been applied
 */
gboolean
fx_state_apply (const FxSetup  *setup,
                FxState        *state,
                const FxMove   *move,
                GError        **error)
{
  FxState scratch = *state;

  if (!execute (setup, &scratch, move, error))
    return FALSE;
  *state = scratch;
  return TRUE;
}

/**
 * fx_state_apply_copy:
 * @setup: the game's setup
 * @state: the position; never changed
 * @move: a move
 * @out: (out caller-allocates): the position after @move; meaningless when
 *   the move is refused
 *
 * fx_state_apply() onto a copy, in one copy of the state rather than three,
 * and with no sentence when the move is refused: for sweeps that try every
 * candidate move of a position (the game review).
 *
 * Returns: %TRUE if @move was legal and @out holds the position after it
 */
gboolean
fx_state_apply_copy (const FxSetup *setup,
                     const FxState *state,
                     const FxMove  *move,
                     FxState       *out)
{
  *out = *state;
  return execute (setup, out, move, NULL);
}
