/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the benchmarks of the app's windows share. */

#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include "bench-ui.h"

/* @root, or the first widget of @type below it, depth first. */
GtkWidget *
bench_ui_find_descendant (GtkWidget *root,
                          GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = bench_ui_find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The process's resident memory, in MB. */
double
bench_ui_resident_mb (void)
{
  g_autofree char *text = NULL;
  unsigned long pages = 0, resident = 0;

  if (!g_file_get_contents ("/proc/self/statm", &text, NULL, NULL)
      || sscanf (text, "%lu %lu", &pages, &resident) != 2)
    return 0;
  return resident * (double) sysconf (_SC_PAGESIZE) / (1024.0 * 1024.0);
}
