/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqReasonDropdown: a choice among options that each carry a value and, when
 * they cannot be chosen now, the reason. Shown as a dropdown, the reason
 * stays under the option in the open list, greyed out and not selectable.
 * Shown as a row of buttons (the "buttons" property, for a short list such
 * as the seven currencies: one click instead of two, and no list to scroll),
 * a refused option is dimmed, its reason its tooltip and its accessible
 * description; clicking it still chooses it, so the owner's form says why it
 * cannot be recorded. The options keep a fixed order, so a choice keeps its
 * place while the rest of a form changes. It remembers whether the player
 * chose (a default may move, a choice never does), prefers a default its
 * owner names when that one is available, and emits notify::selected only
 * for the player's choices, never for the options its owner sets. It calls
 * nothing of its owner's. */

#include "config.h"

#include <string.h>

#include "xq-reason-dropdown.h"
#include "xq-wrap-box.h"
#include "xq-tooltip.h"

struct _XqReasonDropdown
{
  GtkWidget    parent_instance;

  /* Holds the options and the selection in both presentations; hidden
   * while the buttons show them. */
  GtkDropDown *dropdown;
  GtkWidget   *row;                               /* the buttons, or NULL */
  GtkWidget   *buttons[XQ_REASON_DROPDOWN_MAX];
  guint        n_buttons;
  int          values[XQ_REASON_DROPDOWN_MAX];
  char        *reasons[XQ_REASON_DROPDOWN_MAX];   /* NULL: available */
  guint        n;
  /* The player chose this option: it is never changed for them. A default
   * (untouched) moves to the first available option when its own is refused. */
  gboolean     touched;
  /* The owner is setting the options: the changes are not the player's. */
  guint        setting;
  /* Reset for a new turn: the next options given choose the default
   * afresh, whatever was shown before. */
  gboolean     fresh;
  /* The default the owner prefers while the player has not chosen. */
  gboolean     has_preferred;
  int          preferred;
  /* Each button at least this many characters wide, or -1: labels that
   * change with the rest of the form (amounts) then move nothing. */
  int          option_width_chars;
  /* What was typed since the focus came in, case-folded: "cn" is CNY. */
  GString     *typed;
};

G_DEFINE_FINAL_TYPE (XqReasonDropdown, xq_reason_dropdown, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SELECTED,
  PROP_BUTTONS,
  PROP_OPTION_WIDTH_CHARS,
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
  /* One line each, whole in the tooltip: wrapped over three lines, seven
   * refusals pushed the one available option below the fold. */
  gtk_label_set_ellipsize (GTK_LABEL (reason), PANGO_ELLIPSIZE_END);
  gtk_label_set_single_line_mode (GTK_LABEL (reason), TRUE);
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
  xq_tooltip_set_text (row, reason != NULL ? text : NULL);
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

/* The default: the one the owner prefers when it is available, else the
 * first available. */
static guint
first_available (XqReasonDropdown *self)
{
  for (guint i = 0; self->has_preferred && i < self->n; i++)
    if (self->values[i] == self->preferred && self->reasons[i] == NULL)
      return i;
  for (guint i = 0; i < self->n; i++)
    if (self->reasons[i] == NULL)
      return i;
  return 0;
}

/* --- the row of buttons ------------------------------------------------------ */

/* The button Tab stops at: the chosen one, or the first. The row is one
 * stop, as a group of radio buttons is; arrows and letters move inside. */
static guint
stop_of_row (XqReasonDropdown *self)
{
  guint selected = gtk_drop_down_get_selected (self->dropdown);

  return selected < self->n_buttons ? selected : 0;
}

/* The buttons show the dropdown's selection, whoever set it. */
static void
sync_buttons (XqReasonDropdown *self)
{
  guint selected = gtk_drop_down_get_selected (self->dropdown);
  guint stop = stop_of_row (self);
  GtkWidget *focus = self->row != NULL ? gtk_widget_get_focus_child (self->row) : NULL;

  for (guint i = 0; i < self->n_buttons; i++)
    {
      gtk_widget_set_focusable (self->buttons[i], i == stop);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->buttons[i]), i == selected);
    }
  /* The focus follows the choice inside the row. */
  if (focus != NULL && self->n_buttons > 0 && focus != self->buttons[stop])
    gtk_widget_grab_focus (self->buttons[stop]);
}

/* Each option's standing on its button: a refused one dimmed, its reason
 * in its tooltip and what a screen reader says after its name. */
static void
sync_reasons (XqReasonDropdown *self)
{
  for (guint i = 0; i < self->n_buttons && i < self->n; i++)
    {
      GtkWidget *button = self->buttons[i];
      g_autofree char *sentence = capitalize (self->reasons[i]);

      /* The tooltip is asked for when shown (button_query_tooltip). */
      if (self->reasons[i] != NULL)
        {
          gtk_widget_add_css_class (button, "refused");
          gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, sentence, -1);
        }
      else
        {
          gtk_widget_remove_css_class (button, "refused");
          gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
        }
    }
}

/* The player picks @position: a choice even when it is the one shown. */
static void
choose_position (XqReasonDropdown *self,
                 guint             position)
{
  if (gtk_drop_down_get_selected (self->dropdown) != position)
    gtk_drop_down_set_selected (self->dropdown, position);
  else if (!self->touched)
    player_chose (self);
}

static void
on_button_clicked (GtkButton        *button,
                   XqReasonDropdown *self)
{
  for (guint i = 0; i < self->n_buttons; i++)
    if (self->buttons[i] == GTK_WIDGET (button))
      choose_position (self, i);
  /* A click on the chosen button leaves it chosen. */
  sync_buttons (self);
}

/* The next option after the chosen one whose label starts with @typed: the
 * next one the rules allow now, when one of them does (the others stay a
 * click or an arrow away). */
static guint
typed_position (XqReasonDropdown *self,
                gunichar          typed)
{
  GListModel *model = gtk_drop_down_get_model (self->dropdown);
  guint selected = gtk_drop_down_get_selected (self->dropdown);
  guint n = self->n;
  guint any = GTK_INVALID_LIST_POSITION;

  if (model == NULL || n == 0)
    return GTK_INVALID_LIST_POSITION;
  if (selected >= n)
    selected = n - 1;
  for (guint k = 1; k <= n; k++)
    {
      guint i = (selected + k) % n;
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      if (label == NULL || g_unichar_tolower (g_utf8_get_char (label)) != typed)
        continue;
      if (self->reasons[i] == NULL)
        return i;
      if (any == GTK_INVALID_LIST_POSITION)
        any = i;
    }
  return any;
}

/* The options whose case-folded label begins with @prefix: how many the
 * rules allow now (or, when none, how many there are), and the first of
 * those (the chosen one when it is among them, else the first in the
 * list's order). */
static guint
prefix_matches (XqReasonDropdown *self,
                const char       *prefix,
                guint            *first)
{
  GListModel *model = gtk_drop_down_get_model (self->dropdown);
  guint selected = gtk_drop_down_get_selected (self->dropdown);
  guint n_matches[2] = { 0, 0 };      /* refused, allowed */
  guint firsts[2] = { GTK_INVALID_LIST_POSITION, GTK_INVALID_LIST_POSITION };
  int kind;

  for (guint i = 0; model != NULL && i < self->n; i++)
    {
      g_autofree char *folded = g_utf8_casefold (gtk_string_list_get_string (GTK_STRING_LIST (model), i), -1);
      int allowed = self->reasons[i] == NULL;

      if (!g_str_has_prefix (folded, prefix))
        continue;
      n_matches[allowed]++;
      if (firsts[allowed] == GTK_INVALID_LIST_POSITION || i == selected)
        firsts[allowed] = i;
    }
  kind = n_matches[1] > 0 ? 1 : 0;
  *first = firsts[kind];
  return n_matches[kind];
}

/* The one option the rules allow now whose label holds @letter (folded),
 * when no other allowed one does: "h" is CHF, "a" CAD, "n" CNY, so that
 * each of the three C currencies is a key of its own. */
static guint
inner_letter_position (XqReasonDropdown *self,
                       const char       *letter)
{
  GListModel *model = gtk_drop_down_get_model (self->dropdown);
  guint found = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; model != NULL && i < self->n; i++)
    {
      g_autofree char *folded = NULL;

      if (self->reasons[i] != NULL)
        continue;
      folded = g_utf8_casefold (gtk_string_list_get_string (GTK_STRING_LIST (model), i), -1);
      if (strstr (folded, letter) == NULL)
        continue;
      if (found != GTK_INVALID_LIST_POSITION)
        return GTK_INVALID_LIST_POSITION;
      found = i;
    }
  return found;
}

/* Type-ahead: a character that continues what was typed picks the option
 * the whole begins ("c" then "n": CNY, "1" then ".": 1.5); one that does
 * not starts again, and its letter picks the next option it begins ("c"
 * again and again goes CHF, CAD, CNY), or, when it begins none, the one
 * option it is in. Options the rules allow now come first. Returns the
 * option, and whether the typed text names it alone (among those allowed,
 * when it is one). */
static guint
typed_choice (XqReasonDropdown *self,
              gunichar          typed,
              gboolean         *alone)
{
  char buf[8];
  int len = g_unichar_to_utf8 (typed, buf);
  g_autofree char *folded = g_utf8_casefold (buf, len);
  guint first, target;

  if (self->typed->len > 0)
    {
      g_autoptr(GString) longer = g_string_new (self->typed->str);

      g_string_append (longer, folded);
      if (prefix_matches (self, longer->str, &first) > 0)
        {
          g_string_assign (self->typed, longer->str);
          *alone = prefix_matches (self, longer->str, &first) == 1;
          return first;
        }
    }
  if (!g_unichar_isalnum (typed))
    return GTK_INVALID_LIST_POSITION;
  target = typed_position (self, g_unichar_tolower (typed));
  if (target == GTK_INVALID_LIST_POSITION && g_unichar_isalpha (typed))
    {
      /* A letter no option begins: the one option it is in, if alone. */
      target = inner_letter_position (self, folded);
      g_string_truncate (self->typed, 0);
      *alone = target != GTK_INVALID_LIST_POSITION;
      return target;
    }
  if (target == GTK_INVALID_LIST_POSITION)
    return target;
  g_string_assign (self->typed, folded);
  *alone = prefix_matches (self, folded, &first) == 1;
  return target;
}

/* The rest of the label last typed until it named its option alone, and
 * when the last of it came: the keyboard went on to the next field, but
 * whoever spells the whole name ("e", "u", "r" for EUR) meant those keys
 * for the field they left, not for this one. One keyboard, so one for the
 * whole program. */
#define SPELLING_PAUSE_US (G_USEC_PER_SEC)
static char   spelled_rest[64];
static gint64 spelled_when;

static void
spelling_forget (void)
{
  spelled_rest[0] = '\0';
}

static void
spelling_start (XqReasonDropdown *self,
                guint             position)
{
  GListModel *model = gtk_drop_down_get_model (self->dropdown);
  g_autofree char *folded = NULL;

  spelling_forget ();
  if (model == NULL || self->typed->len == 0)
    return;
  folded = g_utf8_casefold (gtk_string_list_get_string (GTK_STRING_LIST (model), position), -1);
  if (g_str_has_prefix (folded, self->typed->str))
    g_strlcpy (spelled_rest, folded + self->typed->len, sizeof spelled_rest);
  spelled_when = g_get_monotonic_time ();
}

/* TRUE when @typed goes on spelling the option the last field took: the key
 * is that field's, and nothing here changes. */
static gboolean
spelling_goes_on (gunichar typed)
{
  char buf[8];
  int len = g_unichar_to_utf8 (typed, buf);
  g_autofree char *folded = g_utf8_casefold (buf, len);
  gint64 now = g_get_monotonic_time ();

  if (spelled_rest[0] == '\0' || now - spelled_when > SPELLING_PAUSE_US
      || !g_str_has_prefix (spelled_rest, folded))
    {
      spelling_forget ();
      return FALSE;
    }
  memmove (spelled_rest, spelled_rest + strlen (folded), strlen (spelled_rest + strlen (folded)) + 1);
  spelled_when = now;
  return TRUE;
}

/* The focus came into the row or the dropdown: typing starts anew. */
static void
on_focus_enter (XqReasonDropdown *self)
{
  g_string_truncate (self->typed, 0);
}

/* Inside the row (or on the closed dropdown) the arrows, Home and End move
 * the choice, and typing picks the option the typed text begins: "u" is
 * USD, "c" CHF, then CAD, "cn" CNY. When the typed text names one option
 * alone the keyboard goes on to the next field, as Tab would: a form of
 * such choices is filled by typing, one field after the other (issue 26). */
static gboolean
on_row_key (GtkEventControllerKey *controller,
            guint                  keyval,
            guint                  keycode,
            GdkModifierType        state,
            XqReasonDropdown      *self)
{
  guint n = self->row != NULL ? self->n_buttons : self->n;
  guint selected = gtk_drop_down_get_selected (self->dropdown);
  guint stop = selected < n ? selected : 0;
  gboolean rtl = gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;
  guint target;
  gunichar typed;
  gboolean alone = FALSE;

  if (n == 0 || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  if (keyval != GDK_KEY_Shift_L && keyval != GDK_KEY_Shift_R && gdk_keyval_to_unicode (keyval) == 0)
    {
      g_string_truncate (self->typed, 0);
      spelling_forget ();
    }
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      target = rtl ? MIN (stop + 1, n - 1) : (stop > 0 ? stop - 1 : 0);
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      target = rtl ? (stop > 0 ? stop - 1 : 0) : MIN (stop + 1, n - 1);
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      target = stop > 0 ? stop - 1 : 0;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      target = MIN (stop + 1, n - 1);
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      target = 0;
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      target = n - 1;
      break;
    default:
      typed = gdk_keyval_to_unicode (keyval);
      if (typed == 0 || !g_unichar_isgraph (typed))
        return FALSE;
      if (self->typed->len > 0)
        spelling_forget ();
      else if (spelling_goes_on (typed))
        return TRUE;
      target = typed_choice (self, typed, &alone);
      if (target == GTK_INVALID_LIST_POSITION || target >= n)
        return FALSE;
    }
  choose_position (self, target);
  sync_buttons (self);
  if (self->row != NULL)
    gtk_widget_grab_focus (self->buttons[target]);
  if (alone)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

      spelling_start (self, target);
      g_string_truncate (self->typed, 0);
      if (root != NULL)
        gtk_widget_child_focus (GTK_WIDGET (root), GTK_DIR_TAB_FORWARD);
    }
  return TRUE;
}

/* A refused option's button: its reason, asked for when the tooltip is
 * about to show. Set at every change instead, the tooltips of a form's
 * buttons cost a round trip to the display each (gtk_widget_set_tooltip_text
 * asks where the pointer is), which made a good part of the time a turn
 * took to record (issue 27). */
static gboolean
button_query_tooltip (GtkWidget        *button,
                      int               x,
                      int               y,
                      gboolean          keyboard_mode,
                      GtkTooltip       *tooltip,
                      XqReasonDropdown *self)
{
  for (guint i = 0; i < self->n_buttons && i < self->n; i++)
    if (self->buttons[i] == button && self->reasons[i] != NULL)
      {
        g_autofree char *sentence = xq_reason_dropdown_dup_tooltip_at (self, i);

        gtk_tooltip_set_text (tooltip, sentence);
        return TRUE;
      }
  return FALSE;
}

/* One button per option, made again only when their number changes, so a
 * button with the focus keeps it while the labels change. */
static void
set_buttons (XqReasonDropdown  *self,
             guint              n,
             const char       **labels)
{
  if (self->row == NULL)
    return;
  if (n != self->n_buttons)
    {
      xq_wrap_box_remove_all (XQ_WRAP_BOX (self->row));
      self->n_buttons = 0;
      for (guint i = 0; i < n; i++)
        {
          GtkWidget *button = gtk_toggle_button_new ();

          if (i > 0)
            gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (self->buttons[0]));
          gtk_widget_add_css_class (button, "option");
          g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), self);
          gtk_widget_set_has_tooltip (button, TRUE);
          g_signal_connect (button, "query-tooltip", G_CALLBACK (button_query_tooltip), self);
          xq_wrap_box_append (XQ_WRAP_BOX (self->row), button);
          self->buttons[i] = button;
        }
      self->n_buttons = n;
    }
  /* Equal cells, and balanced lines on a phone, for labels of one length
   * (currencies, amounts); a longer one ("— (only one)") would make every
   * cell as wide as itself. */
  {
    glong shortest = G_MAXLONG, longest = 0;

    for (guint i = 0; i < n; i++)
      {
        glong chars = g_utf8_strlen (labels[i], -1);

        shortest = MIN (shortest, chars);
        longest = MAX (longest, chars);
      }
    g_object_set (self->row, "homogeneous", n == 0 || longest - shortest <= 2, NULL);
  }
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *label;

      if (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (self->buttons[i])), labels[i]) != 0)
        gtk_button_set_label (GTK_BUTTON (self->buttons[i]), labels[i]);
      label = gtk_button_get_child (GTK_BUTTON (self->buttons[i]));
      if (GTK_IS_LABEL (label))
        gtk_label_set_width_chars (GTK_LABEL (label), self->option_width_chars);
    }
}

static void
show_as_buttons (XqReasonDropdown *self)
{
  GtkEventController *keys;

  if (self->row != NULL)
    return;
  self->row = g_object_new (XQ_TYPE_WRAP_BOX, "homogeneous", TRUE, "column-spacing", 2, "row-spacing", 2,
                            "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);
  gtk_widget_add_css_class (self->row, "options");
  gtk_widget_set_parent (self->row, GTK_WIDGET (self));
  gtk_widget_set_visible (GTK_WIDGET (self->dropdown), FALSE);
  /* The hidden dropdown still keeps the options and the choice, and its
   * list still makes a row for each option at every change: the plain
   * label of the button's factory, not a row with its reason, tooltip and
   * check mark that nobody sees (issue 27). */
  gtk_drop_down_set_list_factory (self->dropdown, NULL);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_row_key), self);
  gtk_widget_add_controller (self->row, keys);
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
    gtk_accessible_update_relation (GTK_ACCESSIBLE (self->row != NULL ? self->row : GTK_WIDGET (self->dropdown)),
                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, l->data, NULL, -1);
}

/* What shows the options: the dropdown or the row of buttons. */
static GtkWidget *
shown_child (XqReasonDropdown *self)
{
  return self->row != NULL ? self->row : GTK_WIDGET (self->dropdown);
}

static GtkSizeRequestMode
xq_reason_dropdown_get_request_mode (GtkWidget *widget)
{
  return XQ_REASON_DROPDOWN (widget)->row != NULL ? GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH
                                                  : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
xq_reason_dropdown_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  GtkWidget *child = shown_child (XQ_REASON_DROPDOWN (widget));

  /* Asked for a height with no width (some containers ask so), the row is
   * measured at its natural width, one line, not at its least width with a
   * button a line: that would make the whole form as tall as a page. */
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size < 0
      && gtk_widget_get_request_mode (child) == GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH)
    gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &for_size, NULL, NULL);
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static void
xq_reason_dropdown_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  gtk_widget_allocate (shown_child (XQ_REASON_DROPDOWN (widget)), width, height, baseline, NULL);
}

static gboolean
xq_reason_dropdown_mnemonic_activate (GtkWidget *widget,
                                      gboolean   group_cycling)
{
  XqReasonDropdown *self = XQ_REASON_DROPDOWN (widget);

  /* The row's Tab stop takes the focus; the arrows and letters go on. */
  if (self->row != NULL)
    return self->n_buttons > 0 && gtk_widget_grab_focus (self->buttons[stop_of_row (self)]);
  /* The dropdown takes the focus, its list closed: the arrows and a typed
   * digit choose there as in a row, Space opens the list. */
  return gtk_widget_child_focus (GTK_WIDGET (self->dropdown), GTK_DIR_TAB_FORWARD);
}

static void
xq_reason_dropdown_dispose (GObject *object)
{
  XqReasonDropdown *self = XQ_REASON_DROPDOWN (object);

  g_clear_pointer (&self->row, gtk_widget_unparent);
  self->n_buttons = 0;
  /* The rows let go of the dropdown as it goes: it is cleared only after. */
  if (self->dropdown != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->dropdown));
      self->dropdown = NULL;
    }
  clear (self);
  if (self->typed != NULL)
    {
      g_string_free (self->typed, TRUE);
      self->typed = NULL;
    }
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
    case PROP_BUTTONS:
      g_value_set_boolean (value, self->row != NULL);
      break;
    case PROP_OPTION_WIDTH_CHARS:
      g_value_set_int (value, self->option_width_chars);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_reason_dropdown_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  XqReasonDropdown *self = XQ_REASON_DROPDOWN (object);

  switch (prop_id)
    {
    case PROP_BUTTONS:
      if (g_value_get_boolean (value))
        show_as_buttons (self);
      break;
    case PROP_OPTION_WIDTH_CHARS:
      self->option_width_chars = g_value_get_int (value);
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
  object_class->set_property = xq_reason_dropdown_set_property;
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
  /**
   * XqReasonDropdown:buttons:
   *
   * The options shown as a row of buttons, one click each, instead of a
   * dropdown: for a short list of short labels.
   */
  properties[PROP_BUTTONS] =
    g_param_spec_boolean ("buttons", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * XqReasonDropdown:option-width-chars:
   *
   * How many characters wide each button is at least (-1: as its label).
   */
  properties[PROP_OPTION_WIDTH_CHARS] =
    g_param_spec_int ("option-width-chars", NULL, NULL, -1, 64, -1,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->get_request_mode = xq_reason_dropdown_get_request_mode;
  widget_class->measure = xq_reason_dropdown_measure;
  widget_class->size_allocate = xq_reason_dropdown_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "xq-reason-dropdown");
}

static void
xq_reason_dropdown_init (XqReasonDropdown *self)
{
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) rows = gtk_signal_list_item_factory_new ();
  GtkWidget *list;

  self->option_width_chars = -1;
  self->typed = g_string_new (NULL);
  {
    GtkEventController *focus = gtk_event_controller_focus_new ();

    g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_enter), self);
    gtk_widget_add_controller (GTK_WIDGET (self), focus);
  }
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
  g_signal_connect_swapped (self->dropdown, "notify::selected", G_CALLBACK (sync_buttons), self);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    g_signal_connect (keys, "key-pressed", G_CALLBACK (on_row_key), self);
    gtk_widget_add_controller (GTK_WIDGET (self->dropdown), keys);
  }
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
  gboolean had, same, same_labels;
  int keep;
  guint select = GTK_INVALID_LIST_POSITION;

  g_return_if_fail (XQ_IS_REASON_DROPDOWN (self));
  g_return_if_fail (n <= XQ_REASON_DROPDOWN_MAX);

  model = gtk_drop_down_get_model (self->dropdown);
  old = gtk_drop_down_get_selected (self->dropdown);
  had = model != NULL && old < self->n && !self->fresh;
  keep = had ? self->values[old] : 0;
  same_labels = model != NULL && n == self->n;
  for (guint i = 0; same_labels && i < n; i++)
    same_labels = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), labels[i]) == 0;
  same = same_labels;
  for (guint i = 0; same && i < n; i++)
    same = values[i] == self->values[i] && g_strcmp0 (reasons[i], self->reasons[i]) == 0;

  self->setting++;
  if (same)
    {
      for (guint i = 0; i < n; i++)
        g_free (reasons[i]);
      select = had ? old : GTK_INVALID_LIST_POSITION;
    }
  /* The same options with other reasons or values, shown as buttons: the
   * model stays. Given anew, the hidden dropdown's list would make its rows
   * again, at every turn and every change of a form (issue 27). */
  else if (same_labels && self->row != NULL)
    {
      for (guint i = 0; i < self->n; i++)
        g_free (self->reasons[i]);
      memcpy (self->reasons, reasons, sizeof (char *) * n);
      if (had && by_position)
        select = old;
      for (guint i = 0; had && !by_position && i < n; i++)
        if (values[i] == keep)
          select = i;
      memcpy (self->values, values, sizeof (int) * n);
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
      set_buttons (self, n, labels);
    }
  self->fresh = FALSE;
  if (select >= n || (!self->touched && self->reasons[select] != NULL))
    select = first_available (self);
  if (n == 0)
    select = GTK_INVALID_LIST_POSITION;
  gtk_drop_down_set_selected (self->dropdown, select);
  sync_reasons (self);
  sync_buttons (self);
  self->setting--;
}

/* Forgets that the player chose: a new turn. The next options given choose
 * the default again (the owner's preferred one, or the first allowed). */
void
xq_reason_dropdown_reset (XqReasonDropdown *self)
{
  g_return_if_fail (XQ_IS_REASON_DROPDOWN (self));

  /* The options and the model stay: a new turn mostly offers the same
   * ones, which then need no new list (issue 27). */
  self->touched = FALSE;
  self->fresh = TRUE;
  self->has_preferred = FALSE;
}

/**
 * xq_reason_dropdown_set_preferred:
 * @self: the dropdown
 * @value: the value of the option to show by default
 *
 * Until the player chooses, the option with @value is shown whenever it is
 * available (the player's last choice, say); otherwise the first available
 * one. Forgotten by xq_reason_dropdown_reset().
 */
void
xq_reason_dropdown_set_preferred (XqReasonDropdown *self,
                                  int               value)
{
  g_return_if_fail (XQ_IS_REASON_DROPDOWN (self));

  self->has_preferred = TRUE;
  self->preferred = value;
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

/**
 * xq_reason_dropdown_get_reason_at:
 * @self: the dropdown
 * @position: an option's place
 *
 * Returns: (nullable): why the option at @position cannot be chosen now, or
 *   %NULL when it can
 */
const char *
xq_reason_dropdown_get_reason_at (XqReasonDropdown *self,
                                  guint             position)
{
  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), NULL);

  return position < self->n ? self->reasons[position] : NULL;
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

/**
 * xq_reason_dropdown_get_button:
 * @self: the dropdown
 * @position: an option's place in the list
 *
 * The button of the option at @position when the options are shown as
 * buttons: what a player clicks, and what the tests click.
 *
 * Returns: (transfer none) (nullable): the button, or %NULL
 */
GtkWidget *
xq_reason_dropdown_get_button (XqReasonDropdown *self,
                               guint             position)
{
  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), NULL);

  return position < self->n_buttons ? self->buttons[position] : NULL;
}

/* Whether @keyval, typed as the first key in this field, picks an option:
 * nothing changes. */
gboolean
xq_reason_dropdown_takes_key (XqReasonDropdown *self,
                              guint             keyval)
{
  gunichar typed = gdk_keyval_to_unicode (keyval);
  g_autofree char *was = NULL;
  gboolean alone = FALSE;
  guint target;

  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), FALSE);
  if (typed == 0 || !g_unichar_isalnum (typed))
    return FALSE;
  was = g_strdup (self->typed->str);
  g_string_truncate (self->typed, 0);
  target = typed_choice (self, typed, &alone);
  g_string_assign (self->typed, was);
  return target != GTK_INVALID_LIST_POSITION && target < self->n;
}

/* @keyval typed from outside the field (the header that shows it, say): the
 * field takes the focus and the key, as if it had been typed there. FALSE,
 * and nothing changes, when it picks nothing or the field cannot take the
 * focus. */
gboolean
xq_reason_dropdown_type_key (XqReasonDropdown *self,
                             guint             keyval)
{
  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), FALSE);
  if (!xq_reason_dropdown_takes_key (self, keyval)
      || !xq_reason_dropdown_mnemonic_activate (GTK_WIDGET (self), FALSE))
    return FALSE;
  return on_row_key (NULL, keyval, 0, 0, self);
}

/**
 * xq_reason_dropdown_dup_tooltip_at:
 * @position: an option
 *
 * What the tooltip of the option's button says when it is shown: its
 * reason as a sentence, or %NULL for an option the rules allow.
 *
 * Returns: (transfer full) (nullable): the tooltip
 */
char *
xq_reason_dropdown_dup_tooltip_at (XqReasonDropdown *self,
                                   guint             position)
{
  g_return_val_if_fail (XQ_IS_REASON_DROPDOWN (self), NULL);

  if (position >= self->n || self->reasons[position] == NULL)
    return NULL;
  return capitalize (self->reasons[position]);
}
