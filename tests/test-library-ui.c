/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Library window, driven through its action and its rows: an empty
 * library says how to fill it; games indexed through the library's API show
 * newest first with their players, places and winner; a row opens its game;
 * a library that cannot be opened says so. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "test-dirs.h"
#include "ui-support.h"
#include "xq-application.h"
#include "xq-library.h"
#include "xq-library-window.h"

static XqApplication *app;
static char *dir;

/* What the library holds, read through its own API: the test's answers
 * come from there, not from the window. */
static GPtrArray *
list_results (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = xq_library_open (NULL, &error);
  GPtrArray *results;

  g_assert_no_error (error);
  results = xq_library_list_results (library, &error);
  g_assert_no_error (error);
  return results;
}

/* A copy of the test game @name, dated @days_ago by its file's time (the
 * games carry no date of their own), indexed into the default library. */
static void
index_game (const char *name,
            guint       days_ago)
{
  g_autofree char *source = g_build_filename (TEST_DATA_DIR, name, NULL);
  g_autofree char *base = g_path_get_basename (name);
  g_autofree char *path = g_build_filename (dir, base, NULL);
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(XqLibrary) library = xq_library_open (NULL, &error);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GDateTime) then = g_date_time_add_days (now, -(gint) days_ago);
  XqLibraryOutcome outcome;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED,
                                              (guint64) g_date_time_to_unix (then), G_FILE_QUERY_INFO_NONE,
                                              NULL, &error));
  g_assert_no_error (error);
  g_assert_true (xq_library_add_file (library, file, &outcome, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (outcome, ==, XQ_LIBRARY_ADDED);
}

static XqLibraryWindow *
find_library_window (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (XQ_IS_LIBRARY_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
library_window_shown (gpointer data)
{
  XqLibraryWindow *window = find_library_window ();

  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window));
}

static GtkStack *
stack_of (XqLibraryWindow *window)
{
  return GTK_STACK (ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_STACK, NULL));
}

static gboolean
page_is (const char *name)
{
  XqLibraryWindow *window = find_library_window ();

  return window != NULL && g_strcmp0 (gtk_stack_get_visible_child_name (stack_of (window)), name) == 0;
}

static gboolean
shows_games (gpointer data)
{
  return page_is ("games");
}

static gboolean
shows_empty (gpointer data)
{
  return page_is ("empty");
}

static gboolean
shows_error (gpointer data)
{
  return page_is ("error");
}

/* Through the welcome page's button, as a person does. */
static XqLibraryWindow *
open_library_window (void)
{
  XqWindow *main_window = ui_new_window (app);
  GtkWidget *button = NULL;
  g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (main_window), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (buttons, i)), "app.library") == 0)
      button = g_ptr_array_index (buttons, i);
  g_assert_nonnull (button);
  g_assert_true (ui_activate (button));
  ui_wait_until (library_window_shown, NULL);
  return find_library_window ();
}

static void
close_all_windows (void)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  for (GList *l = windows; l != NULL; l = l->next)
    {
      if (XQ_IS_WINDOW (l->data) && xq_window_get_document (l->data) != NULL)
        xq_document_discard_journal (xq_window_get_document (l->data));
      gtk_window_destroy (l->data);
    }
  g_list_free (windows);
  ui_settle ();
}

static void
test_empty (void)
{
  XqLibraryWindow *window = open_library_window ();
  GtkWidget *status;

  ui_wait_until (shows_empty, NULL);
  status = gtk_stack_get_visible_child (stack_of (window));
  g_assert_true (ADW_IS_STATUS_PAGE (status));
  g_assert_true (gtk_widget_get_mapped (status));
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (status)), "exchequer-cli library add"));
  g_assert_false (gtk_widget_get_mapped (ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_VIEW, NULL)));
  ui_screenshot (GTK_WIDGET (window), "library-empty");
  close_all_windows ();
}

/* The rows as they show, top to bottom: each its labels' texts joined. */
static GPtrArray *
row_texts (XqLibraryWindow *window)
{
  GtkWidget *view = ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_VIEW, NULL);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (gtk_widget_get_child_visible (row) && gtk_widget_get_first_child (row) != NULL)
      g_ptr_array_add (texts, ui_collect_text (row));
  return texts;
}

static gboolean
has_rows (XqLibraryWindow *window)
{
  g_autoptr(GPtrArray) texts = row_texts (window);

  return texts->len == 3;
}

static void
assert_row_shows (const char *text,
                  GPtrArray  *results,
                  gint64      game_id)
{
  guint n_winners = 0;

  for (guint i = 0; i < results->len; i++)
    {
      const XqLibraryResult *r = g_ptr_array_index (results, i);
      g_autofree char *placed = g_strdup_printf ("%u. %s", r->placing, r->name);

      if (r->game_id != game_id)
        continue;
      g_assert_nonnull (strstr (text, placed));
      if (r->won)
        {
          g_autofree char *won = g_strdup_printf ("Won by %s", r->name);

          g_assert_false (r->shared_win);
          g_assert_nonnull (strstr (text, won));
          n_winners++;
        }
      if (!r->finished)
        g_assert_nonnull (strstr (text, "Not finished"));
    }
  g_assert_cmpuint (n_winners, <=, 1);
  /* The winner's place comes first. */
  g_assert_nonnull (strstr (text, "1. "));
  g_assert_true (strstr (text, "1. ") < strstr (text, "2. "));
}

static void
test_games (void)
{
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (gint64));
  XqLibraryWindow *window;
  static const UiSize wide = { 1280, 800, "1280x800" };
  static const UiSize phone = { 360, 720, "360x720" };

  /* Indexed out of date order: the window sorts, not the indexing. */
  index_game ("for-ex-20-4p.xqn", 20);
  index_game ("fair-trade/fair-trade-44-4p.xqn", 2);
  index_game ("for-ex-42-4p.xqn", 9);
  results = list_results ();

  window = open_library_window ();
  ui_wait_until (shows_games, NULL);
  ui_wait_until (has_rows, window);
  texts = row_texts (window);

  /* Newest first: the library lists oldest first, so the rows run backwards. */
  for (guint i = results->len; i-- > 0;)
    {
      const XqLibraryResult *r = g_ptr_array_index (results, i);

      if (order->len == 0 || g_array_index (order, gint64, order->len - 1) != r->game_id)
        g_array_append_val (order, r->game_id);
    }
  g_assert_cmpuint (order->len, ==, 3);
  for (guint i = 0; i < texts->len; i++)
    {
      g_test_message ("row %u: %s", i, (char *) g_ptr_array_index (texts, i));
      assert_row_shows (g_ptr_array_index (texts, i), results, g_array_index (order, gint64, i));
    }
  /* The Fair Trade game, two days old, is the newest; the twenty-day-old For-Ex game the oldest. */
  g_assert_nonnull (strstr (g_ptr_array_index (texts, 0), "Fair Trade"));
  g_assert_nonnull (strstr (g_ptr_array_index (texts, 0), "Ben"));
  g_assert_nonnull (strstr (g_ptr_array_index (texts, 2), "For-Ex"));

  ui_resize (GTK_WINDOW (window), &wide);
  ui_screenshot (GTK_WIDGET (window), "library-1280x800");
  ui_resize (GTK_WINDOW (window), &phone);
  ui_assert_no_sideways_scroll (GTK_WIDGET (window), phone.name);
  ui_screenshot (GTK_WIDGET (window), "library-360x720");
  close_all_windows ();
}

static gboolean
game_window_open (GFile *file)
{
  return xq_application_lookup_window (app, file) != NULL;
}

static void
test_open_row (void)
{
  XqLibraryWindow *window = open_library_window ();
  g_autoptr(GPtrArray) results = list_results ();
  const XqLibraryResult *newest = g_ptr_array_index (results, results->len - 1);
  g_autoptr(GFile) file = g_file_new_for_path (newest->path);
  GtkWidget *view;
  GtkWidget *first_row;

  ui_wait_until (shows_games, NULL);
  ui_wait_until (has_rows, window);
  g_assert_null (xq_application_lookup_window (app, file));
  view = ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_VIEW, NULL);
  first_row = gtk_widget_get_first_child (view);
  /* What a click on a row does (the view activates on one click). */
  g_assert_true (gtk_widget_activate_action (first_row, "list.activate-item", "u", 0));
  ui_wait_until (game_window_open, file);
  close_all_windows ();
}

static void
test_cannot_open (void)
{
  g_autofree char *path = xq_library_default_uri ();
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  XqLibraryWindow *window;
  GtkWidget *status;

  /* Not a database: refused with a sentence, nothing written over. */
  g_unlink (wal);
  g_unlink (shm);
  g_assert_true (g_file_set_contents (path, "these are not the games you are looking for\n", -1, NULL));
  window = open_library_window ();
  ui_wait_until (shows_error, NULL);
  status = gtk_stack_get_visible_child (stack_of (window));
  g_assert_true (ADW_IS_STATUS_PAGE (status));
  g_assert_cmpstr (adw_status_page_get_description (ADW_STATUS_PAGE (status)), !=, "");
  g_assert_nonnull (adw_status_page_get_description (ADW_STATUS_PAGE (status)));
  close_all_windows ();
  {
    g_autofree char *kept = NULL;

    g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
    g_assert_cmpstr (kept, ==, "these are not the games you are looking for\n");
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();
  dir = g_dir_make_tmp ("exchequer-library-ui-XXXXXX", NULL);
  g_assert_nonnull (dir);

  /* In this order: each builds on the library the one before left. */
  g_test_add_func ("/library-ui/empty", test_empty);
  g_test_add_func ("/library-ui/games", test_games);
  g_test_add_func ("/library-ui/open-row", test_open_row);
  g_test_add_func ("/library-ui/cannot-open", test_cannot_open);

  status = ui_test_run (&app);
  test_remove_tree (dir);
  g_free (dir);
  return status;
}
