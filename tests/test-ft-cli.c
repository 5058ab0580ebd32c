/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests exchequer-cli on Fair Trade games against the notation page's output contract. */

#include "config.h"
#include "cli-support.h"
#include "test-dirs.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define FT_DATA_DIR TEST_DATA_DIR "/fair-trade"
#define EXAMPLE "fair-trade-44-4p.xqn"

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s", error->message);
  return contents;
}

static void
assert_ok (Run *run)
{
  if (run->status != 0)
    g_error ("exit %d: %s", run->status, run->err);
  g_assert_cmpstr (run->err, ==, "");
}

/* A temporary directory for files the CLI reads or writes. */
/* ---- the example, byte for byte ---- */

static void
test_example (void)
{
  static const char *const commands[] = { "check", "state", "score" };
  g_autofree char *game = g_build_filename (FT_DATA_DIR, EXAMPLE, NULL);

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autofree char *expected_path = g_strconcat (game, ".", commands[c], NULL);
      g_autofree char *expected = read_file (expected_path);
      g_auto(Run) run = { 0 };
      gsize header = strcspn (expected, "\n");

      g_assert_true (g_str_has_prefix (expected, "exit "));
      g_assert_cmpint (expected[header], ==, '\n');
      RUN (&run, commands[c], game);
      g_assert_cmpint (run.status, ==, atoi (expected + strlen ("exit ")));
      g_assert_cmpstr (run.out, ==, expected + header + 1);
      g_assert_cmpstr (run.err, ==, "");
    }
}

/* `legal` is For-Ex's alone: wrong usage on a Fair Trade file. */
static void
test_legal (void)
{
  g_autofree char *game = g_build_filename (FT_DATA_DIR, EXAMPLE, NULL);
  g_auto(Run) run = { 0 };

  RUN (&run, "legal", game);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "fair-trade"));
}

/* ---- state --after: bids are secret until the round settles ---- */

static void
test_state_after (void)
{
  g_autofree char *game = g_build_filename (FT_DATA_DIR, EXAMPLE, NULL);
  g_autofree char *initial = NULL;

  {
    g_auto(Run) run = { 0 };

    RUN (&run, "state", game, "--after", "0");
    assert_ok (&run);
    g_assert_cmpstr (run.out, ==,
                     "game fair-trade\nstatus playing\nround 0\nfarmer Ben\ntrader Ann\n"
                     "coins Ben 16\ncoins Cat 16\ncoins Dan 16\ncoins Ann 16\n"
                     "markers Ben 0\nmarkers Cat 0\nmarkers Dan 0\nmarkers Ann 0\n"
                     "debt Ben 0\ndebt Cat 0\ndebt Dan 0\ndebt Ann 0\n"
                     "locked Ben 1 9\nlocked Cat 7 12\nlocked Dan 6 12\nlocked Ann 1 2\n");
    initial = g_strdup (run.out);
  }
  /* The market row and three bids later, the table still shows the start. */
  for (guint n = 1; n <= 4; n++)
    {
      g_autofree char *after = g_strdup_printf ("%u", n);
      g_auto(Run) run = { 0 };

      RUN (&run, "state", game, "--after", after);
      assert_ok (&run);
      g_assert_cmpstr (run.out, ==, initial);
    }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "state", game, "--after=5");
    assert_ok (&run);
    g_assert_true (g_str_has_prefix (run.out, "game fair-trade\nstatus playing\nround 1\nfarmer Cat\ntrader Ben\n"));
    g_assert_nonnull (strstr (run.out, "\nlocked Ben 10 12\n"));
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "state", game, "--after", "62");
    g_assert_cmpint (run.status, ==, 2);
    g_assert_cmpstr (run.out, ==, "");
  }
}

/* ---- a game that stops part-way ---- */

static void
test_unfinished (Tmp           *tmp,
                 gconstpointer  data)
{
  g_autofree char *path = tmp_file (tmp, "part.xqn",
                                    "game fair-trade\nplayers Ann \"Mary Ann\" Bob\nfarmer \"Mary Ann\"\nrounds 2\n"
                                    "locked Bob 1 2\nlocked Ann 1 2\nlocked \"Mary Ann\" 3 4\n"
                                    "market 3 1 0\nbid Ann 5 6\nbid \"Mary Ann\" 5 6\nbid Bob 5 6\n"
                                    "correct markers Bob 4 \"counted twice\"\n"
                                    "market 2 1 0\nbid Bob 7 8\n");
  g_autofree char *xml = tmp_file (tmp, "part.exchequer", NULL);
  g_autofree char *back = tmp_file (tmp, "back.xqn", NULL);
  g_autofree char *back_text = NULL;

  {
    g_auto(Run) run = { 0 };

    RUN (&run, "check", path);
    assert_ok (&run);
    g_assert_cmpstr (run.out, ==, "ok 7 moves\n");
  }
  {
    g_auto(Run) run = { 0 };

    /* Farmer ties clockwise from Mary Ann: Mary Ann, Bob, Ann; trader ties
     * counter-clockwise from Ann: Ann, Bob, Mary Ann. 15 over 3 is 5 each. */
    RUN (&run, "score", path);
    assert_ok (&run);
    g_assert_cmpstr (run.out, ==, "provisional\ntotal Ann 3\ntotal \"Mary Ann\" 0\ntotal Bob 4\nwinner Bob\n");
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "state", path);
    assert_ok (&run);
    g_assert_cmpstr (run.out, ==,
                     "game fair-trade\nstatus playing\nround 1\nfarmer Bob\ntrader \"Mary Ann\"\n"
                     "coins Ann 16\ncoins \"Mary Ann\" 16\ncoins Bob 16\n"
                     "markers Ann 3\nmarkers \"Mary Ann\" 0\nmarkers Bob 4\n"
                     "debt Ann 0\ndebt \"Mary Ann\" 0\ndebt Bob 0\n"
                     "locked Ann 5 6\nlocked \"Mary Ann\" 5 6\nlocked Bob 5 6\n");
  }
  /* The open round and its bid survive both conversions. */
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "convert", path, xml);
    assert_ok (&run);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "convert", xml, back);
    assert_ok (&run);
  }
  back_text = read_file (back);
  g_assert_cmpstr (back_text, ==,
                   "game fair-trade\nplayers Ann \"Mary Ann\" Bob\nfarmer \"Mary Ann\"\nrounds 2\n"
                   "locked Ann 1 2\nlocked \"Mary Ann\" 3 4\nlocked Bob 1 2\n"
                   "market 3 1 0\nbid Ann 5 6\nbid \"Mary Ann\" 5 6\nbid Bob 5 6\n"
                   "correct markers Bob 4 \"counted twice\"\n"
                   "market 2 1 0\nbid Bob 7 8\n");
  {
    g_auto(Run) run = { 0 };
    g_autofree char *xml_text = read_file (xml);

    g_assert_nonnull (strstr (xml_text, "game=\"fair-trade\""));
    g_assert_nonnull (strstr (xml_text, "<open-round>"));
    RUN (&run, "state", xml, "--after", "7");
    assert_ok (&run);
  }
}

/* ---- conversions of the example ---- */

static void
test_convert (Tmp           *tmp,
              gconstpointer  data)
{
  static const char *const commands[] = { "check", "state", "score" };
  g_autofree char *game = g_build_filename (FT_DATA_DIR, EXAMPLE, NULL);
  g_autofree char *xml = tmp_file (tmp, "game.exchequer", NULL);
  g_autofree char *xml_again = tmp_file (tmp, "again.exchequer", NULL);
  g_autofree char *xqn = tmp_file (tmp, "game.xqn", NULL);
  g_autofree char *xqn_again = tmp_file (tmp, "again.xqn", NULL);
  g_autofree char *xqn_text = NULL;
  g_autofree char *xqn_again_text = NULL;
  g_autofree char *xml_text = NULL;
  g_autofree char *xml_again_text = NULL;
  const char *const steps[][2] = { { game, xml }, { xml, xqn }, { xqn, xqn_again }, { xml, xml_again } };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_auto(Run) run = { 0 };

      RUN (&run, "convert", steps[i][0], steps[i][1]);
      assert_ok (&run);
      g_assert_cmpstr (run.out, ==, "");
    }
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_auto(Run) original = { 0 };

      RUN (&original, commands[c], game);
      assert_ok (&original);
      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        {
          g_auto(Run) converted = { 0 };

          RUN (&converted, commands[c], steps[i][1]);
          assert_ok (&converted);
          g_assert_cmpstr (converted.out, ==, original.out);
        }
    }

  /* Converting again changes nothing; the notation is canonical. */
  xqn_text = read_file (xqn);
  xqn_again_text = read_file (xqn_again);
  g_assert_cmpstr (xqn_again_text, ==, xqn_text);
  g_assert_true (g_str_has_prefix (xqn_text, "game fair-trade\nplayers Ben Cat Dan Ann\nfarmer Ben\nrounds 12\n"
                                   "locked Ben 1 9\nlocked Cat 12 7\nlocked Dan 6 12\nlocked Ann 1 2\nmarket 5 4 4 2\n"));
  g_assert_nonnull (strstr (xqn_text, "\ncorrect markers Ben 2\n"));
  g_assert_nonnull (strstr (xqn_text, "\nbid Ben 2 6\n"));
  g_assert_null (strchr (xqn_text, '\t'));
  g_assert_null (strchr (xqn_text, '#'));
  xml_text = read_file (xml);
  xml_again_text = read_file (xml_again);
  g_assert_cmpstr (xml_again_text, ==, xml_text);
  g_assert_nonnull (strstr (xml_text, "game=\"fair-trade\""));
}

/* ---- errors name the line and the rule ---- */

static void
assert_error (Tmp        *tmp,
              const char *text,
              guint       line,
              const char *sentence)
{
  g_autofree char *path = tmp_file (tmp, "bad.xqn", text);
  g_autofree char *expected = g_strdup_printf ("%s:%u: error: %s\n", path, line, sentence);
  g_auto(Run) run = { 0 };

  RUN (&run, "check", path);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==, expected);
}

#define SMALL "game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 1 2\nlocked Ben 3 4\n"

static void
test_errors (Tmp           *tmp,
             gconstpointer  data)
{
  assert_error (tmp, SMALL "market 2 1\nbid Ann 1 5\n", 7,
                "Ann’s card 1 is locked: it was laid by the future market at setup, and is unavailable in the first round");
  assert_error (tmp, SMALL "market 2 1\nbid Ann 70000 4\n", 7,
                "there is no card 70000; bid cards are numbered 1 to 13");
  assert_error (tmp, SMALL "market 2 50001\n", 6,
                "“50001” is too large for the game: Exchequer counts up to 50000");
  assert_error (tmp, SMALL "market 2 1\nbid Ben 5 5\n", 7,
                "Ben bids card 5 twice; the farmer and the trader bids are two different cards");
  assert_error (tmp, SMALL "market 2 1\nbid Ben 5 14\n", 7,
                "there is no card 14; bid cards are numbered 1 to 13");
  assert_error (tmp, SMALL "market 2 1 0\n", 6,
                "a market row has one award per player, 2, not 3 entries");
  assert_error (tmp, SMALL "market 2 1\nbid Ben 5 6\nbid Ben 7 8\n", 8,
                "Ben has already bid this round; each player bids once");
  assert_error (tmp, SMALL "bid Ben 5 6\n", 6,
                "Ben cannot bid: it is between rounds, and a round opens with its market row");
  assert_error (tmp, "game fair-trade\nplayers Ann Ben\nfarmer Ann\nrounds 1\nlocked Ann 1 2\nlocked Ben 3 4\n"
                "market 2 1\nbid Ben 5 6\nbid Ann 5 6\n# done\ncorrect coins Ann 3\n", 11,
                "the game is over; no move may follow");
  assert_error (tmp, "game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 1 2\n", 4,
                "the header needs a line “locked Ben CARD CARD”: the two cards Ben lays by the future market");
}


/* Awards, coins and markers far above a real game's are kept, and the
 * session file written from them opens again. */
static void
test_large_numbers (Tmp           *tmp,
                    gconstpointer  data)
{
  g_autoptr(GString) text = g_string_new ("game fair-trade\nplayers Ann Ben\nfarmer Ann\n"
                                          "locked Ann 12 13\nlocked Ben 12 13\n"
                                          "correct markers Ann 50000\ncorrect coins Ben 10000\n");
  g_autofree char *game = NULL;
  g_autofree char *xml = tmp_file (tmp, "large.exchequer", NULL);

  for (int round = 1; round <= 12; round++)
    g_string_append_printf (text, "market 50000 150\nbid Ann %d %d\nbid Ben %d %d\n",
                            round % 2 ? 1 : 3, round % 2 ? 2 : 4, round % 2 ? 3 : 1, round % 2 ? 4 : 2);
  game = tmp_file (tmp, "large.xqn", text->str);
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "check", game);
    assert_ok (&run);
    g_assert_cmpstr (run.out, ==, "ok 38 moves\n");
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "convert", game, xml);
    assert_ok (&run);
  }
  {
    g_auto(Run) original = { 0 };
    g_auto(Run) converted = { 0 };

    RUN (&original, "state", game);
    RUN (&converted, "state", xml);
    assert_ok (&original);
    assert_ok (&converted);
    g_assert_cmpstr (converted.out, ==, original.out);
    g_assert_nonnull (strstr (original.out, "\ncoins Ben 10"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ft-cli/example", test_example);
  g_test_add_func ("/ft-cli/legal", test_legal);
  g_test_add_func ("/ft-cli/state-after", test_state_after);
  g_test_add ("/ft-cli/unfinished", Tmp, NULL, tmp_setup, test_unfinished, tmp_teardown);
  g_test_add ("/ft-cli/convert", Tmp, NULL, tmp_setup, test_convert, tmp_teardown);
  g_test_add ("/ft-cli/errors", Tmp, NULL, tmp_setup, test_errors, tmp_teardown);
  g_test_add ("/ft-cli/large-numbers", Tmp, NULL, tmp_setup, test_large_numbers, tmp_teardown);
  return g_test_run ();
}
