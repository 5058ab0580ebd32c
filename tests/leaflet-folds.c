/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <adwaita.h>

#include "leaflet-folds.h"

/**
 * leaflet_folds_over:
 * @root: a window, or any widget in one
 *
 * Returns: whether every folded leaflet drawn in @root gives its page the
 *   whole width: the fold is over, not a frame of it on the way (AdwLeaflet
 *   gives the page less while its mode transition runs)
 */
gboolean
leaflet_folds_over (GtkWidget *root)
{
  if (ADW_IS_LEAFLET (root) && gtk_widget_get_mapped (root) && adw_leaflet_get_folded (ADW_LEAFLET (root)))
    {
      GtkWidget *page = adw_leaflet_get_visible_child (ADW_LEAFLET (root));

      if (page != NULL && gtk_widget_get_width (page) < gtk_widget_get_width (root))
        return FALSE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (!leaflet_folds_over (child))
      return FALSE;
  return TRUE;
}
