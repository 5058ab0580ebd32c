/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Opening files: a file already open brings its window forward instead of
 * a second window writing the same file; a slow load says what is opening
 * and can be cancelled, leaving the window as it was, with no error. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test-dirs.h"
#include "ui-support.h"
#include "xq-session-xml.h"

static XqApplication *app;
static char *dir;

static GBytes *
session_bytes (guint n_moves)
{
  g_autoptr(XqSession) session = ui_sample_prefix (n_moves);

  return xq_session_to_xml (session);
}

/* A session file in the test's folder: the sample's first @n_moves moves. */
static GFile *
write_session (const char *name,
               guint       n_moves)
{
  g_autoptr(GBytes) bytes = session_bytes (n_moves);
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
  return g_file_new_for_path (path);
}

static guint
n_windows (void)
{
  guint n = 0;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    n += XQ_IS_WINDOW (l->data);
  return n;
}

static guint
n_error_dialogs (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      n += ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window));
    }
  return n;
}

/* As `exchequer FILE` does; a second launch forwards its files to the
 * running instance, which opens them here too. */
static void
app_open (GFile *file)
{
  g_application_open (G_APPLICATION (app), &file, 1, "");
}

/* The window that shows @file's game, once it does. */
static XqWindow *
wait_for_window_of (GFile *file)
{
  for (guint tries = 0; tries < 500; tries++)
    {
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
        {
          XqDocument *document = XQ_IS_WINDOW (l->data) ? xq_window_get_document (l->data) : NULL;

          if (document != NULL && xq_document_get_file (document) != NULL
              && g_file_equal (xq_document_get_file (document), file))
            return l->data;
        }
      ui_settle ();
    }
  g_error ("no window shows %s", g_file_peek_path (file));
}

/* Presented: the window has the focus (Xvfb has no window manager to refuse it). */
static void
wait_until_active (XqWindow *window)
{
  ui_wait_until (gtk_window_is_active, GTK_WINDOW (window));
  g_assert_true (gtk_window_is_active (GTK_WINDOW (window)));
}

static void
present (XqWindow *window)
{
  gtk_window_present (GTK_WINDOW (window));
  wait_until_active (window);
}

static void
close_all_windows (void)
{
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (l->data);
  ui_settle ();
  g_assert_cmpuint (n_windows (), ==, 0);
}

/* The same file twice, under the same or another name, from a second launch
 * or a window's Open dialog: one window, brought forward. */
static void
test_same_file_one_window (void)
{
  g_autoptr(GFile) a = write_session ("a.exchequer", 10);
  g_autoptr(GFile) b = write_session ("b.exchequer", 20);
  g_autofree char *link_path = g_build_filename (dir, "link-to-a.exchequer", NULL);
  g_autoptr(GFile) link = g_file_new_for_path (link_path);
  XqWindow *window_a, *window_b;

  g_assert_no_errno (symlink ("a.exchequer", link_path));
  g_assert_cmpuint (n_windows (), ==, 0);

  app_open (a);
  window_a = wait_for_window_of (a);
  wait_until_active (window_a);

  /* Another file is another game: a window of its own. */
  app_open (b);
  window_b = wait_for_window_of (b);
  g_assert_true (window_b != window_a);
  g_assert_cmpuint (n_windows (), ==, 2);
  wait_until_active (window_b);

  /* A second launch with a.exchequer: its window comes forward. */
  app_open (a);
  ui_settle ();
  g_assert_cmpuint (n_windows (), ==, 2);
  wait_until_active (window_a);

  /* The same file through a symbolic link. */
  present (window_b);
  app_open (link);
  ui_settle ();
  g_assert_cmpuint (n_windows (), ==, 2);
  wait_until_active (window_a);

  /* Chosen in window b's Open dialog (dropped files and recent games go
   * the same way). */
  present (window_b);
  xq_window_open (window_b, a);
  ui_settle ();
  g_assert_cmpuint (n_windows (), ==, 2);
  wait_until_active (window_a);
  g_assert_true (g_file_equal (xq_document_get_file (xq_window_get_document (window_b)), b));

  /* While it is still loading, too. */
  close_all_windows ();
  app_open (a);
  app_open (link);
  wait_for_window_of (a);
  ui_settle ();
  g_assert_cmpuint (n_windows (), ==, 1);
  close_all_windows ();
}

/* A FIFO stands for a file on a slow disk: opening it waits until the test
 * opens the other end. */
static GFile *
make_fifo (const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_no_errno (mkfifo (path, 0600));
  return g_file_new_for_path (path);
}

/* Writes @bytes (or nothing) to the load waiting at the FIFO, and ends it. */
static void
feed_fifo (GFile  *fifo,
           GBytes *bytes)
{
  const char *path = g_file_peek_path (fifo);
  int fd = -1;

  /* Without a reader yet, a writer that does not wait is refused. */
  for (guint tries = 0; tries < 200 && fd < 0; tries++)
    {
      fd = g_open (path, O_WRONLY | O_NONBLOCK | O_CLOEXEC, 0);
      if (fd < 0)
        {
          g_assert_cmpint (errno, ==, ENXIO);
          ui_settle ();
        }
    }
  g_assert_cmpint (fd, >=, 0);
  g_assert_no_errno (fcntl (fd, F_SETFL, 0));
  if (bytes != NULL)
    {
      gsize length = 0;
      const char *data = g_bytes_get_data (bytes, &length);

      while (length > 0)
        {
          gssize n = write (fd, data, length);

          g_assert_cmpint (n, >, 0);
          data += n;
          length -= (gsize) n;
        }
    }
  g_assert_no_errno (close (fd));
}

static GtkWidget *
child (XqWindow   *window,
       const char *name)
{
  GtkWidget *widget = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), XQ_TYPE_WINDOW, name));

  g_assert_nonnull (widget);
  return widget;
}

static const char *
page_shown (XqWindow *window)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (child (window, "stack")));
}

/* The progress appears only once the load has taken a while. */
static void
wait_for_progress (XqWindow *window)
{
  GtkWidget *page = child (window, "loading_page");
  gint64 start = g_get_monotonic_time ();

  ui_settle ();
  g_assert_cmpstr (page_shown (window), ==, "loading");
  g_assert_false (gtk_widget_get_mapped (page));
  ui_wait_until (gtk_widget_get_mapped, page);
  g_assert_true (gtk_widget_get_mapped (page));
  g_assert_cmpint (g_get_monotonic_time () - start, >=, G_USEC_PER_SEC * 9 / 10);
}

typedef struct
{
  XqWindow *window;
  guint     refs;
} RefsBack;

static gboolean
refs_back (RefsBack *back)
{
  return G_OBJECT (back->window)->ref_count <= back->refs;
}

/* The read a cancelled load still waits for ends, with nothing read; the
 * window, which gave up on it, says nothing. Until the load lets go of the
 * window (@refs_before), its result has not been handled. */
static void
end_cancelled_read (XqWindow *window,
                    GFile    *fifo,
                    guint     refs_before)
{
  feed_fifo (fifo, NULL);
  ui_wait_until_named ((UiCondition) refs_back, &(RefsBack) { window, refs_before }, "the load to let go of the window");
  g_assert_cmpuint (G_OBJECT (window)->ref_count, ==, refs_before);
  ui_settle ();
  g_assert_cmpuint (n_error_dialogs (), ==, 0);
}

/* `exchequer FILE` on a slow disk: the window shows itself after a second with
 * the file's name, a spinner and Cancel; cancelled, it is the welcome view,
 * and the read that ends later shows no error. */
static void
test_slow_load_cancelled (void)
{
  g_autoptr(GFile) file = make_fifo ("a-long-evening-at-the-kitchen-table.exchequer");
  XqWindow *window;
  GtkWidget *page, *cancel, *spinner;
  guint refs;

  app_open (file);
  window = XQ_WINDOW (xq_application_lookup_window (app, file));
  g_assert_nonnull (window);
  refs = G_OBJECT (window)->ref_count - 1;
  page = child (window, "loading_page");
  cancel = ui_find_descendant (page, GTK_TYPE_BUTTON, "pill");
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));

  wait_for_progress (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (page)), ==, "Opening “a-long-evening-at-the-kitchen-table.exchequer”…");
  spinner = ui_find_descendant (page, GTK_TYPE_SPINNER, NULL);
  g_assert_true (gtk_widget_get_mapped (spinner));
  g_assert_true (gtk_spinner_get_spinning (GTK_SPINNER (spinner)));
  g_assert_true (gtk_widget_get_mapped (cancel));
  g_assert_true (gtk_widget_is_sensitive (cancel));
  ui_screenshot (GTK_WIDGET (window), "opening-slow-file");
  ui_set_dark (TRUE);
  ui_screenshot (GTK_WIDGET (window), "opening-slow-file-dark");
  ui_set_dark (FALSE);
  /* On a phone held at the table, the name wraps and Cancel stays in view. */
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  ui_settle ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 400);
  ui_screenshot (GTK_WIDGET (window), "opening-slow-file-narrow");
  g_assert_true (gtk_widget_get_mapped (cancel));

  g_signal_emit_by_name (cancel, "clicked");
  ui_settle ();
  g_assert_cmpstr (page_shown (window), ==, "welcome");
  g_assert_false (xq_window_has_document (window));
  g_assert_null (xq_window_get_loading_file (window));
  g_assert_false (gtk_widget_get_visible (page));
  g_assert_null (xq_application_lookup_window (app, file));

  end_cancelled_read (window, file, refs);
  g_assert_cmpstr (page_shown (window), ==, "welcome");
  g_assert_false (xq_window_has_document (window));
  close_all_windows ();
}

/* Cancelled over a game, the window keeps showing that game. */
static void
test_slow_load_cancelled_keeps_game (void)
{
  g_autoptr(GFile) file = make_fifo ("slow-over-game.exchequer");
  g_autoptr(XqSession) session = ui_sample_prefix (15);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  XqWindow *window = ui_new_window (app);
  g_autofree char *title = NULL;
  guint refs;

  xq_window_set_document (window, document);
  title = g_strdup (gtk_window_get_title (GTK_WINDOW (window)));
  refs = G_OBJECT (window)->ref_count;
  xq_window_open_file (window, file);
  ui_settle ();
  /* Until the load has taken a while, the game stays in view. */
  g_assert_cmpstr (page_shown (window), ==, "game");
  ui_wait_until (gtk_widget_get_mapped, child (window, "loading_page"));
  g_assert_cmpstr (page_shown (window), ==, "loading");
  g_assert_true (gtk_widget_get_mapped (child (window, "loading_page")));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-load", NULL);
  ui_settle ();
  g_assert_cmpstr (page_shown (window), ==, "game");
  g_assert_true (xq_window_get_document (window) == document);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, title);

  end_cancelled_read (window, file, refs);
  g_assert_true (xq_window_get_document (window) == document);
  close_all_windows ();
}

/* Not cancelled, a slow load ends in the game as any load does. */
static void
test_slow_load_completes (void)
{
  g_autoptr(GFile) file = make_fifo ("slow-but-fine.exchequer");
  g_autoptr(GBytes) bytes = session_bytes (30);
  XqWindow *window = ui_new_window (app);

  xq_window_open_file (window, file);
  wait_for_progress (window);
  feed_fifo (file, bytes);
  ui_wait_until (xq_window_has_document, window);
  g_assert_true (xq_window_has_document (window));
  g_assert_cmpuint (xq_session_get_n_moves (xq_document_get_session (xq_window_get_document (window))), ==, 30);
  g_assert_cmpstr (page_shown (window), ==, "game");
  g_assert_false (gtk_widget_get_visible (child (window, "loading_page")));
  g_assert_null (xq_window_get_loading_file (window));
  g_assert_cmpuint (n_error_dialogs (), ==, 0);
  close_all_windows ();
}

/* A quick load shows no progress at all: no spinner flashing by. */
static void
test_quick_load_shows_no_progress (void)
{
  g_autoptr(GFile) file = write_session ("quick.exchequer", 40);
  XqWindow *window = ui_new_window (app);
  GtkWidget *page = child (window, "loading_page");

  xq_window_open_file (window, file);
  while (!xq_window_has_document (window))
    {
      g_assert_false (gtk_widget_get_mapped (page));
      ui_settle ();
    }
  ui_settle ();
  g_assert_false (gtk_widget_get_visible (page));
  g_assert_cmpstr (page_shown (window), ==, "game");
  close_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_test_skip ("no display: run under xvfb-run");
      return g_test_run ();
    }
  /* A load given up on closes its end of a FIFO before the test writes. */
  signal (SIGPIPE, SIG_IGN);
  app = ui_application_new ();
  dir = g_dir_make_tmp ("exchequer-open-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/ui-open/same-file-one-window", test_same_file_one_window);
  g_test_add_func ("/ui-open/slow-load-cancelled", test_slow_load_cancelled);
  g_test_add_func ("/ui-open/slow-load-cancelled-keeps-game", test_slow_load_cancelled_keeps_game);
  g_test_add_func ("/ui-open/slow-load-completes", test_slow_load_completes);
  g_test_add_func ("/ui-open/quick-load-shows-no-progress", test_quick_load_shows_no_progress);

  status = g_test_run ();
  test_remove_tree (dir);
  g_free (dir);
  g_clear_object (&app);
  return status;
}
