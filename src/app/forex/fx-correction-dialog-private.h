/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the correction dialog's files share: its struct, the kinds and the spin helpers. */
#pragma once

#include <adwaita.h>

#include "fx-correction-dialog.h"
#include "fx-state.h"

G_BEGIN_DECLS

/* In the order of the kind row's model. */
typedef enum
{
  KIND_CASH,
  KIND_CERTS,
  KIND_PILE,
  KIND_PAIR,
  KIND_CONTRACT,
  KIND_LOAN,
  KIND_REMOVE,
  KIND_QUEUE,
  KIND_DIVIDENDS,
  KIND_LAST = KIND_DIVIDENDS,
} CorrectionKind;

/* One row of the queue form: its place stays, the item shown in it moves. */
typedef struct
{
  AdwActionRow *row;
  GtkWidget    *up;
  GtkWidget    *down;
} QueueSlot;

struct _FxCorrectionDialog
{
  AdwWindow       parent_instance;

  GtkWidget      *cancel_button;
  GtkWidget      *record_button;
  AdwComboRow    *kind_row;
  AdwComboRow    *player_row;
  GtkStringList  *player_names;
  AdwComboRow    *currency_row;
  GtkStringList  *currency_codes;
  AdwComboRow    *stronger_row;
  AdwComboRow    *weaker_row;
  AdwComboRow    *value_row;
  GtkStringList  *track_values;
  AdwActionRow   *amount_row;
  GtkSpinButton  *amount_spin;
  GtkAdjustment  *amount_adjustment;
  AdwEntryRow    *reason_row;
  GtkRevealer    *message_revealer;
  GtkLabel       *message_label;

  /* The table's elements (fx-correction-table-forms.c). */
  AdwComboRow    *letter_row;
  GtkStringList  *letter_codes;
  AdwComboRow    *owner_row;
  AdwComboRow    *pay_currency_row;
  AdwActionRow   *pay_amount_row;
  GtkSpinButton  *pay_amount_spin;
  AdwComboRow    *receive_currency_row;
  AdwActionRow   *receive_amount_row;
  GtkSpinButton  *receive_amount_spin;
  AdwActionRow   *dividends_row;
  GtkSpinButton  *dividends_spin;
  AdwPreferencesGroup *owed_group;
  AdwActionRow   *owed_rows[FX_N_CURRENCIES];
  GtkSpinButton  *owed_spins[FX_N_CURRENCIES];
  AdwPreferencesGroup *remove_group;
  GtkCheckButton *remove_checks[FX_N_LETTERS];   /* NULL: the letter is free */
  AdwPreferencesGroup *queue_group;
  QueueSlot       queue_slots[FX_QUEUE_MAX];
  FxQueueItem     queue_order[FX_QUEUE_MAX];     /* as the players arrange it, front first */
  guint8          queue_len;
  char           *letter_words[FX_N_LETTERS];    /* each letter as the app has it */

  XqSession      *session;
  gboolean        prefilling;
};

const FxSetup  *fx_correction_setup_of          (FxCorrectionDialog *self);
const FxState  *fx_correction_state_of          (FxCorrectionDialog *self);
guint           fx_correction_selected          (AdwComboRow        *row);
void            fx_correction_set_money         (GtkSpinButton      *spin,
                                                 double              lower,
                                                 double              upper,
                                                 XqAmount            value);
void            fx_correction_set_now           (AdwActionRow       *row,
                                                 const char         *text);
void            fx_correction_name_spin         (GtkSpinButton      *spin,
                                                 AdwPreferencesRow  *row);
void            fx_correction_update_validity   (FxCorrectionDialog *self);

/* fx-correction-table-forms.c: contracts, loans, removal, the queue and the dividend stack. */
void            fx_correction_table_class_init  (GtkWidgetClass     *widget_class);
void            fx_correction_table_init        (FxCorrectionDialog *self);
void            fx_correction_table_load        (FxCorrectionDialog *self);
void            fx_correction_table_dispose     (FxCorrectionDialog *self);
void            fx_correction_table_show        (FxCorrectionDialog *self,
                                                 CorrectionKind      kind);
void            fx_correction_table_commit      (FxCorrectionDialog *self);
void            fx_correction_table_build_move  (FxCorrectionDialog *self,
                                                 CorrectionKind      kind,
                                                 FxMove             *move);

G_END_DECLS
