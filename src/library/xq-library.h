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
} XqLibraryError;

/* The schema this program writes; a database with a higher version is
 * refused without being written. */
#define XQ_LIBRARY_SCHEMA_VERSION 2

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

/* For the tests: opens with the migrations up to @version only. */
XqLibrary  *_xq_library_open_at_version (const char        *uri,
                                         gint               version,
                                         GError           **error);

G_END_DECLS
