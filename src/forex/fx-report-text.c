/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words on a standing that the players view, the audit window and the
 * PDF share. Moves are told in fx-sentence.c, for every view alike. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-report-text.h"
#include "fx-sentence.h"

/* ---- Standings: places, ties, the outcome ---- */

/**
 * fx_report_money:
 *
 * Returns: (transfer full): "14.5 EUR", with the locale's decimal separator
 */
char *
fx_report_money (XqAmount   amount,
                 FxCurrency currency)
{
  return fx_sentence_money (amount, currency);
}

/* A place as people say it: "1st" … "6th" (at most six players). */
const char *
fx_report_ordinal (guint place)
{
  return fx_sentence_ordinal (place);
}

/* "Ann", "Ann and Bob", "Ann, Bob and Cat": the players @which marks, in seating order. */
static char *
name_list (const FxSetup  *setup,
           const gboolean  which[FX_MAX_PLAYERS])
{
  g_autofree char *list = NULL;
  int n = 0, left = 0;

  for (int p = 0; p < setup->n_players; p++)
    left += which[p] != FALSE;
  for (int p = 0; p < setup->n_players; p++)
    {
      char *longer;

      if (!which[p])
        continue;
      n++;
      left--;
      if (n == 1)
        longer = g_strdup (setup->names[p]);
      else if (left == 0)
        /* TRANSLATORS: the last two names of a list: "Ann and Bob", "Ann, Bob and Cat" */
        longer = g_strdup_printf (_("%s and %s"), list, setup->names[p]);
      else
        /* TRANSLATORS: names of a list before its last two: "Ann, Bob" */
        longer = g_strdup_printf (_("%s, %s"), list, setup->names[p]);
      g_free (list);
      list = longer;
    }
  return g_steal_pointer (&list);
}

/* The players other than @player who share @player's place; none for the bankrupt. */
static guint
tied_with (const FxState    *state,
           const FxStanding *standing,
           int               player,
           gboolean          which[FX_MAX_PLAYERS])
{
  guint n = 0;

  memset (which, 0, sizeof (gboolean) * FX_MAX_PLAYERS);
  if (player == state->bankrupt || standing->strongest.strongest == FX_NO_CURRENCY)
    return 0;
  for (int q = 0; q < state->n_players; q++)
    {
      if (q == player || q == state->bankrupt || standing->place[q] != standing->place[player])
        continue;
      which[q] = TRUE;
      n++;
    }
  return n;
}

/**
 * fx_report_is_tied:
 * @state: the table @standing was computed on (its bankrupt player)
 * @standing: a standing with a strongest currency
 * @player: a seat
 *
 * Returns: whether another player shares @player's place (money and
 *   certificates of the strongest equal)
 */
gboolean
fx_report_is_tied (const FxState    *state,
                   const FxStanding *standing,
                   int               player)
{
  gboolean which[FX_MAX_PLAYERS];

  return tied_with (state, standing, player, which) > 0;
}

/**
 * fx_report_place:
 * @setup: the players' names
 * @state: the table @standing was computed on (its bankrupt player)
 * @standing: a standing with a strongest currency
 * @player: a seat
 * @words: short for a narrow column, or naming who shares the place
 *
 * A tie is said as one, never as a win for each: "1st", "tied 1st",
 * "tied 1st with Ann", "bankrupt".
 *
 * Returns: (transfer full): the words on @player's place
 */
char *
fx_report_place (const FxSetup    *setup,
                 const FxState    *state,
                 const FxStanding *standing,
                 int               player,
                 FxPlaceWords      words)
{
  gboolean which[FX_MAX_PLAYERS];
  const char *ordinal;
  g_autofree char *names = NULL;

  g_return_val_if_fail (player >= 0 && player < state->n_players, NULL);

  if (player == state->bankrupt)
    return g_strdup (words == FX_PLACE_SHORT ? _("bankrupt") : _("bankrupt, ranked last"));
  if (standing->strongest.strongest == FX_NO_CURRENCY)
    return g_strdup ("");
  ordinal = fx_report_ordinal (standing->place[player]);
  if (tied_with (state, standing, player, which) == 0)
    return g_strdup (ordinal);
  if (words == FX_PLACE_SHORT)
    /* TRANSLATORS: a shared place in a narrow column: "tied 1st" */
    return g_strdup_printf (_("tied %s"), ordinal);
  names = name_list (setup, which);
  /* TRANSLATORS: a shared place: "tied 1st with Ann", "tied 2nd with Bob and Cat" */
  return g_strdup_printf (_("tied %s with %s"), ordinal, names);
}

/**
 * fx_report_outcome:
 * @setup: the players' names
 * @state: the table @standing was computed on (its bankrupt player)
 * @standing: the standing
 *
 * Who wins and how: "Ann wins with 20 GBP.", "Ann and Bob tie at 19 GBP;
 * Ann wins on certificates.", "Ann and Bob tie at 19 GBP and share the win."
 *
 * Returns: (transfer full): one sentence
 */
char *
fx_report_outcome (const FxSetup    *setup,
                   const FxState    *state,
                   const FxStanding *standing)
{
  FxCurrency s = standing->strongest.strongest;
  gboolean on_top[FX_MAX_PLAYERS] = { FALSE };
  XqAmount best = -1;
  guint n_on_top = 0;
  g_autofree char *money = NULL;
  g_autofree char *top = NULL;
  g_autofree char *winners = NULL;

  if (s == FX_NO_CURRENCY)
    return g_strdup (_("The strongest currency is tied and nobody has chosen it yet, so there is no winner."));
  for (int p = 0; p < state->n_players; p++)
    if (standing->winners[p])
      best = standing->players[p].total;
  for (int p = 0; p < state->n_players; p++)
    if (p != state->bankrupt && standing->players[p].total == best)
      {
        on_top[p] = TRUE;
        n_on_top++;
      }
  money = fx_report_money (best, s);
  top = name_list (setup, on_top);
  if (n_on_top == 1)
    /* TRANSLATORS: "Ann wins with 20 GBP." */
    return g_strdup_printf (_("%s wins with %s."), top, money);
  winners = name_list (setup, standing->winners);
  if (standing->decided_by_certs && standing->n_winners == 1)
    /* TRANSLATORS: "Ann and Bob tie at 19 GBP; Ann wins on certificates." */
    return g_strdup_printf (_("%s tie at %s; %s wins on certificates."), top, money, winners);
  if (standing->decided_by_certs)
    /* TRANSLATORS: "Ann, Bob and Cat tie at 19 GBP; Ann and Bob share the win on certificates." */
    return g_strdup_printf (_("%s tie at %s; %s share the win on certificates."), top, money, winners);
  /* TRANSLATORS: "Ann and Bob tie at 19 GBP and share the win." */
  return g_strdup_printf (_("%s tie at %s and share the win."), top, money);
}

/* What "projected" means — the standing the table is shown,
 * fx_score_standing_resolved() — said once for every place that shows it. */
const char *
fx_report_projected_explanation (void)
{
  return _("Projected: as if every turn from now on resolved the front of the queue: the contracts and loans "
           "in their order and the dividends still to come, then all money converts.");
}

/* ---- The rulebook's readings ---- */

/* Which reading the table plays at @point, in a sentence. */
static char *
reading_applied (FxPoint              point,
                 gboolean             swapped,
                 const FxPointResult *r)
{
  switch (point)
    {
    case FX_POINT_ROUNDING:
      return g_strdup (swapped ? _("Rounding: by this table’s reading all monies are rounded down to whole bucks, "
                                   "the strongest currency’s half-buck too.")
                               : _("Rounding: money already in the strongest currency keeps its half-buck; only "
                                   "converted money is rounded down to whole bucks."));
    case FX_POINT_PLAYERS:
      return g_strdup (_("Players: six play, reading the rules as 2 to 6 players."));
    case FX_POINT_STRENGTHEN:
      if (swapped)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Strengthening: %u dividend was resolved while nobody held a "
                                             "certificate; by this table’s reading it strengthened no currency.",
                                             "Strengthening: %u dividends were resolved while nobody held a "
                                             "certificate; by this table’s reading they strengthened no currency.",
                                             r->count), r->count);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Strengthening: %u dividend was resolved while nobody held a "
                                           "certificate; all seven currencies tied and the player resolving it "
                                           "chose one to strengthen.",
                                           "Strengthening: %u dividends were resolved while nobody held a "
                                           "certificate; all seven currencies tied and the player resolving each "
                                           "chose one to strengthen.",
                                           r->count), r->count);
    case FX_N_POINTS:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* How a sentence on the other reading starts: "Rounding all monies down instead". */
static const char *
other_reading (FxPoint  point,
               gboolean swapped)
{
  switch (point)
    {
    case FX_POINT_ROUNDING:
      return swapped ? _("Keeping the strongest currency’s half-bucks instead") : _("Rounding all monies down instead");
    case FX_POINT_PLAYERS:
      return _("Reading the rulebook’s header, 2 to 5 players, instead");
    case FX_POINT_STRENGTHEN:
      return swapped ? _("Letting the player resolving it choose a currency instead")
                     : _("Strengthening no currency there instead");
    case FX_N_POINTS:
    default:
      g_return_val_if_reached ("");
    }
}

/* The other reading's winners when only their names are known (the
 * strengthening replays the game; its totals stay with the replay). */
static char *
winners_only (const FxSetup       *setup,
              const FxPointResult *r)
{
  g_autofree char *names = name_list (setup, r->winners);
  guint n = 0;

  for (int p = 0; p < setup->n_players; p++)
    n += r->winners[p] != FALSE;
  /* TRANSLATORS: "Bob wins." */
  return n == 1 ? g_strdup_printf (_("%s wins."), names)
                /* TRANSLATORS: "Ann and Bob share the win." */
                : g_strdup_printf (_("%s share the win."), names);
}

/* What the other reading gives, in a sentence that starts with its name. */
static char *
reading_other (XqSession           *session,
               FxPoint              point,
               gboolean             swapped,
               const FxPointResult *r)
{
  const FxSetup *setup = xq_session_get_setup (session);
  const FxState *state = xq_session_get_state (session);
  const char *other = other_reading (point, swapped);
  g_autofree char *result = NULL;

  switch (r->other)
    {
    case FX_OTHER_WINNER_SAME:
      /* TRANSLATORS: "Rounding all monies down instead: the winner does not change." */
      return g_strdup_printf (_("%s: the winner does not change."), other);
    case FX_OTHER_WINNER_CHANGES:
      if (point == FX_POINT_ROUNDING)
        {
          /* The same table, scored the other way: names and totals. */
          FxStanding standing;

          fx_score_standing_under (state, setup->readings ^ fx_reading_of (point), &standing);
          result = fx_report_outcome (setup, state, &standing);
        }
      else
        result = winners_only (setup, r);
      /* TRANSLATORS: "Rounding all monies down instead: Ann and Bob tie at 19 GBP; Ann wins on certificates." */
      return g_strdup_printf (_("%s: %s"), other, result);
    case FX_OTHER_NO_WINNER:
      return g_strdup_printf (_("%s: the strongest currency is tied and nobody has chosen it, so there is no "
                                "winner."), other);
    case FX_OTHER_NO_GAME:
      return g_strdup_printf (_("%s: there is no game."), other);
    case FX_OTHER_DIVERGES:
      if (r->move < xq_session_get_n_moves (session))
        /* TRANSLATORS: the other reading's game refuses a recorded move, counted from 1 */
        return g_strdup_printf (_("%s: the recorded game cannot be played that way, as move %u is refused."),
                                other, r->move + 1);
      return g_strdup_printf (_("%s: the recorded moves end before that game does."), other);
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * fx_report_readings_text:
 * @session: a For-Ex game
 * @readings: fx_readings_compute()'s result for @session
 *
 * The audit's and the report's "Rulebook readings": for each point that
 * arose, which reading was applied and what the other would give, one
 * paragraph each; a note first while the game is not over; one paragraph
 * saying so when no point arose.
 *
 * Returns: (transfer full): the paragraphs
 */
GStrv
fx_report_readings_text (XqSession        *session,
                         const FxReadings *readings)
{
  const FxSetup *setup = xq_session_get_setup (session);
  g_autoptr(GStrvBuilder) out = g_strv_builder_new ();
  gboolean any = FALSE;

  if (!fx_state_is_over (xq_session_get_state (session)))
    g_strv_builder_add (out, _("The game is not over: the readings are judged on the table as it is now."));
  for (int point = 0; point < FX_N_POINTS; point++)
    {
      const FxPointResult *r = &readings->points[point];
      gboolean swapped = (setup->readings & fx_reading_of (point)) != 0;
      g_autofree char *applied = NULL;
      g_autofree char *other = NULL;
      g_autofree char *paragraph = NULL;

      if (!r->applied)
        continue;
      any = TRUE;
      applied = reading_applied (point, swapped, r);
      other = reading_other (session, point, swapped, r);
      paragraph = g_strdup_printf ("%s %s", applied, other);
      g_strv_builder_add (out, paragraph);
    }
  if (!any)
    g_strv_builder_add (out, _("None of the three points where the rulebook reads two ways arose in this game."));
  return g_strv_builder_end (out);
}
