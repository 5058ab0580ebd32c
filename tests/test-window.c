/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window as a person meets it: "Save" in the close prompt closes it (or
 * says why not), its size survives a restart, toasts confirm an export and a
 * correction, and its turn numbers are the CLI's. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "ft-game.h"
#include "ft-state.h"
#include "fx-audit-window.h"
#include "fx-correction-dialog.h"
#include "fx-state.h"
#include "test-dirs.h"
#include "ui-support.h"
#include "xq-document.h"
#include "xq-history-view.h"
#include "xq-session-file.h"

static XqApplication *app;
static char *tmp_dir;

/* -- helpers ---------------------------------------------------------- */

/* @window may be gone already: it is only looked for, never cast. */
static gboolean
is_open (gpointer window)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  return g_list_find (windows, window) != NULL && gtk_widget_get_visible (window);
}

typedef struct
{
  GtkFileChooser *chooser;
  GFile          *folder;
  const char     *name;
} ChooserAnswer;

/* The chooser shows the folder, and with the name (if given) answers that file. */
static gboolean
chooser_answers (ChooserAnswer *answer)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (answer->chooser);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) expected = NULL;

  if (folder == NULL || !g_file_equal (folder, answer->folder))
    return FALSE;
  if (answer->name == NULL)
    return TRUE;
  file = gtk_file_chooser_get_file (answer->chooser);
  expected = g_file_get_child (answer->folder, answer->name);
  return file != NULL && g_file_equal (file, expected);
}

/* Shown: a chooser that maps goes to its first folder, which would undo a
 * folder given before. */
static gboolean
chooser_shown (GtkWindow *parent)
{
  GtkWindow *chooser = ui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, parent);

  return chooser != NULL && gtk_widget_get_mapped (GTK_WIDGET (chooser));
}

static gboolean
is_closed (gpointer window)
{
  return !is_open (window);
}

/* Waits for @window to be gone from the application (or fails the test). */
static gboolean
wait_closed (gpointer window)
{
  ui_wait_until (is_closed, window);
  return TRUE;
}

/* The first position from @n on between two turns, where a file may end
 * and a correction may come. */
static guint
between_turns (guint n)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  FxState state;

  for (xq_session_get_state_at (sample, n, &state); state.spot_actor != FX_NO_PLAYER;
       xq_session_get_state_at (sample, ++n, &state))
    ;
  return n;
}

/* A window on the sample's first @n moves; its document is returned too. */
static XqWindow *
window_on_sample (guint        n,
                  XqDocument **out_document,
                  XqSession  **out_session)
{
  g_autoptr(XqSession) session = ui_sample_prefix (n);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  XqWindow *window = ui_new_window (app);

  xq_window_set_document (window, document);
  ui_settle ();
  if (out_document != NULL)
    *out_document = g_object_ref (document);
  if (out_session != NULL)
    *out_session = g_object_ref (session);
  return window;
}

static void
play_sample_move (XqSession *session)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  guint n = xq_session_get_n_moves (session);
  g_autoptr(GError) error = NULL;

  g_assert_true (xq_session_play (session, xq_session_get_move (sample, n), NULL, &error));
  g_assert_no_error (error);
}

static guint
moves_in_file (const char *path)
{
  g_autoptr(XqSession) loaded = ui_load_session (path);

  return xq_session_get_n_moves (loaded);
}

/* Asks the window to close, and answers its "Save Changes?" with @response. */
static void
close_and_answer (XqWindow   *window,
                  const char *response)
{
  AdwMessageDialog *dialog;

  gtk_window_close (GTK_WINDOW (window));
  ui_settle ();
  dialog = ADW_MESSAGE_DIALOG (ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG, GTK_WINDOW (window)));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Changes?");
  adw_message_dialog_response (dialog, response);
}

/* Without portals, GtkFileChooserNative shows a GtkFileChooserDialog: fill
 * it in as a person would and press its accept button. */
static void
answer_file_chooser (GtkWindow  *parent,
                     const char *name)
{
  g_autoptr(GFile) folder = g_file_new_for_path (tmp_dir);
  GtkWindow *chooser = NULL;

  ui_wait_until (chooser_shown, parent);
  ui_settle ();
  chooser = ui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, parent);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
  /* The chooser reads the folder on a worker; a name typed before it is in
   * would be answered for the folder it showed before. */
  ui_wait_until_named ((UiCondition) chooser_answers,
                       &(ChooserAnswer) { GTK_FILE_CHOOSER (chooser), folder, NULL }, "the chooser in the folder");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  ui_wait_until_named ((UiCondition) chooser_answers,
                       &(ChooserAnswer) { GTK_FILE_CHOOSER (chooser), folder, name }, "the chooser's answer");
  ui_settle ();
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
}

static char *
shown_text (GtkWidget *root)
{
  ui_settle ();
  return ui_collect_text (root);
}

/* -- "Save" in the close prompt ------------------------------------------ */

static void
test_close_save_closes (void)
{
  g_autoptr(XqDocument) document = NULL;
  g_autoptr(XqSession) session = NULL;
  XqWindow *window = window_on_sample (6, &document, &session);
  g_autofree char *path = g_build_filename (tmp_dir, "close-save.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  ui_save_document (document, file);
  play_sample_move (session);
  g_assert_true (xq_document_get_modified (document));

  close_and_answer (window, "save");
  g_assert_true (wait_closed (window));
  g_assert_cmpuint (moves_in_file (path), ==, 7);
}

/* A game never saved: "Save" asks where, saves there, and closes. */
static void
test_close_save_as_closes (void)
{
  g_autoptr(XqDocument) document = NULL;
  guint n = between_turns (4);
  XqWindow *window = window_on_sample (n, &document, NULL);
  g_autofree char *path = g_build_filename (tmp_dir, "close-save-as.exchequer", NULL);

  g_assert_null (xq_document_get_file (document));
  close_and_answer (window, "save");
  answer_file_chooser (GTK_WINDOW (window), "close-save-as.exchequer");
  if (!wait_closed (window))
    {
      g_autofree char *text = shown_text (GTK_WIDGET (window));

      g_error ("the window stayed open after saving; it shows:\n%s", text);
    }
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (moves_in_file (path), ==, n);
}

/* Someone changed the file since: the save is refused, the window stays
 * open, with its game and the reason shown. */
static void
test_close_save_fails_stays_open (void)
{
  g_autoptr(XqDocument) document = NULL;
  g_autoptr(XqSession) session = NULL;
  XqWindow *window = window_on_sample (6, &document, &session);
  g_autofree char *path = g_build_filename (tmp_dir, "close-fails.xqn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(XqSession) other = ui_sample_prefix (2);
  g_autofree char *other_text = xq_session_to_notation (other);
  AdwMessageDialog *error_dialog;

  ui_save_document (document, file);
  g_assert_true (g_file_set_contents (path, other_text, -1, NULL));
  play_sample_move (session);

  close_and_answer (window, "save");
  ui_settle ();
  g_assert_true (is_open (window));
  error_dialog = ADW_MESSAGE_DIALOG (ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG, GTK_WINDOW (window)));
  g_assert_nonnull (error_dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (error_dialog), ==, "The Game Could Not Be Saved");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (error_dialog), "close-fails.xqn"));
  g_assert_true (xq_document_get_modified (document));
  g_assert_cmpuint (moves_in_file (path), ==, 2);
  ui_screenshot (GTK_WIDGET (window), "close-save-failed");
  adw_message_dialog_response (error_dialog, "close");
  ui_settle ();

  /* Still the player's to close. */
  close_and_answer (window, "discard");
  g_assert_true (wait_closed (window));
}

/* -- the window's size across launches ------------------------------------ */

static void
test_size_kept (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  int width = 0, height = 0;

  g_settings_set_int (settings, "window-width", 1100);
  g_settings_set_int (settings, "window-height", 760);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  /* Four launches, as in the report: each window opens at the size the
   * last one closed with. */
  for (guint launch = 0; launch < 4; launch++)
    {
      XqWindow *window = xq_window_new (app);

      gtk_window_present (GTK_WINDOW (window));
      ui_settle ();
      if (launch == 0)
        {
          width = gtk_widget_get_width (GTK_WIDGET (window));
          height = gtk_widget_get_height (GTK_WIDGET (window));
          g_assert_cmpint (width, >, 0);
        }
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
      gtk_window_close (GTK_WINDOW (window));
      g_assert_true (wait_closed (window));
    }
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1100);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 760);

  /* A size set by the player is the next window's. */
  {
    XqWindow *window = xq_window_new (app);

    gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
    gtk_window_present (GTK_WINDOW (window));
    ui_settle ();
    width = gtk_widget_get_width (GTK_WIDGET (window));
    height = gtk_widget_get_height (GTK_WIDGET (window));
    gtk_window_close (GTK_WINDOW (window));
    g_assert_true (wait_closed (window));
    window = xq_window_new (app);
    gtk_window_present (GTK_WINDOW (window));
    ui_settle ();
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
    g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
    gtk_window_close (GTK_WINDOW (window));
    g_assert_true (wait_closed (window));
  }
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 640);
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* Closed maximized, a window keeps the size it had before, to return to,
 * and the next one opens maximized. Xvfb has no window manager to maximize
 * a window on screen; but a window maximized before it is shown (as after
 * closing one maximized) is maximized by GDK itself, no manager needed. */
static void
test_size_not_saved_maximized (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  XqWindow *window;
  int width = 0, height = 0;

  g_settings_set_int (settings, "window-width", 1000);
  g_settings_set_int (settings, "window-height", 700);
  g_settings_set_boolean (settings, "window-maximized", TRUE);
  window = xq_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  ui_settle ();
  g_assert_true (gtk_window_is_maximized (GTK_WINDOW (window)));
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1000);
  g_assert_cmpint (height, ==, 700);

  /* What a window manager's maximize does to the size GTK reports: the
   * screen's. That must not become the next unmaximized window's size. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1200);
  ui_settle ();
  g_assert_true (gtk_window_is_maximized (GTK_WINDOW (window)));
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (wait_closed (window));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1000);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 700);
  g_assert_true (g_settings_get_boolean (settings, "window-maximized"));

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "window-maximized");
}

/* -- toasts ---------------------------------------------------------------- */

static gboolean
says_exported (GtkWidget *audit)
{
  g_autofree char *text = ui_collect_text (audit);

  return strstr (text, "Report exported to") != NULL;
}

static void
test_export_toast (void)
{
  XqWindow *window = window_on_sample (20, NULL, NULL);
  g_autofree char *path = g_build_filename (tmp_dir, "standings.csv", NULL);
  g_autofree char *text = NULL;
  GtkWindow *audit;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  ui_settle ();
  audit = ui_find_toplevel (FX_TYPE_AUDIT_WINDOW, GTK_WINDOW (window));
  g_assert_nonnull (audit);
  ui_wait_audit_loaded (FX_AUDIT_WINDOW (audit));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (audit), "audit.export", NULL));
  answer_file_chooser (audit, "standings.csv");
  /* The report is written on a worker; its toast says when it is done. */
  ui_wait_until (says_exported, GTK_WIDGET (audit));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  text = shown_text (GTK_WIDGET (audit));
  if (strstr (text, "Report exported to “standings.csv”") == NULL)
    g_error ("no toast after the export; the audit window shows:\n%s", text);
  ui_screenshot (GTK_WIDGET (audit), "audit-exported");
  gtk_window_destroy (audit);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

static void
test_correction_toast (void)
{
  g_autoptr(XqDocument) document = NULL;
  g_autoptr(XqSession) session = NULL;
  XqWindow *window;
  g_autofree char *text = NULL;
  GtkWindow *dialog;
  GtkSpinButton *spin;
  /* Corrections come between turns, never after a spot. */
  guint n = between_turns (8);

  window = window_on_sample (n, &document, &session);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.correction", NULL));
  ui_settle ();
  dialog = ui_find_toplevel (FX_TYPE_CORRECTION_DIALOG, GTK_WINDOW (window));
  g_assert_nonnull (dialog);

  /* Cancelled: nothing recorded, nothing confirmed. */
  gtk_window_close (dialog);
  ui_settle ();
  text = shown_text (GTK_WIDGET (window));
  g_assert_null (strstr (text, "Correction recorded"));
  g_clear_pointer (&text, g_free);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.correction", NULL));
  ui_settle ();
  dialog = ui_find_toplevel (FX_TYPE_CORRECTION_DIALOG, GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  spin = GTK_SPIN_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (dialog), FX_TYPE_CORRECTION_DIALOG,
                                                         "amount_spin"));
  gtk_spin_button_set_value (spin, gtk_spin_button_get_value (spin) + 1);
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_template_child (GTK_WIDGET (dialog), FX_TYPE_CORRECTION_DIALOG,
                                                                      "reason_row")),
                         "a counter was knocked over");
  ui_settle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "correction.record", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, n + 1);
  text = shown_text (GTK_WIDGET (window));
  if (strstr (text, "Correction recorded") == NULL)
    g_error ("no toast after the correction; the window shows:\n%s", text);
  ui_screenshot (GTK_WIDGET (window), "correction-recorded");
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* -- the bundled sample and the name Save offers ---------------------------- */

/* The chooser Save shows: its name and folder (%NULL: the chooser's own
 * choice), then cancelled. */
static void
save_offers (XqWindow   *window,
             const char *name,
             GFile      *folder)
{
  GtkWindow *chooser;
  g_autofree char *offered = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  ui_wait_until (chooser_shown, GTK_WINDOW (window));
  ui_settle ();
  chooser = ui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, GTK_WINDOW (window));
  offered = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_cmpstr (offered, ==, name);
  if (folder != NULL)
    ui_wait_until_named ((UiCondition) chooser_answers, &(ChooserAnswer) { GTK_FILE_CHOOSER (chooser), folder, NULL },
                         "the chooser in the folder offered");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  ui_settle ();
}

/* The bundled sample opens as itself, by its name, unchanged; Save offers
 * it as a session file beside it. A game never saved is offered a name from
 * its players and date, in the Documents folder. */
static void
test_sample_and_save_name (void)
{
  g_autofree char *path = g_build_filename (EXAMPLES_DIR, "for-ex-sample.xqn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) examples = g_file_new_for_path (EXAMPLES_DIR);
  XqWindow *window = ui_new_window (app);
  XqDocument *document;
  g_autoptr(XqDocument) unsaved = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "For-Ex Agnes Bob Cynthia David %Y-%m-%d.exchequer");
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autoptr(GFile) offered = NULL;

  xq_window_open_file (window, file);
  ui_wait_until (xq_window_has_document, window);
  ui_settle ();
  document = xq_window_get_document (window);
  g_assert_false (xq_document_get_modified (document));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "for-ex-sample.xqn");
  save_offers (window, "for-ex-sample.exchequer", examples);
  /* A move makes it a changed game, still by its name. */
  xq_session_undo (xq_document_get_session (document));
  ui_settle ();
  g_assert_true (xq_document_get_modified (document));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• for-ex-sample.xqn");
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();

  window = window_on_sample (6, &unsaved, NULL);
  /* Documents, where there is one; else no folder of the app's choosing
   * (in a sandbox it could read no other path by itself). */
  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    offered = g_file_new_for_path (documents);
  save_offers (window, today, offered);
  xq_document_discard_journal (unsaved);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
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
  tmp_dir = g_dir_make_tmp ("exchequer-window-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/window/close-save-closes", test_close_save_closes);
  g_test_add_func ("/window/close-save-as-closes", test_close_save_as_closes);
  g_test_add_func ("/window/close-save-fails-stays-open", test_close_save_fails_stays_open);
  g_test_add_func ("/window/size-kept", test_size_kept);
  g_test_add_func ("/window/size-not-saved-maximized", test_size_not_saved_maximized);
  g_test_add_func ("/window/export-toast", test_export_toast);
  g_test_add_func ("/window/correction-toast", test_correction_toast);
  g_test_add_func ("/window/sample-and-save-name", test_sample_and_save_name);

  status = g_test_run ();
  test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  g_clear_object (&app);
  return status;
}
