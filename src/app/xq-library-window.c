/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Library window: the games the club library holds, newest first, read
 * on a worker (the library's calls block on the database); a row opens its
 * game's file as Open does. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-game.h"
#include "xq-library.h"
#include "xq-library-window-private.h"

/* One game of the library, as its row shows it: made on the worker, read
 * on the main thread only once finished. */
#define XQ_TYPE_LIBRARY_GAME (xq_library_game_get_type ())
G_DECLARE_FINAL_TYPE (XqLibraryGame, xq_library_game, XQ, LIBRARY_GAME, GObject)

struct _XqLibraryGame
{
  GObject  parent_instance;

  char    *path;     /* the file it was read from */
  char    *title;    /* the game and its date */
  char    *players;  /* each player with their place */
  char    *winner;   /* who won, or that it is not over */
};

G_DEFINE_FINAL_TYPE (XqLibraryGame, xq_library_game, G_TYPE_OBJECT)

static void
xq_library_game_finalize (GObject *object)
{
  XqLibraryGame *self = XQ_LIBRARY_GAME (object);

  g_free (self->path);
  g_free (self->title);
  g_free (self->players);
  g_free (self->winner);
  G_OBJECT_CLASS (xq_library_game_parent_class)->finalize (object);
}

static void
xq_library_game_class_init (XqLibraryGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = xq_library_game_finalize;
}

static void
xq_library_game_init (XqLibraryGame *self)
{
}

struct _XqLibraryWindow
{
  AdwWindow      parent_instance;

  GtkStack      *stack;
  GtkSpinner    *spinner;
  AdwStatusPage *error_page;
  GtkListView   *list_view;
  GListStore    *games;
  GCancellable  *cancellable;  /* the read under way */
};

G_DEFINE_FINAL_TYPE (XqLibraryWindow, xq_library_window, ADW_TYPE_WINDOW)

/* The date as the locale writes it; the stored text when it is no date. */
static char *
format_date (const char *played_on)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) when = g_date_time_new_from_iso8601 (played_on, utc);
  int year, month, day;

  if (when == NULL && sscanf (played_on, "%4d-%2d-%2d", &year, &month, &day) == 3)
    when = g_date_time_new_utc (year, month, day, 0, 0, 0);
  return when != NULL ? g_date_time_format (when, "%x") : g_strdup (played_on);
}

/* The library's rows come one per player, the game's players together in
 * seat order: one item per game. */
static XqLibraryGame *
game_new (const XqLibraryResult *first,
          GString               *players,
          GPtrArray             *winners,
          gboolean               shared)
{
  XqLibraryGame *game = g_object_new (XQ_TYPE_LIBRARY_GAME, NULL);
  const XqGame *kind = xq_game_lookup (first->game);
  g_autofree char *date = format_date (first->played_on);

  game->path = g_strdup (first->path);
  /* TRANSLATORS: a game in the library: its name, then the day it was played */
  game->title = g_strdup_printf (_("%s, %s"), kind != NULL ? _(kind->display_name) : first->game, date);
  game->players = g_strdup (players->str);
  if (!first->finished)
    game->winner = g_strdup (_("Not finished"));
  else if (winners->len == 0)
    game->winner = g_strdup (_("No winner"));
  else
    {
      g_ptr_array_add (winners, NULL);
      g_autofree char *names = g_strjoinv (", ", (char **) winners->pdata);

      game->winner = shared ? g_strdup_printf (_("Shared win: %s"), names) : g_strdup_printf (_("Won by %s"), names);
    }
  return game;
}

/* By place, then by seat for players who share one. */
static int
compare_placing (gconstpointer a,
                 gconstpointer b)
{
  const XqLibraryResult *x = *(const XqLibraryResult * const *) a;
  const XqLibraryResult *y = *(const XqLibraryResult * const *) b;

  if (x->placing != y->placing)
    return x->placing < y->placing ? -1 : 1;
  return x->seat < y->seat ? -1 : x->seat > y->seat;
}

static void
read_library (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = xq_library_open (task_data, &error);
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);

  if (library == NULL || (results = xq_library_list_results (library, &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  for (guint i = 0; i < results->len;)
    {
      const XqLibraryResult *first = g_ptr_array_index (results, i);
      g_autoptr(GString) players = g_string_new (NULL);
      g_autoptr(GPtrArray) winners = g_ptr_array_new ();
      g_autoptr(GPtrArray) seats = g_ptr_array_new ();
      gboolean shared = FALSE;

      for (; i < results->len && ((XqLibraryResult *) g_ptr_array_index (results, i))->game_id == first->game_id; i++)
        g_ptr_array_add (seats, g_ptr_array_index (results, i));
      /* Read as a result: the winner first, then down the places. */
      g_ptr_array_sort (seats, compare_placing);
      for (guint j = 0; j < seats->len; j++)
        {
          const XqLibraryResult *r = g_ptr_array_index (seats, j);

          if (players->len > 0)
            g_string_append (players, ", ");
          /* TRANSLATORS: a player's place in a game, then their name: "1. Ann" */
          g_string_append_printf (players, _("%u. %s"), r->placing, r->name);
          if (r->won)
            g_ptr_array_add (winners, r->name);
          shared |= r->shared_win;
        }
      g_ptr_array_add (games, game_new (first, players, winners, shared));
    }
  /* The library lists them oldest first; the newest is what a group looks for. */
  for (guint i = 0; i < games->len / 2; i++)
    {
      gpointer swap = games->pdata[i];

      games->pdata[i] = games->pdata[games->len - 1 - i];
      games->pdata[games->len - 1 - i] = swap;
    }
  g_task_return_pointer (task, g_steal_pointer (&games), (GDestroyNotify) g_ptr_array_unref);
}

static void
library_read (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = g_task_propagate_pointer (G_TASK (result), &error);
  XqLibraryWindow *self = XQ_LIBRARY_WINDOW (source);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  gtk_spinner_stop (self->spinner);
  if (games == NULL)
    {
      adw_status_page_set_description (self->error_page, error->message);
      gtk_stack_set_visible_child_name (self->stack, "error");
      return;
    }
  g_list_store_splice (self->games, 0, g_list_model_get_n_items (G_LIST_MODEL (self->games)),
                       games->pdata, games->len);
  gtk_stack_set_visible_child_name (self->stack, games->len > 0 ? "games" : "empty");
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

  g_return_if_fail (XQ_IS_LIBRARY_WINDOW (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  task = g_task_new (self, self->cancellable, library_read, NULL);
  g_task_set_source_tag (task, xq_library_window_reload);
  g_task_set_task_data (task, _xq_library_window_dup_library_uri (self), g_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, read_library);
}

static GtkWidget *
new_row_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);

  gtk_widget_set_margin_top (box, 9);
  gtk_widget_set_margin_bottom (box, 9);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_box_append (GTK_BOX (box), new_row_label ("heading"));
  gtk_box_append (GTK_BOX (box), new_row_label (NULL));
  gtk_box_append (GTK_BOX (box), new_row_label ("dim-label"));
  gtk_list_item_set_child (item, box);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  XqLibraryGame *game = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *players = gtk_widget_get_next_sibling (title);
  GtkWidget *winner = gtk_widget_get_next_sibling (players);

  gtk_label_set_text (GTK_LABEL (title), game->title);
  gtk_label_set_text (GTK_LABEL (players), game->players);
  gtk_label_set_text (GTK_LABEL (winner), game->winner);
}

/* As Open does: the application brings forward the window that already
 * shows the file, or loads it. */
static void
game_activated (GtkListView     *view,
                guint            position,
                XqLibraryWindow *self)
{
  g_autoptr(XqLibraryGame) game = g_list_model_get_item (G_LIST_MODEL (self->games), position);
  g_autoptr(GFile) file = NULL;
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (game == NULL || application == NULL)
    return;
  file = g_file_new_for_path (game->path);
  g_application_open (G_APPLICATION (application), &file, 1, "");
}

static void
xq_library_window_dispose (GObject *object)
{
  XqLibraryWindow *self = XQ_LIBRARY_WINDOW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->games);
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
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-library-window.ui");
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, error_page);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryWindow, list_view);
  gtk_widget_class_bind_template_callback (widget_class, game_activated);
  _xq_library_window_folders_class_init (widget_class);
}

static void
xq_library_window_init (XqLibraryWindow *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkNoSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  _xq_library_window_folders_init (self);
  self->games = g_list_store_new (XQ_TYPE_LIBRARY_GAME);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->games)));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
}

XqLibraryWindow *
xq_library_window_new (GtkApplication *application)
{
  XqLibraryWindow *self = g_object_new (XQ_TYPE_LIBRARY_WINDOW, "application", application, NULL);

  xq_library_window_reload (self);
  return self;
}
