/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Table Rules group of the new-game dialog: one row for each point the
 * rulebook reads two ways, set to the printed reading. Each reading is named
 * by a sentence saying what it means at the table, shown as the row's
 * subtitle (as the Method row does): a short name beside a long meaning would
 * be cut off on a narrow window. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-new-game-rules.h"
#include "fx-table-rules.h"

typedef struct
{
  const char *title;          /* with a mnemonic */
  const char *readings[2];    /* the printed reading, then the other */
} PointText;

/* In FxPoint order; the first reading of each is the printed one, the
 * default, as every game was played before table rules existed. */
static const PointText point_texts[FX_N_POINTS] = {
  [FX_POINT_ROUNDING] = {
    N_("_Rounding at the End"),
    { N_("Keep a half-buck already in the strongest currency"),
      N_("Round every money down, the strongest currency too") },
  },
  [FX_POINT_PLAYERS] = {
    N_("Number of _Players"),
    { N_("Two to six, as the rules say"),
      N_("Two to five, as the rulebook’s header says") },
  },
  [FX_POINT_STRENGTHEN] = {
    N_("Dividend While _No One Holds a Certificate"),
    { N_("All seven currencies tie; whoever resolves it chooses one to strengthen"),
      N_("No currency is strengthened") },
  },
};

struct _FxNewGameRules
{
  AdwPreferencesGroup *group;
  AdwComboRow         *rows[FX_N_POINTS];
};

static gboolean
is_other (FxNewGameRules *self,
          FxPoint         point)
{
  return adw_combo_row_get_selected (self->rows[point]) == 1;
}

/* The popup's items: the default ones stop at 20 characters and cut the
 * sentence short, so these wrap, with the same check mark on the chosen one. */
static void
mark_chosen (AdwComboRow *row,
             GParamSpec  *pspec,
             GtkListItem *list_item)
{
  GtkWidget *mark = gtk_widget_get_last_child (gtk_list_item_get_child (list_item));

  gtk_widget_set_opacity (mark, adw_combo_row_get_selected_item (row) == gtk_list_item_get_item (list_item));
}

static void
setup_reading (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               AdwComboRow              *row)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (list_item, box);
}

static void
bind_reading (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              AdwComboRow              *row)
{
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (list_item));

  gtk_label_set_label (GTK_LABEL (label), gtk_string_object_get_string (gtk_list_item_get_item (list_item)));
  g_signal_connect (row, "notify::selected-item", G_CALLBACK (mark_chosen), list_item);
  mark_chosen (row, NULL, list_item);
}

static void
unbind_reading (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                AdwComboRow              *row)
{
  g_signal_handlers_disconnect_by_func (row, mark_chosen, list_item);
}

static GtkListItemFactory *
reading_factory (AdwComboRow *row)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_reading), row);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_reading), row);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_reading), row);
  return factory;
}

FxNewGameRules *
fx_new_game_rules_new (AdwPreferencesPage *page,
                       GCallback           changed,
                       gpointer            data)
{
  FxNewGameRules *self = g_new0 (FxNewGameRules, 1);

  self->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->group, _("Table Rules"));
  adw_preferences_group_set_description (self->group,
                                         _("Where the rulebook reads two ways, how this table plays. "
                                           "The game keeps these, and scores by them."));
  gtk_widget_add_css_class (GTK_WIDGET (self->group), "fx-table-rules");

  for (int p = 0; p < FX_N_POINTS; p++)
    {
      const PointText *text = &point_texts[p];
      const char *readings[] = { _(text->readings[0]), _(text->readings[1]), NULL };
      g_autoptr(GtkStringList) model = gtk_string_list_new (readings);
      AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
      g_autoptr(GtkListItemFactory) factory = reading_factory (row);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(text->title));
      adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
      adw_combo_row_set_use_subtitle (row, TRUE);
      adw_combo_row_set_list_factory (row, factory);
      adw_combo_row_set_model (row, G_LIST_MODEL (model));
      adw_combo_row_set_selected (row, 0);
      /* The file's word for the point, so the widget tree tells the rows apart. */
      gtk_widget_set_name (GTK_WIDGET (row), fx_point_word (p));
      g_signal_connect_swapped (row, "notify::selected", changed, data);
      adw_preferences_group_add (self->group, GTK_WIDGET (row));
      self->rows[p] = row;
    }
  adw_preferences_page_add (page, self->group);
  return self;
}
void
fx_new_game_rules_free (FxNewGameRules *self)
{
  g_free (self);
}

void
fx_new_game_rules_set_visible (FxNewGameRules *self,
                               gboolean        visible)
{
  gtk_widget_set_visible (GTK_WIDGET (self->group), visible);
}

/* The FxReading bits of the chosen readings: 0 while every row shows the printed one. */
guint8
fx_new_game_rules_get_readings (FxNewGameRules *self)
{
  guint8 readings = 0;

  for (int p = 0; p < FX_N_POINTS; p++)
    if (is_other (self, p))
      readings |= (guint8) fx_reading_of (p);
  return readings;
}

guint
fx_new_game_rules_max_players (FxNewGameRules *self)
{
  return is_other (self, FX_POINT_PLAYERS) ? FX_MAX_PLAYERS - 1 : FX_MAX_PLAYERS;
}
