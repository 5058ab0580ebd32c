/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The user guide is one key away: F1 and the main menu's Help open
 * help:exchequer in the desktop's help browser. The browser here is a
 * stand-in registered for help: URIs as Yelp registers itself, so the URI
 * goes the way it goes on a desktop (GTK, then GIO's default handler), and
 * the app has no hook of its own for the test.
 *
 * With EXCHEQUER_SCREENSHOTS=1 it also draws the store's screenshots
 * (data/screenshots/: 1280×800 light and dark, a phone at 360×720). */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "ui-support.h"
#include "xq-document.h"

#define HELP_URI "help:exchequer"

static XqApplication *app;
static char *opened_path;

/* A help browser for help: URIs in the test's own XDG_DATA_HOME (set by
 * ui_application_new()): a script that writes down each URI it is given. */
static void
install_help_browser (void)
{
  g_autofree char *apps = g_build_filename (g_get_user_data_dir (), "applications", NULL);
  g_autofree char *script = g_build_filename (g_get_user_data_dir (), "fake-help-browser", NULL);
  g_autofree char *desktop = g_build_filename (apps, "exchequer-test-help.desktop", NULL);
  g_autofree char *mimeapps = g_build_filename (apps, "mimeapps.list", NULL);
  g_autofree char *script_text = NULL;
  g_autofree char *desktop_text = NULL;
  g_autoptr(GError) error = NULL;

  opened_path = g_build_filename (g_get_user_data_dir (), "opened-uris", NULL);
  g_assert_cmpint (g_mkdir_with_parents (apps, 0700), ==, 0);
  script_text = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$1\" >> '%s.part'\nmv '%s.part' '%s'\n",
                                 opened_path, opened_path, opened_path);
  g_file_set_contents (script, script_text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (script, 0755), ==, 0);
  desktop_text = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Help stand-in\n"
                                  "Exec=%s %%u\nMimeType=x-scheme-handler/help;\nNoDisplay=true\n", script);
  g_file_set_contents (desktop, desktop_text, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (mimeapps, "[Default Applications]\nx-scheme-handler/help=exchequer-test-help.desktop\n",
                       -1, &error);
  g_assert_no_error (error);
}

static gboolean
file_exists (const char *path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* What the stand-in browser was asked to open, one URI a line; then it is
 * forgotten, so the next test sees only its own. */
static char *
take_opened (void)
{
  char *contents = NULL;
  g_autoptr(GError) error = NULL;

  ui_wait_until (file_exists, opened_path);
  g_file_get_contents (opened_path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_unlink (opened_path), ==, 0);
  return contents;
}

/* -- F1 ---------------------------------------------------------------- */

static void
test_f1 (void)
{
  XqWindow *window = ui_new_window (app);
  g_auto(GStrv) actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "F1");
  g_autofree char *opened = NULL;

  /* F1 is the guide's key and nothing else's. */
  g_assert_nonnull (actions);
  g_assert_cmpstr (actions[0], ==, "app.help");
  g_assert_null (actions[1]);

  /* What pressing it does: its action, from the window the player is in. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), actions[0], NULL));
  opened = take_opened ();
  g_assert_cmpstr (opened, ==, HELP_URI "\n");

  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* -- the main menu ------------------------------------------------------ */

static void
test_menu (void)
{
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqSession) session = ui_sample_prefix (10);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  GtkWidget *menu_button;
  GMenuModel *menu;
  g_autoptr(GMenuModel) last = NULL;
  int n_sections, n_items;
  g_autofree char *label = NULL;
  g_autofree char *action = NULL;
  g_autofree char *next_action = NULL;
  g_autofree char *opened = NULL;

  xq_window_set_document (window, document);
  ui_settle ();
  menu_button = ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, NULL);
  g_assert_nonnull (menu_button);
  /* Made when first opened: made with the window, its popover and the
   * surface of its own held the launch up. */
  g_assert_null (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button)));
  menu = ui_open_main_menu (GTK_WIDGET (window));
  n_sections = g_menu_model_get_n_items (menu);
  last = g_menu_model_get_item_link (menu, n_sections - 1, G_MENU_LINK_SECTION);
  g_assert_nonnull (last);
  n_items = g_menu_model_get_n_items (last);
  g_assert_cmpint (n_items, >=, 2);

  /* "Help" comes last but one in the last section, just before About, as
   * in GNOME's own apps. */
  g_assert_true (g_menu_model_get_item_attribute (last, n_items - 2, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  g_assert_true (g_menu_model_get_item_attribute (last, n_items - 2, G_MENU_ATTRIBUTE_ACTION, "s", &action));
  g_assert_true (g_menu_model_get_item_attribute (last, n_items - 1, G_MENU_ATTRIBUTE_ACTION, "s", &next_action));
  g_assert_cmpstr (label, ==, "_Help");
  g_assert_cmpstr (action, ==, "app.help");
  g_assert_cmpstr (next_action, ==, "app.about");

  /* Chosen with a game open, it opens the guide the same way. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  opened = take_opened ();
  g_assert_cmpstr (opened, ==, HELP_URI "\n");

  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* -- the store's screenshots ---------------------------------------------- */

static void
test_store_screenshots (void)
{
  static const UiSize laptop = { 1280, 800, "1280x800" };
  static const UiSize phone = { 360, 720, "360x720" };
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqSession) session = ui_sample_prefix (60);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);

  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "Game night.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  xq_window_set_document (window, document);
  /* Saved, as a game at a table would be: the title names it, unmarked. */
  ui_save_document (document, file);

  ui_resize (GTK_WINDOW (window), &laptop);
  ui_set_dark (FALSE);
  ui_screenshot (GTK_WIDGET (window), "store-table");
  ui_set_dark (TRUE);
  ui_screenshot (GTK_WIDGET (window), "store-table-dark");
  ui_set_dark (FALSE);
  ui_resize (GTK_WINDOW (window), &phone);
  ui_screenshot (GTK_WIDGET (window), "store-phone");

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
  install_help_browser ();
  g_test_add_func ("/help/f1", test_f1);
  g_test_add_func ("/help/menu", test_menu);
  g_test_add_func ("/help/store-screenshots", test_store_screenshots);
  return ui_test_run (&app);
}
