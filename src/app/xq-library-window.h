/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library's window: every game the library holds, newest first (doc/library.md). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define XQ_TYPE_LIBRARY_WINDOW (xq_library_window_get_type ())

G_DECLARE_FINAL_TYPE (XqLibraryWindow, xq_library_window, XQ, LIBRARY_WINDOW, AdwWindow)

XqLibraryWindow *xq_library_window_new    (GtkApplication  *application);
void             xq_library_window_reload (XqLibraryWindow *self);

G_END_DECLS
