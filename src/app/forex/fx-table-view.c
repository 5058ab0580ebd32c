/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The For-Ex page, in what the table looks at first: left the board (the
 * cross rates folded under it), right every player's money and the queue's
 * front. Where both do not fit side by side (a phone held at the table) they
 * become two views with a switcher above them. The move bar sits below, on
 * screen at every size, and is hidden while the history shows the past. */

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
  GtkWidget *switcher;
  GtkWidget *board_toggle;
  GtkWidget *players_toggle;
  guint      switcher_idle;
  guint      fold_idle;
  gboolean   folded;         /* one view at a time, by our own measure */
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
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), content);
  return box;
}

/* One column of the page: its cards stacked from the top, scrolled on its own
 * so the other column stays in view. */
static GtkWidget *
column (GtkWidget *first,
        GtkWidget *second)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_box_append (GTK_BOX (box), first);
  gtk_box_append (GTK_BOX (box), second);
  g_object_set (box, "margin-top", 8, "margin-bottom", 12, "margin-start", 12, "margin-end", 12, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  gtk_widget_set_hexpand (scrolled, TRUE);
  gtk_widget_set_vexpand (scrolled, TRUE);
  return scrolled;
}

/* Folded, one view shows at a time: the switcher says which. */
static gboolean
update_switcher (gpointer user_data)
{
  FxTableView *self = user_data;
  gboolean folded = adw_leaflet_get_folded (ADW_LEAFLET (self->leaflet));
  GtkWidget *visible = adw_leaflet_get_visible_child (ADW_LEAFLET (self->leaflet));

  self->switcher_idle = 0;
  gtk_widget_set_visible (self->switcher, folded);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->board_toggle), visible == self->board_page);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->players_toggle), visible == self->players_page);
  return G_SOURCE_REMOVE;
}

/* The leaflet folds while it is being laid out, when no widget may appear:
 * the switcher follows before the next frame. */
static void
folded_changed (FxTableView *self)
{
  if (self->switcher_idle == 0)
    self->switcher_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_switcher, self, NULL);
}

static void
view_toggled (GtkToggleButton *toggle,
              FxTableView     *self)
{
  if (!gtk_toggle_button_get_active (toggle))
    return;
  adw_leaflet_set_visible_child (ADW_LEAFLET (self->leaflet),
                                 GTK_WIDGET (toggle) == self->board_toggle ? self->board_page : self->players_page);
}

static gboolean
apply_fold (gpointer user_data)
{
  FxTableView *self = user_data;

  self->fold_idle = 0;
  adw_leaflet_set_can_unfold (ADW_LEAFLET (self->leaflet), !self->folded);
  fx_board_view_set_may_shrink (FX_BOARD_VIEW (self->board), self->folded);
  return G_SOURCE_REMOVE;
}

/* Side by side only when the board fits at full size beside the players'
 * table at its narrowest; otherwise one at a time, the board compact. The
 * leaflet cannot tell this from the widths it is given (a board that may
 * shrink would always fit), so the page decides, between frames. */
static void
fx_table_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  FxTableView *self = FX_TABLE_VIEW (widget);
  int board = fx_board_view_get_full_width (FX_BOARD_VIEW (self->board));
  int players = 0;
  gboolean folded;

  gtk_widget_measure (self->players, GTK_ORIENTATION_HORIZONTAL, -1, &players, NULL, NULL, NULL);
  /* Both columns' margins and the line between them. */
  folded = board > 0 && width < board + players + 4 * 12 + 1;
  if (folded != self->folded && self->fold_idle == 0)
    {
      self->folded = folded;
      self->fold_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_fold, self, NULL);
    }
  gtk_widget_size_allocate (self->box, &(GtkAllocation) { 0, 0, width, height }, baseline);
}

static void
fx_table_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  gtk_widget_measure (FX_TABLE_VIEW (widget)->box, orientation, for_size, minimum, natural,
                      minimum_baseline, natural_baseline);
}

static GtkWidget *
view_toggle (const char *label)
{
  GtkWidget *toggle = gtk_toggle_button_new_with_mnemonic (label);

  gtk_widget_set_hexpand (toggle, TRUE);
  gtk_widget_add_css_class (toggle, "view-switch");
  xq_a11y_name_from_label (toggle);
  return toggle;
}

static void
fx_table_view_dispose (GObject *object)
{
  FxTableView *self = FX_TABLE_VIEW (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_handle_id (&self->switcher_idle, g_source_remove);
  g_clear_handle_id (&self->fold_idle, g_source_remove);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (fx_table_view_parent_class)->dispose (object);
}

static void
fx_table_view_class_init (FxTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_table_view_dispose;
  widget_class->measure = fx_table_view_measure;
  widget_class->size_allocate = fx_table_view_size_allocate;
}

static void
fx_table_view_init (FxTableView *self)
{
  GtkWidget *rates_expander = gtk_expander_new_with_mnemonic (_("Cross _Rates"));
  GtkWidget *board_card, *players_card, *queue_card;

  self->position = G_MAXUINT;
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->board = fx_board_view_new ();
  self->rates = fx_rates_view_new ();
  self->queue = fx_queue_view_new ();
  self->players = fx_players_view_new ();
  self->move_bar = GTK_WIDGET (fx_move_bar_new ());
  self->move_bar_revealer = gtk_revealer_new ();

  /* The cross rates are read less often than the board they come from. */
  gtk_expander_set_child (GTK_EXPANDER (rates_expander), self->rates);
  xq_a11y_name_from_label (rates_expander);
  gtk_widget_set_margin_top (self->rates, 6);
  board_card = card (_("Currency Board"), self->board);
  gtk_box_append (GTK_BOX (board_card), rates_expander);
  players_card = card (_("Players"), self->players);
  queue_card = card (_("Queue"), self->queue);
  self->board_page = column (board_card, gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  self->players_page = column (players_card, queue_card);
  /* The board keeps its width; the players take what is left, which is what
   * lets their table stand the right way up. */
  gtk_widget_set_hexpand (self->board_page, FALSE);
  fx_board_view_set_may_shrink (FX_BOARD_VIEW (self->board), FALSE);

  self->leaflet = adw_leaflet_new ();
  adw_leaflet_set_fold_threshold_policy (ADW_LEAFLET (self->leaflet), ADW_FOLD_THRESHOLD_POLICY_MINIMUM);
  adw_leaflet_set_can_navigate_back (ADW_LEAFLET (self->leaflet), TRUE);
  adw_leaflet_set_can_navigate_forward (ADW_LEAFLET (self->leaflet), TRUE);
  adw_leaflet_append (ADW_LEAFLET (self->leaflet), self->board_page);
  /* The line between the columns is no view of its own when folded. */
  adw_leaflet_page_set_navigatable (adw_leaflet_append (ADW_LEAFLET (self->leaflet),
                                                        gtk_separator_new (GTK_ORIENTATION_VERTICAL)),
                                    FALSE);
  adw_leaflet_append (ADW_LEAFLET (self->leaflet), self->players_page);
  /* On a phone the money shows first: what the table asks most. */
  adw_leaflet_set_visible_child (ADW_LEAFLET (self->leaflet), self->players_page);
  gtk_widget_set_vexpand (self->leaflet, TRUE);

  self->switcher = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (self->switcher, "linked");
  gtk_widget_add_css_class (self->switcher, "view-switcher");
  self->board_toggle = view_toggle (_("_Board"));
  self->players_toggle = view_toggle (_("_Players and Queue"));
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->players_toggle), GTK_TOGGLE_BUTTON (self->board_toggle));
  gtk_box_append (GTK_BOX (self->switcher), self->board_toggle);
  gtk_box_append (GTK_BOX (self->switcher), self->players_toggle);
  g_object_set (self->switcher, "margin-top", 6, "margin-bottom", 6, "margin-start", 12, "margin-end", 12, NULL);
  g_signal_connect (self->board_toggle, "toggled", G_CALLBACK (view_toggled), self);
  g_signal_connect (self->players_toggle, "toggled", G_CALLBACK (view_toggled), self);
  g_signal_connect_swapped (self->leaflet, "notify::folded", G_CALLBACK (folded_changed), self);
  g_signal_connect_swapped (self->leaflet, "notify::visible-child", G_CALLBACK (folded_changed), self);

  gtk_revealer_set_child (GTK_REVEALER (self->move_bar_revealer), self->move_bar);
  gtk_revealer_set_transition_type (GTK_REVEALER (self->move_bar_revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->move_bar_revealer), TRUE);

  gtk_box_append (GTK_BOX (self->box), self->switcher);
  gtk_box_append (GTK_BOX (self->box), self->leaflet);
  gtk_box_append (GTK_BOX (self->box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (self->box), self->move_bar_revealer);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  update_switcher (self);
}
