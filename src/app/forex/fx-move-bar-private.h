/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the move bar's two files share: its struct and helpers. */
#pragma once

#include <gtk/gtk.h>

#include "fx-move-bar.h"
#include "fx-state.h"

G_BEGIN_DECLS

/* The most options one dropdown offers: ten contract amounts, or "—" and the
 * seven currencies. */
#define CHOICE_MAX 16

typedef struct
{
  GtkDropDown *dropdown;
  int          values[CHOICE_MAX];
  guint        n;
} Choice;

typedef enum
{
  FORM_CONTRACT,
  FORM_INVEST,
  FORM_DIVEST,
  FORM_RESOLVE,
  N_FORMS
} Form;

extern const char * const fx_move_bar_form_names[N_FORMS];
extern const FxMoveKind fx_move_bar_form_kinds[N_FORMS];

struct _FxMoveBar
{
  GtkWidget        parent_instance;

  XqSession       *session;
  gulong           n_moves_handler;
  FxState          state;        /* the session's position */
  FxState          base;         /* after the spot, when one is included and accepted */
  gboolean         spot_included;
  FxMove          *legal;        /* FX_LEGAL_MAX, listed from base */
  guint            n_legal;
  int              actor;
  guint            updating;
  gboolean         recording;

  /* template; from play_box on, fx-move-bar-play.ui, NULL until built */
  GtkWidget       *main_box;
  GtkLabel        *turn_label;
  GtkLabel        *status_label;
  GtkWidget       *play_box;
  GtkExpander     *spot_expander;
  GtkDropDown     *spot_other;
  GtkDropDown     *spot_give;
  GtkDropDown     *spot_take;
  GtkLabel        *spot_label;
  GtkWidget       *kind_box;
  GtkToggleButton *contract_toggle;
  GtkToggleButton *invest_toggle;
  GtkToggleButton *divest_toggle;
  GtkToggleButton *resolve_toggle;
  GtkStack        *stack;
  GtkDropDown     *contract_pay;
  GtkDropDown     *contract_receive;
  GtkDropDown     *contract_amount;
  GtkLabel        *contract_label;
  GtkDropDown     *invest_first;
  GtkDropDown     *invest_second;
  GtkLabel        *invest_label;
  GtkGrid         *divest_grid;
  GtkDropDown     *divest_currency;
  GtkLabel        *divest_count_label;
  GtkDropDown     *divest_count;
  GtkLabel        *divest_others_label;
  GtkLabel        *resolve_label;
  GtkLabel        *resolve_choice_label;
  GtkDropDown     *resolve_choice;
  GtkLabel        *strongest_label;
  GtkDropDown     *strongest_choice;
  GtkLabel        *refusal_label;
  GtkWidget       *preview_box;
  GtkWidget       *record_button;

  /* built in code: one row per other player, in clockwise order from the actor */
  GtkLabel        *divest_names[FX_MAX_PLAYERS];
  GtkSpinButton   *divest_spins[FX_MAX_PLAYERS];
  int              divest_players[FX_MAX_PLAYERS];
  guint            n_divest_rows;

  Choice           c_spot_other, c_spot_give, c_spot_take;
  Choice           c_contract_pay, c_contract_receive, c_contract_amount;
  Choice           c_invest_first, c_invest_second;
  Choice           c_divest_currency, c_divest_count;
  Choice           c_resolve_choice, c_strongest_choice;
};

/* fx-move-bar.c: the moves the forms describe, the preview */
void             fx_move_bar_ensure_play     (FxMoveBar     *self);
const FxSetup   *fx_move_bar_get_setup       (FxMoveBar     *self);
Form             fx_move_bar_current_form    (FxMoveBar     *self);
GtkToggleButton *fx_move_bar_form_toggle     (FxMoveBar     *self,
                                              Form           form);
gboolean         fx_move_bar_spot_available  (FxMoveBar     *self);
gboolean         fx_move_bar_build_spot      (FxMoveBar     *self,
                                              FxMove        *spot);
gboolean         fx_move_bar_build_action    (FxMoveBar     *self,
                                              FxMove        *action);
guint            fx_move_bar_build_moves     (FxMoveBar     *self,
                                              FxMove         moves[2]);
void             fx_move_bar_update_preview  (FxMoveBar     *self);

/* fx-move-bar-forms.c: filling each form with the legal choices */
gboolean         fx_move_bar_choice_get      (const Choice  *c,
                                              int           *value);
int              fx_move_bar_choice_value    (const Choice  *c,
                                              int            fallback);
char            *fx_move_bar_capitalize      (const char    *sentence);
void             fx_move_bar_update_forms    (FxMoveBar     *self);
void             fx_move_bar_reset_forms     (FxMoveBar     *self);

G_END_DECLS
