/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FxAuditRows: a long table of the audit (every contract, every correction of
 * a 48,000-move game) as a list model whose rows are made only when a view
 * shows them, and the GtkColumnView that shows them: a few dozen rows of
 * widgets whatever the game's length (issue #23). */

#include "config.h"

#include "fx-audit-rows.h"

/* Where the words of a cell wrap. */
#define WRAP_CHARS 48

/* One row, made by the model when asked for and dropped when no view holds
 * it: its cells' text. Private to the model; a view reads it through
 * fx_audit_rows_item_cell(). */
#define FX_TYPE_AUDIT_ROW (fx_audit_row_get_type ())
G_DECLARE_FINAL_TYPE (FxAuditRow, fx_audit_row, FX, AUDIT_ROW, GObject)

struct _FxAuditRow
{
  GObject  parent_instance;
  char   **cells;
};

G_DEFINE_FINAL_TYPE (FxAuditRow, fx_audit_row, G_TYPE_OBJECT)

static void
fx_audit_row_finalize (GObject *object)
{
  g_strfreev (FX_AUDIT_ROW (object)->cells);
  G_OBJECT_CLASS (fx_audit_row_parent_class)->finalize (object);
}

static void
fx_audit_row_class_init (FxAuditRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fx_audit_row_finalize;
}

static void
fx_audit_row_init (FxAuditRow *self)
{
}

struct _FxAuditRows
{
  GObject          parent_instance;
  guint            n_rows;
  guint            n_shown;    /* what the model holds so far (fx_audit_rows_grow) */
  guint            in_sight;   /* the rows fx_audit_rows_guess_height() counted */
  int              guessed;    /* and the height it guessed; 0: not guessed yet */
  guint            n_columns;
  FxAuditRowsCell  cell;
  gpointer         data;
  GDestroyNotify   destroy;
};

static void fx_audit_rows_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (FxAuditRows, fx_audit_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, fx_audit_rows_model_init))

static GType
get_item_type (GListModel *model)
{
  return FX_TYPE_AUDIT_ROW;
}

static guint
get_n_items (GListModel *model)
{
  return FX_AUDIT_ROWS (model)->n_shown;
}

/* Row @position, whether or not the model holds it yet. */
static FxAuditRow *
make_row (FxAuditRows *self,
          guint        position)
{
  FxAuditRow *row = g_object_new (FX_TYPE_AUDIT_ROW, NULL);

  row->cells = g_new0 (char *, self->n_columns + 1);
  for (guint c = 0; c < self->n_columns; c++)
    {
      row->cells[c] = self->cell (self->data, position, c);
      if (row->cells[c] == NULL)
        row->cells[c] = g_strdup ("");
    }
  return row;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  FxAuditRows *self = FX_AUDIT_ROWS (model);

  return position < self->n_shown ? make_row (self, position) : NULL;
}

static void
fx_audit_rows_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
fx_audit_rows_finalize (GObject *object)
{
  FxAuditRows *self = FX_AUDIT_ROWS (object);

  if (self->destroy != NULL)
    self->destroy (self->data);
  G_OBJECT_CLASS (fx_audit_rows_parent_class)->finalize (object);
}

static void
fx_audit_rows_class_init (FxAuditRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fx_audit_rows_finalize;
}

static void
fx_audit_rows_init (FxAuditRows *self)
{
}

/**
 * fx_audit_rows_new:
 * @n_rows: the table's rows
 * @n_columns: its columns
 * @cell: makes a cell's text, called when a view shows its row
 * @data: for @cell; it must stay valid as long as the model
 * @destroy: (nullable): frees @data with the model
 *
 * Returns: (transfer full): the model
 */
FxAuditRows *
fx_audit_rows_new (guint            n_rows,
                   guint            n_columns,
                   FxAuditRowsCell  cell,
                   gpointer         data,
                   GDestroyNotify   destroy)
{
  FxAuditRows *self;

  g_return_val_if_fail (cell != NULL, NULL);
  g_return_val_if_fail (n_columns > 0, NULL);

  self = g_object_new (FX_TYPE_AUDIT_ROWS, NULL);
  self->n_rows = n_rows;
  self->n_shown = n_rows;
  self->in_sight = n_rows;
  self->n_columns = n_columns;
  self->cell = cell;
  self->data = data;
  self->destroy = destroy;
  return self;
}

const char *
fx_audit_rows_item_cell (gpointer item,
                         guint    column)
{
  FxAuditRow *row;

  g_return_val_if_fail (FX_IS_AUDIT_ROW (item), NULL);

  row = FX_AUDIT_ROW (item);
  return column < g_strv_length (row->cells) ? row->cells[column] : NULL;
}

/* The factories' cell: a label like the audit's tables' cells (fx_audit_kit_cell):
 * words wrap at 48 characters and never narrower (bind_cell), so that a
 * phone scrolls the table sideways in its card, as it does the audit's other
 * tables, rather than stand each row a word to a line; and a row is as many
 * lines tall on a phone as on a laptop, which row_lines() counts on. */
static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  number)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), number != NULL ? 1 : 0);
  /* A row of several lines reads from its first. */
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  if (number == NULL)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), WRAP_CHARS);
    }
  else
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  number)
{
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "column"));
  const char *text = fx_audit_rows_item_cell (gtk_list_item_get_item (item), column);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));

  gtk_label_set_text (label, text);
  if (number == NULL)
    gtk_label_set_width_chars (label, (int) MIN (g_utf8_strlen (text, -1), WRAP_CHARS));
}

/* Tall enough for about twelve rows; beyond, the table scrolls in its card. */
#define MAX_HEIGHT 420

/* About how many lines row @position takes: its longest text over the
 * characters a line holds. */
static guint
row_lines (FxAuditRows    *rows,
           guint           position,
           const gboolean *numbers)
{
  g_autoptr(FxAuditRow) row = make_row (rows, position);
  guint lines = 1;

  for (guint c = 0; c < rows->n_columns; c++)
    if (!numbers[c])
      lines = MAX (lines, (guint) (g_utf8_strlen (fx_audit_rows_item_cell (row, c), -1) + WRAP_CHARS - 1) / WRAP_CHARS);
  return lines;
}

/**
 * fx_audit_rows_guess_height:
 * @rows: the table
 * @numbers: per column, whether it holds numbers
 * @widget: a widget in the table's font
 *
 * The height of the table's view, a guess from its first rows' texts: a
 * list view tells its height only from the rows it has made, and it makes
 * only the rows its height shows, so left alone it would show one.
 *
 * Returns: the height in pixels, up to the most a view takes
 */
int
fx_audit_rows_guess_height (FxAuditRows    *rows,
                            const gboolean *numbers,
                            GtkWidget      *widget)
{
  g_autoptr(PangoLayout) line = gtk_widget_create_pango_layout (widget, "0");
  int line_height, height;

  g_return_val_if_fail (FX_IS_AUDIT_ROWS (rows), 0);

  pango_layout_get_pixel_size (line, NULL, &line_height);
  /* A line, and a cell's padding of about 15 px; the titles' row too. */
  height = line_height + 15;
  rows->in_sight = 0;
  for (guint i = 0; i < rows->n_rows && height < MAX_HEIGHT; i++, rows->in_sight++)
    height += (int) row_lines (rows, i, numbers) * line_height + 15;
  rows->guessed = MIN (height, MAX_HEIGHT);
  return rows->guessed;
}

/* GTK 4.8's list view makes a widget for each of up to 200 rows around
 * those in sight, however few are: 200 rows of a table's labels cost
 * 40-100 ms of measuring and shaping (bench-interactions), so a table
 * appears with the rows in sight and grows a batch a frame. Beyond the
 * rows a view makes, the rest cost nothing and come at once. */
#define LIST_VIEW_ROWS_MADE 200
#define ROWS_A_BATCH 16

/**
 * fx_audit_rows_show_in_sight:
 * @rows: a table whose height was guessed (fx_audit_rows_guess_height())
 *
 * The model holds only the rows the guessed height shows, and one more;
 * fx_audit_rows_grow() adds the rest. For a table no view shows yet.
 */
void
fx_audit_rows_show_in_sight (FxAuditRows *rows)
{
  g_return_if_fail (FX_IS_AUDIT_ROWS (rows));

  rows->n_shown = MIN (rows->n_rows, rows->in_sight + 1);
}

/**
 * fx_audit_rows_grow:
 * @rows: a table
 *
 * Adds a batch of rows to the model, or all the rest once a view would make
 * no widgets for them.
 *
 * Returns: whether rows are still to come
 */
gboolean
fx_audit_rows_grow (FxAuditRows *rows)
{
  guint before;

  g_return_val_if_fail (FX_IS_AUDIT_ROWS (rows), FALSE);

  before = rows->n_shown;
  if (before >= LIST_VIEW_ROWS_MADE)
    rows->n_shown = rows->n_rows;
  else
    rows->n_shown = MIN (rows->n_rows, before + ROWS_A_BATCH);
  if (rows->n_shown > before)
    g_list_model_items_changed (G_LIST_MODEL (rows), before, 0, rows->n_shown - before);
  return rows->n_shown < rows->n_rows;
}

/**
 * fx_audit_rows_shrink:
 * @rows: a table
 *
 * Drops a batch of the model's last rows: a view frees the widgets it made
 * for them, a batch at a time rather than all its rows at once (closing the
 * audit, 20-40 ms a table).
 *
 * Returns: whether rows are left
 */
gboolean
fx_audit_rows_shrink (FxAuditRows *rows)
{
  guint before;

  g_return_val_if_fail (FX_IS_AUDIT_ROWS (rows), FALSE);

  before = rows->n_shown;
  rows->n_shown = before > ROWS_A_BATCH ? before - ROWS_A_BATCH : 0;
  if (before > rows->n_shown)
    g_list_model_items_changed (G_LIST_MODEL (rows), rows->n_shown, before - rows->n_shown, 0);
  return rows->n_shown > 0;
}

gboolean
fx_audit_rows_is_complete (FxAuditRows *rows)
{
  g_return_val_if_fail (FX_IS_AUDIT_ROWS (rows), TRUE);

  return rows->n_shown == rows->n_rows;
}

/**
 * fx_audit_rows_view_new:
 * @rows: (transfer none): the table
 * @titles: a title per column
 * @numbers: per column, whether it holds numbers (end-aligned, tabular)
 *
 * A column view of @rows, in a scrolled window of its own that takes the
 * table's height up to about twelve rows and then scrolls: the view makes
 * widgets only for the rows it shows. It scrolls sideways on a phone, as
 * the audit's other tables do in their cards ("audit-table").
 *
 * Returns: (transfer floating): the scrolled window
 */
/* Once the view has made its rows, its height is known, not guessed: the
 * card takes it (up to the most a view takes), with no space left below the
 * last row nor a row cut off. Once a mapping: the rows do not change. */
static gboolean
fit_to_rows (GtkWidget     *scrolled,
             GdkFrameClock *clock,
             gpointer       data)
{
  GtkWidget *view = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));
  int width = gtk_widget_get_width (view);
  int natural = 0;

  if (width <= 0)
    return G_SOURCE_CONTINUE;
  gtk_widget_measure (view, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
  natural = MIN (natural, MAX_HEIGHT);
  if (natural > 0 && natural != gtk_scrolled_window_get_min_content_height (GTK_SCROLLED_WINDOW (scrolled)))
    gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), natural);
  return G_SOURCE_REMOVE;
}

static void
on_view_mapped (GtkWidget *scrolled)
{
  gtk_widget_add_tick_callback (scrolled, fit_to_rows, NULL, NULL);
}

GtkWidget *
fx_audit_rows_view_new (FxAuditRows        *rows,
                        const char * const *titles,
                        const gboolean     *numbers)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  g_autoptr(GtkNoSelection) selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (rows)));
  GtkWidget *view = gtk_column_view_new (GTK_SELECTION_MODEL (g_steal_pointer (&selection)));

  g_return_val_if_fail (FX_IS_AUDIT_ROWS (rows), NULL);

  for (guint c = 0; c < rows->n_columns; c++)
    {
      g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
      g_autoptr(GtkColumnViewColumn) column = NULL;

      g_object_set_data (G_OBJECT (factory), "column", GUINT_TO_POINTER (c));
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), numbers[c] ? GUINT_TO_POINTER (1) : NULL);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), numbers[c] ? GUINT_TO_POINTER (1) : NULL);
      column = gtk_column_view_column_new (titles[c], g_steal_pointer (&factory));
      /* No column takes the spare width: words wrap at 48 characters
       * whatever the window's width, as fx_audit_rows_guess_height() counts on. */
      gtk_column_view_append_column (GTK_COLUMN_VIEW (view), column);
    }
  gtk_widget_add_css_class (view, "audit-rows");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), MAX_HEIGHT);
  /* Each row's text made once: the guess is kept (fx_audit_rows_show_in_sight()'s). */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled),
                                              rows->guessed > 0 ? rows->guessed
                                                                : fx_audit_rows_guess_height (rows, numbers, view));
  gtk_widget_add_css_class (scrolled, "audit-table");
  /* As wide as the table, where the card has room for it. */
  gtk_widget_set_halign (scrolled, GTK_ALIGN_START);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  g_signal_connect (scrolled, "map", G_CALLBACK (on_view_mapped), NULL);
  return scrolled;
}
