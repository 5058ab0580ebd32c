/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-gui: launch to first frame of the sample game against a minimal
 * libadwaita window, in one run on the same X server; and, in the app's
 * window, the time from selecting each history entry to the frame that shows
 * the table as it was. Reports; never fails. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench-ui.h"
#include "xq-application.h"
#include "xq-document.h"
#include "xq-history-view.h"
#include "xq-session-file.h"
#include "xq-window.h"

#define LAUNCH_RUNS 15
#define FRAME_MS 16.0
/* Measured sweeps over the history; each entry's time is its median, so a
 * one-off hiccup of the shared machine does not define the worst entry, but
 * an entry slow every time does. */
#define HISTORY_SWEEPS 3
/* Frames of an empty window timed for the renderer's floor. */
#define FLOOR_FRAMES 31

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

  g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "memory", TRUE);
  g_subprocess_launcher_setenv (launcher, "GSETTINGS_SCHEMA_DIR", SCHEMA_DIR, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_STATE_HOME", state_dir, TRUE);
  /* The sample opened goes into recently-used.xbel: not the developer's. */
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", state_dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "NO_AT_BRIDGE", "1", TRUE);
  /* Off the desktop portals, as the tests are (tests/meson.build says why). */
  g_subprocess_launcher_setenv (launcher, "GTK_USE_PORTAL", "0", TRUE);
  g_subprocess_launcher_setenv (launcher, "ADW_DISABLE_PORTAL", "1", TRUE);
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

/* This thread's processor time in milliseconds: unlike the wall clock, not
 * stretched when the shared machine gives the process less of a core. */
static double
thread_cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

typedef struct
{
  gint64   start;
  gint64   paint_end;
  double   cpu_start;      /* thread_cpu_ms () at both ends */
  double   cpu_paint_end;
  gboolean done;
} Frame;

static void
frame_started (GdkFrameClock *clock,
               Frame         *frame)
{
  if (frame->start == 0)
    {
      frame->start = g_get_monotonic_time ();
      frame->cpu_start = thread_cpu_ms ();
    }
}

static void
painted (GdkFrameClock *clock,
         Frame         *frame)
{
  frame->paint_end = g_get_monotonic_time ();
  frame->cpu_paint_end = thread_cpu_ms ();
  frame->done = TRUE;
}

/* Runs the main loop until the window has drawn no frame for a while: a
 * revealer's animation or a scroll after the last selection has ended. */
static void
settle (Frame *frame)
{
  gint64 deadline = g_get_monotonic_time () + G_USEC_PER_SEC;
  gint64 quiet_since = g_get_monotonic_time ();

  frame->paint_end = 0;
  while (g_get_monotonic_time () < deadline && g_get_monotonic_time () - quiet_since < 40000)
    {
      if (g_main_context_iteration (NULL, FALSE))
        {
          if (frame->paint_end > quiet_since)
            quiet_since = frame->paint_end;
        }
      else
        g_usleep (1000);
    }
}

/* Selects history row @index, as a click does, and waits for the frame that
 * draws it. Returns the work in milliseconds: handling the selection, then
 * that frame (animations, layout and paint); not the wait for its tick.
 * @update_cpu: the processor time handling the selection took. */
static double
select_entry (GtkWidget *list,
              guint      index,
              Frame     *frame,
              double    *update,
              double    *update_cpu)
{
  gint64 start = g_get_monotonic_time ();
  double cpu_start = thread_cpu_ms ();

  memset (frame, 0, sizeof *frame);
  /* The history is a list view bound to the session now; an older build's
   * list box is still measured, so that the two can be compared. */
  if (GTK_IS_LIST_VIEW (list))
    gtk_selection_model_select_item (gtk_list_view_get_model (GTK_LIST_VIEW (list)), index, TRUE);
  else
    gtk_list_box_select_row (GTK_LIST_BOX (list), gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), (int) index));
  *update = (g_get_monotonic_time () - start) / 1000.0;
  *update_cpu = thread_cpu_ms () - cpu_start;
  while (!frame->done)
    g_main_context_iteration (NULL, TRUE);
  return *update + (frame->paint_end - frame->start) / 1000.0;
}

/* One frame of an empty window of the same size, where the frame redraws a
 * single label: what any frame costs under this renderer. GL on llvmpipe has
 * no buffer age, so GTK repaints the whole window in software every frame;
 * the cairo renderer repaints only the label. Median of FLOOR_FRAMES. */
static double
empty_window_frame (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *label = gtk_label_new ("0");
  double times[FLOOR_FRAMES];
  Frame frame = { 0 };
  GdkFrameClock *clock;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
  gtk_window_set_child (GTK_WINDOW (window), label);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "before-paint", G_CALLBACK (frame_started), &frame);
  g_signal_connect (clock, "after-paint", G_CALLBACK (painted), &frame);
  settle (&frame);
  for (guint i = 0; i < FLOOR_FRAMES; i++)
    {
      memset (&frame, 0, sizeof frame);
      gtk_label_set_text (GTK_LABEL (label), i % 2 ? "1" : "2");
      while (!frame.done)
        g_main_context_iteration (NULL, TRUE);
      times[i] = (frame.paint_end - frame.start) / 1000.0;
    }
  gtk_window_destroy (GTK_WINDOW (window));
  return median (times, FLOOR_FRAMES);
}

/* The window a player uses, at the screenshots' size, with the history
 * sidebar open: each entry of the sample game is selected in turn, and the
 * time to the end of the frame that draws the table as it was is taken. */
static void
bench_history (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (SAMPLE_PATH);
  g_autoptr(XqSession) session = xq_session_load (file, NULL, NULL, NULL, NULL);
  g_autoptr(XqApplication) app = xq_application_new ();
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  guint n = xq_session_get_n_moves (session);
  g_autofree double *times = g_new (double, (n + 1) * HISTORY_SWEEPS);
  g_autofree double *medians = g_new (double, n + 1);
  g_autofree double *sorted = g_new (double, n + 1);
  double raw_worst = 0, update_total = 0, update_cpu_total = 0, frame_cpu_total = 0, floor_ms;
  guint worst = 0, over = 0;
  Frame frame = { 0 };
  GdkFrameClock *clock;
  XqWindow *window;
  GtkWidget *history, *list;
  gulong start_handler, paint_handler;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, NULL))
    {
      printf ("history: could not start the application\n");
      return;
    }
  window = xq_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
  xq_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-history", NULL);
  history = bench_ui_find_descendant (GTK_WIDGET (window), XQ_TYPE_HISTORY_VIEW);
  list = bench_ui_find_descendant (history, GTK_TYPE_LIST_VIEW);
  if (list == NULL)
    list = bench_ui_find_descendant (history, GTK_TYPE_LIST_BOX);
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  start_handler = g_signal_connect (clock, "before-paint", G_CALLBACK (frame_started), &frame);
  paint_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (painted), &frame);
  settle (&frame);

  /* A first sweep warms the glyph and style caches, as a player's first look
   * at the history would; the next ones are measured. */
  for (guint sweep = 0; sweep <= HISTORY_SWEEPS; sweep++)
    for (guint position = 0; position <= n; position++)
      {
        double update, update_cpu;
        double t = select_entry (list, position, &frame, &update, &update_cpu);
        /* Taken before settling, whose later frames move its end. */
        double frame_cpu = frame.cpu_paint_end - frame.cpu_start;

        settle (&frame);
        if (sweep == 0)
          continue;
        update_total += update;
        update_cpu_total += update_cpu;
        frame_cpu_total += frame_cpu;
        times[position * HISTORY_SWEEPS + sweep - 1] = t;
        raw_worst = MAX (raw_worst, t);
      }
  g_signal_handler_disconnect (clock, start_handler);
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
  printf ("history entry to a drawn window, selection + frame (%u entries, median of %d sweeps each, %s): "
          "median %.2f ms, worst entry %.2f ms (entry %u), %u entries over %.0f ms (target: none)%s\n",
          n + 1, HISTORY_SWEEPS, G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))),
          median (sorted, n + 1), medians[worst], worst, over, FRAME_MS, over == 0 ? "" : " MISSED");
  printf ("  slowest single frame of all sweeps: %.2f ms; handling the selection: %.2f ms on average "
          "(%.2f ms of processor time); its frame: %.2f ms of processor time on average\n",
          raw_worst, update_total / ((n + 1) * HISTORY_SWEEPS), update_cpu_total / ((n + 1) * HISTORY_SWEEPS),
          frame_cpu_total / ((n + 1) * HISTORY_SWEEPS));
  if (g_getenv ("BENCH_GUI_PER_ENTRY") != NULL)
    for (guint position = 0; position <= n; position++)
      printf ("  entry %u: %.2f ms\n", position, medians[position]);
  gtk_window_destroy (GTK_WINDOW (window));
  floor_ms = empty_window_frame ();
  printf ("  an empty window of the same size redrawing one label: %.2f ms a frame; the median entry is %.2fx that\n",
          floor_ms, median (sorted, n + 1) / floor_ms);
}

int
main (int   argc,
      char *argv[])
{
  /* The history is measured in the app's own window, in this process: its
   * settings in memory, its autosave journals and recent files in a folder
   * of its own. */
  g_autofree char *state_dir = g_dir_make_tmp ("bench-gui-XXXXXX", NULL);

  if (!bench_ui_init ("bench-gui", state_dir))
    return 0;
  /* "bench-gui history": only the history, in this process's renderer. */
  if (argc >= 2 && g_str_equal (argv[1], "history"))
    {
      bench_history ();
      remove_tree (state_dir);
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
  remove_tree (state_dir);
  return 0;
}
