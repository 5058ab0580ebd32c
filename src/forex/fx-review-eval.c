/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The review's hot path: every turn a player could take from a position,
 * each tried on a copy of the plain state and valued by its margin in the
 * standing the table is shown (fx_score_standing_resolved()),
 * with nothing allocated per position. */

#include "config.h"

#include <string.h>

#include "fx-review-private.h"
#include "xq-notation.h"

void
fx_review_eval_init (FxReviewEval  *ev,
                     const FxSetup *setup,
                     GCancellable  *cancellable)
{
  memset (ev, 0, sizeof *ev);
  ev->setup = setup;
  ev->cancellable = cancellable;
  ev->actions = g_new (FxMove, FX_LEGAL_MAX);
}

void
fx_review_eval_clear (FxReviewEval *ev)
{
  g_clear_pointer (&ev->actions, g_free);
}

/**
 * fx_review_margins_in_place:
 * @ev: the evaluator
 * @position: a position; projected to its end in place
 * @favour: the player whose margin is returned
 * @margins: (out) (optional): every player's margin
 *
 * Values @position as the table's standing does (fx_score_standing_resolved()):
 * the game as it would end if every turn from now on were a resolve, the
 * dividends still to come paid, each player's total less the best other
 * (fx_score_margin()). A promise is paid or becomes the loan the rules make
 * of it, and a loan nobody can pay bankrupts its owner, as at the table.
 *
 * Returns: @favour's margin
 */
XqAmount
fx_review_margins_in_place (FxReviewEval *ev,
                            FxState      *s,
                            int           favour,
                            XqAmount      margins[FX_MAX_PLAYERS])
{
  FxStanding standing;

  fx_score_standing_resolved (ev->setup, s, s, &standing);
  if (margins != NULL)
    {
      memset (margins, 0, sizeof (XqAmount) * FX_MAX_PLAYERS);
      for (int p = 0; p < s->n_players; p++)
        margins[p] = fx_score_margin (s, &standing, p);
    }
  return fx_score_margin (s, &standing, favour);
}

XqAmount
fx_review_margins (FxReviewEval  *ev,
                   const FxState *position,
                   int            favour,
                   XqAmount       margins[FX_MAX_PLAYERS])
{
  FxState copy = *position;

  return fx_review_margins_in_place (ev, &copy, favour, margins);
}

/* The statement text, written as fx_notation_write_move() writes it, into a
 * fixed buffer: ties are broken by it millions of times. */
typedef struct
{
  char  *buf;
  gsize  len;
} Text;

static void
put (Text       *t,
     const char *s)
{
  gsize n = strlen (s);

  g_assert (t->len + n < FX_REVIEW_TEXT_MAX);
  memcpy (t->buf + t->len, s, n + 1);
  t->len += n;
}

static void
put_name (Text          *t,
          const FxSetup *setup,
          int            player)
{
  const char *name = setup->names[player];
  gboolean quoted = strpbrk (name, " \t#") != NULL;

  put (t, " ");
  if (quoted)
    put (t, "\"");
  put (t, name);
  if (quoted)
    put (t, "\"");
}

static void
put_currency (Text *t,
              int   currency)
{
  put (t, " ");
  put (t, fx_currency_code (currency));
}

static void
put_count (Text  *t,
           guint  n)
{
  char buf[16];

  g_snprintf (buf, sizeof buf, " %u", n);
  put (t, buf);
}

static void
put_statement (Text          *t,
               const FxSetup *setup,
               const FxMove  *m)
{
  char buf[XQ_AMOUNT_BUF];

  /* A turn holds only these kinds (the int switch says so without listing
   * the corrections). */
  switch ((int) m->kind)
    {
    case FX_MOVE_SPOT:
      put (t, "spot");
      put_name (t, setup, m->actor);
      put_name (t, setup, m->other);
      put_currency (t, m->cur[0]);
      put_currency (t, m->cur[1]);
      break;
    case FX_MOVE_CONTRACT:
      put (t, "contract");
      put_name (t, setup, m->actor);
      put_currency (t, m->cur[0]);
      put (t, " ");
      put (t, xq_amount_format (m->amount, buf));
      put_currency (t, m->cur[1]);
      break;
    case FX_MOVE_INVEST:
      put (t, "invest");
      put_name (t, setup, m->actor);
      put_currency (t, m->cur[0]);
      if (m->cur[1] != FX_NO_CURRENCY)
        put_currency (t, m->cur[1]);
      break;
    case FX_MOVE_DIVEST:
      put (t, "divest");
      put_name (t, setup, m->actor);
      put_currency (t, m->cur[0]);
      put_count (t, m->sells[m->actor]);
      for (int d = 1; d < setup->n_players; d++)
        {
          int p = (m->actor + d) % setup->n_players;

          if ((m->named & (1u << p)) || m->sells[p] > 0)
            {
              put_name (t, setup, p);
              put_count (t, m->sells[p]);
            }
        }
      break;
    case FX_MOVE_RESOLVE:
      put (t, "resolve");
      put_name (t, setup, m->actor);
      if (m->cur[0] != FX_NO_CURRENCY)
        put_currency (t, m->cur[0]);
      break;
    default:
      g_assert_not_reached ();
    }
}

/**
 * fx_review_write_turn_text:
 * @setup: the game's setup
 * @moves: a turn: its spot, if any, then its action
 * @n_moves: 1 or 2
 * @out: (out caller-allocates): the text
 *
 * The turn as the review prints it and orders ties by: its statements in
 * XQN, as fx_notation_write_move() writes them, joined by " ; ".
 */
void
fx_review_write_turn_text (const FxSetup *setup,
                           const FxMove  *moves,
                           guint          n_moves,
                           char           out[FX_REVIEW_TEXT_MAX])
{
  Text t = { out, 0 };

  out[0] = '\0';
  for (guint i = 0; i < n_moves; i++)
    {
      if (i > 0)
        put (&t, " ; ");
      put_statement (&t, setup, &moves[i]);
    }
}

const char *
fx_review_choice_text (const FxSetup  *setup,
                       FxReviewChoice *choice)
{
  if (!choice->has_text)
    {
      fx_review_write_turn_text (setup, choice->moves, choice->n_moves, choice->text);
      choice->has_text = TRUE;
    }
  return choice->text;
}

/* Negative when @a ranks before @b: the higher value, then the lower text. */
int
fx_review_choice_compare (const FxSetup  *setup,
                          FxReviewChoice *a,
                          FxReviewChoice *b)
{
  if (a->value != b->value)
    return a->value > b->value ? -1 : 1;
  return strcmp (fx_review_choice_text (setup, a), fx_review_choice_text (setup, b));
}

/**
 * fx_review_offer:
 * @setup: the game's setup
 * @best: the @k best turns so far, best first
 * @k: how many to keep
 * @n_best: (inout): how many @best holds
 * @value: the offered turn's value
 * @moves: the offered turn
 * @n_moves: 1 or 2
 *
 * Keeps the offered turn among the @k best if it ranks there. The common case,
 * a turn worth less than the last kept, returns at once without writing text.
 */
void
fx_review_offer (const FxSetup  *setup,
                 FxReviewChoice *best,
                 guint           k,
                 guint          *n_best,
                 XqAmount        value,
                 const FxMove   *moves,
                 guint           n_moves)
{
  FxReviewChoice candidate;
  guint at;

  if (*n_best == k && value < best[k - 1].value)
    return;
  candidate.value = value;
  candidate.n_moves = (guint8) n_moves;
  memcpy (candidate.moves, moves, sizeof (FxMove) * n_moves);
  candidate.has_text = FALSE;

  at = *n_best;
  while (at > 0 && fx_review_choice_compare (setup, &candidate, &best[at - 1]) < 0)
    at--;
  if (at >= k)
    return;
  if (*n_best < k)
    (*n_best)++;
  memmove (&best[at + 1], &best[at], sizeof (FxReviewChoice) * (*n_best - 1 - at));
  best[at] = candidate;
}

/* Every legal action after @spot (or none), each on a copy, valued for @mover:
 * the actions fx_legal_actions() lists, as those the rules accept of its
 * candidates. */
static void
try_actions (FxReviewEval   *ev,
             const FxState  *position,
             const FxMove   *spot,
             int             mover,
             FxReviewChoice *best,
             guint           k,
             guint          *n_best)
{
  FxMove *actions = ev->actions;
  /* Each candidate applied once: the application is the validation. */
  guint n = fx_legal_candidates (ev->setup, position, actions);
  FxMove turn[2];

  if (spot != NULL)
    turn[0] = *spot;
  for (guint i = 0; i < n; i++)
    {
      FxState after;
      XqAmount value;

      if (!fx_state_apply_copy (ev->setup, position, &actions[i], &after))
        continue;
      value = fx_review_margins_in_place (ev, &after, mover, NULL);
      ev->evaluated++;
      if (*n_best == k && value < best[k - 1].value)
        continue;
      turn[spot != NULL] = actions[i];
      fx_review_offer (ev->setup, best, k, n_best, value, turn, spot != NULL ? 2 : 1);
    }
}

/**
 * fx_review_best_turns:
 * @ev: the evaluator
 * @position: a position between turns, the game still on
 * @best: (out caller-allocates): room for @k turns
 * @k: how many of the best to keep
 * @n_best: (out): how many were kept
 *
 * Tries every turn of the player to move: no spot or each spot the rules
 * accept (with each other player, each ordered pair of currencies), then
 * each legal action listed on the position after it, tie choices included.
 * Keeps the @k best by the mover's margin after the turn, ties by text.
 *
 * Returns: %FALSE when the cancellable fired
 */
gboolean
fx_review_best_turns (FxReviewEval   *ev,
                      const FxState  *position,
                      FxReviewChoice *best,
                      guint           k,
                      guint          *n_best)
{
  int mover = position->next_player;

  g_assert (position->spot_actor == FX_NO_PLAYER && !fx_state_is_over (position));
  *n_best = 0;
  try_actions (ev, position, NULL, mover, best, k, n_best);
  for (int other = 0; other < position->n_players; other++)
    {
      if (other == mover)
        continue;
      for (int give = 0; give < FX_N_CURRENCIES; give++)
        for (int take = 0; take < FX_N_CURRENCIES; take++)
          {
            FxMove spot;
            FxState after;

            if (give == take)
              continue;
            if (g_cancellable_is_cancelled (ev->cancellable))
              {
                ev->cancelled = TRUE;
                return FALSE;
              }
            fx_move_init (&spot, FX_MOVE_SPOT);
            spot.actor = (gint8) mover;
            spot.other = (gint8) other;
            spot.cur[0] = (gint8) give;
            spot.cur[1] = (gint8) take;
            if (!fx_state_apply_copy (ev->setup, position, &spot, &after))
              continue;
            try_actions (ev, &after, &spot, mover, best, k, n_best);
          }
    }
  return !g_cancellable_is_cancelled (ev->cancellable);
}
