/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the audit window shows that is worked out over every move — the
 * standings after each move for the charts, the statistics, the dividends,
 * the readings, the corrections and checkpoints — worked out on a worker
 * thread from a copy of the game, so that opening the audit of a long game
 * never holds up the window (issue #23: 6 s at 48,000 moves before). */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-window-private.h"
#include "fx-corrected.h"
#include "fx-dividends.h"
#include "fx-game.h"
#include "fx-report-text.h"

/* What the main thread hands the worker: the game as plain data, copied in
 * a few milliseconds even for a long game, so the players can go on. */
typedef struct
{
  FxSetup   setup;
  FxMove   *moves;
  char    **reasons;   /* one per move, NULL where none */
  guint     n_moves;
} LoadInput;

static void
load_input_free (gpointer data)
{
  LoadInput *input = data;

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

FxAuditData *
fx_audit_data_ref (FxAuditData *data)
{
  return g_atomic_rc_box_acquire (data);
}

void
fx_audit_data_unref (FxAuditData *data)
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
  LoadInput *input = task_data;
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
      fx_audit_data_unref (data);
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
  g_task_return_pointer (task, data, (GDestroyNotify) fx_audit_data_unref);
}

static void
set_loading (FxAuditWindow *self,
             gboolean       loading)
{
  if (self->loading == loading)
    return;
  self->loading = loading;
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->load_stack), GTK_ACCESSIBLE_STATE_BUSY, loading, -1);
  g_object_notify (G_OBJECT (self), "loading");
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
  g_clear_pointer (&self->data, fx_audit_data_unref);
  self->data = data;
  self->game = data->game;
  fx_audit_fill (self);
  gtk_stack_set_visible_child_name (self->load_stack, "ready");
  fx_audit_load_settle (self);
}

/* Done loading once the figures are in and the long tables made from them
 * (one a main-loop turn, fx-audit-tables.c). */
void
fx_audit_load_settle (FxAuditWindow *self)
{
  if (self->load_cancellable == NULL && !fx_audit_long_tables_pending (self))
    set_loading (self, FALSE);
}

/**
 * fx_audit_load:
 * @self: the audit window
 *
 * Works the pages' figures out again, off the main thread, for the game as
 * it is now. The pages show the last figures meanwhile, or a spinner when
 * there are none yet.
 */
void
fx_audit_load (FxAuditWindow *self)
{
  g_autoptr(GTask) task = NULL;
  LoadInput *input = g_new0 (LoadInput, 1);
  guint n = xq_session_get_n_moves (self->session);

  fx_audit_load_cancel (self);
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
  g_task_set_source_tag (task, fx_audit_load);
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
void
fx_audit_load_cancel (FxAuditWindow *self)
{
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
}

/* The loading page: a spinner and what it waits for. */
GtkWidget *
fx_audit_load_page (FxAuditWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *spinner = gtk_spinner_new ();

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_size_request (spinner, 32, 32);
  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_accessible_update_property (GTK_ACCESSIBLE (spinner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Working out the audit"), -1);
  self->load_spinner = spinner;
  self->load_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->load_label, TRUE);
  gtk_label_set_justify (self->load_label, GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->load_label), "dim-label");
  gtk_box_append (GTK_BOX (box), spinner);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->load_label));
  return box;
}
