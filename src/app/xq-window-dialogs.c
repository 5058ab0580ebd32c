/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's actions that open the game's dialogs — a correction, a count of
 * the table, the audit — and what the window says or shows when they report back. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-window-private.h"

/* A dialog that records moves and closes (a correction, a count) says what
 * it recorded here, in the window the players look at. It remembers the
 * session and the moves it opened on; cancelled, it recorded nothing. */
static void
watch_dialog (XqWindow  *self,
              GtkWindow *dialog,
              GCallback  closed)
{
  g_object_set_data (G_OBJECT (dialog), "session", session_of (self));
  g_object_set_data (G_OBJECT (dialog), "n-moves", GUINT_TO_POINTER (xq_session_get_n_moves (session_of (self))));
  g_signal_connect_object (dialog, "destroy", closed, self, 0);
}

/* The moves @dialog added to the window's game, or 0 when the window or
 * its game went meanwhile. */
static guint
moves_added_by (GtkWindow *dialog,
                XqWindow  *self)
{
  XqSession *session = session_of (self);
  guint before = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "n-moves"));

  if (gtk_widget_in_destruction (GTK_WIDGET (self)) || session == NULL
      || g_object_get_data (G_OBJECT (dialog), "session") != session
      || xq_session_get_n_moves (session) < before)
    return 0;
  return xq_session_get_n_moves (session) - before;
}

static void
correction_closed (GtkWindow *dialog,
                   XqWindow  *self)
{
  XqSession *session = session_of (self);

  if (moves_added_by (dialog, self) == 1
      && xq_session_get_game (session)->move_is_correction (
           xq_session_get_move (session, xq_session_get_n_moves (session) - 1)))
    xq_window_toast (self, _("Correction recorded"));
}

static void
correction_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  XqWindow *self = XQ_WINDOW (widget);

  if (self->document == NULL || self->game_ui->correct == NULL)
    return;
  watch_dialog (self, self->game_ui->correct (GTK_WINDOW (self), session_of (self)), G_CALLBACK (correction_closed));
}

/* A count is its corrections and a checkpoint, recorded as one step. */
static void
count_closed (GtkWindow *dialog,
              XqWindow  *self)
{
  guint added = moves_added_by (dialog, self);
  g_autofree char *text = NULL;

  if (added == 0)
    return;
  if (added == 1)
    text = g_strdup (_("Count recorded: the table agreed"));
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Count recorded: %u difference corrected",
                                         "Count recorded: %u differences corrected", added - 1),
                            added - 1);
  xq_window_toast (self, text);
}

static void
open_count (XqWindow *self,
            gboolean  after_dividend)
{
  if (self->document == NULL || self->game_ui == NULL || self->game_ui->count == NULL)
    return;
  watch_dialog (self, self->game_ui->count (GTK_WINDOW (self), session_of (self), after_dividend),
                G_CALLBACK (count_closed));
}

static void
count_table_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  open_count (XQ_WINDOW (widget), FALSE);
}

/* Asked for by the game's page right after the players recorded a move that
 * paid a dividend and left the game going: the table's natural pause. Only
 * then, never on a replay, an undo or a file opened; and only when wanted. */
static void
count_after_dividend_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  XqWindow *self = XQ_WINDOW (widget);

  if (!g_settings_get_boolean (self->settings, "count-after-dividend")
      || !gtk_widget_is_visible (widget) || !showing_now (self))
    return;
  open_count (self, TRUE);
}

/* The audit's charts select a move: show it in the history sidebar. */
static void
audit_show_move (XqWindow  *self,
                 guint      position,
                 GtkWindow *audit)
{
  if (self->document == NULL)
    return;
  if (!history_shown (self))
    xq_window_show_history (self, TRUE);
  if (position >= xq_session_get_n_moves (session_of (self)))
    position = G_MAXUINT;
  xq_history_view_set_position (self->history_view, position);
}

/* The review's grades, beside the moves in the history sidebar. */
static void
audit_mark_moves (XqWindow            *self,
                  XqSession           *session,
                  const XqHistoryMark *marks,
                  guint                n_marks,
                  GtkWindow           *audit)
{
  if (self->document == NULL || session_of (self) != session)
    return;
  xq_history_view_set_marks (self->history_view, marks, n_marks);
}

/* ---- The audit, made ahead of Ctrl+I ---- */

static void audit_gone (gpointer  data,
                        GObject  *where_the_audit_was);

/* Closes an audit made ahead and never shown. It is realized (prepare_audit)
 * and GTK 4.8 leaves the handler a realized window has on its surface's
 * compute-size when the window goes: the surface, not yet gone, then called
 * it on the freed window (test-ui-autosave under load). */
static void
destroy_hidden_audit (GtkWindow *audit)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (audit));

  if (surface != NULL)
    g_signal_handlers_disconnect_matched (surface, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_DATA,
                                          g_signal_lookup ("compute-size", GDK_TYPE_TOPLEVEL), 0, NULL, NULL,
                                          audit);
  gtk_window_destroy (audit);
}

/* Stops following the audit window, which no longer answers Ctrl+I: one
 * on screen stays open on its own game; one made ahead and never shown is
 * closed. */
static void
drop_audit (XqWindow *self,
            gboolean  close_hidden)
{
  GtkWindow *audit = self->audit_window;

  if (audit == NULL)
    return;
  self->audit_window = NULL;
  g_object_weak_unref (G_OBJECT (audit), audit_gone, self);
  g_signal_handlers_disconnect_by_data (audit, self);
  /* Never shown, it holds only its first page, and has no frames to take
   * itself down over: it goes at once. */
  if (close_hidden && !gtk_widget_get_visible (GTK_WIDGET (audit)))
    destroy_hidden_audit (audit);
}

/* Closed (Escape, the close button): it takes itself down; the next Ctrl+I
 * finds a new one, made ahead again. */
static gboolean
audit_closed (XqWindow  *self,
              GtkWindow *audit)
{
  drop_audit (self, FALSE);
  xq_window_prepare_audit_soon (self);
  return FALSE;
}

/* Follows @audit, made for the game now shown: Ctrl+I presents it. */
static void
follow_audit (XqWindow  *self,
              GtkWindow *audit)
{
  drop_audit (self, TRUE);
  self->audit_window = audit;
  /* The audit only says what it wants shown; the window keeps its history
   * its own. */
  g_signal_connect_swapped (audit, "show-move", G_CALLBACK (audit_show_move), self);
  g_signal_connect_swapped (audit, "mark-moves", G_CALLBACK (audit_mark_moves), self);
  g_signal_connect_swapped (audit, "close-request", G_CALLBACK (audit_closed), self);
  g_object_weak_ref (G_OBJECT (audit), audit_gone, self);
  g_object_set_data (G_OBJECT (audit), "session", session_of (self));
}

static gboolean
prepare_audit (gpointer data)
{
  XqWindow *self = data;
  XqSession *session = session_of (self);

  self->audit_idle = 0;
  if (self->audit_window != NULL && g_object_get_data (G_OBJECT (self->audit_window), "session") != session)
    drop_audit (self, TRUE);
  if (self->audit_window != NULL || session == NULL || self->game_ui == NULL || self->game_ui->audit == NULL)
    return G_SOURCE_REMOVE;
  follow_audit (self, self->game_ui->audit (GTK_WINDOW (self), session));
  /* Realized ahead too, so that Ctrl+I only maps and draws it: the audit
   * lays itself out while hidden and realized. Realized on Ctrl+I, its
   * labels' text was all laid out again there. */
  gtk_widget_realize (GTK_WIDGET (self->audit_window));
  return G_SOURCE_REMOVE;
}

static void
painted_then_prepare_audit (GdkFrameClock *clock,
                            XqWindow      *self)
{
  g_signal_handlers_disconnect_by_func (clock, painted_then_prepare_audit, self);
  if (self->audit_idle == 0)
    self->audit_idle = g_idle_add_full (G_PRIORITY_LOW, prepare_audit, self, NULL);
}

static void
realized_then_prepare_audit (XqWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  g_signal_handlers_disconnect_by_func (self, realized_then_prepare_audit, NULL);
  g_signal_handlers_disconnect_by_func (clock, painted_then_prepare_audit, self);
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (painted_then_prepare_audit), self, 0);
}

/**
 * xq_window_prepare_audit_soon:
 * @self: the game's window
 *
 * Makes the game's audit ahead of Ctrl+I, hidden, when the main loop is
 * idle after the window's next frame: made, realized and filled on Ctrl+I,
 * a new window took three frames to show the sample's audit (issue 27);
 * made, realized and laid out ahead, Ctrl+I only maps and draws it. It
 * follows the game meanwhile (once the table pauses, or when shown), and
 * costs little while hidden: its figures and first page, about 4 MB at
 * 5,000 moves.
 */
void
xq_window_prepare_audit_soon (XqWindow *self)
{
  if (self->audit_idle != 0)
    return;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->audit_idle = g_idle_add_full (G_PRIORITY_LOW, prepare_audit, self, NULL);
  else if (gtk_widget_get_realized (GTK_WIDGET (self)))
    realized_then_prepare_audit (self);
  else
    {
      g_signal_handlers_disconnect_by_func (self, realized_then_prepare_audit, NULL);
      g_signal_connect (self, "realize", G_CALLBACK (realized_then_prepare_audit), NULL);
    }
}

static void
audit_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  XqWindow *self = XQ_WINDOW (widget);

  if (self->document == NULL || self->game_ui == NULL || self->game_ui->audit == NULL)
    return;
  /* One audit per game: a second Ctrl+I raises it. A long game's audit is
   * costly to build and to keep, and two of them tell the same story. */
  if (self->audit_window != NULL
      && g_object_get_data (G_OBJECT (self->audit_window), "session") != session_of (self))
    drop_audit (self, TRUE);
  /* Not made ahead yet (Ctrl+I before the window's first frame was over). */
  if (self->audit_window == NULL)
    {
      g_clear_handle_id (&self->audit_idle, g_source_remove);
      follow_audit (self, self->game_ui->audit (GTK_WINDOW (self), session_of (self)));
    }
  gtk_window_present (self->audit_window);
}

/* The audit went without closing (gtk_window_destroy(): the tests): the
 * window follows none, and makes the next ahead. */
static void
audit_gone (gpointer  data,
            GObject  *where_the_audit_was)
{
  XqWindow *self = data;

  self->audit_window = NULL;
  xq_window_prepare_audit_soon (self);
}

/* Stops following the audit, from dispose: one on screen goes with the
 * window (destroy-with-parent), or, on another game, stays open. */
void
xq_window_forget_audit (XqWindow *self)
{
  g_clear_handle_id (&self->audit_idle, g_source_remove);
  /* One made ahead and never shown goes now rather than with the window
   * (destroy_hidden_audit()). */
  drop_audit (self, TRUE);
}

void
xq_window_class_add_dialog_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.correction", NULL, correction_action);
  gtk_widget_class_install_action (widget_class, "win.count-table", NULL, count_table_action);
  gtk_widget_class_install_action (widget_class, "win.count-after-dividend", NULL, count_after_dividend_action);
  gtk_widget_class_install_action (widget_class, "win.audit", NULL, audit_action);
}
