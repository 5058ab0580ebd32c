/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A window: the welcome view, or one session's table with its history. */
#pragma once

#include <adwaita.h>

#include "xq-application.h"
#include "xq-document.h"

G_BEGIN_DECLS

#define XQ_TYPE_WINDOW (xq_window_get_type ())

G_DECLARE_FINAL_TYPE (XqWindow, xq_window, XQ, WINDOW, AdwApplicationWindow)

XqWindow   *xq_window_new           (XqApplication *application);
gboolean    xq_window_has_document  (XqWindow      *self);
XqDocument *xq_window_get_document  (XqWindow      *self);
void        xq_window_set_document  (XqWindow      *self,
                                     XqDocument    *document);
void        xq_window_open_file     (XqWindow      *self,
                                     GFile         *file);
void        xq_window_open          (XqWindow      *self,
                                     GFile         *file);
GFile      *xq_window_get_loading_file (XqWindow   *self);
void        xq_window_restore       (XqWindow      *self,
                                     const char    *journal_id,
                                     const char    *title);
void        xq_window_choose_file   (XqWindow      *self);

G_END_DECLS
