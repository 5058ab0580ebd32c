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
      && g_object_get_data (G_OBJECT (self->audit_window), "session") == session_of (self))
    {
      gtk_window_present (self->audit_window);
      return;
    }
  xq_window_forget_audit (self);
  self->audit_window = self->game_ui->audit (GTK_WINDOW (self), session_of (self));
  /* The audit only says what it wants shown; the window keeps its history
   * its own, and the handlers go with whichever of the two closes first. */
  g_signal_connect_object (self->audit_window, "show-move", G_CALLBACK (audit_show_move), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->audit_window, "mark-moves", G_CALLBACK (audit_mark_moves), self,
                           G_CONNECT_SWAPPED);
  g_object_add_weak_pointer (G_OBJECT (self->audit_window), (gpointer *) &self->audit_window);
  g_object_set_data (G_OBJECT (self->audit_window), "session", session_of (self));
}

/* Stops following the audit window (it stays open, on its own game). */
void
xq_window_forget_audit (XqWindow *self)
{
  if (self->audit_window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->audit_window), (gpointer *) &self->audit_window);
  self->audit_window = NULL;
}

void
xq_window_class_add_dialog_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.correction", NULL, correction_action);
  gtk_widget_class_install_action (widget_class, "win.count-table", NULL, count_table_action);
  gtk_widget_class_install_action (widget_class, "win.count-after-dividend", NULL, count_after_dividend_action);
  gtk_widget_class_install_action (widget_class, "win.audit", NULL, audit_action);
}
