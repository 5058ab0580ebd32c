/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Turning a style class on or off. */

#include "config.h"

#include "xq-css.h"

void
xq_css_set_class (GtkWidget  *widget,
                  const char *css_class,
                  gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}
