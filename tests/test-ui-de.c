/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window started in German: the welcome view and the For-Ex table show
 * German labels and amounts with a decimal comma; screenshots of both. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "xq-application.h"
#include "xq-document.h"
#include "xq-games.h"
#include "xq-session-file.h"
#include "xq-window.h"
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

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
