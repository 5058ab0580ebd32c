/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Weng–Lin Plackett–Luce ratings (JMLR 12, 2011): one multiplayer game at a time, deterministic. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define XQ_RATING_MU     25.0
#define XQ_RATING_SIGMA  (25.0 / 3.0)
#define XQ_RATING_BETA   (25.0 / 6.0)
#define XQ_RATING_KAPPA  0.0001

typedef struct
{
  double mu;
  double sigma;
} XqRating;

void    xq_rating_init     (XqRating       *rating);
void    xq_rating_update   (XqRating       *ratings,
                            const guint    *ranks,
                            guint           n_players);
double  xq_rating_ordinal  (const XqRating *rating);

G_END_DECLS
