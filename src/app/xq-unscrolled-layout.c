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
 * layout, around such a scrolled window (its one child), asks the content
 * its height for the width it will have, as long as the scrolled window
 * can scroll neither way; otherwise it lays its child out as
 * XqWidthFirstLayout does. */

#include "config.h"

#include "xq-unscrolled-layout.h"

struct _XqUnscrolledLayout
{
  XqWidthFirstLayout parent_instance;
};

/* A bin's width never depends on its height here either: the rest is
 * XqWidthFirstLayout's. */
G_DEFINE_FINAL_TYPE (XqUnscrolledLayout, xq_unscrolled_layout, XQ_TYPE_WIDTH_FIRST_LAYOUT)

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
  GtkWidget *child = gtk_widget_get_first_child (widget);
  GtkWidget *content = child != NULL ? unscrolled_content (child) : NULL;

  if (orientation == GTK_ORIENTATION_VERTICAL && content != NULL && gtk_widget_should_layout (child)
      && gtk_widget_should_layout (content))
    gtk_widget_measure (content, orientation, for_size, minimum, natural, NULL, NULL);
  else
    GTK_LAYOUT_MANAGER_CLASS (xq_unscrolled_layout_parent_class)->measure (manager, widget, orientation, for_size,
                                                                           minimum, natural, minimum_baseline,
                                                                           natural_baseline);
}

static void
xq_unscrolled_layout_class_init (XqUnscrolledLayoutClass *klass)
{
  GTK_LAYOUT_MANAGER_CLASS (klass)->measure = xq_unscrolled_layout_measure;
}

static void
xq_unscrolled_layout_init (XqUnscrolledLayout *self)
{
}
