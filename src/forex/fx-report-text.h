/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words on a standing (places, ties, the projection, the rulebook's
 * readings) that the report, the app's players view and the audit window
 * share, so they are written once: here with the rules, GTK- and cairo-free,
 * so the app reaches them without going through the report. */
#pragma once

#include "fx-readings.h"
#include "fx-score.h"
#include "fx-state.h"

G_BEGIN_DECLS

typedef enum
{
  FX_PLACE_SHORT,        /* "tied 1st", for a narrow column */
  FX_PLACE_WITH_NAMES,   /* "tied 1st with Ann" */
} FxPlaceWords;

char        *fx_report_money                 (XqAmount          amount,
                                              FxCurrency        currency);
const char  *fx_report_ordinal               (guint             place);
char        *fx_report_place                 (const FxSetup    *setup,
                                              const FxState    *state,
                                              const FxStanding *standing,
                                              int               player,
                                              FxPlaceWords      words);
gboolean     fx_report_is_tied               (const FxState    *state,
                                              const FxStanding *standing,
                                              int               player);
char        *fx_report_outcome               (const FxSetup    *setup,
                                              const FxState    *state,
                                              const FxStanding *standing);
const char  *fx_report_projected_explanation (void);
GStrv        fx_report_readings_text         (XqSession        *session,
                                              const FxReadings *readings);

G_END_DECLS
