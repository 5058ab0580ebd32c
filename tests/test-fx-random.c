/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Properties of thousands of random legal For-Ex games: invariants, replay, undo, XQN, score. */

#include "config.h"

#include <string.h>

#include "fx-game.h"
#include "fx-legal.h"
#include "fx-random-play.h"
#include "fx-score.h"
#include "xq-games.h"

/* Far above the longest game of these styles (about 350 moves): reaching it
 * means a game that does not end. */
#define MAX_MOVES 4000

typedef struct
{
  guint64     seed;
  guint       n_players;
  const char *style;
  guint       move;       /* moves played when the check ran */
  XqSession  *session;    /* to quote the last move, or NULL */
} Where;

typedef struct
{
  guint games;
  guint ended;
  guint bankrupt;
  guint bankrupt_after_last_card;
  guint dividend_ties;
  guint strongest_choices;
  guint spots;
  guint corrections;
  guint two_certificate_investments;
  guint divest_responses;
  guint loans;
  guint merged_loans;
  guint shared_wins;
  guint moves;
  guint max_turn;
} Coverage;

static void G_GNUC_NORETURN
fail (const Where *where,
      int          line,
      const char  *expr)
{
  g_autofree char *last = NULL;
  g_autofree char *message = NULL;

  if (where->session != NULL && where->move > 0
      && where->move <= xq_session_get_n_moves (where->session))
    last = xq_session_format_move (where->session, where->move - 1);
  message = g_strdup_printf ("seed %" G_GUINT64_FORMAT ", %u players, %s style, after move %u (%s): %s",
                             where->seed, where->n_players, where->style, where->move,
                             last != NULL ? last : "setup", expr);
  g_assertion_message (G_LOG_DOMAIN, __FILE__, line, G_STRFUNC, message);
  g_abort ();
}

#define CHECK(where, cond) \
  G_STMT_START { if (G_UNLIKELY (!(cond))) fail ((where), __LINE__, #cond); } G_STMT_END

/* The two forms a contract can take: k whole bucks of the stronger side and
 * k × v of the weaker, v a track value and k 1 … 10. */
static gboolean
contract_amounts_consistent (XqAmount stronger_side,
                             XqAmount weaker_side)
{
  if (stronger_side % 2 != 0 || stronger_side < XQ_BUCKS (1) || stronger_side > XQ_BUCKS (10))
    return FALSE;
  for (guint space = 0; space < FX_N_SPACES; space++)
    if (weaker_side == stronger_side / 2 * fx_track_value (space))
      return TRUE;
  return FALSE;
}

static void
check_letters_and_queue (const Where   *w,
                         const FxState *s)
{
  guint seen[FX_N_LETTERS] = { 0 };
  guint loans_of[FX_MAX_PLAYERS] = { 0 };
  guint dividend_items = 0;

  CHECK (w, s->queue_len <= FX_QUEUE_MAX);
  CHECK (w, s->dividends_left <= FX_N_DIVIDEND_CARDS);
  for (guint i = 0; i < s->queue_len; i++)
    {
      const FxQueueItem *item = &s->queue[i];

      CHECK (w, item->kind == FX_ITEM_DIVIDENDS || item->kind == FX_ITEM_CONTRACT
                || item->kind == FX_ITEM_LOAN);
      if (item->kind == FX_ITEM_DIVIDENDS)
        {
          dividend_items++;
          continue;
        }
      CHECK (w, item->letter >= 0 && item->letter < FX_N_LETTERS);
      CHECK (w, s->letters[item->letter].use
                == (item->kind == FX_ITEM_CONTRACT ? FX_LETTER_CONTRACT : FX_LETTER_LOAN));
      seen[item->letter]++;
    }
  /* The dividend stack is in the queue exactly while cards are left. */
  CHECK (w, dividend_items == (s->dividends_left > 0 ? 1u : 0u));

  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      const FxLetter *letter = &s->letters[l];

      switch ((FxLetterUse) letter->use)
        {
        case FX_LETTER_FREE:
          CHECK (w, seen[l] == 0);
          CHECK (w, letter->owner == FX_NO_PLAYER);
          CHECK (w, letter->pay_amount == 0 && letter->receive_amount == 0);
          for (int c = 0; c < FX_N_CURRENCIES; c++)
            CHECK (w, letter->owed[c] == 0);
          break;

        case FX_LETTER_CONTRACT:
          CHECK (w, seen[l] == 1);
          CHECK (w, letter->owner >= 0 && letter->owner < s->n_players);
          CHECK (w, letter->pay >= 0 && letter->pay < FX_N_CURRENCIES);
          CHECK (w, letter->receive >= 0 && letter->receive < FX_N_CURRENCIES);
          CHECK (w, letter->pay != letter->receive);
          CHECK (w, letter->pay_amount > 0 && letter->receive_amount > 0);
          CHECK (w, contract_amounts_consistent (letter->pay_amount, letter->receive_amount)
                    || contract_amounts_consistent (letter->receive_amount, letter->pay_amount));
          for (int c = 0; c < FX_N_CURRENCIES; c++)
            CHECK (w, letter->owed[c] == 0);
          break;

        case FX_LETTER_LOAN:
          {
            XqAmount total = 0;

            CHECK (w, seen[l] == 1);
            CHECK (w, letter->owner >= 0 && letter->owner < s->n_players);
            for (int c = 0; c < FX_N_CURRENCIES; c++)
              {
                /* Each debt is a promise of at least 1 buck plus the 1-buck fee. */
                CHECK (w, letter->owed[c] == 0 || letter->owed[c] >= XQ_BUCKS (2));
                CHECK (w, letter->owed[c] <= XQ_AMOUNT_MAX);
                total += letter->owed[c];
              }
            CHECK (w, total > 0);
            loans_of[letter->owner]++;
            CHECK (w, fx_state_loan_of (s, letter->owner) >= 0);
            CHECK (w, s->letters[fx_state_loan_of (s, letter->owner)].owner == letter->owner);
            break;
          }

        default:
          CHECK (w, !"a letter's use is free, contract or loan");
        }
    }
  for (int p = 0; p < s->n_players; p++)
    {
      CHECK (w, loans_of[p] <= 1);
      CHECK (w, (fx_state_loan_of (s, p) >= 0) == (loans_of[p] == 1));
    }
}

static void
check_board (const Where   *w,
             const FxState *s)
{
  guint won[FX_N_CURRENCIES];
  guint total = 0;

  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      FxCurrency a, b;
      const FxPair *pair = &s->board.pairs[i];

      fx_pair_currencies (i, &a, &b);
      CHECK (w, pair->stronger >= 0 && pair->stronger < FX_N_CURRENCIES);
      CHECK (w, pair->stronger == (gint8) a || pair->stronger == (gint8) b);
      CHECK (w, pair->space >= 0 && pair->space < FX_N_SPACES);
    }
  fx_board_pairs_won (&s->board, won);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    total += won[c];
  CHECK (w, total == FX_N_PAIRS);
}

/* Everything that must hold in any position of any game. */
static void
check_state (const Where   *w,
             const FxSetup *setup,
             const FxState *s)
{
  CHECK (w, s->n_players == setup->n_players);
  CHECK (w, s->status == FX_STATUS_PLAYING || s->status == FX_STATUS_ENDED
            || s->status == FX_STATUS_BANKRUPT);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      guint held = 0, removed = 0;

      for (int p = 0; p < s->n_players; p++)
        {
          CHECK (w, s->certs[p][c] <= FX_MAX_CERTS_HELD);
          CHECK (w, s->cash[p][c] >= 0 && s->cash[p][c] <= XQ_AMOUNT_MAX);
          held += s->certs[p][c];
        }
      for (int p = s->n_players; p < FX_MAX_PLAYERS; p++)
        CHECK (w, s->certs[p][c] == 0 && s->cash[p][c] == 0);
      for (int i = 0; i < FX_N_REMOVED; i++)
        removed += setup->removed[i] == c;
      CHECK (w, s->removed_at_setup[c] == removed);
      CHECK (w, s->pile[c] + held + s->gone[c] == FX_CERTS_PER_CURRENCY);
      CHECK (w, s->gone[c] >= s->removed_at_setup[c]);
      CHECK (w, held == fx_state_certs_held (s, c));
    }

  check_letters_and_queue (w, s);
  check_board (w, s);

  CHECK (w, s->next_player >= 0 && s->next_player < s->n_players);
  CHECK (w, s->spot_actor == FX_NO_PLAYER || s->spot_actor == s->next_player);
  CHECK (w, s->last_actor >= FX_NO_PLAYER && s->last_actor < s->n_players);
  CHECK (w, (s->turn == 0) == (s->last_actor == FX_NO_PLAYER));
  CHECK (w, s->strongest_choice == FX_NO_CURRENCY
            || (s->status != FX_STATUS_PLAYING && s->strongest_choice < FX_N_CURRENCIES));

  switch ((FxStatus) s->status)
    {
    case FX_STATUS_PLAYING:
      CHECK (w, s->bankrupt == FX_NO_PLAYER);
      CHECK (w, s->dividends_left > 0 && s->queue_len > 0);
      break;
    case FX_STATUS_ENDED:
      /* A normal end: the queue is empty, so every letter is free. */
      CHECK (w, s->bankrupt == FX_NO_PLAYER);
      CHECK (w, s->queue_len == 0 && s->dividends_left == 0);
      CHECK (w, s->spot_actor == FX_NO_PLAYER);
      break;
    case FX_STATUS_BANKRUPT:
      {
        const FxLetter *loan;
        gboolean short_of_money = FALSE;

        /* The unpaid loan stays at the front, its owner unable to pay it. */
        CHECK (w, s->bankrupt >= 0 && s->bankrupt < s->n_players);
        CHECK (w, s->spot_actor == FX_NO_PLAYER);
        CHECK (w, s->queue_len > 0 && s->queue[0].kind == FX_ITEM_LOAN);
        loan = &s->letters[s->queue[0].letter];
        CHECK (w, loan->owner == s->bankrupt);
        for (int c = 0; c < FX_N_CURRENCIES; c++)
          short_of_money |= s->cash[loan->owner][c] < loan->owed[c];
        CHECK (w, short_of_money);
        break;
      }
    default:
      CHECK (w, !"the status is playing, ended or bankrupt");
    }
}

/* What each kind of move must do to the turn bookkeeping. */
static void
check_transition (const Where   *w,
                  const FxState *before,
                  const FxState *after,
                  const FxMove  *m)
{
  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_SPOT:
      CHECK (w, after->turn == before->turn);
      CHECK (w, after->spot_actor == m->actor && before->spot_actor == FX_NO_PLAYER);
      CHECK (w, after->next_player == before->next_player);
      break;
    case FX_MOVE_CONTRACT:
    case FX_MOVE_INVEST:
    case FX_MOVE_DIVEST:
    case FX_MOVE_RESOLVE:
      CHECK (w, after->turn == before->turn + 1);
      CHECK (w, after->last_actor == m->actor && after->spot_actor == FX_NO_PLAYER);
      CHECK (w, after->next_player == (m->actor + 1) % before->n_players);
      if (m->kind == FX_MOVE_CONTRACT)
        {
          int lowest = 0;

          /* The lowest free letter, queued at the back. */
          while (before->letters[lowest].use != FX_LETTER_FREE)
            lowest++;
          CHECK (w, after->letters[lowest].use == FX_LETTER_CONTRACT);
          CHECK (w, after->letters[lowest].owner == m->actor);
          CHECK (w, after->letters[lowest].pay_amount == m->amount);
          CHECK (w, after->queue_len == before->queue_len + 1);
          CHECK (w, after->queue[after->queue_len - 1].kind == FX_ITEM_CONTRACT);
          CHECK (w, after->queue[after->queue_len - 1].letter == lowest);
        }
      break;
    case FX_MOVE_STRONGEST:
      CHECK (w, before->status != FX_STATUS_PLAYING);
      CHECK (w, after->strongest_choice == m->cur[0]);
      CHECK (w, after->turn == before->turn);
      break;
    case FX_MOVE_CORRECT_CASH:
    case FX_MOVE_CORRECT_CERTS:
    case FX_MOVE_CORRECT_PILE:
    case FX_MOVE_CORRECT_PAIR:
    case FX_MOVE_CORRECT_CONTRACT:
    case FX_MOVE_CORRECT_LOAN:
    case FX_MOVE_CORRECT_REMOVE:
    case FX_MOVE_CORRECT_QUEUE:
    case FX_MOVE_CORRECT_DIVIDENDS:
      CHECK (w, after->turn == before->turn);
      CHECK (w, after->next_player == before->next_player);
      CHECK (w, after->status == FX_STATUS_PLAYING);
      break;
    case FX_MOVE_CHECKPOINT:
      {
        FxState same = *after;

        /* A count changes nothing on the table. */
        same.corrections_in_row = before->corrections_in_row;
        CHECK (w, memcmp (&same, before, sizeof same) == 0);
        CHECK (w, after->corrections_in_row == 0);
      }
      break;
    default:
      CHECK (w, !"a known move kind");
    }
}

/* The score, recomputed here from the rules' words. */
static void
check_score (const Where   *w,
             const FxState *s)
{
  FxStanding st;
  const FxStrongest *strongest = &st.strongest;
  guint won[FX_N_CURRENCIES] = { 0 };
  guint most_pairs = 0, most_certs = 0, n_tied = 0, best_certs = 0, n_winners = 0;
  XqAmount best = -1;
  FxCurrency best_currency;

  fx_score_standing (s, &st);

  for (guint i = 0; i < FX_N_PAIRS; i++)
    won[s->board.pairs[i].stronger]++;
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      CHECK (w, strongest->pairs_won[c] == won[c]);
      CHECK (w, strongest->certs_held[c] == fx_state_certs_held (s, c));
      most_pairs = MAX (most_pairs, strongest->pairs_won[c]);
    }
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    if (strongest->pairs_won[c] == most_pairs)
      most_certs = MAX (most_certs, strongest->certs_held[c]);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      gboolean tied = strongest->pairs_won[c] == most_pairs && strongest->certs_held[c] == most_certs;

      CHECK (w, strongest->tied_on_pairs[c] == (strongest->pairs_won[c] == most_pairs));
      CHECK (w, strongest->tied[c] == tied);
      n_tied += tied;
    }
  CHECK (w, n_tied >= 1 && strongest->n_tied == n_tied);
  if (n_tied == 1)
    CHECK (w, strongest->strongest != FX_NO_CURRENCY && strongest->tied[strongest->strongest]
              && !strongest->chosen);
  else if (s->strongest_choice != FX_NO_CURRENCY)
    CHECK (w, strongest->strongest == s->strongest_choice && strongest->chosen);
  else
    CHECK (w, strongest->strongest == FX_NO_CURRENCY);

  if (strongest->strongest == FX_NO_CURRENCY)
    return;
  best_currency = strongest->strongest;

  for (int p = 0; p < s->n_players; p++)
    {
      const FxConversion *conv = &st.players[p];
      XqAmount sum = 0;

      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          XqAmount a = s->cash[p][c], got = conv->converted[c];

          CHECK (w, conv->held[c] == a);
          CHECK (w, got >= 0);
          if (c == best_currency)
            CHECK (w, got == a);
          else
            {
              XqAmount r = fx_board_rate (&s->board, best_currency, c);
              gint64 bucks = got / 2;

              /* Each conversion rounds down to a whole buck on its own. */
              CHECK (w, got % 2 == 0);
              if (fx_board_stronger (&s->board, best_currency, c) == best_currency)
                CHECK (w, bucks * r <= a && a < (bucks + 1) * r);            /* X ÷ v */
              else
                CHECK (w, 4 * bucks <= (gint64) a * r && (gint64) a * r < 4 * (bucks + 1));   /* X × v */
            }
          sum += got;
        }
      CHECK (w, conv->total == sum);
      if (p != s->bankrupt)
        best = MAX (best, sum);
    }

  for (int p = 0; p < s->n_players; p++)
    if (p != s->bankrupt && st.players[p].total == best)
      best_certs = MAX (best_certs, s->certs[p][best_currency]);
  for (int p = 0; p < FX_MAX_PLAYERS; p++)
    {
      gboolean wins = p < s->n_players && p != s->bankrupt && st.players[p].total == best
                      && s->certs[p][best_currency] == best_certs;

      CHECK (w, st.winners[p] == wins);
      n_winners += wins;
    }
  CHECK (w, n_winners >= 1 && st.n_winners == n_winners);
  if (s->bankrupt != FX_NO_PLAYER)
    CHECK (w, !st.winners[s->bankrupt]);
}

static void
count_moves (XqSession *session,
             Coverage  *cov)
{
  guint n = xq_session_get_n_moves (session);

  for (guint i = 0; i < n; i++)
    {
      const FxMove *m = xq_session_get_move (session, i);

      switch ((FxMoveKind) m->kind)
        {
        case FX_MOVE_SPOT:
          cov->spots++;
          break;
        case FX_MOVE_INVEST:
          cov->two_certificate_investments += m->cur[1] != FX_NO_CURRENCY;
          break;
        case FX_MOVE_DIVEST:
          cov->divest_responses += (m->named & ~(1u << m->actor)) != 0;
          break;
        case FX_MOVE_RESOLVE:
          cov->dividend_ties += m->cur[0] != FX_NO_CURRENCY;
          break;
        case FX_MOVE_STRONGEST:
          cov->strongest_choices++;
          break;
        case FX_MOVE_CORRECT_CASH:
        case FX_MOVE_CORRECT_CERTS:
        case FX_MOVE_CORRECT_PILE:
        case FX_MOVE_CORRECT_PAIR:
        case FX_MOVE_CORRECT_CONTRACT:
        case FX_MOVE_CORRECT_LOAN:
        case FX_MOVE_CORRECT_REMOVE:
        case FX_MOVE_CORRECT_QUEUE:
        case FX_MOVE_CORRECT_DIVIDENDS:
          cov->corrections++;
          break;
        case FX_MOVE_CONTRACT:
        case FX_MOVE_CHECKPOINT:
        default:
          break;
        }
    }
}

static void
count_loans (const FxState *before,
             const FxState *after,
             Coverage      *cov)
{
  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      guint owed_before = 0, owed_after = 0;

      if (after->letters[l].use != FX_LETTER_LOAN)
        continue;
      if (before->letters[l].use != FX_LETTER_LOAN)
        cov->loans++;
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          owed_before += before->letters[l].use == FX_LETTER_LOAN && before->letters[l].owed[c] > 0;
          owed_after += after->letters[l].owed[c] > 0;
        }
      /* A debt added to an existing loan in another currency. */
      if (owed_after > 1 && owed_after > owed_before)
        cov->merged_loans++;
    }
}

static gboolean
same_moves (XqSession *a,
            XqSession *b)
{
  guint n = xq_session_get_n_moves (a);

  if (n != xq_session_get_n_moves (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      if (memcmp (xq_session_get_move (a, i), xq_session_get_move (b, i), sizeof (FxMove)) != 0)
        return FALSE;
      if (g_strcmp0 (xq_session_get_move_reason (a, i), xq_session_get_move_reason (b, i)) != 0)
        return FALSE;
    }
  return TRUE;
}

static void
check_game (guint64              seed,
            guint                n_players,
            const FxRandomStyle *style,
            const char          *style_name,
            Coverage            *cov)
{
  g_autoptr(XqSession) game = fx_random_game (seed, n_players, style, MAX_MOVES);
  g_autoptr(XqSession) again = NULL;
  g_autoptr(XqSession) replay = NULL;
  g_autoptr(XqSession) parsed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree FxState *states = NULL;
  g_autofree FxMove *legal = g_new (FxMove, FX_LEGAL_MAX);
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  const FxSetup *setup = xq_session_get_setup (game);
  const FxState *final;
  FxState scratch;
  guint n = xq_session_get_n_moves (game);
  guint error_line = 0;
  Where w = { seed, n_players, style_name, 0, game };

  /* The game ends, well before the generator's bound. */
  final = xq_session_get_state (game);
  CHECK (&w, n + 2 < MAX_MOVES);
  w.move = n;
  CHECK (&w, final->status != FX_STATUS_PLAYING);
  CHECK (&w, fx_legal_actions (setup, final, legal) == 0);

  /* The same seed draws the same game. */
  again = fx_random_game (seed, n_players, style, MAX_MOVES);
  CHECK (&w, memcmp (xq_session_get_setup (again), setup, sizeof (FxSetup)) == 0);
  CHECK (&w, same_moves (game, again));

  /* Replay on a fresh session, checking every position on the way. */
  replay = xq_session_new (fx_game_get (), setup);
  w.session = replay;
  states = g_new (FxState, n + 1);
  memcpy (&states[0], xq_session_get_state (replay), sizeof (FxState));
  w.move = 0;
  check_state (&w, setup, &states[0]);
  CHECK (&w, states[0].turn == 0 && states[0].queue_len == 1 && states[0].dividends_left == FX_N_DIVIDEND_CARDS);
  for (guint i = 0; i < n; i++)
    {
      const FxMove *m = xq_session_get_move (game, i);

      if (!xq_session_play (replay, m, xq_session_get_move_reason (game, i), &error))
        {
          w.move = i;
          fail (&w, __LINE__, error->message);
        }
      w.move = i + 1;
      memcpy (&states[i + 1], xq_session_get_state (replay), sizeof (FxState));
      check_state (&w, setup, &states[i + 1]);
      check_transition (&w, &states[i], &states[i + 1], m);
      /* While playing only the end decides; the standing must still be sound. */
      check_score (&w, &states[i + 1]);
      /* The projected end: a finished table, the same board and certificates. */
      {
        FxState projected;

        fx_state_project_end (&states[i + 1], &projected);
        check_state (&w, setup, &projected);
        CHECK (&w, projected.status != FX_STATUS_PLAYING);
        CHECK (&w, memcmp (&projected.board, &states[i + 1].board, sizeof projected.board) == 0);
        CHECK (&w, memcmp (projected.certs, states[i + 1].certs, sizeof projected.certs) == 0);
        if (states[i + 1].status != FX_STATUS_PLAYING)
          CHECK (&w, memcmp (&projected, &states[i + 1], sizeof projected) == 0);
        check_score (&w, &projected);
      }
      count_loans (&states[i], &states[i + 1], cov);
    }
  w.move = n;
  CHECK (&w, memcmp (&states[n], final, sizeof (FxState)) == 0);

  /* The finished game has a decided strongest currency and a winner. */
  {
    FxStanding st;

    fx_score_standing (final, &st);
    CHECK (&w, st.strongest.strongest != FX_NO_CURRENCY);
    CHECK (&w, st.n_winners >= 1);
    CHECK (&w, (final->status == FX_STATUS_BANKRUPT) == (final->bankrupt != FX_NO_PLAYER));
    cov->shared_wins += st.n_winners > 1;
  }

  /* The history: every earlier state, then undo to the setup and redo to the end. */
  for (guint k = 0; k <= n; k++)
    {
      w.move = k;
      xq_session_get_state_at (replay, k, &scratch);
      CHECK (&w, memcmp (&scratch, &states[k], sizeof (FxState)) == 0);
    }
  while (xq_session_can_undo (replay))
    {
      guint k;

      CHECK (&w, xq_session_undo (replay));
      k = xq_session_get_n_moves (replay);
      w.move = k;
      CHECK (&w, memcmp (xq_session_get_state (replay), &states[k], sizeof (FxState)) == 0);
      xq_session_get_state_at (replay, k, &scratch);
      CHECK (&w, memcmp (&scratch, &states[k], sizeof (FxState)) == 0);
    }
  CHECK (&w, xq_session_get_n_moves (replay) == 0 && !xq_session_undo (replay));
  while (xq_session_can_redo (replay))
    {
      guint k;

      CHECK (&w, xq_session_redo (replay));
      k = xq_session_get_n_moves (replay);
      w.move = k;
      CHECK (&w, memcmp (xq_session_get_state (replay), &states[k], sizeof (FxState)) == 0);
    }
  w.move = xq_session_get_n_moves (replay);
  CHECK (&w, w.move == n && !xq_session_redo (replay));
  CHECK (&w, same_moves (game, replay));

  /* XQN: written, read back, the same moves and the same end; written again, the same text. */
  text = xq_session_to_notation (game);
  parsed = xq_session_new_from_notation (text, -1, &error_line, &error);
  if (parsed == NULL)
    {
      g_autofree char *message = g_strdup_printf ("XQN line %u: %s\n%s", error_line, error->message, text);

      fail (&w, __LINE__, message);
    }
  w.session = parsed;
  CHECK (&w, memcmp (xq_session_get_setup (parsed), setup, sizeof (FxSetup)) == 0);
  CHECK (&w, same_moves (game, parsed));
  CHECK (&w, memcmp (xq_session_get_state (parsed), final, sizeof (FxState)) == 0);
  CHECK (&w, xq_session_check_complete (parsed, NULL, NULL));
  text_again = xq_session_to_notation (parsed);
  CHECK (&w, strcmp (text, text_again) == 0);

  cov->games++;
  cov->moves += n;
  cov->max_turn = MAX (cov->max_turn, final->turn);
  if (final->status == FX_STATUS_ENDED)
    cov->ended++;
  else
    {
      cov->bankrupt++;
      cov->bankrupt_after_last_card += final->dividends_left == 0;
    }
  count_moves (game, cov);
}

static void
report (const char     *what,
        const Coverage *cov)
{
  g_test_message ("%s: %u games, %u moves, longest %u turns; %u ended, %u bankrupt (%u after card 4); "
                  "%u dividend tie choices, %u strongest choices, %u spots, %u corrections, "
                  "%u double investments, %u divest responses, %u loans, %u merged loans, %u shared wins",
                  what, cov->games, cov->moves, cov->max_turn, cov->ended, cov->bankrupt,
                  cov->bankrupt_after_last_card, cov->dividend_ties, cov->strongest_choices, cov->spots,
                  cov->corrections, cov->two_certificate_investments, cov->divest_responses, cov->loans,
                  cov->merged_loans, cov->shared_wins);
}

/* Seeds 0 … 999, 2 to 6 players, even seeds reckless and odd seeds prudent:
 * with 5 player counts and 2 styles every combination comes up. */
static void
test_random_games (void)
{
  Coverage cov = { 0 };

  for (guint64 seed = 0; seed < 1000; seed++)
    {
      gboolean prudent = seed % 2 == 1;

      check_game (seed, 2 + (guint) (seed % 5),
                  prudent ? &fx_random_style_prudent : &fx_random_style_default,
                  prudent ? "prudent" : "default", &cov);
    }
  report ("default and prudent", &cov);

  g_assert_cmpuint (cov.games, ==, 1000);
  /* The generator really reaches every way a game can go. */
  g_assert_cmpuint (cov.ended, >, 0);
  g_assert_cmpuint (cov.bankrupt, >, 0);
  g_assert_cmpuint (cov.dividend_ties, >, 0);
  g_assert_cmpuint (cov.strongest_choices, >, 0);
  g_assert_cmpuint (cov.spots, >, 0);
  g_assert_cmpuint (cov.corrections, >, 0);
  g_assert_cmpuint (cov.two_certificate_investments, >, 0);
  g_assert_cmpuint (cov.divest_responses, >, 0);
  g_assert_cmpuint (cov.loans, >, 0);
  g_assert_cmpuint (cov.merged_loans, >, 0);
}

/* Long games cross many history snapshots and see the most corrections. */
static void
test_long_games (void)
{
  Coverage cov = { 0 };

  for (guint64 seed = 0; seed < 60; seed++)
    check_game (seed, 2 + (guint) (seed % 5), &fx_random_style_long, "long", &cov);
  report ("long", &cov);

  g_assert_cmpuint (cov.games, ==, 60);
  g_assert_cmpuint (cov.max_turn, >=, 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/fx-random/games", test_random_games);
  g_test_add_func ("/fx-random/long-games", test_long_games);

  return g_test_run ();
}
