/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqWidthFirstLayout: why it exists.
 *
 * GTK 4.8's horizontal boxes, GtkStack and libadwaita 1.2's AdwLeaflet, as
 * they lay a child out, ask its width *for a height*; so does
 * gtk_widget_allocate() itself for a child aligned other than to fill,
 * before it centres it. A column of boxes passes that height on: a
 * vertical box shares it out among its children and asks each of them its
 * width for its share, and every wrapping label then looks for its
 * narrowest width within that height by a binary search, shaping its text
 * a dozen times. On the table, the status line under the turn was laid out
 * 126 to 145 times in the frame after each turn was recorded (issue #27).
 *
 * Our columns are laid out height-for-width: their width does not depend
 * on the height they get. An AdwBin with this layout says so to its
 * parent: asked its width for a height, it asks its child's width for no
 * height, which GTK caches; asked its height for a width, it passes the
 * width on, as GtkBinLayout does. */

#include "config.h"

#include <adwaita.h>

#include "xq-width-first-layout.h"

G_DEFINE_TYPE (XqWidthFirstLayout, xq_width_first_layout, GTK_TYPE_LAYOUT_MANAGER)

static GtkSizeRequestMode
xq_width_first_layout_get_request_mode (GtkLayoutManager *manager,
                                        GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
xq_width_first_layout_measure (GtkLayoutManager *manager,
                               GtkWidget        *widget,
                               GtkOrientation    orientation,
                               int               for_size,
                               int              *minimum,
                               int              *natural,
                               int              *minimum_baseline,
                               int              *natural_baseline)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int child_min = 0, child_nat = 0;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size, &child_min,
                          &child_nat, NULL, NULL);
      *minimum = MAX (*minimum, child_min);
      *natural = MAX (*natural, child_nat);
    }
}

static void
xq_width_first_layout_allocate (GtkLayoutManager *manager,
                                GtkWidget        *widget,
                                int               width,
                                int               height,
                                int               baseline)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
xq_width_first_layout_class_init (XqWidthFirstLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->get_request_mode = xq_width_first_layout_get_request_mode;
  manager_class->measure = xq_width_first_layout_measure;
  manager_class->allocate = xq_width_first_layout_allocate;
}

static void
xq_width_first_layout_init (XqWidthFirstLayout *self)
{
}

/**
 * xq_width_first_bin_new:
 * @child: (transfer floating): what the bin holds
 *
 * Returns: (transfer floating): an AdwBin laid out by an XqWidthFirstLayout
 *   around @child, for a column of wrapping labels in a horizontal box
 */
GtkWidget *
xq_width_first_bin_new (GtkWidget *child)
{
  GtkWidget *bin = adw_bin_new ();

  gtk_widget_set_layout_manager (bin, g_object_new (XQ_TYPE_WIDTH_FIRST_LAYOUT, NULL));
  adw_bin_set_child (ADW_BIN (bin), child);
  return bin;
}
