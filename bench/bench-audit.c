/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-audit: opening the audit of a 48,000-move game (issue #23) — the
 * main thread's longest stall from Ctrl+I until every page is filled and
 * drawn, the wall time to that, and what the app's memory grew by; a second
 * Ctrl+I, and a look at each page. Reports; never fails. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "bench-ui.h"
#include "fx-audit-window.h"
#include "fx-random-play.h"
#include "xq-application.h"
#include "xq-document.h"
#include "xq-window.h"

#define LONG_GAME_MOVES 48000

static FxAuditWindow *
find_audit (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  FxAuditWindow *found = NULL;
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (FX_IS_AUDIT_WINDOW (window))
        {
          found = FX_AUDIT_WINDOW (window);
          n++;
        }
    }
  return n == 1 ? found : n == 0 ? NULL : (printf ("  %u audit windows open\n", n), found);
}

static guint
count_audits (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      n += FX_IS_AUDIT_WINDOW (window);
    }
  return n;
}

/* Whether @audit still works on its game: its "loading" property where it
 * has one (a window built in one go has none, and is done when shown). */
static gboolean
loading (FxAuditWindow *audit)
{
  gboolean value = FALSE;

  if (audit == NULL)
    return TRUE;
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (audit), "loading") == NULL)
    return FALSE;
  g_object_get (audit, "loading", &value, NULL);
  return value;
}

static void
painted (GdkFrameClock *clock,
         gboolean      *flag)
{
  *flag = TRUE;
}

/* Runs the main loop until @done says so and a frame has been drawn after
 * it, each iteration timed: returns the longest, in ms. */
static double
run_until (gboolean (*done) (gpointer),
           gpointer   data,
           GtkWidget *drawn,
           double    *total_ms)
{
  gint64 start = g_get_monotonic_time ();
  double longest = 0;
  gboolean frame = FALSE;
  gulong handler = 0;
  GdkFrameClock *clock = NULL;

  for (;;)
    {
      gint64 t = g_get_monotonic_time ();

      g_main_context_iteration (NULL, TRUE);
      longest = MAX (longest, (g_get_monotonic_time () - t) / 1000.0);
      if (clock == NULL && drawn != NULL && gtk_widget_get_mapped (drawn) && done (data))
        {
          clock = gtk_widget_get_frame_clock (drawn);
          handler = g_signal_connect (clock, "after-paint", G_CALLBACK (painted), &frame);
          gtk_widget_queue_draw (drawn);
        }
      if (clock != NULL && frame)
        break;
      if (drawn == NULL && done (data))
        break;
    }
  if (clock != NULL)
    g_signal_handler_disconnect (clock, handler);
  *total_ms = (g_get_monotonic_time () - start) / 1000.0;
  return longest;
}

static gboolean
audit_ready (gpointer data)
{
  FxAuditWindow *audit = find_audit ();

  *(FxAuditWindow **) data = audit;
  return audit != NULL && gtk_widget_get_mapped (GTK_WIDGET (audit)) && !loading (audit);
}

static gboolean
audit_mapped (gpointer data)
{
  FxAuditWindow *audit = find_audit ();

  *(FxAuditWindow **) data = audit;
  return audit != NULL && gtk_widget_get_mapped (GTK_WIDGET (audit));
}

static gboolean
always (gpointer data)
{
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = g_dir_make_tmp ("bench-audit-XXXXXX", NULL);
  g_autoptr(XqApplication) app = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autoptr(XqDocument) document = NULL;
  static const char *const pages[] = { "audit", "statistics", "charts" };
  FxAuditWindow *audit = NULL;
  XqWindow *window;
  gint64 t;
  double action_ms, longest, filled, total, before_mb, after_mb;

  if (!bench_ui_init ("bench-audit", state_dir) || (app = bench_ui_new_application ("bench-audit")) == NULL)
    return 0;

  t = g_get_monotonic_time ();
  session = fx_random_endless_game (1, 4, &fx_random_style_dealing, LONG_GAME_MOVES);
  printf ("audit of a %u-move game (fx_random_endless_game, made in %.2f s)\n", xq_session_get_n_moves (session),
          (g_get_monotonic_time () - t) / 1e6);
  document = xq_document_new (session, FALSE);
  window = xq_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  xq_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  run_until (always, NULL, GTK_WIDGET (window), &total);
  before_mb = bench_ui_resident_mb ();

  /* Ctrl+I: the action's own time is a stall of its own. */
  t = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL);
  action_ms = (g_get_monotonic_time () - t) / 1000.0;
  longest = run_until (audit_mapped, &audit, NULL, &total);
  if (audit != NULL)
    printf ("  the audit window mapped, %s, %.1f ms after Ctrl+I\n",
            loading (audit) ? "its pages still being worked out" : "its pages filled", action_ms + total);
  if (audit == NULL)
    {
      printf ("  no audit window opened\n");
      return 0;
    }
  /* (Not in MAX (): it would run the loop twice.) */
  filled = run_until (audit_ready, &audit, GTK_WIDGET (audit), &total);
  longest = MAX (longest, filled);
  total = (g_get_monotonic_time () - t) / 1000.0;
  after_mb = bench_ui_resident_mb ();
  printf ("  Ctrl+I: the action took %.1f ms on the main thread; every page filled and drawn %.1f ms after "
          "Ctrl+I, the longest main-loop iteration meanwhile %.1f ms (reported only)\n",
          action_ms, total, longest);
  printf ("  longest main-thread stall while opening: %.1f ms\n", MAX (action_ms, longest));
  printf ("  resident memory: %.0f MB with the game's window, %.0f MB with its audit open (+%.0f MB)\n",
          before_mb, after_mb, after_mb - before_mb);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      t = g_get_monotonic_time ();
      fx_audit_window_show_page (audit, pages[i]);
      longest = run_until (always, NULL, GTK_WIDGET (audit), &total);
      printf ("  page “%s”: shown and drawn in %.1f ms, longest iteration %.1f ms\n", pages[i],
              (g_get_monotonic_time () - t) / 1000.0, longest);
    }
  printf ("  resident memory after every page was drawn: %.0f MB\n", bench_ui_resident_mb ());

  /* A second Ctrl+I. */
  t = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL);
  action_ms = (g_get_monotonic_time () - t) / 1000.0;
  run_until (always, NULL, GTK_WIDGET (window), &total);
  printf ("  a second Ctrl+I: %.1f ms, %u audit window(s) open, resident memory %.0f MB\n", action_ms,
          count_audits (), bench_ui_resident_mb ());

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  xq_document_discard_journal (document);

  /* The reference: the same for a game of 200 moves, what the window
   * itself costs whatever the game's length. */
  {
    g_autoptr(XqSession) short_game = fx_random_endless_game (1, 4, &fx_random_style_dealing, 200);
    g_autoptr(XqDocument) short_document = xq_document_new (short_game, FALSE);

    window = xq_window_new (app);
    gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
    xq_window_set_document (window, short_document);
    gtk_window_present (GTK_WINDOW (window));
    run_until (always, NULL, GTK_WIDGET (window), &total);
    audit = NULL;
    t = g_get_monotonic_time ();
    gtk_widget_activate_action (GTK_WIDGET (window), "win.audit", NULL);
    action_ms = (g_get_monotonic_time () - t) / 1000.0;
    longest = run_until (audit_mapped, &audit, NULL, &total);
    filled = run_until (audit_ready, &audit, GTK_WIDGET (audit), &total);
    printf ("  for reference, a 200-move game: the action %.1f ms, the longest stall %.1f ms, every page filled "
            "and drawn %.1f ms after Ctrl+I\n", action_ms, MAX (action_ms, MAX (longest, filled)),
            (g_get_monotonic_time () - t) / 1000.0);
    gtk_window_destroy (GTK_WINDOW (window));
    while (g_main_context_iteration (NULL, FALSE))
      ;
    xq_document_discard_journal (short_document);
  }
  return 0;
}
