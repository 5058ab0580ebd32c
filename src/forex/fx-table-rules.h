/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Table rules: how a group reads the rulebook's three ambiguous points, in the words files use. */
#pragma once

#include "fx-state.h"

G_BEGIN_DECLS

typedef enum
{
  FX_POINT_ROUNDING,     /* FX_READING_ROUND_ALL */
  FX_POINT_PLAYERS,      /* FX_READING_FIVE_PLAYERS */
  FX_POINT_STRENGTHEN,   /* FX_READING_NONE_STRENGTHENED */
  FX_N_POINTS,
} FxPoint;

guint        fx_reading_of                (FxPoint      point);
const char  *fx_point_word                (FxPoint      point);
const char  *fx_reading_word              (FxPoint      point,
                                           gboolean     other);
gboolean     fx_table_rule_read           (guint8      *readings,
                                           guint       *seen,
                                           const char  *point,
                                           const char  *reading,
                                           GError     **error);
gboolean     fx_table_rules_check_players (guint        readings,
                                           guint        n_players,
                                           GError     **error);

G_END_DECLS
