/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqApplication: accelerators, app actions, files from the command line. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-a11y.h"
#include "xq-application.h"
#include "xq-game-ui.h"
#include "xq-library-watch.h"
#include "xq-library-window.h"
#include "xq-preferences-window.h"
#include "xq-window.h"

struct _XqApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  XqLibraryWatch *library_watch;
};

G_DEFINE_FINAL_TYPE (XqApplication, xq_application, ADW_TYPE_APPLICATION)

static XqWindow *
new_window (XqApplication *self)
{
  return xq_window_new (self);
}

/* An empty window (the welcome view) is reused rather than opening another;
 * one that is opening a file is not empty. */
static XqWindow *
reusable_window (XqApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (XQ_IS_WINDOW (l->data) && !xq_window_has_document (l->data) && xq_window_get_loading_file (l->data) == NULL)
      return l->data;
  return new_window (self);
}

static void
xq_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (new_window (XQ_APPLICATION (app)));
  gtk_window_present (window);
}

static void
xq_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      /* A second launch with a file already open comes here too. */
      GtkWindow *shown = xq_application_lookup_window (XQ_APPLICATION (app), files[i]);

      /* The window presents itself once the game is loaded: its first frame
       * is the table, not an empty page replaced a moment later. */
      if (shown != NULL)
        gtk_window_present (shown);
      else
        xq_window_open_file (reusable_window (XQ_APPLICATION (app)), files[i]);
    }
}

/* The chooser belongs to the window the player is in; which window takes
 * the file is decided once it is chosen (xq_window_open()). */
static void
open_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkWindow *active = gtk_application_get_active_window (user_data);
  XqWindow *window = XQ_IS_WINDOW (active) ? XQ_WINDOW (active) : reusable_window (user_data);

  gtk_window_present (GTK_WINDOW (window));
  xq_window_choose_file (window);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  XqApplication *self = user_data;
  XqPreferencesWindow *prefs = xq_preferences_window_new (self->settings);

  gtk_window_set_transient_for (GTK_WINDOW (prefs), gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_present (GTK_WINDOW (prefs));
}

/* One Library window for the application: asked again, it is brought
 * forward and reads the library afresh (games may have been added since). */
static void
library_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  XqApplication *self = user_data;

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (XQ_IS_LIBRARY_WINDOW (l->data))
      {
        xq_library_window_reload (l->data);
        gtk_window_present (l->data);
        return;
      }
  gtk_window_present (GTK_WINDOW (xq_library_window_new (GTK_APPLICATION (self))));
}

/* The project's pages, the same as the metainfo's homepage and bugtracker. */
#define WEBSITE   "https://github.com/exchequer/exchequer"
#define ISSUE_URL "https://github.com/exchequer/exchequer/issues"

/* What is new in this version, in AppStream's description markup: the
 * metainfo's <release> for PACKAGE_VERSION, sentence for sentence, so both
 * share their translations (test-app checks that the two agree). */
static char *
dup_release_notes (void)
{
  static const char *items[] = {
    N_("Fair Trade, the second game, from the bids to the final score"),
    N_("The end-game audit, statistics, charts and a printable PDF report"),
    N_("A review of the game that grades every turn and finds where it turned"),
    N_("Corrections for everything on the table, and counting the table after each dividend"),
    N_("A standing every player can check, a warning before a contract leaves someone short, and a suggested turn"),
    N_("German, French and Spanish translations, a window that fits a phone, and a user guide"),
  };
  GString *notes = g_string_new (NULL);
  g_autofree char *intro = g_markup_escape_text (_("Fair Trade joins For-Ex, and the books can be checked from every side:"), -1);

  g_string_append_printf (notes, "<p>%s</p><ul>", intro);
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_autofree char *item = g_markup_escape_text (_(items[i]), -1);

      g_string_append_printf (notes, "<li>%s</li>", item);
    }
  g_string_append (notes, "</ul>");
  return g_string_free (notes, FALSE);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  static const char *developers[] = { "The Exchequer developers", NULL };
  g_autofree char *debug_info = g_strdup_printf ("Exchequer %s\nGLib %u.%u.%u\nGTK %u.%u.%u\nlibadwaita %u.%u.%u\n",
                                                 PACKAGE_VERSION,
                                                 glib_major_version, glib_minor_version, glib_micro_version,
                                                 gtk_get_major_version (), gtk_get_minor_version (), gtk_get_micro_version (),
                                                 adw_get_major_version (), adw_get_minor_version (), adw_get_micro_version ());
  g_autofree char *copyright = g_strdup_printf ("© 2026 %s", _("The Exchequer developers"));
  g_autofree char *release_notes = dup_release_notes ();

  adw_show_about_window (gtk_application_get_active_window (GTK_APPLICATION (user_data)),
                         "application-name", _("Exchequer"),
                         "application-icon", APP_ID,
                         "version", PACKAGE_VERSION,
                         "developer-name", _("The Exchequer developers"),
                         "developers", developers,
                         "comments", _("Keeps the books of For-Ex and Fair Trade while you play at the table"),
                         "website", WEBSITE,
                         "issue-url", ISSUE_URL,
                         "copyright", copyright,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "release-notes-version", PACKAGE_VERSION,
                         "release-notes", release_notes,
                         "debug-info", debug_info,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

/* The user guide (help/, installed by gnome.yelp under the project's name):
 * the desktop's help browser, Yelp, handles help: URIs. */
#define HELP_URI "help:exchequer"

static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  gtk_show_uri (gtk_application_get_active_window (GTK_APPLICATION (user_data)), HELP_URI, GDK_CURRENT_TIME);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  /* Each window asks about its own unsaved game before it closes. */
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

/* Light or dark, as the players chose in Preferences; the system's choice
 * unless they did. */
static void
style_variant_changed (XqApplication *self)
{
  g_autofree char *variant = g_settings_get_string (self->settings, "style-variant");
  AdwColorScheme scheme = ADW_COLOR_SCHEME_DEFAULT;

  if (g_str_equal (variant, "light"))
    scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_str_equal (variant, "dark"))
    scheme = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
}

static const GActionEntry app_actions[] = {
  { "open", open_action },
  { "preferences", preferences_action },
  { "library", library_action },
  { "help", help_action },
  { "about", about_action },
  { "quit", quit_action },
};

/* The icon themes read on a worker while the first window is built. GTK
 * reads them on a thread of its own as it makes the display's theme, but
 * in about half the launches the window's first style (an icon in the
 * theme's CSS) found them unread and read them all again on the main
 * thread: 66 M instructions, some 8 ms of the launch (callgrind on
 * bench/launch-app: 718 M on the main thread in 8 launches of 8 with this,
 * 785 M in 4 of 10 without). GTK's icon theme takes its lock for a lookup
 * from any thread once made on the main thread, as here, and a lookup on
 * the main thread meanwhile waits for the read to end. */
static void
read_icon_themes (GTask        *task,
                  gpointer      source,
                  gpointer      theme,
                  GCancellable *cancellable)
{
  gtk_icon_theme_has_icon (theme, "image-missing");
  g_task_return_boolean (task, TRUE);
}

static void
read_icon_themes_aside (void)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);

  g_task_set_task_data (task, g_object_ref (gtk_icon_theme_get_for_display (gdk_display_get_default ())),
                        g_object_unref);
  g_task_run_in_thread (task, read_icon_themes);
}

static void
xq_application_startup (GApplication *app)
{
  XqApplication *self = XQ_APPLICATION (app);
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.open", { "<Control>o", NULL } },
    { "app.library", { "<Control><Shift>o", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.toggle-history", { "F9", NULL } },
    { "win.copy-moves", { "<Control><Shift>c", NULL } },
    { "win.import-moves", { "<Control><Shift>v", NULL } },
    { "win.correction", { "<Control>e", NULL } },
    { "win.count-table", { "<Control>k", NULL } },
    { "win.audit", { "<Control>i", NULL } },
    /* GTK adds this one only for a gtk/help-overlay.ui, which we do not ship. */
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "app.help", { "F1", NULL } },
  };

  G_APPLICATION_CLASS (xq_application_parent_class)->startup (app);
  read_icon_themes_aside ();
  xq_a11y_name_every_widget ();

  /* Here, not in init: `exchequer --help` and a remote instance's launcher
   * never start up, so they run where the schema is not installed (an
   * uninstalled build, without GSETTINGS_SCHEMA_DIR). */
  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::style-variant", G_CALLBACK (style_variant_changed), self,
                           G_CONNECT_SWAPPED);
  style_variant_changed (self);
  /* The library's folders are watched while the app runs, windows or not. */
  self->library_watch = xq_library_watch_new (self->settings);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
  /* Each game's "New … Game" has the shortcut the game names. */
  for (guint g = 0; g < xq_game_ui_get_n (); g++)
    {
      const XqGameUi *ui = xq_game_ui_get_nth (g);
      const char *game_accels[] = { ui->new_game_accel, NULL };
      g_autofree char *action = g_strdup_printf ("win.new-game::%s", ui->game ()->id);

      if (ui->new_game_accel != NULL)
        gtk_application_set_accels_for_action (GTK_APPLICATION (app), action, game_accels);
    }
}

/* --version is answered by this process, before it looks for a running
 * instance; everything else goes on as usual (-1). */
static int
xq_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("exchequer %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

static void
xq_application_dispose (GObject *object)
{
  XqApplication *self = XQ_APPLICATION (object);

  if (self->library_watch != NULL)
    xq_library_watch_stop (self->library_watch);
  g_clear_object (&self->library_watch);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (xq_application_parent_class)->dispose (object);
}

static void
xq_application_class_init (XqApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = xq_application_dispose;
  app_class->activate = xq_application_activate;
  app_class->open = xq_application_open;
  app_class->startup = xq_application_startup;
  app_class->handle_local_options = xq_application_handle_local_options;
}

static void
xq_application_init (XqApplication *self)
{
  static const GOptionEntry options[] = {
    { "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
    { NULL },
  };
  g_autofree char *summary = NULL;

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  /* TRANSLATORS: what may follow the command in `exchequer --help`; keep the brackets and the ellipsis */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  /* The About window's sentence, then what FILE may be. */
  summary = g_strdup_printf ("%s\n\n%s", _("Keeps the books of For-Ex and Fair Trade while you play at the table"),
                             _("FILE is a saved game (.exchequer) or a game written in XQN notation (.xqn)."));
  g_application_set_option_context_summary (G_APPLICATION (self), summary);
}

XqApplication *
xq_application_new (void)
{
  return g_object_new (XQ_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/exchequer/Exchequer",
                       NULL);
}

/* What identifies a file on its file system (device and inode, for a local
 * one): the same for each of its names, symbolic or hard links. */
static char *
dup_file_id (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, NULL, NULL);

  return info != NULL ? g_strdup (g_file_info_get_attribute_string (info, G_FILE_ATTRIBUTE_ID_FILE)) : NULL;
}

static gboolean
is_same_file (GFile      *file,
              const char *file_id,
              GFile      *other)
{
  g_autofree char *other_id = NULL;

  if (other == NULL)
    return FALSE;
  if (g_file_equal (file, other))
    return TRUE;
  if (file_id == NULL)
    return FALSE;
  other_id = dup_file_id (other);
  return g_strcmp0 (file_id, other_id) == 0;
}

/**
 * xq_application_lookup_window:
 * @self: the application
 * @file: a session file
 *
 * Returns: (transfer none) (nullable): the window that shows @file, under
 *   this name or another, or is opening it
 */
GtkWindow *
xq_application_lookup_window (XqApplication *self,
                              GFile         *file)
{
  g_autofree char *file_id = NULL;

  g_return_val_if_fail (XQ_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  file_id = dup_file_id (file);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      XqDocument *document;

      if (!XQ_IS_WINDOW (l->data))
        continue;
      document = xq_window_get_document (l->data);
      if (is_same_file (file, file_id, xq_window_get_loading_file (l->data))
          || (document != NULL && is_same_file (file, file_id, xq_document_get_file (document))))
        return l->data;
    }
  return NULL;
}

/**
 * xq_application_get_library_watch:
 *
 * Returns: (transfer none) (nullable): what indexes games into the club
 *   library on a worker; %NULL before the application has started up
 */
XqLibraryWatch *
xq_application_get_library_watch (XqApplication *self)
{
  g_return_val_if_fail (XQ_IS_APPLICATION (self), NULL);

  return self->library_watch;
}
