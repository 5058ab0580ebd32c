/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Library window: the club library's games and players, read on a
 * worker (the library's calls block on the database), and a player's page
 * that slides in over them. Looking never creates a library: with no file
 * the window says how to make one. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-library.h"
#include "xq-library-game.h"
#include "xq-library-games-page.h"
#include "xq-library-player.h"
#include "xq-library-player-page.h"
#include "xq-library-players-page.h"
#include "xq-library-window.h"
#include "xq-library-window-private.h"

struct _XqLibraryWindow
{
  AdwWindow             parent_instance;

  /* The Add Folder… button goes at the header bar's end, the indexing
   * progress at the top of the content box (xq-library-window-folders.c). */
  GtkBox               *content_box;
  AdwHeaderBar         *header_bar;
  GtkWidget            *back_button;
  GtkStack             *title_stack;
  GtkStack             *stack;
  GtkSpinner           *spinner;
  AdwStatusPage        *error_page;
  AdwLeaflet           *leaflet;
  AdwViewStack         *view_stack;
  XqLibraryGamesPage   *games_page;
  XqLibraryPlayersPage *players_page;
  XqLibraryPlayerPage  *player_page;

  GCancellable         *cancellable;  /* the read under way */
};

G_DEFINE_FINAL_TYPE (XqLibraryWindow, xq_library_window, ADW_TYPE_WINDOW)

/* What the worker made of the library's rows. */
typedef struct
{
  GPtrArray *games;    /* XqLibraryGame, newest first */
  GPtrArray *players;  /* XqLibraryPlayer, by name */
} LibraryRead;

static void
library_read_free (LibraryRead *read)
{
  g_ptr_array_unref (read->games);
  g_ptr_array_unref (read->players);
  g_free (read);
}

/* The header follows what is shown: the window's name alone with no games,
 * the pages' switcher over the lists, the player's name and a back button
 * over their page. */
static void
update_header (XqLibraryWindow *self)
{
  gboolean listed = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "games") == 0;
  gboolean on_player = listed && adw_leaflet_get_visible_child (self->leaflet) == GTK_WIDGET (self->player_page);

  gtk_widget_set_visible (self->back_button, on_player);
  gtk_stack_set_visible_child_name (self->title_stack, !listed ? "plain" : on_player ? "player" : "pages");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "library.back", on_player);
}

static void
read_library (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  const char *library_uri = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = xq_library_open_existing (library_uri, &error);
  g_autoptr(GPtrArray) results = NULL;
  LibraryRead *read;

  if (library == NULL && error != NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* No library yet: nothing to list, and nothing made by looking. */
  if (library == NULL)
    results = g_ptr_array_new ();
  else if ((results = xq_library_list_results (library, &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  read = g_new0 (LibraryRead, 1);
  read->games = xq_library_game_list_from_results (results);
  read->players = xq_library_player_list_from_results (results);
  g_task_return_pointer (task, read, (GDestroyNotify) library_read_free);
}

static void
library_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  LibraryRead *read = g_task_propagate_pointer (G_TASK (result), &error);
  XqLibraryWindow *self = XQ_LIBRARY_WINDOW (source);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  gtk_spinner_stop (self->spinner);
  if (read == NULL)
    {
      adw_status_page_set_description (self->error_page, error->message);
      gtk_stack_set_visible_child_name (self->stack, "error");
      update_header (self);
      return;
    }
  xq_library_games_page_set_games (self->games_page, read->games);
  xq_library_players_page_set_players (self->players_page, read->players);
  /* A merge or a split changes the record the player's page shows. */
  if (adw_leaflet_get_visible_child (self->leaflet) == GTK_WIDGET (self->player_page))
    xq_library_player_page_show_player (self->player_page, xq_library_player_page_get_name (self->player_page));
  gtk_stack_set_visible_child_name (self->stack, read->games->len > 0 ? "games" : "empty");
  update_header (self);
  library_read_free (read);
}

/* Where the library is, as Preferences set it ("" for the default SQLite
 * file, or a club's shared server): every read, merge and split of the
 * window goes there. */
static char *
dup_library_uri (XqLibraryWindow *self)
{
  return _xq_library_window_dup_library_uri (self);
}

/**
 * xq_library_window_reload:
 *
 * Reads the library again on a worker; the window shows that it is reading.
 */
void
xq_library_window_reload (XqLibraryWindow *self)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *library_uri = NULL;

  g_return_if_fail (XQ_IS_LIBRARY_WINDOW (self));

  library_uri = dup_library_uri (self);
  xq_library_player_page_set_library_uri (self->player_page, library_uri);
  xq_library_players_page_set_library_uri (self->players_page, library_uri);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  /* The first read shows a spinner; a read again keeps the lists in view
   * until the new ones are there. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "games") != 0)
    {
      gtk_spinner_start (self->spinner);
      gtk_stack_set_visible_child_name (self->stack, "loading");
      update_header (self);
    }
  task = g_task_new (self, self->cancellable, library_read, NULL);
  g_task_set_source_tag (task, xq_library_window_reload);
  g_task_set_task_data (task, g_steal_pointer (&library_uri), g_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, read_library);
}

static void
show_player (XqLibraryWindow *self,
             const char      *name)
{
  xq_library_player_page_show_player (self->player_page, name);
  adw_leaflet_set_visible_child (self->leaflet, GTK_WIDGET (self->player_page));
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  XqLibraryWindow *self = XQ_LIBRARY_WINDOW (widget);

  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

/* Ctrl+F finds in the list shown: games by player, or players; from a
 * player's page, back to the list first. */
static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  XqLibraryWindow *self = XQ_LIBRARY_WINDOW (widget);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "games") != 0)
    return;
  adw_leaflet_set_visible_child_name (self->leaflet, "lists");
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "players") == 0)
    xq_library_players_page_focus_search (self->players_page);
  else
    xq_library_games_page_focus_search (self->games_page);
}

static void
xq_library_window_dispose (GObject *object)
{
  XqLibraryWindow *self = XQ_LIBRARY_WINDOW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  _xq_library_window_folders_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), XQ_TYPE_LIBRARY_WINDOW);
  G_OBJECT_CLASS (xq_library_window_parent_class)->dispose (object);
}

static void
xq_library_window_class_init (XqLibraryWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_library_window_dispose;

  /* Back from a player's page, as the button, Alt+Left and Escape do. */
  gtk_widget_class_install_action (widget_class, "library.back", NULL, back_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "library.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "library.back", NULL);
  gtk_widget_class_install_action (widget_class, "library.find", NULL, find_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "library.find", NULL);

  g_type_ensure (XQ_TYPE_LIBRARY_GAMES_PAGE);
  g_type_ensure (XQ_TYPE_LIBRARY_PLAYERS_PAGE);
  g_type_ensure (XQ_TYPE_LIBRARY_PLAYER_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-library-window.ui");
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, content_box);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, title_stack);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, error_page);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, games_page);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, players_page);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, player_page);
  gtk_widget_class_bind_template_callback (widget_class, update_header);
  gtk_widget_class_bind_template_callback (widget_class, show_player);
  gtk_widget_class_bind_template_callback (widget_class, xq_library_window_reload);
  _xq_library_window_folders_class_init (widget_class);
}

static void
xq_library_window_init (XqLibraryWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  _xq_library_window_folders_init (self);
  update_header (self);
}

XqLibraryWindow *
xq_library_window_new (GtkApplication *application)
{
  XqLibraryWindow *self = g_object_new (XQ_TYPE_LIBRARY_WINDOW, "application", application, NULL);

  xq_library_window_reload (self);
  return self;
}
