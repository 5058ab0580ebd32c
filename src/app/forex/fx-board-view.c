/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Seven rows in board order, the ten track spaces 1 … 8, a counter per pair on
 * its stronger currency's row showing the weaker one. Counters are widgets,
 * so each has an accessible name and a tooltip. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-board-view.h"
#include "fx-display.h"
#include "xq-css.h"

struct _FxBoardView
{
  GtkWidget  parent_instance;

  GtkWidget *grid;
  GtkWidget *cells[FX_N_CURRENCIES][FX_N_SPACES];
  /* One label per pair, kept and moved between cells: browsing the history
   * must redraw the board within a frame. */
  GtkWidget *counters[FX_N_PAIRS];
  GtkWidget *counter_cell[FX_N_PAIRS];
  FxPair     shown[FX_N_PAIRS];      /* what each counter says now */
  gboolean   described[FX_N_PAIRS];
  FxBoard    board;                  /* for the tooltips, written when asked */
};

G_DEFINE_FINAL_TYPE (FxBoardView, fx_board_view, GTK_TYPE_WIDGET)

/**
 * fx_board_view_set_board:
 * @self: the view
 * @board: the board to show
 * @previous: (nullable): the board before the last move, to mark what moved
 */
void
fx_board_view_set_board (FxBoardView   *self,
                         const FxBoard *board,
                         const FxBoard *previous)
{
  g_return_if_fail (FX_IS_BOARD_VIEW (self));

  self->board = *board;
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      const FxPair *pair = &board->pairs[i];
      const FxPair *before = previous != NULL ? &previous->pairs[i] : NULL;
      GtkWidget *counter = self->counters[i];
      GtkWidget *cell = self->cells[pair->stronger][pair->space];
      FxCurrency a, b;

      fx_pair_currencies (i, &a, &b);
      if (self->counter_cell[i] != cell)
        {
          if (self->counter_cell[i] != NULL)
            gtk_box_remove (GTK_BOX (self->counter_cell[i]), counter);
          gtk_box_append (GTK_BOX (cell), counter);
          self->counter_cell[i] = cell;
        }
      /* Accessible names are costly to set; most counters do not move in a
       * move. */
      if (!self->described[i] || self->shown[i].stronger != pair->stronger || self->shown[i].space != pair->space)
        {
          g_autofree char *description = fx_display_pair (board, i);

          gtk_label_set_text (GTK_LABEL (counter), fx_currency_code (pair->stronger == (gint8) a ? b : a));
          gtk_accessible_update_property (GTK_ACCESSIBLE (counter), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
          self->shown[i] = *pair;
          self->described[i] = TRUE;
        }
      xq_css_set_class (counter, "no-dividend", pair->space == FX_LAST_SPACE);
      xq_css_set_class (counter, "flipped", before != NULL && before->stronger != pair->stronger);
      xq_css_set_class (counter, "moved", before != NULL && before->stronger == pair->stronger
                                   && before->space != pair->space);
    }
}

/* Written when the pointer rests on a counter: setting tooltip text on a
 * shown widget makes GTK ask the X server where the pointer is, a round trip
 * per moved counter that cost a history step up to tens of milliseconds. */
static gboolean
counter_query_tooltip (GtkWidget   *counter,
                       int          x,
                       int          y,
                       gboolean     keyboard_mode,
                       GtkTooltip  *tooltip,
                       FxBoardView *self)
{
  for (guint i = 0; i < FX_N_PAIRS; i++)
    if (self->counters[i] == counter && self->described[i])
      {
        g_autofree char *description = fx_display_pair (&self->board, i);

        gtk_tooltip_set_text (tooltip, description);
        return TRUE;
      }
  return FALSE;
}

static void
fx_board_view_dispose (GObject *object)
{
  FxBoardView *self = FX_BOARD_VIEW (object);

  g_clear_pointer (&self->grid, gtk_widget_unparent);
  for (guint i = 0; i < FX_N_PAIRS; i++)
    g_clear_object (&self->counters[i]);
  G_OBJECT_CLASS (fx_board_view_parent_class)->dispose (object);
}

static void
fx_board_view_class_init (FxBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_board_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "fxboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
fx_board_view_init (FxBoardView *self)
{
  self->grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 4);
  gtk_widget_add_css_class (self->grid, "fx-board");
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Currency board"), -1);

  for (int s = 0; s < FX_N_SPACES; s++)
    {
      g_autofree char *value = fx_display_amount (fx_track_value ((guint) s));
      GtkWidget *header = gtk_label_new (value);

      gtk_widget_add_css_class (header, "track-header");
      gtk_grid_attach (GTK_GRID (self->grid), header, s + 1, 0, 1, 1);
    }
  for (int r = 0; r < FX_N_CURRENCIES; r++)
    {
      GtkWidget *row_header = gtk_label_new (fx_currency_code (r));

      gtk_widget_add_css_class (row_header, "row-header");
      gtk_label_set_xalign (GTK_LABEL (row_header), 0);
      gtk_grid_attach (GTK_GRID (self->grid), row_header, 0, r + 1, 1, 1);
      for (int s = 0; s < FX_N_SPACES; s++)
        {
          GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

          gtk_widget_add_css_class (cell, "track-cell");
          if (s == FX_LAST_SPACE)
            gtk_widget_add_css_class (cell, "last-space");
          gtk_widget_set_hexpand (cell, TRUE);
          self->cells[r][s] = cell;
          gtk_grid_attach (GTK_GRID (self->grid), cell, s + 1, r + 1, 1, 1);
        }
    }
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      self->counters[i] = g_object_ref_sink (gtk_label_new (NULL));
      gtk_widget_add_css_class (self->counters[i], "counter");
      gtk_widget_set_focusable (self->counters[i], TRUE);
      gtk_widget_set_has_tooltip (self->counters[i], TRUE);
      g_signal_connect_object (self->counters[i], "query-tooltip", G_CALLBACK (counter_query_tooltip), self, 0);
    }
}

GtkWidget *
fx_board_view_new (void)
{
  return g_object_new (FX_TYPE_BOARD_VIEW, NULL);
}
