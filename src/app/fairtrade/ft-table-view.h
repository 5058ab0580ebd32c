/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Fair Trade page: players, the last round step by step, the entry area. */
#pragma once

#include <gtk/gtk.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define FT_TYPE_TABLE_VIEW (ft_table_view_get_type ())

G_DECLARE_FINAL_TYPE (FtTableView, ft_table_view, FT, TABLE_VIEW, GtkWidget)

GtkWidget *ft_table_view_new           (void);
void       ft_table_view_set_session   (FtTableView *self,
                                        XqSession   *session);
/* How many moves the page shows; G_MAXUINT follows the game (and allows moves). */
void       ft_table_view_set_position  (FtTableView *self,
                                        guint        position);

G_END_DECLS
