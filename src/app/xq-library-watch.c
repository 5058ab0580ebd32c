/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqLibraryWatch: the folders added to the club library watched with
 * GFileMonitor while the app runs, their subfolders too (a monitor sees
 * only its own folder), and the games opened or saved indexed,
 * all on a worker (every library call blocks on the database and the files).
 * It belongs to the application, not to a window: a game saved into a
 * watched folder is indexed whether or not the Library window is open. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-library.h"
#include "xq-library-watch.h"

/* Events come in bursts: a save writes a temporary file and renames it, a
 * copy arrives in pieces, a folder is emptied file by file. The library is
 * told once the folder has been quiet this long, each file once. */
#define QUIET_MS 400

struct _XqLibraryWatch
{
  GObject       parent_instance;

  GSettings    *settings;
  GHashTable   *monitors;     /* folder URI → GFileMonitor, subfolders included */
  GHashTable   *files;        /* GFile → itself: to index when it is quiet */
  GHashTable   *folders;      /* GFile → itself: to scan whole, and watch below */
  GHashTable   *trees;        /* GFile → itself: just scanned; to watch below */
  GPtrArray    *reviews;      /* Review: game reviews run in the app, to store */
  guint         quiet_id;
  GCancellable *cancellable;  /* the job under way, NULL when none */
  gboolean      stopped;
};

G_DEFINE_FINAL_TYPE (XqLibraryWatch, xq_library_watch, G_TYPE_OBJECT)

enum
{
  INDEXED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* One trip to the worker: what it was given, and what became of each file,
 * for the "indexed" signal back on the main thread. */
typedef struct
{
  char      *uri;
  GPtrArray *folders;
  GPtrArray *trees;
  GPtrArray *files;
  GPtrArray *indexed;     /* Indexed */
  GPtrArray *subfolders;  /* found below folders and trees, to watch */
  GPtrArray *reviews;     /* Review */
} Job;

typedef struct
{
  GFile            *file;
  XqLibraryOutcome  outcome;
} Indexed;

/* A review the app ran of a saved game: each player's figure, for the
 * player's page (average loss per turn). */
typedef struct
{
  GFile               *file;
  guint                depth;
  guint                n_seats;
  XqLibraryReviewSeat  seats[XQ_LIBRARY_WATCH_MAX_SEATS];
} Review;

static void
review_free (Review *review)
{
  g_object_unref (review->file);
  g_free (review);
}

static void
indexed_free (Indexed *indexed)
{
  g_object_unref (indexed->file);
  g_free (indexed);
}

static void
job_free (Job *job)
{
  g_free (job->uri);
  g_ptr_array_unref (job->folders);
  g_ptr_array_unref (job->trees);
  g_ptr_array_unref (job->files);
  g_ptr_array_unref (job->indexed);
  g_ptr_array_unref (job->subfolders);
  g_ptr_array_unref (job->reviews);
  g_free (job);
}

static void
job_add_indexed (Job              *job,
                 GFile            *file,
                 XqLibraryOutcome  outcome)
{
  Indexed *indexed = g_new0 (Indexed, 1);

  indexed->file = g_object_ref (file);
  indexed->outcome = outcome;
  g_ptr_array_add (job->indexed, indexed);
}

static gboolean
is_game_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && (g_str_has_suffix (name, ".xqn") || g_str_has_suffix (name, ".exchequer"));
}

/* Refusals go to the log, never to a dialog: the player did not ask for
 * this, and a game opens and saves whatever the library thinks of it. */
static void
log_refusal (GFile        *file,
             guint         line,
             const GError *error)
{
  g_autofree char *name = g_file_get_parse_name (file);

  if (line > 0)
    g_message ("Not added to the game library: %s, line %u: %s", name, line, error->message);
  else
    g_message ("Not added to the game library: %s: %s", name, error->message);
}

static void
scanned (GFile            *file,
         XqLibraryOutcome  outcome,
         const GError     *error,
         guint             error_line,
         gpointer          user_data)
{
  if (error != NULL)
    log_refusal (file, error_line, error);
  else
    job_add_indexed (user_data, file, outcome);
}

/* Every folder below @folder, for a monitor each. */
static void
list_subfolders (GFile        *folder,
                 GPtrArray    *found,
                 GCancellable *cancellable)
{
  g_autoptr(GFileEnumerator) children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                                                   G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                                                   G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, cancellable,
                                                                   NULL);
  GFileInfo *info;

  if (children == NULL)
    return;
  while ((info = g_file_enumerator_next_file (children, cancellable, NULL)) != NULL)
    {
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        {
          GFile *child = g_file_get_child (folder, g_file_info_get_name (info));

          g_ptr_array_add (found, child);
          list_subfolders (child, found, cancellable);
        }
      g_object_unref (info);
    }
}

static void
run_job (GTask        *task,
         gpointer      source,
         gpointer      task_data,
         GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = xq_library_open (job->uri, &error);

  if (library == NULL)
    {
      g_message ("The game library cannot be opened, so no game is added to it: %s", error->message);
      g_task_return_boolean (task, FALSE);
      return;
    }
  for (guint i = 0; i < job->folders->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      GFile *folder = g_ptr_array_index (job->folders, i);

      if (!xq_library_scan (library, folder, cancellable, scanned, NULL, job, &error)
          && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        log_refusal (folder, 0, error);
      g_clear_error (&error);
      list_subfolders (folder, job->subfolders, cancellable);
    }
  for (guint i = 0; i < job->trees->len && !g_cancellable_is_cancelled (cancellable); i++)
    list_subfolders (g_ptr_array_index (job->trees, i), job->subfolders, cancellable);
  for (guint i = 0; i < job->files->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      GFile *file = g_ptr_array_index (job->files, i);
      XqLibraryOutcome outcome;
      guint line = 0;

      if (xq_library_add_file (library, file, &outcome, &line, &error))
        job_add_indexed (job, file, outcome);
      /* Made and taken away again before the folder was quiet: nothing to
       * add, nothing to forget. */
      else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        log_refusal (file, line, error);
      g_clear_error (&error);
    }
  /* The game first read again, so that the review is stored against the
   * file as it is now (the library refuses one for a file it read before
   * a change). */
  for (guint i = 0; i < job->reviews->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      Review *review = g_ptr_array_index (job->reviews, i);
      XqLibraryOutcome outcome;
      guint line = 0;

      if (!xq_library_add_file (library, review->file, &outcome, &line, &error)
          || !xq_library_set_review (library, review->file, NULL, review->depth, review->seats, review->n_seats,
                                     &error))
        log_refusal (review->file, line, error);
      else
        job_add_indexed (job, review->file, outcome);
      g_clear_error (&error);
    }
  g_task_return_boolean (task, TRUE);
}

static void start_job (XqLibraryWatch *self);
static void watch_folder (XqLibraryWatch *self,
                          GFile          *folder);

static void
job_done (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  XqLibraryWatch *self = XQ_LIBRARY_WATCH (source);
  Job *job = g_task_get_task_data (G_TASK (result));

  g_clear_object (&self->cancellable);
  if (self->stopped)
    return;
  for (guint i = 0; i < job->subfolders->len; i++)
    watch_folder (self, g_ptr_array_index (job->subfolders, i));
  for (guint i = 0; i < job->indexed->len; i++)
    {
      Indexed *indexed = g_ptr_array_index (job->indexed, i);

      g_signal_emit (self, signals[INDEXED], 0, indexed->file, (int) indexed->outcome);
    }
  /* What came in meanwhile and has been quiet since. */
  if (self->quiet_id == 0)
    start_job (self);
}

/* The set's files, for a job; the set is left empty. */
static GPtrArray *
take_all (GHashTable *set)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  gpointer file;

  g_hash_table_iter_init (&iter, set);
  while (g_hash_table_iter_next (&iter, &file, NULL))
    g_ptr_array_add (files, g_object_ref (file));
  g_hash_table_remove_all (set);
  return files;
}

/* One job at a time: two would only wait for each other's write lock. */
static void
start_job (XqLibraryWatch *self)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  if (self->cancellable != NULL || self->stopped
      || (g_hash_table_size (self->files) == 0 && g_hash_table_size (self->folders) == 0
          && g_hash_table_size (self->trees) == 0 && self->reviews->len == 0))
    return;
  job = g_new0 (Job, 1);
  job->uri = xq_library_watch_dup_uri (self);
  job->folders = take_all (self->folders);
  job->trees = take_all (self->trees);
  job->files = take_all (self->files);
  job->indexed = g_ptr_array_new_with_free_func ((GDestroyNotify) indexed_free);
  job->subfolders = g_ptr_array_new_with_free_func (g_object_unref);
  job->reviews = g_steal_pointer (&self->reviews);
  self->reviews = g_ptr_array_new_with_free_func ((GDestroyNotify) review_free);

  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, job_done, NULL);
  g_task_set_source_tag (task, start_job);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, run_job);
}

static gboolean
quiet (gpointer user_data)
{
  XqLibraryWatch *self = user_data;

  self->quiet_id = 0;
  start_job (self);
  return G_SOURCE_REMOVE;
}

/* Each event puts the quiet time off again. */
static void
queue (XqLibraryWatch *self,
       GHashTable     *set,
       GFile          *file)
{
  if (self->stopped)
    return;
  g_hash_table_add (set, g_object_ref (file));
  g_clear_handle_id (&self->quiet_id, g_source_remove);
  self->quiet_id = g_timeout_add (QUIET_MS, quiet, self);
}

/* Whatever happened to a game file, the library finds out by reading it:
 * added, updated, unchanged, or vanished when it is gone. */
static void
folder_changed (GFileMonitor      *monitor,
                GFile             *file,
                GFile             *other,
                GFileMonitorEvent  event,
                XqLibraryWatch    *self)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_RENAMED:
      /* A save's temporary file renamed over the game, or a game renamed. */
      if (other != NULL && is_game_file (other))
        queue (self, self->files, other);
      G_GNUC_FALLTHROUGH;
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
      if (is_game_file (file))
        queue (self, self->files, file);
      break;
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
      if (is_game_file (file))
        queue (self, self->files, file);
      /* A new folder is watched at once, before the worker scans it, so
       * no game written into it falls between the two. (One stat, here
       * only for a new name that is not a game's.) */
      else if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL) == G_FILE_TYPE_DIRECTORY)
        {
          watch_folder (self, file);
          queue (self, self->folders, file);
        }
      break;
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      break;
    }
}

static void
watch_folder (XqLibraryWatch *self,
              GFile          *folder)
{
  g_autofree char *uri = g_file_get_uri (folder);
  g_autoptr(GError) error = NULL;
  GFileMonitor *monitor;

  if (g_hash_table_contains (self->monitors, uri))
    return;
  monitor = g_file_monitor_directory (folder, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (monitor == NULL)
    {
      g_message ("The library folder %s is not watched: %s", uri, error->message);
      return;
    }
  g_signal_connect_object (monitor, "changed", G_CALLBACK (folder_changed), self, 0);
  g_hash_table_insert (self->monitors, g_steal_pointer (&uri), monitor);
}

/* A monitor stays while its folder, or one it is below, is listed. */
static gboolean
is_listed (const char         *uri,
           const char * const *listed)
{
  for (guint i = 0; listed[i] != NULL; i++)
    {
      gsize length = strlen (listed[i]);

      if (strncmp (uri, listed[i], length) == 0
          && (uri[length] == '\0' || uri[length] == '/' || (length > 0 && listed[i][length - 1] == '/')))
        return TRUE;
    }
  return FALSE;
}

/* The monitors follow the setting: one per folder listed and per folder
 * below it (found on the worker). At start-up each folder is scanned too,
 * for what changed while the app was not running. */
static void
follow_folders (XqLibraryWatch *self,
                gboolean        rescan)
{
  g_auto(GStrv) uris = g_settings_get_strv (self->settings, "library-folders");
  GHashTableIter iter;
  gpointer uri;

  for (guint i = 0; uris[i] != NULL; i++)
    {
      g_autoptr(GFile) folder = g_file_new_for_uri (uris[i]);

      if (g_hash_table_contains (self->monitors, uris[i]))
        continue;
      watch_folder (self, folder);
      queue (self, rescan ? self->folders : self->trees, folder);
    }
  g_hash_table_iter_init (&iter, self->monitors);
  while (g_hash_table_iter_next (&iter, &uri, NULL))
    if (!is_listed (uri, (const char * const *) uris))
      g_hash_table_iter_remove (&iter);
}

static void
folders_changed (XqLibraryWatch *self)
{
  follow_folders (self, FALSE);
}

/* Another library (a club's server, another file) is given the games of
 * the folders too: the files are the truth, and any library can be made
 * from them. */
static void
location_changed (XqLibraryWatch *self)
{
  g_auto(GStrv) uris = g_settings_get_strv (self->settings, "library-folders");

  for (guint i = 0; uris[i] != NULL; i++)
    {
      g_autoptr(GFile) folder = g_file_new_for_uri (uris[i]);

      queue (self, self->folders, folder);
    }
}

static void
drop_monitor (gpointer monitor)
{
  g_file_monitor_cancel (monitor);
  g_object_unref (monitor);
}

static void
xq_library_watch_dispose (GObject *object)
{
  XqLibraryWatch *self = XQ_LIBRARY_WATCH (object);

  xq_library_watch_stop (self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (xq_library_watch_parent_class)->dispose (object);
}

static void
xq_library_watch_finalize (GObject *object)
{
  XqLibraryWatch *self = XQ_LIBRARY_WATCH (object);

  g_hash_table_unref (self->monitors);
  g_hash_table_unref (self->files);
  g_hash_table_unref (self->folders);
  g_hash_table_unref (self->trees);
  g_ptr_array_unref (self->reviews);
  G_OBJECT_CLASS (xq_library_watch_parent_class)->finalize (object);
}

static void
xq_library_watch_class_init (XqLibraryWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = xq_library_watch_dispose;
  object_class->finalize = xq_library_watch_finalize;

  /**
   * XqLibraryWatch::indexed:
   * @file: a game file
   * @outcome: an #XqLibraryOutcome: added, updated, unchanged or vanished
   *
   * The library has read @file (or found it gone). Refused files are only
   * logged.
   */
  signals[INDEXED] = g_signal_new ("indexed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 2, G_TYPE_FILE, G_TYPE_INT);
}

static void
xq_library_watch_init (XqLibraryWatch *self)
{
  self->monitors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, drop_monitor);
  self->files = g_hash_table_new_full (g_file_hash, (GEqualFunc) g_file_equal, g_object_unref, NULL);
  self->folders = g_hash_table_new_full (g_file_hash, (GEqualFunc) g_file_equal, g_object_unref, NULL);
  self->trees = g_hash_table_new_full (g_file_hash, (GEqualFunc) g_file_equal, g_object_unref, NULL);
  self->reviews = g_ptr_array_new_with_free_func ((GDestroyNotify) review_free);
}

/**
 * xq_library_watch_new:
 * @settings: the application's settings: library-folders and library-uri
 *
 * Starts watching the folders the settings list, and scans each once on a
 * worker for what changed while the app was not running, and again into
 * another library when the location changes.
 */
XqLibraryWatch *
xq_library_watch_new (GSettings *settings)
{
  XqLibraryWatch *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (XQ_TYPE_LIBRARY_WATCH, NULL);
  self->settings = g_object_ref (settings);
  g_signal_connect_object (settings, "changed::library-folders", G_CALLBACK (folders_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::library-uri", G_CALLBACK (location_changed), self, G_CONNECT_SWAPPED);
  follow_folders (self, TRUE);
  return self;
}

/**
 * xq_library_watch_dup_uri:
 *
 * Returns: (transfer full): where the library is, as xq_library_open()
 *   takes it: "" for the default SQLite file
 */
char *
xq_library_watch_dup_uri (XqLibraryWatch *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_WATCH (self), NULL);

  return g_settings_get_string (self->settings, "library-uri");
}

/**
 * xq_library_watch_add_file:
 * @file: a game file opened or saved in the app
 *
 * Indexes @file on a worker, soon; a failure is only logged.
 */
void
xq_library_watch_add_file (XqLibraryWatch *self,
                           GFile          *file)
{
  g_return_if_fail (XQ_IS_LIBRARY_WATCH (self));
  g_return_if_fail (G_IS_FILE (file));

  queue (self, self->files, file);
}

/**
 * xq_library_watch_add_review:
 * @file: the saved game the review is of, as it is on disk
 * @depth: the review's depth
 * @seats: (array length=n_seats): each player's part, in seat order
 *
 * Stores a game review run in the app in the library, on a worker, soon:
 * each player's page then shows their average loss per turn. A failure is
 * only logged.
 */
void
xq_library_watch_add_review (XqLibraryWatch            *self,
                             GFile                     *file,
                             guint                      depth,
                             const XqLibraryReviewSeat *seats,
                             guint                      n_seats)
{
  Review *review;

  g_return_if_fail (XQ_IS_LIBRARY_WATCH (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (n_seats <= XQ_LIBRARY_WATCH_MAX_SEATS);

  if (self->stopped)
    return;
  review = g_new0 (Review, 1);
  review->file = g_object_ref (file);
  review->depth = depth;
  review->n_seats = n_seats;
  memcpy (review->seats, seats, n_seats * sizeof *seats);
  g_ptr_array_add (self->reviews, review);
  /* Nothing to wait for: the file is saved, the review done. */
  if (self->quiet_id == 0)
    start_job (self);
}

/**
 * xq_library_watch_add_folder:
 * @folder: a folder just scanned into the library
 *
 * Remembers @folder in the settings and watches it from now on.
 */
void
xq_library_watch_add_folder (XqLibraryWatch *self,
                             GFile          *folder)
{
  g_auto(GStrv) uris = NULL;
  g_autofree char *uri = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_if_fail (XQ_IS_LIBRARY_WATCH (self));
  g_return_if_fail (G_IS_FILE (folder));

  uri = g_file_get_uri (folder);
  uris = g_settings_get_strv (self->settings, "library-folders");
  if (g_strv_contains ((const char * const *) uris, uri))
    return;
  g_strv_builder_addv (builder, (const char **) uris);
  g_strv_builder_add (builder, uri);
  g_clear_pointer (&uris, g_strfreev);
  uris = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "library-folders", (const char * const *) uris);
}

/**
 * xq_library_watch_stop:
 *
 * Stops watching and cancels the job under way, as the application quits.
 */
void
xq_library_watch_stop (XqLibraryWatch *self)
{
  g_return_if_fail (XQ_IS_LIBRARY_WATCH (self));

  self->stopped = TRUE;
  g_clear_handle_id (&self->quiet_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_hash_table_remove_all (self->monitors);
  g_hash_table_remove_all (self->files);
  g_hash_table_remove_all (self->folders);
  g_hash_table_remove_all (self->trees);
}
