/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library's folders and files in the app, driven through the
 * widgets: Add Folder… with its progress row, Cancel, and the refused files
 * listed; the application watching the folder (a file dropped in is added,
 * a file deleted forgotten, in a new subfolder too); a game opened or
 * saved indexed; a library location Preferences refuses with a sentence,
 * nothing written over. */

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "fx-audit-window.h"
#include "test-dirs.h"
#include "ui-support.h"
#include "fx-state.h"
#include "xq-application.h"
#include "xq-library.h"
#include "xq-library-watch.h"
#include "xq-library-window.h"
#include "xq-preferences-window.h"

static XqApplication *app;
static char *dir;
static char *club;  /* the folder added, with a broken file among its games */

#define N_CLUB_GAMES 12

/* -- what the library holds, read from its tables ---------------------------- */

static guint
count_files_in (const char *db,
                const char *sql,
                const char *text)
{
  sqlite3 *handle = NULL;
  sqlite3_stmt *stmt = NULL;
  guint n;

  g_assert_cmpint (sqlite3_open_v2 (db, &handle, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (handle, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, text, -1, SQLITE_TRANSIENT);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = (guint) sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (handle);
  return n;
}

static guint
count_files (const char *sql,
             const char *text)
{
  g_autofree char *db = xq_library_default_uri ();

  return count_files_in (db, sql, text);
}

/* Whether the library has read the file at @path (a game in several files
 * is one game, so its files are counted, not its games). */
static gboolean
library_has (const char *path)
{
  return count_files ("SELECT count (*) FROM files WHERE path = ?", path) == 1;
}

/* How many files under @folder the library knows. */
static guint
files_under (const char *folder)
{
  g_autofree char *pattern = g_strconcat (folder, G_DIR_SEPARATOR_S, "%", NULL);

  return count_files ("SELECT count (*) FROM files WHERE path LIKE ?", pattern);
}

static void
copy_game (const char *data_name,
           const char *path)
{
  g_autofree char *source = g_build_filename (TEST_DATA_DIR, data_name, NULL);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
}

/* -- windows ---------------------------------------------------------------- */

static gboolean
toplevel_mapped (GType type)
{
  GtkWindow *window = ui_find_toplevel (type, NULL);

  return window != NULL && gtk_widget_get_mapped (GTK_WIDGET (window));
}

static gboolean
library_window_mapped (gpointer data)
{
  return toplevel_mapped (XQ_TYPE_LIBRARY_WINDOW);
}

static GtkWidget *
button_for (GtkWidget  *root,
            const char *action)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (root, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (buttons, i)), action) == 0)
      return g_ptr_array_index (buttons, i);
  g_assert_not_reached ();
}

static GtkRevealer *
progress_row (GtkWidget *window)
{
  return GTK_REVEALER (ui_find_descendant (window, GTK_TYPE_REVEALER, NULL));
}

static gboolean
progress_shows (GtkWidget *window)
{
  GtkRevealer *revealer = progress_row (window);
  GtkWidget *bar = ui_find_descendant (GTK_WIDGET (revealer), GTK_TYPE_PROGRESS_BAR, NULL);
  g_autofree char *text = ui_collect_text (GTK_WIDGET (revealer));
  g_autofree char *expected = g_strdup_printf ("Indexing 0 of %d files…", N_CLUB_GAMES + 1);

  return gtk_revealer_get_child_revealed (revealer) && gtk_widget_get_mapped (bar)
         && strstr (text, expected) != NULL;
}

static gboolean
progress_hidden (GtkWidget *window)
{
  GtkRevealer *revealer = progress_row (window);

  return !gtk_revealer_get_reveal_child (revealer) && !gtk_revealer_get_child_revealed (revealer);
}

/* The chooser (without portals, GtkFileChooserNative shows a
 * GtkFileChooserDialog) is in the folder once it has read it. */
static gboolean
chooser_in (GFile *folder)
{
  GtkWindow *chooser = ui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, NULL);
  g_autoptr(GFile) chosen = NULL;

  if (chooser == NULL || !gtk_widget_get_mapped (GTK_WIDGET (chooser)))
    return FALSE;
  chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  return chosen != NULL && g_file_equal (chosen, folder);
}

static gboolean
chooser_mapped (gpointer data)
{
  return toplevel_mapped (GTK_TYPE_FILE_CHOOSER_DIALOG);
}

/* Add Folder… as a person does it: the header bar's button, the folder
 * picked in the chooser, its accept button. */
static void
add_folder (GtkWidget  *window,
            const char *path)
{
  g_autoptr(GFile) folder = g_file_new_for_path (path);
  GtkWindow *chooser;

  g_assert_true (ui_activate (button_for (window, "library.add-folder")));
  ui_wait_until (chooser_mapped, NULL);
  ui_settle ();
  chooser = ui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, NULL);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
  ui_wait_until (chooser_in, folder);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
}

static gboolean
refusals_shown (gpointer data)
{
  return toplevel_mapped (ADW_TYPE_MESSAGE_DIALOG);
}

/* The window's pages (not its header's titles, another stack) show the
 * games. */
static gboolean
shows_games (GtkWidget *window)
{
  g_autoptr(GPtrArray) stacks = ui_find_all (window, GTK_TYPE_STACK);

  for (guint i = 0; i < stacks->len; i++)
    if (g_strcmp0 (gtk_stack_get_visible_child_name (stacks->pdata[i]), "games") == 0)
      return TRUE;
  return FALSE;
}

static char **
library_folders (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  return g_settings_get_strv (settings, "library-folders");
}

/* A club folder of N_CLUB_GAMES games and one file Open refuses. While the
 * test holds the library's write lock the scan cannot store its first file,
 * so the progress row is seen, and Cancel pressed, before it can end. */
static void
test_add_folder (void)
{
  static const char *const games[] = { "for-ex-20-4p.xqn", "for-ex-42-4p.xqn", "fair-trade/fair-trade-44-4p.xqn",
                                       "for-ex-corrected.xqn" };
  static const UiSize wide = { 1280, 800, "1280x800" };
  static const UiSize phone = { 360, 720, "360x720" };
  g_autofree char *db = xq_library_default_uri ();
  g_autofree char *broken = NULL;
  g_auto(GStrv) folders = NULL;
  g_autoptr(XqLibrary) library = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *lock = NULL;
  GtkWidget *window;
  GtkWindow *dialog;
  GtkWidget *extra;
  g_autofree char *listed = NULL;

  club = g_build_filename (dir, "club", NULL);
  g_assert_cmpint (g_mkdir (club, 0700), ==, 0);
  for (guint i = 0; i < N_CLUB_GAMES; i++)
    {
      g_autofree char *name = g_strdup_printf ("game-%02u.xqn", i);
      g_autofree char *path = g_build_filename (club, name, NULL);

      copy_game (games[i % G_N_ELEMENTS (games)], path);
    }
  broken = g_build_filename (club, "zz-illegal.xqn", NULL);
  g_assert_true (g_file_set_contents (broken, "game for-ex\nplayers Ann Ben\nremoved EUR USD USD CHF JPY CNY\n"
                                              "invest Ben CAD\n", -1, NULL));

  /* The library made (and in WAL mode) before the lock is taken. */
  library = xq_library_open (NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&library);
  g_assert_cmpint (sqlite3_open (db, &lock), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (lock, "BEGIN IMMEDIATE", NULL, NULL, NULL), ==, SQLITE_OK);

  g_action_group_activate_action (G_ACTION_GROUP (app), "library", NULL);
  ui_wait_until (library_window_mapped, NULL);
  window = GTK_WIDGET (ui_find_toplevel (XQ_TYPE_LIBRARY_WINDOW, NULL));
  g_assert_false (gtk_revealer_get_reveal_child (progress_row (window)));

  add_folder (window, club);
  ui_wait_until (progress_shows, window);
  /* One folder at a time: Add Folder… waits for this one. */
  g_assert_false (gtk_widget_is_sensitive (button_for (window, "library.add-folder")));
  ui_resize (GTK_WINDOW (window), &wide);
  ui_assert_in_view (button_for (window, "library.cancel-indexing"), "Cancel", wide.name);
  ui_screenshot (window, "library-indexing-1280x800");
  ui_resize (GTK_WINDOW (window), &phone);
  ui_assert_no_sideways_scroll (window, phone.name);
  ui_assert_in_view (button_for (window, "library.cancel-indexing"), "Cancel", phone.name);
  ui_assert_in_view (button_for (window, "library.add-folder"), "Add Folder", phone.name);
  ui_screenshot (window, "library-indexing-360x720");

  /* Cancel, then let the first file through: the scan stops after it. */
  g_assert_true (ui_activate (button_for (window, "library.cancel-indexing")));
  g_assert_cmpint (sqlite3_exec (lock, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (lock);
  ui_wait_until (progress_hidden, window);
  g_assert_cmpuint (files_under (club), ==, 1);
  g_assert_null (ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG, NULL));
  /* Not finished, so not watched. */
  folders = library_folders ();
  g_assert_cmpuint (g_strv_length (folders), ==, 0);
  g_clear_pointer (&folders, g_strfreev);

  /* Again, to the end: every game in, the broken file listed with its line
   * and reason, the folder remembered, the games shown. */
  add_folder (window, club);
  ui_wait_until (refusals_shown, NULL);
  ui_wait_until (progress_hidden, window);
  g_assert_cmpuint (files_under (club), ==, N_CLUB_GAMES);
  dialog = ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "1 File Was Not Added");
  extra = adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog));
  listed = ui_collect_text (extra);
  g_test_message ("refused: %s", listed);
  g_assert_true (g_str_has_prefix (listed, "zz-illegal.xqn, line 4: "));
  g_assert_true (gtk_widget_get_mapped (extra));
  ui_screenshot (GTK_WIDGET (dialog), "library-refused");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  folders = library_folders ();
  g_assert_cmpuint (g_strv_length (folders), ==, 1);
  {
    g_autoptr(GFile) added = g_file_new_for_uri (folders[0]);
    g_autofree char *path = g_file_get_path (added);

    g_assert_cmpstr (path, ==, club);
  }
  ui_wait_until (shows_games, window);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* -- the application's watch ------------------------------------------------ */

/* What the watch said of one file: its outcome once it said it. */
typedef struct
{
  GFile *file;
  int    outcome;  /* -1 until told */
} Heard;

static void
indexed (XqLibraryWatch *watch,
         GFile          *file,
         int             outcome,
         Heard          *heard)
{
  if (g_file_equal (file, heard->file))
    heard->outcome = outcome;
}

static gboolean
heard (Heard *heard)
{
  return heard->outcome >= 0;
}

static void
wait_indexed (Heard *h,
              int    outcome)
{
  ui_wait_until (heard, h);
  g_assert_cmpint (h->outcome, ==, outcome);
  h->outcome = -1;
}

static gboolean
window_shows (GtkWidget  *window,
              const char *text)
{
  g_autofree char *shown = ui_collect_text (window);

  return strstr (shown, text) != NULL;
}

static gboolean
window_shows_zelda (GtkWidget *window)
{
  return shows_games (window) && window_shows (window, "Zelda");
}

static gboolean
window_forgot_zelda (GtkWidget *window)
{
  return shows_games (window) && !window_shows (window, "Zelda");
}

/* The folder added above is watched: a game copied in is added, the same
 * game deleted is forgotten, and the open Library window follows. */
static void
test_watch (void)
{
  XqLibraryWatch *watch = xq_application_get_library_watch (app);
  g_autofree char *path = g_build_filename (club, "dropped-in.xqn", NULL);
  g_autofree char *source = g_build_filename (TEST_DATA_DIR, "for-ex-42-4p.xqn", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *renamed = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  Heard h = { file, -1 };
  gulong handler = g_signal_connect (watch, "indexed", G_CALLBACK (indexed), &h);
  GtkWidget *window;

  g_assert_nonnull (club);
  g_assert_false (library_has (path));
  g_action_group_activate_action (G_ACTION_GROUP (app), "library", NULL);
  ui_wait_until (library_window_mapped, NULL);
  window = GTK_WIDGET (ui_find_toplevel (XQ_TYPE_LIBRARY_WINDOW, NULL));
  ui_wait_until (shows_games, window);
  g_assert_false (window_shows (window, "Zelda"));

  /* A game of its own (the club's games are copies of these), written as
   * an editor or a file manager would. */
  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  parts = g_strsplit (text, "Bob", -1);
  renamed = g_strjoinv ("Zelda", parts);
  g_assert_true (g_file_set_contents (path, renamed, -1, NULL));
  wait_indexed (&h, XQ_LIBRARY_ADDED);
  g_assert_true (library_has (path));
  g_assert_cmpuint (files_under (club), ==, N_CLUB_GAMES + 1);
  ui_wait_until (window_shows_zelda, window);

  g_assert_cmpint (g_unlink (path), ==, 0);
  wait_indexed (&h, XQ_LIBRARY_VANISHED);
  g_assert_false (library_has (path));
  g_assert_cmpuint (files_under (club), ==, N_CLUB_GAMES);
  ui_wait_until (window_forgot_zelda, window);
  g_signal_handler_disconnect (watch, handler);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* A folder made inside the watched one is watched too: a game written
 * into it once it is there is added by its own monitor. */
static void
test_watch_subfolder (void)
{
  XqLibraryWatch *watch = xq_application_get_library_watch (app);
  g_autofree char *sub = g_build_filename (club, "2026", NULL);
  g_autofree char *first_path = g_build_filename (sub, "first.xqn", NULL);
  g_autofree char *second_path = g_build_filename (sub, "second.xqn", NULL);
  g_autoptr(GFile) first = g_file_new_for_path (first_path);
  g_autoptr(GFile) second = g_file_new_for_path (second_path);
  Heard h = { first, -1 };
  gulong handler = g_signal_connect (watch, "indexed", G_CALLBACK (indexed), &h);

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  copy_game ("for-ex-20-4p.xqn", first_path);
  /* Found by the scan of the new folder or by its monitor, whichever
   * comes first; by then the folder is watched. */
  wait_indexed (&h, XQ_LIBRARY_ADDED);
  h.file = second;
  copy_game ("fair-trade/fair-trade-44-4p.xqn", second_path);
  wait_indexed (&h, XQ_LIBRARY_ADDED);
  g_assert_true (library_has (second_path));
  g_assert_cmpint (g_unlink (second_path), ==, 0);
  wait_indexed (&h, XQ_LIBRARY_VANISHED);
  g_assert_false (library_has (second_path));
  g_assert_true (library_has (first_path));
  g_signal_handler_disconnect (watch, handler);
}

/* -- opened and saved in the app -------------------------------------------- */

static gboolean
has_document (XqWindow *window)
{
  return xq_window_get_document (window) != NULL;
}

/* Outside the watched folder, so only Open and Save can tell the library. */
static void
test_open_and_save (void)
{
  XqLibraryWatch *watch = xq_application_get_library_watch (app);
  g_autofree char *elsewhere = g_build_filename (dir, "elsewhere", NULL);
  g_autofree char *opened_path = g_build_filename (elsewhere, "opened.xqn", NULL);
  g_autofree char *saved_path = g_build_filename (elsewhere, "saved.exchequer", NULL);
  g_autoptr(GFile) opened = g_file_new_for_path (opened_path);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);
  g_autoptr(XqSession) session = ui_sample_prefix (6);
  g_autoptr(XqSession) sample = ui_load_sample ();
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  g_autoptr(GError) error = NULL;
  Heard h = { opened, -1 };
  gulong handler = g_signal_connect (watch, "indexed", G_CALLBACK (indexed), &h);
  XqWindow *window;

  g_assert_cmpint (g_mkdir (elsewhere, 0700), ==, 0);
  copy_game ("for-ex-20-4p.xqn", opened_path);
  window = ui_new_window (app);
  xq_window_open_file (window, opened);
  ui_wait_until (has_document, window);
  wait_indexed (&h, XQ_LIBRARY_ADDED);
  g_assert_true (library_has (opened_path));
  gtk_window_destroy (GTK_WINDOW (window));

  /* A game given its file without the window (as if saved before), then a
   * move, then Save: the window's save is what tells the library. */
  ui_save_document (document, saved);
  window = ui_new_window (app);
  xq_window_set_document (window, document);
  ui_settle ();
  g_assert_false (library_has (saved_path));
  g_assert_true (xq_session_play (session, xq_session_get_move (sample, 6), NULL, &error));
  g_assert_no_error (error);
  h.file = saved;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  wait_indexed (&h, XQ_LIBRARY_ADDED);
  g_assert_true (library_has (saved_path));
  g_signal_handler_disconnect (watch, handler);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The review the library holds for the file at @path: how many seats have
 * one stored, and their turns in all. */
static guint
reviewed_seats (const char *path,
                guint      *turns)
{
  g_autoptr(XqLibrary) library = xq_library_open (NULL, NULL);
  g_autoptr(GPtrArray) results = library != NULL ? xq_library_list_results (library, NULL) : NULL;
  guint n = 0;

  *turns = 0;
  for (guint i = 0; results != NULL && i < results->len; i++)
    {
      XqLibraryResult *result = g_ptr_array_index (results, i);

      if (g_strcmp0 (result->path, path) == 0 && result->reviewed)
        {
          n++;
          *turns += result->review_turns;
        }
    }
  return n;
}

static gboolean
review_stored (const char *path)
{
  guint turns;

  return reviewed_seats (path, &turns) > 0;
}

/* A review run in the audit window of a saved game is stored in the library,
 * for each player's page: every seat's. */
static void
test_review_stored (void)
{
  g_autofree char *folder = g_build_filename (dir, "elsewhere", NULL);
  g_autofree char *path = g_build_filename (folder, "reviewed.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  /* A game no other test saves: the library lists a game under one of its
   * files, and this must be that one. */
  g_autoptr(XqSession) session = ui_sample_prefix (30);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  XqWindow *window;
  FxAuditWindow *audit;
  guint turns;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  ui_save_document (document, file);
  window = ui_new_window (app);
  xq_window_set_document (window, document);
  ui_settle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  audit = ui_find_audit (window);
  ui_wait_audit_loaded (audit);
  fx_audit_window_start_review (audit);
  ui_wait_until (review_stored, path);
  g_assert_cmpuint (reviewed_seats (path, &turns), ==, ((const FxSetup *) xq_session_get_setup (session))->n_players);
  /* Every turn of the game is some player's. */
  g_assert_cmpuint (turns, >, 0);
  gtk_window_destroy (GTK_WINDOW (audit));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* What the watch logs: a library it cannot use is said there only. */
static void
log_said (const char     *domain,
          GLogLevelFlags  level,
          const char     *message,
          gpointer        user_data)
{
  GString *said = user_data;

  g_string_append_printf (said, "%s\n", message);
}

static gboolean
logged (GString *said)
{
  return strstr (said->str, "The game library cannot be opened") != NULL;
}

/* A library file that is not a database: a game still opens (and shows),
 * the library's refusal goes to the log, and the file is left as it was. */
static void
test_open_with_broken_library (void)
{
  static const char garbage[] = "these are not the games you are looking for\n";
  g_autofree char *db = xq_library_default_uri ();
  g_autofree char *wal = g_strconcat (db, "-wal", NULL);
  g_autofree char *shm = g_strconcat (db, "-shm", NULL);
  g_autofree char *path = g_build_filename (dir, "elsewhere", "broken-library.xqn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) said = g_string_new (NULL);
  g_autofree char *kept = NULL;
  guint handler = g_log_set_handler (G_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, log_said, said);
  XqWindow *window;

  g_unlink (wal);
  g_unlink (shm);
  g_assert_true (g_file_set_contents (db, garbage, -1, NULL));
  copy_game ("for-ex-42-4p.xqn", path);
  window = ui_new_window (app);
  xq_window_open_file (window, file);
  ui_wait_until (has_document, window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  ui_wait_until (logged, said);
  g_test_message ("logged: %s", said->str);
  g_assert_nonnull (strstr (said->str, db));
  g_assert_true (g_file_get_contents (db, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, garbage);
  g_log_remove_handler (G_LOG_DOMAIN, handler);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* -- Preferences ------------------------------------------------------------ */

static gboolean
preferences_mapped (gpointer data)
{
  return toplevel_mapped (XQ_TYPE_PREFERENCES_WINDOW);
}

static gboolean
problem_said (GtkLabel *label)
{
  return gtk_widget_get_mapped (GTK_WIDGET (label)) && *gtk_label_get_text (label) != '\0';
}

static gboolean
row_checked (GtkWidget *spinner)
{
  return !gtk_spinner_get_spinning (GTK_SPINNER (spinner));
}

static gboolean
setting_is (const char *uri)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *now = g_settings_get_string (settings, "library-uri");

  return g_strcmp0 (now, uri) == 0;
}

static gboolean
apply_button_shown (AdwEntryRow *row)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (row), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (buttons, i)))
      return TRUE;
  return FALSE;
}

/* Typed into the row, then its apply button pressed, as a person does. */
static void
apply_location (AdwEntryRow *row,
                const char  *uri)
{
  g_autoptr(GPtrArray) buttons = NULL;

  /* The row offers to apply only what was typed while it had the focus. */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (row)));
  gtk_editable_set_text (GTK_EDITABLE (row), uri);
  ui_wait_until (apply_button_shown, row);
  buttons = ui_find_all (GTK_WIDGET (row), GTK_TYPE_BUTTON);
  for (guint i = 0; i < buttons->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (buttons, i)))
      g_assert_true (ui_activate (g_ptr_array_index (buttons, i)));
}

/* A file that is not a library and a server that is not there: each said
 * in a sentence under the row, the setting and the file as they were. A
 * location that opens is kept. */
static void
test_preferences_refused (void)
{
  static const char garbage[] = "these are not the games you are looking for\n";
  g_autofree char *not_library = g_build_filename (dir, "notes.sqlite", NULL);
  g_autofree char *other = g_build_filename (dir, "other-library.sqlite", NULL);
  g_autofree char *kept = NULL;
  g_autofree char *first_game = g_build_filename (club, "game-00.xqn", NULL);
  g_autoptr(GFile) first_file = g_file_new_for_path (first_game);
  Heard h = { first_file, -1 };
  gulong handler = g_signal_connect (xq_application_get_library_watch (app), "indexed", G_CALLBACK (indexed), &h);
  GtkWidget *prefs;
  AdwEntryRow *row;
  GtkLabel *problem;
  GtkWidget *spinner;

  g_assert_true (g_file_set_contents (not_library, garbage, -1, NULL));
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  ui_wait_until (preferences_mapped, NULL);
  prefs = GTK_WIDGET (ui_find_toplevel (XQ_TYPE_PREFERENCES_WINDOW, NULL));
  row = ADW_ENTRY_ROW (ui_find_descendant (prefs, ADW_TYPE_ENTRY_ROW, NULL));
  spinner = ui_find_descendant (GTK_WIDGET (row), GTK_TYPE_SPINNER, NULL);
  problem = GTK_LABEL (ui_find_descendant (prefs, GTK_TYPE_LABEL, "error"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (problem)));

  apply_location (row, not_library);
  ui_wait_until (problem_said, problem);
  g_test_message ("refused: %s", gtk_label_get_text (problem));
  g_assert_nonnull (strstr (gtk_label_get_text (problem), not_library));
  g_assert_nonnull (strstr (gtk_label_get_text (problem), "has not changed"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "error"));
  g_assert_true (setting_is (""));
  g_assert_true (g_file_get_contents (not_library, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, garbage);
  ui_resize (GTK_WINDOW (prefs), &(UiSize) { 360, 720, "360x720" });
  ui_assert_in_view (GTK_WIDGET (problem), "the refusal", "360x720");
  ui_screenshot (prefs, "preferences-library-refused");

  /* No server listens on a socket in a folder that does not exist (and a
   * build without libpq says that it has none): refused as well. */
  gtk_widget_set_visible (GTK_WIDGET (problem), FALSE);
  apply_location (row, "postgresql:///club?host=/nonexistent-exchequer-socket-folder");
  ui_wait_until (problem_said, problem);
  g_test_message ("refused: %s", gtk_label_get_text (problem));
  g_assert_true (setting_is (""));

  /* A location that opens is kept, and the sentence goes; the watched
   * folder's games are indexed into the new library. */
  apply_location (row, other);
  ui_wait_until (row_checked, spinner);
  ui_wait_until (setting_is, other);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (problem)));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (row), "error"));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  wait_indexed (&h, XQ_LIBRARY_ADDED);
  {
    g_autofree char *pattern = g_strconcat (club, G_DIR_SEPARATOR_S, "%", NULL);

    /* The club's games and the one in its subfolder; not the broken file. */
    g_assert_cmpuint (count_files_in (other, "SELECT count (*) FROM files WHERE path LIKE ?", pattern), ==,
                      N_CLUB_GAMES + 1);
  }
  g_signal_handler_disconnect (xq_application_get_library_watch (app), handler);

  /* Back to the default, for whatever runs next. */
  apply_location (row, "");
  ui_wait_until (setting_is, (char *) "");
  gtk_window_destroy (GTK_WINDOW (prefs));
  ui_settle ();
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();
  dir = g_dir_make_tmp ("exchequer-library-folders-XXXXXX", NULL);
  g_assert_nonnull (dir);

  /* In this order: the watch watches the folder Add Folder… added. */
  g_test_add_func ("/library-folders/add-folder", test_add_folder);
  g_test_add_func ("/library-folders/watch", test_watch);
  g_test_add_func ("/library-folders/watch-subfolder", test_watch_subfolder);
  g_test_add_func ("/library-folders/open-and-save", test_open_and_save);
  g_test_add_func ("/library-folders/review-stored", test_review_stored);
  g_test_add_func ("/library-folders/preferences-refused", test_preferences_refused);
  /* Last: it leaves the default library broken. */
  g_test_add_func ("/library-folders/open-with-broken-library", test_open_with_broken_library);

  status = ui_test_run (&app);
  test_remove_tree (dir);
  g_free (dir);
  g_free (club);
  return status;
}
