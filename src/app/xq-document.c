/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Ties a session to its file: loading off the main thread, saving atomically
 * refusing to overwrite what another program wrote since, and the autosave
 * journal while it is open. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-autosave.h"
#include "xq-error.h"
#include "xq-document.h"
#include "xq-session-file.h"

struct _XqDocument
{
  GObject     parent_instance;

  XqSession  *session;
  GFile      *file;
  /* A notation file read in: the game's name and folder until it is saved
   * as a session file of its own. */
  GFile      *imported;
  char       *fingerprint;  /* what the file held when read or last written */
  XqAutosave *autosave;
  char       *recovered_id;  /* the journal restored from, kept while autosave is off */
  gboolean    modified;
};

G_DEFINE_FINAL_TYPE (XqDocument, xq_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_AUTOSAVE_PROBLEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_modified (XqDocument *self,
              gboolean    modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
session_changed (XqDocument *self)
{
  set_modified (self, TRUE);
}

static void
set_file (XqDocument *self,
          GFile      *file,
          char       *fingerprint)
{
  gboolean changed = g_set_object (&self->file, file);

  g_free (self->fingerprint);
  self->fingerprint = fingerprint;
  if (self->autosave != NULL)
    xq_autosave_set_source (self->autosave, self->file, self->fingerprint);
  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

static void
xq_document_dispose (GObject *object)
{
  XqDocument *self = XQ_DOCUMENT (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  if (self->autosave != NULL)
    g_signal_handlers_disconnect_by_data (self->autosave, self);
  g_clear_object (&self->autosave);
  g_clear_pointer (&self->recovered_id, g_free);
  g_clear_object (&self->session);
  g_clear_object (&self->file);
  g_clear_object (&self->imported);
  g_clear_pointer (&self->fingerprint, g_free);
  G_OBJECT_CLASS (xq_document_parent_class)->dispose (object);
}

static void
xq_document_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  XqDocument *self = XQ_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_AUTOSAVE_PROBLEM:
      g_value_set_string (value, xq_document_get_autosave_problem (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_document_class_init (XqDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = xq_document_dispose;
  object_class->get_property = xq_document_get_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, XQ_TYPE_SESSION,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Why the autosave journal is not being written, while it is not. */
  properties[PROP_AUTOSAVE_PROBLEM] =
    g_param_spec_string ("autosave-problem", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
xq_document_init (XqDocument *self)
{
}

static void
autosave_problem_changed (XqDocument *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTOSAVE_PROBLEM]);
}

/* @journal_id: the journal the session was restored from, or NULL. */
static XqDocument *
document_new (XqSession  *session,
              GFile      *file,
              const char *fingerprint,
              gboolean    autosave,
              const char *journal_id)
{
  XqDocument *self = g_object_new (XQ_TYPE_DOCUMENT, NULL);

  self->session = g_object_ref (session);
  self->file = file != NULL ? g_object_ref (file) : NULL;
  self->fingerprint = g_strdup (fingerprint);
  if (autosave && journal_id != NULL)
    self->autosave = xq_autosave_new_continuing (session, journal_id, file, fingerprint);
  else if (autosave)
    self->autosave = xq_autosave_new (session, file, fingerprint);
  else
    /* Not journalled: the journal it came from stays, as it was, until the
     * game is saved or closed on purpose. */
    self->recovered_id = g_strdup (journal_id);
  if (self->autosave != NULL)
    g_signal_connect_object (self->autosave, "notify::problem", G_CALLBACK (autosave_problem_changed), self,
                             G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::n-moves", G_CALLBACK (session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::date", G_CALLBACK (session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::place", G_CALLBACK (session_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::comment", G_CALLBACK (session_changed), self, G_CONNECT_SWAPPED);
  return self;
}

/**
 * xq_document_new:
 * @session: a session not yet saved anywhere
 * @autosave: whether to keep a journal of it
 *
 * Returns: (transfer full): an unsaved document
 */
XqDocument *
xq_document_new (XqSession *session,
                 gboolean   autosave)
{
  XqDocument *self;

  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);

  self = document_new (session, NULL, NULL, autosave, NULL);
  self->modified = TRUE;
  return self;
}

/**
 * xq_document_new_restored:
 * @session: a session recovered from the autosave journal @journal_id
 * @journal_id: that journal's id
 * @file: (nullable): the file it belonged to
 * @fingerprint: (nullable): what that file held when the session last read
 *   or wrote it, so saving refuses to overwrite a later change by someone else
 * @autosave: whether to keep a journal of it
 *
 * The restored session goes on in the journal it came from, which is never
 * removed before it is replaced by one holding every move (see
 * xq_autosave_new_continuing()).
 *
 * Returns: (transfer full): a document with unsaved changes, saved to @file
 *   by Ctrl+S
 */
XqDocument *
xq_document_new_restored (XqSession  *session,
                          const char *journal_id,
                          GFile      *file,
                          const char *fingerprint,
                          gboolean    autosave)
{
  XqDocument *self;

  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);
  g_return_val_if_fail (journal_id != NULL, NULL);

  self = document_new (session, file, fingerprint, autosave, journal_id);
  self->modified = TRUE;
  return self;
}

typedef struct
{
  char          *id;
  gboolean       autosave;
  XqRecoverable *recoverable;
} RestoreData;

static void
restore_data_free (RestoreData *data)
{
  g_free (data->id);
  xq_recoverable_free (data->recoverable);
  g_free (data);
}

static void
restore_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  RestoreData *data = task_data;
  GError *error = NULL;
  XqSession *session = xq_autosave_load_recoverable (data->id, &data->recoverable, cancellable, &error);

  if (session == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, session, g_object_unref);
}

/**
 * xq_document_restore_async:
 * @journal_id: the id of an autosave journal a crash left
 * @autosave: whether to keep journalling the restored game
 *
 * Reads the journal on a worker thread: a long game takes as long to read
 * as to open.
 */
void
xq_document_restore_async (const char          *journal_id,
                           gboolean             autosave,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  RestoreData *data;

  g_return_if_fail (journal_id != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, xq_document_restore_async);
  data = g_new0 (RestoreData, 1);
  data->id = g_strdup (journal_id);
  data->autosave = autosave;
  g_task_set_task_data (task, data, (GDestroyNotify) restore_data_free);
  g_task_run_in_thread (task, restore_in_thread);
}

/**
 * xq_document_restore_finish:
 *
 * Returns: (transfer full) (nullable): the restored document, with unsaved
 *   changes, keeping the file it belonged to
 */
XqDocument *
xq_document_restore_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GFile) source = NULL;
  RestoreData *data;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  session = g_task_propagate_pointer (G_TASK (result), error);
  if (session == NULL)
    return NULL;
  data = g_task_get_task_data (G_TASK (result));
  /* Restored meanwhile from another window's list: two journals writing
   * one file would lose each other's moves. */
  if (data->autosave && xq_autosave_is_live (data->id))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                           _("This game has been restored already and is open in another window."));
      return NULL;
    }
  if (data->recoverable->source_uri != NULL)
    source = g_file_new_for_uri (data->recoverable->source_uri);
  return xq_document_new_restored (session, data->id, source, data->recoverable->source_fingerprint,
                                   data->autosave);
}

typedef struct
{
  GFile    *file;
  gboolean  autosave;
  char     *fingerprint;
  guint     error_line;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_clear_object (&data->file);
  g_free (data->fingerprint);
  g_free (data);
}

static void
load_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  LoadData *data = task_data;
  GError *error = NULL;
  XqSession *session;

  session = xq_session_load (data->file, &data->fingerprint, &data->error_line, cancellable, &error);
  if (session == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (data->file);

      /* The loader's sentence, with where it is: the player may fix the file. */
      if (data->error_line > 0)
        g_prefix_error (&error, _("%s, line %u: "), name, data->error_line);
      else
        g_prefix_error (&error, "%s: ", name);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, session, g_object_unref);
}

void
xq_document_load_async (GFile               *file,
                        gboolean             autosave,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadData *data;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, xq_document_load_async);
  data = g_new0 (LoadData, 1);
  data->file = g_object_ref (file);
  data->autosave = autosave;
  g_task_set_task_data (task, data, (GDestroyNotify) load_data_free);
  g_task_run_in_thread (task, load_in_thread);
}

/**
 * xq_document_load_finish:
 * @result: the result
 * @error: return location for a #GError whose message names the file and the problem
 *
 * Returns: (transfer full) (nullable): the loaded document, not modified
 */
XqDocument *
xq_document_load_finish (GAsyncResult  *result,
                         GError       **error)
{
  g_autoptr(XqSession) session = NULL;
  LoadData *data;
  XqDocument *self;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  session = g_task_propagate_pointer (G_TASK (result), error);
  if (session == NULL)
    return NULL;
  data = g_task_get_task_data (G_TASK (result));
  /* A notation file is imported: saving writes a session file beside it.
   * Until a move is made it is the file as read, under its own name (the
   * bundled sample opens as itself, not as a changed unsaved game). */
  if (xq_session_file_is_notation (data->file))
    {
      self = document_new (session, NULL, NULL, data->autosave, NULL);
      self->imported = g_object_ref (data->file);
    }
  else
    self = document_new (session, data->file, data->fingerprint, data->autosave, NULL);
  return self;
}

static void
save_done (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  XqDocument *self = g_task_get_source_object (task);
  GFile *file = g_task_get_task_data (task);
  GError *error = NULL;
  char *fingerprint = NULL;

  if (!xq_session_save_finish (XQ_SESSION (object), result, &fingerprint, &error))
    {
      /* The new file is in place; only its folder's sync failed. The
       * document is that file now, or the next save would take it for
       * another program's. */
      if (fingerprint != NULL && g_error_matches (error, XQ_FILE_ERROR, XQ_FILE_ERROR_NOT_DURABLE))
        {
          set_file (self, file, fingerprint);
          set_modified (self, FALSE);
        }
      else
        g_free (fingerprint);
      g_task_return_error (task, error);
      return;
    }
  set_file (self, file, fingerprint);
  set_modified (self, FALSE);
  g_task_return_boolean (task, TRUE);
}

/**
 * xq_document_save_async:
 * @self: a document
 * @file: (nullable): where to save; %NULL saves to its own file
 *
 * Saving to the file it came from checks that the file still holds what was
 * read or last written, so another program's (or another window's) save is
 * never overwritten; saving elsewhere does not.
 */
void
xq_document_save_async (XqDocument          *self,
                        GFile               *file,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GTask *task;
  const char *fingerprint;

  g_return_if_fail (XQ_IS_DOCUMENT (self));
  g_return_if_fail (file != NULL || self->file != NULL);

  if (file == NULL)
    file = self->file;
  fingerprint = self->file != NULL && g_file_equal (file, self->file) ? self->fingerprint : NULL;
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, xq_document_save_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  xq_session_save_async (self->session, file, fingerprint, TRUE, cancellable, save_done, task);
}

gboolean
xq_document_save_finish (XqDocument    *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

XqSession *
xq_document_get_session (XqDocument *self)
{
  g_return_val_if_fail (XQ_IS_DOCUMENT (self), NULL);

  return self->session;
}

GFile *
xq_document_get_file (XqDocument *self)
{
  g_return_val_if_fail (XQ_IS_DOCUMENT (self), NULL);

  return self->file;
}

/**
 * xq_document_get_source:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): the file the game was last saved to
 *   or read from: its own file, or the notation file read in
 */
GFile *
xq_document_get_source (XqDocument *self)
{
  g_return_val_if_fail (XQ_IS_DOCUMENT (self), NULL);

  return self->file != NULL ? self->file : self->imported;
}

/* The file's name, the name of the notation file it was read from, or
 * "Unsaved Game" before the first save. */
char *
xq_document_dup_title (XqDocument *self)
{
  g_return_val_if_fail (XQ_IS_DOCUMENT (self), NULL);

  if (self->file != NULL)
    return g_file_get_basename (self->file);
  if (self->imported != NULL)
    return g_file_get_basename (self->imported);
  return g_strdup (_("Unsaved Game"));
}

/* Characters a file name cannot hold on common systems, as spaces. */
static void
make_file_name (char *name)
{
  for (char *p = name; *p != '\0'; p++)
    if (strchr ("/\\:*?\"<>|", *p) != NULL || (*p > 0 && *p < ' '))
      *p = ' ';
}

/**
 * xq_document_dup_save_name:
 * @self: a document
 *
 * The name Save offers: the file's own; for a notation file read in, its
 * name as a session file; else one from the game: its name, its players in
 * seating order and its date, or today's ("… Ann Ben Cat 2026-11-27.exchequer").
 *
 * Returns: (transfer full): a file name
 */
char *
xq_document_dup_save_name (XqDocument *self)
{
  const XqGame *game;
  gconstpointer setup;
  g_autoptr(GString) name = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *day = NULL;
  const char *date;

  g_return_val_if_fail (XQ_IS_DOCUMENT (self), NULL);

  if (self->file != NULL)
    return g_file_get_basename (self->file);
  if (self->imported != NULL)
    {
      g_autofree char *base = g_file_get_basename (self->imported);
      char *dot = strrchr (base, '.');

      if (dot != NULL && dot != base)
        *dot = '\0';
      return g_strconcat (base, ".exchequer", NULL);
    }
  game = xq_session_get_game (self->session);
  setup = xq_session_get_setup (self->session);
  name = g_string_new (_(game->display_name));
  for (guint p = 0; p < game->get_n_players (setup); p++)
    g_string_append_printf (name, " %s", game->get_player_name (setup, p));
  date = xq_session_get_date (self->session);
  if (date == NULL)
    {
      now = g_date_time_new_now_local ();
      day = g_date_time_format (now, "%Y-%m-%d");
      date = day;
    }
  g_string_append_printf (name, " %s", date);
  make_file_name (name->str);
  g_string_append (name, ".exchequer");
  return g_string_free (g_steal_pointer (&name), FALSE);
}

static gboolean
can_write_in (GFile *folder)
{
  g_autoptr(GFileInfo) info = NULL;

  if (folder == NULL)
    return FALSE;
  info = g_file_query_info (folder, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  return info != NULL && g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE);
}

/**
 * xq_document_dup_save_folder:
 * @self: a document
 *
 * The folder Save offers: the file's own, or that of the notation file it
 * was read from when it may be written there (the bundled sample's may not);
 * else the Documents folder. Lacking one, %NULL: the file chooser (a portal
 * in a sandbox) picks its own, as it may read no other path by itself.
 *
 * Returns: (transfer full) (nullable): a folder
 */
GFile *
xq_document_dup_save_folder (XqDocument *self)
{
  GFile *own = NULL;
  g_autoptr(GFile) parent = NULL;
  const char *documents;

  g_return_val_if_fail (XQ_IS_DOCUMENT (self), NULL);

  own = self->file != NULL ? self->file : self->imported;
  parent = own != NULL ? g_file_get_parent (own) : NULL;
  if (parent != NULL && (self->file != NULL || can_write_in (parent)))
    return g_steal_pointer (&parent);
  documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return NULL;
}

gboolean
xq_document_get_modified (XqDocument *self)
{
  g_return_val_if_fail (XQ_IS_DOCUMENT (self), FALSE);

  return self->modified;
}

/* Closing on purpose (saved, or changes thrown away): nothing to recover. */
void
xq_document_discard_journal (XqDocument *self)
{
  g_return_if_fail (XQ_IS_DOCUMENT (self));

  if (self->autosave != NULL)
    xq_autosave_discard (self->autosave);
  else if (self->recovered_id != NULL)
    xq_autosave_remove (self->recovered_id, NULL);
  g_clear_pointer (&self->recovered_id, g_free);
}

/**
 * xq_document_get_autosave_problem:
 * @self: a document
 *
 * Returns: (nullable): why its moves are not being journalled, while they
 *   are not
 */
const char *
xq_document_get_autosave_problem (XqDocument *self)
{
  g_return_val_if_fail (XQ_IS_DOCUMENT (self), NULL);

  return self->autosave != NULL ? xq_autosave_get_problem (self->autosave) : NULL;
}

/**
 * xq_document_get_autosave:
 * @self: a document
 *
 * Returns: (transfer none) (nullable): its journal, when it keeps one
 */
XqAutosave *
xq_document_get_autosave (XqDocument *self)
{
  g_return_val_if_fail (XQ_IS_DOCUMENT (self), NULL);

  return self->autosave;
}
