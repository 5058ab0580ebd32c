/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Exact money: amounts are whole numbers of half-bucks, never floating point. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A count of half-bucks: 15 is 7.5 bucks. */
typedef gint32 XqAmount;

#define XQ_BUCKS(n) ((XqAmount) ((n) * 2))

/* Large enough for any amount a game can reach, small enough that no sum of
 * them can overflow a gint32. */
#define XQ_AMOUNT_MAX ((XqAmount) 2000000000 / 64)

/* The largest count the notation reads where the rules set no bound of their
 * own (a divest's certificates): the same number as the largest amount. */
#define XQ_COUNT_MAX ((guint) (XQ_AMOUNT_MAX / 2))

/* "12.5" fits in this many bytes with its terminator. */
#define XQ_AMOUNT_BUF 16

/* What a number of the notation turned out to be: the refusal of a number
 * that is well formed but too large names the rule it breaks, or says that
 * it is too large for the game, never that it is not a number. */
typedef enum
{
  XQ_NUMBER_OK,
  XQ_NUMBER_MALFORMED,   /* not digits (and, for an amount, an optional ".5") */
  XQ_NUMBER_TOO_LARGE,   /* well formed, above the bound asked for */
} XqNumberRead;

gboolean     xq_amount_parse      (const char *text,
                                   XqAmount   *out_amount);
gboolean     xq_count_parse       (const char *text,
                                   guint       max,
                                   guint      *out_count);
XqNumberRead xq_amount_read       (const char *text,
                                   XqAmount    max,
                                   XqAmount   *out_amount);
XqNumberRead xq_count_read        (const char *text,
                                   guint       max,
                                   guint      *out_count);
const char  *xq_amount_format     (XqAmount    amount,
                                   char        buf[XQ_AMOUNT_BUF]);
char        *xq_amount_to_string  (XqAmount    amount);
char        *xq_amount_to_display_string (XqAmount amount);

G_END_DECLS
