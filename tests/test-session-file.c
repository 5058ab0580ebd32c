/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests saving and loading session files: atomic replace, "~" backups, etags, failures that keep the old file. */

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

#include "fx-game.h"
#include "fx-random-play.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session-file.h"
#include "xq-session-schema.h"
#include "xq-session-xml.h"
#include "xq-session.h"
#include "test-dirs.h"

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s", error->message);
  return contents;
}

static void
write_text (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, text, -1, &error))
    g_error ("%s", error->message);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @dir, sorted and joined by spaces. */
static char *
list_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* Two different finished games, for "the old file" and "the new file". */
static XqSession *
game (guint64 seed)
{
  XqSession *session = fx_random_game (seed, 3, &fx_random_style_prudent, 600);

  g_assert_cmpuint (xq_session_get_n_moves (session), >, 0);
  xq_session_set_place (session, seed % 2 ? "Zoë's <flat>" : "the club & bar");
  return session;
}

static char *
xml_text (XqSession *session)
{
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static void
assert_same_game (XqSession *a,
                  XqSession *b)
{
  const XqGame *xq_game = xq_session_get_game (a);
  g_autofree char *notation_a = xq_session_to_notation (a);
  g_autofree char *notation_b = xq_session_to_notation (b);

  g_assert_cmpuint (xq_session_get_n_moves (b), ==, xq_session_get_n_moves (a));
  for (guint i = 0; i < xq_session_get_n_moves (a); i++)
    g_assert_cmpmem (xq_session_get_move (b, i), xq_game->move_size, xq_session_get_move (a, i), xq_game->move_size);
  g_assert_cmpmem (xq_session_get_state (b), xq_game->state_size, xq_session_get_state (a), xq_game->state_size);
  g_assert_cmpstr (notation_b, ==, notation_a);
}

static void
test_save_and_load (Tmp           *tmp,
                    gconstpointer  data)
{
  g_autoptr(XqSession) session = game (11);
  g_autofree char *path = g_build_filename (tmp->dir, "evening.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *etag = NULL;
  g_autofree char *load_etag = NULL;
  g_autoptr(XqSession) loaded = NULL;
  g_autofree char *on_disk = NULL;
  g_autofree char *expected = xml_text (session);
  g_autofree char *listing = NULL;

  g_assert_true (xq_session_save (session, file, NULL, TRUE, &etag, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (etag);
  on_disk = read_text (path);
  g_assert_cmpstr (on_disk, ==, expected);
  /* The first save has nothing to back up, and leaves no temporary file. */
  listing = list_dir (tmp->dir);
  g_assert_cmpstr (listing, ==, "evening.exchequer");

  loaded = xq_session_load (file, &load_etag, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpstr (load_etag, ==, etag);
  assert_same_game (session, loaded);
  g_assert_cmpstr (xq_session_get_place (loaded), ==, xq_session_get_place (session));
}

/* The new content arrives by rename (a new inode), and the old content is
 * kept as "NAME~". */
static void
test_atomic_with_backup (Tmp           *tmp,
                         gconstpointer  data)
{
  g_autoptr(XqSession) old_game = game (11);
  g_autoptr(XqSession) new_game = game (12);
  g_autofree char *path = g_build_filename (tmp->dir, "evening.exchequer", NULL);
  g_autofree char *backup = g_build_filename (tmp->dir, "evening.exchequer~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *old_text = xml_text (old_game);
  g_autofree char *new_text = xml_text (new_game);
  g_autofree char *on_disk = NULL;
  g_autofree char *backed_up = NULL;
  g_autofree char *listing = NULL;
  GStatBuf before, after;

  g_assert_cmpstr (old_text, !=, new_text);
  g_assert_true (xq_session_save (old_game, file, NULL, TRUE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_no_errno (g_stat (path, &before));

  g_assert_true (xq_session_save (new_game, file, NULL, TRUE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_no_errno (g_stat (path, &after));
  g_assert_cmpint (after.st_ino, !=, before.st_ino);

  on_disk = read_text (path);
  backed_up = read_text (backup);
  g_assert_cmpstr (on_disk, ==, new_text);
  g_assert_cmpstr (backed_up, ==, old_text);
  listing = list_dir (tmp->dir);
  g_assert_cmpstr (listing, ==, "evening.exchequer evening.exchequer~");

  /* Without a backup asked for, the "~" file stays as it was. */
  g_assert_true (xq_session_save (old_game, file, NULL, FALSE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&on_disk, g_free);
  g_clear_pointer (&backed_up, g_free);
  on_disk = read_text (path);
  backed_up = read_text (backup);
  g_assert_cmpstr (on_disk, ==, old_text);
  g_assert_cmpstr (backed_up, ==, old_text);
}

/* Makes @path's etag differ from @etag, as a later save by someone else
 * would, even on a file system with coarse times. */
static void
other_writer (const char *path,
              const char *contents,
              const char *etag)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  write_text (path, contents);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_ETAG_VALUE "," G_FILE_ATTRIBUTE_TIME_MODIFIED,
                            G_FILE_QUERY_INFO_NONE, NULL, &error);
  g_assert_no_error (error);
  if (g_strcmp0 (g_file_info_get_etag (info), etag) == 0)
    {
      guint64 mtime = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED);

      g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, mtime + 5,
                                                  G_FILE_QUERY_INFO_NONE, NULL, &error));
      g_assert_no_error (error);
    }
}

static void
test_etag (Tmp           *tmp,
           gconstpointer  data)
{
  g_autoptr(XqSession) first = game (11);
  g_autoptr(XqSession) second = game (12);
  g_autofree char *path = g_build_filename (tmp->dir, "evening.exchequer", NULL);
  g_autofree char *backup = g_build_filename (tmp->dir, "evening.exchequer~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) loaded = NULL;
  g_autofree char *etag = NULL;
  g_autofree char *saved_etag = NULL;
  g_autofree char *failed_etag = NULL;
  g_autofree char *theirs = NULL;
  g_autofree char *on_disk = NULL;
  g_autofree char *backup_before = NULL;
  g_autofree char *backup_after = NULL;
  g_autofree char *listing = NULL;

  g_assert_true (xq_session_save (first, file, NULL, TRUE, NULL, NULL, &error));
  g_assert_no_error (error);
  loaded = xq_session_load (file, &etag, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (etag);

  /* Nobody else wrote: the etag from loading lets the save through. */
  g_assert_true (xq_session_save (loaded, file, etag, TRUE, &saved_etag, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (saved_etag);

  /* Another program saves its own game over it. */
  theirs = xml_text (second);
  other_writer (path, theirs, saved_etag);
  backup_before = read_text (backup);

  g_assert_false (xq_session_save (loaded, file, saved_etag, TRUE, &failed_etag, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "changed on disk"));
  g_assert_nonnull (strstr (error->message, "evening.exchequer"));
  g_assert_null (failed_etag);

  on_disk = read_text (path);
  g_assert_cmpstr (on_disk, ==, theirs);
  backup_after = read_text (backup);
  g_assert_cmpstr (backup_after, ==, backup_before);
  listing = list_dir (tmp->dir);
  g_assert_cmpstr (listing, ==, "evening.exchequer evening.exchequer~");
}

/* Another program rewrites the file and puts its modification time back:
 * the contents, not the time, tell that it changed. */
static void
test_changed_keeping_its_time (Tmp           *tmp,
                               gconstpointer  data)
{
  g_autoptr(XqSession) first = game (11);
  g_autoptr(XqSession) second = game (12);
  g_autofree char *path = g_build_filename (tmp->dir, "evening.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) loaded = NULL;
  g_autofree char *fingerprint = NULL;
  g_autofree char *theirs = xml_text (second);
  g_autofree char *on_disk = NULL;
  struct stat before, after;
  struct utimbuf times;

  g_assert_true (xq_session_save (first, file, NULL, FALSE, NULL, NULL, &error));
  loaded = xq_session_load (file, &fingerprint, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_no_errno (g_stat (path, &before));

  write_text (path, theirs);
  times.actime = before.st_atime;
  times.modtime = before.st_mtime;
  g_assert_no_errno (utime (path, &times));
  g_assert_no_errno (g_stat (path, &after));
  g_assert_cmpint (after.st_mtime, ==, before.st_mtime);

  g_assert_false (xq_session_save (loaded, file, fingerprint, TRUE, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_assert_nonnull (strstr (error->message, "changed on disk"));
  on_disk = read_text (path);
  g_assert_cmpstr (on_disk, ==, theirs);
}

/* A game the loader would refuse as too large is never written. */
static void
test_too_large_refused (Tmp           *tmp,
                        gconstpointer  data)
{
  g_autoptr(XqSession) session = NULL;
  g_autofree char *path = g_build_filename (tmp->dir, "huge.exchequer", NULL);
  g_autofree char *notation_path = g_build_filename (tmp->dir, "huge.xqn", NULL);
  g_autoptr(XqSession) old_game = game (11);
  g_autofree char *old_text = xml_text (old_game);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) notation_file = g_file_new_for_path (notation_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) reason = g_string_new (NULL);
  g_autofree char *on_disk = NULL;
  g_autofree char *listing = NULL;
  FxMove move = { 0 };
  FxSetup setup;
  FxRng rng;

  fx_rng_init (&rng, 11);
  fx_random_setup (&setup, &rng, 3);
  session = xq_session_new (fx_game_get (), &setup);
  write_text (path, old_text);
  /* Corrections with the longest reasons the notation allows, until the game
   * is past the size a session file may have. */
  while (reason->len < 2000)
    g_string_append (reason, "recounted ");
  g_string_truncate (reason, 2000);
  move.kind = FX_MOVE_CORRECT_CASH;
  move.actor = FX_NO_PLAYER;
  move.other = 0;
  move.cur[0] = 0;
  move.cur[1] = FX_NO_CURRENCY;
  for (guint i = 0; xq_session_get_n_moves (session) < XQ_SESSION_MAX_BYTES / 2000 + 1000; i++)
    {
      move.amount = (XqAmount) (2 * (i % 7 + 1));
      g_assert_true (xq_session_play (session, &move, reason->str, &error));
      g_assert_no_error (error);
    }

  g_assert_false (xq_session_save (session, file, NULL, TRUE, NULL, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "opens files of at most"));
  g_clear_error (&error);
  g_assert_false (xq_session_save (session, notation_file, NULL, TRUE, NULL, NULL, &error));
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE);
  on_disk = read_text (path);
  g_assert_cmpstr (on_disk, ==, old_text);
  listing = list_dir (tmp->dir);
  g_assert_cmpstr (listing, ==, "huge.exchequer");
}

/* A save that cannot happen says why and changes no file. */
static void
test_missing_folder (Tmp           *tmp,
                     gconstpointer  data)
{
  g_autoptr(XqSession) session = game (11);
  g_autofree char *path = g_build_filename (tmp->dir, "gone", "evening.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *listing = NULL;

  g_assert_false (xq_session_save (session, file, NULL, TRUE, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "could not be saved"));
  g_assert_nonnull (strstr (error->message, "evening.exchequer"));
  listing = list_dir (tmp->dir);
  g_assert_cmpstr (listing, ==, "");
}

static void
test_unwritable_folder (Tmp           *tmp,
                        gconstpointer  data)
{
  g_autoptr(XqSession) old_game = game (11);
  g_autoptr(XqSession) new_game = game (12);
  g_autofree char *folder = g_build_filename (tmp->dir, "locked", NULL);
  g_autofree char *path = g_build_filename (folder, "evening.exchequer", NULL);
  g_autofree char *old_text = xml_text (old_game);
  g_autoptr(GError) error = NULL;

  g_assert_no_errno (g_mkdir (folder, 0700));
  write_text (path, old_text);
  g_assert_no_errno (g_chmod (folder, 0500));

  if (access (folder, W_OK) == 0)
    {
      /* Root writes anywhere; a path through a regular file fails for all. */
      g_autofree char *passwd_before = read_text ("/etc/passwd");
      g_autofree char *passwd_after = NULL;
      g_autoptr(GFile) file = g_file_new_for_path ("/etc/passwd/evening.exchequer");

      g_test_message ("the folder stays writable (running as root): saving below /etc/passwd instead");
      g_assert_false (xq_session_save (new_game, file, NULL, TRUE, NULL, NULL, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
      g_assert_nonnull (strstr (error->message, "could not be saved"));
      passwd_after = read_text ("/etc/passwd");
      g_assert_cmpstr (passwd_after, ==, passwd_before);
    }
  else
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *on_disk = NULL;
      g_autofree char *listing = NULL;

      g_assert_false (xq_session_save (new_game, file, NULL, TRUE, NULL, NULL, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "could not be saved"));
      on_disk = read_text (path);
      g_assert_cmpstr (on_disk, ==, old_text);
      listing = list_dir (folder);
      g_assert_cmpstr (listing, ==, "evening.exchequer");
    }

  /* Either way the file in the locked folder is as it was. */
  {
    g_autofree char *still = read_text (path);

    g_assert_cmpstr (still, ==, old_text);
  }
}

/* A destination that is a folder: the folder and its content survive. */
static void
test_destination_is_folder (Tmp           *tmp,
                            gconstpointer  data)
{
  g_autoptr(XqSession) session = game (11);
  g_autofree char *folder = g_build_filename (tmp->dir, "evening.exchequer", NULL);
  g_autofree char *inside = g_build_filename (folder, "keep.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (folder);
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;

  g_assert_no_errno (g_mkdir (folder, 0700));
  write_text (inside, "precious");
  g_assert_false (xq_session_save (session, file, NULL, TRUE, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "could not be saved"));
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  kept = read_text (inside);
  g_assert_cmpstr (kept, ==, "precious");
}

typedef struct
{
  GMainLoop *loop;
  gboolean   ok;
  char      *etag;
  GError    *error;
} AsyncResult;

static void
save_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  AsyncResult *r = user_data;

  r->ok = xq_session_save_finish (XQ_SESSION (source), result, &r->etag, &r->error);
  g_main_loop_quit (r->loop);
}

static gboolean
time_out (gpointer user_data)
{
  g_error ("xq_session_save_async did not finish within 30 seconds");
  return G_SOURCE_REMOVE;
}

static void
save_async_and_wait (XqSession   *session,
                     GFile       *file,
                     const char  *etag,
                     gboolean     make_backup,
                     AsyncResult *r)
{
  guint timeout;

  memset (r, 0, sizeof *r);
  r->loop = g_main_loop_new (NULL, FALSE);
  timeout = g_timeout_add_seconds (30, time_out, NULL);
  xq_session_save_async (session, file, etag, make_backup, NULL, save_done, r);
  g_main_loop_run (r->loop);
  g_source_remove (timeout);
  g_main_loop_unref (r->loop);
}

static void
test_save_async (Tmp           *tmp,
                 gconstpointer  data)
{
  g_autoptr(XqSession) first = game (11);
  g_autoptr(XqSession) second = game (12);
  g_autofree char *path = g_build_filename (tmp->dir, "evening.exchequer", NULL);
  g_autofree char *backup = g_build_filename (tmp->dir, "evening.exchequer~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *first_text = xml_text (first);
  g_autofree char *second_text = xml_text (second);
  g_autofree char *theirs = g_strdup ("game for-ex\nplayers A B\n");
  AsyncResult r;
  char *etag;

  save_async_and_wait (first, file, NULL, TRUE, &r);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_nonnull (r.etag);
  etag = r.etag;
  {
    g_autofree char *on_disk = read_text (path);

    g_assert_cmpstr (on_disk, ==, first_text);
  }

  /* The etag it gave lets the next save through; the old file becomes "~". */
  save_async_and_wait (second, file, etag, TRUE, &r);
  g_free (etag);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  etag = r.etag;
  {
    g_autofree char *on_disk = read_text (path);
    g_autofree char *backed_up = read_text (backup);

    g_assert_cmpstr (on_disk, ==, second_text);
    g_assert_cmpstr (backed_up, ==, first_text);
  }

  /* Someone else writes; the next save with the old etag is refused. */
  other_writer (path, theirs, etag);
  save_async_and_wait (first, file, etag, TRUE, &r);
  g_free (etag);
  g_assert_false (r.ok);
  g_assert_null (r.etag);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_assert_nonnull (strstr (r.error->message, "changed on disk"));
  g_clear_error (&r.error);
  {
    g_autofree char *on_disk = read_text (path);
    g_autofree char *backed_up = read_text (backup);

    g_assert_cmpstr (on_disk, ==, theirs);
    g_assert_cmpstr (backed_up, ==, first_text);
  }
}

/* The async save takes the document when called: a move played while the
 * bytes are written is not in the file. */
static void
test_save_async_snapshot (Tmp           *tmp,
                          gconstpointer  data)
{
  g_autoptr(XqSession) full = fx_random_game (21, 4, &fx_random_style_prudent, 600);
  g_autoptr(XqSession) session = xq_session_new (xq_session_get_game (full), xq_session_get_setup (full));
  g_autofree char *path = g_build_filename (tmp->dir, "evening.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) loaded = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *on_disk = NULL;
  AsyncResult r;
  guint half = xq_session_get_n_moves (full) / 2;

  /* Play a whole number of turns: stop before an action that is not a spot's follower. */
  for (guint i = 0; i < xq_session_get_n_moves (full); i++)
    {
      g_assert_true (xq_session_play (session, xq_session_get_move (full, i), xq_session_get_move_reason (full, i), NULL));
      if (i + 1 >= half && xq_session_check_complete (session, NULL, NULL))
        break;
    }
  g_assert_cmpuint (xq_session_get_n_moves (session), <, xq_session_get_n_moves (full));
  expected = xml_text (session);

  memset (&r, 0, sizeof r);
  r.loop = g_main_loop_new (NULL, FALSE);
  xq_session_save_async (session, file, NULL, FALSE, NULL, save_done, &r);
  g_assert_true (xq_session_play (session, xq_session_get_move (full, xq_session_get_n_moves (session)), NULL, NULL));
  g_main_loop_run (r.loop);
  g_main_loop_unref (r.loop);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_free (r.etag);

  on_disk = read_text (path);
  g_assert_cmpstr (on_disk, ==, expected);
  loaded = xq_session_load (file, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (xq_session_get_n_moves (loaded), ==, xq_session_get_n_moves (session) - 1);
}

/* ".xqn" writes notation, which loads back as the same game. */
static void
test_save_notation (Tmp           *tmp,
                    gconstpointer  data)
{
  for (guint64 seed = 31; seed < 41; seed++)
    {
      g_autoptr(XqSession) session = fx_random_game (seed, 2 + (guint) (seed % 5), &fx_random_style_long, 600);
      g_autofree char *path = g_strdup_printf ("%s/game-%" G_GUINT64_FORMAT ".xqn", tmp->dir, seed);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) loaded = NULL;
      g_autofree char *notation = xq_session_to_notation (session);
      g_autofree char *on_disk = NULL;
      g_autofree char *xml_path = g_strdup_printf ("%s/game-%" G_GUINT64_FORMAT ".exchequer", tmp->dir, seed);
      g_autoptr(GFile) xml_file = g_file_new_for_path (xml_path);
      g_autoptr(XqSession) from_xml = NULL;

      g_assert_true (xq_session_file_is_notation (file));
      g_assert_false (xq_session_file_is_notation (xml_file));
      g_assert_true (xq_session_save (session, file, NULL, FALSE, NULL, NULL, &error));
      g_assert_no_error (error);
      on_disk = read_text (path);
      g_assert_cmpstr (on_disk, ==, notation);
      g_assert_false (g_str_has_prefix (on_disk, "<"));

      loaded = xq_session_load (file, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      assert_same_game (session, loaded);
      for (guint i = 0; i < xq_session_get_n_moves (session); i++)
        g_assert_cmpstr (xq_session_get_move_reason (loaded, i), ==, xq_session_get_move_reason (session, i));

      /* And from the notation file to a session file and back. */
      g_assert_true (xq_session_save (loaded, xml_file, NULL, FALSE, NULL, NULL, &error));
      g_assert_no_error (error);
      from_xml = xq_session_load (xml_file, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      assert_same_game (session, from_xml);
    }
}

/* Issue #23: a legal game of 100,000 moves (a 19 MB file, over the old
 * limit of 16 MiB) is saved and read back, in both formats. */
static void
test_long_game (Tmp           *tmp,
                gconstpointer  data)
{
  g_autoptr(XqSession) session = fx_random_endless_game (23, 4, &fx_random_style_endless, 100000);
  const char *names[] = { "long.exchequer", "long.xqn" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (tmp->dir, names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) loaded = NULL;
      GStatBuf st;

      g_assert_true (xq_session_save (session, file, NULL, FALSE, NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_test_message ("%s: %" G_GINT64_FORMAT " bytes", names[i], (gint64) st.st_size);
      loaded = xq_session_load (file, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      fx_test_assert_same_game (session, loaded);
    }
}

typedef struct
{
  GFile        *file;
  GCancellable *cancellable;
  GMutex        lock;
  GCond         cond;
  gboolean      started;
  XqSession    *session;
  GError       *error;
} CancelledLoad;

static gpointer
load_in_thread (gpointer user_data)
{
  CancelledLoad *c = user_data;

  g_mutex_lock (&c->lock);
  c->started = TRUE;
  g_cond_signal (&c->cond);
  g_mutex_unlock (&c->lock);
  c->session = xq_session_load (c->file, NULL, NULL, c->cancellable, &c->error);
  return NULL;
}

/* Cancel stops the load itself: cancelled from another thread once the
 * load has begun, it returns G_IO_ERROR_CANCELLED, not a session; and the
 * long loops (the moves' validation, the replay of either format) look at
 * the cancellable, so a load cancelled while in them stops there. */
static void
test_load_cancelled (Tmp           *tmp,
                     gconstpointer  data)
{
  g_autoptr(XqSession) session = fx_random_endless_game (5, 4, &fx_random_style_endless, 20000);
  g_autofree char *path = g_build_filename (tmp->dir, "long.exchequer", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) xml = xq_session_to_xml (session);
  g_autofree char *xqn = xq_session_to_notation (session);
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  CancelledLoad c = { NULL };
  GThread *thread;

  g_cancellable_cancel (cancelled);
  c.file = g_file_new_for_path (path);
  c.cancellable = g_cancellable_new ();
  g_mutex_init (&c.lock);
  g_cond_init (&c.cond);
  g_assert_true (xq_session_save (session, c.file, NULL, FALSE, NULL, NULL, &error));
  g_assert_no_error (error);

  thread = g_thread_new ("load", load_in_thread, &c);
  g_mutex_lock (&c.lock);
  while (!c.started)
    g_cond_wait (&c.cond, &c.lock);
  g_mutex_unlock (&c.lock);
  g_cancellable_cancel (c.cancellable);
  g_thread_join (thread);
  g_assert_null (c.session);
  g_assert_error (c.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  /* The loops themselves, past the parse and the reading of the file. */
  {
    g_autoptr(XqSession) from_xml = xq_session_read_xml (g_bytes_get_data (xml, NULL), g_bytes_get_size (xml),
                                                         cancelled, NULL, &error);

    g_assert_null (from_xml);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&error);
  }
  {
    g_autoptr(XqSession) from_xqn = xq_session_read_notation (xqn, -1, cancelled, NULL, &error);

    g_assert_null (from_xqn);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&error);
  }
  {
    g_autoptr(xmlDoc) doc = xmlReadMemory (g_bytes_get_data (xml, NULL), (int) g_bytes_get_size (xml), NULL, NULL,
                                           XML_PARSE_NONET);

    g_assert_false (xq_session_schema_validate (doc, cancelled, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&error);
    /* Not cancelled, the same document is valid. */
    g_assert_true (xq_session_schema_validate (doc, NULL, NULL, &error));
    g_assert_no_error (error);
  }

  g_clear_error (&c.error);
  g_object_unref (c.cancellable);
  g_object_unref (c.file);
  g_mutex_clear (&c.lock);
  g_cond_clear (&c.cond);
}

/* A file that cannot be opened says so, as a GIO error, with no etag. */
static void
test_load_missing (Tmp           *tmp,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (tmp->dir, "nothing.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *etag = NULL;
  g_autoptr(XqSession) session = xq_session_load (file, &etag, NULL, NULL, &error);

  g_assert_null (session);
  g_assert_null (etag);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

#define ADD(path, func) g_test_add ((path), Tmp, NULL, tmp_setup, (func), tmp_teardown)
  ADD ("/session-file/save-and-load", test_save_and_load);
  ADD ("/session-file/atomic-with-backup", test_atomic_with_backup);
  ADD ("/session-file/etag", test_etag);
  ADD ("/session-file/changed-keeping-its-time", test_changed_keeping_its_time);
  ADD ("/session-file/too-large-refused", test_too_large_refused);
  ADD ("/session-file/missing-folder", test_missing_folder);
  ADD ("/session-file/unwritable-folder", test_unwritable_folder);
  ADD ("/session-file/destination-is-folder", test_destination_is_folder);
  ADD ("/session-file/save-async", test_save_async);
  ADD ("/session-file/save-async-snapshot", test_save_async_snapshot);
  ADD ("/session-file/save-notation", test_save_notation);
  ADD ("/session-file/load-missing", test_load_missing);
  ADD ("/session-file/long-game", test_long_game);
  ADD ("/session-file/load-cancelled", test_load_cancelled);
#undef ADD

  return g_test_run ();
}
