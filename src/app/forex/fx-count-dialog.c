/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Counting the table (issue #17): every player's notes and certificates, and
 * the piles, as the app has them; the players type what lies in front of
 * them or confirm a row with one click, and Record turns each difference
 * into a correction followed by a checkpoint, one step for Undo. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-amount-spin.h"
#include "fx-checkpoint.h"
#include "fx-count-dialog.h"
#include "fx-display.h"
#include "fx-game.h"
#include "xq-a11y.h"
#include "xq-wrap-box.h"

struct _FxCountDialog
{
  AdwWindow        parent_instance;

  GtkWidget       *cancel_button;
  GtkWidget       *record_button;
  GtkLabel        *intro_label;
  XqWrapBox       *groups_box;
  GtkLabel        *summary_label;
  GtkLabel        *message_label;

  XqSession       *session;
  gboolean         after_dividend;
  guint            n_moves;         /* the table counted is the one after these */
  FxState          state;
  guint            updating;
  gboolean         recording;       /* its own moves are no reason to close */

  GtkSizeGroup    *notes_column;
  GtkSizeGroup    *certs_column;
  GtkSpinButton   *notes[FX_MAX_PLAYERS][FX_N_CURRENCIES];
  GtkSpinButton   *certs[FX_MAX_PLAYERS][FX_N_CURRENCIES];
  GtkSpinButton   *pile[FX_N_CURRENCIES];
  AdwActionRow    *rows[FX_MAX_PLAYERS + 1][FX_N_CURRENCIES];   /* the last: the piles */
  GtkToggleButton *confirm[FX_MAX_PLAYERS];
};

G_DEFINE_FINAL_TYPE (FxCountDialog, fx_count_dialog, ADW_TYPE_WINDOW)

static const FxSetup *
setup_of (FxCountDialog *self)
{
  return xq_session_get_setup (self->session);
}

/* What the spin buttons say now: a value typed but not yet committed counts. */
static void
read_count (FxCountDialog *self,
            FxCount       *count)
{
  fx_count_from_state (&self->state, count);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      for (int p = 0; p < self->state.n_players; p++)
        {
          count->cash[p][c] = fx_amount_spin_get (self->notes[p][c]);
          count->certs[p][c] = (guint8) gtk_spin_button_get_value_as_int (self->certs[p][c]);
        }
      count->pile[c] = (guint8) gtk_spin_button_get_value_as_int (self->pile[c]);
    }
}

static char *
reason_of (FxCountDialog *self)
{
  return fx_checkpoint_reason (&self->state, self->after_dividend, self->n_moves);
}

/* The count's moves played on a copy: the rule's sentence if one refuses. */
static gboolean
check_moves (FxCountDialog  *self,
             const FxMove   *moves,
             guint           n,
             GError        **error)
{
  FxState scratch = self->state;

  for (guint i = 0; i < n; i++)
    if (!fx_state_apply (setup_of (self), &scratch, &moves[i], error))
      return FALSE;
  return TRUE;
}

/* "Ann: EUR notes 2 → 3.5" */
static char *
describe_difference (FxCountDialog *self,
                     const FxMove  *m)
{
  const char *code = fx_currency_code (m->cur[0]);

  if (m->kind == FX_MOVE_CORRECT_CASH)
    {
      g_autofree char *was = fx_display_amount (self->state.cash[m->other][m->cur[0]]);
      g_autofree char *now = fx_display_amount (m->amount);

      /* TRANSLATORS: a difference a count found: player, currency, the app's amount, the counted one */
      return g_strdup_printf (_("%s: %s notes %s → %s"), setup_of (self)->names[m->other], code, was, now);
    }
  if (m->kind == FX_MOVE_CORRECT_CERTS)
    /* TRANSLATORS: a difference a count found: player, currency, the app's count, the counted one */
    return g_strdup_printf (_("%s: %s certificates %u → %d"), setup_of (self)->names[m->other], code,
                            (guint) self->state.certs[m->other][m->cur[0]], m->amount);
  /* TRANSLATORS: a difference a count found in a certificate pile: the app's count, the counted one */
  return g_strdup_printf (_("%s pile %u → %d"), code, (guint) self->state.pile[m->cur[0]], m->amount);
}

static void
show_message (FxCountDialog *self,
              const char    *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

/* A row that differs says what the app has, so nobody wonders what changed. */
static void
mark_row (FxCountDialog *self,
          int            p,
          FxCurrency     c,
          const FxCount *count)
{
  g_autoptr(GString) subtitle = g_string_new (NULL);
  gboolean pile = p == self->state.n_players;
  XqAmount app_cash = pile ? 0 : self->state.cash[p][c];
  guint app_certs = pile ? self->state.pile[c] : self->state.certs[p][c];
  guint counted_certs = pile ? count->pile[c] : count->certs[p][c];

  if (!pile && count->cash[p][c] != app_cash)
    {
      g_autofree char *money = fx_display_amount (app_cash);

      /* TRANSLATORS: under a counted row that differs: the notes the app has */
      g_string_append_printf (subtitle, _("The app has %s"), money);
    }
  if (counted_certs != app_certs)
    {
      if (subtitle->len > 0)
        g_string_append (subtitle, _(", "));
      /* TRANSLATORS: under a counted row that differs: the certificates the app has */
      g_string_append_printf (subtitle, g_dngettext (GETTEXT_PACKAGE, "the app has %u certificate",
                                                     "the app has %u certificates", app_certs), app_certs);
    }
  if (subtitle->len > 0)
    {
      gunichar first = g_utf8_get_char (subtitle->str);
      char buf[8];
      int len = g_unichar_to_utf8 (g_unichar_totitle (first), buf);

      g_string_erase (subtitle, 0, g_utf8_next_char (subtitle->str) - subtitle->str);
      g_string_prepend_len (subtitle, buf, len);
    }
  adw_action_row_set_subtitle (self->rows[p][c], subtitle->str);
  /* One line, never more, so the row keeps its height; all of it on hover. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->rows[p][c]), subtitle->len > 0 ? subtitle->str : NULL);
  if (subtitle->len > 0)
    gtk_widget_add_css_class (GTK_WIDGET (self->rows[p][c]), "count-differs");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->rows[p][c]), "count-differs");
}

/* The summary under the rows: every difference, or that the table agreed,
 * and the rule's sentence when the count cannot be recorded as it stands. */
static void
update_summary (FxCountDialog *self)
{
  FxMove moves[FX_CHECKPOINT_MAX_MOVES];
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = reason_of (self);
  FxCount count;
  guint n, n_differences;

  read_count (self, &count);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    for (int p = 0; p <= self->state.n_players; p++)
      mark_row (self, p, c, &count);
  n = fx_checkpoint_moves (&self->state, &count, moves);
  n_differences = n - 1;
  if (n_differences == 0)
    g_string_append (text, _("No differences: recording keeps a count that agreed with the app."));
  else
    {
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "%u difference, recorded as a correction “%s”:",
                                           "%u differences, recorded as corrections “%s”:", n_differences),
                              n_differences, reason);
      for (guint i = 0; i < n_differences; i++)
        {
          g_autofree char *line = describe_difference (self, &moves[i]);

          g_string_append (text, i == 0 ? " " : _("; "));
          g_string_append (text, line);
        }
    }
  gtk_label_set_text (self->summary_label, text->str);
  /* A table that agrees with the app is confirmed in one click, the
   * default one: Enter or the suggested button. */
  gtk_button_set_label (GTK_BUTTON (self->record_button),
                        n_differences == 0
                        /* TRANSLATORS: the count's default button while nothing differs from the app; keep it
                         * short: it shares a phone-wide header bar with "Not Now" */
                        ? _("The Table _Agrees")
                        : _("_Record"));
  if (!check_moves (self, moves, n, &error))
    {
      g_autofree char *message = g_strdup_printf (_("This count cannot be recorded: %s."), error->message);

      show_message (self, message);
    }
  else
    show_message (self, NULL);
}

static void
set_spin_value (FxCountDialog *self,
                GtkSpinButton *spin,
                double         value)
{
  self->updating++;
  gtk_spin_button_set_value (spin, value);
  self->updating--;
}

/* A check mark and "Confirmed", or the offer to confirm. */
static void
show_confirmed (GtkToggleButton *toggle,
                gboolean         on)
{
  GtkWidget *mark = g_object_get_data (G_OBJECT (toggle), "mark");
  GtkLabel *label = g_object_get_data (G_OBJECT (toggle), "label");

  gtk_widget_set_visible (mark, on);
  /* TRANSLATORS: a player's row was confirmed as matching the table */
  gtk_label_set_text_with_mnemonic (label, on ? _("Confirmed") : _("Matches the Table"));
  if (on)
    gtk_widget_add_css_class (GTK_WIDGET (toggle), "success");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (toggle), "success");
}

/* One click: the row is as the app has it, and the player said so. */
static void
confirm_toggled (GtkToggleButton *toggle,
                 FxCountDialog   *self)
{
  int p = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (toggle), "player"));
  gboolean on = gtk_toggle_button_get_active (toggle);

  if (self->updating > 0)
    return;
  show_confirmed (toggle, on);
  if (on)
    for (int c = 0; c < FX_N_CURRENCIES; c++)
      {
        set_spin_value (self, self->notes[p][c], self->state.cash[p][c] / 2.0);
        set_spin_value (self, self->certs[p][c], self->state.certs[p][c]);
      }
  update_summary (self);
}

/* A number changed after the row was confirmed: it is no longer "as the app has it". */
static void
spin_changed (GtkSpinButton *spin,
              FxCountDialog *self)
{
  int p = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "player"));
  double half_bucks = gtk_spin_button_get_value (spin) * 2.0;

  if (self->updating > 0)
    return;
  /* Money is half-bucks: a value typed between comes to the nearest half,
   * and + and − keep it there. */
  if (half_bucks != (double) (XqAmount) half_bucks)
    {
      gtk_spin_button_set_value (spin, fx_amount_spin_get (spin) / 2.0);
      return;
    }
  if (p < self->state.n_players && gtk_toggle_button_get_active (self->confirm[p]))
    {
      self->updating++;
      gtk_toggle_button_set_active (self->confirm[p], FALSE);
      show_confirmed (self->confirm[p], FALSE);
      self->updating--;
    }
  update_summary (self);
}

static GtkSpinButton *
new_spin (FxCountDialog *self,
          int            player,
          gboolean       money,
          double         upper,
          double         value,
          const char    *accessible)
{
  /* + and − step one buck, the notes the players count; a half-buck
   * counter is typed, and snapping to the step would take it away. */
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, upper, 1));

  if (money)
    fx_amount_spin_setup (spin);
  gtk_spin_button_set_digits (spin, money ? 1 : 0);
  gtk_spin_button_set_snap_to_ticks (spin, !money);
  gtk_spin_button_set_value (spin, value);
  if (money)
    fx_amount_spin_show (spin);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), money ? 4 : 1);
  gtk_widget_set_valign (GTK_WIDGET (spin), GTK_ALIGN_CENTER);
  gtk_size_group_add_widget (money ? self->notes_column : self->certs_column, GTK_WIDGET (spin));
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  g_object_set_data (G_OBJECT (spin), "player", GINT_TO_POINTER (player));
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (spin_changed), self, 0);
  return spin;
}

/* The heads of the two columns, over the spin buttons they name. */
static GtkWidget *
columns_row (FxCountDialog *self,
             gboolean       with_notes)
{
  GtkWidget *row = g_object_new (ADW_TYPE_ACTION_ROW, "activatable", FALSE, "focusable", FALSE, NULL);
  GtkWidget *certs = gtk_label_new (_("Certificates"));

  /* A list box hands Tab to its first sensitive row, and gives up if that
   * row takes no focus: insensitive, the heads let Tab reach the numbers
   * (style.css keeps them readable). Each number's name says its column. */
  gtk_widget_set_sensitive (row, FALSE);
  gtk_widget_add_css_class (row, "count-columns");
  if (with_notes)
    {
      GtkWidget *notes = gtk_label_new (_("Notes"));

      gtk_widget_add_css_class (notes, "caption-heading");
      gtk_size_group_add_widget (self->notes_column, notes);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), notes);
    }
  gtk_widget_add_css_class (certs, "caption-heading");
  gtk_size_group_add_widget (self->certs_column, certs);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), certs);
  return row;
}

static AdwActionRow *
currency_row (FxCurrency c)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), fx_currency_code (c));
  /* "The app has…" under a row that differs takes one line: a row that
   * grew would push the numbers below away from the pointer. */
  adw_action_row_set_subtitle_lines (row, 1);
  gtk_widget_add_css_class (GTK_WIDGET (row), "count-row");
  /* Tab goes from number to number, not through the rows as well. */
  gtk_widget_set_focusable (GTK_WIDGET (row), FALSE);
  return row;
}

/* The groups wrap by their narrowest width, which a row's "The app has…"
 * does not change: the columns stay put while the players click (a flow
 * box goes by the widest, and folded a column away at the first +). */
static void
add_group (FxCountDialog *self,
           GtkWidget     *group)
{
  xq_wrap_box_append (self->groups_box, group);
}

static void
add_player (FxCountDialog *self,
            int            p)
{
  const char *player = setup_of (self)->names[p];
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *toggle = gtk_toggle_button_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *mark = gtk_image_new_from_icon_name ("object-select-symbolic");
  GtkWidget *label = gtk_label_new (NULL);
  g_autofree char *confirm_name = g_strdup_printf (_("%s’s row matches the table"), player);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), player);
  gtk_box_append (GTK_BOX (content), mark);
  gtk_box_append (GTK_BOX (content), label);
  gtk_button_set_child (GTK_BUTTON (toggle), content);
  g_object_set_data (G_OBJECT (toggle), "mark", mark);
  g_object_set_data (G_OBJECT (toggle), "label", label);
  show_confirmed (GTK_TOGGLE_BUTTON (toggle), FALSE);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL, confirm_name, -1);
  g_object_set_data (G_OBJECT (toggle), "player", GINT_TO_POINTER (p));
  g_signal_connect_object (toggle, "toggled", G_CALLBACK (confirm_toggled), self, 0);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (group), toggle);
  self->confirm[p] = GTK_TOGGLE_BUTTON (toggle);

  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), columns_row (self, TRUE));
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      AdwActionRow *row = currency_row (c);
      /* TRANSLATORS: accessible names of a count's numbers: "Ann, GBP notes" */
      g_autofree char *notes_name = g_strdup_printf (_("%s, %s notes"), player, fx_currency_code (c));
      g_autofree char *certs_name = g_strdup_printf (_("%s, %s certificates"), player, fx_currency_code (c));

      self->notes[p][c] = new_spin (self, p, TRUE, XQ_AMOUNT_MAX / 2, self->state.cash[p][c] / 2.0, notes_name);
      self->certs[p][c] = new_spin (self, p, FALSE, FX_MAX_CERTS_HELD, self->state.certs[p][c], certs_name);
      adw_action_row_add_suffix (row, GTK_WIDGET (self->notes[p][c]));
      adw_action_row_add_suffix (row, GTK_WIDGET (self->certs[p][c]));
      self->rows[p][c] = row;
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (row));
    }
  add_group (self, group);
}

static void
add_piles (FxCountDialog *self)
{
  GtkWidget *group = adw_preferences_group_new ();
  int n = self->state.n_players;

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Certificate Piles"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), columns_row (self, FALSE));
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      AdwActionRow *row = currency_row (c);
      /* TRANSLATORS: the accessible name of a pile's count: "GBP pile" */
      g_autofree char *name = g_strdup_printf (_("%s pile"), fx_currency_code (c));

      self->pile[c] = new_spin (self, n, FALSE, FX_CERTS_PER_CURRENCY, self->state.pile[c], name);
      adw_action_row_add_suffix (row, GTK_WIDGET (self->pile[c]));
      self->rows[n][c] = row;
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (row));
    }
  add_group (self, group);
}

static void
record_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  FxCountDialog *self = FX_COUNT_DIALOG (widget);
  FxMove moves[FX_CHECKPOINT_MAX_MOVES];
  const char *reasons[FX_CHECKPOINT_MAX_MOVES];
  g_autofree char *reason = reason_of (self);
  g_autoptr(GError) error = NULL;
  FxCount count;
  guint n;

  /* Numbers typed but not yet committed count too. */
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      for (int p = 0; p < self->state.n_players; p++)
        {
          gtk_spin_button_update (self->notes[p][c]);
          gtk_spin_button_update (self->certs[p][c]);
        }
      gtk_spin_button_update (self->pile[c]);
    }
  read_count (self, &count);
  n = fx_checkpoint_moves (&self->state, &count, moves);
  for (guint i = 0; i < n; i++)
    reasons[i] = reason;
  self->recording = TRUE;
  /* The session judges the whole group and records all of it or nothing. */
  if (!xq_session_play_group (self->session, moves, reasons, n, &error))
    {
      self->recording = FALSE;
      g_autofree char *message = g_strdup_printf (_("This count cannot be recorded: %s."), error->message);

      show_message (self, message);
      return;
    }
  gtk_window_close (GTK_WINDOW (self));
}

/* Someone else changed the table (a file reloaded, an undo): the count
 * was of a table that is no more. */
static void
session_changed (FxCountDialog *self)
{
  if (!self->recording && xq_session_get_n_moves (self->session) != self->n_moves)
    gtk_window_close (GTK_WINDOW (self));
}

static void
fx_count_dialog_dispose (GObject *object)
{
  FxCountDialog *self = FX_COUNT_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_COUNT_DIALOG);
  g_clear_object (&self->session);
  g_clear_object (&self->notes_column);
  g_clear_object (&self->certs_column);
  G_OBJECT_CLASS (fx_count_dialog_parent_class)->dispose (object);
}

static void
fx_count_dialog_class_init (FxCountDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_count_dialog_dispose;

  g_type_ensure (XQ_TYPE_WRAP_BOX);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-count-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FxCountDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, FxCountDialog, record_button);
  gtk_widget_class_bind_template_child (widget_class, FxCountDialog, intro_label);
  gtk_widget_class_bind_template_child (widget_class, FxCountDialog, groups_box);
  gtk_widget_class_bind_template_child (widget_class, FxCountDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, FxCountDialog, message_label);

  gtk_widget_class_install_action (widget_class, "count.record", NULL, record_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
fx_count_dialog_init (FxCountDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->notes_column = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->certs_column = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->record_button);
}

/**
 * fx_count_dialog_new:
 * @parent: (nullable): the window it belongs to
 * @session: a For-Ex game still going on
 * @after_dividend: it opened itself after a dividend (else: asked for)
 *
 * Returns: (transfer none): the dialog, not yet shown
 */
FxCountDialog *
fx_count_dialog_new (GtkWindow *parent,
                     XqSession *session,
                     gboolean   after_dividend)
{
  FxCountDialog *self;
  g_autofree char *intro = NULL;
  const char *how = _("Count your notes and certificates, and the piles. Change what differs, or confirm "
                      "a row that matches. Each difference is recorded as a correction, and the count is kept "
                      "for the audit.");

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);
  g_return_val_if_fail (xq_session_get_game (session) == fx_game_get (), NULL);

  self = g_object_new (FX_TYPE_COUNT_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  self->after_dividend = after_dividend;
  self->n_moves = xq_session_get_n_moves (session);
  self->state = *(const FxState *) xq_session_get_state (session);

  if (after_dividend)
    {
      /* Numbered from 0 as the queue, the history and the audit number
       * the cards; the count never follows card 0, which pays nothing. */
      guint card = MAX (fx_checkpoint_dividends_paid (&self->state), 1) - 1;
      /* TRANSLATORS: opens the count after a dividend; %u is the card just resolved, numbered from 0 as in
       * "Cynthia resolves the Dividend: card 2" */
      g_autofree char *first = g_strdup_printf (_("Dividend card %u has been paid: a good moment to count the table."),
                                                card);

      intro = g_strconcat (first, " ", how, NULL);
      /* TRANSLATORS: the count opened itself after a dividend; this leaves it for later */
      gtk_button_set_label (GTK_BUTTON (self->cancel_button), _("_Not Now"));
    }
  else
    intro = g_strdup (how);
  gtk_label_set_text (self->intro_label, intro);

  for (int p = 0; p < self->state.n_players; p++)
    add_player (self, p);
  add_piles (self);
  xq_a11y_name_all_below (GTK_WIDGET (self));
  update_summary (self);
  g_signal_connect_object (session, "notify::n-moves", G_CALLBACK (session_changed), self, G_CONNECT_SWAPPED);
  /* Asked for, the players mean to count: the keyboard starts on the first
   * row's confirmation. Offered after a dividend, most tables agree: Enter
   * (or Space) on the default button says so. */
  gtk_widget_grab_focus (after_dividend ? self->record_button : GTK_WIDGET (self->confirm[0]));
  return self;
}

/**
 * fx_count_dialog_get_spin:
 * @self: a count dialog
 * @field: which number
 * @player: a player, ignored for a pile
 * @currency: a currency
 *
 * Returns: (transfer none): the spin button the players type that number in
 */
GtkSpinButton *
fx_count_dialog_get_spin (FxCountDialog *self,
                          FxCountField   field,
                          int            player,
                          FxCurrency     currency)
{
  g_return_val_if_fail (FX_IS_COUNT_DIALOG (self), NULL);
  g_return_val_if_fail (currency >= 0 && currency < FX_N_CURRENCIES, NULL);
  g_return_val_if_fail (field == FX_COUNT_PILE || (player >= 0 && player < self->state.n_players), NULL);

  if (field == FX_COUNT_NOTES)
    return self->notes[player][currency];
  if (field == FX_COUNT_CERTIFICATES)
    return self->certs[player][currency];
  return self->pile[currency];
}

/**
 * fx_count_dialog_get_confirm:
 * @self: a count dialog
 * @player: a player
 *
 * Returns: (transfer none): the player's "Matches the Table" button
 */
GtkToggleButton *
fx_count_dialog_get_confirm (FxCountDialog *self,
                             int            player)
{
  g_return_val_if_fail (FX_IS_COUNT_DIALOG (self), NULL);
  g_return_val_if_fail (player >= 0 && player < self->state.n_players, NULL);

  return self->confirm[player];
}
