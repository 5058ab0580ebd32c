/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The few calls the library makes of a database: SQLite now, PostgreSQL behind the same table later. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  XQ_LIBRARY_STEP_ROW,
  XQ_LIBRARY_STEP_DONE,
  XQ_LIBRARY_STEP_ERROR,
} XqLibraryStep;

/* One migration: the DDL that takes a database from version - 1 to
 * version, in the backend's dialect (types and keys differ; the queries do
 * not). */
typedef struct
{
  gint        version;
  const char *sql;
} XqLibraryMigration;

typedef struct _XqLibraryBackend XqLibraryBackend;

/*
 * Every statement the library runs goes through prepare and the bind calls:
 * text that came from a file is a bound value, never part of the SQL. The
 * SQL uses '?' placeholders, which a backend whose client numbers them
 * ($1, $2 …) rewrites.
 */
struct _XqLibraryBackend
{
  const char *name;
  const XqLibraryMigration *migrations;
  guint       n_migrations;
  /* Starts a transaction that writes: SQLite takes the write lock at once
   * ("BEGIN IMMEDIATE"), so two writers wait rather than fail midway. */
  const char *begin_sql;

  /* Opens @location; an existing database is read before anything is
   * written to it, and refused (XQ_LIBRARY_ERROR_CORRUPT or _NEWER, with a
   * sentence naming it) when it is not one or its schema is newer than
   * @max_version. */
  gpointer    (*open)           (const char  *location,
                                 gint         max_version,
                                 GError     **error);
  void        (*close)          (gpointer     db);
  gboolean    (*exec)           (gpointer     db,
                                 const char  *sql,
                                 GError     **error);
  gint        (*get_version)    (gpointer     db,
                                 GError     **error);
  gboolean    (*set_version)    (gpointer     db,
                                 gint         version,
                                 GError     **error);

  gpointer    (*prepare)        (gpointer     db,
                                 const char  *sql,
                                 GError     **error);
  void        (*bind_int64)     (gpointer     stmt,
                                 int          index,
                                 gint64       value);
  void        (*bind_text)      (gpointer     stmt,
                                 int          index,
                                 const char  *value);
  void        (*bind_double)    (gpointer     stmt,
                                 int          index,
                                 double       value);
  void        (*bind_null)      (gpointer     stmt,
                                 int          index);
  XqLibraryStep (*step)         (gpointer     stmt,
                                 GError     **error);
  gint64      (*column_int64)   (gpointer     stmt,
                                 int          column);
  const char *(*column_text)    (gpointer     stmt,
                                 int          column);
  double      (*column_double)  (gpointer     stmt,
                                 int          column);
  gboolean    (*column_is_null) (gpointer     stmt,
                                 int          column);
  void        (*reset)          (gpointer     stmt);
  void        (*finalize)       (gpointer     stmt);
};

const XqLibraryBackend *xq_library_sqlite_backend (void);
const XqLibraryBackend *xq_library_pq_backend     (void);

G_END_DECLS
