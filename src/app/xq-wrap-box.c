/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A wrapping row of widgets. libadwaita 1.2 and GTK 4.8 have none that keeps
 * each child at its own width: GtkFlowBox lines its children up in columns
 * and makes each of them a focus stop. Children keep their order, which is
 * the reading order and the Tab order, whatever the lines. */

#include "config.h"

#include "xq-wrap-box.h"

struct _XqWrapBox
{
  GtkWidget parent_instance;

  int column_spacing;
  int row_spacing;
};

G_DEFINE_FINAL_TYPE (XqWrapBox, xq_wrap_box, GTK_TYPE_WIDGET)

static void
child_width (GtkWidget *child,
             int       *minimum,
             int       *natural)
{
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, minimum, natural, NULL, NULL);
}

/* Lays the children out in @width (allocating them when @allocate) and
 * returns the height the lines take. A child wider than a line gets the
 * line to itself, shrunk to the line's width. */
static int
lay_out (XqWrapBox *self,
         int        width,
         gboolean   allocate)
{
  GtkWidget *line_start = gtk_widget_get_first_child (GTK_WIDGET (self));
  int y = 0;

  while (line_start != NULL)
    {
      GtkWidget *line_end = line_start;
      GtkWidget *child;
      int used = 0, height = 0, x = 0;

      /* Which children fit on this line. */
      for (child = line_start; child != NULL; child = gtk_widget_get_next_sibling (child))
        {
          int min, nat;

          if (!gtk_widget_should_layout (child))
            {
              line_end = child;
              continue;
            }
          child_width (child, &min, &nat);
          if (used > 0 && used + self->column_spacing + nat > width)
            break;
          used += (used > 0 ? self->column_spacing : 0) + nat;
          line_end = child;
        }
      for (child = line_start;; child = gtk_widget_get_next_sibling (child))
        {
          if (gtk_widget_should_layout (child))
            {
              int min, nat, h;

              child_width (child, &min, &nat);
              gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, MIN (nat, width), NULL, &h, NULL, NULL);
              height = MAX (height, h);
            }
          if (child == line_end)
            break;
        }
      if (allocate)
        for (child = line_start;; child = gtk_widget_get_next_sibling (child))
          {
            if (gtk_widget_should_layout (child))
              {
                int min, nat, w;

                child_width (child, &min, &nat);
                w = MAX (min, MIN (nat, width - x));
                if (gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL)
                  gtk_widget_size_allocate (child, &(GtkAllocation) { width - x - w, y, w, height }, -1);
                else
                  gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, w, height }, -1);
                x += w + self->column_spacing;
              }
            if (child == line_end)
              break;
          }
      if (height > 0)
        y += (y > 0 ? self->row_spacing : 0) + height;
      line_start = gtk_widget_get_next_sibling (line_end);
    }
  return y;
}

static GtkSizeRequestMode
xq_wrap_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
xq_wrap_box_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  XqWrapBox *self = XQ_WRAP_BOX (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* At least the widest child; at best all of them on one line. */
      int min = 0, nat = 0;
      gboolean first = TRUE;

      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int child_min, child_nat;

          if (!gtk_widget_should_layout (child))
            continue;
          child_width (child, &child_min, &child_nat);
          min = MAX (min, child_min);
          nat += (first ? 0 : self->column_spacing) + child_nat;
          first = FALSE;
        }
      *minimum = min;
      *natural = nat;
      return;
    }
  if (for_size < 0)
    {
      int min, nat;

      xq_wrap_box_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      for_size = nat;
    }
  *minimum = *natural = lay_out (self, for_size, FALSE);
}

static void
xq_wrap_box_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  lay_out (XQ_WRAP_BOX (widget), width, TRUE);
}

static void
xq_wrap_box_dispose (GObject *object)
{
  xq_wrap_box_remove_all (XQ_WRAP_BOX (object));
  G_OBJECT_CLASS (xq_wrap_box_parent_class)->dispose (object);
}

static void
xq_wrap_box_class_init (XqWrapBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_wrap_box_dispose;
  widget_class->get_request_mode = xq_wrap_box_get_request_mode;
  widget_class->measure = xq_wrap_box_measure;
  widget_class->size_allocate = xq_wrap_box_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "wrapbox");
}

static void
xq_wrap_box_init (XqWrapBox *self)
{
}

GtkWidget *
xq_wrap_box_new (int column_spacing,
                 int row_spacing)
{
  XqWrapBox *self = g_object_new (XQ_TYPE_WRAP_BOX, NULL);

  self->column_spacing = column_spacing;
  self->row_spacing = row_spacing;
  return GTK_WIDGET (self);
}

void
xq_wrap_box_append (XqWrapBox *self,
                    GtkWidget *child)
{
  g_return_if_fail (XQ_IS_WRAP_BOX (self));
  gtk_widget_set_parent (child, GTK_WIDGET (self));
}

void
xq_wrap_box_remove_all (XqWrapBox *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
}
