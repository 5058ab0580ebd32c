/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the move bar's files share: its struct, and the calls between the
 * main file and each satellite. A star: fx-move-bar.c is the centre; each
 * satellite (-forms.c, -suggest.c, -layout.c) calls only the main file,
 * never another satellite (tests/check-star.py checks it). */
#pragma once

#include <adwaita.h>

#include "fx-move-bar.h"
#include "fx-state.h"
#include "xq-reason-dropdown.h"

G_BEGIN_DECLS

typedef enum
{
  FX_MOVE_BAR_FORM_CONTRACT,
  FX_MOVE_BAR_FORM_INVEST,
  FX_MOVE_BAR_FORM_DIVEST,
  FX_MOVE_BAR_FORM_RESOLVE,
  FX_MOVE_BAR_N_FORMS,
  FX_MOVE_BAR_FORM_NONE = FX_MOVE_BAR_N_FORMS,
} FxMoveBarForm;

/* The choices a player's next turn starts from, their last ones. */
typedef enum
{
  FX_MOVE_BAR_REMEMBERED_SPOT_OTHER,
  FX_MOVE_BAR_REMEMBERED_SPOT_GIVE,
  FX_MOVE_BAR_REMEMBERED_SPOT_TAKE,
  FX_MOVE_BAR_REMEMBERED_CONTRACT_PAY,
  FX_MOVE_BAR_REMEMBERED_CONTRACT_RECEIVE,
  FX_MOVE_BAR_REMEMBERED_INVEST_FIRST,
  FX_MOVE_BAR_REMEMBERED_INVEST_SECOND,
  FX_MOVE_BAR_REMEMBERED_DIVEST_CURRENCY,
  FX_MOVE_BAR_N_REMEMBERED,
} FxMoveBarRemembered;

/* The dozen dropdowns of the forms and one per other player's divest field. */
#define FX_MOVE_BAR_MAX_DROPDOWNS (12 + FX_MAX_PLAYERS)

extern const char * const _fx_move_bar_form_names[FX_MOVE_BAR_N_FORMS];
extern const FxMoveKind _fx_move_bar_form_kinds[FX_MOVE_BAR_N_FORMS];

struct _FxMoveBar
{
  GtkWidget        parent_instance;

  XqSession       *session;
  gulong           n_moves_handler;
  FxState          state;        /* the session's position */
  FxState          base;         /* after the spot, when one is included and accepted */
  gboolean         spot_included;
  /* What the "spot-changed" signal last told: the table after the spot, at
   * this many moves (fx_move_bar_get_after_spot). */
  gboolean         told_included;
  FxState          told_base;
  guint            told_at;
  FxMove          *legal;        /* FX_LEGAL_MAX, listed from base */
  guint            n_legal;
  int              actor;
  guint            updating;
  gboolean         recording;
  gboolean         wide;         /* the form and the preview side by side */
  gboolean         folded;       /* narrow: the form put away, the turn and Record shown */
  gboolean         playing;      /* a move can be entered: the forms are shown */
  AdwMessageDialog *confirm;     /* asking before a move that ends the game */
  FxMove           pending[2];   /* what it will record */
  guint            n_pending;
  guint            pending_at;   /* the number of moves it was asked at */

  GCancellable    *suggesting;   /* the Suggest search under way, or NULL */
  gboolean         filling;      /* fx_move_bar_fill() sets the forms, not the player */

  /* Each player's last recorded choices (FX_MOVE_BAR_REMEMBERED_*), the
   * defaults of their next turn when the rules allow them then. */
  int              remembered[FX_MAX_PLAYERS][FX_MOVE_BAR_N_REMEMBERED];
  gboolean         has_remembered[FX_MAX_PLAYERS][FX_MOVE_BAR_N_REMEMBERED];

  /* template; from fold_button on, fx-move-bar-play.ui, NULL until built */
  AdwSqueezer      *width_probe;
  GtkWidget        *wide_probe;
  GtkWidget        *content;
  GtkWidget        *main_column;
  GtkWidget        *top_row;
  GtkWidget        *side_squeezer;
  GtkWidget        *side_column;
  GtkWidget        *record_row;
  GtkWidget        *header_box;
  GtkWidget        *title_box;
  GtkLabel         *turn_label;
  GtkLabel         *status_label;
  GtkWidget        *fold_button;
  GtkWidget        *form_scroller;
  GtkWidget        *form_box;
  GtkExpander      *spot_expander;
  GtkWidget        *spot_box;
  XqReasonDropdown *spot_other;
  XqReasonDropdown *spot_give;
  XqReasonDropdown *spot_take;
  GtkLabel         *spot_label;
  GtkWidget        *kind_box;
  GtkToggleButton  *contract_toggle;
  GtkToggleButton  *invest_toggle;
  GtkToggleButton  *divest_toggle;
  GtkToggleButton  *resolve_toggle;
  GtkStack         *stack;
  GtkLabel         *none_label;
  XqReasonDropdown *contract_pay;
  XqReasonDropdown *contract_receive;
  XqReasonDropdown *contract_amount;
  GtkLabel         *contract_label;
  XqReasonDropdown *invest_first;
  XqReasonDropdown *invest_second;
  GtkLabel         *invest_label;
  XqReasonDropdown *divest_currency;
  GtkLabel         *divest_count_label;
  XqReasonDropdown *divest_count;
  GtkWidget        *divest_others;
  GtkLabel         *resolve_label;
  GtkWidget        *resolve_choice_field;
  XqReasonDropdown *resolve_choice;
  GtkLabel         *strongest_label;
  XqReasonDropdown *strongest_choice;
  GtkWidget        *preview_scroller;
  GtkLabel         *preview_heading;
  GtkLabel         *refusal_label;
  GtkLabel         *preview_label;
  GtkWidget        *summary_label;
  GtkWidget        *record_button;
  GtkWidget        *suggest_button;
  GtkWidget        *suggest_spinner;

  /* built in code: one field per other player, in clockwise order from the actor */
  GtkWidget        *divest_fields[FX_MAX_PLAYERS];
  XqReasonDropdown *divest_dropdowns[FX_MAX_PLAYERS];
  int               divest_players[FX_MAX_PLAYERS];
  guint             n_divest_rows;
};

/* fx-move-bar.c, the centre, for its satellites: the widget, the moves its
 * forms describe, recording */
const FxSetup   *_fx_move_bar_get_setup       (FxMoveBar     *self);
void             _fx_move_bar_ensure_play     (FxMoveBar     *self);
void             _fx_move_bar_show_play       (FxMoveBar     *self,
                                               gboolean       shown);
FxMoveBarForm    _fx_move_bar_current_form    (FxMoveBar     *self);
GtkToggleButton *_fx_move_bar_form_toggle     (FxMoveBar     *self,
                                               FxMoveBarForm  form);
void             _fx_move_bar_form_changed    (FxMoveBar     *self);
guint            _fx_move_bar_get_dropdowns   (FxMoveBar     *self,
                                               XqReasonDropdown *out[FX_MOVE_BAR_MAX_DROPDOWNS]);
gboolean         _fx_move_bar_spot_available  (FxMoveBar     *self);
gboolean         _fx_move_bar_build_spot      (FxMoveBar     *self,
                                               FxMove        *spot);
char            *_fx_move_bar_capitalize      (const char    *sentence);
char            *_fx_move_bar_winners         (const FxSetup *setup,
                                               const FxState *state);

/* fx-move-bar-forms.c: each form filled from the rules, every option with
 * its standing; the player's choices kept */
void             _fx_move_bar_forms_update    (FxMoveBar     *self);
void             _fx_move_bar_forms_reset     (FxMoveBar     *self);

/* fx-move-bar-suggest.c: Suggest, the review's best turn filled in */
void             _fx_move_bar_suggest_init    (FxMoveBar     *self);
void             _fx_move_bar_suggest_action  (GtkWidget     *widget,
                                               const char    *action_name,
                                               GVariant      *parameter);
void             _fx_move_bar_suggest_cancel  (FxMoveBar     *self);
void             _fx_move_bar_suggest_update  (FxMoveBar     *self);

/* fx-move-bar-fold.c: side by side or stacked, folded or not */
void             _fx_move_bar_fold_init       (FxMoveBar     *self);
void             _fx_move_bar_apply_shape     (FxMoveBar     *self);
void             _fx_move_bar_set_folded      (FxMoveBar     *self,
                                               gboolean       folded);

G_END_DECLS
