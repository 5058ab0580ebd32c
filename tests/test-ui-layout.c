/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the people at the table see, at every size the window supports: each
 * player's money on screen without scrolling, the turn and Record always in
 * view, and the history a panel of its own that never covers them. */

#include "config.h"

#include <string.h>

#include "fx-move-bar.h"
#include "fx-players-view.h"
#include "fx-queue-view.h"
#include "leaflet-folds.h"
#include "ui-saved-size.h"
#include "ui-support.h"
#include "xq-document.h"
#include "xq-history-view.h"

static XqApplication *app;

/* The Record button of the move bar. */
static GtkWidget *
find_record (XqWindow *window)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (window), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    {
      const char *label = gtk_button_get_label (g_ptr_array_index (buttons, i));

      if (label != NULL && (g_str_has_prefix (label, "Rec") || strstr (label, "Record") != NULL)
          && gtk_widget_get_mapped (g_ptr_array_index (buttons, i)))
        return g_ptr_array_index (buttons, i);
    }
  return NULL;
}

static GtkWidget *
find_toggle (XqWindow   *window,
             const char *label)
{
  GtkWidget *bar = ui_find_descendant (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR, NULL);
  g_autoptr(GPtrArray) toggles = NULL;

  /* The views' switcher bar: a button per view, named by its title. */
  g_assert_nonnull (bar);
  toggles = ui_find_all (bar, GTK_TYPE_TOGGLE_BUTTON);
  for (guint i = 0; i < toggles->len; i++)
    {
      g_autoptr(GPtrArray) labels = ui_find_all (g_ptr_array_index (toggles, i), GTK_TYPE_LABEL);

      for (guint j = 0; j < labels->len; j++)
        if (g_strcmp0 (gtk_label_get_label (g_ptr_array_index (labels, j)), label) == 0)
          return g_ptr_array_index (toggles, i);
    }
  return NULL;
}

/* Every player's cash in all seven currencies, their standing, and the
 * headings that say which currency is which. */
static void
assert_money_in_view (XqWindow   *window,
                      XqSession  *session,
                      const char *size)
{
  GtkWidget *players = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_PLAYERS_VIEW, NULL);
  const FxState *state = xq_session_get_state (session);
  guint n_amounts = 0;
  g_autoptr(GPtrArray) labels = NULL;

  g_assert_nonnull (players);
  labels = ui_find_shown_labels (players);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *child = labels->pdata[i];
      g_autofree char *what = NULL;

      if (!gtk_widget_has_css_class (child, "amount") && !gtk_widget_has_css_class (child, "heading"))
        continue;
      what = g_strdup_printf ("“%s”", gtk_label_get_text (GTK_LABEL (child)));
      ui_assert_in_view (child, what, size);
      if (gtk_widget_has_css_class (child, "amount"))
        n_amounts++;
    }
  /* Seven currencies and the standing, for each player. */
  g_assert_cmpuint (n_amounts, ==, (guint) state->n_players * (FX_N_CURRENCIES + 1));
}

/* The queue's front, and what resolving it would do now. */
static void
assert_queue_front_in_view (XqWindow   *window,
                            const char *size)
{
  GtkWidget *queue = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_QUEUE_VIEW, NULL);
  GtkWidget *front = ui_find_descendant (queue, GTK_TYPE_LABEL, "heading");
  GtkWidget *resolving = ui_find_descendant (queue, GTK_TYPE_LABEL, "preview");

  g_assert_nonnull (front);
  g_assert_nonnull (resolving);
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (front)), "1. "));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (resolving)), "Resolving now:"));
  ui_assert_in_view (front, "the queue's front", size);
  ui_assert_in_view (resolving, "what resolving the front does", size);
}

static void
assert_turn_in_view (XqWindow   *window,
                     const char *size)
{
  g_autoptr(GPtrArray) labels = ui_find_all (GTK_WIDGET (window), GTK_TYPE_LABEL);
  GtkWidget *record = find_record (window);
  gboolean turn_seen = FALSE;

  g_assert_nonnull (record);
  ui_assert_in_view (record, "Record", size);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);

      if (gtk_widget_get_mapped (label) && g_str_has_suffix (gtk_label_get_text (GTK_LABEL (label)), "’s turn"))
        {
          ui_assert_in_view (label, "whose turn it is", size);
          turn_seen = TRUE;
        }
    }
  g_assert_true (turn_seen);
}

/* At every size: the money, the turn, Record. A narrow window shows the
 * players first, the board a tap away. */
static void
test_money_in_view (void)
{
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqSession) session = ui_sample_prefix (40);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);

  xq_window_set_document (window, document);
  for (guint i = 0; i < UI_N_SIZES; i++)
    {
      g_autofree char *name = g_strdup_printf ("table-%s", ui_sizes[i].name);
      GtkWidget *board_toggle;

      ui_resize (GTK_WINDOW (window), &ui_sizes[i]);
      board_toggle = find_toggle (window, "_Board");
      ui_assert_no_sideways_scroll (GTK_WIDGET (window), ui_sizes[i].name);
      assert_money_in_view (window, session, ui_sizes[i].name);
      /* On a phone the queue is reached by scrolling the players' view. */
      if (ui_sizes[i].width >= 700)
        assert_queue_front_in_view (window, ui_sizes[i].name);
      assert_turn_in_view (window, ui_sizes[i].name);
      ui_screenshot_light_and_dark (GTK_WIDGET (window), name);

      /* Narrow, the board is the other view, and the move bar stays. */
      g_assert_nonnull (board_toggle);
      if (ui_sizes[i].width < 700)
        {
          g_autofree char *board = g_strdup_printf ("board-%s", ui_sizes[i].name);

          g_assert_true (gtk_widget_get_mapped (board_toggle));
          g_assert_cmpint (gtk_widget_get_height (board_toggle), >=, 44);
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (board_toggle), TRUE);
          ui_settle ();
          assert_turn_in_view (window, ui_sizes[i].name);
          ui_screenshot_light_and_dark (GTK_WIDGET (window), board);
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (find_toggle (window, "_Players and Queue")), TRUE);
          ui_settle ();
          assert_money_in_view (window, session, ui_sizes[i].name);

          /* The form opened for a turn leaves every player's money in view
           * (issue 26: it covered all but 2 of 7 rows). */
          {
            FxMoveBar *bar = FX_MOVE_BAR (ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL));
            GtkWidget *fold = fx_move_bar_get_part (bar, "fold_button");
            g_autofree char *open = g_strdup_printf ("table-%s-form-open", ui_sizes[i].name);
            g_autofree char *what = g_strdup_printf ("%s with the form open", ui_sizes[i].name);

            g_assert_true (gtk_widget_get_mapped (fold));
            gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (fold), TRUE);
            ui_settle ();
            g_assert_true (gtk_widget_get_mapped (fx_move_bar_get_part (bar, "form_box")));
            assert_money_in_view (window, session, what);
            assert_turn_in_view (window, what);
            ui_screenshot_light_and_dark (GTK_WIDGET (window), open);
            gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (fold), FALSE);
            ui_settle ();
          }
        }
      else
        g_assert_false (gtk_widget_get_mapped (board_toggle));
    }
  /* A big screen too: everything above the fold, nothing stretched out of it. */
  {
    const UiSize wide = { 1920, 1080, "1920x1080" };

    ui_resize (GTK_WINDOW (window), &wide);
    ui_assert_no_sideways_scroll (GTK_WIDGET (window), wide.name);
    assert_money_in_view (window, session, wide.name);
    assert_queue_front_in_view (window, wide.name);
    assert_turn_in_view (window, wide.name);
    ui_screenshot (GTK_WIDGET (window), "table-1920x1080");
  }
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The history is a panel: where it shows beside the table, it covers none of
 * it; where it cannot, it is a page of its own and the table is not drawn
 * under it. "Back to Now" works while it is open. */
static void
test_history_panel (void)
{
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqSession) session = ui_sample_prefix (40);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  GtkWidget *history;

  xq_window_set_document (window, document);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
  history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  g_assert_nonnull (history);
  for (guint i = 0; i < UI_N_SIZES; i++)
    {
      g_autofree char *name = g_strdup_printf ("history-%s", ui_sizes[i].name);
      GtkWidget *table = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), XQ_TYPE_WINDOW, "game_box"));
      graphene_rect_t history_bounds, table_bounds;

      ui_resize (GTK_WINDOW (window), &ui_sizes[i]);
      g_assert_true (gtk_widget_get_mapped (history));
      g_assert_true (gtk_widget_compute_bounds (history, GTK_WIDGET (window), &history_bounds));
      if (gtk_widget_get_mapped (table) && gtk_widget_get_child_visible (gtk_widget_get_parent (table)))
        {
          GtkWidget *record = find_record (window);

          g_assert_true (gtk_widget_compute_bounds (table, GTK_WIDGET (window), &table_bounds));
          g_assert_false (graphene_rect_intersection (&history_bounds, &table_bounds, NULL));
          g_assert_nonnull (record);
          ui_assert_in_view (record, "Record beside the history", ui_sizes[i].name);
        }
      else
        /* A page of its own: the whole width, nothing of the table under it. */
        g_assert_cmpfloat (history_bounds.size.width, >=, gtk_widget_get_width (GTK_WIDGET (window)) - 12);
      g_assert_true (gtk_widget_has_css_class (history, "background"));
      ui_screenshot_light_and_dark (GTK_WIDGET (window), name);
    }

  /* Back at the default size: a past move shown, and back to now. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  ui_settle ();
  xq_history_view_set_position (XQ_HISTORY_VIEW (history), 10);
  ui_settle ();
  g_assert_cmpuint (xq_history_view_get_position (XQ_HISTORY_VIEW (history)), ==, 10);
  {
    g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (window), GTK_TYPE_BUTTON);
    GtkWidget *back = NULL;

    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), "_Back to Now") == 0)
        back = g_ptr_array_index (buttons, i);
    g_assert_nonnull (back);
    ui_assert_in_view (back, "Back to Now", "1100x760");
    g_signal_emit_by_name (back, "clicked");
    ui_settle ();
  }
  g_assert_cmpuint (xq_history_view_get_position (XQ_HISTORY_VIEW (history)), ==, G_MAXUINT);

  /* Closed, it gives the width back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
  ui_settle ();
  g_assert_false (gtk_widget_get_visible (history));
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* Started at its saved size of 360 × 720, the window opens that wide in one
 * step, Record on screen: no child asks for more than a phone has. */
static void
test_start_narrow (void)
{
  g_autoptr(XqSession) session = ui_sample_prefix (40);
  XqWindow *window = ui_start_at_saved_size (app, session, 360, 720);

  ui_screenshot (GTK_WIDGET (window), "start-360x720");
  xq_document_discard_journal (xq_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* Fair Trade too: started at a saved 360 × 720, the window opens that wide
 * in one step, the players' table on screen. */
static void
test_fair_trade_start_narrow (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "fair-trade", "fair-trade-44-4p.xqn", NULL);
  g_autoptr(XqSession) game = ui_load_session (path);
  g_autoptr(XqSession) session = ui_session_prefix (game, 13);
  XqWindow *window = ui_start_at_saved_size_showing (app, session, 360, 720, GTK_TYPE_WIDGET, "ft-players",
                                                     "the players' table");

  ui_screenshot (GTK_WIDGET (window), "fair-trade-start-360x720");
  xq_document_discard_journal (xq_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* What the move bar showed when the window's first frame was drawn. */
typedef struct
{
  FxMoveBar *bar;
  guint      n_paints;
  gboolean   preview_shown, fold_shown;
} FirstFrame;

static void
on_first_paint (GdkFrameClock *clock,
                FirstFrame    *first)
{
  if (first->n_paints++ > 0)
    return;
  first->preview_shown = gtk_widget_get_mapped (fx_move_bar_get_part (first->bar, "preview_scroller"));
  first->fold_shown = gtk_widget_get_mapped (fx_move_bar_get_part (first->bar, "fold_button"));
}

static gboolean
painted (FirstFrame *first)
{
  return first->n_paints > 0;
}

/* Started wide, the window's very first frame shows the bar wide: the form
 * and the preview side by side, no fold button. (The bar starts narrow, and
 * the first layout, before anything is drawn, makes it wide.) */
static void
test_start_wide_first_frame (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(XqSession) session = ui_sample_prefix (40);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  FirstFrame first = { 0 };
  XqWindow *window;
  GdkFrameClock *clock;
  gulong handler;

  g_settings_set_int (settings, "window-width", 1280);
  g_settings_set_int (settings, "window-height", 860);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  window = xq_window_new (app);
  xq_window_set_document (window, document);
  first.bar = FX_MOVE_BAR (ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL));
  gtk_widget_realize (GTK_WIDGET (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_first_paint), &first);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_until (painted, &first);
  g_signal_handler_disconnect (clock, handler);
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_assert_true (first.preview_shown);
  g_assert_false (first.fold_shown);
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* What each frame drawn at a phone's width showed. */
typedef struct
{
  GtkWidget *window;
  guint      narrow_frames;
  gboolean   folded_in_second;
} FoldFrames;

static void
on_fold_paint (GdkFrameClock *clock,
               FoldFrames    *frames)
{
  if (gtk_widget_get_width (frames->window) > 400)
    return;
  if (++frames->narrow_frames == 2)
    frames->folded_in_second = leaflet_folds_over (frames->window);
  else if (frames->narrow_frames == 1)
    /* A second frame comes even with nothing left to change. */
    gtk_widget_queue_draw (frames->window);
}

static gboolean
two_narrow_frames (FoldFrames *frames)
{
  return frames->narrow_frames >= 2;
}

/* Taken from 1280 to 360 px wide, with the history open and without: the
 * second frame drawn at a phone's width shows its layout whole. A
 * leaflet's fold animation took a quarter of a second there, some fifteen
 * frames of the whole window laid out again over a squeezed table (issue
 * #27). */
static void
test_fold_at_once (void)
{
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqSession) session = ui_sample_prefix (40);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);

  xq_window_set_document (window, document);
  for (int history = 1; history >= 0; history--)
    {
      FoldFrames frames = { GTK_WIDGET (window), 0, FALSE };
      GdkFrameClock *clock;
      gulong handler;

      gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
      gtk_window_present (GTK_WINDOW (window));
      ui_settle ();
      if (history)
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
      ui_settle ();
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >, 400);
      clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
      handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_fold_paint), &frames);
      gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
      ui_wait_until (two_narrow_frames, &frames);
      g_signal_handler_disconnect (clock, handler);
      if (!frames.folded_in_second)
        g_error ("%s: the second frame at 360 px still shows a fold on its way",
                 history ? "the history open" : "the table alone");
      if (history)
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
      ui_settle ();
    }
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

  g_test_add_func ("/ui-layout/money-in-view", test_money_in_view);
  g_test_add_func ("/ui-layout/history-panel", test_history_panel);
  g_test_add_func ("/ui-layout/start-narrow", test_start_narrow);
  g_test_add_func ("/ui-layout/start-wide-first-frame", test_start_wide_first_frame);
  g_test_add_func ("/ui-layout/fair-trade-start-narrow", test_fair_trade_start_narrow);
  g_test_add_func ("/ui-layout/fold-at-once", test_fold_at_once);

  return ui_test_run (&app);
}
