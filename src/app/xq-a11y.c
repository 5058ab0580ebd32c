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
 * names the drop-down, as GtkMenuButton does for its own button. */
static void
name_drop_down_button (GtkWidget *drop_down)
{
  GList *labels = gtk_widget_list_mnemonic_labels (drop_down);

  for (GtkWidget *child = gtk_widget_get_first_child (drop_down); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!GTK_IS_TOGGLE_BUTTON (child))
        continue;
      if (labels != NULL)
        gtk_accessible_update_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                        drop_down, labels->data, NULL, -1);
      else
        gtk_accessible_update_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                        drop_down, NULL, -1);
    }
  g_list_free (labels);
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

  if (GTK_IS_EXPANDER (root)
      || (GTK_IS_BUTTON (root) && gtk_button_get_use_underline (GTK_BUTTON (root))))
    xq_a11y_name_from_label (root);
  else if (GTK_IS_DROP_DOWN (root))
    name_drop_down_button (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    xq_a11y_name_all_below (child);
}
