/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every player's money at a glance: one row per player, one column per
 * currency (cash, and the certificates held below it), the standing last, the
 * player to act marked. Where that table does not fit (a phone held at the
 * table) it turns: one column per player, one row per currency. Contracts
 * and loans follow as one line per player, each item they could not pay
 * today marked where it stands. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-display.h"
#include "fx-forecast.h"
#include "fx-players-view.h"
#include "fx-report-text.h"
#include "fx-score.h"
#include "fx-worth.h"
#include "xq-css.h"

#define COLUMN_SPACING 8
#define ROW_SPACING 6

/* One player's widgets, built once and updated in place: browsing the
 * history redraws the table within a frame. */
typedef struct
{
  GtkWidget *name;
  GtkWidget *cash[FX_N_CURRENCIES];
  GtkWidget *certs[FX_N_CURRENCIES];
  GtkWidget *standing;
  GtkWidget *place;     /* under the standing: "1st", "tied 1st", "bankrupt", or
                         * what the queue will ask that they cannot pay */
  GtkWidget *letters;
  gboolean   named;     /* its labels' names set once, empty ones too */
} PlayerRow;

struct _FxPlayersView
{
  GtkWidget  parent_instance;

  GtkWidget *codes[FX_N_CURRENCIES];  /* the currencies' heading */
  GtkWidget *standing_heading;
  PlayerRow  rows[FX_MAX_PLAYERS];
  guint      n_rows;
};

G_DEFINE_FINAL_TYPE (FxPlayersView, fx_players_view, GTK_TYPE_WIDGET)

static GtkWidget *
add_label (FxPlayersView *self,
           const char    *text,
           float          xalign,
           const char    *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_parent (label, GTK_WIDGET (self));
  return label;
}

/* Shows @text in @label unless it already does; returns whether it changed.
 * Most amounts stay the same in a history step, and an accessible name set
 * again costs as much as a changed one. */
static gboolean
set_text_if_changed (GtkWidget  *label,
                     const char *text)
{
  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0)
    return FALSE;
  gtk_label_set_text (GTK_LABEL (label), text);
  return TRUE;
}

/* What @player lacks today of the item in letter @l, or NULL. */
static const FxForecastItem *
short_item (const FxForecast *forecast,
            int               player,
            int               l)
{
  for (guint i = 0; i < forecast->n_items; i++)
    if (forecast->items[i].owner == player && forecast->items[i].letter == l
        && fx_forecast_is_short (&forecast->items[i]))
      return &forecast->items[i];
  return NULL;
}

/* "Ann: Contract A: pays 2 GBP, receives 3 CAD · Loan C: owes 6 USD", or "",
 * as markup: an item its owner could not pay today is followed by what they
 * lack, in bold after a warning sign ("⚠ short 4 USD today"), where it
 * stands rather than on a line of its own: at 1024 × 600 a line more per
 * player pushes the queue's front out of view. */
static char *
describe_letters (const FxSetup    *setup,
                  const FxState    *s,
                  const FxForecast *forecast,
                  int               player)
{
  GString *out = g_string_new (NULL);

  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      const FxLetter *letter = &s->letters[l];
      const FxForecastItem *item = forecast != NULL ? short_item (forecast, player, l) : NULL;
      g_autofree char *text = NULL;
      g_autofree char *escaped = NULL;

      if (letter->use == FX_LETTER_FREE || letter->owner != player)
        continue;
      if (out->len == 0)
        {
          g_autofree char *name = g_strdup_printf (_("%s: "), setup->names[player]);
          g_autofree char *name_escaped = g_markup_escape_text (name, -1);

          g_string_append (out, name_escaped);
        }
      else
        g_string_append (out, " · ");
      if (letter->use == FX_LETTER_CONTRACT)
        {
          g_autofree char *pay = fx_display_money (letter->pay_amount, letter->pay);
          g_autofree char *receive = fx_display_money (letter->receive_amount, letter->receive);

          text = g_strdup_printf (_("Contract %c: pays %s, receives %s"), 'A' + l, pay, receive);
        }
      else
        {
          g_autofree char *owed = fx_display_owed (letter->owed);

          text = g_strdup_printf (_("Loan %c: owes %s"), 'A' + l, owed);
        }
      escaped = g_markup_escape_text (text, -1);
      g_string_append (out, escaped);
      if (item != NULL)
        {
          g_autofree char *lacks = fx_display_owed (item->short_by);
          /* TRANSLATORS: after a contract or loan in a player's line, when
           * they could not pay it with what they hold today: "short 4 USD today" */
          g_autofree char *warning = g_strdup_printf (_("short %s today"), lacks);
          g_autofree char *marked = g_markup_printf_escaped (" <b>⚠ %s</b>", warning);

          g_string_append (out, marked);
        }
    }
  return g_string_free (out, FALSE);
}

/* The certificates held, drawn as the cards on the table: one bar each. */
static const char *
certificate_bars (guint n)
{
  static const char * const bars[] = { "", "▮", "▮▮", "▮▮▮", "▮▮▮▮" };

  return bars[MIN (n, G_N_ELEMENTS (bars) - 1)];
}

static void
build_row (FxPlayersView *self,
           PlayerRow     *row)
{
  row->named = FALSE;
  row->name = add_label (self, NULL, 0, "heading");
  gtk_label_set_ellipsize (GTK_LABEL (row->name), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (row->name), 14);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      row->cash[c] = add_label (self, NULL, 1, "amount");
      row->certs[c] = add_label (self, NULL, 1, "certs");
    }
  row->standing = add_label (self, NULL, 1, "amount");
  /* Shortened where the turned table narrows its columns for a phone; the
   * total's tooltip and accessible name say it whole. */
  row->place = add_label (self, NULL, 1, "caption");
  gtk_label_set_ellipsize (GTK_LABEL (row->place), PANGO_ELLIPSIZE_END);
  gtk_accessible_update_state (GTK_ACCESSIBLE (row->place), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  row->letters = add_label (self, NULL, 0, "letters");
  gtk_label_set_wrap (GTK_LABEL (row->letters), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (row->letters), PANGO_WRAP_WORD_CHAR);
}

static void
destroy_row (PlayerRow *row)
{
  gtk_widget_unparent (row->name);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      gtk_widget_unparent (row->cash[c]);
      gtk_widget_unparent (row->certs[c]);
    }
  gtk_widget_unparent (row->standing);
  gtk_widget_unparent (row->place);
  gtk_widget_unparent (row->letters);
}

/* What a row shows: the standing that counts (final, or the game as it
 * would end if every turn from now on were a resolve), today's money and net
 * worth, and what the queue will ask of each player. */
typedef struct
{
  gboolean   over;
  FxState    end;            /* the table the standing is on: @s itself when over */
  FxStanding standing;
  FxStanding today;          /* money at today's rates, in @worth's currency */
  FxWorth    worth;          /* net worth at today's rates */
  FxForecast forecast;
} Standings;

/* The player is ranked last in the projection because, as things stand, the
 * queue bankrupts them; they are not bankrupt, and are not called so. */
static gboolean
short_in_projection (const FxState   *s,
                     const Standings *st,
                     int              p)
{
  return !st->over && st->end.bankrupt == p && s->bankrupt != p;
}

/* "Contract B, 3rd in the queue: short 7 GBP today", one line for each item
 * of @p's that they could not pay today; "" when there is none. */
static char *
shortfall_lines (const FxSetup   *setup,
                 const Standings *st,
                 int              p,
                 const char      *mark)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < st->forecast.n_items; i++)
    {
      const FxForecastItem *item = &st->forecast.items[i];
      g_autofree char *warning = NULL;

      if (item->owner != p || (warning = fx_forecast_warning (setup, item)) == NULL)
        continue;
      if (out->len > 0)
        g_string_append_c (out, '\n');
      g_string_append_printf (out, "%s%s", mark, warning);
    }
  return g_string_free (out, FALSE);
}

/* What the standing cell says whole, for the tooltip and a screen reader. */
static char *
standing_sentence (const FxSetup   *setup,
                   const FxState   *s,
                   const Standings *st,
                   int              p)
{
  const FxStanding *standing = &st->standing;
  g_autofree char *total = NULL;
  g_autofree char *place = NULL;
  g_autofree char *first = NULL;
  g_autofree char *today = NULL;
  g_autofree char *worth = NULL;
  g_autofree char *money_line = NULL;
  g_autofree char *shortfall = NULL;
  GString *out;

  /* Only a finished game waits for the last actor's choice. */
  if (standing->strongest.strongest == FX_NO_CURRENCY)
    return g_strdup (_("No standing while the strongest currency is tied"));
  total = fx_display_money (standing->players[p].total, standing->strongest.strongest);
  if (st->over && p == st->end.bankrupt)
    return g_strdup_printf (_("Worth %s, but bankrupt: cannot win"), total);
  if (st->over && standing->winners[p] && standing->n_winners == 1)
    return g_strdup_printf (_("Final: %s — wins"), total);
  if (st->over)
    {
      place = fx_report_place (setup, &st->end, standing, p, FX_PLACE_WITH_NAMES);
      /* TRANSLATORS: "Final: 19 GBP — tied 1st with Ann" */
      return g_strdup_printf (_("Final: %s — %s"), total, place);
    }
  if (short_in_projection (s, st, p))
    /* TRANSLATORS: the standing of a player who, as things stand, cannot pay
     * what the queue will ask: "Projected: 7 GBP — last: short of what the
     * queue will ask"; the items they are short of follow on lines of their own */
    first = g_strdup_printf (_("Projected: %s — last: short of what the queue will ask"), total);
  else
    {
      place = fx_report_place (setup, &st->end, standing, p, FX_PLACE_WITH_NAMES);
      /* TRANSLATORS: "Projected: 14.5 EUR — 1st", "Projected: 19 GBP — tied 1st with Ann" */
      first = g_strdup_printf (_("Projected: %s — %s"), total, place);
    }
  today = fx_display_money (st->today.players[p].total, st->worth.currency);
  worth = fx_display_money (fx_worth_to_amount (st->worth.players[p].total), st->worth.currency);
  /* TRANSLATORS: under the projected standing: the player's money converted at
   * today's rates, and their net worth (exact, shown to the nearest half-buck) */
  money_line = g_strdup_printf (_("Today: %s at today’s rates; net worth about %s, counting contracts, loan and "
                                  "the dividends to come"), today, worth);
  shortfall = shortfall_lines (setup, st, p, "");
  out = g_string_new (first);
  if (*shortfall != '\0')
    g_string_append_printf (out, "\n%s", shortfall);
  g_string_append_printf (out, "\n%s", money_line);
  return g_string_free (out, FALSE);
}

/* The short line under the total: the place, "tied 1st", "bankrupt" (only
 * for a player who is), or "⚠ short" for one the queue would bankrupt as
 * things stand, the line under their contracts saying which item and how
 * much. Today's money and the amounts stay in the sentence: a wider line
 * would widen the column and turn the table sooner on a small laptop. */
static char *
place_line (const FxSetup   *setup,
            const FxState   *s,
            const Standings *st,
            int              p)
{
  if (st->standing.strongest.strongest == FX_NO_CURRENCY)
    return g_strdup ("");
  if (short_in_projection (s, st, p))
    /* TRANSLATORS: under a player's total, as short as a place ("2nd"):
     * they cannot pay an item of the queue today, and as things stand it
     * would bankrupt them; the line below says which and how much */
    return g_strdup_printf ("⚠ %s", C_("standing", "short"));
  return fx_report_place (setup, &st->end, &st->standing, p, FX_PLACE_SHORT);
}

static void
update_row (PlayerRow       *row,
            const FxSetup   *setup,
            const FxState   *s,
            const Standings *st,
            int              p,
            gboolean         to_act)
{
  const FxStanding *standing = &st->standing;
  g_autofree char *letters = describe_letters (setup, s, st->over ? NULL : &st->forecast, p);
  g_autofree char *sentence = standing_sentence (setup, s, st, p);
  g_autofree char *place = place_line (setup, s, st, p);
  g_autofree char *shortfall = st->over ? g_strdup ("") : shortfall_lines (setup, st, p, "");
  /* Green for the one player ahead; a tie is nobody's win. */
  gboolean ahead = standing->winners[p] && (standing->n_winners == 1 || st->over);
  /* "bankrupt" only for the one who is; the queue's threat is a warning. */
  gboolean bankrupt = s->bankrupt == p;
  gboolean warned = short_in_projection (s, st, p);
  g_autofree char *name = to_act ? g_strdup_printf ("▶ %s", setup->names[p]) : g_strdup (setup->names[p]);
  g_autofree char *name_label = NULL;

  if (to_act)
    name_label = g_strdup_printf (_("%s, to act"), setup->names[p]);
  else if (p == s->bankrupt)
    name_label = g_strdup_printf (_("%s, bankrupt"), setup->names[p]);
  else
    name_label = g_strdup (setup->names[p]);
  if (set_text_if_changed (row->name, name) || p == s->bankrupt)
    gtk_accessible_update_property (GTK_ACCESSIBLE (row->name), GTK_ACCESSIBLE_PROPERTY_LABEL, name_label, -1);
  gtk_widget_set_tooltip_text (row->name, name_label);
  xq_css_set_class (row->name, "accent", to_act);
  xq_css_set_class (row->name, "error", p == s->bankrupt);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *cash = fx_display_amount (s->cash[p][c]);
      const char *certs = certificate_bars (s->certs[p][c]);
      g_autofree char *money = fx_display_money (s->cash[p][c], c);
      g_autofree char *cash_name = g_strdup_printf (_("%s holds %s"), setup->names[p], money);
      g_autofree char *certs_name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u %s certificate of %d",
                                                                  "%u %s certificates of %d", s->certs[p][c]),
                                                     s->certs[p][c], fx_currency_code (c), FX_MAX_CERTS_HELD);

      /* Each name says what its label shows: an unchanged label keeps it. */
      if (set_text_if_changed (row->cash[c], cash) || !row->named)
        gtk_accessible_update_property (GTK_ACCESSIBLE (row->cash[c]), GTK_ACCESSIBLE_PROPERTY_LABEL, cash_name, -1);
      /* No certificates shows nothing, but is not announced as "GtkLabel". */
      if (set_text_if_changed (row->certs[c], certs) || !row->named)
        gtk_accessible_update_property (GTK_ACCESSIBLE (row->certs[c]), GTK_ACCESSIBLE_PROPERTY_LABEL, certs_name, -1);
      gtk_widget_set_tooltip_text (row->certs[c], certs_name);
      xq_css_set_class (row->certs[c], "certs-full", s->certs[p][c] == FX_MAX_CERTS_HELD);
      xq_css_set_class (row->cash[c], "dim-label", s->cash[p][c] == 0);
    }

  if (standing->strongest.strongest != FX_NO_CURRENCY)
    {
      g_autofree char *total = fx_display_money (standing->players[p].total, standing->strongest.strongest);

      set_text_if_changed (row->standing, total);
    }
  else
    set_text_if_changed (row->standing, "—");
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->standing), GTK_ACCESSIBLE_PROPERTY_LABEL, sentence, -1);
  if (st->over)
    gtk_widget_set_tooltip_text (row->standing, sentence);
  else
    {
      g_autofree char *tooltip = g_strdup_printf ("%s\n%s", sentence, fx_report_projected_explanation ());

      gtk_widget_set_tooltip_text (row->standing, tooltip);
    }
  xq_css_set_class (row->standing, "success", ahead);
  xq_css_set_class (row->standing, "dim-label", !ahead);

  /* The line under it repeats the sentence in short: hidden from a screen
   * reader, which hears the whole sentence on the total. */
  set_text_if_changed (row->place, place);
  gtk_widget_set_visible (row->place, *place != '\0');
  gtk_widget_set_tooltip_text (row->place, sentence);
  xq_css_set_class (row->place, "error", bankrupt);
  xq_css_set_class (row->place, "warning", warned);
  xq_css_set_class (row->place, "dim-label", !bankrupt && !warned);

  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (row->letters)), letters) != 0)
    gtk_label_set_markup (GTK_LABEL (row->letters), letters);
  gtk_widget_set_visible (row->letters, *letters != '\0');
  /* Which item, where in the queue: "Contract B, 3rd in the queue: short 7 GBP today". */
  gtk_widget_set_tooltip_text (row->letters, *shortfall != '\0' ? shortfall : NULL);
  xq_css_set_class (row->letters, "short", *shortfall != '\0');
  row->named = TRUE;
}

void
fx_players_view_set_state (FxPlayersView *self,
                           const FxSetup *setup,
                           const FxState *s,
                           gboolean       live)
{
  Standings st;
  int to_act = s->spot_actor != FX_NO_PLAYER ? s->spot_actor : s->next_player;

  g_return_if_fail (FX_IS_PLAYERS_VIEW (self));

  while (self->n_rows < s->n_players)
    build_row (self, &self->rows[self->n_rows++]);
  while (self->n_rows > s->n_players)
    destroy_row (&self->rows[--self->n_rows]);

  /* A provisional standing is the game played out: "if the game ended now"
   * would count the money a contract brought and not the loan it became,
   * and leave out the dividends still to come. */
  st.over = fx_state_is_over (s);
  if (st.over)
    {
      st.end = *s;
      fx_score_standing_under (s, setup->readings, &st.standing);
    }
  else
    fx_score_standing_resolved (setup, s, &st.end, &st.standing);
  fx_worth_compute (s, setup->readings, &st.worth);
  fx_score_standing_in (s, st.worth.currency, setup->readings, &st.today);
  fx_forecast_compute (s, &st.forecast);
  gtk_widget_set_tooltip_text (self->standing_heading,
                               st.over ? _("What each player has, in the strongest currency")
                                       : fx_report_projected_explanation ());
  for (int p = 0; p < s->n_players; p++)
    update_row (&self->rows[p], setup, s, &st, p, live && !st.over && p == to_act);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The table as a grid of cells, each a stack of up to two labels: laid out
 * either way round from the same description. */
typedef struct
{
  GtkWidget *top;
  GtkWidget *bottom;
} Cell;

#define MAX_LINES (FX_MAX_PLAYERS + 2)
#define MAX_COLUMNS (FX_N_CURRENCIES + FX_MAX_PLAYERS + 2)

typedef struct
{
  guint n_rows, n_columns;
  Cell  cells[MAX_COLUMNS][MAX_COLUMNS];
} Table;

/* Players down, currencies across (@turned FALSE), or the other way round. */
static void
describe (FxPlayersView *self,
          gboolean       turned,
          Table         *t)
{
  memset (t, 0, sizeof *t);
  if (!turned)
    {
      t->n_rows = self->n_rows + 1;
      t->n_columns = FX_N_CURRENCIES + 2;
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        t->cells[0][c + 1].top = self->codes[c];
      t->cells[0][FX_N_CURRENCIES + 1].top = self->standing_heading;
      for (guint p = 0; p < self->n_rows; p++)
        {
          t->cells[p + 1][0].top = self->rows[p].name;
          for (int c = 0; c < FX_N_CURRENCIES; c++)
            t->cells[p + 1][c + 1] = (Cell) { self->rows[p].cash[c], self->rows[p].certs[c] };
          t->cells[p + 1][FX_N_CURRENCIES + 1] = (Cell) { self->rows[p].standing, self->rows[p].place };
        }
      return;
    }
  t->n_rows = FX_N_CURRENCIES + 2;
  t->n_columns = self->n_rows + 1;
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    t->cells[c + 1][0].top = self->codes[c];
  t->cells[FX_N_CURRENCIES + 1][0].top = self->standing_heading;
  for (guint p = 0; p < self->n_rows; p++)
    {
      t->cells[0][p + 1].top = self->rows[p].name;
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        t->cells[c + 1][p + 1] = (Cell) { self->rows[p].cash[c], self->rows[p].certs[c] };
      t->cells[FX_N_CURRENCIES + 1][p + 1] = (Cell) { self->rows[p].standing, self->rows[p].place };
    }
}

static void
measure_child (GtkWidget *child,
               int        for_width,
               int       *min_width,
               int       *nat_width,
               int       *height)
{
  int min_w = 0, nat_w = 0, h = 0;

  if (child != NULL && gtk_widget_get_visible (child))
    {
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, for_width, NULL, &h, NULL, NULL);
    }
  if (min_width != NULL)
    *min_width = min_w;
  if (nat_width != NULL)
    *nat_width = nat_w;
  if (height != NULL)
    *height = h;
}

/* Column widths at their natural size; returns the table's width. */
static int
column_widths (const Table *t,
               int          widths[MAX_COLUMNS],
               gboolean     minimum)
{
  int total = 0;

  for (guint col = 0; col < t->n_columns; col++)
    {
      widths[col] = 0;
      for (guint r = 0; r < t->n_rows; r++)
        {
          int min_top, nat_top, min_bottom, nat_bottom;

          measure_child (t->cells[r][col].top, -1, &min_top, &nat_top, NULL);
          measure_child (t->cells[r][col].bottom, -1, &min_bottom, &nat_bottom, NULL);
          widths[col] = MAX (widths[col], minimum ? MAX (min_top, min_bottom) : MAX (nat_top, nat_bottom));
        }
      total += widths[col] + (col > 0 ? COLUMN_SPACING : 0);
    }
  return total;
}

/* The widths to use at @width: natural, or with the name column(s) shrunk. */
static void
fit_columns (const Table *t,
             int          width,
             gboolean     turned,
             int          widths[MAX_COLUMNS])
{
  int nat = column_widths (t, widths, FALSE);
  int spare = width - nat;

  if (spare >= 0)
    {
      /* The extra room goes between the columns, after the names. */
      if (!turned)
        widths[0] += spare;
      return;
    }
  if (!turned)
    widths[0] = MAX (0, widths[0] + spare);
  else
    {
      /* Turned, every player's column gives up the same. */
      int minimum[MAX_COLUMNS];
      int give = (-spare + (int) t->n_columns - 2) / MAX (1, (int) t->n_columns - 1);

      column_widths (t, minimum, TRUE);
      for (guint col = 1; col < t->n_columns; col++)
        widths[col] = MAX (minimum[col], widths[col] - give);
    }
}

static int
row_height (const Table *t,
            guint        r,
            const int    widths[MAX_COLUMNS])
{
  int height = 0;

  for (guint col = 0; col < t->n_columns; col++)
    {
      int top, bottom;

      measure_child (t->cells[r][col].top, widths[col], NULL, NULL, &top);
      measure_child (t->cells[r][col].bottom, widths[col], NULL, NULL, &bottom);
      height = MAX (height, top + bottom);
    }
  return height;
}

/* The plain table fits in @width, or the turned one is needed. */
static gboolean
needs_turning (FxPlayersView *self,
               int            width)
{
  Table t;
  int widths[MAX_COLUMNS];

  if (width < 0)
    return FALSE;
  describe (self, FALSE, &t);
  return column_widths (&t, widths, FALSE) > width;
}

static int
layout_height (FxPlayersView *self,
               int            width,
               Table         *t,
               int            widths[MAX_COLUMNS])
{
  gboolean turned = needs_turning (self, width);
  int height = 0;

  describe (self, turned, t);
  fit_columns (t, width < 0 ? column_widths (t, widths, FALSE) : width, turned, widths);
  for (guint r = 0; r < t->n_rows; r++)
    height += row_height (t, r, widths) + (r > 0 ? ROW_SPACING : 0);
  for (guint p = 0; p < self->n_rows; p++)
    {
      int h;

      measure_child (self->rows[p].letters, width, NULL, NULL, &h);
      if (h > 0)
        height += ROW_SPACING + h;
    }
  return height;
}

static GtkSizeRequestMode
fx_players_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
fx_players_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  FxPlayersView *self = FX_PLAYERS_VIEW (widget);
  int widths[MAX_COLUMNS];
  Table t;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* At least the turned table with its names shortened; at best the plain one. */
      describe (self, TRUE, &t);
      *minimum = column_widths (&t, widths, TRUE);
      describe (self, FALSE, &t);
      *natural = MAX (*minimum, column_widths (&t, widths, FALSE));
      return;
    }
  *minimum = *natural = layout_height (self, for_size, &t, widths);
}

static void
allocate_child (GtkWidget *child,
                int        x,
                int        y,
                int        width,
                int        height)
{
  if (child != NULL && gtk_widget_get_visible (child))
    gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, width, height }, -1);
}

static void
fx_players_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  FxPlayersView *self = FX_PLAYERS_VIEW (widget);
  int widths[MAX_COLUMNS];
  Table t;
  int y = 0;

  layout_height (self, width, &t, widths);
  for (guint r = 0; r < t.n_rows; r++)
    {
      int h = row_height (&t, r, widths);
      int x = 0;

      for (guint col = 0; col < t.n_columns; col++)
        {
          int top;

          measure_child (t.cells[r][col].top, widths[col], NULL, NULL, &top);
          allocate_child (t.cells[r][col].top, x, y, widths[col], top);
          allocate_child (t.cells[r][col].bottom, x, y + top, widths[col], h - top);
          x += widths[col] + COLUMN_SPACING;
        }
      y += h + ROW_SPACING;
    }
  for (guint p = 0; p < self->n_rows; p++)
    {
      int h;

      measure_child (self->rows[p].letters, width, NULL, NULL, &h);
      if (h > 0)
        {
          allocate_child (self->rows[p].letters, 0, y, width, h);
          y += h + ROW_SPACING;
        }
    }
}

static void
fx_players_view_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  FX_PLAYERS_VIEW (object)->n_rows = 0;
  G_OBJECT_CLASS (fx_players_view_parent_class)->dispose (object);
}

static void
fx_players_view_class_init (FxPlayersViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_players_view_dispose;
  widget_class->get_request_mode = fx_players_view_get_request_mode;
  widget_class->measure = fx_players_view_measure;
  widget_class->size_allocate = fx_players_view_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "fx-players");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
fx_players_view_init (FxPlayersView *self)
{
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    self->codes[c] = add_label (self, fx_currency_code (c), 1, "heading");
  /* What the last column holds: each total in the strongest currency. */
  self->standing_heading = add_label (self, _("Total"), 1, "dim-label");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Players"), -1);
}

GtkWidget *
fx_players_view_new (void)
{
  return g_object_new (FX_TYPE_PLAYERS_VIEW, NULL);
}
