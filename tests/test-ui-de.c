/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window started in German: the welcome view and the For-Ex table show
 * German labels and amounts with a decimal comma; screenshots of both. And
 * the window in every language the app speaks: started on a phone with no
 * name or place cut short, and one mnemonic per letter. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "fx-move-bar.h"
#include "fx-players-view.h"
#include "xq-application.h"
#include "xq-document.h"
#include "xq-games.h"
#include "xq-session-file.h"
#include "xq-window.h"
#include "ui-saved-size.h"
#include "ui-support.h"

static XqApplication *app;

static void
assert_shows (const char *text,
              const char *expected)
{
  if (strstr (text, expected) == NULL)
    g_error ("“%s” is not shown; the labels are:\n%s", expected, text);
}

static void
assert_not_shown (const char *text,
                  const char *english)
{
  if (strstr (text, english) != NULL)
    g_error ("“%s” is shown in English; the labels are:\n%s", english, text);
}

/* "7,5 USD": a whole number, a comma, 5, a currency code. */
static gboolean
has_decimal_comma_amount (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("[0-9],5 [A-Z]{3}", 0, 0, NULL);

  return g_regex_match (regex, text, 0, NULL);
}

static void
test_welcome_in_german (void)
{
  XqWindow *window = ui_new_window (app);
  g_autofree char *text = ui_collect_text (GTK_WIDGET (window));

  g_test_message ("welcome labels:\n%s", text);
  assert_shows (text, "Neues For-Ex-Spiel");
  assert_shows (text, "Spiel öffnen");
  assert_not_shown (text, "New For-Ex Game");
  ui_screenshot (GTK_WIDGET (window), "de-welcome");
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

static void
test_table_in_german (void)
{
  XqWindow *window = ui_new_window (app);
  g_autoptr(XqSession) session = ui_sample_prefix (40);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  g_autofree char *text = NULL;

  xq_window_set_document (window, document);
  ui_settle ();
  text = ui_collect_text (GTK_WIDGET (window));
  g_test_message ("table labels:\n%s", text);

  assert_shows (text, "Währungstafel");
  assert_shows (text, "Kreuzkurse");
  assert_shows (text, "Warteschlange");
  assert_shows (text, "Spieler");
  assert_shows (text, "Summe");
  assert_not_shown (text, "Currency Board");
  assert_not_shown (text, "Cross Rates");
  assert_not_shown (text, "Queue");
  assert_not_shown (text, "Total");
  g_assert_true (has_decimal_comma_amount (text));

  ui_screenshot (GTK_WIDGET (window), "de-board-mid-game");
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The move bar in each language the app speaks, at a phone's width: it
 * must fit 360 px with Record on screen, whatever the words' length. */
static void
test_move_bar_narrow_in_every_language (void)
{
  const char *languages[] = { "de", "fr", "es" };
  const char *locales[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "es_ES.UTF-8" };

  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      g_autoptr(XqSession) session = ui_sample_prefix (40);
      FxMoveBar *bar;
      GtkWidget *window = gtk_window_new ();
      GtkWidget *record;
      graphene_rect_t bounds;
      int min, nat;

      /* A new locale, and textdomain() to make gettext drop what it cached;
       * the bar's .ui is built anew in the language. */
      g_setenv ("LANGUAGE", languages[i], TRUE);
      if (setlocale (LC_ALL, locales[i]) == NULL)
        {
          g_test_message ("the locale %s is not installed", locales[i]);
          continue;
        }
      textdomain (GETTEXT_PACKAGE);
      bar = fx_move_bar_new ();
      fx_move_bar_set_session (bar, session);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (bar));
      gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
      gtk_window_present (GTK_WINDOW (window));
      ui_settle ();
      gtk_widget_measure (GTK_WIDGET (bar), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      g_test_message ("move bar in %s: %d px at least, %d px natural; window %d px", languages[i], min, nat,
                      gtk_widget_get_width (window));
      /* The form unfolded, the spot open: all of it on the phone's width. */
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (fx_move_bar_get_part (bar, "fold_button")), TRUE);
      gtk_expander_set_expanded (GTK_EXPANDER (fx_move_bar_get_part (bar, "spot_expander")), TRUE);
      gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.select-form", "s", "contract");
      ui_settle ();
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (bar)), <=, gtk_widget_get_width (window));
      record = fx_move_bar_get_part (bar, "record_button");
      g_assert_true (gtk_widget_get_mapped (record));
      g_assert_true (gtk_widget_compute_bounds (record, window, &bounds));
      ui_screenshot (window, languages[i][0] == 'd' ? "move-bar-de-360x720" : languages[i][0] == 'f' ? "move-bar-fr-360x720" : "move-bar-es-360x720");
      g_assert_cmpint (min, <=, 360);
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (window));
      gtk_window_destroy (GTK_WINDOW (window));
      ui_settle ();
    }
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
  textdomain (GETTEXT_PACKAGE);
}

/* The Fair Trade mid-game the tests in German look at: four players, the
 * fourth round's bids being passed round. */
static XqSession *
fair_trade_mid_game (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "fair-trade", "fair-trade-44-4p.xqn", NULL);
  g_autoptr(XqSession) game = ui_load_session (path);

  return ui_session_prefix (game, 13);
}

/* German at every size the window supports, a phone's too: nothing scrolls
 * sideways, and For-Ex keeps Record in view. */
static void
test_sizes_in_german (void)
{
  XqSession *games[] = { ui_sample_prefix (40), fair_trade_mid_game () };
  const char *names[] = { "de-table", "de-fair-trade" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(XqSession) session = games[g];
      g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
      XqWindow *window = xq_window_new (app);

      xq_window_set_document (window, document);
      for (guint i = 0; i < UI_N_SIZES; i++)
        {
          g_autofree char *name = g_strdup_printf ("%s-%s", names[g], ui_sizes[i].name);

          ui_resize (GTK_WINDOW (window), &ui_sizes[i]);
          /* The last round's sorted bids may scroll inside their card, as
           * five or six players' do in any language; the page never does. */
          ui_assert_no_sideways_scroll_except (GTK_WIDGET (window), ui_sizes[i].name, g == 1 ? "ft-rank-scroll" : NULL);
          if (g == 0)
            {
              GtkWidget *record = ui_find_descendant (GTK_WIDGET (window), GTK_TYPE_BUTTON, "record");

              g_assert_nonnull (record);
              ui_assert_in_view (record, "Eintragen", ui_sizes[i].name);
            }
          ui_screenshot_light_and_dark (GTK_WIDGET (window), name);
        }
      xq_document_discard_journal (document);
      gtk_window_destroy (GTK_WINDOW (window));
      ui_settle ();
    }
}

/* Every name and place of the players' table and the move bar's turn, read
 * whole: none cut to "Cynt…" or "⚠ Fehlbet…". */
static void
assert_nothing_cut (GtkWidget  *window,
                    const char *language)
{
  GtkWidget *players = ui_find_descendant (window, FX_TYPE_PLAYERS_VIEW, NULL);
  GtkWidget *bar = ui_find_descendant (window, FX_TYPE_MOVE_BAR, NULL);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) in_players = ui_find_all (players, GTK_TYPE_LABEL);
  guint n_checked = 0;

  /* Read as drawn: every label laid out at its final width. */
  ui_settle ();
  g_ptr_array_extend (labels, in_players, NULL, NULL);
  g_ptr_array_add (labels, fx_move_bar_get_part (FX_MOVE_BAR (bar), "turn_label"));
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];

      if (!gtk_widget_get_mapped (GTK_WIDGET (label)) || *gtk_label_get_text (label) == '\0')
        continue;
      if (ui_label_is_cut (label))
        g_error ("in %s at %d px, “%s” is cut short", language, gtk_widget_get_width (window),
                 gtk_label_get_text (label));
      n_checked++;
    }
  g_assert_cmpuint (n_checked, >, 20);
}

/* A window started at its saved size (by @start) in each language the
 * app speaks, English ("C") too, a new locale each time, and textdomain()
 * to make gettext drop what it cached: the window is built anew in the
 * language. German stays the language of the tests that follow. */
static void
start_in_every_language (XqWindow *(*start) (XqSession *session),
                         XqSession *(*game) (void),
                         void       (*check) (XqWindow *window, const char *language),
                         const char *screenshot)
{
  const char *languages[] = { "C", "de", "fr", "es" };
  const char *locales[] = { "C.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8", "es_ES.UTF-8" };

  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      g_autoptr(XqSession) session = NULL;
      g_autofree char *name = NULL;
      XqWindow *window;

      g_setenv ("LANGUAGE", languages[i], TRUE);
      if (setlocale (LC_ALL, locales[i]) == NULL)
        g_error ("the locale %s is not installed (build-aux/dev generates it)", locales[i]);
      textdomain (GETTEXT_PACKAGE);
      session = game ();
      window = start (session);
      if (check != NULL)
        check (window, languages[i]);
      name = g_strdup_printf ("%s-%s", i == 0 ? "en" : languages[i], screenshot);
      ui_screenshot (GTK_WIDGET (window), name);
      xq_document_discard_journal (xq_window_get_document (window));
      gtk_window_destroy (GTK_WINDOW (window));
      ui_settle ();
    }
  g_setenv ("LANGUAGE", "de", TRUE);
  setlocale (LC_ALL, "");
  textdomain (GETTEXT_PACKAGE);
}

/* The sample's first table where the player to act could take any action
 * and a spot: every field of the move bar can be shown. */
static XqSession *
for_ex_every_form (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  guint at = 0;

  for (; at < xq_session_get_n_moves (sample); at++)
    {
      FxState s;
      gboolean certs = FALSE;

      xq_session_get_state_at (sample, at, &s);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        certs |= s.certs[s.next_player][c] > 0;
      if (s.spot_actor == FX_NO_PLAYER && certs && s.status == FX_STATUS_PLAYING)
        break;
    }
  return ui_sample_prefix (at);
}

static XqWindow *
start_wide (XqSession *session)
{
  return ui_start_at_saved_size (app, session, 1280, 800);
}

/* With the spot open and each form in turn, no two mnemonics shown share a
 * letter: Alt and a letter reach one control, in every language. */
static void
check_one_mnemonic_per_letter (XqWindow   *window,
                               const char *language)
{
  const char *forms[] = { "contract", "invest", "divest", "resolve" };
  FxMoveBar *bar = FX_MOVE_BAR (ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL));
  g_autoptr(GString) clashes = g_string_new (NULL);

  gtk_expander_set_expanded (GTK_EXPANDER (fx_move_bar_get_part (bar, "spot_expander")), TRUE);
  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      g_autoptr(GPtrArray) labels = NULL;
      g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

      gtk_widget_activate_action (GTK_WIDGET (bar), "move-bar.select-form", "s", forms[f]);
      ui_settle ();
      labels = ui_find_all (GTK_WIDGET (window), GTK_TYPE_LABEL);
      for (guint i = 0; i < labels->len; i++)
        {
          GtkLabel *label = labels->pdata[i];
          guint key = gdk_keyval_to_lower (gtk_label_get_mnemonic_keyval (label));
          GtkLabel *other;

          if (!gtk_widget_get_mapped (GTK_WIDGET (label)) || !gtk_label_get_use_underline (label)
              || key == GDK_KEY_VoidSymbol)
            continue;
          other = g_hash_table_lookup (seen, GUINT_TO_POINTER (key));
          g_test_message ("%s, %s form: Alt+%s “%s”", language, forms[f], gdk_keyval_name (key),
                          gtk_label_get_label (label));
          if (other != NULL)
            g_string_append_printf (clashes, "\n  the %s form: Alt+%s reaches both “%s” and “%s”", forms[f],
                                    gdk_keyval_name (key), gtk_label_get_label (other), gtk_label_get_label (label));
          g_hash_table_insert (seen, GUINT_TO_POINTER (key), label);
        }
    }
  if (clashes->len > 0)
    g_error ("in %s, one letter reaches two controls:%s", language, clashes->str);
}

static void
test_one_mnemonic_per_letter_in_every_language (void)
{
  start_in_every_language (start_wide, for_ex_every_form, check_one_mnemonic_per_letter, "mnemonics-1280x800");
}

static XqSession *
for_ex_mid_game (void)
{
  return ui_sample_prefix (40);
}

static XqWindow *
start_for_ex (XqSession *session)
{
  return ui_start_at_saved_size (app, session, 360, 720);
}

static void
check_nothing_cut (XqWindow   *window,
                   const char *language)
{
  assert_nothing_cut (GTK_WIDGET (window), language);
}

/* Labels are longer in German, French and Spanish; started at its saved
 * size of 360 × 720 the window still opens that wide in one step, Record on
 * screen, and reads every name and place whole. */
static void
test_start_in_every_language (void)
{
  start_in_every_language (start_for_ex, for_ex_mid_game, check_nothing_cut, "start-360x720");
}

static XqWindow *
start_fair_trade (XqSession *session)
{
  return ui_start_at_saved_size_showing (app, session, 360, 720, GTK_TYPE_WIDGET, "ft-players",
                                         "the players' table");
}

/* Fair Trade in each language the app speaks, started at its saved size of
 * 360 × 720: the window opens that wide in one step, the players' table on
 * screen (German's four headings side by side are wider than a phone: each
 * player's numbers then follow their name). */
static void
test_fair_trade_start_in_every_language (void)
{
  start_in_every_language (start_fair_trade, fair_trade_mid_game, NULL, "fair-trade-start-360x720");
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("EXCHEQUER_LOCALEDIR");
  int status;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_test_skip ("no display: run under xvfb-run");
      return g_test_run ();
    }

  /* As if started with LANG=de_DE.UTF-8: the environment first, since
   * gtk_init calls setlocale (LC_ALL, "") itself. */
  g_setenv ("LANG", "de_DE.UTF-8", TRUE);
  g_setenv ("LC_ALL", "de_DE.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "de", TRUE);
  if (setlocale (LC_ALL, "") == NULL)
    {
      g_test_skip ("the locale de_DE.UTF-8 is not installed (build-aux/dev test generates it)");
      return g_test_run ();
    }
  g_assert_nonnull (localedir);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = ui_application_new ();

  g_test_add_func ("/ui-de/welcome", test_welcome_in_german);
  g_test_add_func ("/ui-de/table", test_table_in_german);
  g_test_add_func ("/ui-de/move-bar-narrow", test_move_bar_narrow_in_every_language);
  g_test_add_func ("/ui-de/start-narrow", test_start_in_every_language);
  g_test_add_func ("/ui-de/fair-trade-start-narrow", test_fair_trade_start_in_every_language);
  g_test_add_func ("/ui-de/sizes", test_sizes_in_german);
  g_test_add_func ("/ui-de/one-mnemonic-per-letter", test_one_mnemonic_per_letter_in_every_language);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
