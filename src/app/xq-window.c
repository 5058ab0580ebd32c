/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqWindow: switching between welcome and game, the title, history browsing,
 * closing with unsaved changes, files dropped on the window. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-a11y.h"
#include "xq-recent.h"
#include "xq-width-first-layout.h"
#include "xq-window-private.h"

G_DEFINE_FINAL_TYPE (XqWindow, xq_window, ADW_TYPE_APPLICATION_WINDOW)

/* A load that takes longer shows what is opening, with a way to cancel it. */
#define LOAD_PROGRESS_DELAY_MS 1000

static void fill_welcome_when_shown (XqWindow *self);

static void
update_title (XqWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  const XqGame *game;

  if (self->document == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Exchequer"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Exchequer"));
      return;
    }
  name = xq_document_dup_title (self->document);
  /* The dot marks unsaved changes, as in GNOME Text Editor. */
  title = xq_document_get_modified (self->document) ? g_strdup_printf ("• %s", name) : g_strdup (name);
  game = xq_session_get_game (xq_document_get_session (self->document));
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, _(game->display_name));
  gtk_window_set_title (GTK_WINDOW (self), title);
}

/* Browsing the history shows the table as it was; "now" is G_MAXUINT. */
static void
history_position_changed (XqWindow *self)
{
  guint position = xq_history_view_get_position (self->history_view);
  gboolean past = position != G_MAXUINT;

  if (self->game_view != NULL)
    self->game_ui->set_position (self->game_view, position);
  gtk_revealer_set_reveal_child (self->past_revealer, past);
  if (past)
    {
      g_autofree char *text = NULL;

      if (position == 0)
        text = g_strdup (_("Showing the table at the start of the game. Moves cannot be recorded here."));
      else
        text = g_strdup_printf (_("Showing the table after move %u. Moves cannot be recorded here."), position);
      gtk_label_set_text (self->past_label, text);
    }
  xq_window_update_actions (self);
}

/* While the journal cannot be written the player is told, and offered the
 * way to keep the game: a crash now would lose the moves since. */
static void
update_autosave_bar (XqWindow *self)
{
  const char *problem = self->document != NULL ? xq_document_get_autosave_problem (self->document) : NULL;

  if (problem != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Moves are not being kept safe: the autosave journal cannot be written, %s. Save the game to keep it."),
                                               problem);

      gtk_label_set_text (self->autosave_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->autosave_bar), problem != NULL);
  gtk_info_bar_set_revealed (self->autosave_bar, problem != NULL);
}

/* The core may read games this window has no page for. */
static gboolean
can_show (XqWindow   *self,
          XqDocument *document)
{
  const XqGame *game = xq_session_get_game (xq_document_get_session (document));
  g_autofree char *body = NULL;

  if (xq_game_ui_lookup (game->id) != NULL)
    return TRUE;
  body = g_strdup_printf (_("This is a game of %s, which this version of Exchequer cannot show in a window yet. exchequer-cli can check, replay and score it."),
                          _(game->display_name));
  xq_window_show_error (self, _("The Game Cannot Be Shown"), body);
  return FALSE;
}

void
xq_window_set_document (XqWindow   *self,
                        XqDocument *document)
{
  XqSession *session;

  g_return_if_fail (XQ_IS_WINDOW (self));
  g_return_if_fail (XQ_IS_DOCUMENT (document));

  if (!can_show (self, document))
    {
      xq_document_discard_journal (document);
      if (self->document == NULL)
        gtk_stack_set_visible_child_name (self->stack, "welcome");
      fill_welcome_when_shown (self);
      return;
    }

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  session = xq_document_get_session (document);

  g_signal_connect_object (document, "notify::modified", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::file", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::autosave-problem", G_CALLBACK (update_autosave_bar), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::n-moves", G_CALLBACK (xq_window_update_actions), self,
                           G_CONNECT_SWAPPED);

  self->game_ui = xq_game_ui_lookup (xq_session_get_game (session)->id);
  if (self->game_view != NULL)
    gtk_box_remove (self->game_box, self->game_view);
  self->game_view = self->game_ui->new_view ();
  gtk_widget_set_vexpand (self->game_view, TRUE);
  gtk_box_append (self->game_box, self->game_view);
  xq_history_view_set_session (self->history_view, session);
  self->game_ui->set_session (self->game_view, session);
  gtk_stack_set_visible_child_name (self->stack, "game");
  gtk_widget_set_visible (self->undo_button, TRUE);
  gtk_widget_set_visible (self->redo_button, TRUE);
  gtk_widget_set_visible (self->history_button, TRUE);
  update_title (self);
  update_autosave_bar (self);
  xq_window_update_actions (self);
  /* The last game's audit made ahead goes; one on screen stays, on its game. */
  xq_window_prepare_audit_soon (self);
}

/* One load of a file into the window. Its result is dropped if the window
 * has given up on it meanwhile: cancelled, or another file asked for. */
typedef struct
{
  XqWindow     *window;
  GCancellable *cancellable;
} Load;

static void
load_free (Load *load)
{
  g_object_unref (load->window);
  g_object_unref (load->cancellable);
  g_free (load);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Load, load_free)

/* The window no longer waits for a file. */
static void
end_load (XqWindow *self)
{
  g_clear_handle_id (&self->load_progress_id, g_source_remove);
  g_clear_object (&self->load_cancellable);
  g_clear_object (&self->loading_file);
  g_clear_pointer (&self->loading_title, g_free);
  g_clear_pointer (&self->loading_title, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->loading_page), FALSE);
  xq_window_update_actions (self);
}

/* What the window showed before the load: its game, or the welcome view. */
static void
show_page_before_load (XqWindow *self)
{
  gtk_stack_set_visible_child_name (self->stack, self->document != NULL ? "game" : "welcome");
  fill_welcome_when_shown (self);
}

/* The load has taken a while: say what is opening, and offer the way out.
 * A window opened from the command line is shown from now on. */
static gboolean
show_load_progress (gpointer user_data)
{
  XqWindow *self = user_data;
  g_autofree char *title = g_strdup_printf (_("Opening “%s”…"), self->loading_title);

  self->load_progress_id = 0;
  adw_status_page_set_title (self->loading_page, title);
  gtk_widget_set_visible (GTK_WIDGET (self->loading_page), TRUE);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  gtk_window_present (GTK_WINDOW (self));
  return G_SOURCE_REMOVE;
}

static void
cancel_load_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  XqWindow *self = XQ_WINDOW (widget);

  if (self->load_cancellable == NULL)
    return;
  g_cancellable_cancel (self->load_cancellable);
  end_load (self);
  show_page_before_load (self);
}

/* The load's end: the document shown, or the error said. Returns FALSE
 * when the window had given up on the load. */
static gboolean
finish_load (Load         *load,
             XqDocument   *document,
             const char   *heading,
             const GError *error)
{
  XqWindow *self = load->window;

  if (load->cancellable != self->load_cancellable)
    {
      /* Given up on: no game replaced, no error shown, no journal left. */
      if (document != NULL)
        xq_document_discard_journal (document);
      return FALSE;
    }
  end_load (self);
  if (document == NULL)
    {
      show_page_before_load (self);
      gtk_window_present (GTK_WINDOW (self));
      xq_window_show_error (self, heading, error->message);
      return FALSE;
    }
  xq_window_set_document (self, document);
  gtk_window_present (GTK_WINDOW (self));
  return TRUE;
}

/* A file just opened goes to the recent games and the club library once
 * the window has drawn it: the desktop's list of recent files is read
 * whole on its first use (every program's, hundreds of entries on a
 * player's laptop) and the library is given a file to watch, neither of
 * which the first frame of the game needs. */
typedef struct
{
  XqWindow *window;
  GFile    *file;
} Opened;

static void
opened_free (Opened *opened)
{
  g_object_unref (opened->window);
  g_object_unref (opened->file);
  g_free (opened);
}

static gboolean
remember_opened (gpointer user_data)
{
  Opened *opened = user_data;

  xq_recent_add (opened->file);
  xq_window_add_to_library (opened->window, opened->file);
  return G_SOURCE_REMOVE;
}

static Opened *
opened_new (XqWindow *window,
            GFile    *file)
{
  Opened *opened = g_new0 (Opened, 1);

  opened->window = g_object_ref (window);
  opened->file = g_object_ref (file);
  return opened;
}

static void
remember_soon (Opened *opened)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, remember_opened, opened, (GDestroyNotify) opened_free);
}

/* Out of the frame clock's turn: the frame is on screen, and this is no
 * part of it. (Disconnected, the handler frees its own copy.) */
static void
opened_drawn (GdkFrameClock *clock,
              Opened        *opened)
{
  remember_soon (opened_new (opened->window, opened->file));
  g_signal_handlers_disconnect_by_func (clock, opened_drawn, opened);
}

static void
remember_after_frame (XqWindow *self,
                      GFile    *file)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  /* Presented, the window has its clock; should it have none, there is no
   * frame to wait for. A window destroyed before it draws drops the file
   * with its clock. */
  if (clock != NULL)
    g_signal_connect_data (clock, "after-paint", G_CALLBACK (opened_drawn), opened_new (self, file),
                           (GClosureNotify) opened_free, 0);
  else
    remember_soon (opened_new (self, file));
}

static void
loaded (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(Load) load = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqDocument) document = xq_document_load_finish (result, &error);
  g_autoptr(GFile) file = NULL;

  if (load->window->loading_file != NULL)
    file = g_object_ref (load->window->loading_file);
  /* The file opened, even a notation file the game was imported from (the
   * document then has no file of its own): it is what the player picked. */
  if (finish_load (load, document, _("The Game Could Not Be Opened"), error) && file != NULL)
    remember_after_frame (load->window, file);
}

static void
restored (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(Load) load = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqDocument) document = xq_document_restore_finish (result, &error);

  finish_load (load, document, _("The Game Could Not Be Recovered"), error);
}

/**
 * xq_window_add_to_library:
 * @file: (nullable): a game file just opened or saved here
 *
 * The club library reads it on a worker: the window never waits for it,
 * and a library that cannot be opened only says so in the log.
 */
void
xq_window_add_to_library (XqWindow *self,
                          GFile    *file)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  XqLibraryWatch *watch = XQ_IS_APPLICATION (application)
                            ? xq_application_get_library_watch (XQ_APPLICATION (application)) : NULL;

  if (file != NULL && watch != NULL)
    xq_library_watch_add_file (watch, file);
}

/* The window waits for a document, titled @title while it does. */
static Load *
begin_load (XqWindow   *self,
            GFile      *file,
            const char *title)
{
  Load *load;

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  end_load (self);
  self->load_cancellable = g_cancellable_new ();
  self->loading_file = file != NULL ? g_object_ref (file) : NULL;
  self->loading_title = g_strdup (title);
  self->load_progress_id = g_timeout_add (LOAD_PROGRESS_DELAY_MS, show_load_progress, self);
  /* Blank until then, rather than a welcome view replaced a moment later. */
  if (self->document == NULL)
    gtk_stack_set_visible_child_name (self->stack, "loading");
  xq_window_update_actions (self);

  load = g_new0 (Load, 1);
  load->window = g_object_ref (self);
  load->cancellable = g_object_ref (self->load_cancellable);
  return load;
}

void
xq_window_open_file (XqWindow *self,
                     GFile    *file)
{
  g_autofree char *name = NULL;
  Load *load;

  g_return_if_fail (XQ_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  name = g_file_get_basename (file);
  load = begin_load (self, file, name);
  xq_document_load_async (file, g_settings_get_boolean (self->settings, "autosave"), load->cancellable, loaded, load);
}

/**
 * xq_window_restore:
 * @self: an empty window
 * @journal_id: the autosave journal a crash left
 * @title: what the game is called in the list of recovered games
 *
 * Reads the journal off the main thread, then shows the game, which goes on
 * being journalled where it was (xq_document_new_restored()).
 */
void
xq_window_restore (XqWindow   *self,
                   const char *journal_id,
                   const char *title)
{
  Load *load;

  g_return_if_fail (XQ_IS_WINDOW (self));
  g_return_if_fail (journal_id != NULL);

  load = begin_load (self, NULL, title);
  xq_document_restore_async (journal_id, g_settings_get_boolean (self->settings, "autosave"), load->cancellable,
                             restored, load);
}

/**
 * xq_window_open:
 * @self: the window the player asked from
 * @file: the file chosen, dropped or picked from the recent games
 *
 * Opens @file for the player. The window that already shows it, or is
 * opening it, comes forward instead: two windows on one file would write
 * over each other's moves. Otherwise this window takes it if it is empty,
 * a new one if not.
 */
void
xq_window_open (XqWindow *self,
                GFile    *file)
{
  XqApplication *app;
  GtkWindow *shown;
  XqWindow *target = self;

  g_return_if_fail (XQ_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  app = XQ_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  shown = xq_application_lookup_window (app, file);
  if (shown != NULL)
    {
      gtk_window_present (shown);
      return;
    }
  if (self->document != NULL || self->load_cancellable != NULL)
    {
      target = xq_window_new (app);
      gtk_window_present (GTK_WINDOW (target));
    }
  xq_window_open_file (target, file);
}

/* The file the window is opening, or NULL. */
GFile *
xq_window_get_loading_file (XqWindow *self)
{
  g_return_val_if_fail (XQ_IS_WINDOW (self), NULL);

  return self->loading_file;
}

gboolean
xq_window_has_document (XqWindow *self)
{
  g_return_val_if_fail (XQ_IS_WINDOW (self), FALSE);

  return self->document != NULL;
}

XqDocument *
xq_window_get_document (XqWindow *self)
{
  g_return_val_if_fail (XQ_IS_WINDOW (self), NULL);

  return self->document;
}

void
xq_window_toast (XqWindow   *self,
                 const char *title)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (title));
}

void
xq_window_show_error (XqWindow   *self,
                      const char *heading,
                      const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Closes the window once the dialog that asked has finished and gone: closing
 * it from inside the dialog's response would destroy the dialog's parent
 * while the dialog is still emitting. */
static gboolean
close_when_idle (gpointer user_data)
{
  XqWindow *self = user_data;

  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

void
xq_window_close_later (XqWindow *self)
{
  g_idle_add (close_when_idle, g_object_ref (self));
}

/* "Save" saves, asking where for a game never saved, and closes once the
 * game is safe; a failed save leaves the window open and says why. */
static void
close_response (AdwMessageDialog *dialog,
                const char       *response,
                XqWindow         *self)
{
  if (g_str_equal (response, "discard"))
    xq_window_close_later (self);
  else if (g_str_equal (response, "save"))
    xq_window_save_then_close (self);
}

/* The size to open the next window at: the default size, which follows the
 * player's resizing and leaves out the frame's shadow (the allocation does
 * not). Maximized, the size it had before is kept, to return to. */
static void
save_size (XqWindow *self)
{
  GtkWindow *window = GTK_WINDOW (self);
  gboolean maximized = gtk_window_is_maximized (window);
  int width = 0, height = 0;

  g_settings_set_boolean (self->settings, "window-maximized", maximized);
  if (maximized || gtk_window_is_fullscreen (window))
    return;
  gtk_window_get_default_size (window, &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
}

static gboolean
xq_window_close_request (GtkWindow *window)
{
  XqWindow *self = XQ_WINDOW (window);
  GtkWidget *dialog;
  g_autofree char *name = NULL;

  save_size (self);

  if (self->document == NULL || self->close_confirmed || !xq_document_get_modified (self->document))
    {
      if (self->document != NULL)
        xq_document_discard_journal (self->document);
      return GTK_WINDOW_CLASS (xq_window_parent_class)->close_request (window);
    }

  name = xq_document_dup_title (self->document);
  dialog = adw_message_dialog_new (window, _("Save Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has moves that are not saved. Closing without saving loses them."),
                                  name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static gboolean
file_dropped (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              XqWindow      *self)
{
  GSList *files = g_value_get_boxed (value);

  for (GSList *l = files; l != NULL; l = l->next)
    xq_window_open (self, l->data);
  return files != NULL;
}

static void
large_text_changed (XqWindow *self)
{
  if (g_settings_get_boolean (self->settings, "large-text"))
    gtk_widget_add_css_class (GTK_WIDGET (self), "large-text");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "large-text");
}

/* The welcome lists read settings and every autosave journal: only worth it
 * when the welcome view is what the player sees, not when a file is opening. */
static void
fill_welcome_when_shown (XqWindow *self)
{
  if (self->document == NULL && self->load_cancellable == NULL && !self->welcome_filled)
    {
      self->welcome_filled = TRUE;
      adw_status_page_set_icon_name (self->welcome_page, APP_ID);
      xq_window_fill_welcome (self);
    }
}

static void
xq_window_dispose (GObject *object)
{
  XqWindow *self = XQ_WINDOW (object);

  /* A load still under way finds the window gone from it (loaded()). */
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  g_clear_object (&self->loading_file);
  g_clear_pointer (&self->loading_title, g_free);
  g_clear_handle_id (&self->load_progress_id, g_source_remove);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->history_toast);
  if (self->shortcuts_window != NULL)
    gtk_window_destroy (self->shortcuts_window);
  g_clear_object (&self->shortcuts_window);
  xq_window_forget_audit (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), XQ_TYPE_WINDOW);
  G_OBJECT_CLASS (xq_window_parent_class)->dispose (object);
}

/* Not in init: GtkWindow:maximized is a construct property, set to FALSE
 * after init has run, which would undo a maximize from there. */
static void
xq_window_constructed (GObject *object)
{
  XqWindow *self = XQ_WINDOW (object);

  G_OBJECT_CLASS (xq_window_parent_class)->constructed (object);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
xq_window_class_init (XqWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = xq_window_constructed;
  object_class->dispose = xq_window_dispose;
  window_class->close_request = xq_window_close_request;

  g_type_ensure (XQ_TYPE_HISTORY_VIEW);
  g_type_ensure (XQ_TYPE_WIDTH_FIRST_LAYOUT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-window.ui");
  gtk_widget_class_bind_template_child (widget_class, XqWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, history_button);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, history_leaflet);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, history_separator);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, autosave_bar);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, autosave_label);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, past_revealer);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, past_label);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, game_box);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, welcome_page);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, welcome_buttons);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, new_game_section);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, recent_group);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, recovered_group);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, recovered_list);
  gtk_widget_class_bind_template_child (widget_class, XqWindow, loading_page);

  xq_window_class_add_actions (widget_class);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, cancel_load_action);
}

/* The main menu's popover, made when it is first opened (F10 or a click):
 * its some eighty widgets made with the window held up the launch. It is
 * named for screen readers as it maps, as everything shown is
 * (xq_a11y_name_every_widget()). */
static void
make_primary_menu (GtkMenuButton *button,
                   gpointer       data)
{
  XqWindow *self = data;

  gtk_menu_button_set_create_popup_func (button, NULL, NULL, NULL);
  gtk_menu_button_set_menu_model (button, self->primary_menu);
}

static void
xq_window_init (XqWindow *self)
{
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, make_primary_menu, self, NULL);
  xq_window_add_new_game_items (self);
  /* Read out as "Open a Game…", not "_Open a Game… Open a Game…". */
  xq_a11y_name_all_below (GTK_WIDGET (self));
  self->settings = g_settings_new (APP_ID);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));

  g_signal_connect_object (self->settings, "changed::large-text", G_CALLBACK (large_text_changed), self,
                           G_CONNECT_SWAPPED);
  large_text_changed (self);

  g_signal_connect_object (self->history_leaflet, "notify::visible-child", G_CALLBACK (xq_window_history_page_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history_view, "notify::position", G_CALLBACK (history_position_changed), self,
                           G_CONNECT_SWAPPED);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (drop, "drop", G_CALLBACK (file_dropped), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect (self, "map", G_CALLBACK (fill_welcome_when_shown), NULL);
  xq_window_update_actions (self);
}

XqWindow *
xq_window_new (XqApplication *application)
{
  return g_object_new (XQ_TYPE_WINDOW, "application", application, NULL);
}
