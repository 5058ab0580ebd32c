/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FxAuditWindow: the audit, statistics and charts of a For-Ex game, kept up to date as it is played.
 * The main file of a star: it works the figures out on a worker, runs the
 * workers of a review or a PDF, makes the long tables and holds the Charts
 * page; the pages' own files (-score, -stats, -review, -export) call only it. */

#include "config.h"

#include <glib/gi18n.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fx-audit-rows.h"
#include "fx-audit-window-private.h"
#include "fx-corrected.h"
#include "fx-dividends.h"
#include "fx-game.h"
#include "fx-report.h"
#include "fx-report-text.h"
#include "xq-a11y.h"
#include "xq-application.h"
#include "xq-library-watch.h"
#include "xq-window.h"

G_DEFINE_FINAL_TYPE (FxAuditWindow, fx_audit_window, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_LOADING,
  PROP_FILLING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SHOW_MOVE,
  MARK_MOVES,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void     load_figures (FxAuditWindow *self);
static void     make_page    (FxAuditWindow *self,
                              FxAuditPage    page);
static void     load_cancel  (FxAuditWindow *self);

static void
fill_charts (FxAuditWindow *self)
{
  FxSeries *series;
  const FxSetup *setup;
  g_autofree double *values = NULL;
  FxAuditChart *chart;
  guint pair = fx_audit_charts_page_get_pair (self->charts_page);

  /* The pair can change before the first load is done. */
  if (self->data == NULL)
    return;
  series = self->data->series;
  setup = xq_session_get_setup (self->game);
  values = g_new (double, series->n_points);

  chart = FX_AUDIT_CHART (self->charts[FX_AUDIT_CHART_STRENGTH]);
  fx_audit_chart_clear (chart, series->n_points);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      fx_chart_strength_values (series, c, values);
      fx_audit_chart_add_line (chart, fx_currency_code (c), (guint) c, values);
    }

  chart = FX_AUDIT_CHART (self->charts[FX_AUDIT_CHART_STANDINGS]);
  fx_audit_chart_clear (chart, series->n_points);
  for (guint p = 0; p < series->n_players; p++)
    {
      fx_chart_standing_values (series, p, values);
      fx_audit_chart_add_line (chart, setup->names[p], p, values);
    }

  chart = FX_AUDIT_CHART (self->charts[FX_AUDIT_CHART_RATE]);
  fx_audit_chart_clear (chart, series->n_points);
  if (pair < FX_N_PAIRS)
    {
      g_autofree char *label = NULL;
      FxCurrency a, b;

      fx_pair_currencies (pair, &a, &b);
      /* TRANSLATORS: the rate chart's line: what 1 GBP buys in EUR */
      label = g_strdup_printf (_("1 %s in %s"), fx_currency_code (a), fx_currency_code (b));
      fx_chart_rate_values (series, pair, values);
      fx_audit_chart_add_line (chart, label, 0, values);
    }
}

/* A page made, from the figures the last load worked out (load_figures):
 * a few dozen widgets whatever the game's length, and the rows in sight of
 * its long tables. */
static void
fill_page (FxAuditWindow *self,
           FxAuditPage    page)
{
  const FxState *state = xq_session_get_state (self->game);
  const char *status;

  switch (page)
    {
    case FX_AUDIT_PAGE_SCORE:
      if (state->status == FX_STATUS_PLAYING)
        status = _("Provisional: the game is still being played. The totals and winner are projected, as if every "
                   "turn from now on were a resolve; the conversions show the table as it is now.");
      else if (state->status == FX_STATUS_BANKRUPT)
        status = _("Final: the game ended with a bankruptcy.");
      else
        status = _("Final: the game ended when the queue was empty.");
      fx_audit_score_page_set_status (self->score_page, status, state->status == FX_STATUS_PLAYING);
      _fx_audit_score_fill (self);
      break;
    case FX_AUDIT_PAGE_STATS:
      _fx_audit_stats_fill (self);
      break;
    case FX_AUDIT_PAGE_CHARTS:
      fill_charts (self);
      break;
    case FX_AUDIT_PAGE_REVIEW:
    case FX_AUDIT_N_PAGES:
    default:
      /* The review runs when asked for. */
      break;
    }
}

/* The pages made so far, from the figures the last load worked out. */
static void
fill_pages (FxAuditWindow *self)
{
  const FxState *state = xq_session_get_state (self->game);

  adw_view_switcher_title_set_subtitle (self->switcher_title,
                                        state->status == FX_STATUS_PLAYING ? _("Provisional") : _("Final"));
  for (guint page = 0; page < FX_AUDIT_N_PAGES; page++)
    if (adw_bin_get_child (self->slots[page]) != NULL)
      fill_page (self, page);
}

static gboolean
refresh_after_pause (gpointer data)
{
  FxAuditWindow *self = data;

  self->refresh_timeout = 0;
  load_figures (self);
  return G_SOURCE_REMOVE;
}

/* A window made ahead and not shown works the moves out once the table
 * has paused this long: worked out after each move, its replay and its
 * first page (10-20 ms at 5,000 moves) fell on the next move's input. */
#define FX_AUDIT_HIDDEN_REFRESH_PAUSE_S 1

/* A move played or undone: the review no longer describes the game at once;
 * the rest is worked out again on a worker, the pages showing the last
 * figures meanwhile. A window made ahead and not shown yet (the game's
 * window prepares one) works them out once the table pauses, or when it is
 * shown (fx_audit_window_show). */
static void
refresh (FxAuditWindow *self)
{
  _fx_audit_review_reset (self);
  g_clear_handle_id (&self->refresh_timeout, g_source_remove);
  if (gtk_widget_get_visible (GTK_WIDGET (self)))
    load_figures (self);
  else
    self->refresh_timeout = g_timeout_add_seconds_full (G_PRIORITY_LOW, FX_AUDIT_HIDDEN_REFRESH_PAUSE_S,
                                                     refresh_after_pause, self, NULL);
}

void
_fx_audit_window_show_move (FxAuditWindow *self,
                            guint          position)
{
  g_signal_emit (self, signals[SHOW_MOVE], 0, position);
}

void
_fx_audit_window_mark_moves (FxAuditWindow       *self,
                             const XqHistoryMark *marks,
                             guint                n_marks)
{
  g_signal_emit (self, signals[MARK_MOVES], 0, self->session, marks, n_marks);
}

/* ---- The figures over every move, worked out on a worker ---- */

/* What the main thread hands the worker: the game as plain data, copied in
 * a few milliseconds even for a long game, so the players can go on. */
typedef struct
{
  FxSetup   setup;
  FxMove   *moves;
  char    **reasons;   /* one per move, NULL where none */
  guint     n_moves;
} FxAuditLoadInput;

static void
load_input_free (gpointer data)
{
  FxAuditLoadInput *input = data;

  for (guint i = 0; i < input->n_moves; i++)
    g_free (input->reasons[i]);
  g_free (input->reasons);
  g_free (input->moves);
  g_free (input);
}

static void
data_clear (gpointer data)
{
  FxAuditData *d = data;

  g_clear_object (&d->game);
  g_clear_pointer (&d->series, fx_series_free);
  g_clear_pointer (&d->readings_text, g_strfreev);
  g_clear_pointer (&d->stats, fx_stats_free);
  g_clear_pointer (&d->dividends, g_array_unref);
  g_clear_pointer (&d->corrected_note, g_free);
  g_clear_pointer (&d->corrections, g_array_unref);
  g_clear_pointer (&d->checkpoints, g_array_unref);
}

static FxAuditData *
data_ref (FxAuditData *data)
{
  return g_atomic_rc_box_acquire (data);
}

static void
data_unref (FxAuditData *data)
{
  g_atomic_rc_box_release_full (data, data_clear);
}

/* On the worker: the game replayed into a session of its own, then every
 * figure the pages show. Stops between steps when the window closed or the
 * game moved on. */
static void
load_run (GTask        *task,
          gpointer      source,
          gpointer      task_data,
          GCancellable *cancellable)
{
  FxAuditLoadInput *input = task_data;
  g_autoptr(XqSession) game = xq_session_new (fx_game_get (), &input->setup);
  FxAuditData *data;

  for (guint i = 0; i < input->n_moves; i++)
    {
      g_autoptr(GError) error = NULL;

      if (i % 1024 == 0 && g_cancellable_is_cancelled (cancellable))
        {
          g_task_return_error_if_cancelled (task);
          return;
        }
      /* The window's session took every one of these moves. */
      if (!xq_session_play (game, &input->moves[i], input->reasons[i], &error))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
    }

  data = g_atomic_rc_box_new0 (FxAuditData);
  data->game = g_steal_pointer (&game);
  data->series = fx_series_new (data->game);
  fx_readings_compute (data->game, &data->readings);
  data->readings_text = fx_report_readings_text (data->game, &data->readings);
  if (g_cancellable_is_cancelled (cancellable))
    {
      data_unref (data);
      g_task_return_error_if_cancelled (task);
      return;
    }
  data->stats = fx_stats_new (data->game);
  data->dividends = fx_dividends_collect (data->game);
  data->corrected_note = fx_corrected_note (data->game);
  data->corrections = g_array_new (FALSE, FALSE, sizeof (guint));
  data->checkpoints = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < input->n_moves; i++)
    {
      if (input->moves[i].kind == FX_MOVE_CHECKPOINT)
        g_array_append_val (data->checkpoints, i);
      else if (fx_move_is_correction (&input->moves[i]))
        g_array_append_val (data->corrections, i);
    }
  g_task_return_pointer (task, data, (GDestroyNotify) data_unref);
}

static void
set_loading (FxAuditWindow *self,
             gboolean       loading)
{
  if (self->loading == loading)
    return;
  self->loading = loading;
  /* A spinning spinner asks for a frame every frame, seen or not. */
  gtk_spinner_set_spinning (GTK_SPINNER (self->load_spinner), loading);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->load_stack), GTK_ACCESSIBLE_STATE_BUSY, loading, -1);
  g_object_notify (G_OBJECT (self), "loading");
}

/* Works out the style of @widget and of every widget below it that could
 * be shown, measured or not: showing the window styles them all. */
static void
style_all_below (GtkWidget *widget)
{
  GdkRGBA color;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      style_all_below (child);
}

/* A window made ahead and realized while hidden (the game's window does so
 * as soon as it has made it, xq-window-dialogs.c, before the first figures
 * are in) is styled, measured and laid out at its default size whenever its
 * pages are filled: shown, it then only maps and draws. Done on
 * Ctrl+I, that took the sample's audit 25-30 ms to its first frame (issue
 * 27); the styles of what is not measured (the switcher's other shapes, the
 * pages not shown) were a third of it. It is done on the realized window:
 * realizing clears every label's text layout. */
static void
lay_out_ahead (FxAuditWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width, height, ignored;

  if (gtk_widget_get_visible (widget) || !gtk_widget_get_realized (widget))
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  style_all_below (widget);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, &ignored, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, &ignored, &ignored, NULL, NULL);
  gtk_widget_size_allocate (widget, &(GtkAllocation) { 0, 0, width, height }, -1);
}

/* Back on the main thread: the pages built from the worker's figures. Only
 * the latest load fills them; a cancelled one (the window closed, or the game
 * moved on and a newer load runs) never touches the window. */
static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  GTask *task = G_TASK (result);
  g_autoptr(GError) error = NULL;
  FxAuditData *data;
  FxAuditWindow *self;

  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;
  self = FX_AUDIT_WINDOW (user_data);
  data = g_task_propagate_pointer (task, &error);
  g_clear_object (&self->load_cancellable);
  if (data == NULL)
    {
      /* Not expected: the moves were all taken by the window's session. */
      g_warning ("The audit could not replay the game: %s", error->message);
      set_loading (self, FALSE);
      return;
    }
  g_clear_pointer (&self->data, data_unref);
  self->data = data;
  self->game = data->game;
  fill_pages (self);
  gtk_stack_set_visible_child_name (self->load_stack, "ready");
  set_loading (self, FALSE);
  lay_out_ahead (self);
}

/* Works the pages' figures out again, off the main thread, for the game as
 * it is now. The pages show the last figures meanwhile, or a spinner when
 * there are none yet. */
static void
load_figures (FxAuditWindow *self)
{
  g_autoptr(GTask) task = NULL;
  FxAuditLoadInput *input = g_new0 (FxAuditLoadInput, 1);
  guint n = xq_session_get_n_moves (self->session);

  load_cancel (self);
  input->setup = *(const FxSetup *) xq_session_get_setup (self->session);
  input->n_moves = n;
  input->moves = g_new (FxMove, MAX (n, 1));
  input->reasons = g_new0 (char *, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      input->moves[i] = *(const FxMove *) xq_session_get_move (self->session, i);
      input->reasons[i] = g_strdup (xq_session_get_move_reason (self->session, i));
    }

  self->load_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->load_cancellable, load_done, self);
  g_task_set_source_tag (task, load_figures);
  g_task_set_task_data (task, input, load_input_free);
  g_task_run_in_thread (task, load_run);
  if (self->data == NULL)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Working through the game’s %u move…",
                                                            "Working through the game’s %u moves…", n), n);

      gtk_label_set_text (self->load_label, text);
      gtk_stack_set_visible_child_name (self->load_stack, "loading");
    }
  set_loading (self, TRUE);
}

/* Stops the load under way, if any: from dispose, so that none reports to a
 * closed window. */
static void
load_cancel (FxAuditWindow *self)
{
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
}

/* ---- The long tables, made one a main-loop turn ---- */

typedef struct
{
  FxAuditData     *data;
  FxAuditLongCell  cell;
} FxAuditLongTable;

static char *
long_cell (gpointer data,
           guint    row,
           guint    column)
{
  FxAuditLongTable *table = data;

  return table->cell (table->data, row, column);
}

static void
long_table_free (gpointer data)
{
  FxAuditLongTable *table = data;

  data_unref (table->data);
  g_free (table);
}

/* A long table still growing (fill_tick). */
typedef struct
{
  GtkWidget    *card;      /* where it is; gone from the page if the page was filled again */
  FxAuditRows  *rows;
} FxAuditGrowingTable;

static void
growing_table_free (gpointer data)
{
  FxAuditGrowingTable *growing = data;

  g_object_unref (growing->card);
  g_object_unref (growing->rows);
  g_free (growing);
}

static void
set_filling (FxAuditWindow *self,
             gboolean       filling)
{
  if (self->filling == filling)
    return;
  self->filling = filling;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILLING]);
}

/* Shows the next section held back by _fx_audit_window_show_in_turn(): its
 * heading and what follows it up to the next. Returns whether one was. */
static gboolean
show_next_section (FxAuditWindow *self)
{
  GtkWidget *child;
  gboolean shown = FALSE;

  while ((child = g_queue_peek_head (&self->held_back)) != NULL)
    {
      /* The next section's heading waits for the next frame. */
      if (shown && gtk_widget_has_css_class (child, "title-4"))
        break;
      child = g_queue_pop_head (&self->held_back);
      /* A page filled again dropped it. */
      if (gtk_widget_get_parent (child) != NULL)
        {
          gtk_widget_set_visible (child, TRUE);
          shown = TRUE;
        }
      g_object_unref (child);
    }
  return shown;
}

/* A frame at a time, what the pages hold back: first each section below the
 * first ones, then a batch of rows for the first table still growing, so
 * neither holds a frame up. */
static gboolean
fill_tick (GtkWidget     *widget,
           GdkFrameClock *frame_clock,
           gpointer       data)
{
  FxAuditWindow *self = data;
  FxAuditGrowingTable *growing;

  /* Ticks run before the frame is laid out: the first frame of a window
   * just shown draws only what it came with. */
  if (self->first_frame_due)
    {
      self->first_frame_due = FALSE;
      return G_SOURCE_CONTINUE;
    }
  if (show_next_section (self))
    return G_SOURCE_CONTINUE;
  while ((growing = g_queue_peek_head (&self->growing_tables)) != NULL)
    {
      gboolean shown = gtk_widget_get_parent (growing->card) != NULL;

      /* A page filled again dropped its tables: they need no more rows. */
      if (shown && fx_audit_rows_grow (growing->rows))
        return G_SOURCE_CONTINUE;
      growing_table_free (g_queue_pop_head (&self->growing_tables));
      if (shown)
        return G_SOURCE_CONTINUE;
    }
  self->fill_tick = 0;
  set_filling (self, FALSE);
  return G_SOURCE_REMOVE;
}

/* A frame at a time once the window is on screen (fx_audit_window_map):
 * a window made ahead keeps what it holds back until it is shown, so its
 * first frame lays out only the first screen. */
static void
fill_in_turn (FxAuditWindow *self)
{
  if (self->fill_tick == 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->fill_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), fill_tick, self, NULL);
  set_filling (self, TRUE);
}

/* How many sections of a page (each from its heading on) come with the
 * page: the window's first frame draws only the first, the next ones come
 * a frame each (two at once held the audit's first frame up 1-2 ms). */
#define FX_AUDIT_SECTIONS_AT_ONCE 1

/**
 * _fx_audit_window_show_in_turn:
 * @self: the audit window
 * @box: a page's box of sections, just filled
 *
 * Holds back the sections of @box below the first ones, to show one a
 * frame. A page is some hundreds of labels; measured and drawn at once
 * they held the frame that shows the page up for 30-40 ms, though the
 * first screen shows only its first sections.
 */
void
_fx_audit_window_show_in_turn (FxAuditWindow *self,
                               GtkBox        *box)
{
  guint sections = 0;
  gboolean held = FALSE;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (box)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (gtk_widget_has_css_class (child, "title-4") && ++sections > FX_AUDIT_SECTIONS_AT_ONCE)
        held = TRUE;
      if (held && gtk_widget_get_visible (child))
        {
          gtk_widget_set_visible (child, FALSE);
          g_queue_push_tail (&self->held_back, g_object_ref (child));
        }
    }
  if (held)
    fill_in_turn (self);
}

/* From dispose: nothing is shown in turn in a closed window. */
static void
long_tables_clear (FxAuditWindow *self)
{
  if (self->fill_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->fill_tick);
  self->fill_tick = 0;
  g_queue_clear_full (&self->growing_tables, growing_table_free);
  g_queue_clear_full (&self->held_back, g_object_unref);
}

/* A long table waiting for its card to be shown (make_long_table). */
typedef struct
{
  FxAuditWindow  *self;
  FxAuditRows    *rows;
  char          **titles;
  gboolean       *numbers;
} FxAuditPendingTable;

static void
pending_table_free (gpointer data,
                    GClosure *closure)
{
  FxAuditPendingTable *pending = data;

  g_object_unref (pending->rows);
  g_strfreev (pending->titles);
  g_free (pending->numbers);
  g_free (pending);
}

/* The table in its card, once the card is shown: most long tables sit in
 * sections held back a frame or more (_fx_audit_window_show_in_turn()),
 * and their rows, each a sentence made from the game, cost a few
 * milliseconds a table. */
static void
make_long_table (GtkWidget           *card,
                 FxAuditPendingTable *pending)
{
  FxAuditWindow *self = pending->self;
  GtkWidget *view;

  fx_audit_rows_guess_height (pending->rows, pending->numbers, card);
  fx_audit_rows_show_in_sight (pending->rows);
  view = fx_audit_rows_view_new (pending->rows, (const char * const *) pending->titles, pending->numbers);
  gtk_widget_set_margin_top (view, 12);
  gtk_widget_set_margin_bottom (view, 12);
  gtk_widget_set_margin_start (view, 12);
  gtk_widget_set_margin_end (view, 12);
  gtk_box_append (GTK_BOX (card), view);
  if (!fx_audit_rows_is_complete (pending->rows))
    {
      FxAuditGrowingTable *growing = g_new0 (FxAuditGrowingTable, 1);

      growing->card = g_object_ref (card);
      growing->rows = g_object_ref (pending->rows);
      g_queue_push_tail (&self->growing_tables, growing);
      fill_in_turn (self);
    }
  /* Once: this frees @pending. */
  g_signal_handlers_disconnect_by_func (card, make_long_table, pending);
}

/**
 * _fx_audit_window_long_table:
 * @self: the audit window, its data loaded
 * @titles: the columns' titles
 * @numbers: which columns hold numbers
 * @n_columns: how many columns
 * @n_rows: how many rows: one per contract, per correction…
 * @cell: a cell's text, made when its row is shown
 *
 * A table that grows with the game, in a card: a column view that makes
 * widgets only for the rows in sight, so a 48,000-move game costs the
 * window no more widgets than the sample game. The view is made when the
 * card is first shown, with the rows in sight, as tall as the whole table
 * will be; the rest of its rows come a batch a frame (fill_tick),
 * "filling" meanwhile.
 *
 * Returns: (transfer floating): the card
 */
GtkWidget *
_fx_audit_window_long_table (FxAuditWindow      *self,
                             const char * const *titles,
                             const gboolean     *numbers,
                             guint               n_columns,
                             guint               n_rows,
                             FxAuditLongCell     cell)
{
  FxAuditLongTable *table = g_new0 (FxAuditLongTable, 1);
  FxAuditPendingTable *pending = g_new0 (FxAuditPendingTable, 1);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  g_assert (self->data != NULL);
  table->data = data_ref (self->data);
  table->cell = cell;
  pending->self = self;
  pending->rows = fx_audit_rows_new (n_rows, n_columns, long_cell, table, long_table_free);
  pending->titles = g_new0 (char *, n_columns + 1);
  for (guint c = 0; c < n_columns; c++)
    pending->titles[c] = g_strdup (titles[c]);
  pending->numbers = g_memdup2 (numbers, sizeof (gboolean) * n_columns);
  gtk_widget_add_css_class (card, "card");
  /* The card is the window's: it goes before the window, and the pending
   * table with whichever of the two goes first. */
  g_signal_connect_data (card, "map", G_CALLBACK (make_long_table), pending, pending_table_free, 0);
  return card;
}

/* ---- Workers: a review, a PDF ---- */

static void
job_free (gpointer data)
{
  FxAuditJob *job = data;

  g_free (job->moves);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->pdf_game, _fx_audit_game_copy_free);
  g_free (job->pdf_path);
  g_clear_pointer (&job->review, fx_review_summary_unref);
}

void
_fx_audit_job_unref (FxAuditJob *job)
{
  g_atomic_rc_box_release_full (job, job_free);
}

/* The game as it is now, copied for a worker: nothing it reads changes under it. */
FxAuditJob *
_fx_audit_window_job_new (FxAuditWindow *self)
{
  FxAuditJob *job = g_atomic_rc_box_new0 (FxAuditJob);

  job->setup = *(const FxSetup *) xq_session_get_setup (self->session);
  job->moves = fx_review_session_moves (self->session, &job->n_moves);
  job->total = fx_review_count_turns (&job->setup, job->moves, job->n_moves);
  job->cancellable = g_cancellable_new ();
  return job;
}

/* The review keeps every core busy; at the window's own priority its
 * threads took the cores from the window and from the display server it
 * waits on, and the window stalled for half a second and more while the
 * results came (bench-interactions). On a thread of its own, lowered: the
 * review's threads are made from it and inherit its niceness, and the
 * lowering ends with it (a thread cannot raise itself back, so GTask's own
 * threads, which also write the autosave, are never lowered). */
#define FX_AUDIT_REVIEW_NICENESS 10

static gpointer
review_thread (gpointer data)
{
  FxAuditJob *job = data;
  GError *error = NULL;

#ifdef SYS_gettid
  setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), FX_AUDIT_REVIEW_NICENESS);
#endif
  job->review = fx_review_summary_run (&job->setup, job->moves, job->n_moves, &job->progress, job->cancellable,
                                       &error);
  return error;
}

/* On a worker: the review unless the job brings one, then the PDF if asked. */
static void
job_run (GTask        *task,
         gpointer      source,
         gpointer      task_data,
         GCancellable *cancellable)
{
  FxAuditJob *job = task_data;
  GError *error = NULL;

  if (job->review == NULL)
    {
      error = g_thread_join (g_thread_new ("review", review_thread, job));
      if (job->review == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
    }
  if (job->pdf_path != NULL && !_fx_audit_export_write (job, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* The game window's document the audit is of: its file, and whether it
 * is saved. NULL when the audit stands alone (the tests). */
XqDocument *
_fx_audit_window_get_document (FxAuditWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  return XQ_IS_WINDOW (parent) ? xq_window_get_document (XQ_WINDOW (parent)) : NULL;
}

/* A review of a saved game goes to the club library as well, where each
 * player's page shows their average loss per turn (issue 29). Only while
 * the window holds the game as it is saved: a review of moves the file does
 * not have would be stored against another game. */
static void
store_review_in_library (FxAuditWindow         *self,
                         const FxReviewSummary *summary)
{
  XqDocument *document = _fx_audit_window_get_document (self);
  GApplication *app = g_application_get_default ();
  XqLibraryWatch *watch = XQ_IS_APPLICATION (app) ? xq_application_get_library_watch (XQ_APPLICATION (app)) : NULL;
  XqLibraryReviewSeat seats[XQ_LIBRARY_WATCH_MAX_SEATS];
  GFile *file;

  G_STATIC_ASSERT (FX_MAX_PLAYERS <= XQ_LIBRARY_WATCH_MAX_SEATS);
  if (document == NULL || watch == NULL || xq_document_get_modified (document)
      || (file = xq_document_get_source (document)) == NULL)
    return;
  for (guint p = 0; p < summary->review.n_players; p++)
    {
      seats[p].turns = summary->review.players[p].turns;
      seats[p].loss_half = summary->review.players[p].total_loss;
    }
  xq_library_watch_add_review (watch, file, summary->review.depth, seats, summary->review.n_players);
}

static void
job_done (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  /* The job's reference (_fx_audit_window_job_start), dropped here. */
  g_autoptr(FxAuditWindow) self = user_data;
  FxAuditJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);
  gboolean shown = job == self->review_job;

  g_ptr_array_remove (self->jobs, job);
  /* Closed meanwhile: nothing to show it in. */
  if (self->disposed)
    return;
  _fx_audit_export_job_over (self, job);
  /* Cancelled: Cancel already put the page back; a PDF written whole before
   * the Cancel came is there all the same, and said so. */
  if (g_cancellable_is_cancelled (job->cancellable))
    {
      if (ok && job->pdf_path != NULL)
        _fx_audit_window_toast_exported (self, job->pdf_path);
      return;
    }
  if (shown)
    _fx_audit_review_job_done (self, job);
  if (!ok)
    {
      _fx_audit_window_show_error (self, job->pdf_path != NULL ? _("The Report Could Not Be Exported")
                                                               : _("The Game Could Not Be Reviewed"), error->message);
      return;
    }
  if (job->pdf_path != NULL)
    _fx_audit_window_toast_exported (self, job->pdf_path);
  if (shown)
    {
      if (job->review != NULL)
        store_review_in_library (self, job->review);
      _fx_audit_export_review_ran (self);
    }
}

/* Runs @job on a worker; @shown: the Review page follows it with its progress and Cancel. */
void
_fx_audit_window_job_start (FxAuditWindow *self,
                            FxAuditJob    *job,
                            gboolean       shown)
{
  /* The window held for job_done, on the main thread: as the task's source
   * object, its last reference could go with the task on the worker's
   * thread, and the window with it, off the main thread. */
  g_autoptr(GTask) task = g_task_new (NULL, NULL, job_done, g_object_ref (self));

  g_task_set_task_data (task, g_atomic_rc_box_acquire (job), (GDestroyNotify) _fx_audit_job_unref);
  g_ptr_array_add (self->jobs, g_atomic_rc_box_acquire (job));
  if (shown)
    {
      make_page (self, FX_AUDIT_PAGE_REVIEW);
      _fx_audit_review_follow (self, job);
    }
  g_task_run_in_thread (task, job_run);
}

/* Stops @job: its worker at its next step, and the Review page back at once
 * if it follows it (an export run with its review). */
void
_fx_audit_window_job_cancel (FxAuditWindow *self,
                             FxAuditJob    *job)
{
  if (job == self->review_job)
    fx_audit_window_cancel_review (self);
  else
    g_cancellable_cancel (job->cancellable);
}

void
fx_audit_window_start_review (FxAuditWindow *self)
{
  g_autoptr(FxAuditJob) job = NULL;

  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));

  if (self->review_job != NULL)
    return;
  job = _fx_audit_window_job_new (self);
  _fx_audit_window_job_start (self, job, TRUE);
}

/* ---- What the window says ---- */

void
_fx_audit_window_show_error (FxAuditWindow *self,
                             const char    *heading,
                             const char    *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_fx_audit_window_toast_exported (FxAuditWindow *self,
                                 const char    *path)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *title = NULL;

  /* TRANSLATORS: a toast after the audit window's Export…, with the file's name */
  title = g_strdup_printf (_("Report exported to “%s”"), name);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (title));
}

/* ---- The window ---- */

static GtkWidget *
build_stats_page (FxAuditWindow *self)
{
  GtkWidget *page = fx_audit_stats_page_new ();

  self->stats_box = fx_audit_stats_page_get_content (FX_AUDIT_STATS_PAGE (page));
  return page;
}

static GtkWidget *
build_charts_page (FxAuditWindow *self)
{
  self->charts_page = FX_AUDIT_CHARTS_PAGE (fx_audit_charts_page_new ());
  self->charts[FX_AUDIT_CHART_STRENGTH] = fx_audit_charts_page_get_strength (self->charts_page);
  self->charts[FX_AUDIT_CHART_STANDINGS] = fx_audit_charts_page_get_standings (self->charts_page);
  self->charts[FX_AUDIT_CHART_RATE] = fx_audit_charts_page_get_rate (self->charts_page);
  g_signal_connect_object (self->charts_page, "show-move", G_CALLBACK (_fx_audit_window_show_move), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->charts_page, "notify::pair", G_CALLBACK (fill_charts), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self->charts_page);
}

static const struct
{
  const char *name;
  const char *title;
  const char *icon;
} pages[FX_AUDIT_N_PAGES] = {
  [FX_AUDIT_PAGE_SCORE] = { "audit", N_("Audit"), "view-list-symbolic" },
  [FX_AUDIT_PAGE_STATS] = { "statistics", N_("Statistics"), "x-office-spreadsheet-symbolic" },
  [FX_AUDIT_PAGE_CHARTS] = { "charts", N_("Charts"), "utilities-system-monitor-symbolic" },
  [FX_AUDIT_PAGE_REVIEW] = { "review", N_("Review"), "emblem-default-symbolic" },
};

/* Makes @page in its slot, filled from the figures if they are in. A page
 * is some hundreds of widgets whose making and measuring took a frame of
 * their own each (issue 27): opening the window makes only the Audit page,
 * the others wait until they are first shown or asked for. */
static void
make_page (FxAuditWindow *self,
           FxAuditPage    page)
{
  GtkWidget *widget;

  if (adw_bin_get_child (self->slots[page]) != NULL)
    return;
  switch (page)
    {
    case FX_AUDIT_PAGE_SCORE:
      widget = _fx_audit_score_page_new (self);
      break;
    case FX_AUDIT_PAGE_STATS:
      widget = build_stats_page (self);
      break;
    case FX_AUDIT_PAGE_CHARTS:
      widget = build_charts_page (self);
      break;
    case FX_AUDIT_PAGE_REVIEW:
    case FX_AUDIT_N_PAGES:
    default:
      widget = _fx_audit_review_page_new (self);
      break;
    }
  adw_bin_set_child (self->slots[page], widget);
  xq_a11y_name_all_below (widget);
  if (self->data != NULL)
    fill_page (self, page);
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  fx_audit_window_print (FX_AUDIT_WINDOW (widget));
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  fx_audit_window_export (FX_AUDIT_WINDOW (widget));
}

/* Closed: every worker cancelled, so none reports to a closed window, and
 * nothing more made or shown. */
static void
stop_work (FxAuditWindow *self)
{
  self->disposed = TRUE;
  for (guint i = 0; self->jobs != NULL && i < self->jobs->len; i++)
    g_cancellable_cancel (((FxAuditJob *) self->jobs->pdata[i])->cancellable);
  _fx_audit_review_dispose (self);
  _fx_audit_export_dispose (self);
  load_cancel (self);
  long_tables_clear (self);
  g_clear_handle_id (&self->refresh_timeout, g_source_remove);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_func (self->session, refresh, self);
}

/* The model of the first long table in @widget that still has rows, or NULL. */
static FxAuditRows *
find_long_table_rows (GtkWidget *widget)
{
  if (GTK_IS_COLUMN_VIEW (widget))
    {
      GtkSelectionModel *selection = gtk_column_view_get_model (GTK_COLUMN_VIEW (widget));
      GListModel *model = GTK_IS_NO_SELECTION (selection) ? gtk_no_selection_get_model (GTK_NO_SELECTION (selection)) : NULL;

      if (FX_IS_AUDIT_ROWS (model) && g_list_model_get_n_items (model) > 0)
        return FX_AUDIT_ROWS (model);
      return NULL;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      FxAuditRows *found = find_long_table_rows (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Closed (fx_audit_window_close_request): a piece of the hidden window
 * freed a main-loop turn (a batch of a long table's rows, then a page),
 * then the window. Taken down at once, a 5,000-move game's audit held the
 * main thread 80 ms, most of it its long tables' rows of labels. */
static gboolean
take_down_step (gpointer data)
{
  FxAuditWindow *self = data;

  for (guint page = 0; page < FX_AUDIT_N_PAGES; page++)
    {
      GtkWidget *child = adw_bin_get_child (self->slots[page]);
      FxAuditRows *rows;

      if (child == NULL)
        continue;
      rows = find_long_table_rows (child);
      if (rows != NULL)
        fx_audit_rows_shrink (rows);
      else
        adw_bin_set_child (self->slots[page], NULL);
      return G_SOURCE_CONTINUE;
    }
  self->take_down_idle = 0;
  gtk_window_destroy (GTK_WINDOW (self));
  return G_SOURCE_REMOVE;
}

/* Escape, the close button: the window goes from the screen at once and is
 * taken down over the next main-loop turns (take_down_step), the game's
 * window staying responsive. gtk_window_destroy() still takes it down at
 * once (the game's window closing, the tests). */
static gboolean
fx_audit_window_close_request (GtkWindow *window)
{
  FxAuditWindow *self = FX_AUDIT_WINDOW (window);

  if (self->take_down_idle == 0)
    {
      stop_work (self);
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      /* Between frames, and above idles: a main loop never idle (frames
       * longer than the frame clock's interval) would keep it for good. */
      self->take_down_idle = g_idle_add_full (GDK_PRIORITY_REDRAW + 10, take_down_step, self, NULL);
    }
  return TRUE;
}

/* Made ahead and shown now: moves played meanwhile are worked out first
 * (refresh), the last figures shown until they are. */
static void
fx_audit_window_show (GtkWidget *widget)
{
  FxAuditWindow *self = FX_AUDIT_WINDOW (widget);

  if (self->refresh_timeout != 0)
    {
      g_clear_handle_id (&self->refresh_timeout, g_source_remove);
      load_figures (self);
    }
  GTK_WIDGET_CLASS (fx_audit_window_parent_class)->show (widget);
}

static void
fx_audit_window_map (GtkWidget *widget)
{
  FxAuditWindow *self = FX_AUDIT_WINDOW (widget);

  GTK_WIDGET_CLASS (fx_audit_window_parent_class)->map (widget);
  self->first_frame_due = TRUE;
  /* What the pages held back while the window was not shown. */
  if (self->filling)
    fill_in_turn (self);
}

static void
fx_audit_window_dispose (GObject *object)
{
  FxAuditWindow *self = FX_AUDIT_WINDOW (object);

  stop_work (self);
  g_clear_handle_id (&self->take_down_idle, g_source_remove);
  g_clear_object (&self->export_after_review);
  g_clear_object (&self->session);
  self->game = NULL;
  g_clear_pointer (&self->data, data_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_AUDIT_WINDOW);
  G_OBJECT_CLASS (fx_audit_window_parent_class)->dispose (object);
}

#ifdef __GLIBC__
static void
trim_run (GTask        *task,
          gpointer      source,
          gpointer      task_data,
          GCancellable *cancellable)
{
  malloc_trim (0);
}
#endif

static void
fx_audit_window_finalize (GObject *object)
{
  FxAuditWindow *self = FX_AUDIT_WINDOW (object);

  g_ptr_array_unref (self->jobs);
  G_OBJECT_CLASS (fx_audit_window_parent_class)->finalize (object);
#ifdef __GLIBC__
  {
    /* A long game's audit is tens of megabytes of small blocks (its copy of
     * the game, the rows and widgets): glibc keeps freed pages for the
     * process unless asked, and closing the audit gave nothing back. On a
     * worker (malloc_trim() locks each arena in turn, as malloc does): it
     * walks the whole heap. */
    g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);

    g_task_set_source_tag (task, fx_audit_window_finalize);
    g_task_run_in_thread (task, trim_run);
  }
#endif
}

static void
fx_audit_window_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  FxAuditWindow *self = FX_AUDIT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_FILLING:
      g_value_set_boolean (value, self->filling);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fx_audit_window_class_init (FxAuditWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = fx_audit_window_dispose;
  object_class->finalize = fx_audit_window_finalize;
  object_class->get_property = fx_audit_window_get_property;
  widget_class->show = fx_audit_window_show;
  widget_class->map = fx_audit_window_map;
  GTK_WINDOW_CLASS (klass)->close_request = fx_audit_window_close_request;
  /* Whether the figures over every move are being worked out (load_figures). */
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                                   | G_PARAM_EXPLICIT_NOTIFY);
  /* Whether long tables still get their rows beyond those in sight
   * (fill_tick), after the pages are shown. */
  properties[PROP_FILLING] = g_param_spec_boolean ("filling", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                                   | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* The audit says what was clicked and what the review found; the game's
   * window, which owns the audit, decides what its history shows. */
  signals[SHOW_MOVE] = g_signal_new ("show-move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[MARK_MOVES] = g_signal_new ("mark-moves", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                      NULL, G_TYPE_NONE, 3, XQ_TYPE_SESSION, G_TYPE_POINTER, G_TYPE_UINT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-audit-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FxAuditWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, FxAuditWindow, header);
  gtk_widget_class_bind_template_child (widget_class, FxAuditWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, FxAuditWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, FxAuditWindow, load_stack);
  gtk_widget_class_bind_template_child (widget_class, FxAuditWindow, load_spinner);
  gtk_widget_class_bind_template_child (widget_class, FxAuditWindow, load_label);
  gtk_widget_class_install_action (widget_class, "audit.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "audit.export", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "audit.print", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
visible_page_changed (FxAuditWindow *self)
{
  GtkWidget *visible = adw_view_stack_get_visible_child (self->stack);

  for (guint page = 0; page < FX_AUDIT_N_PAGES; page++)
    if (visible != NULL && visible == GTK_WIDGET (self->slots[page]))
      make_page (self, page);
}

static void
fx_audit_window_init (FxAuditWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->jobs = g_ptr_array_new_with_free_func ((GDestroyNotify) _fx_audit_job_unref);
  /* The pages in the order of the switcher, each in a slot it is made into
   * when first shown: the Audit page at once, as it is shown first. */
  for (guint i = 0; i < FX_AUDIT_N_PAGES; i++)
    {
      AdwViewStackPage *page;

      self->slots[i] = ADW_BIN (adw_bin_new ());
      page = adw_view_stack_add_titled (self->stack, GTK_WIDGET (self->slots[i]), pages[i].name,
                                        _(pages[i].title));
      adw_view_stack_page_set_icon_name (page, pages[i].icon);
    }
  make_page (self, FX_AUDIT_PAGE_SCORE);
  g_signal_connect_object (self->stack, "notify::visible-child", G_CALLBACK (visible_page_changed), self,
                           G_CONNECT_SWAPPED);
  xq_a11y_name_all_below (self->header);
}

/**
 * fx_audit_window_new:
 * @parent: the game's window
 * @session: a For-Ex session; the audit follows its moves
 *
 * The window emits show-move when a chart point is clicked and mark-moves
 * once the game has been reviewed; it never calls @parent.
 *
 * Returns: (transfer none): the new window, owned by GTK's toplevel list
 */
FxAuditWindow *
fx_audit_window_new (GtkWindow *parent,
                     XqSession *session)
{
  FxAuditWindow *self;

  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);

  self = g_object_new (FX_TYPE_AUDIT_WINDOW, NULL);
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
    }
  self->session = g_object_ref (session);
  g_signal_connect_object (session, "notify::n-moves", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  load_figures (self);
  return self;
}

XqSession *
fx_audit_window_get_session (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);

  return self->session;
}

void
fx_audit_window_set_what_if (FxAuditWindow *self,
                             int            strongest)
{
  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));
  g_return_if_fail (strongest >= FX_NO_CURRENCY && strongest < FX_N_CURRENCIES);

  fx_audit_score_page_set_what_if (self->score_page, strongest);
}

int
fx_audit_window_get_what_if (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), FX_NO_CURRENCY);

  return fx_audit_score_page_get_what_if (self->score_page);
}

void
fx_audit_window_set_pair (FxAuditWindow *self,
                          guint          pair_index)
{
  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));
  g_return_if_fail (pair_index < FX_N_PAIRS);

  make_page (self, FX_AUDIT_PAGE_CHARTS);
  fx_audit_charts_page_set_pair (self->charts_page, pair_index);
}

/* The shown total of @player, or NULL when no standing is shown. */
const char *
fx_audit_window_get_total_text (FxAuditWindow *self,
                                guint          player)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);
  g_return_val_if_fail (player < FX_MAX_PLAYERS, NULL);

  return self->totals[player] != NULL ? gtk_label_get_text (GTK_LABEL (self->totals[player])) : NULL;
}

GtkWidget *
fx_audit_window_get_chart (FxAuditWindow    *self,
                           FxAuditChartKind  kind)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);
  g_return_val_if_fail (kind < FX_AUDIT_N_CHARTS, NULL);

  make_page (self, FX_AUDIT_PAGE_CHARTS);
  return self->charts[kind];
}

void
fx_audit_window_show_page (FxAuditWindow *self,
                           const char    *name)
{
  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));

  adw_view_stack_set_visible_child_name (self->stack, name);
}

const char *
fx_audit_window_get_review_state (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);

  /* A page not made yet has followed no review. */
  return self->review_page != NULL ? fx_audit_review_page_get_state (self->review_page) : "start";
}

/* Whether the figures over every move are being worked out: the pages show
 * a spinner until the first are, then the last ones until the new are. */
gboolean
fx_audit_window_is_loading (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), FALSE);

  return self->loading;
}

gboolean
fx_audit_window_is_filling (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), FALSE);

  return self->filling;
}

gboolean
fx_audit_window_is_busy (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), FALSE);

  return self->jobs->len > 0;
}

GtkWidget *
fx_audit_window_get_review_chart (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);

  make_page (self, FX_AUDIT_PAGE_REVIEW);
  return fx_audit_review_page_get_chart (self->review_page);
}
