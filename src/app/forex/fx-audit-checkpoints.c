/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit's list of checkpoints (issue #17): each count of the table, when
 * it was taken and what it found. Beside the corrections, whose reasons name
 * the count that made them. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-window-private.h"
#include "fx-checkpoint.h"

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
  const char *titles[] = { _("Move"), _("Counted"), _("Result") };
  const gboolean numbers[] = { TRUE, FALSE, FALSE };
  GtkWidget *grid;
  int row = 1;
  guint n = 0;

  for (guint i = 0; i < xq_session_get_n_moves (self->session); i++)
    n += ((const FxMove *) xq_session_get_move (self->session, i))->kind == FX_MOVE_CHECKPOINT;
  if (n == 0)
    return;
  grid = fx_audit_table_new ();
  fx_audit_header_row (grid, titles, numbers, G_N_ELEMENTS (titles));
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
      fx_audit_cell (grid, 0, row, number, TRUE, FALSE);
      fx_audit_cell (grid, 1, row, reason != NULL ? reason : _("no reason given"), FALSE, FALSE);
      fx_audit_cell (grid, 2, row, result, FALSE, FALSE);
      row++;
    }
  gtk_box_append (self->audit_box, fx_audit_heading (_("Checkpoints")));
  gtk_box_append (self->audit_box, fx_audit_card (grid));
}
