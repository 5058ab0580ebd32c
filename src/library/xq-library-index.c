/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A loaded game read into the library's rows: the result as `exchequer-cli score` gives it, through the game's table. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-game.h"
#include "xq-library-private.h"
#include "xq-notation.h"

static void
entry_free (gpointer data)
{
  XqLibraryEntry *entry = data;

  g_free (entry->name);
  g_free (entry->key);
  g_free (entry);
}

void
_xq_library_read_free (XqLibraryRead *read)
{
  g_free (read->game);
  g_free (read->played_on);
  g_clear_pointer (&read->entries, g_ptr_array_unref);
  g_free (read);
}

/* "12", "7.5", "-3": an amount of the score lines, in halves. */
static gboolean
parse_half (const char *text,
            gint64     *half)
{
  g_autofree char *whole = g_strdup (text);
  char *point = strchr (whole, '.');
  gint64 value;
  gboolean negative = whole[0] == '-';

  if (point != NULL)
    {
      if (strcmp (point, ".5") != 0)
        return FALSE;
      *point = '\0';
    }
  if (!g_ascii_string_to_signed (whole, 10, G_MININT64 / 4, G_MAXINT64 / 4, &value, NULL))
    return FALSE;
  *half = value * 2 + (point != NULL ? (negative ? -1 : 1) : 0);
  return TRUE;
}

static XqLibraryEntry *
find_entry (GPtrArray  *entries,
            const char *name)
{
  for (guint i = 0; i < entries->len; i++)
    {
      XqLibraryEntry *entry = g_ptr_array_index (entries, i);

      if (strcmp (entry->name, name) == 0)
        return entry;
    }
  return NULL;
}

/* ISO 8601, so that text order is time order. The evening's date when the
 * session gives one as a date, else when the first move was recorded, else
 * the file's time. Notation keeps no times: the moves of an XQN file carry
 * the time it was read, which says nothing of when it was played. */
static char *
played_on (XqSession *session,
           gboolean   has_times,
           gint64     mtime_us)
{
  const char *date = xq_session_get_date (session);
  g_autoptr(GDateTime) time = NULL;

  if (date != NULL && strlen (date) >= 10 && g_ascii_isdigit (date[0]) && g_ascii_isdigit (date[1])
      && g_ascii_isdigit (date[2]) && g_ascii_isdigit (date[3]) && date[4] == '-' && g_ascii_isdigit (date[5])
      && g_ascii_isdigit (date[6]) && date[7] == '-' && g_ascii_isdigit (date[8]) && g_ascii_isdigit (date[9]))
    return g_strndup (date, 10);
  if (has_times && xq_session_get_n_moves (session) > 0 && xq_session_get_move_time (session, 0) > 0)
    time = g_date_time_new_from_unix_utc (xq_session_get_move_time (session, 0));
  if (time == NULL)
    time = g_date_time_new_from_unix_utc (mtime_us / G_USEC_PER_SEC);
  if (time == NULL)
    return g_strdup ("1970-01-01T00:00:00Z");
  return g_date_time_format (time, "%Y-%m-%dT%H:%M:%SZ");
}

/**
 * _xq_library_read_session:
 * @session: a game the loader accepted
 * @has_times: whether the file recorded when each move was made (session
 *   files do, XQN does not)
 * @mtime_us: its file's modification time, for a game with no date
 * @error: return location for a #GError
 *
 * The result is the game's own score, the lines of `exchequer-cli score`
 * (`total`, `bankrupt`, `winner`, `provisional`), which every game writes:
 * the library reads them and names no game.
 *
 * Returns: (transfer full) (nullable): the rows
 */
XqLibraryRead *
_xq_library_read_session (XqSession  *session,
                          gboolean    has_times,
                          gint64      mtime_us,
                          GError    **error)
{
  const XqGame *game = xq_session_get_game (session);
  gconstpointer setup = xq_session_get_setup (session);
  g_autoptr(XqLibraryRead) read = g_new0 (XqLibraryRead, 1);
  g_autoptr(GString) score = g_string_new (NULL);
  g_autoptr(GPtrArray) statements = NULL;
  gboolean provisional = FALSE, has_totals = FALSE;
  guint n_players = game->get_n_players (setup);

  read->game = g_strdup (game->id);
  read->played_on = played_on (session, has_times, mtime_us);
  read->n_moves = xq_session_get_n_moves (session);
  read->entries = g_ptr_array_new_with_free_func (entry_free);
  for (guint i = 0; i < n_players; i++)
    {
      XqLibraryEntry *entry = g_new0 (XqLibraryEntry, 1);

      entry->name = g_strdup (game->get_player_name (setup, i));
      entry->key = xq_notation_name_key (entry->name);
      g_ptr_array_add (read->entries, entry);
    }

  /* Loans come from the game's own count over its moves, when it has
   * loans at all; the score lines do not say them. */
  if (game->count_loans != NULL)
    {
      g_autofree guint *loans = g_new0 (guint, MAX (n_players, 1));

      game->count_loans (session, loans);
      for (guint i = 0; i < n_players; i++)
        ((XqLibraryEntry *) g_ptr_array_index (read->entries, i))->loans = loans[i];
    }
  else
    for (guint i = 0; i < n_players; i++)
      ((XqLibraryEntry *) g_ptr_array_index (read->entries, i))->loans = -1;

  game->write_score (setup, xq_session_get_state (session), score);
  statements = xq_notation_split (score->str, (gssize) score->len, NULL, error);
  if (statements == NULL)
    return NULL;
  for (guint s = 0; s < statements->len; s++)
    {
      const XqStatement *st = g_ptr_array_index (statements, s);
      XqLibraryEntry *entry;

      if (xq_statement_is (st, 0, "provisional"))
        provisional = TRUE;
      else if (xq_statement_is (st, 0, "total") && st->n_tokens == 3
               && (entry = find_entry (read->entries, st->tokens[1])) != NULL)
        {
          if (!parse_half (st->tokens[2], &entry->total_half))
            {
              g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_REFUSED,
                           _("the game’s score gives a total the library cannot read: “%s”"), st->tokens[2]);
              return NULL;
            }
          has_totals = TRUE;
        }
      else if (xq_statement_is (st, 0, "bankrupt") && st->n_tokens == 2
               && (entry = find_entry (read->entries, st->tokens[1])) != NULL)
        entry->bankrupt = TRUE;
      else if (xq_statement_is (st, 0, "winner"))
        for (guint t = 1; t < st->n_tokens; t++)
          if ((entry = find_entry (read->entries, st->tokens[t])) != NULL && !entry->won)
            {
              entry->won = TRUE;
              read->n_winners++;
            }
    }
  /* A game whose score names no winner (a strongest currency still to be
   * chosen) is kept, but neither ranked nor rated. */
  read->finished = !provisional && has_totals && read->n_winners > 0 && game->is_over (xq_session_get_state (session));

  for (guint i = 0; i < n_players; i++)
    {
      XqLibraryEntry *entry = g_ptr_array_index (read->entries, i);
      gint64 best_other = G_MININT64;
      guint ahead = 0;

      for (guint j = 0; j < n_players; j++)
        {
          const XqLibraryEntry *other = g_ptr_array_index (read->entries, j);

          if (j == i)
            continue;
          best_other = MAX (best_other, other->total_half);
          /* Winners first (the score's tie-breaks decided them), then the
           * players still standing by total, then the bankrupt. */
          if (entry->won)
            continue;
          if (other->won || (entry->bankrupt && !other->bankrupt)
              || (entry->bankrupt == other->bankrupt && other->total_half > entry->total_half))
            ahead++;
        }
      entry->placing = entry->won ? 1 : 1 + ahead;
      entry->margin_half = n_players > 1 ? entry->total_half - best_other : 0;
    }
  return g_steal_pointer (&read);
}
