/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The session file's bytes are written without libxml2's serializer and its
 * times without GDateTime (both for speed): each must give exactly what the
 * library it replaces gives. */

#include "config.h"

#include <libxml/parser.h>
#include <string.h>

#include "fx-random-play.h"
#include "xq-games.h"
#include "xq-session-xml.h"
#include "xq-time.h"

/* What libxml2 writes for the tree of @bytes: parsed without the
 * indentation, then dumped with its own formatter. */
static char *
libxml2_rewrite (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  xmlDoc *doc = xmlReadMemory (data, (int) size, NULL, NULL, XML_PARSE_NONET | XML_PARSE_NOBLANKS);
  xmlChar *out = NULL;
  int out_size = 0;
  char *copy;

  g_assert_nonnull (doc);
  xmlDocDumpFormatMemoryEnc (doc, &out, &out_size, "UTF-8", 1);
  copy = g_strndup ((const char *) out, (gsize) out_size);
  xmlFree (out);
  xmlFreeDoc (doc);
  return copy;
}

static void
assert_written_as_libxml2 (XqSession  *session,
                           const char *what)
{
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);
  g_autofree char *ours = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_autofree char *theirs = libxml2_rewrite (bytes);

  if (g_strcmp0 (ours, theirs) != 0)
    {
      gsize at = 0;

      while (ours[at] != 0 && ours[at] == theirs[at])
        at++;
      g_error ("%s: written differently from libxml2 at byte %" G_GSIZE_FORMAT ": …%.60s… instead of …%.60s…",
               what, at, ours + (at > 20 ? at - 20 : 0), theirs + (at > 20 ? at - 20 : 0));
    }
}

static void
test_random_sessions (void)
{
  for (guint64 seed = 0; seed < 40; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 2 + (guint) (seed % 5), &fx_random_style_default, 400);
      g_autofree char *what = g_strdup_printf ("random game %" G_GUINT64_FORMAT, seed);

      assert_written_as_libxml2 (game, what);
    }
}

/* Every character libxml2 escapes, in text and in attribute-like places,
 * and characters beyond ASCII, which it leaves alone in UTF-8. */
static void
test_escaping (void)
{
  static const char *const notes[] = {
    "plain", "<tag> & \"quotes\" 'apostrophes'", "line one\nline two\r\nthree", "tab\there",
    "Zürich — ½ · 日本 · 🎲", "   ", "", "]]> and &amp; written out", ">",
  };

  for (guint i = 0; i < G_N_ELEMENTS (notes); i++)
    {
      g_autoptr(XqSession) game = fx_random_game (i, 3, &fx_random_style_default, 40);
      g_autofree char *what = g_strdup_printf ("notes “%s”", notes[i]);

      xq_session_set_date (game, notes[i]);
      xq_session_set_place (game, notes[(i + 1) % G_N_ELEMENTS (notes)]);
      xq_session_set_comment (game, notes[(i + 2) % G_N_ELEMENTS (notes)]);
      assert_written_as_libxml2 (game, what);
    }
}

/* GDateTime's calendar, written as xsd:dateTime wants: four-digit years
 * (its own %Y writes the year 1 as "1"). */
static char *
gdatetime_format (gint64 unix_time)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (unix_time);
  int year, month, day;

  if (dt == NULL)
    return g_strdup ("1970-01-01T00:00:00Z");
  g_date_time_get_ymd (dt, &year, &month, &day);
  return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, g_date_time_get_hour (dt),
                          g_date_time_get_minute (dt), g_date_time_get_second (dt));
}

static void
check_time (gint64 unix_time)
{
  char buf[XQ_TIME_ISO_BUF];
  g_autofree char *expected = gdatetime_format (unix_time);
  gint64 back = 0;

  g_assert_cmpstr (xq_time_format_iso (unix_time, buf), ==, expected);
  g_assert_true (xq_time_parse_iso (buf, &back));
  if (!g_str_equal (buf, "1970-01-01T00:00:00Z"))
    g_assert_cmpint (back, ==, unix_time);
}

static void
test_time_format (void)
{
  static const gint64 edges[] = {
    0, -1, 1, 59, 60, 86399, 86400, -86400, -86401, 951782400 /* 2000-02-29 */, 4107542400 /* 2100-03-01 */,
    -62135596800 /* 0001-01-01 */, -62135596801, 253402300799 /* 9999-12-31T23:59:59 */, 253402300800,
    G_MININT64 / 2, G_MAXINT64 / 2,
  };
  GRand *rand = g_rand_new_with_seed (7);

  for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
    check_time (edges[i]);
  for (guint i = 0; i < 200000; i++)
    check_time ((gint64) (g_rand_double (rand) * 320000000000.0) - 63000000000);
  g_rand_free (rand);
}

static void
test_time_parse (void)
{
  static const char *const texts[] = {
    "2026-11-22T03:24:22Z", "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2100-02-29T12:00:00Z",
    "2000-02-29T23:59:59Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-04-31T00:00:00Z",
    "2026-11-22T24:00:00Z", "2026-11-22T23:60:00Z", "2026-11-22T23:59:60Z", "0000-01-01T00:00:00Z",
    "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-11-22T03:24:22", "2026-11-22T03:24:22+01:00",
    "2026-11-22T03:24:22.5Z", "2026-11-22 03:24:22Z", "2026-1-22T03:24:22Z", "x026-11-22T03:24:22Z",
    "2026-11-22T03:24:2aZ", "", "Z",
  };
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GDateTime) expected = g_date_time_new_from_iso8601 (texts[i], utc);
      gint64 parsed = 0;
      gboolean ok = xq_time_parse_iso (texts[i], &parsed);

      g_assert_cmpint (ok, ==, expected != NULL);
      if (ok)
        g_assert_cmpint (parsed, ==, g_date_time_to_unix (expected));
    }
  g_assert_false (xq_time_parse_iso (NULL, NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/session-bytes/random-sessions", test_random_sessions);
  g_test_add_func ("/session-bytes/escaping", test_escaping);
  g_test_add_func ("/session-bytes/time-format", test_time_format);
  g_test_add_func ("/session-bytes/time-parse", test_time_parse);
  return g_test_run ();
}
