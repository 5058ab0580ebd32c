/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The locale changes the words, never the data: the CLI's state, score and
 * converted files are byte-identical under German and French, amounts are
 * parsed the same in any LC_NUMERIC, and the refusals are translated. */

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "cli-support.h"
#include "xq-amount.h"

/* TRUE when the C library has @locale (build-aux/dev test generates them). */
static gboolean
have_locale (const char *locale)
{
  g_autofree char *saved = g_strdup (setlocale (LC_ALL, NULL));
  gboolean ok = setlocale (LC_ALL, locale) != NULL;

  setlocale (LC_ALL, saved);
  return ok;
}

static gboolean
skip_without (const char *locale)
{
  if (have_locale (locale))
    return FALSE;
  g_test_skip_printf ("the locale %s is not installed (build-aux/dev test generates it)", locale);
  return TRUE;
}

static const char *const games[] = {
  EXAMPLES_DIR "/for-ex-sample.xqn",
  EXAMPLES_DIR "/for-ex-sample.exchequer",
  TEST_DATA_DIR "/for-ex-20-4p.xqn",
  TEST_DATA_DIR "/fair-trade/fair-trade-44-4p.xqn",
};

/* The languages the data output must not notice: each locale with its
 * language, so the translations are active too. */
static const char *const locales[][2] = {
  { "de_DE.UTF-8", "de" },
  { "fr_FR.UTF-8", "fr" },
  { "es_ES.UTF-8", "es" },
};

static void
test_state_score_identical (void)
{
  for (guint l = 0; l < G_N_ELEMENTS (locales); l++)
    {
      if (skip_without (locales[l][0]))
        return;
      for (guint g = 0; g < G_N_ELEMENTS (games); g++)
        {
          const char *commands[] = { "state", "score", "check" };

          for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
            {
              g_auto(Run) ref = { 0 };
              g_auto(Run) run = { 0 };

              RUN_IN (&ref, "C.UTF-8", "C", commands[c], games[g]);
              g_assert_cmpint (ref.status, ==, 0);
              g_assert_cmpstr (ref.err, ==, "");
              RUN_IN (&run, locales[l][0], locales[l][1], commands[c], games[g]);
              g_test_message ("%s %s under %s", commands[c], games[g], locales[l][0]);
              g_assert_cmpint (run.status, ==, 0);
              g_assert_cmpstr (run.err, ==, "");
              g_assert_cmpstr (run.out, ==, ref.out);
            }
        }
    }
}

/* The sample's end-game audit has half-bucks: they are written "16.5". */
static void
test_amounts_use_a_point (void)
{
  g_auto(Run) run = { 0 };

  if (skip_without ("de_DE.UTF-8"))
    return;
  RUN_IN (&run, "de_DE.UTF-8", "de", "score", EXAMPLES_DIR "/for-ex-sample.xqn");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "total Cynthia 16.5\n"));
  g_assert_null (strstr (run.out, ",5"));
}

/* The file's text, with the moves' time stamps blanked: a notation file
 * converted to a session is stamped with the time of the conversion, which
 * two runs need not share. */
static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) stamp = g_regex_new (" time=\"[^\"]*\"", 0, 0, NULL);
  g_autofree char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return g_regex_replace_literal (stamp, text, -1, 0, " time=\"\"", 0, NULL);
}

/* convert writes the same session file and the same XQN in any locale. */
static void
test_convert_identical (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("exchequer-locale-XXXXXX", &error);
  const char *inputs[] = {
    EXAMPLES_DIR "/for-ex-sample.xqn",
    EXAMPLES_DIR "/for-ex-sample.exchequer",
    TEST_DATA_DIR "/fair-trade/fair-trade-44-4p.xqn",
  };
  const char *outputs[] = { "out.exchequer", "out.xqn", "out.exchequer" };

  g_assert_no_error (error);
  for (guint l = 0; l < G_N_ELEMENTS (locales); l++)
    {
      if (skip_without (locales[l][0]))
        break;
      for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
        {
          g_autofree char *ref_path = g_build_filename (dir, outputs[i], NULL);
          g_autofree char *loc_name = g_strconcat (locales[l][1], "-", outputs[i], NULL);
          g_autofree char *loc_path = g_build_filename (dir, loc_name, NULL);
          g_autofree char *ref_text = NULL;
          g_autofree char *loc_text = NULL;
          g_auto(Run) ref = { 0 };
          g_auto(Run) run = { 0 };

          RUN_IN (&ref, "C.UTF-8", "C", "convert", inputs[i], ref_path);
          g_assert_cmpint (ref.status, ==, 0);
          RUN_IN (&run, locales[l][0], locales[l][1], "convert", inputs[i], loc_path);
          g_assert_cmpint (run.status, ==, 0);
          ref_text = read_file (ref_path);
          loc_text = read_file (loc_path);
          g_assert_cmpstr (loc_text, ==, ref_text);
          g_assert_cmpint (g_remove (ref_path), ==, 0);
          g_assert_cmpint (g_remove (loc_path), ==, 0);
        }
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* xq_amount_parse and xq_amount_format ignore LC_NUMERIC: "7.5" is 7.5
 * bucks under a German locale, where the C library's decimal point is ','. */
static void
test_amount_parse_in_german (void)
{
  g_autofree char *saved = g_strdup (setlocale (LC_ALL, NULL));
  char buf[XQ_AMOUNT_BUF];
  XqAmount amount = 0;

  if (skip_without ("de_DE.UTF-8"))
    return;
  g_assert_nonnull (setlocale (LC_ALL, "de_DE.UTF-8"));
  g_assert_cmpstr (localeconv ()->decimal_point, ==, ",");

  g_assert_true (xq_amount_parse ("7.5", &amount));
  g_assert_cmpint (amount, ==, 15);
  g_assert_true (xq_amount_parse ("12", &amount));
  g_assert_cmpint (amount, ==, 24);
  g_assert_true (xq_amount_parse ("0.5", &amount));
  g_assert_cmpint (amount, ==, 1);
  g_assert_false (xq_amount_parse ("7,5", &amount));
  g_assert_cmpstr (xq_amount_format (15, buf), ==, "7.5");
  g_assert_cmpstr (xq_amount_format (XQ_BUCKS (3), buf), ==, "3");

  /* Only the text for people follows the locale. */
  {
    g_autofree char *display = xq_amount_to_display_string (15);
    g_autofree char *whole = xq_amount_to_display_string (-XQ_BUCKS (3));

    g_assert_cmpstr (display, ==, "7,5");
    g_assert_cmpstr (whole, ==, "-3");
  }

  setlocale (LC_ALL, saved);
}

/* The same illegal move, refused in English and in each language. */
static void
test_refusal_translated (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("exchequer-locale-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "turn.xqn", NULL);
  const char *game = "game for-ex\nplayers Bob Cynthia David Agnes\nremoved USD JPY JPY CNY EUR GBP\n"
                     "invest Bob GBP\ninvest Bob EUR\n";
  const struct { const char *locale, *language, *sentence; } cases[] = {
    { "de_DE.UTF-8", "de", ":5: Fehler: Cynthia ist an der Reihe, nicht Bob\n" },
    { "fr_FR.UTF-8", "fr", ":5: erreur: c’est à Cynthia de jouer, pas à Bob\n" },
    { "es_ES.UTF-8", "es", ":5: error: es el turno de Cynthia, no de Bob\n" },
  };
  g_auto(Run) english = { 0 };

  g_assert_no_error (error);
  g_file_set_contents (path, game, -1, &error);
  g_assert_no_error (error);

  RUN_IN (&english, "C.UTF-8", "C", "check", path);
  g_assert_cmpint (english.status, ==, 1);
  g_assert_true (g_str_has_suffix (english.err, ":5: error: it is Cynthia's turn, not Bob's\n"));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      if (skip_without (cases[i].locale))
        break;
      RUN_IN (&run, cases[i].locale, cases[i].language, "check", path);
      g_test_message ("%s: %s", cases[i].language, run.err);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_cmpstr (run.err, !=, english.err);
      g_assert_true (g_str_has_prefix (run.err, path));
      g_assert_cmpstr (run.err + strlen (path), ==, cases[i].sentence);
    }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The report for people follows the locale: German headings, and amounts
 * with a decimal comma; its CSV stays "16.5" for machines. */
static void
test_report_in_german (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("exchequer-locale-XXXXXX", &error);
  g_autofree char *pdf = g_build_filename (dir, "bericht.pdf", NULL);
  g_autofree char *csv = g_build_filename (dir, "bericht.csv", NULL);
  g_autofree char *sample = g_build_filename (TEST_DATA_DIR, "..", "..", "data", "examples", "for-ex-sample.xqn", NULL);
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  g_autofree char *text = NULL;
  g_autofree char *csv_text = NULL;
  g_auto(Run) run = { 0 };
  const char *argv[] = { NULL, "-enc", "UTF-8", pdf, "-", NULL };
  int status = -1;

  g_assert_no_error (error);
  RUN_IN (&run, "de_DE.UTF-8", "de", "report", sample, pdf);
  g_assert_cmpint (run.status, ==, 0);
  if (pdftotext == NULL)
    {
      g_test_skip ("pdftotext (poppler-utils) is not installed");
      return;
    }
  argv[0] = pdftotext;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &text, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (text, "Schlussabrechnung"));
  g_assert_nonnull (strstr (text, "16,5 CHF"));
  g_assert_null (strstr (text, "16.5 CHF"));

  {
    g_auto(Run) csv_run = { 0 };

    RUN_IN (&csv_run, "de_DE.UTF-8", "de", "report", sample, csv);
    g_assert_cmpint (csv_run.status, ==, 0);
  }
  g_file_get_contents (csv, &csv_text, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (csv_text, "16.5"));
  g_assert_null (strstr (csv_text, "16,5"));
  g_remove (pdf);
  g_remove (csv);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("EXCHEQUER_LOCALEDIR") == NULL)
    g_error ("EXCHEQUER_LOCALEDIR is not set: the CLI would not find the build tree's translations");

  g_test_add_func ("/locale/cli-state-score-check-identical", test_state_score_identical);
  g_test_add_func ("/locale/cli-amounts-use-a-point", test_amounts_use_a_point);
  g_test_add_func ("/locale/cli-convert-identical", test_convert_identical);
  g_test_add_func ("/locale/amount-parse-in-german", test_amount_parse_in_german);
  g_test_add_func ("/locale/cli-refusal-translated", test_refusal_translated);
  g_test_add_func ("/locale/report-in-german", test_report_in_german);
  return g_test_run ();
}
