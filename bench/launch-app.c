/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer as bench-gui launches it: src/app/main.c's start, word for word,
 * plus a "first-frame" line on stdout once a window has drawn a game, and
 * then it quits. The measuring lives here, so the app carries no hook for it. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "xq-application.h"
#include "xq-games.h"
#include "xq-window.h"

/* The frame just drawn shows the game: the document was set before it began,
 * since loading finishes in a main-loop callback, never inside a frame. */
static void
after_paint (GdkFrameClock *clock,
             XqWindow      *window)
{
  if (!xq_window_has_document (window))
    return;
  g_signal_handlers_disconnect_by_func (clock, after_paint, window);
  g_print ("first-frame\n");
  g_application_quit (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (window))));
}

static void
window_mapped (GtkWidget *window)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint), window, 0);
}

static void
window_added (GtkApplication *app,
              GtkWindow      *window)
{
  if (XQ_IS_WINDOW (window))
    g_signal_connect (window, "map", G_CALLBACK (window_mapped), NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(XqApplication) app = NULL;
  const char *localedir;

  setlocale (LC_ALL, "");
  localedir = g_getenv ("EXCHEQUER_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  xq_games_register_all ();
  g_set_application_name (_("Exchequer"));

  app = xq_application_new ();
  g_signal_connect (app, "window-added", G_CALLBACK (window_added), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
