/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Library window's folders: Add Folder… scans a folder into the library
 * on a worker, with its progress and Cancel at the top of the window; the
 * files it refused are listed afterwards, each with its reason, as Open
 * would give it; the folder is then watched by the application. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-application.h"
#include "xq-library.h"
#include "xq-library-window-private.h"

/* One folder being scanned, shared by the worker and the main thread (an
 * atomic reference-counted box): the worker writes the counts, the main
 * thread shows them. */
typedef struct
{
  GFile     *folder;
  char      *uri;        /* the library's location */
  GWeakRef   window;
  gint       n_done;     /* atomic */
  gint       n_found;    /* atomic; -1 while the folder is being listed */
  gint       posted;     /* atomic: an update is on its way to the main thread */
  GPtrArray *refused;    /* the worker's sentences, read once the task is over */
} Scan;

static void
scan_clear (Scan *scan)
{
  g_object_unref (scan->folder);
  g_free (scan->uri);
  g_weak_ref_clear (&scan->window);
  g_ptr_array_unref (scan->refused);
}

static void
scan_release (gpointer scan)
{
  g_atomic_rc_box_release_full (scan, (GDestroyNotify) scan_clear);
}

/* What the window holds while it lives: the template's progress row and
 * the scan under way. */
typedef struct
{
  XqLibraryWindow *window;      /* not a reference: the window owns this */
  GtkRevealer    *revealer;
  GtkLabel       *label;
  GtkProgressBar *bar;
  GCancellable   *cancellable;  /* the scan under way, NULL when none */
  Scan           *scan;
  XqLibraryWatch *watch;        /* whose news the games list follows */
  guint           reload_id;    /* one read for a burst of news */
} Folders;

static GQuark
folders_quark (void)
{
  return g_quark_from_static_string ("xq-library-window-folders");
}

static Folders *
folders_of (XqLibraryWindow *self)
{
  return g_object_get_qdata (G_OBJECT (self), folders_quark ());
}

static void
folders_free (Folders *folders)
{
  if (folders->cancellable != NULL)
    g_cancellable_cancel (folders->cancellable);
  g_clear_object (&folders->cancellable);
  g_clear_pointer (&folders->scan, scan_release);
  g_clear_handle_id (&folders->reload_id, g_source_remove);
  if (folders->watch != NULL)
    g_signal_handlers_disconnect_by_data (folders->watch, folders);
  g_clear_object (&folders->watch);
  g_free (folders);
}

static XqLibraryWatch *
watch_of (XqLibraryWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  return XQ_IS_APPLICATION (application) ? xq_application_get_library_watch (XQ_APPLICATION (application)) : NULL;
}

/**
 * _xq_library_window_dup_library_uri:
 *
 * Returns: (transfer full): where the library is, as Preferences set it:
 *   "" for the default SQLite file
 */
char *
_xq_library_window_dup_library_uri (XqLibraryWindow *self)
{
  XqLibraryWatch *watch = watch_of (self);

  return watch != NULL ? xq_library_watch_dup_uri (watch) : g_strdup ("");
}

/* -- on the worker --------------------------------------------------------- */

/* A refused file, named from the folder added, with its reason in the words
 * Open uses for it. */
static void
scan_said (GFile            *file,
           XqLibraryOutcome  outcome,
           const GError     *error,
           guint             error_line,
           gpointer          user_data)
{
  Scan *scan = user_data;
  g_autofree char *name = NULL;

  if (error == NULL)
    return;
  name = g_file_get_relative_path (scan->folder, file);
  if (name == NULL)
    name = g_file_get_parse_name (file);
  if (error_line > 0)
    {
      g_autofree char *where = g_strdup_printf (_("%s, line %u: "), name, error_line);

      g_ptr_array_add (scan->refused, g_strconcat (where, error->message, NULL));
    }
  else
    g_ptr_array_add (scan->refused, g_strdup_printf ("%s: %s", name, error->message));
}

static gboolean show_progress (gpointer user_data);

/* Told after every file; the main thread hears of it once per frame or so,
 * not ten thousand times, as an update is posted only when none is waiting. */
static void
scan_progress (guint    n_done,
               guint    n_found,
               gpointer user_data)
{
  Scan *scan = user_data;

  g_atomic_int_set (&scan->n_found, (gint) n_found);
  g_atomic_int_set (&scan->n_done, (gint) n_done);
  if (g_atomic_int_compare_and_exchange (&scan->posted, FALSE, TRUE))
    g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, show_progress, g_atomic_rc_box_acquire (scan), scan_release);
}

static void
scan_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Scan *scan = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = xq_library_open (scan->uri, &error);

  if (library == NULL || !xq_library_scan (library, scan->folder, cancellable, scan_said, scan_progress, scan, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

/* -- on the main thread ---------------------------------------------------- */

static void
update_actions (XqLibraryWindow *self)
{
  Folders *folders = folders_of (self);
  gboolean scanning = folders != NULL && folders->cancellable != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.add-folder", !scanning);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.cancel-indexing",
                                 scanning && !g_cancellable_is_cancelled (folders->cancellable));
}

static gboolean
show_progress (gpointer user_data)
{
  Scan *scan = user_data;
  g_autoptr(XqLibraryWindow) self = g_weak_ref_get (&scan->window);
  Folders *folders = self != NULL ? folders_of (self) : NULL;
  gint n_done, n_found;
  g_autofree char *text = NULL;

  g_atomic_int_set (&scan->posted, FALSE);
  if (folders == NULL || folders->scan != scan || g_cancellable_is_cancelled (folders->cancellable))
    return G_SOURCE_REMOVE;
  n_found = g_atomic_int_get (&scan->n_found);
  n_done = g_atomic_int_get (&scan->n_done);
  text = g_strdup_printf (ngettext ("Indexing %d of %d file…", "Indexing %d of %d files…", n_found), n_done, n_found);
  gtk_label_set_text (folders->label, text);
  gtk_progress_bar_set_fraction (folders->bar, n_found > 0 ? (double) n_done / n_found : 1.0);
  return G_SOURCE_REMOVE;
}

static void
hide_progress (Folders *folders)
{
  g_clear_object (&folders->cancellable);
  g_clear_pointer (&folders->scan, scan_release);
  gtk_revealer_set_reveal_child (folders->revealer, FALSE);
}

/* The files the scan refused, each with its reason; the rest are in. */
static void
show_refused (XqLibraryWindow *self,
              Scan            *scan)
{
  g_autofree char *folder = g_file_get_basename (scan->folder);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *list = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *scrolled;
  GtkWidget *label;

  heading = g_strdup_printf (ngettext ("%u File Was Not Added", "%u Files Were Not Added", scan->refused->len),
                             scan->refused->len);
  body = g_strdup_printf (_("The other games in “%s” are in the library. These files cannot be opened as games:"),
                          folder);
  g_ptr_array_add (scan->refused, NULL);
  list = g_strjoinv ("\n", (char **) scan->refused->pdata);
  g_ptr_array_remove_index (scan->refused, scan->refused->len - 1);

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  label = gtk_label_new (list);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* A folder with many broken files scrolls instead of growing past the screen. */
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 240);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
  adw_message_dialog_set_extra_child (dialog, scrolled);
  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_failure (XqLibraryWindow *self,
              const GError    *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The Folder Could Not Be Added"), error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
scan_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  XqLibraryWindow *self = XQ_LIBRARY_WINDOW (source);
  Folders *folders = folders_of (self);
  Scan *scan = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  XqLibraryWatch *watch;

  g_task_propagate_boolean (G_TASK (result), &error);
  /* The window was closed meanwhile: nothing left to show it in. */
  if (folders == NULL || folders->scan != scan)
    return;
  hide_progress (folders);
  update_actions (self);
  /* Even cancelled, the games indexed before it stopped are shown. */
  xq_library_window_reload (self);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error != NULL)
    {
      show_failure (self, error);
      return;
    }
  /* Scanned to the end: the application watches it from now on. */
  watch = watch_of (self);
  if (watch != NULL)
    xq_library_watch_add_folder (watch, scan->folder);
  if (scan->refused->len > 0)
    show_refused (self, scan);
}

static void
start_scan (XqLibraryWindow *self,
            GFile           *folder)
{
  Folders *folders = folders_of (self);
  g_autoptr(GTask) task = NULL;
  g_autofree char *name = g_file_get_basename (folder);
  g_autofree char *looking = g_strdup_printf (_("Looking for games in “%s”…"), name);
  Scan *scan = g_atomic_rc_box_new0 (Scan);

  scan->folder = g_object_ref (folder);
  scan->uri = _xq_library_window_dup_library_uri (self);
  g_weak_ref_init (&scan->window, self);
  scan->n_found = -1;
  scan->refused = g_ptr_array_new_with_free_func (g_free);
  folders->scan = scan;
  folders->cancellable = g_cancellable_new ();

  gtk_label_set_text (folders->label, looking);
  gtk_progress_bar_set_fraction (folders->bar, 0);
  gtk_revealer_set_reveal_child (folders->revealer, TRUE);
  update_actions (self);

  task = g_task_new (self, folders->cancellable, scan_done, NULL);
  g_task_set_source_tag (task, start_scan);
  g_task_set_task_data (task, g_atomic_rc_box_acquire (scan), scan_release);
  g_task_run_in_thread (task, scan_in_thread);
}

static void
folder_chosen (GtkNativeDialog *chooser,
               int              response,
               XqLibraryWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT && folders_of (self) != NULL)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (folder != NULL)
        start_scan (self, folder);
    }
  g_object_unref (chooser);
}

static void
add_folder_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Add a Folder of Games"), GTK_WINDOW (widget),
                                         GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (folder_chosen), widget, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static gboolean
reload_now (gpointer user_data)
{
  XqLibraryWindow *self = user_data;
  Folders *folders = folders_of (self);

  folders->reload_id = 0;
  xq_library_window_reload (self);
  return G_SOURCE_REMOVE;
}

/* A game saved, or dropped into a watched folder, shows in the open window
 * too; the watch's news come a file at a time, the list is read once. A
 * scan under way reads it when it ends. */
static void
watch_indexed (XqLibraryWatch *watch,
               GFile          *file,
               int             outcome,
               Folders        *folders)
{
  if (outcome == XQ_LIBRARY_UNCHANGED || folders->cancellable != NULL || folders->reload_id != 0)
    return;
  folders->reload_id = g_idle_add (reload_now, folders->window);
}

/* The application is known once the window is given to it, after init. */
static void
application_set (XqLibraryWindow *self,
                 GParamSpec      *pspec,
                 gpointer         user_data)
{
  Folders *folders = folders_of (self);
  XqLibraryWatch *watch = watch_of (self);

  if (folders == NULL || watch == folders->watch)
    return;
  if (folders->watch != NULL)
    g_signal_handlers_disconnect_by_data (folders->watch, folders);
  g_set_object (&folders->watch, watch);
  if (watch != NULL)
    g_signal_connect (watch, "indexed", G_CALLBACK (watch_indexed), folders);
}

/* The scan stops after the file it is reading: each file is indexed whole
 * or not at all. */
static void
cancel_indexing_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  XqLibraryWindow *self = XQ_LIBRARY_WINDOW (widget);
  Folders *folders = folders_of (self);

  if (folders == NULL || folders->cancellable == NULL)
    return;
  g_cancellable_cancel (folders->cancellable);
  gtk_label_set_text (folders->label, _("Stopping…"));
  update_actions (self);
}

void
_xq_library_window_folders_class_init (GtkWidgetClass *widget_class)
{
  /* Offset 0: found with gtk_widget_get_template_child (), so the main
   * file's struct needs no field for them. */
  gtk_widget_class_bind_template_child_full (widget_class, "folders_revealer", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "folders_label", FALSE, 0);
  gtk_widget_class_bind_template_child_full (widget_class, "folders_bar", FALSE, 0);
  gtk_widget_class_install_action (widget_class, "library.add-folder", NULL, add_folder_action);
  gtk_widget_class_install_action (widget_class, "library.cancel-indexing", NULL, cancel_indexing_action);
}

void
_xq_library_window_folders_init (XqLibraryWindow *self)
{
  Folders *folders = g_new0 (Folders, 1);
  GtkWidget *widget = GTK_WIDGET (self);

  folders->window = self;
  folders->revealer = GTK_REVEALER (gtk_widget_get_template_child (widget, XQ_TYPE_LIBRARY_WINDOW, "folders_revealer"));
  folders->label = GTK_LABEL (gtk_widget_get_template_child (widget, XQ_TYPE_LIBRARY_WINDOW, "folders_label"));
  folders->bar = GTK_PROGRESS_BAR (gtk_widget_get_template_child (widget, XQ_TYPE_LIBRARY_WINDOW, "folders_bar"));
  g_object_set_qdata_full (G_OBJECT (self), folders_quark (), folders, (GDestroyNotify) folders_free);
  g_signal_connect (self, "notify::application", G_CALLBACK (application_set), NULL);
  update_actions (self);
}

/* Closed while scanning: the scan stops after its file. */
void
_xq_library_window_folders_dispose (XqLibraryWindow *self)
{
  g_object_set_qdata (G_OBJECT (self), folders_quark (), NULL);
}
