/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqLibraryGame: one game of the club library as its row shows it and its
 * filters test it, made from the library's rows on the worker that read
 * them, so the main thread only lays them out. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "xq-game.h"
#include "xq-library.h"
#include "xq-library-game.h"
#include "xq-notation.h"

struct _XqLibraryGame
{
  GObject  parent_instance;

  char    *path;     /* the file it was read from */
  char    *kind;     /* the game's id, as after `game` in XQN */
  char    *title;    /* the game and its date */
  char    *players;  /* markup: each player with their place, a link to their page */
  char    *winner;   /* who won, or that it is not over */
  char    *keys;     /* the name keys of every name its players go by, one a line */
  guint32  day;      /* the local day it was played (GDate's Julian day); 0: unknown */
};

G_DEFINE_FINAL_TYPE (XqLibraryGame, xq_library_game, G_TYPE_OBJECT)

static void
xq_library_game_finalize (GObject *object)
{
  XqLibraryGame *self = XQ_LIBRARY_GAME (object);

  g_free (self->path);
  g_free (self->kind);
  g_free (self->title);
  g_free (self->players);
  g_free (self->winner);
  g_free (self->keys);
  G_OBJECT_CLASS (xq_library_game_parent_class)->finalize (object);
}

static void
xq_library_game_class_init (XqLibraryGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = xq_library_game_finalize;
}

static void
xq_library_game_init (XqLibraryGame *self)
{
}

/* The day as the filters count them: the date in the local time zone,
 * where "this month" is the player's month. */
static GDateTime *
parse_date (const char *played_on)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) when = g_date_time_new_from_iso8601 (played_on, utc);
  int year, month, day;

  if (when != NULL)
    return g_date_time_to_local (when);
  /* A bare date is a day already, in no time zone. */
  if (sscanf (played_on, "%4d-%2d-%2d", &year, &month, &day) == 3)
    return g_date_time_new_local (year, month, day, 12, 0, 0);
  return NULL;
}

static guint32
julian_day (GDateTime *when)
{
  int year, month, day;
  GDate date;

  g_date_time_get_ymd (when, &year, &month, &day);
  if (!g_date_valid_dmy (day, month, year))
    return 0;
  g_date_clear (&date, 1);
  g_date_set_dmy (&date, day, month, year);
  return g_date_get_julian (&date);
}

/* By place, then by seat for players who share one. */
static int
compare_placing (gconstpointer a,
                 gconstpointer b)
{
  const XqLibraryResult *x = *(const XqLibraryResult * const *) a;
  const XqLibraryResult *y = *(const XqLibraryResult * const *) b;

  if (x->placing != y->placing)
    return x->placing < y->placing ? -1 : 1;
  return x->seat < y->seat ? -1 : x->seat > y->seat;
}

/* The game's seats, read as a result: the winner first, then down the
 * places. Each name links to its player's page (the link is the name as
 * written, which the library finds its player by, merged or not). */
static XqLibraryGame *
game_new (GPtrArray  *seats,
          GHashTable *keys_of_player)
{
  const XqLibraryResult *first = g_ptr_array_index (seats, 0);
  XqLibraryGame *game = g_object_new (XQ_TYPE_LIBRARY_GAME, NULL);
  const XqGame *kind = xq_game_lookup (first->game);
  g_autoptr(GDateTime) when = parse_date (first->played_on);
  g_autofree char *date = when != NULL ? g_date_time_format (when, "%x") : g_strdup (first->played_on);
  g_autoptr(GString) players = g_string_new (NULL);
  g_autoptr(GString) keys = g_string_new (NULL);
  g_autoptr(GPtrArray) winners = g_ptr_array_new ();
  gboolean shared = FALSE;

  g_ptr_array_sort (seats, compare_placing);
  for (guint j = 0; j < seats->len; j++)
    {
      const XqLibraryResult *r = g_ptr_array_index (seats, j);
      g_autofree char *place = NULL;
      g_autofree char *link = NULL;

      if (players->len > 0)
        g_string_append (players, ", ");
      link = g_markup_printf_escaped ("<a href=\"%s\">%s</a>", r->name, r->name);
      /* TRANSLATORS: a player's place in a game, then their name: "1. Ann" */
      place = g_strdup_printf (_("%u. %s"), r->placing, link);
      g_string_append (players, place);
      if (r->won)
        g_ptr_array_add (winners, r->name);
      shared |= r->shared_win;
      g_string_append (keys, g_hash_table_lookup (keys_of_player, r->player));
    }

  game->path = g_strdup (first->path);
  game->kind = g_strdup (first->game);
  game->day = when != NULL ? julian_day (when) : 0;
  /* TRANSLATORS: a game in the library: its name, then the day it was played */
  game->title = g_strdup_printf (_("%s, %s"), kind != NULL ? _(kind->display_name) : first->game, date);
  game->players = g_string_free (g_steal_pointer (&players), FALSE);
  game->keys = g_string_free (g_steal_pointer (&keys), FALSE);
  if (!first->finished)
    game->winner = g_strdup (_("Not finished"));
  else if (winners->len == 0)
    game->winner = g_strdup (_("No winner"));
  else
    {
      g_autofree char *names = NULL;

      g_ptr_array_add (winners, NULL);
      names = g_strjoinv (", ", (char **) winners->pdata);
      game->winner = shared ? g_strdup_printf (_("Shared win: %s"), names) : g_strdup_printf (_("Won by %s"), names);
    }
  return game;
}

/* Each player's every name as the engine keys it, one a line, so that a
 * search for "anne" finds the games Ann played once Anne is merged into her. */
static GHashTable *
keys_by_player (GPtrArray *results)
{
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  for (guint i = 0; i < results->len; i++)
    {
      const XqLibraryResult *r = g_ptr_array_index (results, i);
      g_autofree char *key = xq_notation_name_key (r->name);
      g_autofree char *line = g_strconcat ("\n", key, "\n", NULL);
      char *known = g_hash_table_lookup (keys, r->player);

      if (known == NULL)
        g_hash_table_insert (keys, r->player, g_steal_pointer (&line));
      else if (strstr (known, line) == NULL)
        g_hash_table_insert (keys, r->player, g_strconcat (known, line + 1, NULL));
    }
  return keys;
}

/**
 * xq_library_game_list_from_results:
 * @results: (element-type XqLibraryResult): xq_library_list_results()'s rows
 *
 * One item per game, newest first: what a group looks for is the last
 * evening's games. Made on the worker; @results must outlive nothing.
 *
 * Returns: (transfer full) (element-type XqLibraryGame):
 */
GPtrArray *
xq_library_game_list_from_results (GPtrArray *results)
{
  g_autoptr(GHashTable) keys = keys_by_player (results);
  GPtrArray *games = g_ptr_array_new_with_free_func (g_object_unref);

  /* The library lists oldest first, a game's seats together. */
  for (guint i = results->len; i > 0;)
    {
      g_autoptr(GPtrArray) seats = g_ptr_array_new ();
      gint64 id = ((XqLibraryResult *) g_ptr_array_index (results, i - 1))->game_id;

      for (; i > 0 && ((XqLibraryResult *) g_ptr_array_index (results, i - 1))->game_id == id; i--)
        g_ptr_array_add (seats, g_ptr_array_index (results, i - 1));
      g_ptr_array_add (games, game_new (seats, keys));
    }
  return games;
}

const char *
xq_library_game_get_path (XqLibraryGame *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_GAME (self), NULL);
  return self->path;
}

const char *
xq_library_game_get_kind (XqLibraryGame *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_GAME (self), NULL);
  return self->kind;
}

const char *
xq_library_game_get_title (XqLibraryGame *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_GAME (self), NULL);
  return self->title;
}

const char *
xq_library_game_get_players_markup (XqLibraryGame *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_GAME (self), NULL);
  return self->players;
}

const char *
xq_library_game_get_winner (XqLibraryGame *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_GAME (self), NULL);
  return self->winner;
}

/* The local day it was played, as GDate's Julian day; 0 when unknown. */
guint32
xq_library_game_get_day (XqLibraryGame *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_GAME (self), 0);
  return self->day;
}

/**
 * xq_library_game_matches:
 * @kind: (nullable): a game's id, or %NULL for every game
 * @name_key: (nullable): part of a name key (xq_notation_name_key()), or %NULL
 * @first_day: the first day shown (Julian), or 0 for no bound
 * @last_day: the last day shown (Julian), or 0 for no bound
 *
 * Whether the game passes the Library window's filters. A game of no known
 * day passes only when the dates are not bounded.
 */
gboolean
xq_library_game_matches (XqLibraryGame *self,
                         const char    *kind,
                         const char    *name_key,
                         guint32        first_day,
                         guint32        last_day)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_GAME (self), FALSE);

  if (kind != NULL && g_strcmp0 (kind, self->kind) != 0)
    return FALSE;
  if ((first_day != 0 || last_day != 0) && self->day == 0)
    return FALSE;
  if ((first_day != 0 && self->day < first_day) || (last_day != 0 && self->day > last_day))
    return FALSE;
  return name_key == NULL || *name_key == '\0' || strstr (self->keys, name_key) != NULL;
}
