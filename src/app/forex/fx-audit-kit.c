/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The widgets the audit window's pages are made of: headings, paragraphs,
 * cards and grid tables styled alike. Calls nothing but GTK and libadwaita. */

#include "config.h"

#include "fx-audit-kit.h"

void
fx_audit_kit_clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

GtkWidget *
fx_audit_kit_heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "title-4");
  gtk_widget_set_margin_top (label, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2, -1);
  return label;
}

GtkWidget *
fx_audit_kit_paragraph (const char *text,
                        const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A card around CHILD, with the page's padding. */
GtkWidget *
fx_audit_kit_frame (GtkWidget *child)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_margin_top (child, 12);
  gtk_widget_set_margin_bottom (child, 12);
  gtk_widget_set_margin_start (child, 12);
  gtk_widget_set_margin_end (child, 12);
  gtk_box_append (GTK_BOX (card), child);
  return card;
}

static GtkSizeRequestMode
sideways_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* A scrolled window that may scroll sideways asks its child for the height
 * it needs at no particular width: a table of wrapping words says the height
 * of its narrowest shape, every word on a line of its own, and the card
 * round it kept 200–400 px of nothing below the table. The height asked for
 * here is the child's at the width it will have: the width given, or its
 * natural one, and never less than its narrowest (it scrolls then). */
static void
sideways_measure (GtkWidget      *widget,
                  GtkOrientation  orientation,
                  int             for_size,
                  int            *minimum,
                  int            *natural,
                  int            *minimum_baseline,
                  int            *natural_baseline)
{
  GtkWidget *scroller = adw_bin_get_child (ADW_BIN (widget));
  GtkWidget *content = scroller != NULL ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)) : NULL;
  int min_width, nat_width, width;

  *minimum = *natural = 0;
  if (content == NULL || !gtk_widget_should_layout (scroller))
    return;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (scroller, orientation, for_size, minimum, natural, NULL, NULL);
      return;
    }
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &nat_width, NULL, NULL);
  width = for_size < 0 ? nat_width : MAX (for_size, min_width);
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, width, minimum, natural, NULL, NULL);
  *minimum = *natural;
}

static void
sideways_allocate (GtkWidget *widget,
                   int        width,
                   int        height,
                   int        baseline)
{
  GtkWidget *scroller = adw_bin_get_child (ADW_BIN (widget));

  if (scroller != NULL && gtk_widget_should_layout (scroller))
    gtk_widget_allocate (scroller, width, height, baseline, NULL);
}

/* CHILD scrolling sideways on its own when it is wider than a phone, so the
 * page around it — the paragraphs and the result lines — stays as wide as
 * the window and never runs off its edge. On a laptop it takes CHILD's
 * natural width and nothing scrolls. Either way it is as high as CHILD at
 * the width it has (sideways_measure). */
GtkWidget *
fx_audit_kit_sideways (GtkWidget *child)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *bin = adw_bin_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_widget_add_css_class (scroller, "audit-table");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), child);
  gtk_widget_set_layout_manager (bin, gtk_custom_layout_new (sideways_request_mode, sideways_measure,
                                                             sideways_allocate));
  adw_bin_set_child (ADW_BIN (bin), scroller);
  return bin;
}

/* A table in a card, scrolling sideways inside it on a phone. */
GtkWidget *
fx_audit_kit_card (GtkWidget *child)
{
  return fx_audit_kit_frame (fx_audit_kit_sideways (child));
}

GtkWidget *
fx_audit_kit_table_new (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  return grid;
}

/* A cell: column 0 and text columns start-aligned, numbers end-aligned and tabular. */
GtkWidget *
fx_audit_kit_cell (GtkWidget  *grid,
                   int         column,
                   int         row,
                   const char *text,
                   gboolean    number,
                   gboolean    strong)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), number ? 1 : 0);
  gtk_label_set_wrap (GTK_LABEL (label), !number);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  if (number)
    gtk_widget_add_css_class (label, "numeric");
  if (strong)
    gtk_widget_add_css_class (label, "heading");
  gtk_grid_attach (GTK_GRID (grid), label, column, row, 1, 1);
  return label;
}

/* The dimmed titles of a table's columns; the last takes the spare width. */
void
fx_audit_kit_header_row (GtkWidget          *grid,
                         const char * const *titles,
                         const gboolean     *numbers,
                         guint               n)
{
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *label = fx_audit_kit_cell (grid, (int) i, 0, titles[i], numbers[i], TRUE);

      gtk_widget_add_css_class (label, "dim-label");
      /* The last column takes the spare width, so the numbers stay near their names. */
      gtk_widget_set_hexpand (label, i == n - 1);
    }
}
