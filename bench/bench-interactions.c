/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-interactions: what a player waits for at the table (issue #27). For
 * each interaction — record a turn, undo, redo, a click in the history, a
 * step through it, F9, opening the audit, the review's results, a resize to a
 * phone's width — the time from the input to the end of the first frame
 * drawn after it, and the longest the main loop went without turning while
 * it was handled (for the review's results and a PDF export, the longest
 * stall while they come); on the sample game and on games of 1,000 and 5,000 moves,
 * beside a bare window's frame for a label that changed (the floor every
 * frame pays), in the same run; opening the audit also beside opening a bare
 * window of its size (the floor of a new window's first frame), and closing
 * it with the longest stall until all it held is freed; the resize also
 * beside a bare window's resize, and to the frame that shows the phone's
 * layout whole (a leaflet's fold may take frames). Then the app's memory with a 5,000-move game:
 * loaded, with the history and audit open, and after the audit is closed.
 * Reports ratios; never fails. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "bench-games.h"
#include "bench-timing.h"
#include "bench-ui.h"
#include "fx-audit-review-page.h"
#include "fx-audit-window.h"
#include "fx-random-play.h"
#include "leaflet-folds.h"
#include "xq-application.h"
#include "xq-document.h"
#include "xq-history-view.h"
#include "xq-session-file.h"
#include "xq-window.h"

/* Repetitions of each interaction (--runs); each figure is their median. */
#define MAX_RUNS 101
static int runs = 11;
#define FRAME_MS 16.7
#define STALL_TICK_MS 2
/* No frame for this long: nothing more was to be drawn. */
#define SETTLED_US (200 * 1000)

static XqApplication *app;
/* A bare window's frame in this run: what every figure is set beside. */
static double floor_ms;

/* --game and --part: which games and which interactions (all by default),
 * so one of them can be profiled alone. */
static char **only_games;
static char **only_parts;

static gboolean
wanted (char       **only,
        const char  *name)
{
  return only == NULL || g_strv_contains ((const char * const *) only, name);
}

/* --- measuring ---------------------------------------------------------- */

static double
median (double *values,
        guint   n)
{
  if (n == 0)
    return 0;
  qsort (values, n, sizeof (double), bench_compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* The main loop's pulse: a high-priority tick every STALL_TICK_MS, and the
 * longest gap between two ticks since the last reset. */
typedef struct
{
  gint64 last;
  gint64 longest;
} Pulse;

static gboolean
pulse_tick (gpointer data)
{
  Pulse *pulse = data;
  gint64 now = g_get_monotonic_time ();

  if (pulse->last != 0)
    pulse->longest = MAX (pulse->longest, now - pulse->last);
  pulse->last = now;
  return G_SOURCE_CONTINUE;
}

static void
pulse_reset (Pulse *pulse)
{
  pulse->last = g_get_monotonic_time ();
  pulse->longest = 0;
}

/* The end of the first frame drawn after the input, and where the time
 * went: the input's own handler, the main loop until the frame began, the
 * frame's layout phase (style, measure, allocate) and its paint phase
 * (snapshot and render). */
typedef struct
{
  gint64   handled;
  gint64   began;
  gint64   laid_out;
  gint64   painted;
  gboolean done;
} Frame;

static void
frame_began (GdkFrameClock *clock,
             Frame         *frame)
{
  frame->began = g_get_monotonic_time ();
}

static void
frame_laid_out (GdkFrameClock *clock,
                Frame         *frame)
{
  frame->laid_out = g_get_monotonic_time ();
}

static void
frame_painted (GdkFrameClock *clock,
               Frame         *frame)
{
  frame->painted = g_get_monotonic_time ();
  frame->done = TRUE;
}

/* The phases of the last frame timed (milliseconds), for the report. */
typedef enum
{
  PHASE_HANDLER,
  PHASE_WAIT,
  PHASE_LAYOUT,
  PHASE_PAINT,
  PHASE_SIZE,
  N_PHASES
} Phase;

static double last_phases[N_PHASES];

/* The window's size computations (GdkToplevel::compute-size, GTK measuring
 * the whole window's least and natural size), summed since the input. GDK
 * X11 runs one in an idle after any widget's size changed, before the
 * frame: it is part of "to the frame". */
static gint64 size_began, size_total;

static gboolean
size_computation_begins (GSignalInvocationHint *hint,
                         guint                  n_values,
                         const GValue          *values,
                         gpointer               data)
{
  size_began = g_get_monotonic_time ();
  return TRUE;
}

static void
size_computed (GdkToplevel     *toplevel,
               GdkToplevelSize *size,
               gpointer         data)
{
  if (size_began != 0)
    size_total += g_get_monotonic_time () - size_began;
  size_began = 0;
}

/* Times @window's size computations from now on: a hook runs before the
 * signal's handlers, this handler after GTK's. */
static void
watch_size_computations (GtkWidget *window)
{
  static gboolean hooked;

  if (!hooked)
    g_signal_add_emission_hook (g_signal_lookup ("compute-size", GDK_TYPE_TOPLEVEL), 0, size_computation_begins,
                                NULL, NULL);
  hooked = TRUE;
  g_signal_connect_after (gtk_native_get_surface (GTK_NATIVE (window)), "compute-size", G_CALLBACK (size_computed),
                          NULL);
}

/* When a watched window last drew a frame. */
static gint64 last_paint;

static void
note_paint (GdkFrameClock *clock,
            gpointer       data)
{
  last_paint = g_get_monotonic_time ();
}

static void
watch_paints (GtkWidget *window)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (note_paint), NULL);
}

/* Runs the main loop until no watched window has drawn for 60 ms
 * (animations over); the pulse's ticks are no sign of work. */
static void
settle (void)
{
  gint64 start = g_get_monotonic_time ();

  last_paint = start;
  while (g_get_monotonic_time () - last_paint < 60000 && g_get_monotonic_time () - start < 3 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
}

typedef gboolean (*Interaction) (gpointer data);

/* Performs @interaction (the input), then runs the main loop until the
 * frame clock of @window has painted a frame and, if @ready is given, until
 * it says the result is shown (a frame painted after that). A NULL @window:
 * a frame of any watched window once @ready says so (opening the audit
 * draws the audit, and the game window may draw nothing at all). Returns
 * the milliseconds from the input to that frame; @stall, the main loop's
 * longest gap meanwhile. */
static double
time_interaction (GtkWidget   *window,
                  Interaction  interaction,
                  Interaction  ready,
                  gpointer     data,
                  Pulse       *pulse,
                  double      *stall)
{
  GdkFrameClock *clock = window != NULL ? gtk_widget_get_frame_clock (window) : NULL;
  Frame frame = { 0 };
  gulong handlers[3] = { 0 };
  gint64 start, deadline, ready_at = 0;
  double elapsed;

  if (clock != NULL)
    {
      /* After GTK's own handlers of each phase, which do the work. */
      handlers[0] = g_signal_connect (clock, "before-paint", G_CALLBACK (frame_began), &frame);
      handlers[1] = g_signal_connect_after (clock, "layout", G_CALLBACK (frame_laid_out), &frame);
      handlers[2] = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_painted), &frame);
    }
  pulse_reset (pulse);
  size_total = 0;
  start = g_get_monotonic_time ();
  if (!interaction (data))
    {
      for (guint i = 0; i < G_N_ELEMENTS (handlers); i++)
        if (handlers[i] != 0)
          g_signal_handler_disconnect (clock, handlers[i]);
      *stall = -1;
      return -1;
    }
  frame.handled = g_get_monotonic_time ();
  deadline = start + 30 * G_USEC_PER_SEC;
  for (;;)
    {
      g_main_context_iteration (NULL, TRUE);
      if (clock == NULL)
        {
          if (ready_at == 0 && ready (data))
            ready_at = g_get_monotonic_time ();
          if (ready_at != 0 && last_paint >= ready_at)
            {
              frame.painted = last_paint;
              break;
            }
        }
      else if (frame.done && (ready == NULL || ready (data)))
        break;
      if (frame.done)
        frame.done = FALSE;
      if (g_get_monotonic_time () > deadline)
        break;
    }
  elapsed = (frame.painted - start) / 1000.0;
  *stall = pulse->longest / 1000.0;
  last_phases[PHASE_HANDLER] = (frame.handled - start) / 1000.0;
  last_phases[PHASE_WAIT] = frame.began > frame.handled ? (frame.began - frame.handled) / 1000.0 : 0;
  last_phases[PHASE_LAYOUT] = frame.laid_out > frame.began ? (frame.laid_out - frame.began) / 1000.0 : 0;
  last_phases[PHASE_PAINT] = frame.painted > frame.laid_out ? (frame.painted - frame.laid_out) / 1000.0 : 0;
  last_phases[PHASE_SIZE] = size_total / 1000.0;
  for (guint i = 0; i < G_N_ELEMENTS (handlers); i++)
    if (handlers[i] != 0)
      g_signal_handler_disconnect (clock, handlers[i]);
  settle ();
  return elapsed;
}

/* --- the interactions ---------------------------------------------------- */

typedef struct
{
  XqWindow  *window;
  XqSession *session;
  FxRng      rng;
  guint      position;
  GtkWidget *list;
} Table;

/* A turn as the move bar records it: one group of moves, in @moves. A turn
 * that would end the game is passed over, as the long games' generator does. */
static guint
find_turn (Table  *t,
           FxMove *moves)
{
  const FxSetup *setup = xq_session_get_setup (t->session);

  for (guint tries = 0; tries < 50 && !fx_state_is_over (xq_session_get_state (t->session)); tries++)
    {
      FxState after = *(const FxState *) xq_session_get_state (t->session);
      guint n = fx_random_turn (setup, &after, &t->rng, &fx_random_style_dealing, moves);
      gboolean ends = FALSE;

      for (guint i = 0; i < n && !ends; i++)
        ends = !fx_state_apply (setup, &after, &moves[i], NULL) || fx_state_is_over (&after);
      if (!ends)
        return n;
    }
  return 0;
}

static gboolean
record_turn (gpointer data)
{
  Table *t = data;
  FxMove moves[2];
  guint n = find_turn (t, moves);

  return n > 0 && xq_session_play_group (t->session, moves, NULL, n, NULL);
}

/* The long games end where they were cut, often with every turn left
 * ending the game (the contract the queue settles next bankrupts a
 * player). The table tops every purse up first, as the generator does, so
 * that a turn can be recorded; none of this is measured. */
static void
make_a_turn_possible (Table *t)
{
  FxMove moves[2];

  for (guint round = 0; round < 4 && find_turn (t, moves) == 0; round++)
    for (guint player = 0; player < ((const FxState *) xq_session_get_state (t->session))->n_players; player++)
      for (guint currency = 0; currency < FX_N_CURRENCIES; currency++)
        {
          FxMove top_up;

          /* A cash correction sets the purse: 200 more bucks. */
          fx_move_init (&top_up, FX_MOVE_CORRECT_CASH);
          top_up.other = (gint8) player;
          top_up.cur[0] = (gint8) currency;
          top_up.amount = ((const FxState *) xq_session_get_state (t->session))->cash[player][currency] + 400;
          xq_session_play (t->session, &top_up, "table fix", NULL);
        }
}

static gboolean
undo (gpointer data)
{
  return gtk_widget_activate_action (GTK_WIDGET (((Table *) data)->window), "win.undo", NULL);
}

static gboolean
redo (gpointer data)
{
  return gtk_widget_activate_action (GTK_WIDGET (((Table *) data)->window), "win.redo", NULL);
}

static gboolean
toggle_history (gpointer data)
{
  return gtk_widget_activate_action (GTK_WIDGET (((Table *) data)->window), "win.toggle-history", NULL);
}

/* The move a history row shows: the number its first label starts with
 * (row N is the table after N moves; "5,012" in English), or G_MAXUINT. */
static guint
row_position (GtkWidget *row)
{
  if (GTK_IS_LABEL (row) && g_ascii_isdigit (gtk_label_get_text (GTK_LABEL (row))[0]))
    {
      guint position = 0;

      for (const char *c = gtk_label_get_text (GTK_LABEL (row)); *c != '\0' && *c != ' '; c++)
        if (g_ascii_isdigit (*c))
          position = 10 * position + (guint) (*c - '0');
      return position;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (row); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      guint position = row_position (child);

      if (position != G_MAXUINT)
        return position;
    }
  return G_MAXUINT;
}

/* A click on a row a player sees: one wholly in the list's view, not the
 * one selected, as the click's gesture selects it. */
static gboolean
history_click (gpointer data)
{
  Table *t = data;
  GtkWidget *scrolled = gtk_widget_get_ancestor (t->list, GTK_TYPE_SCROLLED_WINDOW);
  g_autoptr(GArray) in_view = g_array_new (FALSE, FALSE, sizeof (guint));

  for (GtkWidget *row = gtk_widget_get_first_child (t->list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      graphene_rect_t bounds;
      guint position = row_position (row);

      if (position != G_MAXUINT && position != t->position && gtk_widget_get_mapped (row)
          && gtk_widget_compute_bounds (row, scrolled, &bounds) && bounds.origin.y >= 0
          && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scrolled))
        g_array_append_val (in_view, position);
    }
  if (in_view->len == 0)
    return FALSE;
  t->position = g_array_index (in_view, guint, fx_rng_below (&t->rng, in_view->len));
  return gtk_widget_activate_action (t->list, "list.select-item", "(ubb)", t->position, FALSE, FALSE);
}

/* A jump to a move anywhere in the game, far out of view (a move chosen
 * in the audit's charts): the list scrolls to it. */
static gboolean
history_jump (gpointer data)
{
  Table *t = data;
  guint n = xq_session_get_n_moves (t->session);

  t->position = 1 + fx_rng_below (&t->rng, MAX (n, 1));
  gtk_selection_model_select_item (gtk_list_view_get_model (GTK_LIST_VIEW (t->list)), t->position, TRUE);
  return TRUE;
}

/* ↑ in the list: the action GTK's list view binds to the key. */
static gboolean
history_step (gpointer data)
{
  Table *t = data;

  if (t->position == 0)
    t->position = xq_session_get_n_moves (t->session);
  t->position--;
  return gtk_widget_activate_action (t->list, "list.select-item", "(ubb)", t->position, FALSE, FALSE);
}

static gboolean
open_audit (gpointer data)
{
  return gtk_widget_activate_action (GTK_WIDGET (((Table *) data)->window), "win.audit", NULL);
}

static FxAuditWindow *
find_audit (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      /* Not one made ahead and kept hidden, nor one closed and still
       * being taken down. */
      if (FX_IS_AUDIT_WINDOW (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return FX_AUDIT_WINDOW (window);
    }
  return NULL;
}

static gboolean
audit_shown (gpointer data)
{
  FxAuditWindow *audit = find_audit ();
  gboolean loading = FALSE;

  if (audit == NULL || !gtk_widget_get_mapped (GTK_WIDGET (audit)))
    return FALSE;
  if (g_object_get_data (G_OBJECT (audit), "bench-watched") == NULL)
    {
      g_object_set_data (G_OBJECT (audit), "bench-watched", GINT_TO_POINTER (1));
      watch_paints (GTK_WIDGET (audit));
    }
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (audit), "loading") != NULL)
    g_object_get (audit, "loading", &loading, NULL);
  return !loading;
}

/* The audit shown and every section and table row of its page in:
 * what comes a frame at a time after the first frame (issue 27). */
static gboolean
audit_filled (gpointer data)
{
  FxAuditWindow *audit = find_audit ();

  if (!audit_shown (data) || fx_audit_window_is_filling (audit))
    return FALSE;
  /* The frame that showed the last rows may be over already: one more
   * ends the measure. */
  gtk_widget_queue_draw (GTK_WIDGET (audit));
  return TRUE;
}

/* A bare libadwaita window of the audit's size, opened over the game's
 * window: what a new window's first frame costs under this renderer, the
 * floor that opening the audit is set beside. */
static GtkWidget *bare_window;

static gboolean
open_bare_window (gpointer data)
{
  bare_window = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (bare_window), 1000, 820);
  gtk_window_set_transient_for (GTK_WINDOW (bare_window), GTK_WINDOW (((Table *) data)->window));
  adw_window_set_content (ADW_WINDOW (bare_window), gtk_label_new ("Audit and Statistics"));
  gtk_window_present (GTK_WINDOW (bare_window));
  return TRUE;
}

static gboolean
bare_window_shown (gpointer data)
{
  if (!gtk_widget_get_mapped (bare_window))
    return FALSE;
  if (g_object_get_data (G_OBJECT (bare_window), "bench-watched") == NULL)
    {
      g_object_set_data (G_OBJECT (bare_window), "bench-watched", GINT_TO_POINTER (1));
      watch_paints (bare_window);
    }
  return TRUE;
}

/* The game's window makes its next audit ahead of Ctrl+I once one closes
 * (a hidden window, its figures worked out on a worker): a player takes
 * longer than the bench to press Ctrl+I again, so the bench waits for it. */
static void
wait_for_audit_made_ahead (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (FX_IS_AUDIT_WINDOW (window) && !gtk_widget_get_visible (GTK_WIDGET (window)))
        while (fx_audit_window_is_loading (FX_AUDIT_WINDOW (window)) && g_get_monotonic_time () < deadline)
          g_main_context_iteration (NULL, TRUE);
    }
}

/* Closes the audit as Escape does, and runs the main loop until the
 * window is gone with everything it held. Returns the milliseconds that
 * took (-1: no audit was open); @stall, the main loop's longest gap
 * meanwhile. */
static double
close_audit_timed (Pulse  *pulse,
                   double *stall)
{
  FxAuditWindow *audit = find_audit ();
  gint64 start, deadline;
  double elapsed;

  *stall = -1;
  if (audit == NULL)
    return -1;
  g_object_add_weak_pointer (G_OBJECT (audit), (gpointer *) &audit);
  pulse_reset (pulse);
  start = g_get_monotonic_time ();
  deadline = start + 30 * G_USEC_PER_SEC;
  gtk_widget_activate_action (GTK_WIDGET (audit), "window.close", NULL);
  while (audit != NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  elapsed = (g_get_monotonic_time () - start) / 1000.0;
  /* The gap the last step left open, if the loop has not turned since. */
  pulse_tick (pulse);
  *stall = pulse->longest / 1000.0;
  if (audit != NULL)
    g_object_remove_weak_pointer (G_OBJECT (audit), (gpointer *) &audit);
  settle ();
  wait_for_audit_made_ahead ();
  return elapsed;
}

static void
close_audit (void)
{
  double stall;
  Pulse pulse = { 0 };

  close_audit_timed (&pulse, &stall);
}

static gboolean
start_review (gpointer data)
{
  FxAuditWindow *audit = find_audit ();

  if (audit == NULL)
    return FALSE;
  fx_audit_window_show_page (audit, "review");
  fx_audit_window_start_review (audit);
  return TRUE;
}

/* The results shown, every turn's row listed (they come a batch at a time,
 * and the stalls while they come count). */
static gboolean
review_done (gpointer data)
{
  FxAuditWindow *audit = find_audit ();
  GtkWidget *page;

  if (audit == NULL || g_strcmp0 (fx_audit_window_get_review_state (audit), "done") != 0)
    return FALSE;
  page = bench_ui_find_descendant (GTK_WIDGET (audit), FX_TYPE_AUDIT_REVIEW_PAGE);
  return page == NULL || !fx_audit_review_page_is_filling (FX_AUDIT_REVIEW_PAGE (page));
}

/* The review's results as they are shown, apart from the review itself:
 * the review runs on a worker for as long as the game needs (a minute and
 * more at 5,000 moves on two busy cores), which the 30 s an interaction is
 * given cut short, reporting a frame of the progress bar as the results.
 * So: the review runs to its end, its longest stall reported; the stalls
 * counted from the main-loop turn that takes the results in (the gap the
 * pulse is in when the page says "done" is the one that shows them) to the
 * frame after the last of them and the history's marks. */
static void
time_review (const char *name,
             Pulse      *pulse)
{
  FxAuditWindow *audit = find_audit ();
  gint64 start, done_at = 0, filled_at = 0, painted = 0;
  double running_stall = 0;
  gboolean seen_running = FALSE;

  if (audit == NULL)
    return;
  start_review (NULL);
  pulse_reset (pulse);
  start = g_get_monotonic_time ();
  for (;;)
    {
      g_main_context_iteration (NULL, TRUE);
      if (done_at == 0 && g_strcmp0 (fx_audit_window_get_review_state (audit), "done") == 0)
        {
          /* Not reset: the gap now open, which took the results in, counts. */
          running_stall = pulse->longest / 1000.0;
          pulse->longest = 0;
          done_at = g_get_monotonic_time ();
        }
      /* Every row listed and the history told the grades: the frame after. */
      if (done_at != 0 && filled_at == 0 && review_done (NULL))
        filled_at = g_get_monotonic_time ();
      /* The frame after them; or, when none comes (the last batch drawn in
       * the frame that saw it in), the moment they were all in. */
      if (filled_at != 0 && (last_paint > filled_at || g_get_monotonic_time () - filled_at > SETTLED_US))
        {
          painted = MAX (last_paint, filled_at);
          break;
        }
      if (g_strcmp0 (fx_audit_window_get_review_state (audit), "running") == 0)
        seen_running = TRUE;
      if ((seen_running && g_strcmp0 (fx_audit_window_get_review_state (audit), "start") == 0)
          || g_get_monotonic_time () - start > 600 * G_USEC_PER_SEC)
        {
          printf ("  %-34s %-16s the review did not finish\n", "review", name);
          return;
        }
    }
  printf ("  %-34s %-16s %7.1f s on its worker  longest stall %7.1f ms%s\n", "review: running", name,
          (done_at - start) / (double) G_USEC_PER_SEC, running_stall,
          running_stall > 2 * FRAME_MS ? "  over target" : "");
  printf ("  %-34s %-16s %7.1f ms to the last row drawn  longest stall %7.1f ms (%4.1fx the floor)%s\n",
          "review: results shown", name, (painted - done_at) / 1000.0, pulse->longest / 1000.0,
          floor_ms > 0 ? pulse->longest / 1000.0 / floor_ms : 0,
          pulse->longest > 2 * FRAME_MS * 1000 ? "  over target" : "");
  settle ();
}

/* Export… of a PDF, the game reviewed already when the review part ran:
 * the wall time to the written file and the main loop's longest stall
 * meanwhile. */
static void
time_pdf_export (const char *name,
                 Pulse      *pulse)
{
  FxAuditWindow *audit = find_audit ();
  g_autofree char *dir = g_dir_make_tmp ("bench-interactions-pdf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gboolean reviewed;
  gint64 start;

  if (audit == NULL || dir == NULL)
    return;
  reviewed = g_strcmp0 (fx_audit_window_get_review_state (audit), "done") == 0;
  pulse_reset (pulse);
  start = g_get_monotonic_time ();
  fx_audit_window_export_pdf (audit, file);
  while (fx_audit_window_is_busy (audit) && g_get_monotonic_time () - start < 600 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  printf ("  %-34s %-16s %7.1f s to the file%s  longest stall %7.1f ms (%4.1fx the floor)%s\n",
          reviewed ? "PDF export (reviewed)" : "PDF export (with its review)", name,
          (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC,
          g_file_test (path, G_FILE_TEST_EXISTS) ? "" : " (none written)", pulse->longest / 1000.0,
          floor_ms > 0 ? pulse->longest / 1000.0 / floor_ms : 0,
          pulse->longest > 2 * FRAME_MS * 1000 ? "  over target" : "");
  settle ();
  g_remove (path);
  g_rmdir (dir);
}

static gboolean
resize_to_phone (gpointer data)
{
  Table *t = data;

  gtk_window_set_default_size (GTK_WINDOW (t->window), 360, 720);
  return TRUE;
}

static gboolean
phone_width (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (((Table *) data)->window)) <= 400;
}

/* At a phone's width with every fold over: the phone's layout whole, not
 * a frame of a fold on the way there. */
static gboolean
phone_layout_shown (gpointer data)
{
  return phone_width (data) && leaflet_folds_over (GTK_WIDGET (((Table *) data)->window));
}

/* Back to the laptop's width, untimed, for the next resize. */
static gboolean
resize_back (gpointer data)
{
  Table *t = data;

  gtk_window_set_default_size (GTK_WINDOW (t->window), 1280, 800);
  while (gtk_widget_get_width (GTK_WIDGET (t->window)) <= 400)
    g_main_context_iteration (NULL, TRUE);
  return TRUE;
}

/* --- the report ---------------------------------------------------------- */

static void
report (const char *interaction,
        const char *game,
        double     *times,
        double     *stalls,
        guint       n)
{
  double t = median (times, n);
  double worst_stall = 0;

  for (guint i = 0; i < n; i++)
    worst_stall = MAX (worst_stall, stalls[i]);
  printf ("  %-34s %-16s median %7.1f ms (%5.1fx the floor)  longest stall %7.1f ms%s\n", interaction, game, t,
          floor_ms > 0 ? t / floor_ms : 0, worst_stall,
          t > FRAME_MS || worst_stall > 2 * FRAME_MS ? "  over target" : "");
}

static void
repeat (const char  *interaction,
        const char  *game,
        Table       *t,
        Interaction  act,
        Interaction  ready,
        Interaction  undo_it,
        Pulse       *pulse)
{
  double times[MAX_RUNS], stalls[MAX_RUNS], phases[N_PHASES][MAX_RUNS];
  guint n = 0;

  for (guint i = 0; i < (guint) runs; i++)
    {
      double stall;
      double ms = time_interaction (GTK_WIDGET (t->window), act, ready, t, pulse, &stall);

      if (ms >= 0)
        {
          for (guint p = 0; p < N_PHASES; p++)
            phases[p][n] = last_phases[p];
          times[n] = ms;
          stalls[n++] = stall;
        }
      if (undo_it != NULL)
        {
          undo_it (t);
          settle ();
        }
    }
  if (n == 0)
    printf ("  %-34s %-16s could not be done\n", interaction, game);
  else
    {
      report (interaction, game, times, stalls, n);
      printf ("  %-34s %-16s where: handler %.1f, to the frame %.1f, layout %.1f, paint %.1f ms;"
              " the window's size %.1f (medians)\n", "", "", median (phases[PHASE_HANDLER], n),
              median (phases[PHASE_WAIT], n), median (phases[PHASE_LAYOUT], n), median (phases[PHASE_PAINT], n),
              median (phases[PHASE_SIZE], n));
    }
}

/* A bare libadwaita window of the game window's size holding @content,
 * shown, its frames watched and settled: the floors are measured on it. */
static GtkWidget *
bare_window_new (GtkWidget *content)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), content);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  watch_paints (window);
  settle ();
  return window;
}

/* A bare libadwaita window of the game window's size, one label in it,
 * taken to a phone's width the same way: what laying out and drawing a
 * whole window anew at 360 px costs under this renderer, the floor the
 * resize is set beside (as opening the audit is beside a bare window's). */
static void
resize_bare_window (const char *game,
                    Pulse      *pulse)
{
  GtkWidget *window = bare_window_new (gtk_label_new ("Currency Board"));
  /* The interactions reach the window through the table's pointer only. */
  Table bare = { .window = (XqWindow *) window };

  repeat ("resize a bare window (its floor)", game, &bare, resize_to_phone, phone_width, resize_back, pulse);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* A bare libadwaita window of the same size whose one label changes: what
 * any frame costs under this renderer, the same-run floor. */
static double
bare_window_frame (Pulse *pulse)
{
  GtkWidget *label = gtk_label_new ("0");
  GtkWidget *window = bare_window_new (label);
  double times[MAX_RUNS];

  for (guint i = 0; i < (guint) runs; i++)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
      Frame frame = { 0 };
      gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_painted), &frame);
      gint64 start = g_get_monotonic_time ();

      gtk_label_set_text (GTK_LABEL (label), i % 2 ? "1" : "2");
      while (!frame.done)
        g_main_context_iteration (NULL, TRUE);
      times[i] = (frame.painted - start) / 1000.0;
      g_signal_handler_disconnect (clock, handler);
      settle ();
    }
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
  return median (times, runs);
}

static void
bench_game (const char *name,
            XqSession  *session,
            Pulse      *pulse,
            gboolean    memory)
{
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  Table t = { 0 };
  double loaded_mb = 0, open_mb = 0, closed_mb = 0;

  memory = memory && wanted (only_parts, "memory");
  fx_rng_init (&t.rng, 7);
  t.session = session;
  make_a_turn_possible (&t);
  t.window = xq_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (t.window), 1280, 800);
  xq_window_set_document (t.window, document);
  gtk_window_present (GTK_WINDOW (t.window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (t.window)))
    g_main_context_iteration (NULL, TRUE);
  watch_paints (GTK_WIDGET (t.window));
  watch_size_computations (GTK_WIDGET (t.window));
  settle ();
  /* Loaded: with the audit the window makes ahead, if it does. */
  wait_for_audit_made_ahead ();
  loaded_mb = bench_ui_resident_mb ();

  printf ("%s (%u moves)\n", name, xq_session_get_n_moves (session));
  if (wanted (only_parts, "table"))
    {
      repeat ("record a turn", name, &t, record_turn, NULL, undo, pulse);
      record_turn (&t);
      settle ();
      repeat ("undo", name, &t, undo, NULL, redo, pulse);
      /* Each redo measured has a turn undone before it. */
      undo (&t);
      settle ();
      repeat ("redo", name, &t, redo, NULL, undo, pulse);
      repeat ("open the history (F9)", name, &t, toggle_history, NULL, toggle_history, pulse);
    }
  toggle_history (&t);
  settle ();
  t.list = bench_ui_find_descendant (bench_ui_find_descendant (GTK_WIDGET (t.window), XQ_TYPE_HISTORY_VIEW), GTK_TYPE_LIST_VIEW);
  if (t.list != NULL && wanted (only_parts, "history"))
    {
      repeat ("select a history entry (click)", name, &t, history_click, NULL, NULL, pulse);
      repeat ("jump to a far history entry", name, &t, history_jump, NULL, NULL, pulse);
      repeat ("step through the history (↑)", name, &t, history_step, NULL, NULL, pulse);
    }
  xq_history_view_set_position (XQ_HISTORY_VIEW (bench_ui_find_descendant (GTK_WIDGET (t.window), XQ_TYPE_HISTORY_VIEW)),
                                G_MAXUINT);
  settle ();
  if (!wanted (only_parts, "audit") && !wanted (only_parts, "review") && !wanted (only_parts, "pdf") && !memory)
    goto resize;
  {
    double times[MAX_RUNS], stalls[MAX_RUNS], close_times[MAX_RUNS], close_stalls[MAX_RUNS];
    guint closes = 0;

    for (guint i = 0; i < (guint) runs; i++)
      {
        times[i] = time_interaction (NULL, open_audit, audit_shown, &t, pulse, &stalls[i]);
        if (i + 1 < (guint) runs)
          {
            close_times[closes] = close_audit_timed (pulse, &close_stalls[closes]);
            closes += close_times[closes] >= 0;
          }
      }
    report ("open the audit", name, times, stalls, runs);
    for (guint i = 0; i < (guint) runs; i++)
      {
        times[i] = time_interaction (NULL, open_bare_window, bare_window_shown, &t, pulse, &stalls[i]);
        gtk_window_destroy (GTK_WINDOW (bare_window));
        settle ();
      }
    report ("open a bare window (its floor)", name, times, stalls, runs);
    if (closes > 0)
      {
        double worst = 0;

        for (guint i = 0; i < closes; i++)
          worst = MAX (worst, close_stalls[i]);
        printf ("  %-34s %-16s %7.1f ms until all it held is freed  longest stall %7.1f ms%s\n",
                "close the audit (Esc)", name, median (close_times, closes), worst,
                worst > 2 * FRAME_MS ? "  over target" : "");
      }
  }
  {
    double stall, ms;

    close_audit ();
    ms = time_interaction (NULL, open_audit, audit_filled, &t, pulse, &stall);
    printf ("  %-34s %-16s %7.1f ms to the last section and row  longest stall %7.1f ms%s\n", "audit: filled", name,
            ms, stall, stall > 2 * FRAME_MS ? "  over target" : "");
  }
  if (memory)
    open_mb = bench_ui_resident_mb ();
  if (wanted (only_parts, "review"))
    time_review (name, pulse);
  if (wanted (only_parts, "pdf"))
    time_pdf_export (name, pulse);
  close_audit ();
  if (memory)
    {
      /* Give the allocator's free pages back before reading. */
      closed_mb = bench_ui_resident_mb ();
      printf ("  memory: loaded %.0f MB; history and audit open %.0f MB (%.2fx); audit closed again %.0f MB (%.2fx)\n",
              loaded_mb, open_mb, open_mb / loaded_mb, closed_mb, closed_mb / loaded_mb);
    }
resize:
  if (wanted (only_parts, "resize"))
    {
      repeat ("resize to 360 px", name, &t, resize_to_phone, phone_width, resize_back, pulse);
      repeat ("resize: the phone's layout shown", name, &t, resize_to_phone, phone_layout_shown, resize_back, pulse);
      resize_bare_window (name, pulse);
    }
  xq_document_discard_journal (document);
  gtk_window_destroy (GTK_WINDOW (t.window));
  settle ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = g_dir_make_tmp ("bench-interactions-XXXXXX", NULL);
  g_autoptr(GFile) sample_file = g_file_new_for_path (SAMPLE_PATH);
  g_autoptr(XqSession) sample = NULL;
  Pulse pulse = { 0 };
  const GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING_ARRAY, &only_games, "Only this game (sample, 1k, 5k); repeatable", "GAME" },
    { "part", 0, 0, G_OPTION_ARG_STRING_ARRAY, &only_parts,
      "Only these interactions (table, history, audit, review, pdf, memory, resize); repeatable", "PART" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Repetitions of each interaction (1 to 101; 11 by default)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- input to frame for each interaction");
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      printf ("bench-interactions: %s\n", error->message);
      return 0;
    }
  runs = CLAMP (runs, 1, MAX_RUNS);
  /* Each line as it is measured, also into a pipe. */
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (!bench_ui_init ("bench-interactions", state_dir)
      || (app = bench_ui_new_application ("bench-interactions")) == NULL)
    return 0;
  g_timeout_add_full (G_PRIORITY_HIGH, STALL_TICK_MS, pulse_tick, &pulse, NULL);

  floor_ms = bare_window_frame (&pulse);
  printf ("input to the end of the first frame drawn after it, median of %d (%s renderer); "
          "a bare window's frame for a changed label, the floor: %.1f ms\n",
          runs, g_getenv ("GSK_RENDERER") != NULL ? g_getenv ("GSK_RENDERER") : "default", floor_ms);

  sample = xq_session_load (sample_file, NULL, NULL, NULL, NULL);
  if (sample != NULL && wanted (only_games, "sample"))
    {
      /* The sample game is over; its table three turns before the end is
       * one where a turn can still be recorded. */
      g_autoptr(XqSession) playing = bench_first_turns (sample, ((const FxState *) xq_session_get_state (sample))->turn - 3);

      bench_game ("sample", playing, &pulse, FALSE);
    }
  if (wanted (only_games, "1k"))
    {
      g_autoptr(XqSession) game = fx_random_endless_game (1, 4, &fx_random_style_dealing, 1000);

      bench_game ("1,000 moves", game, &pulse, FALSE);
    }
  if (wanted (only_games, "5k"))
    {
      g_autoptr(XqSession) game = fx_random_endless_game (1, 4, &fx_random_style_dealing, 5000);

      bench_game ("5,000 moves", game, &pulse, TRUE);
    }
  g_object_unref (app);
  return 0;
}
