/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A widget's tooltip, given without asking the display where the pointer is.
 *
 * GTK 4.8's gtk_widget_set_tooltip_text () asks the display where the
 * pointer is each time the text changes, in case the tooltip is open: on
 * X11 a round trip to the server. The players' table changes a dozen
 * tooltips at each turn (every standing and place says the money), the move
 * bar one per refused option, and at launch the table sets thirty: those
 * round trips were a good part of recording a turn, and 6 ms of every
 * launch (issue #27). So the text is kept here and handed to GTK when it
 * asks for it (query-tooltip); the widget's accessible description says
 * it, as GTK's own tooltip would. A tooltip open while its text changes
 * shows the new text when the pointer next moves. */

#include "config.h"

#include "xq-tooltip.h"

static GQuark
text_quark (void)
{
  static GQuark quark;

  if (quark == 0)
    quark = g_quark_from_static_string ("xq-tooltip-text");
  return quark;
}

static gboolean
query_tooltip (GtkWidget  *widget,
               int         x,
               int         y,
               gboolean    keyboard_mode,
               GtkTooltip *tooltip)
{
  const char *text = g_object_get_qdata (G_OBJECT (widget), text_quark ());

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/**
 * xq_tooltip_set_text:
 * @widget: a widget
 * @text: (nullable): its tooltip, or %NULL (or "") for none
 *
 * As gtk_widget_set_tooltip_text (), without the round trip to the display
 * server; nothing is done when @widget already has that tooltip.
 */
void
xq_tooltip_set_text (GtkWidget  *widget,
                     const char *text)
{
  static GQuark connected;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (text != NULL && *text == '\0')
    text = NULL;
  if (connected == 0)
    connected = g_quark_from_static_string ("xq-tooltip-connected");
  if (g_object_get_qdata (G_OBJECT (widget), connected) == NULL)
    {
      /* A tooltip GTK holds (from a template) would answer when ours is none. */
      if (gtk_widget_get_tooltip_text (widget) != NULL)
        gtk_widget_set_tooltip_text (widget, NULL);
      g_signal_connect (widget, "query-tooltip", G_CALLBACK (query_tooltip), NULL);
      g_object_set_qdata (G_OBJECT (widget), connected, GINT_TO_POINTER (TRUE));
    }
  else if (g_strcmp0 (g_object_get_qdata (G_OBJECT (widget), text_quark ()), text) == 0)
    return;
  g_object_set_qdata_full (G_OBJECT (widget), text_quark (), g_strdup (text), g_free);
  gtk_widget_set_has_tooltip (widget, text != NULL);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/**
 * xq_tooltip_get_text:
 * @widget: a widget
 *
 * Returns: (nullable): the tooltip xq_tooltip_set_text () gave @widget, or
 *   else the one GTK holds
 */
const char *
xq_tooltip_get_text (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  if (g_object_get_qdata (G_OBJECT (widget), text_quark ()) != NULL)
    return g_object_get_qdata (G_OBJECT (widget), text_quark ());
  return gtk_widget_get_tooltip_text (widget);
}
