/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqWidthFirstBin: why it exists.
 *
 * libadwaita 1.2's AdwLeaflet lays its pages out side by side by asking
 * each page's width *for the leaflet's height*. A page of boxes passes
 * that height on: a vertical box shares it out among its children and asks
 * each of them its width for its share, and every wrapping label then
 * looks for its narrowest width within that height by a binary search,
 * shaping its text a dozen times. On the table, that was a hundred and
 * more Pango layouts of one status line in a single frame, each time a
 * turn was recorded (issue #27).
 *
 * Our pages are laid out height-for-width: their width does not depend on
 * the height they get. This bin says so to its parent. Asked its width for
 * a height, it asks its child's width for no height, which GTK caches and
 * which costs each label two layouts at most; asked its height for a
 * width, it passes the width on as any bin does. */

#include "config.h"

#include "xq-width-first-bin.h"

struct _XqWidthFirstBin
{
  GtkWidget  parent_instance;
  GtkWidget *child;
};

enum
{
  PROP_0,
  PROP_CHILD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void xq_width_first_bin_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (XqWidthFirstBin, xq_width_first_bin, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, xq_width_first_bin_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

static void
xq_width_first_bin_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  XqWidthFirstBin *self = XQ_WIDTH_FIRST_BIN (widget);

  if (self->child == NULL || !gtk_widget_should_layout (self->child))
    return;
  gtk_widget_measure (self->child, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size, minimum,
                      natural, minimum_baseline, natural_baseline);
}

static void
xq_width_first_bin_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  XqWidthFirstBin *self = XQ_WIDTH_FIRST_BIN (widget);

  if (self->child != NULL && gtk_widget_should_layout (self->child))
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
}

/* Expands where its child does, as any bin. */
static void
xq_width_first_bin_compute_expand (GtkWidget *widget,
                                   gboolean  *hexpand,
                                   gboolean  *vexpand)
{
  XqWidthFirstBin *self = XQ_WIDTH_FIRST_BIN (widget);

  *hexpand = self->child != NULL && gtk_widget_compute_expand (self->child, GTK_ORIENTATION_HORIZONTAL);
  *vexpand = self->child != NULL && gtk_widget_compute_expand (self->child, GTK_ORIENTATION_VERTICAL);
}

static GtkSizeRequestMode
xq_width_first_bin_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

GtkWidget *
xq_width_first_bin_get_child (XqWidthFirstBin *self)
{
  g_return_val_if_fail (XQ_IS_WIDTH_FIRST_BIN (self), NULL);

  return self->child;
}

void
xq_width_first_bin_set_child (XqWidthFirstBin *self,
                              GtkWidget       *child)
{
  g_return_if_fail (XQ_IS_WIDTH_FIRST_BIN (self));
  g_return_if_fail (child == NULL || gtk_widget_get_parent (child) == NULL);

  if (self->child == child)
    return;
  g_clear_pointer (&self->child, gtk_widget_unparent);
  self->child = child;
  if (child != NULL)
    gtk_widget_set_parent (child, GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

static void
xq_width_first_bin_add_child (GtkBuildable *buildable,
                              GtkBuilder   *builder,
                              GObject      *child,
                              const char   *type)
{
  if (GTK_IS_WIDGET (child))
    xq_width_first_bin_set_child (XQ_WIDTH_FIRST_BIN (buildable), GTK_WIDGET (child));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
xq_width_first_bin_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = xq_width_first_bin_add_child;
}

static void
xq_width_first_bin_dispose (GObject *object)
{
  XqWidthFirstBin *self = XQ_WIDTH_FIRST_BIN (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  G_OBJECT_CLASS (xq_width_first_bin_parent_class)->dispose (object);
}

static void
xq_width_first_bin_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  XqWidthFirstBin *self = XQ_WIDTH_FIRST_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_width_first_bin_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  XqWidthFirstBin *self = XQ_WIDTH_FIRST_BIN (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      xq_width_first_bin_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_width_first_bin_class_init (XqWidthFirstBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_width_first_bin_dispose;
  object_class->get_property = xq_width_first_bin_get_property;
  object_class->set_property = xq_width_first_bin_set_property;
  widget_class->measure = xq_width_first_bin_measure;
  widget_class->size_allocate = xq_width_first_bin_size_allocate;
  widget_class->get_request_mode = xq_width_first_bin_get_request_mode;
  widget_class->compute_expand = xq_width_first_bin_compute_expand;

  properties[PROP_CHILD] = g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
xq_width_first_bin_init (XqWidthFirstBin *self)
{
}
