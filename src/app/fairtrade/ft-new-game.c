/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Fair Trade part of the new-game dialog: the number of rounds and the two
 * cards each player lays by the future market, checked by the engine. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "ft-new-game.h"

struct _FtNewGame
{
  AdwPreferencesGroup *group;
  GtkWidget           *rounds;
  AdwActionRow        *rows[FT_MAX_PLAYERS];
  GtkWidget           *first[FT_MAX_PLAYERS];
  GtkWidget           *second[FT_MAX_PLAYERS];
};

static GtkWidget *
card_dropdown (guint       selected,
               GCallback   changed,
               gpointer    data)
{
  const char *cards[] = { "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", NULL };
  GtkWidget *dropdown = gtk_drop_down_new_from_strings (cards);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (dropdown, "ft-locked-card");
  g_signal_connect_swapped (dropdown, "notify::selected", changed, data);
  return dropdown;
}

FtNewGame *
ft_new_game_new (AdwPreferencesPage *page,
                 GCallback           changed,
                 gpointer            data)
{
  FtNewGame *self = g_new0 (FtNewGame, 1);
  AdwActionRow *rounds_row = ADW_ACTION_ROW (adw_action_row_new ());

  self->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->group, _("Fair Trade"));
  adw_preferences_group_set_description (self->group,
                                         _("The trader marker goes to the player on the farmer’s right. Each player "
                                           "lays two different bid cards by the future market."));

  self->rounds = gtk_spin_button_new_with_range (1, FT_MAX_ROUNDS, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->rounds), FT_MAX_ROUNDS);
  gtk_widget_set_valign (self->rounds, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->rounds, "ft-rounds");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rounds), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Rounds"), -1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (rounds_row), _("Rounds"));
  adw_action_row_set_subtitle (rounds_row, _("Twelve market cards; fewer for a short game"));
  adw_action_row_add_suffix (rounds_row, self->rounds);
  adw_preferences_group_add (self->group, GTK_WIDGET (rounds_row));
  g_signal_connect_swapped (self->rounds, "value-changed", changed, data);

  for (guint p = 0; p < FT_MAX_PLAYERS; p++)
    {
      self->rows[p] = ADW_ACTION_ROW (adw_action_row_new ());
      adw_action_row_set_subtitle (self->rows[p], _("Locked cards"));
      self->first[p] = card_dropdown (0, changed, data);
      self->second[p] = card_dropdown (1, changed, data);
      adw_action_row_add_suffix (self->rows[p], self->first[p]);
      adw_action_row_add_suffix (self->rows[p], self->second[p]);
      adw_preferences_group_add (self->group, GTK_WIDGET (self->rows[p]));
    }
  adw_preferences_page_add (page, self->group);
  return self;
}

void
ft_new_game_free (FtNewGame *self)
{
  g_free (self);
}

void
ft_new_game_set_visible (FtNewGame *self,
                         gboolean   visible)
{
  gtk_widget_set_visible (GTK_WIDGET (self->group), visible);
}

void
ft_new_game_set_seats (FtNewGame          *self,
                       const char * const *labels,
                       guint               n)
{
  for (guint p = 0; p < FT_MAX_PLAYERS; p++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->rows[p]), p < n);
      if (p < n)
        {
          g_autofree char *first = g_strdup_printf (_("%s’s first locked card"), labels[p]);
          g_autofree char *second = g_strdup_printf (_("%s’s second locked card"), labels[p]);

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->rows[p]), labels[p]);
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->first[p]), GTK_ACCESSIBLE_PROPERTY_LABEL, first, -1);
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->second[p]), GTK_ACCESSIBLE_PROPERTY_LABEL, second, -1);
        }
    }
}

gboolean
ft_new_game_build (FtNewGame          *self,
                   const char * const *names,
                   guint               n,
                   int                 farmer,
                   FtSetup            *setup,
                   GError            **error)
{
  ft_setup_init (setup);
  if (!ft_setup_set_players (setup, names, n, error))
    return FALSE;
  setup->farmer = (gint8) CLAMP (farmer, 0, (int) n - 1);
  if (!ft_setup_set_rounds (setup, (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->rounds)), error))
    return FALSE;
  for (guint p = 0; p < n; p++)
    if (!ft_setup_set_locked (setup, (int) p, gtk_drop_down_get_selected (GTK_DROP_DOWN (self->first[p])) + 1,
                              gtk_drop_down_get_selected (GTK_DROP_DOWN (self->second[p])) + 1, error))
      return FALSE;
  return TRUE;
}
