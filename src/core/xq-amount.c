/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parsing and writing amounts in the locale-independent notation ("7.5"). */

#include "config.h"

#include <locale.h>

#include "xq-amount.h"

/* Counts and amounts are written with ASCII digits only, whatever the locale, so
 * neither strtol's locale rules nor its leading spaces and signs are wanted. */
static gboolean
parse_digits (const char *text,
              const char *end,
              guint64    *out)
{
  guint64 value = 0;

  if (text == end)
    return FALSE;
  for (const char *p = text; p < end; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
      value = value * 10 + (guint64) (*p - '0');
      if (value > G_MAXINT32)
        return FALSE;
    }
  *out = value;
  return TRUE;
}

/**
 * xq_amount_parse:
 * @text: digits, optionally followed by ".5"
 * @out_amount: (out): the amount in half-bucks
 *
 * Returns: %TRUE if @text is an amount in the notation's form.
 */
gboolean
xq_amount_parse (const char *text,
                 XqAmount   *out_amount)
{
  const char *end;
  guint64 whole;
  gboolean half = FALSE;

  g_return_val_if_fail (text != NULL, FALSE);

  end = text + strlen (text);
  if (end - text >= 2 && end[-2] == '.')
    {
      if (end[-1] != '5')
        return FALSE;
      half = TRUE;
      end -= 2;
    }
  if (!parse_digits (text, end, &whole))
    return FALSE;
  if (whole * 2 + half > (guint64) XQ_AMOUNT_MAX)
    return FALSE;
  *out_amount = (XqAmount) (whole * 2 + half);
  return TRUE;
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
  guint64 value;

  g_return_val_if_fail (text != NULL, FALSE);

  if (!parse_digits (text, text + strlen (text), &value) || value > max)
    return FALSE;
  *out_count = (guint) value;
  return TRUE;
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
