/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the library's files share: a game file read into the rows it gives. */
#pragma once

#include "xq-library.h"
#include "xq-session.h"

G_BEGIN_DECLS

typedef struct
{
  char     *name;
  char     *key;
  gint64    total_half;
  gint64    margin_half;
  guint     placing;
  gboolean  won;
  gboolean  bankrupt;
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
