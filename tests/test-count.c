/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Counting the table through the widgets (issue #17, item 2): a dividend
 * recorded in the move bar opens the count (unless the preference is off),
 * two differences typed become two corrections and a checkpoint that
 * `exchequer-cli state` reads back, one Undo takes all three away, a count
 * with no difference is kept, the menu and Ctrl+K open it, a count the rules
 * refuse records nothing, and it fits every window size. Issue #26: it is
 * numbered from card 0 and not offered after card 0, a table that agrees is
 * one click, + steps a buck and nothing moves under the pointer; a spot and
 * its action are one step for Undo and Redo, and the toast says which. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cli-support.h"
#include "fx-amount-spin.h"
#include "fx-count-dialog.h"
#include "fx-move-bar.h"
#include "test-dirs.h"
#include "xq-history-view.h"
#include "ui-support.h"
#include "xq-tooltip.h"

static XqApplication *app;

enum { AGNES, BOB, CYNTHIA, DAVID };

/* The sample's Cynthia makes a spot (move 3) and resolves dividend card 0
 * (move 4), which pays nothing; David resolves card 1 (move 19), which
 * pays; the game goes on. */
#define CARD0_SPOT 3
#define CARD0_RESOLVE 4
#define DIVIDEND_RESOLVE 19
/* Bob's spot (move 7) and his contract (move 8). */
#define BOB_SPOT 7

typedef struct
{
  XqWindow   *window;
  XqSession  *session;
} Table;

static void
table_open (Table     *t,
            XqSession *session)
{
  t->session = session;
  t->window = ui_window_with (app, session);
}

static FxCountDialog *
count_dialog_of (XqWindow *window)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (FX_IS_COUNT_DIALOG (l->data) && gtk_widget_get_visible (l->data)
        && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window))
      return l->data;
  return NULL;
}

static void
table_close (Table *t)
{
  FxCountDialog *dialog = count_dialog_of (t->window);

  if (dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
  xq_document_discard_journal (xq_window_get_document (t->window));
  gtk_window_destroy (GTK_WINDOW (t->window));
  ui_settle ();
  g_clear_object (&t->session);
}

static gboolean window_says (XqWindow   *window,
                             const char *text);

/* The clicks the players made, counted by press(). */
static guint clicks;

static void
press (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_sensitive (button) && gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
  clicks++;
  ui_settle ();
}

static GtkWidget *
record_button_of (FxCountDialog *dialog)
{
  GtkWidget *button = ui_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "suggested-action");

  g_assert_nonnull (button);
  return button;
}

/* What a player types in a number, then Tab: the value is committed. */
static void
type_into (GtkSpinButton *spin,
           const char    *text)
{
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (spin);
  ui_settle ();
}

/* The sample's turn from move @spot (a spot, or -1) to the action @action,
 * through the move bar's Record: one click once the form is filled. */
static void
play_turn (Table *t,
           int    spot,
           guint  action)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  FxMoveBar *bar = FX_MOVE_BAR (ui_find_descendant (GTK_WIDGET (t->window), FX_TYPE_MOVE_BAR, NULL));

  g_assert_nonnull (bar);
  g_assert_true (fx_move_bar_fill (bar, spot >= 0 ? xq_session_get_move (sample, spot) : NULL,
                                   xq_session_get_move (sample, action)));
  ui_settle ();
  press (fx_move_bar_get_part (bar, "record_button"));
  g_assert_cmpuint (xq_session_get_n_moves (t->session), ==, action + 1);
}

/* David's resolve of dividend card 1. */
static void
play_dividend (Table *t)
{
  play_turn (t, -1, DIVIDEND_RESOLVE);
}

/* The value after NAME's CUR in `exchequer-cli state`'s line "KIND NAME …". */
static char *
cli_value (const char *state,
           const char *kind,
           const char *name,
           const char *currency)
{
  g_autofree char *prefix = g_strdup_printf ("\n%s %s ", kind, name);
  g_autofree char *key = g_strdup_printf (" %s ", currency);
  const char *line = strstr (state, prefix);
  g_autofree char *text = NULL;
  const char *at;

  g_assert_nonnull (line);
  text = g_strndup (line + 1, strcspn (line + 1, "\n"));
  at = strstr (text, key);
  g_assert_nonnull (at);
  at += strlen (key);
  return g_strndup (at, strcspn (at, " "));
}

static void
test_after_dividend (void)
{
  Table t;
  FxCountDialog *dialog;
  g_autofree char *summary = NULL;
  g_autofree char *dir = g_dir_make_tmp ("exchequer-test-count-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "counted.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_auto(Run) run = { 0 };
  g_autofree char *bob_eur = NULL;
  g_autofree char *agnes_jpy = NULL;
  FxState before_count;
  const FxMove *m;
  guint n;

  table_open (&t, ui_sample_prefix (DIVIDEND_RESOLVE));
  play_dividend (&t);
  ui_settle ();
  dialog = count_dialog_of (t.window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  before_count = *(const FxState *) xq_session_get_state (t.session);
  n = xq_session_get_n_moves (t.session);

  /* It opened itself: leaving it is "Not Now", and it says which dividend. */
  summary = ui_collect_text (GTK_WIDGET (dialog));
  g_assert_nonnull (strstr (summary, "Not Now"));
  /* Numbered as the history numbers the card David resolved. */
  g_assert_nonnull (strstr (summary, "Dividend card 1 has been paid"));
  g_assert_nonnull (strstr (summary, "No differences"));
  g_assert_nonnull (strstr (summary, "The Table Agrees"));
  g_clear_pointer (&summary, g_free);

  /* Prefilled with the app's numbers: Agnes holds a JPY certificate. */
  g_assert_cmpfloat (gtk_spin_button_get_value (fx_count_dialog_get_spin (dialog, FX_COUNT_NOTES, BOB, FX_EUR)), ==,
                     before_count.cash[BOB][FX_EUR] / 2.0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (fx_count_dialog_get_spin (dialog, FX_COUNT_CERTIFICATES, AGNES,
                                                                               FX_JPY)), ==, 1);

  /* Two differences: Bob has 7.5 EUR, Agnes's JPY certificate is not there. */
  type_into (fx_count_dialog_get_spin (dialog, FX_COUNT_NOTES, BOB, FX_EUR), "7.5");
  type_into (fx_count_dialog_get_spin (dialog, FX_COUNT_CERTIFICATES, AGNES, FX_JPY), "0");
  summary = ui_collect_text (GTK_WIDGET (dialog));
  g_assert_nonnull (strstr (summary, "2 differences, recorded as corrections “counted after dividend card 1”:"));
  g_assert_nonnull (strstr (summary, "Bob: EUR notes "));
  g_assert_nonnull (strstr (summary, "→ 7.5"));
  g_assert_nonnull (strstr (summary, "Agnes: JPY certificates 1 → 0"));
  g_assert_nonnull (strstr (summary, "The app has 1 certificate"));
  g_assert_null (strstr (summary, "cannot be recorded"));
  /* With differences, the button records them. */
  g_assert_null (strstr (summary, "The Table Agrees"));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (record_button_of (dialog))), ==, "_Record");

  press (record_button_of (dialog));
  ui_settle ();
  g_assert_null (count_dialog_of (t.window));
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, n + 3);
  /* The window the players look at says what the count did. */
  {
    g_autofree char *window_text = ui_collect_text (GTK_WIDGET (t.window));

    g_assert_nonnull (strstr (window_text, "Count recorded: 2 differences corrected"));
  }
  m = xq_session_get_move (t.session, n);
  g_assert_cmpint (m->kind, ==, FX_MOVE_CORRECT_CASH);
  g_assert_cmpint (m->other, ==, BOB);
  g_assert_cmpint (m->amount, ==, XQ_BUCKS (7) + 1);
  m = xq_session_get_move (t.session, n + 1);
  g_assert_cmpint (m->kind, ==, FX_MOVE_CORRECT_CERTS);
  g_assert_cmpint (m->other, ==, AGNES);
  g_assert_cmpint (m->cur[0], ==, FX_JPY);
  g_assert_cmpint (m->amount, ==, 0);
  m = xq_session_get_move (t.session, n + 2);
  g_assert_cmpint (m->kind, ==, FX_MOVE_CHECKPOINT);
  g_assert_cmpint (m->amount, ==, 2);
  for (guint i = n; i < n + 3; i++)
    g_assert_cmpstr (xq_session_get_move_reason (t.session, i), ==, "counted after dividend card 1");

  /* The history tells the count in words, its reason on the row. */
  {
    GtkWidget *row;
    GtkWidget *sentence;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.toggle-history", NULL));
    ui_settle ();
    row = ui_history_row (ui_find_descendant (GTK_WIDGET (t.window), XQ_TYPE_HISTORY_VIEW, NULL), n + 3);
    g_assert_nonnull (row);
    sentence = gtk_grid_get_child_at (GTK_GRID (gtk_widget_get_first_child (row)), 1, 0);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (sentence)), ==,
                     "The table was counted; 2 differences were corrected");
    g_assert_cmpstr (xq_tooltip_get_text (GTK_WIDGET (row)), ==, "counted after dividend card 1");
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.toggle-history", NULL));
  }

  /* Saved, and read back by the command line as the players typed it. */
  ui_save_document (xq_window_get_document (t.window), file);
  RUN (&run, "state", path);
  g_assert_cmpint (run.status, ==, 0);
  bob_eur = cli_value (run.out, "cash", "Bob", "EUR");
  agnes_jpy = cli_value (run.out, "certs", "Agnes", "JPY");
  g_assert_cmpstr (bob_eur, ==, "7.5");
  g_assert_cmpstr (agnes_jpy, ==, "0");
  run_clear (&run);
  RUN (&run, "check", path);
  g_assert_cmpstr (run.out, ==, "ok 23 moves\n");

  /* The audit lists the count with its result, beside its corrections. */
  {
    FxAuditWindow *audit = ui_open_audit (t.window);
    g_autofree char *text = NULL;

    fx_audit_window_show_page (audit, "audit");
    ui_settle ();
    text = ui_collect_text (GTK_WIDGET (audit));
    g_assert_nonnull (strstr (text, "Checkpoints"));
    g_assert_nonnull (strstr (text, "2 differences corrected"));
    g_assert_nonnull (strstr (text, "Correction: Bob holds 7.5 EUR"));
    g_assert_nonnull (strstr (text, "counted after dividend card 1"));
    gtk_window_destroy (GTK_WINDOW (audit));
  }

  /* One Undo takes the whole count away; Redo brings it back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.undo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, n);
  g_assert_cmpmem (xq_session_get_state (t.session), sizeof before_count, &before_count, sizeof before_count);
  /* The toast says the three moves went as one step. */
  {
    g_autofree char *text = ui_collect_text (GTK_WIDGET (t.window));

    g_assert_nonnull (strstr (text, "3 moves undone together"));
  }
  /* A game never counted has no checkpoints in its audit. */
  {
    FxAuditWindow *audit = ui_open_audit (t.window);
    g_autofree char *text = NULL;

    fx_audit_window_show_page (audit, "audit");
    ui_settle ();
    text = ui_collect_text (GTK_WIDGET (audit));
    g_assert_null (strstr (text, "Checkpoints"));
    gtk_window_destroy (GTK_WINDOW (audit));
  }
  /* An undo is not a dividend played: no count opens. */
  g_assert_null (count_dialog_of (t.window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.redo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, n + 3);
  g_assert_null (count_dialog_of (t.window));

  table_close (&t);
  g_unlink (path);
  g_rmdir (dir);
}

static gboolean
count_closed (XqWindow *window)
{
  return count_dialog_of (window) == NULL;
}

/* Issue #26: card 0 pays nothing, so nothing is offered to count after it;
 * the count is still there when asked for. */
static void
test_not_after_card0 (void)
{
  Table t;

  table_open (&t, ui_sample_prefix (CARD0_SPOT));
  play_turn (&t, CARD0_SPOT, CARD0_RESOLVE);
  ui_settle ();
  g_assert_null (count_dialog_of (t.window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.count-table", NULL));
  ui_settle ();
  g_assert_nonnull (count_dialog_of (t.window));
  table_close (&t);
}

/* Issue #26: when the table agrees with the app, the count that follows a
 * dividend is confirmed in one click (or Enter): the dividend's turn is its
 * Record and that one confirmation. */
static void
test_agrees_in_one_click (void)
{
  for (int by_key = 0; by_key < 2; by_key++)
    {
      Table t;
      FxCountDialog *dialog;
      GtkWidget *agrees;
      const FxMove *m;

      table_open (&t, ui_sample_prefix (DIVIDEND_RESOLVE));
      clicks = 0;
      play_dividend (&t);
      ui_settle ();
      g_assert_cmpuint (clicks, ==, 1);
      dialog = count_dialog_of (t.window);
      g_assert_nonnull (dialog);
      agrees = record_button_of (dialog);
      g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (agrees)), ==, "The Table _Agrees");
      ui_wait_until (gtk_widget_get_mapped, agrees);
      ui_assert_in_view (agrees, "The Table Agrees", "default size");
      if (!by_key)
        for (guint i = 0; i < UI_N_SIZES; i++)
          {
            g_autofree char *name = g_strdup_printf ("count-after-dividend-%s", ui_sizes[i].name);

            ui_resize (GTK_WINDOW (dialog), &ui_sizes[i]);
            g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, ui_sizes[i].width);
            ui_assert_no_sideways_scroll (GTK_WIDGET (dialog), ui_sizes[i].name);
            ui_assert_in_view (agrees, "The Table Agrees", ui_sizes[i].name);
            ui_screenshot (GTK_WIDGET (dialog), name);
          }
      if (by_key)
        {
          /* Enter: the keyboard starts on it, and it is the default. */
          g_assert_true (gtk_root_get_focus (GTK_ROOT (dialog)) == agrees);
          g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == agrees);
          gtk_widget_activate_default (GTK_WIDGET (dialog));
          /* A button pressed by key shows itself pressed a moment first. */
          ui_wait_until (count_closed, t.window);
        }
      else
        press (agrees);
      ui_settle ();
      g_assert_cmpuint (clicks, ==, by_key ? 1 : 2);
      g_assert_null (count_dialog_of (t.window));
      g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, DIVIDEND_RESOLVE + 2);
      m = xq_session_get_move (t.session, DIVIDEND_RESOLVE + 1);
      g_assert_cmpint (m->kind, ==, FX_MOVE_CHECKPOINT);
      g_assert_cmpint (m->amount, ==, 0);
      g_assert_cmpstr (xq_session_get_move_reason (t.session, DIVIDEND_RESOLVE + 1), ==,
                       "counted after dividend card 1");
      g_assert_true (window_says (t.window, "Count recorded: the table agreed"));
      table_close (&t);
    }
}

static void
test_preference_off (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  Table t;

  g_settings_set_boolean (settings, "count-after-dividend", FALSE);
  table_open (&t, ui_sample_prefix (DIVIDEND_RESOLVE));
  play_dividend (&t);
  ui_settle ();
  g_assert_null (count_dialog_of (t.window));
  /* On demand it still opens. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.count-table", NULL));
  ui_settle ();
  g_assert_nonnull (count_dialog_of (t.window));
  table_close (&t);
  g_settings_reset (settings, "count-after-dividend");
  g_assert_true (g_settings_get_boolean (settings, "count-after-dividend"));
}

/* Every player confirms a row: the count agreed, and that is kept too. */
static void
test_no_difference (void)
{
  Table t;
  FxCountDialog *dialog;
  g_autofree char *text = NULL;
  const FxMove *m;

  table_open (&t, ui_sample_prefix (12));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.count-table", NULL));
  ui_settle ();
  dialog = count_dialog_of (t.window);
  g_assert_nonnull (dialog);
  text = ui_collect_text (GTK_WIDGET (dialog));
  g_assert_nonnull (strstr (text, "Cancel"));
  g_assert_null (strstr (text, "Not Now"));

  /* The keyboard starts on Agnes's confirmation; Tab reaches her numbers,
   * each named for a screen reader. */
  {
    GtkWidget *focus;
    GtkSpinButton *first = fx_count_dialog_get_spin (dialog, FX_COUNT_NOTES, AGNES, FX_GBP);
    char *wrong;

    /* Tab moves only among widgets on screen: wait for the dialog to be
     * drawn (a loaded machine takes longer than a fixed pause). */
    ui_wait_until (gtk_widget_get_mapped, GTK_WIDGET (first));
    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (first)));
    focus = gtk_root_get_focus (GTK_ROOT (dialog));
    g_assert_true (focus == GTK_WIDGET (fx_count_dialog_get_confirm (dialog, AGNES)));
    g_assert_true (gtk_widget_child_focus (GTK_WIDGET (dialog), GTK_DIR_TAB_FORWARD));
    focus = gtk_root_get_focus (GTK_ROOT (dialog));
    g_assert_true (focus == GTK_WIDGET (first) || gtk_widget_is_ancestor (focus, GTK_WIDGET (first)));
    /* and the next Tab her certificates beside, not the row around them. */
    g_assert_true (gtk_widget_child_focus (GTK_WIDGET (dialog), GTK_DIR_TAB_FORWARD));
    g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)),
                                           GTK_WIDGET (fx_count_dialog_get_spin (dialog, FX_COUNT_CERTIFICATES,
                                                                                 AGNES, FX_GBP))));
    wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (first), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                "Agnes, GBP notes");
    g_assert_null (wrong);
    wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (fx_count_dialog_get_spin (dialog, FX_COUNT_PILE, 0,
                                                                                          FX_JPY)),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL, "JPY pile");
    g_assert_null (wrong);
    wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (fx_count_dialog_get_confirm (dialog, BOB)),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL, "Bob’s row matches the table");
    g_assert_null (wrong);
  }

  /* A number changed, then the row confirmed: back to the app's. */
  type_into (fx_count_dialog_get_spin (dialog, FX_COUNT_NOTES, CYNTHIA, FX_GBP), "40");
  for (int p = 0; p < 4; p++)
    {
      GtkToggleButton *confirm = fx_count_dialog_get_confirm (dialog, p);

      press (GTK_WIDGET (confirm));
      g_assert_true (gtk_toggle_button_get_active (confirm));
    }
  g_clear_pointer (&text, g_free);
  text = ui_collect_text (GTK_WIDGET (dialog));
  g_assert_nonnull (strstr (text, "Confirmed"));
  g_assert_nonnull (strstr (text, "No differences"));
  /* Typing again withdraws the confirmation. */
  type_into (fx_count_dialog_get_spin (dialog, FX_COUNT_NOTES, DAVID, FX_CHF), "9");
  g_assert_false (gtk_toggle_button_get_active (fx_count_dialog_get_confirm (dialog, DAVID)));
  press (GTK_WIDGET (fx_count_dialog_get_confirm (dialog, DAVID)));

  press (record_button_of (dialog));
  g_assert_null (count_dialog_of (t.window));
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, 13);
  m = xq_session_get_move (t.session, 12);
  g_assert_cmpint (m->kind, ==, FX_MOVE_CHECKPOINT);
  g_assert_cmpint (m->amount, ==, 0);
  g_assert_cmpstr (xq_session_get_move_reason (t.session, 12), ==, "counted at move 12");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.undo", NULL));
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, 12);
  table_close (&t);
}

static gboolean
menu_has_action (GMenuModel *menu,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_strcmp0 (name, action) == 0)
        return TRUE;
      if (section != NULL && menu_has_action (section, action))
        return TRUE;
    }
  return FALSE;
}

/* The main menu lists it beside the correction, Ctrl+K is its key, and the
 * shortcuts window names it. */
static void
test_menu_and_shortcut (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/exchequer/Exchequer/xq-shortcuts-window.ui");
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.count-table");
  g_autoptr(GPtrArray) shortcuts = NULL;
  GMenuModel *menu;
  gboolean in_menu, in_shortcuts = FALSE;
  Table t;

  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_cmpstr (accels[0], ==, "<Control>k");

  table_open (&t, ui_sample_prefix (12));
  menu = ui_open_main_menu (GTK_WIDGET (t.window));
  in_menu = menu_has_action (menu, "win.count-table") && menu_has_action (menu, "win.correction");
  g_assert_true (in_menu);
  shortcuts = ui_find_all (GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay")), GTK_TYPE_SHORTCUTS_SHORTCUT);
  for (guint i = 0; i < shortcuts->len; i++)
    {
      g_autofree char *action = NULL;

      g_object_get (shortcuts->pdata[i], "action-name", &action, NULL);
      in_shortcuts |= g_strcmp0 (action, "win.count-table") == 0;
    }
  g_assert_true (in_shortcuts);
  gtk_window_destroy (GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay")));

  /* What the key does: the window's action opens it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.count-table", NULL));
  ui_settle ();
  g_assert_nonnull (count_dialog_of (t.window));
  table_close (&t);

  /* Not once the game is over: the audit has the last word. */
  table_open (&t, ui_load_sample ());
  gtk_widget_activate_action (GTK_WIDGET (t.window), "win.count-table", NULL);
  ui_settle ();
  g_assert_null (count_dialog_of (t.window));
  table_close (&t);
}

/* A certificate counted in hands the app does not know of, with the pile
 * left full: the rule says why, and nothing is recorded. */
static void
test_refused (void)
{
  Table t;
  FxCountDialog *dialog;
  g_autofree char *text = NULL;

  table_open (&t, ui_sample_prefix (12));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.count-table", NULL));
  ui_settle ();
  dialog = count_dialog_of (t.window);
  type_into (fx_count_dialog_get_spin (dialog, FX_COUNT_CERTIFICATES, BOB, FX_GBP), "4");
  text = ui_collect_text (GTK_WIDGET (dialog));
  g_assert_nonnull (strstr (text, "This count cannot be recorded: of the 8 GBP certificates"));
  press (record_button_of (dialog));
  g_assert_true (count_dialog_of (t.window) == dialog);
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, 12);

  /* Counted in the pile too, the count is whole again. */
  type_into (fx_count_dialog_get_spin (dialog, FX_COUNT_PILE, 0, FX_GBP), "0");
  g_clear_pointer (&text, g_free);
  text = ui_collect_text (GTK_WIDGET (dialog));
  g_assert_null (strstr (text, "cannot be recorded"));
  table_close (&t);
}

/* The count at every window size, light and dark: nothing sideways, Record
 * and the first player's numbers on screen. */
static void
test_sizes (void)
{
  Table t;
  FxCountDialog *dialog;

  table_open (&t, ui_sample_prefix (20));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.count-table", NULL));
  ui_settle ();
  dialog = count_dialog_of (t.window);
  type_into (fx_count_dialog_get_spin (dialog, FX_COUNT_NOTES, BOB, FX_EUR), "7.5");
  press (GTK_WIDGET (fx_count_dialog_get_confirm (dialog, AGNES)));
  for (guint i = 0; i < UI_N_SIZES; i++)
    {
      g_autofree char *name = g_strdup_printf ("count-%s", ui_sizes[i].name);

      ui_resize (GTK_WINDOW (dialog), &ui_sizes[i]);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, ui_sizes[i].width);
      ui_assert_no_sideways_scroll (GTK_WIDGET (dialog), ui_sizes[i].name);
      ui_assert_in_view (record_button_of (dialog), "Record", ui_sizes[i].name);
      ui_assert_in_view (GTK_WIDGET (fx_count_dialog_get_spin (dialog, FX_COUNT_CERTIFICATES, AGNES, FX_GBP)),
                         "Agnes's GBP certificates", ui_sizes[i].name);
      ui_screenshot_light_and_dark (GTK_WIDGET (dialog), name);
    }
  table_close (&t);
}

/* The + (or −) of a spin button. */
static GtkWidget *
step_button (GtkSpinButton *spin,
             const char    *which)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (spin)); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c) && gtk_widget_has_css_class (c, which))
      return c;
  g_assert_not_reached ();
}

/* What a click on a spin button's + or − does (GtkSpinButton's own press
 * handler steps by the adjustment's step the same way). */
static void
click_step (GtkSpinButton *spin,
            const char    *which)
{
  GtkWidget *button = step_button (spin, which);

  g_assert_true (gtk_widget_get_mapped (button) && gtk_widget_is_sensitive (button));
  gtk_spin_button_spin (spin, g_str_equal (which, "up") ? GTK_SPIN_STEP_FORWARD : GTK_SPIN_STEP_BACKWARD, 0);
  ui_settle ();
}

/* Where every + of the count lies in the window. */
static GArray *
plus_bounds (FxCountDialog *dialog,
             int            n_players)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    for (int p = 0; p <= n_players; p++)
      for (int f = 0; f < 2; f++)
        {
          FxCountField field = p == n_players ? FX_COUNT_PILE : f == 0 ? FX_COUNT_NOTES : FX_COUNT_CERTIFICATES;
          graphene_rect_t r;

          if (field == FX_COUNT_PILE && f == 1)
            continue;
          g_assert_true (gtk_widget_compute_bounds (step_button (fx_count_dialog_get_spin (dialog, field, p, c), "up"),
                                                    GTK_WIDGET (dialog), &r));
          g_array_append_val (out, r);
        }
  return out;
}

static void
assert_same_bounds (GArray     *before,
                    GArray     *after,
                    const char *size)
{
  g_assert_cmpuint (before->len, ==, after->len);
  for (guint i = 0; i < before->len; i++)
    {
      const graphene_rect_t *a = &g_array_index (before, graphene_rect_t, i);
      const graphene_rect_t *b = &g_array_index (after, graphene_rect_t, i);

      if (!graphene_rect_equal (a, b))
        g_error ("at %s, + number %u moved from %g,%g to %g,%g", size, i, a->origin.x, a->origin.y,
                 b->origin.x, b->origin.y);
    }
}

/* Issue #26: + and − step one buck (a half-buck is still typed), and the
 * count holds still under the pointer while the players click: no row
 * grows, no column folds. */
static void
test_steady (void)
{
  Table t;
  FxCountDialog *dialog;
  GtkSpinButton *agnes_eur, *bob_gbp;
  double start;
  int n_players;

  table_open (&t, ui_sample_prefix (20));
  n_players = ((const FxState *) xq_session_get_state (t.session))->n_players;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.count-table", NULL));
  ui_settle ();
  dialog = count_dialog_of (t.window);
  agnes_eur = fx_count_dialog_get_spin (dialog, FX_COUNT_NOTES, AGNES, FX_EUR);
  bob_gbp = fx_count_dialog_get_spin (dialog, FX_COUNT_NOTES, BOB, FX_GBP);
  /* As it opens (two columns), then at every size the window supports. */
  for (int i = -1; i < UI_N_SIZES; i++)
    {
      g_autoptr(GArray) before = NULL;
      g_autoptr(GArray) after = NULL;
      const char *size = i < 0 ? "the size it opens at" : ui_sizes[i].name;

      if (i >= 0)
        ui_resize (GTK_WINDOW (dialog), &ui_sizes[i]);
      ui_wait_until (gtk_widget_get_mapped, step_button (agnes_eur, "up"));
      before = plus_bounds (dialog, n_players);
      start = gtk_spin_button_get_value (agnes_eur);

      click_step (agnes_eur, "up");
      g_assert_cmpfloat (gtk_spin_button_get_value (agnes_eur), ==, start + 1);
      after = plus_bounds (dialog, n_players);
      assert_same_bounds (before, after, size);
      g_clear_pointer (&after, g_array_unref);

      click_step (agnes_eur, "up");
      click_step (bob_gbp, "up");
      g_assert_cmpfloat (gtk_spin_button_get_value (agnes_eur), ==, start + 2);
      after = plus_bounds (dialog, n_players);
      assert_same_bounds (before, after, size);
      g_clear_pointer (&after, g_array_unref);

      click_step (agnes_eur, "down");
      click_step (agnes_eur, "down");
      click_step (bob_gbp, "down");
      g_assert_cmpfloat (gtk_spin_button_get_value (agnes_eur), ==, start);
      after = plus_bounds (dialog, n_players);
      assert_same_bounds (before, after, size);
    }

  /* A half-buck is typed, and + keeps it. */
  type_into (agnes_eur, "3.5");
  g_assert_cmpfloat (gtk_spin_button_get_value (agnes_eur), ==, 3.5);
  click_step (agnes_eur, "up");
  g_assert_cmpfloat (gtk_spin_button_get_value (agnes_eur), ==, 4.5);
  g_assert_cmpint (fx_amount_spin_get (agnes_eur), ==, XQ_BUCKS (4) + 1);
  /* Money is half-bucks: what is typed between comes to the nearest half. */
  type_into (agnes_eur, "2.3");
  g_assert_cmpint (fx_amount_spin_get (agnes_eur), ==, XQ_BUCKS (2) + 1);
  g_assert_cmpfloat (gtk_spin_button_get_value (agnes_eur), ==, 2.5);
  table_close (&t);
}

/* The buttons that activate @action and show now: the header's and the toast's. */
static guint
shown_buttons (XqWindow   *window,
               const char *action,
               gboolean    sensitive)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (window), GTK_TYPE_BUTTON);
  guint n = 0;

  for (guint i = 0; i < buttons->len; i++)
    if (gtk_widget_get_mapped (buttons->pdata[i])
        && g_strcmp0 (gtk_actionable_get_action_name (buttons->pdata[i]), action) == 0
        && gtk_widget_is_sensitive (buttons->pdata[i]) == sensitive)
      n++;
  return n;
}

static gboolean
window_says (XqWindow   *window,
             const char *text)
{
  g_autofree char *all = ui_collect_text (GTK_WIDGET (window));

  return strstr (all, text) != NULL;
}

/* Issue #26: a spot and its action recorded through the move bar are one
 * turn, and one step for Undo and Redo; the toast says what happened and
 * offers only what can be done. */
static void
test_undo_turn (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  FxMoveBar *bar;
  Table t;
  guint before;

  table_open (&t, ui_sample_prefix (BOB_SPOT));
  before = xq_session_get_n_moves (t.session);
  bar = FX_MOVE_BAR (ui_find_descendant (GTK_WIDGET (t.window), FX_TYPE_MOVE_BAR, NULL));
  g_assert_cmpint (((const FxMove *) xq_session_get_move (sample, BOB_SPOT))->kind, ==, FX_MOVE_SPOT);
  g_assert_true (fx_move_bar_fill (bar, xq_session_get_move (sample, BOB_SPOT),
                                   xq_session_get_move (sample, BOB_SPOT + 1)));
  ui_settle ();
  press (fx_move_bar_get_part (bar, "record_button"));
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before + 2);

  /* Ctrl+Z: the whole turn goes, nothing is left half done. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.undo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before);
  g_assert_cmpint (((const FxState *) xq_session_get_state (t.session))->spot_actor, ==, FX_NO_PLAYER);
  g_assert_true (window_says (t.window, "2 moves undone together"));
  ui_screenshot (GTK_WIDGET (t.window), "undo-turn");
  /* Redo offered in the header and on the toast; Undo still possible. */
  g_assert_cmpuint (shown_buttons (t.window, "win.redo", TRUE), ==, 2);
  g_assert_cmpuint (shown_buttons (t.window, "win.undo", TRUE), ==, 1);

  /* Redo: the whole turn comes back, the toast says so and offers nothing
   * greyed; there is nothing left to redo. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.redo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before + 2);
  g_assert_false (window_says (t.window, "undone"));
  g_assert_true (window_says (t.window, "2 moves redone together"));
  ui_screenshot (GTK_WIDGET (t.window), "redo-turn");
  g_assert_cmpuint (shown_buttons (t.window, "win.redo", TRUE), ==, 0);
  g_assert_cmpuint (shown_buttons (t.window, "win.redo", FALSE), ==, 1);
  g_assert_cmpuint (shown_buttons (t.window, "win.undo", TRUE), ==, 1);

  /* Undo, then another turn recorded: Redo is gone, from the toast too,
   * rather than shown greyed. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.undo", NULL));
  ui_settle ();
  g_assert_true (window_says (t.window, "2 moves undone together"));
  g_assert_true (fx_move_bar_fill (bar, NULL, xq_session_get_move (sample, BOB_SPOT + 1)));
  ui_settle ();
  press (fx_move_bar_get_part (bar, "record_button"));
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before + 1);
  g_assert_cmpuint (shown_buttons (t.window, "win.redo", TRUE), ==, 0);
  g_assert_cmpuint (shown_buttons (t.window, "win.redo", FALSE), ==, 1);

  /* A single move is one step, and says so. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.undo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before);
  g_assert_true (window_says (t.window, "Move undone"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.redo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before + 1);
  g_assert_true (window_says (t.window, "Move redone"));
  g_assert_false (window_says (t.window, "Move undone"));

  /* Keys pressed faster than the toast can fade: one toast, saying the last. */
  for (int i = 0; i < 3; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.undo", NULL));
  for (int i = 0; i < 2; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.redo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before);
  g_assert_true (window_says (t.window, "Move redone"));
  g_assert_cmpuint (shown_buttons (t.window, "win.redo", TRUE), ==, 2);
  table_close (&t);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  g_test_add_func ("/count/after-dividend", test_after_dividend);
  g_test_add_func ("/count/not-after-card-0", test_not_after_card0);
  g_test_add_func ("/count/agrees-in-one-click", test_agrees_in_one_click);
  g_test_add_func ("/count/preference-off", test_preference_off);
  g_test_add_func ("/count/no-difference", test_no_difference);
  g_test_add_func ("/count/menu-and-shortcut", test_menu_and_shortcut);
  g_test_add_func ("/count/refused", test_refused);
  g_test_add_func ("/count/sizes", test_sizes);
  g_test_add_func ("/count/undo-turn", test_undo_turn);
  g_test_add_func ("/count/steady", test_steady);
  return ui_test_run (&app);
}
