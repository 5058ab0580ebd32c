/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The For-Ex page, in what the table looks at first: left the board (the
 * cross rates folded under it), right every player's money and the queue's
 * front. Where both do not fit side by side (a phone held at the table) the
 * leaflet of ui/fx-table-view.ui folds them into two views, picked with a
 * view switcher bar at the bottom. The move bar sits below, on screen at every size, and is
 * hidden while the history shows the past. */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "fx-board-view.h"
#include "fx-move-bar.h"
#include "fx-players-view.h"
#include "fx-queue-view.h"
#include "fx-rates-view.h"
#include "fx-table-view.h"
#include "xq-a11y.h"

struct _FxTableView
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkWidget *leaflet;
  GtkWidget *board_page;
  GtkWidget *players_page;
  GtkWidget *rates_expander;
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
  /* The one before first: the session keeps the last past state it
   * computed, and the one shown is then a move from it. */
  if (shown > 0)
    xq_session_get_state_at (self->session, shown - 1, &previous);
  xq_session_get_state_at (self->session, shown, &state);

  fx_board_view_set_board (FX_BOARD_VIEW (self->board), &state.board, shown > 0 ? &previous.board : NULL);
  fx_rates_view_set_state (FX_RATES_VIEW (self->rates), &state);
  {
    /* While a spot is filled in, the queue judges the table the move bar's
     * preview judges: one answer to whether the owner can pay. */
    const FxState *after_spot = live ? fx_move_bar_get_after_spot (FX_MOVE_BAR (self->move_bar)) : NULL;

    fx_queue_view_set_state (FX_QUEUE_VIEW (self->queue), setup, after_spot != NULL ? after_spot : &state,
                             after_spot != NULL);
  }
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

static void
fx_table_view_dispose (GObject *object)
{
  FxTableView *self = FX_TABLE_VIEW (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_TABLE_VIEW);
  G_OBJECT_CLASS (fx_table_view_parent_class)->dispose (object);
}

static void
fx_table_view_class_init (FxTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_table_view_dispose;

  g_type_ensure (FX_TYPE_BOARD_VIEW);
  g_type_ensure (FX_TYPE_RATES_VIEW);
  g_type_ensure (FX_TYPE_PLAYERS_VIEW);
  g_type_ensure (FX_TYPE_QUEUE_VIEW);
  g_type_ensure (FX_TYPE_MOVE_BAR);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-table-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FxTableView, box);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, leaflet);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, board_page);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, players_page);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, rates_expander);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, board);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, rates);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, queue);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, players);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, move_bar);
  gtk_widget_class_bind_template_child (widget_class, FxTableView, move_bar_revealer);
}

static void
fx_table_view_init (FxTableView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Folded, the money comes first; set once the leaflet has its pages. */
  adw_leaflet_set_visible_child (ADW_LEAFLET (self->leaflet), self->players_page);
  self->position = G_MAXUINT;
  /* Read out as "Cross Rates", not "Cross _Rates Cross Rates". */
  xq_a11y_name_from_label (self->rates_expander);
  g_signal_connect_object (self->move_bar, "spot-changed", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
}
