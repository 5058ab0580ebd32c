/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Keeps a journal of an open session in $XDG_STATE_HOME/exchequer/autosave, so
 * a crash or a killed process loses at most the move being typed. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "xq-autosave.h"
#include "xq-error.h"
#include "xq-file-replace.h"
#include "xq-session-file.h"
#include "xq-session-xml.h"

#define JOURNAL_SUFFIX ".exchequer"
#define INFO_SUFFIX ".source"
/* Beside each journal, a record of the newest change and of the newest one
 * the journal holds, rewritten in place: its one block is allocated when the
 * journal starts, so it can still be written when the disk has filled up and
 * the journal cannot, and a journal that fell behind says so after a crash. */
#define STATUS_SUFFIX ".status"
#define STATUS_SIZE 64

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
  char      *status_path;
  gboolean   discarded;
  guint      idle_id;   /* one write for every change of one main-loop turn */
  guint      change;    /* how many changes were handed to the writer */
  char      *problem;   /* why the journal is not being written; NULL while it is */

  /* The writer's own: used by one write at a time. */
  int        status_fd;       /* the status record, or -1 */
  guint      written_change;  /* the newest change the journal holds */
  guint      written_moves;

  /* Shared with the writer thread. */
  GMutex     lock;
  GCond      written;
  gboolean   busy;      /* a write is on its way to disk */
  GError    *error;     /* the last write's failure, until someone takes it */
  char      *posted_problem;  /* the problem last sent to the main thread */
};

G_DEFINE_FINAL_TYPE (XqAutosave, xq_autosave, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PROBLEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  XqAutosave      *self;       /* not a reference: the journal waits for its writes before it goes */
  XqSessionRecord *record;     /* made a document on the worker: that takes milliseconds */
  char            *path;
  char            *info_path;
  char            *info;       /* NULL: the session has no file of its own */
  guint            change;     /* which change of the session this is */
  guint            n_moves;
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
sibling_path (const char *dir,
              const char *id,
              const char *suffix)
{
  g_autofree char *name = g_strconcat (id, suffix, NULL);

  return g_build_filename (dir, name, NULL);
}

static char *
info_path (const char *dir,
           const char *id)
{
  return sibling_path (dir, id, INFO_SUFFIX);
}

/* The status record: "exchequer-journal 1 CHANGE MOVES WRITTEN-CHANGE
 * WRITTEN-MOVES", padded to its fixed size. Written with pwrite into the
 * block allocated when the journal started; a failure to write it costs
 * only what recovery can say, never the journal. */
static void
write_status (XqAutosave *self,
              guint       change,
              guint       moves)
{
  char line[STATUS_SIZE];
  int length;

  if (self->status_fd < 0)
    {
      g_autofree char *dir = g_path_get_dirname (self->status_path);

      if (g_mkdir_with_parents (dir, 0700) != 0)
        return;
      self->status_fd = g_open (self->status_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
      if (self->status_fd < 0)
        return;
      /* Its block now, while there is room: later writes only overwrite it. */
      if (posix_fallocate (self->status_fd, 0, STATUS_SIZE) != 0)
        {
          g_close (self->status_fd, NULL);
          self->status_fd = -1;
          return;
        }
    }
  memset (line, ' ', sizeof line);
  length = g_snprintf (line, sizeof line, "exchequer-journal 1 %u %u %u %u",
                       change, moves, self->written_change, self->written_moves);
  line[MIN (length, STATUS_SIZE - 1)] = ' ';
  line[STATUS_SIZE - 1] = '\n';
  if (pwrite (self->status_fd, line, sizeof line, 0) != (ssize_t) sizeof line)
    g_debug ("The autosave status %s was not written: %s", self->status_path, g_strerror (errno));
}

static void
close_status (XqAutosave *self)
{
  if (self->status_fd >= 0)
    g_close (self->status_fd, NULL);
  self->status_fd = -1;
}

typedef struct
{
  guint change, moves;
  guint written_change, written_moves;
} JournalStatus;

static gboolean
read_status (const char    *path,
             JournalStatus *status)
{
  g_autofree char *text = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &text, &length, NULL) || length != STATUS_SIZE)
    return FALSE;
  return sscanf (text, "exchequer-journal 1 %u %u %u %u", &status->change, &status->moves,
                 &status->written_change, &status->written_moves) == 4;
}

/* The sentence of the autosave banner: why the journal cannot be written,
 * in the player's words rather than the temporary file's name. */
static char *
describe_failure (const GError *error,
                  const char   *dir)
{
  if (error->domain == G_FILE_ERROR)
    switch (error->code)
      {
      case G_FILE_ERROR_NOSPC:
        return g_strdup (_("the disk is full"));
      case G_FILE_ERROR_ACCES:
      case G_FILE_ERROR_PERM:
        return g_strdup_printf (_("Exchequer may not write to %s"), dir);
      case G_FILE_ERROR_IO:
        return g_strdup_printf (_("the disk holding %s reports an error"), dir);
      case G_FILE_ERROR_NOENT:
      case G_FILE_ERROR_NOTDIR:
        return g_strdup_printf (_("the folder %s cannot be made"), dir);
      default:
        break;
      }
  return g_strdup (error->message);
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
  if (!g_file_set_contents_full (w->path, data, (gssize) length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0600, error))
    return FALSE;
  /* The rename is an entry in the folder: on the disk only once the folder is. */
  return xq_file_sync_folder (w->path, error);
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

/* A change of the journal's health, carried to the main thread. */
typedef struct
{
  GWeakRef  journal;
  char     *problem;
} ProblemNote;

static void
problem_note_free (ProblemNote *note)
{
  g_weak_ref_clear (&note->journal);
  g_free (note->problem);
  g_free (note);
}

static gboolean
deliver_problem (gpointer user_data)
{
  ProblemNote *note = user_data;
  g_autoptr(XqAutosave) self = g_weak_ref_get (&note->journal);

  if (self != NULL && g_strcmp0 (self->problem, note->problem) != 0)
    {
      g_free (self->problem);
      self->problem = g_strdup (note->problem);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROBLEM]);
    }
  return G_SOURCE_REMOVE;
}

/* With the lock held: tells the main thread when the journal starts or
 * stops failing, once per change of state. */
static void
post_problem (XqAutosave *self,
              const char *problem)
{
  ProblemNote *note;

  if (g_strcmp0 (self->posted_problem, problem) == 0)
    return;
  g_free (self->posted_problem);
  self->posted_problem = g_strdup (problem);
  note = g_new0 (ProblemNote, 1);
  g_weak_ref_init (&note->journal, self);
  note->problem = g_strdup (problem);
  g_idle_add_full (G_PRIORITY_DEFAULT, deliver_problem, note, (GDestroyNotify) problem_note_free);
}

/* One write, in the order that keeps recovery honest: the status first says
 * which change is on its way, then the journal is replaced whole (temporary
 * file, fsync, rename), then the status says the journal holds it. A crash
 * or a full disk anywhere in between leaves the last whole journal and a
 * status that tells recovery it is behind. */
static gboolean
write_once (XqAutosave         *self,
            const JournalWrite *w,
            GError            **error)
{
  write_status (self, w->change, w->n_moves);
  if (!write_journal (w, error))
    return FALSE;
  self->written_change = w->change;
  self->written_moves = w->n_moves;
  write_status (self, w->change, w->n_moves);
  return TRUE;
}

static void
write_in_worker (gpointer data,
                 gpointer unused)
{
  JournalWrite *w = data;
  XqAutosave *self = w->self;
  GError *error = NULL;
  gboolean ok = write_once (self, w, &error);
  g_autofree char *problem = NULL;

  if (!ok)
    {
      g_autofree char *dir = g_path_get_dirname (w->path);

      problem = describe_failure (error, dir);
    }
  g_mutex_lock (&self->lock);
  if (!ok)
    {
      g_clear_error (&self->error);
      self->error = error;
    }
  post_problem (self, problem);
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
  w->change = ++self->change;
  w->n_moves = xq_session_get_n_moves (self->session);
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
  g_clear_pointer (&self->status_path, g_free);
  g_clear_pointer (&self->problem, g_free);
  g_clear_pointer (&self->posted_problem, g_free);
  close_status (self);
  g_clear_error (&self->error);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->written);
  G_OBJECT_CLASS (xq_autosave_parent_class)->finalize (object);
}

static void
xq_autosave_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  XqAutosave *self = XQ_AUTOSAVE (object);

  switch (prop_id)
    {
    case PROP_PROBLEM:
      g_value_set_string (value, self->problem);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_autosave_class_init (XqAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = xq_autosave_dispose;
  object_class->finalize = xq_autosave_finalize;
  object_class->get_property = xq_autosave_get_property;

  /**
   * XqAutosave:problem:
   *
   * Why the journal is not being written (“the disk is full”), while its
   * writes fail; %NULL while they succeed. Notified on the main thread.
   */
  properties[PROP_PROBLEM] =
    g_param_spec_string ("problem", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
xq_autosave_init (XqAutosave *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->written);
  self->status_fd = -1;
}

static XqAutosave *
autosave_new (XqSession  *session,
              char       *id,
              GFile      *source,
              const char *source_fingerprint)
{
  static gsize writer_made;
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *name = NULL;
  XqAutosave *self;

  if (g_once_init_enter (&writer_made))
    {
      writer = g_thread_pool_new (write_in_worker, NULL, 1, FALSE, NULL);
      g_once_init_leave (&writer_made, 1);
    }

  self = g_object_new (XQ_TYPE_AUTOSAVE, NULL);
  self->session = session;
  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *) &self->session);
  self->id = id;
  set_live (self->id, TRUE);
  name = g_strconcat (self->id, JOURNAL_SUFFIX, NULL);
  self->path = g_build_filename (dir, name, NULL);
  self->info_path = info_path (dir, self->id);
  self->status_path = sibling_path (dir, self->id, STATUS_SUFFIX);

  /* One write per change: n-moves covers play, undo and redo. */
  g_signal_connect_swapped (session, "notify::n-moves", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "notify::date", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "notify::place", G_CALLBACK (session_changed), self);
  g_signal_connect_swapped (session, "notify::comment", G_CALLBACK (session_changed), self);
  xq_autosave_set_source (self, source, source_fingerprint);
  return self;
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
  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);

  return autosave_new (session, g_uuid_string_random (), source, source_fingerprint);
}

/**
 * xq_autosave_new_continuing:
 * @session: a session restored from the journal @id
 * @id: the journal it was restored from
 * @source: (nullable): the file it belongs to
 * @source_fingerprint: (nullable): what that file held
 *
 * Journals a restored session in the journal it came from. Each write
 * replaces that journal whole (a temporary file synced and renamed over it),
 * so from the click on Restore to the restored session's first write and
 * after it, a crash always leaves a journal holding every move offered: the
 * old one until the rename, the new one from then on. Nothing is removed.
 *
 * Returns: (transfer full): the journal
 */
XqAutosave *
xq_autosave_new_continuing (XqSession  *session,
                            const char *id,
                            GFile      *source,
                            const char *source_fingerprint)
{
  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);
  g_return_val_if_fail (id != NULL && g_uuid_string_is_valid (id), NULL);

  return autosave_new (session, g_strdup (id), source, source_fingerprint);
}

/**
 * xq_autosave_get_problem:
 * @self: a journal
 *
 * Returns: (nullable): why the journal's writes fail, while they do
 */
const char *
xq_autosave_get_problem (XqAutosave *self)
{
  g_return_val_if_fail (XQ_IS_AUTOSAVE (self), NULL);

  return self->problem;
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
  ok = write_once (self, w, error);
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
  close_status (self);
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
  g_free (recoverable->problem);
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

/* The file the journal belongs to was saved after the journal's last write,
 * with more moves: restoring the journal would go back in the game. Read
 * only when the file no longer holds what the journal says it held. */
static void
compare_with_source (XqRecoverable *r,
                     GCancellable  *cancellable)
{
  g_autoptr(GFile) source = NULL;
  g_autoptr(XqSession) saved = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *fingerprint = NULL;
  gsize length = 0;

  if (r->source_uri == NULL)
    return;
  source = g_file_new_for_uri (r->source_uri);
  if (!g_file_load_contents (source, cancellable, &contents, &length, NULL, NULL))
    return;
  fingerprint = xq_file_fingerprint (contents, length);
  if (g_strcmp0 (fingerprint, r->source_fingerprint) == 0)
    return;
  saved = xq_session_new_from_data (contents, length, NULL, NULL);
  if (saved != NULL && xq_session_get_n_moves (saved) > r->n_moves)
    {
      r->state = XQ_RECOVERABLE_BEHIND_FILE;
      r->file_moves = xq_session_get_n_moves (saved);
    }
}

/* Reads one journal and what lies beside it. A journal that does not load
 * is still returned, UNREADABLE with the loader's reason: the player is told
 * of it rather than left to believe nothing was kept. */
static XqRecoverable *
read_recoverable (const char    *dir_path,
                  const char    *id,
                  XqSession    **out_session,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autofree char *name = g_strconcat (id, JOURNAL_SUFFIX, NULL);
  g_autoptr(GFile) file = g_file_new_build_filename (dir_path, name, NULL);
  g_autofree char *info = info_path (dir_path, id);
  g_autofree char *status_path = sibling_path (dir_path, id, STATUS_SUFFIX);
  g_autoptr(GFileInfo) file_info = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GError) load_error = NULL;
  XqRecoverable *r;
  JournalStatus status;

  session = xq_session_load (file, NULL, NULL, cancellable, &load_error);
  if (g_error_matches (load_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&load_error));
      return NULL;
    }
  file_info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  r = g_new0 (XqRecoverable, 1);
  r->id = g_strdup (id);
  r->path = g_file_get_path (file);
  r->modified = file_info != NULL
                ? (gint64) g_file_info_get_attribute_uint64 (file_info, G_FILE_ATTRIBUTE_TIME_MODIFIED)
                : 0;
  read_source (info, r);
  if (session == NULL)
    {
      r->state = XQ_RECOVERABLE_UNREADABLE;
      r->problem = g_strdup (load_error->message);
      return r;
    }
  r->game = g_strdup (xq_session_get_game (session)->id);
  r->n_moves = xq_session_get_n_moves (session);
  if (read_status (status_path, &status) && status.change != status.written_change
      && status.moves != r->n_moves)
    {
      r->state = XQ_RECOVERABLE_INCOMPLETE;
      r->session_moves = status.moves;
    }
  else
    compare_with_source (r, cancellable);
  if (out_session != NULL)
    *out_session = g_steal_pointer (&session);
  return r;
}

static GPtrArray *
list_recoverable (GCancellable  *cancellable,
                  GError       **error)
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
      XqRecoverable *r;

      if (!g_str_has_suffix (name, JOURNAL_SUFFIX))
        continue;
      id = g_strndup (name, strlen (name) - strlen (JOURNAL_SUFFIX));
      if (!is_journal_id (id))
        continue;
      r = read_recoverable (dir_path, id, NULL, cancellable, error);
      if (r == NULL)
        return NULL;
      g_ptr_array_add (list, r);
    }
  g_ptr_array_sort (list, newest_first);
  return g_steal_pointer (&list);
}

/**
 * xq_autosave_list_recoverable:
 * @error: return location for a #GError
 *
 * Lists the journals on disk, newest first, each with what it says of
 * itself: whole, incomplete (its last writes failed), behind the file it
 * belongs to, or unreadable and why.
 *
 * Returns: (transfer full) (element-type XqRecoverable): the journals
 */
GPtrArray *
xq_autosave_list_recoverable (GError **error)
{
  return list_recoverable (NULL, error);
}

static void
list_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;
  GPtrArray *list = list_recoverable (cancellable, &error);

  if (list == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, list, (GDestroyNotify) g_ptr_array_unref);
}

/**
 * xq_autosave_list_recoverable_async:
 *
 * Lists the journals on a worker thread: each is read whole, which takes
 * as long as opening the game does.
 */
void
xq_autosave_list_recoverable_async (GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, xq_autosave_list_recoverable_async);
  g_task_run_in_thread (task, list_in_thread);
}

GPtrArray *
xq_autosave_list_recoverable_finish (GAsyncResult  *result,
                                     GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * xq_autosave_load_recoverable:
 * @id: a journal's id
 * @out_recoverable: (out) (optional): what the journal says of itself
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Reads the session a journal holds, to restore it.
 *
 * Returns: (transfer full) (nullable): the session
 */
XqSession *
xq_autosave_load_recoverable (const char     *id,
                              XqRecoverable **out_recoverable,
                              GCancellable   *cancellable,
                              GError        **error)
{
  g_autofree char *dir_path = xq_autosave_get_dir ();
  g_autoptr(XqRecoverable) r = NULL;
  g_autofree char *journal = NULL;
  XqSession *session = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  if (!is_journal_id (id))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, _("no autosaved session has the id “%s”"), id);
      return NULL;
    }
  journal = sibling_path (dir_path, id, JOURNAL_SUFFIX);
  if (!g_file_test (journal, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, _("no autosaved session has the id “%s”"), id);
      return NULL;
    }
  r = read_recoverable (dir_path, id, &session, cancellable, error);
  if (r == NULL)
    return NULL;
  if (session == NULL)
    {
      g_set_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID, _("the autosaved session %s cannot be read: %s"),
                   id, r->problem);
      return NULL;
    }
  if (out_recoverable != NULL)
    *out_recoverable = g_steal_pointer (&r);
  return session;
}

/**
 * xq_recoverable_describe_state:
 * @recoverable: a journal found on disk
 *
 * Returns: (transfer full) (nullable): what the player should know before
 *   restoring it, or %NULL when it holds the game whole
 */
char *
xq_recoverable_describe_state (const XqRecoverable *r)
{
  g_autofree char *file = NULL;
  g_autofree char *journal_holds = NULL;
  g_autoptr(GFile) source = NULL;

  if (r->state == XQ_RECOVERABLE_WHOLE)
    return NULL;
  if (r->state == XQ_RECOVERABLE_UNREADABLE)
    return g_strdup_printf (_("Cannot be read: %s"), r->problem);
  journal_holds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "this journal holds %u move",
                                                "this journal holds %u moves", r->n_moves),
                                   r->n_moves);
  if (r->state == XQ_RECOVERABLE_INCOMPLETE)
    /* TRANSLATORS: the second %s is "this journal holds N moves" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Incomplete: the game had reached %u move; %s.",
                                         "Incomplete: the game had reached %u moves; %s.",
                                         r->session_moves),
                            r->session_moves, journal_holds);
  g_assert (r->state == XQ_RECOVERABLE_BEHIND_FILE);
  source = g_file_new_for_uri (r->source_uri);
  file = g_file_get_basename (source);
  /* TRANSLATORS: %s is the file's name; the last %s is "this journal holds N moves" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Behind its file: %s was saved later and holds %u move; %s.",
                                       "Behind its file: %s was saved later and holds %u moves; %s.",
                                       r->file_moves),
                          file, r->file_moves, journal_holds);
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
  g_autofree char *status = NULL;

  g_return_val_if_fail (id != NULL, FALSE);

  if (!is_journal_id (id))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, _("no autosaved session has the id “%s”"), id);
      return FALSE;
    }
  name = g_strconcat (id, JOURNAL_SUFFIX, NULL);
  journal = g_build_filename (dir, name, NULL);
  info = info_path (dir, id);
  status = sibling_path (dir, id, STATUS_SUFFIX);
  /* The journal first: a crash after it leaves only files nothing lists;
   * before it, the journal is listed whole, with its file and status. */
  if (g_unlink (journal) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("the autosaved session %s cannot be removed: %s"), journal, g_strerror (saved_errno));
      return FALSE;
    }
  g_unlink (info);
  g_unlink (status);
  remove_leftovers (dir, name);
  return TRUE;
}
