/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar's dropdowns: each option carries a value and, when the rules
 * refuse it now, the reason, shown under it in the list, where the option
 * stays, greyed out and not selectable. The lists keep their options in a
 * fixed order, so a choice keeps its place while other fields change. */

#include "config.h"

#include <string.h>

#include "fx-move-bar-private.h"

/* The closed dropdown: the option's label, ellipsized in the fixed width. */
static void
setup_button (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_button (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (string));
}

/* The open list: label, reason, and the check mark of the chosen option. */
static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *reason = gtk_label_new (NULL);
  GtkWidget *check = g_object_new (GTK_TYPE_IMAGE, "icon-name", "object-select-symbolic",
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_xalign (GTK_LABEL (reason), 0);
  gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
  /* Wide enough to read in a line or two, whatever the dropdown's width. */
  gtk_label_set_width_chars (GTK_LABEL (reason), 24);
  gtk_label_set_max_width_chars (GTK_LABEL (reason), 32);
  gtk_widget_add_css_class (reason, "caption");
  gtk_widget_add_css_class (reason, "option-reason");
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (texts), label);
  gtk_box_append (GTK_BOX (texts), reason);
  gtk_box_append (GTK_BOX (row), texts);
  gtk_box_append (GTK_BOX (row), check);
  gtk_list_item_set_child (item, row);
}

static void
update_check (GtkDropDown *dropdown,
              GParamSpec  *pspec,
              GtkListItem *item)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_opacity (check, gtk_drop_down_get_selected (dropdown) == gtk_list_item_get_position (item));
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          Choice                   *c)
{
  GtkDropDown *dropdown = g_object_get_data (G_OBJECT (factory), "dropdown");
  GtkWidget *row = gtk_list_item_get_child (item);
  GtkWidget *texts = gtk_widget_get_first_child (row);
  GtkWidget *label = gtk_widget_get_first_child (texts);
  GtkWidget *reason_label = gtk_widget_get_last_child (texts);
  guint position = gtk_list_item_get_position (item);
  const char *reason = dropdown == c->dropdown && position < c->n ? c->reasons[position] : NULL;
  g_autofree char *text = fx_move_bar_capitalize (reason);

  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (gtk_list_item_get_item (item)));
  gtk_label_set_text (GTK_LABEL (reason_label), text);
  gtk_widget_set_visible (reason_label, reason != NULL);
  /* Greyed out, and neither a click nor Enter takes it. */
  gtk_widget_set_sensitive (texts, reason == NULL);
  gtk_list_item_set_activatable (item, reason == NULL);
  gtk_list_item_set_selectable (item, reason == NULL);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (update_check), item);
  update_check (dropdown, NULL, item);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  data)
{
  GtkDropDown *dropdown = g_object_get_data (G_OBJECT (factory), "dropdown");

  g_signal_handlers_disconnect_by_func (dropdown, update_check, item);
}

static void
on_selected (GtkDropDown *dropdown,
             GParamSpec  *pspec,
             Choice      *c)
{
  FxMoveBar *self = c->bar;

  if (self->updating > 0 || dropdown != c->dropdown)
    return;
  c->touched = TRUE;
  fx_move_bar_update_forms (self);
}

/* Picking the option already shown is a choice too, though the dropdown
 * does not say so: its list tells. */
static void
on_row_activated (GtkListView *list,
                  guint        position,
                  Choice      *c)
{
  if (c->bar->updating > 0 || c->touched)
    return;
  c->touched = TRUE;
  fx_move_bar_update_forms (c->bar);
}

/* The list in the dropdown's popover. */
static GtkWidget *
find_list (GtkWidget *widget)
{
  if (GTK_IS_LIST_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *list = find_list (child);

      if (list != NULL)
        return list;
    }
  return NULL;
}

/* Gives @dropdown the factories and makes @c its options. */
void
fx_move_bar_choice_init (FxMoveBar   *self,
                         Choice      *c,
                         GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) rows = gtk_signal_list_item_factory_new ();
  GtkWidget *list;

  fx_move_bar_choice_clear (c);
  c->bar = self;
  c->dropdown = dropdown;
  g_signal_connect (button, "setup", G_CALLBACK (setup_button), NULL);
  g_signal_connect (button, "bind", G_CALLBACK (bind_button), NULL);
  /* The dropdown owns the factory: it is never left without its dropdown. */
  g_object_set_data (G_OBJECT (rows), "dropdown", dropdown);
  g_signal_connect (rows, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (rows, "bind", G_CALLBACK (bind_row), c);
  g_signal_connect (rows, "unbind", G_CALLBACK (unbind_row), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, rows);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (on_selected), c);
  list = find_list (GTK_WIDGET (dropdown));
  if (list != NULL)
    g_signal_connect_after (list, "activate", G_CALLBACK (on_row_activated), c);
}

static guint
first_available (const Choice *c)
{
  for (guint i = 0; i < c->n; i++)
    if (c->reasons[i] == NULL)
      return i;
  return 0;
}

/**
 * fx_move_bar_choice_set:
 * @c: the choice
 * @n: how many options
 * @labels: their labels
 * @values: their values
 * @reasons: (transfer full): for each, why the rules refuse it now, or %NULL
 * @by_position: a chosen option is kept by its place in the list (the
 *   contract amounts: "the third" stays the third when the currency changes),
 *   not by its value
 *
 * The model is replaced only when something in it changed. The option the
 * player chose stays chosen even when it is now refused (the form then says
 * why); a default moves to the first available option.
 */
void
fx_move_bar_choice_set (Choice      *c,
                        guint        n,
                        const char **labels,
                        const int   *values,
                        char       **reasons,
                        gboolean     by_position)
{
  GListModel *model = gtk_drop_down_get_model (c->dropdown);
  guint old = gtk_drop_down_get_selected (c->dropdown);
  gboolean had = model != NULL && old < c->n;
  int keep = had ? c->values[old] : 0;
  gboolean same = model != NULL && n == c->n;
  guint select = GTK_INVALID_LIST_POSITION;

  g_assert (n <= CHOICE_MAX);
  for (guint i = 0; same && i < n; i++)
    same = values[i] == c->values[i] && g_strcmp0 (reasons[i], c->reasons[i]) == 0
           && g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), labels[i]) == 0;

  c->bar->updating++;
  if (same)
    {
      for (guint i = 0; i < n; i++)
        g_free (reasons[i]);
      select = old;
    }
  else
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

      for (guint i = 0; i < n; i++)
        gtk_string_list_append (list, labels[i]);
      for (guint i = 0; i < c->n; i++)
        g_free (c->reasons[i]);
      memcpy (c->values, values, sizeof (int) * n);
      memcpy (c->reasons, reasons, sizeof (char *) * n);
      c->n = n;
      if (had && by_position && old < n)
        select = old;
      for (guint i = 0; had && !by_position && i < n; i++)
        if (values[i] == keep)
          select = i;
      gtk_drop_down_set_model (c->dropdown, G_LIST_MODEL (list));
    }
  if (select >= n || (!c->touched && c->reasons[select] != NULL))
    select = first_available (c);
  if (n == 0)
    select = GTK_INVALID_LIST_POSITION;
  gtk_drop_down_set_selected (c->dropdown, select);
  c->bar->updating--;
}

/* Forgets the options and that the player chose one: a new turn. */
void
fx_move_bar_choice_reset (Choice *c)
{
  c->bar->updating++;
  gtk_drop_down_set_model (c->dropdown, NULL);
  c->bar->updating--;
  fx_move_bar_choice_clear (c);
}

/* Frees the reasons; the dropdown is left as it is. */
void
fx_move_bar_choice_clear (Choice *c)
{
  for (guint i = 0; i < c->n; i++)
    g_clear_pointer (&c->reasons[i], g_free);
  c->n = 0;
  c->touched = FALSE;
}

gboolean
fx_move_bar_choice_get (const Choice *c,
                        int          *out_value)
{
  guint selected;

  if (c->dropdown == NULL)
    return FALSE;
  selected = gtk_drop_down_get_selected (c->dropdown);
  if (selected == GTK_INVALID_LIST_POSITION || selected >= c->n)
    return FALSE;
  *out_value = c->values[selected];
  return TRUE;
}

int
fx_move_bar_choice_value (const Choice *c,
                          int           fallback)
{
  int value;

  return fx_move_bar_choice_get (c, &value) ? value : fallback;
}

/* Why the chosen option is refused, or NULL. */
const char *
fx_move_bar_choice_reason (const Choice *c)
{
  guint selected = c->dropdown != NULL ? gtk_drop_down_get_selected (c->dropdown) : GTK_INVALID_LIST_POSITION;

  return selected < c->n ? c->reasons[selected] : NULL;
}

/* Chooses @value as a player would; FALSE when no option has it. */
gboolean
fx_move_bar_choice_select (Choice *c,
                           int     value)
{
  for (guint i = 0; i < c->n; i++)
    if (c->values[i] == value)
      {
        if (gtk_drop_down_get_selected (c->dropdown) == i)
          c->touched = TRUE;
        else
          gtk_drop_down_set_selected (c->dropdown, i);
        return TRUE;
      }
  return FALSE;
}
