/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Seven rows in board order, the ten track spaces 1 … 8, a counter per pair on
 * its stronger currency's row showing the weaker one. Counters are widgets,
 * so each has an accessible name and a tooltip; spaces are boxes that
 * style.css colours. */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "fx-board-view.h"
#include "fx-display.h"
#include "xq-css.h"

/* The board drawn at full size, and compact (a phone at the table: ten
 * spaces in 360 px, smaller counters rather than a sideways scroll). The
 * squeezer of ui/fx-board-view.ui shows the first that fits. */
typedef enum
{
  FX_BOARD_VIEW_FULL,
  FX_BOARD_VIEW_COMPACT,
  FX_BOARD_VIEW_N_SIZES
} FxBoardViewSize;

/* One drawing of the board. */
typedef struct
{
  GtkWidget *grid;
  GtkWidget *cells[FX_N_CURRENCIES][FX_N_SPACES];
  /* One label per pair, kept and moved between cells: browsing the history
   * must redraw the board within a frame. */
  GtkWidget *counters[FX_N_PAIRS];
  GtkWidget *counter_cell[FX_N_PAIRS];
  FxPair     placed[FX_N_PAIRS];     /* where each counter is now */
  /* Names said to a screen reader: only the drawing shown says them. */
  gboolean   described[FX_N_PAIRS];
  gboolean   cell_described[FX_N_CURRENCIES][FX_N_SPACES];
} FxBoardViewDrawing;

struct _FxBoardView
{
  GtkWidget          parent_instance;

  GtkWidget         *squeezer;
  GtkWidget         *full_grid;
  GtkWidget         *compact_grid;
  FxBoardViewDrawing drawings[FX_BOARD_VIEW_N_SIZES];
  FxBoardViewSize    shown;
  FxBoard            board;          /* for the tooltips, written when asked */
  FxBoard            previous;       /* what moved, marked in either drawing */
  gboolean           has_board;
  gboolean           has_previous;
};

G_DEFINE_FINAL_TYPE (FxBoardView, fx_board_view, GTK_TYPE_WIDGET)

/* What a screen reader says of a space: "GBP row, space 2.5: counters USD, CHF". */
static void
describe_cell (FxBoardViewDrawing *drawing,
               int                 row,
               int                 space)
{
  GtkWidget *cell = drawing->cells[row][space];
  g_autoptr(GString) codes = g_string_new (NULL);
  g_autofree char *value = fx_display_amount (fx_track_value ((guint) space));
  g_autofree char *name = NULL;
  guint n = 0;

  for (GtkWidget *counter = gtk_widget_get_first_child (cell); counter != NULL;
       counter = gtk_widget_get_next_sibling (counter), n++)
    {
      if (n > 0)
        /* TRANSLATORS: between the currencies of the counters on a space of the board: "USD, CHF" */
        g_string_append (codes, _(", "));
      g_string_append (codes, gtk_label_get_text (GTK_LABEL (counter)));
    }
  if (n == 0)
    /* TRANSLATORS: a space of the currency board, for screen readers: "GBP row, space 2.5: no counter" */
    name = g_strdup_printf (_("%s row, space %s: no counter"), fx_currency_code (row), value);
  else
    /* TRANSLATORS: a space of the currency board, for screen readers: "GBP row, space 2.5: counters USD, CHF" */
    name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s row, space %s: counter %s", "%s row, space %s: counters %s", n),
                            fx_currency_code (row), value, codes->str);
  gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  drawing->cell_described[row][space] = TRUE;
}

/* Moves @drawing's counters to @board; with @describe, names for a screen
 * reader what changed (the drawing shown), otherwise marks it unsaid. */
static void
draw (FxBoardViewDrawing *drawing,
      const FxBoard      *board,
      const FxBoard      *previous,
      gboolean            describe)
{
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      const FxPair *pair = &board->pairs[i];
      const FxPair *before = previous != NULL ? &previous->pairs[i] : NULL;
      GtkWidget *counter = drawing->counters[i];
      GtkWidget *cell = drawing->cells[pair->stronger][pair->space];
      gboolean moved = drawing->counter_cell[i] != cell;
      FxCurrency a, b;

      fx_pair_currencies (i, &a, &b);
      if (moved)
        {
          if (drawing->counter_cell[i] != NULL)
            {
              gtk_box_remove (GTK_BOX (drawing->counter_cell[i]), counter);
              drawing->cell_described[drawing->placed[i].stronger][drawing->placed[i].space] = FALSE;
            }
          gtk_box_append (GTK_BOX (cell), counter);
          drawing->counter_cell[i] = cell;
          drawing->cell_described[pair->stronger][pair->space] = FALSE;
          gtk_label_set_text (GTK_LABEL (counter), fx_currency_code (pair->stronger == (gint8) a ? b : a));
        }
      /* Accessible names are costly to set; most counters do not move in a
       * move. */
      if (moved || drawing->placed[i].stronger != pair->stronger || drawing->placed[i].space != pair->space)
        drawing->described[i] = FALSE;
      drawing->placed[i] = *pair;
      if (describe && !drawing->described[i])
        {
          g_autofree char *description = fx_display_pair (board, i);

          gtk_accessible_update_property (GTK_ACCESSIBLE (counter), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
          drawing->described[i] = TRUE;
        }
      xq_css_set_class (counter, "no-dividend", pair->space == FX_LAST_SPACE);
      xq_css_set_class (counter, "flipped", before != NULL && before->stronger != pair->stronger);
      xq_css_set_class (counter, "moved", before != NULL && before->stronger == pair->stronger
                                   && before->space != pair->space);
    }
  /* Only the spaces a counter left or reached are named again. */
  if (describe)
    for (int r = 0; r < FX_N_CURRENCIES; r++)
      for (int sp = 0; sp < FX_N_SPACES; sp++)
        if (!drawing->cell_described[r][sp])
          describe_cell (drawing, r, sp);
}

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
  self->has_board = TRUE;
  self->has_previous = previous != NULL;
  if (previous != NULL)
    self->previous = *previous;
  /* Only the drawing shown follows each move: the other is drawn when a
   * resize brings it in (size_changed). Its spaces' least widths, which the
   * squeezer compares, do not depend on the counters in them. */
  draw (&self->drawings[self->shown], board, previous, TRUE);
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
  for (int d = 0; d < FX_BOARD_VIEW_N_SIZES; d++)
    for (guint i = 0; i < FX_N_PAIRS; i++)
      if (self->drawings[d].counters[i] == counter && self->has_board)
        {
          g_autofree char *description = fx_display_pair (&self->board, i);

          gtk_tooltip_set_text (tooltip, description);
          return TRUE;
        }
  return FALSE;
}

/* A screen reader hears the drawing shown, not both; the one now shown takes
 * the names it was spared while hidden. */
static void
size_changed (FxBoardView *self)
{
  GtkWidget *shown = adw_squeezer_get_visible_child (ADW_SQUEEZER (self->squeezer));

  self->shown = shown == self->compact_grid ? FX_BOARD_VIEW_COMPACT : FX_BOARD_VIEW_FULL;
  for (int d = 0; d < FX_BOARD_VIEW_N_SIZES; d++)
    gtk_accessible_update_state (GTK_ACCESSIBLE (self->drawings[d].grid), GTK_ACCESSIBLE_STATE_HIDDEN,
                                 (FxBoardViewSize) d != self->shown, -1);
  if (self->has_board)
    draw (&self->drawings[self->shown], &self->board, self->has_previous ? &self->previous : NULL, TRUE);
}

static void
fx_board_view_dispose (GObject *object)
{
  FxBoardView *self = FX_BOARD_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_BOARD_VIEW);
  for (int d = 0; d < FX_BOARD_VIEW_N_SIZES; d++)
    for (guint i = 0; i < FX_N_PAIRS; i++)
      g_clear_object (&self->drawings[d].counters[i]);
  G_OBJECT_CLASS (fx_board_view_parent_class)->dispose (object);
}

static void
fx_board_view_class_init (FxBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_board_view_dispose;
  gtk_widget_class_set_css_name (widget_class, "fxboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-board-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FxBoardView, squeezer);
  gtk_widget_class_bind_template_child (widget_class, FxBoardView, full_grid);
  gtk_widget_class_bind_template_child (widget_class, FxBoardView, compact_grid);
  gtk_widget_class_bind_template_callback (widget_class, size_changed);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

/* The track's heading, a row per currency and its ten spaces, and a counter
 * per pair to move between them. */
static void
build_drawing (FxBoardView        *self,
               FxBoardViewDrawing *drawing,
               GtkWidget          *grid)
{
  drawing->grid = grid;
  for (int s = 0; s < FX_N_SPACES; s++)
    {
      g_autofree char *value = fx_display_amount (fx_track_value ((guint) s));
      GtkWidget *header = gtk_label_new (value);

      gtk_widget_add_css_class (header, "track-header");
      gtk_grid_attach (GTK_GRID (grid), header, s + 1, 0, 1, 1);
    }
  for (int r = 0; r < FX_N_CURRENCIES; r++)
    {
      GtkWidget *row_header = gtk_label_new (fx_currency_code (r));

      gtk_widget_add_css_class (row_header, "row-header");
      gtk_label_set_xalign (GTK_LABEL (row_header), 0);
      gtk_grid_attach (GTK_GRID (grid), row_header, 0, r + 1, 1, 1);
      for (int s = 0; s < FX_N_SPACES; s++)
        {
          /* A group, named by describe_cell(). */
          GtkWidget *cell = g_object_new (GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_VERTICAL, "spacing", 2,
                                          "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);

          gtk_widget_add_css_class (cell, "track-cell");
          if (s == FX_LAST_SPACE)
            gtk_widget_add_css_class (cell, "last-space");
          gtk_widget_set_hexpand (cell, TRUE);
          drawing->cells[r][s] = cell;
          gtk_grid_attach (GTK_GRID (grid), cell, s + 1, r + 1, 1, 1);
        }
    }
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      drawing->counters[i] = g_object_ref_sink (gtk_label_new (NULL));
      gtk_widget_add_css_class (drawing->counters[i], "counter");
      gtk_widget_set_focusable (drawing->counters[i], TRUE);
      gtk_widget_set_has_tooltip (drawing->counters[i], TRUE);
      g_signal_connect_object (drawing->counters[i], "query-tooltip", G_CALLBACK (counter_query_tooltip), self, 0);
    }
}

static void
fx_board_view_init (FxBoardView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_drawing (self, &self->drawings[FX_BOARD_VIEW_FULL], self->full_grid);
  build_drawing (self, &self->drawings[FX_BOARD_VIEW_COMPACT], self->compact_grid);
  size_changed (self);
}
