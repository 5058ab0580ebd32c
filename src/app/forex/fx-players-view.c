/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every player's money at a glance: one row per player, one column per
 * currency (cash, and the certificates held below it), the standing last, the
 * player to act marked. Where that table does not fit (a phone held at the
 * table) the squeezer of ui/fx-players-view.ui shows it turned: one column
 * per player, one row per currency. Contracts and loans follow as one line
 * per player, each item they could not pay today marked where it stands. */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "fx-display.h"
#include "fx-forecast.h"
#include "fx-players-view.h"
#include "fx-report-text.h"
#include "fx-score.h"
#include "fx-worth.h"
#include "xq-css.h"
#include "xq-tooltip.h"

/* The two arrangements of the same table, each with labels of its own: the
 * squeezer shows the first whose natural width fits. */
typedef enum
{
  FX_PLAYERS_VIEW_ACROSS,   /* a row per player */
  FX_PLAYERS_VIEW_TURNED,   /* a column per player */
  FX_PLAYERS_VIEW_N_ARRANGEMENTS
} FxPlayersViewArrangement;

/* What a player's labels say beyond their texts, alike in both
 * arrangements: their tooltips and the names a screen reader hears. */
typedef struct
{
  char *name;                     /* "Ann, to act": the name's tooltip and accessible name */
  char *cash[FX_N_CURRENCIES];    /* "Ann holds 5 GBP" */
  char *certs[FX_N_CURRENCIES];   /* "2 GBP certificates of 4": tooltip and accessible name */
  char *sentence;                 /* the standing's accessible name, the place line's tooltip */
  char *standing_tooltip;         /* the sentence, and how a projection is made */
} FxPlayersViewSayings;

/* One player's labels in one arrangement. */
typedef struct
{
  GtkWidget *name;
  GtkWidget *cash[FX_N_CURRENCIES];
  GtkWidget *certs[FX_N_CURRENCIES];
  GtkWidget *standing;
  GtkWidget *place;     /* under the standing: "1st", "tied 1st", "bankrupt", or
                         * what the queue will ask that they cannot pay */
  /* What these labels say now. The arrangement the squeezer hides is
   * measured, so its texts follow every step, but nobody meets its tooltips
   * or hears its names: those wait until it is shown, and a history step
   * pays for one arrangement's, not two. */
  FxPlayersViewSayings said;
} FxPlayersViewCells;

/* One player's widgets, built once and updated in place: browsing the
 * history redraws the table within a frame. */
typedef struct
{
  FxPlayersViewCells in[FX_PLAYERS_VIEW_N_ARRANGEMENTS];
  FxPlayersViewSayings says;  /* what the state shown has them say */
  GtkWidget *letters;   /* under either arrangement, the whole width */
  gboolean   named;     /* both arrangements' labels named once, empty ones too */
} FxPlayersViewRow;

struct _FxPlayersView
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkWidget *squeezer;
  GtkWidget *across;
  GtkWidget *turned;
  GtkWidget *across_total;
  GtkWidget *turned_total;
  /* The four above, indexed by arrangement. */
  GtkWidget *grids[FX_PLAYERS_VIEW_N_ARRANGEMENTS];
  GtkWidget *standing_headings[FX_PLAYERS_VIEW_N_ARRANGEMENTS];
  FxPlayersViewRow rows[FX_MAX_PLAYERS];
  guint      n_rows;
  FxPlayersViewArrangement shown;  /* the squeezer's visible child */
};

G_DEFINE_FINAL_TYPE (FxPlayersView, fx_players_view, GTK_TYPE_WIDGET)

/* Where the cell of table row @row, column @column goes in @arrangement. */
static void
attach (FxPlayersView            *self,
        FxPlayersViewArrangement  arrangement,
        GtkWidget                *child,
        int                       row,
        int                       column)
{
  if (arrangement == FX_PLAYERS_VIEW_ACROSS)
    gtk_grid_attach (GTK_GRID (self->grids[arrangement]), child, column, row, 1, 1);
  else
    gtk_grid_attach (GTK_GRID (self->grids[arrangement]), child, row, column, 1, 1);
}

static GtkWidget *
new_label (float       xalign,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

/* A cell of two lines: the amount and, under it, the certificates or place. */
static GtkWidget *
two_lines (GtkWidget *top,
           GtkWidget *bottom)
{
  GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (cell), top);
  gtk_box_append (GTK_BOX (cell), bottom);
  return cell;
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

/* Moves @value into *@slot; returns whether it differs from what was there. */
static gboolean
keep_string (char **slot,
             char  *value)
{
  if (g_strcmp0 (*slot, value) == 0)
    {
      g_free (value);
      return FALSE;
    }
  g_free (*slot);
  *slot = value;
  return TRUE;
}

static void
sayings_clear (FxPlayersViewSayings *sayings)
{
  g_clear_pointer (&sayings->name, g_free);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_clear_pointer (&sayings->cash[c], g_free);
      g_clear_pointer (&sayings->certs[c], g_free);
    }
  g_clear_pointer (&sayings->sentence, g_free);
  g_clear_pointer (&sayings->standing_tooltip, g_free);
}

/* Gives @cells' labels the tooltips and names of @says that they lack. */
static void
say (FxPlayersViewCells         *cells,
     const FxPlayersViewSayings *says)
{
  FxPlayersViewSayings *said = &cells->said;

  if (keep_string (&said->name, g_strdup (says->name)))
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (cells->name), GTK_ACCESSIBLE_PROPERTY_LABEL, said->name, -1);
      xq_tooltip_set_text (cells->name, said->name);
    }
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      if (keep_string (&said->cash[c], g_strdup (says->cash[c])))
        gtk_accessible_update_property (GTK_ACCESSIBLE (cells->cash[c]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        said->cash[c], -1);
      /* No certificates shows nothing, but is not announced as "GtkLabel". */
      if (keep_string (&said->certs[c], g_strdup (says->certs[c])))
        {
          gtk_accessible_update_property (GTK_ACCESSIBLE (cells->certs[c]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          said->certs[c], -1);
          xq_tooltip_set_text (cells->certs[c], said->certs[c]);
        }
    }
  if (keep_string (&said->sentence, g_strdup (says->sentence)))
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (cells->standing), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      said->sentence, -1);
      xq_tooltip_set_text (cells->place, said->sentence);
    }
  if (keep_string (&said->standing_tooltip, g_strdup (says->standing_tooltip)))
    xq_tooltip_set_text (cells->standing, said->standing_tooltip);
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
wrap_in_two_lines (GtkWidget *label)
{
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), 2);
}

static void
build_cells (FxPlayersView            *self,
             FxPlayersViewArrangement  arrangement,
             FxPlayersViewCells       *cells,
             int                       p)
{
  cells->name = new_label (0, "heading");
  gtk_widget_set_valign (cells->name, GTK_ALIGN_START);
  gtk_label_set_ellipsize (GTK_LABEL (cells->name), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (cells->name), 14);
  /* Across, the room to spare goes after the names. */
  gtk_widget_set_hexpand (cells->name, arrangement == FX_PLAYERS_VIEW_ACROSS);
  attach (self, arrangement, cells->name, p + 1, 0);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      cells->cash[c] = new_label (1, "amount");
      cells->certs[c] = new_label (1, "certs");
      attach (self, arrangement, two_lines (cells->cash[c], cells->certs[c]), p + 1, c + 1);
    }
  cells->standing = new_label (1, "amount");
  /* Shortened where the turned table narrows its columns for a phone; the
   * total's tooltip and accessible name say it whole. */
  cells->place = new_label (1, "caption");
  gtk_label_set_ellipsize (GTK_LABEL (cells->place), PANGO_ELLIPSIZE_END);
  if (arrangement == FX_PLAYERS_VIEW_TURNED)
    {
      /* A phone's narrow columns: "▶ Cynthia" and "⚠ Fehlbetrag" take a
       * second line rather than lose their ends; only a name too long
       * for two is cut. */
      wrap_in_two_lines (cells->name);
      wrap_in_two_lines (cells->place);
      /* Room for a word of the place line ("Defizit", "dinero") whatever
       * the other columns ask: without it the column's share of a phone's
       * width varied from one start to the next. */
      gtk_label_set_width_chars (GTK_LABEL (cells->place), 7);
    }
  gtk_accessible_update_state (GTK_ACCESSIBLE (cells->place), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  attach (self, arrangement, two_lines (cells->standing, cells->place), p + 1, FX_N_CURRENCIES + 1);
}

static void
build_row (FxPlayersView    *self,
           FxPlayersViewRow *row,
           int               p)
{
  row->named = FALSE;
  for (int a = 0; a < FX_PLAYERS_VIEW_N_ARRANGEMENTS; a++)
    build_cells (self, a, &row->in[a], p);
  row->letters = new_label (0, "letters");
  gtk_label_set_wrap (GTK_LABEL (row->letters), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (row->letters), PANGO_WRAP_WORD_CHAR);
  /* A least width in characters: GTK finds a wrapping label's otherwise by
   * laying the text out a character per line, the dearest layout of each
   * turn shown. */
  gtk_label_set_width_chars (GTK_LABEL (row->letters), 12);
  gtk_box_append (GTK_BOX (self->box), row->letters);
}

static void
destroy_row (FxPlayersView    *self,
             FxPlayersViewRow *row)
{
  for (int a = 0; a < FX_PLAYERS_VIEW_N_ARRANGEMENTS; a++)
    {
      FxPlayersViewCells *cells = &row->in[a];

      gtk_grid_remove (GTK_GRID (self->grids[a]), cells->name);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        gtk_grid_remove (GTK_GRID (self->grids[a]), gtk_widget_get_parent (cells->cash[c]));
      gtk_grid_remove (GTK_GRID (self->grids[a]), gtk_widget_get_parent (cells->standing));
      sayings_clear (&cells->said);
    }
  sayings_clear (&row->says);
  gtk_box_remove (GTK_BOX (self->box), row->letters);
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
} FxPlayersViewStandings;

/* The player is ranked last in the projection because, as things stand, the
 * queue bankrupts them; they are not bankrupt, and are not called so. */
static gboolean
short_in_projection (const FxState   *s,
                     const FxPlayersViewStandings *st,
                     int              p)
{
  return !st->over && st->end.bankrupt == p && s->bankrupt != p;
}

/* "Contract B, 3rd in the queue: short 7 GBP today", one line for each item
 * of @p's that they could not pay today; "" when there is none. */
static char *
shortfall_lines (const FxSetup   *setup,
                 const FxPlayersViewStandings *st,
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
                   const FxPlayersViewStandings *st,
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
 * for a player who is), and for one the queue would bankrupt as things
 * stand their place (last, as the projection ranks them) marked "⚠": the
 * warning never hides where they stand, and takes no more room than the
 * word "short" did. The line under their contracts says "short", which
 * item and how much. Today's money and the amounts stay in the
 * sentence: a wider line would widen the column and turn the table sooner
 * on a small laptop. */
static char *
place_line (const FxSetup   *setup,
            const FxState   *s,
            const FxPlayersViewStandings *st,
            int              p)
{
  if (st->standing.strongest.strongest == FX_NO_CURRENCY)
    return g_strdup ("");
  if (short_in_projection (s, st, p))
    /* TRANSLATORS: under a player's total, their place marked with a
     * warning sign, as short as a place ("⚠ 4th"): they cannot pay an item
     * of the queue today, and as things stand it would bankrupt them; the
     * line under their contracts says "short" and how much. %s is the
     * place, "4th" */
    return g_strdup_printf (C_("standing", "⚠ %s"), fx_report_ordinal (st->standing.place[p]));
  return fx_report_place (setup, &st->end, &st->standing, p, FX_PLACE_SHORT);
}

/* What @p's labels say beyond their texts, worked out once for both
 * arrangements. */
static void
update_sayings (FxPlayersViewSayings         *says,
                const FxSetup                *setup,
                const FxState                *s,
                const FxPlayersViewStandings *st,
                int                           p,
                gboolean                      to_act,
                const char                   *sentence)
{
  if (to_act)
    keep_string (&says->name, g_strdup_printf (_("%s, to act"), setup->names[p]));
  else if (p == s->bankrupt)
    keep_string (&says->name, g_strdup_printf (_("%s, bankrupt"), setup->names[p]));
  else
    keep_string (&says->name, g_strdup (setup->names[p]));
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *money = fx_display_money (s->cash[p][c], c);

      keep_string (&says->cash[c], g_strdup_printf (_("%s holds %s"), setup->names[p], money));
      keep_string (&says->certs[c], g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u %s certificate of %d",
                                                                  "%u %s certificates of %d", s->certs[p][c]),
                                                     s->certs[p][c], fx_currency_code (c), FX_MAX_CERTS_HELD));
    }
  keep_string (&says->sentence, g_strdup (sentence));
  if (st->over)
    keep_string (&says->standing_tooltip, g_strdup (sentence));
  else
    keep_string (&says->standing_tooltip, g_strdup_printf ("%s\n%s", sentence, fx_report_projected_explanation ()));
}

/* The texts of a row's labels in one arrangement, and how they look: what
 * the squeezer measures, so kept current in both. */
static void
update_cells (FxPlayersViewCells           *cells,
              const FxSetup                *setup,
              const FxState                *s,
              const FxPlayersViewStandings *st,
              int                           p,
              gboolean                      to_act,
              const char                   *place,
              gboolean                      turned)
{
  const FxStanding *standing = &st->standing;
  /* Green for the one player ahead; a tie is nobody's win. */
  gboolean ahead = standing->winners[p] && (standing->n_winners == 1 || st->over);
  /* "bankrupt" only for the one who is; the queue's threat is a warning. */
  gboolean bankrupt = s->bankrupt == p;
  gboolean warned = short_in_projection (s, st, p);
  /* Turned, a phone's column has no room for the arrow: the name is
   * underlined instead, which does not rely on its colour either. */
  g_autofree char *name = to_act && !turned ? g_strdup_printf ("▶ %s", setup->names[p]) : g_strdup (setup->names[p]);

  set_text_if_changed (cells->name, name);
  xq_css_set_class (cells->name, "accent", to_act);
  xq_css_set_class (cells->name, "to-act", to_act && turned);
  xq_css_set_class (cells->name, "error", p == s->bankrupt);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *cash = fx_display_amount (s->cash[p][c]);

      set_text_if_changed (cells->cash[c], cash);
      set_text_if_changed (cells->certs[c], certificate_bars (s->certs[p][c]));
      xq_css_set_class (cells->certs[c], "certs-full", s->certs[p][c] == FX_MAX_CERTS_HELD);
      xq_css_set_class (cells->cash[c], "dim-label", s->cash[p][c] == 0);
    }

  if (standing->strongest.strongest != FX_NO_CURRENCY)
    {
      g_autofree char *total = fx_display_money (standing->players[p].total, standing->strongest.strongest);

      set_text_if_changed (cells->standing, total);
    }
  else
    set_text_if_changed (cells->standing, "—");
  xq_css_set_class (cells->standing, "success", ahead);
  xq_css_set_class (cells->standing, "dim-label", !ahead);

  /* The line under it repeats the sentence in short: hidden from a screen
   * reader, which hears the whole sentence on the total. */
  set_text_if_changed (cells->place, place);
  gtk_widget_set_visible (cells->place, *place != '\0');
  xq_css_set_class (cells->place, "error", bankrupt);
  xq_css_set_class (cells->place, "warning", warned);
  xq_css_set_class (cells->place, "dim-label", !bankrupt && !warned);
}

static void
update_row (FxPlayersViewRow             *row,
            FxPlayersViewArrangement      shown,
            const FxSetup                *setup,
            const FxState                *s,
            const FxPlayersViewStandings *st,
            int                           p,
            gboolean                      to_act)
{
  g_autofree char *letters = describe_letters (setup, s, st->over ? NULL : &st->forecast, p);
  g_autofree char *sentence = standing_sentence (setup, s, st, p);
  g_autofree char *place = place_line (setup, s, st, p);
  g_autofree char *shortfall = st->over ? g_strdup ("") : shortfall_lines (setup, st, p, "");

  update_sayings (&row->says, setup, s, st, p, to_act, sentence);
  for (int a = 0; a < FX_PLAYERS_VIEW_N_ARRANGEMENTS; a++)
    {
      update_cells (&row->in[a], setup, s, st, p, to_act, place, a == FX_PLAYERS_VIEW_TURNED);
      /* A new row's hidden labels are named too, so that none is ever
       * announced as "GtkLabel". */
      if (a == (int) shown || !row->named)
        say (&row->in[a], &row->says);
    }

  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (row->letters)), letters) != 0)
    gtk_label_set_markup (GTK_LABEL (row->letters), letters);
  gtk_widget_set_visible (row->letters, *letters != '\0');
  /* Which item, where in the queue: "Contract B, 3rd in the queue: short 7 GBP today". */
  xq_tooltip_set_text (row->letters, *shortfall != '\0' ? shortfall : NULL);
  xq_css_set_class (row->letters, "short", *shortfall != '\0');
  row->named = TRUE;
}

void
fx_players_view_set_state (FxPlayersView *self,
                           const FxSetup *setup,
                           const FxState *s,
                           gboolean       live)
{
  FxPlayersViewStandings st;
  int to_act = s->spot_actor != FX_NO_PLAYER ? s->spot_actor : s->next_player;
  const char *heading_tooltip;

  g_return_if_fail (FX_IS_PLAYERS_VIEW (self));

  while (self->n_rows < s->n_players)
    {
      build_row (self, &self->rows[self->n_rows], (int) self->n_rows);
      self->n_rows++;
    }
  while (self->n_rows > s->n_players)
    destroy_row (self, &self->rows[--self->n_rows]);

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
  heading_tooltip = st.over ? _("What each player has, in the strongest currency") : fx_report_projected_explanation ();
  for (int a = 0; a < FX_PLAYERS_VIEW_N_ARRANGEMENTS; a++)
    xq_tooltip_set_text (self->standing_headings[a], heading_tooltip);
  for (int p = 0; p < s->n_players; p++)
    update_row (&self->rows[p], self->shown, setup, s, &st, p, live && !st.over && p == to_act);
}

/* A screen reader hears the arrangement shown, not both; the one now shown
 * takes the tooltips and names it was spared while hidden. Before the
 * squeezer's first allocation it shows nothing, and the table across is
 * the one kept current. */
static void
arrangement_changed (FxPlayersView *self)
{
  GtkWidget *shown = adw_squeezer_get_visible_child (ADW_SQUEEZER (self->squeezer));

  self->shown = shown == self->grids[FX_PLAYERS_VIEW_TURNED] ? FX_PLAYERS_VIEW_TURNED : FX_PLAYERS_VIEW_ACROSS;
  for (guint p = 0; p < self->n_rows; p++)
    say (&self->rows[p].in[self->shown], &self->rows[p].says);
  for (int a = 0; a < FX_PLAYERS_VIEW_N_ARRANGEMENTS; a++)
    gtk_accessible_update_state (GTK_ACCESSIBLE (self->grids[a]), GTK_ACCESSIBLE_STATE_HIDDEN,
                                 self->grids[a] != shown, -1);
}

static void
fx_players_view_dispose (GObject *object)
{
  FxPlayersView *self = FX_PLAYERS_VIEW (object);

  /* The labels go with the template; what they say is this view's. */
  for (guint p = 0; p < self->n_rows; p++)
    {
      for (int a = 0; a < FX_PLAYERS_VIEW_N_ARRANGEMENTS; a++)
        sayings_clear (&self->rows[p].in[a].said);
      sayings_clear (&self->rows[p].says);
    }
  self->n_rows = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_PLAYERS_VIEW);
  G_OBJECT_CLASS (fx_players_view_parent_class)->dispose (object);
}

static void
fx_players_view_class_init (FxPlayersViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_players_view_dispose;
  gtk_widget_class_set_css_name (widget_class, "fx-players");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-players-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FxPlayersView, box);
  gtk_widget_class_bind_template_child (widget_class, FxPlayersView, squeezer);
  gtk_widget_class_bind_template_child (widget_class, FxPlayersView, across);
  gtk_widget_class_bind_template_child (widget_class, FxPlayersView, turned);
  gtk_widget_class_bind_template_child (widget_class, FxPlayersView, across_total);
  gtk_widget_class_bind_template_child (widget_class, FxPlayersView, turned_total);
  gtk_widget_class_bind_template_callback (widget_class, arrangement_changed);
}

static void
fx_players_view_init (FxPlayersView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->grids[FX_PLAYERS_VIEW_ACROSS] = self->across;
  self->grids[FX_PLAYERS_VIEW_TURNED] = self->turned;
  /* What the last column holds (placed by the template): each total in
   * the strongest currency. */
  self->standing_headings[FX_PLAYERS_VIEW_ACROSS] = self->across_total;
  self->standing_headings[FX_PLAYERS_VIEW_TURNED] = self->turned_total;
  for (int a = 0; a < FX_PLAYERS_VIEW_N_ARRANGEMENTS; a++)
    {
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          GtkWidget *code = new_label (1, "heading");

          gtk_label_set_text (GTK_LABEL (code), fx_currency_code (c));
          gtk_widget_set_valign (code, GTK_ALIGN_START);
          attach (self, a, code, 0, c + 1);
        }
    }
  arrangement_changed (self);
}
