/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library, reading: the games, a player's names, record, rating history and head-to-head, the ratings. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "xq-library-private.h"
#include "xq-library-rating.h"

static void
result_free (gpointer data)
{
  XqLibraryResult *result = data;

  g_free (result->game);
  g_free (result->played_on);
  g_free (result->path);
  g_free (result->name);
  g_free (result->player);
  g_free (result);
}

static gpointer
read_result (XqLibrary *self,
             gpointer   stmt)
{
  XqLibraryResult *r = g_new0 (XqLibraryResult, 1);

  r->game_id = self->backend->column_int64 (stmt, 0);
  r->game = _xq_library_column_dup (self, stmt, 1);
  r->played_on = _xq_library_column_dup (self, stmt, 2);
  r->path = _xq_library_column_dup (self, stmt, 3);
  r->n_moves = (guint) self->backend->column_int64 (stmt, 4);
  r->finished = self->backend->column_int64 (stmt, 5) != 0;
  r->seat = (guint) self->backend->column_int64 (stmt, 6);
  r->name = _xq_library_column_dup (self, stmt, 7);
  r->player = _xq_library_column_dup (self, stmt, 8);
  r->placing = (guint) self->backend->column_int64 (stmt, 9);
  r->total_half = self->backend->column_int64 (stmt, 10);
  r->margin_half = self->backend->column_int64 (stmt, 11);
  r->won = self->backend->column_int64 (stmt, 12) != 0;
  r->shared_win = self->backend->column_int64 (stmt, 13) != 0;
  r->bankrupt = self->backend->column_int64 (stmt, 14) != 0;
  return r;
}

/**
 * xq_library_list_results:
 *
 * Every player's result in every game, games in date order, seats in order.
 *
 * Returns: (transfer full) (element-type XqLibraryResult) (nullable):
 */
GPtrArray *
xq_library_list_results (XqLibrary  *self,
                         GError    **error)
{
  gpointer stmt;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  stmt = _xq_library_prepare (self, error,
                  "SELECT g.id, g.game, g.played_on, (SELECT min (path) FROM files f WHERE f.game_id = g.id), "
                  "g.n_moves, g.finished, r.seat, r.name, p.name, r.place, r.total_half, r.margin_half, r.won, "
                  "r.shared_win, r.bankrupt FROM games g JOIN results r ON r.game_id = g.id "
                  "JOIN players p ON p.id = r.player_id ORDER BY g.played_on, g.content_hash, r.seat",
                  NULL);
  return _xq_library_collect_rows (self, stmt, read_result, result_free, error);
}


/**
 * xq_library_find_player:
 *
 * Returns: (transfer full) (nullable): the library's name of the player who
 *   plays under @name (matched as the engine matches names)
 */
char *
xq_library_find_player (XqLibrary   *self,
                        const char  *name,
                        GError     **error)
{
  gint64 id;
  char *shown = NULL;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  if (!_xq_library_find_player_id (self, name, &id, error))
    return NULL;
  _xq_library_get_player_name (self, id, &shown, error);
  return shown;
}

/* The rows of @sql about the player who plays under @name, made by
 * @read_row: the player's id is bound to each of the statement's @n_binds
 * parameters (1 to 3). */
static GPtrArray *
collect_player_rows (XqLibrary         *self,
                     const char        *name,
                     const char        *sql,
                     guint              n_binds,
                     XqLibraryReadRow   read_row,
                     GDestroyNotify     free_item,
                     GError           **error)
{
  static const char *const types[] = { NULL, "i", "ii", "iii" };
  gint64 id;
  gpointer stmt;

  g_assert (n_binds >= 1 && n_binds < G_N_ELEMENTS (types));

  if (!_xq_library_find_player_id (self, name, &id, error))
    return NULL;
  /* The ids left over when @n_binds is below 3 are not read. */
  stmt = _xq_library_prepare (self, error, sql, types[n_binds], id, id, id);
  return _xq_library_collect_rows (self, stmt, read_row, free_item, error);
}

/**
 * xq_library_get_aliases:
 *
 * Returns: (transfer full) (element-type utf8) (nullable): every name the
 *   player played under, sorted
 */
GPtrArray *
xq_library_get_aliases (XqLibrary   *self,
                        const char  *name,
                        GError     **error)
{
  g_autoptr(GPtrArray) names = NULL;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  names = collect_player_rows (self, name, "SELECT DISTINCT name FROM results WHERE player_id = ?", 1,
                               _xq_library_read_text, g_free, error);
  if (names == NULL)
    return NULL;
  /* Byte order, here rather than in SQL: the engines' collations differ. */
  g_ptr_array_sort (names, _xq_library_compare_strings);
  return g_steal_pointer (&names);
}

static void
record_free (gpointer data)
{
  XqLibraryRecord *record = data;

  g_free (record->game);
  g_free (record);
}

static gpointer
read_record (XqLibrary *self,
             gpointer   stmt)
{
  XqLibraryRecord *record = g_new0 (XqLibraryRecord, 1);

  record->game = _xq_library_column_dup (self, stmt, 0);
  record->plays = (guint) self->backend->column_int64 (stmt, 1);
  record->wins = (guint) self->backend->column_int64 (stmt, 2);
  record->shared_wins = (guint) self->backend->column_int64 (stmt, 3);
  record->placing_sum = (guint) self->backend->column_int64 (stmt, 4);
  record->margin_half_sum = self->backend->column_int64 (stmt, 5);
  record->largest_win_half = self->backend->column_int64 (stmt, 6);
  record->bankruptcies = (guint) self->backend->column_int64 (stmt, 7);
  record->has_rating = !self->backend->column_is_null (stmt, 8);
  record->mu = self->backend->column_double (stmt, 8);
  record->sigma = self->backend->column_double (stmt, 9);
  return record;
}

/**
 * xq_library_get_records:
 *
 * The player's record in each game they finished, and their rating there.
 *
 * Returns: (transfer full) (element-type XqLibraryRecord) (nullable):
 */
GPtrArray *
xq_library_get_records (XqLibrary   *self,
                        const char  *name,
                        GError     **error)
{
  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  return collect_player_rows (self, name,
                  "SELECT g.game, count (*), sum (r.won * (1 - r.shared_win)), sum (r.shared_win), sum (r.place), "
                  "sum (r.margin_half), max (CASE WHEN r.won = 1 THEN r.margin_half ELSE 0 END), sum (r.bankrupt), "
                  "(SELECT mu FROM ratings t WHERE t.player_id = ? AND t.game = g.game ORDER BY t.seq DESC LIMIT 1), "
                  "(SELECT sigma FROM ratings t WHERE t.player_id = ? AND t.game = g.game ORDER BY t.seq DESC LIMIT 1) "
                  "FROM results r JOIN games g ON g.id = r.game_id WHERE r.player_id = ? AND g.finished = 1 "
                  "GROUP BY g.game ORDER BY g.game",
                  3, read_record, record_free, error);
}

static void
versus_free (gpointer data)
{
  XqLibraryVersus *versus = data;

  g_free (versus->game);
  g_free (versus->other);
  g_free (versus);
}

/* By game, then by the other's name in byte order (stable: one name held
 * by two players keeps the order of their ids). */
static gint
compare_versus (gconstpointer a,
                gconstpointer b)
{
  const XqLibraryVersus *va = *(const XqLibraryVersus * const *) a;
  const XqLibraryVersus *vb = *(const XqLibraryVersus * const *) b;
  int by_game = strcmp (va->game, vb->game);

  return by_game != 0 ? by_game : strcmp (va->other, vb->other);
}

static gpointer
read_versus (XqLibrary *self,
             gpointer   stmt)
{
  XqLibraryVersus *versus = g_new0 (XqLibraryVersus, 1);

  versus->game = _xq_library_column_dup (self, stmt, 0);
  versus->other = _xq_library_column_dup (self, stmt, 1);
  versus->plays = (guint) self->backend->column_int64 (stmt, 2);
  versus->ahead = (guint) self->backend->column_int64 (stmt, 3);
  versus->behind = (guint) self->backend->column_int64 (stmt, 4);
  return versus;
}

/**
 * xq_library_get_versus:
 *
 * Head-to-head: for each other player and game, the finished games both
 * played and how often the player placed ahead of and behind them.
 *
 * Returns: (transfer full) (element-type XqLibraryVersus) (nullable):
 */
GPtrArray *
xq_library_get_versus (XqLibrary   *self,
                       const char  *name,
                       GError     **error)
{
  g_autoptr(GPtrArray) list = NULL;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  list = collect_player_rows (self, name,
                  "SELECT g.game, p.name, count (*), sum (CASE WHEN a.place < b.place THEN 1 ELSE 0 END), "
                  "sum (CASE WHEN a.place > b.place THEN 1 ELSE 0 END) "
                  "FROM results a JOIN results b ON b.game_id = a.game_id AND b.player_id <> a.player_id "
                  "JOIN games g ON g.id = a.game_id JOIN players p ON p.id = b.player_id "
                  "WHERE a.player_id = ? AND g.finished = 1 GROUP BY g.game, b.player_id, p.name "
                  "ORDER BY b.player_id",
                  1, read_versus, versus_free, error);
  if (list == NULL)
    return NULL;
  g_ptr_array_sort (list, compare_versus);
  return g_steal_pointer (&list);
}

static void
step_free (gpointer data)
{
  XqLibraryRatingStep *s = data;

  g_free (s->game);
  g_free (s->played_on);
  g_free (s);
}

static gpointer
read_step (XqLibrary *self,
           gpointer   stmt)
{
  XqLibraryRatingStep *s = g_new0 (XqLibraryRatingStep, 1);

  s->game = _xq_library_column_dup (self, stmt, 0);
  s->played_on = _xq_library_column_dup (self, stmt, 1);
  s->game_id = self->backend->column_int64 (stmt, 2);
  s->mu = self->backend->column_double (stmt, 3);
  s->sigma = self->backend->column_double (stmt, 4);
  return s;
}

/**
 * xq_library_get_history:
 *
 * Returns: (transfer full) (element-type XqLibraryRatingStep) (nullable):
 *   the player's rating after each rated game, per game, in order
 */
GPtrArray *
xq_library_get_history (XqLibrary   *self,
                        const char  *name,
                        GError     **error)
{
  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  return collect_player_rows (self, name,
                  "SELECT t.game, g.played_on, t.game_id, t.mu, t.sigma FROM ratings t JOIN games g ON g.id = t.game_id "
                  "WHERE t.player_id = ? ORDER BY t.game, t.seq",
                  1, read_step, step_free, error);
}

static void
rating_free (gpointer data)
{
  XqLibraryRating *rating = data;

  g_free (rating->game);
  g_free (rating->player);
  g_free (rating);
}

/* By game, then the best conservative rating first, then by name. */
static gint
compare_ratings (gconstpointer a,
                 gconstpointer b)
{
  const XqLibraryRating *ra = *(const XqLibraryRating * const *) a;
  const XqLibraryRating *rb = *(const XqLibraryRating * const *) b;
  XqRating a_rating = { ra->mu, ra->sigma }, b_rating = { rb->mu, rb->sigma };
  double oa = xq_rating_ordinal (&a_rating), ob = xq_rating_ordinal (&b_rating);
  int by_game = strcmp (ra->game, rb->game);

  if (by_game != 0)
    return by_game;
  if (oa != ob)
    return oa > ob ? -1 : 1;
  return strcmp (ra->player, rb->player);
}

static gpointer
read_rating (XqLibrary *self,
             gpointer   stmt)
{
  XqLibraryRating *rating = g_new0 (XqLibraryRating, 1);

  rating->game = _xq_library_column_dup (self, stmt, 0);
  rating->player = _xq_library_column_dup (self, stmt, 1);
  rating->mu = self->backend->column_double (stmt, 2);
  rating->sigma = self->backend->column_double (stmt, 3);
  rating->plays = (guint) self->backend->column_int64 (stmt, 4);
  return rating;
}

/**
 * xq_library_get_ratings:
 *
 * Returns: (transfer full) (element-type XqLibraryRating) (nullable): every
 *   rated player's current rating, by game, best first
 */
GPtrArray *
xq_library_get_ratings (XqLibrary  *self,
                        GError    **error)
{
  g_autoptr(GPtrArray) list = NULL;
  gpointer stmt;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  stmt = _xq_library_prepare (self, error,
                  /* One pass over the history for each player's last row
                   * and count, rather than a subquery per row. */
                  "SELECT t.game, p.name, t.mu, t.sigma, c.n "
                  "FROM (SELECT player_id, game, max (seq) AS last, count (*) AS n FROM ratings "
                  "GROUP BY player_id, game) c "
                  "JOIN ratings t ON t.seq = c.last JOIN players p ON p.id = c.player_id",
                  NULL);
  list = _xq_library_collect_rows (self, stmt, read_rating, rating_free, error);
  if (list == NULL)
    return NULL;
  g_ptr_array_sort (list, compare_ratings);
  return g_steal_pointer (&list);
}

