/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The error domains: a rule that refused a move, text that is not notation,
 * a file that is not a session. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define XQ_RULE_ERROR (xq_rule_error_quark ())
#define XQ_NOTATION_ERROR (xq_notation_error_quark ())
#define XQ_FILE_ERROR (xq_file_error_quark ())

typedef enum
{
  XQ_RULE_ERROR_REFUSED,    /* the rules forbid the move now */
  XQ_RULE_ERROR_GAME_OVER,  /* nothing but the final choice may follow */
} XqRuleError;

typedef enum
{
  XQ_NOTATION_ERROR_SYNTAX,   /* not a statement of the notation */
  XQ_NOTATION_ERROR_HEADER,   /* the header is missing, incomplete or out of order */
  XQ_NOTATION_ERROR_ENCODING, /* not UTF-8 */
  XQ_NOTATION_ERROR_UNKNOWN_GAME,
} XqNotationError;

typedef enum
{
  XQ_FILE_ERROR_TOO_LARGE,      /* past the size any session can reach */
  XQ_FILE_ERROR_NOT_XML,        /* empty, truncated, not well-formed, not UTF-8 */
  XQ_FILE_ERROR_FORBIDDEN,      /* a document type declaration: entities, external files */
  XQ_FILE_ERROR_NOT_SESSION,    /* well-formed, but not an Exchequer session */
  XQ_FILE_ERROR_NEWER_VERSION,  /* written by a newer Exchequer: refused, saying which format it has */
  XQ_FILE_ERROR_INVALID,        /* does not follow the schema */
  XQ_FILE_ERROR_REPLAY,         /* a move the rules refuse, or data that disagree with it */
  XQ_FILE_ERROR_SNAPSHOT,       /* the stored final state disagrees with the replay */
  XQ_FILE_ERROR_NOT_DURABLE,    /* written and renamed into place, but its folder's fsync failed */
} XqFileError;

GQuark xq_rule_error_quark     (void);
GQuark xq_file_error_quark     (void);
GQuark xq_notation_error_quark (void);

gboolean xq_error_fail (GError     **error,
                        GQuark       domain,
                        gint         code,
                        const char  *format,
                        ...) G_GNUC_PRINTF (4, 5);

#define xq_rule_refuse(error, ...) xq_error_fail ((error), XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED, __VA_ARGS__)

/* The rules validate far more often without an error (legal-action
 * listings, what-if sweeps, random play) than with one: skip translating and
 * formatting the sentence, arguments included, when nobody will read it. */
#define XQ_RULE_REFUSE(error, ...) ((error) == NULL ? FALSE : xq_rule_refuse ((error), __VA_ARGS__))

G_END_DECLS
