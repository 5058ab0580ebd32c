/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Review page: its states and fixed words come from
 * ui/fx-audit-review-page.ui; this fills in what depends on the review (the
 * graph, a row per player and per turn) and says what was clicked. A kit of
 * the audit window: it calls none of the window's files. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-chart.h"
#include "fx-audit-kit.h"
#include "fx-audit-review-page.h"
#include "xq-history-view.h"

/* What the turns list shows, the dropdown's entries in order. */
enum
{
  FX_AUDIT_REVIEW_SHOW_COSTLY,      /* decisive and costly */
  FX_AUDIT_REVIEW_SHOW_LOSSES,      /* every turn that lost something */
  FX_AUDIT_REVIEW_SHOW_ALL,
};

enum
{
  START_REVIEW,
  CANCEL_REVIEW,
  SHOW_MOVE,
  MARK_MOVES,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

struct _FxAuditReviewPage
{
  AdwBin           parent_instance;

  /* From the template */
  GtkStack        *stack;           /* "start", "running", "done" */
  GtkLabel        *explanation;
  GtkProgressBar  *progress;
  GtkLabel        *turning;
  GtkWidget       *chart_frame;
  GtkListBox      *players;
  GtkLabel        *grades;
  GtkDropDown     *show;
  GtkListBox      *turns;
  GtkWidget       *none;

  GtkWidget       *chart;           /* made in code: it takes its formatter at construction */
  FxReviewSummary *review;          /* the one shown; NULL until one is */
  guint            fill_tick;       /* adding the turns' rows, a batch a frame */
  guint            next_turn;       /* the turn the next batch starts at */
  guint            n_turn_rows;
};

/* Rows added to the turns list a frame: each row is several wrapped labels
 * to lay out, and a game of 1,000 turns laid out at once held the window for
 * seconds (bench-interactions). A batch is laid out and drawn, and events
 * are handled, before the next. */
#define TURN_ROWS_PER_BATCH 8

G_DEFINE_FINAL_TYPE (FxAuditReviewPage, fx_audit_review_page, ADW_TYPE_BIN)

static const char *grade_class[FX_REVIEW_N_GRADES] = { "success", "dim-label", "warning", "error" };

static char *player_text (const FxReviewSummary *review,
                          guint                  player);

static void
show_move (FxAuditReviewPage *self,
           guint              position)
{
  g_signal_emit (self, signals[SHOW_MOVE], 0, position);
}

static char *
describe_point (guint    point,
                gpointer user_data)
{
  FxAuditReviewPage *self = user_data;
  g_autofree char *title = NULL;
  g_autofree char *loss = NULL;

  if (self->review == NULL || point == 0 || point > self->review->review.n_turns)
    return g_strdup (_("At the start of the game"));
  title = fx_review_summary_turn_title (self->review, point - 1);
  loss = fx_review_summary_loss_text (self->review, point - 1);
  return g_strdup_printf ("%s\n%s", title, loss);
}

static void
point_activated (FxAuditChart      *chart,
                 guint              point,
                 FxAuditReviewPage *self)
{
  if (self->review == NULL)
    return;
  show_move (self, point == 0 ? 0 : fx_review_summary_position (self->review, point - 1));
}

static GtkWidget *
wrapped (const char *text,
         const char *css_class)
{
  GtkWidget *label = fx_audit_kit_paragraph (text, css_class);

  /* Wrapping rather than widening: the page never scrolls sideways. */
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  return label;
}

static GtkWidget *
turn_row (FxAuditReviewPage *self,
          guint              t)
{
  const FxReviewNote *note = &self->review->notes[t];
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *icon = gtk_image_new_from_icon_name (fx_review_grade_icon (note->grade));
  g_autofree char *title = fx_review_summary_turn_title (self->review, t);
  g_autofree char *loss = fx_review_summary_loss_text (self->review, t);
  g_autofree char *played = g_strdup_printf (_("Played: %s."), note->played);
  GtkWidget *heading = wrapped (title, "heading");
  GtkWidget *grade = wrapped (loss, grade_class[note->grade]);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, grade_class[note->grade]);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  fx_review_grade_name (note->grade), -1);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (text), heading);
  gtk_box_append (GTK_BOX (text), grade);
  gtk_box_append (GTK_BOX (text), wrapped (played, NULL));
  if (note->better != NULL)
    {
      g_autofree char *better = g_strdup_printf (_("Better: %s — %s."), note->better, note->change);

      gtk_box_append (GTK_BOX (text), wrapped (better, NULL));
    }
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), text);
  gtk_widget_set_margin_top (box, 9);
  gtk_widget_set_margin_bottom (box, 9);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, _("Show this turn in the history"));
  g_object_set_data (G_OBJECT (row), "turn", GUINT_TO_POINTER (t + 1));
  return row;
}

static gboolean
turn_shown (FxAuditReviewPage *self,
            guint              t)
{
  guint show = gtk_drop_down_get_selected (self->show);
  FxReviewGrade grade = self->review->notes[t].grade;

  return !((show == FX_AUDIT_REVIEW_SHOW_COSTLY && grade < FX_REVIEW_GRADE_COSTLY)
           || (show == FX_AUDIT_REVIEW_SHOW_LOSSES && grade == FX_REVIEW_GRADE_BEST));
}

static gboolean
add_turn_rows (GtkWidget     *widget,
               GdkFrameClock *frame_clock,
               gpointer       user_data)
{
  FxAuditReviewPage *self = user_data;
  guint added = 0;

  while (self->next_turn < self->review->review.n_turns && added < TURN_ROWS_PER_BATCH)
    {
      guint t = self->next_turn++;

      if (!turn_shown (self, t))
        continue;
      gtk_list_box_append (self->turns, turn_row (self, t));
      added++;
      self->n_turn_rows++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->turns), self->n_turn_rows > 0);
  if (self->next_turn < self->review->review.n_turns)
    return G_SOURCE_CONTINUE;
  gtk_widget_set_visible (self->none, self->n_turn_rows == 0);
  self->fill_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
stop_filling (FxAuditReviewPage *self)
{
  if (self->fill_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->turns), self->fill_tick);
  self->fill_tick = 0;
}

/* The turns the dropdown asks for, the first batch now (what shows at the
 * top of the list), the rest a batch a frame. */
static void
fill_turns (FxAuditReviewPage *self)
{
  GtkWidget *child;

  stop_filling (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->turns))) != NULL)
    gtk_list_box_remove (self->turns, child);
  self->next_turn = 0;
  self->n_turn_rows = 0;
  gtk_widget_set_visible (self->none, FALSE);
  if (self->review == NULL)
    return;
  if (add_turn_rows (NULL, NULL, self) == G_SOURCE_CONTINUE)
    self->fill_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->turns), add_turn_rows, self, NULL);
}

static void
turn_activated (GtkListBox        *list,
                GtkListBoxRow     *row,
                FxAuditReviewPage *self)
{
  guint t = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "turn"));

  if (self->review != NULL && t > 0)
    show_move (self, fx_review_summary_position (self->review, t - 1));
}

/* Each turn's grade beside its action in the game window's history, with
 * the better turn in the tooltip: the review read where the moves are. */
static void
mark_history (FxAuditReviewPage *self)
{
  const FxReviewSummary *review = self->review;
  guint n = review->review.n_turns;
  g_autofree XqHistoryMark *marks = g_new0 (XqHistoryMark, MAX (n, 1));
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (guint t = 0; t < n; t++)
    {
      const FxReviewTurn *turn = &review->review.turns[t];
      const FxReviewNote *note = &review->notes[t];
      char *label = fx_review_summary_loss_text (review, t);
      char *better = note->better != NULL ? g_strdup_printf (_("Better: %s — %s."), note->better, note->change)
                                          : NULL;

      g_ptr_array_add (texts, label);
      if (better != NULL)
        g_ptr_array_add (texts, better);
      marks[t].move = turn->move - 1 + turn->n_moves - 1;
      marks[t].icon_name = fx_review_grade_icon (note->grade);
      marks[t].css_class = grade_class[note->grade];
      marks[t].label = label;
      marks[t].description = better;
    }
  g_signal_emit (self, signals[MARK_MOVES], 0, marks, n);
}

static void
fill_done (FxAuditReviewPage *self)
{
  FxReviewSummary *review = self->review;
  FxAuditChart *chart = FX_AUDIT_CHART (self->chart);
  const FxSetup *setup = &review->setup;
  guint n_points = review->review.n_turns + 1;
  g_autofree double *values = g_new (double, n_points);
  g_autofree XqChartMark *marks = g_new (XqChartMark, MAX (review->review.n_turns, 1));
  g_autofree char *turning = fx_review_summary_turning_point (review);
  g_autofree char *rule_label = fx_review_summary_rule_label (review);
  g_autofree char *description = fx_review_summary_description (review);
  g_autofree char *grades = fx_review_summary_grades_text (review);
  GtkWidget *child;

  gtk_label_set_text (self->turning, turning);
  gtk_label_set_text (self->grades, grades);
  fx_audit_chart_clear (chart, n_points);
  for (guint p = 0; p < review->review.n_players; p++)
    {
      fx_review_margin_values (review, p, values);
      fx_audit_chart_add_line (chart, setup->names[p], p, values);
    }
  fx_audit_chart_set_marks (chart, marks, fx_review_summary_marks (review, marks), fx_review_summary_rule (review),
                            rule_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players))) != NULL)
    gtk_list_box_remove (self->players, child);
  for (guint p = 0; p < review->review.n_players; p++)
    {
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = player_text (review, p);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), setup->names[p]);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_list_box_append (self->players, row);
    }
  fill_turns (self);
  mark_history (self);
}

/* "25 turns · lost 7.5 bucks in all · largest loss 3 bucks" */
static char *
player_text (const FxReviewSummary *review,
             guint                  player)
{
  const FxReviewPlayer *p = &review->review.players[player];
  g_autofree char *total = xq_amount_to_display_string (p->total_loss);
  g_autofree char *largest = xq_amount_to_display_string (p->largest_loss);

  /* TRANSLATORS: a player's losses in the review: "25 turns · lost 7.5 bucks in all · largest loss 3 bucks" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u turn · lost %s bucks in all · largest loss %s bucks",
                                       "%u turns · lost %s bucks in all · largest loss %s bucks", p->turns),
                          p->turns, total, largest);
}

static void
start_clicked (FxAuditReviewPage *self)
{
  g_signal_emit (self, signals[START_REVIEW], 0);
}

static void
cancel_clicked (FxAuditReviewPage *self)
{
  g_signal_emit (self, signals[CANCEL_REVIEW], 0);
}

static void
fx_audit_review_page_dispose (GObject *object)
{
  FxAuditReviewPage *self = FX_AUDIT_REVIEW_PAGE (object);

  stop_filling (self);
  g_clear_pointer (&self->review, fx_review_summary_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_AUDIT_REVIEW_PAGE);
  G_OBJECT_CLASS (fx_audit_review_page_parent_class)->dispose (object);
}

static void
fx_audit_review_page_class_init (FxAuditReviewPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = fx_audit_review_page_dispose;
  /* The page runs nothing and knows no game window: its owner does both. */
  signals[START_REVIEW] = g_signal_new ("start-review", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 0);
  signals[CANCEL_REVIEW] = g_signal_new ("cancel-review", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 0);
  signals[SHOW_MOVE] = g_signal_new ("show-move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[MARK_MOVES] = g_signal_new ("mark-moves", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                      NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/exchequer/Exchequer/fx-audit-review-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, stack);
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, explanation);
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, progress);
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, turning);
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, chart_frame);
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, players);
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, grades);
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, show);
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, turns);
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, none);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, fill_turns);
  gtk_widget_class_bind_template_callback (widget_class, turn_activated);
}

static void
fx_audit_review_page_init (FxAuditReviewPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The rules' own words, shared with the report. */
  gtk_label_set_text (self->explanation, fx_review_explanation ());
  self->chart = fx_audit_chart_new (_("Margin in bucks"), fx_chart_format_bucks);
  fx_audit_chart_set_unit (FX_AUDIT_CHART (self->chart), 0.5);
  /* TRANSLATORS: the review graph's horizontal axis */
  fx_audit_chart_set_x_title (FX_AUDIT_CHART (self->chart), _("After turn (0 is the start of the game)"));
  fx_audit_chart_set_describe (FX_AUDIT_CHART (self->chart), describe_point, self);
  gtk_widget_set_size_request (self->chart, 200, 260);
  g_signal_connect_object (self->chart, "point-activated", G_CALLBACK (point_activated), self, 0);
  gtk_widget_set_margin_top (self->chart, 12);
  gtk_widget_set_margin_bottom (self->chart, 12);
  gtk_widget_set_margin_start (self->chart, 12);
  gtk_widget_set_margin_end (self->chart, 12);
  gtk_box_append (GTK_BOX (self->chart_frame), self->chart);
}

GtkWidget *
fx_audit_review_page_new (void)
{
  return g_object_new (FX_TYPE_AUDIT_REVIEW_PAGE, NULL);
}

void
fx_audit_review_page_set_state (FxAuditReviewPage *self,
                                const char        *state)
{
  g_return_if_fail (FX_IS_AUDIT_REVIEW_PAGE (self));

  gtk_stack_set_visible_child_name (self->stack, state);
}

const char *
fx_audit_review_page_get_state (FxAuditReviewPage *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_REVIEW_PAGE (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

void
fx_audit_review_page_set_progress (FxAuditReviewPage *self,
                                   guint              done,
                                   guint              total)
{
  g_autofree char *text = NULL;

  g_return_if_fail (FX_IS_AUDIT_REVIEW_PAGE (self));

  done = MIN (done, total);
  gtk_progress_bar_set_fraction (self->progress, total > 0 ? (double) done / total : 0);
  /* TRANSLATORS: the review's progress bar */
  text = g_strdup_printf (_("Turn %u of %u reviewed"), done, total);
  gtk_progress_bar_set_text (self->progress, text);
}

void
fx_audit_review_page_set_review (FxAuditReviewPage *self,
                                 FxReviewSummary   *review)
{
  g_return_if_fail (FX_IS_AUDIT_REVIEW_PAGE (self));

  if (review != NULL)
    fx_review_summary_ref (review);
  stop_filling (self);
  g_clear_pointer (&self->review, fx_review_summary_unref);
  self->review = review;
  if (review == NULL)
    return;
  fill_done (self);
  fx_audit_review_page_set_state (self, "done");
}

GtkWidget *
fx_audit_review_page_get_chart (FxAuditReviewPage *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_REVIEW_PAGE (self), NULL);

  return self->chart;
}

gboolean
fx_audit_review_page_is_filling (FxAuditReviewPage *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_REVIEW_PAGE (self), FALSE);

  return self->fill_tick != 0;
}
