/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The new-game form: which game, names in seating order (xq-seat-list.c) and
 * who starts; each game adds its own groups (its XqGameUi's setup hooks), and
 * this dialog names none. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-a11y.h"
#include "xq-game-ui.h"
#include "xq-new-game-dialog.h"
#include "xq-seat-list.h"

#define INITIAL_PLAYERS 4
#define MAX_SEATS XQ_SEAT_LIST_MAX_SEATS

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
  GtkRevealer          *message_revealer;
  GtkImage             *message_icon;
  GtkLabel             *message_label;
  AdwComboRow          *game_row;
  GtkStringList        *game_names;
  AdwWindowTitle       *window_title;
  /* Each game's groups, in xq_game_ui_get_nth() order. */
  XqGameUiSetup       **setups;

  XqSeatList           *seats;
  gboolean              updating_starter;
};

G_DEFINE_FINAL_TYPE (XqNewGameDialog, xq_new_game_dialog, ADW_TYPE_WINDOW)

enum
{
  READY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
seat_text (XqNewGameDialog *self,
           guint            seat)
{
  return xq_seat_list_get_name (self->seats, seat);
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

static guint
selected_game (XqNewGameDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->game_row);

  return selected < xq_game_ui_get_n () ? selected : 0;
}

/*
 * Checks the whole form. On success returns the new game's session.
 * Otherwise @message says what is wrong, and @incomplete tells a blank still
 * to fill in from a mistake.
 */
static XqSession *
check_form (XqNewGameDialog  *self,
            char            **message,
            gboolean         *incomplete)
{
  guint game = selected_game (self);
  const XqGameUi *ui = xq_game_ui_get_nth (game);
  const char *names[MAX_SEATS];
  g_autoptr(GError) error = NULL;
  guint n_seats = xq_seat_list_get_n_seats (self->seats);
  XqSession *session;

  *message = NULL;
  *incomplete = FALSE;
  for (guint i = 0; i < n_seats; i++)
    {
      names[i] = seat_text (self, i);
      if (*names[i] == '\0' && n_seats >= ui->min_players)
        {
          *message = g_strdup_printf (_("Enter a name for player %u"), i + 1);
          *incomplete = TRUE;
          return NULL;
        }
    }
  session = ui->setup_start (self->setups[game], names, n_seats, xq_seat_list_get_starter (self->seats), &error);
  if (session == NULL)
    *message = capitalize (error->message);
  return session;
}

static void
update_validity (XqNewGameDialog *self)
{
  g_autofree char *message = NULL;
  gboolean incomplete;
  g_autoptr(XqSession) session = check_form (self, &message, &incomplete);
  gboolean valid = session != NULL;

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
  g_autofree char **strings = g_new0 (char *, MAX_SEATS + 1);
  char *placeholders[MAX_SEATS] = { NULL, };
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->starter_names));
  guint n_seats = xq_seat_list_get_n_seats (self->seats);

  for (guint i = 0; i < n_seats; i++)
    {
      const char *text = seat_text (self, i);

      if (*text == '\0')
        text = placeholders[i] = g_strdup_printf (_("Player %u"), i + 1);
      strings[i] = (char *) text;
    }

  for (guint g = 0; self->setups != NULL && g < xq_game_ui_get_n (); g++)
    if (xq_game_ui_get_nth (g)->setup_set_seats != NULL)
      xq_game_ui_get_nth (g)->setup_set_seats (self->setups[g], (const char * const *) strings, n_seats);
  self->updating_starter = TRUE;
  gtk_string_list_splice (self->starter_names, 0, old, (const char * const *) strings);
  adw_combo_row_set_selected (self->starter_row, MIN (xq_seat_list_get_starter (self->seats), n_seats - 1));
  self->updating_starter = FALSE;

  for (guint i = 0; i < MAX_SEATS; i++)
    g_free (placeholders[i]);
}

/* As the chosen game's groups allow now (its table rules may say five). */
static guint
max_players (XqNewGameDialog *self)
{
  guint game = selected_game (self);

  return MIN (xq_game_ui_get_nth (game)->setup_max_players (self->setups[game]), MAX_SEATS);
}

static void
update_add_player (XqNewGameDialog *self)
{
  gboolean five = max_players (self) < MAX_SEATS;

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

/* A game's groups changed: the seats they allow, or what they say. */
static void
setup_changed (XqNewGameDialog *self)
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

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  XqNewGameDialog *self = XQ_NEW_GAME_DIALOG (widget);
  g_autoptr(XqSession) session = NULL;
  g_autofree char *message = NULL;
  gboolean incomplete;

  session = check_form (self, &message, &incomplete);
  if (session == NULL)
    {
      update_validity (self);
      return;
    }
  /* Hold on: a handler may close the window and drop the last reference. */
  g_object_ref (self);
  g_signal_emit (self, signals[READY], 0, session);
  gtk_window_close (GTK_WINDOW (self));
  g_object_unref (self);
}

/* Shows the chosen game's groups and words, hides the others'. */
static void
game_selected (XqNewGameDialog *self)
{
  guint game = selected_game (self);
  const XqGameUi *ui = xq_game_ui_get_nth (game);

  for (guint g = 0; g < xq_game_ui_get_n (); g++)
    xq_game_ui_get_nth (g)->setup_set_visible (self->setups[g], g == game);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->starter_row),
                                 ui->starter_title != NULL ? _(ui->starter_title) : _("_Who Starts"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->starter_row),
                               ui->starter_subtitle != NULL ? _(ui->starter_subtitle) : _("Takes the first turn"));
  adw_window_title_set_subtitle (self->window_title, _(ui->game ()->display_name));
  update_add_player (self);
  update_validity (self);
}

static void
xq_new_game_dialog_dispose (GObject *object)
{
  XqNewGameDialog *self = XQ_NEW_GAME_DIALOG (object);

  for (guint g = 0; self->setups != NULL && g < xq_game_ui_get_n (); g++)
    xq_game_ui_get_nth (g)->setup_free (self->setups[g]);
  g_clear_pointer (&self->setups, g_free);
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
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, message_icon);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, game_names);
  gtk_widget_class_bind_template_child (widget_class, XqNewGameDialog, window_title);

  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "new-game.add-player", NULL, add_player_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
xq_new_game_dialog_init (XqNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Each game's groups follow the shared ones, in the registry's order. */
  self->setups = g_new0 (XqGameUiSetup *, xq_game_ui_get_n ());
  for (guint g = 0; g < xq_game_ui_get_n (); g++)
    {
      const XqGameUi *ui = xq_game_ui_get_nth (g);

      gtk_string_list_append (self->game_names, _(ui->game ()->display_name));
      self->setups[g] = ui->setup_new (self->page, G_CALLBACK (setup_changed), self);
    }
  self->seats = xq_seat_list_new (self->players_group, MAX_SEATS, form_changed, self);
  for (guint i = 0; i < INITIAL_PLAYERS; i++)
    xq_seat_list_add (self->seats);
  adw_combo_row_set_selected (self->game_row, 0);
  game_selected (self);
  g_signal_connect_object (self->game_row, "notify::selected", G_CALLBACK (game_selected), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->starter_row, "notify::selected", G_CALLBACK (starter_selected), self,
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
 * @game_id: the id of a game the app offers (its XqGameUi)
 *
 * Chooses the game the form sets up, as the Game row does.
 */
void
xq_new_game_dialog_set_game (XqNewGameDialog *self,
                             const char      *game_id)
{
  g_return_if_fail (XQ_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (game_id != NULL);

  for (guint g = 0; g < xq_game_ui_get_n (); g++)
    if (g_str_equal (game_id, xq_game_ui_get_nth (g)->game ()->id))
      {
        adw_combo_row_set_selected (self->game_row, g);
        return;
      }
  g_return_if_reached ();
}
