/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game review told in words, once for the audit window and the PDF: the
 * engine (src/forex/fx-review.c) gives the numbers, this file replays the game
 * to say each turn and its best alternative in the history's sentences, and
 * projects the alternative to say what it would have changed. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "fx-report-text.h"
#include "fx-review-summary.h"
#include "fx-score.h"
#include "fx-sentence.h"

/* The margin of @player in the standing of @state, as the review values it
 * (fx_score_standing_resolved(), fx_score_margin()), with @player's place
 * there and the currency it is counted in. */
static XqAmount
project_for (const FxSetup *setup,
             const FxState *state,
             int            player,
             guint8        *place,
             gint8         *strongest)
{
  FxState end;
  FxStanding standing;

  fx_score_standing_resolved (setup, state, &end, &standing);
  *place = standing.place[player];
  *strongest = standing.strongest.strongest;
  return fx_score_margin (&end, &standing, player);
}

/* "ahead by 1.5 CHF", "behind by 2 CHF", "level with the best other player". */
static char *
margin_words (XqAmount margin,
              gint8    currency)
{
  g_autofree char *money = fx_sentence_money (ABS (margin), currency);

  if (margin > 0)
    /* TRANSLATORS: a projected margin: "ahead by 1.5 CHF" */
    return g_strdup_printf (_("ahead by %s"), money);
  if (margin < 0)
    /* TRANSLATORS: a projected margin: "behind by 2 CHF" */
    return g_strdup_printf (_("behind by %s"), money);
  return g_strdup (_("level with the best other player"));
}

/* The moves of a turn told one after the other, from @before; @before ends after them. */
static char *
tell_turn (const FxSetup *setup,
           FxState       *state,
           const FxMove  *moves,
           guint          n)
{
  g_autofree char *text = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *sentence = fx_sentence_move (setup, state, &moves[i]);

      if (text == NULL)
        text = g_steal_pointer (&sentence);
      else
        {
          /* TRANSLATORS: a spot transaction, then the action of the same turn */
          char *both = g_strdup_printf (_("%s; then %s"), text, sentence);

          g_free (text);
          text = both;
        }
      fx_state_apply (setup, state, &moves[i], NULL);
    }
  return g_steal_pointer (&text);
}

static void
note_turn (FxReviewSummary *self,
           guint            t,
           const FxState   *before,
           const FxMove    *moves)
{
  const FxReviewTurn *turn = &self->review.turns[t];
  FxReviewNote *note = &self->notes[t];
  FxState state = *before;
  g_autofree char *was = NULL;
  g_autofree char *would = NULL;

  note->played = tell_turn (&self->setup, &state, moves + turn->move - 1, turn->n_moves);
  note->margin_played = project_for (&self->setup, &state, turn->player, &note->place_played,
                                     &note->strongest_played);
  if (turn->loss <= 0 || turn->n_best_moves == 0)
    {
      note->grade = FX_REVIEW_GRADE_BEST;
      note->place_best = note->place_played;
      note->strongest_best = note->strongest_played;
      note->margin_best = note->margin_played;
      return;
    }
  state = *before;
  note->better = tell_turn (&self->setup, &state, turn->best_turn, turn->n_best_moves);
  note->margin_best = project_for (&self->setup, &state, turn->player, &note->place_best, &note->strongest_best);
  would = margin_words (note->margin_best, note->strongest_best);
  was = margin_words (note->margin_played, note->strongest_played);
  if (note->place_best != note->place_played)
    /* TRANSLATORS: what the best alternative would have changed: "projected 2nd, ahead by 1 CHF,
     * instead of 3rd, behind by 2 CHF" */
    note->change = g_strdup_printf (_("projected %s, %s, instead of %s, %s"), fx_report_ordinal (note->place_best),
                                    would, fx_report_ordinal (note->place_played), was);
  else
    /* TRANSLATORS: what the best alternative would have changed when the place stays:
     * "still projected 2nd, but ahead by 1 CHF instead of behind by 2 CHF" */
    note->change = g_strdup_printf (_("still projected %s, but %s instead of %s"),
                                    fx_report_ordinal (note->place_best), would, was);
}

static int
compare_amounts (gconstpointer a,
                 gconstpointer b)
{
  XqAmount x = *(const XqAmount *) a, y = *(const XqAmount *) b;

  return x < y ? -1 : x > y;
}

/* The grades' lines from the game's own losses, then each turn's grade:
 * costly from its median loss, decisive from twice that or its costliest
 * tenth, whichever is higher, so a game whose losses run large still has few
 * decisive turns. */
static void
grade_turns (FxReviewSummary *self)
{
  guint n = self->review.n_turns;
  g_autofree XqAmount *losses = g_new (XqAmount, MAX (n, 1));
  XqAmount median = 0, tenth = 0;

  for (guint t = 0; t < n; t++)
    losses[t] = self->review.turns[t].loss;
  qsort (losses, n, sizeof (XqAmount), compare_amounts);
  if (n > 0)
    {
      median = n % 2 == 1 ? losses[n / 2] : (losses[n / 2 - 1] + losses[n / 2]) / 2;
      tenth = losses[MIN (n - 1, n * 9 / 10)];
    }
  /* Half-bucks are the unit: an even median of two odd losses rounds down. */
  self->costly_loss = MAX (median, FX_REVIEW_MIN_COSTLY_LOSS);
  self->decisive_loss = MAX (2 * self->costly_loss, tenth);
  for (guint t = 0; t < n; t++)
    {
      FxReviewNote *note = &self->notes[t];
      XqAmount loss = self->review.turns[t].loss;

      if (note->better == NULL)
        note->grade = FX_REVIEW_GRADE_BEST;
      else if (loss >= self->decisive_loss && note->place_best < note->place_played)
        note->grade = FX_REVIEW_GRADE_DECISIVE;
      else if (loss >= self->costly_loss)
        note->grade = FX_REVIEW_GRADE_COSTLY;
      else
        note->grade = FX_REVIEW_GRADE_SMALL;
    }
}

static int
by_loss (gconstpointer a,
         gconstpointer b,
         gpointer      user_data)
{
  const FxReviewTurn *turns = user_data;
  guint i = *(const guint *) a, j = *(const guint *) b;

  if (turns[i].loss != turns[j].loss)
    return turns[i].loss > turns[j].loss ? -1 : 1;
  return i < j ? -1 : i > j;
}

static void
summary_clear (gpointer data)
{
  FxReviewSummary *self = data;

  for (guint t = 0; self->notes != NULL && t < self->review.n_turns; t++)
    {
      g_free (self->notes[t].played);
      g_free (self->notes[t].better);
      g_free (self->notes[t].change);
    }
  g_free (self->notes);
  g_free (self->costliest);
  fx_review_clear (&self->review);
}

/**
 * fx_review_summary_new:
 * @setup: the game's setup
 * @moves: the moves @review was made of
 * @n_moves: their number
 * @review: a finished review; its contents move into the summary and it is left cleared
 *
 * Replays the game once to tell every turn and its best alternative.
 *
 * Returns: (transfer full): the summary, with one reference
 */
FxReviewSummary *
fx_review_summary_new (const FxSetup *setup,
                       const FxMove  *moves,
                       guint          n_moves,
                       FxReview      *review)
{
  FxReviewSummary *self = g_atomic_rc_box_new0 (FxReviewSummary);
  FxState state;
  guint move = 0;

  self->setup = *setup;
  self->review = *review;
  memset (review, 0, sizeof *review);
  self->n_moves = n_moves;
  self->notes = g_new0 (FxReviewNote, MAX (self->review.n_turns, 1));
  self->costliest = g_new0 (guint, MAX (self->review.n_turns, 1));
  self->winner = FX_NO_PLAYER;

  fx_state_init (setup, &state);
  for (guint t = 0; t < self->review.n_turns; t++)
    {
      const FxReviewTurn *turn = &self->review.turns[t];

      g_assert (turn->move >= 1 && turn->move - 1 + turn->n_moves <= n_moves);
      /* Corrections before the turn are positions too: play up to it. */
      for (; move < turn->move - 1; move++)
        fx_state_apply (setup, &state, &moves[move], NULL);
      note_turn (self, t, &state, moves);
      if (turn->loss > 0)
        self->costliest[self->n_costliest++] = t;
    }
  grade_turns (self);
  g_qsort_with_data (self->costliest, (int) self->n_costliest, sizeof (guint), by_loss, self->review.turns);

  /* The turning point is about the eventual winner, the review's: ahead at
   * the end, also when the `strongest` choice or a correction after the
   * last turn put them there. */
  self->winner = self->review.winner;
  return self;
}

FxReviewSummary *
fx_review_summary_ref (FxReviewSummary *summary)
{
  return g_atomic_rc_box_acquire (summary);
}

void
fx_review_summary_unref (FxReviewSummary *summary)
{
  g_atomic_rc_box_release_full (summary, summary_clear);
}

/**
 * fx_review_summary_run:
 *
 * Reviews the game at depth 1 on every core (fx_review_run()) and tells it.
 * Blocks: call it from a worker thread when a window waits.
 *
 * Returns: (transfer full) (nullable): the summary, or NULL with @error set
 *   (G_IO_ERROR_CANCELLED when @cancellable fired)
 */
FxReviewSummary *
fx_review_summary_run (const FxSetup  *setup,
                       const FxMove   *moves,
                       guint           n_moves,
                       volatile gint  *progress,
                       GCancellable   *cancellable,
                       GError        **error)
{
  FxReview review = { 0 };

  if (!fx_review_run (setup, moves, n_moves, 1, 0, progress, cancellable, &review, error))
    return NULL;
  return fx_review_summary_new (setup, moves, n_moves, &review);
}

/* The number of moves the history shows to show @turn's result. */
guint
fx_review_summary_position (const FxReviewSummary *summary,
                            guint                  turn)
{
  g_return_val_if_fail (turn < summary->review.n_turns, 0);

  return summary->review.turns[turn].move + summary->review.turns[turn].n_moves - 1;
}

/**
 * fx_review_summary_turning_point:
 *
 * Returns: (transfer full): "The game turned at move 57: after it, Ann's
 *   projected lead never fell to zero." or why there was none
 */
char *
fx_review_summary_turning_point (const FxReviewSummary *summary)
{
  if (summary->review.n_turns == 0)
    return g_strdup (_("No turn has been played yet."));
  if (summary->review.turning_point == 0 || summary->winner == FX_NO_PLAYER)
    return g_strdup (_("The game never turned for good: up to the last turn, no player's projected lead was "
                       "safe from falling to zero."));
  /* TRANSLATORS: the review's turning point: "The game turned at move 57: after it, Ann's projected lead
   * never fell to zero." */
  return g_strdup_printf (_("The game turned at move %u: after it, %s’s projected lead never fell to zero."),
                          summary->review.turning_point, summary->setup.names[summary->winner]);
}

/* "Turn 12 · move 23 · Agnes" */
char *
fx_review_summary_turn_title (const FxReviewSummary *summary,
                              guint                  turn)
{
  const FxReviewTurn *t = &summary->review.turns[turn];

  /* TRANSLATORS: a reviewed turn's heading: "Turn 12 · move 23 · Agnes" */
  return g_strdup_printf (_("Turn %u · move %u · %s"), turn + 1, t->move, summary->setup.names[t->player]);
}

/* "Decisive: lost 3.5 bucks", "Best turn" */
char *
fx_review_summary_loss_text (const FxReviewSummary *summary,
                             guint                  turn)
{
  const FxReviewNote *note = &summary->notes[turn];
  g_autofree char *amount = xq_amount_to_display_string (summary->review.turns[turn].loss);

  if (note->grade == FX_REVIEW_GRADE_BEST)
    return g_strdup (_("Best: no other turn was worth more"));
  /* TRANSLATORS: a turn's grade and its loss: "Costly: lost 3.5 bucks" */
  return g_strdup_printf (_("%s: lost %s bucks"), fx_review_grade_name (note->grade), amount);
}

const char *
fx_review_grade_name (FxReviewGrade grade)
{
  switch (grade)
    {
    case FX_REVIEW_GRADE_BEST:
      return C_("review grade", "Best");
    case FX_REVIEW_GRADE_SMALL:
      return C_("review grade", "Small");
    case FX_REVIEW_GRADE_COSTLY:
      return C_("review grade", "Costly");
    case FX_REVIEW_GRADE_DECISIVE:
      return C_("review grade", "Decisive");
    case FX_REVIEW_N_GRADES:
    default:
      return "";
    }
}

/* A symbolic icon per grade, so the grade never rests on colour alone. */
const char *
fx_review_grade_icon (FxReviewGrade grade)
{
  switch (grade)
    {
    case FX_REVIEW_GRADE_BEST:
      return "emblem-ok-symbolic";
    case FX_REVIEW_GRADE_SMALL:
      return "pan-down-symbolic";
    case FX_REVIEW_GRADE_COSTLY:
      return "dialog-warning-symbolic";
    case FX_REVIEW_GRADE_DECISIVE:
      return "dialog-error-symbolic";
    case FX_REVIEW_N_GRADES:
    default:
      return "";
    }
}

/* The grades with this game's lines: "Decisive: lost 20 bucks or more …". */
char *
fx_review_summary_grades_text (const FxReviewSummary *summary)
{
  g_autofree char *costly = xq_amount_to_display_string (summary->costly_loss);
  g_autofree char *decisive = xq_amount_to_display_string (summary->decisive_loss);

  /* TRANSLATORS: the review's grades; the amounts are this game's lines, in bucks */
  return g_strdup_printf (_("Decisive: lost %s bucks or more — twice the costly line, or the game’s costliest tenth, "
                            "whichever is higher — and the best alternative would have given the player a better "
                            "projected place. Costly: lost %s bucks or more — the game’s median loss, never under 2. "
                            "Small: lost less. Best: no legal turn was worth more."),
                          decisive, costly);
}

const char *
fx_review_explanation (void)
{
  return _("Every turn is compared with every legal turn its player could have taken instead: no spot or any "
           "spot, then any action. A turn is worth the player’s projected margin after it: their projected total "
           "minus the best other player’s, in bucks of the currency projected strongest, where the game is "
           "projected as if every turn after it were a resolve: the queue in its order and the dividends still "
           "to come. The loss is how much more the best alternative was worth.");
}

/* What a screen reader says for the graph: each player's margin at the end, and the turning point. */
char *
fx_review_summary_description (const FxReviewSummary *summary)
{
  GString *out = g_string_new (NULL);
  g_autofree char *turning = fx_review_summary_turning_point (summary);

  g_string_append_printf (out,
                          g_dngettext (GETTEXT_PACKAGE, "Each player’s projected margin over %u turn.",
                                       "Each player’s projected margin over %u turns.", summary->review.n_turns),
                          summary->review.n_turns);
  if (summary->review.n_turns > 0)
    {
      const FxReviewTurn *last = &summary->review.turns[summary->review.n_turns - 1];

      g_string_append (out, " ");
      g_string_append (out, _("After the last turn:"));
      for (guint p = 0; p < summary->review.n_players; p++)
        {
          g_autofree char *amount = xq_amount_to_display_string (last->margins[p]);

          /* TRANSLATORS: a player's margin in the graph's description: "Agnes 1.5" */
          g_string_append_printf (out, _(" %s %s;"), summary->setup.names[p], amount);
        }
    }
  g_string_append (out, " ");
  g_string_append (out, turning);
  return g_string_free (out, FALSE);
}

/* @player's margin in bucks at the start and after every turn: the graph's line. */
void
fx_review_margin_values (const FxReviewSummary *summary,
                         guint                  player,
                         double                *values)
{
  values[0] = summary->review.start_margins[player] / 2.0;
  for (guint t = 0; t < summary->review.n_turns; t++)
    values[t + 1] = summary->review.turns[t].margins[player] / 2.0;
}

/**
 * fx_review_session_moves:
 * @session: a For-Ex session
 * @n_moves: (out): the number of moves
 *
 * Returns: (transfer full): a copy of the session's moves in one array, for a
 *   review that may outlive the session's current log (a worker's)
 */
FxMove *
fx_review_session_moves (XqSession *session,
                         guint     *n_moves)
{
  guint n = xq_session_get_n_moves (session);
  FxMove *moves = g_new0 (FxMove, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    moves[i] = *(const FxMove *) xq_session_get_move (session, i);
  *n_moves = n;
  return moves;
}

/* The graph's marks: a diamond on each decisive turn and a circle on the
 * other turns among the five costliest, on their player's line; few enough
 * to stand out. @marks holds review.n_turns; returns how many. */
guint
fx_review_summary_marks (const FxReviewSummary *summary,
                         XqChartMark           *marks)
{
  guint n = 0;

  for (guint t = 0; t < summary->review.n_turns; t++)
    {
      gboolean costliest = FALSE;

      for (guint k = 0; k < MIN (summary->n_costliest, 5); k++)
        costliest |= summary->costliest[k] == t;
      if (summary->notes[t].grade != FX_REVIEW_GRADE_DECISIVE && !costliest)
        continue;
      marks[n++] = (XqChartMark) {
        .point = t + 1,
        .line = (guint) summary->review.turns[t].player,
        .shape = summary->notes[t].grade == FX_REVIEW_GRADE_DECISIVE ? XQ_CHART_MARK_DIAMOND : XQ_CHART_MARK_CIRCLE,
      };
    }
  return n;
}

/* 1 + the graph's point of the turning point (the turn that ends with or
 * after that move), for XqChart.rule; 0 when there is none. */
guint
fx_review_summary_rule (const FxReviewSummary *summary)
{
  if (summary->review.turning_point == 0 || summary->winner == FX_NO_PLAYER)
    return 0;
  for (guint t = 0; t < summary->review.n_turns; t++)
    if (fx_review_summary_position (summary, t) >= summary->review.turning_point)
      return t + 2;
  return summary->review.n_turns + 1;
}

char *
fx_review_summary_rule_label (const FxReviewSummary *summary)
{
  if (fx_review_summary_rule (summary) == 0)
    return NULL;
  /* TRANSLATORS: the label of the turning point's line in the review graph */
  return g_strdup_printf (_("turned at move %u"), summary->review.turning_point);
}
