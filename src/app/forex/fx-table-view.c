/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The For-Ex page. Left: the board and the cross rates; right: the queue and
 * the players; they stack on a narrow window. The move bar sits below and is
 * hidden while the history shows the past. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-board-view.h"
#include "fx-move-bar.h"
#include "fx-players-view.h"
#include "fx-queue-view.h"
#include "fx-rates-view.h"
#include "fx-table-view.h"

struct _FxTableView
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkWidget *board;
  GtkWidget *rates;
  GtkWidget *queue;
  GtkWidget *players;
  GtkWidget *move_bar;
  GtkWidget *move_bar_revealer;

  XqSession *session;
  guint      position;
};

G_DEFINE_FINAL_TYPE (FxTableView, fx_table_view, GTK_TYPE_WIDGET)

static void
refresh (FxTableView *self)
{
  const FxSetup *setup;
  FxState state, previous;
  guint n_moves, shown;
  gboolean live;

  if (self->session == NULL)
    return;
  setup = xq_session_get_setup (self->session);
  n_moves = xq_session_get_n_moves (self->session);
  live = self->position == G_MAXUINT || self->position >= n_moves;
  shown = live ? n_moves : self->position;
  xq_session_get_state_at (self->session, shown, &state);
  if (shown > 0)
    xq_session_get_state_at (self->session, shown - 1, &previous);

  fx_board_view_set_board (FX_BOARD_VIEW (self->board), &state.board, shown > 0 ? &previous.board : NULL);
  fx_rates_view_set_state (FX_RATES_VIEW (self->rates), &state);
  fx_queue_view_set_state (FX_QUEUE_VIEW (self->queue), setup, &state);
  fx_players_view_set_state (FX_PLAYERS_VIEW (self->players), setup, &state, live);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->move_bar_revealer), live);
}

void
fx_table_view_set_session (FxTableView *self,
                           XqSession   *session)
{
  g_return_if_fail (FX_IS_TABLE_VIEW (self));
  g_return_if_fail (XQ_IS_SESSION (session));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  self->position = G_MAXUINT;
  g_signal_connect_object (session, "notify::n-moves", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  fx_move_bar_set_session (FX_MOVE_BAR (self->move_bar), session);
  refresh (self);
}

void
fx_table_view_set_position (FxTableView *self,
                            guint        position)
{
  g_return_if_fail (FX_IS_TABLE_VIEW (self));

  if (self->position == position)
    return;
  self->position = position;
  refresh (self);
}

static GtkWidget *
card (const char *title,
      GtkWidget  *content)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "title-4");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), content);
  return box;
}

static void
fx_table_view_dispose (GObject *object)
{
  FxTableView *self = FX_TABLE_VIEW (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (fx_table_view_parent_class)->dispose (object);
}

static void
fx_table_view_class_init (FxTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_table_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
fx_table_view_init (FxTableView *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *flow = gtk_flow_box_new ();
  GtkWidget *left = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  GtkWidget *right = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);

  self->position = G_MAXUINT;
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->board = fx_board_view_new ();
  self->rates = fx_rates_view_new ();
  self->queue = fx_queue_view_new ();
  self->players = fx_players_view_new ();
  self->move_bar = GTK_WIDGET (fx_move_bar_new ());
  self->move_bar_revealer = gtk_revealer_new ();

  gtk_box_append (GTK_BOX (left), card (_("Currency Board"), self->board));
  gtk_box_append (GTK_BOX (left), card (_("Cross Rates"), self->rates));
  gtk_box_append (GTK_BOX (right), card (_("Contracts and Queue"), self->queue));
  gtk_box_append (GTK_BOX (right), card (_("Players"), self->players));

  /* Two columns side by side when there is room, one above the other when not. */
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 1);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 24);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 24);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), FALSE);
  gtk_widget_set_valign (flow, GTK_ALIGN_START);
  g_object_set (flow, "margin-top", 18, "margin-bottom", 18, "margin-start", 18, "margin-end", 18, NULL);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), left);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), right);
  /* The columns keep GTK's default valign, FILL: they draw nothing of their
   * own and stack their cards from the top, so a column taller than its
   * content looks the same. Aligned to the start instead, GTK would measure
   * each column's width for the row's height, which it does for the wrapping
   * labels by trying one width after another: a history step that changes
   * many labels would lay their text out about six times over. */
  for (GtkWidget *child = gtk_widget_get_first_child (flow); child != NULL; child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), flow);
  gtk_widget_set_vexpand (scrolled, TRUE);

  gtk_revealer_set_child (GTK_REVEALER (self->move_bar_revealer), self->move_bar);
  gtk_revealer_set_transition_type (GTK_REVEALER (self->move_bar_revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->move_bar_revealer), TRUE);

  gtk_box_append (GTK_BOX (self->box), scrolled);
  gtk_box_append (GTK_BOX (self->box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (self->box), self->move_bar_revealer);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}
