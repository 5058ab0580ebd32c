/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Keeps a journal of an open session in $XDG_STATE_HOME/exchequer/autosave, so
 * a crash or a killed process loses at most the move being typed. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "xq-autosave.h"
#include "xq-session-file.h"
#include "xq-session-xml.h"

#define JOURNAL_SUFFIX ".exchequer"
#define INFO_SUFFIX ".source"

struct _XqAutosave
{
  GObject    parent_instance;

  XqSession *session;   /* weak: the journal ends with its session */
  char      *id;
  char      *path;
  gboolean   discarded;
};

G_DEFINE_FINAL_TYPE (XqAutosave, xq_autosave, G_TYPE_OBJECT)

/* Journals of sessions open in this process: not something to recover. */
static GHashTable *live_ids;
G_LOCK_DEFINE_STATIC (live_ids);

static void
set_live (const char *id,
          gboolean    live)
{
  G_LOCK (live_ids);
  if (live_ids == NULL)
    live_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (live)
    g_hash_table_add (live_ids, g_strdup (id));
  else
    g_hash_table_remove (live_ids, id);
  G_UNLOCK (live_ids);
}

/**
 * xq_autosave_is_live:
 * @id: a journal's id
 *
 * Returns: %TRUE if the journal belongs to a session open in this process,
 *   which a recovery offer must leave out
 */
gboolean
xq_autosave_is_live (const char *id)
{
  gboolean live;

  G_LOCK (live_ids);
  live = live_ids != NULL && g_hash_table_contains (live_ids, id);
  G_UNLOCK (live_ids);
  return live;
}

/**
 * xq_autosave_get_dir:
 *
 * Returns: (transfer full): the folder holding the journals
 */
char *
xq_autosave_get_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "exchequer", "autosave", NULL);
}

static char *
info_path (const char *dir,
           const char *id)
{
  g_autofree char *name = g_strconcat (id, INFO_SUFFIX, NULL);

  return g_build_filename (dir, name, NULL);
}

static void
session_changed (XqAutosave *self)
{
  g_autoptr(GError) error = NULL;

  if (!xq_autosave_flush (self, &error))
    g_warning ("Could not write the autosave journal %s: %s", self->path, error->message);
}

static void
xq_autosave_dispose (GObject *object)
{
  XqAutosave *self = XQ_AUTOSAVE (object);

  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      g_object_remove_weak_pointer (G_OBJECT (self->session), (gpointer *) &self->session);
      self->session = NULL;
    }
  G_OBJECT_CLASS (xq_autosave_parent_class)->dispose (object);
}

static void
xq_autosave_finalize (GObject *object)
{
  XqAutosave *self = XQ_AUTOSAVE (object);

  if (self->id != NULL)
    set_live (self->id, FALSE);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->path, g_free);
  G_OBJECT_CLASS (xq_autosave_parent_class)->finalize (object);
}

static void
xq_autosave_class_init (XqAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = xq_autosave_dispose;
  object_class->finalize = xq_autosave_finalize;
}

static void
xq_autosave_init (XqAutosave *self)
{
}

/**
 * xq_autosave_new:
 * @session: the session to journal
 * @source: (nullable): the file it was opened from or saved to
 *
 * Starts a journal, written now and after every move, undo, redo and note.
 *
 * Returns: (transfer full): the journal
 */
XqAutosave *
xq_autosave_new (XqSession *session,
                 GFile     *source)
{
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *name = NULL;
  XqAutosave *self;

  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);

  self = g_object_new (XQ_TYPE_AUTOSAVE, NULL);
  self->session = session;
  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *) &self->session);
  self->id = g_uuid_string_random ();
  set_live (self->id, TRUE);
  name = g_strconcat (self->id, JOURNAL_SUFFIX, NULL);
  self->path = g_build_filename (dir, name, NULL);

  /* One write per change: n-moves covers play, undo and redo. */
  g_signal_connect_swapped (session, "notify::n-moves", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "notify::date", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "notify::place", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "notify::comment", G_CALLBACK (session_changed), self);
  xq_autosave_set_source (self, source);
  session_changed (self);
  return self;
}

const char *
xq_autosave_get_id (XqAutosave *self)
{
  g_return_val_if_fail (XQ_IS_AUTOSAVE (self), NULL);

  return self->id;
}

const char *
xq_autosave_get_path (XqAutosave *self)
{
  g_return_val_if_fail (XQ_IS_AUTOSAVE (self), NULL);

  return self->path;
}

/* Where the session lives, so recovery can offer it under its own name. */
void
xq_autosave_set_source (XqAutosave *self,
                        GFile      *source)
{
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *path = info_path (dir, self->id);
  g_autofree char *uri = source != NULL ? g_file_get_uri (source) : NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (XQ_IS_AUTOSAVE (self));

  if (g_mkdir_with_parents (dir, 0700) != 0)
    return;
  if (uri == NULL)
    g_unlink (path);
  else if (!g_file_set_contents_full (path, uri, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_warning ("Could not write %s: %s", path, error->message);
}

/**
 * xq_autosave_flush:
 * @self: a journal
 * @error: return location for a #GError
 *
 * Writes the whole session to the journal, durably: a temporary file synced
 * to disk and renamed over the old journal.
 *
 * Returns: %TRUE if the journal is on disk
 */
gboolean
xq_autosave_flush (XqAutosave  *self,
                   GError     **error)
{
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autoptr(GBytes) bytes = NULL;
  gsize length = 0;
  const char *data;

  g_return_val_if_fail (XQ_IS_AUTOSAVE (self), FALSE);

  /* Only whole turns are journalled: a spot transaction waits for its action,
   * so a journal always loads, and a crash loses at most the turn being typed. */
  if (self->session == NULL || self->discarded || !xq_session_check_complete (self->session, NULL, NULL))
    return TRUE;
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("the autosave folder %s cannot be created: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }
  bytes = xq_session_to_xml (self->session);
  data = g_bytes_get_data (bytes, &length);
  return g_file_set_contents_full (self->path, data, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0600, error);
}

/* The session was saved or deliberately closed: nothing left to recover. */
void
xq_autosave_discard (XqAutosave *self)
{
  g_return_if_fail (XQ_IS_AUTOSAVE (self));

  self->discarded = TRUE;
  xq_autosave_remove (self->id, NULL);
}

void
xq_recoverable_free (XqRecoverable *recoverable)
{
  if (recoverable == NULL)
    return;
  g_free (recoverable->id);
  g_free (recoverable->path);
  g_free (recoverable->source_uri);
  g_free (recoverable->game);
  g_free (recoverable);
}

static gboolean
is_journal_id (const char *id)
{
  return g_uuid_string_is_valid (id);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  const XqRecoverable *ra = *(XqRecoverable * const *) a;
  const XqRecoverable *rb = *(XqRecoverable * const *) b;

  return (ra->modified < rb->modified) - (ra->modified > rb->modified);
}

/**
 * xq_autosave_list_recoverable:
 * @error: return location for a #GError
 *
 * Lists the journals on disk, newest first. A journal
 * that does not load (a crash can happen before the first flush) is skipped.
 *
 * Returns: (transfer full) (element-type XqRecoverable): the journals
 */
GPtrArray *
xq_autosave_list_recoverable (GError **error)
{
  g_autofree char *dir_path = xq_autosave_get_dir ();
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_recoverable_free);
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *name;

  dir = g_dir_open (dir_path, 0, &local_error);
  if (dir == NULL)
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&list);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *id = NULL;
      g_autofree char *info = NULL;
      g_autoptr(GFile) file = NULL;
      g_autoptr(XqSession) session = NULL;
      g_autoptr(GFileInfo) file_info = NULL;
      XqRecoverable *r;

      if (!g_str_has_suffix (name, JOURNAL_SUFFIX))
        continue;
      id = g_strndup (name, strlen (name) - strlen (JOURNAL_SUFFIX));
      if (!is_journal_id (id))
        continue;
      file = g_file_new_build_filename (dir_path, name, NULL);
      session = xq_session_load (file, NULL, NULL, NULL, NULL);
      if (session == NULL)
        continue;
      file_info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE, NULL, NULL);

      r = g_new0 (XqRecoverable, 1);
      r->id = g_steal_pointer (&id);
      r->path = g_file_get_path (file);
      info = info_path (dir_path, r->id);
      g_file_get_contents (info, &r->source_uri, NULL, NULL);
      r->game = g_strdup (xq_session_get_game (session)->id);
      r->n_moves = xq_session_get_n_moves (session);
      r->modified = file_info != NULL
                    ? (gint64) g_file_info_get_attribute_uint64 (file_info, G_FILE_ATTRIBUTE_TIME_MODIFIED)
                    : 0;
      g_ptr_array_add (list, r);
    }
  g_ptr_array_sort (list, newest_first);
  return g_steal_pointer (&list);
}

/* A process killed inside g_file_set_contents leaves "ID.exchequer.XXXXXX"
 * behind; it goes with its journal. */
static void
remove_leftovers (const char *dir_path,
                  const char *journal_name)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autofree char *prefix = g_strconcat (journal_name, ".", NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_has_prefix (name, prefix))
        {
          g_autofree char *path = g_build_filename (dir_path, name, NULL);

          g_unlink (path);
        }
    }
}

/**
 * xq_autosave_remove:
 * @id: a journal's id
 * @error: return location for a #GError
 *
 * Returns: %TRUE if the journal is gone
 */
gboolean
xq_autosave_remove (const char  *id,
                    GError     **error)
{
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *name = NULL;
  g_autofree char *journal = NULL;
  g_autofree char *info = NULL;

  g_return_val_if_fail (id != NULL, FALSE);

  if (!is_journal_id (id))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, _("no autosaved session has the id “%s”"), id);
      return FALSE;
    }
  name = g_strconcat (id, JOURNAL_SUFFIX, NULL);
  journal = g_build_filename (dir, name, NULL);
  info = info_path (dir, id);
  g_unlink (info);
  remove_leftovers (dir, name);
  if (g_unlink (journal) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("the autosaved session %s cannot be removed: %s"), journal, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}
