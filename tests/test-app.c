/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the application shows beside the game: the About window, with the
 * project's pages and this version's notes as the metainfo has them, and
 * the recent games, kept in the desktop's list and never the developer's. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <string.h>

#include "fx-state.h"
#include "test-dirs.h"
#include "ui-support.h"
#include "xq-recent.h"
#include "xq-session-file.h"

#define METAINFO_IN EXAMPLES_DIR "/../" APP_ID ".metainfo.xml.in"

static XqApplication *app;
static char *tmp_dir;

/* -- helpers ---------------------------------------------------------- */

/* The open ended: the game is shown, or a dialog says why it is not. */
static gboolean
opened_or_refused (XqWindow *window)
{
  return xq_window_has_document (window) || ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG, NULL) != NULL;
}

static gboolean
file_exists (const char *path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* Whitespace as markup ignores it: runs made one space, none beside a tag. */
static char *
normalize_markup (const char *markup)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = markup; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        {
          space = TRUE;
          continue;
        }
      if (space && *p != '<' && out->len > 0 && out->str[out->len - 1] != '>')
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* The first node @xpath finds in the metainfo (untranslated, as the tests run in C). */
static xmlNode *
metainfo_node (xmlDoc     *doc,
               const char *xpath)
{
  xmlXPathContext *context = xmlXPathNewContext (doc);
  xmlXPathObject *result = xmlXPathEvalExpression ((const xmlChar *) xpath, context);
  xmlNode *node = NULL;

  if (result != NULL && result->nodesetval != NULL && result->nodesetval->nodeNr > 0)
    node = result->nodesetval->nodeTab[0];
  xmlXPathFreeObject (result);
  xmlXPathFreeContext (context);
  if (node == NULL)
    g_error ("%s has no %s", METAINFO_IN, xpath);
  return node;
}

static char *
metainfo_text (xmlDoc     *doc,
               const char *xpath)
{
  xmlChar *content = xmlNodeGetContent (metainfo_node (doc, xpath));
  char *text = g_strstrip (g_strdup ((const char *) content));

  xmlFree (content);
  return text;
}

/* The markup inside @node, as AdwAboutWindow takes release notes. */
static char *
inner_markup (xmlDoc  *doc,
              xmlNode *node)
{
  xmlBuffer *buffer = xmlBufferCreate ();
  char *markup;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    xmlNodeDump (buffer, doc, child, 0, 0);
  markup = normalize_markup ((const char *) xmlBufferContent (buffer));
  xmlBufferFree (buffer);
  return markup;
}

/* -- the About window ------------------------------------------------- */

static void
test_about (void)
{
  xmlDoc *doc = xmlReadFile (METAINFO_IN, NULL, XML_PARSE_NONET);
  g_autofree char *release_xpath = g_strdup_printf ("/component/releases/release[@version='%s']/description",
                                                    PACKAGE_VERSION);
  g_autofree char *homepage = NULL;
  g_autofree char *bugtracker = NULL;
  g_autofree char *expected_notes = NULL;
  g_autofree char *notes = NULL;
  XqWindow *window = ui_new_window (app);
  AdwAboutWindow *about;

  g_assert_nonnull (doc);
  homepage = metainfo_text (doc, "/component/url[@type='homepage']");
  bugtracker = metainfo_text (doc, "/component/url[@type='bugtracker']");
  /* A version without its <release> in the metainfo fails here. */
  expected_notes = inner_markup (doc, metainfo_node (doc, release_xpath));

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  ui_settle ();
  about = ADW_ABOUT_WINDOW (ui_find_toplevel (ADW_TYPE_ABOUT_WINDOW, NULL));
  g_assert_nonnull (about);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (about)));

  g_assert_cmpstr (adw_about_window_get_application_name (about), ==, "Exchequer");
  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpstr (adw_about_window_get_website (about), ==, "https://github.com/exchequer/exchequer");
  g_assert_cmpstr (adw_about_window_get_issue_url (about), ==, "https://github.com/exchequer/exchequer/issues");
  /* Where software centres send people, the About window sends them too. */
  g_assert_cmpstr (adw_about_window_get_website (about), ==, homepage);
  g_assert_cmpstr (adw_about_window_get_issue_url (about), ==, bugtracker);
  g_assert_cmpstr (adw_about_window_get_copyright (about), ==, "© 2026 The Exchequer developers");
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);

  /* This version's notes, the metainfo's word for word. */
  g_assert_cmpstr (adw_about_window_get_release_notes_version (about), ==, PACKAGE_VERSION);
  notes = normalize_markup (adw_about_window_get_release_notes (about));
  g_assert_nonnull (strstr (notes, "<li>"));
  g_assert_cmpstr (notes, ==, expected_notes);

  ui_screenshot (GTK_WIDGET (about), "about");
  gtk_window_destroy (GTK_WINDOW (about));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
  xmlFreeDoc (doc);
}

/* -- recent games ----------------------------------------------------- */

/* The first position from @n on between two turns, where a file may end. */
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

static GFile *
write_sample (const char *name,
              guint       n_moves)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(XqSession) session = ui_sample_prefix (between_turns (n_moves));
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  GFile *file = g_file_new_for_path (path);

  /* Saved by the document alone, not a window: not a recent game yet. */
  ui_save_document (document, file);
  return file;
}

/* Whether @file is among the recent games. */
static gboolean
in_recent (GFile *file)
{
  g_autoptr(GPtrArray) recent = xq_recent_list ();

  for (guint i = 0; i < recent->len; i++)
    if (g_file_equal (recent->pdata[i], file))
      return TRUE;
  return FALSE;
}

/* A window that has opened @file, as the Open dialog would have it, and
 * drawn it: the file goes to the recent games after the window's first
 * frame of the game, not before (a launch's first frame does not wait for
 * the desktop's list); it still goes there. */
static XqWindow *
window_opening (GFile *file)
{
  XqWindow *window = ui_new_window (app);

  xq_window_open_file (window, file);
  ui_wait_until (opened_or_refused, window);
  if (!xq_window_has_document (window))
    {
      g_autofree char *text = ui_collect_text (GTK_WIDGET (window));
      GtkWindow *dialog = ui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG, NULL);

      if (dialog != NULL)
        g_error ("%s did not open: %s", g_file_peek_path (file),
                 adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)));

      g_error ("%s did not open; the window shows:\n%s", g_file_peek_path (file), text);
    }
  /* The main-loop turn that gave the window its game drew no frame yet. */
  g_assert_false (in_recent (file));
  ui_wait_until (in_recent, file);
  return window;
}

static char *
recent_names (void)
{
  g_autoptr(GPtrArray) recent = xq_recent_list ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (guint i = 0; i < recent->len; i++)
    {
      g_autofree char *name = g_file_get_basename (recent->pdata[i]);

      g_strv_builder_add (builder, name);
    }
  names = g_strv_builder_end (builder);
  return g_strjoinv (" ", names);
}

/* Gone without a trace: no journal left for the next welcome page to offer. */
static void
close_window (XqWindow *window)
{
  if (xq_window_has_document (window))
    xq_document_discard_journal (xq_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The titles of the welcome page's Recent Games rows, in order. */
static char *
welcome_rows (XqWindow   *window,
              GtkWidget **first_row)
{
  GtkWidget *list = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), XQ_TYPE_WINDOW, "recent_list");
  GtkWidget *group = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), XQ_TYPE_WINDOW, "recent_group");
  GString *titles = g_string_new (NULL);

  *first_row = gtk_widget_get_first_child (list);
  for (GtkWidget *row = *first_row; row != NULL; row = gtk_widget_get_next_sibling (row))
    g_string_append_printf (titles, "%s%s", titles->len > 0 ? " " : "",
                            adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
  /* The group is there exactly when it has rows. */
  g_assert_cmpint (gtk_widget_get_visible (group), ==, titles->len > 0);
  return g_string_free (titles, FALSE);
}

static void
assert_recent_entry (GFile      *file,
                     const char *mime_type)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autoptr(GtkRecentInfo) info = gtk_recent_manager_lookup_item (gtk_recent_manager_get_default (), uri, NULL);

  g_assert_nonnull (info);
  g_assert_cmpstr (gtk_recent_info_get_mime_type (info), ==, mime_type);
  g_assert_true (gtk_recent_info_has_application (info, XQ_RECENT_APP_NAME));
}

static gboolean
recent_b_first (gpointer data)
{
  g_autofree char *names = recent_names ();

  return g_str_has_prefix (names, "recent-b.exchequer");
}

static void
test_recent (void)
{
  g_autoptr(GFile) notation = write_sample ("recent-a.xqn", 6);
  g_autoptr(GFile) session = write_sample ("recent-b.exchequer", 8);
  g_autoptr(GFile) elsewhere = write_sample ("other-app.exchequer", 2);
  g_autofree char *xbel = g_build_filename (g_get_user_data_dir (), "recently-used.xbel", NULL);
  g_autofree char *xbel_text = NULL;
  g_autofree char *session_uri = g_file_get_uri (session);
  g_autofree char *notation_uri = g_file_get_uri (notation);
  g_autofree char *elsewhere_uri = g_file_get_uri (elsewhere);
  g_autofree char *names = NULL;
  g_autofree char *rows = NULL;
  GtkRecentData other = { NULL, NULL, (char *) "application/x-exchequer-session", (char *) "Other", (char *) "other %u", NULL, FALSE };
  XqWindow *window_a, *window_b, *welcome;
  GtkWidget *row = NULL;

  /* The tests' own list, in the temporary folder: never the developer's. */
  g_assert_true (g_str_has_prefix (g_get_user_data_dir (), g_get_tmp_dir ()));
  names = recent_names ();
  g_assert_cmpstr (names, ==, "");
  g_clear_pointer (&names, g_free);

  /* Opened: first in the list, with the file's type. */
  window_b = window_opening (session);
  window_a = window_opening (notation);
  names = recent_names ();
  g_assert_cmpstr (names, ==, "recent-a.xqn recent-b.exchequer");
  g_clear_pointer (&names, g_free);
  assert_recent_entry (notation, "text/x-xqn");
  assert_recent_entry (session, "application/x-exchequer-session");

  /* Saved: first again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window_b), "win.save", NULL));
  /* The save finishes on a worker; the list follows when it has. */
  ui_wait_until (recent_b_first, NULL);
  names = recent_names ();
  g_assert_cmpstr (names, ==, "recent-b.exchequer recent-a.xqn");
  g_clear_pointer (&names, g_free);

  /* Written where the desktop's other programs read it. */
  ui_wait_until (file_exists, xbel);
  ui_settle ();
  g_assert_true (g_file_get_contents (xbel, &xbel_text, NULL, NULL));
  g_assert_nonnull (strstr (xbel_text, session_uri));
  g_assert_nonnull (strstr (xbel_text, notation_uri));
  close_window (window_a);
  close_window (window_b);
  ui_settle ();

  /* Another program's game, and a game deleted since, are not offered. */
  g_assert_true (gtk_recent_manager_add_full (gtk_recent_manager_get_default (), elsewhere_uri, &other));
  g_assert_no_errno (g_remove (g_file_peek_path (notation)));
  names = recent_names ();
  g_assert_cmpstr (names, ==, "recent-b.exchequer");

  /* The welcome page lists what is left, and a row opens its game. */
  welcome = ui_new_window (app);
  rows = welcome_rows (welcome, &row);
  g_assert_cmpstr (rows, ==, "recent-b.exchequer");
  g_assert_true (gtk_widget_get_mapped (row));
  ui_screenshot (GTK_WIDGET (welcome), "welcome-recent");
  g_signal_emit_by_name (row, "activated");
  ui_wait_until (xq_window_has_document, welcome);
  g_assert_true (xq_window_has_document (welcome));
  g_assert_true (g_file_equal (xq_document_get_file (xq_window_get_document (welcome)), session));
  close_window (welcome);
}

/* More than the list holds: the newest XQ_RECENT_MAX, newest first. */
static void
test_recent_capped (void)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) recent = NULL;

  for (guint i = 0; i < XQ_RECENT_MAX + 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("capped-%02u.xqn", i);
      GFile *file = write_sample (name, 2);

      xq_recent_add (file);
      g_ptr_array_add (files, file);
    }
  recent = xq_recent_list ();
  g_assert_cmpuint (recent->len, ==, XQ_RECENT_MAX);
  for (guint i = 0; i < XQ_RECENT_MAX; i++)
    g_assert_true (g_file_equal (recent->pdata[i], files->pdata[files->len - 1 - i]));
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
  tmp_dir = g_dir_make_tmp ("exchequer-app-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/app/about", test_about);
  g_test_add_func ("/app/recent", test_recent);
  g_test_add_func ("/app/recent-capped", test_recent_capped);

  status = g_test_run ();
  test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  g_clear_object (&app);
  return status;
}
