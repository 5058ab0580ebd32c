/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Audit page: how the score comes about. The strongest
 * currency, the totals and winner, each player's conversion with its
 * rounding, the dividends, the rulebook readings, the corrections and the
 * checkpoints the result rests on. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "fx-audit-window-private.h"
#include "fx-checkpoint.h"
#include "fx-corrected.h"
#include "fx-display.h"
#include "fx-dividends.h"
#include "fx-forecast.h"
#include "fx-game.h"
#include "fx-report-text.h"
#include "fx-sentence.h"
#include "fx-worth.h"

/* An exact amount of bucks, as a reduced fraction. */
typedef struct
{
  gint64 num;
  gint64 den;
} FxAuditFrac;

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

static FxAuditFrac
frac (gint64 num,
      gint64 den)
{
  gint64 g = gcd64 (num, den);

  return (FxAuditFrac) { num / g, den / g };
}

static FxAuditFrac
frac_add (FxAuditFrac a,
          FxAuditFrac b)
{
  return frac (a.num * b.den + b.num * a.den, a.den * b.den);
}

/* What @amount half-bucks of @c are worth in @s before rounding, in bucks;
 * fx_score_convert rounds this down to a whole buck. */
static FxAuditFrac
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

/* The exact value as a fraction: quarters as decimals with the locale's point
 * ("2.25"), other fractions as "2 + 1/3". What the tooltip of a decimal
 * that is not exact gives. */
static char *
frac_exact (FxAuditFrac f)
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

/* What a person reads: a decimal with the locale's point. Quarters and other
 * values exact to the hundredth as they are ("2.25", "0.2"); any other is cut
 * to two decimals, never rounded up, and marked "≈" ("≈ 14.80" for 14 +
 * 169/210), so the shown value never exceeds the exact one, whose whole
 * bucks the next column keeps. The page says so (fill_conversions). */
static char *
frac_display (FxAuditFrac f)
{
  const char *point = localeconv ()->decimal_point;
  const char *sign = f.num < 0 ? "-" : "";
  gint64 num = ABS (f.num), whole = num / f.den, rest = num % f.den;
  gint64 hundredths = rest * 100 / f.den;
  char digits[3];

  if (point == NULL || *point == '\0')
    point = ".";
  if (rest == 0)
    return g_strdup_printf ("%s%" G_GINT64_FORMAT, sign, whole);
  g_snprintf (digits, sizeof digits, "%02d", (int) hundredths);
  if (rest * 100 % f.den == 0)
    {
      if (digits[1] == '0')
        digits[1] = '\0';
      return g_strdup_printf ("%s%" G_GINT64_FORMAT "%s%s", sign, whole, point, digits);
    }
  return g_strdup_printf ("≈ %s%" G_GINT64_FORMAT "%s%s", sign, whole, point, digits);
}

/* A cell of an exact value: the decimal, and the fraction in its tooltip
 * when the decimal is not exact. */
static GtkWidget *
frac_cell (GtkWidget   *grid,
           int          column,
           int          row,
           FxAuditFrac  f,
           const char  *shown,
           gboolean     strong)
{
  GtkWidget *cell = fx_audit_kit_cell (grid, column, row, shown, TRUE, strong);

  if (f.num % f.den != 0 && (ABS (f.num) % f.den) * 100 % f.den != 0)
    {
      g_autofree char *exact = frac_exact (f);
      /* TRANSLATORS: the tooltip of a rounded value in the audit, "exactly 14 + 169/210" */
      g_autofree char *tooltip = g_strdup_printf (_("exactly %s"), exact);

      gtk_widget_set_tooltip_text (cell, tooltip);
    }
  return cell;
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
  GtkWidget *grid = fx_audit_kit_table_new ();
  /* TRANSLATORS: a column: what 1 of each currency is worth in the strongest, "Rate in CHF" */
  g_autofree char *rate_title = g_strdup_printf (_("Rate in %s"), fx_currency_code (s));
  g_autofree char *title = NULL;
  FxAuditFrac exact_total = { 0, 1 }, cost_total = { 0, 1 };
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

  fx_audit_kit_cell (grid, 0, 0, "", FALSE, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    gtk_widget_add_css_class (fx_audit_kit_cell (grid, (int) i + 1, 0, titles[i], numbers[i], TRUE), "dim-label");
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxAuditFrac exact = exact_value (&state->board, s, c, conv->held[c]);
      FxAuditFrac cost = frac_add (exact, frac (-conv->converted[c], 2));
      g_autofree char *held = fx_display_amount (conv->held[c]);
      g_autofree char *rate = c == s ? g_strdup (_("kept")) : fx_display_rate (&state->board, c, s);
      g_autofree char *exact_s = frac_display (exact);
      g_autofree char *rounded = fx_display_amount (conv->converted[c]);
      g_autofree char *cost_s = frac_display (cost);

      if (conv->held[c] == 0)
        continue;
      exact_total = frac_add (exact_total, exact);
      cost_total = frac_add (cost_total, cost);
      fx_audit_kit_cell (grid, 0, row, fx_currency_code (c), FALSE, FALSE);
      fx_audit_kit_cell (grid, 1, row, held, TRUE, FALSE);
      fx_audit_kit_cell (grid, 2, row, rate, TRUE, FALSE);
      frac_cell (grid, 3, row, exact, exact_s, FALSE);
      fx_audit_kit_cell (grid, 4, row, rounded, TRUE, FALSE);
      if (cost.num == 0)
        fx_audit_kit_cell (grid, 5, row, "–", TRUE, FALSE);
      else
        frac_cell (grid, 5, row, cost, cost_s, FALSE);
      row++;
    }
  exact_text = frac_display (exact_total);
  rounded_text = fx_display_money (conv->total, s);
  cost_text = frac_display (cost_total);
  fx_audit_kit_cell (grid, 0, row, _("Total"), FALSE, TRUE);
  frac_cell (grid, 3, row, exact_total, exact_text, TRUE);
  self->totals[p] = fx_audit_kit_cell (grid, 4, row, rounded_text, TRUE, TRUE);
  frac_cell (grid, 5, row, cost_total, cost_text, TRUE);
  gtk_box_append (GTK_BOX (box), grid);
  /* Unscrolled: the flow box of these cards scrolls as one on a phone. */
  return fx_audit_kit_frame (box);
}

/* The conversion section of the audit page: its heading, what a conversion
 * does, and one card per player in @order. */
static void
fill_conversions (FxAuditWindow    *self,
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

    gtk_box_append (self->audit_box, fx_audit_kit_heading (title));
  }
  gtk_box_append (self->audit_box,
                  fx_audit_kit_paragraph (_("Each holding outside the strongest currency converts on its own at the "
                                            "board’s rate and is rounded down to a whole buck; the rounding cost is "
                                            "what that took away. Money already in the strongest currency is kept "
                                            "as it is."), "dim-label"));
  gtk_box_append (self->audit_box,
                  fx_audit_kit_paragraph (_("An exact value that does not end within two decimals is shown cut to "
                                            "two, never rounded up, and marked ≈; its tooltip gives it exactly."),
                                          "dim-label"));
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
  gtk_box_append (self->audit_box, fx_audit_kit_sideways (flow));
}

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

/* A "Dividends" section: one row per dividend resolved, with the currency
 * it strengthened and why (the most certificates held, or the resolver's
 * choice among the tied), so every step the dividends put on the board is
 * accounted for. */
static void
fill_dividends (FxAuditWindow *self)
{
  const char *titles[] = { _("Move"), _("Card"), _("Strengthened"), _("Why") };
  const gboolean numbers[] = { TRUE, TRUE, FALSE, FALSE };
  guint n = self->data->dividends->len;

  gtk_box_append (self->audit_box, fx_audit_kit_heading (_("Dividends")));
  gtk_box_append (self->audit_box,
                  fx_audit_kit_paragraph (_("After each dividend the currency with the most certificates in players’ "
                                            "hands is strengthened once; on a tie the player who resolved it chooses "
                                            "among the tied."), "dim-label"));
  if (n == 0)
    {
      gtk_box_append (self->audit_box, fx_audit_kit_paragraph (_("No dividend has been resolved yet."), "dim-label"));
      return;
    }
  gtk_box_append (self->audit_box,
                  _fx_audit_window_long_table (self, titles, numbers, G_N_ELEMENTS (titles), n, dividend_cell));
}

/* Under the result: "These numbers rest on 3 corrections (moves 12, 40 and
 * 41)." when corrections changed the table; nothing otherwise. */
static void
fill_corrected_note (FxAuditWindow *self)
{
  const char *note = self->data->corrected_note;

  if (note != NULL)
    gtk_box_append (self->audit_box, fx_audit_kit_paragraph (note, "warning"));
}

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

/* "Checkpoints", the counts of the table, when the game holds any: a game
 * never counted shows its audit as before. */
static void
fill_checkpoints (FxAuditWindow *self)
{
  const char *titles[] = { _("Move"), _("Counted"), _("Result") };
  const gboolean numbers[] = { TRUE, FALSE, FALSE };
  guint n = self->data->checkpoints->len;

  if (n == 0)
    return;
  gtk_box_append (self->audit_box, fx_audit_kit_heading (_("Checkpoints")));
  gtk_box_append (self->audit_box,
                  _fx_audit_window_long_table (self, titles, numbers, G_N_ELEMENTS (titles), n, checkpoint_cell));
}

static void
append (FxAuditWindow *self,
        GtkWidget     *widget)
{
  gtk_box_append (self->audit_box, widget);
}

static void
fill_strongest (FxAuditWindow     *self,
                const FxState     *state,
                const FxStrongest *st)
{
  const char *titles[] = { _("Currency"), _("Pairs won"), _("Certificates held"), _("Outcome") };
  const gboolean numbers[] = { FALSE, TRUE, TRUE, FALSE };
  const FxSetup *setup = xq_session_get_setup (self->game);
  GtkWidget *grid = fx_audit_kit_table_new ();
  g_autofree char *why = NULL;
  guint n_tied_pairs = 0;

  append (self, fx_audit_kit_heading (_("How the strongest currency was determined")));
  fx_audit_kit_header_row (grid, titles, numbers, G_N_ELEMENTS (titles));
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *pairs = g_strdup_printf ("%u", st->pairs_won[c]);
      g_autofree char *certs = g_strdup_printf ("%u", st->certs_held[c]);
      const char *outcome = c == st->strongest ? (st->chosen ? _("strongest, by the last actor’s choice")
                                                              : _("strongest"))
                            : st->tied[c] ? _("tied on pairs and certificates")
                            : st->tied_on_pairs[c] ? _("tied on pairs, fewer certificates") : "";

      n_tied_pairs += st->tied_on_pairs[c];
      fx_audit_kit_cell (grid, 0, c + 1, fx_currency_code (c), FALSE, c == st->strongest);
      fx_audit_kit_cell (grid, 1, c + 1, pairs, TRUE, c == st->strongest);
      fx_audit_kit_cell (grid, 2, c + 1, certs, TRUE, c == st->strongest);
      fx_audit_kit_cell (grid, 3, c + 1, outcome, FALSE, c == st->strongest);
    }
  append (self, fx_audit_kit_card (grid));

  if (n_tied_pairs == 1)
    why = g_strdup_printf (_("%s is the stronger side in the most pairs (%u of 6)."),
                           fx_currency_code (st->strongest), st->pairs_won[st->strongest]);
  else if (st->n_tied == 1)
    why = g_strdup_printf (_("Several currencies tie on pairs; among them %s has the most certificates in "
                             "players’ hands, the bankrupt player’s included."), fx_currency_code (st->strongest));
  else if (st->chosen)
    why = g_strdup_printf (_("Pairs and certificates tie; %s, who took the last action, chose %s."),
                           setup->names[state->last_actor], fx_currency_code (st->strongest));
  else
    why = g_strdup (_("Pairs and certificates tie: the player who takes the last action must choose the "
                      "strongest currency among the tied ones."));
  append (self, fx_audit_kit_paragraph (why, NULL));
}

typedef struct
{
  const FxState    *state;
  const FxStanding *standing;
  FxCurrency        s;
} FxAuditRankData;

static int
compare_rank (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const FxAuditRankData *r = user_data;
  int pa = *(const int *) a, pb = *(const int *) b;

  /* The bankrupt player last; then money, certificates of S, seating. */
  if ((pa == r->state->bankrupt) != (pb == r->state->bankrupt))
    return pa == r->state->bankrupt ? 1 : -1;
  if (r->standing->players[pa].total != r->standing->players[pb].total)
    return r->standing->players[pa].total > r->standing->players[pb].total ? -1 : 1;
  if (r->state->certs[pa][r->s] != r->state->certs[pb][r->s])
    return r->state->certs[pa][r->s] > r->state->certs[pb][r->s] ? -1 : 1;
  return pa - pb;
}

/* The loan a bankruptcy stopped at stays at the queue's front. */
static char *
bankrupt_reason (const FxState *state,
                 gboolean       projected)
{
  const FxQueueItem *front = &state->queue[0];

  if (state->queue_len > 0 && front->kind == FX_ITEM_LOAN)
    {
      g_autofree char *owed = fx_display_owed (state->letters[front->letter].owed);

      if (projected)
        return g_strdup_printf (_("bankrupt in the projection: cannot repay loan %c (%s)"), 'A' + front->letter,
                                owed);
      return g_strdup_printf (_("bankrupt, ranked last: could not repay loan %c (%s)"), 'A' + front->letter, owed);
    }
  return g_strdup (_("bankrupt, ranked last: could not repay a loan"));
}

/* The standing if @s were the strongest currency, said to be so, under the
 * table's readings like every other standing shown. */
static void
standing_in (const FxState *state,
             FxCurrency     s,
             guint          readings,
             FxStanding    *out)
{
  memset (out, 0, sizeof *out);
  fx_score_strongest (state, &out->strongest);
  fx_score_standing_in (state, s, readings, out);
  out->strongest.strongest = s;
}

static void
sort_ranking (const FxState    *state,
              const FxStanding *standing,
              FxCurrency        s,
              int               order[FX_MAX_PLAYERS])
{
  FxAuditRankData data = { state, standing, s };

  for (int p = 0; p < state->n_players; p++)
    order[p] = p;
  g_qsort_with_data (order, state->n_players, sizeof order[0], compare_rank, &data);
}

static void
fill_ranking (FxAuditWindow    *self,
              const FxState    *state,
              const FxStanding *standing,
              FxCurrency        s,
              int               order[FX_MAX_PLAYERS])
{
  const char *titles[] = { _("Rank"), _("Player"), _("Total"), _("Note") };
  const gboolean numbers[] = { TRUE, FALSE, TRUE, FALSE };
  const FxSetup *setup = xq_session_get_setup (self->game);
  GtkWidget *grid = fx_audit_kit_table_new ();
  g_autofree char *sentence = NULL;

  append (self, fx_audit_kit_heading (_("Totals and winner")));
  sort_ranking (state, standing, s, order);
  fx_audit_kit_header_row (grid, titles, numbers, G_N_ELEMENTS (titles));
  for (int i = 0; i < state->n_players; i++)
    {
      int p = order[i];
      g_autofree char *rank = g_strdup_printf ("%d", i + 1);
      g_autofree char *total = fx_display_money (standing->players[p].total, s);
      g_autofree char *note = NULL;

      if (p == state->bankrupt)
        note = bankrupt_reason (state, FALSE);
      else if (standing->winners[p])
        note = g_strdup (standing->n_winners > 1 ? _("shared win") : _("winner"));
      else if (standing->decided_by_certs && standing->players[p].total == standing->players[order[0]].total)
        note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "same money, but only %u %s certificate",
                                             "same money, but only %u %s certificates", state->certs[p][s]),
                                state->certs[p][s], fx_currency_code (s));
      fx_audit_kit_cell (grid, 0, i + 1, rank, TRUE, standing->winners[p]);
      fx_audit_kit_cell (grid, 1, i + 1, setup->names[p], FALSE, standing->winners[p]);
      fx_audit_kit_cell (grid, 2, i + 1, total, TRUE, standing->winners[p]);
      fx_audit_kit_cell (grid, 3, i + 1, note != NULL ? note : "", FALSE, standing->winners[p]);
    }
  append (self, fx_audit_kit_card (grid));

  if (standing->decided_by_certs)
    sentence = g_strdup_printf (_("The money was tied; the most %s certificates decided."), fx_currency_code (s));
  else if (standing->n_winners > 1)
    sentence = g_strdup (_("Money and certificates tie: the win is shared."));
  else
    sentence = g_strdup (_("The most money in the strongest currency decided; no tie-break was needed."));
  append (self, fx_audit_kit_paragraph (sentence, NULL));
}

/* The queue, item by item: what each will ask of its owner and what the
 * rules do if they cannot pay (fx-forecast.c), so trouble is seen early. */
static void
fill_forecast (FxAuditWindow *self,
               const FxState *state)
{
  const FxSetup *setup = xq_session_get_setup (self->game);
  FxForecast forecast;

  fx_forecast_compute (state, &forecast);
  if (forecast.n_items == 0)
    return;
  append (self, fx_audit_kit_heading (_("The queue")));
  for (guint i = 0; i < forecast.n_items; i++)
    {
      g_autofree char *sentence = fx_forecast_sentence (setup, &forecast.items[i]);

      append (self, fx_audit_kit_paragraph (sentence, fx_forecast_is_short (&forecast.items[i]) ? "warning" : NULL));
    }
}

/* An unfinished game ranked by the standing the table is shown (every turn
 * from now on a resolve, the dividends still to come paid), today's money and
 * net worth at today's rates beside it: a loan in the queue can undo a lead,
 * and a tie is said as one. "Bankrupt" only for who is: a player that line
 * would bankrupt is shown what they are short today. @today is %NULL while
 * today's strongest currency is undecided. */
static void
fill_ranking_projected (FxAuditWindow    *self,
                        const FxState    *state,
                        const FxStanding *today)
{
  const char *titles[] = { _("Place"), _("Player"), _("Projected"), _("Today"), _("Net worth"), _("Note") };
  const gboolean numbers[] = { TRUE, FALSE, TRUE, TRUE, TRUE, FALSE };
  const FxSetup *setup = xq_session_get_setup (self->game);
  int what_if = fx_audit_window_get_what_if (self);
  GtkWidget *grid = fx_audit_kit_table_new ();
  FxState end;
  FxStanding standing;
  FxWorth worth;
  FxCurrency s;
  int order[FX_MAX_PLAYERS];
  g_autofree char *outcome = NULL;
  g_autofree char *sentence = NULL;

  if (what_if == FX_NO_CURRENCY)
    fx_score_standing_resolved (setup, state, &end, &standing);
  else
    {
      fx_state_project_resolved (setup, state, &end);
      standing_in (&end, what_if, setup->readings, &standing);
    }
  s = standing.strongest.strongest;
  fx_worth_compute (state, setup->readings, &worth);
  append (self, fx_audit_kit_heading (_("Totals and winner")));
  append (self, fx_audit_kit_paragraph (fx_report_projected_explanation (), "dim-label"));
  sort_ranking (&end, &standing, s, order);
  fx_audit_kit_header_row (grid, titles, numbers, G_N_ELEMENTS (titles));
  for (int i = 0; i < state->n_players; i++)
    {
      int p = order[i];
      gboolean ahead = standing.winners[p] && standing.n_winners == 1;
      g_autofree char *place = g_strdup_printf ("%u", standing.place[p]);
      g_autofree char *total = fx_display_money (standing.players[p].total, s);
      g_autofree char *now = today != NULL ? fx_display_money (today->players[p].total, today->strongest.strongest)
                                           : g_strdup ("–");
      g_autofree char *worth_text = fx_worth_format (worth.players[p].total);
      g_autofree char *net = g_strdup_printf ("%s %s", worth_text, fx_currency_code (worth.currency));
      g_autofree char *note = NULL;

      if (p == state->bankrupt)
        note = bankrupt_reason (state, FALSE);
      else if (p == end.bankrupt)
        {
          note = fx_forecast_warning_of (setup, state, p);
          if (note == NULL)
            note = g_strdup (_("short of money for a loan in the projection"));
        }
      else if (fx_report_is_tied (&end, &standing, p))
        note = fx_report_place (setup, &end, &standing, p, FX_PLACE_WITH_NAMES);
      else if (ahead)
        note = g_strdup (_("projected winner"));
      else if (standing.decided_by_certs && standing.players[p].total == standing.players[order[0]].total)
        note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "same money, but only %u %s certificate",
                                             "same money, but only %u %s certificates", end.certs[p][s]),
                                end.certs[p][s], fx_currency_code (s));
      fx_audit_kit_cell (grid, 0, i + 1, place, TRUE, ahead);
      fx_audit_kit_cell (grid, 1, i + 1, setup->names[p], FALSE, ahead);
      fx_audit_kit_cell (grid, 2, i + 1, total, TRUE, ahead);
      fx_audit_kit_cell (grid, 3, i + 1, now, TRUE, FALSE);
      fx_audit_kit_cell (grid, 4, i + 1, net, TRUE, FALSE);
      fx_audit_kit_cell (grid, 5, i + 1, note != NULL ? note : "", FALSE, ahead);
    }
  append (self, fx_audit_kit_card (grid));

  outcome = fx_report_outcome (setup, &end, &standing);
  /* TRANSLATORS: "Projected: Ann wins with 3 GBP." */
  sentence = g_strdup_printf (_("Projected: %s"), outcome);
  append (self, fx_audit_kit_paragraph (sentence, NULL));
  if (today != NULL && memcmp (today->winners, standing.winners, sizeof standing.winners) != 0)
    {
      g_autofree char *then = fx_report_outcome (setup, state, today);
      /* TRANSLATORS: "At today’s rates instead: Ben wins with 7 GBP." */
      g_autofree char *text = g_strdup_printf (_("At today’s rates instead: %s"), then);

      append (self, fx_audit_kit_paragraph (text, "dim-label"));
    }
}

/* Where the rulebook reads two ways: the reading this game was played
 * by, and what the other would give (fx_report_readings_text()). */
static void
fill_readings (FxAuditWindow *self)
{
  char **paragraphs = self->data->readings_text;

  append (self, fx_audit_kit_heading (_("Rulebook readings")));
  for (guint i = 0; paragraphs[i] != NULL; i++)
    append (self, fx_audit_kit_paragraph (paragraphs[i], NULL));
}

/* A correction's row: its move, the history's sentence for it and the reason given. */
static char *
correction_cell (FxAuditData *data,
                 guint        row,
                 guint        column)
{
  guint i = g_array_index (data->corrections, guint, row);
  const char *reason;
  FxState before;

  switch (column)
    {
    case 0:
      return g_strdup_printf ("%u", i + 1);
    case 1:
      xq_session_get_state_at (data->game, i, &before);
      return fx_sentence_move (xq_session_get_setup (data->game), &before, xq_session_get_move (data->game, i));
    default:
      reason = xq_session_get_move_reason (data->game, i);
      return g_strdup (reason != NULL ? reason : _("no reason given"));
    }
}

static void
fill_corrections (FxAuditWindow *self)
{
  const char *titles[] = { _("Move"), _("Correction"), _("Reason") };
  const gboolean numbers[] = { TRUE, FALSE, FALSE };
  guint n = self->data->corrections->len;

  append (self, fx_audit_kit_heading (_("Corrections")));
  if (n == 0)
    append (self, fx_audit_kit_paragraph (_("No corrections were made during the game."), "dim-label"));
  else
    append (self, _fx_audit_window_long_table (self, titles, numbers, G_N_ELEMENTS (titles), n, correction_cell));
  fill_checkpoints (self);
}

void
_fx_audit_score_fill (FxAuditWindow *self)
{
  const FxState *state;
  const FxSetup *setup;
  int what_if = fx_audit_window_get_what_if (self);
  gboolean over;
  FxStrongest st;
  FxStanding standing;
  FxCurrency s;
  int order[FX_MAX_PLAYERS];

  fx_audit_kit_clear_box (self->audit_box);
  memset (self->totals, 0, sizeof self->totals);
  /* The what-if can change before the first load is done. */
  if (self->data == NULL)
    return;
  state = xq_session_get_state (self->game);
  setup = xq_session_get_setup (self->game);
  over = fx_state_is_over (state);
  fx_score_strongest (state, &st);
  fill_strongest (self, state, &st);

  s = what_if != FX_NO_CURRENCY ? (FxCurrency) what_if : (FxCurrency) st.strongest;
  if (what_if != FX_NO_CURRENCY)
    {
      g_autofree char *text = NULL;

      if (st.strongest == FX_NO_CURRENCY)
        text = g_strdup_printf (_("Hypothetical: the standings below treat %s as the strongest currency; "
                                  "the rules have not decided yet."), fx_currency_code (s));
      else
        text = g_strdup_printf (_("Hypothetical: the standings below treat %s as the strongest currency; "
                                  "by the rules it is %s."), fx_currency_code (s), fx_currency_code (st.strongest));
      append (self, fx_audit_kit_paragraph (text, "warning"));
    }
  if ((int) s == FX_NO_CURRENCY)
    {
      /* The standing of an unfinished game has numbers all the same. */
      if (over)
        append (self,
                fx_audit_kit_paragraph (_("No standings until the strongest currency is chosen. Pick a currency "
                                          "under “What if” to see the standings it would give."), "dim-label"));
      else
        {
          fill_ranking_projected (self, state, NULL);
          append (self,
                  fx_audit_kit_paragraph (_("Today’s money is not converted while the strongest currency is tied. "
                                            "Pick a currency under “What if” to see its conversions."),
                                          "dim-label"));
        }
      fill_corrected_note (self);
      if (!over)
        fill_forecast (self, state);
      fill_readings (self);
      fill_dividends (self);
      fill_corrections (self);
      _fx_audit_window_show_in_turn (self, self->audit_box);
      return;
    }
  /* The rules' own standing obeys the table's readings, as `score` does. */
  if (what_if == FX_NO_CURRENCY)
    fx_score_standing_under (state, setup->readings, &standing);
  else
    standing_in (state, s, setup->readings, &standing);
  if (over)
    fill_ranking (self, state, &standing, s, order);
  else
    {
      fill_ranking_projected (self, state, &standing);
      /* The cards follow the table as it is, in today's order. */
      sort_ranking (state, &standing, s, order);
    }
  fill_corrected_note (self);
  if (!over)
    fill_forecast (self, state);
  fill_readings (self);
  fill_conversions (self, state, &standing, s, order);
  fill_dividends (self);
  fill_corrections (self);
  _fx_audit_window_show_in_turn (self, self->audit_box);
}

/* The page, its what-if answered by working the standings out again. */
GtkWidget *
_fx_audit_score_page_new (FxAuditWindow *self)
{
  self->score_page = FX_AUDIT_SCORE_PAGE (fx_audit_score_page_new ());
  self->audit_box = fx_audit_score_page_get_content (self->score_page);
  g_signal_connect_object (self->score_page, "notify::what-if", G_CALLBACK (_fx_audit_score_fill), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self->score_page);
}
