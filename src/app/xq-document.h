/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An open session as the window sees it: its file, what the file held, unsaved state and journal. */
#pragma once

#include <gio/gio.h>

#include "xq-autosave.h"
#include "xq-session.h"

G_BEGIN_DECLS

#define XQ_TYPE_DOCUMENT (xq_document_get_type ())

G_DECLARE_FINAL_TYPE (XqDocument, xq_document, XQ, DOCUMENT, GObject)

XqDocument *xq_document_new             (XqSession            *session,
                                         gboolean              autosave);
XqDocument *xq_document_new_restored    (XqSession            *session,
                                         const char           *journal_id,
                                         GFile                *file,
                                         const char           *fingerprint,
                                         gboolean              autosave);
void        xq_document_restore_async   (const char           *journal_id,
                                         gboolean              autosave,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
XqDocument *xq_document_restore_finish  (GAsyncResult         *result,
                                         GError              **error);
void        xq_document_load_async      (GFile                *file,
                                         gboolean              autosave,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
XqDocument *xq_document_load_finish     (GAsyncResult         *result,
                                         GError              **error);
void        xq_document_save_async      (XqDocument           *self,
                                         GFile                *file,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
gboolean    xq_document_save_finish     (XqDocument           *self,
                                         GAsyncResult         *result,
                                         GError              **error);

XqSession  *xq_document_get_session     (XqDocument           *self);
GFile      *xq_document_get_file        (XqDocument           *self);
GFile      *xq_document_get_source      (XqDocument           *self);
char       *xq_document_dup_title       (XqDocument           *self);
char       *xq_document_dup_save_name   (XqDocument           *self);
GFile      *xq_document_dup_save_folder (XqDocument           *self);
gboolean    xq_document_get_modified    (XqDocument           *self);
void        xq_document_discard_journal (XqDocument           *self);
const char *xq_document_get_autosave_problem (XqDocument      *self);
XqAutosave *xq_document_get_autosave    (XqDocument           *self);

G_END_DECLS
