/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Move times in UTC, written and read without GDateTime: a session has one
 * per move, and GDateTime's formatter and ISO 8601 parser were a tenth of
 * saving and loading one. The common form is done here by calendar
 * arithmetic; anything else falls back to GDateTime, and test-session-xml
 * checks both give the same answers. */

#include "config.h"

#include <string.h>

#include "xq-time.h"

#define SECONDS_PER_DAY 86400

/* Days since 1970-01-01 of a date in the proleptic Gregorian calendar, and
 * back (the era-based algorithms of Howard Hinnant's date library). */
static gint64
days_from_civil (gint64 year,
                 guint  month,
                 guint  day)
{
  gint64 era;
  guint year_of_era, day_of_year, day_of_era;

  year -= month <= 2;
  era = (year >= 0 ? year : year - 399) / 400;
  year_of_era = (guint) (year - era * 400);
  day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
  day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + (gint64) day_of_era - 719468;
}

static void
civil_from_days (gint64  days,
                 gint64 *year,
                 guint  *month,
                 guint  *day)
{
  gint64 era;
  guint day_of_era, year_of_era, day_of_year, shifted_month;

  days += 719468;
  era = (days >= 0 ? days : days - 146096) / 146097;
  day_of_era = (guint) (days - era * 146097);
  year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  shifted_month = (5 * day_of_year + 2) / 153;
  *day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
  *month = shifted_month < 10 ? shifted_month + 3 : shifted_month - 9;
  *year = (gint64) year_of_era + era * 400 + (*month <= 2);
}

/**
 * xq_time_format_iso:
 * @unix_time: seconds since 1970 UTC
 * @buf: where to write
 *
 * Times outside the years 1–9999 (which GDateTime cannot hold either) are
 * written as the epoch.
 *
 * Returns: @buf, holding the time as "YYYY-MM-DDTHH:MM:SSZ"
 */
const char *
xq_time_format_iso (gint64 unix_time,
                    char   buf[XQ_TIME_ISO_BUF])
{
  gint64 days = unix_time / SECONDS_PER_DAY, seconds = unix_time % SECONDS_PER_DAY, year;
  guint month, day;

  if (seconds < 0)
    {
      seconds += SECONDS_PER_DAY;
      days--;
    }
  civil_from_days (days, &year, &month, &day);
  if (year < 1 || year > 9999)
    {
      g_strlcpy (buf, "1970-01-01T00:00:00Z", XQ_TIME_ISO_BUF);
      return buf;
    }
  g_snprintf (buf, XQ_TIME_ISO_BUF, "%04u-%02u-%02uT%02u:%02u:%02uZ", (guint) year, month, day,
              (guint) (seconds / 3600), (guint) (seconds / 60 % 60), (guint) (seconds % 60));
  return buf;
}

/* The value of @n digits at @text, or -1 if one is not a digit. */
static gint64
digits (const char *text,
        guint       n)
{
  gint64 value = 0;

  for (guint i = 0; i < n; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return -1;
      value = value * 10 + (text[i] - '0');
    }
  return value;
}

static guint
days_in_month (gint64 year,
               guint  month)
{
  static const guint days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
  gboolean leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;

  return month == 2 && leap ? 29 : days[month - 1];
}

/**
 * xq_time_parse_iso:
 * @text: an ISO 8601 date and time; without a zone it is taken as UTC
 * @unix_time: (out): seconds since 1970 UTC
 *
 * Returns: whether @text is such a time
 */
gboolean
xq_time_parse_iso (const char *text,
                   gint64     *unix_time)
{
  gint64 year, month, day, hour, minute, second;
  g_autoptr(GTimeZone) utc = NULL;
  g_autoptr(GDateTime) parsed = NULL;

  if (text == NULL)
    return FALSE;
  /* What this program writes: YYYY-MM-DDTHH:MM:SSZ. */
  if (strlen (text) == 20 && text[4] == '-' && text[7] == '-' && text[10] == 'T' && text[13] == ':'
      && text[16] == ':' && text[19] == 'Z'
      && (year = digits (text, 4)) >= 1 && (month = digits (text + 5, 2)) >= 1 && month <= 12
      && (day = digits (text + 8, 2)) >= 1 && day <= days_in_month (year, (guint) month)
      && (hour = digits (text + 11, 2)) >= 0 && hour < 24
      && (minute = digits (text + 14, 2)) >= 0 && minute < 60
      && (second = digits (text + 17, 2)) >= 0 && second < 60)
    {
      *unix_time = days_from_civil (year, (guint) month, (guint) day) * SECONDS_PER_DAY
                   + hour * 3600 + minute * 60 + second;
      return TRUE;
    }
  utc = g_time_zone_new_utc ();
  parsed = g_date_time_new_from_iso8601 (text, utc);
  if (parsed == NULL)
    return FALSE;
  *unix_time = g_date_time_to_unix (parsed);
  return TRUE;
}
