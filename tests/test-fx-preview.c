/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Move previews as lines, and the move bar driven through its widgets and actions. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "fx-move-bar.h"
#include "fx-preview.h"
#include "ui-support.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session-file.h"

static const char * const names[] = { "Agnes", "Bob", "Cynthia", "David" };

static void
new_game (FxSetup *setup,
          FxState *state)
{
  g_autoptr(GError) error = NULL;

  fx_setup_init (setup);
  g_assert_true (fx_setup_set_players (setup, names, G_N_ELEMENTS (names), &error));
  g_assert_no_error (error);
  fx_state_init (setup, state);
}

static gboolean
has_line (GPtrArray  *lines,
          const char *line)
{
  for (guint i = 0; i < lines->len; i++)
    if (g_str_equal (lines->pdata[i], line))
      return TRUE;
  return FALSE;
}

static void
dump (GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    g_test_message ("  %s", (const char *) lines->pdata[i]);
}

static void
play (const FxSetup *setup,
      FxState       *state,
      const FxMove  *m)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (fx_state_apply (setup, state, m, &error));
  g_assert_no_error (error);
}

/* Agnes gives David 1 CHF for 1.5 JPY (CHF > JPY at 1.5 on the printed board). */
static void
test_preview_spot (void)
{
  FxSetup setup;
  FxState before, after;
  FxMove m;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;

  new_game (&setup, &before);
  fx_move_init (&m, FX_MOVE_SPOT);
  m.actor = 0;
  m.other = 3;
  m.cur[0] = FX_CHF;
  m.cur[1] = FX_JPY;
  g_assert_true (fx_preview_apply (&setup, &before, &m, 1, &after, &error));
  g_assert_no_error (error);

  lines = fx_preview_describe (&setup, &before, &after);
  dump (lines);
  g_assert_cmpuint (lines->len, ==, 2);
  g_assert_true (has_line (lines, "Agnes: \u22121 CHF, +1.5 JPY"));
  g_assert_true (has_line (lines, "David: +1 CHF, \u22121.5 JPY"));
}

/* Buying a USD certificate flips USD against GBP and EUR (both at 1) and moves
 * its four other counters right. */
static void
test_preview_invest_flip (void)
{
  FxSetup setup;
  FxState before, after;
  FxMove m;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;

  new_game (&setup, &before);
  fx_move_init (&m, FX_MOVE_INVEST);
  m.actor = 0;
  m.cur[0] = FX_USD;
  g_assert_true (fx_preview_apply (&setup, &before, &m, 1, &after, &error));
  g_assert_no_error (error);

  lines = fx_preview_describe (&setup, &before, &after);
  dump (lines);
  g_assert_true (has_line (lines, "flips: USD now stronger than GBP (1 USD = 1 GBP)"));
  g_assert_true (has_line (lines, "flips: USD now stronger than EUR (1 USD = 1 EUR)"));
  g_assert_true (has_line (lines, "USD/CHF 1 → 1.5"));
  g_assert_true (has_line (lines, "USD/JPY 1.5 → 2"));
  g_assert_true (has_line (lines, "USD/CNY 3.5 → 4"));
  g_assert_true (has_line (lines, "Agnes: \u22122 USD"));
  g_assert_true (has_line (lines, "Agnes buys 1 USD certificate"));
  g_assert_cmpuint (lines->len, ==, 8);
}

/* Agnes promises 10 USD she does not have; when it is resolved she receives
 * the JPY and owes 11 USD as a loan. */
static void
test_preview_contract_to_loan (void)
{
  FxSetup setup;
  FxState state, after;
  FxMove m;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GPtrArray) front = NULL;

  new_game (&setup, &state);

  fx_move_init (&m, FX_MOVE_CONTRACT);
  m.actor = 0;
  m.cur[0] = FX_USD;
  m.cur[1] = FX_JPY;
  m.amount = XQ_BUCKS (10);
  g_assert_true (fx_preview_apply (&setup, &state, &m, 1, &after, &error));
  lines = fx_preview_describe (&setup, &state, &after);
  dump (lines);
  g_assert_true (has_line (lines, "Contract A: Agnes promises 10 USD for 15 JPY, at the back of the queue"));
  g_clear_pointer (&lines, g_ptr_array_unref);
  play (&setup, &state, &m);

  /* Bob resolves dividend card 0: nobody holds a certificate, so he chooses. */
  front = fx_preview_front (&setup, &state);
  dump (front);
  g_assert_true (has_line (front, "Front of the queue: dividend card 0"));
  g_assert_true (has_line (front, "Card 0 pays nothing"));
  g_clear_pointer (&front, g_ptr_array_unref);
  fx_move_init (&m, FX_MOVE_RESOLVE);
  m.actor = 1;
  g_assert_false (fx_preview_apply (&setup, &state, &m, 1, &after, &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_clear_error (&error);
  m.cur[0] = FX_CAD;
  g_assert_true (fx_preview_apply (&setup, &state, &m, 1, &after, &error));
  lines = fx_preview_describe (&setup, &state, &after);
  dump (lines);
  g_assert_true (has_line (lines, "Dividend card 0 is paid; 4 cards are left"));
  g_clear_pointer (&lines, g_ptr_array_unref);
  play (&setup, &state, &m);

  /* Cynthia resolves Agnes's contract A. */
  front = fx_preview_front (&setup, &state);
  dump (front);
  g_assert_true (has_line (front, "Front of the queue: Agnes’s contract A, pays 10 USD for 15 JPY"));
  g_assert_true (has_line (front, "Agnes holds only 2 USD: receives 15 JPY, and the contract becomes a loan of 11 USD"));
  fx_move_init (&m, FX_MOVE_RESOLVE);
  m.actor = 2;
  g_assert_true (fx_preview_apply (&setup, &state, &m, 1, &after, &error));
  g_assert_no_error (error);
  lines = fx_preview_describe (&setup, &state, &after);
  dump (lines);
  g_assert_true (has_line (lines, "Agnes: +15 JPY"));
  g_assert_true (has_line (lines, "Contract A is not paid and becomes a loan: Agnes owes 11 USD"));
  g_assert_cmpuint (lines->len, ==, 2);
}

/* --- the widget --------------------------------------------------------- */

static gboolean have_display;

static GtkWidget *
child (FxMoveBar  *bar,
       const char *id)
{
  GtkWidget *widget = fx_move_bar_get_part (bar, id);

  g_assert_nonnull (widget);
  return widget;
}

static gboolean
can_record (FxMoveBar *bar)
{
  GtkWidget *button = child (bar, "record_button");

  return gtk_widget_get_mapped (button) && gtk_widget_is_sensitive (button);
}

static void
select_currency (FxMoveBar  *bar,
                 const char *id,
                 const char *code)
{
  GtkDropDown *dropdown = GTK_DROP_DOWN (child (bar, id));
  GListModel *model = gtk_drop_down_get_model (dropdown);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), code))
      {
        gtk_drop_down_set_selected (dropdown, i);
        return;
      }
  g_error ("%s offers no %s", id, code);
}

static GtkWidget *
bar_window (FxMoveBar *bar)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 420);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (bar));
  gtk_window_present (GTK_WINDOW (window));
  ui_settle ();
  return window;
}

static void
test_bar_sample (void)
{
  XqSession *session;
  FxMoveBar *bar;
  GtkWidget *window;
  guint n;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  session = ui_load_sample ();
  bar = fx_move_bar_new ();
  fx_move_bar_set_session (bar, session);
  window = bar_window (bar);

  /* The sample ends decided: nothing to record. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (bar, "turn_label"))), ==, "The game is over");
  g_assert_false (gtk_widget_get_visible (child (bar, "form_scroller")));
  g_assert_false (gtk_widget_get_visible (child (bar, "record_button")));
  ui_screenshot (window, "fx-move-bar-over");

  /* Back to move 12: Bob to act, no certificates to divest. */
  while (xq_session_get_n_moves (session) > 12)
    g_assert_true (xq_session_undo (session));
  ui_settle ();
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (bar, "turn_label"))), ==, "Bob’s turn");
  /* No action is chosen for him but the one due: dividend card 1 waits at
   * the front of the queue, and its resolve comes chosen (issue 26). */
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child (bar, "resolve_toggle"))));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child (bar, "invest_toggle"))));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child (bar, "contract_toggle"))));
  g_assert_true (can_record (bar));
  g_assert_true (gtk_widget_get_sensitive (child (bar, "invest_toggle")));
  g_assert_false (gtk_widget_get_sensitive (child (bar, "divest_toggle")));
  g_assert_true (gtk_widget_get_sensitive (child (bar, "resolve_toggle")));

  /* Disabled kinds cannot be selected through the action either. */
  gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.select-form", "s", "divest");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child (bar, "divest_toggle"))));

  gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.select-form", "s", "invest");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child (bar, "invest_toggle"))));
  select_currency (bar, "invest_first", "USD");
  select_currency (bar, "invest_second", "GBP");
  ui_settle ();
  g_assert_true (can_record (bar));
  g_assert_true (gtk_widget_get_visible (child (bar, "preview_label")));
  g_assert_false (gtk_widget_get_visible (child (bar, "refusal_label")));
  ui_screenshot (window, "fx-move-bar-invest");

  gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.select-form", "s", "contract");
  select_currency (bar, "contract_pay", "USD");
  select_currency (bar, "contract_receive", "JPY");
  ui_settle ();
  g_assert_true (can_record (bar));
  ui_screenshot (window, "fx-move-bar-contract");

  gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.select-form", "s", "resolve");
  ui_settle ();
  g_assert_true (can_record (bar));
  ui_screenshot (window, "fx-move-bar-resolve");

  /* Record the investment: one move more, and the turn passes to Cynthia. */
  gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.select-form", "s", "invest");
  select_currency (bar, "invest_first", "USD");
  select_currency (bar, "invest_second", "GBP");
  n = xq_session_get_n_moves (session);
  gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.record", NULL);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, n + 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (bar, "turn_label"))), ==, "Cynthia’s turn");
  {
    const FxState *state = xq_session_get_state (session);

    g_assert_cmpuint (state->certs[1][FX_USD], ==, 1);
    g_assert_cmpuint (state->certs[1][FX_GBP], ==, 1);
  }

  /* A spot and the action are recorded together: two moves, never one.
   * The engine picks a spot it accepts followed by a resolution, so the
   * claim is checked on every run, not only when a guess was legal. */
  {
    const FxSetup *setup = xq_session_get_setup (session);
    const FxState *now = xq_session_get_state (session);
    FxMove spot, resolve;
    gboolean found = FALSE;

    /* The action: resolving the front, with whatever tie choice it needs. */
    for (int choice = FX_NO_CURRENCY; choice < FX_N_CURRENCIES && !found; choice++)
      for (int other = 0; other < setup->n_players && !found; other++)
        for (int give = 0; give < FX_N_CURRENCIES && !found; give++)
          for (int take = 0; take < FX_N_CURRENCIES && !found; take++)
            {
              FxState after = *now;

              fx_move_init (&resolve, FX_MOVE_RESOLVE);
              resolve.actor = now->next_player;
              resolve.cur[0] = (gint8) choice;
              fx_move_init (&spot, FX_MOVE_SPOT);
              spot.actor = now->next_player;
              spot.other = (gint8) other;
              spot.cur[0] = (gint8) give;
              spot.cur[1] = (gint8) take;
              found = fx_state_apply (setup, &after, &spot, NULL) && fx_state_apply (setup, &after, &resolve, NULL);
            }
    g_assert_true (found);
    g_assert_true (fx_move_bar_fill (bar, &spot, &resolve));
    ui_settle ();
    g_test_message ("spot: %s", gtk_label_get_text (GTK_LABEL (child (bar, "spot_label"))));
    ui_screenshot (window, "fx-move-bar-spot");
    g_assert_true (can_record (bar));
    n = xq_session_get_n_moves (session);
    gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.record", NULL);
    g_assert_cmpuint (xq_session_get_n_moves (session), ==, n + 2);
    g_assert_true (memcmp (xq_session_get_move (session, n), &spot, sizeof spot) == 0);
    g_assert_cmpint (((const FxMove *) xq_session_get_move (session, n + 1))->kind, ==, FX_MOVE_RESOLVE);
    g_assert_cmpint (((const FxState *) xq_session_get_state (session))->spot_actor, ==, FX_NO_PLAYER);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (session);
}

/* A spot the actor cannot pay is refused in the engine's words and cannot be recorded. */
static void
test_bar_refusal (void)
{
  FxSetup setup;
  FxState state;
  XqSession *session;
  FxMoveBar *bar;
  GtkWidget *window;
  const char *text;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }

  new_game (&setup, &state);
  session = xq_session_new (xq_game_lookup ("for-ex"), &setup);
  bar = fx_move_bar_new ();
  fx_move_bar_set_session (bar, session);
  window = bar_window (bar);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (bar, "turn_label"))), ==, "Agnes’s turn");
  /* Nobody holds certificates and the queue holds only the dividends. */
  g_assert_false (gtk_widget_get_sensitive (child (bar, "divest_toggle")));
  g_assert_false (can_record (bar));
  gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.select-form", "s", "resolve");
  g_assert_true (can_record (bar));

  /* GBP > CNY at 4: Agnes would hand over 4 CNY and holds 2. */
  gtk_expander_set_expanded (GTK_EXPANDER (child (bar, "spot_expander")), TRUE);
  select_currency (bar, "spot_give", "CNY");
  select_currency (bar, "spot_take", "GBP");
  ui_settle ();
  g_assert_false (can_record (bar));
  text = gtk_label_get_text (GTK_LABEL (child (bar, "spot_label")));
  g_test_message ("refusal: %s", text);
  g_assert_true (g_str_has_prefix (text, "Agnes holds 2 CNY"));
  g_assert_true (gtk_widget_has_css_class (child (bar, "spot_label"), "refusal"));
  /* The preview's area says it too, in place of the preview. */
  g_assert_true (gtk_widget_get_visible (child (bar, "refusal_label")));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (child (bar, "refusal_label"))), "Agnes holds 2 CNY"));
  g_assert_false (gtk_widget_get_visible (child (bar, "preview_label")));
  gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.record", NULL);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 0);
  ui_screenshot (window, "fx-move-bar-refusal");

  /* 1 GBP for 1.5 JPY is within both players' means. */
  select_currency (bar, "spot_give", "GBP");
  select_currency (bar, "spot_take", "JPY");
  g_assert_true (can_record (bar));
  g_assert_false (gtk_widget_get_visible (child (bar, "refusal_label")));

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (session);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  /* The widget tests need a display (the suite runs under xvfb-run). */
  have_display = gtk_init_check ();
  if (have_display)
    {
      g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

      adw_init ();
      gtk_css_provider_load_from_resource (provider, "/io/github/exchequer/Exchequer/style.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }

  g_test_add_func ("/fx-preview/spot", test_preview_spot);
  g_test_add_func ("/fx-preview/invest-flip", test_preview_invest_flip);
  g_test_add_func ("/fx-preview/contract-to-loan", test_preview_contract_to_loan);
  g_test_add_func ("/fx-move-bar/sample", test_bar_sample);
  g_test_add_func ("/fx-move-bar/refusal", test_bar_refusal);
  return g_test_run ();
}
