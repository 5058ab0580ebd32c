/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Fair Trade correction dialog: what (coins or markers), whose, the value
 * the table shows, and a required reason; the rules judge it like any move. */

#include "config.h"

#include <glib/gi18n.h>

#include "ft-correction-dialog.h"
#include "ft-state.h"
#include "xq-reason-limit.h"

struct _FtCorrectionDialog
{
  AdwWindow     parent_instance;

  XqSession    *session;
  AdwComboRow  *kind_row;
  AdwComboRow  *player_row;
  GtkSpinButton *value_spin;
  AdwEntryRow  *reason_row;
  GtkLabel     *message;
  GtkWidget    *record_button;
};

G_DEFINE_FINAL_TYPE (FtCorrectionDialog, ft_correction_dialog, ADW_TYPE_WINDOW)

static gboolean
markers_chosen (FtCorrectionDialog *self)
{
  return adw_combo_row_get_selected (self->kind_row) == 1;
}

/* The player only changes what is wrong: the field starts at the app's value. */
static void
prefill (FtCorrectionDialog *self)
{
  const FtState *s = xq_session_get_state (self->session);
  guint player = adw_combo_row_get_selected (self->player_row);

  if (player >= s->n_players)
    return;
  gtk_spin_button_set_value (self->value_spin, markers_chosen (self) ? s->markers[player] : s->coins[player]);
}

static gboolean
build_move (FtCorrectionDialog *self,
            FtMove             *move)
{
  guint player = adw_combo_row_get_selected (self->player_row);

  if (player == GTK_INVALID_LIST_POSITION)
    return FALSE;
  ft_move_init (move, markers_chosen (self) ? FT_MOVE_CORRECT_MARKERS : FT_MOVE_CORRECT_COINS);
  move->player = (gint8) player;
  move->value = gtk_spin_button_get_value_as_int (self->value_spin);
  return TRUE;
}

static void
show_message (FtCorrectionDialog *self,
              const char         *text)
{
  gtk_label_set_text (self->message, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message), text != NULL && *text != '\0');
}

static void
reason_refused (gpointer    owner,
                const char *sentence)
{
  show_message (FT_CORRECTION_DIALOG (owner), sentence);
}

static void
record_clicked (FtCorrectionDialog *self)
{
  g_autofree char *reason = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->reason_row))));
  g_autoptr(GError) error = NULL;
  FtMove move;

  if (*reason == '\0')
    {
      show_message (self, _("A correction needs a reason: say what went wrong at the table."));
      return;
    }
  if (!build_move (self, &move))
    return;
  if (!xq_session_play (self->session, &move, reason, &error))
    {
      show_message (self, error->message);
      return;
    }
  gtk_window_close (GTK_WINDOW (self));
}

static void
ft_correction_dialog_dispose (GObject *object)
{
  FtCorrectionDialog *self = FT_CORRECTION_DIALOG (object);

  g_clear_object (&self->session);
  G_OBJECT_CLASS (ft_correction_dialog_parent_class)->dispose (object);
}

static void
ft_correction_dialog_class_init (FtCorrectionDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ft_correction_dialog_dispose;
}

static void
ft_correction_dialog_init (FtCorrectionDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *value_row = adw_action_row_new ();
  const char *kinds[] = { N_("Coins"), N_("Fair-trade markers"), NULL };
  g_autoptr(GtkStringList) kind_list = gtk_string_list_new (NULL);

  for (guint i = 0; kinds[i] != NULL; i++)
    gtk_string_list_append (kind_list, _(kinds[i]));

  gtk_window_set_title (GTK_WINDOW (self), _("Correction"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 440, -1);
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  self->record_button = gtk_button_new_with_mnemonic (_("_Record Correction"));
  gtk_widget_add_css_class (self->record_button, "suggested-action");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->record_button);
  g_signal_connect_swapped (self->record_button, "clicked", G_CALLBACK (record_clicked), self);

  self->kind_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->kind_row), _("_Set"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->kind_row), TRUE);
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kind_list));
  self->player_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->player_row), _("_Player"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->player_row), TRUE);
  self->value_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 9999, 1));
  gtk_widget_set_valign (GTK_WIDGET (self->value_spin), GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (value_row), _("_Value at the table"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (value_row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (value_row), GTK_WIDGET (self->value_spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (value_row), GTK_WIDGET (self->value_spin));
  self->reason_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->reason_row), _("_Reason (required)"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->reason_row), TRUE);
  xq_reason_limit_attach (GTK_EDITABLE (self->reason_row), reason_refused, self);

  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Set what the table shows when it and the app disagree. The correction and its reason stay in the game’s record."));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->kind_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->player_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), value_row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->reason_row));

  self->message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->message, TRUE);
  gtk_label_set_xalign (self->message, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->message), "refusal");
  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);

  g_object_set (page, "margin-top", 18, "margin-bottom", 18, "margin-start", 18, "margin-end", 18, NULL);
  gtk_box_append (GTK_BOX (page), group);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->message));
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);

  g_signal_connect_swapped (self->kind_row, "notify::selected", G_CALLBACK (prefill), self);
  g_signal_connect_swapped (self->player_row, "notify::selected", G_CALLBACK (prefill), self);
}

/**
 * ft_correction_dialog_new:
 * @parent: the game's window
 * @session: a Fair Trade session; the correction is played into it
 *
 * Returns: (transfer none): the dialog, not yet shown
 */
FtCorrectionDialog *
ft_correction_dialog_new (GtkWindow *parent,
                          XqSession *session)
{
  FtCorrectionDialog *self = g_object_new (FT_TYPE_CORRECTION_DIALOG, "transient-for", parent, NULL);
  const FtSetup *setup = xq_session_get_setup (session);
  g_autoptr(GtkStringList) players = gtk_string_list_new (NULL);

  self->session = g_object_ref (session);
  for (int p = 0; p < setup->n_players; p++)
    gtk_string_list_append (players, setup->names[p]);
  adw_combo_row_set_model (self->player_row, G_LIST_MODEL (players));
  prefill (self);
  return self;
}
