/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The baseline for bench-gui: the least an AdwApplication can do to show a
 * window with a header bar, reporting its first frame as launch-app.c does
 * for Exchequer. */

#include <adwaita.h>

static void
after_paint (GdkFrameClock *clock,
             GtkWindow     *window)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint, window);
  g_print ("first-frame\n");
  g_application_quit (G_APPLICATION (gtk_window_get_application (window)));
}

static void
mapped (GtkWidget *window)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint), window);
}

static void
activate (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), gtk_label_new ("Minimal"));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  g_signal_connect (window, "map", G_CALLBACK (mapped), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.exchequer.MinimalBench",
                                                       G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
