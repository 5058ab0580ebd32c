/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's actions: undo and redo, open and save, moves as text, the history sidebar, a new game;
 * the game's dialogs (corrections, counts, the audit) open from xq-window-dialogs.c. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-error.h"
#include "xq-new-game-dialog.h"
#include "xq-recent.h"
#include "xq-window-private.h"

static void history_toast_no_redo (XqWindow *self);

/* Every action's sensitivity, decided in one place. */
void
xq_window_update_actions (XqWindow *self)
{
  XqSession *session = session_of (self);
  gboolean now = showing_now (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", session != NULL && now && xq_session_can_undo (session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", session != NULL && now && xq_session_can_redo (session));
  if (session == NULL || !xq_session_can_redo (session))
    history_toast_no_redo (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", session != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", session != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-moves", session != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.correction",
                                 session != NULL && now && !xq_session_get_game (session)->is_over (xq_session_get_state (session)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.count-table",
                                 session != NULL && now && self->game_ui != NULL && self->game_ui->count != NULL
                                 && !xq_session_get_game (session)->is_over (xq_session_get_state (session)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.audit", session != NULL && self->game_ui != NULL
                                 && self->game_ui->audit != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.toggle-history", session != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.view-now", session != NULL && !now);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", self->load_cancellable != NULL);
}

/* Undo and Redo say what they did in one toast, changed in place while it
 * shows: a toast dismissed and another added at once would bring back,
 * before its fade ends, one that the first had pushed aside (libadwaita 1.2
 * asserts on that). */
static void
history_toast_dismissed (AdwToast *toast,
                         XqWindow *self)
{
  if (self->history_toast == toast)
    g_clear_object (&self->history_toast);
}

static void
history_toast (XqWindow   *self,
               const char *title,
               gboolean    offer_redo)
{
  AdwToast *toast = self->history_toast;

  if (toast == NULL)
    {
      toast = adw_toast_new (title);
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      self->history_toast = g_object_ref (toast);
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (history_toast_dismissed), self, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
  else
    adw_toast_set_title (toast, title);
  adw_toast_set_button_label (toast, offer_redo ? _("_Redo") : NULL);
  adw_toast_set_action_name (toast, offer_redo ? "win.redo" : NULL);
}

/* Nothing left to redo (a move played after an undo, another game): the
 * toast keeps its words and loses its button rather than show it greyed. */
static void
history_toast_no_redo (XqWindow *self)
{
  if (self->history_toast != NULL && adw_toast_get_action_name (self->history_toast) != NULL)
    {
      adw_toast_set_button_label (self->history_toast, NULL);
      adw_toast_set_action_name (self->history_toast, NULL);
    }
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  XqWindow *self = XQ_WINDOW (widget);
  guint before = xq_session_get_n_moves (session_of (self));
  g_autofree char *title = NULL;
  guint undone;

  if (!xq_session_undo (session_of (self)))
    return;
  /* A count of the table, or a spot and its action, is one step of several
   * moves: say how many went. */
  undone = before - xq_session_get_n_moves (session_of (self));
  if (undone > 1)
    title = g_strdup_printf (ngettext ("%u move undone together", "%u moves undone together", undone), undone);
  else
    title = g_strdup (_("Move undone"));
  history_toast (self, title, TRUE);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  XqWindow *self = XQ_WINDOW (widget);
  guint before = xq_session_get_n_moves (session_of (self));
  g_autofree char *title = NULL;
  guint redone;

  if (!xq_session_redo (session_of (self)))
    return;
  redone = xq_session_get_n_moves (session_of (self)) - before;
  if (redone > 1)
    title = g_strdup_printf (ngettext ("%u move redone together", "%u moves redone together", redone), redone);
  else
    title = g_strdup (_("Move redone"));
  history_toast (self, title, xq_session_can_redo (session_of (self)));
}

static GtkFileFilter *
games_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Exchequer Games"));
  gtk_file_filter_add_mime_type (filter, "application/x-exchequer-session");
  gtk_file_filter_add_pattern (filter, "*.exchequer");
  gtk_file_filter_add_pattern (filter, "*.xqn");
  return filter;
}

static void
remember_folder (XqWindow *self,
                 GFile    *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *uri = parent != NULL ? g_file_get_uri (parent) : NULL;

  if (uri != NULL)
    g_settings_set_string (self->settings, "last-folder", uri);
}

static void
set_last_folder (XqWindow       *self,
                 GtkFileChooser *chooser)
{
  g_autofree char *uri = g_settings_get_string (self->settings, "last-folder");

  if (uri != NULL && *uri != '\0')
    {
      g_autoptr(GFile) folder = g_file_new_for_uri (uri);

      gtk_file_chooser_set_current_folder (chooser, folder, NULL);
    }
}

static void
open_response (GtkNativeDialog *dialog,
               int              response,
               XqWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      remember_folder (self, file);
      xq_window_open (self, file);
    }
  g_object_unref (dialog);
}

void
xq_window_choose_file (XqWindow *self)
{
  GtkFileChooserNative *chooser;

  g_return_if_fail (XQ_IS_WINDOW (self));

  chooser = gtk_file_chooser_native_new (_("Open a Game"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), games_filter ());
  set_last_folder (self, GTK_FILE_CHOOSER (chooser));
  g_signal_connect_object (chooser, "response", G_CALLBACK (open_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* A save under way, and how it ends: a toast, or (asked for by the close
 * prompt) the window closing once the game is safe. A failure says why and
 * leaves the window open. */
typedef struct
{
  XqWindow *window;
  gboolean  then_close;
} SaveJob;

static void
saved (GObject      *source,
       GAsyncResult *result,
       gpointer      user_data)
{
  SaveJob *job = user_data;
  g_autoptr(XqWindow) self = job->window;
  gboolean then_close = job->then_close;
  XqDocument *document = XQ_DOCUMENT (source);
  g_autoptr(GError) error = NULL;

  g_free (job);
  if (!xq_document_save_finish (document, result, &error))
    {
      if (g_error_matches (error, XQ_FILE_ERROR, XQ_FILE_ERROR_NOT_DURABLE))
        {
          xq_recent_add (xq_document_get_file (document));
          xq_window_add_to_library (self, xq_document_get_file (document));
          xq_window_show_error (self, _("The Saved Game May Not Survive a Crash"), error->message);
        }
      else
        xq_window_show_error (self, _("The Game Could Not Be Saved"), error->message);
      return;
    }
  xq_recent_add (xq_document_get_file (document));
  xq_window_add_to_library (self, xq_document_get_file (document));
  if (then_close)
    xq_window_close_later (self);
  else
    xq_window_toast (self, _("Game saved"));
}

/* Saves to @file, or to the document's own file when NULL. */
static void
start_save (XqWindow *self,
            GFile    *file,
            gboolean  then_close)
{
  SaveJob *job = g_new0 (SaveJob, 1);

  job->window = g_object_ref (self);
  job->then_close = then_close;
  xq_document_save_async (self->document, file, NULL, saved, job);
}

static void
save_as_response (GtkNativeDialog *dialog,
                  int              response,
                  XqWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->document != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      remember_folder (self, file);
      start_save (self, file, g_object_get_data (G_OBJECT (dialog), "then-close") != NULL);
    }
  g_object_unref (dialog);
}

static void
choose_file_and_save (XqWindow *self,
                      gboolean  then_close)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;

  if (self->document == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Save the Game"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), games_filter ());
  /* A name from the game, where it belongs: not "Unsaved Game" in
   * whatever folder the program was started from. */
  folder = xq_document_dup_save_folder (self->document);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  name = xq_document_dup_save_name (self->document);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data (G_OBJECT (chooser), "then-close", GINT_TO_POINTER (then_close));
  g_signal_connect_object (chooser, "response", G_CALLBACK (save_as_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
save (XqWindow *self,
      gboolean  then_close)
{
  if (self->document == NULL)
    return;
  if (xq_document_get_file (self->document) == NULL)
    choose_file_and_save (self, then_close);
  else
    start_save (self, NULL, then_close);
}

/* The close prompt's "Save". */
void
xq_window_save_then_close (XqWindow *self)
{
  g_return_if_fail (XQ_IS_WINDOW (self));

  save (self, TRUE);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  choose_file_and_save (XQ_WINDOW (widget), FALSE);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  save (XQ_WINDOW (widget), FALSE);
}

/* The game as XQN, but for the secret bids of a round in progress: those
 * lines become comments saying only who has bid (*n_hidden counts them). */
static char *
moves_as_text (XqWindow *self,
               guint    *n_hidden)
{
  XqSession *session = session_of (self);
  const XqGame *game = xq_session_get_game (session);
  GString *out;

  *n_hidden = 0;
  if (self->game_ui == NULL || self->game_ui->move_is_hidden == NULL)
    return xq_session_to_notation (session);
  out = g_string_new ("game ");
  g_string_append (out, game->id);
  g_string_append_c (out, '\n');
  game->write_header (xq_session_get_setup (session), out);
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      g_autofree char *line = NULL;

      if (self->game_ui->move_is_hidden (session, i))
        {
          g_autofree char *turn = NULL;
          g_autofree char *sentence = self->game_ui->describe_move (session, i, &turn);

          (*n_hidden)++;
          /* A sentence on one line: nothing in it may end the comment. */
          g_strdelimit (sentence, "\r\n", ' ');
          line = g_strconcat ("# ", sentence, NULL);
        }
      else
        line = xq_session_format_move (session, i);
      g_string_append (out, line);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static void
copy_moves_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  XqWindow *self = XQ_WINDOW (widget);
  g_autofree char *text = NULL;
  guint n_hidden = 0;

  if (self->document == NULL)
    return;
  text = moves_as_text (self, &n_hidden);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  if (n_hidden > 0)
    xq_window_toast (self, _("Moves copied as text, without the secret bids of the round in progress"));
  else
    xq_window_toast (self, _("Moves copied as text"));
}

static void
import_response (AdwMessageDialog *dialog,
                 const char       *response,
                 XqWindow         *self)
{
  GtkTextView *view = g_object_get_data (G_OBJECT (dialog), "text-view");
  g_autofree char *text = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqDocument) document = NULL;
  GtkTextIter start, end;
  guint line = 0;
  XqWindow *target = self;

  if (!g_str_equal (response, "import"))
    return;
  gtk_text_buffer_get_bounds (gtk_text_view_get_buffer (view), &start, &end);
  text = gtk_text_buffer_get_text (gtk_text_view_get_buffer (view), &start, &end, FALSE);
  session = xq_session_new_from_notation (text, -1, &line, &error);
  if (session != NULL && !xq_session_check_complete (session, &line, &error))
    g_clear_object (&session);
  if (session == NULL)
    {
      g_autofree char *body = line > 0 ? g_strdup_printf (_("Line %u: %s"), line, error->message)
                                       : g_strdup (error->message);

      xq_window_show_error (self, _("The Moves Could Not Be Imported"), body);
      return;
    }
  document = xq_document_new (session, g_settings_get_boolean (self->settings, "autosave"));
  if (self->document != NULL)
    {
      target = xq_window_new (XQ_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  xq_window_set_document (target, document);
}

static void
import_moves_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  XqWindow *self = XQ_WINDOW (widget);
  g_autofree char *ids = xq_game_list_ids ();
  /* TRANSLATORS: %s lists the game ids, comma-separated; “game” is XQN and stays as it is */
  g_autofree char *body = g_strdup_printf (_("Paste a game in XQN notation. Its first line is “game” and one of: %s."), ids);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Import Moves"), body);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();

  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"), -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_widget_set_size_request (scrolled, 420, 240);
  gtk_widget_add_css_class (scrolled, "card");
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "import", _("_Import"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "import", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "text-view", view);
  g_signal_connect_object (dialog, "response", G_CALLBACK (import_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Shown, the history takes width from the table, or where both do not fit,
 * the whole page. */
void
xq_window_show_history (XqWindow *self,
                        gboolean  show)
{
  if (show)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->history_view), TRUE);
      gtk_widget_set_visible (self->history_separator, TRUE);
      adw_leaflet_set_visible_child (self->history_leaflet, GTK_WIDGET (self->history_view));
    }
  else
    {
      adw_leaflet_set_visible_child_name (self->history_leaflet, "table");
      gtk_widget_set_visible (GTK_WIDGET (self->history_view), FALSE);
      gtk_widget_set_visible (self->history_separator, FALSE);
    }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->history_button), show);
}

static void
toggle_history_action_run (XqWindow *self)
{
  gboolean show = !history_shown (self);

  xq_window_show_history (self, show);
  /* Opened by its key (F9) or its button, the history is for moving
   * through: the focus goes to the row shown, not ten Tabs away. */
  if (show)
    xq_history_view_focus_row (self->history_view);
}

/* A swipe back from the history page (folded) closes it, as the button does. */
void
xq_window_history_page_changed (XqWindow *self)
{
  if (history_shown (self) && adw_leaflet_get_folded (self->history_leaflet)
      && g_strcmp0 (adw_leaflet_get_visible_child_name (self->history_leaflet), "table") == 0)
    xq_window_show_history (self, FALSE);
}

static void
toggle_history_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  toggle_history_action_run (XQ_WINDOW (widget));
}

static void
view_now_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  xq_history_view_set_position (XQ_WINDOW (widget)->history_view, G_MAXUINT);
}

static void
new_game_ready (XqNewGameDialog *dialog,
                XqSession       *session,
                XqWindow        *self)
{
  g_autoptr(XqDocument) document = xq_document_new (session, g_settings_get_boolean (self->settings, "autosave"));
  XqWindow *target = self;

  if (self->document != NULL)
    {
      target = xq_window_new (XQ_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
      gtk_window_present (GTK_WINDOW (target));
    }
  xq_window_set_document (target, document);
}

static void
new_game_of (XqWindow   *self,
             const char *game_id)
{
  XqNewGameDialog *dialog = xq_new_game_dialog_new (GTK_WINDOW (self));

  if (game_id != NULL)
    xq_new_game_dialog_set_game (dialog, game_id);
  g_signal_connect_object (dialog, "ready", G_CALLBACK (new_game_ready), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Each game's "New … Game": the dialog opens on the game named. */
static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  new_game_of (XQ_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* Each game's way in, in the registry's order: a menu item, and a button on
 * the welcome page before "Open a Game…". The shared files name no game. */
void
xq_window_add_new_game_items (XqWindow *self)
{
  GtkWidget *previous = NULL;

  for (guint g = 0; g < xq_game_ui_get_n (); g++)
    {
      const XqGameUi *ui = xq_game_ui_get_nth (g);
      g_autofree char *action = g_strdup_printf ("win.new-game::%s", ui->game ()->id);
      GtkWidget *button = g_object_new (GTK_TYPE_BUTTON, "label", _(ui->new_game_label), "use-underline", TRUE,
                                        "action-name", "win.new-game", NULL);

      g_menu_insert (self->new_game_section, (int) g, _(ui->new_game_label), action);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", ui->game ()->id);
      gtk_widget_add_css_class (button, "pill");
      gtk_widget_add_css_class (button, "suggested-action");
      gtk_box_insert_child_after (self->welcome_buttons, button, previous);
      previous = button;
    }
}

/* The shortcuts window's file with each game's "New … game" where its
 * comment says, so the file names no game. */
static GtkBuilder *
shortcuts_builder (void)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/exchequer/Exchequer/xq-shortcuts-window.ui",
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  const char *text = g_bytes_get_data (bytes, NULL);
  const char *marker = strstr (text, "<!-- new-game shortcuts");
  g_autoptr(GString) ui = g_string_new_len (text, marker != NULL ? marker - text : -1);
  g_autoptr(GError) error = NULL;
  GtkBuilder *builder = gtk_builder_new ();

  g_return_val_if_fail (marker != NULL, builder);
  for (guint g = 0; g < xq_game_ui_get_n (); g++)
    {
      const XqGameUi *ui_of_game = xq_game_ui_get_nth (g);
      g_autofree char *title = g_markup_escape_text (
        g_dpgettext2 (GETTEXT_PACKAGE, "shortcut window", ui_of_game->new_game_shortcut_title), -1);

      g_string_append_printf (ui,
                              "<child><object class=\"GtkShortcutsShortcut\">"
                              "<property name=\"title\">%s</property>"
                              "<property name=\"action-name\">win.new-game::%s</property>"
                              "</object></child>\n",
                              title, ui_of_game->game ()->id);
    }
  g_string_append (ui, marker);
  if (!gtk_builder_add_from_string (builder, ui->str, (gssize) ui->len, &error))
    g_error ("xq-shortcuts-window.ui: %s", error->message);
  return builder;
}

/* Built when first asked for, not with the window: see exchequer.gresource.xml. */
static void
show_help_overlay_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  XqWindow *self = XQ_WINDOW (widget);

  if (self->shortcuts_window == NULL)
    {
      g_autoptr(GtkBuilder) builder = shortcuts_builder ();

      self->shortcuts_window = GTK_WINDOW (g_object_ref (gtk_builder_get_object (builder, "help_overlay")));
      /* Only as the window's help overlay do the shortcuts show the keys of
       * their action-name (the application's accelerators); on their own
       * they show titles and no keys at all. */
      gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self),
                                               GTK_SHORTCUTS_WINDOW (self->shortcuts_window));
    }
  gtk_window_present (self->shortcuts_window);
}

void
xq_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.new-game", "s", new_game_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.copy-moves", NULL, copy_moves_action);
  gtk_widget_class_install_action (widget_class, "win.import-moves", NULL, import_moves_action);
  xq_window_class_add_dialog_actions (widget_class);
  gtk_widget_class_install_action (widget_class, "win.toggle-history", NULL, toggle_history_action);
  gtk_widget_class_install_action (widget_class, "win.view-now", NULL, view_now_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay_action);
}
