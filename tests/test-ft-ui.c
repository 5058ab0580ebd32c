/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Drives the Fair Trade page through its widgets: the numbers against
 * exchequer-cli, a short game with hidden bids, history, screenshots. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "ft-game.h"
#include "ft-state.h"
#include "ft-table-view.h"
#include "cli-support.h"
#include "ui-support.h"
#include "xq-tooltip.h"
#include "xq-games.h"
#include "xq-history-view.h"
#include "xq-new-game-dialog.h"
#include "xq-session-file.h"
#include "xq-session.h"
#include "ft-correction-dialog.h"
#include "xq-application.h"
#include "xq-window.h"

#define RESOURCE_BASE "/io/github/exchequer/Exchequer"

/* The windows' application, one per program: a second could not register. */
static XqApplication *app;

static char *
example_path (void)
{
  return g_build_filename (TEST_DATA_DIR, "fair-trade", "fair-trade-44-4p.xqn", NULL);
}

static XqSession *
load_example (void)
{
  g_autofree char *path = example_path ();

  return ui_load_session (path);
}

typedef struct
{
  GtkWidget *window;
  GtkWidget *view;
} Page;

static void
page_open (Page      *page,
           XqSession *session)
{
  page->window = gtk_window_new ();
  page->view = g_object_ref (ft_table_view_new ());
  gtk_window_set_child (GTK_WINDOW (page->window), page->view);
  gtk_window_set_default_size (GTK_WINDOW (page->window), 1400, 900);
  ft_table_view_set_session (FT_TABLE_VIEW (page->view), session);
  gtk_window_present (GTK_WINDOW (page->window));
  ui_settle ();
}

static void
page_close (Page *page)
{
  gtk_window_destroy (GTK_WINDOW (page->window));
  ui_settle ();
  g_assert_finalize_object (page->view);
}

/* The widgets of @type with @css_class below @root, in the order shown. */
static GPtrArray *
find_class (GtkWidget  *root,
            GType       type,
            const char *css_class)
{
  g_autoptr(GPtrArray) all = ui_find_all (root, type);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    if (gtk_widget_has_css_class (all->pdata[i], css_class))
      g_ptr_array_add (out, all->pdata[i]);
  return out;
}

/* The numbers the players' table shows in the column with @css_class: in the
 * arrangement on screen, the other one (wide or narrow) holding the same. */
static void
shown_numbers (GtkWidget  *view,
               const char *css_class,
               int         n,
               gint32      out[FT_MAX_PLAYERS])
{
  g_autoptr(GPtrArray) labels = find_class (view, GTK_TYPE_LABEL, css_class);
  int shown = 0;

  g_assert_cmpuint (labels->len, ==, 2 * n);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (labels->pdata[i]))
      {
        g_assert_cmpint (shown, <, n);
        out[shown++] = atoi (gtk_label_get_text (labels->pdata[i]));
      }
  g_assert_cmpint (shown, ==, n);
}

static void
assert_shows_state (GtkWidget     *view,
                    const FtState *s)
{
  gint32 coins[FT_MAX_PLAYERS], markers[FT_MAX_PLAYERS], debt[FT_MAX_PLAYERS];

  shown_numbers (view, "ft-coins", s->n_players, coins);
  shown_numbers (view, "ft-markers", s->n_players, markers);
  shown_numbers (view, "ft-debt", s->n_players, debt);
  for (int p = 0; p < s->n_players; p++)
    {
      g_assert_cmpint (coins[p], ==, s->coins[p]);
      g_assert_cmpint (markers[p], ==, s->markers[p]);
      g_assert_cmpint (debt[p], ==, s->debt[p]);
    }
}

/* The players' table in its two arrangements (across, and a block per player
 * where that does not fit): a screen reader hears the one on screen, and
 * both show the same numbers. */
static void
test_players_arrangements (void)
{
  g_autoptr(XqSession) session = load_example ();
  g_autoptr(GPtrArray) tables = NULL;
  FtState state;
  Page page;
  gboolean seen[2] = { FALSE, FALSE };

  xq_session_get_state_at (session, xq_session_get_n_moves (session), &state);
  page_open (&page, session);
  tables = find_class (page.view, GTK_TYPE_WIDGET, "ft-players");
  g_assert_cmpuint (tables->len, ==, 2);
  /* Wide, then as narrow as the window lets the page be. */
  for (int width = 1400; width > 0; width -= 1300)
    {
      guint n_shown = 0;

      gtk_window_set_default_size (GTK_WINDOW (page.window), width, 900);
      ui_settle ();
      for (guint t = 0; t < tables->len; t++)
        {
          gboolean shown = gtk_widget_get_mapped (tables->pdata[t]);

          gtk_test_accessible_assert_state (GTK_ACCESSIBLE (tables->pdata[t]), GTK_ACCESSIBLE_STATE_HIDDEN, !shown);
          n_shown += shown;
          seen[t] = seen[t] || shown;
        }
      g_assert_cmpuint (n_shown, ==, 1);
      assert_shows_state (page.view, &state);
    }
  g_test_message ("at 1400 px and at the page's least width: across %s, a block per player %s",
                  seen[0] ? "shown" : "not shown", seen[1] ? "shown" : "not shown");
  g_assert_true (seen[0]);
  g_assert_true (seen[1]);
  page_close (&page);
}

static void
test_matches_cli (void)
{
  g_autoptr(XqSession) session = load_example ();
  const FtSetup *setup = xq_session_get_setup (session);
  g_autofree char *path = example_path ();
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;
  gint32 coins[FT_MAX_PLAYERS], markers[FT_MAX_PLAYERS], debt[FT_MAX_PLAYERS];
  guint checked = 0;
  Page page;

  RUN (&run, "state", path);
  g_assert_cmpint (run.status, ==, 0);

  page_open (&page, session);
  shown_numbers (page.view, "ft-coins", setup->n_players, coins);
  shown_numbers (page.view, "ft-markers", setup->n_players, markers);
  shown_numbers (page.view, "ft-debt", setup->n_players, debt);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", -1);
      gint32 *column = NULL;
      int p;

      if (g_strv_length (f) != 3)
        continue;
      if (g_str_equal (f[0], "coins"))
        column = coins;
      else if (g_str_equal (f[0], "markers"))
        column = markers;
      else if (g_str_equal (f[0], "debt"))
        column = debt;
      if (column == NULL)
        continue;
      p = ft_setup_find_player (setup, f[1]);
      g_assert_cmpint (p, >=, 0);
      g_assert_cmpint (column[p], ==, atoi (f[2]));
      checked++;
    }
  g_assert_cmpuint (checked, ==, 3 * setup->n_players);

  ui_screenshot_light_and_dark (page.window, "fair-trade-ended");
  page_close (&page);
}

static void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  ui_settle ();
}

static gboolean
offers (GtkWidget *dropdown,
        guint      card,
        guint     *position)
{
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));

  for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if ((guint) atoi (gtk_string_object_get_string (item)) == card)
        {
          if (position != NULL)
            *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

static void
choose (GtkWidget *dropdown,
        guint      card)
{
  guint position = 0;

  g_assert_true (offers (dropdown, card, &position));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), position);
}

static void
start_round (Page        *page,
             const guint *row)
{
  g_autoptr(GPtrArray) spins = find_class (page->view, GTK_TYPE_SPIN_BUTTON, "ft-market-spin");

  for (guint k = 0; k < spins->len; k++)
    gtk_spin_button_set_value (spins->pdata[k], row[k]);
  click (ui_find_descendant (page->view, GTK_TYPE_BUTTON, "ft-start-round"));
}

static void
enter_bid (Page  *page,
           int    player,
           guint  farmer,
           guint  trader)
{
  g_autoptr(GPtrArray) farmers = find_class (page->view, GTK_TYPE_DROP_DOWN, "ft-farmer-bid");
  g_autoptr(GPtrArray) traders = find_class (page->view, GTK_TYPE_DROP_DOWN, "ft-trader-bid");
  g_autoptr(GPtrArray) buttons = find_class (page->view, GTK_TYPE_BUTTON, "ft-bid-button");

  choose (farmers->pdata[player], farmer);
  /* The trader list no longer offers the farmer card. */
  g_assert_false (offers (traders->pdata[player], farmer, NULL));
  choose (traders->pdata[player], trader);
  click (buttons->pdata[player]);
}

static void
test_play_and_browse (void)
{
  g_autoptr(XqSession) example = load_example ();
  g_autoptr(XqSession) session = xq_session_new (ft_game_get (), xq_session_get_setup (example));
  const FtSetup *setup = xq_session_get_setup (session);
  const guint market1[] = { 5, 4, 1, 0 };
  const guint market2[] = { 6, 5, 4, 0 };
  /* Ben Cat Dan Ann; ties in both rows in round 1. */
  const guint bids1[4][2] = { { 10, 5 }, { 10, 5 }, { 8, 3 }, { 8, 3 } };
  const guint bids2[4][2] = { { 12, 3 }, { 4, 13 }, { 13, 2 }, { 13, 12 } };
  g_autoptr(GPtrArray) farmers = NULL;
  g_autoptr(GPtrArray) status = NULL;
  g_autofree char *text = NULL;
  FtState engine;
  const FtState *s;
  Page page;

  page_open (&page, session);
  ui_screenshot (page.window, "fair-trade-market");

  /* Locked cards are not offered. */
  start_round (&page, market1);
  s = xq_session_get_state (session);
  g_assert_true (s->round_open);
  farmers = find_class (page.view, GTK_TYPE_DROP_DOWN, "ft-farmer-bid");
  g_assert_false (offers (farmers->pdata[0], setup->locked[0][0], NULL));
  g_assert_true (offers (farmers->pdata[0], 13, NULL));

  /* Hidden entry: each row says only that its player has bid. */
  gtk_switch_set_active (GTK_SWITCH (ui_find_descendant (page.view, GTK_TYPE_SWITCH, "ft-hidden-switch")), TRUE);
  for (int p = 0; p < 3; p++)
    enter_bid (&page, p, bids1[p][0], bids1[p][1]);
  status = find_class (page.view, GTK_TYPE_LABEL, "ft-bid-status");
  g_assert_cmpstr (gtk_label_get_text (status->pdata[0]), ==, "Ben has bid");
  g_assert_cmpstr (gtk_label_get_text (status->pdata[2]), ==, "Dan has bid");
  g_assert_cmpstr (gtk_label_get_text (status->pdata[3]), ==, "");
  ui_screenshot (page.window, "fair-trade-hidden-bids");
  enter_bid (&page, 3, bids1[3][0], bids1[3][1]);

  /* The last bid settles the round; the page shows the engine's numbers. */
  s = xq_session_get_state (session);
  g_assert_cmpuint (s->round, ==, 1);
  g_assert_true (s->has_last);
  g_assert_false (s->round_open);
  ft_state_init (setup, &engine);
  {
    FtMove m;

    ft_move_init (&m, FT_MOVE_MARKET);
    m.n_awards = 4;
    for (int k = 0; k < 4; k++)
      m.awards[k] = market1[k];
    g_assert_true (ft_state_apply (setup, &engine, &m, NULL));
    for (int p = 0; p < 4; p++)
      {
        ft_move_init (&m, FT_MOVE_BID);
        m.player = p;
        m.cards[0] = bids1[p][0];
        m.cards[1] = bids1[p][1];
        g_assert_true (ft_state_apply (setup, &engine, &m, NULL));
      }
  }
  g_assert_cmpmem (engine.coins, sizeof engine.coins, s->coins, sizeof s->coins);
  assert_shows_state (page.view, &engine);
  text = ui_collect_text (page.view);
  g_assert_nonnull (strstr (text, "Farmer pool: 36 over 4 cards: 9, 9, 9, 9"));
  g_assert_nonnull (strstr (text, "ties broken clockwise from the farmer, Ben."));
  g_assert_nonnull (strstr (text, "ties broken counter-clockwise from the trader, Ann."));
  ui_screenshot (page.window, "fair-trade-round-1");

  /* A second round with the bids in the open. */
  gtk_switch_set_active (GTK_SWITCH (ui_find_descendant (page.view, GTK_TYPE_SWITCH, "ft-hidden-switch")), FALSE);
  start_round (&page, market2);
  enter_bid (&page, 0, bids2[0][0], bids2[0][1]);
  g_clear_pointer (&status, g_ptr_array_unref);
  status = find_class (page.view, GTK_TYPE_LABEL, "ft-bid-status");
  g_assert_cmpstr (gtk_label_get_text (status->pdata[0]), ==, "Ben bid 12 (farmer) and 3 (trader)");
  for (int p = 1; p < 4; p++)
    enter_bid (&page, p, bids2[p][0], bids2[p][1]);
  s = xq_session_get_state (session);
  g_assert_cmpuint (s->round, ==, 2);
  assert_shows_state (page.view, s);
  ui_screenshot_light_and_dark (page.window, "fair-trade-round-2");

  /* The past: after round 1, read-only. */
  ft_table_view_set_position (FT_TABLE_VIEW (page.view), 5);
  ui_settle ();
  xq_session_get_state_at (session, 5, &engine);
  assert_shows_state (page.view, &engine);
  {
    GtkWidget *revealer = ui_find_descendant (page.view, GTK_TYPE_REVEALER, NULL);

    g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  }
  ui_screenshot (page.window, "fair-trade-history");
  ft_table_view_set_position (FT_TABLE_VIEW (page.view), G_MAXUINT);
  ui_settle ();
  assert_shows_state (page.view, xq_session_get_state (session));
  page_close (&page);
}

static void
on_ready (XqNewGameDialog  *dialog,
          XqSession        *session,
          XqSession       **out)
{
  g_assert_null (*out);
  *out = g_object_ref (session);
}

static void
test_new_game (void)
{
  const char *names[] = { "Ann", "Bob", "Cat" };
  const guint locked[3][2] = { { 1, 2 }, { 12, 7 }, { 13, 13 } };
  g_autoptr(XqSession) session = NULL;
  XqNewGameDialog *dialog = g_object_ref (xq_new_game_dialog_new (NULL));
  GtkWidget *game_row = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), XQ_TYPE_NEW_GAME_DIALOG,
                                                                   "game_row"));
  GtkWidget *players = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), XQ_TYPE_NEW_GAME_DIALOG,
                                                                  "players_group"));
  GtkWidget *starter = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), XQ_TYPE_NEW_GAME_DIALOG,
                                                                  "starter_row"));
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) buttons = NULL;
  g_autoptr(GPtrArray) cards = NULL;
  GtkWidget *start;
  const FtSetup *setup;

  g_signal_connect (dialog, "ready", G_CALLBACK (on_ready), &session);
  gtk_window_present (GTK_WINDOW (dialog));
  adw_combo_row_set_selected (ADW_COMBO_ROW (game_row), 1);
  /* Three seats: drop the fourth. */
  rows = ui_find_all (players, ADW_TYPE_ENTRY_ROW);
  buttons = find_class (rows->pdata[3], GTK_TYPE_BUTTON, "flat");
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (xq_tooltip_get_text (buttons->pdata[i]), "Remove Player") == 0)
      click (buttons->pdata[i]);
  g_clear_pointer (&rows, g_ptr_array_unref);
  rows = ui_find_all (players, ADW_TYPE_ENTRY_ROW);
  g_assert_cmpuint (rows->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    gtk_editable_set_text (GTK_EDITABLE (rows->pdata[i]), names[i]);
  adw_combo_row_set_selected (ADW_COMBO_ROW (starter), 1);
  cards = find_class (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN, "ft-locked-card");
  for (guint p = 0; p < 3; p++)
    {
      gtk_drop_down_set_selected (cards->pdata[2 * p], locked[p][0] - 1);
      gtk_drop_down_set_selected (cards->pdata[2 * p + 1], locked[p][1] - 1);
    }
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ui_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON,
                                                                  "ft-rounds")), 5);
  ui_settle ();
  /* The same card twice is refused with the engine's sentence. */
  start = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), XQ_TYPE_NEW_GAME_DIALOG, "start_button"));
  g_assert_false (gtk_widget_get_sensitive (start));
  ui_screenshot (GTK_WIDGET (dialog), "fair-trade-new-game");
  gtk_drop_down_set_selected (cards->pdata[5], 2);
  ui_settle ();
  g_assert_true (gtk_widget_get_sensitive (start));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL);
  ui_settle ();

  g_assert_nonnull (session);
  g_assert_true (xq_session_get_game (session) == ft_game_get ());
  setup = xq_session_get_setup (session);
  g_assert_cmpuint (setup->n_players, ==, 3);
  g_assert_cmpstr (setup->names[0], ==, "Ann");
  g_assert_cmpint (setup->farmer, ==, 1);
  g_assert_cmpuint (setup->rounds, ==, 5);
  g_assert_cmpuint (setup->locked[1][0], ==, 12);
  g_assert_cmpuint (setup->locked[1][1], ==, 7);
  g_assert_cmpuint (setup->locked[2][1], ==, 3);
  g_assert_finalize_object (dialog);
}

/* The first round played in the window tests: the market row and each
 * player's bids (Ben Cat Dan Ann), no ties. */
static const guint round_market[] = { 5, 4, 1, 0 };
static const guint round_bids[4][2] = { { 10, 5 }, { 11, 6 }, { 8, 3 }, { 9, 4 } };

/* An application window on @document, its Fair Trade page in @page. */
static XqWindow *
window_page_open (Page       *page,
                  XqDocument *document)
{
  XqWindow *window = xq_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  xq_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  ui_settle ();
  page->window = GTK_WIDGET (window);
  page->view = ui_find_descendant (GTK_WIDGET (window), FT_TYPE_TABLE_VIEW, NULL);
  g_assert_nonnull (page->view);
  return window;
}

/* A round through the page inside the application window, undo and redo
 * through the window's actions, and a correction through its dialog. */
static void
test_window (void)
{
  g_autoptr(XqSession) example = load_example ();
  g_autoptr(XqSession) session = xq_session_new (ft_game_get (), xq_session_get_setup (example));
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  const guint *market = round_market;
  const guint (*bids)[2] = round_bids;
  FtCorrectionDialog *dialog;
  XqWindow *window;
  FtState settled;
  Page page;

  window = window_page_open (&page, document);

  /* The card's number is remembered with its row. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ui_find_descendant (page.view, GTK_TYPE_SPIN_BUTTON, "ft-card-spin")), 3);
  start_round (&page, market);
  for (int p = 0; p < 4; p++)
    enter_bid (&page, p, bids[p][0], bids[p][1]);
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 5);
  g_assert_cmpuint (((const FtState *) xq_session_get_state (session))->round, ==, 1);
  memcpy (&settled, xq_session_get_state (session), sizeof settled);
  ui_screenshot (GTK_WIDGET (window), "fair-trade-window");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 4);
  g_assert_true (((const FtState *) xq_session_get_state (session))->round_open);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  ui_settle ();
  g_assert_cmpint (memcmp (&settled, xq_session_get_state (session), sizeof settled), ==, 0);

  /* Back before the market: naming card 3 again fills in its row. */
  for (int i = 0; i < 5; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ui_settle ();
  {
    g_autoptr(GPtrArray) spins = find_class (page.view, GTK_TYPE_SPIN_BUTTON, "ft-market-spin");
    GtkSpinButton *card = GTK_SPIN_BUTTON (ui_find_descendant (page.view, GTK_TYPE_SPIN_BUTTON, "ft-card-spin"));

    gtk_spin_button_set_value (card, 0);
    for (guint k = 0; k < spins->len; k++)
      gtk_spin_button_set_value (spins->pdata[k], 0);
    gtk_spin_button_set_value (card, 3);
    for (guint k = 0; k < spins->len; k++)
      g_assert_cmpint (gtk_spin_button_get_value_as_int (spins->pdata[k]), ==, market[k]);
  }
  for (int i = 0; i < 5; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  ui_settle ();
  g_assert_cmpint (memcmp (&settled, xq_session_get_state (session), sizeof settled), ==, 0);

  /* A correction needs its reason; with one, it is recorded with it. */
  dialog = ft_correction_dialog_new (GTK_WINDOW (window), session);
  gtk_window_present (GTK_WINDOW (dialog));
  ui_settle ();
  {
    g_autoptr(GPtrArray) combos = ui_find_all (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW);
    GtkWidget *spin = ui_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON, NULL);
    GtkWidget *reason = ui_find_descendant (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, NULL);
    GtkWidget *record = ui_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "suggested-action");

    g_assert_cmpuint (combos->len, ==, 2);
    adw_combo_row_set_selected (combos->pdata[0], 1);   /* markers */
    adw_combo_row_set_selected (combos->pdata[1], 2);   /* the third player */
    g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, settled.markers[2]);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 7);
    /* "clicked" itself: a button's activation clicks only after a visual delay. */
    g_signal_emit_by_name (record, "clicked");
    ui_settle ();
    g_assert_cmpuint (xq_session_get_n_moves (session), ==, 5);
    ui_screenshot (GTK_WIDGET (dialog), "fair-trade-correction-refused");
    /* A paste past the longest reason is refused whole, with the limit. */
    {
      g_autofree char *pasted = g_strnfill (70000, 'p');
      g_autofree char *shown = NULL;
      int position = 0;

      gtk_editable_insert_text (GTK_EDITABLE (reason), pasted, -1, &position);
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (reason)), ==, "");
      shown = ui_collect_text (GTK_WIDGET (dialog));
      g_assert_nonnull (strstr (shown, "A correction’s reason has at most 2000 characters; with this text it "
                                       "would have 70000, so the text was not added"));
    }
    gtk_editable_set_text (GTK_EDITABLE (reason), "a marker fell off the table");
    g_signal_emit_by_name (record, "clicked");
    ui_settle ();
    if (xq_session_get_n_moves (session) != 6)
      {
        g_autofree char *shown = ui_collect_text (GTK_WIDGET (dialog));

        g_error ("the correction was not recorded; the dialog shows:\n%s", shown);
      }
  }
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 6);
  g_assert_cmpint (((const FtState *) xq_session_get_state (session))->markers[2], ==, 7);
  g_assert_cmpstr (xq_session_get_move_reason (session, 5), ==, "a marker fell off the table");
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}


/* -- Fair Trade as a peer of For-Ex; hidden bids stay hidden ------------- */


/* The button whose label reads @text (mnemonic underscores left out). */
static GtkWidget *
button_labelled (GtkWidget  *root,
                 const char *text)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (root, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    {
      const char *label = gtk_button_get_label (buttons->pdata[i]);
      g_autofree char *plain = NULL;

      if (label == NULL)
        continue;
      plain = g_strdup (label);
      for (char *r = plain, *w = plain;; r++)
        if (*r != '_' && (*w++ = *r) == '\0')
          break;
      if (g_str_equal (plain, text))
        return buttons->pdata[i];
    }
  return NULL;
}

/* Whether @model (or a section of it) has an item labelled @label for @action. */
static gboolean
menu_has (GMenuModel *model,
          const char *label,
          const char *action,
          const char *target)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *item_label = NULL;
      g_autofree char *item_action = NULL;
      g_autoptr(GVariant) item_target = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (section != NULL && menu_has (section, label, action, target))
        return TRUE;
      g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &item_label);
      g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action);
      item_target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
      if (g_strcmp0 (item_label, label) == 0 && g_strcmp0 (item_action, action) == 0
          && (target == NULL || (item_target != NULL && g_str_equal (g_variant_get_string (item_target, NULL), target))))
        return TRUE;
    }
  return FALSE;
}

/* The welcome view offers Fair Trade beside For-Ex, as does the main menu,
 * and its entry opens the new-game form on Fair Trade. */
static void
test_welcome_entry (void)
{
  XqWindow *window = xq_window_new (app);
  GtkWidget *fair_trade;
  GtkWidget *for_ex;
  GtkWindow *dialog;
  graphene_rect_t ft_bounds, fx_bounds;

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 760);
  gtk_window_present (GTK_WINDOW (window));
  ui_settle ();

  fair_trade = button_labelled (GTK_WIDGET (window), "New Fair Trade Game");
  for_ex = button_labelled (GTK_WIDGET (window), "New For-Ex Game");
  g_assert_nonnull (fair_trade);
  g_assert_nonnull (for_ex);
  g_assert_true (gtk_widget_get_mapped (fair_trade));
  g_assert_true (gtk_widget_get_sensitive (fair_trade));
  /* Peers: the same size, one above the other. */
  g_assert_true (gtk_widget_compute_bounds (fair_trade, GTK_WIDGET (window), &ft_bounds));
  g_assert_true (gtk_widget_compute_bounds (for_ex, GTK_WIDGET (window), &fx_bounds));
  g_assert_cmpfloat (ft_bounds.size.width, ==, fx_bounds.size.width);
  g_assert_cmpfloat (ft_bounds.origin.y, >, fx_bounds.origin.y);
  g_assert_true (gtk_widget_has_css_class (fair_trade, "suggested-action"));
  ui_screenshot_light_and_dark (GTK_WIDGET (window), "fair-trade-welcome");

  g_assert_true (menu_has (ui_open_main_menu (GTK_WIDGET (window)), "New _Fair Trade Game", "win.new-game",
                           "fair-trade"));

  g_signal_emit_by_name (fair_trade, "clicked");
  ui_settle ();
  dialog = ui_find_toplevel (XQ_TYPE_NEW_GAME_DIALOG, NULL);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (gtk_widget_get_template_child (
                      GTK_WIDGET (dialog), XQ_TYPE_NEW_GAME_DIALOG, "game_row"))), ==, 1);
  /* What a player reads: Fair Trade's own rows. */
  {
    g_autofree char *text = ui_collect_text (GTK_WIDGET (dialog));

    g_assert_nonnull (strstr (text, "Fair Trade"));
    g_assert_nonnull (strstr (text, "Farmer"));
  }
  ui_screenshot (GTK_WIDGET (dialog), "fair-trade-new-game-from-welcome");
  gtk_window_destroy (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

static void
got_text (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  char **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*out);
}

static char *
clipboard_text (GtkWidget *widget)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, got_text, &text);
  while (text == NULL)
    g_main_context_iteration (NULL, TRUE);
  return text;
}

/* The rows of the history: sentence and notation, as shown. */
static char *
history_text (XqWindow *window)
{
  GtkWidget *history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);

  g_assert_nonnull (history);
  g_assert_true (gtk_widget_get_mapped (history));
  ui_settle ();
  return ui_collect_text (history);
}

/* With the laptop passed round, no view shows a bid of the round in
 * progress: not the history (F9), not the copied notation, not a toast;
 * the last bid settles the round and shows them all. */
static void
test_hidden_bids_everywhere (void)
{
  g_autoptr(XqSession) example = load_example ();
  g_autoptr(XqSession) session = xq_session_new (ft_game_get (), xq_session_get_setup (example));
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  const guint (*bids)[2] = round_bids;
  const char *names[] = { "Ben", "Cat", "Dan", "Ann" };
  XqWindow *window;
  Page page;

  window = window_page_open (&page, document);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
  ui_settle ();

  start_round (&page, round_market);
  gtk_switch_set_active (GTK_SWITCH (ui_find_descendant (page.view, GTK_TYPE_SWITCH, "ft-hidden-switch")), TRUE);
  for (int p = 0; p < 3; p++)
    enter_bid (&page, p, bids[p][0], bids[p][1]);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 4);

  /* The history: who has bid, no cards. */
  {
    g_autofree char *text = history_text (window);

    for (int p = 0; p < 3; p++)
      {
        g_autofree char *has_bid = g_strdup_printf ("%s has bid", names[p]);
        g_autofree char *xqn = g_strdup_printf ("bid %s", names[p]);
        g_autofree char *cards = g_strdup_printf ("%u (farmer)", bids[p][0]);

        g_assert_nonnull (strstr (text, has_bid));
        if (strstr (text, xqn) != NULL || strstr (text, cards) != NULL)
          g_error ("the history shows a secret bid:\n%s", text);
      }
    g_assert_nonnull (strstr (text, "Bids stay hidden until everyone has bid"));
  }
  ui_screenshot_light_and_dark (GTK_WIDGET (window), "fair-trade-history-hidden");

  /* Browsing back into the round shows no more. */
  xq_history_view_set_position (XQ_HISTORY_VIEW (ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW,
                                                                     NULL)), 2);
  ui_settle ();
  {
    g_autofree char *text = ui_collect_text (GTK_WIDGET (window));

    g_assert_null (strstr (text, "bid Ben"));
    g_assert_null (strstr (text, "Ben bid"));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.view-now", NULL));
  ui_settle ();

  /* Copied as text: the secret bids are comments saying who has bid, and
   * the text is still a game that reads back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-moves", NULL));
  {
    g_autofree char *text = clipboard_text (GTK_WIDGET (window));
    g_autofree char *shown = NULL;
    g_autoptr(XqSession) copy = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_null (strstr (text, "\nbid "));
    g_assert_nonnull (strstr (text, "\n# Ben has bid\n"));
    g_assert_nonnull (strstr (text, "\nmarket 5 4 1 0\n"));
    copy = xq_session_new_from_notation (text, -1, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (xq_session_get_n_moves (copy), ==, 1);
    ui_settle ();
    shown = ui_collect_text (GTK_WIDGET (window));
    g_assert_nonnull (strstr (shown, "Moves copied as text, without the secret bids of the round in progress"));
  }

  /* The last bid settles the round: the cards show, in words and notation. */
  enter_bid (&page, 3, bids[3][0], bids[3][1]);
  {
    g_autofree char *text = history_text (window);

    for (int p = 0; p < 4; p++)
      {
        g_autofree char *sentence = g_strdup_printf ("%s bid %u (farmer) and %u (trader)", names[p], bids[p][0],
                                                     bids[p][1]);
        g_autofree char *xqn = g_strdup_printf ("bid %s %u %u", names[p], bids[p][0], bids[p][1]);

        g_assert_nonnull (strstr (text, sentence));
        g_assert_nonnull (strstr (text, xqn));
      }
    g_assert_null (strstr (text, "has bid"));
  }
  ui_screenshot (GTK_WIDGET (window), "fair-trade-history-settled");

  /* Undone, the round is open again and its bids secret again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ui_settle ();
  {
    g_autofree char *text = history_text (window);

    g_assert_nonnull (strstr (text, "Ben has bid"));
    g_assert_null (strstr (text, "bid Ben 10 5"));
    g_assert_null (strstr (text, "Ben bid 10"));
  }
  /* Ann bids again: her undone cards are not shown chosen. */
  {
    g_autoptr(GPtrArray) farmers = find_class (page.view, GTK_TYPE_DROP_DOWN, "ft-farmer-bid");
    g_autoptr(GPtrArray) traders = find_class (page.view, GTK_TYPE_DROP_DOWN, "ft-trader-bid");

    g_assert_true (gtk_widget_get_mapped (farmers->pdata[3]));
    g_assert_cmpuint (gtk_drop_down_get_selected (farmers->pdata[3]), ==, GTK_INVALID_LIST_POSITION);
    g_assert_cmpuint (gtk_drop_down_get_selected (traders->pdata[3]), ==, GTK_INVALID_LIST_POSITION);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-moves", NULL);
  {
    g_autofree char *text = clipboard_text (GTK_WIDGET (window));

    g_assert_null (strstr (text, "bid Ben 10 5"));
  }
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* -- No path shows a secret bid -------------------------------------------- */

/* What every window says, in a form two runs can compare: each widget's
 * type, text, tooltip, accessible name and description, choice of a list,
 * whether it is shown, into @out (may be NULL) and @all_text. A toast is
 * left out of @out (it times out on the clock) but checked by leak_check
 * like everything else. */
static void
describe_widget_line (GtkWidget *widget,
                      GString   *line)
{
  const char *tooltip = xq_tooltip_get_text (widget);

  g_string_append_printf (line, "%s%s", G_OBJECT_TYPE_NAME (widget), gtk_widget_get_visible (widget) ? "" : " (hidden)");
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (line, " text “%s”", gtk_label_get_text (GTK_LABEL (widget)));
  if (GTK_IS_TEXT (widget))
    g_string_append_printf (line, " typed “%s”", gtk_editable_get_text (GTK_EDITABLE (widget)));
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    g_string_append_printf (line, " button “%s”", gtk_button_get_label (GTK_BUTTON (widget)));
  if (GTK_IS_DROP_DOWN (widget))
    {
      GObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (widget));

      g_string_append_printf (line, " chosen “%s”",
                              GTK_IS_STRING_OBJECT (item) ? gtk_string_object_get_string (GTK_STRING_OBJECT (item)) : "");
    }
  if (GTK_IS_SWITCH (widget))
    g_string_append_printf (line, " %s%s", gtk_switch_get_active (GTK_SWITCH (widget)) ? "on" : "off",
                            gtk_widget_get_sensitive (widget) ? "" : " (locked)");
  if (tooltip != NULL)
    g_string_append_printf (line, " tooltip “%s”", tooltip);
  {
    const GtkAccessibleProperty properties[] = { GTK_ACCESSIBLE_PROPERTY_LABEL, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION };

    for (guint i = 0; i < G_N_ELEMENTS (properties); i++)
      if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), properties[i]))
        {
          /* GTK 4.8 has no getter: the check returns the value it differs from. */
          g_autofree char *value = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), properties[i], "\x01");

          g_string_append_printf (line, " %s “%s”", i == 0 ? "named" : "described", value != NULL ? value : "");
        }
  }
  g_string_append_c (line, '\n');
}

/* What every window says, in a form two runs can compare: each widget's
 * type, text, tooltip, accessible name and description, choice of a list,
 * whether it is shown, into @out (may be NULL) and @all_text. A toast is
 * left out of @out (it times out on the clock) but checked by leak_check
 * like everything else. */
static void
describe_widget (GtkWidget *widget,
                 GString   *out,
                 GString   *all_text,
                 int        depth)
{
  /* A toast, and a tooltip's window (shown or not as the pointer happens to
   * rest), come and go with time: read for leaks, not compared. */
  gboolean compare = out != NULL && !g_str_has_prefix (G_OBJECT_TYPE_NAME (widget), "AdwToast")
                     && !g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkTooltipWindow");
  g_autoptr(GString) line = g_string_new (NULL);

  g_string_append_printf (line, "%*s", depth, "");
  describe_widget_line (widget, line);
  g_string_append (all_text, line->str);
  if (compare)
    g_string_append (out, line->str);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    describe_widget (child, compare ? out : NULL, all_text, depth + 1);
}

typedef struct
{
  const char *names[FT_MAX_PLAYERS];
  const guint (*bids)[2];
  int         n_secret;       /* players 0 … n_secret - 1 have bid */
  GPtrArray  *views;          /* what each step showed, for the other run */
  GPtrArray  *steps;
} SecretRun;

/* Fails if @text gives away a secret card: a bid in words or in XQN. */
static void
leak_check (const SecretRun *run,
            const char      *step,
            const char      *text)
{
  const char *const giveaways[] = { "(farmer)", "(trader)" };

  for (guint i = 0; i < G_N_ELEMENTS (giveaways); i++)
    if (strstr (text, giveaways[i]) != NULL)
      g_error ("%s: “%s” shows a secret bid:\n%s", step, giveaways[i], text);
  for (int p = 0; p < run->n_secret; p++)
    {
      g_autofree char *words = g_strdup_printf ("%s bid %u", run->names[p], run->bids[p][0]);
      g_autofree char *xqn = g_strdup_printf ("bid %s %u", run->names[p], run->bids[p][0]);

      if (strstr (text, words) != NULL || strstr (text, xqn) != NULL)
        g_error ("%s: %s’s secret bid shows:\n%s", step, run->names[p], text);
    }
}

/* The text of @widget and below, but for the card lists: those offer every
 * card the player still holds, whoever has bid. */
static void
text_but_lists (GtkWidget *widget,
                GString   *out)
{
  if (GTK_IS_DROP_DOWN (widget))
    return;
  describe_widget_line (widget, out);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    text_but_lists (child, out);
}

/* Each bid row of a player who has bid holds no number at all, and no card
 * stays chosen in its lists, shown or not. */
static void
rows_check (const SecretRun *run,
            const char      *step,
            GtkWidget       *view)
{
  g_autoptr(GPtrArray) rows = find_class (view, GTK_TYPE_WIDGET, "ft-bid-row");

  g_assert_cmpuint (rows->len, ==, 4);
  for (int p = 0; p < run->n_secret; p++)
    {
      g_autoptr(GString) row_text = g_string_new (NULL);
      g_autoptr(GPtrArray) lists = ui_find_all (rows->pdata[p], GTK_TYPE_DROP_DOWN);

      text_but_lists (rows->pdata[p], row_text);
      for (const char *c = row_text->str; *c != '\0'; c++)
        if (g_ascii_isdigit (*c))
          g_error ("%s: %s’s row shows a number after a secret bid:\n%s", step, run->names[p], row_text->str);
      g_assert_cmpuint (lists->len, ==, 2);
      for (guint i = 0; i < lists->len; i++)
        if (gtk_drop_down_get_selected (lists->pdata[i]) != GTK_INVALID_LIST_POSITION)
          g_error ("%s: %s’s card list still holds a card chosen", step, run->names[p]);
    }
}

/* Every window's widgets, checked and kept for the other run. */
static void
secret_step (SecretRun  *run,
             const char *step,
             GtkWidget  *view)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
  g_autoptr(GString) compared = g_string_new (NULL);
  g_autoptr(GString) all_text = g_string_new (NULL);

  ui_settle ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    describe_widget (l->data, compared, all_text, 0);
  leak_check (run, step, all_text->str);
  if (view != NULL)
    rows_check (run, step, view);
  g_ptr_array_add (run->views, g_string_free (g_steal_pointer (&compared), FALSE));
  g_ptr_array_add (run->steps, g_strdup (step));
}

static GtkWidget *
hidden_switch (GtkWidget *view)
{
  return ui_find_descendant (view, GTK_TYPE_SWITCH, "ft-hidden-switch");
}

static gboolean
switch_mapped (gpointer view)
{
  GtkWidget *sw = hidden_switch (view);

  return sw != NULL && gtk_widget_get_mapped (sw) && gtk_widget_get_child_visible (sw);
}

/* Once a secret bid is in, the switch stays on and says why, whether it is
 * clicked, activated from the keyboard or pushed. */
static void
assert_switch_locked (GtkWidget  *view,
                      const char *step)
{
  GtkWidget *sw = hidden_switch (view);
  const char *tooltip;

  g_assert_true (gtk_switch_get_active (GTK_SWITCH (sw)));
  if (gtk_widget_is_sensitive (sw))
    g_error ("%s: the “Pass the laptop” switch can still be switched off", step);
  tooltip = xq_tooltip_get_text (sw);
  g_assert_nonnull (tooltip);
  g_assert_nonnull (strstr (tooltip, "revealed"));
  ui_activate (sw);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (sw)));
  gtk_switch_set_active (GTK_SWITCH (sw), FALSE);
  ui_settle ();
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (sw)));
}

static gboolean
has_document (XqWindow *window)
{
  return xq_window_has_document (window);
}

static void
undo_redo (XqWindow   *window,
           const char *action,
           int         times)
{
  for (int i = 0; i < times; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  ui_settle ();
}

/* One round with @run's secret bids, through every path a player could try
 * to read them by: the switch, the page, the history and its rows' names,
 * the table as it was, Copy as Text, the correction window, undo and redo
 * (with the switch pushed between them), a second window on the saved
 * file, and the accessible names of all of it. */
static void
secret_round (SecretRun *run)
{
  g_autoptr(XqSession) example = load_example ();
  g_autoptr(XqSession) session = xq_session_new (ft_game_get (), xq_session_get_setup (example));
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  g_autofree char *dir = g_dir_make_tmp ("exchequer-ft-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "secret.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  XqWindow *window, *reopened;
  GtkWidget *history;
  GtkWindow *dialog;
  Page page;

  window = window_page_open (&page, document);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
  start_round (&page, round_market);
  g_assert_true (gtk_widget_is_sensitive (hidden_switch (page.view)));
  ui_activate (hidden_switch (page.view));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (hidden_switch (page.view))));
  for (int p = 0; p < run->n_secret; p++)
    enter_bid (&page, p, run->bids[p][0], run->bids[p][1]);
  secret_step (run, "secret bids entered", page.view);

  assert_switch_locked (page.view, "after the secret bids");
  secret_step (run, "switch pushed off", page.view);

  history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  for (guint position = 1; position <= (guint) run->n_secret; position++)
    {
      g_autofree char *step = g_strdup_printf ("the table after %u moves", position);

      xq_history_view_set_position (XQ_HISTORY_VIEW (history), position);
      secret_step (run, step, NULL);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.view-now", NULL));
  /* The entry comes back with the table as it is now: compared once shown,
   * however long a loaded machine takes to slide it in. */
  ui_wait_until (switch_mapped, page.view);
  secret_step (run, "back to now", page.view);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-moves", NULL));
  {
    char *text = clipboard_text (GTK_WIDGET (window));

    leak_check (run, "Copy as Text", text);
    g_ptr_array_add (run->views, text);
    g_ptr_array_add (run->steps, g_strdup ("Copy as Text"));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.correction", NULL));
  ui_settle ();
  dialog = ui_find_toplevel (FT_TYPE_CORRECTION_DIALOG, NULL);
  g_assert_nonnull (dialog);
  secret_step (run, "the correction window", page.view);
  gtk_window_destroy (dialog);
  /* Fair Trade has no count or audit window; if one comes, it is walked too. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.count-table", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL);
  secret_step (run, "count and audit", page.view);

  undo_redo (window, "win.undo", 1);
  run->n_secret--;
  secret_step (run, "one bid undone", page.view);
  assert_switch_locked (page.view, "one bid undone");
  undo_redo (window, "win.undo", run->n_secret);
  /* No bid left, but the undone ones come back with Redo: still locked. */
  secret_step (run, "every bid undone", page.view);
  assert_switch_locked (page.view, "every bid undone");
  run->n_secret = 3;
  undo_redo (window, "win.redo", run->n_secret);
  secret_step (run, "the bids redone", page.view);
  assert_switch_locked (page.view, "the bids redone");

  ui_save_document (document, file);
  reopened = ui_new_window (app);
  xq_window_open_file (reopened, file);
  ui_wait_until (has_document, reopened);
  {
    GtkWidget *view = ui_find_descendant (GTK_WIDGET (reopened), FT_TYPE_TABLE_VIEW, NULL);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (reopened), "win.toggle-history", NULL));
    secret_step (run, "the saved game opened again", view);
    assert_switch_locked (view, "the saved game opened again");
    secret_step (run, "the reopened switch pushed off", view);
  }
  xq_document_discard_journal (xq_window_get_document (reopened));
  gtk_window_destroy (GTK_WINDOW (reopened));

  /* The last bid reveals the round: the cards show, the switch is free. */
  enter_bid (&page, 3, round_bids[3][0], round_bids[3][1]);
  {
    g_autofree char *text = history_text (window);
    g_autofree char *sentence = g_strdup_printf ("%s bid %u (farmer) and %u (trader)", run->names[0],
                                                 run->bids[0][0], run->bids[0][1]);

    g_assert_nonnull (strstr (text, sentence));
  }
  start_round (&page, round_market);
  g_assert_true (gtk_widget_is_sensitive (hidden_switch (page.view)));

  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
  g_unlink (path);
  g_rmdir (dir);
}

/* Two rounds with different secret cards must look the same everywhere,
 * word for word, until they are revealed: whatever differs gives a card away. */
static void
test_secret_bids_no_path (void)
{
  static const guint other_bids[3][2] = { { 13, 2 }, { 4, 13 }, { 2, 13 } };
  SecretRun runs[2] = {
    { { "Ben", "Cat", "Dan", "Ann" }, round_bids, 3, g_ptr_array_new_with_free_func (g_free),
      g_ptr_array_new_with_free_func (g_free) },
    { { "Ben", "Cat", "Dan", "Ann" }, other_bids, 3, g_ptr_array_new_with_free_func (g_free),
      g_ptr_array_new_with_free_func (g_free) },
  };

  secret_round (&runs[0]);
  secret_round (&runs[1]);
  g_assert_cmpuint (runs[0].views->len, ==, runs[1].views->len);
  for (guint i = 0; i < runs[0].views->len; i++)
    if (!g_str_equal (runs[0].views->pdata[i], runs[1].views->pdata[i]))
      {
        g_auto(GStrv) a = g_strsplit (runs[0].views->pdata[i], "\n", -1);
        g_auto(GStrv) b = g_strsplit (runs[1].views->pdata[i], "\n", -1);
        guint line = 0;

        while (a[line] != NULL && b[line] != NULL && g_str_equal (a[line], b[line]))
          line++;
        g_error ("%s: what is shown depends on the secret cards (line %u):\n  %s\nagainst\n  %s",
                 (const char *) runs[0].steps->pdata[i], line + 1, a[line] != NULL ? a[line] : "(end)",
                 b[line] != NULL ? b[line] : "(end)");
      }
  for (int r = 0; r < 2; r++)
    {
      g_ptr_array_unref (runs[r].views);
      g_ptr_array_unref (runs[r].steps);
    }
}

/* -- Rows stay put between bids ---------------------------------------------- */

/* Where @widget lies in its window. */
static graphene_rect_t
bounds_in_window (GtkWidget *widget)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (gtk_widget_get_root (widget)), &bounds));
  return bounds;
}

/* A bid recorded moves nothing the next bidders reach for: their rows, card
 * lists and Bid buttons stay where they were in the window (the page neither
 * scrolls nor reflows), at every size, with the bids hidden or in the open. */
static void
test_rows_stay_put (void)
{
  for (guint i = 0; i < UI_N_SIZES; i++)
    for (int hidden = 0; hidden < 2; hidden++)
      {
        g_autoptr(XqSession) example = load_example ();
        g_autoptr(XqSession) session = xq_session_new (ft_game_get (), xq_session_get_setup (example));
        g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
        XqWindow *window = xq_window_new (app);
        g_autoptr(GPtrArray) farmers = NULL;
        g_autoptr(GPtrArray) traders = NULL;
        g_autoptr(GPtrArray) buttons = NULL;
        g_autoptr(GPtrArray) rows = NULL;
        Page page;

        xq_window_set_document (window, document);
        ui_resize (GTK_WINDOW (window), &ui_sizes[i]);
        page.window = GTK_WIDGET (window);
        page.view = ui_find_descendant (GTK_WIDGET (window), FT_TYPE_TABLE_VIEW, NULL);
        start_round (&page, round_market);
        gtk_switch_set_active (GTK_SWITCH (hidden_switch (page.view)), hidden);
        ui_settle ();
        farmers = find_class (page.view, GTK_TYPE_DROP_DOWN, "ft-farmer-bid");
        traders = find_class (page.view, GTK_TYPE_DROP_DOWN, "ft-trader-bid");
        buttons = find_class (page.view, GTK_TYPE_BUTTON, "ft-bid-button");
        rows = find_class (page.view, GTK_TYPE_WIDGET, "ft-bid-row");
        for (int p = 0; p < 3; p++)
          {
            graphene_rect_t before[4][4];
            graphene_rect_t own = bounds_in_window (buttons->pdata[p]);
            graphene_rect_t own_after;

            /* Choosing the cards moves nothing either: the Bid button is
             * where it was when the lists were opened. */
            choose (farmers->pdata[p], round_bids[p][0]);
            choose (traders->pdata[p], round_bids[p][1]);
            ui_settle ();
            own_after = bounds_in_window (buttons->pdata[p]);
            if (!graphene_rect_equal (&own, &own_after))
              g_error ("at %s: choosing cards moved player %d’s Bid button from %.0f,%.0f to %.0f,%.0f",
                       ui_sizes[i].name, p + 1, own.origin.x, own.origin.y, own_after.origin.x, own_after.origin.y);
            /* As a click would: the button takes the focus. */
            g_assert_true (gtk_widget_grab_focus (buttons->pdata[p]));
            ui_settle ();
            for (int q = p + 1; q < 4; q++)
              {
                before[q][0] = bounds_in_window (rows->pdata[q]);
                before[q][1] = bounds_in_window (farmers->pdata[q]);
                before[q][2] = bounds_in_window (traders->pdata[q]);
                before[q][3] = bounds_in_window (buttons->pdata[q]);
              }
            click (buttons->pdata[p]);
            for (int q = p + 1; q < 4; q++)
              for (int w = 0; w < 4; w++)
                {
                  const char *what[] = { "row", "farmer list", "trader list", "Bid button" };
                  graphene_rect_t after = bounds_in_window (w == 0 ? rows->pdata[q] : w == 1 ? farmers->pdata[q]
                                                            : w == 2 ? traders->pdata[q] : buttons->pdata[q]);

                  if (!graphene_rect_equal (&before[q][w], &after))
                    g_error ("at %s, bids %s: bid %d moved player %d’s %s from %.0f,%.0f %.0f×%.0f to "
                             "%.0f,%.0f %.0f×%.0f", ui_sizes[i].name, hidden ? "hidden" : "open", p + 1, q + 1,
                             what[w], before[q][w].origin.x, before[q][w].origin.y, before[q][w].size.width,
                             before[q][w].size.height, after.origin.x, after.origin.y, after.size.width,
                             after.size.height);
                }
          }
        {
          g_autofree char *name = g_strdup_printf ("fair-trade-bids-%s-%s", hidden ? "hidden" : "open",
                                                   ui_sizes[i].name);

          ui_screenshot (GTK_WIDGET (window), name);
        }
        xq_document_discard_journal (document);
        gtk_window_destroy (GTK_WINDOW (window));
        ui_settle ();
      }
}

/* -- A card list opens at its first card ------------------------------------- */

static gboolean
popover_shown (GtkWidget *popover)
{
  return gtk_widget_get_mapped (popover);
}

static GtkWidget *
open_list (GtkWidget *list)
{
  GtkWidget *popover = ui_find_descendant (list, GTK_TYPE_POPOVER, NULL);

  g_assert_true (gtk_widget_grab_focus (list));
  g_assert_true (gtk_widget_activate (list));
  ui_wait_until (popover_shown, popover);
  ui_settle ();
  return popover;
}

/* Fails unless @list's popover shows its first card whole. */
static void
assert_opens_at_first (GtkWidget  *list,
                       const char *when)
{
  GtkWidget *popover = open_list (list);
  g_autoptr(GtkStringObject) first = g_list_model_get_item (gtk_drop_down_get_model (GTK_DROP_DOWN (list)), 0);
  GtkWidget *scrolled = ui_find_descendant (popover, GTK_TYPE_SCROLLED_WINDOW, NULL);
  g_autoptr(GPtrArray) labels = ui_find_all (scrolled, GTK_TYPE_LABEL);
  GtkWidget *shown = NULL;
  graphene_rect_t bounds;

  for (guint l = 0; l < labels->len && shown == NULL; l++)
    if (gtk_widget_get_mapped (labels->pdata[l])
        && g_str_equal (gtk_label_get_text (labels->pdata[l]), gtk_string_object_get_string (first)))
      shown = labels->pdata[l];
  if (shown == NULL)
    g_error ("%s: the list's first card, %s, is not shown when it opens", when, gtk_string_object_get_string (first));
  g_assert_true (gtk_widget_compute_bounds (shown, scrolled, &bounds));
  if (bounds.origin.y < 0 || bounds.origin.y + bounds.size.height > gtk_widget_get_height (scrolled))
    g_error ("%s: the list's first card, %s, is scrolled out (at %.0f in %d px)", when,
             gtk_string_object_get_string (first), bounds.origin.y, gtk_widget_get_height (scrolled));
  gtk_popover_popdown (GTK_POPOVER (popover));
  ui_settle ();
}

/* Scrolls @list's popover to its end and picks the last card there, as a
 * player reaching for 13 does. */
static void
pick_last (GtkWidget *list)
{
  GtkWidget *popover = open_list (list);
  GtkWidget *scrolled = ui_find_descendant (popover, GTK_TYPE_SCROLLED_WINDOW, NULL);
  GtkWidget *view = ui_find_descendant (scrolled, GTK_TYPE_LIST_VIEW, NULL);
  guint last = g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (list))) - 1;

  /* Down to the last card as the arrow keys go, scrolling the list. */
  for (guint i = 0; i < last + 2; i++)
    {
      gtk_widget_child_focus (view, GTK_DIR_DOWN);
      ui_settle ();
    }
  /* The cards do not all fit, and the list has scrolled: else this tests nothing. */
  g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled))), >, 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (list), last);
  ui_settle ();
  if (gtk_widget_get_mapped (popover))
    gtk_popover_popdown (GTK_POPOVER (popover));
  ui_settle ();
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (list)), ==, last);
}

/* Each card list opens with its first card in view: when it first opens,
 * again right after its player went down it to the last card and chose
 * that, after the other list's card changed it, and in the next round; with
 * text large enough (Larger Text) that the cards do not all fit. */
static void
test_card_lists_open_at_first (void)
{
  GtkSettings *settings = gtk_settings_get_default ();
  int dpi = 0;
  g_autoptr(XqSession) example = load_example ();
  g_autoptr(XqSession) session = xq_session_new (ft_game_get (), xq_session_get_setup (example));
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  XqWindow *window = xq_window_new (app);
  g_autoptr(GPtrArray) farmers = NULL;
  g_autoptr(GPtrArray) traders = NULL;
  g_autoptr(GPtrArray) buttons = NULL;
  Page page;

  g_object_get (settings, "gtk-xft-dpi", &dpi, NULL);
  g_object_set (settings, "gtk-xft-dpi", 96 * 1024 * 3 / 2, NULL);
  xq_window_set_document (window, document);
  ui_resize (GTK_WINDOW (window), &ui_sizes[0]);
  page.window = GTK_WIDGET (window);
  page.view = ui_find_descendant (GTK_WIDGET (window), FT_TYPE_TABLE_VIEW, NULL);
  start_round (&page, round_market);
  farmers = find_class (page.view, GTK_TYPE_DROP_DOWN, "ft-farmer-bid");
  traders = find_class (page.view, GTK_TYPE_DROP_DOWN, "ft-trader-bid");
  buttons = find_class (page.view, GTK_TYPE_BUTTON, "ft-bid-button");

  for (int p = 0; p < 4; p++)
    {
      g_autofree char *fresh = g_strdup_printf ("player %d's farmer list, first opened", p + 1);
      g_autofree char *other = g_strdup_printf ("player %d's trader list, after the farmer card", p + 1);

      assert_opens_at_first (farmers->pdata[p], fresh);
      pick_last (farmers->pdata[p]);
      assert_opens_at_first (farmers->pdata[p], "the farmer list, reopened at once");
      assert_opens_at_first (traders->pdata[p], other);
      pick_last (traders->pdata[p]);
      assert_opens_at_first (farmers->pdata[p], "the farmer list, reopened after its pick");
      click (buttons->pdata[p]);
    }
  /* The next round: each list is made anew, and opens at its first card. */
  start_round (&page, round_market);
  for (int p = 0; p < 4; p++)
    {
      g_autofree char *farmer = g_strdup_printf ("player %d's farmer list, next round", p + 1);
      g_autofree char *trader = g_strdup_printf ("player %d's trader list, next round", p + 1);

      assert_opens_at_first (farmers->pdata[p], farmer);
      assert_opens_at_first (traders->pdata[p], trader);
    }
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
  g_object_set (settings, "gtk-xft-dpi", dpi, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkCssProvider) provider = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return 77;
    }
  adw_init ();
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  ui_set_dark (FALSE);
  app = ui_application_new ();

  g_test_add_func ("/fair-trade-ui/matches-cli", test_matches_cli);
  g_test_add_func ("/fair-trade-ui/players-arrangements", test_players_arrangements);
  g_test_add_func ("/fair-trade-ui/play-and-browse", test_play_and_browse);
  g_test_add_func ("/fair-trade-ui/new-game", test_new_game);
  g_test_add_func ("/fair-trade-ui/window", test_window);
  g_test_add_func ("/fair-trade-ui/welcome-entry", test_welcome_entry);
  g_test_add_func ("/fair-trade-ui/hidden-bids-everywhere", test_hidden_bids_everywhere);
  g_test_add_func ("/fair-trade-ui/secret-bids-no-path", test_secret_bids_no_path);
  g_test_add_func ("/fair-trade-ui/rows-stay-put", test_rows_stay_put);
  g_test_add_func ("/fair-trade-ui/card-lists-open-at-first", test_card_lists_open_at_first);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
