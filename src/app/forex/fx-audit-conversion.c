/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit's conversion cards: each player's holdings converted into the
 * strongest currency, with the exact value, the rounding and what it cost. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "fx-audit-window-private.h"
#include "fx-display.h"

/* An exact amount of bucks, as a reduced fraction. */
typedef struct
{
  gint64 num;
  gint64 den;
} Frac;

static gint64
gcd64 (gint64 a,
       gint64 b)
{
  a = ABS (a);
  b = ABS (b);
  while (b != 0)
    {
      gint64 t = a % b;

      a = b;
      b = t;
    }
  return a == 0 ? 1 : a;
}

static Frac
frac (gint64 num,
      gint64 den)
{
  gint64 g = gcd64 (num, den);

  return (Frac) { num / g, den / g };
}

static Frac
frac_add (Frac a,
          Frac b)
{
  return frac (a.num * b.den + b.num * a.den, a.den * b.den);
}

/* What @amount half-bucks of @c are worth in @s before rounding, in bucks;
 * fx_score_convert rounds this down to a whole buck. */
static Frac
exact_value (const FxBoard *board,
             FxCurrency     s,
             FxCurrency     c,
             XqAmount       amount)
{
  XqAmount rate;

  if (c == s)
    return frac (amount, 2);
  rate = fx_board_rate (board, s, c);
  if (fx_board_stronger (board, s, c) == s)
    return frac (amount, rate);           /* (a/2) / (r/2) */
  return frac ((gint64) amount * rate, 4);  /* (a/2) × (r/2) */
}

/* Quarters as decimals with the locale's point ("2.25"), other fractions as "2 + 1/3". */
static char *
frac_display (Frac f)
{
  const char *point = localeconv ()->decimal_point;
  const char *sign = f.num < 0 ? "-" : "";
  gint64 num = ABS (f.num), whole = num / f.den, rest = num % f.den;
  static const char *quarters[] = { "", "25", "5", "75" };

  if (point == NULL || *point == '\0')
    point = ".";
  if (rest == 0)
    return g_strdup_printf ("%s%" G_GINT64_FORMAT, sign, whole);
  if (4 % f.den == 0)
    return g_strdup_printf ("%s%" G_GINT64_FORMAT "%s%s", sign, whole, point, quarters[rest * 4 / f.den]);
  if (whole == 0)
    return g_strdup_printf ("%s%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT, sign, rest, f.den);
  /* TRANSLATORS: a whole number and a fraction of bucks, as in "2 + 1/3" */
  return g_strdup_printf (_("%s%lld + %lld/%lld"), sign, (long long) whole, (long long) rest, (long long) f.den);
}

/* One player's holdings, currency by currency, into @s. */
static GtkWidget *
conversion_card (FxAuditWindow    *self,
                 const FxState    *state,
                 const FxStanding *standing,
                 FxCurrency        s,
                 int               p)
{
  const char *titles[] = { _("Held"), _("Rate"), _("Exact"), _("Rounded down"), _("Rounding cost") };
  const gboolean numbers[] = { TRUE, TRUE, TRUE, TRUE, TRUE };
  const FxSetup *setup = xq_session_get_setup (self->game);
  const FxConversion *conv = &standing->players[p];
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *grid = fx_audit_table_new ();
  /* TRANSLATORS: a column: what 1 of each currency is worth in the strongest, "Rate in CHF" */
  g_autofree char *rate_title = g_strdup_printf (_("Rate in %s"), fx_currency_code (s));
  g_autofree char *title = NULL;
  Frac exact_total = { 0, 1 }, cost_total = { 0, 1 };
  g_autofree char *exact_text = NULL, *rounded_text = NULL, *cost_text = NULL;
  GtkWidget *label;
  int row = 1;

  gtk_grid_set_column_spacing (GTK_GRID (grid), 14);
  titles[1] = rate_title;
  if (p == state->bankrupt)
    title = g_strdup_printf (_("%s — bankrupt"), setup->names[p]);
  else if (standing->winners[p] && fx_state_is_over (state))
    title = g_strdup_printf (_("%s — winner"), setup->names[p]);
  else
    title = g_strdup (setup->names[p]);
  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);

  fx_audit_cell (grid, 0, 0, "", FALSE, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    gtk_widget_add_css_class (fx_audit_cell (grid, (int) i + 1, 0, titles[i], numbers[i], TRUE), "dim-label");
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      Frac exact = exact_value (&state->board, s, c, conv->held[c]);
      Frac cost = frac_add (exact, frac (-conv->converted[c], 2));
      g_autofree char *held = fx_display_amount (conv->held[c]);
      g_autofree char *rate = c == s ? g_strdup (_("kept")) : fx_display_rate (&state->board, c, s);
      g_autofree char *exact_s = frac_display (exact);
      g_autofree char *rounded = fx_display_amount (conv->converted[c]);
      g_autofree char *cost_s = frac_display (cost);

      if (conv->held[c] == 0)
        continue;
      exact_total = frac_add (exact_total, exact);
      cost_total = frac_add (cost_total, cost);
      fx_audit_cell (grid, 0, row, fx_currency_code (c), FALSE, FALSE);
      fx_audit_cell (grid, 1, row, held, TRUE, FALSE);
      fx_audit_cell (grid, 2, row, rate, TRUE, FALSE);
      fx_audit_cell (grid, 3, row, exact_s, TRUE, FALSE);
      fx_audit_cell (grid, 4, row, rounded, TRUE, FALSE);
      fx_audit_cell (grid, 5, row, cost.num == 0 ? "–" : cost_s, TRUE, FALSE);
      row++;
    }
  exact_text = frac_display (exact_total);
  rounded_text = fx_display_money (conv->total, s);
  cost_text = frac_display (cost_total);
  fx_audit_cell (grid, 0, row, _("Total"), FALSE, TRUE);
  fx_audit_cell (grid, 3, row, exact_text, TRUE, TRUE);
  self->totals[p] = fx_audit_cell (grid, 4, row, rounded_text, TRUE, TRUE);
  fx_audit_cell (grid, 5, row, cost_text, TRUE, TRUE);
  gtk_box_append (GTK_BOX (box), grid);
  /* Unscrolled: the flow box of these cards scrolls as one on a phone. */
  return fx_audit_frame (box);
}

/* The conversion section of the audit page: its heading, what a conversion
 * does, and one card per player in @order. */
void
fx_audit_fill_conversions (FxAuditWindow    *self,
                           const FxState    *state,
                           const FxStanding *standing,
                           FxCurrency        s,
                           const int        *order)
{
  const FxSetup *setup = xq_session_get_setup (self->game);
  gboolean over = fx_state_is_over (state);
  GtkWidget *flow;

  {
    g_autofree char *title = over ? g_strdup_printf (_("Conversion into %s"), fx_currency_code (s))
                                  : g_strdup_printf (_("Conversion into %s, as the table is now"),
                                                     fx_currency_code (s));

    gtk_box_append (self->audit_box, fx_audit_heading (title));
  }
  gtk_box_append (self->audit_box,
                  fx_audit_paragraph (_("Each holding outside the strongest currency converts on its own at the "
                                        "board’s rate and is rounded down to a whole buck; the rounding cost is "
                                        "what that took away. Money already in the strongest currency is kept "
                                        "as it is."), "dim-label"));
  flow = gtk_flow_box_new ();
  /* Nothing in the cards takes the focus, and a GTK 4.8 flow box whose
   * children take none holds Tab on the widget before it. */
  gtk_widget_set_can_focus (flow, FALSE);
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 12);
  for (int i = 0; i < setup->n_players; i++)
    {
      GtkWidget *card = conversion_card (self, state, standing, s, order[i]);

      gtk_flow_box_append (GTK_FLOW_BOX (flow), card);
      gtk_widget_set_focusable (gtk_widget_get_parent (card), FALSE);
    }
  gtk_box_append (self->audit_box, fx_audit_sideways (flow));
}
