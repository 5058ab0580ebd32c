/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Table rules: the reading of each ambiguous point a group chose at the start,
 * named in the same words in XQN headers, session files and score --readings. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-table-rules.h"
#include "xq-error.h"
#include "xq-quote.h"

/* Each point's name, then its default reading and the other. These words are
 * part of the output contract of score --readings: never change them. */
static const char *const point_words[FX_N_POINTS][3] = {
  [FX_POINT_ROUNDING] = { "rounding", "keep-half", "round-all" },
  [FX_POINT_PLAYERS] = { "players", "2-6", "2-5" },
  [FX_POINT_STRENGTHEN] = { "strengthen", "tie-choice", "none" },
};

guint
fx_reading_of (FxPoint point)
{
  switch (point)
    {
    case FX_POINT_ROUNDING:
      return FX_READING_ROUND_ALL;
    case FX_POINT_PLAYERS:
      return FX_READING_FIVE_PLAYERS;
    case FX_POINT_STRENGTHEN:
      return FX_READING_NONE_STRENGTHENED;
    case FX_N_POINTS:
    default:
      g_return_val_if_reached (0);
    }
}

const char *
fx_point_word (FxPoint point)
{
  g_return_val_if_fail (point < FX_N_POINTS, NULL);

  return point_words[point][0];
}

/* @other: the reading the bit chooses; FALSE, the printed default. */
const char *
fx_reading_word (FxPoint  point,
                 gboolean other)
{
  g_return_val_if_fail (point < FX_N_POINTS, NULL);

  return point_words[point][other ? 2 : 1];
}

/**
 * fx_table_rule_read:
 * @readings: the #FxReading bits, the point's bit set or cleared
 * @seen: bit N set once point N was read, so a repeat is refused
 * @point: the point's word, e.g. "rounding" (any case, as keywords are)
 * @reading: its reading's word, the default's or the other's
 * @error: return location for a #GError
 *
 * One table rule, as a `rule` line or a session file's `<rule>` states it.
 */
gboolean
fx_table_rule_read (guint8      *readings,
                    guint       *seen,
                    const char  *point,
                    const char  *reading,
                    GError     **error)
{
  for (int p = 0; p < FX_N_POINTS; p++)
    {
      gboolean other;

      if (g_ascii_strcasecmp (point, point_words[p][0]) != 0)
        continue;
      if (g_ascii_strcasecmp (reading, point_words[p][1]) == 0)
        other = FALSE;
      else if (g_ascii_strcasecmp (reading, point_words[p][2]) == 0)
        other = TRUE;
      else
        {
          g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
                       /* TRANSLATORS: the last three are file keywords: "rounding", "keep-half", "round-all" */
                       _("“%s” is not a reading of the table rule %s; it reads %s or %s"),
                       XQ_QUOTE (reading), point_words[p][0], point_words[p][1], point_words[p][2]);
          return FALSE;
        }
      if (*seen & (1u << p))
        {
          g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
                       _("the table rule %s is given twice; each rule is given once, before the first move"),
                       point_words[p][0]);
          return FALSE;
        }
      *seen |= 1u << p;
      if (other)
        *readings |= (guint8) fx_reading_of (p);
      else
        *readings &= (guint8) ~fx_reading_of (p);
      return TRUE;
    }
  g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
               _("“%s” is not a table rule; the table rules are rounding, players and strengthen"),
               XQ_QUOTE (point));
  return FALSE;
}

/* The players are read before the rules: "players 2-5" refuses a sixth, naming the rule. */
gboolean
fx_table_rules_check_players (guint      readings,
                              guint      n_players,
                              GError   **error)
{
  if (!(readings & FX_READING_FIVE_PLAYERS) || n_players < FX_MAX_PLAYERS)
    return TRUE;
  g_set_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED,
               _("the table rule “players 2-5” allows 2 to 5 players; this game has %u"), n_players);
  return FALSE;
}
