/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The history of a long game (issue #27): a row selected at 5,000 moves
 * shows its move and puts the table as it was then, and a selection
 * changes only the selection, not the rows it passes over. */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "fx-queue-view.h"
#include "fx-random-play.h"
#include "fx-rates-view.h"
#include "ui-support.h"
#include "xq-history-view.h"

#define N_MOVES 5000

static XqApplication *app;

typedef struct
{
  GtkWidget *history;
  guint      position;
} Wanted;

static gboolean
history_at (Wanted *wanted)
{
  return xq_history_view_get_position (XQ_HISTORY_VIEW (wanted->history)) == wanted->position;
}

/* A selection as the list makes it for a click or an arrow key. */
static void
select_row (GtkWidget *history,
            guint      position)
{
  GtkWidget *list = ui_find_descendant (history, GTK_TYPE_LIST_VIEW, NULL);
  Wanted wanted = { history, position };

  g_assert_true (gtk_widget_activate_action (list, "list.select-item", "(ubb)", position, FALSE, FALSE));
  ui_wait_until (history_at, &wanted);
  ui_settle ();
}

static GtkWidget *
open_history (XqWindow *window)
{
  GtkWidget *history;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
  ui_settle ();
  history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  g_assert_nonnull (history);
  return history;
}

/* What the table's rates and queue say: the parts that show the state alone
 * (the players' part also says whose turn it is live). The rates are in an
 * expander, outside the widget tree until it opens. */
static char *
table_text (XqWindow *window)
{
  g_autoptr(GPtrArray) expanders = ui_find_all (GTK_WIDGET (window), GTK_TYPE_EXPANDER);

  for (guint i = 0; i < expanders->len; i++)
    gtk_expander_set_expanded (expanders->pdata[i], TRUE);
  ui_settle ();
  GtkWidget *rates = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_RATES_VIEW, NULL);
  GtkWidget *queue = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_QUEUE_VIEW, NULL);
  g_autofree char *rates_text = NULL;
  g_autofree char *queue_text = NULL;

  g_assert_nonnull (rates);
  g_assert_nonnull (queue);
  rates_text = ui_collect_text (rates);
  queue_text = ui_collect_text (queue);
  return g_strconcat (rates_text, "--\n", queue_text, NULL);
}

/* The long game's row @position and its table, against the same game cut
 * one move later with its own history at @position (both browsing, so
 * neither shows the live table's hints). */
static void
assert_shows (XqWindow  *window,
              GtkWidget *history,
              XqSession *game,
              guint      position)
{
  g_autoptr(XqSession) cut = ui_session_prefix (game, position + 1);
  XqWindow *cut_window = ui_window_with (app, cut);
  GtkWidget *cut_history = open_history (cut_window);
  g_autofree char *row = NULL;
  g_autofree char *cut_row = NULL;
  g_autofree char *number = g_strdup_printf ("%u\n", position);
  g_autofree char *table = NULL;
  g_autofree char *cut_table = NULL;

  select_row (cut_history, position);
  row = ui_collect_text (ui_history_row (history, position));
  cut_row = ui_collect_text (ui_history_row (cut_history, position));
  table = table_text (window);
  cut_table = table_text (cut_window);

  g_assert_true (g_str_has_prefix (row, number));
  g_assert_cmpstr (row, ==, cut_row);
  g_assert_cmpstr (table, ==, cut_table);
  gtk_window_destroy (GTK_WINDOW (cut_window));
  ui_settle ();
}

static void
test_long_game (void)
{
  g_autoptr(XqSession) game = fx_random_endless_game (1, 4, &fx_random_style_dealing, N_MOVES);
  XqWindow *window = ui_window_with (app, game);
  GtkWidget *history = open_history (window);
  g_autofree char *live_table = table_text (window);
  const guint positions[] = { N_MOVES - 1, 37, 4321, 2500 };
  GtkWidget *row, *shown;
  g_autofree char *shown_text = NULL;

  g_assert_cmpuint (xq_session_get_n_moves (game), ==, N_MOVES);
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      select_row (history, positions[i]);
      assert_shows (window, history, game, positions[i]);
    }

  /* One row up from 2,500: the rows of the old and the new selection are
   * the same moves as before, so they keep what they show (GTK 4.8 binds
   * both again; building them anew made each click cost a screenful). */
  row = ui_history_row (history, 2500);
  shown = gtk_widget_get_first_child (row);
  shown_text = ui_collect_text (row);
  select_row (history, 2499);
  g_assert_true (xq_history_view_get_row (XQ_HISTORY_VIEW (history), 2500) == row);
  g_assert_true (gtk_widget_get_first_child (row) == shown);
  {
    g_autofree char *text = ui_collect_text (row);

    g_assert_cmpstr (text, ==, shown_text);
  }
  assert_shows (window, history, game, 2499);

  /* Back to now: the live table again. */
  xq_history_view_set_position (XQ_HISTORY_VIEW (history), G_MAXUINT);
  ui_settle ();
  {
    g_autofree char *table = table_text (window);

    g_assert_cmpstr (table, ==, live_table);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The list's rows (GTK's row widgets, each holding one of ours). */
static GPtrArray *
list_rows (GtkWidget *history)
{
  GtkWidget *list = ui_find_descendant (history, GTK_TYPE_LIST_VIEW, NULL);
  GPtrArray *rows = g_ptr_array_new ();

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (gtk_widget_get_first_child (row) != NULL)
      g_ptr_array_add (rows, row);
  return rows;
}

/* A row still blank, filled between frames: its content hidden. */
static gboolean
row_blank (GtkWidget *row)
{
  return !gtk_widget_get_visible (gtk_widget_get_first_child (row));
}

static gboolean
no_row_blank (GtkWidget *history)
{
  g_autoptr(GPtrArray) rows = list_rows (history);

  for (guint i = 0; i < rows->len; i++)
    if (row_blank (rows->pdata[i]))
      return FALSE;
  return TRUE;
}

/* The number a move's row shows first: its position. */
static guint
row_number (GtkWidget *row)
{
  g_autofree char *text = ui_collect_text (row);

  return (guint) g_ascii_strtoull (text, NULL, 10);
}

static int
compare_uints (gconstpointer a,
               gconstpointer b)
{
  guint ua = *(const guint *) a, ub = *(const guint *) b;

  return ua < ub ? -1 : ua > ub;
}

/* After a jump across the game, the rows in sight show their moves in the
 * frame after the selection, and the rows GTK keeps around them (out of
 * sight, filled between frames) come to show theirs: every row, once all
 * are filled, a different move, one after the other, around the one
 * selected, never another row's move. Then marks: the rows in sight have
 * theirs at once, the others once filled. */
static void
test_rows_filled_after_jump (void)
{
  g_autoptr(XqSession) game = fx_random_endless_game (2, 4, &fx_random_style_dealing, N_MOVES);
  XqWindow *window = ui_window_with (app, game);
  GtkWidget *history = open_history (window);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  guint first = 0, last, far = G_MAXUINT;
  XqHistoryMark marks[2];

  select_row (history, 37);
  select_row (history, 4321);
  ui_wait_until (no_row_blank, history);
  rows = list_rows (history);
  /* GTK 4.8 keeps some 200 rows around the selected one: more than a
   * screenful, so some were filled out of sight. */
  g_assert_cmpuint (rows->len, >, 60);
  for (guint i = 0; i < rows->len; i++)
    {
      guint number = row_number (rows->pdata[i]);

      g_array_append_val (numbers, number);
    }
  g_array_sort (numbers, compare_uints);
  /* Each row a different move; the selected one's among a run of rows in
   * order (GTK keeps the focused row's too, elsewhere). */
  for (guint i = 1; i < numbers->len; i++)
    g_assert_cmpuint (g_array_index (numbers, guint, i), >, g_array_index (numbers, guint, i - 1));
  for (guint i = 0; i < numbers->len; i++)
    if (g_array_index (numbers, guint, i) <= 4321
        && (i == 0 || g_array_index (numbers, guint, i) != g_array_index (numbers, guint, i - 1) + 1))
      first = g_array_index (numbers, guint, i);
  for (last = first; g_array_binary_search (numbers, &(guint) { last + 1 }, compare_uints, NULL); last++)
    ;
  g_test_message ("%u rows, moves %u to %u in a run", numbers->len, first, last);
  g_assert_cmpuint (last, >=, 4321);
  g_assert_cmpuint (last - first + 1, >, 60);

  /* The farthest row from the selected one: out of sight. */
  for (guint i = 0; i < rows->len; i++)
    {
      guint number = row_number (rows->pdata[i]);

      if (number < first || number > last)
        continue;
      if (far == G_MAXUINT || (number > 4321 ? number - 4321 : 4321 - number) > (far > 4321 ? far - 4321 : 4321 - far))
        far = number;
    }
  g_assert_cmpuint (far > 4321 ? far - 4321 : 4321 - far, >, 40);
  marks[0] = (XqHistoryMark) { 4321 - 1, "emblem-important-symbolic", "error", "Costly: lost 3 bucks", "Better: no" };
  marks[1] = (XqHistoryMark) { far - 1, "emblem-ok-symbolic", "success", "Best: lost nothing", NULL };
  xq_history_view_set_marks (XQ_HISTORY_VIEW (history), marks, G_N_ELEMENTS (marks));
  /* In sight: marked before any frame. */
  for (guint i = 0; i < rows->len; i++)
    if (row_number (rows->pdata[i]) == 4321)
      {
        g_autofree char *text = ui_collect_text (rows->pdata[i]);

        g_assert_nonnull (strstr (text, "Costly: lost 3 bucks"));
      }
  ui_wait_until (no_row_blank, history);
  ui_settle ();
  g_clear_pointer (&rows, g_ptr_array_unref);
  rows = list_rows (history);
  for (guint i = 0; i < rows->len; i++)
    {
      g_autofree char *text = ui_collect_text (rows->pdata[i]);
      guint number = row_number (rows->pdata[i]);

      if (number == far)
        g_assert_nonnull (strstr (text, "Best: lost nothing"));
      else if (number != 4321)
        g_assert_null (strstr (text, "lost"));
    }
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* A jump across the game, down or up: in the first frame that shows the
 * row jumped to, every row in view is filled. The rows out of sight are
 * filled between the frames that follow (xq-history-view.c), but none a
 * player sees is ever blank. */
typedef struct
{
  GtkWidget *history;
  guint      target;
  gboolean   seen;          /* a frame has shown the target row */
  guint      blank_in_view; /* in that frame */
} JumpFrame;

static gboolean
jump_seen (JumpFrame *jump)
{
  return jump->seen;
}

static gboolean
row_in_view (GtkWidget *row,
             GtkWidget *scrolled)
{
  graphene_rect_t bounds;

  return gtk_widget_get_mapped (row) && gtk_widget_compute_bounds (row, scrolled, &bounds)
         && bounds.origin.y < gtk_widget_get_height (scrolled) && bounds.origin.y + bounds.size.height > 0;
}

static void
check_jump_frame (GdkFrameClock *clock,
                  JumpFrame     *jump)
{
  GtkWidget *scrolled = ui_find_descendant (jump->history, GTK_TYPE_SCROLLED_WINDOW, NULL);
  g_autoptr(GPtrArray) rows = NULL;
  gboolean target_in_view = FALSE;

  if (jump->seen)
    return;
  rows = list_rows (jump->history);
  for (guint i = 0; i < rows->len; i++)
    if (!row_blank (rows->pdata[i]) && row_number (rows->pdata[i]) == jump->target)
      target_in_view = row_in_view (rows->pdata[i], scrolled);
  if (!target_in_view)
    return;
  jump->seen = TRUE;
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = rows->pdata[i];

      if (row_in_view (row, scrolled))
        jump->blank_in_view += row_blank (row);
    }
}

static void
jump_to (GtkWidget *history,
         guint      from,
         guint      target)
{
  GtkWidget *list = ui_find_descendant (history, GTK_TYPE_LIST_VIEW, NULL);
  JumpFrame jump = { history, target, FALSE, 0 };
  gulong handler;

  select_row (history, from);
  ui_wait_until (no_row_blank, history);
  handler = g_signal_connect (gtk_widget_get_frame_clock (history), "after-paint", G_CALLBACK (check_jump_frame), &jump);
  g_assert_true (gtk_widget_activate_action (list, "list.select-item", "(ubb)", target, FALSE, FALSE));
  ui_wait_until ((UiCondition) (gpointer) jump_seen, &jump);
  g_signal_handler_disconnect (gtk_widget_get_frame_clock (history), handler);
  g_assert_cmpuint (jump.blank_in_view, ==, 0);
}

static void
test_jump_fills_rows_in_view (void)
{
  g_autoptr(XqSession) game = fx_random_endless_game (3, 4, &fx_random_style_dealing, N_MOVES);
  XqWindow *window = ui_window_with (app, game);
  GtkWidget *history = open_history (window);

  /* Down the game, the row comes in at the list's bottom edge; up, at its top. */
  jump_to (history, 100, 4000);
  jump_to (history, 4000, 300);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* A review's marks on every move of a long game: the rows in sight show
 * theirs at once, and the rows GTK keeps out of sight come a few in each
 * frame, never all in one: laid out in one frame, the 183 rows of a
 * 1,000-move game held the main loop for 60-90 ms (bench-interactions).
 * Counted at the end of each frame drawn until every row has its mark. */
#define MARKED_GAME_MOVES 1000

typedef struct
{
  GtkWidget *history;
  guint      n_rows;
  guint      marked;       /* rows showing their mark at the last frame's end */
  guint      most_a_frame; /* the most that came in one frame after the first */
  guint      frames;       /* frames drawn after the first in which marks came */
} MarksArriving;

static guint
rows_marked (GtkWidget *history)
{
  g_autoptr(GPtrArray) rows = list_rows (history);
  guint n = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      g_autofree char *text = ui_collect_text (rows->pdata[i]);
      g_autofree char *wanted = g_strdup_printf ("Grade of move %u", row_number (rows->pdata[i]));

      n += strstr (text, wanted) != NULL;
    }
  return n;
}

static void
count_marked (GdkFrameClock *clock,
              MarksArriving *arriving)
{
  guint marked = rows_marked (arriving->history);

  if (marked > arriving->marked)
    {
      arriving->most_a_frame = MAX (arriving->most_a_frame, marked - arriving->marked);
      arriving->frames++;
    }
  arriving->marked = marked;
}

static gboolean
all_marked (MarksArriving *arriving)
{
  return arriving->marked == arriving->n_rows;
}

static void
test_marks_arrive_a_few_a_frame (void)
{
  g_autoptr(XqSession) game = fx_random_endless_game (3, 4, &fx_random_style_dealing, MARKED_GAME_MOVES);
  XqWindow *window = ui_window_with (app, game);
  GtkWidget *history = open_history (window);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (XqHistoryMark));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  MarksArriving arriving = { history };
  gulong handler;

  ui_wait_until (no_row_blank, history);
  ui_settle ();
  rows = list_rows (history);
  arriving.n_rows = rows->len;
  for (guint m = 0; m < MARKED_GAME_MOVES; m++)
    {
      char *label = g_strdup_printf ("Grade of move %u", m + 1);
      XqHistoryMark mark = { m, "emblem-ok-symbolic", "success", label, label };

      g_ptr_array_add (labels, label);
      g_array_append_val (marks, mark);
    }
  xq_history_view_set_marks (XQ_HISTORY_VIEW (history), (XqHistoryMark *) marks->data, marks->len);
  /* In sight: marked before any frame. */
  arriving.marked = rows_marked (history);
  g_test_message ("%u rows, %u marked at once", arriving.n_rows, arriving.marked);
  g_assert_cmpuint (arriving.marked, >, 0);
  g_assert_cmpuint (arriving.marked, <, arriving.n_rows);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (count_marked), &arriving);
  ui_wait_until (all_marked, &arriving);
  g_signal_handler_disconnect (clock, handler);
  g_test_message ("the rest in %u frames, at most %u in one", arriving.frames, arriving.most_a_frame);
  /* A frame's few: far fewer than a screenful. */
  g_assert_cmpuint (arriving.most_a_frame, <=, 16);
  g_assert_cmpuint (arriving.frames, >, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The history starts hidden, and GTK 4.8's list view makes a row for every
 * move in reach as soon as it has a model, shown or not: it has none, and
 * no row, in the window's first frame; it has them after, before F9, so
 * that opening the history makes no rows; shown, it lists every move, the
 * last one selected and shown. */
typedef struct
{
  GtkWidget *list;
  gboolean   painted;
  gboolean   model_in_first_frame;
} FirstFrame;

static void
first_frame_painted (GdkFrameClock *clock,
                     FirstFrame    *first)
{
  g_signal_handlers_disconnect_by_func (clock, first_frame_painted, first);
  first->model_in_first_frame = gtk_list_view_get_model (GTK_LIST_VIEW (first->list)) != NULL;
  first->painted = TRUE;
}

static void
watch_first_frame (GtkWidget  *window,
                   FirstFrame *first)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (first_frame_painted), first);
}

static gboolean
first_frame_seen (FirstFrame *first)
{
  return first->painted;
}

static gboolean
list_has_model (GtkWidget *list)
{
  return gtk_list_view_get_model (GTK_LIST_VIEW (list)) != NULL;
}

static void
test_rows_made_after_first_frame (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  guint n_moves = xq_session_get_n_moves (sample);
  g_autoptr(XqDocument) document = xq_document_new (sample, FALSE);
  XqWindow *window = xq_window_new (app);
  GtkWidget *history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  GtkWidget *list = ui_find_descendant (history, GTK_TYPE_LIST_VIEW, NULL);
  FirstFrame first = { list, FALSE, FALSE };
  g_autofree char *last = NULL;
  g_autofree char *number = g_strdup_printf ("%u", n_moves);

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  g_signal_connect (window, "realize", G_CALLBACK (watch_first_frame), &first);
  xq_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_until (first_frame_seen, &first);
  g_assert_false (first.model_in_first_frame);
  g_assert_false (gtk_widget_get_mapped (history));

  /* Made after, while the history is still hidden. */
  ui_wait_until (list_has_model, list);
  g_assert_false (gtk_widget_get_mapped (history));

  g_assert_true (open_history (window) == history);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)))), ==,
                    n_moves + 1);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (list)))),
                    ==, n_moves);
  last = ui_collect_text (ui_history_row (history, n_moves));
  g_test_message ("the last row, move %u: %s", n_moves, last);
  g_assert_true (g_str_has_prefix (g_strstrip (last), number));
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();
  g_test_add_func ("/history/long-game", test_long_game);
  g_test_add_func ("/history/rows-filled-after-jump", test_rows_filled_after_jump);
  g_test_add_func ("/history/jump-fills-rows-in-view", test_jump_fills_rows_in_view);
  g_test_add_func ("/history/marks-arrive-a-few-a-frame", test_marks_arrive_a_few_a_frame);
  g_test_add_func ("/history/rows-made-after-first-frame", test_rows_made_after_first_frame);
  return ui_test_run (&app);
}
