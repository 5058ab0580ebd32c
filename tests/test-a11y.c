/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a screen reader and a keyboard reach: every button's accessible name,
 * the shortcuts window's keys, Tab and Shift+Tab through each window. */

#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "fx-audit-window.h"
#include "fx-board-view.h"
#include "fx-correction-dialog.h"
#include "fx-move-bar.h"
#include "fx-players-view.h"
#include "fx-queue-view.h"
#include "fx-rates-view.h"
#include "fx-table-view.h"
#include "xq-history-view.h"
#include "xq-game-ui.h"
#include "xq-new-game-dialog.h"
#include "xq-preferences-window.h"
#include "ui-support.h"
#include "xq-tooltip.h"
#include "xq-a11y.h"
#include "xq-autosave.h"
#include "xq-recent.h"

static XqApplication *app;

/* -- accessible names ------------------------------------------------- */

/* The value of @property as the accessible holds it, or NULL if unset.
 * GTK 4.8 has no getter; the test context's check returns the value when it
 * differs from the one asked about, and no name is a lone control character. */
static char *
property_value (GtkWidget             *widget,
                GtkAccessibleProperty  property)
{
  if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), property))
    return NULL;
  return gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), property, "\x01");
}

static void
add_all (GtkWidget  *widget,
         GHashTable *set)
{
  g_hash_table_add (set, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    add_all (child, set);
}

/* The widgets @widget is labelled by. GTK 4.8 reads no relation back but
 * the test context's check, which prints the list as "GtkLabel<0x…> …";
 * each is looked up among the widgets of @widget's window. */
static GPtrArray *
labelled_by (GtkWidget *widget)
{
  GPtrArray *out = g_ptr_array_new ();
  g_autofree char *printed = NULL;
  g_autoptr(GHashTable) known = NULL;

  if (!gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    return out;
  printed = gtk_test_accessible_check_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, NULL);
  known = g_hash_table_new (NULL, NULL);
  add_all (GTK_WIDGET (gtk_widget_get_root (widget)), known);
  for (const char *at = printed; at != NULL && (at = strstr (at, "<0x")) != NULL; at++)
    {
      void *pointer = NULL;

      if (sscanf (at + 1, "%p", &pointer) == 1 && g_hash_table_contains (known, pointer))
        g_ptr_array_add (out, pointer);
      else
        g_error ("%s is labelled by “%s”, not a widget of its window", G_OBJECT_TYPE_NAME (widget), printed);
    }
  return out;
}

/* The name GTK 4.8 gives the accessibility bus (gtk_at_context_get_name,
 * private): the label property, then the label properties of the widgets it
 * is labelled by, joined by spaces. A tooltip is not part of it, and a widget
 * whose name comes out empty is announced by a class name ("GtkImage" for an
 * icon button, labelled by its image), returned here as "". */
static char *
accessible_name (GtkWidget *widget)
{
  g_autofree char *label = property_value (widget, GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_autoptr(GString) name = g_string_new (label);
  g_autoptr(GPtrArray) by = labelled_by (widget);

  for (guint i = 0; i < by->len; i++)
    {
      g_autofree char *text = property_value (by->pdata[i], GTK_ACCESSIBLE_PROPERTY_LABEL);

      if (text == NULL || *text == '\0')
        continue;
      if (name->len > 0)
        g_string_append_c (name, ' ');
      g_string_append (name, text);
    }
  return g_string_free (g_steal_pointer (&name), FALSE);
}

/* What is wrong with @name for a button, or NULL. */
static const char *
name_problem (GtkWidget  *widget,
              const char *name)
{
  const char *label = NULL;

  if (*name == '\0')
    return "no name (announced as its class name)";
  if ((g_str_has_prefix (name, "Gtk") || g_str_has_prefix (name, "Adw")) && g_ascii_isupper (name[3])
      && strchr (name, ' ') == NULL)
    return "a class name";
  if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget)))
    label = gtk_button_get_label (GTK_BUTTON (widget));
  else if (GTK_IS_EXPANDER (widget) && gtk_expander_get_use_underline (GTK_EXPANDER (widget)))
    label = gtk_expander_get_label (GTK_EXPANDER (widget));
  /* GTK 4.8 names a mnemonic button "_Save Save". */
  if (label != NULL && strchr (label, '_') != NULL && strstr (name, label) != NULL)
    return "its mnemonic label, underscore and all, then the label again";
  return NULL;
}

static gboolean
is_control (GtkWidget *widget)
{
  return GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget) || GTK_IS_EXPANDER (widget);
}

static void
collect_unnamed (GtkWidget *widget,
                 GString   *report,
                 guint     *n_checked)
{
  /* The move bar's controls are named by the move bar (test-move-bar). A
   * hidden widget is not on the accessibility bus, nor are a spin button's
   * + and − (GTK 4.8 presents the spin button alone). */
  if (FX_IS_MOVE_BAR (widget) || !gtk_widget_get_visible (widget) || GTK_IS_SPIN_BUTTON (widget))
    return;
  if (is_control (widget))
    {
      g_autofree char *name = accessible_name (widget);
      const char *problem = name_problem (widget, name);

      (*n_checked)++;
      if (problem != NULL)
        g_string_append_printf (report, "\n  %s “%s” (tooltip “%s”, in %s): %s",
                                G_OBJECT_TYPE_NAME (widget), name,
                                xq_tooltip_get_text (widget) ? xq_tooltip_get_text (widget) : "",
                                G_OBJECT_TYPE_NAME (gtk_widget_get_parent (widget)), problem);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_unnamed (child, report, n_checked);
}

/* Every button, toggle, menu button and expander below @root has a name a
 * screen reader can say. */
static void
assert_controls_named (GtkWidget  *root,
                       const char *where)
{
  g_autoptr(GString) report = g_string_new (NULL);
  guint n_checked = 0;

  collect_unnamed (root, report, &n_checked);
  g_test_message ("%s: %u controls checked", where, n_checked);
  g_assert_cmpuint (n_checked, >, 0);
  if (report->len > 0)
    g_error ("%s: controls without a proper accessible name:%s", where, report->str);
}

/* A window on @session, which it takes. */
static XqWindow *
window_with (XqSession *session)
{
  g_autoptr(XqSession) owned = session;
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqDocument) document = xq_document_new (owned, FALSE);

  xq_window_set_document (window, document);
  ui_settle ();
  return window;
}

static void
close_window (XqWindow *window)
{
  if (xq_window_get_document (window) != NULL)
    xq_document_discard_journal (xq_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

static GtkWindow *
find_toplevel (GType      type,
               GtkWindow *transient_for)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type)
          && (transient_for == NULL || gtk_window_get_transient_for (w) == transient_for))
        return w;
    }
  return NULL;
}

/* A game left unsaved by a crash, and a recent file: the welcome page's lists
 * have rows, with their Restore and discard buttons. */
static void
leave_welcome_rows (void)
{
  g_autoptr(XqSession) session = ui_sample_prefix (5);
  g_autoptr(XqAutosave) journal = xq_autosave_new (session, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *sample = ui_sample_path ();
  g_autoptr(GFile) sample_file = g_file_new_for_path (sample);

  xq_session_set_comment (session, "left in a hurry");
  g_assert_true (xq_autosave_wait (journal, &error));
  g_assert_no_error (error);
  xq_recent_add (sample_file);
}

/* The discard buttons of the welcome page's recovered games, clicked. */
static void
discard_welcome_rows (XqWindow *window)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (window), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_icon_name (buttons->pdata[i]), "user-trash-symbolic") == 0)
      g_signal_emit_by_name (buttons->pdata[i], "clicked");
  ui_settle ();
}

static void
test_names_welcome (void)
{
  XqWindow *window;

  leave_welcome_rows ();
  window = ui_new_window (app);
  g_assert_nonnull (ui_find_descendant (GTK_WIDGET (window), ADW_TYPE_ACTION_ROW, NULL));
  assert_controls_named (GTK_WIDGET (window), "welcome page");
  discard_welcome_rows (window);
  close_window (window);
}

static void
test_names_game (void)
{
  /* Mid-game: the move bar, the queue and the history all have content. */
  XqWindow *window = window_with (ui_sample_prefix (12));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
  ui_settle ();
  assert_controls_named (GTK_WIDGET (window), "game page");
  close_window (window);
}

/* The name a screen reader reads for history row @position: the move and
 * its sentence, and the mark's label if it has one; the start says so. */
static void
assert_history_row_named (GtkWidget  *history,
                          guint       position,
                          const char *mark_label)
{
  GtkWidget *row = ui_history_row (history, position);
  g_autofree char *name = property_value (row, GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_autofree char *expected = NULL;
  GtkWidget *sentence;

  if (position == 0)
    {
      g_assert_cmpstr (name, ==, "Start of the game");
      return;
    }
  sentence = gtk_grid_get_child_at (GTK_GRID (gtk_widget_get_first_child (row)), 1, 0);
  g_assert_true (GTK_IS_LABEL (sentence));
  expected = mark_label != NULL
    ? g_strdup_printf ("Move %u: %s. %s", position, gtk_label_get_text (GTK_LABEL (sentence)), mark_label)
    : g_strdup_printf ("Move %u: %s", position, gtk_label_get_text (GTK_LABEL (sentence)));
  g_assert_cmpstr (name, ==, expected);
}

/* Each history row reads as its move, a mark included; the list reuses a
 * row for another move as it scrolls, and the row then reads as that one. */
static void
test_names_history (void)
{
  XqWindow *window = window_with (ui_sample_prefix (40));
  const XqHistoryMark mark = { 3, "dialog-warning-symbolic", "warning", "Costly: lost 3 bucks", "A better turn" };
  GtkWidget *history;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
  ui_settle ();
  history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  xq_history_view_set_marks (XQ_HISTORY_VIEW (history), &mark, 1);
  for (guint i = 0; i <= 40; i++)
    assert_history_row_named (history, i, i == 4 ? mark.label : NULL);
  for (guint i = 41; i-- > 0;)
    assert_history_row_named (history, i, i == 4 ? mark.label : NULL);
  g_assert_cmpstr (xq_tooltip_get_text (ui_history_row (history, 4)), ==, "A better turn");
  close_window (window);
}

/* The board's cells and counters, and the players' amounts, say what they show. */
static void
test_names_table (void)
{
  XqWindow *window = window_with (ui_sample_prefix (12));
  GtkWidget *board = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_BOARD_VIEW, NULL);
  GtkWidget *players = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_PLAYERS_VIEW, NULL);
  g_autoptr(GPtrArray) cells = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  guint n_with_counters = 0;

  g_assert_nonnull (board);
  g_assert_nonnull (players);
  /* The board drawn at the size shown: the other is hidden from a screen
   * reader. */
  board = adw_squeezer_get_visible_child (ADW_SQUEEZER (ui_find_descendant (board, ADW_TYPE_SQUEEZER, NULL)));
  g_assert_nonnull (board);
  cells = ui_find_all (board, GTK_TYPE_BOX);
  for (guint i = 0; i < cells->len; i++)
    {
      GtkWidget *cell = cells->pdata[i];
      g_autofree char *name = NULL;

      if (!gtk_widget_has_css_class (cell, "track-cell"))
        continue;
      name = accessible_name (cell);
      g_assert_cmpstr (name, !=, "");
      /* "GBP row, space 2.5: counters USD, CHF": every counter in it named. */
      for (GtkWidget *counter = gtk_widget_get_first_child (cell); counter != NULL;
           counter = gtk_widget_get_next_sibling (counter))
        {
          g_autofree char *counter_name = accessible_name (counter);

          g_assert_nonnull (strstr (name, gtk_label_get_text (GTK_LABEL (counter))));
          g_assert_nonnull (strstr (counter_name, gtk_label_get_text (GTK_LABEL (counter))));
          n_with_counters++;
        }
    }
  g_assert_cmpuint (n_with_counters, ==, 21);

  /* Each amount and certificate count has a name, empty ones too. */
  labels = ui_find_all (players, GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = labels->pdata[i];
      g_autofree char *name = accessible_name (label);

      if (!gtk_widget_get_visible (label))
        continue;
      if (*name == '\0')
        name = g_strdup (gtk_label_get_text (GTK_LABEL (label)));
      if (*name == '\0')
        g_error ("a visible label of the players' table with no text and no name (css: %s)",
                 gtk_widget_has_css_class (label, "certs") ? "certs" : "other");
    }
  close_window (window);
}

/* -- the shortcuts window --------------------------------------------- */

static void
collect_menu_actions (GMenuModel *model,
                      GPtrArray  *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);

      /* "win.new-game::fair-trade": the keys go with the action and its target. */
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_ptr_array_add (out, g_action_print_detailed_name (action, target));
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) link = g_menu_link_iter_get_value (links);

          collect_menu_actions (link, out);
        }
    }
}

static char *
app_accels (const char *action)
{
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), action);

  return g_strjoinv (" ", accels);
}

static void
test_shortcuts (void)
{
  XqWindow *window = ui_new_window (app);
  GtkWidget *shortcuts;
  GtkWidget *menu_button = ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, NULL);
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GPtrArray) menu_actions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  ui_settle ();
  shortcuts = GTK_WIDGET (find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW, GTK_WINDOW (window)));
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_widget_get_visible (shortcuts));

  items = ui_find_all (shortcuts, GTK_TYPE_SHORTCUTS_SHORTCUT);
  g_assert_cmpuint (items->len, >, 10);
  for (guint i = 0; i < items->len; i++)
    {
      g_autofree char *title = NULL;
      g_autofree char *accelerator = NULL;
      g_autofree char *action = NULL;
      g_auto(GStrv) parts = NULL;

      g_object_get (items->pdata[i], "title", &title, "accelerator", &accelerator, "action-name", &action, NULL);
      if (accelerator == NULL || *accelerator == '\0')
        g_error ("the shortcut “%s” (%s) shows no keys", title, action ? action : "no action");
      parts = g_strsplit (accelerator, " ", -1);
      for (guint p = 0; parts[p] != NULL; p++)
        {
          guint key = 0;
          GdkModifierType mods = 0;

          if (!gtk_accelerator_parse (parts[p], &key, &mods) || key == 0)
            g_error ("the shortcut “%s” shows “%s”, which is no accelerator", title, parts[p]);
        }
      if (action != NULL)
        {
          g_autofree char *used = app_accels (action);

          /* What the window shows is what the keys do. */
          g_assert_cmpstr (accelerator, ==, used);
          g_hash_table_replace (shown, g_steal_pointer (&action), g_steal_pointer (&accelerator));
        }
    }

  /* Every command of the main menu has keys, and the window shows them. */
  g_assert_nonnull (menu_button);
  collect_menu_actions (ui_open_main_menu (GTK_WIDGET (window)), menu_actions);
  g_assert_cmpuint (menu_actions->len, >=, 10);
  for (guint i = 0; i < menu_actions->len; i++)
    {
      const char *action = menu_actions->pdata[i];
      g_autofree char *used = app_accels (action);

      /* About has no key in any GNOME app: nothing to learn by heart for it. */
      if (g_str_equal (action, "app.about"))
        continue;
      if (*used == '\0')
        g_error ("the menu's “%s” has no keyboard shortcut", action);
      if (!g_hash_table_contains (shown, action))
        g_error ("the menu's “%s” (%s) is missing from the shortcuts window", action, used);
    }

  /* Each game's way in, from the registry: in the menu, in the game's order
   * and before Open, and in the shortcuts window with its keys. */
  for (guint g = 0; g < xq_game_ui_get_n (); g++)
    {
      g_autofree char *action = g_strdup_printf ("win.new-game::%s", xq_game_ui_get_nth (g)->game ()->id);

      g_assert_cmpuint (g, <, menu_actions->len);
      g_assert_cmpstr (menu_actions->pdata[g], ==, action);
      g_assert_true (g_hash_table_contains (shown, action));
    }

  ui_set_dark (FALSE);
  ui_screenshot (shortcuts, "shortcuts-light");
  ui_set_dark (TRUE);
  ui_screenshot (shortcuts, "shortcuts-dark");
  ui_set_dark (FALSE);
  gtk_window_close (GTK_WINDOW (shortcuts));
  close_window (window);
}

/* -- Tab and Shift+Tab ------------------------------------------------ */

/* The focused widgets, in turn, as Tab (or Shift+Tab) moves round @window.
 * The first round can differ from the next (a list returns to its cursor row,
 * not to the row Tab first reached): the cycle is the one Tab settles in. */
static GPtrArray *
tab_cycle (GtkWindow        *window,
           GtkDirectionType  direction)
{
  g_autoptr(GPtrArray) visited = g_ptr_array_new ();
  GPtrArray *cycle = g_ptr_array_new ();
  GtkWidget *repeated = NULL;

  gtk_window_set_focus (window, NULL);
  for (guint i = 0; i < 2000; i++)
    {
      GtkWidget *focus;

      /* What the Tab key binding of GtkWindow emits. */
      g_signal_emit_by_name (window, "move-focus", direction);
      focus = gtk_window_get_focus (window);
      g_assert_nonnull (focus);
      if (repeated == NULL && g_ptr_array_find (visited, focus, NULL))
        repeated = focus;
      else if (repeated == NULL)
        g_ptr_array_add (visited, focus);
      else if (focus == repeated)
        return cycle;
      if (repeated != NULL)
        g_ptr_array_add (cycle, focus);
    }
  {
    g_autoptr(GString) stops = g_string_new (NULL);

    for (guint i = 0; i < MIN (visited->len, 60); i++)
      {
        g_autofree char *name = accessible_name (visited->pdata[i]);

        g_string_append_printf (stops, "\n  %s “%s” in %s", G_OBJECT_TYPE_NAME (visited->pdata[i]), name,
                                G_OBJECT_TYPE_NAME (gtk_widget_get_parent (visited->pdata[i])));
      }
    g_error ("Tab never settles in a cycle; its first stops:%s", stops->str);
  }
}

static gboolean
inside (GtkWidget *widget,
        GType      type)
{
  return widget != NULL && gtk_widget_get_ancestor (widget, type) != NULL;
}

static gboolean
focus_within (GPtrArray *cycle,
              GtkWidget *widget)
{
  for (guint i = 0; i < cycle->len; i++)
    if (cycle->pdata[i] == widget || gtk_widget_is_ancestor (cycle->pdata[i], widget))
      return TRUE;
  return FALSE;
}

static gpointer
stop_of (GtkWidget *focus)
{
  return GTK_IS_LIST_BOX_ROW (focus) ? (gpointer) gtk_widget_get_parent (focus) : focus;
}

/* Tab visits every shown, sensitive button below @window outside the move bar,
 * and Shift+Tab visits the same in the opposite order. */
static GPtrArray *
assert_tab_reaches_all (GtkWindow  *window,
                        const char *where)
{
  GPtrArray *forward = tab_cycle (window, GTK_DIR_TAB_FORWARD);
  g_autoptr(GPtrArray) backward = tab_cycle (window, GTK_DIR_TAB_BACKWARD);
  g_autoptr(GPtrArray) controls = ui_find_all (GTK_WIDGET (window), GTK_TYPE_WIDGET);
  g_autoptr(GString) missed = g_string_new (NULL);
  guint start = G_MAXUINT;

  g_test_message ("%s: Tab visits %u widgets", where, forward->len);
  for (guint i = 0; i < forward->len; i++)
    {
      g_autofree char *name = accessible_name (forward->pdata[i]);
      g_autofree char *back_name = i < backward->len ? accessible_name (backward->pdata[i]) : NULL;

      g_test_message ("  %2u. %s “%s”   ⇤ %s “%s”", i + 1, G_OBJECT_TYPE_NAME (forward->pdata[i]), name,
                      i < backward->len ? G_OBJECT_TYPE_NAME (backward->pdata[i]) : "", back_name ? back_name : "");
    }
  for (guint i = 0; i < controls->len; i++)
    {
      GtkWidget *w = controls->pdata[i];

      /* Keys, not Tab, work the window's title-bar buttons (GNOME's
       * convention) and a spin button's + and − (the arrow keys). */
      if (!is_control (w) || GTK_IS_MENU_BUTTON (gtk_widget_get_parent (w))
          || !gtk_widget_is_drawable (w) || !gtk_widget_is_sensitive (w) || inside (w, FX_TYPE_MOVE_BAR)
          || inside (w, GTK_TYPE_WINDOW_CONTROLS) || inside (w, GTK_TYPE_SPIN_BUTTON))
        continue;
      if (!focus_within (forward, w))
        {
          g_autofree char *name = accessible_name (w);

          g_string_append_printf (missed, "\n  %s “%s” in %s", G_OBJECT_TYPE_NAME (w), name,
                                  G_OBJECT_TYPE_NAME (gtk_widget_get_parent (w)));
        }
    }
  if (missed->len > 0)
    g_error ("%s: Tab never reaches:%s", where, missed->str);

  /* Shift+Tab: the same stops, the other way round. A list is one stop:
   * Tab enters it at its cursor row, wherever that was left. */
  g_assert_cmpuint (backward->len, ==, forward->len);
  for (guint j = 0; j < backward->len; j++)
    if (stop_of (backward->pdata[j]) == stop_of (forward->pdata[0]))
      start = j;
  g_assert_cmpuint (start, <, backward->len);
  for (guint i = 0; i < forward->len; i++)
    {
      GtkWidget *b = backward->pdata[(start + backward->len - i) % backward->len];

      if (stop_of (forward->pdata[i]) != stop_of (b))
        g_error ("%s: Shift+Tab stop %u is a %s, Tab's a %s", where, i,
                 G_OBJECT_TYPE_NAME (b), G_OBJECT_TYPE_NAME (forward->pdata[i]));
    }
  return forward;
}

static int
index_of_type (GPtrArray *cycle,
               GType      type,
               gboolean   last)
{
  int found = -1;

  for (guint i = 0; i < cycle->len; i++)
    if (G_TYPE_CHECK_INSTANCE_TYPE (cycle->pdata[i], type) || inside (cycle->pdata[i], type))
      {
        found = (int) i;
        if (!last)
          break;
      }
  return found;
}

static void
test_keyboard_window (void)
{
  XqWindow *window;
  g_autoptr(GPtrArray) cycle = NULL;
  int header, rates, queue, move_bar, history;

  leave_welcome_rows ();
  window = ui_new_window (app);
  cycle = assert_tab_reaches_all (GTK_WINDOW (window), "welcome page");
  g_clear_pointer (&cycle, g_ptr_array_unref);
  discard_welcome_rows (window);
  close_window (window);

  window = window_with (ui_sample_prefix (12));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
  ui_settle ();
  cycle = assert_tab_reaches_all (GTK_WINDOW (window), "game page");

  /* In reading order: the header, the board's column (its cross rates), the
   * players' column (the queue), the move bar, then the history panel on the
   * right. */
  header = index_of_type (cycle, ADW_TYPE_HEADER_BAR, TRUE);
  rates = index_of_type (cycle, GTK_TYPE_EXPANDER, FALSE);
  queue = index_of_type (cycle, FX_TYPE_QUEUE_VIEW, FALSE);
  move_bar = index_of_type (cycle, FX_TYPE_MOVE_BAR, FALSE);
  history = index_of_type (cycle, XQ_TYPE_HISTORY_VIEW, FALSE);
  g_test_message ("game page: header ends at %d, cross rates at %d, queue at %d, move bar at %d, history at %d",
                  header, rates, queue, move_bar, history);
  g_assert_cmpint (header, >=, 0);
  g_assert_true (FX_IS_RATES_VIEW (gtk_expander_get_child (cycle->pdata[rates])));
  g_assert_cmpint (rates, >, header);
  g_assert_cmpint (queue, >, rates);
  g_assert_cmpint (move_bar, >, queue);
  g_assert_cmpint (history, >, move_bar);
  close_window (window);
}

typedef struct
{
  XqWindow  *window;
  GtkWidget *history;
  guint      position;
} HistoryFocus;

static gboolean
focus_on_history_row (HistoryFocus *f)
{
  GtkWidget *row = xq_history_view_get_row (XQ_HISTORY_VIEW (f->history), f->position);

  return row != NULL && gtk_window_get_focus (GTK_WINDOW (f->window)) == row;
}

/* F9 puts the focus on the row shown, the last or the one gone back to,
 * and a keyboard user sees where it is: the row draws a focus ring. */
static void
test_keyboard_history (void)
{
  HistoryFocus f = { window_with (ui_sample_prefix (40)), NULL, 40 };

  f.history = ui_find_descendant (GTK_WIDGET (f.window), XQ_TYPE_HISTORY_VIEW, NULL);
  g_assert_nonnull (f.history);
  /* As after a click: F9 is no Tab, and GTK draws no ring by itself. */
  gtk_window_set_focus_visible (GTK_WINDOW (f.window), FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.toggle-history", NULL));
  ui_wait_until (focus_on_history_row, &f);
  ui_settle ();
  {
    GtkWidget *row = gtk_window_get_focus (GTK_WINDOW (f.window));

    /* Adwaita draws the ring on "row:focus:focus-visible". */
    g_assert_true (gtk_widget_has_focus (row));
    g_assert_cmpstr (gtk_widget_get_css_name (row), ==, "row");
    g_assert_true (gtk_window_get_focus_visible (GTK_WINDOW (f.window)));
    g_assert_true ((gtk_widget_get_state_flags (row) & GTK_STATE_FLAG_FOCUS_VISIBLE) != 0);
  }
  ui_screenshot (GTK_WIDGET (f.window), "history-focus");

  /* Gone back to move 10: F9 twice (closed, opened) lands on it. */
  xq_history_view_set_position (XQ_HISTORY_VIEW (f.history), 10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.toggle-history", NULL));
  ui_settle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.toggle-history", NULL));
  f.position = 10;
  ui_wait_until (focus_on_history_row, &f);
  close_window (f.window);
}

/* The focus after one Tab (as GTK's Tab binding moves it) from @from. */
static GtkWidget *
tab_from (XqWindow         *window,
          GtkWidget        *from,
          GtkDirectionType  direction)
{
  g_assert_true (gtk_widget_grab_focus (from));
  g_signal_emit_by_name (window, "move-focus", direction);
  return gtk_window_get_focus (GTK_WINDOW (window));
}

/* Chosen, an action's button hands Tab to its form, as a radio group does:
 * the next Tab is the form's first field, not the next action; Shift+Tab
 * from that field comes back to the action. */
static void
test_keyboard_move_bar (void)
{
  XqWindow *window = window_with (ui_sample_prefix (12));
  FxMoveBar *bar = FX_MOVE_BAR (ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL));
  GtkWidget *stack = fx_move_bar_get_part (bar, "stack");
  const char *toggles[] = { "contract_toggle", "invest_toggle" };
  guint n_checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (toggles); i++)
    {
      GtkWidget *toggle = fx_move_bar_get_part (bar, toggles[i]);
      GtkWidget *field;

      if (!gtk_widget_is_sensitive (toggle))
        continue;
      g_assert_true (ui_activate (toggle));
      ui_settle ();
      g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
      field = tab_from (window, toggle, GTK_DIR_TAB_FORWARD);
      g_test_message ("%s: Tab goes to a %s", toggles[i], G_OBJECT_TYPE_NAME (field));
      g_assert_true (gtk_widget_is_ancestor (field, gtk_stack_get_visible_child (GTK_STACK (stack))));
      g_assert_true (tab_from (window, field, GTK_DIR_TAB_BACKWARD) == toggle);
      n_checked++;
    }
  g_assert_cmpuint (n_checked, >, 0);
  close_window (window);
}

/* The size, in Pango units, of the font @widget draws with. */
static int
font_size (GtkWidget *widget)
{
  const PangoFontDescription *font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));

  return pango_font_description_get_size (font);
}

/* The first shown label below @root with @css_class. */
static GtkWidget *
label_with_class (GtkWidget  *root,
                  const char *css_class)
{
  g_autoptr(GPtrArray) labels = ui_find_all (root, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_has_css_class (labels->pdata[i], css_class) && gtk_widget_get_mapped (labels->pdata[i])
        && *gtk_label_get_text (labels->pdata[i]) != '\0')
      return labels->pdata[i];
  g_error ("no shown label with the class %s", css_class);
}

/* Larger Text makes the names and the headings larger with the numbers:
 * Adwaita's type classes, sized in points, would stay as they were. */
static void
test_large_text (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  XqWindow *window = window_with (ui_sample_prefix (12));
  GtkWidget *players = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_PLAYERS_VIEW, NULL);
  GtkWidget *bar = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL);
  GtkWidget *name = label_with_class (players, "heading");
  GtkWidget *amount = label_with_class (players, "amount");
  GtkWidget *title = label_with_class (bar, "title-4");
  int name_before = font_size (name), amount_before = font_size (amount), title_before = font_size (title);

  g_settings_set_boolean (settings, "large-text", TRUE);
  ui_settle ();
  g_test_message ("name %d → %d, amount %d → %d, title %d → %d (Pango units)", name_before, font_size (name),
                  amount_before, font_size (amount), title_before, font_size (title));
  g_assert_cmpint (font_size (amount), >, amount_before);
  /* A player's name as large as their money, the turn's title larger. */
  g_assert_cmpint (font_size (name), >=, font_size (amount));
  g_assert_cmpint (font_size (title), >, font_size (amount));
  /* They grow too. */
  g_assert_cmpint (font_size (name), >, name_before);
  g_assert_cmpint (font_size (title), >, title_before);
  ui_screenshot_light_and_dark (GTK_WIDGET (window), "large-text");

  g_settings_set_boolean (settings, "large-text", FALSE);
  ui_settle ();
  g_assert_cmpint (font_size (name), ==, name_before);
  g_assert_cmpint (font_size (title), ==, title_before);
  close_window (window);
}

/* Preferences offers light or dark, kept in the settings and applied at
 * once to every window, as gnome-text-editor does. */
static void
test_style_choice (void)
{
  static const char *const variants[] = { "follow", "light", "dark" };
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  XqWindow *window = window_with (ui_sample_prefix (12));
  XqPreferencesWindow *prefs = xq_preferences_window_new (settings);
  AdwStyleManager *style = adw_style_manager_get_default ();
  AdwComboRow *row;

  gtk_window_set_transient_for (GTK_WINDOW (prefs), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (prefs));
  ui_settle ();
  row = ADW_COMBO_ROW (ui_find_descendant (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, NULL));
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (row)));
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==, G_N_ELEMENTS (variants));
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);

  /* Chosen in the row: saved, and the windows follow. */
  adw_combo_row_set_selected (row, 2);
  ui_settle ();
  {
    g_autofree char *saved = g_settings_get_string (settings, "style-variant");

    g_assert_cmpstr (saved, ==, "dark");
  }
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (style));
  ui_screenshot (GTK_WIDGET (prefs), "preferences-dark");
  adw_combo_row_set_selected (row, 1);
  ui_settle ();
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_false (adw_style_manager_get_dark (style));
  ui_screenshot (GTK_WIDGET (prefs), "preferences-light");

  /* Set elsewhere (another window's preferences): the row shows it. */
  g_settings_set_string (settings, "style-variant", "follow");
  ui_settle ();
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_DEFAULT);

  gtk_window_destroy (GTK_WINDOW (prefs));
  ui_set_dark (FALSE);
  close_window (window);
}

/* A phone at the table: the board and the players are views of their own,
 * with a switch between them. */
static void
test_narrow (void)
{
  XqWindow *window = window_with (ui_sample_prefix (12));
  GtkWidget *table = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_TABLE_VIEW, NULL);
  g_autoptr(GPtrArray) toggles = NULL;
  guint n_switches = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  ui_settle ();
  g_test_message ("narrow: %d × %d", gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  assert_controls_named (GTK_WIDGET (window), "game page at 360 × 720");
  /* The views' switcher reads "Board", not "_Board Board". */
  toggles = ui_find_all (ui_find_descendant (table, ADW_TYPE_VIEW_SWITCHER_BAR, NULL), GTK_TYPE_TOGGLE_BUTTON);
  for (guint i = 0; i < toggles->len; i++)
    {
      g_autofree char *name = accessible_name (toggles->pdata[i]);

      g_test_message ("view switch: %s", name);
      g_assert_null (name_problem (toggles->pdata[i], name));
      n_switches++;
    }
  /* One switcher of two views. */
  g_assert_cmpuint (n_switches, ==, 2);
  g_ptr_array_unref (assert_tab_reaches_all (GTK_WINDOW (window), "game page at 360 × 720"));
  ui_screenshot (GTK_WIDGET (window), "a11y-narrow");
  close_window (window);
}

typedef void (*DialogCheck) (GtkWindow  *dialog,
                             const char *where);

/* The game window's dialog number @which, opened as the menu opens it. */
static GtkWindow *
open_dialog (XqWindow  *window,
             guint      which,
             GSettings *settings)
{
  const char *action = which == 2 ? "win.correction" : "win.audit";

  if (which == 0)
    return GTK_WINDOW (xq_new_game_dialog_new (GTK_WINDOW (window)));
  if (which == 1)
    return GTK_WINDOW (xq_preferences_window_new (settings));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  ui_settle ();
  if (which == 3)
    {
      /* The audit's pages, worked out on a worker, then named and reached. */
      GtkWindow *audit = find_toplevel (FX_TYPE_AUDIT_WINDOW, GTK_WINDOW (window));

      g_assert_nonnull (audit);
      ui_wait_audit_loaded (FX_AUDIT_WINDOW (audit));
      return audit;
    }
  return find_toplevel (FX_TYPE_CORRECTION_DIALOG, GTK_WINDOW (window));
}

/* @check on each of the game window's dialogs in turn. */
static void
check_each_dialog (DialogCheck check)
{
  static const char *const where[] = { "new-game dialog", "preferences", "correction dialog", "audit window" };
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  XqWindow *window = window_with (ui_sample_prefix (12));

  for (guint i = 0; i < G_N_ELEMENTS (where); i++)
    {
      GtkWindow *dialog = open_dialog (window, i, settings);

      g_assert_nonnull (dialog);
      gtk_window_present (dialog);
      ui_settle ();
      check (dialog, where[i]);
      gtk_window_destroy (dialog);
    }
  close_window (window);
}

static void
check_names (GtkWindow  *dialog,
             const char *where)
{
  assert_controls_named (GTK_WIDGET (dialog), where);
}

static void
check_tab (GtkWindow  *dialog,
           const char *where)
{
  g_ptr_array_unref (assert_tab_reaches_all (dialog, where));
}

static void
test_names_dialogs (void)
{
  check_each_dialog (check_names);
}

static void
test_keyboard_dialogs (void)
{
  check_each_dialog (check_tab);
}


/* -- naming as widgets are mapped ------------------------------------------ */

/* How often xq-a11y looked at the one button watched: it asks
 * gtk_button_get_use_underline() each time it names a button. This
 * program's definition is the one xq-a11y.c calls (GTK's own calls stay
 * inside libgtk), and it passes the call on. */
static GtkWidget *watched_button;
static guint      watched_button_looks;

gboolean
gtk_button_get_use_underline (GtkButton *button)
{
  static gboolean (*gtk_s) (GtkButton *);

  if (gtk_s == NULL)
    gtk_s = (gboolean (*) (GtkButton *)) dlsym (RTLD_NEXT, "gtk_button_get_use_underline");
  if (GTK_WIDGET (button) == watched_button)
    watched_button_looks++;
  return gtk_s (button);
}

/* A widget mapped with its window is named once, not once for each of its
 * ancestors: "map" maps the children in its class handler, each named by
 * its own "map", before the naming hook runs for the parent. Walking them
 * again named the move bar's 700 widgets 25,000 times when the window
 * changed shape (issue #27). What a stack keeps unmapped, another page, is
 * still named: a screen reader reaches it. */
static void
test_named_once_when_mapped (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *deep = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *hidden_page_button = gtk_button_new_with_mnemonic ("_Later");
  GtkWidget *box = deep;

  xq_a11y_name_every_widget ();
  for (guint depth = 0; depth < 40; depth++)
    {
      GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

      gtk_box_append (GTK_BOX (box), inner);
      box = inner;
    }
  watched_button = gtk_button_new_with_mnemonic ("_Go");
  gtk_box_append (GTK_BOX (box), watched_button);
  gtk_stack_add_named (GTK_STACK (stack), deep, "shown");
  gtk_stack_add_named (GTK_STACK (stack), hidden_page_button, "hidden");
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "shown");
  gtk_window_set_child (GTK_WINDOW (window), stack);
  watched_button_looks = 0;
  gtk_window_present (GTK_WINDOW (window));
  ui_settle ();
  g_assert_true (gtk_widget_get_mapped (watched_button));
  g_test_message ("the button 41 boxes deep was looked at %u times", watched_button_looks);
  g_assert_cmpuint (watched_button_looks, >, 0);
  g_assert_cmpuint (watched_button_looks, <=, 4);

  /* The page not shown is named as the stack is mapped. */
  g_assert_false (gtk_widget_get_mapped (hidden_page_button));
  watched_button = hidden_page_button;
  gtk_widget_set_visible (stack, FALSE);
  ui_settle ();
  watched_button_looks = 0;
  gtk_widget_set_visible (stack, TRUE);
  ui_settle ();
  g_assert_true (gtk_widget_get_mapped (stack));
  g_assert_false (gtk_widget_get_mapped (hidden_page_button));
  g_assert_cmpuint (watched_button_looks, >, 0);
  watched_button = NULL;
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app = ui_application_new ();
  ui_set_dark (FALSE);

  g_test_add_func ("/a11y/names/welcome", test_names_welcome);
  g_test_add_func ("/a11y/names/game", test_names_game);
  g_test_add_func ("/a11y/names/dialogs", test_names_dialogs);
  g_test_add_func ("/a11y/names/table", test_names_table);
  g_test_add_func ("/a11y/names/history", test_names_history);
  g_test_add_func ("/a11y/shortcuts", test_shortcuts);
  g_test_add_func ("/a11y/keyboard/window", test_keyboard_window);
  g_test_add_func ("/a11y/keyboard/dialogs", test_keyboard_dialogs);
  g_test_add_func ("/a11y/keyboard/history", test_keyboard_history);
  g_test_add_func ("/a11y/keyboard/move-bar", test_keyboard_move_bar);
  g_test_add_func ("/a11y/narrow", test_narrow);
  g_test_add_func ("/a11y/large-text", test_large_text);
  g_test_add_func ("/a11y/style-choice", test_style_choice);
  g_test_add_func ("/a11y/named-once-when-mapped", test_named_once_when_mapped);
  return g_test_run ();
}
