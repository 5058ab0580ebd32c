/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the library's files share: the object, its statement helpers (in xq-library.c), a game file read into rows. */
#pragma once

#include "xq-library.h"
#include "xq-library-backend.h"
#include "xq-session.h"

G_BEGIN_DECLS

struct _XqLibrary
{
  GObject                 parent_instance;
  const XqLibraryBackend *backend;
  gpointer                db;
  gint                    version;
};

/* Statements, in xq-library.c: prepared, their values bound from @types
 * ('i' a gint64, 'n' a gint64 bound as NULL when below 0 — a figure not
 * known —, 's' a string or NULL, 'd' a double); never text pasted into SQL. */
gpointer  _xq_library_prepare        (XqLibrary   *self,
                                      GError     **error,
                                      const char  *sql,
                                      const char  *types,
                                      ...);
gboolean  _xq_library_run            (XqLibrary   *self,
                                      GError     **error,
                                      const char  *sql,
                                      const char  *types,
                                      ...);
gboolean  _xq_library_query_int64    (XqLibrary   *self,
                                      gint64      *value,
                                      gboolean    *found,
                                      GError     **error,
                                      const char  *sql,
                                      const char  *types,
                                      ...);
/* Makes one item of the current row of a statement. */
typedef gpointer (*XqLibraryReadRow) (XqLibrary *self,
                                      gpointer   stmt);

GPtrArray *_xq_library_collect_rows  (XqLibrary        *self,
                                      gpointer          stmt,
                                      XqLibraryReadRow  read_row,
                                      GDestroyNotify    free_item,
                                      GError          **error);
gpointer  _xq_library_read_text      (XqLibrary   *self,
                                      gpointer     stmt);
char     *_xq_library_column_dup     (XqLibrary   *self,
                                      gpointer     stmt,
                                      int          column);
gboolean  _xq_library_begin          (XqLibrary   *self,
                                      GError     **error);
gboolean  _xq_library_commit         (XqLibrary   *self,
                                      GError     **error);
void      _xq_library_rollback       (XqLibrary   *self);
gboolean  _xq_library_recompute_ratings (XqLibrary  *self,
                                         GError    **error);
gboolean  _xq_library_rerate         (XqLibrary   *self,
                                      GError     **error);
gboolean  _xq_library_find_player_id (XqLibrary   *self,
                                      const char  *name,
                                      gint64      *player_id,
                                      GError     **error);
gboolean  _xq_library_get_player_name (XqLibrary   *self,
                                       gint64       player_id,
                                       char       **name,
                                       GError     **error);
gint      _xq_library_compare_strings (gconstpointer a,
                                       gconstpointer b);

typedef struct
{
  char     *name;
  char     *key;
  gint64    total_half;
  gint64    margin_half;
  guint     placing;
  gboolean  won;
  gboolean  bankrupt;
  gint64    loans;      /* loans taken; -1 for a game that has none (stored as NULL) */
} XqLibraryEntry;

typedef struct
{
  char      *game;
  char      *played_on;
  guint      n_moves;
  gboolean   finished;
  guint      n_winners;
  GPtrArray *entries;   /* XqLibraryEntry, seat order */
} XqLibraryRead;

void           _xq_library_read_free  (XqLibraryRead *read);
XqLibraryRead *_xq_library_read_session (XqSession   *session,
                                         gboolean     has_times,
                                         gint64       mtime_us,
                                         GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqLibraryRead, _xq_library_read_free)

G_END_DECLS
