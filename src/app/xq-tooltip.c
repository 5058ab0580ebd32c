/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A widget's tooltip set only when it changes. GTK 4.8's
 * gtk_widget_set_tooltip_text () asks the display where the pointer is each
 * time it is called, the text the same or not: on X11 a round trip to the
 * server. The move bar sets a tooltip on every option of every form at each
 * turn, which made those round trips a good part of recording a turn
 * (issue 27). */

#include "config.h"

#include "xq-tooltip.h"

/**
 * xq_tooltip_set_text:
 * @widget: a widget
 * @text: (nullable): its tooltip, or %NULL (or "") for none
 *
 * As gtk_widget_set_tooltip_text (), but does nothing when @widget already
 * has that tooltip.
 */
void
xq_tooltip_set_text (GtkWidget  *widget,
                     const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0)
    return;
  gtk_widget_set_tooltip_text (widget, text);
}
