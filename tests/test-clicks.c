/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Issue 26, "slower than the table": the sample game recorded turn by turn
 * through the move bar at 1280×800, once with the pointer and once with the
 * keyboard, counting every click and every key a player needs, against the
 * issue's targets; and Ctrl+Enter records from anywhere in the window (that
 * no two mnemonics shown share a letter, in every language, is test-ui-de's
 * /ui-de/one-mnemonic-per-letter). */

#include "config.h"

#include <string.h>

#include "fx-count-dialog.h"
#include "fx-display.h"
#include "fx-move-bar.h"
#include "fx-notation.h"
#include "ui-support.h"
#include "xq-reason-dropdown.h"
#include "xq-window.h"

static XqApplication *app;

typedef struct
{
  XqWindow   *window;
  XqSession  *session;
  XqDocument *document;
  FxMoveBar  *bar;
  guint       n_counts;   /* the counts recorded: a move each in the session, none in the sample */
} Table;

static void
table_open (Table     *t,
            XqSession *session)
{
  t->window = ui_new_window (app);
  t->session = session;
  t->n_counts = 0;
  t->document = xq_document_new (session, FALSE);
  gtk_window_set_default_size (GTK_WINDOW (t->window), 1280, 800);
  xq_window_set_document (t->window, t->document);
  ui_settle ();
  t->bar = FX_MOVE_BAR (ui_find_descendant (GTK_WIDGET (t->window), FX_TYPE_MOVE_BAR, NULL));
  g_assert_nonnull (t->bar);
  /* The window's default size counts its shadow: 1280×800 is 1270×790 of content. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (t->window)), <=, 1280);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (t->window)), <=, 800);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (t->window)), >=, 1260);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (t->window)), >=, 780);
}

/* Windows other than @t's (a count, a question) closed. */
static void
close_others (Table *t)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i - 1);

      if (window != GTK_WINDOW (t->window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        gtk_window_destroy (window);
    }
  ui_settle ();
}

static void
table_close (Table *t)
{
  close_others (t);
  xq_document_discard_journal (t->document);
  gtk_window_destroy (GTK_WINDOW (t->window));
  ui_settle ();
  g_clear_object (&t->document);
  g_clear_object (&t->session);
}

static GtkWidget *
part (FxMoveBar  *bar,
      const char *id)
{
  GtkWidget *widget = fx_move_bar_get_part (bar, id);

  g_assert_nonnull (widget);
  return widget;
}

/* The choice (row of buttons) whose options fx_move_bar_get_part() gives. */
static XqReasonDropdown *
choice_of (GtkWidget *dropdown)
{
  return XQ_REASON_DROPDOWN (gtk_widget_get_parent (dropdown));
}

static GtkDropDown *
dropdown_of (XqReasonDropdown *choice)
{
  return xq_reason_dropdown_get_drop_down (choice);
}

static const char *
shown (XqReasonDropdown *choice)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (dropdown_of (choice));

  return item != NULL ? gtk_string_object_get_string (item) : "";
}

static guint
position_of (XqReasonDropdown *choice,
             const char       *label)
{
  GListModel *model = gtk_drop_down_get_model (dropdown_of (choice));

  for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), label))
      return i;
  g_error ("no option %s", label);
}

/* @widget lies inside the window and inside the visible part of every
 * scrolled window around it: a pointer can reach it with no scrolling. */
static void
assert_in_reach (GtkWidget *widget)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_rect_t b;

  g_assert_true (gtk_widget_get_mapped (widget) && gtk_widget_is_sensitive (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, window, &b));
  if (b.origin.x < 0 || b.origin.y < 0 || b.origin.x + b.size.width > gtk_widget_get_width (window) + 0.5
      || b.origin.y + b.size.height > gtk_widget_get_height (window) + 0.5)
    g_error ("%s at %g,%g is outside the window", G_OBJECT_TYPE_NAME (widget), b.origin.x, b.origin.y);
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    if (GTK_IS_SCROLLED_WINDOW (up))
      {
        g_assert_true (gtk_widget_compute_bounds (widget, up, &b));
        if (b.origin.y < -0.5 || b.origin.y + b.size.height > gtk_widget_get_height (up) + 0.5)
          g_error ("%s is scrolled out of view", G_OBJECT_TYPE_NAME (widget));
      }
}

/* --- the pointer ------------------------------------------------------------ */

/* One click: a button, a toggle or the expander's title. */
static void
click (guint     *clicks,
       GtkWidget *widget)
{
  assert_in_reach (widget);
  if (GTK_IS_EXPANDER (widget))
    gtk_widget_activate (widget);
  else
    g_signal_emit_by_name (widget, "clicked");
  (*clicks)++;
  ui_settle ();
}

/* Picks row @position of a choice shown as a dropdown, its list open, as
 * a click or Enter on the row does. */
static void
pick_from_list (XqReasonDropdown *choice,
                guint             position)
{
  GtkWidget *dropdown = GTK_WIDGET (dropdown_of (choice));
  GtkWidget *popover = ui_find_descendant (dropdown, GTK_TYPE_POPOVER, NULL);
  GtkWidget *list = ui_find_descendant (dropdown, GTK_TYPE_LIST_VIEW, NULL);

  gtk_selection_model_select_item (gtk_list_view_get_model (GTK_LIST_VIEW (list)), position, TRUE);
  g_signal_emit_by_name (list, "activate", position);
  ui_settle ();
  g_assert_false (gtk_widget_get_visible (popover));
}

/* Shows @label in @choice: nothing to do when it is shown, else a click. */
static void
click_option (guint            *clicks,
              XqReasonDropdown *choice,
              const char       *label)
{
  guint position = position_of (choice, label);

  if (g_str_equal (shown (choice), label))
    return;
  if (xq_reason_dropdown_get_button (choice, 0) != NULL)
    click (clicks, xq_reason_dropdown_get_button (choice, position));
  else
    {
      /* A dropdown (the amount): a click opens its list, one picks the row. */
      assert_in_reach (GTK_WIDGET (dropdown_of (choice)));
      ui_popup (GTK_POPOVER (ui_find_descendant (GTK_WIDGET (dropdown_of (choice)), GTK_TYPE_POPOVER, NULL)));
      pick_from_list (choice, position);
      *clicks += 2;
    }
  g_assert_cmpstr (shown (choice), ==, label);
}

static void
click_field (guint      *clicks,
             FxMoveBar  *bar,
             const char *id,
             const char *label)
{
  click_option (clicks, choice_of (part (bar, id)), label);
}

/* --- the keyboard ----------------------------------------------------------- */

/* The labels shown in @window with a mnemonic on @keyval (any case). */
static GPtrArray *
mnemonic_labels (GtkWidget *window,
                 guint      keyval)
{
  g_autoptr(GPtrArray) labels = ui_find_all (window, GTK_TYPE_LABEL);
  GPtrArray *found = g_ptr_array_new ();

  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];
      guint key = gtk_label_get_mnemonic_keyval (label);

      if (gtk_widget_get_mapped (GTK_WIDGET (label)) && gtk_label_get_use_underline (label)
          && key != GDK_KEY_VoidSymbol && gdk_keyval_to_lower (key) == gdk_keyval_to_lower (keyval))
        g_ptr_array_add (found, label);
    }
  return found;
}

/* Alt+@keyval: one key, which reaches the one label that has it. */
static void
key_mnemonic (guint     *keys,
              GtkWidget *window,
              guint      keyval)
{
  g_autoptr(GPtrArray) labels = mnemonic_labels (window, keyval);

  if (labels->len != 1)
    g_error ("Alt+%s reaches %u labels (the form shown: %s)", gdk_keyval_name (keyval), labels->len,
             gtk_stack_get_visible_child_name (GTK_STACK (fx_move_bar_get_part (FX_MOVE_BAR (ui_find_descendant (window, FX_TYPE_MOVE_BAR, NULL)), "stack"))));
  g_assert_true (gtk_widget_mnemonic_activate (labels->pdata[0], FALSE));
  g_test_message ("    Alt+%s", gdk_keyval_name (keyval));
  (*keys)++;
  ui_settle ();
}

static GtkWidget *
focus_of (GtkWidget *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

/* A key delivered to @widget's own key handlers, as the window delivers it
 * to the widget with the focus; TRUE when one took it. */
static gboolean
press_key (GtkWidget *widget,
           guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  ui_settle ();
  return handled;
}

/* A key pressed while the focus is in @choice's row, counted. */
static void
key_in_row (guint            *keys,
            XqReasonDropdown *choice,
            guint             keyval)
{
  GtkWidget *focus = focus_of (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (choice))));
  GtkWidget *row = gtk_widget_get_last_child (GTK_WIDGET (choice));

  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, row));
  g_test_message ("    %s", gdk_keyval_name (keyval));
  g_assert_true (press_key (row, keyval));
  (*keys)++;
}

/* A key pressed while the focus is on @widget, counted. */
static void
key_on (guint     *keys,
        GtkWidget *widget,
        guint      keyval)
{
  g_assert_true (focus_of (GTK_WIDGET (gtk_widget_get_root (widget))) == widget);
  g_test_message ("    %s", gdk_keyval_name (keyval));
  g_assert_true (press_key (widget, keyval));
  (*keys)++;
}

/* The option after @at whose label begins with @letter, as a typed letter
 * picks it: the next the rules allow, when one does, else the next. */
static guint
next_with_letter (XqReasonDropdown *choice,
                  guint             at,
                  gunichar          letter)
{
  GListModel *model = gtk_drop_down_get_model (dropdown_of (choice));
  guint n = g_list_model_get_n_items (model);
  guint any = G_MAXUINT;

  for (guint k = 1; k <= n; k++)
    {
      guint i = ((at < n ? at : n - 1) + k) % n;

      if (g_unichar_tolower (g_utf8_get_char (gtk_string_list_get_string (GTK_STRING_LIST (model), i))) != letter)
        continue;
      if (xq_reason_dropdown_get_reason_at (choice, i) == NULL)
        return i;
      if (any == G_MAXUINT)
        any = i;
    }
  return any;
}

/* The presses of @key (a letter or Right) from the option shown to @target. */
static guint
presses_to (XqReasonDropdown *choice,
            guint             target,
            gunichar          letter)
{
  GListModel *model = gtk_drop_down_get_model (dropdown_of (choice));
  guint n = g_list_model_get_n_items (model);
  guint at = gtk_drop_down_get_selected (dropdown_of (choice));

  if (letter == 0)
    return target > at ? target - at : at - target;
  for (guint presses = 1; presses <= n; presses++)
    {
      guint next = next_with_letter (choice, at, letter);

      if (next == G_MAXUINT)
        return G_MAXUINT;
      if (next == target)
        return presses;
      at = next;
    }
  return G_MAXUINT;
}

/* The one option the rules allow whose label holds @letter, when no option
 * begins with it and no other allowed one holds it, as a typed letter picks
 * it (xq-reason-dropdown.c); else G_MAXUINT. */
static guint
inner_letter_to (XqReasonDropdown *choice,
                 gunichar          letter)
{
  GListModel *model = gtk_drop_down_get_model (dropdown_of (choice));
  guint n = g_list_model_get_n_items (model);
  guint found = G_MAXUINT;

  for (guint i = 0; i < n; i++)
    {
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

      if (g_unichar_tolower (g_utf8_get_char (label)) == letter)
        return G_MAXUINT;
      for (const char *c = label; *c != '\0' && xq_reason_dropdown_get_reason_at (choice, i) == NULL;
           c = g_utf8_next_char (c))
        if (g_unichar_tolower (g_utf8_get_char (c)) == letter)
          {
            if (found != G_MAXUINT && found != i)
              return G_MAXUINT;
            found = i;
          }
    }
  return found;
}

/* The keys that type @choice's option @target, a character after the
 * other, as the row's type-ahead takes them (xq-reason-dropdown.c): a
 * character that continues what was typed picks the first option the whole
 * begins (the one shown, if it is one), any other starts again and picks the
 * next option its letter begins. G_MAXUINT if typing never gets there. */
static guint
typing_to (XqReasonDropdown *choice,
           guint             target)
{
  GListModel *model = gtk_drop_down_get_model (dropdown_of (choice));
  guint n = g_list_model_get_n_items (model);
  guint at = gtk_drop_down_get_selected (dropdown_of (choice));
  const char *label = gtk_string_list_get_string (GTK_STRING_LIST (model), target);
  g_autoptr(GString) typed = g_string_new (NULL);
  guint presses = 0;

  for (const char *c = label; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar ch = g_unichar_tolower (g_utf8_get_char (c));
      g_autofree char *folded = NULL;
      g_autoptr(GString) longer = g_string_new (typed->str);
      guint first[2] = { G_MAXUINT, G_MAXUINT };   /* refused, allowed */
      char buf[8];

      folded = g_utf8_casefold (buf, g_unichar_to_utf8 (ch, buf));
      g_string_append (longer, folded);
      presses++;
      for (guint i = 0; typed->len > 0 && i < n; i++)
        {
          g_autofree char *option = g_utf8_casefold (gtk_string_list_get_string (GTK_STRING_LIST (model), i), -1);
          int allowed = xq_reason_dropdown_get_reason_at (choice, i) == NULL;

          if (g_str_has_prefix (option, longer->str) && (first[allowed] == G_MAXUINT || i == at))
            first[allowed] = i;
        }
      if (first[1] != G_MAXUINT || first[0] != G_MAXUINT)
        {
          g_string_assign (typed, longer->str);
          at = first[1] != G_MAXUINT ? first[1] : first[0];
        }
      else
        {
          guint next;

          if (!g_unichar_isalnum (ch))
            return G_MAXUINT;
          next = next_with_letter (choice, at, ch);
          if (next == G_MAXUINT && g_unichar_isalpha (ch))
            {
              /* A letter no option begins: the one allowed option it is in. */
              next = inner_letter_to (choice, ch);
              g_string_truncate (typed, 0);
            }
          else
            g_string_assign (typed, folded);
          if (next == G_MAXUINT)
            return G_MAXUINT;
          at = next;
        }
      if (at == target)
        return presses;
    }
  return G_MAXUINT;
}

/* Shows @label in @choice by keyboard: the focus brought to its row (a Tab
 * when it is the next stop, else the field's mnemonic), then its first
 * letter or the arrows, whichever takes fewer presses. */
static void
key_option (guint            *keys,
            GtkWidget        *window,
            XqReasonDropdown *choice,
            const char       *label)
{
  guint target = position_of (choice, label);
  gunichar letter = g_unichar_tolower (g_utf8_get_char (label));
  guint by_letter, by_arrow, by_typing;

  if (g_str_equal (shown (choice), label))
    return;
  if (focus_of (window) == NULL || !gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (choice)))
    {
      g_autoptr(GList) labels = gtk_widget_list_mnemonic_labels (GTK_WIDGET (choice));
      GtkWidget *before = focus_of (window);
      guint tabs = 0;

      /* The next stops after the focus, Tab by Tab, or the field's mnemonic:
       * whichever takes fewer keys (a field with no mnemonic is reached by
       * Tab only). */
      while (tabs < 8 && (focus_of (window) == NULL || !gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (choice))))
        {
          gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD);
          tabs++;
        }
      if (tabs > 1 && labels != NULL && gtk_label_get_mnemonic_keyval (labels->data) != GDK_KEY_VoidSymbol)
        {
          if (before != NULL)
            gtk_widget_grab_focus (before);
          key_mnemonic (keys, window, gtk_label_get_mnemonic_keyval (labels->data));
        }
      else
        {
          g_assert_cmpuint (tabs, <, 8);
          *keys += tabs;
          g_test_message ("    Tab ×%u", tabs);
          ui_settle ();
        }
      g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (choice)));
    }
  /* A letter of the label that names it alone: one key, and the keyboard
   * goes on to the next field. */
  for (const char *c = label; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar ch = g_unichar_tolower (g_utf8_get_char (c));

      if (g_unichar_isalpha (ch) && inner_letter_to (choice, ch) == target)
        {
          key_in_row (keys, choice, gdk_unicode_to_keyval (ch));
          if (g_str_equal (shown (choice), label))
            return;
        }
    }
  by_letter = g_unichar_isalnum (letter) ? presses_to (choice, target, letter) : G_MAXUINT;
  by_arrow = presses_to (choice, target, 0);
  by_typing = typing_to (choice, target);
  /* The label typed, a character after the other, while that is fewest (on
   * a tie too: typed until it is the only one, the keyboard goes on). */
  if (by_typing <= MIN (by_letter, by_arrow) && by_typing <= 1 + MIN (target, g_list_model_get_n_items (gtk_drop_down_get_model (dropdown_of (choice))) - 1 - target))
    {
      for (const char *c = label; !g_str_equal (shown (choice), label); c = g_utf8_next_char (c))
        {
          g_assert_true (*c != '\0');
          key_in_row (keys, choice, gdk_unicode_to_keyval (g_unichar_tolower (g_utf8_get_char (c))));
        }
      return;
    }
  /* Home or End, then the arrows. */
  {
    guint n = g_list_model_get_n_items (gtk_drop_down_get_model (dropdown_of (choice)));
    guint by_home = 1 + target, by_end = 1 + (n - 1 - target);

    if (MIN (by_home, by_end) < MIN (by_letter, by_arrow))
      {
        key_in_row (keys, choice, by_home <= by_end ? GDK_KEY_Home : GDK_KEY_End);
        by_letter = G_MAXUINT;
      }
  }
  while (!g_str_equal (shown (choice), label))
    {
      guint at = gtk_drop_down_get_selected (dropdown_of (choice));

      if (by_letter <= presses_to (choice, target, 0))
        key_in_row (keys, choice, gdk_unicode_to_keyval (letter));
      else
        key_in_row (keys, choice, target > at ? GDK_KEY_Right : GDK_KEY_Left);
    }
}

static void
key_field (guint      *keys,
           GtkWidget  *window,
           FxMoveBar  *bar,
           const char *id,
           const char *label)
{
  key_option (keys, window, choice_of (part (bar, id)), label);
}

/* The move bar's Ctrl+Enter: its shortcut, found as the window finds it. */
static GtkShortcut *
record_shortcut (FxMoveBar *bar)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (bar));
  g_autoptr(GtkShortcutTrigger) ctrl_enter = gtk_shortcut_trigger_parse_string ("<Control>Return");

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
            trigger = gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger));
          if (gtk_shortcut_trigger_equal (trigger, ctrl_enter))
            {
              /* The window runs it whatever has the focus. */
              g_assert_cmpint (gtk_shortcut_controller_get_scope (GTK_SHORTCUT_CONTROLLER (controller)), ==,
                               GTK_SHORTCUT_SCOPE_GLOBAL);
              return shortcut;
            }
        }
    }
  g_error ("the move bar has no Ctrl+Enter");
}

/* Ctrl+Enter: TRUE when it did something. */
static gboolean
key_record (guint     *keys,
            FxMoveBar *bar)
{
  GtkShortcut *shortcut = record_shortcut (bar);
  gboolean done = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                                GTK_WIDGET (bar), gtk_shortcut_get_arguments (shortcut));

  (*keys)++;
  ui_settle ();
  return done;
}

/* --- the sample game, turn by turn ---------------------------------------- */

typedef enum
{
  KIND_RESOLVE,
  KIND_INVEST,
  KIND_INVEST_TWO,
  KIND_DIVEST,
  KIND_CONTRACT,
  KIND_SPOT,
  KIND_DIVIDEND,
  KIND_OTHER,
  N_KINDS
} Kind;

static const char * const kind_names[N_KINDS] = { "resolve", "invest", "invest two", "divest", "contract",
                                                  "spot + action", "dividend + count", "other" };
/* The targets for the pointer, at 1280×800. Buying two certificates
 * takes the action, two currencies and Record: four clicks, one more than
 * the target for an investment, which one certificate meets. A
 * dividend's turn includes the count of the table that follows it, the
 * table agreeing. */
static const guint click_targets[N_KINDS] = { 2, 3, 4, 3, 5, 7, 2, G_MAXUINT };
/* Every turn by keyboard. */
#define KEY_TARGET 8

static const char *
form_of (int kind)
{
  switch (kind)
    {
    case FX_MOVE_CONTRACT:
      return "contract";
    case FX_MOVE_INVEST:
      return "invest";
    case FX_MOVE_DIVEST:
      return "divest";
    case FX_MOVE_RESOLVE:
      return "resolve";
    default:
      return NULL;
    }
}

static Kind
kind_of (XqSession *sample,
         guint      at,
         gboolean   spot,
         const FxMove *action)
{
  FxState before, after;

  if (spot)
    return KIND_SPOT;
  switch (action->kind)
    {
    case FX_MOVE_RESOLVE:
      xq_session_get_state_at (sample, at, &before);
      xq_session_get_state_at (sample, at + 1, &after);
      return after.dividends_left < before.dividends_left ? KIND_DIVIDEND : KIND_RESOLVE;
    case FX_MOVE_INVEST:
      return action->cur[1] != FX_NO_CURRENCY ? KIND_INVEST_TWO : KIND_INVEST;
    case FX_MOVE_DIVEST:
      return KIND_DIVEST;
    case FX_MOVE_CONTRACT:
      return KIND_CONTRACT;
    default:
      return KIND_OTHER;
    }
}

/* The label each field shows for @m's choices. */
static char *
money_label (const FxMove *m)
{
  return fx_display_money (m->amount, m->cur[0]);
}

/* The other players' divest rows, clockwise from the actor. */
static GPtrArray *
divest_others (FxMoveBar *bar)
{
  GtkWidget *page = gtk_stack_get_child_by_name (GTK_STACK (part (bar, "stack")), "divest");
  GPtrArray *all = ui_find_all (page, XQ_TYPE_REASON_DROPDOWN);

  /* The currency and the actor's own count come first. */
  g_ptr_array_remove_range (all, 0, 2);
  return all;
}

typedef void (*ChooseFunc) (guint *count, GtkWidget *window, XqReasonDropdown *choice, const char *label);

static void
pointer_choose (guint            *count,
                GtkWidget        *window,
                XqReasonDropdown *choice,
                const char       *label)
{
  click_option (count, choice, label);
}

/* The form's fields set to @action's choices, with @choose. */
static void
fill_form (FxMoveBar    *bar,
           GtkWidget    *window,
           const FxSetup *setup,
           const FxState *s,
           const FxMove *action,
           ChooseFunc    choose,
           guint        *count)
{
  char digits[8];

  switch (action->kind)
    {
    case FX_MOVE_CONTRACT:
      {
        g_autofree char *money = money_label (action);

        choose (count, window, choice_of (part (bar, "contract_pay")), fx_currency_code (action->cur[0]));
        choose (count, window, choice_of (part (bar, "contract_receive")), fx_currency_code (action->cur[1]));
        choose (count, window, choice_of (part (bar, "contract_amount")), money);
      }
      break;
    case FX_MOVE_INVEST:
      choose (count, window, choice_of (part (bar, "invest_first")), fx_currency_code (action->cur[0]));
      choose (count, window, choice_of (part (bar, "invest_second")),
              action->cur[1] == FX_NO_CURRENCY ? "— (only one)" : fx_currency_code (action->cur[1]));
      break;
    case FX_MOVE_DIVEST:
      {
        g_autoptr(GPtrArray) others = NULL;

        choose (count, window, choice_of (part (bar, "divest_currency")), fx_currency_code (action->cur[0]));
        g_snprintf (digits, sizeof digits, "%d", action->sells[action->actor]);
        choose (count, window, choice_of (part (bar, "divest_count")), digits);
        others = divest_others (bar);
        for (guint i = 0; i < others->len; i++)
          {
            int p = (action->actor + (int) i + 1) % s->n_players;

            g_snprintf (digits, sizeof digits, "%d", action->sells[p]);
            choose (count, window, others->pdata[i], digits);
          }
      }
      break;
    case FX_MOVE_RESOLVE:
      if (action->cur[0] != FX_NO_CURRENCY)
        choose (count, window, choice_of (part (bar, "resolve_choice")), fx_currency_code (action->cur[0]));
      break;
    case FX_MOVE_STRONGEST:
      choose (count, window, choice_of (part (bar, "strongest_choice")), fx_currency_code (action->cur[0]));
      break;
    default:
      g_assert_not_reached ();
    }
  (void) setup;
}

static AdwMessageDialog *
open_question (Table *t)
{
  return (AdwMessageDialog *) ui_find_shown_window (ADW_TYPE_MESSAGE_DIALOG);
}

static FxCountDialog *open_count (void);

static gboolean
open_count_gone (gpointer unused)
{
  return open_count () == NULL;
}

static FxCountDialog *
open_count (void)
{
  return (FxCountDialog *) ui_find_shown_window (FX_TYPE_COUNT_DIALOG);
}

/* The count that follows a dividend, confirmed as the players do when the
 * table agrees with the app (it always does here): by a click on its
 * default button, or by Enter where the keyboard starts in it. Counted in
 * the dividend's turn; the count is a move of its own in the session. */
static void
confirm_count (Table    *t,
               gboolean  by_key,
               guint    *count)
{
  FxCountDialog *dialog = open_count ();
  GtkWidget *agrees;
  const FxMove *m;

  if (dialog == NULL)
    return;
  agrees = gtk_window_get_default_widget (GTK_WINDOW (dialog));
  g_assert_nonnull (agrees);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (agrees)), ==, "The Table _Agrees");
  ui_wait_until (gtk_widget_get_mapped, agrees);
  assert_in_reach (agrees);
  if (by_key)
    {
      g_assert_true (gtk_root_get_focus (GTK_ROOT (dialog)) == agrees);
      gtk_widget_activate_default (GTK_WIDGET (dialog));
    }
  else
    g_signal_emit_by_name (agrees, "clicked");
  (*count)++;
  ui_wait_until (open_count_gone, NULL);
  t->n_counts++;
  m = xq_session_get_move (t->session, xq_session_get_n_moves (t->session) - 1);
  g_assert_cmpint (m->kind, ==, FX_MOVE_CHECKPOINT);
  g_assert_cmpint (m->amount, ==, 0);
}

/* The turn at move @at of @sample recorded by pointer; returns its clicks
 * and moves @at past it. */
static guint
click_turn (Table     *t,
            XqSession *sample,
            guint     *at,
            Kind      *kind)
{
  const FxSetup *setup = xq_session_get_setup (sample);
  const FxMove *first = xq_session_get_move (sample, *at);
  gboolean spot = first->kind == FX_MOVE_SPOT;
  const FxMove *action = spot ? xq_session_get_move (sample, *at + 1) : first;
  guint n = spot ? 2 : 1;
  guint clicks = 0;
  FxState expected;

  *kind = kind_of (sample, *at, spot, action);
  if (spot)
    {
      click (&clicks, part (t->bar, "spot_expander"));
      click_field (&clicks, t->bar, "spot_other", setup->names[first->other]);
      click_field (&clicks, t->bar, "spot_give", fx_currency_code (first->cur[0]));
      click_field (&clicks, t->bar, "spot_take", fx_currency_code (first->cur[1]));
    }
  if (form_of (action->kind) != NULL)
    {
      g_autofree char *toggle = g_strconcat (form_of (action->kind), "_toggle", NULL);

      /* Nothing to do for an action the bar shows chosen. */
      if (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (part (t->bar, toggle))))
        click (&clicks, part (t->bar, toggle));
    }
  fill_form (t->bar, GTK_WIDGET (t->window), setup, xq_session_get_state (t->session), action, pointer_choose,
             &clicks);
  click (&clicks, part (t->bar, "record_button"));
  /* A move that ends the game asks first: one more click. */
  if (open_question (t) != NULL)
    {
      g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (open_question (t)), GTK_TYPE_BUTTON);

      for (guint i = 0; i < buttons->len; i++)
        if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_End the Game") == 0)
          {
            g_signal_emit_by_name (buttons->pdata[i], "clicked");
            clicks++;
            ui_settle ();
            break;
          }
    }
  /* The count of the table after a dividend is a window of its own, and
   * part of the dividend's turn. */
  confirm_count (t, FALSE, &clicks);
  close_others (t);
  g_assert_cmpuint (xq_session_get_n_moves (t->session), ==, *at + n + t->n_counts);
  xq_session_get_state_at (sample, *at + n, &expected);
  g_assert_cmpint (memcmp (&expected, xq_session_get_state (t->session), sizeof expected), ==, 0);
  *at += n;
  return clicks;
}

static int
cmp_uint (gconstpointer a,
          gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* The median of @values, doubled (so a half is whole). */
static guint
median2 (GArray *values)
{
  guint n = values->len;

  g_array_sort (values, cmp_uint);
  if (n % 2 == 1)
    return 2 * g_array_index (values, guint, n / 2);
  return g_array_index (values, guint, n / 2 - 1) + g_array_index (values, guint, n / 2);
}

/* What playing the sample through the widgets took, per turn and per kind
 * of turn: clicks or keys. */
typedef struct
{
  GArray *per_kind[N_KINDS];
  guint   most_of[N_KINDS];
  guint   total, turns, most;
} Tally;

typedef guint (*TurnFunc) (Table     *t,
                           XqSession *sample,
                           guint     *at,
                           Kind      *kind);

/* Records every turn of @sample into @t with @turn, logging each in @unit. */
static void
play_sample (Table      *t,
             XqSession  *sample,
             TurnFunc    turn,
             const char *unit,
             Tally      *tally)
{
  guint at = 0;

  memset (tally, 0, sizeof *tally);
  for (int k = 0; k < N_KINDS; k++)
    tally->per_kind[k] = g_array_new (FALSE, FALSE, sizeof (guint));
  while (at < xq_session_get_n_moves (sample))
    {
      guint from = at;
      Kind kind;
      guint count = turn (t, sample, &at, &kind);
      g_autofree char *line = fx_notation_format_move (xq_session_get_setup (sample), xq_session_get_move (sample, from));

      g_test_message ("move %u %-14s %u %s  (%s%s)", from, kind_names[kind], count, unit, line,
                      at - from == 2 ? " + action" : "");
      g_array_append_val (tally->per_kind[kind], count);
      tally->total += count;
      tally->turns++;
      tally->most = MAX (tally->most, count);
      tally->most_of[kind] = MAX (tally->most_of[kind], count);
    }
}

static void
tally_clear (Tally *tally)
{
  for (int k = 0; k < N_KINDS; k++)
    g_clear_pointer (&tally->per_kind[k], g_array_unref);
}

static void
test_clicks_per_turn (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  Tally tally;
  Table t;

  table_open (&t, ui_sample_prefix (0));
  play_sample (&t, sample, click_turn, "clicks", &tally);
  g_test_message ("%u turns, %u clicks, at most %u", tally.turns, tally.total, tally.most);
  for (int k = 0; k < N_KINDS; k++)
    {
      guint m2;

      if (tally.per_kind[k]->len == 0)
        continue;
      m2 = median2 (tally.per_kind[k]);
      g_test_message ("%s: %u turns, median %g clicks (target %u)", kind_names[k], tally.per_kind[k]->len, m2 / 2.0,
                      click_targets[k]);
      if (k != KIND_OTHER && m2 > 2 * click_targets[k])
        g_error ("%s: median %g clicks, the target is %u", kind_names[k], m2 / 2.0, click_targets[k]);
    }
  tally_clear (&tally);
  /* Dividend cards 1, 2 and 3 are each followed by a count (card 4 ends
   * the game): counted, not closed unseen. */
  g_assert_cmpuint (t.n_counts, ==, 3);
  table_close (&t);
}

static void
keyboard_choose (guint            *count,
                 GtkWidget        *window,
                 XqReasonDropdown *choice,
                 const char       *label)
{
  key_option (count, window, choice, label);
}

/* The form's mnemonic letter, as its toggle shows it. */
static guint
toggle_key (FxMoveBar  *bar,
            const char *form)
{
  g_autofree char *id = g_strconcat (form, "_toggle", NULL);
  GtkWidget *label = ui_find_descendant (part (bar, id), GTK_TYPE_LABEL, NULL);

  g_assert_nonnull (label);
  return gtk_label_get_mnemonic_keyval (GTK_LABEL (label));
}

/* The turn at move @at of @sample recorded by keyboard; returns its keys. */
static guint
key_turn (Table     *t,
          XqSession *sample,
          guint     *at,
          Kind      *kind)
{
  const FxSetup *setup = xq_session_get_setup (sample);
  const FxMove *first = xq_session_get_move (sample, *at);
  gboolean spot = first->kind == FX_MOVE_SPOT;
  const FxMove *action = spot ? xq_session_get_move (sample, *at + 1) : first;
  GtkWidget *window = GTK_WIDGET (t->window);
  guint n = spot ? 2 : 1;
  guint keys = 0;
  FxState expected;

  *kind = kind_of (sample, *at, spot, action);
  if (spot)
    {
      GtkWidget *expander = part (t->bar, "spot_expander");
      GtkWidget *expander_label = gtk_expander_get_label_widget (GTK_EXPANDER (expander));
      guint initial = gdk_unicode_to_keyval (g_unichar_tolower (g_utf8_get_char (setup->names[first->other])));

      /* After a turn recorded from the bar the keyboard waits on the spot's
       * header, where the partner's initial opens the spot; else Alt+S. */
      if (focus_of (window) == expander)
        key_on (&keys, expander, initial);
      else
        key_mnemonic (&keys, window, gtk_label_get_mnemonic_keyval (GTK_LABEL (expander_label)));
      g_assert_true (gtk_expander_get_expanded (GTK_EXPANDER (part (t->bar, "spot_expander"))));
      key_field (&keys, window, t->bar, "spot_other", setup->names[first->other]);
      key_field (&keys, window, t->bar, "spot_give", fx_currency_code (first->cur[0]));
      key_field (&keys, window, t->bar, "spot_take", fx_currency_code (first->cur[1]));
    }
  if (form_of (action->kind) != NULL)
    {
      g_autofree char *id = g_strconcat (form_of (action->kind), "_toggle", NULL);

      if (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (part (t->bar, id))))
        {
          key_mnemonic (&keys, window, toggle_key (t->bar, form_of (action->kind)));
          /* A button pressed by its mnemonic shows itself pressed a moment
           * before it is clicked. */
          ui_wait_until (gtk_toggle_button_get_active, part (t->bar, id));
          ui_settle ();
        }
    }
  fill_form (t->bar, window, setup, xq_session_get_state (t->session), action, keyboard_choose, &keys);
  g_assert_true (key_record (&keys, t->bar));
  /* A move that ends the game asks first: Tab to its button, then Enter. */
  if (open_question (t) != NULL)
    {
      adw_message_dialog_response (open_question (t), "end");
      keys += 2;
      ui_settle ();
    }
  confirm_count (t, TRUE, &keys);
  close_others (t);
  g_assert_cmpuint (xq_session_get_n_moves (t->session), ==, *at + n + t->n_counts);
  xq_session_get_state_at (sample, *at + n, &expected);
  g_assert_cmpint (memcmp (&expected, xq_session_get_state (t->session), sizeof expected), ==, 0);
  *at += n;
  return keys;
}

static void
test_keys_per_turn (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  guint over = 0;
  Tally tally;
  Table t;

  table_open (&t, ui_sample_prefix (0));
  play_sample (&t, sample, key_turn, "keys", &tally);
  for (int k = 0; k < N_KINDS; k++)
    for (guint i = 0; i < tally.per_kind[k]->len; i++)
      over += g_array_index (tally.per_kind[k], guint, i) > KEY_TARGET;
  g_test_message ("%u turns, %u keys, at most %u; %u over %u", tally.turns, tally.total, tally.most, over, KEY_TARGET);
  for (int k = 0; k < N_KINDS; k++)
    {
      guint m2;

      if (tally.per_kind[k]->len == 0)
        continue;
      m2 = median2 (tally.per_kind[k]);
      g_test_message ("%s: %u turns, median %g keys, at most %u", kind_names[k], tally.per_kind[k]->len, m2 / 2.0,
                      tally.most_of[k]);
      /* Every turn within the target, a spot and a contract with all six
       * choices typed too: the partner's initial opens the spot, each
       * currency is a key of its own, and each choice named alone goes on
       * to the next field. */
      g_assert_cmpuint (tally.most_of[k], <=, KEY_TARGET);
    }
  tally_clear (&tally);
  g_assert_cmpuint (t.n_counts, ==, 3);
  table_close (&t);
}

/* Ctrl+Enter records from wherever the focus is in the window, and while
 * the turn cannot be recorded it does nothing and leaves the keys to others. */
static void
test_ctrl_enter_records (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  const FxMove *invest = xq_session_get_move (sample, 1);
  GtkWidget *history_button;
  guint keys = 0;
  Table t;

  g_assert_cmpint (invest->kind, ==, FX_MOVE_INVEST);
  table_open (&t, ui_sample_prefix (1));
  /* Nothing chosen: nothing recorded, and the keys are not taken. */
  g_assert_false (key_record (&keys, t.bar));
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, 1);

  /* Chosen by pointer, the focus then put far from the move bar: on the
   * header bar's first button that can take it. */
  g_assert_true (fx_move_bar_fill (t.bar, NULL, invest));
  ui_settle ();
  {
    g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (t.window), GTK_TYPE_BUTTON);

    history_button = NULL;
    for (guint i = 0; i < buttons->len && history_button == NULL; i++)
      if (gtk_widget_get_mapped (buttons->pdata[i]) && gtk_widget_is_sensitive (buttons->pdata[i])
          && !gtk_widget_is_ancestor (buttons->pdata[i], GTK_WIDGET (t.bar)))
        history_button = buttons->pdata[i];
  }
  g_assert_nonnull (history_button);
  g_assert_true (gtk_widget_grab_focus (history_button));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (t.window)) == history_button);
  g_assert_true (key_record (&keys, t.bar));
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, 2);
  g_assert_cmpint (memcmp (xq_session_get_move (t.session, 1), invest, sizeof (FxMove)), ==, 0);

  /* The shortcuts window lists it. */
  {
    g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/exchequer/Exchequer/xq-shortcuts-window.ui");
    GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
    g_autoptr(GPtrArray) shortcuts = ui_find_all (overlay, GTK_TYPE_SHORTCUTS_SHORTCUT);
    gboolean listed = FALSE;

    for (guint i = 0; i < shortcuts->len; i++)
      {
        g_autofree char *accel = NULL;

        g_object_get (shortcuts->pdata[i], "accelerator", &accel, NULL);
        listed |= g_strcmp0 (accel, "<Control>Return") == 0;
      }
    g_assert_true (listed);
    gtk_window_destroy (GTK_WINDOW (overlay));
  }
  table_close (&t);
}

/* @label's text laid out at the size it was given fits it: not ended in
 * "…" (ui_label_is_cut), nor wrapped onto more lines than it has room for. */
static gboolean
label_whole (GtkLabel *label)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (label), gtk_label_get_text (label));
  int width, height;

  if (ui_label_is_cut (label))
    return FALSE;
  if (gtk_label_get_wrap (label))
    {
      pango_layout_set_width (layout, gtk_widget_get_width (GTK_WIDGET (label)) * PANGO_SCALE);
      pango_layout_set_wrap (layout, gtk_label_get_wrap_mode (label));
    }
  pango_layout_get_pixel_size (layout, &width, &height);
  return width <= gtk_widget_get_width (GTK_WIDGET (label)) && height <= gtk_widget_get_height (GTK_WIDGET (label));
}

/* Typing in a row of choices: the letters pick the option they begin, a
 * letter again the next one, a letter no option begins the one option it is
 * in; once they name one option alone the keyboard is in the next field,
 * and the rest of the name, typed on, is not taken there; the arrows
 * choose and stay. */
static void
test_type_ahead (void)
{
  GtkWidget *window;
  XqReasonDropdown *pay, *receive, *amount;
  guint keys = 0;
  Table t;

  table_open (&t, ui_sample_prefix (1));
  window = GTK_WIDGET (t.window);
  key_mnemonic (&keys, window, toggle_key (t.bar, "contract"));
  ui_wait_until (gtk_toggle_button_get_active, part (t.bar, "contract_toggle"));
  ui_settle ();
  pay = choice_of (part (t.bar, "contract_pay"));
  receive = choice_of (part (t.bar, "contract_receive"));
  amount = choice_of (part (t.bar, "contract_amount"));
  /* The form opened with the keyboard in its first field. */
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (pay)));
  g_assert_null (xq_reason_dropdown_get_reason_at (pay, position_of (pay, "CNY")));

  /* "c" names three currencies: one of them, and the keyboard stays. */
  key_in_row (&keys, pay, GDK_KEY_c);
  g_assert_true (shown (pay)[0] == 'C');
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (pay)));
  /* "cn" names CNY alone: chosen, and on to the next field, what is
   * received (the amount, which depends on both, comes after it). */
  key_in_row (&keys, pay, GDK_KEY_n);
  g_assert_cmpstr (shown (pay), ==, "CNY");
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (receive)));
  /* The "y" of CNY, typed on, was meant for Pay: Receive does not take it
   * for JPY (the one currency it may receive with a Y). Typed again, it is
   * Receive's. */
  {
    g_autofree char *before = g_strdup (shown (receive));

    key_in_row (&keys, receive, GDK_KEY_y);
    g_assert_cmpstr (shown (receive), ==, before);
    g_assert_cmpstr (shown (pay), ==, "CNY");
    g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (receive)));
  }
  key_in_row (&keys, receive, GDK_KEY_y);
  g_assert_cmpstr (shown (receive), ==, "JPY");
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (amount)));
  g_assert_true (gtk_widget_mnemonic_activate (GTK_WIDGET (receive), FALSE));
  ui_settle ();

  /* A letter no currency begins: the one it is in, and on. "h" is CHF,
   * "a" CAD; "d" is in USD and CAD both, and picks nothing. */
  key_in_row (&keys, receive, GDK_KEY_h);
  g_assert_cmpstr (shown (receive), ==, "CHF");
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (amount)));
  g_assert_true (gtk_widget_mnemonic_activate (GTK_WIDGET (receive), FALSE));
  ui_settle ();
  key_in_row (&keys, receive, GDK_KEY_a);
  g_assert_cmpstr (shown (receive), ==, "CAD");
  g_assert_true (gtk_widget_mnemonic_activate (GTK_WIDGET (receive), FALSE));
  ui_settle ();
  g_assert_false (press_key (gtk_widget_get_last_child (GTK_WIDGET (receive)), GDK_KEY_d));
  g_assert_cmpstr (shown (receive), ==, "CAD");

  /* "c" again and again: the next currency it begins each time, CNY passed
   * over as the rules refuse paying and receiving it both. */
  key_in_row (&keys, receive, GDK_KEY_c);
  g_assert_cmpstr (shown (receive), ==, "CHF");
  key_in_row (&keys, receive, GDK_KEY_c);
  g_assert_cmpstr (shown (receive), ==, "CAD");
  key_in_row (&keys, receive, GDK_KEY_c);
  g_assert_cmpstr (shown (receive), ==, "CHF");
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (receive)));
  /* An arrow chooses and stays, and typing starts anew after it. */
  key_in_row (&keys, receive, GDK_KEY_Left);
  g_assert_cmpstr (shown (receive), ==, "USD");
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (receive)));
  key_in_row (&keys, receive, GDK_KEY_j);
  g_assert_cmpstr (shown (receive), ==, "JPY");
  g_assert_false (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (receive)));
  table_close (&t);
}

/* A turn recorded by keyboard leaves the keyboard on the next turn's spot,
 * where the partner's initial opens it with that partner and goes on to what
 * is given; a letter no partner has opens nothing. */
static void
test_spot_by_initial (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  const FxSetup *setup = xq_session_get_setup (sample);
  /* Move 2 is Bob's contract; Cynthia's turn follows, and her spot. */
  const FxMove *contract = xq_session_get_move (sample, 2);
  const FxMove *spot = xq_session_get_move (sample, 3);
  GtkWidget *window, *expander;
  XqReasonDropdown *other, *give;
  guint keys = 0;
  Table t;

  g_assert_cmpint (contract->kind, ==, FX_MOVE_CONTRACT);
  g_assert_cmpint (spot->kind, ==, FX_MOVE_SPOT);
  table_open (&t, ui_sample_prefix (2));
  window = GTK_WIDGET (t.window);
  expander = part (t.bar, "spot_expander");
  other = choice_of (part (t.bar, "spot_other"));
  give = choice_of (part (t.bar, "spot_give"));
  key_mnemonic (&keys, window, toggle_key (t.bar, "contract"));
  ui_wait_until (gtk_toggle_button_get_active, part (t.bar, "contract_toggle"));
  ui_settle ();
  fill_form (t.bar, window, setup, xq_session_get_state (t.session), contract, keyboard_choose, &keys);
  g_assert_true (key_record (&keys, t.bar));
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, 3);

  g_assert_true (focus_of (window) == expander);
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
  /* No partner's name has a Z: the key is left to others. */
  g_assert_false (press_key (expander, GDK_KEY_z));
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
  key_on (&keys, expander, gdk_unicode_to_keyval (g_unichar_tolower (g_utf8_get_char (setup->names[spot->other]))));
  g_assert_true (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
  g_assert_cmpstr (shown (other), ==, setup->names[spot->other]);
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (give)));
  table_close (&t);
}

/* Every label of the move bar read whole where it is shown: the contract's
 * note above all ("receives 12 JPY · letter B"), which a laptop's width
 * cut when it said "contract letter". */
static void
assert_bar_whole (FxMoveBar  *bar,
                  const char *line)
{
  g_autoptr(GPtrArray) labels = ui_find_all (GTK_WIDGET (bar), GTK_TYPE_LABEL);
  guint n_checked = 0;

  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];

      if (!gtk_widget_get_mapped (GTK_WIDGET (label)) || *gtk_label_get_text (label) == '\0')
        continue;
      if (!label_whole (label))
        g_error ("for %s at %d px, “%s” is cut short", line, gtk_widget_get_width (GTK_WIDGET (bar)),
                 gtk_label_get_text (label));
      n_checked++;
    }
  g_assert_cmpuint (n_checked, >, 5);
}

/* Each contract of the sample, its form filled at 1280×800: the note on
 * what it receives and the letter it takes is read whole. */
static void
test_contract_note_whole (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  const FxSetup *setup = xq_session_get_setup (sample);
  guint n_contracts = 0;
  Table t;

  table_open (&t, ui_sample_prefix (0));
  for (guint at = 0; at < xq_session_get_n_moves (sample); at++)
    {
      const FxMove *m = xq_session_get_move (sample, at);
      g_autoptr(GError) error = NULL;

      if (m->kind == FX_MOVE_CONTRACT)
        {
          g_autofree char *line = fx_notation_format_move (setup, m);
          const char *note;

          /* The spot before it stays recorded: the form is the action's. */
          g_assert_true (fx_move_bar_fill (t.bar, NULL, m));
          ui_settle ();
          note = gtk_label_get_text (GTK_LABEL (part (t.bar, "contract_label")));
          g_assert_true (g_str_has_prefix (note, "receives "));
          g_assert_nonnull (strstr (note, " · letter "));
          if (n_contracts == 0)
            ui_screenshot (GTK_WIDGET (t.window), "contract-note-1280x800");
          assert_bar_whole (t.bar, line);
          n_contracts++;
        }
      g_assert_true (xq_session_play (t.session, m, NULL, &error));
      g_assert_no_error (error);
      ui_settle ();
    }
  g_assert_cmpuint (n_contracts, >=, 10);
  table_close (&t);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/clicks/per-turn", test_clicks_per_turn);
  g_test_add_func ("/clicks/keys-per-turn", test_keys_per_turn);
  g_test_add_func ("/clicks/ctrl-enter-records", test_ctrl_enter_records);
  g_test_add_func ("/clicks/contract-note-whole", test_contract_note_whole);
  g_test_add_func ("/clicks/type-ahead", test_type_ahead);
  g_test_add_func ("/clicks/spot-by-initial", test_spot_by_initial);

  return ui_test_run (&app);
}
