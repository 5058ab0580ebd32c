/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The correction dialog's forms for what lies in the queue, its one job: a
 * contract's terms, a loan's debts, a letter taken away, the queue's order
 * and the dividend cards left. They are filled in from the table as the app
 * has it and read back into a correction move; the rules judge it. A
 * satellite of fx-correction-dialog.c: it calls only the main file. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-amount-spin.h"
#include "fx-correction-dialog-private.h"
#include "fx-display.h"

/* How a contract or a loan reads wherever the players choose one: the same
 * words in the letter list, under the letter row and in the removal list. */
static char *
describe_letter (const FxSetup *setup,
                 const FxState *s,
                 int            l)
{
  const FxLetter *letter = &s->letters[l];

  switch ((FxLetterUse) letter->use)
    {
    case FX_LETTER_CONTRACT:
      {
        g_autofree char *pay = fx_display_money (letter->pay_amount, letter->pay);
        g_autofree char *receive = fx_display_money (letter->receive_amount, letter->receive);

        /* TRANSLATORS: "Contract B: Ann pays 5 USD, receives 6 EUR" */
        return g_strdup_printf (_("Contract %c: %s pays %s, receives %s"), 'A' + l, setup->names[letter->owner],
                                pay, receive);
      }
    case FX_LETTER_LOAN:
      {
        g_autofree char *owed = fx_display_owed (letter->owed);

        /* TRANSLATORS: "Loan A: Bob owes 3 GBP and 3 CAD" */
        return g_strdup_printf (_("Loan %c: %s owes %s"), 'A' + l, setup->names[letter->owner], owed);
      }
    case FX_LETTER_FREE:
    default:
      /* TRANSLATORS: a contract or loan letter not in use; choosing it adds one */
      return g_strdup_printf (_("%c is free: the correction adds it at the back of the queue"), 'A' + l);
    }
}

/* A queue item as the queue view names it. */
static char *
describe_item (const FxSetup     *setup,
               const FxState     *s,
               const FxQueueItem *item)
{
  const FxLetter *letter = &s->letters[item->letter];

  if (item->kind == FX_ITEM_DIVIDENDS)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Dividend: card %d next, %u card left",
                                         "Dividend: card %d next, %u cards left", s->dividends_left),
                            FX_N_DIVIDEND_CARDS - s->dividends_left, s->dividends_left);
  if (letter->use == FX_LETTER_LOAN)
    return g_strdup_printf (_("Loan %c (%s)"), 'A' + item->letter, setup->names[letter->owner]);
  return g_strdup_printf (_("Contract %c (%s)"), 'A' + item->letter, setup->names[letter->owner]);
}

static void
changed (FxCorrectionDialog *self)
{
  if (self->session != NULL && !self->prefilling)
    _fx_correction_dialog_update_validity (self);
}

/* -- the letter list: each letter in words, wrapped, in the popover ------- */

static void
letter_mark_selected (AdwComboRow *row,
                      GParamSpec  *pspec,
                      GtkListItem *item)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_opacity (check, adw_combo_row_get_selected (row) == gtk_list_item_get_position (item) ? 1 : 0);
}

static void
letter_item_setup (GtkSignalListItemFactory *factory,
                   GtkListItem              *item,
                   FxCorrectionDialog       *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (item, box);
}

static void
letter_item_bind (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  FxCorrectionDialog       *self)
{
  guint position = gtk_list_item_get_position (item);
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));

  g_assert (position < FX_N_LETTERS);
  gtk_label_set_text (GTK_LABEL (label), self->letter_words[position]);
  g_signal_connect_object (self->letter_row, "notify::selected", G_CALLBACK (letter_mark_selected), item, 0);
  letter_mark_selected (self->letter_row, NULL, item);
}

static void
letter_item_unbind (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    FxCorrectionDialog       *self)
{
  /* While the dialog is disposed its rows are let go first; the handler then
   * goes with the list item (connected with g_signal_connect_object). */
  if (self->letter_row != NULL)
    g_signal_handlers_disconnect_by_func (self->letter_row, letter_mark_selected, item);
}

/* -- contract and loan ----------------------------------------------------- */

static guint
first_letter (const FxState *s,
              FxLetterUse    use)
{
  for (guint l = 0; l < FX_N_LETTERS; l++)
    if (s->letters[l].use == use)
      return l;
  for (guint l = 0; l < FX_N_LETTERS; l++)
    if (s->letters[l].use == FX_LETTER_FREE)
      return l;
  return 0;
}

/* The chosen letter's terms, so the players change only what is wrong. A loan
 * turned contract or a contract turned loan keeps its owner; a contract
 * turned loan owes what it promised, as an unpaid contract would. */
static void
prefill_letter (FxCorrectionDialog *self,
                FxCorrectionDialogKind      kind)
{
  const FxState *s = _fx_correction_dialog_state_of (self);
  guint l = _fx_correction_dialog_selected (self->letter_row);
  const FxLetter *letter = &s->letters[l];

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->letter_row), self->letter_words[l]);
  if (letter->use != FX_LETTER_FREE)
    adw_combo_row_set_selected (self->owner_row, (guint) letter->owner);

  if (kind == FX_CORRECTION_DIALOG_KIND_CONTRACT)
    {
      if (letter->use == FX_LETTER_CONTRACT)
        {
          adw_combo_row_set_selected (self->pay_currency_row, (guint) letter->pay);
          adw_combo_row_set_selected (self->receive_currency_row, (guint) letter->receive);
        }
      else if (_fx_correction_dialog_selected (self->pay_currency_row) == _fx_correction_dialog_selected (self->receive_currency_row))
        adw_combo_row_set_selected (self->receive_currency_row,
                                    (_fx_correction_dialog_selected (self->pay_currency_row) + 1) % FX_N_CURRENCIES);
      _fx_correction_dialog_set_money (self->pay_amount_spin, 0, 80,
                               letter->use == FX_LETTER_CONTRACT ? letter->pay_amount : XQ_BUCKS (1));
      _fx_correction_dialog_set_money (self->receive_amount_spin, 0, 80,
                               letter->use == FX_LETTER_CONTRACT ? letter->receive_amount : XQ_BUCKS (1));
    }
  else
    for (int c = 0; c < FX_N_CURRENCIES; c++)
      {
        XqAmount owed = 0;

        if (letter->use == FX_LETTER_LOAN)
          owed = letter->owed[c];
        else if (letter->use == FX_LETTER_CONTRACT && letter->pay == c)
          owed = letter->pay_amount;
        _fx_correction_dialog_set_money (self->owed_spins[c], 0, XQ_AMOUNT_MAX / 2, owed);
      }
}

static void
letter_changed (FxCorrectionDialog *self)
{
  FxCorrectionDialogKind kind = (FxCorrectionDialogKind) adw_combo_row_get_selected (self->kind_row);

  if (self->session == NULL || self->prefilling || (kind != FX_CORRECTION_DIALOG_KIND_CONTRACT && kind != FX_CORRECTION_DIALOG_KIND_LOAN))
    return;
  self->prefilling = TRUE;
  prefill_letter (self, kind);
  self->prefilling = FALSE;
  _fx_correction_dialog_update_validity (self);
}

/* -- the queue's order ----------------------------------------------------- */

static void
queue_refresh (FxCorrectionDialog *self)
{
  const FxSetup *setup = _fx_correction_dialog_setup_of (self);
  const FxState *s = _fx_correction_dialog_state_of (self);

  for (guint i = 0; i < self->queue_len; i++)
    {
      FxCorrectionDialogQueueSlot *slot = &self->queue_slots[i];
      g_autofree char *words = describe_item (setup, s, &self->queue_order[i]);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (slot->row), words);
      gtk_widget_set_sensitive (slot->up, i > 0);
      gtk_widget_set_sensitive (slot->down, i + 1 < self->queue_len);
    }
}

/* Moves the item in slot @from to @to, and keyboard focus with it: a player
 * pressing Move Up again moves the same item on. At the end of the list,
 * where that button goes insensitive, focus takes the other one. */
static void
queue_move (FxCorrectionDialog *self,
            GtkWidget          *button,
            int                 step)
{
  guint from = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "slot"));
  guint to = from + (guint) step;
  FxQueueItem item;
  FxCorrectionDialogQueueSlot *slot;

  if (to >= self->queue_len)
    return;
  item = self->queue_order[from];
  self->queue_order[from] = self->queue_order[to];
  self->queue_order[to] = item;
  queue_refresh (self);
  slot = &self->queue_slots[to];
  if (step < 0)
    gtk_widget_grab_focus (to > 0 ? slot->up : slot->down);
  else
    gtk_widget_grab_focus (to + 1 < self->queue_len ? slot->down : slot->up);
  changed (self);
}

static void
queue_up_clicked (GtkWidget          *button,
                  FxCorrectionDialog *self)
{
  queue_move (self, button, -1);
}

static void
queue_down_clicked (GtkWidget          *button,
                    FxCorrectionDialog *self)
{
  queue_move (self, button, 1);
}

static GtkWidget *
queue_button (const char *icon_name,
              const char *tooltip,
              const char *label,
              guint       slot)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_object_set_data (G_OBJECT (button), "slot", GUINT_TO_POINTER (slot));
  return button;
}

static void
load_queue (FxCorrectionDialog *self)
{
  const FxState *s = _fx_correction_dialog_state_of (self);

  self->queue_len = s->queue_len;
  memcpy (self->queue_order, s->queue, sizeof (FxQueueItem) * s->queue_len);
  for (guint i = 0; i < self->queue_len; i++)
    {
      FxCorrectionDialogQueueSlot *slot = &self->queue_slots[i];
      g_autofree char *place = g_strdup_printf ("%u", i + 1);
      g_autofree char *up_label = g_strdup_printf (_("Move queue item %u up"), i + 1);
      g_autofree char *down_label = g_strdup_printf (_("Move queue item %u down"), i + 1);
      GtkWidget *number = gtk_label_new (place);

      slot->row = ADW_ACTION_ROW (adw_action_row_new ());
      gtk_widget_add_css_class (number, "dim-label");
      gtk_widget_add_css_class (number, "numeric");
      gtk_label_set_width_chars (GTK_LABEL (number), 2);
      gtk_accessible_update_property (GTK_ACCESSIBLE (number), GTK_ACCESSIBLE_PROPERTY_LABEL, place, -1);
      adw_action_row_add_prefix (slot->row, number);
      slot->up = queue_button ("go-up-symbolic", _("Move Up"), up_label, i);
      slot->down = queue_button ("go-down-symbolic", _("Move Down"), down_label, i);
      adw_action_row_add_suffix (slot->row, slot->up);
      adw_action_row_add_suffix (slot->row, slot->down);
      g_signal_connect (slot->up, "clicked", G_CALLBACK (queue_up_clicked), self);
      g_signal_connect (slot->down, "clicked", G_CALLBACK (queue_down_clicked), self);
      adw_preferences_group_add (self->queue_group, GTK_WIDGET (slot->row));
    }
  if (self->queue_len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("The queue is empty"));
      adw_preferences_group_add (self->queue_group, row);
    }
  queue_refresh (self);
}

/* -- removal --------------------------------------------------------------- */

static void
load_removal (FxCorrectionDialog *self)
{
  const FxState *s = _fx_correction_dialog_state_of (self);
  GtkCheckButton *group = NULL;

  /* In queue order: the order the players see the contracts on the table. */
  for (guint i = 0; i < s->queue_len; i++)
    {
      int l = s->queue[i].letter;
      GtkWidget *row, *check;

      if (s->queue[i].kind == FX_ITEM_DIVIDENDS)
        continue;
      row = adw_action_row_new ();
      check = gtk_check_button_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), self->letter_words[l]);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), group == NULL);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, self->letter_words[l],
                                      -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (changed), self);
      adw_preferences_group_add (self->remove_group, row);
      group = GTK_CHECK_BUTTON (check);
      self->remove_checks[l] = group;
    }
  if (group == NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No contract or loan is in play"));
      adw_preferences_group_add (self->remove_group, row);
    }
}

/* -- the dialog's side ----------------------------------------------------- */

void
_fx_correction_dialog_table_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, letter_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, letter_codes);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, owner_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, pay_currency_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, pay_amount_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, pay_amount_spin);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, receive_currency_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, receive_amount_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, receive_amount_spin);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, dividends_row);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, dividends_spin);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, owed_group);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, remove_group);
  gtk_widget_class_bind_template_child (widget_class, FxCorrectionDialog, queue_group);
}

/* The widgets that do not depend on the game: a row per currency for the
 * loan, the letter list, and the money spin buttons. */
void
_fx_correction_dialog_table_init (FxCorrectionDialog *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (letter_item_setup), self);
  g_signal_connect (factory, "bind", G_CALLBACK (letter_item_bind), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (letter_item_unbind), self);
  adw_combo_row_set_list_factory (self->letter_row, factory);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      GtkAdjustment *adjustment = gtk_adjustment_new (0, 0, XQ_AMOUNT_MAX / 2, 0.5, 5, 0);
      GtkWidget *spin = gtk_spin_button_new (adjustment, 0.5, 1);
      g_autofree char *name = g_strdup_printf (_("%s owed"), fx_currency_code (c));

      self->owed_rows[c] = ADW_ACTION_ROW (adw_action_row_new ());
      self->owed_spins[c] = GTK_SPIN_BUTTON (spin);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->owed_rows[c]), fx_currency_code (c));
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_editable_set_width_chars (GTK_EDITABLE (spin), 6);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      fx_amount_spin_setup (self->owed_spins[c]);
      adw_action_row_add_suffix (self->owed_rows[c], spin);
      adw_action_row_set_activatable_widget (self->owed_rows[c], spin);
      adw_preferences_group_add (self->owed_group, GTK_WIDGET (self->owed_rows[c]));
      g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (changed), self);
    }

  fx_amount_spin_setup (self->pay_amount_spin);
  fx_amount_spin_setup (self->receive_amount_spin);
  _fx_correction_dialog_name_spin (self->pay_amount_spin, ADW_PREFERENCES_ROW (self->pay_amount_row));
  _fx_correction_dialog_name_spin (self->receive_amount_spin, ADW_PREFERENCES_ROW (self->receive_amount_row));
  _fx_correction_dialog_name_spin (self->dividends_spin, ADW_PREFERENCES_ROW (self->dividends_row));

  g_signal_connect_swapped (self->letter_row, "notify::selected", G_CALLBACK (letter_changed), self);
  g_signal_connect_swapped (self->owner_row, "notify::selected", G_CALLBACK (changed), self);
  g_signal_connect_swapped (self->pay_currency_row, "notify::selected", G_CALLBACK (changed), self);
  g_signal_connect_swapped (self->receive_currency_row, "notify::selected", G_CALLBACK (changed), self);
  g_signal_connect_swapped (self->pay_amount_spin, "value-changed", G_CALLBACK (changed), self);
  g_signal_connect_swapped (self->receive_amount_spin, "value-changed", G_CALLBACK (changed), self);
  g_signal_connect_swapped (self->dividends_spin, "value-changed", G_CALLBACK (changed), self);
}

/* What depends on the game: the letters in words, the contracts and loans
 * that can go, and the queue as the app has it. The table does not change
 * while the dialog is open (it is modal, and closes once it records). */
void
_fx_correction_dialog_table_load (FxCorrectionDialog *self)
{
  const FxSetup *setup = _fx_correction_dialog_setup_of (self);
  const FxState *s = _fx_correction_dialog_state_of (self);

  static const char *const codes[FX_N_LETTERS + 1] = { "A", "B", "C", "D", "E", "F", NULL };

  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      g_free (self->letter_words[l]);
      self->letter_words[l] = describe_letter (setup, s, l);
    }
  /* The letters join the list only now, so its popover binds them to their words. */
  gtk_string_list_splice (self->letter_codes, 0, g_list_model_get_n_items (G_LIST_MODEL (self->letter_codes)),
                          codes);
  load_removal (self);
  load_queue (self);
}

void
_fx_correction_dialog_table_dispose (FxCorrectionDialog *self)
{
  for (int l = 0; l < FX_N_LETTERS; l++)
    g_clear_pointer (&self->letter_words[l], g_free);
}

/* Shows the rows @kind needs and fills them in from the table. */
void
_fx_correction_dialog_table_show (FxCorrectionDialog *self,
                                  FxCorrectionDialogKind      kind)
{
  const FxState *s = _fx_correction_dialog_state_of (self);
  gboolean contract = kind == FX_CORRECTION_DIALOG_KIND_CONTRACT;

  gtk_widget_set_visible (GTK_WIDGET (self->letter_row), contract || kind == FX_CORRECTION_DIALOG_KIND_LOAN);
  gtk_widget_set_visible (GTK_WIDGET (self->owner_row), contract || kind == FX_CORRECTION_DIALOG_KIND_LOAN);
  gtk_widget_set_visible (GTK_WIDGET (self->pay_currency_row), contract);
  gtk_widget_set_visible (GTK_WIDGET (self->pay_amount_row), contract);
  gtk_widget_set_visible (GTK_WIDGET (self->receive_currency_row), contract);
  gtk_widget_set_visible (GTK_WIDGET (self->receive_amount_row), contract);
  gtk_widget_set_visible (GTK_WIDGET (self->owed_group), kind == FX_CORRECTION_DIALOG_KIND_LOAN);
  gtk_widget_set_visible (GTK_WIDGET (self->remove_group), kind == FX_CORRECTION_DIALOG_KIND_REMOVE);
  gtk_widget_set_visible (GTK_WIDGET (self->queue_group), kind == FX_CORRECTION_DIALOG_KIND_QUEUE);
  gtk_widget_set_visible (GTK_WIDGET (self->dividends_row), kind == FX_CORRECTION_DIALOG_KIND_DIVIDENDS);

  switch (kind)
    {
    case FX_CORRECTION_DIALOG_KIND_CONTRACT:
    case FX_CORRECTION_DIALOG_KIND_LOAN:
      adw_combo_row_set_selected (self->letter_row,
                                  first_letter (s, contract ? FX_LETTER_CONTRACT : FX_LETTER_LOAN));
      prefill_letter (self, kind);
      break;
    case FX_CORRECTION_DIALOG_KIND_DIVIDENDS:
      {
        g_autofree char *now = g_strdup_printf ("%u", s->dividends_left);

        gtk_spin_button_set_value (self->dividends_spin, s->dividends_left);
        _fx_correction_dialog_set_now (self->dividends_row, now);
      }
      break;
    case FX_CORRECTION_DIALOG_KIND_QUEUE:
      /* Back to the app's order: switching kinds starts the form afresh. */
      memcpy (self->queue_order, s->queue, sizeof (FxQueueItem) * s->queue_len);
      queue_refresh (self);
      break;
    case FX_CORRECTION_DIALOG_KIND_REMOVE:
    case FX_CORRECTION_DIALOG_KIND_CASH:
    case FX_CORRECTION_DIALOG_KIND_CERTS:
    case FX_CORRECTION_DIALOG_KIND_PILE:
    case FX_CORRECTION_DIALOG_KIND_PAIR:
    default:
      break;
    }
}

/* Values typed but not yet committed count. */
void
_fx_correction_dialog_table_commit (FxCorrectionDialog *self)
{
  gtk_spin_button_update (self->pay_amount_spin);
  gtk_spin_button_update (self->receive_amount_spin);
  gtk_spin_button_update (self->dividends_spin);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    gtk_spin_button_update (self->owed_spins[c]);
}

void
_fx_correction_dialog_table_build_move (FxCorrectionDialog *self,
                                        FxCorrectionDialogKind      kind,
                                        FxMove             *move)
{
  switch (kind)
    {
    case FX_CORRECTION_DIALOG_KIND_CONTRACT:
      fx_move_init (move, FX_MOVE_CORRECT_CONTRACT);
      move->letter = (gint8) _fx_correction_dialog_selected (self->letter_row);
      move->other = (gint8) _fx_correction_dialog_selected (self->owner_row);
      move->cur[0] = (gint8) _fx_correction_dialog_selected (self->pay_currency_row);
      move->amount = fx_amount_spin_get (self->pay_amount_spin);
      move->cur[1] = (gint8) _fx_correction_dialog_selected (self->receive_currency_row);
      move->receive_amount = fx_amount_spin_get (self->receive_amount_spin);
      break;
    case FX_CORRECTION_DIALOG_KIND_LOAN:
      fx_move_init (move, FX_MOVE_CORRECT_LOAN);
      move->letter = (gint8) _fx_correction_dialog_selected (self->letter_row);
      move->other = (gint8) _fx_correction_dialog_selected (self->owner_row);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        move->owed[c] = fx_amount_spin_get (self->owed_spins[c]);
      break;
    case FX_CORRECTION_DIALOG_KIND_REMOVE:
      fx_move_init (move, FX_MOVE_CORRECT_REMOVE);
      /* With nothing in play letter A is named, and the rules say it is free. */
      for (int l = 0; l < FX_N_LETTERS; l++)
        if (self->remove_checks[l] != NULL && gtk_check_button_get_active (self->remove_checks[l]))
          move->letter = (gint8) l;
      break;
    case FX_CORRECTION_DIALOG_KIND_QUEUE:
      fx_move_init (move, FX_MOVE_CORRECT_QUEUE);
      move->queue_len = self->queue_len;
      memcpy (move->queue, self->queue_order, sizeof (FxQueueItem) * self->queue_len);
      break;
    case FX_CORRECTION_DIALOG_KIND_DIVIDENDS:
      fx_move_init (move, FX_MOVE_CORRECT_DIVIDENDS);
      move->amount = gtk_spin_button_get_value_as_int (self->dividends_spin);
      break;
    case FX_CORRECTION_DIALOG_KIND_CASH:
    case FX_CORRECTION_DIALOG_KIND_CERTS:
    case FX_CORRECTION_DIALOG_KIND_PILE:
    case FX_CORRECTION_DIALOG_KIND_PAIR:
    default:
      g_assert_not_reached ();
    }
}
