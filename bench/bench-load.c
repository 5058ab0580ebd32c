/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Times loading a long session file (48,000 moves) against loading the same
 * game as XQN plus libxml2's bare parse of the file, and how soon a hostile
 * file of 700,000 <player> elements is answered (issue #23); reports, never
 * fails. `bench-load --write DIR` writes the files it times into DIR. */

#include "config.h"

#include <libxml/parser.h>
#include <stdio.h>
#include <string.h>

#include "fx-random-play.h"
#include "xq-games.h"
#include "xq-session-xml.h"
#include "bench-timing.h"

#define LONG_MOVES 48000
#define HOSTILE_PLAYERS 700000

/* A load may take at most twice what reading the same game from XQN and
 * libxml2's parse of the file take together: the parse is libxml2's, the
 * rest (schema, replay, snapshot) must cost no more than XQN's own reading. */
#define TARGET_RATIO 2.0

typedef struct
{
  const char *xml;
  gsize       xml_length;
  const char *xqn;
  gsize       xqn_length;
  gsize       sink;
} Bench;

static gsize sink;

static void
load_xml (gpointer data)
{
  Bench *b = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = xq_session_new_from_xml (b->xml, b->xml_length, NULL, &error);

  if (session == NULL)
    g_error ("the long session does not load: %s", error->message);
  b->sink += xq_session_get_n_moves (session);
}

static void
load_xqn (gpointer data)
{
  Bench *b = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = xq_session_new_from_notation (b->xqn, (gssize) b->xqn_length, NULL, &error);

  if (session == NULL)
    g_error ("the long game's XQN does not load: %s", error->message);
  b->sink += xq_session_get_n_moves (session);
}

/* libxml2's own share: the parse alone, with the loader's options. */
static void
bare_parse (gpointer data)
{
  Bench *b = data;
  xmlParserCtxt *ctxt = xmlNewParserCtxt ();
  xmlDoc *doc = xmlCtxtReadMemory (ctxt, b->xml, (int) b->xml_length, "session.exchequer", "UTF-8",
                                   XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES);

  if (doc == NULL)
    g_error ("libxml2 does not parse the long session");
  b->sink++;
  xmlFreeDoc (doc);
  xmlFreeParserCtxt (ctxt);
}

static void
xqn_and_parse (gpointer data)
{
  load_xqn (data);
  bare_parse (data);
}

/* A session file whose <players> holds @n players: valid XML, refused by
 * the loader, which must say so without validating them pairwise. */
static GBytes *
hostile_players (GBytes *base,
                 guint   n)
{
  g_autofree char *text = g_strndup (g_bytes_get_data (base, NULL), g_bytes_get_size (base));
  const char *start = strstr (text, "<players>");
  const char *end = start != NULL ? strstr (start, "</players>") : NULL;
  GString *out;

  g_assert (end != NULL);
  out = g_string_new_len (text, start - text);
  g_string_append (out, "<players>\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "<player name=\"P%u\"/>", i);
  g_string_append (out, end);
  return g_string_free_to_bytes (out);
}

static void
write_file (const char *dir,
            const char *name,
            const char *data,
            gsize       length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, data, (gssize) length, &error))
    g_error ("%s", error->message);
  printf ("wrote %s (%" G_GSIZE_FORMAT " bytes)\n", path, length);
}

/* The load of @game against its XQN plus the bare parse, as a ratio. */
static void
report_load (const char *what,
             XqSession  *game)
{
  g_autoptr(GBytes) xml = xq_session_to_xml (game);
  g_autofree char *xqn = xq_session_to_notation (game);
  Bench b = { 0 };
  double load_ms, reference_ms, xqn_ms, parse_ms, ratio;
  guint reps;

  b.xml = g_bytes_get_data (xml, &b.xml_length);
  b.xqn = xqn;
  b.xqn_length = strlen (xqn);
  printf ("%s: %u moves, %" G_GSIZE_FORMAT " bytes of XML, %" G_GSIZE_FORMAT " bytes of XQN\n", what,
          xq_session_get_n_moves (game), b.xml_length, b.xqn_length);
  xqn_ms = bench_measure (load_xqn, &b, &reps);
  printf ("  load the XQN (parse, replay): %.1f ms (median of %u batches, %u runs)\n", xqn_ms, BENCH_BATCHES, reps);
  parse_ms = bench_measure (bare_parse, &b, &reps);
  printf ("  libxml2's bare parse of the session file (xmlCtxtReadMemory, free): %.1f ms (median of %u batches, "
          "%u runs)\n", parse_ms, BENCH_BATCHES, reps);
  /* The load and its reference in turn, batch by batch: the ratio holds even
   * when a shared machine changes speed during the run. */
  ratio = bench_measure_ratio (load_xml, xqn_and_parse, &b, &load_ms, &reference_ms);
  printf ("  load the session file (parse, schema, replay, snapshot): %.1f ms\n", load_ms);
  printf ("  load / (XQN load + bare parse, %.1f ms): %.2fx (target %gx: %s)\n", reference_ms, ratio,
          TARGET_RATIO, ratio <= TARGET_RATIO ? "met" : "missed");
  sink += b.sink;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(XqSession) game = NULL;
  g_autoptr(XqSession) corrected = NULL;
  g_autoptr(XqSession) small = NULL;
  g_autoptr(GBytes) small_xml = NULL;
  g_autoptr(GBytes) hostile = NULL;
  g_autoptr(GError) error = NULL;
  double hostile_ms;
  gint64 start = g_get_monotonic_time (), t;
  XqSession *refused;

  xq_games_register_all ();

  /* A table's game: careful players, a correction now and then. */
  game = fx_random_endless_game (1, 4, &fx_random_style_prudent, LONG_MOVES);
  /* Half of its moves corrections: each tries most of the schema's kinds
   * of move before its own. */
  corrected = fx_random_endless_game (1, 4, &fx_random_style_endless, LONG_MOVES);
  small = fx_random_endless_game (1, 4, &fx_random_style_prudent, 20);
  small_xml = xq_session_to_xml (small);
  hostile = hostile_players (small_xml, HOSTILE_PLAYERS);

  if (argc == 3 && strcmp (argv[1], "--write") == 0)
    {
      g_autoptr(GBytes) xml = xq_session_to_xml (game);
      g_autofree char *xqn = xq_session_to_notation (game);

      write_file (argv[2], "long-48000.exchequer", g_bytes_get_data (xml, NULL), g_bytes_get_size (xml));
      write_file (argv[2], "long-48000.xqn", xqn, strlen (xqn));
      write_file (argv[2], "players-700000.exchequer", g_bytes_get_data (hostile, NULL), g_bytes_get_size (hostile));
      return 0;
    }

  report_load ("a table's game", game);
  report_load ("half of it corrections", corrected);

  /* Timed once: the point is that it is answered at all, and how soon. */
  t = g_get_monotonic_time ();
  refused = xq_session_new_from_xml (g_bytes_get_data (hostile, NULL), g_bytes_get_size (hostile), NULL, &error);
  hostile_ms = (double) (g_get_monotonic_time () - t) / 1000.0;
  printf ("a file of %u <player> elements (%" G_GSIZE_FORMAT " bytes): %s in %.1f ms (%s)\n", HOSTILE_PLAYERS,
          g_bytes_get_size (hostile), refused == NULL ? "refused" : "read", hostile_ms,
          error != NULL ? error->message : "no error");
  g_clear_object (&refused);

  printf ("bench-load: %.1f s\n", (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  return 0;
}
