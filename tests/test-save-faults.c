/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every save path under injected I/O errors: for each write, fsync, close and
 * rename along the way, the N-th one fails (fault-shim.c), and the old file
 * must be as it was, byte for byte, and no half file may be left. When the
 * folder's fsync after the rename fails, the new file is in place and the
 * save must say that it may not survive a crash, not that it was done. */

#include "config.h"

#include <gio/gio.h>
#include <signal.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli-support.h"
#include "fault-shim.h"
#include "fx-random-play.h"
#include "test-dirs.h"
#include "xq-autosave.h"
#include "xq-error.h"
#include "xq-file-replace.h"
#include "xq-games.h"
#include "xq-session-file.h"
#include "xq-session-xml.h"
#include "xq-session.h"

/* More operations than any save here takes: a sweep that reaches it is stuck. */
#define MAX_STEPS 200

typedef struct _Case Case;
/* Saves with the @n-th operation of kind @op failing; says whether it did. */
typedef gboolean (*SaveFunc) (Case     *c,
                              FaultOp   op,
                              long      n,
                              gboolean *fired,
                              GError  **error);
typedef gboolean (*InProcessSave) (Case    *c,
                                   GError **error);

struct _Case
{
  char      *dir;        /* the folder faults are injected into */
  char      *path;       /* the name the player chose */
  char      *real;       /* the file written: @path, or a symlink's target */
  char      *old_text;   /* what @real holds before; NULL: it does not exist */
  char      *new_text;
  XqSession *session;    /* the game to save, whose document is @new_text */
  char      *source;     /* for the CLI: the file to convert */
  XqAutosave *journal;
  InProcessSave in_process;
  const char *command;   /* the CLI's: convert (the default) or report */
};

static XqSession *
game (guint64 seed)
{
  return fx_random_game (seed, 3, &fx_random_style_prudent, 400);
}

static char *
xml_text (XqSession *session)
{
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static char *
read_or_null (const char *path)
{
  char *text = NULL;

  return g_file_get_contents (path, &text, NULL, NULL) ? text : NULL;
}

static void
write_text (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

/* Every file below @dir, as "name name2 sub/name3", sorted. */
static void
collect (const char *dir,
         const char *prefix,
         GPtrArray  *names)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *shown = prefix != NULL ? g_strconcat (prefix, "/", name, NULL) : g_strdup (name);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        collect (path, shown, names);
      else
        g_ptr_array_add (names, g_steal_pointer (&shown));
    }
}

static int
by_name (gconstpointer a,
         gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static char *
listing (const char *dir)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  collect (dir, NULL, names);
  g_ptr_array_sort (names, by_name);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
case_free (Case *c)
{
  if (c->dir != NULL)
    test_remove_tree (c->dir);
  g_free (c->dir);
  g_free (c->path);
  g_free (c->real);
  g_free (c->old_text);
  g_free (c->new_text);
  g_free (c->source);
  g_clear_object (&c->journal);
  g_clear_object (&c->session);
  g_free (c);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Case, case_free)

static Case *
case_new (const char *name,
          gboolean    existing)
{
  Case *c = g_new0 (Case, 1);
  g_autoptr(XqSession) old_game = game (31);
  g_autoptr(GError) error = NULL;

  c->dir = g_dir_make_tmp ("exchequer-faults-XXXXXX", &error);
  g_assert_no_error (error);
  c->path = g_build_filename (c->dir, name, NULL);
  c->real = g_strdup (c->path);
  c->session = game (32);
  c->new_text = xml_text (c->session);
  c->old_text = existing ? xml_text (old_game) : NULL;
  g_assert_cmpstr (c->old_text, !=, c->new_text);
  return c;
}

/* The folder as it was before the save: the old file, and nothing else of ours. */
static void
reset (Case *c)
{
  g_autofree char *backup = g_strconcat (c->real, "~", NULL);

  g_unlink (backup);
  if (c->old_text != NULL)
    write_text (c->real, c->old_text);
  else
    g_unlink (c->real);
}

static void
assert_untouched (Case       *c,
                  const char *before)
{
  g_autofree char *now = read_or_null (c->real);
  g_autofree char *backup = g_strconcat (c->real, "~", NULL);
  g_autofree char *backup_text = read_or_null (backup);
  g_autofree char *after = listing (c->dir);

  g_assert_cmpstr (now, ==, c->old_text);
  if (c->old_text != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (c->path);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) loaded = xq_session_load (file, NULL, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (loaded);
    }
  /* A backup written before the failure holds the old file: harmless. */
  if (backup_text != NULL)
    {
      g_autofree char *expected = g_strconcat (before, " ", strrchr (backup, '/') + 1, NULL);

      g_assert_cmpstr (backup_text, ==, c->old_text);
      g_assert_true (g_strcmp0 (after, before) == 0 || g_strcmp0 (after, expected) == 0
                     || strstr (after, "~") != NULL);
    }
  else
    g_assert_cmpstr (after, ==, before);
  if (c->path != c->real && g_strcmp0 (c->path, c->real) != 0)
    g_assert_true (g_file_test (c->path, G_FILE_TEST_IS_SYMLINK));
}

/* The new game is on disk: the very bytes made in this process, or for a
 * conversion (which stamps each move's time anew) the same moves. */
static void
assert_saved (Case *c)
{
  g_autofree char *now = read_or_null (c->real);

  if (c->source == NULL)
    g_assert_cmpstr (now, ==, c->new_text);
  else
    {
      g_autoptr(GFile) file = g_file_new_for_path (c->real);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) loaded = xq_session_load (file, NULL, NULL, NULL, &error);
      g_autofree char *expected = xq_session_to_notation (c->session);
      g_autofree char *got = NULL;

      g_assert_no_error (error);
      got = xq_session_to_notation (loaded);
      g_assert_cmpstr (got, ==, expected);
    }
}

/* For every kind of operation, fail the first, the second, … until the save
 * takes fewer operations than the one to fail: then it must have succeeded. */
static void
sweep (Case       *c,
       SaveFunc    save,
       const char *sentence)
{
  for (FaultOp op = FAULT_WRITE; op < FAULT_N_OPS; op++)
    {
      guint failures = 0;

      for (long n = 1; n <= MAX_STEPS; n++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *before = NULL;
          gboolean ok, fired;

          reset (c);
          before = listing (c->dir);
          ok = save (c, op, n, &fired, &error);
          if (!fired)
            {
              g_assert_no_error (error);
              g_assert_true (ok);
              assert_saved (c);
              break;
            }
          failures++;
          g_assert_false (ok);
          g_assert_nonnull (error);
          if (n == 1)
            g_test_message ("%s #%ld: %s", xq_fault_op_name (op), n, error->message);
          /* The file is named once, never a temporary file's random name. */
          g_assert_null (strstr (error->message, ".exchequer."));
          g_assert_null (strstr (error->message, "~."));
          if (op == FAULT_DIRSYNC)
            {
              g_assert_nonnull (strstr (error->message, "was saved, but its folder could not be synced to the disk"));
              g_assert_nonnull (strstr (error->message, "may not survive a crash"));
              assert_saved (c);
              continue;
            }
          g_assert_nonnull (strstr (error->message, sentence));
          assert_untouched (c, before);
          g_assert_cmpint (n, <, MAX_STEPS);
        }
      g_test_message (op == FAULT_DIRSYNC ? "%s: %u failures injected, each reported with the new file in place"
                                          : "%s: %u failures injected, the old file kept each time",
                      xq_fault_op_name (op), failures);
      g_assert_cmpuint (failures, >, 0);
    }
}

/* Runs the case's save in this process, the shim armed around it. */
static gboolean
in_process (Case     *c,
            FaultOp   op,
            long      n,
            gboolean *fired,
            GError  **error)
{
  gboolean ok;

  xq_fault_arm (c->dir, op, n);
  ok = c->in_process (c, error);
  *fired = xq_fault_disarm ();
  return ok;
}

static gboolean
save_sync (Case    *c,
           GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (c->path);

  return xq_session_save (c->session, file, NULL, TRUE, NULL, NULL, error);
}

static void
saved (GObject      *source,
       GAsyncResult *result,
       gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* The app's save: the bytes made on this thread, written by a worker, after
 * checking that the file still holds what was read. */
static gboolean
save_async (Case    *c,
            GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (c->path);
  g_autoptr(GAsyncResult) result = NULL;
  g_autofree char *fingerprint = NULL;

  if (c->old_text != NULL)
    fingerprint = xq_file_fingerprint (c->old_text, strlen (c->old_text));
  xq_session_save_async (c->session, file, fingerprint, TRUE, NULL, saved, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return xq_session_save_finish (c->session, result, NULL, error);
}

static void
test_existing_file (void)
{
  g_autoptr(Case) c = case_new ("evening.exchequer", TRUE);

  c->in_process = save_sync;
  sweep (c, in_process, "could not be saved, and the file on disk is as it was");
}

static void
test_existing_file_async (void)
{
  g_autoptr(Case) c = case_new ("evening.exchequer", TRUE);

  c->in_process = save_async;
  sweep (c, in_process, "could not be saved, and the file on disk is as it was");
}

static void
test_new_file (void)
{
  g_autoptr(Case) c = case_new ("evening.exchequer", FALSE);

  c->in_process = save_sync;
  sweep (c, in_process, "could not be saved");
}

/* A save whose folder sync failed has put the new file in place: the app
 * gets its fingerprint with the error, so its next save to the file is not
 * taken for overwriting another program's change. */
static void
test_dirsync_keeps_fingerprint (void)
{
  g_autoptr(Case) c = case_new ("evening.exchequer", TRUE);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *old_fingerprint = NULL;
  g_autofree char *fingerprint = NULL;
  g_autofree char *expected = NULL;

  reset (c);
  file = g_file_new_for_path (c->path);
  old_fingerprint = xq_file_fingerprint (c->old_text, strlen (c->old_text));
  xq_fault_arm (c->dir, FAULT_DIRSYNC, 1);
  xq_session_save_async (c->session, file, old_fingerprint, TRUE, NULL, saved, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (xq_session_save_finish (c->session, result, &fingerprint, &error));
  g_assert_true (xq_fault_disarm ());
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_NOT_DURABLE);
  g_test_message ("%s", error->message);
  expected = xq_file_fingerprint (c->new_text, strlen (c->new_text));
  g_assert_cmpstr (fingerprint, ==, expected);
  assert_saved (c);
  g_clear_error (&error);
  g_assert_true (xq_session_save (c->session, file, fingerprint, TRUE, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* The link stays a link, and its target is the file replaced. */
static void
test_symlink (void)
{
  g_autoptr(Case) c = case_new ("evening.exchequer", TRUE);
  g_autofree char *games = g_build_filename (c->dir, "games", NULL);

  g_assert_no_errno (g_mkdir (games, 0700));
  g_free (c->real);
  c->real = g_build_filename (games, "real.exchequer", NULL);
  g_assert_no_errno (symlink ("games/real.exchequer", c->path));
  c->in_process = save_sync;
  sweep (c, in_process, "could not be saved, and the file on disk is as it was");
  g_assert_true (g_file_test (c->path, G_FILE_TEST_IS_SYMLINK));
}

/* A second name for the file cannot be kept by a replace, and a write in
 * place could leave both names half-written: refused with a sentence. */
static void
test_hard_link (void)
{
  g_autoptr(Case) c = case_new ("evening.exchequer", TRUE);
  g_autofree char *other = g_build_filename (c->dir, "other-name.exchequer", NULL);
  g_autofree char *now = NULL;
  g_autofree char *other_now = NULL;
  g_autoptr(GError) error = NULL;

  reset (c);
  g_assert_no_errno (link (c->path, other));
  g_assert_false (save_sync (c, &error));
  g_test_message ("%s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "hard links"));
  now = read_or_null (c->path);
  other_now = read_or_null (other);
  g_assert_cmpstr (now, ==, c->old_text);
  g_assert_cmpstr (other_now, ==, c->old_text);
}

/* The journal: a failed write leaves the last good journal. Each try writes
 * the same change again (the comment is cleared and set). */
static gboolean
save_journal (Case    *c,
              GError **error)
{
  xq_session_set_comment (c->session, "counted twice");
  return xq_autosave_wait (c->journal, error);
}

static void
test_journal (void)
{
  g_autoptr(Case) c = g_new0 (Case, 1);
  g_autoptr(GError) error = NULL;

  c->dir = xq_autosave_get_dir ();
  g_assert_no_errno (g_mkdir_with_parents (c->dir, 0700));
  c->session = game (33);
  c->journal = xq_autosave_new (c->session, NULL, NULL);
  g_assert_true (xq_autosave_wait (c->journal, &error));
  c->path = g_strdup (xq_autosave_get_path (c->journal));
  c->real = g_strdup (c->path);
  c->old_text = read_or_null (c->path);
  g_assert_nonnull (c->old_text);
  /* The text the change writes, from this very session: a second game,
   * played a moment later, stamps its moves a second later whenever a
   * second ends between the two (CI failed so once). */
  xq_session_set_comment (c->session, "counted twice");
  c->new_text = xml_text (c->session);
  xq_session_set_comment (c->session, NULL);
  g_assert_true (xq_autosave_wait (c->journal, &error));
  c->in_process = save_journal;
  /* reset () rewrites the old journal; the session forgets the comment. A
   * failed sync of the folder comes after the rename: the new journal is in
   * place, and the failure is still reported (the window's banner). */
  for (FaultOp op = FAULT_WRITE; op <= FAULT_DIRSYNC; op++)
    {
      guint failures = 0;

      for (long n = 1; n < MAX_STEPS; n++)
        {
          g_autoptr(GError) journal_error = NULL;
          g_autofree char *now = NULL;
          g_autofree char *reset_journal = NULL;
          gboolean ok, fired;

          xq_session_set_comment (c->session, NULL);
          g_assert_true (xq_autosave_wait (c->journal, &journal_error));
          reset_journal = read_or_null (c->path);
          g_assert_cmpstr (reset_journal, ==, c->old_text);
          ok = in_process (c, op, n, &fired, &journal_error);
          now = read_or_null (c->path);
          if (!fired)
            {
              g_assert_no_error (journal_error);
              g_assert_true (ok);
              g_assert_cmpstr (now, ==, c->new_text);
              break;
            }
          failures++;
          g_assert_false (ok);
          g_assert_nonnull (journal_error);
          g_assert_cmpstr (now, ==, op == FAULT_DIRSYNC ? c->new_text : c->old_text);
        }
      g_test_message ("journal, %s: %u failures injected, the last journal kept each time",
                      xq_fault_op_name (op), failures);
      g_assert_cmpuint (failures, >, 0);
    }
  xq_autosave_discard (c->journal);
  g_clear_pointer (&c->dir, g_free);
}

/* exchequer-cli convert, with the shim preloaded and armed through the
 * environment; the shim in the child reports that it fired in a file. */
static gboolean
save_cli (Case     *c,
          FaultOp   op,
          long      n,
          gboolean *fired,
          GError  **error)
{
  g_autofree char *source_dir = g_path_get_dirname (c->source);
  g_autofree char *report = g_build_filename (source_dir, "fault-report", NULL);
  g_autofree char *at = g_strdup_printf ("%ld", n);
  g_auto(GStrv) envp = g_get_environ ();
  const char *argv[] = { cli_path (), c->command != NULL ? c->command : "convert", c->source, c->path, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int wait_status = 0;

  g_unlink (report);
  envp = g_environ_setenv (envp, "LD_PRELOAD", FAULT_SHIM, TRUE);
  /* The shim comes before the sanitizers' runtime in a sanitized build. */
  envp = g_environ_setenv (envp, "ASAN_OPTIONS", "detect_leaks=0:verify_asan_link_order=0", TRUE);
  envp = g_environ_setenv (envp, "XQ_FAULT_DIR", c->dir, TRUE);
  envp = g_environ_setenv (envp, "XQ_FAULT_OP", xq_fault_op_name (op), TRUE);
  envp = g_environ_setenv (envp, "XQ_FAULT_AT", at, TRUE);
  envp = g_environ_setenv (envp, "XQ_FAULT_REPORT", report, TRUE);
  if (!g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &wait_status, NULL))
    g_error ("cannot run %s", cli_path ());
  *fired = g_file_test (report, G_FILE_TEST_EXISTS);
  g_unlink (report);
  if (WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, err);
  return FALSE;
}

/* The issue's own case: convert onto an old session file on a full disk. */
static void
test_cli_convert (void)
{
  g_autoptr(Case) c = case_new ("old.exchequer", TRUE);
  g_autofree char *source_dir = g_dir_make_tmp ("exchequer-faults-source-XXXXXX", NULL);
  g_autofree char *notation = xq_session_to_notation (c->session);

  c->source = g_build_filename (source_dir, "A.xqn", NULL);
  write_text (c->source, notation);
  sweep (c, save_cli, "could not be saved, and the file on disk is as it was");
  test_remove_tree (source_dir);
}

/* An export over an old report: the PDF and the CSV of `report` (the PDF
 * writer is the app's Export… too). A failure says which file, once, and
 * that the old one is intact; it is, byte for byte. */
static void
test_cli_report_exports (void)
{
  static const char *const names[] = { "standings.csv", "report.pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(Case) c = case_new (names[i], TRUE);
      g_autofree char *source_dir = g_dir_make_tmp ("exchequer-faults-source-XXXXXX", NULL);
      g_autofree char *notation = xq_session_to_notation (c->session);

      c->source = g_build_filename (source_dir, "A.xqn", NULL);
      c->command = "report";
      write_text (c->source, notation);
      for (FaultOp op = FAULT_WRITE; op < FAULT_N_OPS; op++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *before = NULL;
          g_autofree char *now = NULL;
          g_autofree char *after = NULL;
          g_autofree char *expected = NULL;
          gboolean fired = FALSE;

          reset (c);
          before = listing (c->dir);
          g_assert_false (save_cli (c, op, 1, &fired, &error));
          g_assert_true (fired);
          g_test_message ("%s, %s: %s", names[i], xq_fault_op_name (op), error->message);
          now = read_or_null (c->path);
          if (op == FAULT_DIRSYNC)
            {
              expected = g_strdup_printf ("“%s” was saved, but its folder could not be synced", c->path);
              g_assert_nonnull (strstr (error->message, expected));
              g_assert_cmpstr (now, !=, c->old_text);
              continue;
            }
          expected = g_strdup_printf ("%s: error: “%s” could not be saved, and the file on disk is as it was: %s",
                                      c->path, c->path,
                                      op == FAULT_WRITE ? "the disk is full" : "Input/output error");
          g_assert_true (g_str_has_prefix (error->message, expected));
          g_assert_cmpstr (now, ==, c->old_text);
          after = listing (c->dir);
          g_assert_cmpstr (after, ==, before);
        }
      test_remove_tree (source_dir);
    }
}

/* The kernel's own refusal, not the shim's: a file size limit makes every
 * write past it fail (EFBIG), as a full disk does. */
static void
limit_file_size (gpointer user_data)
{
  struct rlimit limit = { 4096, 4096 };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

static void
test_cli_file_size_limit (void)
{
  g_autoptr(Case) c = case_new ("old.exchequer", TRUE);
  g_autofree char *source = g_build_filename (c->dir, "A.xqn", NULL);
  g_autofree char *notation = xq_session_to_notation (c->session);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *now = NULL;
  g_autofree char *err = NULL;
  const char *argv[] = { cli_path (), "convert", source, c->path, NULL };
  int wait_status = 0;

  write_text (source, notation);
  reset (c);
  g_assert_cmpuint (strlen (c->new_text), >, 4096);
  before = listing (c->dir);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, limit_file_size, NULL, NULL, &err,
                               &wait_status, NULL));
  g_test_message ("%s", err);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 1);
  g_assert_nonnull (strstr (err, "could not be saved, and the file on disk is as it was"));
  now = read_or_null (c->path);
  g_assert_cmpstr (now, ==, c->old_text);
  after = listing (c->dir);
  g_assert_cmpstr (after, ==, before);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *state = g_dir_make_tmp ("exchequer-faults-state-XXXXXX", &error);
  int status;

  g_assert_no_error (error);
  /* Before GLib caches the state folder: the journals go to a folder of ours. */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/save-faults/existing-file", test_existing_file);
  g_test_add_func ("/save-faults/existing-file-async", test_existing_file_async);
  g_test_add_func ("/save-faults/new-file", test_new_file);
  g_test_add_func ("/save-faults/dirsync-keeps-fingerprint", test_dirsync_keeps_fingerprint);
  g_test_add_func ("/save-faults/symlink", test_symlink);
  g_test_add_func ("/save-faults/hard-link", test_hard_link);
  g_test_add_func ("/save-faults/journal", test_journal);
  g_test_add_func ("/save-faults/cli-convert", test_cli_convert);
  g_test_add_func ("/save-faults/cli-report-exports", test_cli_report_exports);
  g_test_add_func ("/save-faults/cli-file-size-limit", test_cli_file_size_limit);

  status = g_test_run ();
  test_remove_tree (state);
  return status;
}
