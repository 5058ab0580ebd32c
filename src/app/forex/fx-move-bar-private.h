/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the move bar's files share: its struct and helpers. */
#pragma once

#include <adwaita.h>

#include "fx-move-bar.h"
#include "fx-state.h"

G_BEGIN_DECLS

/* The most options one dropdown offers: ten contract amounts, or "—" and the
 * seven currencies. */
#define CHOICE_MAX 16

/* A dropdown's options with the value behind each and, for those the rules
 * refuse now, the reason, shown in the option; they stay in the list. */
typedef struct
{
  FxMoveBar   *bar;
  GtkDropDown *dropdown;
  int          values[CHOICE_MAX];
  char        *reasons[CHOICE_MAX];   /* NULL: available */
  guint        n;
  /* The player chose this option: it is never changed for them. A default
   * (untouched) moves to the first available option when its own is refused. */
  gboolean     touched;
} Choice;

typedef enum
{
  FORM_CONTRACT,
  FORM_INVEST,
  FORM_DIVEST,
  FORM_RESOLVE,
  N_FORMS,
  FORM_NONE = N_FORMS,
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
  gboolean         wide;         /* the form and the preview side by side */
  gboolean         folded;       /* narrow: the form put away, the turn and Record shown */
  AdwMessageDialog *confirm;     /* asking before a move that ends the game */
  FxMove           pending[2];   /* what it will record */
  guint            n_pending;
  guint            pending_at;   /* the number of moves it was asked at */

  GCancellable    *suggesting;   /* the Suggest search under way, or NULL */

  /* template; from fold_button on, fx-move-bar-play.ui, NULL until built */
  GtkWidget       *header_box;
  GtkWidget       *title_box;
  GtkLabel        *turn_label;
  GtkLabel        *status_label;
  GtkWidget       *fold_button;
  GtkWidget       *form_scroller;
  GtkWidget       *form_box;
  GtkExpander     *spot_expander;
  GtkWidget       *spot_box;
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
  GtkLabel        *none_label;
  GtkDropDown     *contract_pay;
  GtkDropDown     *contract_receive;
  GtkDropDown     *contract_amount;
  GtkLabel        *contract_label;
  GtkDropDown     *invest_first;
  GtkDropDown     *invest_second;
  GtkLabel        *invest_label;
  GtkDropDown     *divest_currency;
  GtkLabel        *divest_count_label;
  GtkDropDown     *divest_count;
  GtkWidget       *divest_others;
  GtkLabel        *resolve_label;
  GtkWidget       *resolve_choice_field;
  GtkDropDown     *resolve_choice;
  GtkLabel        *strongest_label;
  GtkDropDown     *strongest_choice;
  GtkWidget       *preview_scroller;
  GtkLabel        *preview_heading;
  GtkLabel        *refusal_label;
  GtkLabel        *preview_label;
  GtkWidget       *summary_label;
  GtkWidget       *record_button;
  GtkWidget       *suggest_button;
  GtkWidget       *suggest_spinner;

  /* built in code: one field per other player, in clockwise order from the actor */
  GtkWidget       *divest_fields[FX_MAX_PLAYERS];
  int              divest_players[FX_MAX_PLAYERS];
  guint            n_divest_rows;

  Choice           c_spot_other, c_spot_give, c_spot_take;
  Choice           c_contract_pay, c_contract_receive, c_contract_amount;
  Choice           c_invest_first, c_invest_second;
  Choice           c_divest_currency, c_divest_count;
  Choice           c_divest_others[FX_MAX_PLAYERS];
  Choice           c_resolve_choice, c_strongest_choice;
};

/* fx-move-bar.c: the widget, its forms built, recording */
void             fx_move_bar_ensure_play     (FxMoveBar     *self);
const FxSetup   *fx_move_bar_get_setup       (FxMoveBar     *self);
Form             fx_move_bar_current_form    (FxMoveBar     *self);
GtkToggleButton *fx_move_bar_form_toggle     (FxMoveBar     *self,
                                              Form           form);

/* fx-move-bar-preview.c: the moves the forms describe, the preview */
gboolean         fx_move_bar_spot_available  (FxMoveBar     *self);
gboolean         fx_move_bar_build_spot      (FxMoveBar     *self,
                                              FxMove        *spot);
gboolean         fx_move_bar_build_action    (FxMoveBar     *self,
                                              FxMove        *action);
guint            fx_move_bar_build_moves     (FxMoveBar     *self,
                                              FxMove         moves[2]);
void             fx_move_bar_show_preview    (FxMoveBar     *self,
                                              const char    *heading,
                                              const char    *refusal,
                                              const char    *text,
                                              const char    *summary);
void             fx_move_bar_update_preview  (FxMoveBar     *self);
char            *fx_move_bar_capitalize      (const char    *sentence);
char            *fx_move_bar_winners         (const FxSetup *setup,
                                              const FxState *state);

/* fx-move-bar-layout.c: side by side or stacked, folded or not */
GtkSizeRequestMode fx_move_bar_get_request_mode (GtkWidget  *widget);
void             fx_move_bar_measure         (GtkWidget      *widget,
                                              GtkOrientation  orientation,
                                              int             for_size,
                                              int            *minimum,
                                              int            *natural,
                                              int            *minimum_baseline,
                                              int            *natural_baseline);
void             fx_move_bar_size_allocate   (GtkWidget     *widget,
                                              int            width,
                                              int            height,
                                              int            baseline);
void             fx_move_bar_show_play       (FxMoveBar     *self,
                                              gboolean       shown);
void             fx_move_bar_set_folded      (FxMoveBar     *self,
                                              gboolean       folded);

/* fx-move-bar-suggest.c: Suggest, the review's best turn filled in */
void             fx_move_bar_suggest_init    (FxMoveBar     *self);
void             fx_move_bar_suggest_action  (GtkWidget     *widget,
                                              const char    *action_name,
                                              GVariant      *parameter);
void             fx_move_bar_suggest_cancel  (FxMoveBar     *self);
void             fx_move_bar_suggest_update  (FxMoveBar     *self);

/* fx-move-bar-choice.c: dropdowns whose refused options say why */
void             fx_move_bar_choice_init     (FxMoveBar     *self,
                                              Choice        *c,
                                              GtkDropDown   *dropdown);
void             fx_move_bar_choice_set      (Choice        *c,
                                              guint          n,
                                              const char   **labels,
                                              const int     *values,
                                              char         **reasons,
                                              gboolean       by_position);
void             fx_move_bar_choice_reset    (Choice        *c);
void             fx_move_bar_choice_clear    (Choice        *c);
gboolean         fx_move_bar_choice_get      (const Choice  *c,
                                              int           *value);
int              fx_move_bar_choice_value    (const Choice  *c,
                                              int            fallback);
const char      *fx_move_bar_choice_reason   (const Choice  *c);
gboolean         fx_move_bar_choice_select   (Choice        *c,
                                              int            value);

/* fx-move-bar-forms.c: filling each form, every option with its standing */
void             fx_move_bar_update_forms    (FxMoveBar     *self);
void             fx_move_bar_reset_forms     (FxMoveBar     *self);

G_END_DECLS
