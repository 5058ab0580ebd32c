/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's tables: the strongest currency, ranking, readings, corrections;
 * each player's conversion card is built in fx-audit-conversion.c. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-audit-rows.h"
#include "fx-audit-window-private.h"
#include "fx-display.h"
#include "fx-forecast.h"
#include "fx-game.h"
#include "fx-report-text.h"
#include "fx-sentence.h"
#include "fx-worth.h"

void
fx_audit_clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

GtkWidget *
fx_audit_heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "title-4");
  gtk_widget_set_margin_top (label, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2, -1);
  return label;
}

GtkWidget *
fx_audit_paragraph (const char *text,
                    const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A card around CHILD, with the page's padding. */
GtkWidget *
fx_audit_frame (GtkWidget *child)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_margin_top (child, 12);
  gtk_widget_set_margin_bottom (child, 12);
  gtk_widget_set_margin_start (child, 12);
  gtk_widget_set_margin_end (child, 12);
  gtk_box_append (GTK_BOX (card), child);
  return card;
}

/* CHILD scrolling sideways on its own when it is wider than a phone, so the
 * page around it — the paragraphs and the result lines — stays as wide as
 * the window and never runs off its edge. On a laptop it takes CHILD's
 * natural width and nothing scrolls. */
GtkWidget *
fx_audit_sideways (GtkWidget *child)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_widget_add_css_class (scroller, "audit-table");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), child);
  return scroller;
}

/* A table in a card, scrolling sideways inside it on a phone. */
GtkWidget *
fx_audit_card (GtkWidget *child)
{
  return fx_audit_frame (fx_audit_sideways (child));
}

GtkWidget *
fx_audit_table_new (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  return grid;
}

/* A cell: column 0 and text columns start-aligned, numbers end-aligned and tabular. */
GtkWidget *
fx_audit_cell (GtkWidget  *grid,
               int         column,
               int         row,
               const char *text,
               gboolean    number,
               gboolean    strong)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), number ? 1 : 0);
  gtk_label_set_wrap (GTK_LABEL (label), !number);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 48);
  if (number)
    gtk_widget_add_css_class (label, "numeric");
  if (strong)
    gtk_widget_add_css_class (label, "heading");
  gtk_grid_attach (GTK_GRID (grid), label, column, row, 1, 1);
  return label;
}

/* The dimmed titles of a table's columns; the last takes the spare width. */
void
fx_audit_header_row (GtkWidget          *grid,
                     const char * const *titles,
                     const gboolean     *numbers,
                     guint               n)
{
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *label = fx_audit_cell (grid, (int) i, 0, titles[i], numbers[i], TRUE);

      gtk_widget_add_css_class (label, "dim-label");
      /* The last column takes the spare width, so the numbers stay near their names. */
      gtk_widget_set_hexpand (label, i == n - 1);
    }
}

typedef struct
{
  FxAuditData     *data;
  FxAuditLongCell  cell;
} LongTable;

static char *
long_cell (gpointer data,
           guint    row,
           guint    column)
{
  LongTable *table = data;

  return table->cell (table->data, row, column);
}

static void
long_table_free (gpointer data)
{
  LongTable *table = data;

  fx_audit_data_unref (table->data);
  g_free (table);
}

/* A long table waiting for its turn to be made (build_next_table). */
typedef struct
{
  GtkWidget    *card;      /* where it goes; gone from the page if the page was filled again */
  FxAuditRows  *rows;
  char        **titles;
  gboolean     *numbers;
} PendingTable;

static void
pending_table_free (gpointer data)
{
  PendingTable *pending = data;

  g_object_unref (pending->card);
  g_object_unref (pending->rows);
  g_strfreev (pending->titles);
  g_free (pending->numbers);
  g_free (pending);
}

/* One long table a main-loop turn, the frame that lays it out drawn before
 * the next is made: each costs some 50-100 ms (GTK makes 200 rows of a
 * list view at once), and made together they held the window up for half
 * a second. */
static gboolean
build_next_table (gpointer data)
{
  FxAuditWindow *self = data;
  PendingTable *pending;

  while ((pending = g_queue_pop_head (&self->pending_tables)) != NULL)
    {
      gboolean shown = gtk_widget_get_parent (pending->card) != NULL;

      if (shown)
        {
          GtkWidget *view = fx_audit_rows_view_new (pending->rows, (const char * const *) pending->titles,
                                                    pending->numbers);

          gtk_widget_set_size_request (pending->card, -1, -1);
          gtk_widget_set_margin_top (view, 12);
          gtk_widget_set_margin_bottom (view, 12);
          gtk_widget_set_margin_start (view, 12);
          gtk_widget_set_margin_end (view, 12);
          gtk_box_append (GTK_BOX (pending->card), view);
        }
      pending_table_free (pending);
      if (shown)
        break;
    }
  if (!g_queue_is_empty (&self->pending_tables))
    return G_SOURCE_CONTINUE;
  self->pending_id = 0;
  fx_audit_load_settle (self);
  return G_SOURCE_REMOVE;
}

/* Whether long tables wait to be made. */
gboolean
fx_audit_long_tables_pending (FxAuditWindow *self)
{
  return !g_queue_is_empty (&self->pending_tables);
}

/* From dispose: no table is made for a closed window. */
void
fx_audit_long_tables_clear (FxAuditWindow *self)
{
  g_clear_handle_id (&self->pending_id, g_source_remove);
  g_queue_clear_full (&self->pending_tables, pending_table_free);
}

/**
 * fx_audit_long_table:
 * @self: the audit window, its data loaded
 * @titles: the columns' titles
 * @numbers: which columns hold numbers
 * @n_columns: how many columns
 * @n_rows: how many rows: one per contract, per correction…
 * @cell: a cell's text, made when its row is shown
 *
 * A table that grows with the game, in a card: a column view that makes
 * widgets only for the rows in sight, so a 48,000-move game costs the
 * window no more widgets than the sample game. The card is returned at
 * once, as tall as the table will be; the table is made in it on a later
 * main-loop turn (build_next_table).
 *
 * Returns: (transfer floating): the card
 */
GtkWidget *
fx_audit_long_table (FxAuditWindow      *self,
                     const char * const *titles,
                     const gboolean     *numbers,
                     guint               n_columns,
                     guint               n_rows,
                     FxAuditLongCell     cell)
{
  LongTable *table = g_new0 (LongTable, 1);
  PendingTable *pending = g_new0 (PendingTable, 1);

  g_assert (self->data != NULL);
  table->data = fx_audit_data_ref (self->data);
  table->cell = cell;
  pending->rows = fx_audit_rows_new (n_rows, n_columns, long_cell, table, long_table_free);
  pending->titles = g_new0 (char *, n_columns + 1);
  for (guint c = 0; c < n_columns; c++)
    pending->titles[c] = g_strdup (titles[c]);
  pending->numbers = g_memdup2 (numbers, sizeof (gboolean) * n_columns);
  pending->card = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  gtk_widget_add_css_class (pending->card, "card");
  /* The view's height and its margins, so the page does not jump. */
  gtk_widget_set_size_request (pending->card, -1,
                               fx_audit_rows_guess_height (pending->rows, numbers, pending->card) + 24);
  g_queue_push_tail (&self->pending_tables, pending);
  if (self->pending_id == 0)
    self->pending_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, build_next_table, self, NULL);
  return pending->card;
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
  GtkWidget *grid = fx_audit_table_new ();
  g_autofree char *why = NULL;
  guint n_tied_pairs = 0;

  append (self, fx_audit_heading (_("How the strongest currency was determined")));
  fx_audit_header_row (grid, titles, numbers, G_N_ELEMENTS (titles));
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *pairs = g_strdup_printf ("%u", st->pairs_won[c]);
      g_autofree char *certs = g_strdup_printf ("%u", st->certs_held[c]);
      const char *outcome = c == st->strongest ? (st->chosen ? _("strongest, by the last actor’s choice")
                                                              : _("strongest"))
                            : st->tied[c] ? _("tied on pairs and certificates")
                            : st->tied_on_pairs[c] ? _("tied on pairs, fewer certificates") : "";

      n_tied_pairs += st->tied_on_pairs[c];
      fx_audit_cell (grid, 0, c + 1, fx_currency_code (c), FALSE, c == st->strongest);
      fx_audit_cell (grid, 1, c + 1, pairs, TRUE, c == st->strongest);
      fx_audit_cell (grid, 2, c + 1, certs, TRUE, c == st->strongest);
      fx_audit_cell (grid, 3, c + 1, outcome, FALSE, c == st->strongest);
    }
  append (self, fx_audit_card (grid));

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
  append (self, fx_audit_paragraph (why, NULL));
}

typedef struct
{
  const FxState    *state;
  const FxStanding *standing;
  FxCurrency        s;
} RankData;

static int
compare_rank (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const RankData *r = user_data;
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
  RankData data = { state, standing, s };

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
  GtkWidget *grid = fx_audit_table_new ();
  g_autofree char *sentence = NULL;

  append (self, fx_audit_heading (_("Totals and winner")));
  sort_ranking (state, standing, s, order);
  fx_audit_header_row (grid, titles, numbers, G_N_ELEMENTS (titles));
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
      fx_audit_cell (grid, 0, i + 1, rank, TRUE, standing->winners[p]);
      fx_audit_cell (grid, 1, i + 1, setup->names[p], FALSE, standing->winners[p]);
      fx_audit_cell (grid, 2, i + 1, total, TRUE, standing->winners[p]);
      fx_audit_cell (grid, 3, i + 1, note != NULL ? note : "", FALSE, standing->winners[p]);
    }
  append (self, fx_audit_card (grid));

  if (standing->decided_by_certs)
    sentence = g_strdup_printf (_("The money was tied; the most %s certificates decided."), fx_currency_code (s));
  else if (standing->n_winners > 1)
    sentence = g_strdup (_("Money and certificates tie: the win is shared."));
  else
    sentence = g_strdup (_("The most money in the strongest currency decided; no tie-break was needed."));
  append (self, fx_audit_paragraph (sentence, NULL));
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
  append (self, fx_audit_heading (_("The queue")));
  for (guint i = 0; i < forecast.n_items; i++)
    {
      g_autofree char *sentence = fx_forecast_sentence (setup, &forecast.items[i]);

      append (self, fx_audit_paragraph (sentence, fx_forecast_is_short (&forecast.items[i]) ? "warning" : NULL));
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
  GtkWidget *grid = fx_audit_table_new ();
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
  append (self, fx_audit_heading (_("Totals and winner")));
  append (self, fx_audit_paragraph (fx_report_projected_explanation (), "dim-label"));
  sort_ranking (&end, &standing, s, order);
  fx_audit_header_row (grid, titles, numbers, G_N_ELEMENTS (titles));
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
      fx_audit_cell (grid, 0, i + 1, place, TRUE, ahead);
      fx_audit_cell (grid, 1, i + 1, setup->names[p], FALSE, ahead);
      fx_audit_cell (grid, 2, i + 1, total, TRUE, ahead);
      fx_audit_cell (grid, 3, i + 1, now, TRUE, FALSE);
      fx_audit_cell (grid, 4, i + 1, net, TRUE, FALSE);
      fx_audit_cell (grid, 5, i + 1, note != NULL ? note : "", FALSE, ahead);
    }
  append (self, fx_audit_card (grid));

  outcome = fx_report_outcome (setup, &end, &standing);
  /* TRANSLATORS: "Projected: Ann wins with 3 GBP." */
  sentence = g_strdup_printf (_("Projected: %s"), outcome);
  append (self, fx_audit_paragraph (sentence, NULL));
  if (today != NULL && memcmp (today->winners, standing.winners, sizeof standing.winners) != 0)
    {
      g_autofree char *then = fx_report_outcome (setup, state, today);
      /* TRANSLATORS: "At today’s rates instead: Ben wins with 7 GBP." */
      g_autofree char *text = g_strdup_printf (_("At today’s rates instead: %s"), then);

      append (self, fx_audit_paragraph (text, "dim-label"));
    }
}

/* Where the rulebook reads two ways: the reading this game was played
 * by, and what the other would give (fx_report_readings_text()). */
static void
fill_readings (FxAuditWindow *self)
{
  char **paragraphs = self->data->readings_text;

  append (self, fx_audit_heading (_("Rulebook readings")));
  for (guint i = 0; paragraphs[i] != NULL; i++)
    append (self, fx_audit_paragraph (paragraphs[i], NULL));
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

  append (self, fx_audit_heading (_("Corrections")));
  if (n == 0)
    append (self, fx_audit_paragraph (_("No corrections were made during the game."), "dim-label"));
  else
    append (self, fx_audit_long_table (self, titles, numbers, G_N_ELEMENTS (titles), n, correction_cell));
  fx_audit_fill_checkpoints (self);
}

void
fx_audit_fill_audit (FxAuditWindow *self)
{
  const FxState *state;
  const FxSetup *setup;
  int what_if = fx_audit_window_get_what_if (self);
  gboolean over;
  FxStrongest st;
  FxStanding standing;
  FxCurrency s;
  int order[FX_MAX_PLAYERS];

  fx_audit_clear_box (self->audit_box);
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
      append (self, fx_audit_paragraph (text, "warning"));
    }
  if ((int) s == FX_NO_CURRENCY)
    {
      /* The standing of an unfinished game has numbers all the same. */
      if (over)
        append (self, fx_audit_paragraph (_("No standings until the strongest currency is chosen. Pick a currency "
                                            "under “What if” to see the standings it would give."), "dim-label"));
      else
        {
          fill_ranking_projected (self, state, NULL);
          append (self, fx_audit_paragraph (_("Today’s money is not converted while the strongest currency is tied. "
                                              "Pick a currency under “What if” to see its conversions."),
                                            "dim-label"));
        }
      fx_audit_fill_corrected_note (self);
      if (!over)
        fill_forecast (self, state);
      fill_readings (self);
      fx_audit_fill_dividends (self);
      fill_corrections (self);
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
  fx_audit_fill_corrected_note (self);
  if (!over)
    fill_forecast (self, state);
  fill_readings (self);
  fx_audit_fill_conversions (self, state, &standing, s, order);
  fx_audit_fill_dividends (self);
  fill_corrections (self);
}
