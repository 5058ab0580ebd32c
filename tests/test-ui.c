/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drives the application window: welcome view, the For-Ex table, history,
 * undo and redo, saving and closing, with screenshots in light and dark. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "fx-move-bar.h"
#include "fx-random-play.h"
#include "fx-players-view.h"
#include "fx-state.h"
#include "xq-application.h"
#include "xq-games.h"
#include "xq-history-view.h"
#include "xq-preferences-window.h"
#include "xq-session-file.h"
#include "xq-window.h"
#include "cli-support.h"
#include "ui-support.h"

static XqApplication *app;

static void
close_window (XqWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

static void
test_welcome (void)
{
  XqWindow *window = ui_new_window (app);

  g_assert_false (xq_window_has_document (window));
  /* Set only once the welcome page is shown, which it is. */
  g_assert_cmpstr (adw_status_page_get_icon_name (ADW_STATUS_PAGE (gtk_widget_get_template_child (GTK_WIDGET (window), XQ_TYPE_WINDOW, "welcome_page"))),
                   ==, APP_ID);
  ui_set_dark (FALSE);
  ui_screenshot (GTK_WIDGET (window), "welcome");
  ui_set_dark (TRUE);
  ui_screenshot (GTK_WIDGET (window), "welcome-dark");
  ui_set_dark (FALSE);
  close_window (window);
}

/* Runs exchequer-cli state on the sample and returns each "cash" line's amounts. */
static GPtrArray *
cli_cash_lines (void)
{
  g_autofree char *path = ui_sample_path ();
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;
  GPtrArray *cash = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  RUN (&run, "state", path);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "cash "))
      g_ptr_array_add (cash, g_strsplit (lines[i], " ", -1));
  return cash;
}

/* The bar names the winner and total of exchequer-cli score's lines. */
static void
assert_winner_shown (GtkWidget *bar)
{
  g_autofree char *path = ui_sample_path ();
  g_auto(Run) run = { 0 };
  g_autofree char *shown = ui_collect_text (bar);
  g_autofree char *expected = NULL;
  g_auto(GStrv) lines = NULL;
  const char *winner = NULL, *strongest = NULL, *total = NULL;

  RUN (&run, "score", path);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "winner "))
        winner = lines[i] + strlen ("winner ");
      if (g_str_has_prefix (lines[i], "strongest "))
        strongest = lines[i] + strlen ("strongest ");
    }
  g_assert_nonnull (winner);
  g_assert_nonnull (strongest);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("total %s ", winner);

      if (g_str_has_prefix (lines[i], prefix))
        total = lines[i] + strlen (prefix);
    }
  g_assert_nonnull (total);
  expected = g_strdup_printf ("%s wins with %s %s.", winner, total, strongest);
  if (strstr (shown, expected) == NULL)
    g_error ("the move bar does not say “%s”; it shows:\n%s", expected, shown);
}

/* Says yes to the move bar's question before a move that ends the game. */
static void
answer_end_of_game (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) dialog = g_list_model_get_item (toplevels, i);
      g_autoptr(GPtrArray) buttons = NULL;

      if (!ADW_IS_MESSAGE_DIALOG (dialog))
        continue;
      buttons = ui_find_all (GTK_WIDGET (dialog), GTK_TYPE_BUTTON);
      for (guint b = 0; b < buttons->len; b++)
        if (g_strcmp0 (gtk_button_get_label (buttons->pdata[b]), "_End the Game") == 0)
          {
            g_signal_emit_by_name (buttons->pdata[b], "clicked");
            ui_settle ();
            return;
          }
    }
  g_error ("the move bar did not ask before ending the game");
}

/* The sample game recorded turn by turn through the move bar's forms and its
 * Record action: every state equals the file's, and at the end the players'
 * cards show what exchequer-cli state says. */
static void
test_play_sample_through_forms (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  g_autoptr(XqSession) session = xq_session_new (xq_session_get_game (sample), xq_session_get_setup (sample));
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  g_autoptr(GPtrArray) cash = NULL;
  XqWindow *window = ui_new_window (app);
  GtkWidget *bar;
  GtkWidget *players;
  g_autofree char *shown = NULL;
  const char *cursor;
  guint i = 0;

  xq_window_set_document (window, document);
  bar = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL);
  g_assert_nonnull (bar);

  while (i < xq_session_get_n_moves (sample))
    {
      const FxMove *first = xq_session_get_move (sample, i);
      const FxMove *spot = first->kind == FX_MOVE_SPOT ? first : NULL;
      const FxMove *action = spot != NULL ? xq_session_get_move (sample, i + 1) : first;
      guint after = i + (spot != NULL ? 2 : 1);
      FxState expected;

      if (!fx_move_bar_fill (FX_MOVE_BAR (bar), spot, action))
        {
          g_autofree char *line = xq_session_format_move (sample, after - 1);

          g_error ("the forms do not offer move %u: %s", after, line);
        }
      ui_settle ();
      g_assert_true (gtk_widget_activate_action (bar, "move-bar.record", NULL));
      ui_settle ();
      /* The last resolution ends the game: the bar asks first. */
      if (after == xq_session_get_n_moves (sample))
        answer_end_of_game ();
      g_assert_cmpuint (xq_session_get_n_moves (session), ==, after);
      xq_session_get_state_at (sample, after, &expected);
      g_assert_cmpint (memcmp (&expected, xq_session_get_state (session), sizeof expected), ==, 0);
      if (after == 60)
        ui_screenshot (GTK_WIDGET (window), "played-through-forms");
      i = after;
    }
  g_assert_true (fx_state_is_over (xq_session_get_state (session)));
  ui_screenshot (GTK_WIDGET (window), "end-of-game");
  ui_set_dark (TRUE);
  ui_screenshot (GTK_WIDGET (window), "end-of-game-dark");
  ui_set_dark (FALSE);
  assert_winner_shown (bar);

  /* Each player's card shows the cash of exchequer-cli's "cash" line, in order. */
  players = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_PLAYERS_VIEW, NULL);
  shown = ui_collect_text (players);
  cash = cli_cash_lines ();
  g_assert_cmpuint (cash->len, ==, 4);
  cursor = shown;
  for (guint p = 0; p < cash->len; p++)
    {
      char **fields = g_ptr_array_index (cash, p);

      cursor = strstr (cursor, fields[1]);
      g_assert_nonnull (cursor);
      /* "cash NAME GBP a EUR b …": the amounts are fields 3, 5, … 15. */
      for (guint f = 3; f < 16; f += 2)
        {
          g_autofree char *line = g_strdup_printf ("\n%s\n", fields[f]);

          cursor = strstr (cursor, line);
          if (cursor == NULL)
            g_error ("%s's %s cash %s is not shown", fields[1], fields[f - 1], fields[f]);
          cursor++;
        }
    }
  xq_document_discard_journal (document);
  close_window (window);
}

/* A game whose end ties the strongest currency even on certificates: the bar
 * asks the last actor to choose, and recording the choice settles the score. */
static void
test_strongest_choice (void)
{
  g_autoptr(XqSession) game = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autoptr(XqDocument) document = NULL;
  XqWindow *window;
  GtkWidget *bar;
  const FxMove *choice;
  guint n;

  for (guint64 seed = 0; seed < 5000 && game == NULL; seed++)
    {
      g_autoptr(XqSession) candidate = fx_random_game (seed, 4, &fx_random_style_prudent, 5000);
      guint moves = xq_session_get_n_moves (candidate);

      if (((const FxMove *) xq_session_get_move (candidate, moves - 1))->kind == FX_MOVE_STRONGEST)
        game = g_steal_pointer (&candidate);
    }
  g_assert_nonnull (game);
  n = xq_session_get_n_moves (game);
  choice = xq_session_get_move (game, n - 1);

  session = xq_session_new (xq_session_get_game (game), xq_session_get_setup (game));
  for (guint i = 0; i + 1 < n; i++)
    g_assert_true (xq_session_play (session, xq_session_get_move (game, i), xq_session_get_move_reason (game, i), NULL));
  document = xq_document_new (session, FALSE);
  window = ui_new_window (app);
  xq_window_set_document (window, document);
  bar = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL);
  ui_settle ();
  {
    g_autofree char *text = ui_collect_text (bar);

    g_assert_nonnull (strstr (text, "chooses"));
  }
  ui_screenshot (GTK_WIDGET (window), "strongest-choice");
  g_assert_true (fx_move_bar_fill (FX_MOVE_BAR (bar), NULL, choice));
  g_assert_true (gtk_widget_activate_action (bar, "move-bar.record", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, n);
  g_assert_cmpint (((const FxState *) xq_session_get_state (session))->strongest_choice, ==, choice->cur[0]);
  {
    g_autofree char *text = ui_collect_text (bar);

    g_assert_true (strstr (text, " wins with ") != NULL || strstr (text, " share the win ") != NULL);
  }
  xq_document_discard_journal (document);
  close_window (window);
}

/* Undo and redo through the window's actions: the session, the title, the
 * toast; redo comes back to the identical state. */
static void
test_undo_redo (void)
{
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqSession) session = ui_sample_prefix (10);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  FxState before;

  xq_window_set_document (window, document);
  memcpy (&before, xq_session_get_state (session), sizeof before);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 9);
  g_assert_nonnull (ui_find_descendant (GTK_WIDGET (window), ADW_TYPE_TOAST_OVERLAY, NULL));
  ui_screenshot (GTK_WIDGET (window), "undo-toast");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 10);
  g_assert_cmpint (memcmp (&before, xq_session_get_state (session), sizeof before), ==, 0);
  close_window (window);
}

/* Selecting a move in the history shows the table after it, read-only. */
static void
test_history_selection (void)
{
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqSession) session = ui_sample_prefix (30);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  GtkWidget *history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  GtkWidget *list;
  g_autofree char *past_text = NULL;
  g_autofree char *now_text = NULL;
  FxState at_five;
  gint64 start, elapsed;

  xq_window_set_document (window, document);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL);
  ui_settle ();
  list = ui_find_descendant (history, GTK_TYPE_LIST_VIEW, NULL);
  now_text = ui_collect_text (GTK_WIDGET (window));

  /* Row 5 is "after move 5" (row 0 is the start of the game). */
  start = g_get_monotonic_time ();
  /* What a click on the row does. */
  g_assert_true (gtk_widget_activate_action (list, "list.select-item", "(ubb)", 5, FALSE, FALSE));
  elapsed = g_get_monotonic_time () - start;
  g_test_message ("history selection redrew the table in %" G_GINT64_FORMAT " µs", elapsed);
  ui_settle ();
  g_assert_cmpuint (xq_history_view_get_position (XQ_HISTORY_VIEW (history)), ==, 5);
  past_text = ui_collect_text (GTK_WIDGET (window));
  g_assert_nonnull (strstr (past_text, "after move 5"));
  g_assert_cmpstr (past_text, !=, now_text);
  /* The cash shown is the cash after move 5. */
  xq_session_get_state_at (session, 5, &at_five);
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (window)) == FALSE);
  ui_screenshot (GTK_WIDGET (window), "history-past");

  /* Moves cannot be recorded in the past; "Back to Now" returns. */
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL) &&
                  xq_session_get_n_moves (session) != 30);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 30);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.view-now", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_history_view_get_position (XQ_HISTORY_VIEW (history)), ==, G_MAXUINT);
  close_window (window);
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_document_save_finish (XQ_DOCUMENT (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

/* Save, then open the file in a new window: the same game, not modified. */
static void
test_save_and_open (void)
{
  g_autofree char *dir = g_dir_make_tmp ("exchequer-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "evening.exchequer", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(XqSession) session = ui_sample_prefix (25);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  XqWindow *window = ui_new_window (app);
  XqWindow *other;
  XqDocument *reopened;
  gboolean done = FALSE;

  xq_window_set_document (window, document);
  g_assert_true (xq_document_get_modified (document));
  xq_document_save_async (document, file, NULL, saved_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (xq_document_get_modified (document));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "evening.exchequer"));
  g_assert_null (strstr (gtk_window_get_title (GTK_WINDOW (window)), "•"));

  other = ui_new_window (app);
  xq_window_open_file (other, file);
  ui_wait_until (xq_window_has_document, other);
  reopened = xq_window_get_document (other);
  g_assert_nonnull (reopened);
  g_assert_false (xq_document_get_modified (reopened));
  g_assert_cmpuint (xq_session_get_n_moves (xq_document_get_session (reopened)), ==, 25);
  g_assert_cmpint (memcmp (xq_session_get_state (xq_document_get_session (reopened)),
                           xq_session_get_state (session), sizeof (FxState)), ==, 0);
  close_window (other);
  close_window (window);
  g_unlink (path);
  g_unlink (backup);
  g_rmdir (dir);
}

/* The windows of @toplevels on screen. */
static guint
n_shown (GListModel *toplevels)
{
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);

      n += gtk_widget_get_visible (w);
    }
  return n;
}

/* Closing with unsaved moves asks first; cancelling keeps the window. */
static void
test_unsaved_changes_dialog (void)
{
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqSession) session = ui_sample_prefix (5);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint before;
  GtkWindow *dialog = NULL;

  xq_window_set_document (window, document);
  before = n_shown (toplevels);
  gtk_window_close (GTK_WINDOW (window));
  ui_settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  /* One window more on screen (the game's audit made ahead is not). */
  g_assert_cmpuint (n_shown (toplevels), ==, before + 1);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w))
        dialog = w;
    }
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Save Changes?");
  ui_screenshot (GTK_WIDGET (dialog), "unsaved-changes");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  ui_settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  /* Discarding closes it. */
  gtk_window_close (GTK_WINDOW (window));
  ui_settle ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w))
        adw_message_dialog_response (ADW_MESSAGE_DIALOG (w), "discard");
    }
  ui_settle ();
}

/* Every templated widget must be built by a test: a .ui naming a missing
 * type fails only at run time. */
static void
test_templates (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *prefs = GTK_WIDGET (xq_preferences_window_new (settings));
  GtkWidget *history = g_object_ref_sink (g_object_new (XQ_TYPE_HISTORY_VIEW, NULL));

  XqWindow *window = ui_new_window (app);
  GListModel *toplevels = gtk_window_get_toplevels ();  /* GTK's own list */
  GtkWidget *shortcuts = NULL;

  gtk_window_present (GTK_WINDOW (prefs));
  ui_settle ();
  ui_screenshot (prefs, "preferences");
  gtk_window_destroy (GTK_WINDOW (prefs));
  g_assert_finalize_object (history);

  /* The shortcuts window is built on first use, not with the window. */
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  ui_settle ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (w))
        shortcuts = GTK_WIDGET (w);
    }
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_widget_get_visible (shortcuts));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (shortcuts)) == GTK_WINDOW (window));
  ui_screenshot (shortcuts, "shortcuts");
  gtk_window_close (GTK_WINDOW (window));
  ui_settle ();
}

/* The child of a node that wraps one, or NULL. */
static GskRenderNode *
only_child (GskRenderNode *node)
{
  GskRenderNodeType type = gsk_render_node_get_node_type (node);

  if (type == GSK_TRANSFORM_NODE)
    return gsk_transform_node_get_child (node);
  if (type == GSK_CLIP_NODE)
    return gsk_clip_node_get_child (node);
  if (type == GSK_ROUNDED_CLIP_NODE)
    return gsk_rounded_clip_node_get_child (node);
  if (type == GSK_OPACITY_NODE)
    return gsk_opacity_node_get_child (node);
  if (type == GSK_COLOR_MATRIX_NODE)
    return gsk_color_matrix_node_get_child (node);
  if (type == GSK_SHADOW_NODE)
    return gsk_shadow_node_get_child (node);
  if (type == GSK_DEBUG_NODE)
    return gsk_debug_node_get_child (node);
  return NULL;
}

/* The inset shadows in @node's tree whose outline holds the whole @width ×
 * @height of the window's contents (the outline is the window's border box,
 * the contents lie inside its padding), described into @out. */
static void
describe_frame_shadows (GskRenderNode *node,
                        float          width,
                        float          height,
                        GString       *out)
{
  GskRenderNodeType type = gsk_render_node_get_node_type (node);

  if (type == GSK_INSET_SHADOW_NODE)
    {
      const GskRoundedRect *outline = gsk_inset_shadow_node_get_outline (node);
      g_autofree char *color = gdk_rgba_to_string (gsk_inset_shadow_node_get_color (node));

      if (outline->bounds.size.width >= width && outline->bounds.size.height >= height)
        g_string_append_printf (out, " inset shadow: spread %g blur %g offset %g,%g %s;",
                                gsk_inset_shadow_node_get_spread (node), gsk_inset_shadow_node_get_blur_radius (node),
                                gsk_inset_shadow_node_get_dx (node), gsk_inset_shadow_node_get_dy (node), color);
    }
  else if (type == GSK_CONTAINER_NODE)
    for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
      describe_frame_shadows (gsk_container_node_get_child (node, i), width, height, out);
  else if (only_child (node) != NULL)
    describe_frame_shadows (only_child (node), width, height, out);
}

/* What a person sees of @window's frame: its padding and border, whether it
 * is in the background (the frame's colour follows), and the shadows that
 * draw it. */
static char *
describe_frame (GtkWidget *window)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);
  GString *out = g_string_new (NULL);
  GtkBorder padding, border;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_padding (gtk_widget_get_style_context (window), &padding);
  gtk_style_context_get_border (gtk_widget_get_style_context (window), &border);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_string_append_printf (out, "padding %d %d %d %d; border %d %d %d %d;%s", padding.top, padding.right,
                          padding.bottom, padding.left, border.top, border.right, border.bottom, border.left,
                          gtk_widget_get_state_flags (window) & GTK_STATE_FLAG_BACKDROP ? " backdrop;" : "");
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  describe_frame_shadows (node, width, height, out);
  return g_string_free (out, FALSE);
}

/* Without a compositor a window gets libadwaita's solid frame. The app keeps
 * it as libadwaita draws it (an earlier style.css redrew it for a software
 * GL renderer): its game window's frame is that of a bare libadwaita window.
 * The bare window opens on a second connection to the same X server, where
 * the app's style.css, which libadwaita adds to the default display only,
 * does not reach; one window at a time, so both have the same focus. */
static void
test_libadwaita_frame (void)
{
  GdkDisplay *second = gdk_display_open (gdk_display_get_name (gdk_display_get_default ()));
  GtkWidget *bare = adw_window_new ();
  g_autoptr(XqSession) session = ui_sample_prefix (10);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  g_autofree char *bare_frame = NULL, *app_frame = NULL;
  gboolean solid;
  XqWindow *window;

  g_assert_nonnull (second);
  gtk_window_set_display (GTK_WINDOW (bare), second);
  gtk_window_set_default_size (GTK_WINDOW (bare), 1280, 860);
  gtk_window_present (GTK_WINDOW (bare));
  ui_settle ();
  solid = gtk_widget_has_css_class (bare, "solid-csd");
  bare_frame = describe_frame (bare);
  gtk_window_destroy (GTK_WINDOW (bare));
  ui_settle ();
  gdk_display_close (second);
  if (!solid)
    {
      g_test_skip ("the window has a compositor's frame, not the solid one");
      return;
    }
  /* libadwaita's frame is drawn at all. */
  g_assert_nonnull (strstr (bare_frame, "inset shadow"));

  window = ui_new_window (app);
  xq_window_set_document (window, document);
  ui_settle ();
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "solid-csd"));
  app_frame = describe_frame (GTK_WIDGET (window));
  g_assert_cmpstr (app_frame, ==, bare_frame);
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_test_skip ("no display: run under xvfb-run");
      return g_test_run ();
    }
  app = ui_application_new ();

  g_test_add_func ("/ui/welcome", test_welcome);
  g_test_add_func ("/ui/undo-redo", test_undo_redo);
  g_test_add_func ("/ui/play-sample-through-forms", test_play_sample_through_forms);
  g_test_add_func ("/ui/strongest-choice", test_strongest_choice);
  g_test_add_func ("/ui/history-selection", test_history_selection);
  g_test_add_func ("/ui/save-and-open", test_save_and_open);
  g_test_add_func ("/ui/unsaved-changes-dialog", test_unsaved_changes_dialog);
  g_test_add_func ("/ui/templates", test_templates);
  g_test_add_func ("/ui/libadwaita-frame", test_libadwaita_frame);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
