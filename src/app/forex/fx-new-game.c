/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The For-Ex part of the new-game dialog: the six certificates removed at
 * setup (named, as pile sizes, or drawn), then the table rules
 * (fx-new-game-rules.c). The shared dialog holds the seats and who starts. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "fx-new-game.h"
#include "fx-new-game-rules.h"

#define FX_NEW_GAME_N_CERTIFICATES (FX_CERTS_PER_CURRENCY * FX_N_CURRENCIES)

typedef enum
{
  FX_NEW_GAME_NAMED,     /* how many of each currency were removed */
  FX_NEW_GAME_PILES,     /* how many are in each pile */
  FX_NEW_GAME_RANDOM,    /* the app draws them */
} FxNewGameMode;

struct _FxNewGame
{
  AdwPreferencesGroup *removed_group;
  AdwComboRow         *mode_row;
  AdwActionRow        *random_row;
  FxNewGameRules      *table_rules;
  GCallback            changed;
  gpointer             data;

  AdwActionRow        *count_rows[FX_N_CURRENCIES];
  GtkSpinButton       *count_spins[FX_N_CURRENCIES];
  FxNewGameMode        mode;
  gboolean             updating_counts;
  gint8                drawn[FX_N_REMOVED];
  gboolean             have_drawn;
};

static const char *
currency_name (FxCurrency currency)
{
  switch (currency)
    {
    case FX_GBP:
      return _("Pound sterling");
    case FX_EUR:
      return _("Euro");
    case FX_USD:
      return _("US dollar");
    case FX_CHF:
      return _("Swiss franc");
    case FX_JPY:
      return _("Japanese yen");
    case FX_CAD:
      return _("Canadian dollar");
    case FX_CNY:
      return _("Chinese yuan");
    case FX_N_CURRENCIES:
    default:
      g_assert_not_reached ();
    }
}

static void
notify_changed (FxNewGame *self)
{
  ((void (*) (gpointer)) self->changed) (self->data);
}

static guint
count_of (FxNewGame  *self,
          FxCurrency  currency)
{
  return (guint) gtk_spin_button_get_value_as_int (self->count_spins[currency]);
}

/* How many of each currency the current mode says were removed. */
static void
removed_counts (FxNewGame *self,
                guint      removed[FX_N_CURRENCIES])
{
  memset (removed, 0, sizeof (guint) * FX_N_CURRENCIES);
  switch (self->mode)
    {
    case FX_NEW_GAME_NAMED:
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        removed[c] = count_of (self, c);
      break;
    case FX_NEW_GAME_PILES:
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        removed[c] = FX_CERTS_PER_CURRENCY - MIN (count_of (self, c), FX_CERTS_PER_CURRENCY);
      break;
    case FX_NEW_GAME_RANDOM:
      for (int i = 0; i < FX_N_REMOVED; i++)
        removed[self->drawn[i]]++;
      break;
    default:
      g_assert_not_reached ();
    }
}

static int
compare_currency (gconstpointer a,
                  gconstpointer b)
{
  return *(const gint8 *) a - *(const gint8 *) b;
}

/* Six of the 56 certificates, without replacement, as a shuffled deck would. */
static void
draw_removed (FxNewGame *self)
{
  gint8 deck[FX_NEW_GAME_N_CERTIFICATES];
  g_autoptr(GString) codes = g_string_new (NULL);

  for (int i = 0; i < FX_NEW_GAME_N_CERTIFICATES; i++)
    deck[i] = (gint8) (i / FX_CERTS_PER_CURRENCY);
  for (int i = 0; i < FX_N_REMOVED; i++)
    {
      int j = g_random_int_range (i, FX_NEW_GAME_N_CERTIFICATES);
      gint8 t = deck[i];

      deck[i] = deck[j];
      deck[j] = t;
    }
  memcpy (self->drawn, deck, sizeof self->drawn);
  qsort (self->drawn, FX_N_REMOVED, sizeof self->drawn[0], compare_currency);
  self->have_drawn = TRUE;

  for (int i = 0; i < FX_N_REMOVED; i++)
    {
      if (i > 0)
        g_string_append (codes, ", ");
      g_string_append (codes, fx_currency_code (self->drawn[i]));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->random_row), codes->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->random_row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  codes->str, -1);
}

static void
draw_clicked (FxNewGame *self)
{
  draw_removed (self);
  notify_changed (self);
}

static void
set_mode (FxNewGame     *self,
          FxNewGameMode  mode)
{
  guint removed[FX_N_CURRENCIES];

  if (mode == self->mode)
    return;

  /* Carry what was entered over to the new way of counting. */
  removed_counts (self, removed);
  self->mode = mode;
  self->updating_counts = TRUE;
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      GtkSpinButton *spin = self->count_spins[c];
      g_autofree char *label = NULL;

      if (mode == FX_NEW_GAME_PILES)
        {
          gtk_spin_button_set_range (spin, FX_CERTS_PER_CURRENCY - FX_N_REMOVED, FX_CERTS_PER_CURRENCY);
          gtk_spin_button_set_value (spin, FX_CERTS_PER_CURRENCY - MIN (removed[c], FX_CERTS_PER_CURRENCY));
          /* TRANSLATORS: accessible name of a spin button, e.g. "Certificates in the GBP pile" */
          label = g_strdup_printf (_("Certificates in the %s pile"), fx_currency_code (c));
        }
      else
        {
          gtk_spin_button_set_range (spin, 0, FX_N_REMOVED);
          gtk_spin_button_set_value (spin, MIN (removed[c], FX_N_REMOVED));
          /* TRANSLATORS: accessible name of a spin button, e.g. "GBP certificates removed" */
          label = g_strdup_printf (_("%s certificates removed"), fx_currency_code (c));
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      gtk_widget_set_visible (GTK_WIDGET (self->count_rows[c]), mode != FX_NEW_GAME_RANDOM);
    }
  self->updating_counts = FALSE;

  if (mode == FX_NEW_GAME_RANDOM && !self->have_drawn)
    draw_removed (self);
  gtk_widget_set_visible (GTK_WIDGET (self->random_row), mode == FX_NEW_GAME_RANDOM);

  switch (mode)
    {
    case FX_NEW_GAME_NAMED:
      adw_preferences_group_set_description (self->removed_group,
                                             _("How many of each currency left the game at setup: six in all."));
      break;
    case FX_NEW_GAME_PILES:
      adw_preferences_group_set_description (self->removed_group,
                                             _("How many certificates each pile holds: 50 in all, 8 at most."));
      break;
    case FX_NEW_GAME_RANDOM:
      adw_preferences_group_set_description (self->removed_group,
                                             _("The app draws six of the 56 certificates, as a shuffled deck would."));
      break;
    default:
      g_assert_not_reached ();
    }
  notify_changed (self);
}

static void
mode_selected (FxNewGame *self)
{
  guint selected = adw_combo_row_get_selected (self->mode_row);

  if (selected <= FX_NEW_GAME_RANDOM)
    set_mode (self, (FxNewGameMode) selected);
}

static void
count_changed (FxNewGame *self)
{
  if (!self->updating_counts)
    notify_changed (self);
}

/**
 * fx_new_game_new:
 * @page: the dialog's page; the removed certificates, then the table rules,
 *   are added at its end
 * @changed: called with @data whenever what the groups say changes
 *
 * Returns: (transfer full): the For-Ex groups, freed with fx_new_game_free()
 */
FxNewGame *
fx_new_game_new (AdwPreferencesPage *page,
                 GCallback           changed,
                 gpointer            data)
{
  FxNewGame *self = g_new0 (FxNewGame, 1);
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/exchequer/Exchequer/fx-new-game.ui");

  self->changed = changed;
  self->data = data;
  self->removed_group = ADW_PREFERENCES_GROUP (gtk_builder_get_object (builder, "removed_group"));
  self->mode_row = ADW_COMBO_ROW (gtk_builder_get_object (builder, "mode_row"));
  self->random_row = ADW_ACTION_ROW (gtk_builder_get_object (builder, "random_row"));
  g_signal_connect_swapped (gtk_builder_get_object (builder, "redraw_button"), "clicked",
                            G_CALLBACK (draw_clicked), self);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
      GtkWidget *spin = gtk_spin_button_new_with_range (0, FX_N_REMOVED, 1);
      g_autofree char *label = g_strdup_printf (_("%s certificates removed"), fx_currency_code (c));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), fx_currency_code (c));
      adw_action_row_set_subtitle (row, currency_name (c));
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      adw_action_row_add_suffix (row, spin);
      adw_action_row_set_activatable_widget (row, spin);
      adw_preferences_group_add (self->removed_group, GTK_WIDGET (row));
      g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (count_changed), self);
      self->count_rows[c] = row;
      self->count_spins[c] = GTK_SPIN_BUTTON (spin);
    }
  adw_preferences_group_set_description (self->removed_group,
                                         _("How many of each currency left the game at setup: six in all."));
  g_signal_connect_swapped (self->mode_row, "notify::selected", G_CALLBACK (mode_selected), self);
  adw_preferences_page_add (page, self->removed_group);

  /* The table rules come after the removed certificates. */
  self->table_rules = fx_new_game_rules_new (page, changed, data);
  return self;
}

void
fx_new_game_free (FxNewGame *self)
{
  g_clear_pointer (&self->table_rules, fx_new_game_rules_free);
  g_free (self);
}

void
fx_new_game_set_visible (FxNewGame *self,
                         gboolean   visible)
{
  gtk_widget_set_visible (GTK_WIDGET (self->removed_group), visible);
  fx_new_game_rules_set_visible (self->table_rules, visible);
}

/* Six; five when the table rules say so. */
guint
fx_new_game_max_players (FxNewGame *self)
{
  return fx_new_game_rules_max_players (self->table_rules);
}

/**
 * fx_new_game_build:
 * @names: the players' names in seating order, none blank
 * @starter: the seat that takes the first turn
 * @setup: (out): the setup, seating rotated so the starter comes first
 *
 * Returns: whether the groups and @names make a game; if not, @error says,
 *   in the form's words, what is wrong
 */
gboolean
fx_new_game_build (FxNewGame          *self,
                   const char * const *names,
                   guint               n,
                   guint               starter,
                   FxSetup            *setup,
                   GError            **error)
{
  const char *rotated[FX_MAX_PLAYERS];
  guint removed[FX_N_CURRENCIES];
  guint most = fx_new_game_rules_max_players (self->table_rules);
  guint total = 0;
  guint k = 0;

  fx_setup_init (setup);
  setup->readings = fx_new_game_rules_get_readings (self->table_rules);

  /* Said in the form's words rather than the engine's, which name no rule. */
  if (n > most)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   ngettext ("The table rules allow at most %u player: remove a player, or choose "
                             "two to six players under Table Rules",
                             "The table rules allow at most %u players: remove a player, or choose "
                             "two to six players under Table Rules", most),
                   most);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    rotated[i] = names[(starter + i) % n];
  if (!fx_setup_set_players (setup, rotated, n, error))
    return FALSE;

  removed_counts (self, removed);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      if (removed[c] > FX_CERTS_PER_CURRENCY)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("A currency has only %d certificates; %u of %s cannot be removed"),
                       FX_CERTS_PER_CURRENCY, removed[c], fx_currency_code (c));
          return FALSE;
        }
      total += removed[c];
    }
  if (total != FX_N_REMOVED)
    {
      if (self->mode == FX_NEW_GAME_PILES)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _("The piles hold %d certificates at the start; these add up to %u"),
                     FX_NEW_GAME_N_CERTIFICATES - FX_N_REMOVED, FX_NEW_GAME_N_CERTIFICATES - total);
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     _("Six certificates are removed at setup; these add up to %u"), total);
      return FALSE;
    }

  /* As the notation writes them: grouped in board order. */
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    for (guint i = 0; i < removed[c]; i++)
      setup->removed[k++] = (gint8) c;
  g_assert (k == FX_N_REMOVED);
  return TRUE;
}
