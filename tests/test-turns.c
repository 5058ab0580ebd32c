/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every turn number the app shows against `exchequer-cli state --after N`:
 * the history's "Turn 13", the move bar's count, the CSV's turn column. */

#include "config.h"

#include <adwaita.h>
#include <stdlib.h>
#include <string.h>

#include "fx-move-bar.h"
#include "fx-report.h"
#include "fx-state.h"
#include "cli-support.h"
#include "ui-support.h"
#include "xq-document.h"
#include "xq-history-view.h"

static XqApplication *app;
static int *cli_turns;          /* the CLI's `turn` after each number of moves */
static guint n_sample_moves;

/* The `turn N` line of `exchequer-cli state SAMPLE --after N`. */
static int
cli_turn_after (guint n)
{
  g_autofree char *path = ui_sample_path ();
  g_autofree char *after = g_strdup_printf ("%u", n);
  g_auto(Run) run = { 0 };
  const char *line;

  RUN (&run, "state", path, "--after", after);
  g_assert_cmpint (run.status, ==, 0);
  line = strstr (run.out, "\nturn ");
  g_assert_nonnull (line);
  return atoi (line + strlen ("\nturn "));
}

static int
cli_turn (guint n)
{
  g_assert_cmpuint (n, <=, n_sample_moves);
  if (cli_turns[n] < 0)
    cli_turns[n] = cli_turn_after (n);
  return cli_turns[n];
}

/* The first whole number in @text, or -1. */
static int
first_number (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isdigit (*p))
      return atoi (p);
  return -1;
}

static XqWindow *
window_on (XqSession *session)
{
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  XqWindow *window = ui_new_window (app);

  xq_window_set_document (window, document);
  ui_settle ();
  return window;
}

/* The history tags each move with its turn: "Turn T" is the turn that,
 * once its action is recorded, makes the CLI say `turn T`. */
static void
test_history (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  XqWindow *window = window_on (sample);
  GtkWidget *history;
  guint checked = 0;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL));
  ui_settle ();
  history = ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW, NULL);
  for (guint i = 0; i < n_sample_moves; i++)
    {
      const FxMove *move = xq_session_get_move (sample, i);
      GtkWidget *row = ui_history_row (history, i + 1);
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;
      int shown = -1;

      g_assert_nonnull (row);
      text = ui_collect_text (row);
      lines = g_strsplit (text, "\n", -1);
      for (guint l = 0; lines[l] != NULL; l++)
        if (g_str_has_prefix (lines[l], "Turn "))
          shown = atoi (lines[l] + strlen ("Turn "));
      if (move->kind < FX_MOVE_SPOT || move->kind > FX_MOVE_RESOLVE)
        {
          /* Corrections and the strongest currency's choice take no turn. */
          g_assert_cmpint (shown, ==, -1);
          continue;
        }
      if (move->kind == FX_MOVE_SPOT)
        g_assert_cmpint (shown, ==, cli_turn (i + 1) + 1);
      else
        g_assert_cmpint (shown, ==, cli_turn (i + 1));
      checked++;
    }
  g_assert_cmpuint (checked, >, 50);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
}

/* The move bar, between turns, counts the turns played as the CLI does. */
static void
test_move_bar (void)
{
  const guint positions[] = { 0, 2, 10, 20, 40, 60 };

  for (guint k = 0; k < G_N_ELEMENTS (positions); k++)
    {
      g_autoptr(XqSession) session = ui_sample_prefix (positions[k]);
      const FxState *state = xq_session_get_state (session);
      XqWindow *window;
      GtkWidget *bar;
      GtkLabel *status;
      const char *text;

      if (state->spot_actor != FX_NO_PLAYER)
        continue;
      window = window_on (session);
      bar = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL);
      g_assert_nonnull (bar);
      status = GTK_LABEL (gtk_widget_get_template_child (bar, FX_TYPE_MOVE_BAR, "status_label"));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (status)));
      text = gtk_label_get_text (status);
      if (first_number (text) != cli_turn (positions[k]))
        g_error ("after %u moves the move bar says “%s”; exchequer-cli says turn %d", positions[k], text,
                 cli_turn (positions[k]));
      gtk_window_destroy (GTK_WINDOW (window));
      ui_settle ();
    }
}

/* The exported standings (CSV) number each move's turn as the CLI does. */
static void
test_csv (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  g_autofree char *csv = fx_report_csv (sample);
  g_auto(GStrv) rows = g_strsplit (csv, "\r\n", -1);
  guint checked = 0;

  g_assert_true (g_str_has_prefix (rows[0], "move,turn,"));
  for (guint r = 1; rows[r] != NULL && *rows[r] != '\0'; r++)
    {
      g_auto(GStrv) fields = g_strsplit (rows[r], ",", 3);
      guint move = (guint) atoi (fields[0]);

      g_assert_cmpint (atoi (fields[1]), ==, cli_turn (move));
      checked++;
    }
  g_assert_cmpuint (checked, ==, n_sample_moves);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_test_skip ("no display: run under xvfb-run");
      return g_test_run ();
    }
  app = ui_application_new ();
  {
    g_autoptr(XqSession) sample = ui_load_sample ();

    n_sample_moves = xq_session_get_n_moves (sample);
    cli_turns = g_new (int, n_sample_moves + 1);
    for (guint i = 0; i <= n_sample_moves; i++)
      cli_turns[i] = -1;
  }

  g_test_add_func ("/turns/history", test_history);
  g_test_add_func ("/turns/csv", test_csv);
  g_test_add_func ("/turns/move-bar", test_move_bar);

  status = g_test_run ();
  g_free (cli_turns);
  g_clear_object (&app);
  return status;
}
