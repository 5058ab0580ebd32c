/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's account of numbers the board alone does not explain:
 * which currency each dividend strengthened and why, and the corrections
 * the result rests on. The words are fx-dividends.c's and fx-corrected.c's,
 * which the report prints too. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-window-private.h"
#include "fx-corrected.h"
#include "fx-dividends.h"

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
  const FxSetup *setup = xq_session_get_setup (self->session);
  g_autoptr(GArray) dividends = fx_dividends_collect (self->session);
  const char *titles[] = { _("Move"), _("Card"), _("Strengthened"), _("Why") };
  const gboolean numbers[] = { TRUE, TRUE, FALSE, FALSE };
  GtkWidget *grid;

  gtk_box_append (self->audit_box, fx_audit_heading (_("Dividends")));
  gtk_box_append (self->audit_box,
                  fx_audit_paragraph (_("After each dividend the currency with the most certificates in players’ "
                                        "hands is strengthened once; on a tie the player who resolved it chooses "
                                        "among the tied."), "dim-label"));
  if (dividends->len == 0)
    {
      gtk_box_append (self->audit_box, fx_audit_paragraph (_("No dividend has been resolved yet."), "dim-label"));
      return;
    }
  grid = fx_audit_table_new ();
  fx_audit_header_row (grid, titles, numbers, G_N_ELEMENTS (titles));
  for (guint i = 0; i < dividends->len; i++)
    {
      const FxDividend *d = &g_array_index (dividends, FxDividend, i);
      g_autofree char *move = g_strdup_printf ("%u", d->move + 1);
      g_autofree char *card = g_strdup_printf ("%u", (guint) d->card);
      g_autofree char *reason = fx_dividend_reason (setup, d);
      /* TRANSLATORS: the currency a dividend strengthened, when by the table's reading it was none */
      const char *strengthened = d->strengthened == FX_NO_CURRENCY ? C_("currency strengthened", "none")
                                                                   : fx_currency_code (d->strengthened);

      fx_audit_cell (grid, 0, (int) i + 1, move, TRUE, FALSE);
      fx_audit_cell (grid, 1, (int) i + 1, card, TRUE, FALSE);
      fx_audit_cell (grid, 2, (int) i + 1, strengthened, FALSE, TRUE);
      fx_audit_cell (grid, 3, (int) i + 1, reason, FALSE, FALSE);
    }
  gtk_box_append (self->audit_box, fx_audit_card (grid));
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
  g_autofree char *note = fx_corrected_note (self->session);

  if (note != NULL)
    gtk_box_append (self->audit_box, fx_audit_paragraph (note, "warning"));
}
