/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqLibraryPlayersPage: every player of the club library, each with the
 * names they played under, in a list that scrolls itself (a club has
 * hundreds) and a search by any name. A row opens the player's page; its
 * menu merges them into another player (a dialog asks whom, and says what
 * happens) or splits a name off. The merge and the split run on a worker,
 * as every library call blocks, and the page says "changed" for the window
 * to read again. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-library.h"
#include "xq-library-player.h"
#include "xq-library-players-page.h"
#include "xq-notation.h"

struct _XqLibraryPlayersPage
{
  AdwBin           parent_instance;

  AdwToastOverlay *toasts;
  GtkSearchEntry  *search_entry;
  GtkLabel        *count_label;
  GtkStack        *list_stack;
  GtkListView     *list_view;

  GListStore      *players;      /* XqLibraryPlayer */
  GtkFilterListModel *shown;     /* those the search lets through */
  GtkFilter       *filter;       /* by the search entry; owned by shown */
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
  g_autoptr(XqLibrary) library = xq_library_open_existing (change->library_uri, &error);
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
  gtk_widget_set_sensitive (GTK_WIDGET (self->list_view), TRUE);
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
  gtk_widget_set_sensitive (GTK_WIDGET (self->list_view), FALSE);
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
find_player (XqLibraryPlayersPage *self,
             const char           *name)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->players));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(XqLibraryPlayer) player = g_list_model_get_item (G_LIST_MODEL (self->players), i);

      if (g_strcmp0 (xq_library_player_get_name (player), name) == 0)
        return player;
    }
  return NULL;
}

static void
show_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_signal_emit (widget, signals[PLAYER_ACTIVATED], 0, g_variant_get_string (parameter, NULL));
}

static void
merge_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  XqLibraryPlayersPage *self = XQ_LIBRARY_PLAYERS_PAGE (widget);
  XqLibraryPlayer *player = find_player (self, g_variant_get_string (parameter, NULL));

  if (player != NULL)
    ask_merge (self, player);
}

static void
split_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  start_change (XQ_LIBRARY_PLAYERS_PAGE (widget), g_variant_get_string (parameter, NULL), NULL);
}

static void
player_activated (GtkListView          *view,
                  guint                 position,
                  XqLibraryPlayersPage *self)
{
  g_autoptr(XqLibraryPlayer) player = g_list_model_get_item (G_LIST_MODEL (self->shown), position);

  if (player != NULL)
    g_signal_emit (self, signals[PLAYER_ACTIVATED], 0, xq_library_player_get_name (player));
}

/* A player's menu: their record, a merge, and each name to split off when
 * they have more than one. */
static GMenuModel *
player_menu (XqLibraryPlayer *player)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) actions = g_menu_new ();
  const char *name = xq_library_player_get_name (player);
  g_autoptr(GMenuItem) show = g_menu_item_new (_("_Show Record"), NULL);
  g_autoptr(GMenuItem) merge = g_menu_item_new (_("_Merge Into Another Player…"), NULL);

  g_menu_item_set_action_and_target_value (show, "players.show", g_variant_new_string (name));
  g_menu_item_set_action_and_target_value (merge, "players.merge", g_variant_new_string (name));
  g_menu_append_item (actions, show);
  g_menu_append_item (actions, merge);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (actions));
  if (xq_library_player_can_split (player))
    {
      g_autoptr(GMenu) names = g_menu_new ();
      const char *const *aliases = xq_library_player_get_aliases (player);

      for (guint i = 0; aliases[i] != NULL; i++)
        {
          /* TRANSLATORS: in a player's menu: give one of their names a player of its own */
          g_autofree char *label = g_strdup_printf (_("Split Off “%s”"), aliases[i]);
          g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

          g_menu_item_set_action_and_target_value (item, "players.split", g_variant_new_string (aliases[i]));
          g_menu_append_item (names, item);
        }
      /* TRANSLATORS: a section of a player's menu: the names they played under */
      g_menu_append_section (menu, _("Names"), G_MENU_MODEL (names));
    }
  return G_MENU_MODEL (menu);
}

/* "4 games · also Anne, ANN" */
static char *
describe_player (XqLibraryPlayer *player)
{
  const char *name = xq_library_player_get_name (player);
  const char *const *aliases = xq_library_player_get_aliases (player);
  guint n_games = xq_library_player_get_n_games (player);
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  GString *out = g_string_new (NULL);

  g_string_printf (out, ngettext ("%u game", "%u games", n_games), n_games);
  for (guint i = 0; aliases[i] != NULL; i++)
    if (g_strcmp0 (aliases[i], name) != 0)
      g_ptr_array_add (others, (gpointer) aliases[i]);
  if (others->len > 0)
    {
      g_autofree char *joined = NULL;

      g_ptr_array_add (others, NULL);
      joined = g_strjoinv (", ", (char **) others->pdata);
      /* TRANSLATORS: after the games a player played: the other names they played under */
      g_string_append_printf (out, _(" · also %s"), joined);
    }
  return g_string_free (out, FALSE);
}

static void
create_menu (GtkMenuButton *button,
             gpointer       user_data)
{
  g_autoptr(GMenuModel) model = player_menu (g_object_get_data (G_OBJECT (button), "xq-player"));

  gtk_menu_button_set_menu_model (button, model);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *about = gtk_label_new (NULL);
  GtkWidget *menu = gtk_menu_button_new ();

  gtk_widget_set_margin_top (row, 9);
  gtk_widget_set_margin_bottom (row, 9);
  gtk_widget_set_margin_start (row, 12);
  gtk_widget_set_margin_end (row, 6);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (about), 0);
  gtk_label_set_wrap (GTK_LABEL (about), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (about), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (about, "dim-label");
  gtk_widget_add_css_class (about, "caption");
  gtk_box_append (GTK_BOX (texts), name);
  gtk_box_append (GTK_BOX (texts), about);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "view-more-symbolic");
  gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (menu), create_menu, NULL, NULL);
  gtk_widget_set_valign (menu, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (menu, "flat");
  gtk_widget_set_tooltip_text (menu, _("Record, Merge or Split"));
  gtk_box_append (GTK_BOX (row), texts);
  gtk_box_append (GTK_BOX (row), menu);
  gtk_list_item_set_child (item, row);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  XqLibraryPlayer *player = gtk_list_item_get_item (item);
  GtkWidget *row = gtk_list_item_get_child (item);
  GtkWidget *texts = gtk_widget_get_first_child (row);
  GtkWidget *name = gtk_widget_get_first_child (texts);
  GtkWidget *menu = gtk_widget_get_next_sibling (texts);
  g_autofree char *about = describe_player (player);
  g_autofree char *menu_name = g_strdup_printf (_("%s: record, merge or split"), xq_library_player_get_name (player));

  gtk_label_set_text (GTK_LABEL (name), xq_library_player_get_name (player));
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_next_sibling (name)), about);
  /* The menu is made when it opens: a popover for every row on screen,
   * remade as the list scrolls, would cost more than the rows. */
  g_object_set_data_full (G_OBJECT (menu), "xq-player", g_object_ref (player), g_object_unref);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (menu), GTK_ACCESSIBLE_PROPERTY_LABEL, menu_name, -1);
}

static void
update_count (XqLibraryPlayersPage *self)
{
  guint n_all = g_list_model_get_n_items (G_LIST_MODEL (self->players));
  guint n_shown = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  g_autofree char *text = NULL;

  if (n_shown == n_all)
    /* TRANSLATORS: above the Players page's list; the menu is each row's ⋮ button */
    text = g_strdup_printf (ngettext ("%u player. Their menu merges names that are one person, or splits a name off.",
                                      "%u players. Their menus merge names that are one person, or split a name off.",
                                      n_all),
                            n_all);
  else
    /* TRANSLATORS: how many players the search lets through, of how many */
    text = g_strdup_printf (ngettext ("%u of %u player", "%u of %u players", n_all), n_shown, n_all);
  gtk_label_set_text (self->count_label, text);
  gtk_stack_set_visible_child_name (self->list_stack, n_shown > 0 || n_all == 0 ? "list" : "none");
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
  g_clear_object (&self->shown);
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
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayersPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayersPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayersPage, list_view);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, player_activated);

  /* A player's menu: the player's or the name's own, as written. */
  gtk_widget_class_install_action (widget_class, "players.show", "s", show_action);
  gtk_widget_class_install_action (widget_class, "players.merge", "s", merge_action);
  gtk_widget_class_install_action (widget_class, "players.split", "s", split_action);
}

static void
xq_library_players_page_init (XqLibraryPlayersPage *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkNoSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->players = g_list_store_new (XQ_TYPE_LIBRARY_PLAYER);
  self->filter = GTK_FILTER (gtk_custom_filter_new (filter_player, self, NULL));
  self->shown = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->players)), self->filter);
  g_signal_connect_object (self->shown, "items-changed", G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->shown)));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  update_count (self);
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
  update_count (self);
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
