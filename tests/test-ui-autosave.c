/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A journal that cannot be written is said aloud: the banner comes while the
 * disk is "full" (the fault shim fails every write in the journal's folder),
 * offers Save As…, and goes when writes succeed again; recovery then knows
 * the journal fell behind. */

#include "config.h"

#include <string.h>

#include "fault-shim.h"
#include "ui-support.h"
#include "xq-autosave.h"

static XqApplication *app;

/* Runs the main loop until @done holds (or fails the test). */
#define wait_until(done, data) (ui_wait_until ((done), (data)), TRUE)

static GtkWidget *
banner_of (XqWindow *window)
{
  GtkWidget *bar = ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_INFO_BAR, NULL);

  g_assert_nonnull (bar);
  return bar;
}

static gboolean
banner_shown (gpointer window)
{
  GtkWidget *bar = banner_of (window);

  return gtk_widget_get_visible (bar) && gtk_info_bar_get_revealed (GTK_INFO_BAR (bar))
         && gtk_widget_get_mapped (bar);
}

/* The banner's Save As… enabled and on screen. The info bar's revealer maps
 * its child only on the first frame of its transition, so the bar can be
 * mapped and revealed a frame before its buttons are. */
static gboolean
save_as_offered (gpointer window)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (banner_of (window), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (buttons->pdata[i]), "win.save-as") == 0
        && gtk_widget_is_sensitive (buttons->pdata[i]) && gtk_widget_get_mapped (buttons->pdata[i]))
      return TRUE;
  return FALSE;
}

static gboolean
banner_gone (gpointer window)
{
  return !gtk_widget_get_visible (banner_of (window));
}

static XqRecoverable *
listed (GPtrArray  *list,
        const char *id)
{
  for (guint i = 0; list != NULL && i < list->len; i++)
    if (g_strcmp0 (((XqRecoverable *) g_ptr_array_index (list, i))->id, id) == 0)
      return g_ptr_array_index (list, i);
  return NULL;
}

static void
test_banner_while_the_disk_is_full (void)
{
  g_autoptr(XqSession) session = ui_sample_prefix (40);
  g_autoptr(XqDocument) document = xq_document_new (session, TRUE);
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *text = NULL;
  XqAutosave *journal = xq_document_get_autosave (document);
  XqWindow *window = xq_window_new (app);
  XqRecoverable *r;
  GtkWidget *bar;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  xq_window_set_document (window, document);
  g_assert_true (xq_autosave_wait (journal, &error));
  g_assert_no_error (error);
  ui_settle ();
  bar = banner_of (window);
  g_assert_false (gtk_widget_get_visible (bar));

  /* The disk fills up: every write in the journal's folder fails from now. */
  xq_fault_arm_from (dir, FAULT_WRITE, 1);
  g_assert_true (xq_session_undo (session));
  g_assert_true (wait_until (banner_shown, window));
  text = ui_collect_text (bar);
  g_test_message ("banner: %s", text);
  g_assert_nonnull (strstr (text, "Moves are not being kept safe"));
  g_assert_nonnull (strstr (text, "the disk is full"));
  g_assert_cmpstr (xq_document_get_autosave_problem (document), ==, "the disk is full");
  ui_assert_in_view (bar, "the autosave banner", "1280×800");
  /* Its way out, named for a screen reader and enabled. */
  g_assert_true (wait_until (save_as_offered, window));
  ui_screenshot (GTK_WIDGET (window), "autosave-banner-1280x800");
  ui_resize (GTK_WINDOW (window), &ui_sizes[2]);
  g_assert_true (wait_until (banner_shown, window));
  ui_assert_in_view (bar, "the autosave banner", ui_sizes[2].name);
  ui_screenshot (GTK_WIDGET (window), "autosave-banner-360x720");

  /* Recovery would know this journal is behind the game. */
  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  r = listed (list, xq_autosave_get_id (journal));
  g_assert_nonnull (r);
  g_assert_cmpint (r->state, ==, XQ_RECOVERABLE_INCOMPLETE);
  g_assert_cmpuint (r->n_moves, ==, 40);
  g_assert_cmpuint (r->session_moves, ==, xq_session_get_n_moves (session));
  g_assert_cmpuint (r->session_moves, <, 40);

  /* Room again: the next write succeeds and the banner goes. */
  g_assert_true (xq_fault_disarm ());
  g_assert_true (xq_session_redo (session));
  g_assert_true (wait_until (banner_gone, window));
  g_assert_null (xq_document_get_autosave_problem (document));
  g_clear_pointer (&list, g_ptr_array_unref);
  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  r = listed (list, xq_autosave_get_id (journal));
  g_assert_nonnull (r);
  g_assert_cmpint (r->state, ==, XQ_RECOVERABLE_WHOLE);
  g_assert_cmpuint (r->n_moves, ==, 40);

  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* A game restored while the disk is full stays restorable: its journal is
 * the one it came from, never removed, and the banner says so at once. */
static void
test_restore_while_the_disk_is_full (void)
{
  g_autoptr(XqSession) session = ui_sample_prefix (30);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *id = NULL;
  g_autoptr(XqAutosave) left = xq_autosave_new (session, NULL, NULL);
  XqWindow *window;
  XqRecoverable *r;

  g_assert_true (xq_autosave_wait (left, &error));
  id = g_strdup (xq_autosave_get_id (left));
  /* The process that wrote it is gone (its journal is no longer live). */
  g_clear_object (&left);

  xq_fault_arm_from (dir, FAULT_WRITE, 1);
  window = ui_new_window (app);
  xq_window_restore (window, id, "crashed game");
  ui_wait_until (xq_window_has_document, window);
  g_assert_true (xq_window_has_document (window));
  g_assert_true (wait_until (banner_shown, window));

  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  r = listed (list, id);
  g_assert_nonnull (r);
  g_assert_cmpuint (r->n_moves, ==, 30);
  g_assert_true (xq_fault_disarm ());
  xq_document_discard_journal (xq_window_get_document (window));
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

  g_test_add_func ("/ui-autosave/banner-while-the-disk-is-full", test_banner_while_the_disk_is_full);
  g_test_add_func ("/ui-autosave/restore-while-the-disk-is-full", test_restore_while_the_disk_is_full);

  return ui_test_run (&app);
}
