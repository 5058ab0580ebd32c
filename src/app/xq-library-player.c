/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqLibraryPlayer: one player of the club library with every name they
 * played under and the games they played, made from the library's rows on
 * the worker that read them. The games tell the merge dialog whom a player
 * can be merged into: two who sat at one table are two people. */

#include "config.h"

#include <string.h>

#include "xq-library.h"
#include "xq-library-player.h"
#include "xq-notation.h"

struct _XqLibraryPlayer
{
  GObject    parent_instance;

  char      *name;      /* the library's name for them */
  GPtrArray *aliases;   /* every name as written in a game, sorted, NULL-terminated */
  GArray    *games;     /* the games' ids, ascending */
  guint      n_keys;    /* distinct names once keyed as the engine keys them */
};

G_DEFINE_FINAL_TYPE (XqLibraryPlayer, xq_library_player, G_TYPE_OBJECT)

static void
xq_library_player_finalize (GObject *object)
{
  XqLibraryPlayer *self = XQ_LIBRARY_PLAYER (object);

  g_free (self->name);
  g_ptr_array_unref (self->aliases);
  g_array_unref (self->games);
  G_OBJECT_CLASS (xq_library_player_parent_class)->finalize (object);
}

static void
xq_library_player_class_init (XqLibraryPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = xq_library_player_finalize;
}

static void
xq_library_player_init (XqLibraryPlayer *self)
{
  self->aliases = g_ptr_array_new_with_free_func (g_free);
  self->games = g_array_new (FALSE, FALSE, sizeof (gint64));
}

static gboolean
has_alias (XqLibraryPlayer *self,
           const char      *name)
{
  for (guint i = 0; i < self->aliases->len; i++)
    if (strcmp (g_ptr_array_index (self->aliases, i), name) == 0)
      return TRUE;
  return FALSE;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_utf8_collate (*(const char * const *) a, *(const char * const *) b);
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static int
compare_players (gconstpointer a,
                 gconstpointer b)
{
  XqLibraryPlayer *x = *(XqLibraryPlayer * const *) a;
  XqLibraryPlayer *y = *(XqLibraryPlayer * const *) b;

  return g_utf8_collate (x->name, y->name);
}

/* Done once its names are all in: sorted for reading, keyed to know
 * whether a split has anything to split off (the library splits by key). */
static void
finish (XqLibraryPlayer *self)
{
  g_autoptr(GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_ptr_array_sort (self->aliases, compare_strings);
  for (guint i = 0; i < self->aliases->len; i++)
    g_hash_table_add (keys, xq_notation_name_key (g_ptr_array_index (self->aliases, i)));
  self->n_keys = g_hash_table_size (keys);
  g_ptr_array_add (self->aliases, NULL);
  g_array_sort (self->games, compare_ids);
}

/**
 * xq_library_player_list_from_results:
 * @results: (element-type XqLibraryResult): xq_library_list_results()'s rows
 *
 * Returns: (transfer full) (element-type XqLibraryPlayer): every player who
 *   played a game of the library, by name
 */
GPtrArray *
xq_library_player_list_from_results (GPtrArray *results)
{
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *players = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < results->len; i++)
    {
      const XqLibraryResult *r = g_ptr_array_index (results, i);
      XqLibraryPlayer *player = g_hash_table_lookup (by_name, r->player);

      if (player == NULL)
        {
          player = g_object_new (XQ_TYPE_LIBRARY_PLAYER, NULL);
          player->name = g_strdup (r->player);
          g_hash_table_insert (by_name, player->name, player);
          g_ptr_array_add (players, player);
        }
      if (!has_alias (player, r->name))
        g_ptr_array_add (player->aliases, g_strdup (r->name));
      /* A player sits once at a table: each result is another game. */
      g_array_append_val (player->games, r->game_id);
    }
  for (guint i = 0; i < players->len; i++)
    finish (g_ptr_array_index (players, i));
  g_ptr_array_sort (players, compare_players);
  return players;
}

const char *
xq_library_player_get_name (XqLibraryPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYER (self), NULL);
  return self->name;
}

/* Every name they played under, as written, sorted; NULL-terminated. */
const char *const *
xq_library_player_get_aliases (XqLibraryPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYER (self), NULL);
  return (const char *const *) self->aliases->pdata;
}

guint
xq_library_player_get_n_games (XqLibraryPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYER (self), 0);
  return self->games->len;
}

/* Whether a name can go to a player of its own: the player goes by more
 * than one name once "Ann" and "ANN" count as one, as the engine counts them. */
gboolean
xq_library_player_can_split (XqLibraryPlayer *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYER (self), FALSE);
  return self->n_keys > 1;
}

/* Whether the two sat at one table in some game (both lists ascend). */
gboolean
xq_library_player_played_with (XqLibraryPlayer *self,
                               XqLibraryPlayer *other)
{
  guint i = 0, j = 0;

  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYER (self), FALSE);
  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYER (other), FALSE);

  while (i < self->games->len && j < other->games->len)
    {
      gint64 a = g_array_index (self->games, gint64, i), b = g_array_index (other->games, gint64, j);

      if (a == b)
        return TRUE;
      if (a < b)
        i++;
      else
        j++;
    }
  return FALSE;
}
