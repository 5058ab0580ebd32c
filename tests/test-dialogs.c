/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests the new-game and correction dialogs through their widgets, with screenshots. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "fx-correction-dialog.h"
#include "fx-game.h"
#include "fx-state.h"
#include "xq-new-game-dialog.h"
#include "ui-support.h"
#include "xq-tooltip.h"
#include "xq-session.h"

#define RESOURCE_BASE "/io/github/exchequer/Exchequer"

static gboolean have_display;

/* -- helpers ---------------------------------------------------------- */

static GtkWidget *
child (gpointer    dialog,
       GType       type,
       const char *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog), type, name);

  g_assert_nonnull (object);
  return GTK_WIDGET (object);
}

#define NG(dialog, name) child ((dialog), XQ_TYPE_NEW_GAME_DIALOG, (name))

/* For-Ex's groups are its own (ui/fx-new-game.ui), not the dialog's template:
 * found below the dialog by their id there. */
static GtkWidget *
find_built (GtkWidget  *widget,
            const char *id)
{
  if (g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), id) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_built (c, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
fx_setup_child (gpointer    dialog,
                const char *id)
{
  GtkWidget *widget = find_built (GTK_WIDGET (dialog), id);

  g_assert_nonnull (widget);
  return widget;
}
#define CD(dialog, name) child ((dialog), FX_TYPE_CORRECTION_DIALOG, (name))

/* The seat rows and their spin buttons, in the order shown. */
static GPtrArray *
seat_rows (XqNewGameDialog *dialog)
{
  return ui_find_all (NG (dialog, "players_group"), ADW_TYPE_ENTRY_ROW);
}

static GPtrArray *
count_spins (XqNewGameDialog *dialog)
{
  return ui_find_all (fx_setup_child (dialog, "removed_group"), GTK_TYPE_SPIN_BUTTON);
}

static GtkWidget *
seat_button (GtkWidget  *row,
             const char *tooltip)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (row, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (xq_tooltip_get_text (buttons->pdata[i]), tooltip) == 0)
      return buttons->pdata[i];
  g_error ("no button “%s” in the row", tooltip);
}

static gboolean
is_set (gpointer *pointer)
{
  return *pointer != NULL;
}

static void
set_names (XqNewGameDialog    *dialog,
           const char * const *names)
{
  g_autoptr(GPtrArray) rows = seat_rows (dialog);

  for (guint i = 0; i < rows->len; i++)
    gtk_editable_set_text (GTK_EDITABLE (rows->pdata[i]), names[i] != NULL ? names[i] : "");
}

static void
set_removed (XqNewGameDialog *dialog,
             const guint      counts[FX_N_CURRENCIES])
{
  g_autoptr(GPtrArray) spins = count_spins (dialog);

  g_assert_cmpuint (spins->len, ==, FX_N_CURRENCIES);
  for (guint c = 0; c < FX_N_CURRENCIES; c++)
    gtk_spin_button_set_value (spins->pdata[c], counts[c]);
}

static const char *
message_of (gpointer dialog,
            GType    type)
{
  GtkRevealer *revealer = GTK_REVEALER (child (dialog, type, "message_revealer"));

  if (!gtk_revealer_get_reveal_child (revealer))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (child (dialog, type, "message_label")));
}

static gboolean
start_sensitive (XqNewGameDialog *dialog)
{
  return gtk_widget_is_sensitive (NG (dialog, "start_button"));
}


/* -- the new-game dialog ---------------------------------------------- */

static void
on_ready (XqNewGameDialog  *dialog,
          XqSession        *session,
          XqSession       **out)
{
  g_assert_true (XQ_IS_SESSION (session));
  g_assert_null (*out);
  *out = g_object_ref (session);
}

static void
test_new_game_defaults (void)
{
  XqNewGameDialog *dialog = g_object_ref (xq_new_game_dialog_new (NULL));
  g_autoptr(GPtrArray) rows = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  rows = seat_rows (dialog);
  g_assert_cmpuint (rows->len, ==, 4);
  for (guint i = 0; i < rows->len; i++)
    {
      g_autofree char *title = g_strdup_printf ("Player %u", i + 1);

      g_assert_cmpstr (adw_preferences_row_get_title (rows->pdata[i]), ==, title);
      g_assert_cmpstr (gtk_editable_get_text (rows->pdata[i]), ==, "");
    }
  /* Placeholders are not names. */
  g_assert_false (start_sensitive (dialog));
  g_assert_cmpstr (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG), ==, "Enter a name for player 1");
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == NG (dialog, "start_button"));
  g_assert_true (gtk_widget_has_css_class (NG (dialog, "start_button"), "suggested-action"));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));

  ui_screenshot (GTK_WIDGET (dialog), "new-game-empty");
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
}

static void
test_new_game_start (void)
{
  const char *names[] = { "Agnes", "Bob", "Cynthia", "David" };
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GtkWindow) parent = g_object_ref (GTK_WINDOW (gtk_window_new ()));
  XqNewGameDialog *dialog = g_object_ref (xq_new_game_dialog_new (parent));
  const FxSetup *setup;
  const FxState *state;
  GListModel *starters;
  guint removed[FX_N_CURRENCIES] = { 0, };
  guint pile = 0;

  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == parent);
  g_signal_connect (dialog, "ready", G_CALLBACK (on_ready), &session);
  gtk_window_present (GTK_WINDOW (dialog));
  set_names (dialog, names);

  /* The starter list follows the names. */
  starters = adw_combo_row_get_model (ADW_COMBO_ROW (NG (dialog, "starter_row")));
  g_assert_cmpuint (g_list_model_get_n_items (starters), ==, 4);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (starters), 2), ==, "Cynthia");
  adw_combo_row_set_selected (ADW_COMBO_ROW (NG (dialog, "starter_row")), 2);

  /* Still no certificates named. */
  g_assert_false (start_sensitive (dialog));
  g_assert_cmpstr (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG), ==,
                   "Six certificates are removed at setup; these add up to 0");

  adw_combo_row_set_selected (ADW_COMBO_ROW (fx_setup_child (dialog, "mode_row")), 2);
  g_assert_true (gtk_widget_get_visible (fx_setup_child (dialog, "random_row")));
  g_assert_true (start_sensitive (dialog));
  g_assert_null (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG));

  /* The six drawn are shown, so the table can take out the same. */
  {
    const char *shown = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (fx_setup_child (dialog, "random_row")));
    g_auto(GStrv) codes = g_strsplit (shown, ", ", -1);

    g_assert_cmpuint (g_strv_length (codes), ==, FX_N_REMOVED);
  }
  ui_screenshot (GTK_WIDGET (dialog), "new-game-random");
  ui_set_dark (TRUE);
  ui_screenshot (GTK_WIDGET (dialog), "new-game-random-dark");
  ui_set_dark (FALSE);

  /* Press Start as a user would (the button's activation runs the action). */
  ui_activate (NG (dialog, "start_button"));
  ui_wait_until (is_set, &session);
  g_assert_nonnull (session);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  g_assert_true (xq_session_get_game (session) == fx_game_get ());
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 0);
  setup = xq_session_get_setup (session);
  /* Cynthia starts; the clockwise order stays. */
  g_assert_cmpuint (setup->n_players, ==, 4);
  g_assert_cmpstr (setup->names[0], ==, "Cynthia");
  g_assert_cmpstr (setup->names[1], ==, "David");
  g_assert_cmpstr (setup->names[2], ==, "Agnes");
  g_assert_cmpstr (setup->names[3], ==, "Bob");
  for (int i = 0; i < FX_N_REMOVED; i++)
    {
      g_assert_cmpint (setup->removed[i], >=, 0);
      g_assert_cmpint (setup->removed[i], <, FX_N_CURRENCIES);
      removed[setup->removed[i]]++;
    }
  state = xq_session_get_state (session);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_assert_cmpuint (removed[c], <=, FX_CERTS_PER_CURRENCY);
      g_assert_cmpuint (state->removed_at_setup[c], ==, removed[c]);
      pile += state->pile[c];
    }
  g_assert_cmpuint (pile, ==, 50);
  g_assert_cmpint (state->next_player, ==, 0);

  g_assert_finalize_object (dialog);
  gtk_window_destroy (parent);
}

static void
test_new_game_invalid (void)
{
  const char *names[] = { "Agnes", "Bob", "Bob", "David" };
  const guint five[FX_N_CURRENCIES] = { 2, 1, 1, 0, 1, 0, 0 };
  const guint six[FX_N_CURRENCIES] = { 2, 1, 1, 0, 1, 0, 1 };
  XqNewGameDialog *dialog = g_object_ref (xq_new_game_dialog_new (NULL));
  g_autoptr(GPtrArray) spins = NULL;
  g_autoptr(XqSession) session = NULL;
  GtkWidget *row;

  g_signal_connect (dialog, "ready", G_CALLBACK (on_ready), &session);
  gtk_window_present (GTK_WINDOW (dialog));
  set_removed (dialog, six);

  /* Duplicates: the engine's sentence. */
  set_names (dialog, names);
  g_assert_false (start_sensitive (dialog));
  g_assert_cmpstr (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG), ==, "The name “Bob” is used by two players");
  g_assert_true (gtk_widget_has_css_class (NG (dialog, "message_label"), "refusal"));
  ui_screenshot (GTK_WIDGET (dialog), "new-game-duplicate");

  /* Quotes cannot survive the notation. */
  {
    g_autoptr(GPtrArray) rows = seat_rows (dialog);

    gtk_editable_set_text (GTK_EDITABLE (rows->pdata[2]), "Bo\"b");
    g_assert_false (start_sensitive (dialog));
    g_assert_nonnull (strstr (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG), "quotes"));
    gtk_editable_set_text (GTK_EDITABLE (rows->pdata[2]), "Cynthia");
  }
  g_assert_true (start_sensitive (dialog));
  g_assert_null (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG));

  /* Five removed is not six. */
  set_removed (dialog, five);
  g_assert_false (start_sensitive (dialog));
  g_assert_cmpstr (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG), ==,
                   "Six certificates are removed at setup; these add up to 5");
  set_removed (dialog, six);
  g_assert_true (start_sensitive (dialog));

  /* Pile sizes carry the same six over: 8 − removed. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (fx_setup_child (dialog, "mode_row")), 1);
  spins = count_spins (dialog);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spins->pdata[FX_GBP]), ==, 6);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spins->pdata[FX_CHF]), ==, 8);
  g_assert_true (start_sensitive (dialog));
  gtk_spin_button_set_value (spins->pdata[FX_CHF], 7);
  g_assert_false (start_sensitive (dialog));
  g_assert_cmpstr (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG), ==,
                   "The piles hold 50 certificates at the start; these add up to 49");
  ui_screenshot (GTK_WIDGET (dialog), "new-game-piles");
  gtk_spin_button_set_value (spins->pdata[FX_CHF], 8);
  g_assert_true (start_sensitive (dialog));

  /* Reorder with the buttons: Cynthia up one, then Agnes down to the end. */
  {
    g_autoptr(GPtrArray) rows = seat_rows (dialog);

    g_signal_emit_by_name (seat_button (rows->pdata[2], "Move Up"), "clicked");
    g_assert_cmpstr (gtk_editable_get_text (rows->pdata[1]), ==, "Cynthia");
    g_assert_cmpstr (gtk_editable_get_text (rows->pdata[2]), ==, "Bob");
    g_assert_false (gtk_widget_get_sensitive (seat_button (rows->pdata[0], "Move Up")));
    g_assert_false (gtk_widget_get_sensitive (seat_button (rows->pdata[3], "Move Down")));
    for (guint i = 0; i < 3; i++)
      g_signal_emit_by_name (seat_button (rows->pdata[i], "Move Down"), "clicked");
    g_assert_cmpstr (gtk_editable_get_text (rows->pdata[0]), ==, "Cynthia");
    g_assert_cmpstr (gtk_editable_get_text (rows->pdata[3]), ==, "Agnes");
  }

  /* Add up to six, then no more. */
  g_assert_true (gtk_widget_is_sensitive (NG (dialog, "add_button")));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.add-player", NULL);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.add-player", NULL);
  g_assert_false (gtk_widget_is_sensitive (NG (dialog, "add_button")));
  {
    g_autoptr(GPtrArray) rows = seat_rows (dialog);

    g_assert_cmpuint (rows->len, ==, 6);
    g_assert_false (start_sensitive (dialog));
    g_assert_cmpstr (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG), ==, "Enter a name for player 5");
  }

  /* Remove down to one player: the engine's sentence again. */
  for (guint n = 6; n > 1; n--)
    {
      g_autoptr(GPtrArray) rows = seat_rows (dialog);

      g_assert_cmpuint (rows->len, ==, n);
      g_signal_emit_by_name (seat_button (rows->pdata[n - 1], "Remove Player"), "clicked");
    }
  ui_settle ();
  {
    g_autoptr(GPtrArray) rows = seat_rows (dialog);

    g_assert_cmpuint (rows->len, ==, 1);
    row = rows->pdata[0];
  }
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "Cynthia");
  g_assert_false (gtk_widget_get_sensitive (seat_button (row, "Remove Player")));
  g_assert_false (start_sensitive (dialog));
  g_assert_cmpstr (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG), ==, "For-Ex is played by 2 to 6 players, not 1");

  /* Start refuses however it is reached. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL);
  ui_settle ();
  g_assert_null (session);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
}

/* Types @text at the end of @row one character at a time, as a keyboard would. */
static void
type_text (GtkWidget  *row,
           const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      int position = -1;

      gtk_editable_insert_text (GTK_EDITABLE (row), p, (int) (g_utf8_next_char (p) - p), &position);
    }
}

/* The refusal under the form, or NULL; a refusal keeps the game from starting. */
static const char *
refusal_of (XqNewGameDialog *dialog)
{
  const char *message = message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG);

  if (message != NULL)
    {
      g_assert_false (start_sensitive (dialog));
      g_assert_true (gtk_widget_has_css_class (NG (dialog, "message_label"), "refusal"));
    }
  return message;
}

/* Every name rule, in both games' forms, as the player types; a name the rule
 * refuses never reaches a game, however Start is reached. */
static void
test_new_game_names_checked_as_typed (void)
{
  const char *names[] = { "Ann", "Bob", "", "David" };
  const guint six[FX_N_CURRENCIES] = { 2, 1, 1, 0, 1, 0, 1 };
  XqNewGameDialog *dialog = g_object_ref (xq_new_game_dialog_new (NULL));
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  GtkWidget *third;

  g_signal_connect (dialog, "ready", G_CALLBACK (on_ready), &session);
  gtk_window_present (GTK_WINDOW (dialog));
  set_removed (dialog, six);
  set_names (dialog, names);
  rows = seat_rows (dialog);
  third = rows->pdata[2];

  for (guint game = 0; game < 2; game++)
    {
      adw_combo_row_set_selected (ADW_COMBO_ROW (NG (dialog, "game_row")), game);
      gtk_editable_set_text (GTK_EDITABLE (third), "");

      /* "a", "an" are names; "ann" is Ann's. */
      type_text (third, "an");
      if (game == 0)
        g_assert_null (refusal_of (dialog));
      type_text (third, "n");
      g_assert_cmpstr (refusal_of (dialog), ==,
                       "The name “Ann” is used by two players (once as “ann”): names that differ only in case or in "
                       "look-alike characters are one name");
      ui_settle ();
      g_assert_true (gtk_widget_get_mapped (NG (dialog, "message_label")));
      ui_screenshot (GTK_WIDGET (dialog), game == 0 ? "new-game-same-name" : "new-game-ft-same-name");

      /* A C1 control character, shown as what it is. */
      gtk_editable_set_text (GTK_EDITABLE (third), "");
      type_text (third, "Cyn\xC2\x85thia");
      g_assert_cmpstr (refusal_of (dialog), ==,
                       "A player name cannot contain quotes (\") or control characters: “Cyn\\u0085thia”");
      gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL);
      ui_activate (NG (dialog, "start_button"));
      ui_settle ();
      g_assert_null (session);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

      /* Nothing but invisible characters and spaces. */
      gtk_editable_set_text (GTK_EDITABLE (third), "");
      type_text (third, "\xE2\x80\x8B \xE2\x80\x8D\xE2\x81\xA0");
      g_assert_cmpstr (refusal_of (dialog), ==,
                       "A player name needs a visible character; this one holds only spaces or invisible characters");

      /* "é" as one character here and as "e" and an accent there. */
      gtk_editable_set_text (GTK_EDITABLE (rows->pdata[0]), "Ren\xC3\xA9" "e");
      gtk_editable_set_text (GTK_EDITABLE (third), "");
      type_text (third, "Rene\xCC\x81" "e");
      g_assert_nonnull (refusal_of (dialog));
      g_assert_true (g_str_has_prefix (refusal_of (dialog), "The name “Ren\xC3\xA9" "e” is used by two players"));
      gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL);
      ui_settle ();
      g_assert_null (session);
      gtk_editable_set_text (GTK_EDITABLE (rows->pdata[0]), "Ann");
    }

  /* An unusual name the rule allows starts the game as typed. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (NG (dialog, "game_row")), 0);
  gtk_editable_set_text (GTK_EDITABLE (third), "");
  type_text (third, "Mary\tAnn \xE6\xBC\xA2");
  g_assert_null (refusal_of (dialog));
  g_assert_true (start_sensitive (dialog));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL);
  ui_settle ();
  g_assert_nonnull (session);
  g_assert_cmpstr (((const FxSetup *) xq_session_get_setup (session))->names[2], ==, "Mary\tAnn \xE6\xBC\xA2");

  g_assert_finalize_object (dialog);
}

/* The Table Rules row of point @word ("rounding", "players", "strengthen"). */
static AdwComboRow *
rule_row (XqNewGameDialog *dialog,
          const char      *word)
{
  GtkWidget *group = ui_find_descendant (GTK_WIDGET (dialog), ADW_TYPE_PREFERENCES_GROUP, "fx-table-rules");
  g_autoptr(GPtrArray) rows = NULL;

  g_assert_nonnull (group);
  rows = ui_find_all (group, ADW_TYPE_COMBO_ROW);
  g_assert_cmpuint (rows->len, ==, 3);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (rows->pdata[i]), word) == 0)
      return rows->pdata[i];
  g_error ("no table rule row “%s”", word);
}

/* Whether @widget lies wholly inside the visible part of its scrolled window. */
static gboolean
in_view (GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  g_assert_nonnull (scrolled);
  if (!gtk_widget_compute_bounds (widget, scrolled, &bounds))
    return FALSE;
  g_test_message ("%s: y %.0f to %.0f in a view %d high", gtk_widget_get_name (widget), bounds.origin.y,
                  bounds.origin.y + bounds.size.height, gtk_widget_get_height (scrolled));
  return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scrolled);
}

static const char *
subtitle_of (AdwComboRow *row)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

/* Starts the filled-in form and returns the new game's readings. */
static guint8
start_and_get_readings (XqNewGameDialog *dialog)
{
  g_autoptr(XqSession) session = NULL;
  guint8 readings;

  g_signal_connect (dialog, "ready", G_CALLBACK (on_ready), &session);
  g_assert_true (start_sensitive (dialog));
  ui_activate (NG (dialog, "start_button"));
  ui_wait_until (is_set, &session);
  g_assert_nonnull (session);
  readings = ((const FxSetup *) xq_session_get_setup (session))->readings;
  /* What the game was set up with is what its file says. */
  {
    g_autofree char *notation = xq_session_to_notation (session);

    g_assert_true ((strstr (notation, "\nrule rounding round-all\n") != NULL) == !!(readings & FX_READING_ROUND_ALL));
    g_assert_true ((strstr (notation, "\nrule strengthen none\n") != NULL)
                   == !!(readings & FX_READING_NONE_STRENGTHENED));
  }
  return readings;
}

/* Issue 15: three table rules, the printed reading chosen unless changed, each
 * saying what it means; the chosen readings are the new game's; "2 to 5"
 * leaves no sixth seat. */
static void
test_new_game_table_rules (void)
{
  const char *names[] = { "Agnes", "Bob", "Cynthia", "David", "Eve", "Fred" };
  const guint six[FX_N_CURRENCIES] = { 1, 0, 2, 0, 1, 1, 1 };
  XqNewGameDialog *dialog = g_object_ref (xq_new_game_dialog_new (NULL));
  AdwComboRow *rounding, *players, *strengthen;
  GtkWidget *group;

  gtk_window_present (GTK_WINDOW (dialog));
  set_names (dialog, names);
  set_removed (dialog, six);
  rounding = rule_row (dialog, "rounding");
  players = rule_row (dialog, "players");
  strengthen = rule_row (dialog, "strengthen");
  group = ui_find_descendant (GTK_WIDGET (dialog), ADW_TYPE_PREFERENCES_GROUP, "fx-table-rules");
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), ==, "Table Rules");

  /* The printed readings, each row saying what it means. */
  g_assert_cmpuint (adw_combo_row_get_selected (rounding), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (players), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (strengthen), ==, 0);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (rounding)), ==, "_Rounding at the End");
  g_assert_cmpstr (subtitle_of (rounding), ==, "Keep a half-buck already in the strongest currency");
  g_assert_cmpstr (subtitle_of (players), ==, "Two to six, as the rules say");
  g_assert_cmpstr (subtitle_of (strengthen), ==,
                   "All seven currencies tie; whoever resolves it chooses one to strengthen");
  adw_combo_row_set_selected (rounding, 1);
  g_assert_cmpstr (subtitle_of (rounding), ==, "Round every money down, the strongest currency too");
  adw_combo_row_set_selected (strengthen, 1);
  g_assert_cmpstr (subtitle_of (strengthen), ==, "No currency is strengthened");

  /* Tab reaches each row, and the page scrolls it into view. */
  for (AdwComboRow **row = (AdwComboRow *[]) { rounding, players, strengthen, NULL }; *row != NULL; row++)
    {
      guint presses = 0;

      while (!gtk_widget_has_focus (GTK_WIDGET (*row)) && presses++ < 100)
        {
          g_signal_emit_by_name (dialog, "move-focus", GTK_DIR_TAB_FORWARD);
          ui_settle ();
        }
      g_assert_true (gtk_widget_has_focus (GTK_WIDGET (*row)));
      /* The page scrolls with an animation. */
      ui_wait_until (in_view, GTK_WIDGET (*row));
      g_assert_true (in_view (GTK_WIDGET (*row)));
    }
  g_assert_cmpstr (xq_tooltip_get_text (NG (dialog, "add_button")), ==, "Add a Player (up to six)");
  ui_screenshot (GTK_WIDGET (dialog), "new-game-table-rules");

  /* Enter on a row opens its two readings, each said in full. */
  {
    g_autoptr(GPtrArray) popovers = NULL;
    g_autofree char *shown = NULL;

    g_assert_true (ui_activate (GTK_WIDGET (strengthen)));
    ui_settle ();
    popovers = ui_find_all (GTK_WIDGET (strengthen), GTK_TYPE_POPOVER);
    g_assert_cmpuint (popovers->len, ==, 1);
    g_assert_true (gtk_widget_get_mapped (popovers->pdata[0]));
    shown = ui_collect_text (popovers->pdata[0]);
    g_assert_nonnull (strstr (shown, "All seven currencies tie; whoever resolves it chooses one to strengthen\n"));
    g_assert_nonnull (strstr (shown, "No currency is strengthened\n"));
    {
      g_autoptr(GPtrArray) labels = ui_find_all (popovers->pdata[0], GTK_TYPE_LABEL);

      for (guint i = 0; i < labels->len; i++)
        g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (labels->pdata[i])));
    }
    ui_screenshot (popovers->pdata[0], "new-game-table-rules-list");
    gtk_popover_popdown (popovers->pdata[0]);
    ui_settle ();
  }
  /* A phone at the table: nothing cut off. */
  gtk_window_set_default_size (GTK_WINDOW (dialog), 360, 720);
  ui_settle ();
  ui_screenshot (GTK_WIDGET (dialog), "new-game-table-rules-narrow");
  gtk_window_set_default_size (GTK_WINDOW (dialog), 500, 640);
  ui_settle ();

  /* Six seats, then "2 to 5": refused with the rule named, and no seat to add. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.add-player", NULL);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.add-player", NULL);
  set_names (dialog, names);
  g_assert_true (start_sensitive (dialog));
  adw_combo_row_set_selected (players, 1);
  g_assert_cmpstr (subtitle_of (players), ==, "Two to five, as the rulebook’s header says");
  g_assert_false (start_sensitive (dialog));
  g_assert_cmpstr (message_of (dialog, XQ_TYPE_NEW_GAME_DIALOG), ==,
                   "The table rules allow at most 5 players: remove a player, or choose two to six players under "
                   "Table Rules");
  g_assert_true (gtk_widget_has_css_class (NG (dialog, "message_label"), "refusal"));
  g_assert_false (gtk_widget_is_sensitive (NG (dialog, "add_button")));
  g_assert_cmpstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (NG (dialog, "players_group"))), ==,
                   "Two to five, in seating order: play passes clockwise, down this list.");
  ui_screenshot (GTK_WIDGET (dialog), "new-game-table-rules-six");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL);
  ui_settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  /* Fair Trade seats six whatever For-Ex's rules say, and shows none of them. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (NG (dialog, "game_row")), 1);
  g_assert_false (gtk_widget_get_visible (group));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.add-player", NULL);
  adw_combo_row_set_selected (ADW_COMBO_ROW (NG (dialog, "game_row")), 0);
  g_assert_true (gtk_widget_get_visible (group));
  g_assert_false (start_sensitive (dialog));

  /* Five: the game starts with the three readings chosen. */
  {
    g_autoptr(GPtrArray) rows = seat_rows (dialog);

    g_assert_cmpuint (rows->len, ==, 6);
    g_signal_emit_by_name (seat_button (rows->pdata[5], "Remove Player"), "clicked");
  }
  ui_settle ();
  g_assert_false (gtk_widget_is_sensitive (NG (dialog, "add_button")));
  g_assert_cmpuint (start_and_get_readings (dialog), ==,
                    FX_READING_ROUND_ALL | FX_READING_FIVE_PLAYERS | FX_READING_NONE_STRENGTHENED);
  g_assert_finalize_object (dialog);

  /* Left alone, the rules are the printed ones: the game has no readings set. */
  dialog = g_object_ref (xq_new_game_dialog_new (NULL));
  gtk_window_present (GTK_WINDOW (dialog));
  set_names (dialog, names);
  set_removed (dialog, six);
  g_assert_cmpuint (start_and_get_readings (dialog), ==, 0);
  g_assert_finalize_object (dialog);

  /* One rule alone sets its bit alone. */
  dialog = g_object_ref (xq_new_game_dialog_new (NULL));
  gtk_window_present (GTK_WINDOW (dialog));
  set_names (dialog, names);
  set_removed (dialog, six);
  adw_combo_row_set_selected (rule_row (dialog, "rounding"), 1);
  g_assert_cmpuint (start_and_get_readings (dialog), ==, FX_READING_ROUND_ALL);
  g_assert_finalize_object (dialog);
}

static void
test_new_game_filled_screenshot (void)
{
  const char *names[] = { "Agnes", "Bob", "Cynthia", "David" };
  const guint six[FX_N_CURRENCIES] = { 1, 0, 2, 0, 1, 1, 1 };
  XqNewGameDialog *dialog = g_object_ref (xq_new_game_dialog_new (NULL));

  gtk_window_present (GTK_WINDOW (dialog));
  set_names (dialog, names);
  set_removed (dialog, six);
  g_assert_true (start_sensitive (dialog));
  ui_screenshot (GTK_WIDGET (dialog), "new-game-filled");
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_finalize_object (dialog);
}

/* -- the correction dialog -------------------------------------------- */

static XqSession *
new_session (void)
{
  const char *names[] = { "Alice", "Bob", "Cynthia" };
  const gint8 removed[FX_N_REMOVED] = { FX_GBP, FX_USD, FX_USD, FX_JPY, FX_CAD, FX_CNY };
  g_autoptr(GError) error = NULL;
  FxSetup setup;

  fx_setup_init (&setup);
  g_assert_true (fx_setup_set_players (&setup, names, G_N_ELEMENTS (names), &error));
  g_assert_no_error (error);
  memcpy (setup.removed, removed, sizeof removed);
  return xq_session_new (fx_game_get (), &setup);
}

static void
test_correction_cash (void)
{
  g_autoptr(XqSession) session = new_session ();
  FxCorrectionDialog *dialog = g_object_ref (fx_correction_dialog_new (NULL, session));
  GtkSpinButton *spin = GTK_SPIN_BUTTON (CD (dialog, "amount_spin"));
  const FxMove *move;

  gtk_window_present (GTK_WINDOW (dialog));
  /* Cash is the first kind; the fields it needs show, prefilled. */
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (CD (dialog, "kind_row"))), ==, 0);
  g_assert_true (gtk_widget_get_visible (CD (dialog, "player_row")));
  g_assert_true (gtk_widget_get_visible (CD (dialog, "currency_row")));
  g_assert_false (gtk_widget_get_visible (CD (dialog, "value_row")));
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (dialog, "player_row")), 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (dialog, "currency_row")), FX_USD);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 2.0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "2");

  /* Half-bucks typed with the decimal separator. */
  gtk_editable_set_text (GTK_EDITABLE (spin), "7.5");
  gtk_spin_button_update (spin);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 7.5);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "7.5");
  /* A comma is read as the decimal separator in any locale. */
  gtk_editable_set_text (GTK_EDITABLE (spin), "4,5");
  gtk_spin_button_update (spin);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, 4.5);
  gtk_editable_set_text (GTK_EDITABLE (spin), "7.5");
  gtk_spin_button_update (spin);
  gtk_editable_set_text (GTK_EDITABLE (CD (dialog, "reason_row")), "Bob was paid twice for contract A");
  g_assert_null (message_of (dialog, FX_TYPE_CORRECTION_DIALOG));
  ui_screenshot (GTK_WIDGET (dialog), "correction-cash");

  gtk_widget_activate_action (GTK_WIDGET (dialog), "correction.record", NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 1);
  move = xq_session_get_move (session, 0);
  g_assert_cmpint (move->kind, ==, FX_MOVE_CORRECT_CASH);
  g_assert_cmpint (move->other, ==, 1);
  g_assert_cmpint (move->cur[0], ==, FX_USD);
  g_assert_cmpint (move->amount, ==, XQ_BUCKS (7) + 1);
  g_assert_cmpstr (xq_session_get_move_reason (session, 0), ==, "Bob was paid twice for contract A");
  g_assert_cmpint (((const FxState *) xq_session_get_state (session))->cash[1][FX_USD], ==, 15);

  g_assert_finalize_object (dialog);
}

static void
test_correction_refused (void)
{
  g_autoptr(XqSession) session = new_session ();
  FxCorrectionDialog *dialog = g_object_ref (fx_correction_dialog_new (NULL, session));
  GtkSpinButton *spin = GTK_SPIN_BUTTON (CD (dialog, "amount_spin"));
  GtkWidget *reason = CD (dialog, "reason_row");

  gtk_window_present (GTK_WINDOW (dialog));
  gtk_spin_button_set_value (spin, 3.5);

  /* No reason: refused, the dialog stays. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "correction.record", NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 0);
  g_assert_cmpstr (message_of (dialog, FX_TYPE_CORRECTION_DIALOG), ==,
                   "A correction needs a reason: say what went wrong at the table");
  g_assert_true (gtk_widget_has_css_class (CD (dialog, "message_label"), "refusal"));

  /* Blank is no reason either. */
  gtk_editable_set_text (GTK_EDITABLE (reason), "   ");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "correction.record", NULL);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 0);

  /* Quotes are fine in a reason now (XQN escapes them): nothing to say. */
  gtk_editable_set_text (GTK_EDITABLE (reason), "the \"bank\" miscounted");
  g_assert_null (message_of (dialog, FX_TYPE_CORRECTION_DIALOG));

  /* Pasted past the longest reason: refused whole with a sentence naming the
   * limit, never emptied (1 MB) or cut silently (70,000 characters, past the
   * entry buffer's 65,535). A paste is an insertion at the cursor. */
  {
    static const gsize sizes[] = { 1024 * 1024, 70000, 1984 };
    static const char *const sentences[] = {
      "A correction’s reason has at most 2000 characters; with this text it would have 1048597, so the text was not added",
      "A correction’s reason has at most 2000 characters; with this text it would have 70021, so the text was not added",
      "A correction’s reason has at most 2000 characters; with this text it would have 2005, so the text was not added",
    };

    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autofree char *pasted = g_strnfill (sizes[i], 'p');
        int position = 4;

        gtk_editable_insert_text (GTK_EDITABLE (reason), pasted, -1, &position);
        g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (reason)), ==, "the \"bank\" miscounted");
        g_assert_cmpstr (message_of (dialog, FX_TYPE_CORRECTION_DIALOG), ==, sentences[i]);
      }
    /* Up to the limit it goes in, and the message goes. */
    {
      g_autofree char *pasted = g_strnfill (2000 - 21, 'p');
      int position = 21;

      gtk_editable_insert_text (GTK_EDITABLE (reason), pasted, -1, &position);
      g_assert_cmpint (g_utf8_strlen (gtk_editable_get_text (GTK_EDITABLE (reason)), -1), ==, 2000);
      g_assert_null (message_of (dialog, FX_TYPE_CORRECTION_DIALOG));
    }
  }

  /* The engine's sentence: one GBP certificate left at setup, so the pile holds at most 7. */
  gtk_editable_set_text (GTK_EDITABLE (reason), "recounted the pile");
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (dialog, "kind_row")), 2);
  g_assert_false (gtk_widget_get_visible (CD (dialog, "player_row")));
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (dialog, "currency_row")), FX_GBP);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 7);
  gtk_spin_button_set_value (spin, 8);
  g_assert_cmpstr (message_of (dialog, FX_TYPE_CORRECTION_DIALOG), ==,
                   "Of the 8 GBP certificates 1 was removed at setup, so the pile and the players can hold 7, not 8");
  ui_screenshot (GTK_WIDGET (dialog), "correction-refused");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "correction.record", NULL);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  /* Certificates, prefilled from the state. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (dialog, "kind_row")), 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 0);
  g_assert_null (message_of (dialog, FX_TYPE_CORRECTION_DIALOG));

  /* A pair counter: the board's first counter, as it lies. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (dialog, "kind_row")), 3);
  g_assert_true (gtk_widget_get_visible (CD (dialog, "value_row")));
  g_assert_false (gtk_widget_get_visible (CD (dialog, "amount_row")));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (CD (dialog, "stronger_row"))), ==, FX_GBP);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (CD (dialog, "weaker_row"))), ==, FX_EUR);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (CD (dialog, "value_row"))), ==, 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (dialog, "weaker_row")), FX_GBP);
  g_assert_cmpstr (message_of (dialog, FX_TYPE_CORRECTION_DIALOG), ==, "A pair counter joins two different currencies");
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (dialog, "weaker_row")), FX_JPY);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (CD (dialog, "value_row"))), ==, 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (CD (dialog, "value_row")), 3);
  ui_screenshot (GTK_WIDGET (dialog), "correction-pair");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "correction.record", NULL);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 1);
  {
    const FxMove *move = xq_session_get_move (session, 0);

    g_assert_cmpint (move->kind, ==, FX_MOVE_CORRECT_PAIR);
    g_assert_cmpint (move->cur[0], ==, FX_GBP);
    g_assert_cmpint (move->cur[1], ==, FX_JPY);
    g_assert_cmpint (move->amount, ==, XQ_BUCKS (2) + 1);
    g_assert_cmpstr (xq_session_get_move_reason (session, 0), ==, "recounted the pile");
  }

  g_assert_finalize_object (dialog);
}

/* The entry of a name row, where the keys go. */
static GtkWidget *
row_text (GtkWidget *row)
{
  GtkWidget *text = ui_find_descendant (row, GTK_TYPE_TEXT, NULL);

  g_assert_nonnull (text);
  return text;
}

/* Enter in a name goes to the next name, as a form is filled in; in the
 * last, it starts the game. */
static void
test_new_game_enter (void)
{
  const char *names[] = { "Agnes", "Bob", "Cynthia", "David" };
  g_autoptr(XqSession) session = NULL;
  XqNewGameDialog *dialog = g_object_ref (xq_new_game_dialog_new (NULL));
  g_autoptr(GPtrArray) rows = NULL;

  g_signal_connect (dialog, "ready", G_CALLBACK (on_ready), &session);
  gtk_window_present (GTK_WINDOW (dialog));
  rows = seat_rows (dialog);
  g_assert_cmpuint (rows->len, ==, 4);
  /* A game that can start: names and six drawn certificates. */
  set_names (dialog, names);
  adw_combo_row_set_selected (ADW_COMBO_ROW (fx_setup_child (dialog, "mode_row")), 2);
  g_assert_true (start_sensitive (dialog));

  for (guint i = 0; i + 1 < rows->len; i++)
    {
      GtkWidget *focus;

      gtk_widget_grab_focus (rows->pdata[i]);
      /* Enter in the entry: its "activate". */
      g_signal_emit_by_name (row_text (rows->pdata[i]), "activate");
      ui_settle ();
      g_assert_null (session);
      focus = gtk_root_get_focus (GTK_ROOT (dialog));
      g_assert_nonnull (focus);
      if (!gtk_widget_is_ancestor (focus, rows->pdata[i + 1]))
        g_error ("Enter in name %u left the focus on a %s, not on name %u", i + 1, G_OBJECT_TYPE_NAME (focus), i + 2);
    }
  gtk_widget_grab_focus (rows->pdata[rows->len - 1]);
  g_signal_emit_by_name (row_text (rows->pdata[rows->len - 1]), "activate");
  ui_wait_until (is_set, &session);
  g_assert_cmpuint (((const FxSetup *) xq_session_get_setup (session))->n_players, ==, 4);
  g_assert_finalize_object (dialog);
}

/* Dialogs need a display; the suite runs under xvfb-run, a bare terminal skips. */
static void
run_with_display (gconstpointer test)
{
  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }
  ((GTestFunc) test) ();
}

static void
add_test (const char *path,
          GTestFunc   test)
{
  g_test_add_data_func (path, (gconstpointer) test, run_with_display);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkCssProvider) provider = NULL;

  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  if (have_display)
    {
      adw_init ();
      /* The app's style sheet, as AdwApplication would load it. */
      provider = gtk_css_provider_new ();
      gtk_css_provider_load_from_resource (provider, RESOURCE_BASE "/style.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      ui_set_dark (FALSE);
    }

  add_test ("/new-game/defaults", test_new_game_defaults);
  add_test ("/new-game/start", test_new_game_start);
  add_test ("/new-game/enter", test_new_game_enter);
  add_test ("/new-game/invalid", test_new_game_invalid);
  add_test ("/new-game/filled", test_new_game_filled_screenshot);
  add_test ("/new-game/names-checked-as-typed", test_new_game_names_checked_as_typed);
  add_test ("/new-game/table-rules", test_new_game_table_rules);
  add_test ("/correction/cash", test_correction_cash);
  add_test ("/correction/refused", test_correction_refused);
  return g_test_run ();
}
