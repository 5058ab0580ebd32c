/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The players of a new game in seating order (see xq-seat-list.h). A seat is
 * a fixed row; moving a player moves the name between rows, so the rows keep
 * their "Player N" placeholders in seating order. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-seat-list.h"

typedef struct
{
  AdwEntryRow *row;
  GtkWidget   *up;
  GtkWidget   *down;
  GtkWidget   *remove;
} Seat;

struct _XqSeatList
{
  AdwPreferencesGroup *group;
  Seat                 seats[XQ_SEAT_LIST_MAX_SEATS];
  guint                max_seats;
  guint                n_seats;
  guint                starter;       /* a seat */
  XqSeatListChanged    changed;
  gpointer             user_data;
};

/**
 * xq_seat_list_new:
 * @group: where the seats' rows go
 * @max_seats: how many seats there may be, at most XQ_SEAT_LIST_MAX_SEATS
 * @changed: called after each change a player makes
 * @user_data: its argument
 *
 * Returns: (transfer full): a list without seats
 */
XqSeatList *
xq_seat_list_new (AdwPreferencesGroup *group,
                  guint                max_seats,
                  XqSeatListChanged    changed,
                  gpointer             user_data)
{
  XqSeatList *self = g_new0 (XqSeatList, 1);

  g_return_val_if_fail (max_seats <= XQ_SEAT_LIST_MAX_SEATS, NULL);

  self->group = group;
  self->max_seats = max_seats;
  self->changed = changed;
  self->user_data = user_data;
  return self;
}

/* The rows stay in their group: they go with the window. */
void
xq_seat_list_free (XqSeatList *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_seats; i++)
    {
      g_signal_handlers_disconnect_by_data (self->seats[i].up, self);
      g_signal_handlers_disconnect_by_data (self->seats[i].down, self);
      g_signal_handlers_disconnect_by_data (self->seats[i].remove, self);
      g_signal_handlers_disconnect_by_data (self->seats[i].row, self);
    }
  g_free (self);
}

guint
xq_seat_list_get_n_seats (XqSeatList *self)
{
  return self->n_seats;
}

/* The name typed in @seat, "" while blank. */
const char *
xq_seat_list_get_name (XqSeatList *self,
                       guint       seat)
{
  g_return_val_if_fail (seat < self->n_seats, "");

  return gtk_editable_get_text (GTK_EDITABLE (self->seats[seat].row));
}

GtkWidget *
xq_seat_list_get_row (XqSeatList *self,
                      guint       seat)
{
  g_return_val_if_fail (seat < self->n_seats, NULL);

  return GTK_WIDGET (self->seats[seat].row);
}

guint
xq_seat_list_get_starter (XqSeatList *self)
{
  return self->starter;
}

void
xq_seat_list_set_starter (XqSeatList *self,
                          guint       seat)
{
  g_return_if_fail (seat < self->n_seats);

  self->starter = seat;
}

static void
row_changed (XqSeatList *self)
{
  self->changed (self->user_data);
}

/* Enter in a name goes on to the next name, as a form is filled in at the
 * table; in the last one it is the window's default: Start. */
static void
row_activated (AdwEntryRow *row,
               XqSeatList  *self)
{
  for (guint i = 0; i < self->n_seats; i++)
    {
      if (self->seats[i].row != row)
        continue;
      if (i + 1 < self->n_seats)
        gtk_widget_grab_focus (GTK_WIDGET (self->seats[i + 1].row));
      else
        gtk_widget_activate_default (GTK_WIDGET (row));
      return;
    }
}

static void
update_seat_buttons (XqSeatList *self)
{
  for (guint i = 0; i < self->n_seats; i++)
    {
      gtk_widget_set_sensitive (self->seats[i].up, i > 0);
      gtk_widget_set_sensitive (self->seats[i].down, i + 1 < self->n_seats);
      gtk_widget_set_sensitive (self->seats[i].remove, self->n_seats > 1);
    }
}

static void
swap_seats (XqSeatList *self,
            guint       a,
            guint       b)
{
  g_autofree char *text_a = g_strdup (xq_seat_list_get_name (self, a));

  gtk_editable_set_text (GTK_EDITABLE (self->seats[a].row), xq_seat_list_get_name (self, b));
  gtk_editable_set_text (GTK_EDITABLE (self->seats[b].row), text_a);
  if (self->starter == a)
    self->starter = b;
  else if (self->starter == b)
    self->starter = a;
  self->changed (self->user_data);
}

static guint
seat_of (XqSeatList *self,
         GtkWidget  *button)
{
  for (guint i = 0; i < self->n_seats; i++)
    if (button == self->seats[i].up || button == self->seats[i].down || button == self->seats[i].remove)
      return i;
  g_assert_not_reached ();
}

/* Focus follows the name that moved, so the keyboard can keep moving it. */
static void
move_up_clicked (GtkWidget  *button,
                 XqSeatList *self)
{
  guint seat = seat_of (self, button);

  if (seat == 0)
    return;
  swap_seats (self, seat - 1, seat);
  update_seat_buttons (self);
  gtk_widget_grab_focus (seat - 1 > 0 ? self->seats[seat - 1].up : self->seats[seat - 1].down);
}

static void
move_down_clicked (GtkWidget  *button,
                   XqSeatList *self)
{
  guint seat = seat_of (self, button);

  if (seat + 1 >= self->n_seats)
    return;
  swap_seats (self, seat, seat + 1);
  update_seat_buttons (self);
  gtk_widget_grab_focus (seat + 2 < self->n_seats ? self->seats[seat + 1].down : self->seats[seat + 1].up);
}

static gboolean
drop_row (gpointer row)
{
  g_object_unref (row);
  return G_SOURCE_REMOVE;
}

static void
remove_clicked (GtkWidget  *button,
                XqSeatList *self)
{
  guint seat = seat_of (self, button);
  guint last;

  if (self->n_seats <= 1)
    return;
  /* Names below move up one seat; the last row goes. */
  for (guint i = seat; i + 1 < self->n_seats; i++)
    gtk_editable_set_text (GTK_EDITABLE (self->seats[i].row), xq_seat_list_get_name (self, i + 1));
  if (self->starter == seat)
    self->starter = 0;
  else if (self->starter > seat)
    self->starter--;

  last = --self->n_seats;
  /* The clicked button may sit in the row that goes: keep it alive until
   * its signal has returned. */
  g_idle_add_full (G_PRIORITY_DEFAULT, G_SOURCE_FUNC (drop_row), g_object_ref (self->seats[last].row), NULL);
  adw_preferences_group_remove (self->group, GTK_WIDGET (self->seats[last].row));
  memset (&self->seats[last], 0, sizeof (Seat));

  self->changed (self->user_data);
  update_seat_buttons (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->seats[MIN (seat, self->n_seats - 1)].row));
}

static GtkWidget *
seat_button (const char *icon_name,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

/**
 * xq_seat_list_add:
 * @list: a seat list with fewer seats than its maximum
 *
 * Adds an empty seat at the end. Unlike the changes players make, this
 * does not call the list's callback: the owner updates what depends on the
 * seats when it is ready to.
 */
void
xq_seat_list_add (XqSeatList *self)
{
  guint i = self->n_seats;
  Seat *seat = &self->seats[i];
  g_autofree char *title = NULL;
  g_autofree char *up_label = NULL;
  g_autofree char *down_label = NULL;
  g_autofree char *remove_label = NULL;

  g_assert (i < self->max_seats);

  /* TRANSLATORS: the placeholder of a seat's name; also "Player 1" … in the starter list */
  title = g_strdup_printf (_("Player %u"), i + 1);
  seat->row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (seat->row), title);
  /* Enter: the next name, or Start after the last (row_activated). */
  adw_entry_row_set_activates_default (seat->row, FALSE);
  adw_entry_row_set_input_purpose (seat->row, GTK_INPUT_PURPOSE_NAME);
  adw_entry_row_set_input_hints (seat->row, GTK_INPUT_HINT_NO_SPELLCHECK);

  seat->up = seat_button ("go-up-symbolic", _("Move Up"));
  seat->down = seat_button ("go-down-symbolic", _("Move Down"));
  seat->remove = seat_button ("user-trash-symbolic", _("Remove Player"));
  up_label = g_strdup_printf (_("Move player %u up"), i + 1);
  down_label = g_strdup_printf (_("Move player %u down"), i + 1);
  remove_label = g_strdup_printf (_("Remove player %u"), i + 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (seat->up), GTK_ACCESSIBLE_PROPERTY_LABEL, up_label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (seat->down), GTK_ACCESSIBLE_PROPERTY_LABEL, down_label, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (seat->remove), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_label, -1);
  adw_entry_row_add_suffix (seat->row, seat->up);
  adw_entry_row_add_suffix (seat->row, seat->down);
  adw_entry_row_add_suffix (seat->row, seat->remove);

  g_signal_connect (seat->up, "clicked", G_CALLBACK (move_up_clicked), self);
  g_signal_connect (seat->down, "clicked", G_CALLBACK (move_down_clicked), self);
  g_signal_connect (seat->remove, "clicked", G_CALLBACK (remove_clicked), self);
  g_signal_connect_swapped (seat->row, "changed", G_CALLBACK (row_changed), self);
  g_signal_connect (seat->row, "entry-activated", G_CALLBACK (row_activated), self);

  adw_preferences_group_add (self->group, GTK_WIDGET (seat->row));
  self->n_seats++;
  update_seat_buttons (self);
}

