/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Replacing a file so that the old one survives any failure of the new one's
 * write: a full disk, a failed fsync or close, a link to somewhere else.
 *
 * GIO's g_file_replace() is not enough here. After a failed write it still
 * renames its temporary file over the old one when the stream is closed; it
 * writes a new file, a symlink's target or a hard-linked file in place; and
 * its etag is the modification time, which another program can keep while it
 * rewrites the file. GLib's g_file_set_contents_full() writes a temporary file
 * beside the destination, syncs it, and renames it only when every write
 * succeeded, removing it otherwise: the old file is untouched until the new
 * one is completely on disk. What is left to do here is to find the real file
 * behind a symlink, refuse what cannot be replaced that way, keep the "~"
 * backup, and compare contents instead of times. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "xq-error.h"
#include "xq-file-replace.h"

/* As many links as the kernel follows (MAXSYMLINKS). */
#define MAX_LINKS 40

/**
 * xq_file_fingerprint:
 * @data: a file's contents
 * @length: their size
 *
 * Identifies contents, not times: a file rewritten by another program with
 * the same modification time still gets another fingerprint.
 *
 * Returns: (transfer full): "size:sha256"
 */
char *
xq_file_fingerprint (const char *data,
                     gsize       length)
{
  g_autofree char *digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);

  return g_strdup_printf ("%" G_GSIZE_FORMAT ":%s", length, digest);
}

/* The system's reason, in the %G_IO_ERROR domain; "“PATH”: the reason"
 * when @path is not the file the caller names (a symlink's target). */
static gboolean
fail_errno (GError     **error,
            int          saved_errno,
            const char  *path,
            const char  *named)
{
  g_autofree char *name = g_filename_display_name (path);

  if (g_strcmp0 (path, named) == 0)
    g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), g_strerror (saved_errno));
  else
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "“%s”: %s", name, g_strerror (saved_errno));
  return FALSE;
}

/* The file a path names, after every symlink: saving replaces that file, so
 * the link keeps pointing at the game. */
static char *
resolve_links (const char  *path,
               GError     **error)
{
  g_autofree char *current = g_strdup (path);

  for (guint i = 0; i <= MAX_LINKS; i++)
    {
      g_autofree char *target = NULL;
      g_autoptr(GError) link_error = NULL;
      GStatBuf st;

      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      target = g_file_read_link (current, &link_error);
      if (target == NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, g_io_error_from_file_error (link_error->code),
                               link_error->message);
          return NULL;
        }
      if (!g_path_is_absolute (target))
        {
          g_autofree char *dir = g_path_get_dirname (current);

          g_free (current);
          current = g_build_filename (dir, target, NULL);
        }
      else
        {
          g_free (current);
          current = g_steal_pointer (&target);
        }
    }
  fail_errno (error, ELOOP, path, path);
  return NULL;
}

/* The whole file, for the fingerprint and the backup. */
static gboolean
read_old (const char  *path,
          char       **contents,
          gsize       *length,
          GError     **error)
{
  g_autoptr(GError) read_error = NULL;

  if (g_file_get_contents (path, contents, length, &read_error))
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_file_error (read_error->code), read_error->message);
  return FALSE;
}

/* What went wrong, in words, without the names GLib puts in its message:
 * its temporary file's random name and the destination again, which the
 * caller's sentence names once. GLib ends each message with the system's
 * reason ("…: write() failed: Input/output error"). */
static char *
reason_of (const GError *write_error)
{
  const char *tail;

  if (write_error->code == G_FILE_ERROR_NOSPC)
    return g_strdup (_("the disk is full"));
  tail = g_strrstr (write_error->message, ": ");
  return g_strdup (tail != NULL ? tail + 2 : write_error->message);
}

static gboolean
set_contents (const char  *path,
              const char  *data,
              gsize        length,
              int          mode,
              GError     **error)
{
  g_autoptr(GError) write_error = NULL;
  g_autofree char *reason = NULL;

  if (g_file_set_contents_full (path, data, (gssize) length,
                                G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                mode, &write_error))
    return TRUE;
  reason = reason_of (write_error);
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_file_error (write_error->code), reason);
  return FALSE;
}

/* The rename that put the new file in place is an entry in its folder, and
 * only an fsync of the folder puts that entry on the disk; GLib's
 * g_file_set_contents_full() syncs the file, not the folder. Until then a
 * crash can bring back the old file, or none. @path is the file, not the
 * folder. */
gboolean
xq_file_sync_folder (const char  *path,
                     GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  int saved_errno;

  if (fd >= 0 && fsync (fd) == 0)
    {
      /* A close that fails after a good fsync loses nothing. */
      g_close (fd, NULL);
      return TRUE;
    }
  saved_errno = errno;
  if (fd >= 0)
    g_close (fd, NULL);
  /* File systems that cannot sync a folder say so; their renames are as
   * durable as they get. */
  if (saved_errno == EINVAL || saved_errno == ENOTSUP)
    return TRUE;
  g_set_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_NOT_DURABLE,
               _("its folder could not be synced to the disk (%s), so the new file may not survive a crash"),
               g_strerror (saved_errno));
  return FALSE;
}

/**
 * xq_file_replace:
 * @file: the destination, on this computer's file system
 * @data: the new contents
 * @length: their size
 * @expected_fingerprint: (nullable): the fingerprint of what the caller last
 *   read or wrote there; the save is refused with %G_IO_ERROR_WRONG_ETAG if
 *   the file now holds something else
 * @make_backup: keep the previous contents as "NAME~"
 * @out_fingerprint: (out) (optional): the new contents' fingerprint
 * @cancellable: (nullable): a #GCancellable, checked before anything is written
 * @error: return location for a #GError in the %G_IO_ERROR domain, or
 *   %XQ_FILE_ERROR_NOT_DURABLE
 *
 * Writes a temporary file beside the real file (a symlink's target, not the
 * link), syncs it, renames it into place and syncs the folder. If anything
 * before the rename fails, the old file is as it was, byte for byte, and no
 * new file is left behind; the error says only what failed, not the file's
 * name, which the caller's sentence gives. If only the folder's sync fails,
 * the new file is in place but a crash could still undo the rename: that is
 * %XQ_FILE_ERROR_NOT_DURABLE, with @out_fingerprint set. A file with
 * other hard links is refused: replacing it would break the links, and
 * writing it in place could leave it half-written.
 *
 * Returns: %TRUE if the new contents are on disk, durably
 */
gboolean
xq_file_replace (GFile         *file,
                 const char    *data,
                 gsize          length,
                 const char    *expected_fingerprint,
                 gboolean       make_backup,
                 char         **out_fingerprint,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autofree char *path = NULL;
  g_autofree char *real = NULL;
  g_autofree char *old = NULL;
  gsize old_length = 0;
  gboolean exists;
  int mode = 0666;
  GStatBuf st;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s is not on this computer’s file system; Exchequer saves only there, where it can "
                     "keep the old file safe until the new one is written"), uri);
      return FALSE;
    }
  real = resolve_links (path, error);
  if (real == NULL)
    return FALSE;

  exists = g_stat (real, &st) == 0;
  if (!exists && errno != ENOENT)
    return fail_errno (error, errno, real, path);
  if (exists)
    {
      if (S_ISDIR (st.st_mode))
        return fail_errno (error, EISDIR, real, path);
      /* The caller's sentence names the file (xq_file_explain_error()). */
      if (!S_ISREG (st.st_mode))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("it is not a regular file"));
          return FALSE;
        }
      if (st.st_nlink > 1)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("it has other hard links; replacing it would cut them off, and writing it in place "
                                 "could leave it half-written, so save it under another name"));
          return FALSE;
        }
      mode = (int) (st.st_mode & 07777);
      if ((expected_fingerprint != NULL || make_backup) && !read_old (real, &old, &old_length, error))
        return FALSE;
    }

  if (expected_fingerprint != NULL && old != NULL)
    {
      g_autofree char *on_disk = xq_file_fingerprint (old, old_length);

      if (g_strcmp0 (on_disk, expected_fingerprint) != 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                               _("the file was changed on disk since it was read"));
          return FALSE;
        }
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  if (make_backup && old != NULL)
    {
      g_autofree char *backup = g_strconcat (real, "~", NULL);

      if (!set_contents (backup, old, old_length, mode, error))
        {
          g_autofree char *name = g_filename_display_basename (backup);

          g_prefix_error (error, _("its backup “%s” could not be written: "), name);
          return FALSE;
        }
    }
  if (!set_contents (real, data, length, mode, error))
    return FALSE;
  /* The new contents are in place, whatever the folder's sync says. */
  if (out_fingerprint != NULL)
    *out_fingerprint = xq_file_fingerprint (data, length);
  return xq_file_sync_folder (real, error);
}

/**
 * xq_file_explain_error:
 * @file: the file a save or an export wrote
 * @error: (inout) (optional): its error from xq_file_replace() or before
 *
 * What a person needs to know of a failed save or export, in one sentence:
 * which file, once, what failed, and whether the file on disk is the old
 * one, intact, or the new one (when only the folder's sync failed). A file
 * changed by another program gets its own sentence.
 */
void
xq_file_explain_error (GFile   *file,
                       GError **error)
{
  g_autofree char *name = NULL;

  g_return_if_fail (G_IS_FILE (file));

  if (error == NULL || *error == NULL)
    return;
  name = g_file_get_parse_name (file);
  if (g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
    {
      g_clear_error (error);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   _("“%s” was changed on disk since it was opened; it was not overwritten"), name);
    }
  else if (g_error_matches (*error, XQ_FILE_ERROR, XQ_FILE_ERROR_NOT_DURABLE))
    g_prefix_error (error, _("“%s” was saved, but "), name);
  else if (g_file_query_exists (file, NULL))
    g_prefix_error (error, _("“%s” could not be saved, and the file on disk is as it was: "), name);
  else
    g_prefix_error (error, _("“%s” could not be saved: "), name);
}
