/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A game restored from the crash journal keeps the file it belonged to, and
 * saving it there refuses to overwrite what another program wrote since. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <utime.h>

#include "test-dirs.h"
#include "ui-support.h"
#include "xq-autosave.h"
#include "xq-document.h"
#include "xq-session-file.h"
#include "xq-session-xml.h"

static XqApplication *app;

typedef struct
{
  char  *dir;
  char  *path;
  GFile *file;
} Saved;

static void
saved_clear (Saved *s)
{
  test_remove_tree (s->dir);
  g_free (s->dir);
  g_free (s->path);
  g_clear_object (&s->file);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Saved, saved_clear)

/* The game saved in a file, then changed (a note added) under a journal,
 * and the process "gone": the journal is left for the next start. */
static void
crash_after_save (Saved *s)
{
  g_autoptr(XqSession) session = ui_sample_prefix (25);
  g_autoptr(XqAutosave) journal = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *fingerprint = NULL;

  s->dir = g_dir_make_tmp ("exchequer-restore-XXXXXX", &error);
  g_assert_no_error (error);
  s->path = g_build_filename (s->dir, "evening.exchequer", NULL);
  s->file = g_file_new_for_path (s->path);
  g_assert_true (xq_session_save (session, s->file, NULL, FALSE, &fingerprint, NULL, &error));
  journal = xq_autosave_new (session, s->file, fingerprint);
  xq_session_set_comment (session, "Ben's loan marker was forgotten");
  g_assert_true (xq_autosave_wait (journal, &error));
  g_assert_no_error (error);
}

static GtkWidget *
find_restore_button (XqWindow *window)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (window), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), "_Restore") == 0)
      return g_ptr_array_index (buttons, i);
  return NULL;
}

static XqWindow *
restore (void)
{
  XqWindow *window = ui_new_window (app);
  GtkWidget *button = find_restore_button (window);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
  /* The journal is read on a worker: wait for the game to be shown. */
  ui_wait_until (xq_window_has_document, window);
  g_assert_true (xq_window_has_document (window));
  return window;
}

/* The save ended: the game is saved, or a dialog says why it was not. */
static gboolean
saved_or_refused (XqWindow *window)
{
  g_autoptr(GList) toplevels = NULL;

  if (!xq_document_get_modified (xq_window_get_document (window)))
    return TRUE;
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != (gpointer) window && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window)
        && gtk_widget_get_mapped (l->data))
      return TRUE;
  return FALSE;
}

static gboolean
shows_unreadable (XqWindow *window)
{
  g_autofree char *text = ui_collect_text (GTK_WIDGET (window));

  return strstr (text, "Cannot be read") != NULL;
}

static void
save_and_wait (XqWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  ui_wait_until (saved_or_refused, window);
  ui_settle ();
}

static void
test_restored_game_keeps_its_file (void)
{
  g_auto(Saved) s = { 0 };
  XqWindow *window;
  XqDocument *document;
  g_autoptr(XqSession) on_disk = NULL;
  g_autoptr(GError) error = NULL;

  crash_after_save (&s);
  window = restore ();
  document = xq_window_get_document (window);
  g_assert_nonnull (xq_document_get_file (document));
  g_assert_true (g_file_equal (xq_document_get_file (document), s.file));
  g_assert_true (xq_document_get_modified (document));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "evening.exchequer"));
  ui_screenshot (GTK_WIDGET (window), "restored-game");

  /* Ctrl+S saves to that file, without asking for a name. */
  save_and_wait (window);
  g_assert_false (xq_document_get_modified (document));
  on_disk = xq_session_load (s.file, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (xq_session_get_comment (on_disk), ==, "Ben's loan marker was forgotten");
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* Another program rewrote the file after the crash and kept its time. */
static void
test_restored_game_respects_later_changes (void)
{
  g_auto(Saved) s = { 0 };
  g_autoptr(XqSession) theirs = ui_sample_prefix (30);
  g_autoptr(GBytes) their_bytes = xq_session_to_xml (theirs);
  g_autofree char *now = NULL;
  g_autoptr(GError) error = NULL;
  struct stat before;
  struct utimbuf times;
  XqWindow *window;

  crash_after_save (&s);
  g_assert_no_errno (g_stat (s.path, &before));
  g_file_set_contents (s.path, g_bytes_get_data (their_bytes, NULL), (gssize) g_bytes_get_size (their_bytes), &error);
  g_assert_no_error (error);
  times.actime = before.st_atime;
  times.modtime = before.st_mtime;
  g_assert_no_errno (utime (s.path, &times));

  window = restore ();
  save_and_wait (window);
  g_assert_true (xq_document_get_modified (xq_window_get_document (window)));
  g_file_get_contents (s.path, &now, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (now, strlen (now), g_bytes_get_data (their_bytes, NULL), g_bytes_get_size (their_bytes));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The Recovered Games list says what each journal is: one that cannot be
 * read is listed with why, and offers only Discard; one whose status shows
 * the game had gone further says it is incomplete, and still restores. */
static void
test_recovered_list_says_what_each_journal_is (void)
{
  g_autoptr(XqSession) session = ui_sample_prefix (12);
  g_autoptr(XqAutosave) journal = xq_autosave_new (session, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *broken_id = g_uuid_string_random ();
  g_autofree char *broken_name = g_strconcat (broken_id, ".exchequer", NULL);
  g_autofree char *broken = g_build_filename (dir, broken_name, NULL);
  g_autofree char *status_name = NULL;
  g_autofree char *status = NULL;
  g_autofree char *record = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *id = NULL;
  XqWindow *window;
  guint broken_rows = 0, incomplete_rows = 0;

  g_assert_true (xq_autosave_wait (journal, &error));
  g_assert_no_error (error);
  id = g_strdup (xq_autosave_get_id (journal));
  /* The game went on to 13 moves, but that write never reached the disk. */
  status_name = g_strconcat (id, ".status", NULL);
  status = g_build_filename (dir, status_name, NULL);
  record = g_strdup_printf ("%-63s\n", "exchequer-journal 1 9 13 8 12");
  g_clear_object (&journal);
  g_file_set_contents (status, record, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (broken, "<session", -1, &error);
  g_assert_no_error (error);

  window = ui_new_window (app);
  ui_wait_until (shows_unreadable, window);
  text = ui_collect_text (GTK_WIDGET (window));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Cannot be read: "));
  g_assert_nonnull (strstr (text, "Incomplete: the game had reached 13 moves; this journal holds 12 moves."));
  /* The broken journal's row offers no Restore; the incomplete one's does. */
  rows = ui_find_all (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW);
  for (guint i = 0; i < rows->len; i++)
    {
      const char *subtitle = adw_action_row_get_subtitle (rows->pdata[i]);
      g_autoptr(GPtrArray) buttons = ui_find_all (rows->pdata[i], GTK_TYPE_BUTTON);
      guint restores = 0;

      for (guint b = 0; b < buttons->len; b++)
        restores += g_strcmp0 (gtk_button_get_label (buttons->pdata[b]), "_Restore") == 0;
      if (subtitle != NULL && strstr (subtitle, "Cannot be read") != NULL)
        {
          g_assert_cmpuint (restores, ==, 0);
          broken_rows++;
        }
      else if (subtitle != NULL && strstr (subtitle, "Incomplete") != NULL)
        {
          g_assert_cmpuint (restores, ==, 1);
          incomplete_rows++;
        }
    }
  g_assert_cmpuint (broken_rows, ==, 1);
  g_assert_cmpuint (incomplete_rows, ==, 1);
  ui_screenshot_light_and_dark (GTK_WIDGET (window), "recovered-games-1280x860");
  ui_resize (GTK_WINDOW (window), &ui_sizes[2]);
  ui_assert_no_sideways_scroll (GTK_WIDGET (window), ui_sizes[2].name);
  ui_screenshot_light_and_dark (GTK_WIDGET (window), "recovered-games-360x720");
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
  g_assert_true (xq_autosave_remove (id, &error));
  g_assert_true (xq_autosave_remove (broken_id, &error));
  g_assert_false (g_file_test (status, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (broken, G_FILE_TEST_EXISTS));
}

/* Restored from two windows' lists: the second is refused, the first goes
 * on in the journal alone. */
static void
test_restored_once (void)
{
  g_auto(Saved) s = { 0 };
  XqWindow *first, *second;
  GtkWidget *button;
  GtkWidget *dialog = NULL;

  crash_after_save (&s);
  second = ui_new_window (app);
  first = restore ();
  button = find_restore_button (second);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  /* The refusal is said in a dialog over the second window. */
  for (int i = 0; i < 500 && dialog == NULL; i++)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();   /* GTK's own */

      for (guint k = 0; k < g_list_model_get_n_items (toplevels) && dialog == NULL; k++)
        {
          g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, k);

          if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (GTK_WINDOW (w)) == GTK_WINDOW (second)
              && strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (w)), "restored already") != NULL)
            dialog = w;
        }
      if (dialog == NULL)
        ui_settle ();
    }
  g_assert_nonnull (dialog);
  g_assert_false (xq_window_has_document (second));
  gtk_window_destroy (GTK_WINDOW (dialog));
  xq_document_discard_journal (xq_window_get_document (first));
  gtk_window_destroy (GTK_WINDOW (first));
  gtk_window_destroy (GTK_WINDOW (second));
  ui_settle ();
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/ui-restore/keeps-its-file", test_restored_game_keeps_its_file);
  g_test_add_func ("/ui-restore/respects-later-changes", test_restored_game_respects_later_changes);
  g_test_add_func ("/ui-restore/restored-once", test_restored_once);
  g_test_add_func ("/ui-restore/recovered-list-says-what-each-journal-is",
                   test_recovered_list_says_what_each_journal_is);

  return ui_test_run (&app);
}
