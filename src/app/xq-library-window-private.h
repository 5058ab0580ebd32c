/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the Library window's main file and its satellites share. */
#pragma once

#include "xq-library-window.h"

G_BEGIN_DECLS

/* xq-library-window-folders.c: Add Folder…, its progress and Cancel. */
void  _xq_library_window_folders_class_init (GtkWidgetClass  *widget_class);
void  _xq_library_window_folders_init       (XqLibraryWindow *self);
void  _xq_library_window_folders_dispose    (XqLibraryWindow *self);
char *_xq_library_window_dup_library_uri    (XqLibraryWindow *self);

G_END_DECLS
