/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Accessible names GTK 4.8 gets wrong by itself: mnemonic buttons, expanders, drop-downs. */

#include "config.h"

#include "xq-a11y.h"

/* GTK 4.8 gives a screen reader the label property and then the names of the
 * widgets labelling the widget. A button with a mnemonic has both, the label
 * as written and its label child: "_Save Save". Without the property the
 * child alone names it, as shown. An expander has neither, and is announced
 * as "GtkExpander": its name is its title, as shown. */
static void
update_name (GtkWidget *widget)
{
  if (GTK_IS_EXPANDER (widget))
    {
      GtkWidget *title = gtk_expander_get_label_widget (GTK_EXPANDER (widget));

      if (GTK_IS_LABEL (title))
        gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        gtk_label_get_text (GTK_LABEL (title)), -1);
    }
  else if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget))
           && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static void
label_changed (GtkWidget  *widget,
               GParamSpec *pspec,
               gpointer    user_data)
{
  update_name (widget);
}

/**
 * xq_a11y_name_from_label:
 * @widget: a #GtkButton (or toggle button) or a #GtkExpander
 *
 * Names @widget for screen readers by the text it shows, without the
 * mnemonic's underscore, now and whenever its label changes. Only for
 * widgets whose label says all there is to say: a name set elsewhere is
 * replaced.
 */
void
xq_a11y_name_from_label (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_BUTTON (widget) || GTK_IS_EXPANDER (widget));

  update_name (widget);
  if (g_object_get_data (G_OBJECT (widget), "xq-a11y-named") != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), "xq-a11y-named", GINT_TO_POINTER (TRUE));
  /* GTK sets the label property before it notifies: this runs after it. */
  g_signal_connect (widget, "notify::label", G_CALLBACK (label_changed), NULL);
  g_signal_connect (widget, "notify::use-underline", G_CALLBACK (label_changed), NULL);
}

/* A drop-down's button, the part that takes the focus, is announced as
 * "GtkToggleButton" however the drop-down is named: it is named by what
 * names the drop-down, as GtkMenuButton does for its own button. GTK 4.8
 * reads only the label property of what a widget is labelled by: labelled
 * by the drop-down, which a mnemonic label names by a relation of its own,
 * the button would read "GtkDropDown". */
static void
name_drop_down_button (GtkWidget *drop_down)
{
  GList *labels = gtk_widget_list_mnemonic_labels (drop_down);

  /* A widget that wraps a drop-down (XqReasonDropdown) takes its label. */
  if (labels == NULL && gtk_widget_get_parent (drop_down) != NULL)
    labels = gtk_widget_list_mnemonic_labels (gtk_widget_get_parent (drop_down));

  for (GtkWidget *child = gtk_widget_get_first_child (drop_down); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!GTK_IS_TOGGLE_BUTTON (child))
        continue;
      if (labels != NULL)
        gtk_accessible_update_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                        labels->data, NULL, -1);
      else
        gtk_accessible_update_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                        drop_down, NULL, -1);
    }
  g_list_free (labels);
}

/* Whether @widget has a name of its own. GTK 4.8 has no getter for either;
 * its test functions are the only public way to ask. */
static gboolean
has_name (GtkWidget *widget)
{
  return gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL)
         || gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

/* Empty or hidden ones too: the list fills them in after it shows the row. */
static void
collect_labels (GtkWidget *widget,
                GList    **labels)
{
  if (GTK_IS_LABEL (widget))
    *labels = g_list_prepend (*labels, widget);
  for (GtkWidget *child = gtk_widget_get_last_child (widget); child != NULL;
       child = gtk_widget_get_prev_sibling (child))
    collect_labels (child, labels);
}

/* A row of a list (an audit's table, a drop-down's open list) takes the
 * focus and, unnamed, is announced as "GtkListItemWidget": it is named by
 * the words it shows, which its list changes in place as it scrolls. */
static void
name_list_row (GtkWidget *row)
{
  GList *labels = NULL;
  GValue value = G_VALUE_INIT;

  collect_labels (row, &labels);
  if (labels == NULL)
    return;
  labels = g_list_reverse (labels);
  gtk_accessible_relation_init_value (GTK_ACCESSIBLE_RELATION_LABELLED_BY, &value);
  g_value_set_pointer (&value, labels);
  gtk_accessible_update_relation_value (GTK_ACCESSIBLE (row), 1,
                                        (GtkAccessibleRelation[]) { GTK_ACCESSIBLE_RELATION_LABELLED_BY },
                                        &value);
  g_value_unset (&value);
}

static gboolean
is_heading (GtkWidget *widget)
{
  static const char *const classes[] = { "heading", "title-1", "title-2", "title-3", "title-4" };

  if (!GTK_IS_LABEL (widget) || !gtk_widget_get_visible (widget))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    if (gtk_widget_has_css_class (widget, classes[i]))
      return TRUE;
  return FALSE;
}

/* The heading a person sees over @widget: the last one before it among
 * its siblings or its ancestors' siblings, a few levels up. */
static GtkWidget *
heading_above (GtkWidget *widget)
{
  for (guint level = 0; widget != NULL && level < 4; level++, widget = gtk_widget_get_parent (widget))
    for (GtkWidget *before = gtk_widget_get_prev_sibling (widget); before != NULL;
         before = gtk_widget_get_prev_sibling (before))
      if (is_heading (before))
        return before;
  return NULL;
}

/* A scrolled window whose content takes no focus is a Tab stop of its own,
 * announced as "scroll pane" and nothing more: it is named by its content
 * where that has a name, or else by the heading over it (an audit's table
 * that scrolls sideways on a phone). */
static void
name_scroller (GtkWidget *scroller)
{
  GtkWidget *child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  GtkWidget *heading;

  if (GTK_IS_VIEWPORT (child))
    child = gtk_viewport_get_child (GTK_VIEWPORT (child));
  if (child != NULL && gtk_test_accessible_has_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL))
    gtk_accessible_update_relation (GTK_ACCESSIBLE (scroller), GTK_ACCESSIBLE_RELATION_LABELLED_BY, child, NULL, -1);
  else if ((heading = heading_above (scroller)) != NULL)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (scroller), GTK_ACCESSIBLE_RELATION_LABELLED_BY, heading, NULL, -1);
}

/* A list or table a screen reader names as the focus enters it, before the
 * row: unnamed, "GtkListView", "GtkColumnView" or "GtkFlowBox". A drop-down's
 * open list is named as the drop-down is; another list by the heading over
 * it (an audit's table). */
static void
name_container (GtkWidget *list)
{
  GtkWidget *drop_down = gtk_widget_get_ancestor (list, GTK_TYPE_DROP_DOWN);
  GtkWidget *heading;

  if (drop_down != NULL)
    {
      GList *labels = gtk_widget_list_mnemonic_labels (drop_down);

      if (labels == NULL && gtk_widget_get_parent (drop_down) != NULL)
        labels = gtk_widget_list_mnemonic_labels (gtk_widget_get_parent (drop_down));
      gtk_accessible_update_relation (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      labels != NULL ? labels->data : drop_down, NULL, -1);
      g_list_free (labels);
    }
  else if ((heading = heading_above (list)) != NULL)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_RELATION_LABELLED_BY, heading, NULL, -1);
}

/* One widget, as xq_a11y_name_all_below() names it; not its children. */
static void
name_one (GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  if (GTK_IS_EXPANDER (widget)
      || (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget))))
    xq_a11y_name_from_label (widget);
  else if (GTK_IS_DROP_DOWN (widget))
    name_drop_down_button (widget);
  else if (GTK_IS_SCROLLED_WINDOW (widget) && !has_name (widget))
    name_scroller (widget);
  else if ((GTK_IS_LIST_VIEW (widget) || GTK_IS_COLUMN_VIEW (widget) || GTK_IS_GRID_VIEW (widget)
            || GTK_IS_LIST_BOX (widget) || GTK_IS_FLOW_BOX (widget))
           && !GTK_IS_LIST_VIEW (parent) && !has_name (widget))
    name_container (widget);
  else if ((GTK_IS_LIST_VIEW (parent) || GTK_IS_GRID_VIEW (parent) || GTK_IS_COLUMN_VIEW (parent))
           && gtk_widget_get_focusable (widget)
           && !has_name (widget))
    name_list_row (widget);
}

/**
 * xq_a11y_name_all_below:
 * @root: a widget
 *
 * xq_a11y_name_from_label() on every expander, and every button with a
 * mnemonic, in @root and below it: for a window or page built from a
 * template, where no button has a name of its own. A drop-down's button is
 * named by the drop-down's name or its mnemonic label.
 */
void
xq_a11y_name_all_below (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  name_one (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    xq_a11y_name_all_below (child);
}

/* @widget and what below it a screen reader can reach unmapped: GTK 4.8
 * puts every visible widget on the accessibility bus, shown or not (another
 * page of a stack), but not what a hidden widget holds. A hidden popover,
 * a drop-down's list with its rows, is named when it is shown. */
static void
name_visible_below (GtkWidget *widget)
{
  name_one (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      name_visible_below (child);
}

/* A widget as it is mapped, and its parts a parent keeps unmapped (another
 * page of a stack). "map" runs its class handler first, which maps the
 * children (by the condition below, gtk_widget_real_map()'s), each named by
 * its own "map" before this hook runs for their parent: walking them again
 * named every widget once for each of its ancestors, 25,000 namings when
 * the window changed shape. A hidden child, and all it holds, waits for its
 * own "map" too: the move bar's drop-downs hold 500 widgets in their
 * popovers. */
static void
name_as_mapped (GtkWidget *widget)
{
  name_one (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child) && !gtk_widget_get_child_visible (child))
      name_visible_below (child);
}

static gboolean
widget_mapped (GSignalInvocationHint *hint,
               guint                  n_params,
               const GValue          *params,
               gpointer               user_data)
{
  name_as_mapped (g_value_get_object (&params[0]));
  return TRUE;
}

/**
 * xq_a11y_name_every_widget:
 *
 * Names every expander, mnemonic button and drop-down of the application
 * as xq_a11y_name_all_below() does, as each is shown: rows and forms are
 * built long after their window (a bid's row, a form's drop-downs), and a
 * window that forgets to name its controls must not leave a screen reader
 * saying "GtkToggleButton". Call once, after GTK is initialised.
 */
void
xq_a11y_name_every_widget (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      g_autoptr(GTypeClass) klass = g_type_class_ref (GTK_TYPE_WIDGET);

      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, widget_mapped, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
}
