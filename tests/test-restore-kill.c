/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Restore never loses the game it restores: the app (a child process) is
 * killed with SIGKILL at each write, fsync, rename and unlink it makes in the
 * journal folder between the click on Restore and the restored game's
 * journal being on disk, one kill point per run (the fault shim counts
 * them, no timing), and after every kill `exchequer-cli recover` still
 * offers at least the moves that were offered before. */

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-dirs.h"
#include "ui-support.h"
#include "xq-autosave.h"
#include "xq-games.h"
#include "xq-session-file.h"

#define OFFERED_MOVES 53

static char *state_home;

/* ---- the child: the app, restoring the journal as a player does -------- */

static GtkWidget *
restore_button (XqWindow *window)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (window), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Restore") == 0)
      return buttons->pdata[i];
  return NULL;
}

static gboolean
restore_offered (XqWindow *window)
{
  return restore_button (window) != NULL;
}

static int
child_main (void)
{
  g_autoptr(XqApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  XqWindow *window;
  GtkWidget *button = NULL;

  gtk_init ();
  adw_init ();
  xq_games_register_all ();
  app = xq_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  window = xq_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  ui_wait_until (restore_offered, window);
  button = restore_button (window);
  g_signal_emit_by_name (button, "clicked");
  ui_wait_until (xq_window_has_document, window);
  if (!xq_window_has_document (window))
    g_error ("the game was not restored");
  /* Durable: written, synced and renamed into place. */
  if (!xq_autosave_wait (xq_document_get_autosave (xq_window_get_document (window)), &error))
    g_error ("the restored game's journal was not written: %s", error->message);
  fflush (stdout);
  _exit (0);
}

/* ---- the test ----------------------------------------------------------- */

/* The moves `recover` offers for @id, or -1 when it is not listed whole. */
static int
offered_moves (const char *id)
{
  const char *cli = g_getenv ("EXCHEQUER_CLI");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "XDG_STATE_HOME", state_home, TRUE);
  const char *argv[] = { cli, "recover", NULL };
  int status = 0;

  g_assert_nonnull (cli);
  env = g_environ_unsetenv (env, "LD_PRELOAD");
  g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], "\t", -1);
      guint64 moves = 0;

      if (g_strv_length (fields) < 3 || g_strcmp0 (fields[0], id) != 0)
        continue;
      g_test_message ("recover: %s", lines[i]);
      if (sscanf (fields[2], "%" G_GUINT64_FORMAT " moves", &moves) != 1)
        return -1;
      return (int) moves;
    }
  return -1;
}

static gboolean
was_killed (const char *report)
{
  g_autofree char *text = NULL;

  return g_file_get_contents (report, &text, NULL, NULL) && strstr (text, "killed") != NULL;
}

static void
test_kill_at_every_step (void)
{
  g_autoptr(XqSession) session = ui_sample_prefix (OFFERED_MOVES);
  g_autoptr(XqAutosave) left = xq_autosave_new (session, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *report = g_build_filename (state_home, "shim-report", NULL);
  g_autofree char *id = NULL;
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  guint kills = 0;
  gboolean finished = FALSE;

  g_assert_true (xq_autosave_wait (left, &error));
  g_assert_no_error (error);
  id = g_strdup (xq_autosave_get_id (left));
  g_clear_object (&left);   /* the process that played it is "gone" */
  g_assert_cmpint (offered_moves (id), ==, OFFERED_MOVES);

  for (long n = 1; n < 200 && !finished; n++)
    {
      g_autofree char *at = g_strdup_printf ("%ld", n);
      g_auto(GStrv) env = g_get_environ ();
      const char *argv[] = { self_exe, "--restore-child", NULL };
      int status = 0;
      int moves;

      env = g_environ_setenv (env, "XDG_STATE_HOME", state_home, TRUE);
      env = g_environ_setenv (env, "LD_PRELOAD", FAULT_SHIM, TRUE);
      /* Under AddressSanitizer the shim is preloaded before its runtime. */
      env = g_environ_setenv (env, "ASAN_OPTIONS", "detect_leaks=0:abort_on_error=1:verify_asan_link_order=0", TRUE);
      env = g_environ_setenv (env, "XQ_KILL_DIR", dir, TRUE);
      env = g_environ_setenv (env, "XQ_KILL_AT", at, TRUE);
      env = g_environ_setenv (env, "XQ_FAULT_REPORT", report, TRUE);
      g_unlink (report);
      g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error);
      g_assert_no_error (error);
      if (WIFSIGNALED (status))
        {
          g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
          g_assert_true (was_killed (report));
          kills++;
        }
      else
        {
          g_assert_true (g_spawn_check_wait_status (status, NULL));
          g_assert_false (was_killed (report));
          finished = TRUE;
        }
      moves = offered_moves (id);
      g_test_message ("kill point %ld: %s; recover offers %d moves", n, finished ? "restored whole" : "killed",
                      moves);
      g_assert_cmpint (moves, >=, OFFERED_MOVES);
    }
  g_assert_true (finished);
  /* The info file, the journal's temporary file, its fsync and rename, the
   * status record: every one was a kill point. */
  g_assert_cmpuint (kills, >=, 4);
  g_assert_true (xq_autosave_remove (id, &error));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  int status;

  if (argc == 2 && strcmp (argv[1], "--restore-child") == 0)
    return child_main ();

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_test_skip ("no display: run under xvfb-run");
      return g_test_run ();
    }
  base = g_dir_make_tmp ("exchequer-restore-kill-XXXXXX", &error);
  g_assert_no_error (error);
  state_home = g_build_filename (base, "state", NULL);
  /* Before anything asks GLib for the state folder, which it then caches. */
  g_setenv ("XDG_STATE_HOME", state_home, TRUE);
  xq_games_register_all ();

  g_test_add_func ("/restore-kill/kill-at-every-step", test_kill_at_every_step);
  status = g_test_run ();
  test_remove_tree (base);
  g_free (state_home);
  return status;
}
