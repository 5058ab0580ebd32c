/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests the correction dialog's forms for the queue's contents (issue #17):
 * each filled in through its widgets as a player would, recorded, undone and
 * redone through the window; refusals; the queue's buttons by keyboard; and
 * screenshots at every size the window supports. */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "fx-correction-dialog.h"
#include "fx-state.h"
#include "ui-support.h"
#include "xq-tooltip.h"

static XqApplication *app;

/* In the order of the kind row. */
enum
{
  KIND_CONTRACT = 4,
  KIND_LOAN,
  KIND_REMOVE,
  KIND_QUEUE,
  KIND_DIVIDENDS,
};

/* After 40 moves of the sample game the queue holds contract D (Cynthia), the
 * dividend stack (3 cards), contracts E, B, F and Bob's loan A; C is free.
 * It is between turns, when corrections may be made. */
#define SAMPLE_MOVES 40

typedef struct
{
  XqSession          *session;
  XqWindow           *window;
  FxCorrectionDialog *dialog;
  FxState             before;     /* the table when the dialog opened */
  guint               n_before;
} Fixture;

static GtkWidget *
child (FxCorrectionDialog *dialog,
       const char         *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog), FX_TYPE_CORRECTION_DIALOG, name);

  g_assert_nonnull (object);
  return GTK_WIDGET (object);
}

#define CD(f, name) child ((f)->dialog, (name))

static const FxState *
state_of (Fixture *f)
{
  return xq_session_get_state (f->session);
}

static FxCorrectionDialog *
find_dialog (XqWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (FX_IS_CORRECTION_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w))
          && gtk_window_get_transient_for (w) == GTK_WINDOW (window))
        return FX_CORRECTION_DIALOG (w);
    }
  return NULL;
}

/* Opens the dialog as Ctrl+E does, on @f's window. */
static void
open_dialog (Fixture *f)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.correction", NULL));
  ui_settle ();
  f->dialog = find_dialog (f->window);
  g_assert_nonnull (f->dialog);
  memcpy (&f->before, state_of (f), sizeof f->before);
  f->n_before = xq_session_get_n_moves (f->session);
}

static void
fixture_open (Fixture *f)
{
  f->session = ui_sample_prefix (SAMPLE_MOVES);
  g_assert_cmpint (state_of (f)->spot_actor, ==, FX_NO_PLAYER);
  f->window = ui_window_with (app, f->session);
  open_dialog (f);
}

static void
fixture_close (Fixture *f)
{
  if (find_dialog (f->window) != NULL)
    gtk_window_destroy (GTK_WINDOW (f->dialog));
  xq_document_discard_journal (xq_window_get_document (f->window));
  gtk_window_destroy (GTK_WINDOW (f->window));
  ui_settle ();
  g_clear_object (&f->session);
}

static void
choose (Fixture    *f,
        const char *row,
        guint       position)
{
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (f, row)), position);
}

static guint
chosen (Fixture    *f,
        const char *row)
{
  return adw_combo_row_get_selected (ADW_COMBO_ROW (CD (f, row)));
}

/* Types @text into @spin and leaves it, as a person tabbing on would. */
static void
type_into (GtkWidget  *spin,
           const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
}

static const char *
message_of (Fixture *f)
{
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (CD (f, "message_revealer"))))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (CD (f, "message_label")));
}

static void
set_reason (Fixture    *f,
            const char *reason)
{
  gtk_editable_set_text (GTK_EDITABLE (CD (f, "reason_row")), reason);
}

/* Clicks Record; a refused correction leaves the dialog open and the log alone. */
static void
press_record (Fixture *f)
{
  g_assert_true (gtk_widget_is_sensitive (CD (f, "record_button")));
  g_signal_emit_by_name (CD (f, "record_button"), "clicked");
  ui_settle ();
}

static void
assert_refused (Fixture    *f,
                const char *message)
{
  press_record (f);
  g_assert_cmpuint (xq_session_get_n_moves (f->session), ==, f->n_before);
  g_assert_true (find_dialog (f->window) == f->dialog);
  g_assert_cmpstr (message_of (f), ==, message);
  g_assert_true (memcmp (state_of (f), &f->before, sizeof f->before) == 0);
}

/* Records, checks the move's XQN and reason, then undoes and redoes it through
 * the window's actions: the table goes back to as it was, then forward again. */
static void
assert_recorded (Fixture    *f,
                 const char *xqn)
{
  g_autofree char *line = NULL;
  FxState after;

  press_record (f);
  g_assert_null (find_dialog (f->window));
  g_assert_cmpuint (xq_session_get_n_moves (f->session), ==, f->n_before + 1);
  line = xq_session_format_move (f->session, f->n_before);
  g_assert_cmpstr (line, ==, xqn);
  g_assert_true (fx_move_is_correction (xq_session_get_move (f->session, f->n_before)));
  memcpy (&after, state_of (f), sizeof after);
  g_assert_false (memcmp (&after, &f->before, sizeof after) == 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (f->session), ==, f->n_before);
  g_assert_true (memcmp (state_of (f), &f->before, sizeof f->before) == 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (f->session), ==, f->n_before + 1);
  g_assert_true (memcmp (state_of (f), &after, sizeof after) == 0);
}

static const char *
subtitle_of (Fixture    *f,
             const char *row)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (CD (f, row)));
}

static double
value_of (Fixture    *f,
          const char *spin)
{
  return gtk_spin_button_get_value (GTK_SPIN_BUTTON (CD (f, spin)));
}

static void
test_contract (void)
{
  Fixture f = { 0 };

  fixture_open (&f);
  choose (&f, "kind_row", KIND_CONTRACT);
  g_assert_true (gtk_widget_get_visible (CD (&f, "letter_row")));
  g_assert_true (gtk_widget_get_visible (CD (&f, "receive_amount_row")));
  g_assert_false (gtk_widget_get_visible (CD (&f, "amount_row")));
  g_assert_false (gtk_widget_get_visible (CD (&f, "owed_group")));
  g_assert_false (gtk_widget_get_visible (CD (&f, "queue_group")));

  /* The first contract, B, with its terms; A is a loan. */
  g_assert_cmpuint (chosen (&f, "letter_row"), ==, 1);
  g_assert_cmpstr (subtitle_of (&f, "letter_row"), ==, "Contract B: Bob pays 1 USD, receives 1.5 JPY");
  g_assert_cmpuint (chosen (&f, "owner_row"), ==, 1);
  g_assert_cmpuint (chosen (&f, "pay_currency_row"), ==, FX_USD);
  g_assert_cmpuint (chosen (&f, "receive_currency_row"), ==, FX_JPY);
  g_assert_cmpfloat (value_of (&f, "pay_amount_spin"), ==, 1);
  g_assert_cmpfloat (value_of (&f, "receive_amount_spin"), ==, 1.5);
  g_assert_null (message_of (&f));

  /* Contract D, Cynthia's: 1 GBP for 1.5 CHF on the table it is 2 CHF, and David's. */
  choose (&f, "letter_row", 3);
  g_assert_cmpstr (subtitle_of (&f, "letter_row"), ==, "Contract D: Cynthia pays 1 GBP, receives 1.5 CHF");
  g_assert_cmpuint (chosen (&f, "owner_row"), ==, 2);
  g_assert_cmpuint (chosen (&f, "pay_currency_row"), ==, FX_GBP);
  g_assert_cmpuint (chosen (&f, "receive_currency_row"), ==, FX_CHF);
  g_assert_cmpfloat (value_of (&f, "receive_amount_spin"), ==, 1.5);
  choose (&f, "owner_row", 3);
  type_into (CD (&f, "receive_amount_spin"), "2");
  set_reason (&f, "the card says \"2 CHF\"");
  g_assert_null (message_of (&f));

  /* The same currency both ways: said as you choose, and refused. */
  choose (&f, "receive_currency_row", FX_GBP);
  g_assert_cmpstr (message_of (&f), ==, "A contract pays one currency and receives another");
  assert_refused (&f, "A contract pays one currency and receives another");
  /* Terms no contract is made with: 9 is no track value, and 1 GBP is no multiple. */
  choose (&f, "receive_currency_row", FX_CHF);
  type_into (CD (&f, "receive_amount_spin"), "9");
  g_assert_nonnull (message_of (&f));
  g_assert_true (g_str_has_prefix (message_of (&f), "A contract exchanges a whole number from 1 to 10"));
  type_into (CD (&f, "receive_amount_spin"), "2");
  g_assert_null (message_of (&f));

  assert_recorded (&f, "correct contract D David 1 GBP 2 CHF \"the card says \\\"2 CHF\\\"\"");
  g_assert_cmpint (state_of (&f)->letters[3].owner, ==, 3);
  g_assert_cmpint (state_of (&f)->letters[3].receive_amount, ==, XQ_BUCKS (2));
  g_assert_cmpint (state_of (&f)->queue_len, ==, f.before.queue_len);

  /* A new contract on the free letter C joins the back of the queue. */
  open_dialog (&f);
  choose (&f, "kind_row", KIND_CONTRACT);
  choose (&f, "letter_row", 2);
  g_assert_cmpstr (subtitle_of (&f, "letter_row"), ==,
                   "C is free: the correction adds it at the back of the queue");
  choose (&f, "owner_row", 0);
  choose (&f, "pay_currency_row", FX_EUR);
  type_into (CD (&f, "pay_amount_spin"), "3");
  choose (&f, "receive_currency_row", FX_USD);
  type_into (CD (&f, "receive_amount_spin"), "4.5");
  set_reason (&f, "Agnes took a card unseen");
  assert_recorded (&f, "correct contract C Agnes 3 EUR 4.5 USD \"Agnes took a card unseen\"");
  g_assert_cmpint (state_of (&f)->queue_len, ==, f.before.queue_len + 1);
  g_assert_cmpint (state_of (&f)->queue[f.before.queue_len].letter, ==, 2);
  g_assert_cmpint (state_of (&f)->queue[f.before.queue_len].kind, ==, FX_ITEM_CONTRACT);

  fixture_close (&f);
}

static void
test_loan (void)
{
  Fixture f = { 0 };
  GtkWidget *gbp, *cad, *usd;
  g_autoptr(GPtrArray) spins = NULL;

  fixture_open (&f);
  choose (&f, "kind_row", KIND_LOAN);
  g_assert_true (gtk_widget_get_visible (CD (&f, "owed_group")));
  g_assert_false (gtk_widget_get_visible (CD (&f, "pay_amount_row")));
  spins = ui_find_all (CD (&f, "owed_group"), GTK_TYPE_SPIN_BUTTON);
  g_assert_cmpuint (spins->len, ==, FX_N_CURRENCIES);
  gbp = spins->pdata[FX_GBP];
  usd = spins->pdata[FX_USD];
  cad = spins->pdata[FX_CAD];

  /* Bob's loan A, as the app has it. */
  g_assert_cmpuint (chosen (&f, "letter_row"), ==, 0);
  g_assert_cmpstr (subtitle_of (&f, "letter_row"), ==, "Loan A: Bob owes 3 GBP and 3 CAD");
  g_assert_cmpuint (chosen (&f, "owner_row"), ==, 1);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (gbp)), ==, 3);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (cad)), ==, 3);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (usd)), ==, 0);
  set_reason (&f, "the CAD debt was paid at the table");

  /* Nothing owed: that is a removal, and the rules say so. */
  type_into (gbp, "0");
  type_into (cad, "0");
  assert_refused (&f, "A loan owes something; to take it away use “correct remove”");

  /* Contract B (Bob's) made a loan would be Bob's second: refused. It is
   * prefilled with what the contract promised. */
  choose (&f, "letter_row", 1);
  g_assert_cmpuint (chosen (&f, "owner_row"), ==, 1);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (usd)), ==, 1);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (gbp)), ==, 0);
  assert_refused (&f, "Bob already owes loan A; a player has at most one loan, and a new debt joins it");

  choose (&f, "letter_row", 0);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (cad)), ==, 3);
  type_into (gbp, "4,5");
  type_into (cad, "0");
  g_assert_null (message_of (&f));
  assert_recorded (&f, "correct loan A Bob GBP 4.5 \"the CAD debt was paid at the table\"");
  g_assert_cmpint (state_of (&f)->letters[0].owed[FX_GBP], ==, XQ_BUCKS (4) + 1);
  g_assert_cmpint (state_of (&f)->letters[0].owed[FX_CAD], ==, 0);

  fixture_close (&f);
}

static void
test_remove (void)
{
  Fixture f = { 0 };
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  g_autofree char *text = NULL;

  fixture_open (&f);
  choose (&f, "kind_row", KIND_REMOVE);
  g_assert_true (gtk_widget_get_visible (CD (&f, "remove_group")));
  g_assert_false (gtk_widget_get_visible (CD (&f, "letter_row")));

  /* Every contract and loan in play, in words, in queue order: D E B F A. */
  rows = ui_find_all (CD (&f, "remove_group"), ADW_TYPE_ACTION_ROW);
  checks = ui_find_all (CD (&f, "remove_group"), GTK_TYPE_CHECK_BUTTON);
  g_assert_cmpuint (rows->len, ==, 5);
  g_assert_cmpuint (checks->len, ==, 5);
  g_assert_cmpstr (adw_preferences_row_get_title (rows->pdata[0]), ==,
                   "Contract D: Cynthia pays 1 GBP, receives 1.5 CHF");
  g_assert_cmpstr (adw_preferences_row_get_title (rows->pdata[4]), ==, "Loan A: Bob owes 3 GBP and 3 CAD");
  g_assert_true (gtk_check_button_get_active (checks->pdata[0]));
  text = ui_collect_text (CD (&f, "remove_group"));
  g_assert_nonnull (strstr (text, "Contract B: Bob pays 1 USD, receives 1.5 JPY"));

  /* A click on the loan's row chooses it. */
  ui_activate (rows->pdata[4]);
  g_assert_true (gtk_check_button_get_active (checks->pdata[4]));
  g_assert_false (gtk_check_button_get_active (checks->pdata[0]));
  set_reason (&f, "Bob repaid A last turn");
  assert_recorded (&f, "correct remove A \"Bob repaid A last turn\"");
  g_assert_cmpint (state_of (&f)->letters[0].use, ==, FX_LETTER_FREE);
  g_assert_cmpint (state_of (&f)->queue_len, ==, f.before.queue_len - 1);

  fixture_close (&f);
}

static GtkWidget *
queue_button (Fixture    *f,
              guint       slot,
              const char *tooltip)
{
  g_autoptr(GPtrArray) rows = ui_find_all (CD (f, "queue_group"), ADW_TYPE_ACTION_ROW);
  g_autoptr(GPtrArray) buttons = NULL;

  g_assert_cmpuint (slot, <, rows->len);
  buttons = ui_find_all (rows->pdata[slot], GTK_TYPE_BUTTON);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (xq_tooltip_get_text (buttons->pdata[i]), tooltip) == 0)
      return buttons->pdata[i];
  g_error ("no “%s” button in queue row %u", tooltip, slot);
}

/* What the queue form shows, one title per row. */
static char *
queue_titles (Fixture *f)
{
  g_autoptr(GPtrArray) rows = ui_find_all (CD (f, "queue_group"), ADW_TYPE_ACTION_ROW);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < rows->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? " | " : "", adw_preferences_row_get_title (rows->pdata[i]));
  return g_string_free (out, FALSE);
}

/* Enter on the focused button, as a keyboard user presses it. */
static void
press_focused (Fixture *f)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->dialog));

  g_assert_nonnull (focus);
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_true (ui_activate (focus));
  /* A button pressed by key shows itself pressed a moment, then clicks. */
  ui_settle ();
}

static void
test_queue (void)
{
  Fixture f = { 0 };
  g_autofree char *titles = NULL;
  GtkWidget *button;

  fixture_open (&f);
  choose (&f, "kind_row", KIND_QUEUE);
  g_assert_true (gtk_widget_get_visible (CD (&f, "queue_group")));
  ui_settle ();
  titles = queue_titles (&f);
  g_assert_cmpstr (titles, ==,
                   "Contract D (Cynthia) | Dividend: card 2 next, 3 cards left | Contract E (Agnes) | "
                   "Contract B (Bob) | Contract F (Cynthia) | Loan A (Bob)");
  g_clear_pointer (&titles, g_free);
  /* The ends cannot move further. */
  g_assert_false (gtk_widget_is_sensitive (queue_button (&f, 0, "Move Up")));
  g_assert_false (gtk_widget_is_sensitive (queue_button (&f, 5, "Move Down")));

  /* By keyboard: focus the loan's Move Up and press it twice; focus follows the loan. */
  button = queue_button (&f, 5, "Move Up");
  g_assert_true (gtk_widget_get_focusable (button));
  g_assert_true (gtk_widget_grab_focus (button));
  press_focused (&f);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f.dialog)) == queue_button (&f, 4, "Move Up"));
  press_focused (&f);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f.dialog)) == queue_button (&f, 3, "Move Up"));
  /* The front goes down one: the dividend comes first. */
  g_assert_true (gtk_widget_grab_focus (queue_button (&f, 0, "Move Down")));
  press_focused (&f);
  titles = queue_titles (&f);
  g_assert_cmpstr (titles, ==,
                   "Dividend: card 2 next, 3 cards left | Contract D (Cynthia) | Contract E (Agnes) | "
                   "Loan A (Bob) | Contract B (Bob) | Contract F (Cynthia)");
  g_assert_null (message_of (&f));

  set_reason (&f, "the dividend card was put in front");
  assert_recorded (&f, "correct queue dividends D E A B F \"the dividend card was put in front\"");
  g_assert_cmpint (state_of (&f)->queue[0].kind, ==, FX_ITEM_DIVIDENDS);
  g_assert_cmpint (state_of (&f)->queue[3].kind, ==, FX_ITEM_LOAN);
  g_assert_cmpint (state_of (&f)->queue[3].letter, ==, 0);

  fixture_close (&f);
}

static void
test_dividends (void)
{
  Fixture f = { 0 };

  fixture_open (&f);
  choose (&f, "kind_row", KIND_DIVIDENDS);
  g_assert_true (gtk_widget_get_visible (CD (&f, "dividends_row")));
  g_assert_cmpfloat (value_of (&f, "dividends_spin"), ==, 3);
  g_assert_cmpstr (subtitle_of (&f, "dividends_row"), ==, "The app has 3");

  /* No reason: nothing recorded, the reason asked for. */
  type_into (CD (&f, "dividends_spin"), "2");
  assert_refused (&f, "A correction needs a reason: say what went wrong at the table");

  set_reason (&f, "two cards were turned at once");
  assert_recorded (&f, "correct dividends 2 \"two cards were turned at once\"");
  g_assert_cmpint (state_of (&f)->dividends_left, ==, 2);

  fixture_close (&f);
}

/* The contract and queue forms at every size, light and dark: nothing
 * scrolls sideways, and what the players need first is in view. */
static void
test_screenshots (void)
{
  Fixture f = { 0 };
  static const struct
  {
    guint       kind;
    const char *name;
  } forms[] = {
    { KIND_CONTRACT, "contract" },
    { KIND_QUEUE, "queue" },
  };

  fixture_open (&f);
  set_reason (&f, "checked against the table");
  for (guint k = 0; k < G_N_ELEMENTS (forms); k++)
    {
      choose (&f, "kind_row", forms[k].kind);
      for (guint i = 0; i < UI_N_SIZES; i++)
        {
          g_autofree char *name = g_strdup_printf ("correction-%s-%s", forms[k].name, ui_sizes[i].name);

          ui_resize (GTK_WINDOW (f.dialog), &ui_sizes[i]);
          ui_assert_no_sideways_scroll (GTK_WIDGET (f.dialog), ui_sizes[i].name);
          ui_assert_in_view (CD (&f, "record_button"), "Record", ui_sizes[i].name);
          ui_assert_in_view (CD (&f, "kind_row"), "the kind row", ui_sizes[i].name);
          ui_screenshot_light_and_dark (GTK_WIDGET (f.dialog), name);
        }
    }
  /* The letter list on a phone: each letter in words, wrapped, not cut. */
  choose (&f, "kind_row", KIND_CONTRACT);
  {
    GtkWidget *popover = ui_find_descendant (CD (&f, "letter_row"), GTK_TYPE_POPOVER, NULL);
    g_autofree char *text = NULL;

    g_assert_true (ui_activate (CD (&f, "letter_row")));
    ui_settle ();
    g_assert_true (gtk_widget_get_mapped (popover));
    text = ui_collect_text (popover);
    g_test_message ("letters: %s", text);
    g_assert_nonnull (strstr (text, "Contract D: Cynthia pays 1 GBP, receives 1.5 CHF\n"));
    g_assert_nonnull (strstr (text, "C is free: the correction adds it at the back of the queue\n"));
    ui_screenshot (popover, "correction-letters-360x720");
    gtk_popover_popdown (GTK_POPOVER (popover));
  }
  /* The loan's seven currencies and the removal's sentences on a phone. */
  choose (&f, "kind_row", KIND_LOAN);
  ui_assert_no_sideways_scroll (GTK_WIDGET (f.dialog), "360x720");
  ui_screenshot (GTK_WIDGET (f.dialog), "correction-loan-360x720");
  choose (&f, "kind_row", KIND_REMOVE);
  ui_assert_no_sideways_scroll (GTK_WIDGET (f.dialog), "360x720");
  ui_screenshot (GTK_WIDGET (f.dialog), "correction-remove-360x720");
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app != NULL)
    {
      ui_set_dark (FALSE);
      g_test_add_func ("/correction-forms/contract", test_contract);
      g_test_add_func ("/correction-forms/loan", test_loan);
      g_test_add_func ("/correction-forms/remove", test_remove);
      g_test_add_func ("/correction-forms/queue", test_queue);
      g_test_add_func ("/correction-forms/dividends", test_dividends);
      g_test_add_func ("/correction-forms/screenshots", test_screenshots);
    }
  return ui_test_run (&app);
}
