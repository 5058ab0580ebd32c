/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The application's eye on the club library: the folders added to it watched, and the games opened or saved indexed, on a worker. */
#pragma once

#include <gio/gio.h>

#include "xq-library.h"

G_BEGIN_DECLS

#define XQ_TYPE_LIBRARY_WATCH (xq_library_watch_get_type ())

G_DECLARE_FINAL_TYPE (XqLibraryWatch, xq_library_watch, XQ, LIBRARY_WATCH, GObject)

/* The most players a review stored from the app has: every game's most. */
#define XQ_LIBRARY_WATCH_MAX_SEATS 8

XqLibraryWatch *xq_library_watch_new        (GSettings      *settings);
char           *xq_library_watch_dup_uri    (XqLibraryWatch *self);
void            xq_library_watch_add_file   (XqLibraryWatch *self,
                                             GFile          *file);
void            xq_library_watch_add_review (XqLibraryWatch            *self,
                                             GFile                     *file,
                                             guint                      depth,
                                             const XqLibraryReviewSeat *seats,
                                             guint                      n_seats);
void            xq_library_watch_add_folder (XqLibraryWatch *self,
                                             GFile          *folder);
void            xq_library_watch_stop       (XqLibraryWatch *self);

G_END_DECLS
