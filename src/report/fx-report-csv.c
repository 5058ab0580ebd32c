/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The standings after every move as CSV (RFC 4180), for spreadsheets. */

#include "config.h"

#include <string.h>

#include "fx-board.h"
#include "fx-game.h"
#include "fx-report.h"
#include "fx-series.h"

/* RFC 4180: a field with a comma, a quote or a line break is quoted, and its
 * quotes doubled. */
static void
append_field (GString    *out,
              const char *text)
{
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/**
 * fx_report_csv:
 * @session: a For-Ex session
 *
 * One header row, then one row per move: the move number, the turns completed,
 * the move's XQN line, the strongest currency after it (empty while tied) and
 * each player's standing in it (empty while tied). Amounts are written as the
 * notation writes them ("7.5"), whatever the locale; rows end in CRLF.
 *
 * Returns: (transfer full): the CSV text
 */
char *
fx_report_csv (XqSession *session)
{
  const FxSetup *setup = xq_session_get_setup (session);
  g_autoptr(FxSeries) series = fx_series_new (session);
  GString *out = g_string_new ("move,turn,notation,strongest");
  FxState state;

  for (int p = 0; p < setup->n_players; p++)
    {
      g_string_append_c (out, ',');
      append_field (out, setup->names[p]);
    }
  g_string_append (out, "\r\n");

  for (guint i = 1; i < series->n_points; i++)
    {
      const FxSeriesPoint *point = &series->points[i];
      g_autofree char *line = xq_session_format_move (session, i - 1);

      /* The turn count lives in the state only. */
      xq_session_get_state_at (session, i, &state);
      g_string_append_printf (out, "%u,%u,", i, state.turn);
      append_field (out, line);
      g_string_append_c (out, ',');
      if (point->strongest != FX_NO_CURRENCY)
        g_string_append (out, fx_currency_code (point->strongest));
      for (int p = 0; p < setup->n_players; p++)
        {
          char buf[XQ_AMOUNT_BUF];

          g_string_append_c (out, ',');
          if (point->strongest != FX_NO_CURRENCY)
            g_string_append (out, xq_amount_format (point->standing[p], buf));
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}
