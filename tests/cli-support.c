/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs exchequer-cli ($EXCHEQUER_CLI) and collects its status and output. */

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "cli-support.h"

void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

const char *
cli_path (void)
{
  const char *path = g_getenv ("EXCHEQUER_CLI");

  if (path == NULL)
    g_error ("EXCHEQUER_CLI is not set");
  return path;
}

/* Runs the CLI with @args (NULL-terminated) under LC_ALL=@locale and
 * LANGUAGE=@language. */
void
run_cli_in_locale (Run                *run,
                   const char         *locale,
                   const char         *language,
                   const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  memset (run, 0, sizeof *run);
  g_ptr_array_add (argv, (gpointer) cli_path ());
  for (const char * const *a = args; *a != NULL; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", locale, TRUE);
  envp = g_environ_setenv (envp, "LANG", locale, TRUE);
  envp = g_environ_setenv (envp, "LANGUAGE", language, TRUE);

  if (!g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                     &run->out, &run->err, &wait_status, &error))
    g_error ("cannot run %s: %s", cli_path (), error->message);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

/* Runs the CLI with @args (NULL-terminated) in the C.UTF-8 locale. */
void
run_cli (Run                *run,
         const char * const *args)
{
  run_cli_in_locale (run, "C.UTF-8", "C", args);
}
