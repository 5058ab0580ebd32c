/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The autosave journal: every move written to the user's state folder, off the main thread. */
#pragma once

#include <gio/gio.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define XQ_TYPE_AUTOSAVE (xq_autosave_get_type ())

G_DECLARE_FINAL_TYPE (XqAutosave, xq_autosave, XQ, AUTOSAVE, GObject)

/* What a journal left on disk says about itself. */
typedef enum
{
  XQ_RECOVERABLE_WHOLE,       /* it holds the game as it was last changed */
  XQ_RECOVERABLE_INCOMPLETE,  /* its last writes failed: later moves are missing */
  XQ_RECOVERABLE_BEHIND_FILE, /* its file was saved later, with more moves */
  XQ_RECOVERABLE_UNREADABLE,  /* it cannot be read back; @problem says why */
} XqRecoverableState;

typedef struct
{
  char   *id;
  char   *path;        /* the journal file */
  char   *source_uri;  /* the session file it belongs to; NULL if never saved */
  char   *source_fingerprint;  /* what that file held; NULL if not known */
  char   *game;        /* NULL when unreadable */
  guint   n_moves;
  gint64  modified;    /* seconds since the epoch */
  XqRecoverableState state;
  guint   session_moves;  /* INCOMPLETE: the moves the game had when its journal stopped */
  guint   file_moves;     /* BEHIND_FILE: the moves its file holds */
  char   *problem;        /* UNREADABLE: why, as the loader says it */
} XqRecoverable;

char        *xq_autosave_get_dir          (void);
XqAutosave  *xq_autosave_new              (XqSession    *session,
                                           GFile        *source,
                                           const char   *source_fingerprint);
XqAutosave  *xq_autosave_new_continuing   (XqSession    *session,
                                           const char   *id,
                                           GFile        *source,
                                           const char   *source_fingerprint);
const char  *xq_autosave_get_id           (XqAutosave   *self);
const char  *xq_autosave_get_path         (XqAutosave   *self);
void         xq_autosave_set_source       (XqAutosave   *self,
                                           GFile        *source,
                                           const char   *fingerprint);
gboolean     xq_autosave_wait             (XqAutosave   *self,
                                           GError      **error);
gboolean     xq_autosave_flush            (XqAutosave   *self,
                                           GError      **error);
void         xq_autosave_discard          (XqAutosave   *self);
const char  *xq_autosave_get_problem      (XqAutosave   *self);

GPtrArray   *xq_autosave_list_recoverable (GError      **error);
void         xq_autosave_list_recoverable_async  (GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
GPtrArray   *xq_autosave_list_recoverable_finish (GAsyncResult        *result,
                                                  GError             **error);
XqSession   *xq_autosave_load_recoverable (const char   *id,
                                           XqRecoverable **out_recoverable,
                                           GCancellable *cancellable,
                                           GError      **error);
char        *xq_recoverable_describe_state (const XqRecoverable *recoverable);
gboolean     xq_autosave_is_live          (const char   *id);
gboolean     xq_autosave_remove           (const char   *id,
                                           GError      **error);
void         xq_recoverable_free          (XqRecoverable *recoverable);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqRecoverable, xq_recoverable_free)

G_END_DECLS
