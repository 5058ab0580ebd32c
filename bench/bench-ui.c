/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the benchmarks of the app's windows share. */

#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include <adwaita.h>

#include "bench-ui.h"
#include "xq-games.h"

/* GTK and libadwaita started as the app starts them, its settings in memory,
 * its autosave journals and recent files in @state_dir. FALSE, said on
 * standard output as a benchmark reports, without a display. */
gboolean
bench_ui_init (const char *name,
               const char *state_dir)
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GSETTINGS_SCHEMA_DIR", SCHEMA_DIR, TRUE);
  if (state_dir != NULL)
    {
      g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
      g_setenv ("XDG_DATA_HOME", state_dir, TRUE);
    }
  if (!gtk_init_check ())
    {
      printf ("%s: no display; run it through build-aux/dev bench\n", name);
      return FALSE;
    }
  adw_init ();
  xq_games_register_all ();
  return TRUE;
}

/* The app, registered beside any other instance; NULL, said, if it cannot be. */
XqApplication *
bench_ui_new_application (const char *name)
{
  XqApplication *app = xq_application_new ();

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, NULL))
    {
      printf ("%s: could not start the application\n", name);
      g_object_unref (app);
      return NULL;
    }
  return app;
}

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
