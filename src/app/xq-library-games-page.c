/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqLibraryGamesPage: the library's games, newest first, narrowed by game,
 * by a player's name (any name they played under) and by date. The filter
 * runs over the rows the window already read, in steps (an incremental
 * GtkFilterListModel), so a large library never holds up a frame. A row
 * opens its game as Open does; a player's name in it opens their page. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-game-ui.h"
#include "xq-games-ui.h"
#include "xq-library-game.h"
#include "xq-library-games-page.h"
#include "xq-notation.h"

/* The date choices, in the order of the .ui's list. */
typedef enum
{
  DATES_ANY,
  DATES_THIS_MONTH,
  DATES_LAST_THREE_MONTHS,
  DATES_THIS_YEAR,
  DATES_LAST_YEAR,
} Dates;

struct _XqLibraryGamesPage
{
  AdwBin              parent_instance;

  GtkSearchEntry     *player_entry;
  GtkDropDown        *kind_choice;
  GtkDropDown        *date_choice;
  GtkLabel           *count_label;
  GtkStack           *list_stack;
  GtkListView        *list_view;

  GListStore         *games;       /* every game read, XqLibraryGame */
  GtkFilterListModel *shown;       /* those the filters let through */
  GtkCustomFilter    *filter;
  GPtrArray          *kinds;       /* the game choice's ids after "All Games" */

  /* The filters as last set, read by the filter function. */
  const char         *kind;
  char               *name_key;
  guint32             first_day;
  guint32             last_day;
};

G_DEFINE_FINAL_TYPE (XqLibraryGamesPage, xq_library_games_page, ADW_TYPE_BIN)

enum
{
  PLAYER_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
filter_game (gpointer item,
             gpointer user_data)
{
  XqLibraryGamesPage *self = user_data;

  return xq_library_game_matches (item, self->kind, self->name_key, self->first_day, self->last_day);
}

static guint32
julian (int year,
        int month,
        int day)
{
  GDate date;

  g_date_clear (&date, 1);
  g_date_set_dmy (&date, day, month, year);
  return g_date_get_julian (&date);
}

/* The days a choice covers, counted from today where the player is. */
static void
date_range (Dates    dates,
            guint32 *first,
            guint32 *last)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  int year, month, day;

  g_date_time_get_ymd (now, &year, &month, &day);
  *first = *last = 0;
  switch (dates)
    {
    case DATES_ANY:
      break;
    case DATES_THIS_MONTH:
      *first = julian (year, month, 1);
      break;
    case DATES_LAST_THREE_MONTHS:
      /* This month and the two before it. */
      month -= 2;
      if (month < 1)
        {
          month += 12;
          year--;
        }
      *first = julian (year, month, 1);
      break;
    case DATES_THIS_YEAR:
      *first = julian (year, 1, 1);
      break;
    case DATES_LAST_YEAR:
      *first = julian (year - 1, 1, 1);
      *last = julian (year - 1, 12, 31);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
update_count (XqLibraryGamesPage *self)
{
  guint n_all = g_list_model_get_n_items (G_LIST_MODEL (self->games));
  guint n_shown = g_list_model_get_n_items (G_LIST_MODEL (self->shown));
  g_autofree char *text = NULL;

  if (gtk_filter_list_model_get_pending (self->shown) > 0)
    return;
  if (n_shown == n_all)
    text = g_strdup_printf (ngettext ("%u game", "%u games", n_all), n_all);
  else
    /* TRANSLATORS: how many games the filters let through, of how many */
    text = g_strdup_printf (ngettext ("%u of %u game", "%u of %u games", n_all), n_shown, n_all);
  gtk_label_set_text (self->count_label, text);
  gtk_stack_set_visible_child_name (self->list_stack, n_shown > 0 || n_all == 0 ? "list" : "none");
}

static void
filters_changed (XqLibraryGamesPage *self)
{
  guint kind = gtk_drop_down_get_selected (self->kind_choice);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->player_entry));

  /* The template sets its choices before the filter exists. */
  if (self->filter == NULL)
    return;
  /* Position 0 is "All Games". */
  self->kind = kind > 0 && kind <= self->kinds->len ? g_ptr_array_index (self->kinds, kind - 1) : NULL;
  g_free (self->name_key);
  /* Keyed as the engine keys names: "ANN" finds Ann, and any of her names. */
  self->name_key = xq_notation_name_key (text);
  date_range (gtk_drop_down_get_selected (self->date_choice), &self->first_day, &self->last_day);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static gboolean
player_link_activated (GtkLabel           *label,
                       const char         *uri,
                       XqLibraryGamesPage *self)
{
  g_signal_emit (self, signals[PLAYER_ACTIVATED], 0, uri);
  return TRUE;
}

/* @wrap: for the players, who may need two lines on a phone. The title and
 * the winner are one short line: a wrapping label is measured for every
 * width asked, which a list view of thousands of games pays for each of
 * the rows it makes ahead. */
static GtkWidget *
new_row_label (const char *css_class,
               gboolean    wrap)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (wrap)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
    }
  else
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           XqLibraryGamesPage       *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *players = new_row_label (NULL, TRUE);

  gtk_widget_set_margin_top (box, 9);
  gtk_widget_set_margin_bottom (box, 9);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  g_signal_connect_object (players, "activate-link", G_CALLBACK (player_link_activated), self, 0);
  gtk_box_append (GTK_BOX (box), new_row_label ("heading", FALSE));
  gtk_box_append (GTK_BOX (box), players);
  gtk_box_append (GTK_BOX (box), new_row_label ("dim-label", FALSE));
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

  gtk_label_set_text (GTK_LABEL (title), xq_library_game_get_title (game));
  gtk_label_set_markup (GTK_LABEL (players), xq_library_game_get_players_markup (game));
  gtk_label_set_text (GTK_LABEL (winner), xq_library_game_get_winner (game));
}

/* As Open does: the application brings forward the window that already
 * shows the file, or loads it. */
static void
game_activated (GtkListView        *view,
                guint               position,
                XqLibraryGamesPage *self)
{
  g_autoptr(XqLibraryGame) game = g_list_model_get_item (G_LIST_MODEL (self->shown), position);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkApplication *application = GTK_IS_WINDOW (root) ? gtk_window_get_application (GTK_WINDOW (root)) : NULL;
  g_autoptr(GFile) file = NULL;

  if (game == NULL || application == NULL)
    return;
  file = g_file_new_for_path (xq_library_game_get_path (game));
  g_application_open (G_APPLICATION (application), &file, 1, "");
}

/* "All Games", then every game this build knows, by its registry name. */
static void
fill_kinds (XqLibraryGamesPage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint n_games;
  const XqGameUi *const *games = xq_games_ui_list (&n_games);

  gtk_string_list_append (names, C_("games in the library", "All Games"));
  for (guint i = 0; i < n_games; i++)
    {
      const XqGame *game = games[i]->game ();

      gtk_string_list_append (names, _(game->display_name));
      g_ptr_array_add (self->kinds, (gpointer) game->id);
    }
  gtk_drop_down_set_model (self->kind_choice, G_LIST_MODEL (names));
}

static void
xq_library_games_page_dispose (GObject *object)
{
  XqLibraryGamesPage *self = XQ_LIBRARY_GAMES_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), XQ_TYPE_LIBRARY_GAMES_PAGE);
  g_clear_object (&self->shown);
  g_clear_object (&self->games);
  G_OBJECT_CLASS (xq_library_games_page_parent_class)->dispose (object);
}

static void
xq_library_games_page_finalize (GObject *object)
{
  XqLibraryGamesPage *self = XQ_LIBRARY_GAMES_PAGE (object);

  g_ptr_array_unref (self->kinds);
  g_free (self->name_key);
  G_OBJECT_CLASS (xq_library_games_page_parent_class)->finalize (object);
}

static void
xq_library_games_page_class_init (XqLibraryGamesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_library_games_page_dispose;
  object_class->finalize = xq_library_games_page_finalize;

  /* A player's name was activated in a game's row: the name as written there. */
  signals[PLAYER_ACTIVATED] = g_signal_new ("player-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                            NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-library-games-page.ui");
  gtk_widget_class_bind_template_child (widget_class, XqLibraryGamesPage, player_entry);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryGamesPage, kind_choice);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryGamesPage, date_choice);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryGamesPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryGamesPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryGamesPage, list_view);
  gtk_widget_class_bind_template_callback (widget_class, filters_changed);
  gtk_widget_class_bind_template_callback (widget_class, game_activated);
}

static void
xq_library_games_page_init (XqLibraryGamesPage *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkNoSelection) selection = NULL;

  self->kinds = g_ptr_array_new ();
  self->name_key = g_strdup ("");
  gtk_widget_init_template (GTK_WIDGET (self));
  fill_kinds (self);

  self->games = g_list_store_new (XQ_TYPE_LIBRARY_GAME);
  self->filter = gtk_custom_filter_new (filter_game, self, NULL);
  self->shown = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->games)), GTK_FILTER (self->filter));
  gtk_filter_list_model_set_incremental (self->shown, TRUE);
  g_signal_connect_object (self->shown, "items-changed", G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->shown, "notify::pending", G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->shown)));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
}

GtkWidget *
xq_library_games_page_new (void)
{
  return g_object_new (XQ_TYPE_LIBRARY_GAMES_PAGE, NULL);
}

/* @games: (element-type XqLibraryGame): what the window read, newest first. */
void
xq_library_games_page_set_games (XqLibraryGamesPage *self,
                                 GPtrArray          *games)
{
  g_return_if_fail (XQ_IS_LIBRARY_GAMES_PAGE (self));

  g_list_store_splice (self->games, 0, g_list_model_get_n_items (G_LIST_MODEL (self->games)), games->pdata,
                       games->len);
  update_count (self);
}

/* Ctrl+F: the player search, ready to type into. */
void
xq_library_games_page_focus_search (XqLibraryGamesPage *self)
{
  g_return_if_fail (XQ_IS_LIBRARY_GAMES_PAGE (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->player_entry));
}

/* The games the filters let through, as the list shows them. */
GListModel *
xq_library_games_page_get_shown (XqLibraryGamesPage *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_GAMES_PAGE (self), NULL);
  return G_LIST_MODEL (self->shown);
}
