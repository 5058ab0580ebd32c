/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Review page: follows the game review on its worker
 * (fx-audit-window.c runs it) with a progress bar and Cancel, then shows the
 * margins graph, each player's losses and every turn graded by its loss. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-window-private.h"
#include "xq-a11y.h"

/* What the turns list shows, the dropdown's entries in order. */
enum
{
  FX_AUDIT_SHOW_COSTLY,      /* decisive and costly */
  FX_AUDIT_SHOW_LOSSES,      /* every turn that lost something */
  FX_AUDIT_SHOW_ALL,
};

static void  fill_done   (FxAuditWindow         *self);
static char *player_text (const FxReviewSummary *review,
                          guint                  player);

static void
set_state (FxAuditWindow *self,
           const char    *state)
{
  gtk_stack_set_visible_child_name (self->review_stack, state);
}

static void
stop_progress (FxAuditWindow *self)
{
  g_clear_handle_id (&self->review_timeout, g_source_remove);
  g_clear_pointer (&self->review_job, _fx_audit_job_unref);
}

static gboolean
tick (gpointer user_data)
{
  FxAuditWindow *self = user_data;
  FxAuditJob *job = self->review_job;
  guint done = (guint) g_atomic_int_get (&job->progress);
  g_autofree char *text = NULL;

  done = MIN (done, job->total);
  gtk_progress_bar_set_fraction (self->review_progress, job->total > 0 ? (double) done / job->total : 0);
  /* TRANSLATORS: the review's progress bar */
  text = g_strdup_printf (_("Turn %u of %u reviewed"), done, job->total);
  gtk_progress_bar_set_text (self->review_progress, text);
  return G_SOURCE_CONTINUE;
}

/* The page follows @job, a review run for it: its progress and Cancel. */
void
_fx_audit_review_follow (FxAuditWindow *self,
                         FxAuditJob    *job)
{
  stop_progress (self);
  self->review_job = g_atomic_rc_box_acquire (job);
  self->review_timeout = g_timeout_add (100, tick, self);
  tick (self);
  set_state (self, "running");
}

/* The page's run is over: its review shown, or the page back at the start
 * when it brought none. */
void
_fx_audit_review_job_done (FxAuditWindow *self,
                           FxAuditJob    *job)
{
  stop_progress (self);
  if (job->review != NULL)
    {
      g_clear_pointer (&self->review, fx_review_summary_unref);
      self->review = fx_review_summary_ref (job->review);
      fill_done (self);
      set_state (self, "done");
    }
  else
    set_state (self, "start");
}

/* Cancel: the page is back at once; the worker stops at its next turn. */
void
fx_audit_window_cancel_review (FxAuditWindow *self)
{
  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));

  if (self->review_job == NULL)
    return;
  g_cancellable_cancel (self->review_job->cancellable);
  stop_progress (self);
  self->print_after_review = FALSE;
  g_clear_object (&self->export_after_review);
  set_state (self, "start");
}

/* The game changed: the review no longer describes it. A running export keeps
 * its copy of the game and finishes; a review for the page stops. */
void
_fx_audit_review_reset (FxAuditWindow *self)
{
  if (self->review_job != NULL && self->review_job->pdf_path == NULL)
    g_cancellable_cancel (self->review_job->cancellable);
  stop_progress (self);
  g_clear_pointer (&self->review, fx_review_summary_unref);
  if (self->review_stack != NULL)
    set_state (self, "start");
}

/* From dispose, the workers cancelled: the page follows none. */
void
_fx_audit_review_dispose (FxAuditWindow *self)
{
  stop_progress (self);
  g_clear_pointer (&self->review, fx_review_summary_unref);
}

/* ---- The finished review ---- */

static char *
describe_point (guint    point,
                gpointer user_data)
{
  FxAuditWindow *self = user_data;
  g_autofree char *title = NULL;
  g_autofree char *loss = NULL;

  if (self->review == NULL || point == 0 || point > self->review->review.n_turns)
    return g_strdup (_("At the start of the game"));
  title = fx_review_summary_turn_title (self->review, point - 1);
  loss = fx_review_summary_loss_text (self->review, point - 1);
  return g_strdup_printf ("%s\n%s", title, loss);
}

static void
point_activated (FxAuditChart  *chart,
                 guint          point,
                 FxAuditWindow *self)
{
  if (self->review == NULL)
    return;
  _fx_audit_window_show_move (self, point == 0 ? 0 : fx_review_summary_position (self->review, point - 1));
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

static const char *grade_class[FX_REVIEW_N_GRADES] = { "success", "dim-label", "warning", "error" };

static GtkWidget *
turn_row (FxAuditWindow *self,
          guint          t)
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

static void
fill_turns (FxAuditWindow *self)
{
  guint show = gtk_drop_down_get_selected (self->review_show);
  GtkWidget *child;
  guint n = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->review_list))) != NULL)
    gtk_list_box_remove (self->review_list, child);
  if (self->review == NULL)
    return;
  for (guint t = 0; t < self->review->review.n_turns; t++)
    {
      FxReviewGrade grade = self->review->notes[t].grade;

      if ((show == FX_AUDIT_SHOW_COSTLY && grade < FX_REVIEW_GRADE_COSTLY)
          || (show == FX_AUDIT_SHOW_LOSSES && grade == FX_REVIEW_GRADE_BEST))
        continue;
      gtk_list_box_append (self->review_list, turn_row (self, t));
      n++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->review_list), n > 0);
  gtk_widget_set_visible (self->review_none, n == 0);
}

static void
turn_activated (GtkListBox    *list,
                GtkListBoxRow *row,
                FxAuditWindow *self)
{
  guint t = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "turn"));

  if (self->review != NULL && t > 0)
    _fx_audit_window_show_move (self, fx_review_summary_position (self->review, t - 1));
}

/* Each turn's grade beside its action in the game window's history, with
 * the better turn in the tooltip: the review read where the moves are. */
static void
mark_history (FxAuditWindow *self)
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
  _fx_audit_window_mark_moves (self, marks, n);
}

static void
fill_done (FxAuditWindow *self)
{
  FxReviewSummary *review = self->review;
  FxAuditChart *chart = FX_AUDIT_CHART (self->review_chart);
  const FxSetup *setup = &review->setup;
  guint n_points = review->review.n_turns + 1;
  g_autofree double *values = g_new (double, n_points);
  g_autofree FxChartMark *marks = g_new (FxChartMark, MAX (review->review.n_turns, 1));
  g_autofree char *turning = fx_review_summary_turning_point (review);
  g_autofree char *rule_label = fx_review_summary_rule_label (review);
  g_autofree char *description = fx_review_summary_description (review);
  g_autofree char *grades = fx_review_summary_grades_text (review);
  GtkWidget *child;

  gtk_label_set_text (self->review_turning, turning);
  gtk_label_set_text (self->review_grades, grades);
  fx_audit_chart_clear (chart, n_points);
  for (guint p = 0; p < review->review.n_players; p++)
    {
      fx_review_margin_values (review, p, values);
      fx_audit_chart_add_line (chart, setup->names[p], p, values);
    }
  fx_audit_chart_set_marks (chart, marks, fx_review_summary_marks (review, marks), fx_review_summary_rule (review),
                            rule_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->review_players))) != NULL)
    gtk_list_box_remove (self->review_players, child);
  for (guint p = 0; p < review->review.n_players; p++)
    {
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = player_text (review, p);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), setup->names[p]);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_list_box_append (self->review_players, row);
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

/* ---- The page ---- */

static GtkWidget *
pill (const char *mnemonic,
      const char *css_class)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);

  gtk_widget_add_css_class (button, "pill");
  if (css_class != NULL)
    gtk_widget_add_css_class (button, css_class);
  gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
  return button;
}

static GtkWidget *
boxed_list (void)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  return list;
}

GtkWidget *
_fx_audit_review_page_new (FxAuditWindow *self)
{
  GtkWidget *box;
  GtkWidget *scrolled = fx_audit_kit_scrolled_page (&box);
  GtkWidget *start = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *running = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *done = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *button, *show_row, *label;
  g_autoptr(GtkStringList) shows = gtk_string_list_new (NULL);

  /* Everything wraps, and the graph is allowed narrow: nothing scrolls sideways, even on a phone. */
  self->review_stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->review_stack, FALSE);
  gtk_stack_set_hhomogeneous (self->review_stack, FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->review_stack));

  /* Not yet reviewed. */
  gtk_box_append (GTK_BOX (start), wrapped (fx_review_explanation (), NULL));
  gtk_box_append (GTK_BOX (start), wrapped (_("The review tries every legal turn in every position of the game. "
                                              "It takes a few seconds; the window stays usable meanwhile."),
                                            "dim-label"));
  button = pill (_("_Review the Game"), "suggested-action");
  gtk_widget_set_tooltip_text (button, _("Find what every turn was worth and what the best turn would have been"));
  g_signal_connect_object (button, "clicked", G_CALLBACK (fx_audit_window_start_review), self, G_CONNECT_SWAPPED);
  self->review_button = button;
  gtk_box_append (GTK_BOX (start), button);
  gtk_stack_add_named (self->review_stack, start, "start");

  /* Running. */
  label = wrapped (_("Reviewing the game…"), "title-4");
  gtk_box_append (GTK_BOX (running), label);
  self->review_progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->review_progress, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->review_progress), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Review progress"), -1);
  gtk_box_append (GTK_BOX (running), GTK_WIDGET (self->review_progress));
  button = pill (_("_Cancel"), NULL);
  gtk_widget_set_tooltip_text (button, _("Stop the review"));
  g_signal_connect_object (button, "clicked", G_CALLBACK (fx_audit_window_cancel_review), self, G_CONNECT_SWAPPED);
  self->review_cancel = button;
  gtk_box_append (GTK_BOX (running), button);
  gtk_stack_add_named (self->review_stack, running, "running");

  /* Done. */
  self->review_turning = GTK_LABEL (wrapped ("", "title-4"));
  gtk_box_append (GTK_BOX (done), GTK_WIDGET (self->review_turning));
  gtk_box_append (GTK_BOX (done), fx_audit_kit_heading (_("Each player’s projected margin, turn by turn")));
  self->review_chart = fx_audit_chart_new (_("Margin in bucks"), fx_chart_format_bucks);
  fx_audit_chart_set_unit (FX_AUDIT_CHART (self->review_chart), 0.5);
  /* TRANSLATORS: the review graph's horizontal axis */
  fx_audit_chart_set_x_title (FX_AUDIT_CHART (self->review_chart), _("After turn (0 is the start of the game)"));
  fx_audit_chart_set_describe (FX_AUDIT_CHART (self->review_chart), describe_point, self);
  gtk_widget_set_size_request (self->review_chart, 200, 260);
  g_signal_connect_object (self->review_chart, "point-activated", G_CALLBACK (point_activated), self, 0);
  gtk_box_append (GTK_BOX (done), fx_audit_kit_frame (self->review_chart));
  gtk_box_append (GTK_BOX (done), wrapped (_("Hover over the graph to read a turn; click to show it in the history. "
                                             "◆ marks a decisive turn and ● another of the five costliest, on the "
                                             "line of the player who took it."), "dim-label"));
  gtk_box_append (GTK_BOX (done), fx_audit_kit_heading (_("Each player’s losses")));
  self->review_players = GTK_LIST_BOX (boxed_list ());
  gtk_box_append (GTK_BOX (done), GTK_WIDGET (self->review_players));
  gtk_box_append (GTK_BOX (done), fx_audit_kit_heading (_("Turns by their loss")));
  self->review_grades = GTK_LABEL (wrapped ("", "dim-label"));
  gtk_box_append (GTK_BOX (done), GTK_WIDGET (self->review_grades));
  gtk_string_list_append (shows, _("Decisive and costly"));
  gtk_string_list_append (shows, _("Every turn that lost"));
  gtk_string_list_append (shows, _("Every turn"));
  self->review_show = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&shows)), NULL));
  g_signal_connect_object (self->review_show, "notify::selected", G_CALLBACK (fill_turns), self,
                           G_CONNECT_SWAPPED);
  show_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  label = gtk_label_new_with_mnemonic (_("_Show"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->review_show));
  gtk_box_append (GTK_BOX (show_row), label);
  gtk_box_append (GTK_BOX (show_row), GTK_WIDGET (self->review_show));
  gtk_box_append (GTK_BOX (done), show_row);
  self->review_list = GTK_LIST_BOX (boxed_list ());
  gtk_list_box_set_activate_on_single_click (self->review_list, TRUE);
  g_signal_connect_object (self->review_list, "row-activated", G_CALLBACK (turn_activated), self, 0);
  gtk_box_append (GTK_BOX (done), GTK_WIDGET (self->review_list));
  self->review_none = wrapped (_("No turn lost this much."), "dim-label");
  gtk_box_append (GTK_BOX (done), self->review_none);
  gtk_stack_add_named (self->review_stack, done, "done");

  set_state (self, "start");
  return scrolled;
}
