/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes the state and score lines of the notation page's output contract. */

#include "config.h"

#include "ft-summary.h"

static void
append_line (GString       *out,
             const char    *keyword,
             const FtSetup *setup,
             int            player)
{
  g_string_append (out, keyword);
  g_string_append_c (out, ' ');
  xq_notation_append_name (out, setup->names[player]);
}

/* During an open round the state holds the position before it: the bids
 * are kept apart, secret until the round settles, and are not written. */
void
ft_summary_write_state (const FtSetup *setup,
                        const FtState *s,
                        GString       *out)
{
  g_string_append_printf (out, "game fair-trade\nstatus %s\nround %u\n",
                          s->status == FT_STATUS_PLAYING ? "playing" : "ended", s->round);
  append_line (out, "farmer", setup, s->farmer);
  g_string_append_c (out, '\n');
  append_line (out, "trader", setup, s->trader);
  g_string_append_c (out, '\n');
  for (int p = 0; p < s->n_players; p++)
    {
      append_line (out, "coins", setup, p);
      g_string_append_printf (out, " %d\n", s->coins[p]);
    }
  for (int p = 0; p < s->n_players; p++)
    {
      append_line (out, "markers", setup, p);
      g_string_append_printf (out, " %d\n", s->markers[p]);
    }
  for (int p = 0; p < s->n_players; p++)
    {
      append_line (out, "debt", setup, p);
      g_string_append_printf (out, " %d\n", s->debt[p]);
    }
  for (int p = 0; p < s->n_players; p++)
    {
      append_line (out, "locked", setup, p);
      g_string_append_printf (out, " %u %u\n", s->locked[p][0], s->locked[p][1]);
    }
}

void
ft_summary_write_score (const FtSetup *setup,
                        const FtState *s,
                        GString       *out)
{
  gboolean winners[FT_MAX_PLAYERS];

  if (!ft_state_is_over (s))
    g_string_append (out, "provisional\n");
  for (int p = 0; p < s->n_players; p++)
    {
      append_line (out, "total", setup, p);
      g_string_append_printf (out, " %d\n", ft_state_score (s, p));
    }
  ft_state_winners (s, winners);
  g_string_append (out, "winner");
  for (int p = 0; p < s->n_players; p++)
    {
      if (!winners[p])
        continue;
      g_string_append_c (out, ' ');
      xq_notation_append_name (out, setup->names[p]);
    }
  g_string_append_c (out, '\n');
}
