/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game review's driver: splits a game into turns, reviews them on worker
 * threads and sums the result up per player, with the turning point. */

#include "config.h"

#include <string.h>

#include "fx-review-private.h"

/* What a review calls a turn: a spot (when there is one) and the action after
 * it. Every other kind of move (corrections, `strongest`, any kind added
 * later) changes the position between turns and is not reviewed. */
static gboolean
is_action (const FxMove *move)
{
  return move->kind == FX_MOVE_CONTRACT || move->kind == FX_MOVE_INVEST
         || move->kind == FX_MOVE_DIVEST || move->kind == FX_MOVE_RESOLVE;
}

typedef struct
{
  FxState before;
  guint   first;       /* index of the turn's first move */
  guint   n_moves;
} Job;

typedef struct
{
  const FxSetup  *setup;
  const FxMove   *moves;
  Job            *jobs;
  guint           n_jobs;
  guint           depth;
  gint            next;          /* the next job to take, atomically */
  volatile gint  *progress;
  GCancellable   *cancellable;
  FxReviewTurn   *turns;
  GMutex          lock;
  guint64         evaluated;
} Work;

/* Each worker takes the next turn until none is left. A turn's review depends
 * on the turn alone, so which worker reviews it changes nothing. */
static void
work_on_turns (gpointer data,
               gpointer user_data)
{
  Work *work = user_data;
  FxReviewEval ev;

  fx_review_eval_init (&ev, work->setup, work->cancellable);
  for (;;)
    {
      gint i = g_atomic_int_add (&work->next, 1);
      const Job *job;
      FxReviewTurn *turn;

      if (i >= (gint) work->n_jobs || g_cancellable_is_cancelled (work->cancellable))
        break;
      job = &work->jobs[i];
      turn = &work->turns[i];
      turn->move = job->first + 1;
      if (!fx_review_turn (&ev, &job->before, &work->moves[job->first], job->n_moves, work->depth, turn))
        break;
      if (work->progress != NULL)
        g_atomic_int_inc (work->progress);
    }
  g_mutex_lock (&work->lock);
  work->evaluated += ev.evaluated;
  g_mutex_unlock (&work->lock);
  fx_review_eval_clear (&ev);
}

/* Replays the game, keeping the position before each turn. A spot left
 * without its action at the end (a turn being recorded) is not a turn. */
static gboolean
collect_turns (const FxSetup  *setup,
               const FxMove   *moves,
               guint           n_moves,
               GArray         *jobs,
               FxState        *end,
               GError        **error)
{
  fx_state_init (setup, end);
  for (guint i = 0; i < n_moves;)
    {
      Job job;
      guint n = 1;

      if (moves[i].kind == FX_MOVE_SPOT && i + 1 < n_moves && is_action (&moves[i + 1]))
        n = 2;
      if (n == 2 || is_action (&moves[i]))
        {
          job.before = *end;
          job.first = i;
          job.n_moves = n;
          g_array_append_val (jobs, job);
        }
      for (guint j = i; j < i + n; j++)
        if (!fx_state_apply (setup, end, &moves[j], error))
          return FALSE;
      i += n;
    }
  return TRUE;
}

guint
fx_review_count_turns (const FxSetup *setup,
                       const FxMove  *moves,
                       guint          n_moves)
{
  guint n = 0;

  g_return_val_if_fail (setup != NULL, 0);
  g_return_val_if_fail (moves != NULL || n_moves == 0, 0);

  for (guint i = 0; i < n_moves; i++)
    n += is_action (&moves[i]);
  return n;
}

/* The turning point: the eventual winner is the player whose margin is
 * above 0 at the end of the game as recorded (projected, a tied strongest
 * currency chosen by the last to act); none on a shared win or a win decided
 * by certificates (margin 0). The positions looked at, in game order, are
 * those after each turn (tie chosen by that turn's player) and after each
 * move outside a turn (a correction, a checkpoint, the `strongest` choice;
 * tie chosen by the last to act): a game the final `strongest` choice or a
 * correction after the last turn decided turned there, not nowhere. Going
 * back from the last position, the turning point is the move after which
 * the winner's margin stayed above 0 at every later position: a turn's
 * last move (its action), or the move outside a turn itself. */
static guint
turning_point (FxReviewEval   *ev,
               const FxMove   *moves,
               guint           n_moves,
               const FxState  *end,
               FxReview       *review)
{
  g_autoptr(GArray) positions = NULL;   /* of Position, in game order */
  typedef struct
  {
    guint    move;      /* the last move played to reach it, from 1 */
    XqAmount margin;    /* the winner's */
  } Position;
  XqAmount margins[FX_MAX_PLAYERS];
  int favour = end->last_actor != FX_NO_PLAYER ? end->last_actor : end->next_player;
  int winner = FX_NO_PLAYER;
  guint point = 0, t = 0;
  FxState state;

  fx_review_margins (ev, end, favour, margins);
  for (int p = 0; p < end->n_players; p++)
    if (margins[p] > 0)
      winner = p;
  review->winner = (gint8) winner;
  if (winner == FX_NO_PLAYER)
    return 0;

  positions = g_array_new (FALSE, FALSE, sizeof (Position));
  fx_state_init (ev->setup, &state);
  for (guint i = 0; i < n_moves;)
    {
      Position position;

      if (t < review->n_turns && review->turns[t].move == i + 1)
        {
          const FxReviewTurn *turn = &review->turns[t++];

          for (guint j = 0; j < turn->n_moves; j++)
            if (!fx_state_apply (ev->setup, &state, &moves[i + j], NULL))
              g_return_val_if_reached (0);
          i += turn->n_moves;
          position.move = i;
          position.margin = turn->margins[winner];
        }
      else
        {
          if (!fx_state_apply (ev->setup, &state, &moves[i], NULL))
            g_return_val_if_reached (0);
          i++;
          /* A spot whose action is not recorded yet leaves no position. */
          if (moves[i - 1].kind == FX_MOVE_SPOT)
            continue;
          fx_review_margins (ev, &state,
                             state.last_actor != FX_NO_PLAYER ? state.last_actor : state.next_player, margins);
          position.move = i;
          position.margin = margins[winner];
        }
      g_array_append_val (positions, position);
    }
  for (guint k = positions->len; k-- > 0;)
    {
      const Position *position = &g_array_index (positions, Position, k);

      if (position->margin <= 0)
        break;
      point = position->move;
    }
  return point;
}

static void
sum_up (FxReview *review)
{
  for (guint t = 0; t < review->n_turns; t++)
    {
      const FxReviewTurn *turn = &review->turns[t];
      FxReviewPlayer *player = &review->players[turn->player];

      player->turns++;
      player->total_loss += turn->loss;
      player->largest_loss = MAX (player->largest_loss, turn->loss);
    }
}

/**
 * fx_review_run:
 *
 * See fx-review.h. The turns are reviewed independently, each by one worker,
 * so the result does not depend on @n_threads.
 */
gboolean
fx_review_run (const FxSetup  *setup,
               const FxMove   *moves,
               guint           n_moves,
               guint           depth,
               guint           n_threads,
               volatile gint  *progress,
               GCancellable   *cancellable,
               FxReview       *out,
               GError        **error)
{
  g_autoptr(GArray) jobs = g_array_new (FALSE, FALSE, sizeof (Job));
  FxReviewEval ev;
  FxState start, end;
  GThreadPool *pool;
  Work work = { 0 };

  g_return_val_if_fail (setup != NULL, FALSE);
  g_return_val_if_fail (moves != NULL || n_moves == 0, FALSE);
  g_return_val_if_fail (depth >= 1 && depth <= FX_REVIEW_MAX_DEPTH, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (!collect_turns (setup, moves, n_moves, jobs, &end, error))
    return FALSE;

  out->depth = depth;
  out->n_players = setup->n_players;
  out->n_turns = jobs->len;
  out->turns = g_new0 (FxReviewTurn, MAX (jobs->len, 1));

  work.setup = setup;
  work.moves = moves;
  work.jobs = (Job *) (gpointer) jobs->data;
  work.n_jobs = jobs->len;
  work.depth = depth;
  work.progress = progress;
  work.cancellable = cancellable;
  work.turns = out->turns;
  g_mutex_init (&work.lock);

  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  n_threads = CLAMP (n_threads, 1, MAX (jobs->len, 1));
  pool = g_thread_pool_new (work_on_turns, &work, (gint) n_threads, TRUE, NULL);
  if (pool == NULL)
    work_on_turns (NULL, &work);    /* no threads to be had: this one does it all */
  else
    {
      for (guint i = 0; i < n_threads; i++)
        g_thread_pool_push (pool, GUINT_TO_POINTER (i + 1), NULL);
      g_thread_pool_free (pool, FALSE, TRUE);
    }
  g_mutex_clear (&work.lock);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      fx_review_clear (out);
      return FALSE;
    }

  fx_review_eval_init (&ev, setup, NULL);
  fx_state_init (setup, &start);
  fx_review_margins (&ev, &start, start.next_player, out->start_margins);
  out->turning_point = turning_point (&ev, moves, n_moves, &end, out);
  fx_review_eval_clear (&ev);
  sum_up (out);
  out->evaluated = work.evaluated;
  return TRUE;
}

void
fx_review_clear (FxReview *review)
{
  g_return_if_fail (review != NULL);

  g_free (review->turns);
  memset (review, 0, sizeof *review);
}
