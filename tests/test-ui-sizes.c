/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every view besides the For-Ex table at the three sizes the window supports:
 * the welcome, the Fair Trade table, the audit and the dialogs. Each fits the
 * width (nothing scrolls sideways), shows what is read first without
 * scrolling, and is photographed in light and dark for a person to look at. */

#include "config.h"

#include <string.h>

#include "ft-game.h"
#include "ft-state.h"
#include "fx-audit-window.h"
#include "ui-support.h"
#include "xq-document.h"
#include "xq-new-game-dialog.h"
#include "xq-wrap-box.h"

static XqApplication *app;

static GtkWidget *
button_labelled (GtkWidget  *root,
                 const char *label)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (root, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (buttons, i);
      const char *mnemonic = gtk_button_get_label (GTK_BUTTON (button));
      g_autofree char *text = NULL;

      if (mnemonic == NULL || !gtk_widget_get_mapped (button))
        continue;
      /* As read: without the mnemonic's underline. */
      text = g_strdup (mnemonic);
      for (char *from = text, *to = text;; from++)
        if (*from != '_' && (*to++ = *from) == '\0')
          break;
      if (strstr (text, label) != NULL)
        return button;
    }
  return NULL;
}

static GtkWindow *
find_toplevel (GType type)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* Welcome: both games' buttons on screen at every size. */
static void
test_welcome (void)
{
  XqWindow *window = xq_window_new (app);

  for (guint i = 0; i < UI_N_SIZES; i++)
    {
      g_autofree char *name = g_strdup_printf ("welcome-%s", ui_sizes[i].name);
      GtkWidget *for_ex, *fair_trade;

      ui_resize (GTK_WINDOW (window), &ui_sizes[i]);
      ui_assert_no_sideways_scroll (GTK_WIDGET (window), ui_sizes[i].name);
      for_ex = button_labelled (GTK_WIDGET (window), "New For-Ex Game");
      fair_trade = button_labelled (GTK_WIDGET (window), "New Fair Trade Game");
      g_assert_nonnull (for_ex);
      g_assert_nonnull (fair_trade);
      ui_assert_in_view (for_ex, "New For-Ex Game", ui_sizes[i].name);
      ui_assert_in_view (fair_trade, "New Fair Trade Game", ui_sizes[i].name);
      ui_screenshot_light_and_dark (GTK_WIDGET (window), name);
      /* Held in a hand at the table: targets a finger can hit. */
      if (ui_sizes[i].width < 700)
        {
          graphene_rect_t bounds;

          /* The border box a finger hits, padding included. */
          g_assert_true (gtk_widget_compute_bounds (fair_trade, fair_trade, &bounds));
          g_assert_cmpfloat (bounds.size.height, >=, 44);
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

static XqSession *
fair_trade_mid_game (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "fair-trade", "fair-trade-44-4p.xqn", NULL);
  g_autoptr(XqSession) example = ui_load_session (path);

  /* Two rounds settled, the third's market laid out and one bid in: coins,
   * markers and debts differ from player to player, the bids are open. */
  return ui_session_prefix (example, 13);
}

/* Fair Trade: every player's coins, markers, debt and score, and the step
 * that comes next, without scrolling. */
static void
test_fair_trade (void)
{
  g_autoptr(XqSession) session = fair_trade_mid_game ();
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  XqWindow *window = xq_window_new (app);
  const FtSetup *setup = xq_session_get_setup (session);

  xq_window_set_document (window, document);
  for (guint i = 0; i < UI_N_SIZES; i++)
    {
      g_autofree char *name = g_strdup_printf ("fair-trade-%s", ui_sizes[i].name);
      g_autoptr(GPtrArray) tables = NULL;
      g_autoptr(GPtrArray) labels = NULL;
      GtkWidget *players = NULL;
      guint n_numbers = 0;

      ui_resize (GTK_WINDOW (window), &ui_sizes[i]);
      ui_assert_no_sideways_scroll (GTK_WIDGET (window), ui_sizes[i].name);
      /* The players' table as shown: across where it fits, a block per
       * player on a phone; every label of it in view. */
      tables = ui_find_all (GTK_WIDGET (window), GTK_TYPE_WIDGET);
      for (guint t = 0; t < tables->len && players == NULL; t++)
        if (gtk_widget_has_css_class (tables->pdata[t], "ft-players") && gtk_widget_get_mapped (tables->pdata[t]))
          players = tables->pdata[t];
      g_assert_nonnull (players);
      labels = ui_find_all (players, GTK_TYPE_LABEL);
      for (guint l = 0; l < labels->len; l++)
        {
          GtkWidget *child = labels->pdata[l];
          const char *text;

          if (!gtk_widget_get_mapped (child))
            continue;
          text = gtk_label_get_text (GTK_LABEL (child));
          ui_assert_in_view (child, text, ui_sizes[i].name);
          if (g_ascii_isdigit (text[0]) || text[0] == '-' || strcmp (text, "—") == 0)
            n_numbers++;
        }
      /* Coins, markers, debt and score for each player. */
      g_assert_cmpuint (n_numbers, >=, 4u * setup->n_players);
      ui_screenshot_light_and_dark (GTK_WIDGET (window), name);

      /* The next bidder's cards and Bid, reached as Tab reaches them: on a
       * phone the row wraps under the name, and nothing is cut off. */
      {
        g_autofree char *bids = g_strdup_printf ("fair-trade-bids-%s", ui_sizes[i].name);
        g_autoptr(GPtrArray) farmer = ui_find_all (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN);
        GtkWidget *first = NULL, *trader, *bid;

        for (guint d = 0; d < farmer->len && first == NULL; d++)
          if (gtk_widget_has_css_class (g_ptr_array_index (farmer, d), "ft-farmer-bid")
              && gtk_widget_get_mapped (g_ptr_array_index (farmer, d)))
            first = g_ptr_array_index (farmer, d);
        g_assert_nonnull (first);
        bid = ui_find_descendant (gtk_widget_get_ancestor (first, XQ_TYPE_WRAP_BOX), GTK_TYPE_BUTTON, "ft-bid-button");
        g_assert_nonnull (bid);
        trader = ui_find_descendant (gtk_widget_get_ancestor (first, XQ_TYPE_WRAP_BOX), GTK_TYPE_DROP_DOWN,
                                     "ft-trader-bid");
        g_assert_true (gtk_widget_grab_focus (trader));
        ui_settle ();
        ui_assert_in_view (trader, "the trader card", ui_sizes[i].name);
        ui_assert_in_view (bid, "Bid", ui_sizes[i].name);
        ui_screenshot (GTK_WIDGET (window), bids);
      }
    }
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The audit of a finished game: the winner's row without scrolling. */
static void
test_audit (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  XqWindow *window = ui_new_window (app);
  GtkWindow *audit;

  xq_window_set_document (window, document);
  ui_settle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL));
  ui_settle ();
  audit = find_toplevel (FX_TYPE_AUDIT_WINDOW);
  g_assert_nonnull (audit);
  ui_wait_audit_loaded (FX_AUDIT_WINDOW (audit));
  for (guint i = 0; i < UI_N_SIZES; i++)
    {
      g_autofree char *name = g_strdup_printf ("audit-%s", ui_sizes[i].name);
      g_autoptr(GPtrArray) labels = NULL;
      GtkWidget *winner = NULL, *heading = NULL;

      ui_resize (audit, &ui_sizes[i]);
      labels = ui_find_all (GTK_WIDGET (audit), GTK_TYPE_LABEL);
      for (guint l = 0; l < labels->len; l++)
        {
          GtkWidget *label = g_ptr_array_index (labels, l);

          if (!gtk_widget_get_mapped (label))
            continue;
          if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), "winner") == 0)
            winner = label;
          if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), "Totals and winner") == 0)
            heading = label;
        }
      g_assert_nonnull (winner);
      g_assert_nonnull (heading);
      /* A laptop shows every table whole. A phone scrolls a wide table
       * sideways inside its card; the page itself never does, so every
       * paragraph around the tables can be read to its end. */
      if (ui_sizes[i].width >= 700)
        ui_assert_no_sideways_scroll (GTK_WIDGET (audit), ui_sizes[i].name);
      else
        ui_assert_no_sideways_scroll_except (GTK_WIDGET (audit), ui_sizes[i].name, "audit-table");
      ui_assert_in_view (heading, "the totals' heading", ui_sizes[i].name);
      ui_assert_in_view (winner, "the winner's row", ui_sizes[i].name);
      for (guint l = 0; l < labels->len; l++)
        {
          GtkWidget *label = g_ptr_array_index (labels, l);
          graphene_rect_t bounds;

          if (!gtk_widget_get_mapped (label) || !gtk_label_get_wrap (GTK_LABEL (label))
              || gtk_widget_get_ancestor (label, GTK_TYPE_SCROLLED_WINDOW) == NULL
              || gtk_widget_has_css_class (gtk_widget_get_ancestor (label, GTK_TYPE_SCROLLED_WINDOW),
                                           "audit-table"))
            continue;
          g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (audit), &bounds));
          if (bounds.origin.x + bounds.size.width > gtk_widget_get_width (GTK_WIDGET (audit)) + 0.5)
            g_error ("audit at %s: the paragraph “%.40s…” runs past the window's edge", ui_sizes[i].name,
                     gtk_label_get_text (GTK_LABEL (label)));
        }
      ui_screenshot_light_and_dark (GTK_WIDGET (audit), name);
    }
  gtk_window_destroy (audit);
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The new-game dialog, for each game, and the preferences: they fit a phone. */
static void
test_dialogs (void)
{
  XqWindow *window = ui_new_window (app);
  const char *games[] = { "for-ex", "fair-trade" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      GtkWindow *dialog;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", "s", games[g]));
      ui_settle ();
      dialog = find_toplevel (XQ_TYPE_NEW_GAME_DIALOG);
      g_assert_nonnull (dialog);
      for (guint i = 0; i < UI_N_SIZES; i++)
        {
          g_autofree char *name = g_strdup_printf ("new-game-%s-%s", games[g], ui_sizes[i].name);
          GtkWidget *start;

          ui_resize (dialog, &ui_sizes[i]);
          ui_assert_no_sideways_scroll (GTK_WIDGET (dialog), ui_sizes[i].name);
          start = button_labelled (GTK_WIDGET (dialog), "Start");
          g_assert_nonnull (start);
          ui_assert_in_view (start, "Start", ui_sizes[i].name);
          ui_screenshot_light_and_dark (GTK_WIDGET (dialog), name);
        }
      gtk_window_destroy (dialog);
      ui_settle ();
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.preferences", NULL));
  ui_settle ();
  {
    GtkWindow *preferences = find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);

    g_assert_nonnull (preferences);
    for (guint i = 0; i < UI_N_SIZES; i++)
      {
        g_autofree char *name = g_strdup_printf ("preferences-%s", ui_sizes[i].name);

        ui_resize (preferences, &ui_sizes[i]);
        ui_assert_no_sideways_scroll (GTK_WIDGET (preferences), ui_sizes[i].name);
        ui_screenshot_light_and_dark (GTK_WIDGET (preferences), name);
      }
    gtk_window_destroy (preferences);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/ui-sizes/welcome", test_welcome);
  g_test_add_func ("/ui-sizes/fair-trade", test_fair_trade);
  g_test_add_func ("/ui-sizes/audit", test_audit);
  g_test_add_func ("/ui-sizes/dialogs", test_dialogs);

  return ui_test_run (&app);
}
