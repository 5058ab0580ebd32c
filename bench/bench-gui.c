/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-gui: launch to first frame of the sample game against a minimal
 * libadwaita window, in one run on the same X server; and the time to show
 * the table after each history entry. Reports; never fails. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "fx-table-view.h"
#include "xq-games.h"
#include "xq-session-file.h"

#define LAUNCH_RUNS 15
#define FRAME_MS 16.0
/* Measured sweeps over the history; each entry's time is its median, so a
 * one-off hiccup of the shared machine does not define the worst entry, but
 * an entry slow every time does. */
#define HISTORY_SWEEPS 3

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof (double), compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

/* Milliseconds from spawning @argv to its "first-frame" line, or -1. */
static double
time_to_first_frame (const char * const *argv,
                     const char         *renderer)
{
  /* A fresh state folder each time: a launch must not pay for the autosave
   * journals earlier launches left when they were told to quit at once. */
  g_autofree char *state_dir = g_dir_make_tmp ("bench-gui-XXXXXX", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                                       | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;
  double elapsed = -1;
  char *line;

  g_subprocess_launcher_setenv (launcher, "EXCHEQUER_REPORT_FIRST_FRAME", "1", TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "memory", TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_SCHEMA_DIR", SCHEMA_DIR, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_STATE_HOME", state_dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "NO_AT_BRIDGE", "1", TRUE);
  g_subprocess_launcher_setenv (launcher, "GDK_DEBUG", "no-portals", TRUE);
  if (renderer != NULL)
    g_subprocess_launcher_setenv (launcher, "GSK_RENDERER", renderer, TRUE);
  start = g_get_monotonic_time ();
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  if (process == NULL)
    {
      g_printerr ("bench-gui: %s\n", error->message);
      return -1;
    }
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  while ((line = g_data_input_stream_read_line (lines, NULL, NULL, NULL)) != NULL)
    {
      gboolean done = g_str_equal (line, "first-frame");

      g_free (line);
      if (done)
        {
          elapsed = (g_get_monotonic_time () - start) / 1000.0;
          break;
        }
    }
  g_subprocess_wait (process, NULL, NULL);
  remove_tree (state_dir);
  return elapsed;
}

/* @renderer: GSK_RENDERER for both programs, or NULL for the environment's. */
static void
bench_launch (const char *renderer)
{
  const char *app_argv[] = { APP_PATH, SAMPLE_PATH, NULL };
  const char *minimal_argv[] = { MINIMAL_PATH, NULL };
  double app[LAUNCH_RUNS], minimal[LAUNCH_RUNS];
  double app_ms, minimal_ms;

  /* Alternate the two so load on the machine falls on both alike. */
  for (guint i = 0; i < LAUNCH_RUNS; i++)
    {
      app[i] = time_to_first_frame (app_argv, renderer);
      minimal[i] = time_to_first_frame (minimal_argv, renderer);
      if (app[i] < 0 || minimal[i] < 0)
        {
          printf ("launch: could not measure (no display?)\n");
          return;
        }
    }
  app_ms = median (app, LAUNCH_RUNS);
  minimal_ms = median (minimal, LAUNCH_RUNS);
  if (renderer == NULL)
    renderer = g_getenv ("GSK_RENDERER") != NULL ? g_getenv ("GSK_RENDERER") : "GTK's default";
  printf ("launch to first frame (renderer: %s), exchequer on the sample game: %.1f ms (median of %d)\n",
          renderer, app_ms, LAUNCH_RUNS);
  printf ("launch to first frame (renderer: %s), minimal AdwApplication window: %.1f ms (median of %d)\n",
          renderer, minimal_ms, LAUNCH_RUNS);
  printf ("launch ratio (renderer: %s): %.2fx (target at most 1.3x)%s\n", renderer, app_ms / minimal_ms,
          app_ms / minimal_ms <= 1.3 ? "" : " MISSED");
}

typedef struct
{
  gint64   layout_start;
  gint64   paint_end;
  gboolean done;
} Frame;

static void
layout_started (GdkFrameClock *clock,
                Frame         *frame)
{
  if (frame->layout_start == 0)
    frame->layout_start = g_get_monotonic_time ();
}

static void
painted (GdkFrameClock *clock,
         Frame         *frame)
{
  frame->paint_end = g_get_monotonic_time ();
  frame->done = TRUE;
}

/* Selects @position and waits for the frame that draws it. Returns the work
 * in milliseconds: updating the widgets, then that frame's layout and paint;
 * not the wait for the frame clock's next tick. */
static double
show_entry (GtkWidget   *window,
            FxTableView *view,
            guint        position,
            Frame       *frame,
            double      *update)
{
  gint64 start = g_get_monotonic_time ();

  memset (frame, 0, sizeof *frame);
  fx_table_view_set_position (view, position);
  *update = (g_get_monotonic_time () - start) / 1000.0;
  gtk_widget_queue_draw (window);
  while (!frame->done)
    g_main_context_iteration (NULL, TRUE);
  return *update + (frame->paint_end - frame->layout_start) / 1000.0;
}

/* Shows the table after every move of the sample game and waits for the
 * frame that draws it: from the selection to the end of that frame. */
static void
bench_history (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (SAMPLE_PATH);
  g_autoptr(XqSession) session = xq_session_load (file, NULL, NULL, NULL, NULL);
  GtkWidget *window = gtk_window_new ();
  FxTableView *view = g_object_new (FX_TYPE_TABLE_VIEW, NULL);
  guint n = xq_session_get_n_moves (session);
  g_autofree double *times = g_new (double, (n + 1) * HISTORY_SWEEPS);
  g_autofree double *medians = g_new (double, n + 1);
  g_autofree double *sorted = g_new (double, n + 1);
  double raw_worst = 0, update_total = 0;
  guint worst = 0, over = 0;
  g_autoptr(GtkCssProvider) style = gtk_css_provider_new ();
  Frame frame = { 0 };
  GdkFrameClock *clock;
  gulong layout_handler, paint_handler;

  /* The app's own look, as AdwApplication loads it for the app: without it
   * the table would be measured without its board colours and card styles. */
  gtk_css_provider_load_from_resource (style, "/io/github/exchequer/Exchequer/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (style),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  fx_table_view_set_session (view, session);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (window);
  layout_handler = g_signal_connect (clock, "layout", G_CALLBACK (layout_started), &frame);
  paint_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (painted), &frame);

  /* A first sweep warms the glyph and style caches, as a player's first look
   * at the history would; the next ones are measured. */
  for (guint sweep = 0; sweep <= HISTORY_SWEEPS; sweep++)
    for (guint position = 0; position <= n; position++)
      {
        double update;
        double t = show_entry (window, view, position == n ? G_MAXUINT : position, &frame, &update);

        if (sweep == 0)
          continue;
        update_total += update;
        times[position * HISTORY_SWEEPS + sweep - 1] = t;
        raw_worst = MAX (raw_worst, t);
      }
  g_signal_handler_disconnect (clock, layout_handler);
  g_signal_handler_disconnect (clock, paint_handler);

  for (guint position = 0; position <= n; position++)
    {
      medians[position] = median (&times[position * HISTORY_SWEEPS], HISTORY_SWEEPS);
      if (medians[position] > medians[worst])
        worst = position;
      if (medians[position] > FRAME_MS)
        over++;
    }
  memcpy (sorted, medians, (n + 1) * sizeof (double));
  printf ("history entry to a drawn table, update + layout + paint (%u entries, median of %d sweeps each, %s): "
          "median %.2f ms, worst entry %.2f ms (entry %u), %u entries over %.0f ms (target: none)%s\n",
          n + 1, HISTORY_SWEEPS, G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))),
          median (sorted, n + 1), medians[worst], worst, over, FRAME_MS, over == 0 ? "" : " MISSED");
  printf ("  slowest single frame of all sweeps: %.2f ms; updating the widgets: %.2f ms on average\n",
          raw_worst, update_total / ((n + 1) * HISTORY_SWEEPS));
  if (g_getenv ("BENCH_GUI_PER_ENTRY") != NULL)
    for (guint position = 0; position <= n; position++)
      printf ("  entry %u: %.2f ms\n", position, medians[position]);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!gtk_init_check ())
    {
      printf ("bench-gui: no display; run it through build-aux/dev bench\n");
      return 0;
    }
  adw_init ();
  xq_games_register_all ();
  /* "bench-gui history": only the history, in this process's renderer. */
  if (argc >= 2 && g_str_equal (argv[1], "history"))
    {
      bench_history ();
      return 0;
    }
  bench_launch (NULL);
  /* The tests' renderer too (see below), for both programs alike. */
  if (g_strcmp0 (g_getenv ("GSK_RENDERER"), "cairo") != 0)
    bench_launch ("cairo");
  bench_history ();
  /* Without a GPU GTK's default renderer is GL on llvmpipe, which repaints
   * the whole window in software each frame; the cairo renderer (the tests'
   * one) repaints only what changed. Both are reported, each in a process
   * of its own since GTK picks the renderer once. */
  if (g_strcmp0 (g_getenv ("GSK_RENDERER"), "cairo") != 0)
    {
      const char *history_argv[] = { argv[0], "history", NULL };
      g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_SILENCE);
      g_autoptr(GSubprocess) process = NULL;

      fflush (stdout);
      g_subprocess_launcher_setenv (launcher, "GSK_RENDERER", "cairo", TRUE);
      process = g_subprocess_launcher_spawnv (launcher, history_argv, NULL);
      if (process != NULL)
        g_subprocess_wait (process, NULL, NULL);
    }
  return 0;
}
