/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the correction dialog's files share: its struct, the kinds and the
 * spin helpers. A star: fx-correction-dialog.c is the centre and its
 * satellite, -table.c, calls only it (tests/check-star.py checks it). */
#pragma once

#include <adwaita.h>

#include "fx-correction-dialog.h"
#include "fx-state.h"

G_BEGIN_DECLS

/* In the order of the kind row's model. */
typedef enum
{
  FX_CORRECTION_DIALOG_KIND_CASH,
  FX_CORRECTION_DIALOG_KIND_CERTS,
  FX_CORRECTION_DIALOG_KIND_PILE,
  FX_CORRECTION_DIALOG_KIND_PAIR,
  FX_CORRECTION_DIALOG_KIND_CONTRACT,
  FX_CORRECTION_DIALOG_KIND_LOAN,
  FX_CORRECTION_DIALOG_KIND_REMOVE,
  FX_CORRECTION_DIALOG_KIND_QUEUE,
  FX_CORRECTION_DIALOG_KIND_DIVIDENDS,
  FX_CORRECTION_DIALOG_KIND_LAST = FX_CORRECTION_DIALOG_KIND_DIVIDENDS,
} FxCorrectionDialogKind;

/* One row of the queue form: its place stays, the item shown in it moves. */
typedef struct
{
  AdwActionRow *row;
  GtkWidget    *up;
  GtkWidget    *down;
} FxCorrectionDialogQueueSlot;

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

  /* The table's elements (fx-correction-dialog-table.c). */
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
  FxCorrectionDialogQueueSlot       queue_slots[FX_QUEUE_MAX];
  FxQueueItem     queue_order[FX_QUEUE_MAX];     /* as the players arrange it, front first */
  guint8          queue_len;
  char           *letter_words[FX_N_LETTERS];    /* each letter as the app has it */

  XqSession      *session;
  gboolean        prefilling;
};

const FxSetup  *_fx_correction_dialog_setup_of          (FxCorrectionDialog *self);
const FxState  *_fx_correction_dialog_state_of          (FxCorrectionDialog *self);
guint           _fx_correction_dialog_selected          (AdwComboRow        *row);
void            _fx_correction_dialog_set_money         (GtkSpinButton      *spin,
                                                         double              lower,
                                                         double              upper,
                                                         XqAmount            value);
void            _fx_correction_dialog_set_now           (AdwActionRow       *row,
                                                         const char         *text);
void            _fx_correction_dialog_name_spin         (GtkSpinButton      *spin,
                                                         AdwPreferencesRow  *row);
void            _fx_correction_dialog_update_validity   (FxCorrectionDialog *self);

/* fx-correction-dialog-table.c: contracts, loans, removal, the queue and the dividend stack. */
void            _fx_correction_dialog_table_class_init  (GtkWidgetClass     *widget_class);
void            _fx_correction_dialog_table_init        (FxCorrectionDialog *self);
void            _fx_correction_dialog_table_load        (FxCorrectionDialog *self);
void            _fx_correction_dialog_table_dispose     (FxCorrectionDialog *self);
void            _fx_correction_dialog_table_show        (FxCorrectionDialog *self,
                                                         FxCorrectionDialogKind  kind);
void            _fx_correction_dialog_table_commit      (FxCorrectionDialog *self);
void            _fx_correction_dialog_table_build_move  (FxCorrectionDialog *self,
                                                         FxCorrectionDialogKind  kind,
                                                         FxMove             *move);

G_END_DECLS
