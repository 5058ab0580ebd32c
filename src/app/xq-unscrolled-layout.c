/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqUnscrolledLayout: why it exists.
 *
 * The move bar's form scrolls in a band of a few rows on a narrow window
 * and stands whole in its column on a wide one. Moving it between a
 * scrolled window and a box each time the window changed shape re-rooted
 * and re-mapped its 700 widgets (twelve drop-downs with their lists): a
 * fifth of the frame that narrows the window to a phone's width (issue
 * #27). So it stays in its scrolled window, which on a wide window is told
 * not to scroll at all.
 *
 * GTK 4.8's GtkScrolledWindow asks its child its height for no width even
 * when it cannot scroll sideways (GTK 4.10 passes the width on), and the
 * height of rows that wrap, for no width, is their height wrapped at their
 * least width: the form would stand a page tall. An AdwBin with this
 * layout, around such a scrolled window, asks the content its height for
 * the width it will have, as long as the scrolled window can scroll
 * neither way; otherwise it is a plain bin. */

#include "config.h"

#include "xq-unscrolled-layout.h"

struct _XqUnscrolledLayout
{
  GtkLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE (XqUnscrolledLayout, xq_unscrolled_layout, GTK_TYPE_LAYOUT_MANAGER)

/* The content of @child, a scrolled window that cannot scroll; or NULL. */
static GtkWidget *
unscrolled_content (GtkWidget *child)
{
  GtkPolicyType horizontal, vertical;

  if (!GTK_IS_SCROLLED_WINDOW (child))
    return NULL;
  gtk_scrolled_window_get_policy (GTK_SCROLLED_WINDOW (child), &horizontal, &vertical);
  if (horizontal != GTK_POLICY_NEVER || vertical != GTK_POLICY_NEVER)
    return NULL;
  return gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (child));
}

static GtkSizeRequestMode
xq_unscrolled_layout_get_request_mode (GtkLayoutManager *manager,
                                       GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
xq_unscrolled_layout_measure (GtkLayoutManager *manager,
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
      GtkWidget *content = unscrolled_content (child);
      int child_min = 0, child_nat = 0;

      if (!gtk_widget_should_layout (child))
        continue;
      if (orientation == GTK_ORIENTATION_VERTICAL && content != NULL && gtk_widget_should_layout (content))
        gtk_widget_measure (content, orientation, for_size, &child_min, &child_nat, NULL, NULL);
      else
        gtk_widget_measure (child, orientation, for_size, &child_min, &child_nat, NULL, NULL);
      *minimum = MAX (*minimum, child_min);
      *natural = MAX (*natural, child_nat);
    }
}

static void
xq_unscrolled_layout_allocate (GtkLayoutManager *manager,
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
xq_unscrolled_layout_class_init (XqUnscrolledLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->get_request_mode = xq_unscrolled_layout_get_request_mode;
  manager_class->measure = xq_unscrolled_layout_measure;
  manager_class->allocate = xq_unscrolled_layout_allocate;
}

static void
xq_unscrolled_layout_init (XqUnscrolledLayout *self)
{
}
