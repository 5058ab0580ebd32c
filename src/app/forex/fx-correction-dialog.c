/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The correction dialog, the centre of its star: the kind of correction, the
 * forms for the players' own numbers and the board, the required reason, and
 * recording it. Its satellite fx-correction-dialog-table.c holds the forms
 * for what lies in the queue, and calls only this file. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-amount-spin.h"
#include "fx-correction-dialog-private.h"
#include "fx-display.h"
#include "fx-game.h"
#include "fx-state.h"
#include "xq-a11y.h"
#include "xq-reason-limit.h"

G_DEFINE_FINAL_TYPE (FxCorrectionDialog, fx_correction_dialog, ADW_TYPE_WINDOW)

const FxSetup *
_fx_correction_dialog_setup_of (FxCorrectionDialog *self)
{
  return xq_session_get_setup (self->session);
}

const FxState *
_fx_correction_dialog_state_of (FxCorrectionDialog *self)
{
  return xq_session_get_state (self->session);
}

static FxCorrectionDialogKind
kind_of (FxCorrectionDialog *self)
{
  return (FxCorrectionDialogKind) MIN (adw_combo_row_get_selected (self->kind_row), FX_CORRECTION_DIALOG_KIND_LAST);
}

guint
_fx_correction_dialog_selected (AdwComboRow *row)
{
  guint position = adw_combo_row_get_selected (row);

  return position == GTK_INVALID_LIST_POSITION ? 0 : position;
}

static void
show_message (FxCorrectionDialog *self,
              const char         *message)
{
  if (message != NULL)
    {
      g_autofree char *sentence = NULL;
      gunichar first = g_utf8_get_char (message);
      char buf[8];
      int len = g_unichar_to_utf8 (g_unichar_totitle (first), buf);

      /* The engine's sentences start in lower case to fit inside longer
       * lines; alone under the form they start with a capital. */
      sentence = *message != '\0' ? g_strdup_printf ("%.*s%s", len, buf, g_utf8_next_char (message))
                                  : g_strdup (message);
      gtk_label_set_text (self->message_label, sentence);
    }
  gtk_revealer_set_reveal_child (self->message_revealer, message != NULL);
}

static void
build_move (FxCorrectionDialog *self,
            FxMove             *move)
{
  switch (kind_of (self))
    {
    case FX_CORRECTION_DIALOG_KIND_CASH:
      fx_move_init (move, FX_MOVE_CORRECT_CASH);
      move->other = (gint8) _fx_correction_dialog_selected (self->player_row);
      move->cur[0] = (gint8) _fx_correction_dialog_selected (self->currency_row);
      move->amount = fx_amount_spin_get (self->amount_spin);
      break;
    case FX_CORRECTION_DIALOG_KIND_CERTS:
      fx_move_init (move, FX_MOVE_CORRECT_CERTS);
      move->other = (gint8) _fx_correction_dialog_selected (self->player_row);
      move->cur[0] = (gint8) _fx_correction_dialog_selected (self->currency_row);
      move->amount = gtk_spin_button_get_value_as_int (self->amount_spin);
      break;
    case FX_CORRECTION_DIALOG_KIND_PILE:
      fx_move_init (move, FX_MOVE_CORRECT_PILE);
      move->cur[0] = (gint8) _fx_correction_dialog_selected (self->currency_row);
      move->amount = gtk_spin_button_get_value_as_int (self->amount_spin);
      break;
    case FX_CORRECTION_DIALOG_KIND_PAIR:
      fx_move_init (move, FX_MOVE_CORRECT_PAIR);
      move->cur[0] = (gint8) _fx_correction_dialog_selected (self->stronger_row);
      move->cur[1] = (gint8) _fx_correction_dialog_selected (self->weaker_row);
      move->amount = fx_track_value (MIN (_fx_correction_dialog_selected (self->value_row), FX_LAST_SPACE));
      break;
    case FX_CORRECTION_DIALOG_KIND_CONTRACT:
    case FX_CORRECTION_DIALOG_KIND_LOAN:
    case FX_CORRECTION_DIALOG_KIND_REMOVE:
    case FX_CORRECTION_DIALOG_KIND_QUEUE:
    case FX_CORRECTION_DIALOG_KIND_DIVIDENDS:
    default:
      _fx_correction_dialog_table_build_move (self, kind_of (self), move);
      break;
    }
}

/* As you type: what the engine would say of the correction (a reason may
 * hold any characters: XQN escapes quotes); a missing reason is only pointed
 * out when recording. */
void
_fx_correction_dialog_update_validity (FxCorrectionDialog *self)
{
  g_autoptr(GError) error = NULL;
  FxMove move;

  if (self->prefilling)
    return;
  build_move (self, &move);
  if (!fx_state_validate (_fx_correction_dialog_setup_of (self), _fx_correction_dialog_state_of (self), &move, &error))
    show_message (self, error->message);
  else
    show_message (self, NULL);
}

static void
set_spin (FxCorrectionDialog *self,
          double              lower,
          double              upper,
          double              step,
          guint               digits,
          double              value)
{
  gtk_spin_button_set_digits (self->amount_spin, digits);
  gtk_spin_button_set_increments (self->amount_spin, step, step * 10);
  gtk_spin_button_set_range (self->amount_spin, lower, upper);
  gtk_spin_button_set_snap_to_ticks (self->amount_spin, TRUE);
  gtk_spin_button_set_value (self->amount_spin, value);
  /* The same value may need another look (digits changed), so format anew. */
  fx_amount_spin_show (self->amount_spin);
}

/* A money spin button of the table forms, set to @value half-bucks. */
void
_fx_correction_dialog_set_money (GtkSpinButton *spin,
                                 double         lower,
                                 double         upper,
                                 XqAmount       value)
{
  gtk_spin_button_set_digits (spin, 1);
  gtk_spin_button_set_increments (spin, 0.5, 5);
  gtk_spin_button_set_range (spin, lower, upper);
  gtk_spin_button_set_snap_to_ticks (spin, TRUE);
  gtk_spin_button_set_value (spin, value / 2.0);
  fx_amount_spin_show (spin);
}

/* The spin button's accessible name: its row's title without the mnemonic. */
void
_fx_correction_dialog_name_spin (GtkSpinButton     *spin,
                                 AdwPreferencesRow *row)
{
  const char *label = adw_preferences_row_get_title (row);
  g_autofree char *plain = g_strdup (label);
  char *w = plain;

  for (const char *r = label; *r; r++)
    if (*r != '_')
      *w++ = *r;
  *w = '\0';
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, plain, -1);
}

void
_fx_correction_dialog_set_now (AdwActionRow *row,
                               const char   *text)
{
  g_autofree char *subtitle = g_strdup_printf (_("The app has %s"), text);

  adw_action_row_set_subtitle (row, subtitle);
}

/* The pair's counter as the app has it, whichever way round it was asked. */
static void
prefill_pair (FxCorrectionDialog *self)
{
  const FxBoard *board = &_fx_correction_dialog_state_of (self)->board;
  FxCurrency stronger = _fx_correction_dialog_selected (self->stronger_row);
  FxCurrency weaker = _fx_correction_dialog_selected (self->weaker_row);
  g_autofree char *now = NULL;
  guint space = 0;

  if (stronger == weaker)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->value_row), NULL);
      return;
    }
  now = fx_display_pair (board, fx_pair_index (stronger, weaker));
  _fx_correction_dialog_set_now (ADW_ACTION_ROW (self->value_row), now);
  /* The other way round the nearest value is 1, where the counter flips. */
  if (fx_board_stronger (board, stronger, weaker) == stronger)
    space = (guint) board->pairs[fx_pair_index (stronger, weaker)].space;
  adw_combo_row_set_selected (self->value_row, space);
}

/* Fills in what the app has now, so the player changes only what is wrong. */
static void
prefill (FxCorrectionDialog *self)
{
  const FxState *state = _fx_correction_dialog_state_of (self);
  FxCorrectionDialogKind kind = kind_of (self);
  guint player = _fx_correction_dialog_selected (self->player_row);
  FxCurrency currency = _fx_correction_dialog_selected (self->currency_row);
  g_autofree char *now = NULL;

  self->prefilling = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (self->player_row), kind == FX_CORRECTION_DIALOG_KIND_CASH || kind == FX_CORRECTION_DIALOG_KIND_CERTS);
  gtk_widget_set_visible (GTK_WIDGET (self->currency_row), kind <= FX_CORRECTION_DIALOG_KIND_PILE);
  gtk_widget_set_visible (GTK_WIDGET (self->stronger_row), kind == FX_CORRECTION_DIALOG_KIND_PAIR);
  gtk_widget_set_visible (GTK_WIDGET (self->weaker_row), kind == FX_CORRECTION_DIALOG_KIND_PAIR);
  gtk_widget_set_visible (GTK_WIDGET (self->value_row), kind == FX_CORRECTION_DIALOG_KIND_PAIR);
  gtk_widget_set_visible (GTK_WIDGET (self->amount_row), kind <= FX_CORRECTION_DIALOG_KIND_PILE);
  _fx_correction_dialog_table_show (self, kind);

  switch (kind)
    {
    case FX_CORRECTION_DIALOG_KIND_CASH:
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->amount_row), _("_Amount"));
      set_spin (self, 0, XQ_AMOUNT_MAX / 2, 0.5, 1, state->cash[player][currency] / 2.0);
      now = fx_display_money (state->cash[player][currency], currency);
      _fx_correction_dialog_set_now (self->amount_row, now);
      break;
    case FX_CORRECTION_DIALOG_KIND_CERTS:
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->amount_row), _("_Certificates Held"));
      set_spin (self, 0, FX_MAX_CERTS_HELD, 1, 0, state->certs[player][currency]);
      now = g_strdup_printf ("%u", state->certs[player][currency]);
      _fx_correction_dialog_set_now (self->amount_row, now);
      break;
    case FX_CORRECTION_DIALOG_KIND_PILE:
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->amount_row), _("Certificates in the _Pile"));
      set_spin (self, 0, FX_CERTS_PER_CURRENCY, 1, 0, state->pile[currency]);
      now = g_strdup_printf ("%u", state->pile[currency]);
      _fx_correction_dialog_set_now (self->amount_row, now);
      break;
    case FX_CORRECTION_DIALOG_KIND_PAIR:
      if (_fx_correction_dialog_selected (self->stronger_row) == _fx_correction_dialog_selected (self->weaker_row))
        {
          FxCurrency a, b;

          /* Start from the first counter on the board, the way it lies. */
          fx_pair_currencies (0, &a, &b);
          if (fx_board_stronger (&state->board, a, b) != a)
            {
              FxCurrency t = a;

              a = b;
              b = t;
            }
          adw_combo_row_set_selected (self->stronger_row, a);
          adw_combo_row_set_selected (self->weaker_row, b);
        }
      prefill_pair (self);
      break;
    case FX_CORRECTION_DIALOG_KIND_CONTRACT:
    case FX_CORRECTION_DIALOG_KIND_LOAN:
    case FX_CORRECTION_DIALOG_KIND_REMOVE:
    case FX_CORRECTION_DIALOG_KIND_QUEUE:
    case FX_CORRECTION_DIALOG_KIND_DIVIDENDS:
    default:
      /* Their forms were filled in by _fx_correction_dialog_table_show(). */
      break;
    }
  _fx_correction_dialog_name_spin (self->amount_spin, ADW_PREFERENCES_ROW (self->amount_row));

  self->prefilling = FALSE;
  _fx_correction_dialog_update_validity (self);
}

static void
pair_changed (FxCorrectionDialog *self)
{
  if (self->prefilling || kind_of (self) != FX_CORRECTION_DIALOG_KIND_PAIR)
    return;
  self->prefilling = TRUE;
  prefill_pair (self);
  self->prefilling = FALSE;
  _fx_correction_dialog_update_validity (self);
}

static void
selection_changed (FxCorrectionDialog *self)
{
  if (!self->prefilling && self->session != NULL)
    prefill (self);
}

static void
reason_refused (gpointer    owner,
                const char *sentence)
{
  show_message (FX_CORRECTION_DIALOG (owner), sentence);
}

static void
input_changed (FxCorrectionDialog *self)
{
  if (self->session != NULL)
    _fx_correction_dialog_update_validity (self);
}

static void
record_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  FxCorrectionDialog *self = FX_CORRECTION_DIALOG (widget);
  g_autofree char *reason = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->reason_row))));
  g_autoptr(GError) error = NULL;
  FxMove move;

  /* Make sure a value typed but not yet committed counts. */
  gtk_spin_button_update (self->amount_spin);
  _fx_correction_dialog_table_commit (self);
  build_move (self, &move);
  if (*reason == '\0')
    {
      show_message (self, _("A correction needs a reason: say what went wrong at the table"));
      gtk_widget_grab_focus (GTK_WIDGET (self->reason_row));
      return;
    }
  if (!fx_state_validate (_fx_correction_dialog_setup_of (self), _fx_correction_dialog_state_of (self), &move, &error)
      || !xq_session_play (self->session, &move, reason, &error))
    {
      show_message (self, error->message);
      return;
    }
  gtk_window_close (GTK_WINDOW (self));
}

static void
fx_correction_dialog_dispose (GObject *object)
{
  FxCorrectionDialog *self = FX_CORRECTION_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_CORRECTION_DIALOG);
  g_clear_object (&self->session);
  _fx_correction_dialog_table_dispose (self);
  G_OBJECT_CLASS (fx_correction_dialog_parent_class)->dispose (object);
}

static void
fx_correction_dialog_class_init (FxCorrectionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_correction_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-correction-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, record_button);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, kind_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, player_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, player_names);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, currency_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, currency_codes);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, stronger_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, weaker_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, value_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, track_values);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, amount_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, amount_spin);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, amount_adjustment);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, reason_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, message_label);
  _fx_correction_dialog_table_class_init (widget_class);

  gtk_widget_class_install_action (widget_class, "correction.record", NULL, record_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
fx_correction_dialog_init (FxCorrectionDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    gtk_string_list_append (self->currency_codes, fx_currency_code (c));
  for (guint space = 0; space < FX_N_SPACES; space++)
    {
      g_autofree char *value = fx_display_amount (fx_track_value (space));

      gtk_string_list_append (self->track_values, value);
    }

  fx_amount_spin_setup (self->amount_spin);
  _fx_correction_dialog_table_init (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->record_button);
  xq_a11y_name_all_below (GTK_WIDGET (self));
}

FxCorrectionDialog *
fx_correction_dialog_new (GtkWindow *parent,
                          XqSession *session)
{
  FxCorrectionDialog *self;
  const FxSetup *setup;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);
  g_return_val_if_fail (xq_session_get_game (session) == fx_game_get (), NULL);

  self = g_object_new (FX_TYPE_CORRECTION_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->session = g_object_ref (session);

  setup = _fx_correction_dialog_setup_of (self);
  for (int p = 0; p < setup->n_players; p++)
    gtk_string_list_append (self->player_names, setup->names[p]);

  g_signal_connect_object (self->kind_row, "notify::selected", G_CALLBACK (selection_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->player_row, "notify::selected", G_CALLBACK (selection_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->currency_row, "notify::selected", G_CALLBACK (selection_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->stronger_row, "notify::selected", G_CALLBACK (pair_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->weaker_row, "notify::selected", G_CALLBACK (pair_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->value_row, "notify::selected", G_CALLBACK (input_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->amount_spin, "value-changed", G_CALLBACK (input_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->reason_row, "changed", G_CALLBACK (input_changed), self, G_CONNECT_SWAPPED);
  xq_reason_limit_attach (GTK_EDITABLE (self->reason_row), reason_refused, self);

  _fx_correction_dialog_table_load (self);
  prefill (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->kind_row));
  return self;
}
