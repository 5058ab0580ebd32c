/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit's list of checkpoints (issue #17): each count of the table, when
 * it was taken and what it found. Beside the corrections, whose reasons name
 * the count that made them. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-window-private.h"
#include "fx-checkpoint.h"

static GtkWidget *
add_cell (GtkWidget  *grid,
          int         column,
          int         row,
          const char *text,
          gboolean    number,
          gboolean    heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), number ? 1 : 0);
  gtk_label_set_wrap (GTK_LABEL (label), !number);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  if (number)
    gtk_widget_add_css_class (label, "numeric");
  if (heading)
    {
      gtk_widget_add_css_class (label, "heading");
      gtk_widget_add_css_class (label, "dim-label");
    }
  gtk_grid_attach (GTK_GRID (grid), label, column, row, 1, 1);
  return label;
}

/**
 * fx_audit_fill_checkpoints:
 * @self: the audit window
 *
 * Appends "Checkpoints" to the audit when the game holds any: a game never
 * counted shows its audit as before.
 */
void
fx_audit_fill_checkpoints (FxAuditWindow *self)
{
  GtkWidget *grid;
  int row = 1;
  guint n = 0;

  for (guint i = 0; i < xq_session_get_n_moves (self->session); i++)
    n += ((const FxMove *) xq_session_get_move (self->session, i))->kind == FX_MOVE_CHECKPOINT;
  if (n == 0)
    return;
  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  add_cell (grid, 0, 0, _("Move"), TRUE, TRUE);
  add_cell (grid, 1, 0, _("Counted"), FALSE, TRUE);
  gtk_widget_set_hexpand (add_cell (grid, 2, 0, _("Result"), FALSE, TRUE), TRUE);
  for (guint i = 0; i < xq_session_get_n_moves (self->session); i++)
    {
      const FxMove *move = xq_session_get_move (self->session, i);
      const char *reason = xq_session_get_move_reason (self->session, i);
      g_autofree char *number = NULL;
      g_autofree char *result = NULL;

      if (move->kind != FX_MOVE_CHECKPOINT)
        continue;
      number = g_strdup_printf ("%u", i + 1);
      result = fx_checkpoint_result (move);
      add_cell (grid, 0, row, number, TRUE, FALSE);
      add_cell (grid, 1, row, reason != NULL ? reason : _("no reason given"), FALSE, FALSE);
      add_cell (grid, 2, row, result, FALSE, FALSE);
      row++;
    }
  gtk_box_append (self->audit_box, fx_audit_heading (_("Checkpoints")));
  gtk_box_append (self->audit_box, fx_audit_card (grid));
}
