/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's statistics page: fx-stats per player and every contract. */

#define G_LOG_DOMAIN "Exchequer"

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
  gtk_box_append (self->stats_box, fx_audit_heading (title));
  gtk_box_append (self->stats_box, fx_audit_card (table));
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
    case FX_CONTRACT_OPEN:
    default:
      return g_strdup (_("still open"));
    }
}

static void
fill_contracts (FxAuditWindow *self,
                const FxStats *stats)
{
  const FxSetup *setup = xq_session_get_setup (self->session);
  const char *titles[] = { _("Contract"), _("Terms"), _("Made"), _("Outcome"), _("Profit when made"),
                           _("Profit when resolved") };
  GtkWidget *grid = gtk_grid_new ();
  g_autofree char *note = NULL;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    gtk_widget_set_hexpand (cell_full (grid, (int) i, 0, titles[i], TRUE, i == 1 || i == 3), i == 1);
  for (guint i = 0; i < stats->contracts->len; i++)
    {
      const FxContractStats *c = &g_array_index (stats->contracts, FxContractStats, i);
      char letter[] = { (char) ('A' + c->letter), '\0' };
      g_autofree char *terms = contract_terms (setup, c);
      g_autofree char *made = g_strdup_printf ("%u", c->move + 1);
      g_autofree char *outcome = contract_outcome (c);
      g_autofree char *created = c->valued ? fx_display_amount (c->created_value) : g_strdup ("–");
      g_autofree char *resolved = c->valued && c->outcome != FX_CONTRACT_OPEN
                                  ? fx_display_amount (c->resolved_value) : g_strdup ("–");

      stat_cell (grid, 0, (int) i + 1, letter, FALSE);
      cell_full (grid, 1, (int) i + 1, terms, FALSE, TRUE);
      stat_cell (grid, 2, (int) i + 1, made, FALSE);
      cell_full (grid, 3, (int) i + 1, outcome, FALSE, TRUE);
      stat_cell (grid, 4, (int) i + 1, created, FALSE);
      stat_cell (grid, 5, (int) i + 1, resolved, FALSE);
    }
  gtk_box_append (self->stats_box, fx_audit_heading (_("Contracts")));
  if (stats->final_strongest != FX_NO_CURRENCY)
    note = g_strdup_printf (_("Profit or loss of each contract in %s, the final strongest currency, valued on "
                              "the board when it was made and when it was resolved."),
                            fx_currency_code (stats->final_strongest));
  else
    note = g_strdup (_("Profits are shown once the strongest currency is decided."));
  gtk_box_append (self->stats_box, fx_audit_paragraph (note, "dim-label"));
  if (stats->contracts->len == 0)
    gtk_box_append (self->stats_box, fx_audit_paragraph (_("No contracts were made."), "dim-label"));
  else
    gtk_box_append (self->stats_box, fx_audit_card (grid));
}

void
fx_audit_fill_stats (FxAuditWindow *self)
{
  const FxSetup *setup = xq_session_get_setup (self->session);
  g_autoptr(FxStats) stats = fx_stats_new (self->session);
  guint n_counts;
  const FxStatCount *counts = fx_stat_counts (&n_counts);
  GtkWidget *table;
  int row;

  fx_audit_clear_box (self->stats_box);

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
}
