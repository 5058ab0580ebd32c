/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqReasonDropdown: a dropdown whose options each carry a value and, when
 * they cannot be chosen now, the reason, shown under the option in the open
 * list, where it stays, greyed out and not selectable. The options keep a
 * fixed order, so a choice keeps its place while the rest of a form changes.
 * It remembers whether the player chose (a default may move, a choice never
 * does) and emits notify::selected only for the player's choices, never for
 * the options its owner sets. It calls nothing of its owner's. */

#include "config.h"

#include <string.h>

#include "xq-reason-dropdown.h"

struct _XqReasonDropdown
{
  GtkWidget    parent_instance;

  GtkDropDown *dropdown;
  int          values[XQ_REASON_DROPDOWN_MAX];
  char        *reasons[XQ_REASON_DROPDOWN_MAX];   /* NULL: available */
  guint        n;
  /* The player chose this option: it is never changed for them. A default
   * (untouched) moves to the first available option when its own is refused. */
  gboolean     touched;
  /* The owner is setting the options: the changes are not the player's. */
  guint        setting;
};

G_DEFINE_FINAL_TYPE (XqReasonDropdown, xq_reason_dropdown, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A reason is a clause from the rules ("Ben holds 2 USD"); in the list it
 * stands alone, as a sentence. */
static char *
capitalize (const char *clause)
{
  gunichar first;
  char buf[8];
  int len;

  if (clause == NULL || *clause == '\0')
    return g_strdup ("");
  first = g_utf8_get_char (clause);
  if (g_unichar_isupper (first))
    return g_strdup (clause);
  len = g_unichar_to_utf8 (g_unichar_toupper (first), buf);
  return g_strdup_printf ("%.*s%s", len, buf, g_utf8_next_char (clause));
}

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
          XqReasonDropdown         *self)
{
  GtkWidget *row = gtk_list_item_get_child (item);
  GtkWidget *texts = gtk_widget_get_first_child (row);
  GtkWidget *label = gtk_widget_get_first_child (texts);
  GtkWidget *reason_label = gtk_widget_get_last_child (texts);
  guint position = gtk_list_item_get_position (item);
  const char *reason = position < self->n ? self->reasons[position] : NULL;
  g_autofree char *text = capitalize (reason);

  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (gtk_list_item_get_item (item)));
  gtk_label_set_text (GTK_LABEL (reason_label), text);
  gtk_widget_set_visible (reason_label, reason != NULL);
  /* Greyed out, and neither a click nor Enter takes it. */
  gtk_widget_set_sensitive (texts, reason == NULL);
  gtk_list_item_set_activatable (item, reason == NULL);
  gtk_list_item_set_selectable (item, reason == NULL);
  g_signal_connect (self->dropdown, "notify::selected", G_CALLBACK (update_check), item);
  update_check (self->dropdown, NULL, item);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            XqReasonDropdown         *self)
{
  if (self->dropdown != NULL)
    g_signal_handlers_disconnect_by_func (self->dropdown, update_check, item);
}

static void
player_chose (XqReasonDropdown *self)
{
  self->touched = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

static void
on_selected (XqReasonDropdown *self)
{
  if (self->setting == 0)
    player_chose (self);
}

/* Picking the option already shown is a choice too, though the dropdown
 * does not say so: its list tells. */
static void
on_row_activated (GtkListView      *list,
                  guint             position,
                  XqReasonDropdown *self)
{
  if (self->setting == 0 && !self->touched)
    player_chose (self);
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

static guint
first_available (XqReasonDropdown *self)
{
  for (guint i = 0; i < self->n; i++)
    if (self->reasons[i] == NULL)
      return i;
  return 0;
}

/* Frees the reasons; the dropdown is left as it is. */
static void
clear (XqReasonDropdown *self)
{
  for (guint i = 0; i < self->n; i++)
    g_clear_pointer (&self->reasons[i], g_free);
  self->n = 0;
  self->touched = FALSE;
}

/* A label that names this widget names the dropdown inside, which is what
 * takes the focus and what a screen reader meets. */
static void
xq_reason_dropdown_root (GtkWidget *widget)
{
  XqReasonDropdown *self = XQ_REASON_DROPDOWN (widget);
  g_autoptr(GList) labels = gtk_widget_list_mnemonic_labels (widget);

  GTK_WIDGET_CLASS (xq_reason_dropdown_parent_class)->root (widget);
  for (GList *l = labels; l != NULL; l = l->next)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (self->dropdown), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                    l->data, NULL, -1);
}

static gboolean
xq_reason_dropdown_mnemonic_activate (GtkWidget *widget,
                                      gboolean   group_cycling)
{
  return gtk_widget_mnemonic_activate (GTK_WIDGET (XQ_REASON_DROPDOWN (widget)->dropdown), group_cycling);
}

static void
xq_reason_dropdown_dispose (GObject *object)
{
  XqReasonDropdown *self = XQ_REASON_DROPDOWN (object);

  /* The rows let go of the dropdown as it goes: it is cleared only after. */
  if (self->dropdown != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->dropdown));
      self->dropdown = NULL;
    }
  clear (self);
  G_OBJECT_CLASS (xq_reason_dropdown_parent_class)->dispose (object);
}

static void
xq_reason_dropdown_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  XqReasonDropdown *self = XQ_REASON_DROPDOWN (object);

  switch (prop_id)
    {
    case PROP_SELECTED:
      g_value_set_uint (value, xq_reason_dropdown_get_selected (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_reason_dropdown_class_init (XqReasonDropdownClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_reason_dropdown_dispose;
  object_class->get_property = xq_reason_dropdown_get_property;
  widget_class->root = xq_reason_dropdown_root;
  widget_class->mnemonic_activate = xq_reason_dropdown_mnemonic_activate;

  /**
   * XqReasonDropdown:selected:
   *
   * The position of the option shown. Notified when the player chooses an
   * option, even the one already shown; not when the owner sets the options.
   */
  properties[PROP_SELECTED] =
    g_param_spec_uint ("selected", NULL, NULL, 0, G_MAXUINT, GTK_INVALID_LIST_POSITION,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "xq-reason-dropdown");
}

static void
xq_reason_dropdown_init (XqReasonDropdown *self)
{
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) rows = gtk_signal_list_item_factory_new ();
  GtkWidget *list;

  self->dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_parent (GTK_WIDGET (self->dropdown), GTK_WIDGET (self));
  g_signal_connect (button, "setup", G_CALLBACK (setup_button), NULL);
  g_signal_connect (button, "bind", G_CALLBACK (bind_button), NULL);
  /* The dropdown, which owns the factory, dies with this widget. */
  g_signal_connect (rows, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (rows, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (rows, "unbind", G_CALLBACK (unbind_row), self);
  gtk_drop_down_set_factory (self->dropdown, button);
  gtk_drop_down_set_list_factory (self->dropdown, rows);
  g_signal_connect_swapped (self->dropdown, "notify::selected", G_CALLBACK (on_selected), self);
  list = find_list (GTK_WIDGET (self->dropdown));
  if (list != NULL)
    g_signal_connect_after (list, "activate", G_CALLBACK (on_row_activated), self);
}

GtkWidget *
xq_reason_dropdown_new (void)
{
  return g_object_new (XQ_TYPE_REASON_DROPDOWN, NULL);
}

/**
 * xq_reason_dropdown_set_options:
 * @self: the dropdown
 * @n: how many options, at most %XQ_REASON_DROPDOWN_MAX
 * @labels: their labels
 * @values: their values
 * @reasons: (transfer full): for each, why it cannot be chosen now, or %NULL
 * @by_position: a chosen option is kept by its place in the list (the
 *   contract amounts: "the third" stays the third when the currency changes),
 *   not by its value
 *
 * The model is replaced only when something in it changed. The option the
 * player chose stays chosen even when it is now refused (the owner then says
 * why); a default moves to the first available option.
 */
void
xq_reason_dropdown_set_options (XqReasonDropdown   *self,
                                guint               n,
                                const char        **labels,
                                const int          *values,
                                char              **reasons,
                                gboolean            by_position)
{
  GListModel *model;
  guint old;
  gboolean had, same;
  int keep;
  guint select = GTK_INVALID_LIST_POSITION;

  g_return_if_fail (XQ_IS_REASON_DROPDOWN (self));
  g_return_if_fail (n <= XQ_REASON_DROPDOWN_MAX);

  model = gtk_drop_down_get_model (self->dropdown);
  old = gtk_drop_down_get_selected (self->dropdown);
  had = model != NULL && old < self->n;
  keep = had ? self->values[old] : 0;
  same = model != NULL && n == self->n;
  for (guint i = 0; same && i < n; i++)
    same = values[i] == self->values[i] && g_strcmp0 (reasons[i], self->reasons[i]) == 0
           && g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), labels[i]) == 0;

  self->setting++;
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
      for (guint i = 0; i < self->n; i++)
        g_free (self->reasons[i]);
      memcpy (self->values, values, sizeof (int) * n);
      memcpy (self->reasons, reasons, sizeof (char *) * n);
      self->n = n;
      if (had && by_position && old < n)
        select = old;
      for (guint i = 0; had && !by_position && i < n; i++)
        if (values[i] == keep)
          select = i;
      gtk_drop_down_set_model (self->dropdown, G_LIST_MODEL (list));
    }
  if (select >= n || (!self->touched && self->reasons[select] != NULL))
    select = first_available (self);
  if (n == 0)
    select = GTK_INVALID_LIST_POSITION;
  gtk_drop_down_set_selected (self->dropdown, select);
  self->setting--;
}

/* Forgets the options and that the player chose one: a new turn. */
void
xq_reason_dropdown_reset (XqReasonDropdown *self)
{
  g_return_if_fail (XQ_IS_REASON_DROPDOWN (self));

  self->setting++;
  gtk_drop_down_set_model (self->dropdown, NULL);
  self->setting--;
  clear (self);
}

guint
xq_reason_dropdown_get_selected (XqReasonDropdown *self)
{
  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), GTK_INVALID_LIST_POSITION);

  return gtk_drop_down_get_selected (self->dropdown);
}

/* The value of the option shown; FALSE when there is none. */
gboolean
xq_reason_dropdown_get_value (XqReasonDropdown *self,
                              int              *out_value)
{
  guint selected;

  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), FALSE);

  selected = gtk_drop_down_get_selected (self->dropdown);
  if (selected == GTK_INVALID_LIST_POSITION || selected >= self->n)
    return FALSE;
  *out_value = self->values[selected];
  return TRUE;
}

int
xq_reason_dropdown_value_or (XqReasonDropdown *self,
                             int               fallback)
{
  int value;

  return xq_reason_dropdown_get_value (self, &value) ? value : fallback;
}

/* Why the option shown cannot be chosen, or NULL. */
const char *
xq_reason_dropdown_get_reason (XqReasonDropdown *self)
{
  guint selected;

  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), NULL);

  selected = gtk_drop_down_get_selected (self->dropdown);
  return selected < self->n ? self->reasons[selected] : NULL;
}

/* Chooses @value as a player would (notified when the option shown
 * changes); FALSE when no option has it. */
gboolean
xq_reason_dropdown_select_value (XqReasonDropdown *self,
                                 int               value)
{
  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), FALSE);

  for (guint i = 0; i < self->n; i++)
    if (self->values[i] == value)
      {
        /* Already shown: now chosen, though nothing changes to say so. */
        if (gtk_drop_down_get_selected (self->dropdown) == i)
          self->touched = TRUE;
        else
          gtk_drop_down_set_selected (self->dropdown, i);
        return TRUE;
      }
  return FALSE;
}

/* The GtkDropDown inside: what takes the focus, and what tests drive. */
GtkDropDown *
xq_reason_dropdown_get_drop_down (XqReasonDropdown *self)
{
  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), NULL);

  return self->dropdown;
}
