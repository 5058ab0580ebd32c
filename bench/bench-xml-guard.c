/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How soon hostile XML is refused: the timings test-xml-guard and
 * test-session-xml used to assert (a bound that failed on a busy machine,
 * never on a slow parser). Reports, never fails. */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "xq-games.h"
#include "xq-session-xml.h"
#include "xq-xml-guard.h"
#include "bench-timing.h"

typedef struct
{
  GString *doc;
  gsize    sink;
} Doc;

/* A session whose one tag carries @n attributes NAME="@value", as test-xml-guard builds it. */
static GString *
wide_document (guint       n,
               const char *name,
               const char *value)
{
  GString *doc = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<session xmlns=\"" XQ_SESSION_NAMESPACE
                               "\" format=\"1\" game=\"for-ex\">\n  <players>\n    <player");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (doc, " %s%u=%s", name, i, value);
  g_string_append (doc, "/>\n  </players>\n</session>\n");
  return doc;
}

static void
load (gpointer data)
{
  Doc *d = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = xq_session_new_from_xml (d->doc->str, d->doc->len, NULL, &error);

  if (session != NULL)
    g_error ("a hostile document loaded");
  d->sink++;
}

static void
scan (gpointer data)
{
  Doc *d = data;

  d->sink += xq_xml_guard_check (d->doc->str, d->doc->len, NULL, NULL);
}

static void
report (const char     *what,
        BenchTimedFunc  fn,
        GString        *doc)
{
  Doc d = { doc, 0 };
  guint reps = 0;
  double ms = bench_measure (fn, &d, &reps);

  printf ("%-52s %9.3f ms  (%" G_GSIZE_FORMAT " bytes)\n", what, ms, doc->len);
  g_string_free (doc, TRUE);
}

int
main (void)
{
  static const struct { const char *head, *fill; } scans[] = {
    { "", "<!--" }, { "", "<?t " }, { "", "<![CDATA[" }, { "<!--", "-" }, { "", "<x a='" }, { "", "<" },
  };
  GString *scoped = g_string_new ("<?xml version=\"1.0\"?>\n<session xmlns=\"" XQ_SESSION_NAMESPACE "\">\n");
  GString *deep = g_string_new ("<session xmlns=\"" XQ_SESSION_NAMESPACE "\">");

  xq_games_register_all ();
  printf ("Refusing hostile XML (median of %d batches)\n", BENCH_BATCHES);
  report ("load: 400,000 attributes on one tag", load, wide_document (400000, "a", "\"1\""));
  report ("load: 400,000 namespace declarations on one tag", load, wide_document (400000, "xmlns:p", "\"u\""));
  for (guint i = 0; i < 400000; i++)
    g_string_append_printf (scoped, "<p%u:m xmlns:p%u=\"urn:%u\"/>", i % 1000, i % 1000, i);
  g_string_append (scoped, "\n</session>\n");
  report ("load: 400,000 tags, each declaring a namespace", load, scoped);
  for (guint i = 0; i < 1000000; i++)
    g_string_append (deep, "<n>");
  for (guint i = 0; i < 1000000; i++)
    g_string_append (deep, "</n>");
  g_string_append (deep, "</session>");
  report ("load: a million nested elements", load, deep);

  /* Linear: 16 times the bytes should take about 16 times as long. */
  for (guint i = 0; i < G_N_ELEMENTS (scans); i++)
    for (gsize size = 1024 * 1024; size <= 16 * 1024 * 1024; size *= 16)
      {
        GString *doc = g_string_new (scans[i].head);
        g_autofree char *what = NULL;

        while (doc->len < MIN (XQ_SESSION_MAX_BYTES, size) - 16)
          g_string_append (doc, scans[i].fill);
        g_string_append (doc, "\x01-->]]>?>");
        what = g_strdup_printf ("guard scan: %s%s… %" G_GSIZE_FORMAT " MiB", scans[i].head, scans[i].fill,
                                size / (1024 * 1024));
        report (what, scan, doc);
      }
  return 0;
}
