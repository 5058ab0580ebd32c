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
#include "xq-error.h"
#include "xq-session-file.h"
#include "xq-session-xml.h"

#define JOURNAL_SUFFIX ".exchequer"
#define INFO_SUFFIX ".source"

/* Journal writes happen on one worker thread, in the order they were asked
 * for: fsync takes milliseconds, far more than a frame allows. */
static GThreadPool *writer;

struct _XqAutosave
{
  GObject    parent_instance;

  XqSession *session;   /* weak: the journal ends with its session */
  char      *id;
  char      *path;
  char      *info_path;
  char      *source_uri;          /* the session's own file, if it has one */
  char      *source_fingerprint;  /* what that file held when read or written */
  gboolean   discarded;
  guint      idle_id;   /* one write for every change of one main-loop turn */

  /* Shared with the writer thread. */
  GMutex     lock;
  GCond      written;
  gboolean   busy;      /* a write is on its way to disk */
  GError    *error;     /* the last write's failure, until someone takes it */
};

G_DEFINE_FINAL_TYPE (XqAutosave, xq_autosave, G_TYPE_OBJECT)

typedef struct
{
  XqAutosave      *self;       /* not a reference: the journal waits for its writes before it goes */
  XqSessionRecord *record;     /* made a document on the worker: that takes milliseconds */
  char            *path;
  char            *info_path;
  char            *info;       /* NULL: the session has no file of its own */
} JournalWrite;

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

/* The journal and, first, where its session lives: a recovered game keeps its
 * file and knows what that file held. */
static gboolean
write_journal (const JournalWrite  *w,
               GError             **error)
{
  g_autofree char *dir = g_path_get_dirname (w->path);
  g_autoptr(GBytes) bytes = xq_session_record_to_xml (w->record);
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);

  /* A journal the loader could not read back would lose the game at the
   * next start: the last one it can read stays, and the player is told. */
  if (length > XQ_SESSION_MAX_BYTES)
    {
      g_set_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE,
                   /* xgettext cannot expand G_GSIZE_FORMAT: the size is passed as gulong */
                   _("the game would be a file of %lu bytes, and Exchequer opens files of at most %d bytes"),
                   (gulong) length, XQ_SESSION_MAX_BYTES);
      return FALSE;
    }
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("the autosave folder %s cannot be created: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }
  if (w->info == NULL)
    g_unlink (w->info_path);
  else if (!g_file_set_contents_full (w->info_path, w->info, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error))
    return FALSE;
  return g_file_set_contents_full (w->path, data, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0600, error);
}

static void
journal_write_free (JournalWrite *w)
{
  xq_session_record_free (w->record);
  g_free (w->path);
  g_free (w->info_path);
  g_free (w->info);
  g_free (w);
}

typedef struct
{
  GWeakRef  journal;
  char     *message;
} Failure;

static void
failure_free (Failure *f)
{
  g_weak_ref_clear (&f->journal);
  g_free (f->message);
  g_free (f);
}

/* On the main thread: a failure nobody took with xq_autosave_wait() is said. */
static gboolean
report_failure (gpointer user_data)
{
  Failure *f = user_data;
  g_autoptr(XqAutosave) self = g_weak_ref_get (&f->journal);
  gboolean taken = FALSE;

  if (self != NULL)
    {
      g_mutex_lock (&self->lock);
      taken = self->error == NULL;
      g_mutex_unlock (&self->lock);
    }
  if (!taken)
    g_warning ("%s", f->message);
  return G_SOURCE_REMOVE;
}

static void
write_in_worker (gpointer data,
                 gpointer unused)
{
  JournalWrite *w = data;
  XqAutosave *self = w->self;
  GError *error = NULL;
  gboolean ok = write_journal (w, &error);

  g_mutex_lock (&self->lock);
  if (!ok)
    {
      Failure *f = g_new0 (Failure, 1);

      g_weak_ref_init (&f->journal, self);
      f->message = g_strdup_printf ("Could not write the autosave journal %s: %s", w->path, error->message);
      g_idle_add_full (G_PRIORITY_DEFAULT, report_failure, f, (GDestroyNotify) failure_free);
      g_clear_error (&self->error);
      self->error = error;
    }
  self->busy = FALSE;
  g_cond_broadcast (&self->written);
  g_mutex_unlock (&self->lock);
  journal_write_free (w);
}

/* Returns once no write is on its way: then at most the newest change is
 * not on disk, never two. */
static void
wait_for_writer (XqAutosave *self)
{
  g_mutex_lock (&self->lock);
  while (self->busy)
    g_cond_wait (&self->written, &self->lock);
  g_mutex_unlock (&self->lock);
}

/* Only whole turns are journalled: a spot transaction waits for its action,
 * so a journal always loads, and a crash loses at most the turn being typed. */
static JournalWrite *
prepare_write (XqAutosave *self)
{
  JournalWrite *w;

  if (self->session == NULL || self->discarded || !xq_session_check_complete (self->session, NULL, NULL))
    return NULL;
  w = g_new0 (JournalWrite, 1);
  w->self = self;
  w->record = xq_session_record_new (self->session);
  w->path = g_strdup (self->path);
  w->info_path = g_strdup (self->info_path);
  if (self->source_uri != NULL)
    w->info = g_strdup_printf ("%s\n%s\n", self->source_uri,
                               self->source_fingerprint != NULL ? self->source_fingerprint : "");
  return w;
}

static gboolean
write_soon (gpointer user_data)
{
  XqAutosave *self = user_data;
  JournalWrite *w;

  self->idle_id = 0;
  w = prepare_write (self);
  if (w == NULL)
    return G_SOURCE_REMOVE;
  wait_for_writer (self);
  g_mutex_lock (&self->lock);
  self->busy = TRUE;
  g_mutex_unlock (&self->lock);
  g_thread_pool_push (writer, w, NULL);
  return G_SOURCE_REMOVE;
}

/* Every change of one main-loop turn (a turn undone is two moves, a note
 * several fields) becomes one write, after the frame that shows it. */
static void
session_changed (XqAutosave *self)
{
  if (self->idle_id == 0 && !self->discarded)
    self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, write_soon, self, NULL);
}

static void
xq_autosave_dispose (GObject *object)
{
  XqAutosave *self = XQ_AUTOSAVE (object);

  /* The last changes reach the disk before the journal lets go. */
  if (self->idle_id != 0)
    {
      g_clear_handle_id (&self->idle_id, g_source_remove);
      xq_autosave_flush (self, NULL);
    }
  wait_for_writer (self);
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
  g_clear_pointer (&self->info_path, g_free);
  g_clear_pointer (&self->source_uri, g_free);
  g_clear_pointer (&self->source_fingerprint, g_free);
  g_clear_error (&self->error);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->written);
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
  g_mutex_init (&self->lock);
  g_cond_init (&self->written);
}

/**
 * xq_autosave_new:
 * @session: the session to journal
 * @source: (nullable): the file it was opened from or saved to
 * @source_fingerprint: (nullable): what that file held (xq_file_fingerprint())
 *
 * Starts a journal, written soon after it starts and after every move, undo,
 * redo and note, on a worker thread.
 *
 * Returns: (transfer full): the journal
 */
XqAutosave *
xq_autosave_new (XqSession  *session,
                 GFile      *source,
                 const char *source_fingerprint)
{
  static gsize writer_made;
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *name = NULL;
  XqAutosave *self;

  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);

  if (g_once_init_enter (&writer_made))
    {
      writer = g_thread_pool_new (write_in_worker, NULL, 1, FALSE, NULL);
      g_once_init_leave (&writer_made, 1);
    }

  self = g_object_new (XQ_TYPE_AUTOSAVE, NULL);
  self->session = session;
  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *) &self->session);
  self->id = g_uuid_string_random ();
  set_live (self->id, TRUE);
  name = g_strconcat (self->id, JOURNAL_SUFFIX, NULL);
  self->path = g_build_filename (dir, name, NULL);
  self->info_path = info_path (dir, self->id);

  /* One write per change: n-moves covers play, undo and redo. */
  g_signal_connect_swapped (session, "notify::n-moves", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "notify::date", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "notify::place", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "notify::comment", G_CALLBACK (session_changed), self);
  xq_autosave_set_source (self, source, source_fingerprint);
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

/**
 * xq_autosave_set_source:
 * @self: a journal
 * @source: (nullable): the session's file
 * @fingerprint: (nullable): what that file holds
 *
 * Where the session lives, so recovery can offer it under its own name and
 * save it back to its file, refusing if someone changed the file since.
 */
void
xq_autosave_set_source (XqAutosave *self,
                        GFile      *source,
                        const char *fingerprint)
{
  g_return_if_fail (XQ_IS_AUTOSAVE (self));

  g_free (self->source_uri);
  self->source_uri = source != NULL ? g_file_get_uri (source) : NULL;
  g_free (self->source_fingerprint);
  self->source_fingerprint = g_strdup (fingerprint);
  session_changed (self);
}

/**
 * xq_autosave_wait:
 * @self: a journal
 * @error: return location for the last write's failure
 *
 * Writes what changed and returns once it is on disk: for those who must
 * know (a test, a program about to exit).
 *
 * Returns: %TRUE if the journal holds the session as it is
 */
gboolean
xq_autosave_wait (XqAutosave  *self,
                  GError     **error)
{
  g_return_val_if_fail (XQ_IS_AUTOSAVE (self), FALSE);

  if (self->idle_id != 0)
    {
      g_clear_handle_id (&self->idle_id, g_source_remove);
      write_soon (self);
    }
  wait_for_writer (self);
  g_mutex_lock (&self->lock);
  if (self->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self->error));
      g_mutex_unlock (&self->lock);
      return FALSE;
    }
  g_mutex_unlock (&self->lock);
  return TRUE;
}

/**
 * xq_autosave_flush:
 * @self: a journal
 * @error: return location for a #GError
 *
 * Writes the whole session to the journal now, on this thread, durably: a
 * temporary file synced to disk and renamed over the old journal.
 *
 * Returns: %TRUE if the journal is on disk
 */
gboolean
xq_autosave_flush (XqAutosave  *self,
                   GError     **error)
{
  JournalWrite *w;
  gboolean ok;

  g_return_val_if_fail (XQ_IS_AUTOSAVE (self), FALSE);

  w = prepare_write (self);
  if (w == NULL)
    return TRUE;
  wait_for_writer (self);
  ok = write_journal (w, error);
  journal_write_free (w);
  return ok;
}

/* The session was saved or deliberately closed: nothing left to recover. */
void
xq_autosave_discard (XqAutosave *self)
{
  g_return_if_fail (XQ_IS_AUTOSAVE (self));

  self->discarded = TRUE;
  g_clear_handle_id (&self->idle_id, g_source_remove);
  /* A write still on its way would bring the journal back. */
  wait_for_writer (self);
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
  g_free (recoverable->source_fingerprint);
  g_free (recoverable->game);
  g_free (recoverable);
}

/* "URI\nFINGERPRINT\n"; journals of older versions hold the URI alone. */
static void
read_source (const char    *path,
             XqRecoverable *r)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return;
  lines = g_strsplit (text, "\n", 3);
  if (lines[0] == NULL || lines[0][0] == '\0')
    return;
  r->source_uri = g_strdup (lines[0]);
  if (lines[1] != NULL && lines[1][0] != '\0')
    r->source_fingerprint = g_strdup (lines[1]);
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
      read_source (info, r);
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
