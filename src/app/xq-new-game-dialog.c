/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The new-game form: names in seating order (xq-seat-list.c), who starts,
 * the six removed certificates, the table rules (fx-new-game-rules.c);
 * Fair Trade's setup is ft-new-game.c. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "fx-game.h"
#include "fx-new-game-rules.h"
#include "fx-state.h"
#include "ft-game.h"
#include "ft-new-game.h"
#include "xq-seat-list.h"
#include "xq-a11y.h"
#include "xq-new-game-dialog.h"

#define INITIAL_PLAYERS 4
#define N_CERTIFICATES (FX_CERTS_PER_CURRENCY * FX_N_CURRENCIES)

typedef enum
{
  MODE_NAMED,     /* how many of each currency were removed */
  MODE_PILES,     /* how many are in each pile */
  MODE_RANDOM,    /* the app draws them */
} RemovedMode;

struct _XqNewGameDialog
{
  AdwWindow             parent_instance;

  GtkWidget            *start_button;
  GtkWidget            *cancel_button;
  GtkWidget            *add_button;
  AdwPreferencesPage   *page;
  AdwPreferencesGroup  *players_group;
  AdwComboRow          *starter_row;
  GtkStringList        *starter_names;
  AdwPreferencesGroup  *removed_group;
  AdwComboRow          *mode_row;
  AdwActionRow         *random_row;
  GtkWidget            *redraw_button;
  GtkRevealer          *message_revealer;
  GtkImage             *message_icon;
  GtkLabel             *message_label;
  AdwComboRow          *game_row;
  AdwWindowTitle       *window_title;
  FtNewGame            *fair_trade;
  FxNewGameRules       *table_rules;

  XqSeatList           *seats;
  gboolean              updating_starter;

  AdwActionRow         *count_rows[FX_N_CURRENCIES];
  GtkSpinButton        *count_spins[FX_N_CURRENCIES];
  RemovedMode           mode;
  gboolean              updating_counts;
  gint8                 drawn[FX_N_REMOVED];
  gboolean              have_drawn;
};

G_DEFINE_FINAL_TYPE (XqNewGameDialog, xq_new_game_dialog, ADW_TYPE_WINDOW)

enum
{
  READY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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

static const char *
seat_text (XqNewGameDialog *self,
           guint            seat)
{
  return xq_seat_list_get_name (self->seats, seat);
}

static guint
count_of (XqNewGameDialog *self,
          FxCurrency       currency)
{
  return (guint) gtk_spin_button_get_value_as_int (self->count_spins[currency]);
}

/* The engine's sentences start in lower case to read inside a longer line;
 * alone under the form they start with a capital. */
static char *
capitalize (const char *sentence)
{
  gunichar first = g_utf8_get_char (sentence);
  char buf[8];
  int len;

  if (*sentence == '\0')
    return g_strdup (sentence);
  len = g_unichar_to_utf8 (g_unichar_totitle (first), buf);
  return g_strdup_printf ("%.*s%s", len, buf, g_utf8_next_char (sentence));
}

/* How many of each currency the current mode says were removed. */
static void
removed_counts (XqNewGameDialog *self,
                guint            removed[FX_N_CURRENCIES])
{
  memset (removed, 0, sizeof (guint) * FX_N_CURRENCIES);
  switch (self->mode)
    {
    case MODE_NAMED:
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        removed[c] = count_of (self, c);
      break;
    case MODE_PILES:
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        removed[c] = FX_CERTS_PER_CURRENCY - MIN (count_of (self, c), FX_CERTS_PER_CURRENCY);
      break;
    case MODE_RANDOM:
      for (int i = 0; i < FX_N_REMOVED; i++)
        removed[self->drawn[i]]++;
      break;
    default:
      g_assert_not_reached ();
    }
}

/*
 * Checks the whole form. On success fills @setup (seating rotated so the
 * starter comes first) and returns TRUE. Otherwise @message says what is
 * wrong, and @incomplete tells a blank still to fill in from a mistake.
 */
static gboolean
check_form (XqNewGameDialog  *self,
            FxSetup          *setup,
            char            **message,
            gboolean         *incomplete)
{
  const char *names[FX_MAX_PLAYERS];
  const char *rotated[FX_MAX_PLAYERS];
  guint removed[FX_N_CURRENCIES];
  g_autoptr(GError) error = NULL;
  guint n_seats = xq_seat_list_get_n_seats (self->seats);
  guint starter = xq_seat_list_get_starter (self->seats);
  guint total = 0;
  guint n = 0;

  *message = NULL;
  *incomplete = FALSE;
  fx_setup_init (setup);
  setup->readings = fx_new_game_rules_get_readings (self->table_rules);

  for (guint i = 0; i < n_seats; i++)
    {
      names[i] = seat_text (self, i);
      if (*names[i] == '\0' && n_seats >= FX_MIN_PLAYERS)
        {
          *message = g_strdup_printf (_("Enter a name for player %u"), i + 1);
          *incomplete = TRUE;
          return FALSE;
        }
    }
  /* Said in the form's words rather than the engine's, which name no rule. */
  if (n_seats > fx_new_game_rules_max_players (self->table_rules))
    {
      guint most = fx_new_game_rules_max_players (self->table_rules);

      *message = g_strdup_printf (ngettext ("The table rules allow at most %u player: remove a player, or choose "
                                            "two to six players under Table Rules",
                                            "The table rules allow at most %u players: remove a player, or choose "
                                            "two to six players under Table Rules", most),
                                  most);
      return FALSE;
    }
  for (guint i = 0; i < n_seats; i++)
    rotated[i] = names[(starter + i) % n_seats];
  if (!fx_setup_set_players (setup, rotated, n_seats, &error))
    {
      *message = capitalize (error->message);
      return FALSE;
    }

  removed_counts (self, removed);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      if (removed[c] > FX_CERTS_PER_CURRENCY)
        {
          *message = g_strdup_printf (_("A currency has only %d certificates; %u of %s cannot be removed"),
                                      FX_CERTS_PER_CURRENCY, removed[c], fx_currency_code (c));
          return FALSE;
        }
      total += removed[c];
    }
  if (total != FX_N_REMOVED)
    {
      if (self->mode == MODE_PILES)
        *message = g_strdup_printf (_("The piles hold %d certificates at the start; these add up to %u"),
                                    N_CERTIFICATES - FX_N_REMOVED, N_CERTIFICATES - total);
      else
        *message = g_strdup_printf (_("Six certificates are removed at setup; these add up to %u"), total);
      return FALSE;
    }

  /* As the notation writes them: grouped in board order. */
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    for (guint k = 0; k < removed[c]; k++)
      setup->removed[n++] = (gint8) c;
  g_assert (n == FX_N_REMOVED);
  return TRUE;
}

static gboolean
is_fair_trade (XqNewGameDialog *self)
{
  return adw_combo_row_get_selected (self->game_row) == 1;
}

/* Fair Trade keeps the seating as listed: the farmer is named, not seated first. */
static gboolean
check_ft_form (XqNewGameDialog  *self,
               FtSetup          *setup,
               char            **message,
               gboolean         *incomplete)
{
  const char *names[FT_MAX_PLAYERS];
  g_autoptr(GError) error = NULL;
  guint n_seats = xq_seat_list_get_n_seats (self->seats);

  *message = NULL;
  *incomplete = FALSE;
  for (guint i = 0; i < n_seats; i++)
    {
      names[i] = seat_text (self, i);
      if (*names[i] == '\0' && n_seats >= FT_MIN_PLAYERS)
        {
          *message = g_strdup_printf (_("Enter a name for player %u"), i + 1);
          *incomplete = TRUE;
          return FALSE;
        }
    }
  if (!ft_new_game_build (self->fair_trade, names, n_seats, (int) xq_seat_list_get_starter (self->seats),
                          setup, &error))
    {
      *message = capitalize (error->message);
      return FALSE;
    }
  return TRUE;
}

static void
update_validity (XqNewGameDialog *self)
{
  g_autofree char *message = NULL;
  gboolean incomplete;
  FxSetup setup;
  FtSetup ft_setup;
  gboolean valid = is_fair_trade (self) ? check_ft_form (self, &ft_setup, &message, &incomplete)
                                        : check_form (self, &setup, &message, &incomplete);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-game.start", valid);
  if (message != NULL)
    {
      gtk_label_set_text (self->message_label, message);
      gtk_image_set_from_icon_name (self->message_icon,
                                    incomplete ? "dialog-information-symbolic" : "dialog-warning-symbolic");
      if (incomplete)
        {
          gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "refusal");
          gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "dim-label");
          gtk_widget_add_css_class (GTK_WIDGET (self->message_icon), "dim-label");
          gtk_widget_remove_css_class (GTK_WIDGET (self->message_icon), "refusal");
        }
      else
        {
          gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "dim-label");
          gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "refusal");
          gtk_widget_remove_css_class (GTK_WIDGET (self->message_icon), "dim-label");
          gtk_widget_add_css_class (GTK_WIDGET (self->message_icon), "refusal");
        }
    }
  gtk_revealer_set_reveal_child (self->message_revealer, message != NULL);
}

/* The starter list shows each seat's name, or its placeholder while blank. */
static void
update_starter_names (XqNewGameDialog *self)
{
  g_autofree char **strings = g_new0 (char *, FX_MAX_PLAYERS + 1);
  char *placeholders[FX_MAX_PLAYERS] = { NULL, };
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->starter_names));
  guint n_seats = xq_seat_list_get_n_seats (self->seats);

  for (guint i = 0; i < n_seats; i++)
    {
      const char *text = seat_text (self, i);

      if (*text == '\0')
        text = placeholders[i] = g_strdup_printf (_("Player %u"), i + 1);
      strings[i] = (char *) text;
    }

  if (self->fair_trade != NULL)
    ft_new_game_set_seats (self->fair_trade, (const char * const *) strings, n_seats);
  self->updating_starter = TRUE;
  gtk_string_list_splice (self->starter_names, 0, old, (const char * const *) strings);
  adw_combo_row_set_selected (self->starter_row, MIN (xq_seat_list_get_starter (self->seats), n_seats - 1));
  self->updating_starter = FALSE;

  for (guint i = 0; i < FX_MAX_PLAYERS; i++)
    g_free (placeholders[i]);
}

/* Fair Trade seats six; For-Ex six, or five when the table rules say so. */
static guint
max_players (XqNewGameDialog *self)
{
  return is_fair_trade (self) ? FT_MAX_PLAYERS : fx_new_game_rules_max_players (self->table_rules);
}

static void
update_add_player (XqNewGameDialog *self)
{
  gboolean five = max_players (self) < FX_MAX_PLAYERS;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "new-game.add-player",
                                 xq_seat_list_get_n_seats (self->seats) < max_players (self));
  adw_preferences_group_set_description (self->players_group,
                                         five ? _("Two to five, in seating order: play passes clockwise, down this list.")
                                              : _("Two to six, in seating order: play passes clockwise, down this list."));
  gtk_widget_set_tooltip_text (self->add_button, five ? _("Add a Player (up to five)") : _("Add a Player (up to six)"));
}

static void
form_changed (gpointer user_data)
{
  XqNewGameDialog *self = user_data;

  update_add_player (self);
  update_starter_names (self);
  update_validity (self);
}

static void
rules_changed (XqNewGameDialog *self)
{
  update_add_player (self);
  update_validity (self);
}

static void
add_player_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  XqNewGameDialog *self = XQ_NEW_GAME_DIALOG (widget);

  if (xq_seat_list_get_n_seats (self->seats) >= max_players (self))
    return;
  xq_seat_list_add (self->seats);
  form_changed (self);
  gtk_widget_grab_focus (xq_seat_list_get_row (self->seats, xq_seat_list_get_n_seats (self->seats) - 1));
}

static void
starter_selected (XqNewGameDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->starter_row);

  if (self->updating_starter || selected == GTK_INVALID_LIST_POSITION
      || selected >= xq_seat_list_get_n_seats (self->seats))
    return;
  xq_seat_list_set_starter (self->seats, selected);
  update_validity (self);
}

static int
compare_currency (gconstpointer a,
                  gconstpointer b)
{
  return *(const gint8 *) a - *(const gint8 *) b;
}

/* Six of the 56 certificates, without replacement, as a shuffled deck would. */
static void
draw_removed (XqNewGameDialog *self)
{
  gint8 deck[N_CERTIFICATES];
  GString *codes = g_string_new (NULL);

  for (int i = 0; i < N_CERTIFICATES; i++)
    deck[i] = (gint8) (i / FX_CERTS_PER_CURRENCY);
  for (int i = 0; i < FX_N_REMOVED; i++)
    {
      int j = g_random_int_range (i, N_CERTIFICATES);
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
  g_string_free (codes, TRUE);
}

static void
draw_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  XqNewGameDialog *self = XQ_NEW_GAME_DIALOG (widget);

  draw_removed (self);
  update_validity (self);
}

static void
set_mode (XqNewGameDialog *self,
          RemovedMode      mode)
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

      if (mode == MODE_PILES)
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
      gtk_widget_set_visible (GTK_WIDGET (self->count_rows[c]), mode != MODE_RANDOM);
    }
  self->updating_counts = FALSE;

  if (mode == MODE_RANDOM && !self->have_drawn)
    draw_removed (self);
  gtk_widget_set_visible (GTK_WIDGET (self->random_row), mode == MODE_RANDOM);

  switch (mode)
    {
    case MODE_NAMED:
      adw_preferences_group_set_description (self->removed_group,
                                             _("How many of each currency left the game at setup: six in all."));
      break;
    case MODE_PILES:
      adw_preferences_group_set_description (self->removed_group,
                                             _("How many certificates each pile holds: 50 in all, 8 at most."));
      break;
    case MODE_RANDOM:
      adw_preferences_group_set_description (self->removed_group,
                                             _("The app draws six of the 56 certificates, as a shuffled deck would."));
      break;
    default:
      g_assert_not_reached ();
    }
  update_validity (self);
}

static void
mode_selected (XqNewGameDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->mode_row);

  if (selected <= MODE_RANDOM)
    set_mode (self, (RemovedMode) selected);
}

static void
count_changed (XqNewGameDialog *self)
{
  if (!self->updating_counts)
    update_validity (self);
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  XqNewGameDialog *self = XQ_NEW_GAME_DIALOG (widget);
  g_autoptr(XqSession) session = NULL;
  g_autofree char *message = NULL;
  gboolean incomplete;
  FxSetup setup;
  FtSetup ft_setup;

  if (is_fair_trade (self))
    {
      if (!check_ft_form (self, &ft_setup, &message, &incomplete))
        {
          update_validity (self);
          return;
        }
      session = xq_session_new (ft_game_get (), &ft_setup);
    }
  else if (!check_form (self, &setup, &message, &incomplete))
    {
      update_validity (self);
      return;
    }
  else
    session = xq_session_new (fx_game_get (), &setup);
  /* Hold on: a handler may close the window and drop the last reference. */
  g_object_ref (self);
  g_signal_emit (self, signals[READY], 0, session);
  gtk_window_close (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
game_selected (XqNewGameDialog *self)
{
  gboolean ft = is_fair_trade (self);

  ft_new_game_set_visible (self->fair_trade, ft);
  fx_new_game_rules_set_visible (self->table_rules, !ft);
  gtk_widget_set_visible (GTK_WIDGET (self->removed_group), !ft);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->starter_row), ft ? _("_Farmer") : _("_Who Starts"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->starter_row),
                               ft ? _("Holds the farmer marker in the first round") : _("Takes the first turn"));
  adw_window_title_set_subtitle (self->window_title, ft ? _("Fair Trade") : _("For-Ex"));
  update_add_player (self);
  update_validity (self);
}

static void
xq_new_game_dialog_dispose (GObject *object)
{
  XqNewGameDialog *self = XQ_NEW_GAME_DIALOG (object);

  g_clear_pointer (&self->fair_trade, ft_new_game_free);
  g_clear_pointer (&self->table_rules, fx_new_game_rules_free);
  g_clear_pointer (&self->seats, xq_seat_list_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), XQ_TYPE_NEW_GAME_DIALOG);
  G_OBJECT_CLASS (xq_new_game_dialog_parent_class)->dispose (object);
}

static void
xq_new_game_dialog_class_init (XqNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_new_game_dialog_dispose;

  /**
   * XqNewGameDialog::ready:
   * @self: the dialog
   * @session: the new game's session, seating rotated so the starter is first
   *
   * The players started the game; the dialog closes right after.
   */
  signals[READY] = g_signal_new ("ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 1, XQ_TYPE_SESSION);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, add_button);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, page);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, starter_row);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, starter_names);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, removed_group);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, mode_row);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, random_row);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, redraw_button);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, message_icon);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, window_title);

  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "new-game.add-player", NULL, add_player_action);
  gtk_widget_class_install_action (widget_class, "new-game.draw", NULL, draw_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
xq_new_game_dialog_init (XqNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* For-Ex's table rules come after its removed certificates; Fair Trade's group takes their place. */
  self->table_rules = fx_new_game_rules_new (self->page, G_CALLBACK (rules_changed), self);
  self->fair_trade = ft_new_game_new (self->page, G_CALLBACK (update_validity), self);
  ft_new_game_set_visible (self->fair_trade, FALSE);
  g_signal_connect_object (self->game_row, "notify::selected", G_CALLBACK (game_selected), self, G_CONNECT_SWAPPED);

  self->seats = xq_seat_list_new (self->players_group, FX_MAX_PLAYERS, form_changed, self);
  for (guint i = 0; i < INITIAL_PLAYERS; i++)
    xq_seat_list_add (self->seats);

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
      g_signal_connect_object (spin, "value-changed", G_CALLBACK (count_changed), self, G_CONNECT_SWAPPED);
      self->count_rows[c] = row;
      self->count_spins[c] = GTK_SPIN_BUTTON (spin);
    }
  adw_preferences_group_set_description (self->removed_group,
                                         _("How many of each currency left the game at setup: six in all."));

  g_signal_connect_object (self->starter_row, "notify::selected", G_CALLBACK (starter_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->mode_row, "notify::selected", G_CALLBACK (mode_selected), self,
                           G_CONNECT_SWAPPED);

  gtk_window_set_default_widget (GTK_WINDOW (self), self->start_button);
  xq_a11y_name_all_below (GTK_WIDGET (self));
  form_changed (self);
  gtk_widget_grab_focus (xq_seat_list_get_row (self->seats, 0));
}

XqNewGameDialog *
xq_new_game_dialog_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (XQ_TYPE_NEW_GAME_DIALOG,
                       "transient-for", parent,
                       NULL);
}

/**
 * xq_new_game_dialog_set_game:
 * @self: the dialog
 * @game_id: "for-ex" or "fair-trade"
 *
 * Chooses the game the form sets up, as the Game row does.
 */
void
xq_new_game_dialog_set_game (XqNewGameDialog *self,
                             const char      *game_id)
{
  g_return_if_fail (XQ_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (game_id != NULL);

  /* The rows of the Game list, in the order of xq-new-game-dialog.ui. */
  if (g_str_equal (game_id, ft_game_get ()->id))
    adw_combo_row_set_selected (self->game_row, 1);
  else if (g_str_equal (game_id, fx_game_get ()->id))
    adw_combo_row_set_selected (self->game_row, 0);
  else
    g_return_if_reached ();
}
