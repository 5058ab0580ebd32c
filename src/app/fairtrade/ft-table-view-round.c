/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The last settled round as the table does it: the two sorted rows with their
 * tie-breaks, the farmer pool and its split, the trader payments, the markers
 * per the market row and the shortfalls taken from the box. */

#include "config.h"

#include <glib/gi18n.h>

#include "ft-sentence.h"
#include "ft-table-view-private.h"
#include "xq-css.h"

static GtkWidget *
sentence (void)
{
  GtkWidget *label = ft_table_view_label (NULL, NULL, 0);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  return label;
}

static GtkWidget *
chip (void)
{
  GtkWidget *label = ft_table_view_label (NULL, "ft-chip", 0.5);

  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  /* Six players on a phone: long names shorten, the bids stay. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  return label;
}

GtkWidget *
ft_table_view_build_round (FtTableView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);

  self->last_title = ft_table_view_label (NULL, "title-4", 0);
  gtk_box_append (GTK_BOX (box), self->last_title);

  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "ft-round");
  self->rank_grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->rank_grid), 6);
  gtk_grid_set_row_spacing (GTK_GRID (self->rank_grid), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rank_grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The last round’s sorted bids"), -1);
  {
    /* Four players' bids fit a phone; five or six scroll within the card
     * rather than widening the page. */
    GtkWidget *scrolled = gtk_scrolled_window_new ();

    gtk_widget_add_css_class (scrolled, "ft-rank-scroll");
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
    gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scrolled), TRUE);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->rank_grid);
    gtk_box_append (GTK_BOX (card), scrolled);
  }
  self->farmer_ties = sentence ();
  self->trader_ties = sentence ();
  self->pool = sentence ();
  self->payments = sentence ();
  self->shortfalls = sentence ();
  gtk_widget_add_css_class (self->shortfalls, "warning");
  gtk_box_append (GTK_BOX (card), self->farmer_ties);
  gtk_box_append (GTK_BOX (card), self->trader_ties);
  gtk_box_append (GTK_BOX (card), self->pool);
  gtk_box_append (GTK_BOX (card), self->payments);
  gtk_box_append (GTK_BOX (card), self->shortfalls);
  g_object_set (card, "margin-bottom", 0, NULL);
  self->last_card = card;
  gtk_box_append (GTK_BOX (box), card);
  return box;
}

void
ft_table_view_build_round_columns (FtTableView *self,
                                   guint        n)
{
  GtkGrid *grid = GTK_GRID (self->rank_grid);
  const char *rows[] = { N_("Rank"), N_("Farmer bids"), N_("Pool share"), N_("Trader bids"), N_("Paid to"),
                         N_("Markers") };
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->rank_grid)) != NULL)
    gtk_grid_remove (grid, child);
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      GtkWidget *header = ft_table_view_label (_(rows[r]), "ft-header", 0);

      /* "Farmer bids" on two lines where the row is narrow. */
      gtk_label_set_wrap (GTK_LABEL (header), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (header), 14);
      gtk_grid_attach (grid, header, 0, r, 1, 1);
    }
  for (guint k = 0; k < n; k++)
    {
      FtRankColumn *col = &self->ranks[k];
      char rank[8];

      g_snprintf (rank, sizeof rank, "%u", k + 1);
      gtk_grid_attach (grid, ft_table_view_label (rank, "ft-header", 0.5), k + 1, 0, 1, 1);
      col->farmer = chip ();
      gtk_widget_add_css_class (col->farmer, "farmer");
      col->share = ft_table_view_label (NULL, "ft-share", 0.5);
      col->trader = chip ();
      gtk_widget_add_css_class (col->trader, "trader");
      col->paid_to = ft_table_view_label (NULL, "ft-paid-to", 0.5);
      gtk_label_set_ellipsize (GTK_LABEL (col->paid_to), PANGO_ELLIPSIZE_END);
      col->award = ft_table_view_label (NULL, "ft-award", 0.5);
      gtk_grid_attach (grid, col->farmer, k + 1, 1, 1, 1);
      gtk_grid_attach (grid, col->share, k + 1, 2, 1, 1);
      gtk_grid_attach (grid, col->trader, k + 1, 3, 1, 1);
      gtk_grid_attach (grid, col->paid_to, k + 1, 4, 1, 1);
      gtk_grid_attach (grid, col->award, k + 1, 5, 1, 1);
    }
}

static char *
describe_payments (const FtSetup      *setup,
                   const FtSettlement *last)
{
  GString *out = g_string_new (_("Trader payments: the k-th trader bid goes to the owner of the k-th farmer card."));
  int n = setup->n_players;

  for (int p = 0; p < n; p++)
    {
      g_string_append_c (out, '\n');
      /* TRANSLATORS: "Ann collects 9 and wins 5 markers" */
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s collects %d coins and gains %d marker.",
                                                "%s collects %d coins and gains %d markers.", last->awarded[p]),
                              setup->names[p], last->collected[p], last->awarded[p]);
    }
  return g_string_free (out, FALSE);
}

static char *
describe_shortfalls (const FtSetup      *setup,
                     const FtSettlement *last)
{
  GString *out = g_string_new (NULL);

  for (int p = 0; p < setup->n_players; p++)
    {
      if (last->shortfall[p] <= 0)
        continue;
      if (out->len > 0)
        g_string_append_c (out, '\n');
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                "%s could not pay %d coin: taken from the box, counted as debt.",
                                                "%s could not pay %d coins: taken from the box, counted as debt.",
                                                last->shortfall[p]),
                              setup->names[p], last->shortfall[p]);
    }
  return g_string_free (out, FALSE);
}

void
ft_table_view_update_round (FtTableView   *self,
                            const FtSetup *setup,
                            const FtState *s)
{
  const FtSettlement *last = &s->last;
  int n = s->n_players;
  /* The markers have passed since: the round's farmer now holds the trader
   * marker, and its trader sat to that farmer's right. */
  int farmer = s->trader;
  int trader = (s->trader + n - 1) % n;
  g_autofree char *title = NULL;
  g_autofree char *ties = NULL;
  g_autofree char *tties = NULL;
  g_autofree char *pool = NULL;
  g_autofree char *payments = NULL;
  g_autofree char *shortfalls = NULL;

  gtk_widget_set_visible (self->last_card, s->has_last);
  if (!s->has_last)
    {
      gtk_label_set_text (GTK_LABEL (self->last_title), _("No round settled yet"));
      return;
    }
  /* A round settles on its last bid, and s->round counts the settled ones. */
  title = g_strdup_printf (_("Round %u, settled"), s->round);
  gtk_label_set_text (GTK_LABEL (self->last_title), title);

  for (int k = 0; k < n; k++)
    {
      FtRankColumn *col = &self->ranks[k];
      int owner = last->farmer_rank[k];
      int payer = last->trader_rank[k];
      g_autofree char *f = g_strdup_printf ("%s\n<b>%u</b>", setup->names[owner], last->bids[owner][0]);
      g_autofree char *t = g_strdup_printf ("%s\n<b>%u</b>", setup->names[payer], last->bids[payer][1]);
      g_autofree char *f_name = g_strdup_printf (_("Farmer rank %d: %s bid %u"), k + 1, setup->names[owner],
                                                 last->bids[owner][0]);
      g_autofree char *t_name = g_strdup_printf (_("Trader rank %d: %s bid %u, paid to %s"), k + 1,
                                                 setup->names[payer], last->bids[payer][1], setup->names[owner]);
      g_autofree char *share_name = g_strdup_printf (_("Pool share %d to %s"), last->share[k], setup->names[owner]);
      g_autofree char *award_name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d marker to %s", "%d markers to %s",
                                                                      last->awards[k]),
                                                         last->awards[k], setup->names[payer]);
      g_autofree char *paid = g_strdup_printf ("→ %s", setup->names[owner]);

      gtk_label_set_markup (GTK_LABEL (col->farmer), f);
      gtk_accessible_update_property (GTK_ACCESSIBLE (col->farmer), GTK_ACCESSIBLE_PROPERTY_LABEL, f_name, -1);
      gtk_label_set_markup (GTK_LABEL (col->trader), t);
      gtk_accessible_update_property (GTK_ACCESSIBLE (col->trader), GTK_ACCESSIBLE_PROPERTY_LABEL, t_name, -1);
      ft_table_view_set_number (col->share, last->share[k], share_name);
      gtk_label_set_text (GTK_LABEL (col->paid_to), paid);
      ft_table_view_set_number (col->award, last->awards[k], award_name);
    }

  ties = ft_sentence_ties (setup, last, 0, farmer);
  tties = ft_sentence_ties (setup, last, 1, trader);
  pool = ft_sentence_pool (last, n);
  payments = describe_payments (setup, last);
  shortfalls = describe_shortfalls (setup, last);
  gtk_label_set_text (GTK_LABEL (self->farmer_ties), ties);
  gtk_label_set_text (GTK_LABEL (self->trader_ties), tties);
  gtk_label_set_text (GTK_LABEL (self->pool), pool);
  gtk_label_set_text (GTK_LABEL (self->payments), payments);
  gtk_label_set_text (GTK_LABEL (self->shortfalls), shortfalls);
  gtk_widget_set_visible (self->shortfalls, *shortfalls != '\0');
}
