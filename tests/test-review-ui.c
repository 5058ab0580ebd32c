/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game review in the audit window and the PDF: what the Review page shows
 * against fx_review_run() called here, the graph's click, Cancel, closing
 * mid-run, the PDF's review page, and screenshots at every size. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fx-audit-chart.h"
#include "fx-audit-review-page.h"
#include "fx-random-play.h"
#include "fx-audit-window.h"
#include "fx-review.h"
#include "fx-review-summary.h"
#include "fx-score.h"
#include "fx-sentence.h"
#include "layout-count.h"
#include "pdf-support.h"
#include "xq-history-view.h"
#include "xq-window.h"
#include "ui-support.h"
#include "xq-tooltip.h"

static XqApplication *app;

/* The engine's own review of @session, depth 1 on two threads. */
static void
engine_review (XqSession *session,
               FxReview  *out)
{
  g_autofree FxMove *moves = NULL;
  g_autoptr(GError) error = NULL;
  guint n_moves;

  moves = fx_review_session_moves (session, &n_moves);
  g_assert_true (fx_review_run (xq_session_get_setup (session), moves, n_moves, 1, 2, NULL, NULL, out, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out->n_turns, >, 10);
}

static gboolean
is_unset (gpointer *pointer)
{
  return *pointer == NULL;
}

static gboolean
review_idle (FxAuditWindow *audit)
{
  return !fx_audit_window_is_busy (audit);
}

/* Runs the main loop until @audit has no worker left (or fails the test). */
static void
wait_idle (FxAuditWindow *audit)
{
  ui_wait_until (review_idle, audit);
  ui_settle ();
}

/* The eventual winner the turning point names: the one player ahead after the last turn. */
static int
final_leader (const FxReview *review)
{
  const FxReviewTurn *last = &review->turns[review->n_turns - 1];
  int leader = -1;

  for (guint p = 0; p < review->n_players; p++)
    if (last->margins[p] > 0)
      {
        g_assert_cmpint (leader, ==, -1);
        leader = (int) p;
      }
  return leader;
}

static char *
expected_turning_point (XqSession      *session,
                        const FxReview *review)
{
  const FxSetup *setup = xq_session_get_setup (session);
  int leader = final_leader (review);

  if (review->turning_point == 0)
    return g_strdup ("The game never turned for good: up to the last turn, no player's projected lead was safe "
                     "from falling to zero.");
  g_assert_cmpint (leader, >=, 0);
  return g_strdup_printf ("The game turned at move %u: after it, %s’s projected lead never fell to zero.",
                          review->turning_point, setup->names[leader]);
}

/* The turns with a loss, the costliest first, ties in game order. */
static GArray *
costliest (const FxReview *review)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint t = 0; t < review->n_turns; t++)
    {
      guint at = 0;

      if (review->turns[t].loss <= 0)
        continue;
      while (at < out->len && review->turns[g_array_index (out, guint, at)].loss >= review->turns[t].loss)
        at++;
      g_array_insert_val (out, at, t);
    }
  return out;
}

/* The best alternative's action as the history tells it, from the position before the turn. */
static char *
best_action_sentence (XqSession          *session,
                      const FxReviewTurn *turn)
{
  const FxSetup *setup = xq_session_get_setup (session);
  FxState state;

  xq_session_get_state_at (session, turn->move - 1, &state);
  if (turn->n_best_moves == 2)
    g_assert_true (fx_state_apply (setup, &state, &turn->best_turn[0], NULL));
  return fx_sentence_move (setup, &state, &turn->best_turn[turn->n_best_moves - 1]);
}

static char *
amount (XqAmount a)
{
  return xq_amount_to_display_string (a);
}

/* The page of @audit that holds the review. */
static GtkWidget *
review_page (FxAuditWindow *audit)
{
  return gtk_widget_get_ancestor (fx_audit_window_get_review_chart (audit), GTK_TYPE_SCROLLED_WINDOW);
}

static GtkWidget *
label_with_text (GtkWidget  *root,
                 const char *text)
{
  g_autoptr(GPtrArray) labels = ui_find_all (root, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_is_visible (labels->pdata[i]) && strcmp (gtk_label_get_text (labels->pdata[i]), text) == 0)
      return labels->pdata[i];
  return NULL;
}

/* Scrolls @page so that @widget is at its top, as a reader scrolling down would. */
static void
scroll_to (GtkWidget *page,
           GtkWidget *widget)
{
  graphene_point_t at;

  g_assert_nonnull (widget);
  g_assert_true (gtk_widget_compute_point (widget, gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (page)),
                                           &GRAPHENE_POINT_INIT (0, 0), &at));
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page)), at.y - 12);
  ui_settle ();
  ui_assert_in_view (widget, "the turns' heading", "scrolled");
}

/* Each player's row shows the engine's turns, total loss and largest loss:
 * their name as its title, the figures as its subtitle, styled as an
 * action row's. */
static void
assert_players_shown (FxAuditWindow  *audit,
                      XqSession      *session,
                      const FxReview *review)
{
  const FxSetup *setup = xq_session_get_setup (session);
  g_autoptr(GPtrArray) rows = ui_find_all (review_page (audit), GTK_TYPE_LIST_BOX_ROW);

  g_assert_cmpuint (rows->len, ==, setup->n_players);
  for (int p = 0; p < setup->n_players; p++)
    {
      const FxReviewPlayer *player = &review->players[p];
      g_autofree char *total = amount (player->total_loss);
      g_autofree char *largest = amount (player->largest_loss);
      g_autofree char *expected = g_strdup_printf ("%u turns · lost %s bucks in all · largest loss %s bucks",
                                                   player->turns, total, largest);
      g_autoptr(GPtrArray) labels = ui_find_all (rows->pdata[p], GTK_TYPE_LABEL);

      g_assert_cmpuint (labels->len, ==, 2);
      g_assert_true (gtk_widget_has_css_class (labels->pdata[0], "title"));
      g_assert_cmpstr (gtk_label_get_text (labels->pdata[0]), ==, setup->names[p]);
      g_assert_true (gtk_widget_has_css_class (labels->pdata[1], "subtitle"));
      g_assert_cmpstr (gtk_label_get_text (labels->pdata[1]), ==, expected);
      g_assert_true (gtk_widget_get_mapped (labels->pdata[1]));
      g_assert_true (gtk_label_get_wrap (labels->pdata[1]));
    }
}

/* The report's review page: the totals table, the turning point, the five costliest turns. */
static void
assert_pdf_review (const char     *pdf,
                   XqSession      *session,
                   const FxReview *review)
{
  const FxSetup *setup = xq_session_get_setup (session);
  g_autoptr(GPtrArray) pages = pdf_read_pages (pdf);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GArray) order = costliest (review);
  g_autofree char *turning = expected_turning_point (session, review);
  PdfPage *page = NULL;

  for (guint k = 0; k < pages->len && page == NULL; k++)
    if (pdf_page_find_row (pages->pdata[k], "Game review") >= 0)
      page = pages->pdata[k];
  g_assert_nonnull (page);
  for (guint r = 0; r < page->rows->len; r++)
    {
      g_string_append (text, ((PdfRow *) page->rows->pdata[r])->text);
      g_string_append_c (text, ' ');
    }
  g_test_message ("review page: %s", text->str);

  g_assert_cmpint (pdf_page_find_row (page, "Player Turns Total loss in bucks Largest loss"), >=, 0);
  for (int p = 0; p < setup->n_players; p++)
    {
      g_autofree char *total = amount (review->players[p].total_loss);
      g_autofree char *largest = amount (review->players[p].largest_loss);
      g_autofree char *row = g_strdup_printf ("%s %u %s %s", setup->names[p], review->players[p].turns, total,
                                              largest);

      if (pdf_page_find_row (page, row) < 0)
        g_error ("the review page has no row “%s”", row);
    }
  g_assert_nonnull (strstr (text->str, turning));

  g_assert_cmpuint (order->len, >=, 5);
  for (guint k = 0; k < 5; k++)
    {
      guint t = g_array_index (order, guint, k);
      const FxReviewTurn *turn = &review->turns[t];
      g_autofree char *loss = amount (turn->loss);
      g_autofree char *title = g_strdup_printf ("Turn %u · move %u · %s — ", t + 1, turn->move,
                                                setup->names[turn->player]);
      g_autofree char *lost = g_strdup_printf (": lost %s bucks", loss);
      g_autofree char *better = best_action_sentence (session, turn);
      const char *at = strstr (text->str, title);

      if (at == NULL)
        g_error ("the review page lacks costly turn “%s”", title);
      /* Its loss follows its title, and its better alternative after that. */
      g_assert_nonnull (strstr (at, lost));
      g_assert_true (strstr (at, lost) < at + strlen (title) + 20);
      g_assert_nonnull (strstr (at, "Better: "));
      if (strstr (strstr (at, "Better: "), better) == NULL)
        g_error ("costly turn “%s”: the page does not say “%s”", title, better);
    }
}

static int
compare_amounts (gconstpointer a,
                 gconstpointer b)
{
  XqAmount x = *(const XqAmount *) a, y = *(const XqAmount *) b;

  return x < y ? -1 : x > y;
}

/* The summary's own projection of the played turn and the best alternative
 * gives the engine's value and best, turn by turn. */
static void
test_summary_matches_engine (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  g_autofree FxMove *moves = NULL;
  g_autoptr(FxReviewSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  guint n_moves, n_graded[FX_REVIEW_N_GRADES] = { 0 };
  XqAmount costly, decisive;

  moves = fx_review_session_moves (session, &n_moves);
  summary = fx_review_summary_run (xq_session_get_setup (session), moves, n_moves, NULL, NULL, &error);
  g_assert_no_error (error);
  /* The costly line: the median loss of the game's turns, never under 2 bucks. */
  {
    g_autoptr(GArray) losses = g_array_new (FALSE, FALSE, sizeof (XqAmount));
    guint n = summary->review.n_turns;

    for (guint t = 0; t < n; t++)
      g_array_append_val (losses, summary->review.turns[t].loss);
    g_array_sort (losses, compare_amounts);
    costly = n % 2 == 1 ? g_array_index (losses, XqAmount, n / 2)
                        : (g_array_index (losses, XqAmount, n / 2 - 1) + g_array_index (losses, XqAmount, n / 2)) / 2;
    costly = MAX (costly, XQ_BUCKS (2));
    g_assert_cmpint (summary->costly_loss, ==, costly);
    /* The decisive line: twice that, or the costliest tenth's, the higher. */
    decisive = MAX (2 * costly, g_array_index (losses, XqAmount, MIN (n - 1, n * 9 / 10)));
    g_assert_cmpint (summary->decisive_loss, ==, decisive);
  }
  for (guint t = 0; t < summary->review.n_turns; t++)
    {
      const FxReviewTurn *turn = &summary->review.turns[t];
      const FxReviewNote *note = &summary->notes[t];

      g_assert_cmpint (note->margin_played, ==, turn->value);
      g_assert_cmpint (note->margin_best, ==, turn->best);
      g_assert_cmpint (turn->loss, ==, turn->best - turn->value);
      g_assert_cmpint (note->grade == FX_REVIEW_GRADE_BEST, ==, turn->loss == 0);
      g_assert_cmpint (note->grade == FX_REVIEW_GRADE_DECISIVE, ==,
                       turn->loss >= decisive && note->place_best < note->place_played);
      if (note->grade == FX_REVIEW_GRADE_COSTLY)
        g_assert_cmpint (turn->loss, >=, costly);
      if (note->grade == FX_REVIEW_GRADE_SMALL)
        g_assert_cmpint (turn->loss, <, costly);
      g_assert_cmpint ((note->better == NULL), ==, (note->grade == FX_REVIEW_GRADE_BEST));
      n_graded[note->grade]++;
    }
  for (guint g = 0; g < FX_REVIEW_N_GRADES; g++)
    g_test_message ("%s: %u turns", fx_review_grade_name (g), n_graded[g]);
  /* The lines single out turns: the decisive ones are few. */
  g_assert_cmpuint (n_graded[FX_REVIEW_GRADE_DECISIVE], >=, 1);
  g_assert_cmpuint (n_graded[FX_REVIEW_GRADE_DECISIVE], <, summary->review.n_turns / 4);

  /* The turning point is drawn on the graph's own axis, turns: at the point
   * after the turn whose action is that move, not at the move's number. */
  {
    guint rule = fx_review_summary_rule (summary);
    guint turn;

    g_assert_cmpuint (summary->review.turning_point, >, 0);
    g_assert_cmpuint (rule, >=, 2);
    turn = rule - 2;
    g_assert_cmpuint (fx_review_summary_position (summary, turn), >=, summary->review.turning_point);
    if (turn > 0)
      g_assert_cmpuint (fx_review_summary_position (summary, turn - 1), <, summary->review.turning_point);
    g_assert_cmpuint (rule - 1, <, summary->review.turning_point);
  }
}

static void
test_review_sample (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  GtkWidget *chart, *history, *page;
  g_autoptr(GArray) order = NULL;
  g_autofree char *turning = NULL;
  g_autofree char *collected = NULL;
  g_autofree char *dir = g_dir_make_tmp ("exchequer-review-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autoptr(GError) error = NULL;
  FxReview review = { 0 };
  guint t, point, position;
  double x;

  engine_review (session, &review);
  turning = expected_turning_point (session, &review);
  order = costliest (&review);

  fx_audit_window_show_page (audit, "review");
  ui_settle ();
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "start");
  fx_audit_window_start_review (audit);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "running");
  wait_idle (audit);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "done");

  page = review_page (audit);
  assert_players_shown (audit, session, &review);
  g_assert_nonnull (label_with_text (page, turning));
  /* The costliest turn is listed with its better alternative. */
  collected = ui_collect_text (page);
  {
    g_autofree char *better = best_action_sentence (session, &review.turns[g_array_index (order, guint, 0)]);

    if (strstr (collected, better) == NULL)
      g_error ("the review list does not say “%s”:\n%s", better, collected);
  }

  /* A click at a point's place shows its turn in the history. */
  chart = fx_audit_window_get_review_chart (audit);
  g_assert_cmpuint (fx_audit_chart_get_n_points (FX_AUDIT_CHART (chart), 0), ==, review.n_turns + 1);
  g_assert_cmpfloat (fx_audit_chart_get_layout (FX_AUDIT_CHART (chart))->width, >, 100);
  t = g_array_index (order, guint, 0);
  point = t + 1;
  x = fx_audit_chart_x_of_point (FX_AUDIT_CHART (chart), point);
  g_assert_cmpuint (fx_audit_chart_point_at (FX_AUDIT_CHART (chart), x), ==, point);
  fx_audit_chart_click (FX_AUDIT_CHART (chart), x);
  ui_settle ();
  history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  position = review.turns[t].move + review.turns[t].n_moves - 1;
  g_assert_cmpuint (xq_history_view_get_position (XQ_HISTORY_VIEW (history)), ==,
                    position >= xq_session_get_n_moves (session) ? G_MAXUINT : position);

  /* The history marks every turn's action with its loss: the costliest
   * turn's row says how much, and its tooltip the better turn. */
  {
    GtkWidget *row = ui_history_row (history, position);
    g_autofree char *loss = amount (review.turns[t].loss);
    g_autofree char *lost = g_strdup_printf ("lost %s bucks", loss);
    g_autofree char *text = ui_collect_text (row);
    g_autofree char *better = best_action_sentence (session, &review.turns[t]);
    guint n_marked = 0;

    g_assert_nonnull (row);
    if (strstr (text, lost) == NULL || (strstr (text, "Decisive") == NULL && strstr (text, "Costly") == NULL))
      g_error ("the history row of move %u does not grade it as lost %s:\n%s", position, loss, text);
    g_assert_nonnull (strstr (xq_tooltip_get_text (row), better));
    for (guint i = 1; i <= xq_session_get_n_moves (session); i++)
      {
        g_autofree char *row_text = ui_collect_text (ui_history_row (history, i));

        n_marked += strstr (row_text, "lost ") != NULL || strstr (row_text, "Best: ") != NULL;
      }
    g_assert_cmpuint (n_marked, ==, review.n_turns);
    /* Reading every row scrolled the list away from the costliest turn. */
    ui_history_row (history, position);
    ui_screenshot_light_and_dark (GTK_WIDGET (window), "review-history");
  }

  /* The PDF reuses the window's review. */
  g_assert_true (pdf_can_read ());
  g_assert_true (fx_audit_window_export_to (audit, file, &error));
  g_assert_no_error (error);
  assert_pdf_review (pdf, session, &review);
  g_remove (pdf);
  g_rmdir (dir);

  /* At every size: nothing sideways, the turning point first on screen. */
  for (guint i = 0; i < UI_N_SIZES; i++)
    {
      g_autofree char *name = g_strdup_printf ("review-%s", ui_sizes[i].name);

      ui_resize (GTK_WINDOW (audit), &ui_sizes[i]);
      fx_audit_window_show_page (audit, "review");
      ui_settle ();
      ui_assert_no_sideways_scroll (GTK_WIDGET (audit), ui_sizes[i].name);
      ui_assert_in_view (label_with_text (page, turning), "the turning point", ui_sizes[i].name);
      ui_screenshot_light_and_dark (GTK_WIDGET (audit), name);
      scroll_to (page, label_with_text (page, "Turns by their loss"));
      g_free (name);
      name = g_strdup_printf ("review-turns-%s", ui_sizes[i].name);
      ui_screenshot_light_and_dark (GTK_WIDGET (audit), name);
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page)), 0);
    }

  /* A move undone: the marks described another game, and go. */
  xq_history_view_set_position (XQ_HISTORY_VIEW (history), G_MAXUINT);
  ui_settle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ui_settle ();
  /* The game's last turn ended it; now its action is undone. */
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, review.turns[review.n_turns - 1].move
                                                          + review.turns[review.n_turns - 1].n_moves - 2);
  {
    g_autofree char *text = ui_collect_text (history);

    g_assert_null (strstr (text, "lost "));
  }

  fx_review_clear (&review);
  ui_close_with_audit (window, audit);
}

/* Cancel puts the page back at once and the worker stops; an export with no
 * review runs the review on its worker, the window free meanwhile; closing
 * the window mid-run leaves nothing behind. */
static void
test_review_cancel_and_close (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autofree char *dir = g_dir_make_tmp ("exchequer-review-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  FxReview review = { 0 };

  fx_audit_window_show_page (audit, "review");
  fx_audit_window_start_review (audit);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "running");
  g_assert_true (fx_audit_window_is_busy (audit));
  /* Cancelled before the loop runs again: the worker's result, which only
   * the loop hands over, cannot have come in (on the short sample game it
   * may be ready within a frame). */
  fx_audit_window_cancel_review (audit);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "start");
  wait_idle (audit);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "start");

  /* Export… with no review: the review runs on the export's worker, shown on the page. */
  fx_audit_window_export_pdf (audit, file);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "running");
  wait_idle (audit);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "done");
  g_assert_true (g_file_test (pdf, G_FILE_TEST_EXISTS));
  engine_review (session, &review);
  assert_pdf_review (pdf, session, &review);
  fx_review_clear (&review);
  g_remove (pdf);
  g_rmdir (dir);

  /* A move played resets the review: it no longer describes the game. */
  g_assert_true (xq_session_undo (session));
  ui_settle ();
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "start");

  /* Closed mid-run: the worker is cancelled and the window finalized once it returns. */
  fx_audit_window_start_review (audit);
  /* Closed before the loop runs again, so surely mid-run. */
  g_object_add_weak_pointer (G_OBJECT (audit), (gpointer *) &audit);
  gtk_window_destroy (GTK_WINDOW (audit));
  ui_wait_until (is_unset, &audit);
  g_assert_null (audit);

  xq_document_discard_journal (xq_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* Following the turns' rows as they come: how many the page lists at each
 * turn of the main loop, and a timeout's ticks meanwhile. */
typedef struct
{
  FxAuditWindow *audit;
  guint          n_turns;     /* every turn listed: the fill is over */
  guint          ticks;       /* of a 1 ms timeout, the window's pulse */
  guint          listed;      /* rows listed at the last look */
  guint          arrivals;    /* looks that found more rows */
  guint          ticks_then;  /* the ticks at the last arrival */
  guint          silent;      /* arrivals with no tick since the one before */
  guint          largest;     /* the most rows one arrival brought */
} Fill;

static gboolean
count_tick (gpointer data)
{
  ((Fill *) data)->ticks++;
  return G_SOURCE_CONTINUE;
}

/* The page's list of turns. */
static GtkWidget *
turns_list (FxAuditWindow *audit)
{
  GtkWidget *list = ui_find_descendant (review_page (audit), GTK_TYPE_LIST_VIEW, "review-turns");

  g_assert_nonnull (list);
  return list;
}

/* The turns the page has let into its list so far. */
static guint
turn_rows (FxAuditWindow *audit)
{
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (turns_list (audit)))));
}

/* The rows of widgets the list has made. */
static guint
made_rows (FxAuditWindow *audit)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (turns_list (audit)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

/* Called once each turn of the main loop while waiting. */
static gboolean
all_listed (Fill *fill)
{
  guint listed;

  if (g_strcmp0 (fx_audit_window_get_review_state (fill->audit), "done") != 0)
    return FALSE;
  listed = turn_rows (fill->audit);
  if (listed > fill->listed)
    {
      if (fill->arrivals > 0 && fill->ticks == fill->ticks_then)
        fill->silent++;
      fill->arrivals++;
      fill->ticks_then = fill->ticks;
      fill->largest = MAX (fill->largest, listed - fill->listed);
      fill->listed = listed;
      /* Rows are made for the turns that came, none ahead of them. */
      g_assert_cmpuint (made_rows (fill->audit), <=, listed);
    }
  return listed == fill->n_turns;
}

/* The Review page shown, listing every turn, not only the costly ones: a
 * list long enough for batches. */
static void
show_every_turn (FxAuditWindow *audit)
{
  GtkWidget *show;

  fx_audit_window_show_page (audit, "review");
  ui_settle ();
  show = ui_find_descendant (review_page (audit), GTK_TYPE_DROP_DOWN, NULL);
  g_assert_nonnull (show);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (show), 2);
}

/* Every turn listed, the rows come a batch at a time, the main loop turning
 * between them: a timeout keeps firing while they arrive (laying out a
 * long game's rows at once held the window for seconds). */
static void
test_review_fills_in_batches (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  FxReview review = { 0 };
  Fill fill = { audit };
  guint timeout;

  engine_review (session, &review);
  fill.n_turns = review.n_turns;
  show_every_turn (audit);
  timeout = g_timeout_add (1, count_tick, &fill);
  fx_audit_window_start_review (audit);
  ui_wait_until (all_listed, &fill);
  g_source_remove (timeout);
  g_test_message ("%u rows in %u arrivals, %u ticks, at most %u at once", fill.listed, fill.arrivals, fill.ticks,
                  fill.largest);
  g_assert_cmpuint (fill.arrivals, >=, 3);
  /* The timeout ran between every two arrivals, and no arrival brought
   * more than a batch of eight rows to lay out. */
  g_assert_cmpuint (fill.silent, ==, 0);
  g_assert_cmpuint (fill.largest, <=, 8);
  wait_idle (audit);

  fx_review_clear (&review);
  ui_close_with_audit (window, audit);
}

/* The results' wrapping lines are laid out a few times each, at the width
 * they get, not found by GTK 4.8's search over widths for a height: a
 * turn's "Better:" line was laid out 80 times and each player's line 85
 * times as they came, most of each frame's work (bench-interactions). */
static void
test_review_rows_laid_out_few_times (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  const FxSetup *setup = xq_session_get_setup (session);
  const char *const row_starts[] = { "Turn ", "Played: ", "Better: " };
  FxReview review = { 0 };
  Fill fill = { audit };

  engine_review (session, &review);
  fill.n_turns = review.n_turns;
  show_every_turn (audit);
  layout_count_begin ();
  fx_audit_window_start_review (audit);
  ui_wait_until (all_listed, &fill);
  wait_idle (audit);
  for (guint i = 0; i < G_N_ELEMENTS (row_starts); i++)
    {
      const char *text;
      guint most = layout_count_most (row_starts[i], &text);

      g_test_message ("“%s” laid out %u times", text, most);
      g_assert_cmpuint (most, >, 0);
      g_assert_cmpuint (most, <=, 15);
    }
  for (int p = 0; p < setup->n_players; p++)
    {
      g_autofree char *total = amount (review.players[p].total_loss);
      g_autofree char *largest = amount (review.players[p].largest_loss);
      g_autofree char *line = g_strdup_printf ("%u turns · lost %s bucks in all · largest loss %s bucks",
                                               review.players[p].turns, total, largest);

      g_test_message ("“%s” laid out %u times", line, layout_count_of (line));
      g_assert_cmpuint (layout_count_of (line), >, 0);
      g_assert_cmpuint (layout_count_of (line), <=, 15);
    }
  layout_count_end ();

  fx_review_clear (&review);
  ui_close_with_audit (window, audit);
}

/* A review of @session made up, not run: the engine takes minutes over a
 * 5,000-move game, and what is tested with it is the page's list. Each
 * action is a turn; one in three lost 3 bucks, its own action its "better"
 * turn; the others were best. */
static FxReviewSummary *
made_up_review (XqSession *session)
{
  const FxSetup *setup = xq_session_get_setup (session);
  g_autofree FxMove *moves = NULL;
  FxReview review = { 0 };
  guint n_moves;

  moves = fx_review_session_moves (session, &n_moves);
  review.depth = 1;
  review.n_players = setup->n_players;
  review.winner = FX_NO_PLAYER;
  review.turns = g_new0 (FxReviewTurn, MAX (n_moves, 1));
  for (guint i = 0; i < n_moves; i++)
    {
      FxReviewTurn *turn;

      if (fx_review_count_turns (setup, &moves[i], 1) == 0)
        continue;
      turn = &review.turns[review.n_turns];
      turn->move = i + 1;
      turn->n_moves = 1;
      turn->player = moves[i].actor;
      g_assert_cmpint (turn->player, >=, 0);
      if (review.n_turns % 3 == 0)
        {
          turn->loss = XQ_BUCKS (3);
          turn->best = turn->loss;
          turn->n_best_moves = 1;
          turn->best_turn[0] = moves[i];
        }
      review.players[turn->player].turns++;
      review.n_turns++;
    }
  return fx_review_summary_new (setup, moves, n_moves, &review);
}

static gboolean
page_filled (FxAuditReviewPage *page)
{
  return !fx_audit_review_page_is_filling (page);
}

/* The selected turn's row: made, in sight in the list, saying its title. */
static gboolean
selected_row_shown (FxAuditWindow *audit)
{
  GtkWidget *list = turns_list (audit);
  GtkWidget *scroller = gtk_widget_get_parent (list);
  FxAuditReviewPage *page = FX_AUDIT_REVIEW_PAGE (ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_REVIEW_PAGE,
                                                                      NULL));
  guint turn = fx_audit_review_page_get_selected_turn (page);
  g_autofree char *title = NULL;

  if (turn == G_MAXUINT)
    return FALSE;
  title = g_strdup_printf ("Turn %u · move ", turn + 1);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      g_autofree char *text = ui_collect_text (row);
      graphene_rect_t bounds;

      if (!gtk_widget_get_mapped (row) || !g_str_has_prefix (text, title)
          || !gtk_widget_compute_bounds (row, scroller, &bounds))
        continue;
      /* Whole in the list's card, which scrolls it into sight. */
      return (gtk_widget_get_state_flags (row) & GTK_STATE_FLAG_SELECTED) != 0 && bounds.origin.y >= 0
             && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller) + 1;
    }
  return FALSE;
}

/* A 5,000-move game: its thousands of turns listed, rows made for a few
 * hundred at most; a turn near the end, selected (as a click on its point
 * of the graph selects it), is the row shown, with its own title. */
static void
test_review_long_game_selects_turn (void)
{
  g_autoptr(XqSession) session = fx_random_endless_game (1, 4, &fx_random_style_dealing, 5000);
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autoptr(FxReviewSummary) review = made_up_review (session);
  FxAuditReviewPage *page;
  GtkWidget *show;
  guint n_turns = review->review.n_turns, turn;

  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 5000);
  g_assert_cmpuint (n_turns, >, 1000);
  fx_audit_window_show_page (audit, "review");
  page = FX_AUDIT_REVIEW_PAGE (ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_REVIEW_PAGE, NULL));
  show = ui_find_descendant (review_page (audit), GTK_TYPE_DROP_DOWN, NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (show), 2);
  fx_audit_review_page_set_review (page, review);
  ui_wait_until (page_filled, page);
  ui_settle ();
  g_assert_cmpuint (turn_rows (audit), ==, n_turns);
  g_test_message ("%u turns listed, %u rows made", n_turns, made_rows (audit));
  g_assert_cmpuint (made_rows (audit), <=, 300);

  /* The list is in sight on the page, as a reader scrolling down finds it. */
  scroll_to (review_page (audit), label_with_text (review_page (audit), "Turns by their loss"));
  turn = n_turns - 7;
  g_assert_true (fx_audit_review_page_select_turn (page, turn));
  g_assert_cmpuint (fx_audit_review_page_get_selected_turn (page), ==, turn);
  ui_wait_until (selected_row_shown, audit);
  ui_screenshot_light_and_dark (GTK_WIDGET (audit), "review-5000-moves");
  g_assert_cmpuint (made_rows (audit), <=, 300);

  /* The graph's point of a turn selects it in the list too. */
  {
    FxAuditChart *chart = FX_AUDIT_CHART (fx_audit_window_get_review_chart (audit));

    double x = fx_audit_chart_x_of_point (chart, n_turns / 2 + 1);
    guint point = fx_audit_chart_point_at (chart, x);

    g_assert_cmpuint (point, >, 0);
    fx_audit_chart_click (chart, x);
    ui_settle ();
    g_assert_cmpuint (fx_audit_review_page_get_selected_turn (page), ==, point - 1);
    ui_wait_until (selected_row_shown, audit);
  }
  ui_close_with_audit (window, audit);
}

/* The Cancel of the toast that follows an export, when shown. */
static GtkWidget *
export_cancel (FxAuditWindow *audit)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (audit), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *button = buttons->pdata[i];

      if (!gtk_widget_get_mapped (button) || g_strcmp0 (gtk_button_get_label (GTK_BUTTON (button)), "_Cancel") != 0)
        continue;
      for (GtkWidget *up = button; up != NULL; up = gtk_widget_get_parent (up))
        if (g_str_equal (G_OBJECT_TYPE_NAME (up), "AdwToastWidget"))
          return button;
    }
  return NULL;
}

static gboolean
export_cancel_shown (FxAuditWindow *audit)
{
  return export_cancel (audit) != NULL;
}

static gboolean
export_cancel_gone (FxAuditWindow *audit)
{
  return export_cancel (audit) == NULL;
}

static guint
files_in (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (listing);
  while (g_dir_read_name (listing) != NULL)
    n++;
  return n;
}

/* Each page's rows of words, one string. */
static char *
pdf_words (const char *pdf)
{
  g_autoptr(GPtrArray) pages = pdf_read_pages (pdf);
  GString *words = g_string_new (NULL);

  for (guint k = 0; k < pages->len; k++)
    {
      PdfPage *page = pages->pdata[k];

      g_string_append_printf (words, "--- page %u\n", k + 1);
      for (guint r = 0; r < page->rows->len; r++)
        g_string_append_printf (words, "%s\n", ((PdfRow *) page->rows->pdata[r])->text);
    }
  return g_string_free (words, FALSE);
}

/* Blanks the time cairo writes as the PDF's creation date (to the second),
 * so that two writes of the same report compare equal. */
static void
blank_creation_date (char  *pdf,
                     gsize  length)
{
  static const char key[] = "/CreationDate (D:";

  for (gsize i = 0; i + sizeof key - 1 + 14 <= length; i++)
    if (memcmp (pdf + i, key, sizeof key - 1) == 0)
      {
        memset (pdf + i + sizeof key - 1, '0', 14);
        return;
      }
  g_error ("the PDF has no creation date");
}

/* Export… of a PDF that takes a while (a 1,000-move game, reviewed first
 * on the export's worker) shows its progress and Cancel in a toast;
 * cancelled, it leaves no file (nor a temporary one), the Review page is
 * back at its start and the window goes on. */
static void
test_export_cancel (void)
{
  g_autoptr(XqSession) session = fx_random_endless_game (1, 4, &fx_random_style_dealing, 1000);
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autofree char *dir = g_dir_make_tmp ("exchequer-export-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *csv = g_build_filename (dir, "standings.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autoptr(GFile) csv_file = g_file_new_for_path (csv);
  g_autoptr(GError) error = NULL;

  fx_audit_window_show_page (audit, "audit");
  ui_settle ();
  /* Not reviewed yet: the worker reviews the game first, which takes
   * seconds at 1,000 moves, so the Cancel surely comes before any page. */
  fx_audit_window_export_pdf (audit, file);
  g_assert_true (fx_audit_window_is_busy (audit));
  ui_wait_until (export_cancel_shown, audit);
  g_assert_nonnull (label_with_text (GTK_WIDGET (audit), "Reviewing the game for the report…"));
  ui_screenshot (GTK_WIDGET (audit), "export-progress");
  g_assert_true (ui_activate (export_cancel (audit)));
  /* At once: the Review page, which followed the review, is back at its start. */
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "start");
  ui_wait_until (export_cancel_gone, audit);
  wait_idle (audit);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (files_in (dir), ==, 0);

  /* The window goes on: another export writes its file, a review starts. */
  g_assert_true (fx_audit_window_export_to (audit, csv_file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (files_in (dir), ==, 1);
  fx_audit_window_show_page (audit, "review");
  fx_audit_window_start_review (audit);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "running");
  fx_audit_window_cancel_review (audit);
  wait_idle (audit);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "start");
  g_remove (csv);
  g_rmdir (dir);
  ui_close_with_audit (window, audit);
}

/* Export… of the sample game, reviewed first on its worker, runs to its
 * end and writes the report the blocking export writes, page for page, word for
 * word and byte for byte but its creation time. */
static void
test_export_same_report (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autofree char *dir = g_dir_make_tmp ("exchequer-export-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *blocking = g_build_filename (dir, "blocking.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  g_autoptr(GFile) blocking_file = g_file_new_for_path (blocking);
  g_autoptr(GError) error = NULL;
  g_autofree char *words = NULL;
  g_autofree char *blocking_words = NULL;

  g_assert_true (pdf_can_read ());
  fx_audit_window_export_pdf (audit, file);
  wait_idle (audit);
  ui_wait_until (export_cancel_gone, audit);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (files_in (dir), ==, 1);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "done");

  /* What the blocking export writes, with the same review. */
  g_assert_true (fx_audit_window_export_to (audit, blocking_file, &error));
  g_assert_no_error (error);
  words = pdf_words (pdf);
  blocking_words = pdf_words (blocking);
  g_assert_nonnull (strstr (words, "--- page 6\n"));
  g_assert_cmpstr (words, ==, blocking_words);
  {
    g_autofree char *a = NULL, *b = NULL;
    gsize a_len, b_len;

    g_assert_true (g_file_get_contents (pdf, &a, &a_len, NULL));
    g_assert_true (g_file_get_contents (blocking, &b, &b_len, NULL));
    blank_creation_date (a, a_len);
    blank_creation_date (b, b_len);
    g_assert_cmpmem (a, a_len, b, b_len);
  }
  g_remove (pdf);
  g_remove (blocking);
  g_rmdir (dir);
  ui_close_with_audit (window, audit);
}

static gboolean
keep_busy (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
audit_loaded_in (XqWindow *window)
{
  FxAuditWindow *audit = ui_find_audit (window);

  return audit != NULL && !fx_audit_window_is_loading (audit);
}

/* A main loop never idle, as when every frame takes longer than the frame
 * clock's interval (a slow machine drawing the spinner): the audit still
 * makes its long tables and is done loading; an idle alone never ran and
 * left it loading for good. The stand-in for the slow frames is a source
 * always ready, above an idle's priority and under a frame's. */
static void
test_audit_loads_while_busy (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  /* Busy before its first frame: no audit is made ahead. */
  XqWindow *window = ui_window_opening (app, session);
  guint n_busy = 0;
  guint busy = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 30, keep_busy, &n_busy, NULL);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  g_assert_true (fx_audit_window_is_loading (ui_find_audit (window)));
  ui_wait_until (audit_loaded_in, window);
  g_source_remove (busy);
  g_test_message ("the busy source ran %u times", n_busy);
  ui_settle ();
  ui_close_with_audit (window, ui_find_audit (window));
}

/* The most any thread of this process is lowered (its niceness), and this
 * thread's own, from /proc (Linux, as the app's platform). */
static int
thread_niceness (const char *tid)
{
  g_autofree char *path = g_strdup_printf ("/proc/self/task/%s/stat", tid);
  g_autofree char *stat = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after;

  if (!g_file_get_contents (path, &stat, NULL, NULL) || (after = strrchr (stat, ')')) == NULL)
    return 0;
  /* After the name: state, then fields 4 to 19 of proc(5); niceness is 19. */
  fields = g_strsplit (after + 2, " ", -1);
  return g_strv_length (fields) > 16 ? atoi (fields[16]) : 0;
}

typedef struct
{
  FxAuditWindow *audit;
  GHashTable    *before;  /* the threads lowered before the review (a disk cache's…) */
  int            lowest;  /* the greatest niceness of another seen while the review ran */
} Niceness;

static gboolean
niceness_seen (Niceness *seen)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;

  if (g_strcmp0 (fx_audit_window_get_review_state (seen->audit), "running") != 0)
    return TRUE;
  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL)
    if (!g_hash_table_contains (seen->before, tid))
      seen->lowest = MAX (seen->lowest, thread_niceness (tid));
  return seen->lowest > 0;
}

/* The review's threads run below the window's priority: busy on every
 * core, they no longer take the cores from the window while it works. */
static void
test_review_below_window (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  g_autofree char *self = g_strdup_printf ("%d", (int) syscall (SYS_gettid));
  g_autoptr(GHashTable) before = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  Niceness seen = { audit, before, 0 };
  const char *tid;

  g_assert_nonnull (dir);
  while ((tid = g_dir_read_name (dir)) != NULL)
    if (thread_niceness (tid) > 0)
      g_hash_table_add (before, g_strdup (tid));
  g_assert_cmpint (thread_niceness (self), ==, 0);
  fx_audit_window_show_page (audit, "review");
  fx_audit_window_start_review (audit);
  ui_wait_until (niceness_seen, &seen);
  g_assert_cmpint (seen.lowest, >, 0);
  g_assert_cmpint (thread_niceness (self), ==, 0);
  wait_idle (audit);
  g_assert_cmpstr (fx_audit_window_get_review_state (audit), ==, "done");
  ui_close_with_audit (window, audit);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/review-ui/summary-matches-engine", test_summary_matches_engine);
  g_test_add_func ("/review-ui/sample", test_review_sample);
  g_test_add_func ("/review-ui/cancel-and-close", test_review_cancel_and_close);
  g_test_add_func ("/review-ui/fills-in-batches", test_review_fills_in_batches);
  g_test_add_func ("/review-ui/rows-laid-out-few-times", test_review_rows_laid_out_few_times);
  g_test_add_func ("/review-ui/long-game-selects-turn", test_review_long_game_selects_turn);
  g_test_add_func ("/review-ui/export-cancel", test_export_cancel);
  g_test_add_func ("/review-ui/export-same-report", test_export_same_report);
  g_test_add_func ("/review-ui/audit-loads-while-busy", test_audit_loads_while_busy);
  g_test_add_func ("/review-ui/review-below-window", test_review_below_window);

  return ui_test_run (&app);
}
