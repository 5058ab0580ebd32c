/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the UI tests: they run under xvfb-run with the cairo renderer. */

#include "config.h"

#include <glib/gstdio.h>

#include "test-dirs.h"
#include "ui-support.h"
#include "xq-games.h"
#include "xq-history-view.h"
#include "xq-session-file.h"

static char *state_dir;

static void
remove_state_dir (void)
{
  test_remove_tree (state_dir);
  g_clear_pointer (&state_dir, g_free);
}

/* Starts GTK and libadwaita and returns a registered application for the
 * tests' windows: not unique, so test programs can run side by side. Each
 * program autosaves into a folder of its own, removed at exit: another
 * program's journals and recent games must not show up in its welcome view
 * and screenshots. */
XqApplication *
ui_application_new (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_dir = NULL;
  XqApplication *app;

  state_dir = g_dir_make_tmp ("exchequer-ui-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
  /* And its recent games (GtkRecentManager's recently-used.xbel): neither
   * the developer's list nor another test program's. */
  data_dir = g_build_filename (state_dir, "data", NULL);
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);
  atexit (remove_state_dir);
  gtk_init ();
  adw_init ();
  xq_games_register_all ();
  app = xq_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

/* GTK 4.8's tooltip asks where the pointer is over the last window it was
 * over, even once that window is gone: "gdk_surface_get_device_position:
 * assertion 'GDK_IS_SURFACE (surface)' failed", from an idle, when a test
 * changes a tooltip soon after it closed the window the pointer was on
 * (GTK 4.10 checks the surface first). Nothing of ours is wrong then, and
 * nothing else is let through: every other warning still fails the test. */
static gboolean
is_gtk_tooltip_bug (const char     *log_domain,
                    GLogLevelFlags  log_level,
                    const char     *message)
{
  return (log_level & G_LOG_LEVEL_CRITICAL) != 0
         && ((g_strcmp0 (log_domain, "Gdk") == 0
              && g_str_has_prefix (message, "gdk_surface_get_device_position: assertion 'GDK_IS_SURFACE (surface)'"))
             || (g_strcmp0 (log_domain, "Gtk") == 0
                 && g_str_has_prefix (message, "_gtk_widget_find_at_coords: assertion 'GDK_IS_SURFACE (surface)'")));
}

static gboolean
fatal_unless_gtk_tooltip_bug (const char     *log_domain,
                              GLogLevelFlags  log_level,
                              const char     *message,
                              gpointer        user_data)
{
  return !is_gtk_tooltip_bug (log_domain, log_level, message);
}

/* GTest's own handler, which says a fatal message as TAP's "Bail out!". */
static GLogFunc test_log_handler;

/* Said as a note, not as the "Bail out!" that ends a TAP stream; anything
 * else goes to GTest's handler as before. */
static void
log_gtk_tooltip_bug_as_note (const char     *log_domain,
                             GLogLevelFlags  log_level,
                             const char     *message,
                             gpointer        user_data)
{
  if (is_gtk_tooltip_bug (log_domain, log_level, message))
    g_test_message ("GTK 4.8's tooltip bug, let through: %s-CRITICAL: %s", log_domain, message);
  else
    test_log_handler (log_domain, log_level, message, user_data);
}

/* GTest forgets the handler above as each test case starts, and the tests
 * turn the main loop in many places: this source, prepared first in every
 * turn of the loop, sets it again before anything is dispatched. */
static gboolean
tolerate_tooltip_bug_prepare (GSource *source,
                              int     *timeout)
{
  g_test_log_set_fatal_handler (fatal_unless_gtk_tooltip_bug, NULL);
  *timeout = -1;
  return FALSE;
}

static gboolean
tolerate_tooltip_bug_dispatch (GSource     *source,
                               GSourceFunc  callback,
                               gpointer     user_data)
{
  return G_SOURCE_CONTINUE;
}

static void
tolerate_gtk_tooltip_bug (void)
{
  static GSourceFuncs funcs = { tolerate_tooltip_bug_prepare, NULL, tolerate_tooltip_bug_dispatch, NULL, NULL, NULL };
  g_autoptr(GSource) source = g_source_new (&funcs, sizeof (GSource));

  g_source_set_priority (source, G_PRIORITY_HIGH - 100);
  g_source_set_name (source, "tolerate GTK 4.8's tooltip critical");
  g_source_attach (source, NULL);
  test_log_handler = g_log_set_default_handler (g_log_default_handler, NULL);
  g_log_set_default_handler (test_log_handler, NULL);
  for (guint i = 0; i < 2; i++)
    g_log_set_handler ((const char *[]) { "Gdk", "Gtk" }[i], G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL,
                       log_gtk_tooltip_bug_as_note, NULL);
}

/* The start of a UI test program's main(): GTest's options, and the
 * application its windows belong to, or NULL (the tests then skip) when
 * there is no display to open them on. */
XqApplication *
ui_test_init (int    *argc,
              char ***argv)
{
  g_test_init (argc, argv, NULL);
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_test_skip ("no display: run under xvfb-run");
      return NULL;
    }
  tolerate_gtk_tooltip_bug ();
  return ui_application_new ();
}

/* Runs the tests added, then lets @app go. */
int
ui_test_run (XqApplication **app)
{
  int status = g_test_run ();

  g_clear_object (app);
  return status;
}

/* The bundled example game, as notation. */
char *
ui_sample_path (void)
{
  return g_build_filename (EXAMPLES_DIR, "for-ex-sample.xqn", NULL);
}

/* The session in the file at @path, which must load. */
XqSession *
ui_load_session (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  XqSession *session = xq_session_load (file, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (session);
  return session;
}

XqSession *
ui_load_sample (void)
{
  g_autofree char *path = ui_sample_path ();

  return ui_load_session (path);
}

/* A session with the sample's setup and its first @n moves. */
XqSession *
ui_sample_prefix (guint n)
{
  g_autoptr(XqSession) sample = ui_load_sample ();

  return ui_session_prefix (sample, n);
}

/* A session with @sample's setup and its first @n moves. */
XqSession *
ui_session_prefix (XqSession *sample,
                   guint      n)
{
  XqSession *session = xq_session_new (xq_session_get_game (sample), xq_session_get_setup (sample));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;

      xq_session_play (session, xq_session_get_move (sample, i), xq_session_get_move_reason (sample, i), &error);
      g_assert_no_error (error);
    }
  return session;
}

/* A new window of @app at the size the screenshots use, shown. */
XqWindow *
ui_new_window (XqApplication *app)
{
  XqWindow *window = xq_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
  gtk_window_present (GTK_WINDOW (window));
  ui_settle ();
  return window;
}

/* A new window showing @session, presented but not drawn yet: Ctrl+I
 * before its first frame, when no audit is made ahead (the audit made on
 * Ctrl+I, its figures worked out while it shows a spinner). At the audit
 * tests' size. */
XqWindow *
ui_window_opening (XqApplication *app,
                   XqSession     *session)
{
  XqWindow *window = xq_window_new (app);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  gtk_window_present (GTK_WINDOW (window));
  xq_window_set_document (window, document);
  return window;
}

/* A window of @app showing @session, at the audit tests' size, settled. */
XqWindow *
ui_window_with (XqApplication *app,
                XqSession     *session)
{
  XqWindow *window = ui_window_opening (app, session);

  ui_settle ();
  return window;
}

static gboolean
audit_loaded (FxAuditWindow *audit)
{
  return !fx_audit_window_is_loading (audit) && !fx_audit_window_is_filling (audit);
}

/* Runs the main loop until @audit has worked out its pages (it does so on a
 * worker, a spinner shown meanwhile) and its long tables hold all their
 * rows (they come a batch a frame), then until they are drawn. */
void
ui_wait_audit_loaded (FxAuditWindow *audit)
{
  ui_wait_until (audit_loaded, audit);
  ui_settle ();
}

/* Opens @window's main menu as a click would, closes it again, and returns
 * what it offered: the window makes it when first opened. */
GMenuModel *
ui_open_main_menu (GtkWidget *window)
{
  GtkMenuButton *button = GTK_MENU_BUTTON (ui_find_descendant (window, GTK_TYPE_MENU_BUTTON, NULL));
  GMenuModel *menu;

  g_assert_nonnull (button);
  gtk_menu_button_popup (button);
  menu = gtk_menu_button_get_menu_model (button);
  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (button))));
  gtk_menu_button_popdown (button);
  return menu;
}

/* The audit window of @window's game on screen, or NULL; fails if there
 * are several. Not one made ahead and kept hidden until Ctrl+I, nor one
 * closed and still being taken down. */
FxAuditWindow *
ui_find_audit (XqWindow *window)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
  FxAuditWindow *found = NULL;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (FX_IS_AUDIT_WINDOW (l->data) && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window)
        && gtk_widget_get_visible (l->data))
      {
        g_assert_null (found);
        found = l->data;
      }
  return found;
}

/* Whether @row of @view lies in the part of the table its scrolled window
 * shows: rows made but scrolled out of it are not shown. */
static gboolean
row_in_sight (GtkColumnView *view,
              GtkWidget     *row)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (!gtk_widget_get_child_visible (row) || !gtk_widget_compute_bounds (row, scrolled, &bounds))
    return FALSE;
  return bounds.origin.y + bounds.size.height > 0.5 && bounds.origin.y < gtk_widget_get_height (scrolled) - 0.5;
}

/* The label a person reads in cell (@column, @row) of @view: row 0 is the
 * column titles, row 1 the first row in the view's sight, and so on. NULL
 * past the rows in sight (a column view makes only rows near them). */
GtkWidget *
ui_column_view_cell (GtkColumnView *view,
                     guint          column,
                     guint          row)
{
  GtkWidget *list = ui_find_descendant (GTK_WIDGET (view), GTK_TYPE_LIST_VIEW, NULL);
  guint r = 0;

  if (row == 0)
    {
      /* The titles' row, before the list: one title widget per column. */
      for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (view)); w != NULL && w != list;
           w = gtk_widget_get_next_sibling (w))
        {
          g_autoptr(GPtrArray) titles = ui_find_all (w, GTK_TYPE_LABEL);

          if (titles->len > column)
            return titles->pdata[column];
        }
      return NULL;
    }
  for (GtkWidget *w = gtk_widget_get_first_child (list); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      GtkWidget *cell;
      guint c = 0;

      if (g_strcmp0 (gtk_widget_get_css_name (w), "row") != 0 || !row_in_sight (view, w) || ++r < row)
        continue;
      for (cell = gtk_widget_get_first_child (w); cell != NULL && c < column; cell = gtk_widget_get_next_sibling (cell))
        c++;
      return cell != NULL ? gtk_widget_get_first_child (cell) : NULL;
    }
  return NULL;
}

/* Opens the audit through the window's action, as Ctrl+I does, and waits
 * until its pages are filled. */
FxAuditWindow *
ui_open_audit (XqWindow *window)
{
  FxAuditWindow *audit;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  ui_settle ();
  audit = ui_find_audit (window);
  g_assert_nonnull (audit);
  ui_wait_audit_loaded (audit);
  return audit;
}

/* Closes @audit and @window, the game's journal discarded. */
void
ui_close_with_audit (XqWindow      *window,
                     FxAuditWindow *audit)
{
  gtk_window_destroy (GTK_WINDOW (audit));
  xq_document_discard_journal (xq_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

static void
document_saved (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_document_save_finish (XQ_DOCUMENT (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

/* Saves @document to @file (NULL: its own), which must succeed, and waits. */
void
ui_save_document (XqDocument *document,
                  GFile      *file)
{
  gboolean done = FALSE;

  xq_document_save_async (document, file, NULL, document_saved, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* How long a wait may take before the test gives up: far beyond what any
 * condition needs, even on a loaded machine, so only a hang reaches it. */
#define UI_WAIT_SECONDS 60

static gboolean
keep_awake (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

/* What a person would see when a wait gives up: each window and its text. */
static void
print_toplevels (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    {
      g_autofree char *text = ui_collect_text (l->data);

      g_printerr ("%s “%s”%s:\n%s\n", G_OBJECT_TYPE_NAME (l->data), gtk_window_get_title (l->data),
                  gtk_widget_get_mapped (l->data) ? "" : " (not shown)", text);
    }
}

/* Runs the main loop until @condition (@data) holds; fails, naming @what,
 * if it never does. A condition on another thread's work (a worker's flag)
 * changes without waking the loop, hence the short timeout that does. */
void
ui_wait_until_named (UiCondition condition,
                     gpointer    data,
                     const char *what)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) UI_WAIT_SECONDS * G_USEC_PER_SEC;
  guint wake = 0;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        {
          print_toplevels ();
          g_error ("gave up after %d s waiting for %s", UI_WAIT_SECONDS, what);
        }
      if (wake == 0)
        wake = g_timeout_add (5, keep_awake, NULL);
      g_main_context_iteration (NULL, TRUE);
    }
  if (wake != 0)
    g_source_remove (wake);
}

/* Opens @popover and waits until it is shown. Every UI test shares one X
 * server, so another test's grab can close an autohide popover as it
 * opens: it is opened again until it stays. */
static gboolean
popover_shown (GtkPopover *popover)
{
  if (gtk_widget_get_visible (GTK_WIDGET (popover)) && gtk_widget_get_mapped (GTK_WIDGET (popover)))
    return TRUE;
  gtk_popover_popup (popover);
  return FALSE;
}

void
ui_popup (GtkPopover *popover)
{
  ui_wait_until (popover_shown, popover);
  ui_settle ();
}

/* The first shown toplevel window of @type (a dialog, a count), or NULL. */
GtkWindow *
ui_find_shown_window (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

/**
 * ui_find_toplevel:
 * @type: a window type
 * @parent: (nullable): the window it must be transient for
 *
 * Returns: (transfer none) (nullable): the newest visible toplevel of
 *   @type, transient for @parent when one is given
 */
GtkWindow *
ui_find_toplevel (GType      type,
                  GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w))
          && (parent == NULL || gtk_window_get_transient_for (w) == parent))
        found = w;
    }
  return found;
}

/* Dispatches everything that is ready, including the X server's answers to
 * what was asked of it so far (a map, a resize), and nothing later: no timer
 * that is not due yet runs. */
void
ui_process_pending (void)
{
  GdkDisplay *display = gdk_display_get_default ();

  if (display != NULL)
    gdk_display_sync (display);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

typedef struct
{
  GPtrArray *clocks;
  GArray    *handlers;
  guint      waiting;
  gboolean   animating;
} UiFrames;

/* A clock runs its update phase only for a tick callback: an animation, a
 * transition, a glide still under way. */
static void
frame_updating (GdkFrameClock *clock,
                UiFrames      *frames)
{
  frames->animating = TRUE;
}

static void
frame_painted (GdkFrameClock *clock,
               UiFrames      *frames)
{
  for (guint i = 0; i < frames->clocks->len; i++)
    if (frames->clocks->pdata[i] == clock && g_array_index (frames->handlers, gulong, i) != 0)
      {
        g_signal_handler_disconnect (clock, g_array_index (frames->handlers, gulong, i));
        g_array_index (frames->handlers, gulong, i) = 0;
        frames->waiting--;
      }
}

static gboolean
frames_painted (UiFrames *frames)
{
  return frames->waiting == 0;
}

/* Draws every shown window once more and waits until each has painted a
 * frame: by then every resize, style change and relayout asked for before is
 * laid out and drawn. TRUE if an animation ran in that frame. */
static gboolean
paint_toplevels (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
  g_autoptr(GPtrArray) clocks = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) handlers = g_array_new (FALSE, TRUE, sizeof (gulong));
  UiFrames frames = { clocks, handlers, 0, FALSE };

  for (GList *l = toplevels; l != NULL; l = l->next)
    {
      GdkFrameClock *clock;
      gulong handler;

      if (!gtk_widget_get_mapped (l->data) || (clock = gtk_widget_get_frame_clock (l->data)) == NULL)
        continue;
      /* Two windows of one display may share nothing, or a popover its
       * parent's clock: wait once per clock. */
      if (g_ptr_array_find (clocks, clock, NULL))
        {
          gtk_widget_queue_draw (l->data);
          continue;
        }
      handler = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_painted), &frames);
      g_signal_connect (clock, "update", G_CALLBACK (frame_updating), &frames);
      g_ptr_array_add (clocks, g_object_ref (clock));
      g_array_append_val (handlers, handler);
      frames.waiting++;
      gtk_widget_queue_draw (l->data);
    }
  ui_wait_until (frames_painted, &frames);
  for (guint i = 0; i < clocks->len; i++)
    g_signal_handlers_disconnect_by_func (clocks->pdata[i], frame_updating, &frames);
  return frames.animating;
}

/* A summary of what every shown window looks like: which widgets are
 * mapped, their sizes and places, the labels' text and where each view is
 * scrolled. */
static void
hash_tree (GtkWidget *widget,
           guint     *hash)
{
  *hash = *hash * 31 + gtk_widget_get_mapped (widget);
  if (!gtk_widget_get_mapped (widget))
    return;
  *hash = *hash * 31 + (guint) gtk_widget_get_width (widget);
  *hash = *hash * 31 + (guint) gtk_widget_get_height (widget);
  /* Where it sits in its parent: a page slides in by its position alone. */
  if (gtk_widget_get_parent (widget) != NULL)
    {
      graphene_rect_t bounds;

      if (gtk_widget_compute_bounds (widget, gtk_widget_get_parent (widget), &bounds))
        *hash = *hash * 31 + (guint) (bounds.origin.x * 7 + bounds.origin.y);
    }
  if (GTK_IS_LABEL (widget))
    *hash = *hash * 31 + g_str_hash (gtk_label_get_text (GTK_LABEL (widget)));
  if (GTK_IS_SCROLLED_WINDOW (widget))
    {
      GtkScrolledWindow *sw = GTK_SCROLLED_WINDOW (widget);

      *hash = *hash * 31 + (guint) gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (sw));
      *hash = *hash * 31 + (guint) gtk_adjustment_get_value (gtk_scrolled_window_get_hadjustment (sw));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    hash_tree (child, hash);
}

static guint
layout_signature (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
  guint hash = 17;

  for (GList *l = toplevels; l != NULL; l = l->next)
    hash_tree (l->data, &hash);
  return hash;
}

/* Frames enough for any chain of relayouts and any animation the tests meet;
 * a view that never stops changing (a spinner) ends the wait there. */
#define UI_SETTLE_MAX_FRAMES 60
#define UI_SETTLE_STILL_FRAMES 4

/* Waits until the windows are quiet: what was queued has run, and every shown
 * window has been laid out and drawn after it, frame after frame until a
 * frame runs no animation and changes nothing (a page may fold from an idle
 * the previous frame's layout queued; a leaflet slides, a scrolled view
 * glides to its focus over several frames). */
void
ui_settle (void)
{
  guint before, after, unchanged = 0;

  ui_process_pending ();
  before = layout_signature ();
  for (int frame = 0; frame < UI_SETTLE_MAX_FRAMES; frame++)
    {
      gboolean animating = paint_toplevels ();

      ui_process_pending ();
      after = layout_signature ();
      unchanged = after == before ? unchanged + 1 : 0;
      /* An animation that moves nothing for a while is a spinner spinning,
       * not a page on its way. */
      if (unchanged >= (animating ? UI_SETTLE_STILL_FRAMES : 1) && frame > 0)
        break;
      before = after;
    }
}

static void
set_flag (gboolean *flag)
{
  *flag = TRUE;
}

static gboolean
flag_set (gboolean *flag)
{
  return *flag;
}

/* Activates @widget as Enter or Space does, and waits for what that does: a
 * button shows itself pressed for a moment (a GTK timer) before it clicks.
 * FALSE if @widget could not be activated (insensitive, say). */
gboolean
ui_activate (GtkWidget *widget)
{
  g_autoptr(GtkWidget) held = g_object_ref (widget);
  gboolean clicked = FALSE, activated;
  gulong handler = 0;

  if (GTK_IS_BUTTON (widget))
    handler = g_signal_connect_swapped (widget, "clicked", G_CALLBACK (set_flag), &clicked);
  activated = gtk_widget_activate (widget);
  if (handler != 0)
    {
      if (activated)
        ui_wait_until (flag_set, &clicked);
      g_signal_handler_disconnect (widget, handler);
    }
  ui_settle ();
  return activated;
}

/* Whether the tests write their screenshots: EXCHEQUER_SCREENSHOTS=1 (see
 * `build-aux/dev screenshots`); nobody compares them, so they cost a test
 * run nothing by default. */
gboolean
ui_screenshots_wanted (void)
{
  return g_strcmp0 (g_getenv ("EXCHEQUER_SCREENSHOTS"), "1") == 0;
}

/* Writes SCREENSHOT_DIR/NAME.png: the window as it is drawn now, when
 * screenshots are wanted. */
void
ui_screenshot (GtkWidget  *window,
               const char *name)
{
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_build_filename (SCREENSHOT_DIR, file, NULL);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderer *renderer;
  int width = 0, height = 0;

  /* The window is drawn either way, so a drawing that warns still fails. */
  ui_settle ();
  if (!ui_screenshots_wanted ())
    return;
  paintable = gtk_widget_paintable_new (window);
  ui_wait_until (gtk_widget_get_mapped, window);
  /* The paintable's own size takes in the window frame; drawn at the
   * widget's smaller size it would be scaled down, and text blurred. */
  width = gdk_paintable_get_intrinsic_width (paintable);
  height = gdk_paintable_get_intrinsic_height (paintable);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));

  g_mkdir_with_parents (SCREENSHOT_DIR, 0755);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

void
ui_set_dark (gboolean dark)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  ui_settle ();
}

static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, out);
}

/* The labels under @root a person sees, in depth-first order: a view laid
 * out two ways (the players' table: a row per player, or turned) shows one,
 * and the other's labels are not child-visible. */
GPtrArray *
ui_find_shown_labels (GtkWidget *root)
{
  g_autoptr(GPtrArray) all = ui_find_all (root, GTK_TYPE_LABEL);
  GPtrArray *shown = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    {
      GtkWidget *w = all->pdata[i];

      while (w != root && gtk_widget_get_child_visible (w))
        w = gtk_widget_get_parent (w);
      if (w == root)
        g_ptr_array_add (shown, all->pdata[i]);
    }
  return shown;
}

/* Every descendant of @root of @type, in depth-first order. */
GPtrArray *
ui_find_all (GtkWidget *root,
             GType      type)
{
  GPtrArray *out = g_ptr_array_new ();

  collect (root, type, out);
  return out;
}

/* The first descendant of @type, with @css_class if given. */
GtkWidget *
ui_find_descendant (GtkWidget  *root,
                    GType       type,
                    const char *css_class)
{
  g_autoptr(GPtrArray) all = ui_find_all (root, type);

  for (guint i = 0; i < all->len; i++)
    if (css_class == NULL || gtk_widget_has_css_class (all->pdata[i], css_class))
      return all->pdata[i];
  return NULL;
}

/* The text of every visible label below @root, one per line: what a player reads. */
char *
ui_collect_text (GtkWidget *root)
{
  g_autoptr(GPtrArray) labels = ui_find_all (root, GTK_TYPE_LABEL);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = labels->pdata[i];

      if (!gtk_widget_is_visible (label))
        continue;
      g_string_append (out, gtk_label_get_text (GTK_LABEL (label)));
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

const UiSize ui_sizes[UI_N_SIZES] = {
  { 1280, 860, "1280x860" },
  { 1024, 600, "1024x600" },
  { 360, 720, "360x720" },
};

/* Which widget holds a window wider than it should be: the chain of the
 * children with the largest minimum width, printed before the failure. */
static void
print_widest_chain (GtkWidget *widget)
{
  while (widget != NULL)
    {
      GtkWidget *widest = NULL;
      int widest_min = -1, min;

      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      g_printerr ("  %s (%s) needs %d px\n", G_OBJECT_TYPE_NAME (widget),
                  gtk_widget_get_name (widget), min);
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        {
          if (!gtk_widget_get_visible (c))
            continue;
          gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
          if (min > widest_min)
            {
              widest = c;
              widest_min = min;
            }
        }
      widget = widest;
    }
}

void
ui_resize (GtkWindow    *window,
           const UiSize *size)
{
  /* Twice, as a person drags the edge on: a page folds when it gets too
   * narrow for two columns, and only then can it shrink on. */
  /* A phone's shell shows Close alone in a title bar; a laptop's also
   * minimize and maximize. */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout",
                size->width < 700 ? ":close" : ":minimize,maximize,close", NULL);
  gtk_window_present (window);
  for (int i = 0; i < 2; i++)
    {
      gtk_window_set_default_size (window, size->width, size->height);
      ui_settle ();
    }
  if (gtk_widget_get_width (GTK_WIDGET (window)) > size->width)
    print_widest_chain (GTK_WIDGET (window));
  if (gtk_widget_get_width (GTK_WIDGET (window)) > size->width)
    g_error ("%s at %s: the window cannot be narrower than %d px", G_OBJECT_TYPE_NAME (window), size->name,
             gtk_widget_get_width (GTK_WIDGET (window)));
}

/* @widget is drawn, inside the window, and inside the visible part of every
 * scrolled window around it: a person sees it without scrolling. */
void
ui_assert_in_view (GtkWidget  *widget,
                   const char *what,
                   const char *size)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_get_child_visible (widget))
    g_error ("%s at %s: not on screen", what, size);
  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  if (bounds.origin.x < 0 || bounds.origin.y < 0
      || bounds.origin.x + bounds.size.width > gtk_widget_get_width (window) + 0.5
      || bounds.origin.y + bounds.size.height > gtk_widget_get_height (window) + 0.5)
    g_error ("%s at %s: at %.0f,%.0f %.0f×%.0f, outside the %d×%d window", what, size, bounds.origin.x,
             bounds.origin.y, bounds.size.width, bounds.size.height, gtk_widget_get_width (window),
             gtk_widget_get_height (window));
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    {
      graphene_rect_t in_view;

      if (!GTK_IS_SCROLLED_WINDOW (up) && !GTK_IS_VIEWPORT (up))
        continue;
      g_assert_true (gtk_widget_compute_bounds (widget, up, &in_view));
      if (in_view.origin.y < -0.5 || in_view.origin.y + in_view.size.height > gtk_widget_get_height (up) + 0.5
          || in_view.origin.x < -0.5 || in_view.origin.x + in_view.size.width > gtk_widget_get_width (up) + 0.5)
        g_error ("%s at %s: scrolled out of view (%.0f,%.0f in a %d×%d view)", what, size, in_view.origin.x,
                 in_view.origin.y, gtk_widget_get_width (up), gtk_widget_get_height (up));
    }
}

/* Whether @label's text, laid out as the label lays it out at the width it
 * was given, ends in "…". Asked of a layout of our own: the label's own is
 * rebuilt without a width whenever its style changes. */
gboolean
ui_label_is_cut (GtkLabel *label)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (label), gtk_label_get_text (label));

  if (gtk_label_get_ellipsize (label) == PANGO_ELLIPSIZE_NONE)
    return FALSE;
  pango_layout_set_width (layout, gtk_widget_get_width (GTK_WIDGET (label)) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, gtk_label_get_ellipsize (label));
  if (gtk_label_get_wrap (label))
    {
      pango_layout_set_wrap (layout, gtk_label_get_wrap_mode (label));
      pango_layout_set_height (layout, gtk_label_get_lines (label) > 0 ? -gtk_label_get_lines (label) : -1);
    }
  return pango_layout_is_ellipsized (layout);
}

/* Nothing in @window scrolls sideways, and nothing is cut at its right edge:
 * every scrolled window's content is as wide as its view. */
void
ui_assert_no_sideways_scroll (GtkWidget  *window,
                              const char *size)
{
  ui_assert_no_sideways_scroll_except (window, size, NULL);
}

/* As above, but views with the CSS class EXCEPT may scroll sideways: a wide
 * table in its own card, say, while the page around it must not. */
void
ui_assert_no_sideways_scroll_except (GtkWidget  *window,
                                     const char *size,
                                     const char *except)
{
  g_autoptr(GPtrArray) scrolled = ui_find_all (window, GTK_TYPE_SCROLLED_WINDOW);

  for (guint i = 0; i < scrolled->len; i++)
    {
      GtkWidget *sw = g_ptr_array_index (scrolled, i);
      GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (sw));

      if (!gtk_widget_get_mapped (sw))
        continue;
      if (except != NULL && gtk_widget_has_css_class (sw, except))
        continue;
      if (gtk_adjustment_get_upper (h) > gtk_adjustment_get_page_size (h) + 1)
        g_error ("%s at %s: a view scrolls sideways (%.0f px of content in %.0f px)", G_OBJECT_TYPE_NAME (window),
                 size, gtk_adjustment_get_upper (h), gtk_adjustment_get_page_size (h));
    }
}

/* NAME.png and NAME-dark.png, back in the light style after. */
void
ui_screenshot_light_and_dark (GtkWidget  *window,
                              const char *name)
{
  g_autofree char *dark = g_strconcat (name, "-dark", NULL);

  ui_set_dark (FALSE);
  ui_screenshot (window, name);
  ui_set_dark (TRUE);
  ui_screenshot (window, dark);
  ui_set_dark (FALSE);
}

/* The history's row of @position (0: the start of the game), scrolled in:
 * its list builds only the rows near the screen. Waits for the layout that
 * builds it, not for a time. */
GtkWidget *
ui_history_row (GtkWidget *history,
                guint      position)
{
  GtkWidget *list = ui_find_descendant (history, GTK_TYPE_LIST_VIEW, NULL);
  GtkWidget *row;

  g_assert_nonnull (list);
  g_assert_true (gtk_widget_get_mapped (history));
  g_assert_cmpuint (position, <, g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)))));
  gtk_widget_activate_action (list, "list.scroll-to-item", "u", position);
  while ((row = xq_history_view_get_row (XQ_HISTORY_VIEW (history), position)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  return row;
}
