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
static char *
checkpoint_cell (FxAuditData *data,
                 guint        row,
                 guint        column)
{
  guint i = g_array_index (data->checkpoints, guint, row);
  const char *reason;

  switch (column)
    {
    case 0:
      return g_strdup_printf ("%u", i + 1);
    case 1:
      reason = xq_session_get_move_reason (data->game, i);
      return g_strdup (reason != NULL ? reason : _("no reason given"));
    default:
      return fx_checkpoint_result (xq_session_get_move (data->game, i));
    }
}

void
fx_audit_fill_checkpoints (FxAuditWindow *self)
{
  const char *titles[] = { _("Move"), _("Counted"), _("Result") };
  const gboolean numbers[] = { TRUE, FALSE, FALSE };
  guint n = self->data->checkpoints->len;

  if (n == 0)
    return;
  gtk_box_append (self->audit_box, fx_audit_heading (_("Checkpoints")));
  gtk_box_append (self->audit_box,
                  fx_audit_long_table (self, titles, numbers, G_N_ELEMENTS (titles), n, checkpoint_cell));
}
