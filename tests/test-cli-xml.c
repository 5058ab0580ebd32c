/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests exchequer-cli with session files: convert both ways, the same answers as XQN, hostile files refused. */

#include "config.h"

#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hostile-sessions.h"
#include "xq-games.h"
#include "xq-session.h"
#include "cli-support.h"
#include "test-dirs.h"

static const char *const example_names[] = { "for-ex-20-4p.xqn", "for-ex-42-4p.xqn" };

static void
assert_success (const Run  *run,
                const char *what)
{
  if (run->status != 0)
    g_error ("%s: exit status %d, stderr:\n%s", what, run->status, run->err);
  g_assert_cmpstr (run->err, ==, "");
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s", error->message);
  return contents;
}

static guint
count_files (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Runs @command on @a and on @b; both must succeed with the same output. */
static void
assert_same_output (const char *command,
                    const char *a,
                    const char *b)
{
  g_auto(Run) ra = { 0 };
  g_auto(Run) rb = { 0 };
  g_autofree char *what_a = g_strdup_printf ("%s %s", command, a);
  g_autofree char *what_b = g_strdup_printf ("%s %s", command, b);

  RUN (&ra, command, a);
  RUN (&rb, command, b);
  assert_success (&ra, what_a);
  assert_success (&rb, what_b);
  g_assert_cmpstr (rb.out, ==, ra.out);
}

/* .xqn → .exchequer → .xqn: every command answers the same at each step. */
static void
test_convert_round_trip (Tmp           *tmp,
                         gconstpointer  data)
{
  for (guint e = 0; e < G_N_ELEMENTS (example_names); e++)
    {
      g_autofree char *xqn = g_build_filename (TEST_DATA_DIR, example_names[e], NULL);
      g_autofree char *xml = g_strdup_printf ("%s/example-%u.exchequer", tmp->dir, e);
      g_autofree char *back = g_strdup_printf ("%s/example-%u.xqn", tmp->dir, e);
      g_autofree char *again = g_strdup_printf ("%s/example-%u-again.exchequer", tmp->dir, e);
      g_autofree char *original = read_file (xqn);
      g_autofree char *xml_text = NULL;
      g_autofree char *back_text = NULL;
      g_autofree char *again_text = NULL;
      g_autofree char *expected_state_path = g_strdup_printf ("%s.state", xqn);
      g_autofree char *expected_state = read_file (expected_state_path);

      {
        g_auto(Run) run = { 0 };

        RUN (&run, "convert", xqn, xml);
        assert_success (&run, "convert .xqn .exchequer");
        g_assert_cmpstr (run.out, ==, "");
      }
      xml_text = read_file (xml);
      g_assert_true (g_str_has_prefix (xml_text, "<?xml"));
      g_assert_nonnull (strstr (xml_text, XQ_SESSION_NAMESPACE));
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "convert", xml, back);
        assert_success (&run, "convert .exchequer .xqn");
      }
      back_text = read_file (back);
      g_assert_true (g_str_has_prefix (back_text, "game for-ex\n"));
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "convert", back, again);
        assert_success (&run, "convert .xqn .exchequer again");
      }
      /* Notation holds everything of the game but the times. */
      again_text = read_file (again);
      {
        g_autoptr(GRegex) times = g_regex_new (" time=\"[^\"]*\"", 0, 0, NULL);
        g_autofree char *timeless = g_regex_replace_literal (times, xml_text, -1, 0, "", 0, NULL);
        g_autofree char *timeless_again = g_regex_replace_literal (times, again_text, -1, 0, "", 0, NULL);

        g_assert_cmpuint (strlen (timeless), <, strlen (xml_text));
        g_assert_cmpstr (timeless_again, ==, timeless);
      }

      for (guint c = 0; c < 4; c++)
        {
          static const char *const commands[] = { "check", "state", "score", "legal" };

          assert_same_output (commands[c], xqn, xml);
          assert_same_output (commands[c], xqn, back);
          assert_same_output (commands[c], xqn, again);
        }
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "state", xml);
        assert_success (&run, "state .exchequer");
        /* The expected file starts with the exit status. */
        g_assert_true (g_str_has_prefix (expected_state, "exit 0\n"));
        g_assert_cmpstr (run.out, ==, expected_state + strlen ("exit 0\n"));
      }
      /* --after reads the replayed history of a session file as well. */
      for (guint after = 0; after <= 6; after += 3)
        {
          g_auto(Run) ra = { 0 };
          g_auto(Run) rb = { 0 };
          g_autofree char *n = g_strdup_printf ("%u", after);

          RUN (&ra, "state", xqn, "--after", n);
          RUN (&rb, "state", xml, "--after", n);
          assert_success (&ra, "state --after .xqn");
          assert_success (&rb, "state --after .exchequer");
          g_assert_cmpstr (rb.out, ==, ra.out);
        }

      /* Converting never touches its input. */
      {
        g_autofree char *still = read_file (xqn);

        g_assert_cmpstr (still, ==, original);
      }
    }
}

/* Issue 15: the table rules survive .xqn → .exchequer → .xqn → .exchequer,
 * each format written the same way again, and every command, the readings
 * included, answers the same from either. */
static void
test_convert_table_rules (Tmp           *tmp,
                          gconstpointer  data)
{
  static const char *const rules[] = {
    "rule rounding round-all\n",
    "rule players 2-5\n",
    "rule strengthen none\n",
    "rule rounding round-all\nrule players 2-5\nrule strengthen none\n",
  };
  static const struct { const char *line; const char *element; } points[] = {
    { "rule rounding round-all\n", "<rule point=\"rounding\" reading=\"round-all\"/>" },
    { "rule players 2-5\n", "<rule point=\"players\" reading=\"2-5\"/>" },
    { "rule strengthen none\n", "<rule point=\"strengthen\" reading=\"none\"/>" },
  };

  for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
    {
      g_autofree char *text = g_strconcat ("game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n", rules[r],
                                           "correct cash Ann GBP 10.5\ninvest Ann GBP\nspot Ben Cat GBP EUR\nresolve Ben\n", NULL);
      g_autofree char *xqn = g_build_filename (tmp->dir, "rules.xqn", NULL);
      g_autofree char *xml = g_build_filename (tmp->dir, "rules.exchequer", NULL);
      g_autofree char *back = g_build_filename (tmp->dir, "back.xqn", NULL);
      g_autofree char *again = g_build_filename (tmp->dir, "again.exchequer", NULL);
      g_autofree char *xml_text = NULL;
      g_autofree char *back_text = NULL;
      g_autofree char *again_text = NULL;
      g_autoptr(GRegex) times = g_regex_new (" time=\"[^\"]*\"", 0, 0, NULL);

      g_test_message ("%s", rules[r]);
      g_assert_true (g_file_set_contents (xqn, text, -1, NULL));
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "convert", xqn, xml);
        assert_success (&run, "convert .xqn .exchequer");
      }
      xml_text = read_file (xml);
      for (guint p = 0; p < G_N_ELEMENTS (points); p++)
        {
          const char *hit = strstr (xml_text, points[p].element);

          g_assert_true ((hit != NULL) == (strstr (rules[r], points[p].line) != NULL));
          /* In the setup, after the removed certificates. */
          if (hit != NULL)
            g_assert_true (hit > strstr (xml_text, "<removed") && hit < strstr (xml_text, "</setup>"));
        }
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "convert", xml, back);
        assert_success (&run, "convert .exchequer .xqn");
      }
      back_text = read_file (back);
      g_assert_cmpstr (back_text, ==, text);
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "convert", back, again);
        assert_success (&run, "convert .xqn .exchequer again");
      }
      again_text = read_file (again);
      {
        g_autofree char *timeless = g_regex_replace_literal (times, xml_text, -1, 0, "", 0, NULL);
        g_autofree char *timeless_again = g_regex_replace_literal (times, again_text, -1, 0, "", 0, NULL);

        g_assert_cmpstr (timeless_again, ==, timeless);
      }
      for (guint c = 0; c < 3; c++)
        {
          static const char *const commands[] = { "check", "state", "score" };

          assert_same_output (commands[c], xqn, xml);
        }
      {
        g_auto(Run) ra = { 0 };
        g_auto(Run) rb = { 0 };

        RUN (&ra, "score", "--readings", xqn);
        RUN (&rb, "score", "--readings", xml);
        assert_success (&ra, "score --readings .xqn");
        assert_success (&rb, "score --readings .exchequer");
        g_assert_cmpstr (rb.out, ==, ra.out);
      }
      g_assert_no_errno (g_unlink (xqn));
      g_assert_no_errno (g_unlink (xml));
      g_assert_no_errno (g_unlink (back));
      g_assert_no_errno (g_unlink (again));
    }
}

/* A game in progress: "legal" lists the same actions from either format. */
static void
test_legal_mid_game (Tmp           *tmp,
                     gconstpointer  data)
{
  for (guint e = 0; e < G_N_ELEMENTS (example_names); e++)
    {
      g_autofree char *xqn = g_build_filename (TEST_DATA_DIR, example_names[e], NULL);
      g_autofree char *text = read_file (xqn);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) full = xq_session_new_from_notation (text, -1, NULL, &error);
      g_autoptr(XqSession) part = NULL;
      g_autofree char *part_xqn = g_strdup_printf ("%s/part-%u.xqn", tmp->dir, e);
      g_autofree char *part_xml = g_strdup_printf ("%s/part-%u.exchequer", tmp->dir, e);
      g_autofree char *notation = NULL;
      guint n_lists = 0;
      guint next = 8;

      g_assert_no_error (error);
      part = xq_session_new (xq_session_get_game (full), xq_session_get_setup (full));
      for (guint i = 0; i < xq_session_get_n_moves (full) && n_lists < 3; i++)
        {
          g_auto(Run) convert = { 0 };
          g_auto(Run) legal = { 0 };

          g_assert_true (xq_session_play (part, xq_session_get_move (full, i), xq_session_get_move_reason (full, i), NULL));
          if (i < next || !xq_session_check_complete (part, NULL, NULL))
            continue;
          next = i + 8;
          notation = xq_session_to_notation (part);
          g_assert_true (g_file_set_contents (part_xqn, notation, -1, NULL));
          g_clear_pointer (&notation, g_free);
          RUN (&convert, "convert", part_xqn, part_xml);
          assert_success (&convert, "convert part");
          RUN (&legal, "legal", part_xml);
          assert_success (&legal, "legal part");
          g_assert_cmpuint (strlen (legal.out), >, 0);
          assert_same_output ("legal", part_xqn, part_xml);
          assert_same_output ("state", part_xqn, part_xml);
          assert_same_output ("score", part_xqn, part_xml);
          n_lists++;
        }
      g_assert_cmpuint (n_lists, ==, 3);
    }
}

/* The output's extension decides; an unknown one is a usage error that
 * writes nothing. */
static void
test_convert_unknown_extension (Tmp           *tmp,
                                gconstpointer  data)
{
  g_autofree char *xqn = g_build_filename (TEST_DATA_DIR, example_names[0], NULL);
  static const char *const names[] = { "game.txt", "game.exchequer.bak", "game" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *out = g_build_filename (tmp->dir, names[i], NULL);
      g_auto(Run) run = { 0 };

      RUN (&run, "convert", xqn, out);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_nonnull (strstr (run.err, ".exchequer"));
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }
  g_assert_cmpuint (count_files (tmp->dir), ==, 0);
}

/* stderr is one line "FILE:LINE: error: …" or "FILE: error: …". */
static void
assert_error_line (const char *err,
                   const char *path,
                   gboolean    with_line)
{
  g_autoptr(GRegex) regex = NULL;
  g_autofree char *quoted = g_regex_escape_string (path, -1);
  g_autofree char *pattern = g_strdup_printf ("\\A%s%s: error: [^\\n]+\\n\\z", quoted, with_line ? ":[1-9][0-9]*" : "(:[1-9][0-9]*)?");

  regex = g_regex_new (pattern, 0, 0, NULL);
  g_assert_nonnull (regex);
  if (!g_regex_match (regex, err, 0, NULL))
    g_error ("stderr does not match %s:\n%s", pattern, err);
}

static void
test_hostile_files (Tmp           *tmp,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-20-4p.xqn", NULL);
  g_autoptr(GArray) cases = hostile_cases_new (path);

  g_assert_cmpuint (cases->len, >=, 17);
  for (guint i = 0; i < cases->len; i++)
    {
      const HostileCase *c = &g_array_index (cases, HostileCase, i);
      g_autofree char *name = g_strdup_printf ("%s.exchequer", c->name);
      g_autofree char *file = g_build_filename (tmp->dir, name, NULL);
      g_autofree char *out = g_strdup_printf ("%s/%s.xqn", tmp->dir, c->name);
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;
      gsize length = 0;

      g_assert_true (g_file_set_contents (file, g_bytes_get_data (c->data, NULL),
                                          (gssize) g_bytes_get_size (c->data), &error));
      g_assert_no_error (error);

      for (guint k = 0; k < 5; k++)
        {
          static const char *const commands[] = { "check", "state", "score", "legal", "convert" };
          g_auto(Run) run = { 0 };

          if (k == 4)
            RUN (&run, "convert", file, out);
          else
            RUN (&run, commands[k], file);
          g_test_message ("%s %s: %d %s", commands[k], c->name, run.status, run.err);
          if (run.status != 1)
            g_error ("%s %s: exit status %d (expected 1), stderr:\n%s", commands[k], c->name, run.status, run.err);
          g_assert_cmpstr (run.out, ==, "");
          assert_error_line (run.err, file, c->has_line);
          for (guint n = 0; n < G_N_ELEMENTS (c->needles) && c->needles[n] != NULL; n++)
            g_assert_nonnull (strstr (run.err, c->needles[n]));
          g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
        }

      g_assert_true (g_file_get_contents (file, &after, &length, NULL));
      g_assert_cmpmem (after, length, g_bytes_get_data (c->data, NULL), g_bytes_get_size (c->data));
    }
  /* Only the hostile files: no backups, no temporary files, no outputs. */
  g_assert_cmpuint (count_files (tmp->dir), ==, cases->len);
}

/* A 200 MB file is refused by its size, quickly. */
static void
test_huge_file (Tmp           *tmp,
                gconstpointer  data)
{
  g_autofree char *file = g_build_filename (tmp->dir, "huge.exchequer", NULL);
  g_auto(Run) run = { 0 };
  struct stat before, after;
  int fd;

  fd = g_open (file, O_WRONLY | O_CREAT | O_EXCL, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_no_errno (ftruncate (fd, (off_t) 200 * 1024 * 1024));
  g_assert_no_errno (close (fd));
  g_assert_no_errno (stat (file, &before));

  RUN (&run, "check", file);
  g_test_message ("%s", run.err);
  g_assert_cmpint (run.status, ==, 1);
  assert_error_line (run.err, file, FALSE);
  g_assert_nonnull (strstr (run.err, "bytes"));

  g_assert_no_errno (stat (file, &after));
  g_assert_cmpint (after.st_size, ==, before.st_size);
  g_assert_cmpint (after.st_mtime, ==, before.st_mtime);
  g_assert_cmpint (after.st_blocks, ==, before.st_blocks);
}

/* Converting onto an existing session file replaces it; the input stays. */
static void
test_convert_over_existing (Tmp           *tmp,
                            gconstpointer  data)
{
  g_autofree char *a = g_build_filename (TEST_DATA_DIR, example_names[0], NULL);
  g_autofree char *b = g_build_filename (TEST_DATA_DIR, example_names[1], NULL);
  g_autofree char *out = g_build_filename (tmp->dir, "game.exchequer", NULL);
  g_auto(Run) first = { 0 };
  g_auto(Run) second = { 0 };

  RUN (&first, "convert", a, out);
  assert_success (&first, "convert first");
  RUN (&second, "convert", b, out);
  assert_success (&second, "convert second");
  assert_same_output ("state", b, out);
  assert_same_output ("score", b, out);
}

/* Converting a file onto itself would drop what only the file keeps (its
 * comments): refused, under its own name and through a symlink, and the file
 * stays byte for byte as it was. */
static void
test_convert_onto_input (Tmp           *tmp,
                         gconstpointer  data)
{
  g_autofree char *source = g_build_filename (TEST_DATA_DIR, example_names[0], NULL);
  g_autofree char *game = g_build_filename (tmp->dir, "game.xqn", NULL);
  g_autofree char *link = g_build_filename (tmp->dir, "link.xqn", NULL);
  g_autofree char *text = read_file (source);
  g_autofree char *commented = g_strconcat ("# Thursday at the club: Ben arrived late\n", text, NULL);
  const char *outputs[] = { game, link };

  g_assert_true (g_file_set_contents (game, commented, -1, NULL));
  g_assert_no_errno (symlink ("game.xqn", link));
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_auto(Run) run = { 0 };
      g_autofree char *after = NULL;

      RUN (&run, "convert", game, outputs[i]);
      g_test_message ("%s", run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "the output is the input file"));
      after = read_file (game);
      g_assert_cmpstr (after, ==, commented);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

#define ADD(path, func) g_test_add ((path), Tmp, NULL, tmp_setup, (func), tmp_teardown)
  ADD ("/cli-xml/convert/round-trip", test_convert_round_trip);
  ADD ("/cli-xml/convert/table-rules", test_convert_table_rules);
  ADD ("/cli-xml/legal/mid-game", test_legal_mid_game);
  ADD ("/cli-xml/convert/unknown-extension", test_convert_unknown_extension);
  ADD ("/cli-xml/convert/over-existing", test_convert_over_existing);
  ADD ("/cli-xml/convert/onto-input", test_convert_onto_input);
  ADD ("/cli-xml/hostile/files", test_hostile_files);
  ADD ("/cli-xml/hostile/huge-file", test_huge_file);
#undef ADD

  return g_test_run ();
}
