/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Sessions on disk. Saving replaces the file atomically (xq-file-replace.c),
 * keeps a "~" backup, and refuses to overwrite a file whose contents changed
 * since they were read. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-error.h"
#include "xq-file-replace.h"
#include "xq-session-file.h"
#include "xq-session-xml.h"

/* .xqn is notation; anything else (.exchequer) is a session document. */
gboolean
xq_session_file_is_notation (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".xqn");
}

/* Either format, told apart by the first character that is not white
 * space: a session document starts with '<', notation never does. */
static XqSession *
read_data (const char    *data,
           gsize          length,
           GCancellable  *cancellable,
           guint         *error_line,
           GError       **error)
{
  gsize i = 0;

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    i = 3;
  while (i < length && g_ascii_isspace (data[i]))
    i++;
  if (i == length)
    {
      if (error_line != NULL)
        *error_line = 0;
      g_set_error_literal (error, XQ_FILE_ERROR, XQ_FILE_ERROR_NOT_XML, _("the file is empty"));
      return NULL;
    }
  if (data[i] == '<')
    return xq_session_read_xml (data, length, cancellable, error_line, error);
  if (length > XQ_SESSION_MAX_BYTES)
    {
      if (error_line != NULL)
        *error_line = 0;
      g_set_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE,
                   /* xgettext cannot expand G_GSIZE_FORMAT: the size is passed as gulong */
                   _("the file is %lu bytes long; a game file is at most %d"),
                   (gulong) length, XQ_SESSION_MAX_BYTES);
      return NULL;
    }
  return xq_session_read_notation (data, (gssize) length, cancellable, error_line, error);
}

/**
 * xq_session_new_from_data:
 * @data: a file's bytes
 * @length: their number
 * @error_line: (out) (optional): the line an error refers to
 * @error: return location for a #GError
 *
 * Reads either format, told apart by the first character that is not white
 * space: a session document starts with '<', notation never does.
 *
 * Returns: (transfer full) (nullable): the session
 */
XqSession *
xq_session_new_from_data (const char  *data,
                          gsize        length,
                          guint       *error_line,
                          GError     **error)
{
  return read_data (data, length, NULL, error_line, error);
}

/* Reads at most one byte more than any session may have, so a huge file is
 * refused without being read into memory. */
static GBytes *
read_capped (GFile         *file,
             char         **out_fingerprint,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GByteArray) buffer = g_byte_array_new ();
  guint8 chunk[65536];

  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;
  info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE, cancellable, NULL);
  if (info != NULL && g_file_info_get_size (info) > XQ_SESSION_MAX_BYTES)
    {
      g_set_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE,
                   /* not G_GOFFSET_FORMAT: xgettext cannot expand it */
                   _("the file is %lu bytes long; a session file is at most %d"),
                   (gulong) g_file_info_get_size (info), XQ_SESSION_MAX_BYTES);
      return NULL;
    }
  for (;;)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), chunk, sizeof chunk, cancellable, error);

      if (n < 0)
        return NULL;
      if (n == 0)
        break;
      g_byte_array_append (buffer, chunk, (guint) n);
      if (buffer->len > XQ_SESSION_MAX_BYTES)
        {
          g_set_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE,
                       _("the file is longer than %d bytes, the most a session file may have"),
                       XQ_SESSION_MAX_BYTES);
          return NULL;
        }
    }
  if (out_fingerprint != NULL)
    *out_fingerprint = xq_file_fingerprint ((const char *) buffer->data, buffer->len);
  return g_byte_array_free_to_bytes (g_steal_pointer (&buffer));
}

/**
 * xq_session_load:
 * @file: a session file or an XQN file
 * @out_fingerprint: (out) (optional): the contents' fingerprint, for a later save
 * @error_line: (out) (optional): the line an error refers to, or 0
 * @cancellable: (nullable): a #GCancellable, looked at while the file is
 *   read, after its parse and every few hundred moves of the validation
 *   and the replay: cancelling stops the work itself
 * @error: return location for a #GError; %G_IO_ERROR_CANCELLED if cancelled
 *
 * Returns: (transfer full) (nullable): the session, the game complete up to
 *   a whole turn
 */
XqSession *
xq_session_load (GFile         *file,
                 char         **out_fingerprint,
                 guint         *error_line,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autofree char *fingerprint = NULL;
  gsize length = 0;
  const char *data;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (error_line != NULL)
    *error_line = 0;
  bytes = read_capped (file, &fingerprint, cancellable, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  session = read_data (data != NULL ? data : "", length, cancellable, error_line, error);
  if (session == NULL || !xq_session_check_complete (session, error_line, error))
    return NULL;
  if (out_fingerprint != NULL)
    *out_fingerprint = g_steal_pointer (&fingerprint);
  return g_steal_pointer (&session);
}

/**
 * xq_session_serialize:
 * @session: a session
 * @file: where it will go; its name chooses the format
 * @error: return location for a #GError
 *
 * Refuses a game too large for the loader: a file Exchequer wrote must open.
 *
 * Returns: (transfer full) (nullable): the bytes to write
 */
GBytes *
xq_session_serialize (XqSession  *session,
                      GFile      *file,
                      GError    **error)
{
  g_autoptr(GBytes) bytes = NULL;

  if (xq_session_file_is_notation (file))
    {
      char *text = xq_session_to_notation (session);

      bytes = g_bytes_new_take (text, strlen (text));
    }
  else
    bytes = xq_session_to_xml (session);
  if (g_bytes_get_size (bytes) > XQ_SESSION_MAX_BYTES)
    {
      g_set_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE,
                   /* xgettext cannot expand G_GSIZE_FORMAT: the size is passed as gulong */
                   _("the game would be a file of %lu bytes, and Exchequer opens files of at most %d bytes"),
                   (gulong) g_bytes_get_size (bytes), XQ_SESSION_MAX_BYTES);
      return NULL;
    }
  return g_steal_pointer (&bytes);
}

/* What a player needs to know: which file, and that the old one is safe. */
static void
explain_save_error (GFile   *file,
                    GError **error)
{
  xq_file_explain_error (file, error);
}

static gboolean
save_bytes (GBytes        *bytes,
            GFile         *file,
            const char    *fingerprint,
            gboolean       make_backup,
            char         **out_fingerprint,
            GCancellable  *cancellable,
            GError       **error)
{
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);

  if (!xq_file_replace (file, data != NULL ? data : "", length, fingerprint, make_backup, out_fingerprint,
                        cancellable, error))
    {
      explain_save_error (file, error);
      return FALSE;
    }
  return TRUE;
}

/**
 * xq_session_save:
 * @session: a session
 * @file: the destination; ".xqn" writes notation, anything else XML
 * @fingerprint: (nullable): the fingerprint from loading or the last save,
 *   to refuse overwriting what another program wrote since
 * @make_backup: keep the previous file as "NAME~"
 * @out_fingerprint: (out) (optional): the new fingerprint; set also when
 *   the save fails with %XQ_FILE_ERROR_NOT_DURABLE (the new file is in place)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Writes a temporary file beside @file and renames it into place: at every
 * moment the file on disk is the old one or the new one, never half of each,
 * and a write that fails leaves the old one as it was.
 *
 * Returns: %TRUE if saved
 */
gboolean
xq_session_save (XqSession     *session,
                 GFile         *file,
                 const char    *fingerprint,
                 gboolean       make_backup,
                 char         **out_fingerprint,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (XQ_IS_SESSION (session), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  bytes = xq_session_serialize (session, file, error);
  if (bytes == NULL)
    {
      explain_save_error (file, error);
      return FALSE;
    }
  return save_bytes (bytes, file, fingerprint, make_backup, out_fingerprint, cancellable, error);
}

typedef struct
{
  GBytes   *bytes;
  GFile    *file;
  char     *fingerprint;
  gboolean  make_backup;
  char     *written;      /* the new fingerprint of a save that is not durable */
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_bytes_unref (data->bytes);
  g_object_unref (data->file);
  g_free (data->fingerprint);
  g_free (data->written);
  g_free (data);
}

static void
save_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  SaveData *data = task_data;
  GError *error = NULL;
  char *fingerprint = NULL;

  if (!save_bytes (data->bytes, data->file, data->fingerprint, data->make_backup, &fingerprint, cancellable, &error))
    {
      /* In place but not durable: the caller's next save compares with it. */
      data->written = fingerprint;
      g_task_return_error (task, error);
    }
  else
    g_task_return_pointer (task, fingerprint, g_free);
}

/* The document is made now, on the caller's thread, so the session may change
 * while the bytes are written; the disk work (reading the old file for its
 * fingerprint, the backup, writing, fsync, rename) happens on a worker. */
void
xq_session_save_async (XqSession           *session,
                       GFile               *file,
                       const char          *fingerprint,
                       gboolean             make_backup,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GError *error = NULL;
  SaveData *data;

  g_return_if_fail (XQ_IS_SESSION (session));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (session, cancellable, callback, user_data);
  g_task_set_source_tag (task, xq_session_save_async);
  bytes = xq_session_serialize (session, file, &error);
  if (bytes == NULL)
    {
      explain_save_error (file, &error);
      g_task_return_error (task, error);
      return;
    }
  data = g_new0 (SaveData, 1);
  data->bytes = g_steal_pointer (&bytes);
  data->file = g_object_ref (file);
  data->fingerprint = g_strdup (fingerprint);
  data->make_backup = make_backup;
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);
  g_task_run_in_thread (task, save_in_thread);
}

/* @out_fingerprint is set as xq_session_save() sets it, also on
 * %XQ_FILE_ERROR_NOT_DURABLE. */
gboolean
xq_session_save_finish (XqSession     *session,
                        GAsyncResult  *result,
                        char         **out_fingerprint,
                        GError       **error)
{
  char *fingerprint;

  g_return_val_if_fail (g_task_is_valid (result, session), FALSE);

  fingerprint = g_task_propagate_pointer (G_TASK (result), error);
  if (fingerprint == NULL)
    {
      SaveData *data = g_task_get_task_data (G_TASK (result));

      if (out_fingerprint != NULL && data != NULL && data->written != NULL)
        *out_fingerprint = g_strdup (data->written);
      return FALSE;
    }
  if (out_fingerprint != NULL)
    *out_fingerprint = fingerprint;
  else
    g_free (fingerprint);
  return TRUE;
}
