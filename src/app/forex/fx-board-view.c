/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Seven rows in board order, the ten track spaces 1 … 8, a counter per pair on
 * its stronger currency's row showing the weaker one. Counters are widgets,
 * so each has an accessible name and a tooltip; spaces are boxes that
 * style.css colours. */

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
  gboolean   cells_described;
  FxBoard    board;                  /* for the tooltips, written when asked */
  /* Narrow (a phone at the table), the board shrinks its counters rather
   * than scroll sideways. */
  gboolean    compact;
  int         full_width;   /* the least width of the board drawn full size */
  guint       compact_idle;
};

/* Ten columns of about 28 px and the row names: a phone's 360 px window. */
#define COMPACT_MIN_WIDTH 300

G_DEFINE_FINAL_TYPE (FxBoardView, fx_board_view, GTK_TYPE_WIDGET)

/* What a screen reader says of a space: "GBP row, space 2.5: counters USD, CHF". */
static void
describe_cell (FxBoardView *self,
               int          row,
               int          space)
{
  GtkWidget *cell = self->cells[row][space];
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
  gboolean moved[FX_N_CURRENCIES][FX_N_SPACES] = { { FALSE } };

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
            {
              gtk_box_remove (GTK_BOX (self->counter_cell[i]), counter);
              moved[self->shown[i].stronger][self->shown[i].space] = TRUE;
            }
          gtk_box_append (GTK_BOX (cell), counter);
          self->counter_cell[i] = cell;
          moved[pair->stronger][pair->space] = TRUE;
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
  /* Only the spaces a counter left or reached are named again. */
  for (int r = 0; r < FX_N_CURRENCIES; r++)
    for (int sp = 0; sp < FX_N_SPACES; sp++)
      if (moved[r][sp] || !self->cells_described)
        describe_cell (self, r, sp);
  self->cells_described = TRUE;
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

static gboolean
apply_compact (gpointer user_data)
{
  FxBoardView *self = user_data;

  self->compact_idle = 0;
  xq_css_set_class (self->grid, "compact", self->compact);
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), self->compact ? 2 : 4);
  return G_SOURCE_REMOVE;
}

static void
fx_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  FxBoardView *self = FX_BOARD_VIEW (widget);

  gtk_widget_measure (self->grid, orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      if (!self->compact)
        self->full_width = *minimum;
      else if (self->full_width > 0)
        *natural = MAX (*natural, self->full_width);
      /* The least is the compact board; the full board is what it asks for,
       * which is what a leaflet folding on natural widths goes by. */
      *minimum = MIN (*minimum, COMPACT_MIN_WIDTH);
    }
}

/* Too narrow for the board at full size, it turns compact; wide enough
 * again, full size. A style class cannot change while the window is laid out,
 * so the change comes before the next frame; meanwhile the board is clipped. */
static void
fx_board_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  FxBoardView *self = FX_BOARD_VIEW (widget);
  gboolean compact = self->full_width > 0 && width < self->full_width;
  int grid_min = 0;

  if (compact != self->compact && self->compact_idle == 0)
    {
      self->compact = compact;
      self->compact_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_compact, self, NULL);
    }
  gtk_widget_measure (self->grid, GTK_ORIENTATION_HORIZONTAL, -1, &grid_min, NULL, NULL, NULL);
  gtk_widget_size_allocate (self->grid, &(GtkAllocation) { 0, 0, MAX (width, grid_min), height }, baseline);
}

static void
fx_board_view_dispose (GObject *object)
{
  FxBoardView *self = FX_BOARD_VIEW (object);

  g_clear_handle_id (&self->compact_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_BOARD_VIEW);
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
  widget_class->measure = fx_board_view_measure;
  widget_class->size_allocate = fx_board_view_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "fxboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-board-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FxBoardView, grid);
}

static void
fx_board_view_init (FxBoardView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

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
          /* A group, named by describe_cell(). */
          GtkWidget *cell = g_object_new (GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_VERTICAL, "spacing", 2,
                                          "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL);

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
