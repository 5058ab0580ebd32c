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
  const char *localedir;

  setlocale (LC_ALL, "");
  /* An uninstalled build (the tests, build-aux/dev run) finds its translations
   * in the build tree's po/ through EXCHEQUER_LOCALEDIR; installed, LOCALEDIR. */
  localedir = g_getenv ("EXCHEQUER_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  xq_games_register_all ();
  g_set_application_name (_("Exchequer"));

  app = xq_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
