/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer: the desktop application. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "xq-application.h"
#include "xq-games.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(XqApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  xq_games_register_all ();
  g_set_application_name (_("Exchequer"));

  app = xq_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
