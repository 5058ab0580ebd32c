/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Library window, driven through its action, its rows, its filters and
 * its pages: an empty library says how to fill it and looking makes no
 * file; games indexed through the library's API show newest first with
 * their players, places and winner; the filters narrow the list; a player's
 * name opens their page with the record and head-to-head worked out by hand
 * below; the Players page merges and splits through its dialog; a row opens
 * its game; a library that cannot be opened says so. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "test-dirs.h"
#include "ui-support.h"
#include "xq-application.h"
#include "xq-library.h"
#include "xq-library-games-page.h"
#include "xq-library-player-page.h"
#include "xq-library-players-page.h"
#include "xq-library-window.h"
#include "xq-notation.h"
#include "xq-rating-chart.h"

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

/* The window's own stack: reading, empty, cannot open, the games. */
static GtkStack *
stack_of (XqLibraryWindow *window)
{
  g_autoptr(GPtrArray) stacks = ui_find_all (GTK_WIDGET (window), GTK_TYPE_STACK);

  for (guint i = 0; i < stacks->len; i++)
    if (gtk_stack_get_child_by_name (g_ptr_array_index (stacks, i), "empty") != NULL)
      return g_ptr_array_index (stacks, i);
  g_assert_not_reached ();
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
  g_autofree char *path = xq_library_default_uri ();
  g_autofree char *folder = g_path_get_dirname (path);
  gboolean had_folder = g_file_test (folder, G_FILE_TEST_IS_DIR);
  XqLibraryWindow *window;
  GtkWidget *status;

  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  window = open_library_window ();
  ui_wait_until (shows_empty, NULL);
  /* Looking made nothing: no library file, not even its folder. */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_file_test (folder, G_FILE_TEST_IS_DIR), ==, had_folder);
  status = gtk_stack_get_visible_child (stack_of (window));
  g_assert_true (ADW_IS_STATUS_PAGE (status));
  g_assert_true (gtk_widget_get_mapped (status));
  /* The way to fill it is on the page: Add Folder…. */
  {
    GtkWidget *add = ui_find_descendant (status, GTK_TYPE_BUTTON, NULL);

    g_assert_nonnull (add);
    g_assert_true (gtk_widget_get_mapped (add));
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (add)), ==, "library.add-folder");
  }
  g_assert_false (gtk_widget_get_mapped (ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_VIEW, "library-games")));
  /* Nothing to switch between: the header says the window's name alone. */
  g_assert_false (gtk_widget_get_mapped (ui_find_descendant (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_TITLE, NULL)));
  ui_screenshot (GTK_WIDGET (window), "library-empty");
  close_all_windows ();
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* The rows as they show, top to bottom: each its labels' texts joined. */
static GPtrArray *
row_texts (XqLibraryWindow *window)
{
  GtkWidget *view = ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_VIEW, "library-games");
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
  g_assert_true (gtk_widget_get_mapped (ui_find_descendant (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER, NULL)));
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
  view = ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_VIEW, "library-games");
  first_row = gtk_widget_get_first_child (view);
  /* What a click on a row does (the view activates on one click). */
  g_assert_true (gtk_widget_activate_action (first_row, "list.activate-item", "u", 0));
  ui_wait_until (game_window_open, file);
  close_all_windows ();
}

/* The games page's list of what the filters let through, and its widgets. */
static XqLibraryGamesPage *
games_page_of (XqLibraryWindow *window)
{
  return XQ_LIBRARY_GAMES_PAGE (ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_LIBRARY_GAMES_PAGE, NULL));
}

typedef struct
{
  XqLibraryWindow *window;
  guint            n_rows;
} RowCount;

/* The list shows @n_rows rows, and the filter has nothing left to do. */
static gboolean
shows_n_rows (RowCount *count)
{
  g_autoptr(GPtrArray) texts = row_texts (count->window);
  GListModel *shown = xq_library_games_page_get_shown (games_page_of (count->window));

  return gtk_filter_list_model_get_pending (GTK_FILTER_LIST_MODEL (shown)) == 0
         && g_list_model_get_n_items (shown) == count->n_rows && texts->len == count->n_rows;
}

static void
wait_for_rows (XqLibraryWindow *window,
               guint            n_rows)
{
  RowCount count = { window, n_rows };

  ui_wait_until (shows_n_rows, &count);
}

/* The games of the library (its rows grouped) for which @test holds. */
static guint
count_games (gboolean (*test) (const XqLibraryResult *r, gconstpointer data),
             gconstpointer data)
{
  g_autoptr(GPtrArray) results = list_results ();
  g_autoptr(GHashTable) games = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < results->len; i++)
    {
      const XqLibraryResult *r = g_ptr_array_index (results, i);

      if (test (r, data))
        g_hash_table_add (games, g_memdup2 (&r->game_id, sizeof r->game_id));
    }
  return g_hash_table_size (games);
}

static gboolean
played_by (const XqLibraryResult *r,
           gconstpointer          data)
{
  g_autofree char *key = xq_notation_name_key (r->name);

  return strstr (key, data) != NULL;
}

/* Played in the calendar year @data years before this one, here. */
static gboolean
played_years_ago (const XqLibraryResult *r,
                  gconstpointer          data)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_iso8601 (r->played_on, NULL);
  g_autoptr(GDateTime) local = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  g_assert_nonnull (when);
  local = g_date_time_to_local (when);
  return g_date_time_get_year (local) == g_date_time_get_year (now) - GPOINTER_TO_INT (data);
}

static gboolean
always (const XqLibraryResult *r,
        gconstpointer          data)
{
  return TRUE;
}

static guint
position_of (GtkDropDown *choice,
             const char  *text)
{
  GListModel *model = gtk_drop_down_get_model (choice);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (gtk_string_object_get_string (item), text) == 0)
        return i;
    }
  g_error ("no “%s” to choose", text);
}

/* Every row shown holds @text. */
static void
assert_rows_hold (XqLibraryWindow *window,
                  const char      *text)
{
  g_autoptr(GPtrArray) texts = row_texts (window);

  for (guint i = 0; i < texts->len; i++)
    g_assert_nonnull (strstr (g_ptr_array_index (texts, i), text));
}

static void
test_filter (void)
{
  XqLibraryWindow *window;
  GtkWidget *entry;
  g_autoptr(GPtrArray) choices = NULL;
  GtkDropDown *kind, *dates;
  guint n_all, n_cynthia, n_this_year, n_last_year;

  /* Over a year old: never this year, whatever today is. */
  index_game ("for-ex-corrected.xqn", 400);
  n_all = count_games (always, NULL);
  g_assert_cmpuint (n_all, ==, 4);
  window = open_library_window ();
  ui_wait_until (shows_games, NULL);
  wait_for_rows (window, n_all);

  choices = ui_find_all (GTK_WIDGET (games_page_of (window)), GTK_TYPE_DROP_DOWN);
  g_assert_cmpuint (choices->len, ==, 2);
  kind = g_ptr_array_index (choices, 0);
  dates = g_ptr_array_index (choices, 1);
  entry = ui_find_descendant (GTK_WIDGET (games_page_of (window)), GTK_TYPE_SEARCH_ENTRY, NULL);

  /* By game: the one Fair Trade game. */
  gtk_drop_down_set_selected (kind, position_of (kind, "Fair Trade"));
  wait_for_rows (window, 1);
  assert_rows_hold (window, "Fair Trade");
  gtk_drop_down_set_selected (kind, position_of (kind, "For-Ex"));
  wait_for_rows (window, 3);
  assert_rows_hold (window, "For-Ex");
  gtk_drop_down_set_selected (kind, 0);
  wait_for_rows (window, n_all);

  /* By player, as the engine matches names: "CYN" finds Cynthia's games. */
  n_cynthia = count_games (played_by, "cyn");
  g_assert_cmpuint (n_cynthia, ==, 2);
  gtk_editable_set_text (GTK_EDITABLE (entry), "CYN");
  wait_for_rows (window, n_cynthia);
  assert_rows_hold (window, "Cynthia");
  /* With a game too: both must hold. */
  gtk_drop_down_set_selected (kind, position_of (kind, "Fair Trade"));
  wait_for_rows (window, 0);
  {
    g_autoptr(GPtrArray) stacks = ui_find_all (GTK_WIDGET (games_page_of (window)), GTK_TYPE_STACK);
    GtkWidget *none = NULL;

    /* "No Games Match", said where the list was. */
    for (guint i = 0; i < stacks->len && none == NULL; i++)
      none = gtk_stack_get_child_by_name (g_ptr_array_index (stacks, i), "none");
    g_assert_nonnull (none);
    ui_settle ();
    g_assert_true (gtk_widget_get_mapped (none));
  }
  gtk_drop_down_set_selected (kind, 0);
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  wait_for_rows (window, n_all);

  /* By date: this year has the recent games, not the one of 400 days ago. */
  n_this_year = count_games (played_years_ago, GINT_TO_POINTER (0));
  n_last_year = count_games (played_years_ago, GINT_TO_POINTER (1));
  g_assert_cmpuint (n_this_year, <, n_all);
  gtk_drop_down_set_selected (dates, position_of (dates, "This Year"));
  wait_for_rows (window, n_this_year);
  gtk_drop_down_set_selected (dates, position_of (dates, "Last Year"));
  wait_for_rows (window, n_last_year);
  gtk_drop_down_set_selected (dates, position_of (dates, "Any Date"));
  wait_for_rows (window, n_all);
  close_all_windows ();
}

/* The label that is a whole line of @row's text, with @title before it. */
static void
assert_figure (GtkWidget  *page,
               const char *group_title,
               const char *row_title,
               const char *value)
{
  g_autoptr(GPtrArray) groups = ui_find_all (page, ADW_TYPE_PREFERENCES_GROUP);

  for (guint g = 0; g < groups->len; g++)
    {
      g_autoptr(GPtrArray) rows = NULL;

      if (g_strcmp0 (adw_preferences_group_get_title (g_ptr_array_index (groups, g)), group_title) != 0)
        continue;
      rows = ui_find_all (g_ptr_array_index (groups, g), ADW_TYPE_ACTION_ROW);
      for (guint r = 0; r < rows->len; r++)
        if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, r)), row_title) == 0)
          {
            g_autofree char *text = ui_collect_text (g_ptr_array_index (rows, r));
            g_autofree char *line = g_strconcat ("\n", value, "\n", NULL);

            g_test_message ("%s / %s: %s", group_title, row_title, text);
            g_assert_nonnull (strstr (text, line));
            return;
          }
    }
  g_error ("no row “%s” in a group “%s”", row_title, group_title);
}

static XqLibraryPlayerPage *
player_page_of (XqLibraryWindow *window)
{
  return XQ_LIBRARY_PLAYER_PAGE (ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_LIBRARY_PLAYER_PAGE, NULL));
}

static gboolean
player_page_shown (XqLibraryWindow *window)
{
  XqLibraryPlayerPage *page = player_page_of (window);

  return xq_library_player_page_is_loaded (page) && gtk_widget_get_mapped (GTK_WIDGET (page))
         && gtk_widget_get_child_visible (GTK_WIDGET (page));
}

static gboolean
lists_shown (XqLibraryWindow *window)
{
  return gtk_widget_get_mapped (GTK_WIDGET (games_page_of (window))) && !gtk_widget_get_mapped (GTK_WIDGET (player_page_of (window)));
}

/* Bob, from tests/data's .score files: for-ex-20-4p: David 33 wins, Agnes
 * 29.5, Bob 25 (3rd, margin −8), Cynthia 15.5; for-ex-42-4p: David 9 wins,
 * Cynthia 8, Agnes 3, Bob 8 but bankrupt, so last (4th, margin 8 − 9 = −1).
 * Two For-Ex games, no win, placing (3 + 4) / 2 = 3.5, margin −9 / 2 = −4.5,
 * one bankruptcy, one loan (the library's count). Head-to-head: behind David and Agnes twice; against
 * Cynthia ahead once (game 20) and behind once (game 42). */
static void
test_player_page (void)
{
  XqLibraryWindow *window = open_library_window ();
  g_autoptr(GPtrArray) labels = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *link = NULL;
  GtkWidget *page;
  XqRatingChart *chart;
  gboolean handled = FALSE;
  static const UiSize wide = { 1280, 800, "1280x800" };
  static const UiSize phone = { 360, 720, "360x720" };

  /* The library agrees with the hand-worked figures. */
  {
    g_autoptr(XqLibrary) library = xq_library_open (NULL, &error);
    g_autoptr(GPtrArray) records = xq_library_get_records (library, "Bob", &error);
    const XqLibraryRecord *record;

    g_assert_no_error (error);
    g_assert_cmpuint (records->len, ==, 1);
    record = g_ptr_array_index (records, 0);
    g_assert_cmpuint (record->plays, ==, 2);
    g_assert_cmpuint (record->placing_sum, ==, 7);
    g_assert_cmpint (record->margin_half_sum, ==, -18);
    g_assert_cmpuint (record->bankruptcies, ==, 1);
    g_assert_cmpuint (record->loans, ==, 1);
  }
  /* A review of game 20 (seats Agnes, Bob, David, Cynthia): Bob lost 3
   * bucks against the best moves over 5 turns, 0.6 a turn. */
  {
    g_autoptr(XqLibrary) library = xq_library_open (NULL, &error);
    g_autofree char *path = g_build_filename (dir, "for-ex-20-4p.xqn", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    const XqLibraryReviewSeat seats[] = { { 5, 0 }, { 5, 6 }, { 5, 0 }, { 5, 2 } };

    g_assert_true (xq_library_set_review (library, file, NULL, 2, seats, G_N_ELEMENTS (seats), &error));
    g_assert_no_error (error);
  }

  ui_wait_until (shows_games, NULL);
  wait_for_rows (window, 4);
  /* Bob's name in a game's row: a link, as a person clicks it. */
  labels = ui_find_all (ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_LIST_VIEW, "library-games"), GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len && link == NULL; i++)
    if (strstr (gtk_label_get_label (g_ptr_array_index (labels, i)), "href=\"Bob\"") != NULL)
      link = g_ptr_array_index (labels, i);
  g_assert_nonnull (link);
  g_signal_emit_by_name (link, "activate-link", "Bob", &handled);
  g_assert_true (handled);
  ui_wait_until (player_page_shown, window);
  page = GTK_WIDGET (player_page_of (window));
  g_assert_cmpstr (xq_library_player_page_get_name (XQ_LIBRARY_PLAYER_PAGE (page)), ==, "Bob");

  assert_figure (page, "For-Ex", "Games", "2");
  assert_figure (page, "For-Ex", "Wins", "0");
  assert_figure (page, "For-Ex", "Average placing", "3.5");
  assert_figure (page, "For-Ex", "Average margin", "\xE2\x88\x92" "4.5");
  assert_figure (page, "For-Ex", "Largest win", "No win yet");
  assert_figure (page, "For-Ex", "Bankruptcies", "1");
  assert_figure (page, "For-Ex", "Loans taken", "1");
  assert_figure (page, "For-Ex", "Average loss per turn", "0.6");
  assert_figure (page, "Against Each Player in For-Ex", "David", "Ahead 0, behind 2");
  assert_figure (page, "Against Each Player in For-Ex", "Agnes", "Ahead 0, behind 2");
  assert_figure (page, "Against Each Player in For-Ex", "Cynthia", "Ahead 1, behind 1");

  /* The rating history: before the first game, then after each of two. */
  chart = XQ_RATING_CHART (ui_find_descendant (page, XQ_TYPE_RATING_CHART, NULL));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (chart)));
  g_assert_cmpuint (xq_rating_chart_get_n_lines (chart), ==, 1);
  g_assert_cmpuint (xq_rating_chart_get_n_points (chart), ==, 3);
  g_assert_cmpfloat_with_epsilon (xq_rating_chart_get_value (chart, 0, 0), 0, 1e-9);
  /* Each point is the library's rating after that game: μ − 3σ. */
  {
    g_autoptr(XqLibrary) library = xq_library_open (NULL, &error);
    g_autoptr(GPtrArray) history = xq_library_get_history (library, "Bob", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (history->len, ==, 2);
    for (guint i = 0; i < history->len; i++)
      {
        const XqLibraryRatingStep *step = g_ptr_array_index (history, i);

        g_assert_cmpfloat_with_epsilon (xq_rating_chart_get_value (chart, 0, i + 1), step->mu - 3 * step->sigma, 1e-9);
      }
  }

  ui_resize (GTK_WINDOW (window), &wide);
  ui_screenshot (GTK_WIDGET (window), "library-player-1280x800");
  ui_resize (GTK_WINDOW (window), &phone);
  ui_assert_no_sideways_scroll (GTK_WIDGET (window), phone.name);
  ui_screenshot (GTK_WIDGET (window), "library-player-360x720");
  /* Scrolled to the foot: the head-to-head, readable on a phone. */
  {
    g_autoptr(GPtrArray) rows = ui_find_all (page, ADW_TYPE_ACTION_ROW);
    GtkWidget *cynthia = NULL;
    GtkAdjustment *adjustment;

    for (guint i = 0; i < rows->len; i++)
      if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), "Cynthia") == 0)
        cynthia = g_ptr_array_index (rows, i);
    g_assert_nonnull (cynthia);
    adjustment = gtk_scrolled_window_get_vadjustment (
      GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (cynthia, GTK_TYPE_SCROLLED_WINDOW)));
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
    ui_settle ();
    ui_assert_in_view (cynthia, "Bob against Cynthia", phone.name);
    ui_screenshot_light_and_dark (GTK_WIDGET (window), "library-player-versus-360x720");
  }

  /* A head-to-head row opens the other's page; Back returns to the lists. */
  {
    g_autoptr(GPtrArray) rows = ui_find_all (page, ADW_TYPE_ACTION_ROW);

    for (guint i = 0; i < rows->len; i++)
      if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), "David") == 0)
        adw_action_row_activate (g_ptr_array_index (rows, i));
  }
  ui_wait_until (player_page_shown, window);
  g_assert_cmpstr (xq_library_player_page_get_name (XQ_LIBRARY_PLAYER_PAGE (page)), ==, "David");
  assert_figure (page, "For-Ex", "Wins", "2");
  assert_figure (page, "For-Ex", "Largest win", "+3.5");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "library.back", NULL));
  ui_wait_until (lists_shown, window);
  /* Ctrl+F: the player search takes the keys. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "library.find", NULL));
  ui_settle ();
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)),
                                         ui_find_descendant (GTK_WIDGET (games_page_of (window)), GTK_TYPE_SEARCH_ENTRY,
                                                             NULL)));
  close_all_windows ();
}

static XqLibraryPlayersPage *
players_page_of (XqLibraryWindow *window)
{
  return XQ_LIBRARY_PLAYERS_PAGE (ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_LIBRARY_PLAYERS_PAGE, NULL));
}

/* The Players page's row of @name (its first label says the name), if shown. */
static GtkWidget *
player_row (XqLibraryWindow *window,
            const char      *name)
{
  GtkWidget *view = ui_find_descendant (GTK_WIDGET (players_page_of (window)), GTK_TYPE_LIST_VIEW, "library-players");

  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = ui_find_descendant (row, GTK_TYPE_LABEL, NULL);

      if (gtk_widget_get_child_visible (row) && label != NULL
          && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), name) == 0)
        return row;
    }
  return NULL;
}

/* Whether @menu (or a section of it) has an item for @action on @target. */
static gboolean
menu_has (GMenuModel *menu,
          const char *action,
          const char *target)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GVariant) value = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET,
                                                                          G_VARIANT_TYPE_STRING);
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (section != NULL && menu_has (section, action, target))
        return TRUE;
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) && value != NULL
          && g_strcmp0 (name, action) == 0 && g_strcmp0 (g_variant_get_string (value, NULL), target) == 0)
        return TRUE;
    }
  return FALSE;
}

/* What the item of @name's menu for @action on @target does, as choosing it does. */
static void
choose_in_menu (XqLibraryWindow *window,
                const char      *name,
                const char      *action,
                const char      *target)
{
  GtkWidget *row = player_row (window, name);
  GtkWidget *button;

  g_assert_nonnull (row);
  button = ui_find_descendant (row, GTK_TYPE_MENU_BUTTON, NULL);
  g_assert_true (gtk_widget_get_mapped (button));
  /* The menu is made as it opens. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  ui_settle ();
  g_assert_true (menu_has (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), action, target));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  g_assert_true (gtk_widget_activate_action (button, action, "s", target));
}

typedef struct
{
  XqLibraryWindow *window;
  guint            n_players;
  const char      *gone;      /* a player no longer listed, or NULL */
  const char      *back;      /* a player listed again, or NULL */
} PlayersState;

static gboolean
players_are (PlayersState *state)
{
  GListModel *players = xq_library_players_page_get_players (players_page_of (state->window));

  return g_list_model_get_n_items (players) == state->n_players
         && (state->gone == NULL || player_row (state->window, state->gone) == NULL)
         && (state->back == NULL || player_row (state->window, state->back) != NULL);
}

/* The Players page shows Ann's row alone. */
static gboolean
shows_one_player (XqLibraryWindow *window)
{
  GtkWidget *view = ui_find_descendant (GTK_WIDGET (players_page_of (window)), GTK_TYPE_LIST_VIEW, "library-players");
  guint shown = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL; row = gtk_widget_get_next_sibling (row))
    shown += gtk_widget_get_child_visible (row) && ui_find_descendant (row, GTK_TYPE_LABEL, NULL) != NULL;
  return shown == 1 && player_row (window, "Ann") != NULL;
}

static gboolean
merge_dialog_shown (gpointer data)
{
  GtkWindow *dialog = ui_find_shown_window (ADW_TYPE_MESSAGE_DIALOG);

  return dialog != NULL && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

/* Ben (Fair Trade and the corrected For-Ex game) never sat with Bob: Ben's
 * menu opens the merge dialog, which offers Bob, says what merging does,
 * and merges; Bob's row then lists Ben, and Bob's menu splits Ben off into
 * a row of his own again. */
static void
test_merge_split (void)
{
  XqLibraryWindow *window = open_library_window ();
  AdwViewStack *pages;
  g_autoptr(AdwMessageDialog) dialog = NULL;
  GtkDropDown *choice;
  guint n_players;
  static const UiSize wide = { 1280, 800, "1280x800" };
  static const UiSize phone = { 360, 720, "360x720" };

  ui_wait_until (shows_games, NULL);
  pages = ADW_VIEW_STACK (ui_find_descendant (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK, NULL));
  adw_view_stack_set_visible_child_name (pages, "players");
  n_players = g_list_model_get_n_items (xq_library_players_page_get_players (players_page_of (window)));
  /* Agnes, Bob, Cynthia, David; Ann, Ben, Cat, Dan. */
  g_assert_cmpuint (n_players, ==, 8);
  /* Found as the engine finds names: "ANN" is Ann, and no one else. */
  gtk_editable_set_text (GTK_EDITABLE (ui_find_descendant (GTK_WIDGET (players_page_of (window)), GTK_TYPE_SEARCH_ENTRY,
                                                           NULL)),
                         "ANN");
  ui_wait_until (shows_one_player, window);
  gtk_editable_set_text (GTK_EDITABLE (ui_find_descendant (GTK_WIDGET (players_page_of (window)), GTK_TYPE_SEARCH_ENTRY,
                                                           NULL)),
                         "");
  ui_wait_until (players_are, (&(PlayersState) { window, n_players, NULL, "Ben" }));
  ui_resize (GTK_WINDOW (window), &wide);
  ui_screenshot (GTK_WIDGET (window), "library-players-1280x800");
  ui_resize (GTK_WINDOW (window), &phone);
  ui_assert_no_sideways_scroll (GTK_WIDGET (window), phone.name);
  ui_screenshot (GTK_WIDGET (window), "library-players-360x720");

  choose_in_menu (window, "Ben", "players.merge", "Ben");
  ui_wait_until (merge_dialog_shown, NULL);
  /* Held: answering closes it. */
  dialog = g_object_ref (ADW_MESSAGE_DIALOG (ui_find_shown_window (ADW_TYPE_MESSAGE_DIALOG)));
  choice = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  /* Not Ann, Cat or Dan: they sat at Ben's tables. */
  {
    GListModel *model = gtk_drop_down_get_model (choice);

    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 4);
  }
  gtk_drop_down_set_selected (choice, position_of (choice, "Bob"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "played as “Ben” will count for “Bob”"));
  ui_screenshot (GTK_WIDGET (dialog), "library-merge-dialog");
  adw_message_dialog_response (dialog, "merge");
  gtk_window_destroy (GTK_WINDOW (dialog));
  /* Let go while its window lives: a dialog outliving it would still point at it. */
  g_clear_object (&dialog);
  ui_wait_until (players_are, (&(PlayersState) { window, n_players - 1, "Ben", NULL }));
  {
    g_autofree char *text = ui_collect_text (GTK_WIDGET (player_row (window, "Bob")));

    g_assert_nonnull (strstr (text, "also Ben"));
  }

  /* Split Ben off again, from Bob's menu of names. */
  choose_in_menu (window, "Bob", "players.split", "Ben");
  ui_wait_until (players_are, (&(PlayersState) { window, n_players, NULL, "Ben" }));
  {
    g_autofree char *text = ui_collect_text (GTK_WIDGET (player_row (window, "Bob")));

    g_assert_null (strstr (text, "also Ben"));
  }
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
  g_test_add_func ("/library-ui/filter", test_filter);
  g_test_add_func ("/library-ui/player-page", test_player_page);
  g_test_add_func ("/library-ui/merge-split", test_merge_split);
  g_test_add_func ("/library-ui/cannot-open", test_cannot_open);

  status = ui_test_run (&app);
  test_remove_tree (dir);
  g_free (dir);
  return status;
}
