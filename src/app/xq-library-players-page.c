/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqLibraryPlayersPage: every player of the club library, each with the
 * names they played under. A player's row opens their page, merges them
 * into another player (a dialog asks whom, and says what happens) or splits
 * a name off; the merge and the split run on a worker, as every library
 * call blocks, and the page says "changed" for the window to read again. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-library.h"
#include "xq-library-player.h"
#include "xq-library-players-page.h"
#include "xq-library-worker.h"
#include "xq-notation.h"

struct _XqLibraryPlayersPage
{
  AdwBin           parent_instance;

  AdwToastOverlay *toasts;
  GtkSearchEntry  *search_entry;
  GtkListBox      *list;

  GListStore      *players;      /* XqLibraryPlayer */
  GtkFilter       *filter;       /* by the search entry; owned by the list's model */
  GCancellable    *cancellable;  /* a merge or split under way */
  char            *library_uri;  /* NULL: the default library */
  char            *search_key;   /* what the search entry holds, keyed as names are */
};

G_DEFINE_FINAL_TYPE (XqLibraryPlayersPage, xq_library_players_page, ADW_TYPE_BIN)

enum
{
  PLAYER_ACTIVATED,
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A merge (into set) or a split (into NULL), for the worker. */
typedef struct
{
  char *library_uri;
  char *name;
  char *into;
} Change;

static void
change_free (Change *change)
{
  g_free (change->library_uri);
  g_free (change->name);
  g_free (change->into);
  g_free (change);
}

static void
run_change (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Change *change = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = xq_library_worker_open_existing (change->library_uri, &error);
  gboolean done;

  if (library == NULL)
    {
      if (error == NULL)
        g_set_error_literal (&error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND, _("There is no library yet."));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (change->into != NULL)
    done = xq_library_merge (library, change->name, change->into, &error);
  else
    done = xq_library_split (library, change->name, &error);
  if (!done)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

static void
change_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  XqLibraryPlayersPage *self = XQ_LIBRARY_PLAYERS_PAGE (source);
  Change *change = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *said = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error) && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  gtk_widget_set_sensitive (GTK_WIDGET (self->list), TRUE);
  if (error != NULL)
    /* TRANSLATORS: a merge or a split the library refused, then its reason */
    said = g_strdup_printf (_("Not changed: %s"), error->message);
  else if (change->into != NULL)
    said = g_strdup_printf (_("“%s” is now a name of “%s”"), change->name, change->into);
  else
    said = g_strdup_printf (_("“%s” is a player of their own again"), change->name);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (said));
  if (error == NULL)
    g_signal_emit (self, signals[CHANGED], 0);
}

static void
start_change (XqLibraryPlayersPage *self,
              const char           *name,
              const char           *into)
{
  g_autoptr(GTask) task = NULL;
  Change *change = g_new0 (Change, 1);

  change->library_uri = g_strdup (self->library_uri);
  change->name = g_strdup (name);
  change->into = g_strdup (into);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  /* One change at a time: the list is read again after each. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->list), FALSE);
  task = g_task_new (self, self->cancellable, change_done, NULL);
  g_task_set_source_tag (task, start_change);
  g_task_set_task_data (task, change, (GDestroyNotify) change_free);
  g_task_run_in_thread (task, run_change);
}

/* The players @player can be merged into: any other who never sat at a
 * table with them (the library refuses the others: two at one table are
 * two people). */
static GtkStringList *
merge_candidates (XqLibraryPlayersPage *self,
                  XqLibraryPlayer      *player)
{
  GtkStringList *names = gtk_string_list_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->players));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(XqLibraryPlayer) other = g_list_model_get_item (G_LIST_MODEL (self->players), i);

      if (other != player && !xq_library_player_played_with (player, other))
        gtk_string_list_append (names, xq_library_player_get_name (other));
    }
  return names;
}

static const char *
chosen_name (GtkDropDown *choice)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (choice);

  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

/* What a merge into the chosen player does, said before it is done. */
static void
update_merge_body (GtkDropDown      *choice,
                   GParamSpec       *pspec,
                   AdwMessageDialog *dialog)
{
  const char *name = g_object_get_data (G_OBJECT (dialog), "xq-merge-name");
  const char *into = chosen_name (choice);

  if (into == NULL)
    return;
  adw_message_dialog_format_body (dialog,
                                  _("Every game played as “%s” will count for “%s”, and both names will lead "
                                    "to the same record. The ratings are worked out again from every game. If "
                                    "this is a mistake, split the name off again on the Players page."),
                                  name, into);
}

static void
merge_response (AdwMessageDialog     *dialog,
                const char           *response,
                XqLibraryPlayersPage *self)
{
  GtkDropDown *choice = GTK_DROP_DOWN (adw_message_dialog_get_extra_child (dialog));
  const char *name = g_object_get_data (G_OBJECT (dialog), "xq-merge-name");

  if (g_strcmp0 (response, "merge") == 0 && chosen_name (choice) != NULL)
    start_change (self, name, chosen_name (choice));
}

static void
ask_merge (XqLibraryPlayersPage *self,
           XqLibraryPlayer      *player)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const char *name = xq_library_player_get_name (player);
  g_autoptr(GtkStringList) candidates = merge_candidates (self, player);
  g_autoptr(GtkExpression) expression = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  g_autofree char *heading = g_strdup_printf (_("Merge “%s” Into Another Player?"), name);
  GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, NULL);
  GtkWidget *choice;

  g_object_set_data_full (G_OBJECT (dialog), "xq-merge-name", g_strdup (name), g_free);
  if (g_list_model_get_n_items (G_LIST_MODEL (candidates)) == 0)
    {
      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                      _("Everyone else in the library sat at a table with “%s”, so none of them "
                                        "can be the same person."),
                                      name);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  choice = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (candidates)), gtk_expression_ref (expression));
  /* A club may have hundreds: typing a name finds it. */
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (choice), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (choice), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The player who stays"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), choice);
  g_signal_connect (choice, "notify::selected", G_CALLBACK (update_merge_body), dialog);
  update_merge_body (GTK_DROP_DOWN (choice), NULL, ADW_MESSAGE_DIALOG (dialog));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "merge", _("_Merge"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "merge", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "merge");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (merge_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static XqLibraryPlayer *
player_of (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), "xq-player");
}

static void
show_record_activated (AdwActionRow         *row,
                       XqLibraryPlayersPage *self)
{
  g_signal_emit (self, signals[PLAYER_ACTIVATED], 0, xq_library_player_get_name (player_of (GTK_WIDGET (row))));
}

static void
merge_activated (AdwActionRow         *row,
                 XqLibraryPlayersPage *self)
{
  ask_merge (self, player_of (GTK_WIDGET (row)));
}

static void
split_clicked (GtkButton            *button,
               XqLibraryPlayersPage *self)
{
  start_change (self, g_object_get_data (G_OBJECT (button), "xq-alias"), NULL);
}

static GtkWidget *
action_row (XqLibraryPlayer *player,
            const char      *title,
            const char      *icon)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name (icon));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "xq-player", g_object_ref (player), g_object_unref);
  return row;
}

/* A name they played under, with a button to give it a player of its own. */
static GtkWidget *
alias_row (XqLibraryPlayersPage *self,
           const char           *alias)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Split Off"));
  g_autofree char *described = g_strdup_printf (_("Give “%s” a player of their own"), alias);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), alias);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("A name they played under"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, described);
  g_object_set_data_full (G_OBJECT (button), "xq-alias", g_strdup (alias), g_free);
  g_signal_connect_object (button, "clicked", G_CALLBACK (split_clicked), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return row;
}

/* A player: their name, games and other names; opened, their page and
 * what can be done with them. */
static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  XqLibraryPlayersPage *self = user_data;
  XqLibraryPlayer *player = item;
  const char *name = xq_library_player_get_name (player);
  const char *const *aliases = xq_library_player_get_aliases (player);
  guint n_games = xq_library_player_get_n_games (player);
  GtkWidget *row = adw_expander_row_new ();
  g_autoptr(GString) subtitle = g_string_new (NULL);
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  GtkWidget *show, *merge;

  g_string_printf (subtitle, ngettext ("%u game", "%u games", n_games), n_games);
  for (guint i = 0; aliases[i] != NULL; i++)
    if (g_strcmp0 (aliases[i], name) != 0)
      g_ptr_array_add (others, (gpointer) aliases[i]);
  if (others->len > 0)
    {
      g_autofree char *joined = NULL;

      g_ptr_array_add (others, NULL);
      joined = g_strjoinv (", ", (char **) others->pdata);
      /* TRANSLATORS: after the games a player played: the other names they played under */
      g_string_append_printf (subtitle, _(" · also %s"), joined);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle->str);
  g_object_set_data_full (G_OBJECT (row), "xq-player", g_object_ref (player), g_object_unref);

  show = action_row (player, _("Show Record"), "go-next-symbolic");
  g_signal_connect_object (show, "activated", G_CALLBACK (show_record_activated), self, 0);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), show);
  merge = action_row (player, _("Merge Into Another Player…"), "system-users-symbolic");
  g_signal_connect_object (merge, "activated", G_CALLBACK (merge_activated), self, 0);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (row), merge);
  if (xq_library_player_can_split (player))
    for (guint i = 0; aliases[i] != NULL; i++)
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), alias_row (self, aliases[i]));
  return row;
}

/* A club has hundreds: the players with a name that holds what was typed,
 * matched as the engine matches names ("ANNE" finds Ann once Anne is one of
 * her names). */
static gboolean
filter_player (gpointer item,
               gpointer user_data)
{
  XqLibraryPlayersPage *self = user_data;
  const char *const *aliases = xq_library_player_get_aliases (item);

  if (self->search_key == NULL || *self->search_key == '\0')
    return TRUE;
  for (guint i = 0; aliases[i] != NULL; i++)
    {
      g_autofree char *key = xq_notation_name_key (aliases[i]);

      if (strstr (key, self->search_key) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
search_changed (XqLibraryPlayersPage *self)
{
  g_free (self->search_key);
  self->search_key = xq_notation_name_key (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  gtk_filter_changed (self->filter, GTK_FILTER_CHANGE_DIFFERENT);
}

static void
xq_library_players_page_dispose (GObject *object)
{
  XqLibraryPlayersPage *self = XQ_LIBRARY_PLAYERS_PAGE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  /* The bin's child is a bound template child: let the bin drop it first,
   * or disposing the template unparents it behind the bin's back. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), XQ_TYPE_LIBRARY_PLAYERS_PAGE);
  self->filter = NULL;
  g_clear_object (&self->players);
  g_clear_pointer (&self->search_key, g_free);
  g_clear_pointer (&self->library_uri, g_free);
  G_OBJECT_CLASS (xq_library_players_page_parent_class)->dispose (object);
}

static void
xq_library_players_page_class_init (XqLibraryPlayersPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_library_players_page_dispose;

  /* "Show Record" was activated on a player: their name. */
  signals[PLAYER_ACTIVATED] = g_signal_new ("player-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                            NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A merge or a split is done: what the library holds changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-library-players-page.ui");
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayersPage, toasts);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayersPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayersPage, list);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
}

static void
xq_library_players_page_init (XqLibraryPlayersPage *self)
{
  g_autoptr(GtkFilterListModel) shown = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->players = g_list_store_new (XQ_TYPE_LIBRARY_PLAYER);
  self->filter = GTK_FILTER (gtk_custom_filter_new (filter_player, self, NULL));
  shown = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->players)), self->filter);
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (shown), create_row, self, NULL);
}

GtkWidget *
xq_library_players_page_new (void)
{
  return g_object_new (XQ_TYPE_LIBRARY_PLAYERS_PAGE, NULL);
}

/* @players: (element-type XqLibraryPlayer): what the window read. */
void
xq_library_players_page_set_players (XqLibraryPlayersPage *self,
                                     GPtrArray            *players)
{
  g_return_if_fail (XQ_IS_LIBRARY_PLAYERS_PAGE (self));

  g_list_store_splice (self->players, 0, g_list_model_get_n_items (G_LIST_MODEL (self->players)), players->pdata,
                       players->len);
}

/* Ctrl+F: the search, ready to type into. */
void
xq_library_players_page_focus_search (XqLibraryPlayersPage *self)
{
  g_return_if_fail (XQ_IS_LIBRARY_PLAYERS_PAGE (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/* The library merges and splits go to: @library_uri as xq_library_open()
 * takes it, NULL for the default. */
void
xq_library_players_page_set_library_uri (XqLibraryPlayersPage *self,
                                         const char           *library_uri)
{
  g_return_if_fail (XQ_IS_LIBRARY_PLAYERS_PAGE (self));

  g_free (self->library_uri);
  self->library_uri = g_strdup (library_uri);
}

GListModel *
xq_library_players_page_get_players (XqLibraryPlayersPage *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYERS_PAGE (self), NULL);
  return G_LIST_MODEL (self->players);
}
