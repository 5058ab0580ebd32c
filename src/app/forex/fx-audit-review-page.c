/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Review page: its states and fixed words come from
 * ui/fx-audit-review-page.ui; this fills in what depends on the review (the
 * graph, a row per player, the turns' list view) and says what was clicked.
 * A kit of the audit window: it calls none of the window's files. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-chart.h"
#include "fx-audit-kit.h"
#include "fx-audit-review-page.h"
#include "fx-audit-review-turns.h"
#include "xq-history-view.h"
#include "xq-width-first-layout.h"

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
  GtkWidget       *turns_scroller;
  GtkListView     *turns;
  GtkWidget       *none;

  GtkWidget       *chart;           /* made in code: it takes its formatter at construction */
  FxReviewSummary *review;          /* the one shown; NULL until one is */
  FxAuditReviewTurns *listed;       /* the turns the dropdown asks for */
  GtkSliceListModel  *arrived;      /* the first of them, as many as have been shown */
  GtkSingleSelection *selection;    /* over arrived: the list view's model */
  guint            fill_tick;       /* letting the turns arrive, a batch a frame */
  guint            players_tick;    /* the players' rows, in the frame after the chart's */
  gboolean         players_wait_a_frame; /* players_tick's next call is the chart's frame */
  gboolean         selecting;       /* a turn selected from outside the list: no show-move */
  guint            mark_idle;       /* telling the history the grades (mark-moves) */
  gboolean         marks_due;       /* the review shown has not told them yet */
};

/* Turns let into the list view a frame. GTK 4.8's list view makes a row of
 * widgets for up to 200 items around what it shows, whatever its height,
 * and each row here is four wrapped labels to lay out: 200 at once held the
 * window for seconds. So the turns arrive a batch a frame until the view
 * stops making rows for them; the rest come at once, as only a row
 * scrolled to is made. Eight rows take 7 to 12 ms of a frame on a busy
 * two-core laptop since a row's labels are laid out at their width only
 * (xq_width_first_bin_new() in setup_turn_row()); two took 11 to 21 ms
 * before, a hundred frames of them at 5,000 moves (bench-interactions). */
#define TURN_ROWS_PER_BATCH 8
/* The least width of a row's labels (and the players' rows'), in
 * characters: narrow enough for a phone's width, wide enough to wrap in a
 * few lines. */
#define TURN_LABEL_LEAST_CHARS 12

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
  /* The clicked turn's words, in the list below, if it lists it. */
  if (point > 0)
    fx_audit_review_page_select_turn (self, point - 1);
}

/* A row of the turns' list, made once and bound to turn after turn:
 * the grade's icon, then the turn's title, its loss, what was played and
 * the better turn, each wrapping rather than widening (the page never
 * scrolls sideways). Its words are made when it is bound: only the rows in
 * sight are ever told. */
enum
{
  TURN_TITLE,
  TURN_LOSS,
  TURN_PLAYED,
  TURN_BETTER,
  N_TURN_LABELS
};

static GtkWidget *
wrapped (const char *css_class)
{
  GtkWidget *label = fx_audit_kit_paragraph ("", css_class);

  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  /* A wrapping label's least width is otherwise found by laying its text
   * out a character a line, which cost more than all the rest of its
   * layout (five times as much, measured alone). */
  gtk_label_set_width_chars (GTK_LABEL (label), TURN_LABEL_LEAST_CHARS);
  return label;
}

static void
setup_turn_row (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *icon = gtk_image_new ();

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (text), wrapped ("heading"));
  for (guint i = TURN_LOSS; i < N_TURN_LABELS; i++)
    gtk_box_append (GTK_BOX (text), wrapped (NULL));
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), xq_width_first_bin_new (text));
  gtk_widget_set_margin_top (box, 9);
  gtk_widget_set_margin_bottom (box, 9);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_tooltip_text (box, _("Show this turn in the history"));
  gtk_list_item_set_child (item, box);
}

/* The row's icon and its labels, in the order setup_turn_row() made them. */
static GtkWidget *
turn_row_part (GtkListItem *item,
               guint        label)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *text = adw_bin_get_child (ADW_BIN (gtk_widget_get_last_child (box)));
  GtkWidget *part = gtk_widget_get_first_child (text);

  for (guint i = 0; i < label; i++)
    part = gtk_widget_get_next_sibling (part);
  return part;
}

static void
set_grade_class (GtkWidget     *widget,
                 FxReviewGrade  grade)
{
  for (guint g = 0; g < FX_REVIEW_N_GRADES; g++)
    if (g != grade)
      gtk_widget_remove_css_class (widget, grade_class[g]);
  gtk_widget_add_css_class (widget, grade_class[grade]);
}

static void
bind_turn_row (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  FxAuditReviewTurn *row = gtk_list_item_get_item (item);
  const FxReviewSummary *review = fx_audit_review_turn_get_review (row);
  guint t = fx_audit_review_turn_get_turn (row);
  const FxReviewNote *note = &review->notes[t];
  GtkWidget *icon = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *better = turn_row_part (item, TURN_BETTER);
  g_autofree char *title = fx_review_summary_turn_title (review, t);
  g_autofree char *loss = fx_review_summary_loss_text (review, t);
  g_autofree char *played = g_strdup_printf (_("Played: %s."), note->played);

  gtk_image_set_from_icon_name (GTK_IMAGE (icon), fx_review_grade_icon (note->grade));
  set_grade_class (icon, note->grade);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  fx_review_grade_name (note->grade), -1);
  gtk_label_set_text (GTK_LABEL (turn_row_part (item, TURN_TITLE)), title);
  gtk_label_set_text (GTK_LABEL (turn_row_part (item, TURN_LOSS)), loss);
  set_grade_class (turn_row_part (item, TURN_LOSS), note->grade);
  gtk_label_set_text (GTK_LABEL (turn_row_part (item, TURN_PLAYED)), played);
  if (note->better != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Better: %s — %s."), note->better, note->change);

      gtk_label_set_text (GTK_LABEL (better), text);
    }
  gtk_widget_set_visible (better, note->better != NULL);
}

static void
stop_filling (FxAuditReviewPage *self)
{
  if (self->fill_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->turns), self->fill_tick);
  self->fill_tick = 0;
}

static void mark_history (FxAuditReviewPage *self);

static gboolean
mark_history_once (gpointer user_data)
{
  FxAuditReviewPage *self = user_data;

  self->mark_idle = 0;
  mark_history (self);
  return G_SOURCE_REMOVE;
}

/* The grades told to the game's history, once the page has its rows: the
 * game's window then marks and lays out its own rows, which coming in the
 * same main-loop turn as a frame of the page's held the loop for both. */
static void
mark_history_soon (FxAuditReviewPage *self)
{
  if (!self->marks_due || self->mark_idle != 0)
    return;
  self->marks_due = FALSE;
  self->mark_idle = g_idle_add_full (G_PRIORITY_DEFAULT, mark_history_once, self, NULL);
}

/* The rows the list view has made: its children. */
static guint
made_rows (FxAuditReviewPage *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->turns)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* The list's card as tall as its rows, up to its most: the page, which
 * scrolls, gives each part only the height it needs at least, and a list
 * view needs one row at least. Returns FALSE until the list has a width to
 * measure its rows at. */
static gboolean
fit_turns (FxAuditReviewPage *self)
{
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (self->turns_scroller);
  int width = gtk_widget_get_width (GTK_WIDGET (self->turns));
  int natural = 0;

  if (width <= 0)
    return FALSE;
  gtk_widget_measure (GTK_WIDGET (self->turns), GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
  natural = MIN (natural, gtk_scrolled_window_get_max_content_height (scroller));
  if (natural > 0 && natural != gtk_scrolled_window_get_min_content_height (scroller))
    gtk_scrolled_window_set_min_content_height (scroller, natural);
  return TRUE;
}

/* A batch more of the listed turns into the view, which makes their rows
 * now; once it makes no row for the last batch (it has as many as it
 * keeps), the rest at once. The list's card grows with them. */
static gboolean
let_turns_arrive (GtkWidget     *widget,
                  GdkFrameClock *frame_clock,
                  gpointer       user_data)
{
  FxAuditReviewPage *self = user_data;
  guint listed = g_list_model_get_n_items (G_LIST_MODEL (self->listed));
  guint arrived = gtk_slice_list_model_get_size (self->arrived);
  gboolean fitted = fit_turns (self);

  if (arrived < listed)
    {
      if (arrived > 0 && made_rows (self) < arrived)
        arrived = listed;
      else
        arrived = MIN (listed, arrived + TURN_ROWS_PER_BATCH);
      gtk_slice_list_model_set_size (self->arrived, arrived);
      return G_SOURCE_CONTINUE;
    }
  /* One more frame for the last batch's height. */
  if (!fitted || gtk_scrolled_window_get_min_content_height (GTK_SCROLLED_WINDOW (self->turns_scroller)) <= 0)
    return G_SOURCE_CONTINUE;
  self->fill_tick = 0;
  mark_history_soon (self);
  return G_SOURCE_REMOVE;
}

static FxReviewGrade
least_grade_shown (FxAuditReviewPage *self)
{
  switch (gtk_drop_down_get_selected (self->show))
    {
    case FX_AUDIT_REVIEW_SHOW_COSTLY:
      return FX_REVIEW_GRADE_COSTLY;
    case FX_AUDIT_REVIEW_SHOW_LOSSES:
      return FX_REVIEW_GRADE_SMALL;
    case FX_AUDIT_REVIEW_SHOW_ALL:
    default:
      return FX_REVIEW_GRADE_BEST;
    }
}

/* The turns the dropdown asks for, a batch a frame from the next
 * (let_turns_arrive): the frame that first lays the page out has enough
 * to do. */
static void
fill_turns (FxAuditReviewPage *self)
{
  guint listed;

  stop_filling (self);
  gtk_slice_list_model_set_size (self->arrived, 0);
  fx_audit_review_turns_set (self->listed, self->review, least_grade_shown (self));
  listed = g_list_model_get_n_items (G_LIST_MODEL (self->listed));
  gtk_widget_set_visible (self->turns_scroller, listed > 0);
  gtk_widget_set_visible (self->none, self->review != NULL && listed == 0);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->turns_scroller), -1);
  if (listed > 0)
    self->fill_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->turns), let_turns_arrive, self, NULL);
  /* A page out of sight makes no frames: the history need not wait for it. */
  if (listed == 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    mark_history_soon (self);
}

static void
show_turn_at (FxAuditReviewPage *self,
              guint              position)
{
  g_autoptr(FxAuditReviewTurn) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  if (row != NULL)
    show_move (self, fx_review_summary_position (fx_audit_review_turn_get_review (row),
                                                 fx_audit_review_turn_get_turn (row)));
}

/* A turn chosen in the list, by a click or the arrow keys: the game's
 * history follows, as it follows a click on the graph. */
static void
turn_selected (FxAuditReviewPage *self)
{
  guint position = gtk_single_selection_get_selected (self->selection);

  if (!self->selecting && position != GTK_INVALID_LIST_POSITION)
    show_turn_at (self, position);
}

/* Enter or a double click on the selected turn: shown again, after the
 * history was moved elsewhere. */
static void
turn_activated (GtkListView       *list,
                guint              position,
                FxAuditReviewPage *self)
{
  show_turn_at (self, position);
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

/* A player's row: their name over what the review says of their play,
 * styled and read out as an AdwActionRow's title and subtitle (the same
 * style classes and relations). Not an AdwActionRow: its header is a
 * horizontal box, which asks the labels their width for a height as it lays
 * them out, and GTK 4.8's wrapping labels answer that by a binary search:
 * each player's line was laid out 85 times in the first frame of the
 * results (bench-interactions). Here the header is a vertical box, which
 * asks only heights for a width, and nothing in the row is centred: GTK
 * 4.8 asks a widget aligned other than to fill its width for its allocated
 * height first, and the labels searched again. */
static GtkWidget *
player_row_new (const char *name,
                const char *text)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *titles = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *title = wrapped ("title");
  GtkWidget *subtitle = wrapped ("subtitle");

  gtk_label_set_text (GTK_LABEL (title), name);
  gtk_label_set_text (GTK_LABEL (subtitle), text);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (header, "header");
  gtk_widget_add_css_class (titles, "title");
  gtk_box_append (GTK_BOX (titles), title);
  gtk_box_append (GTK_BOX (titles), subtitle);
  gtk_box_append (GTK_BOX (header), titles);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), header);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY, title, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, subtitle, NULL, -1);
  return row;
}

/* A row for each player, with what the review says of their play. */
static void
add_players (FxAuditReviewPage *self)
{
  FxReviewSummary *review = self->review;

  for (guint p = 0; p < review->review.n_players; p++)
    {
      g_autofree char *subtitle = player_text (review, p);

      gtk_list_box_append (self->players, player_row_new (review->setup.names[p], subtitle));
    }
  fill_turns (self);
}

static gboolean
add_players_next_frame (GtkWidget     *widget,
                        GdkFrameClock *frame_clock,
                        gpointer       user_data)
{
  FxAuditReviewPage *self = user_data;

  /* Its first call comes in the frame that first draws the chart, before
   * that frame's layout: the next one adds them. */
  if (self->players_wait_a_frame)
    {
      self->players_wait_a_frame = FALSE;
      return G_SOURCE_CONTINUE;
    }
  self->players_tick = 0;
  add_players (self);
  return G_SOURCE_REMOVE;
}

static void
stop_adding_players (FxAuditReviewPage *self)
{
  if (self->players_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->players_tick);
  self->players_tick = 0;
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
  self->marks_due = TRUE;
  /* The chart and the summary take the first frame of the results; the
   * players' rows, their wrapped lines laid out for the first time, the
   * next; the turns the ones after (let_turns_arrive). All in one frame
   * held the window some 40 ms. A page out of sight makes no frames. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->players_wait_a_frame = TRUE;
      self->players_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), add_players_next_frame, self, NULL);
    }
  else
    add_players (self);
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
  stop_adding_players (self);
  g_clear_handle_id (&self->mark_idle, g_source_remove);
  g_clear_pointer (&self->review, fx_review_summary_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_AUDIT_REVIEW_PAGE);
  g_clear_object (&self->selection);
  g_clear_object (&self->arrived);
  g_clear_object (&self->listed);
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
  g_type_ensure (XQ_TYPE_WIDTH_FIRST_LAYOUT);
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
  gtk_widget_class_bind_template_child (widget_class, FxAuditReviewPage, turns_scroller);
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
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->listed = fx_audit_review_turns_new ();
  self->arrived = gtk_slice_list_model_new (G_LIST_MODEL (g_object_ref (self->listed)), 0, 0);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->arrived)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect_object (self->selection, "notify::selected", G_CALLBACK (turn_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_turn_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_turn_row), NULL);
  gtk_list_view_set_factory (self->turns, factory);
  gtk_list_view_set_model (self->turns, GTK_SELECTION_MODEL (self->selection));
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
  stop_adding_players (self);
  g_clear_handle_id (&self->mark_idle, g_source_remove);
  self->marks_due = FALSE;
  g_clear_pointer (&self->review, fx_review_summary_unref);
  self->review = review;
  if (review == NULL)
    {
      fill_turns (self);
      return;
    }
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

  /* The history is told the grades once the rows have come. */
  return self->players_tick != 0 || self->fill_tick != 0 || self->marks_due || self->mark_idle != 0;
}

/**
 * fx_audit_review_page_select_turn:
 * @self: the page, a review shown
 * @turn: a turn of the review, from 0
 *
 * Selects @turn in the turns' list and scrolls the list to it, its row made
 * then, whatever the game's length. Emits no show-move: the caller shows
 * the move if it wants to.
 *
 * Returns: whether the list lists @turn (the Show dropdown may leave it out)
 */
gboolean
fx_audit_review_page_select_turn (FxAuditReviewPage *self,
                                  guint              turn)
{
  guint position;

  g_return_val_if_fail (FX_IS_AUDIT_REVIEW_PAGE (self), FALSE);

  position = fx_audit_review_turns_find (self->listed, turn);
  self->selecting = TRUE;
  if (position == G_MAXUINT)
    gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  else
    {
      /* A turn still to arrive arrives now, with those before it. */
      if (position >= gtk_slice_list_model_get_size (self->arrived))
        gtk_slice_list_model_set_size (self->arrived, position + 1);
      gtk_single_selection_set_selected (self->selection, position);
      gtk_widget_activate_action (GTK_WIDGET (self->turns), "list.scroll-to-item", "u", position);
    }
  self->selecting = FALSE;
  return position != G_MAXUINT;
}

/* The turn selected in the list, or G_MAXUINT. */
guint
fx_audit_review_page_get_selected_turn (FxAuditReviewPage *self)
{
  gpointer row;

  g_return_val_if_fail (FX_IS_AUDIT_REVIEW_PAGE (self), G_MAXUINT);

  row = gtk_single_selection_get_selected_item (self->selection);
  return row != NULL ? fx_audit_review_turn_get_turn (row) : G_MAXUINT;
}
