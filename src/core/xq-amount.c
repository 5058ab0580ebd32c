/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parsing and writing amounts in the locale-independent notation ("7.5"). */

#include "config.h"

#include <locale.h>

#include "xq-amount.h"

/* Counts and amounts are written with ASCII digits only, whatever the locale, so
 * neither strtol's locale rules nor its leading spaces and signs are wanted.
 * Any number of digits is well formed; the value saturates above G_MAXUINT32,
 * beyond every bound a caller may ask for. */
static XqNumberRead
parse_digits (const char *text,
              const char *end,
              guint64    *out)
{
  guint64 value = 0;

  if (text == end)
    return XQ_NUMBER_MALFORMED;
  for (const char *p = text; p < end; p++)
    if (!g_ascii_isdigit (*p))
      return XQ_NUMBER_MALFORMED;
  for (const char *p = text; p < end; p++)
    {
      value = value * 10 + (guint64) (*p - '0');
      if (value > G_MAXUINT32)
        {
          *out = (guint64) G_MAXUINT32 + 1;
          return XQ_NUMBER_OK;
        }
    }
  *out = value;
  return XQ_NUMBER_OK;
}

/**
 * xq_amount_read:
 * @text: digits, optionally followed by ".5"
 * @max: the largest acceptable amount, at most %XQ_AMOUNT_MAX for money held
 * @out_amount: (out): the amount in half-bucks, set only on %XQ_NUMBER_OK
 *
 * Returns: whether @text is an amount in the notation's form, and in range
 */
XqNumberRead
xq_amount_read (const char *text,
                XqAmount    max,
                XqAmount   *out_amount)
{
  const char *end;
  guint64 whole;
  gboolean half = FALSE;

  g_return_val_if_fail (text != NULL, XQ_NUMBER_MALFORMED);

  end = text + strlen (text);
  if (end - text >= 2 && end[-2] == '.')
    {
      if (end[-1] != '5')
        return XQ_NUMBER_MALFORMED;
      half = TRUE;
      end -= 2;
    }
  if (parse_digits (text, end, &whole) != XQ_NUMBER_OK)
    return XQ_NUMBER_MALFORMED;
  if (whole * 2 + half > (guint64) MAX (max, 0))
    return XQ_NUMBER_TOO_LARGE;
  *out_amount = (XqAmount) (whole * 2 + half);
  return XQ_NUMBER_OK;
}

/**
 * xq_amount_parse:
 * @text: digits, optionally followed by ".5"
 * @out_amount: (out): the amount in half-bucks
 *
 * Returns: %TRUE if @text is an amount in the notation's form, at most %XQ_AMOUNT_MAX.
 */
gboolean
xq_amount_parse (const char *text,
                 XqAmount   *out_amount)
{
  return xq_amount_read (text, XQ_AMOUNT_MAX, out_amount) == XQ_NUMBER_OK;
}

/**
 * xq_count_read:
 * @text: digits only
 * @max: the largest acceptable count
 * @out_count: (out): the count, set only on %XQ_NUMBER_OK
 *
 * Returns: whether @text is a count, and no larger than @max
 */
XqNumberRead
xq_count_read (const char *text,
               guint       max,
               guint      *out_count)
{
  guint64 value;

  g_return_val_if_fail (text != NULL, XQ_NUMBER_MALFORMED);

  if (parse_digits (text, text + strlen (text), &value) != XQ_NUMBER_OK)
    return XQ_NUMBER_MALFORMED;
  if (value > max)
    return XQ_NUMBER_TOO_LARGE;
  *out_count = (guint) value;
  return XQ_NUMBER_OK;
}

/**
 * xq_count_parse:
 * @text: digits only
 * @max: the largest acceptable count
 * @out_count: (out): the count
 *
 * Returns: %TRUE if @text is a count no larger than @max.
 */
gboolean
xq_count_parse (const char *text,
                guint       max,
                guint      *out_count)
{
  return xq_count_read (text, max, out_count) == XQ_NUMBER_OK;
}

/**
 * xq_amount_format:
 * @amount: half-bucks
 * @buf: room for the text
 *
 * Writes @amount as the notation does: "2", "7.5", "0.5".
 *
 * Returns: @buf
 */
const char *
xq_amount_format (XqAmount amount,
                  char     buf[XQ_AMOUNT_BUF])
{
  gint64 value = amount;
  const char *sign = "";

  if (value < 0)
    {
      sign = "-";
      value = -value;
    }
  if (value % 2)
    g_snprintf (buf, XQ_AMOUNT_BUF, "%s%" G_GINT64_FORMAT ".5", sign, value / 2);
  else
    g_snprintf (buf, XQ_AMOUNT_BUF, "%s%" G_GINT64_FORMAT, sign, value / 2);
  return buf;
}

char *
xq_amount_to_string (XqAmount amount)
{
  char buf[XQ_AMOUNT_BUF];

  return g_strdup (xq_amount_format (amount, buf));
}

/**
 * xq_amount_to_display_string:
 * @amount: an amount in half-bucks
 *
 * The amount for people to read: "7.5" in English, "7,5" in German and
 * French, with the decimal separator of LC_NUMERIC. Notation, session files
 * and CSV never use this: they write xq_amount_format()'s "7.5" in any locale.
 *
 * Returns: (transfer full): the text
 */
char *
xq_amount_to_display_string (XqAmount amount)
{
  const char *point = localeconv ()->decimal_point;
  gint64 value = amount;
  const char *sign = value < 0 ? "-" : "";

  if (value < 0)
    value = -value;
  if (value % 2 == 0)
    return g_strdup_printf ("%s%" G_GINT64_FORMAT, sign, value / 2);
  return g_strdup_printf ("%s%" G_GINT64_FORMAT "%s5", sign, value / 2,
                          point != NULL && *point != '\0' ? point : ".");
}
