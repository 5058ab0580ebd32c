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
  r->loans = self->backend->column_is_null (stmt, 15) ? -1 : self->backend->column_int64 (stmt, 15);
  r->reviewed = !self->backend->column_is_null (stmt, 16);
  r->review_turns = (guint) self->backend->column_int64 (stmt, 16);
  r->review_loss_half = self->backend->column_int64 (stmt, 17);
  return r;
}

/* What a result row is made of (read_result ()): the statements that list
 * results add their WHERE to it, then RESULTS_ORDER. */
#define RESULTS_SELECT                                                                                            \
  "SELECT g.id, g.game, g.played_on, (SELECT min (path) FROM files f WHERE f.game_id = g.id), "                  \
  "g.n_moves, g.finished, r.seat, r.name, p.name, r.place, r.total_half, r.margin_half, r.won, "                 \
  "r.shared_win, r.bankrupt, r.loans, r.review_turns, r.review_loss_half FROM games g "                         \
  "JOIN results r ON r.game_id = g.id JOIN players p ON p.id = r.player_id"
#define RESULTS_ORDER " ORDER BY g.played_on, g.content_hash, r.seat"

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

  stmt = _xq_library_prepare (self, error, RESULTS_SELECT RESULTS_ORDER, NULL);
  return _xq_library_collect_rows (self, stmt, read_result, result_free, error);
}

/* @text as a date YYYY-MM-DD into @date, or %FALSE with a sentence that
 * says how to write one. */
static gboolean
parse_date (const char  *text,
            GDate       *date,
            GError     **error)
{
  guint64 year = 0, month = 0, day = 0;
  gboolean shaped = strlen (text) == 10 && text[4] == '-' && text[7] == '-';

  for (int i = 0; shaped && i < 10; i++)
    shaped = i == 4 || i == 7 || g_ascii_isdigit (text[i]);
  if (shaped)
    {
      g_autofree char *y = g_strndup (text, 4), *m = g_strndup (text + 5, 2), *d = g_strndup (text + 8, 2);

      shaped = g_ascii_string_to_unsigned (y, 10, 1, 9999, &year, NULL)
               && g_ascii_string_to_unsigned (m, 10, 1, 12, &month, NULL)
               && g_ascii_string_to_unsigned (d, 10, 1, 31, &day, NULL)
               && g_date_valid_dmy ((GDateDay) day, (GDateMonth) month, (GDateYear) year);
    }
  if (!shaped)
    {
      g_autofree char *shown = g_strescape (text, NULL);

      /* TRANSLATORS: the example is written as the program reads dates,
       * whatever the language. */
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_INVALID,
                   _("“%s” is not a date; write it as year-month-day, such as 2026-03-14"), shown);
      return FALSE;
    }
  g_date_set_dmy (date, (GDateDay) day, (GDateMonth) month, (GDateYear) year);
  return TRUE;
}

static char *
format_date (const GDate *date)
{
  return g_strdup_printf ("%04u-%02u-%02u", (guint) g_date_get_year (date), (guint) g_date_get_month (date),
                          (guint) g_date_get_day (date));
}

/**
 * xq_library_filter_check:
 * @filter: a filter
 * @error: return location for a #GError in %XQ_LIBRARY_ERROR_INVALID
 *
 * Whether @filter's dates are dates (YYYY-MM-DD), and the first not after
 * the second: what xq_library_filter_results () would refuse, said without
 * a library, as the user types.
 *
 * Returns: %TRUE if it can be used
 */
gboolean
xq_library_filter_check (const XqLibraryFilter  *filter,
                         GError                **error)
{
  GDate since, until;

  g_return_val_if_fail (filter != NULL, FALSE);

  if (filter->since != NULL && !parse_date (filter->since, &since, error))
    return FALSE;
  if (filter->until != NULL && !parse_date (filter->until, &until, error))
    return FALSE;
  if (filter->since != NULL && filter->until != NULL && g_date_compare (&since, &until) > 0)
    {
      g_set_error (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_INVALID,
                   _("the dates are the wrong way round: %s comes after %s"), filter->since, filter->until);
      return FALSE;
    }
  return TRUE;
}

/**
 * xq_library_filter_results:
 * @self: a library
 * @filter: (nullable): which games; %NULL or a field %NULL: any
 * @error: return location for a #GError
 *
 * Every player's result in the games @filter lets through, as
 * xq_library_list_results () gives them: a game is listed whole (every
 * seat) when the player of @filter's name played in it. A name no one
 * played under is %XQ_LIBRARY_ERROR_NOT_FOUND; a date that is not one is
 * %XQ_LIBRARY_ERROR_INVALID (xq_library_filter_check ()).
 *
 * Returns: (transfer full) (element-type XqLibraryResult) (nullable):
 */
GPtrArray *
xq_library_filter_results (XqLibrary              *self,
                           const XqLibraryFilter  *filter,
                           GError                **error)
{
  static const XqLibraryFilter any = { NULL };
  g_autoptr(GString) sql = g_string_new (RESULTS_SELECT " WHERE 1 = 1");
  g_autofree char *since = NULL, *after_until = NULL;
  GDate date;
  gint64 player_id = 0;
  gpointer stmt;
  int n = 0;

  g_return_val_if_fail (XQ_IS_LIBRARY (self), NULL);

  if (filter == NULL)
    filter = &any;
  if (!xq_library_filter_check (filter, error))
    return NULL;
  if (filter->player != NULL && !_xq_library_find_player_id (self, filter->player, &player_id, error))
    return NULL;
  /* The statement is made of fixed pieces, one for each filter given; every
   * value is bound. Dates compare as text (ISO 8601): a game played on the
   * last day, at any hour, is before the next day. */
  if (filter->game != NULL)
    g_string_append (sql, " AND g.game = ?");
  if (filter->player != NULL)
    g_string_append (sql, " AND g.id IN (SELECT game_id FROM results WHERE player_id = ?)");
  if (filter->since != NULL)
    {
      parse_date (filter->since, &date, NULL);
      since = format_date (&date);
      g_string_append (sql, " AND g.played_on >= ?");
    }
  if (filter->until != NULL)
    {
      parse_date (filter->until, &date, NULL);
      g_date_add_days (&date, 1);
      after_until = format_date (&date);
      g_string_append (sql, " AND g.played_on < ?");
    }
  g_string_append (sql, RESULTS_ORDER);

  stmt = self->backend->prepare (self->db, sql->str, error);
  if (stmt == NULL)
    return NULL;
  if (filter->game != NULL)
    self->backend->bind_text (stmt, ++n, filter->game);
  if (filter->player != NULL)
    self->backend->bind_int64 (stmt, ++n, player_id);
  if (since != NULL)
    self->backend->bind_text (stmt, ++n, since);
  if (after_until != NULL)
    self->backend->bind_text (stmt, ++n, after_until);
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
  /* A sum of no values is NULL, which reads as 0. */
  record->loans = (guint) self->backend->column_int64 (stmt, 10);
  record->loans_counted = (guint) self->backend->column_int64 (stmt, 11);
  record->reviewed = (guint) self->backend->column_int64 (stmt, 12);
  record->review_turns = (guint) self->backend->column_int64 (stmt, 13);
  record->review_loss_half = self->backend->column_int64 (stmt, 14);
  return record;
}

/**
 * xq_library_get_records:
 *
 * The player's record in each game they finished, and their rating there:
 * with the loans they took where the game counts them, and the review's
 * loss over their turns where a review was stored.
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
                  "(SELECT sigma FROM ratings t WHERE t.player_id = ? AND t.game = g.game ORDER BY t.seq DESC LIMIT 1), "
                  "sum (r.loans), count (r.loans), count (r.review_turns), sum (r.review_turns), sum (r.review_loss_half) "
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

