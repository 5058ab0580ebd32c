/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The recent games, kept in the desktop's shared list (GtkRecentManager). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* How Exchequer signs its entries in recently-used.xbel. */
#define XQ_RECENT_APP_NAME "Exchequer"
#define XQ_RECENT_MAX      10

void       xq_recent_add   (GFile *file);
GPtrArray *xq_recent_list  (void);

G_END_DECLS
