/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Children side by side, in their order, wrapping onto a new line when the
 * width runs out: the move bar's fields stay in reading order, and so in Tab
 * order, from a laptop down to a phone (the move bar's fields, Fair Trade's
 * bid rows). Homogeneous, every line is split into
 * equal cells and the lines are balanced: four buttons stand 4, 2 + 2 or one
 * a line, never 3 + 1. (GtkFlowBox would do the wrapping, but makes each
 * child a focusable row that Tab leaves as a whole.) */

#include "config.h"

#include "xq-wrap-box.h"

#define MAX_CHILDREN 16

struct _XqWrapBox
{
  GtkWidget parent_instance;

  gboolean  homogeneous;
  int       column_spacing;
  int       row_spacing;
};

G_DEFINE_FINAL_TYPE (XqWrapBox, xq_wrap_box, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_HOMOGENEOUS,
  PROP_COLUMN_SPACING,
  PROP_ROW_SPACING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  GtkWidget *child;
  int        x, y, width, height;
} Place;

/* The visible children, at most MAX_CHILDREN. */
static guint
visible_children (XqWrapBox *self,
                  GtkWidget     *out[MAX_CHILDREN])
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child) && n < MAX_CHILDREN)
      out[n++] = child;
  return n;
}

static void
widths (GtkWidget *child,
        int       *min,
        int       *nat)
{
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, min, nat, NULL, NULL);
}

/* Places the children in @width and returns the height they take. */
static int
flow (XqWrapBox *self,
      int            width,
      Place          places[MAX_CHILDREN],
      guint         *n_places)
{
  GtkWidget *children[MAX_CHILDREN];
  guint n = visible_children (self, children);
  int y = 0;
  guint i = 0;

  *n_places = n;
  if (n == 0)
    return 0;

  if (self->homogeneous)
    {
      int cell_min = 0, per_line, lines, cell;

      for (guint k = 0; k < n; k++)
        {
          int min, nat;

          widths (children[k], &min, &nat);
          cell_min = MAX (cell_min, min);
        }
      per_line = (width + self->column_spacing) / (cell_min + self->column_spacing);
      per_line = CLAMP (per_line, 1, (int) n);
      lines = ((int) n + per_line - 1) / per_line;
      per_line = ((int) n + lines - 1) / lines;
      cell = (width - (per_line - 1) * self->column_spacing) / per_line;
      cell = MAX (cell, cell_min);
      while (i < n)
        {
          int line_height = 0;
          guint first = i;

          for (int k = 0; k < per_line && i < n; k++, i++)
            {
              int min, nat;

              gtk_widget_measure (children[i], GTK_ORIENTATION_VERTICAL, cell, &min, &nat, NULL, NULL);
              places[i] = (Place) { children[i], k * (cell + self->column_spacing), y, cell, 0 };
              line_height = MAX (line_height, nat);
            }
          for (guint k = first; k < i; k++)
            places[k].height = line_height;
          y += line_height + self->row_spacing;
        }
      return y - self->row_spacing;
    }

  while (i < n)
    {
      int x = 0, line_height = 0;
      guint first = i;

      do
        {
          int min, nat, w, h_min, h_nat;

          widths (children[i], &min, &nat);
          w = MIN (nat, MAX (min, width));
          if (i > first && x + self->column_spacing + w > width)
            break;
          if (i > first)
            x += self->column_spacing;
          gtk_widget_measure (children[i], GTK_ORIENTATION_VERTICAL, w, &h_min, &h_nat, NULL, NULL);
          places[i] = (Place) { children[i], x, y, w, 0 };
          line_height = MAX (line_height, h_nat);
          x += w;
          i++;
        }
      while (i < n);
      for (guint k = first; k < i; k++)
        places[k].height = line_height;
      y += line_height + self->row_spacing;
    }
  return y - self->row_spacing;
}

/**
 * xq_wrap_box_focus_in_order:
 * @widget: a container
 * @direction: the direction of the focus move
 *
 * Tab and Shift+Tab visit @widget's children in their order, which is the
 * reading order; GTK's own Tab order goes by where the children's centres
 * lie, which puts a column that spans the whole height before the first
 * fields of the column beside it. Arrow keys keep GTK's way.
 *
 * Returns: %TRUE when a child took the focus
 */
gboolean
xq_wrap_box_focus_in_order (GtkWidget        *widget,
                            GtkDirectionType  direction,
                            gboolean        (*chain) (GtkWidget *, GtkDirectionType))
{
  gboolean forward = direction == GTK_DIR_TAB_FORWARD;
  GtkWidget *current = gtk_widget_get_focus_child (widget);
  GtkWidget *child;

  if (direction != GTK_DIR_TAB_FORWARD && direction != GTK_DIR_TAB_BACKWARD)
    return chain (widget, direction);
  if (current != NULL)
    {
      if (gtk_widget_child_focus (current, direction))
        return TRUE;
      child = forward ? gtk_widget_get_next_sibling (current) : gtk_widget_get_prev_sibling (current);
    }
  else
    child = forward ? gtk_widget_get_first_child (widget) : gtk_widget_get_last_child (widget);
  /* A part the layout leaves out is not drawn, and not reached. */
  for (; child != NULL; child = forward ? gtk_widget_get_next_sibling (child) : gtk_widget_get_prev_sibling (child))
    if (gtk_widget_get_child_visible (child) && gtk_widget_get_mapped (child)
        && gtk_widget_child_focus (child, direction))
      return TRUE;
  return FALSE;
}

static gboolean
xq_wrap_box_focus (GtkWidget        *widget,
                   GtkDirectionType  direction)
{
  return xq_wrap_box_focus_in_order (widget, direction,
                                          GTK_WIDGET_CLASS (xq_wrap_box_parent_class)->focus);
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
  GtkWidget *children[MAX_CHILDREN];
  guint n = visible_children (self, children);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int most_min = 0, most_nat = 0, sum = 0;

      for (guint i = 0; i < n; i++)
        {
          int min, nat;

          widths (children[i], &min, &nat);
          most_min = MAX (most_min, min);
          most_nat = MAX (most_nat, nat);
          sum += nat;
        }
      *minimum = most_min;
      if (n > 0)
        *natural = (self->homogeneous ? most_nat * (int) n : sum) + ((int) n - 1) * self->column_spacing;
    }
  else
    {
      Place places[MAX_CHILDREN];
      guint n_places;
      int width = for_size;

      /* No width given: the height of one line at the natural width, the
       * least it needs (as GTK's own wrapping labels do). */
      if (width < 0)
        xq_wrap_box_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &(int) { 0 }, &width, NULL, NULL);
      *minimum = *natural = flow (self, width, places, &n_places);
    }
}

static void
xq_wrap_box_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  XqWrapBox *self = XQ_WRAP_BOX (widget);
  Place places[MAX_CHILDREN];
  guint n;
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;

  flow (self, width, places, &n);
  for (guint i = 0; i < n; i++)
    {
      int x = rtl ? width - places[i].x - places[i].width : places[i].x;

      gtk_widget_size_allocate (places[i].child,
                                &(GtkAllocation) { x, places[i].y, places[i].width, places[i].height }, -1);
    }
}

static void
xq_wrap_box_dispose (GObject *object)
{
  xq_wrap_box_remove_all (XQ_WRAP_BOX (object));
  G_OBJECT_CLASS (xq_wrap_box_parent_class)->dispose (object);
}

static void
xq_wrap_box_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  XqWrapBox *self = XQ_WRAP_BOX (object);

  switch (prop_id)
    {
    case PROP_HOMOGENEOUS:
      g_value_set_boolean (value, self->homogeneous);
      break;
    case PROP_COLUMN_SPACING:
      g_value_set_int (value, self->column_spacing);
      break;
    case PROP_ROW_SPACING:
      g_value_set_int (value, self->row_spacing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_int (XqWrapBox *self,
         int           *field,
         int            value,
         guint          prop)
{
  if (*field == value)
    return;
  *field = value;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
xq_wrap_box_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  XqWrapBox *self = XQ_WRAP_BOX (object);

  switch (prop_id)
    {
    case PROP_HOMOGENEOUS:
      set_int (self, &self->homogeneous, g_value_get_boolean (value), prop_id);
      break;
    case PROP_COLUMN_SPACING:
      set_int (self, &self->column_spacing, g_value_get_int (value), prop_id);
      break;
    case PROP_ROW_SPACING:
      set_int (self, &self->row_spacing, g_value_get_int (value), prop_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_wrap_box_class_init (XqWrapBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_wrap_box_dispose;
  object_class->get_property = xq_wrap_box_get_property;
  object_class->set_property = xq_wrap_box_set_property;
  widget_class->get_request_mode = xq_wrap_box_get_request_mode;
  widget_class->measure = xq_wrap_box_measure;
  widget_class->size_allocate = xq_wrap_box_size_allocate;
  widget_class->focus = xq_wrap_box_focus;

  properties[PROP_HOMOGENEOUS] =
    g_param_spec_boolean ("homogeneous", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_COLUMN_SPACING] =
    g_param_spec_int ("column-spacing", NULL, NULL, 0, G_MAXINT16, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ROW_SPACING] =
    g_param_spec_int ("row-spacing", NULL, NULL, 0, G_MAXINT16, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
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
  return g_object_new (XQ_TYPE_WRAP_BOX, "column-spacing", column_spacing, "row-spacing", row_spacing, NULL);
}

void
xq_wrap_box_append (XqWrapBox *self,
                    GtkWidget *child)
{
  g_return_if_fail (XQ_IS_WRAP_BOX (self));
  g_return_if_fail (GTK_IS_WIDGET (child) && gtk_widget_get_parent (child) == NULL);

  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
}

void
xq_wrap_box_remove (XqWrapBox *self,
                    GtkWidget *child)
{
  g_return_if_fail (XQ_IS_WRAP_BOX (self));
  g_return_if_fail (gtk_widget_get_parent (child) == GTK_WIDGET (self));

  gtk_widget_unparent (child);
}

void
xq_wrap_box_remove_all (XqWrapBox *self)
{
  GtkWidget *child;

  g_return_if_fail (XQ_IS_WRAP_BOX (self));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
}
