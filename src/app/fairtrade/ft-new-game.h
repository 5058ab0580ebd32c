/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Fair Trade part of the new-game dialog: rounds and each player's locked cards. */
#pragma once

#include <adwaita.h>

#include "ft-state.h"

G_BEGIN_DECLS

typedef struct _FtNewGame FtNewGame;

FtNewGame *ft_new_game_new         (AdwPreferencesPage *page,
                                    GCallback           changed,
                                    gpointer            data);
void       ft_new_game_free        (FtNewGame          *self);
void       ft_new_game_set_visible (FtNewGame          *self,
                                    gboolean            visible);
void       ft_new_game_set_seats   (FtNewGame          *self,
                                    const char * const *labels,
                                    guint               n);
gboolean   ft_new_game_build       (FtNewGame          *self,
                                    const char * const *names,
                                    guint               n,
                                    int                 farmer,
                                    FtSetup            *setup,
                                    GError            **error);

G_END_DECLS
