/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The error domains: a rule that refused a move, and text that is not notation. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define XQ_RULE_ERROR (xq_rule_error_quark ())
#define XQ_NOTATION_ERROR (xq_notation_error_quark ())

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

GQuark xq_rule_error_quark     (void);
GQuark xq_notation_error_quark (void);

G_END_DECLS
