/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's statistics page: fx-stats per player and every contract. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-window-private.h"
#include "fx-display.h"

/* Column 0 and text columns start-aligned (@text), numbers end-aligned. */
static GtkWidget *
cell_full (GtkWidget  *grid,
           int         column,
           int         row,
           const char *text,
           gboolean    header,
           gboolean    is_text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 || is_text ? 0 : 1);
  gtk_label_set_wrap (GTK_LABEL (label), column == 0 || is_text);
  gtk_widget_add_css_class (label, "numeric");
  if (header)
    gtk_widget_add_css_class (label, "heading");
  if (header && row == 0)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_grid_attach (GTK_GRID (grid), label, column, row, 1, 1);
  return label;
}

static GtkWidget *
stat_cell (GtkWidget  *grid,
           int         column,
           int         row,
           const char *text,
           gboolean    header)
{
  return cell_full (grid, column, row, text, header, FALSE);
}

/* A table with a row label and one column per player. */
static GtkWidget *
player_table (const FxSetup *setup)
{
  GtkWidget *grid = gtk_grid_new ();

  /* Equal columns spread the players across the card. */
  gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 24);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  stat_cell (grid, 0, 0, "", TRUE);
  for (int p = 0; p < setup->n_players; p++)
    stat_cell (grid, p + 1, 0, setup->names[p], TRUE);
  return grid;
}

static void
section (FxAuditWindow *self,
         const char    *title,
         GtkWidget     *table)
{
  gtk_box_append (self->stats_box, fx_audit_kit_heading (title));
  gtk_box_append (self->stats_box, fx_audit_kit_card (table));
}

static char *
contract_terms (const FxSetup         *setup,
                const FxContractStats *c)
{
  g_autofree char *pay = fx_display_money (c->pay_amount, c->pay);
  g_autofree char *receive = fx_display_money (c->receive_amount, c->receive);

  /* TRANSLATORS: a contract: "Bob pays 1.5 CHF for 1 USD" */
  return g_strdup_printf (_("%s pays %s for %s"), setup->names[c->owner], pay, receive);
}

static char *
contract_outcome (const FxContractStats *c)
{
  switch ((FxContractOutcome) c->outcome)
    {
    case FX_CONTRACT_PAID:
      return g_strdup_printf (_("paid at move %u"), c->resolved_move + 1);
    case FX_CONTRACT_LOAN:
      return g_strdup_printf (_("a loan at move %u"), c->resolved_move + 1);
    case FX_CONTRACT_MERGED:
      return g_strdup_printf (_("joined a loan at move %u"), c->resolved_move + 1);
    case FX_CONTRACT_REMOVED:
      return g_strdup_printf (_("taken off by a correction at move %u"), c->resolved_move + 1);
    case FX_CONTRACT_OPEN:
    default:
      return g_strdup (_("still open"));
    }
}

static char *
contract_cell (FxAuditData *data,
               guint        row,
               guint        column)
{
  const FxContractStats *c = &g_array_index (data->stats->contracts, FxContractStats, row);

  switch (column)
    {
    case 0:
      return g_strdup_printf ("%c", 'A' + c->letter);
    case 1:
      return contract_terms (xq_session_get_setup (data->game), c);
    case 2:
      return g_strdup_printf ("%u", c->move + 1);
    case 3:
      return contract_outcome (c);
    case 4:
      return c->valued ? fx_display_amount (c->created_value) : g_strdup ("–");
    default:
      return c->valued && fx_contract_stats_resolved (c) ? fx_display_amount (c->resolved_value) : g_strdup ("–");
    }
}

static void
fill_contracts (FxAuditWindow *self,
                const FxStats *stats)
{
  const char *titles[] = { _("Contract"), _("Terms"), _("Made"), _("Outcome"), _("Profit when made"),
                           _("Profit when resolved") };
  const gboolean numbers[] = { FALSE, FALSE, TRUE, FALSE, TRUE, TRUE };
  g_autofree char *note = NULL;

  gtk_box_append (self->stats_box, fx_audit_kit_heading (_("Contracts")));
  if (stats->final_strongest != FX_NO_CURRENCY)
    note = g_strdup_printf (_("Profit or loss of each contract in %s, the final strongest currency, valued on "
                              "the board when it was made and when it was resolved."),
                            fx_currency_code (stats->final_strongest));
  else
    note = g_strdup (_("Profits are shown once the strongest currency is decided."));
  gtk_box_append (self->stats_box, fx_audit_kit_paragraph (note, "dim-label"));
  if (stats->contracts->len == 0)
    gtk_box_append (self->stats_box, fx_audit_kit_paragraph (_("No contracts were made."), "dim-label"));
  else
    gtk_box_append (self->stats_box, _fx_audit_window_long_table (self, titles, numbers, G_N_ELEMENTS (titles),
                                                                  stats->contracts->len, contract_cell));
}

void
_fx_audit_stats_fill (FxAuditWindow *self)
{
  const FxSetup *setup;
  const FxStats *stats;
  guint n_counts;
  const FxStatCount *counts = fx_stat_counts (&n_counts);
  GtkWidget *table;
  int row;

  fx_audit_kit_clear_box (self->stats_box);
  if (self->data == NULL)
    return;
  setup = xq_session_get_setup (self->game);
  stats = self->data->stats;

  table = player_table (setup);
  row = 1;
  for (guint i = 0; i < n_counts; i++, row++)
    {
      stat_cell (table, 0, row, _(counts[i].label), FALSE);
      for (int p = 0; p < setup->n_players; p++)
        {
          g_autofree char *text = g_strdup_printf ("%u", fx_stat_count_value (&counts[i], &stats->players[p]));

          stat_cell (table, p + 1, row, text, FALSE);
        }
    }
  stat_cell (table, 0, row, _("Bankrupt"), FALSE);
  for (int p = 0; p < setup->n_players; p++)
    stat_cell (table, p + 1, row, stats->players[p].bankrupt ? _("yes") : _("no"), FALSE);
  section (self, _("Actions"), table);

  table = player_table (setup);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      stat_cell (table, 0, c + 1, fx_currency_code (c), FALSE);
      for (int p = 0; p < setup->n_players; p++)
        {
          /* TRANSLATORS: certificates bought / sold */
          g_autofree char *text = g_strdup_printf (_("%u / %u"), stats->players[p].bought[c],
                                                   stats->players[p].sold[c]);

          stat_cell (table, p + 1, c + 1, text, FALSE);
        }
    }
  section (self, _("Certificates bought / sold"), table);

  table = player_table (setup);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      stat_cell (table, 0, c + 1, fx_currency_code (c), FALSE);
      for (int p = 0; p < setup->n_players; p++)
        {
          g_autofree char *text = fx_display_amount (stats->players[p].dividends[c]);

          stat_cell (table, p + 1, c + 1, text, FALSE);
        }
    }
  section (self, _("Dividends received"), table);

  fill_contracts (self, stats);
  _fx_audit_window_show_in_turn (self, self->stats_box);
}
