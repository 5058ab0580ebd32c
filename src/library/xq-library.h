/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The club library: every game a group keeps, indexed from its files, with records and ratings (doc/library.md). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define XQ_LIBRARY_ERROR (xq_library_error_quark ())

typedef enum
{
  XQ_LIBRARY_ERROR_URI,        /* a location the library cannot use */
  XQ_LIBRARY_ERROR_CORRUPT,    /* not a database, or not a library */
  XQ_LIBRARY_ERROR_NEWER,      /* written by a newer Exchequer */
  XQ_LIBRARY_ERROR_BACKEND,    /* the database refused a statement */
  XQ_LIBRARY_ERROR_NOT_FOUND,  /* no such player or alias */
  XQ_LIBRARY_ERROR_REFUSED,    /* a merge or split that cannot be done */
  XQ_LIBRARY_ERROR_INVALID,    /* a filter or a review that says something impossible */
} XqLibraryError;

/* The schema this program writes; a database with a higher version is
 * refused without being written. */
#define XQ_LIBRARY_SCHEMA_VERSION 3

typedef enum
{
  XQ_LIBRARY_ADDED,
  XQ_LIBRARY_UNCHANGED,
  XQ_LIBRARY_UPDATED,
  XQ_LIBRARY_VANISHED,
} XqLibraryOutcome;

/* One player's result in one game, joined with the game: what `list`,
 * `export` and the record read. */
typedef struct
{
  gint64    game_id;
  char     *game;          /* the game's id, as after `game` in XQN */
  char     *played_on;     /* ISO 8601 */
  char     *path;          /* one file the game was read from */
  guint     n_moves;
  gboolean  finished;
  guint     seat;          /* 0-based */
  char     *name;          /* as written in the game */
  char     *player;        /* the player's name in the library */
  guint     placing;       /* 1 = won */
  gint64    total_half;    /* the score's total, × 2 */
  gint64    margin_half;   /* total minus the best other total, × 2 */
  gboolean  won;
  gboolean  shared_win;
  gboolean  bankrupt;
  gint64    loans;         /* loans taken; -1 when not counted (a game without loans) */
  gboolean  reviewed;      /* a review of the game was stored (xq_library_set_review ()) */
  guint     review_turns;  /* then: the player's turns it valued */
  gint64    review_loss_half;  /* and their loss against the best turn, summed, × 2 */
} XqLibraryResult;

/* A player's record in one game (one row per game id), finished games only. */
typedef struct
{
  char    *game;
  guint    plays;
  guint    wins;           /* outright */
  guint    shared_wins;
  guint    placing_sum;    /* average placing = placing_sum / plays */
  gint64   margin_half_sum;
  gint64   largest_win_half;  /* the largest margin of a win; 0 with none */
  guint    bankruptcies;
  gboolean has_rating;
  double   mu;
  double   sigma;
  guint    loans;          /* loans taken, over the games that count them */
  guint    loans_counted;  /* those games; 0 for a game without loans */
  guint    reviewed;       /* games with a stored review */
  guint    review_turns;   /* the player's turns those reviews valued */
  gint64   review_loss_half;  /* their loss, summed, × 2: the average loss per
                               * turn is review_loss_half / 2 / review_turns */
} XqLibraryRecord;

/* Head-to-head: games both played, and who placed better. */
typedef struct
{
  char  *game;
  char  *other;
  guint  plays;
  guint  ahead;
  guint  behind;
} XqLibraryVersus;

/* A player's current rating in one game. */
typedef struct
{
  char   *game;
  char   *player;
  double  mu;
  double  sigma;
  guint   plays;
} XqLibraryRating;

/* One step of a player's rating history. */
typedef struct
{
  char   *game;
  char   *played_on;
  gint64  game_id;
  double  mu;
  double  sigma;
} XqLibraryRatingStep;

/* Every call below blocks on the database and the files: the app makes them
 * on a worker (GTask, GThreadPool), never on the main thread, with one
 * XqLibrary per thread (a libpq connection is not shared between threads). */
#define XQ_TYPE_LIBRARY (xq_library_get_type ())
G_DECLARE_FINAL_TYPE (XqLibrary, xq_library, XQ, LIBRARY, GObject)

/* Called for every file a scan meets: @error is set when it was refused,
 * @error_line then the line it is about (0: the whole file). */
typedef void (*XqLibraryScanFunc) (GFile            *file,
                                   XqLibraryOutcome  outcome,
                                   const GError     *error,
                                   guint             error_line,
                                   gpointer          user_data);

/* How far a scan is: once the first pass has listed the folder (@n_done 0),
 * then after each file, so a window can say "120 of 480". */
typedef void (*XqLibraryScanProgress) (guint             n_done,
                                       guint             n_found,
                                       gpointer          user_data);

GQuark      xq_library_error_quark     (void);
char       *xq_library_default_uri     (void);
XqLibrary  *xq_library_open            (const char         *uri,
                                        GError            **error);
XqLibrary  *xq_library_open_existing   (const char         *uri,
                                        GError            **error);
gint        xq_library_get_schema_version (XqLibrary       *self);

const char *xq_library_outcome_to_string (XqLibraryOutcome outcome);
gboolean    xq_library_add_file        (XqLibrary          *self,
                                        GFile              *file,
                                        XqLibraryOutcome   *outcome,
                                        guint              *error_line,
                                        GError            **error);
gboolean    xq_library_scan            (XqLibrary          *self,
                                        GFile              *folder,
                                        GCancellable       *cancellable,
                                        XqLibraryScanFunc   func,
                                        XqLibraryScanProgress progress,
                                        gpointer            user_data,
                                        GError            **error);

GPtrArray  *xq_library_list_results    (XqLibrary          *self,
                                        GError            **error);
char       *xq_library_find_player     (XqLibrary          *self,
                                        const char         *name,
                                        GError            **error);
GPtrArray  *xq_library_get_aliases     (XqLibrary          *self,
                                        const char         *name,
                                        GError            **error);
GPtrArray  *xq_library_get_records     (XqLibrary          *self,
                                        const char         *name,
                                        GError            **error);
GPtrArray  *xq_library_get_versus      (XqLibrary          *self,
                                        const char         *name,
                                        GError            **error);
GPtrArray  *xq_library_get_history     (XqLibrary          *self,
                                        const char         *name,
                                        GError            **error);
GPtrArray  *xq_library_get_ratings     (XqLibrary          *self,
                                        GError            **error);
gboolean    xq_library_merge           (XqLibrary          *self,
                                        const char         *name,
                                        const char         *into,
                                        GError            **error);
gboolean    xq_library_split           (XqLibrary          *self,
                                        const char         *name,
                                        GError            **error);

/* Which games xq_library_filter_results () lists; a NULL field: any. */
typedef struct
{
  const char *game;      /* a game's id, as after `game` in XQN */
  const char *player;    /* any name the player played under, matched as the engine matches names */
  const char *since;     /* a date, YYYY-MM-DD: games played on it or after */
  const char *until;     /* a date, YYYY-MM-DD: games played on it or before */
} XqLibraryFilter;

/* One player's part of a game review, in seat order: what
 * xq_library_set_review () stores. */
typedef struct
{
  guint   turns;         /* the player's turns the review valued */
  gint64  loss_half;     /* what they lost against the best turn, summed, × 2 (≥ 0) */
} XqLibraryReviewSeat;

gboolean    xq_library_filter_check    (const XqLibraryFilter *filter,
                                        GError               **error);
GPtrArray  *xq_library_filter_results  (XqLibrary             *self,
                                        const XqLibraryFilter *filter,
                                        GError               **error);
gboolean    xq_library_set_review      (XqLibrary             *self,
                                        GFile                 *file,
                                        const char            *content_hash,
                                        guint                  depth,
                                        const XqLibraryReviewSeat *seats,
                                        guint                  n_seats,
                                        GError               **error);

/* For the tests: opens with the migrations up to @version only. */
XqLibrary  *_xq_library_open_at_version (const char        *uri,
                                         gint               version,
                                         GError           **error);

G_END_DECLS
