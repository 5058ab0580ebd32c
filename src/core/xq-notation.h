/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game-independent half of XQN: lines, comments, quoted names, tokens. */
#pragma once

#include <glib.h>

#include "xq-error.h"

G_BEGIN_DECLS

/* No statement of either game comes close; a longer line is refused rather
 * than allocated without bound. */
#define XQ_STATEMENT_MAX_TOKENS 64
#define XQ_NAME_MAX_CHARS 40

typedef struct
{
  guint   line;       /* 1-based line in the text it came from */
  guint   n_tokens;
  char  **tokens;     /* NULL-terminated */
  guint64 quoted;     /* bit i: token i was written in quotes */
} XqStatement;

void         xq_statement_free          (XqStatement *statement);
gboolean     xq_statement_is            (const XqStatement *statement,
                                         guint              index,
                                         const char        *keyword);
gboolean     xq_statement_token_quoted  (const XqStatement *statement,
                                         guint              index);
char        *xq_statement_dup_reason    (const XqStatement *statement,
                                         guint              index);

/* Sets an XQ_NOTATION_ERROR_SYNTAX error with a translated sentence and
 * is FALSE, for the games' notation parsers. */
#define xq_notation_syntax_error(error, ...) \
  xq_error_fail ((error), XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_SYNTAX, __VA_ARGS__)
XqStatement *xq_notation_read_statement (const char  *text);
GPtrArray   *xq_notation_split          (const char  *text,
                                         gssize       length,
                                         guint       *error_line,
                                         GError     **error);

gboolean     xq_notation_check_name     (const char  *name,
                                         GError     **error);
char        *xq_notation_name_key       (const char  *name);
gboolean     xq_notation_check_player_names (const char * const *names,
                                             guint               n_names,
                                             GError            **error);
void         xq_notation_append_name    (GString     *out,
                                         const char  *name);
void         xq_notation_append_reason  (GString     *out,
                                         const char  *reason);
gboolean     xq_notation_too_large      (GError     **error,
                                         const char  *token,
                                         const char  *limit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqStatement, xq_statement_free)

G_END_DECLS
