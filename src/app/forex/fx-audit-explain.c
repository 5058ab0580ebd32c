/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's account of numbers the board alone does not explain:
 * which currency each dividend strengthened and why, and the corrections
 * the result rests on. The words are fx-dividends.c's and fx-corrected.c's,
 * which the report prints too. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-window-private.h"
#include "fx-corrected.h"
#include "fx-dividends.h"

static char *
dividend_cell (FxAuditData *data,
               guint        row,
               guint        column)
{
  const FxDividend *d = &g_array_index (data->dividends, FxDividend, row);

  switch (column)
    {
    case 0:
      return g_strdup_printf ("%u", d->move + 1);
    case 1:
      return g_strdup_printf ("%u", (guint) d->card);
    case 2:
      /* TRANSLATORS: the currency a dividend strengthened, when by the table's reading it was none */
      return g_strdup (d->strengthened == FX_NO_CURRENCY ? C_("currency strengthened", "none")
                                                         : fx_currency_code (d->strengthened));
    default:
      return fx_dividend_reason (xq_session_get_setup (data->game), d);
    }
}

/**
 * fx_audit_fill_dividends:
 * @self: the audit window
 *
 * A "Dividends" section: one row per dividend resolved, with the currency
 * it strengthened and why (the most certificates held, or the resolver's
 * choice among the tied), so every step the dividends put on the board is
 * accounted for.
 */
void
fx_audit_fill_dividends (FxAuditWindow *self)
{
  const char *titles[] = { _("Move"), _("Card"), _("Strengthened"), _("Why") };
  const gboolean numbers[] = { TRUE, TRUE, FALSE, FALSE };
  guint n = self->data->dividends->len;

  gtk_box_append (self->audit_box, fx_audit_heading (_("Dividends")));
  gtk_box_append (self->audit_box,
                  fx_audit_paragraph (_("After each dividend the currency with the most certificates in players’ "
                                        "hands is strengthened once; on a tie the player who resolved it chooses "
                                        "among the tied."), "dim-label"));
  if (n == 0)
    {
      gtk_box_append (self->audit_box, fx_audit_paragraph (_("No dividend has been resolved yet."), "dim-label"));
      return;
    }
  gtk_box_append (self->audit_box,
                  fx_audit_long_table (self, titles, numbers, G_N_ELEMENTS (titles), n, dividend_cell));
}

/**
 * fx_audit_fill_corrected_note:
 * @self: the audit window
 *
 * Under the result: "These numbers rest on 3 corrections (moves 12, 40 and
 * 41)." when corrections changed the table; nothing otherwise.
 */
void
fx_audit_fill_corrected_note (FxAuditWindow *self)
{
  const char *note = self->data->corrected_note;

  if (note != NULL)
    gtk_box_append (self->audit_box, fx_audit_paragraph (note, "warning"));
}
