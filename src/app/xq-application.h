/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The application: app-wide actions, opening files, one window per session. */
#pragma once

#include <adwaita.h>

#include "xq-library-watch.h"

G_BEGIN_DECLS

#define XQ_TYPE_APPLICATION (xq_application_get_type ())

G_DECLARE_FINAL_TYPE (XqApplication, xq_application, XQ, APPLICATION, AdwApplication)

XqApplication *xq_application_new           (void);
GtkWindow     *xq_application_lookup_window (XqApplication *self,
                                             GFile         *file);
XqLibraryWatch *xq_application_get_library_watch (XqApplication *self);

G_END_DECLS
