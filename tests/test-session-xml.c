/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests session XML: lossless round trips, schema validity, and refusal of broken and hostile documents. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fx-random-play.h"
#include "fx-state.h"
#include "hostile-sessions.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session-file.h"
#include "xq-session-xml.h"
#include "xq-session.h"
#include "xq-xml.h"
#include "test-dirs.h"

#define N_RANDOM_GAMES 200
#define SCHEMA_PATH TEST_DATA_DIR "/../../data/session.rng"

static const char *const example_names[] = { "for-ex-20-4p.xqn", "for-ex-42-4p.xqn" };

/* Notes that need escaping in XML, and letters outside ASCII. */
static const char special_date[] = "1 < 2 & 3 > 2, \"Friday\" — 1 März";
static const char special_place[] = "Café „Zur Börse“ <upstairs> & 'round the back";
static const char special_comment[] = "Line one & <two>\r\n  indented \"three\" ]]> &amp; not an entity\n"
                                      "<!DOCTYPE html> is only text here; Zoë won; Ōtake kept the ¥\ttab\n";
static const char special_reason[] = "miscounted <pile> & fixed — Zoë's call";

static char *
make_tmp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("exchequer-test-xml-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static XqSession *
load_example (const char *name)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  XqSession *session;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  session = xq_session_new_from_notation (text, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (session);
  return session;
}

/* Everything a session file holds, compared field by field. */
static void
assert_sessions_equal (XqSession *a,
                       XqSession *b)
{
  const XqGame *game = xq_session_get_game (a);
  gconstpointer setup_a = xq_session_get_setup (a);
  gconstpointer setup_b = xq_session_get_setup (b);
  g_autofree char *notation_a = xq_session_to_notation (a);
  g_autofree char *notation_b = xq_session_to_notation (b);
  guint n_moves = xq_session_get_n_moves (a);

  g_assert_true (xq_session_get_game (b) == game);
  g_assert_cmpuint (game->get_n_players (setup_b), ==, game->get_n_players (setup_a));
  for (guint p = 0; p < game->get_n_players (setup_a); p++)
    g_assert_cmpstr (game->get_player_name (setup_b, p), ==, game->get_player_name (setup_a, p));
  g_assert_cmpmem (setup_b, game->setup_size, setup_a, game->setup_size);

  g_assert_cmpuint (xq_session_get_n_moves (b), ==, n_moves);
  for (guint i = 0; i < n_moves; i++)
    {
      if (memcmp (xq_session_get_move (a, i), xq_session_get_move (b, i), game->move_size) != 0)
        {
          g_autofree char *line_a = xq_session_format_move (a, i);
          g_autofree char *line_b = xq_session_format_move (b, i);

          g_error ("move %u differs after the round trip: “%s” became “%s”", i + 1, line_a, line_b);
        }
      g_assert_cmpstr (xq_session_get_move_reason (b, i), ==, xq_session_get_move_reason (a, i));
      g_assert_cmpint (xq_session_get_move_time (b, i), ==, xq_session_get_move_time (a, i));
    }

  g_assert_cmpstr (xq_session_get_date (b), ==, xq_session_get_date (a));
  g_assert_cmpstr (xq_session_get_place (b), ==, xq_session_get_place (a));
  g_assert_cmpstr (xq_session_get_comment (b), ==, xq_session_get_comment (a));

  g_assert_cmpmem (xq_session_get_state (b), game->state_size, xq_session_get_state (a), game->state_size);
  g_assert_cmpstr (notation_b, ==, notation_a);
}

/* Writes @session as XML and reads it back; the copy must load cleanly. */
static XqSession *
round_trip (XqSession *session)
{
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);
  guint line = 12345;
  XqSession *copy;

  g_assert_cmpuint (length, >, 0);
  g_assert_true (g_utf8_validate (data, (gssize) length, NULL));
  copy = xq_session_new_from_xml (data, length, &line, &error);
  if (copy == NULL)
    g_error ("a written session does not load back (line %u): %s", line, error->message);
  g_assert_no_error (error);
  g_assert_cmpuint (line, ==, 0);
  return copy;
}

/* A copy of @session with distinct times, the given notes, and reasons that
 * need escaping on every correction. */
static XqSession *
decorate (XqSession  *session,
          guint64     seed,
          const char *date,
          const char *place,
          const char *comment)
{
  const XqGame *game = xq_session_get_game (session);
  XqSession *copy = xq_session_new (game, xq_session_get_setup (session));

  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      g_autoptr(GError) error = NULL;
      gconstpointer move = xq_session_get_move (session, i);
      const char *reason = game->move_is_correction (move) ? special_reason : NULL;

      if (!xq_session_play (copy, move, reason, &error))
        g_error ("replaying move %u: %s", i + 1, error->message);
      xq_session_set_move_time (copy, i, 1000000000 + (gint64) seed * 100003 + 37 * (gint64) i);
    }
  xq_session_set_date (copy, date);
  xq_session_set_place (copy, place);
  xq_session_set_comment (copy, comment);
  return copy;
}

static void
test_round_trip_examples (void)
{
  for (guint e = 0; e < G_N_ELEMENTS (example_names); e++)
    {
      g_autoptr(XqSession) original = load_example (example_names[e]);
      g_autoptr(XqSession) plain = round_trip (original);
      g_autoptr(XqSession) noted = decorate (original, e, special_date, special_place, special_comment);
      g_autoptr(XqSession) noted_copy = round_trip (noted);
      g_autoptr(XqSession) twice = round_trip (noted_copy);

      g_test_message ("%s: %u moves", example_names[e], xq_session_get_n_moves (original));
      g_assert_cmpuint (xq_session_get_n_moves (original), >, 0);
      assert_sessions_equal (original, plain);
      g_assert_null (xq_session_get_date (plain));
      assert_sessions_equal (noted, noted_copy);
      assert_sessions_equal (noted, twice);
    }
}

/* The example's own reasons ("table fix" and the like) must survive as well. */
static void
test_round_trip_example_reasons (void)
{
  g_autoptr(XqSession) original = load_example ("for-ex-20-4p.xqn");
  g_autoptr(XqSession) copy = round_trip (original);
  guint n_reasons = 0;

  for (guint i = 0; i < xq_session_get_n_moves (original); i++)
    if (xq_session_get_move_reason (original, i) != NULL)
      n_reasons++;
  g_assert_cmpuint (n_reasons, >, 0);
  assert_sessions_equal (original, copy);
}

static void
test_round_trip_random (void)
{
  gboolean seen_mary_ann = FALSE, seen_fan = FALSE;
  guint n_corrections = 0, n_noted = 0;

  for (guint64 seed = 1; seed <= N_RANDOM_GAMES; seed++)
    {
      guint n_players = 2 + (guint) (seed % 5);
      g_autoptr(XqSession) game = fx_random_game (seed, n_players, &fx_random_style_prudent, 600);
      gboolean noted = seed % 2 == 0;
      g_autoptr(XqSession) session = decorate (game, seed,
                                               noted ? special_date : NULL,
                                               noted ? special_place : NULL,
                                               seed % 4 == 0 ? special_comment : NULL);
      g_autoptr(XqSession) copy = round_trip (session);
      const XqGame *xq_game = xq_session_get_game (session);
      gconstpointer setup = xq_session_get_setup (session);

      for (guint p = 0; p < xq_game->get_n_players (setup); p++)
        {
          seen_mary_ann |= g_strcmp0 (xq_game->get_player_name (setup, p), "Mary Ann") == 0;
          seen_fan |= g_strcmp0 (xq_game->get_player_name (setup, p), "#1 fan") == 0;
        }
      for (guint i = 0; i < xq_session_get_n_moves (session); i++)
        if (xq_session_get_move_reason (session, i) != NULL)
          n_corrections++;
      n_noted += noted;

      assert_sessions_equal (session, copy);
    }
  /* The games did reach the cases this test is about. */
  g_assert_true (seen_mary_ann);
  g_assert_true (seen_fan);
  g_assert_cmpuint (n_corrections, >, 0);
  g_assert_cmpuint (n_noted, >, 0);
}

/* Notation read from a file, written as XML, read back and written as
 * notation again: the text XQN can say comes out the same. */
static void
test_notation_through_xml (void)
{
  for (guint e = 0; e < G_N_ELEMENTS (example_names); e++)
    {
      g_autoptr(XqSession) original = load_example (example_names[e]);
      g_autofree char *notation = xq_session_to_notation (original);
      g_autoptr(XqSession) reread = xq_session_new_from_notation (notation, -1, NULL, NULL);
      g_autoptr(XqSession) copy = round_trip (reread);
      g_autofree char *again = xq_session_to_notation (copy);

      g_assert_nonnull (reread);
      g_assert_cmpstr (again, ==, notation);
    }
  for (guint64 seed = 1000; seed < 1020; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 2 + (guint) (seed % 5), &fx_random_style_prudent, 600);
      g_autofree char *notation = xq_session_to_notation (game);
      g_autoptr(XqSession) copy = round_trip (game);
      g_autofree char *again = xq_session_to_notation (copy);

      g_assert_cmpstr (again, ==, notation);
    }
}

/* ---- table rules (issue 15) ---- */

#define RULES_HEADER "game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n"
#define RULES_MOVES "correct cash Ann GBP 10.5\ninvest Ann GBP\nspot Ben Cat GBP EUR\nresolve Ben\n"

static const char rule_rounding[] = "<rule point=\"rounding\" reading=\"round-all\"/>";

/* A short game played under @readings, legal under every reading. */
static XqSession *
game_under (guint8 readings)
{
  GString *text = g_string_new (RULES_HEADER);
  g_autoptr(GError) error = NULL;
  g_autofree char *whole = NULL;
  XqSession *session;

  if (readings & FX_READING_ROUND_ALL)
    g_string_append (text, "rule rounding round-all\n");
  if (readings & FX_READING_FIVE_PLAYERS)
    g_string_append (text, "rule players 2-5\n");
  if (readings & FX_READING_NONE_STRENGTHENED)
    g_string_append (text, "rule strengthen none\n");
  g_string_append (text, RULES_MOVES);
  whole = g_string_free (text, FALSE);
  session = xq_session_new_from_notation (whole, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (((const FxSetup *) xq_session_get_setup (session))->readings, ==, readings);
  return session;
}

/* The text of @session's file with @find replaced by @replace (which must be there). */
static char *
edited_xml (XqSession  *session,
            const char *find,
            const char *replace)
{
  g_autoptr(GBytes) bytes = xq_session_to_xml (session);
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_auto(GStrv) parts = g_strsplit (text, find, 2);

  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  return g_strconcat (parts[0], replace, parts[1], NULL);
}

static void
assert_xml_refused (const char *text,
                    const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = xq_session_new_from_xml (text, strlen (text), NULL, &error);

  g_assert_null (session);
  g_assert_nonnull (error);
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not say “%s”", error->message, fragment);
}

/* Every combination of readings survives the file; only the readings that
 * differ from the printed rules are written, after the removed certificates. */
static void
test_table_rules (void)
{
  static const char *const elements[] = {
    "<rule point=\"rounding\" reading=\"round-all\"/>",
    "<rule point=\"players\" reading=\"2-5\"/>",
    "<rule point=\"strengthen\" reading=\"none\"/>",
  };

  for (guint8 readings = 0; readings < 8; readings++)
    {
      g_autoptr(XqSession) session = game_under (readings);
      g_autoptr(XqSession) copy = round_trip (session);
      g_autoptr(GBytes) bytes = xq_session_to_xml (session);
      g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      const char *last = strstr (text, "<removed");

      assert_sessions_equal (session, copy);
      g_assert_cmpuint (((const FxSetup *) xq_session_get_setup (copy))->readings, ==, readings);
      /* FxPoint p is the bit 1 << p. */
      for (guint p = 0; p < G_N_ELEMENTS (elements); p++)
        {
          const char *hit = strstr (text, elements[p]);

          g_assert_true ((hit != NULL) == ((readings & (1u << p)) != 0));
          /* In the order of the points, after removed, inside setup. */
          if (hit != NULL)
            {
              g_assert_true (hit > last && hit < strstr (text, "</setup>"));
              last = hit;
            }
        }
      if (readings == 0)
        g_assert_null (strstr (text, "<rule"));
    }

  /* The printed reading may be written too: it reads as no rule at all. */
  {
    g_autoptr(XqSession) session = game_under (FX_READING_ROUND_ALL);
    g_autofree char *text = edited_xml (session, rule_rounding,
                                        "<rule point=\"rounding\" reading=\"keep-half\"/>");
    g_autoptr(GError) error = NULL;
    g_autoptr(XqSession) copy = xq_session_new_from_xml (text, strlen (text), NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (((const FxSetup *) xq_session_get_setup (copy))->readings, ==, 0);
  }

  /* A point given twice, a reading the schema does not know, "players 2-5" with six players. */
  {
    g_autoptr(XqSession) session = game_under (FX_READING_ROUND_ALL);
    g_autofree char *twice = edited_xml (session, rule_rounding,
                                         "<rule point=\"rounding\" reading=\"round-all\"/>"
                                         "<rule point=\"rounding\" reading=\"keep-half\"/>");
    g_autofree char *unknown = edited_xml (session, rule_rounding,
                                           "<rule point=\"rounding\" reading=\"sideways\"/>");
    g_autofree char *without = edited_xml (session, rule_rounding, "");
    g_auto(GStrv) parts = g_strsplit (without, "<removed", 2);
    g_autofree char *before_removed = g_strconcat (parts[0], rule_rounding, "<removed", parts[1], NULL);

    assert_xml_refused (twice, "the table rule rounding is given twice");
    assert_xml_refused (unknown, NULL);
    assert_xml_refused (before_removed, NULL);
  }
  {
    g_autoptr(XqSession) six = xq_session_new_from_notation ("game for-ex\nplayers A B C D E F\n"
                                                             "removed USD JPY JPY CNY EUR GBP\n", -1, NULL, NULL);
    g_autofree char *text = edited_xml (six, "</setup>", "<rule point=\"players\" reading=\"2-5\"/></setup>");

    assert_xml_refused (text, "the table rule “players 2-5” allows 2 to 5 players; this game has 6");
  }
}

/* Runs xmllint on @paths against the shipped schema; returns its status. */
static int
run_xmllint (GPtrArray  *paths,
             char      **out_err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  int wait_status = 0;

  g_assert_nonnull (xmllint);
  g_ptr_array_add (argv, xmllint);
  g_ptr_array_add (argv, (gpointer) "--noout");
  g_ptr_array_add (argv, (gpointer) "--nonet");
  g_ptr_array_add (argv, (gpointer) "--relaxng");
  g_ptr_array_add (argv, (gpointer) SCHEMA_PATH);
  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add (argv, g_ptr_array_index (paths, i));
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                     NULL, out_err, &wait_status, &error))
    g_error ("cannot run xmllint: %s", error->message);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

static void
write_bytes (const char *path,
             GBytes     *bytes)
{
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);

  g_assert_true (g_file_set_contents (path, data, (gssize) length, &error));
  g_assert_no_error (error);
}

static void
test_schema_validates (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *err = NULL;
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  int status;

  if (xmllint == NULL)
    {
      g_test_fail_printf ("xmllint is needed to check documents against %s", SCHEMA_PATH);
      return;
    }
  g_assert_true (g_file_test (SCHEMA_PATH, G_FILE_TEST_IS_REGULAR));
  dir = make_tmp_dir ();

  for (guint e = 0; e < G_N_ELEMENTS (example_names); e++)
    {
      g_autoptr(XqSession) original = load_example (example_names[e]);
      g_autoptr(XqSession) noted = decorate (original, e, special_date, special_place, special_comment);
      g_autoptr(GBytes) plain = xq_session_to_xml (original);
      g_autoptr(GBytes) rich = xq_session_to_xml (noted);
      char *path;

      path = g_strdup_printf ("%s/example-%u.exchequer", dir, e);
      write_bytes (path, plain);
      g_ptr_array_add (paths, path);
      path = g_strdup_printf ("%s/example-%u-noted.exchequer", dir, e);
      write_bytes (path, rich);
      g_ptr_array_add (paths, path);
    }
  for (guint64 seed = 1; seed <= 6; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed * 7, 2 + (guint) (seed % 5), &fx_random_style_long, 800);
      g_autoptr(XqSession) noted = decorate (game, seed, special_date, NULL, special_comment);
      g_autoptr(GBytes) bytes = xq_session_to_xml (noted);
      char *path = g_strdup_printf ("%s/random-%" G_GUINT64_FORMAT ".exchequer", dir, seed);

      write_bytes (path, bytes);
      g_ptr_array_add (paths, path);
    }
  /* All three table rules, and a game with none of its moves yet. */
  {
    g_autoptr(XqSession) game = game_under (FX_READING_ROUND_ALL | FX_READING_FIVE_PLAYERS
                                            | FX_READING_NONE_STRENGTHENED);
    g_autoptr(XqSession) empty = xq_session_new (xq_session_get_game (game), xq_session_get_setup (game));
    g_autoptr(GBytes) bytes = xq_session_to_xml (game);
    g_autoptr(GBytes) empty_bytes = xq_session_to_xml (empty);
    char *path = g_strdup_printf ("%s/table-rules.exchequer", dir);

    write_bytes (path, bytes);
    g_ptr_array_add (paths, path);
    path = g_strdup_printf ("%s/table-rules-no-moves.exchequer", dir);
    write_bytes (path, empty_bytes);
    g_ptr_array_add (paths, path);
  }
  /* A session still in its first turn has no moves at all. */
  {
    g_autoptr(XqSession) game = fx_random_game (3, 3, &fx_random_style_prudent, 600);
    g_autoptr(XqSession) empty = xq_session_new (xq_session_get_game (game), xq_session_get_setup (game));
    g_autoptr(GBytes) bytes = xq_session_to_xml (empty);
    char *path = g_strdup_printf ("%s/no-moves.exchequer", dir);

    write_bytes (path, bytes);
    g_ptr_array_add (paths, path);
  }

  status = run_xmllint (paths, &err);
  if (status != 0)
    g_error ("xmllint refused a written session (status %d):\n%s", status, err);
  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *expected = g_strdup_printf ("%s validates", (const char *) g_ptr_array_index (paths, i));

      g_assert_nonnull (strstr (err, expected));
    }

  /* The same check refuses a document that breaks the schema: an amount, a table rule's reading. */
  {
    g_autoptr(XqSession) game = game_under (FX_READING_ROUND_ALL);
    g_autofree char *text = edited_xml (game, rule_rounding, "<rule point=\"rounding\" reading=\"sideways\"/>");
    g_autofree char *path = g_build_filename (dir, "broken-rule.exchequer", NULL);
    g_autoptr(GPtrArray) one = g_ptr_array_new ();
    g_autofree char *broken_err = NULL;

    g_assert_true (g_file_set_contents (path, text, -1, NULL));
    g_ptr_array_add (one, path);
    g_assert_cmpint (run_xmllint (one, &broken_err), !=, 0);
    g_assert_nonnull (strstr (broken_err, "fails to validate"));
  }
  {
    g_autoptr(XqSession) original = load_example ("for-ex-20-4p.xqn");
    g_autoptr(GBytes) bytes = xq_session_to_xml (original);
    g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_autofree char *broken = hostile_set_value (text, "<moves>", "amount", "7.3");
    g_autofree char *path = g_build_filename (dir, "broken.exchequer", NULL);
    g_autoptr(GPtrArray) one = g_ptr_array_new ();
    g_autofree char *broken_err = NULL;

    g_assert_true (g_file_set_contents (path, broken, -1, NULL));
    g_ptr_array_add (one, path);
    g_assert_cmpint (run_xmllint (one, &broken_err), !=, 0);
    g_assert_nonnull (strstr (broken_err, "fails to validate"));
  }

  test_remove_tree (dir);
}

/* The line @needle starts on in @text, counting from 1. */
static guint
line_of (const char *text,
         const char *needle)
{
  const char *at = strstr (text, needle);
  guint line = 1;

  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

static void
assert_refused (const HostileCase *c,
                XqSession         *session,
                const GError      *error,
                guint              line,
                const char        *how)
{
  if (session != NULL)
    g_error ("%s (%s): a broken document was accepted", c->name, how);
  if (error == NULL)
    g_error ("%s (%s): refused without an error", c->name, how);
  g_test_message ("%s (%s): line %u: %s", c->name, how, line, error->message);
  if (!g_error_matches (error, XQ_FILE_ERROR, c->code))
    g_error ("%s (%s): expected XQ_FILE_ERROR code %d, got %s code %d: %s", c->name, how, c->code,
             g_quark_to_string (error->domain), error->code, error->message);
  for (guint n = 0; n < G_N_ELEMENTS (c->needles) && c->needles[n] != NULL; n++)
    if (strstr (error->message, c->needles[n]) == NULL)
      g_error ("%s (%s): the message does not say “%s”: %s", c->name, how, c->needles[n], error->message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_null (strchr (error->message, '\n'));
  if (c->has_line)
    g_assert_cmpuint (line, >, 0);
  if (c->line_marker != NULL)
    g_assert_cmpuint (line, ==, hostile_marked_line (c));
}

static void
test_hostile_in_memory (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autoptr(GArray) cases = hostile_cases_new (path);

  g_assert_cmpuint (cases->len, >=, 17);
  for (guint i = 0; i < cases->len; i++)
    {
      const HostileCase *c = &g_array_index (cases, HostileCase, i);
      gsize length = 0;
      const char *data = g_bytes_get_data (c->data, &length);
      g_autofree char *copy = g_memdup2 (data != NULL ? data : "", length + 1);

      {
        g_autoptr(GError) error = NULL;
        guint line = 999999;
        g_autoptr(XqSession) session = xq_session_new_from_xml (data != NULL ? data : "", length, &line, &error);

        assert_refused (c, session, error, line, "xml");
      }
      {
        g_autoptr(GError) error = NULL;
        guint line = 999999;
        g_autoptr(XqSession) session = xq_session_new_from_data (data != NULL ? data : "", length, &line, &error);

        assert_refused (c, session, error, line, "data");
      }
      /* Reading never writes into the caller's buffer. */
      g_assert_cmpmem (data, length, copy, length);
    }
}

/* Where the error points: the move that was refused. */
static void
test_hostile_lines (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autoptr(GArray) cases = hostile_cases_new (path);
  guint checked = 0;

  for (guint i = 0; i < cases->len; i++)
    {
      const HostileCase *c = &g_array_index (cases, HostileCase, i);
      g_autofree char *text = g_strndup (g_bytes_get_data (c->data, NULL), g_bytes_get_size (c->data));
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) session = NULL;
      guint line = 0;

      if (strcmp (c->name, "illegal-move") != 0 && strcmp (c->name, "data-disagree") != 0)
        continue;
      session = xq_session_new_from_xml (text, strlen (text), &line, &error);
      g_assert_null (session);
      g_assert_cmpuint (line, ==, line_of (text, "<move n=\"1\""));
      checked++;
    }
  g_assert_cmpuint (checked, ==, 2);
}

static void
test_hostile_files (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autoptr(GArray) cases = hostile_cases_new (path);
  g_autofree char *dir = make_tmp_dir ();

  for (guint i = 0; i < cases->len; i++)
    {
      const HostileCase *c = &g_array_index (cases, HostileCase, i);
      g_autofree char *name = g_strdup_printf ("%s.exchequer", c->name);
      g_autofree char *file_path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (file_path);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) session = NULL;
      g_autofree char *etag = NULL;
      g_autofree char *after = NULL;
      gsize after_length = 0;
      GStatBuf before_stat, after_stat;
      guint line = 999999;

      write_bytes (file_path, c->data);
      g_assert_no_errno (g_stat (file_path, &before_stat));
      session = xq_session_load (file, &etag, &line, NULL, &error);
      assert_refused (c, session, error, line, "file");
      g_assert_null (etag);

      g_assert_true (g_file_get_contents (file_path, &after, &after_length, NULL));
      g_assert_cmpmem (after, after_length, g_bytes_get_data (c->data, NULL), g_bytes_get_size (c->data));
      g_assert_no_errno (g_stat (file_path, &after_stat));
      g_assert_cmpint (after_stat.st_ino, ==, before_stat.st_ino);
      g_assert_cmpint (after_stat.st_mtime, ==, before_stat.st_mtime);
    }

  /* Nothing but the files written here: no backups, no temporary files. */
  {
    g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
    guint n = 0;

    while (g_dir_read_name (listing) != NULL)
      n++;
    g_assert_cmpuint (n, ==, cases->len);
  }
  test_remove_tree (dir);
}

static void
test_xxe_leaks_nothing (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autoptr(GArray) cases = hostile_cases_new (path);
  g_autofree char *passwd = NULL;
  g_auto(GStrv) lines = NULL;
  guint checked = 0;

  if (!g_file_get_contents ("/etc/passwd", &passwd, NULL, NULL))
    passwd = g_strdup ("root:x:0:0:root:/root:/bin/bash\n");
  lines = g_strsplit (passwd, "\n", -1);

  for (guint i = 0; i < cases->len; i++)
    {
      const HostileCase *c = &g_array_index (cases, HostileCase, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) session = NULL;

      if (strcmp (c->name, "xxe") != 0)
        continue;
      session = xq_session_new_from_xml (g_bytes_get_data (c->data, NULL), g_bytes_get_size (c->data), NULL, &error);
      g_assert_null (session);
      g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_FORBIDDEN);
      g_assert_null (strstr (error->message, "root:"));
      g_assert_null (strstr (error->message, "/bin/"));
      for (guint l = 0; lines[l] != NULL; l++)
        if (strlen (lines[l]) >= 8)
          g_assert_null (strstr (error->message, lines[l]));
      checked++;
    }
  g_assert_cmpuint (checked, ==, 1);
}

/* The entities are refused before any parsing, so the bomb costs nothing. */
static void
test_billion_laughs_is_quick (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autoptr(GArray) cases = hostile_cases_new (path);
  guint checked = 0;

  for (guint i = 0; i < cases->len; i++)
    {
      const HostileCase *c = &g_array_index (cases, HostileCase, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) session = NULL;

      if (strcmp (c->name, "billion-laughs") != 0)
        continue;
      session = xq_session_new_from_xml (g_bytes_get_data (c->data, NULL), g_bytes_get_size (c->data), NULL, &error);
      g_assert_null (session);
      g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_FORBIDDEN);
      checked++;
    }
  g_assert_cmpuint (checked, ==, 1);
}

/* A 200 MB file is refused by its size, without being read into memory. */
static void
test_huge_file (void)
{
  const goffset size = (goffset) 200 * 1024 * 1024;
  g_autofree char *dir = make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "huge.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  struct stat before, after;
  int fd;

  fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_no_errno (write (fd, "<", 1) == 1 ? 0 : -1);
  g_assert_no_errno (ftruncate (fd, size));
  g_assert_no_errno (close (fd));
  g_assert_no_errno (stat (path, &before));
  g_assert_cmpint (before.st_size, ==, size);

  session = xq_session_load (file, NULL, NULL, NULL, &error);
  g_test_message ("refused: %s", error != NULL ? error->message : "(no error)");
  g_assert_null (session);
  g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "bytes"));

  g_assert_no_errno (stat (path, &after));
  g_assert_cmpint (after.st_size, ==, before.st_size);
  g_assert_cmpint (after.st_ino, ==, before.st_ino);
  g_assert_cmpint (after.st_mtime, ==, before.st_mtime);
  g_assert_cmpint (after.st_blocks, ==, before.st_blocks);

  test_remove_tree (dir);
}

/* The same limit holds for bytes already in memory, in both formats. */
static void
test_huge_in_memory (void)
{
  gsize length = XQ_SESSION_MAX_BYTES + 1;
  g_autofree char *data = g_malloc (length);

  memset (data, ' ', length);
  data[0] = '<';
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(XqSession) session = xq_session_new_from_xml (data, length, NULL, &error);

    g_assert_null (session);
    g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE);
  }
  data[0] = 'g';
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(XqSession) session = xq_session_new_from_data (data, length, NULL, &error);

    g_assert_null (session);
    g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_TOO_LARGE);
  }
}

/* A document the reader accepts apart from what each case breaks: the base
 * of the hostile cases loads, so each refusal is the case's doing. */
static void
test_hostile_base_loads (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autoptr(XqSession) base = hostile_base_session (path);
  g_autofree char *doc = hostile_base_document (base);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = xq_session_new_from_xml (doc, strlen (doc), NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (session);
  assert_sessions_equal (base, session);
}

/* Text a player can type is saved in a form that loads again: a control
 * character in a note (a pasted form feed or escape) must not turn the saved
 * session into a file that is refused as not well-formed. */
static void
test_control_characters_in_notes (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autoptr(XqSession) session = hostile_base_session (path);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) copy = NULL;

  xq_session_set_comment (session, "page one\x0cpage two \x1b[1mbold");
  bytes = xq_session_to_xml (session);
  copy = xq_session_new_from_xml (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, &error);
  /* Failing softly, so the tests after this one still run. */
  if (copy == NULL)
    {
      g_test_fail_printf ("a saved session with a control character in its comment does not load: %s",
                          error->message);
      return;
    }
  g_assert_true (g_str_has_prefix (xq_session_get_comment (copy), "page one"));
  g_assert_nonnull (strstr (xq_session_get_comment (copy), "bold"));
}

/* The same for a correction's reason, which the session accepts as any one
 * line of text without control characters. */
static void
test_control_characters_in_reasons (void)
{
  g_autoptr(XqSession) game = fx_random_game (5, 3, &fx_random_style_long, 600);
  const XqGame *xq_game = xq_session_get_game (game);
  g_autoptr(XqSession) session = xq_session_new (xq_game, xq_session_get_setup (game));
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) copy = NULL;
  guint n_corrections = 0;

  for (guint i = 0; i < xq_session_get_n_moves (game); i++)
    {
      gconstpointer move = xq_session_get_move (game, i);
      gboolean correction = xq_game->move_is_correction (move);
      g_autoptr(GError) play_error = NULL;

      /* A reason the session refuses is fine too; one it records must save. */
      if (!xq_session_play (session, move, correction ? "bell\x07 rang" : NULL, &play_error))
        {
          g_assert_true (correction);
          g_assert_true (xq_session_play (session, move, "bell rang", NULL));
        }
      n_corrections += correction;
    }
  g_assert_cmpuint (n_corrections, >, 0);
  bytes = xq_session_to_xml (session);
  copy = xq_session_new_from_xml (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, &error);
  if (copy == NULL)
    g_test_fail_printf ("a saved session with a control character in a reason does not load: %s",
                        error->message);
}

/* A session file can bring any character into a reason as a character
 * reference: C1 controls are refused as C0 ones are, and what moves or
 * breaks the text around it (U+2028, a bidirectional override or isolate)
 * with a sentence naming it; the move is named too. */
/* The session document of a two-player game with one correction whose
 * reason is "fine": the text the hostile variants below start from. */
static char *
corrected_game_document (void)
{
  static const char notation[] = "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n"
                                 "correct cash Ann GBP 3 \"fine\"\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = xq_session_new_from_notation (notation, -1, NULL, &error);
  g_autoptr(GBytes) bytes = NULL;

  g_assert_no_error (error);
  bytes = xq_session_to_xml (session);
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static void
test_reason_characters_refused (void)
{
  static const struct
  {
    const char *reference;
    const char *sentence;
  } cases[] = {
    { "&#x85;", "move 1 (correct cash Ann GBP 3): a correction’s reason cannot contain U+0085, a control character" },
    { "&#x9B;2J", "move 1 (correct cash Ann GBP 3): a correction’s reason cannot contain U+009B, a control character" },
    { "&#x9;&#xA;", "move 1 (correct cash Ann GBP 3): a correction’s reason cannot contain U+000A, a control character" },
    { "&#x202E;", "move 1 (correct cash Ann GBP 3): a correction’s reason cannot contain U+202E, a character that moves or breaks the text around it" },
    { "&#x2029;", "move 1 (correct cash Ann GBP 3): a correction’s reason cannot contain U+2029, a character that moves or breaks the text around it" },
    { "&#x2066;", "move 1 (correct cash Ann GBP 3): a correction’s reason cannot contain U+2066, a character that moves or breaks the text around it" },
  };
  g_autofree char *doc = corrected_game_document ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *reason = g_strdup_printf ("<reason>fi%sne</reason>", cases[i].reference);
      g_autofree char *text = hostile_replace_first (doc, "<reason>fine</reason>", reason);
      g_autoptr(GError) load_error = NULL;
      g_autoptr(XqSession) copy = xq_session_new_from_xml (text, strlen (text), NULL, &load_error);

      g_assert_null (copy);
      g_assert_nonnull (load_error);
      g_assert_cmpstr (load_error->message, ==, cases[i].sentence);
    }
}

/* xs:dateTime, which the schema allows for a move's time, may leave out the
 * zone; such a time is read (as UTC) or refused, never silently replaced by
 * the time of loading. */
static void
test_time_without_zone (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autoptr(XqSession) session = hostile_base_session (path);
  g_autofree char *doc = hostile_base_document (session);
  g_autofree char *text = hostile_set_value (doc, "<move n=\"1\"", "time", "2024-03-01T12:00:00");
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) copy = xq_session_new_from_xml (text, strlen (text), NULL, &error);

  if (copy == NULL)
    {
      g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
      return;
    }
  if (xq_session_get_move_time (copy, 0) != 1709294400)
    g_test_fail_printf ("time=\"2024-03-01T12:00:00\" was read as %" G_GINT64_FORMAT ", not 1709294400",
                        xq_session_get_move_time (copy, 0));
}

/* A document in UTF-16 hides "<!DOCTYPE" from a byte search; it must still
 * be refused, and nothing of the file it names may come back. */
static void
test_utf16_doctype (void)
{
  static const char xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n"
    "<!DOCTYPE session [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
    "<session xmlns=\"" XQ_SESSION_NAMESPACE "\" format=\"1\" app-version=\"0\" game=\"for-ex\">"
    "<notes><place>&xxe;</place></notes></session>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autofree gunichar2 *utf16 = g_utf8_to_utf16 (xml, -1, NULL, NULL, NULL);
  GString *data = g_string_new_len ("\xFF\xFE", 2);
  g_autofree char *bytes = NULL;
  gsize length;

  for (const gunichar2 *u = utf16; *u != 0; u++)
    {
      g_string_append_c (data, (char) (*u & 0xFF));
      g_string_append_c (data, (char) (*u >> 8));
    }
  length = data->len;
  bytes = g_string_free (data, FALSE);
  session = xq_session_new_from_xml (bytes, length, NULL, &error);
  g_assert_null (session);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (error->domain == XQ_FILE_ERROR);
  g_assert_true (error->code == XQ_FILE_ERROR_FORBIDDEN || error->code == XQ_FILE_ERROR_NOT_XML);
  g_assert_null (strstr (error->message, "root:"));
}

/* "<!DOCTYPE" is refused only as markup: in a comment, a CDATA section or
 * a processing instruction it is text, and the file loads. */
static void
test_doctype_only_as_markup (void)
{
  static const struct
  {
    const char *find;
    const char *replace;
    int         code;       /* -1: it loads */
  } cases[] = {
    { "?>\n", "?>\n<!-- an old <!DOCTYPE session> was here -->\n", -1 },
    { "<players>", "<players><!-- <!DOCTYPE --><?note <!DOCTYPE x?>", -1 },
    { "<reason>fine</reason>", "<reason><![CDATA[<!DOCTYPE x [<!ENTITY e \"boom\">]>]]></reason>", -1 },
    /* A real one after a comment, a comment closed too early, and one left open. */
    { "?>\n", "?>\n<!-- a --><!DOCTYPE session [<!ENTITY e \"x\">]>\n", XQ_FILE_ERROR_FORBIDDEN },
    { "?>\n", "?>\n<!-- a -- > --><!DOCTYPE session>\n", XQ_FILE_ERROR_FORBIDDEN },
    { "?>\n", "?>\n<!-- <!DOCTYPE session>\n", XQ_FILE_ERROR_NOT_XML },
  };
  g_autofree char *doc = corrected_game_document ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = hostile_replace_first (doc, cases[i].find, cases[i].replace);
      g_autoptr(GError) load_error = NULL;
      g_autoptr(XqSession) copy = xq_session_new_from_xml (text, strlen (text), NULL, &load_error);

      g_test_message ("case %u: %s", i, load_error != NULL ? load_error->message : "loads");
      if (cases[i].code < 0)
        {
          g_assert_no_error (load_error);
          g_assert_nonnull (copy);
          if (i == 2)
            g_assert_cmpstr (xq_session_get_move_reason (copy, 0), ==, "<!DOCTYPE x [<!ENTITY e \"boom\">]>");
        }
      else
        {
          g_assert_null (copy);
          g_assert_error (load_error, XQ_FILE_ERROR, cases[i].code);
        }
    }
}

/* What libxml2 refuses is refused as not well-formed, with its line; what it
 * only warns about is refused too; its depth limit stays (no XML_PARSE_HUGE). */
static void
test_malformed (void)
{
  static const struct
  {
    const char *text;
    const char *needle;
    guint       line;
  } cases[] = {
    { "<a>\n<b></a>", "mismatch", 2 },
    { "<a>\n", NULL, 2 },
    { "<a>\xff</a>", "UTF-8", 1 },
    { "<a>&nothing;</a>", "nothing", 1 },
    { "<a b='1' b='2'/>", "b", 1 },
    { "<a/><b/>", NULL, 1 },
    { "<a xmlns='relative'/>", "relative", 1 },
  };
  g_autoptr(GString) deep = g_string_new (NULL);

  for (guint i = 0; i < 300; i++)
    g_string_append (deep, "<a>");
  for (guint i = 0; i < 300; i++)
    g_string_append (deep, "</a>");

  for (guint i = 0; i <= G_N_ELEMENTS (cases); i++)
    {
      const char *text = i < G_N_ELEMENTS (cases) ? cases[i].text : deep->str;
      const char *needle = i < G_N_ELEMENTS (cases) ? cases[i].needle : "depth";
      g_autoptr(GError) error = NULL;
      guint line = 0;
      g_autoptr(XqSession) session = xq_session_new_from_xml (text, strlen (text), &line, &error);

      g_assert_null (session);
      g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_NOT_XML);
      g_assert_nonnull (strstr (error->message, "well-formed"));
      g_assert_null (strchr (error->message, '\n'));
      if (needle != NULL && strstr (error->message, needle) == NULL)
        g_error ("“%s” does not mention “%s”", error->message, needle);
      g_assert_cmpuint (line, ==, i < G_N_ELEMENTS (cases) ? cases[i].line : 1);
    }
}

/* The parse itself stops at a document type declaration, before anything
 * in it is read (the loader looks for one in the bytes first). */
static void
test_parse_stops_at_doctype (void)
{
  static const char document[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE a [ <!ENTITY e SYSTEM \"file:///etc/passwd\"> ]>\n"
    "<a>&e;</a>";
  gboolean has_doctype = FALSE;
  g_autofree char *problem = NULL;
  xmlDoc *doc = xq_xml_parse (document, strlen (document), &has_doctype, &problem, NULL);

  g_assert_null (doc);
  g_assert_true (has_doctype);
}

/* Saved files stay as every version has written them: the shipped example
 * loads and saves to the same bytes, and notes are escaped as before. */
static void
test_written_bytes_stable (void)
{
  g_autofree char *path = g_build_filename (EXAMPLES_DIR, "for-ex-sample.exchequer", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GBytes) bytes = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  session = xq_session_new_from_xml (text, length, NULL, &error);
  g_assert_no_error (error);
  bytes = xq_session_to_xml (session);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), text, length);

  xq_session_set_date (session, "<tag> & \"quotes\" 'apostrophes'");
  xq_session_set_place (session, "line one\nline two\r\nthree\ttab");
  xq_session_set_comment (session, "   ");
  g_clear_pointer (&bytes, g_bytes_unref);
  bytes = xq_session_to_xml (session);
  g_clear_pointer (&text, g_free);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_assert_nonnull (strstr (text, "\" format=\"1\" app-version=\"" PACKAGE_VERSION "\" game=\"for-ex\">\n"
                                  "  <notes>\n"
                                  "    <date>&lt;tag&gt; &amp; \"quotes\" 'apostrophes'</date>\n"
                                  "    <place>line one\nline two&#13;\nthree\ttab</place>\n"
                                  "    <comment>   </comment>\n"
                                  "  </notes>\n"
                                  "  <players>\n"
                                  "    <player name=\"Agnes\"/>\n"));
}

/* Move times are xsd:dateTime in UTC, four-digit years; what GDateTime
 * cannot hold is written as the epoch. */
static void
test_written_times (void)
{
  static const struct
  {
    gint64      time;
    const char *text;
    gint64      read_back;
  } cases[] = {
    { 0, "1970-01-01T00:00:00Z", 0 },
    { -1, "1969-12-31T23:59:59Z", -1 },
    { 951782400, "2000-02-29T00:00:00Z", 951782400 },
    { -62135596800, "0001-01-01T00:00:00Z", -62135596800 },
    { 253402300799, "9999-12-31T23:59:59Z", 253402300799 },
    { 253402300800, "1970-01-01T00:00:00Z", 0 },
    { -62135596801, "1970-01-01T00:00:00Z", 0 },
  };
  g_autoptr(XqSession) game = fx_random_game (1, 3, &fx_random_style_default, 40);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) copy = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpuint (xq_session_get_n_moves (game), >=, G_N_ELEMENTS (cases));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    xq_session_set_move_time (game, i, cases[i].time);
  bytes = xq_session_to_xml (game);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  copy = xq_session_new_from_xml (text, strlen (text), NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *attribute = g_strdup_printf ("<move n=\"%u\" time=\"%s\"", i + 1, cases[i].text);

      if (strstr (text, attribute) == NULL)
        g_error ("move %u: %" G_GINT64_FORMAT " is not written as %s", i + 1, cases[i].time, cases[i].text);
      g_assert_cmpint (xq_session_get_move_time (copy, i), ==, cases[i].read_back);
    }
}

/* @doc with @n copies of @element inserted right after the first @after. */
static char *
with_copies (const char *doc,
             const char *after,
             const char *element,
             guint       n)
{
  GString *copies = g_string_sized_new (n * strlen (element));
  g_autofree char *anchor = NULL;
  char *text;

  for (guint i = 0; i < n; i++)
    g_string_append (copies, element);
  anchor = g_strconcat (after, copies->str, NULL);
  text = hostile_replace_first (doc, after, anchor);
  g_string_free (copies, TRUE);
  return text;
}

/* Issue #23: libxml2's validator takes time growing with the square of an
 * element's children (700,000 <player> were unanswered after 900 s). No
 * element but <moves> may hold more than the format ever gives one, and
 * the refusal names the element and the limit; a long list of wrong moves
 * is refused at the first. */
static void
test_many_siblings (void)
{
  g_autoptr(XqSession) session = hostile_base_session (TEST_DATA_DIR "/for-ex-20-4p.xqn");
  g_autofree char *doc = hostile_base_document (session);
  const struct { const char *after, *element, *parent; guint n; } cases[] = {
    { "<players>", "<player name=\"P\"/>", "<players> holds 700004 elements", 700000 },
    { "<setup>", "<removed currency=\"EUR\"/>", "<setup> holds 100", 1000 },
    { "<snapshot>", "<pair stronger=\"EUR\" weaker=\"USD\" value=\"2\"/>", "<snapshot> holds 100", 100000 },
    { "</xqn>", "<sell player=\"P\" count=\"1\"/>", "<move> holds 100001 elements", 100000 },
    { "<notes>", "<place>x</place>", "<notes> holds 100", 100000 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = with_copies (doc, cases[i].after, cases[i].element, cases[i].n);
      g_autoptr(GError) error = NULL;
      guint line = 0;
      g_autoptr(XqSession) loaded = xq_session_new_from_xml (text, strlen (text), &line, &error);

      g_assert_null (loaded);
      g_test_message ("%s ×%u: line %u: %s", cases[i].element, cases[i].n, line, error->message);
      g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, cases[i].parent));
      g_assert_nonnull (strstr (error->message, "no element but <moves> holds more than 64"));
      g_assert_cmpuint (line, >, 0);
    }

  /* <moves> may hold any number; a wrong one among them is named. */
  {
    g_autofree char *text = with_copies (doc, "<moves>", "<foo/>", 100000);
    g_autoptr(GError) error = NULL;
    g_autoptr(XqSession) loaded = xq_session_new_from_xml (text, strlen (text), NULL, &error);

    g_assert_null (loaded);
    g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "<moves> holds <foo> where <move> belongs"));
  }
  /* Comments and blank text between them are no elements, and change nothing. */
  {
    g_autofree char *text = with_copies (doc, "<players>", "<!-- seat --> ", 100000);
    g_autoptr(GError) error = NULL;
    g_autoptr(XqSession) loaded = xq_session_new_from_xml (text, strlen (text), NULL, &error);

    g_assert_no_error (error);
    fx_test_assert_same_game (session, loaded);
  }
}

/* The moves are validated one at a time: each complaint about a move still
 * names it and its line, and text among the moves is refused as before. */
static void
test_move_complaints (void)
{
  g_autoptr(XqSession) session = hostile_base_session (TEST_DATA_DIR "/for-ex-20-4p.xqn");
  g_autofree char *doc = hostile_base_document (session);
  const struct { const char *find, *replace, *says; } cases[] = {
    { "<move n=\"1\"", "<move n=\"0\"", "<move> has n=\"0\"" },
    { "<move n=\"1\"", "stray words <move n=\"1\"", "<moves> holds text (“stray words”) where only elements belong" },
    { "</xqn>", "</xqn><bar/>", "<move> holds a <bar> the format does not allow there" },
    { "</xqn>", "</xqn>junk", "<move> holds text (“junk”) where only elements belong" },
    { "<move n=\"1\"", "<move xmlns=\"urn:x\" n=\"1\"", "<move> is not in the namespace" },
    { "type=\"spot\"", "type=\"spit\"", "<move> has type=\"spit\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = hostile_replace_first (doc, cases[i].find, cases[i].replace);
      g_autoptr(GError) error = NULL;
      guint line = 0;
      g_autoptr(XqSession) loaded = xq_session_new_from_xml (text, strlen (text), &line, &error);

      g_assert_null (loaded);
      g_test_message ("line %u: %s", line, error->message);
      g_assert_error (error, XQ_FILE_ERROR, XQ_FILE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "does not follow the session format"));
      g_assert_nonnull (strstr (error->message, cases[i].says));
      g_assert_cmpuint (line, >, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  /* Run every test even after one fails softly, so each problem is reported. */
  g_autofree char **args = g_new0 (char *, argc + 2);

  for (int i = 0; i < argc; i++)
    args[i] = argv[i];
  args[argc++] = (char *) "--keep-going";
  argv = args;
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/session-xml/round-trip/examples", test_round_trip_examples);
  g_test_add_func ("/session-xml/round-trip/example-reasons", test_round_trip_example_reasons);
  g_test_add_func ("/session-xml/round-trip/random", test_round_trip_random);
  g_test_add_func ("/session-xml/round-trip/notation", test_notation_through_xml);
  g_test_add_func ("/session-xml/table-rules", test_table_rules);
  g_test_add_func ("/session-xml/schema/validates", test_schema_validates);
  g_test_add_func ("/session-xml/hostile/base-loads", test_hostile_base_loads);
  g_test_add_func ("/session-xml/hostile/in-memory", test_hostile_in_memory);
  g_test_add_func ("/session-xml/hostile/lines", test_hostile_lines);
  g_test_add_func ("/session-xml/hostile/files", test_hostile_files);
  g_test_add_func ("/session-xml/hostile/xxe", test_xxe_leaks_nothing);
  g_test_add_func ("/session-xml/hostile/billion-laughs", test_billion_laughs_is_quick);
  g_test_add_func ("/session-xml/hostile/huge-file", test_huge_file);
  g_test_add_func ("/session-xml/hostile/huge-in-memory", test_huge_in_memory);
  g_test_add_func ("/session-xml/hostile/utf16-doctype", test_utf16_doctype);
  g_test_add_func ("/session-xml/hostile/doctype-only-as-markup", test_doctype_only_as_markup);
  g_test_add_func ("/session-xml/hostile/malformed", test_malformed);
  g_test_add_func ("/session-xml/hostile/parse-stops-at-doctype", test_parse_stops_at_doctype);
  g_test_add_func ("/session-xml/hostile/many-siblings", test_many_siblings);
  g_test_add_func ("/session-xml/hostile/move-complaints", test_move_complaints);
  g_test_add_func ("/session-xml/written/bytes-stable", test_written_bytes_stable);
  g_test_add_func ("/session-xml/written/times", test_written_times);
  g_test_add_func ("/session-xml/written/control-characters-in-notes", test_control_characters_in_notes);
  g_test_add_func ("/session-xml/written/control-characters-in-reasons", test_control_characters_in_reasons);
  g_test_add_func ("/session-xml/hostile/reason-characters", test_reason_characters_refused);
  g_test_add_func ("/session-xml/written/time-without-zone", test_time_without_zone);

  return g_test_run ();
}
