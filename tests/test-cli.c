/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests exchequer-cli as a subprocess against the notation page's output contract. */

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "fx-state.h"
#include "xq-games.h"
#include "xq-quote.h"
#include "xq-session.h"
#include "cli-support.h"

static char *
data_path (const char *name)
{
  return g_build_filename (TEST_DATA_DIR, name, NULL);
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

static void
write_file (const char *path,
            const char *contents)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, contents, -1, &error))
    g_error ("%s", error->message);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The example games in tests/data, sorted. */
static GPtrArray *
list_examples (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (TEST_DATA_DIR, 0, &error);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".xqn"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_strings);
  return names;
}

/* A temporary directory for files the CLI reads or writes. */
typedef struct
{
  char *dir;
} Tmp;

static void
tmp_setup (Tmp           *tmp,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  tmp->dir = g_dir_make_tmp ("exchequer-test-cli-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
tmp_teardown (Tmp           *tmp,
              gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (tmp->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (tmp->dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (tmp->dir), ==, 0);
  g_clear_pointer (&tmp->dir, g_free);
}

static char *
tmp_file (Tmp        *tmp,
          const char *name,
          const char *contents)
{
  char *path = g_build_filename (tmp->dir, name, NULL);

  if (contents != NULL)
    write_file (path, contents);
  return path;
}

static void
assert_usage_error (Run *run)
{
  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_cmpstr (run->err, !=, "");
}

/* ---- examples ---- */

static void
test_examples (void)
{
  static const char *const commands[] = { "check", "state", "score" };
  g_autoptr(GPtrArray) examples = list_examples ();
  guint compared = 0;

  g_assert_cmpuint (examples->len, >=, 2);
  for (guint i = 0; i < examples->len; i++)
    {
      g_autofree char *game = data_path (g_ptr_array_index (examples, i));

      for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
        {
          g_autofree char *expected_path = g_strconcat (game, ".", commands[c], NULL);
          g_autofree char *expected = NULL;
          g_auto(Run) run = { 0 };
          gsize header;
          int status;

          if (!g_file_test (expected_path, G_FILE_TEST_EXISTS))
            continue;
          expected = read_file (expected_path);
          g_assert_true (g_str_has_prefix (expected, "exit "));
          /* An offset, not a pointer: GCC 12 at -O3 mistakes the latter for dangling. */
          header = strcspn (expected, "\n");
          g_assert_cmpint (expected[header], ==, '\n');
          status = atoi (expected + strlen ("exit "));

          g_test_message ("%s %s", commands[c], game);
          RUN (&run, commands[c], game);
          g_assert_cmpint (run.status, ==, status);
          g_assert_cmpstr (run.out, ==, expected + header + 1);
          if (status == 0)
            g_assert_cmpstr (run.err, ==, "");
          compared++;
        }
    }
  g_assert_cmpuint (compared, >=, 6);
}

/* ---- state --after ---- */

static const char *const board_start =
  "pair GBP EUR 1.5\n"
  "pair GBP USD 1\n"
  "pair GBP CHF 1.5\n"
  "pair GBP JPY 1.5\n"
  "pair GBP CAD 2\n"
  "pair GBP CNY 4\n"
  "pair EUR USD 1\n"
  "pair EUR CHF 1\n"
  "pair EUR JPY 1.5\n"
  "pair EUR CAD 1.5\n"
  "pair EUR CNY 3.5\n"
  "pair USD CHF 1\n"
  "pair USD JPY 1.5\n"
  "pair USD CAD 1.5\n"
  "pair USD CNY 3.5\n"
  "pair CHF JPY 1.5\n"
  "pair CHF CAD 1.5\n"
  "pair CHF CNY 3.5\n"
  "pair JPY CAD 1.5\n"
  "pair JPY CNY 3\n"
  "pair CAD CNY 2.5\n";

/* The initial state summary, built from the header alone. */
static char *
initial_state_text (const char *game_text)
{
  static const char *const codes[] = { "GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY" };
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = xq_session_new_from_notation (game_text, -1, NULL, &error);
  const FxSetup *setup;
  GString *out = g_string_new ("game for-ex\nstatus playing\nturn 0\nnext ");
  guint pile[7] = { 8, 8, 8, 8, 8, 8, 8 };

  g_assert_no_error (error);
  setup = xq_session_get_setup (session);
  g_string_append (out, setup->names[0]);
  g_string_append_c (out, '\n');
  g_string_append (out, board_start);
  for (guint p = 0; p < setup->n_players; p++)
    g_string_append_printf (out, "cash %s GBP 2 EUR 2 USD 2 CHF 2 JPY 2 CAD 2 CNY 2\n", setup->names[p]);
  for (guint p = 0; p < setup->n_players; p++)
    g_string_append_printf (out, "certs %s GBP 0 EUR 0 USD 0 CHF 0 JPY 0 CAD 0 CNY 0\n", setup->names[p]);
  for (guint i = 0; i < FX_N_REMOVED; i++)
    pile[setup->removed[i]]--;
  g_string_append (out, "pile");
  for (guint c = 0; c < 7; c++)
    g_string_append_printf (out, " %s %u", codes[c], pile[c]);
  g_string_append (out, "\nqueue dividends:5\nfree A B C D E F\n");
  return g_string_free (out, FALSE);
}

static guint
count_moves (const char *game)
{
  g_auto(Run) run = { 0 };
  guint n = 0;

  RUN (&run, "check", game);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpint (sscanf (run.out, "ok %u moves\n", &n), ==, 1);
  return n;
}

static void
test_state_after (void)
{
  g_autoptr(GPtrArray) examples = list_examples ();

  for (guint i = 0; i < examples->len; i++)
    {
      g_autofree char *game = data_path (g_ptr_array_index (examples, i));
      g_autofree char *text = read_file (game);
      g_autofree char *initial = initial_state_text (text);
      g_autofree char *n_text = NULL;
      g_autofree char *past_text = NULL;
      g_autofree char *past_eq = NULL;
      guint n_moves = count_moves (game);

      {
        g_auto(Run) run = { 0 };
        g_auto(GStrv) lines = NULL;
        guint n_pairs = 0;

        RUN (&run, "state", game, "--after", "0");
        g_assert_cmpint (run.status, ==, 0);
        g_assert_cmpstr (run.err, ==, "");
        g_assert_cmpstr (run.out, ==, initial);
        lines = g_strsplit (run.out, "\n", -1);
        for (guint l = 0; lines[l] != NULL; l++)
          n_pairs += g_str_has_prefix (lines[l], "pair ");
        g_assert_cmpuint (n_pairs, ==, 21);
      }
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "state", "--after=0", game);
        g_assert_cmpint (run.status, ==, 0);
        g_assert_cmpstr (run.out, ==, initial);
      }

      /* --after the last move is the plain state. */
      n_text = g_strdup_printf ("%u", n_moves);
      {
        g_auto(Run) plain = { 0 };
        g_auto(Run) after = { 0 };

        RUN (&plain, "state", game);
        RUN (&after, "state", game, "--after", n_text);
        g_assert_cmpint (after.status, ==, 0);
        g_assert_cmpstr (after.out, ==, plain.out);
      }

      /* Every move in between agrees with the library's own summary. */
      {
        g_autoptr(XqSession) session = xq_session_new_from_notation (text, -1, NULL, NULL);
        const XqGame *xgame = xq_session_get_game (session);

        for (guint n = 1; n < n_moves; n += 7)
          {
            g_autofree char *arg = g_strdup_printf ("--after=%u", n);
            g_autoptr(GString) expected = g_string_new (NULL);
            g_auto(Run) run = { 0 };
            FxState state;

            xq_session_get_state_at (session, n, &state);
            xgame->write_state (xq_session_get_setup (session), &state, expected);
            RUN (&run, "state", game, arg);
            g_assert_cmpint (run.status, ==, 0);
            g_assert_cmpstr (run.out, ==, expected->str);
          }
      }

      /* Beyond the last move: wrong usage. */
      past_text = g_strdup_printf ("%u", n_moves + 1);
      past_eq = g_strdup_printf ("--after=%u", n_moves + 100);
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "state", game, "--after", past_text);
        assert_usage_error (&run);
      }
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "state", game, past_eq);
        assert_usage_error (&run);
      }
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "state", game, "--after", "99999999999999999999");
        assert_usage_error (&run);
      }
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "state", game, "--after", "-1");
        assert_usage_error (&run);
      }
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "state", game, "--after", "x");
        assert_usage_error (&run);
      }
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "state", game, "--after");
        assert_usage_error (&run);
      }
    }
}

/* ---- legal ---- */

/* The first @n_lines lines of @path. */
static char *
head_lines (const char *path,
            guint       n_lines)
{
  g_autofree char *text = read_file (path);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  g_assert_cmpuint (g_strv_length (lines), >, n_lines);
  for (guint i = 0; i < n_lines; i++)
    g_string_append_printf (out, "%s\n", lines[i]);
  return g_string_free (out, FALSE);
}

static GPtrArray *
legal_lines (const char *game)
{
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;
  GPtrArray *result = g_ptr_array_new_with_free_func (g_free);

  RUN (&run, "legal", game);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  if (run.out[0] == '\0')
    return result;
  g_assert_true (g_str_has_suffix (run.out, "\n"));
  run.out[strlen (run.out) - 1] = '\0';
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    g_ptr_array_add (result, g_strdup (lines[i]));
  return result;
}

static gboolean
lines_contain (GPtrArray  *lines,
               const char *line)
{
  for (guint i = 0; i < lines->len; i++)
    if (strcmp (g_ptr_array_index (lines, i), line) == 0)
      return TRUE;
  return FALSE;
}

/* Whether `check` accepts @prefix followed by @line, as one more move. */
static gboolean
accepts (Tmp        *tmp,
         const char *prefix,
         guint       prefix_moves,
         const char *line)
{
  g_autofree char *text = g_strconcat (prefix, line, "\n", NULL);
  g_autofree char *path = tmp_file (tmp, "candidate.xqn", text);
  g_autofree char *ok = g_strdup_printf ("ok %u moves\n", prefix_moves + 1);
  g_auto(Run) run = { 0 };

  RUN (&run, "check", path);
  if (run.status == 0)
    {
      g_assert_cmpstr (run.out, ==, ok);
      return TRUE;
    }
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, path));
  return FALSE;
}

static char *
next_player (const char *game)
{
  g_auto(Run) run = { 0 };
  const char *next;

  RUN (&run, "state", game);
  g_assert_cmpint (run.status, ==, 0);
  next = strstr (run.out, "\nnext ");
  g_assert_nonnull (next);
  next += strlen ("\nnext ");
  return g_strndup (next, strcspn (next, "\n"));
}

static void
check_legal_at (Tmp      *tmp,
                guint     n_lines,
                gboolean  verify_all,
                gboolean  spot_check)
{
  static const char *const codes[] = { "GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY" };
  static const char *const contract_pairs[][2] = { { "GBP", "EUR" }, { "EUR", "GBP" }, { "CNY", "GBP" }, { "CAD", "JPY" } };
  g_autofree char *example = data_path ("for-ex-20-4p.xqn");
  g_autofree char *prefix = head_lines (example, n_lines);
  g_autofree char *game = tmp_file (tmp, "prefix.xqn", prefix);
  g_autofree char *actor = next_player (game);
  g_autoptr(GPtrArray) lines = legal_lines (game);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  guint prefix_moves = count_moves (game);
  guint pairs_seen = 0;

  g_test_message ("legal after line %u (%u moves): %u lines for %s", n_lines, prefix_moves, lines->len, actor);
  g_assert_cmpuint (lines->len, >, 0);

  for (guint i = 0; i < lines->len; i++)
    {
      const char *line = g_ptr_array_index (lines, i);
      g_auto(GStrv) words = g_strsplit (line, " ", -1);

      if (i > 0)
        g_assert_cmpint (strcmp (g_ptr_array_index (lines, i - 1), line), <, 0);
      g_assert_false (g_str_has_prefix (line, "spot"));
      g_assert_true (g_str_has_prefix (line, "contract ") || g_str_has_prefix (line, "invest ")
                     || g_str_has_prefix (line, "divest ") || g_str_has_prefix (line, "resolve "));
      g_assert_cmpstr (words[1], ==, actor);
      if (g_str_has_prefix (line, "divest "))
        g_assert_cmpuint (g_strv_length (words), ==, 4);   /* the actor's part only */
      if (g_str_has_prefix (line, "invest ") && g_strv_length (words) == 4)
        {
          g_autofree char *swapped = g_strdup_printf ("invest %s %s %s", actor, words[3], words[2]);

          g_assert_true (lines_contain (lines, swapped));
          pairs_seen++;
        }
    }

  /* Every position tested here allows some pair of certificates. */
  g_assert_cmpuint (pairs_seen, >, 0);

  if (verify_all)
    for (guint i = 0; i < lines->len; i++)
      {
        const char *line = g_ptr_array_index (lines, i);

        if (!accepts (tmp, prefix, prefix_moves, line))
          g_error ("legal lists “%s”, which check refuses after line %u", line, n_lines);
      }

  if (!spot_check)
    return;

  /* Nothing legal of these kinds is missing, and nothing illegal listed. */
  for (guint a = 0; a < 7; a++)
    {
      g_ptr_array_add (candidates, g_strdup_printf ("invest %s %s", actor, codes[a]));
      for (guint b = 0; b < 7; b++)
        if (a != b)
          g_ptr_array_add (candidates, g_strdup_printf ("invest %s %s %s", actor, codes[a], codes[b]));
      for (guint k = 1; k <= 4; k++)
        g_ptr_array_add (candidates, g_strdup_printf ("divest %s %s %u", actor, codes[a], k));
      g_ptr_array_add (candidates, g_strdup_printf ("resolve %s %s", actor, codes[a]));
    }
  g_ptr_array_add (candidates, g_strdup_printf ("resolve %s", actor));
  for (guint p = 0; p < G_N_ELEMENTS (contract_pairs); p++)
    for (guint half = 1; half <= 36; half++)
      g_ptr_array_add (candidates, g_strdup_printf ("contract %s %s %u%s %s", actor, contract_pairs[p][0],
                                                    half / 2, half % 2 ? ".5" : "", contract_pairs[p][1]));

  for (guint i = 0; i < candidates->len; i++)
    {
      const char *line = g_ptr_array_index (candidates, i);
      gboolean listed = lines_contain (lines, line);

      /* Listed lines were verified above when verify_all. */
      if (listed && verify_all)
        continue;
      if (accepts (tmp, prefix, prefix_moves, line) != listed)
        g_error ("“%s” after line %u: check %s it, legal %s it", line, n_lines,
                 listed ? "refuses" : "accepts", listed ? "lists" : "omits");
    }
}

static void
test_legal (Tmp           *tmp,
            gconstpointer  data)
{
  /* The start and mid-game positions, one with every contract letter in use. */
  check_legal_at (tmp, 4, TRUE, TRUE);
  check_legal_at (tmp, 14, FALSE, FALSE);
  check_legal_at (tmp, 40, TRUE, TRUE);
}

/* Both orders of every invest pair, at the start where all are possible. */
static void
test_legal_invest_pairs (Tmp           *tmp,
                         gconstpointer  data)
{
  static const char *const codes[] = { "GBP", "EUR", "USD", "CHF", "JPY", "CAD", "CNY" };
  g_autofree char *example = data_path ("for-ex-42-4p.xqn");
  g_autofree char *prefix = head_lines (example, 4);
  g_autofree char *game = tmp_file (tmp, "start.xqn", prefix);
  g_autoptr(GPtrArray) lines = legal_lines (game);
  guint n_invest = 0;

  for (guint a = 0; a < 7; a++)
    for (guint b = 0; b < 7; b++)
      {
        g_autofree char *line = a == b ? g_strdup_printf ("invest Bob %s", codes[a])
                                       : g_strdup_printf ("invest Bob %s %s", codes[a], codes[b]);

        g_assert_true (lines_contain (lines, line));
      }
  for (guint i = 0; i < lines->len; i++)
    n_invest += g_str_has_prefix (g_ptr_array_index (lines, i), "invest ");
  g_assert_cmpuint (n_invest, ==, 49);
  /* Nobody holds a certificate: no divestment; every currency ties for the dividend. */
  for (guint i = 0; i < lines->len; i++)
    g_assert_false (g_str_has_prefix (g_ptr_array_index (lines, i), "divest "));
  g_assert_false (lines_contain (lines, "resolve Bob"));
  for (guint a = 0; a < 7; a++)
    {
      g_autofree char *line = g_strdup_printf ("resolve Bob %s", codes[a]);

      g_assert_true (lines_contain (lines, line));
    }
}

#define TIE_GAME \
  "game for-ex\n" \
  "players Bob Cynthia David Agnes\n" \
  "removed USD JPY JPY CNY EUR GBP\n" \
  "spot Bob Cynthia GBP USD\n" \
  "contract Bob USD 2 CHF\n" \
  "invest Cynthia GBP\n" \
  "invest David EUR USD\n" \
  "invest Agnes GBP CHF\n" \
  "resolve Bob\n" \
  "divest Cynthia GBP 1\n" \
  "divest David EUR 1 Agnes 0 Bob 0\n" \
  "resolve Agnes\n" \
  "resolve Bob CHF\n" \
  "correct cash Bob EUR 5\n" \
  "correct certs Agnes GBP 2 \"found one\"\n" \
  "correct pile CNY 3\n" \
  "correct pair EUR GBP 2 \"bumped the table\"\n" \
  "resolve Cynthia\n" \
  "resolve David\n" \
  "correct pair USD GBP 2\n" \
  "correct certs Agnes GBP 1\n" \
  "resolve Agnes GBP\n"

static void
test_legal_after_end (Tmp           *tmp,
                      gconstpointer  data)
{
  g_autofree char *tied = tmp_file (tmp, "tied.xqn", TIE_GAME);
  g_autofree char *chosen = tmp_file (tmp, "chosen.xqn", TIE_GAME "strongest CHF\n");
  g_autofree char *bankrupt = data_path ("for-ex-42-4p.xqn");
  g_autofree char *ended = data_path ("for-ex-20-4p.xqn");

  {
    g_auto(Run) run = { 0 };

    RUN (&run, "legal", tied);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "strongest CHF\nstrongest GBP\nstrongest USD\n");
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "score", tied);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "strongest-tied GBP USD CHF\npairs "));
    g_assert_null (strstr (run.out, "total "));
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "legal", chosen);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "");
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "legal", bankrupt);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "");
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "legal", ended);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "");
  }
}

/* ---- errors ---- */

static void
assert_file_error (Tmp        *tmp,
                   const char *name,
                   const char *text,
                   guint       line,
                   const char *sentence)
{
  g_autofree char *path = tmp_file (tmp, name, text);
  g_autofree char *prefix = g_strdup_printf ("%s:%u: error: ", path, line);
  static const char *const commands[] = { "check", "state", "score", "legal" };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_auto(Run) run = { 0 };

      RUN (&run, commands[c], path);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_cmpstr (run.out, ==, "");
      if (!g_str_has_prefix (run.err, prefix))
        g_error ("%s: stderr “%s” does not start with “%s”", commands[c], run.err, prefix);
      if (sentence != NULL)
        {
          g_autofree char *whole = g_strconcat (prefix, sentence, "\n", NULL);

          g_assert_cmpstr (run.err, ==, whole);
        }
      else
        {
          /* One line, a sentence after the prefix. */
          g_assert_cmpuint (strlen (run.err), >, strlen (prefix) + 5);
          g_assert_true (strchr (run.err, '\n') == run.err + strlen (run.err) - 1);
        }
    }
}

static void
test_errors (Tmp           *tmp,
             gconstpointer  data)
{
  assert_file_error (tmp, "turn.xqn",
                     "game for-ex\nplayers Bob Cynthia David Agnes\nremoved USD JPY JPY CNY EUR GBP\n"
                     "invest Bob GBP\ninvest Bob EUR\n",
                     5, "it is Cynthia's turn, not Bob's");
  assert_file_error (tmp, "turn-comment.xqn",
                     "# comment\n\ngame for-ex\nplayers Bob Cynthia David Agnes\nremoved USD JPY JPY CNY EUR GBP\n"
                     "\n# more\ninvest Bob GBP\n\ninvest Bob EUR   # again\ninvest Zed EUR\n",
                     10, "it is Cynthia's turn, not Bob's");
  assert_file_error (tmp, "player.xqn",
                     "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\ninvest Zed GBP\n",
                     4, NULL);
  assert_file_error (tmp, "spot.xqn",
                     "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\ninvest Bob GBP\n"
                     "spot Cynthia Bob EUR USD\n\n# the end\n",
                     5, NULL);
  assert_file_error (tmp, "header.xqn", "game for-ex\nplayers Bob\nremoved USD JPY JPY CNY EUR GBP\n", 2, NULL);
  assert_file_error (tmp, "game.xqn", "game chess\n", 1, NULL);
  assert_file_error (tmp, "amount.xqn",
                     "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\ncontract Bob USD 7.3 CHF\n",
                     4, NULL);
  assert_file_error (tmp, "utf8.xqn",
                     "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\n# \xff\n", 4, NULL);
}

/* "ok 1 moves", and a NUL byte is an invalid file at its line. */
static void
test_small_files (Tmp           *tmp,
                  gconstpointer  data)
{
  static const char nul_text[] = "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\ninvest Bob\0 GBP\n";
  g_autofree char *one = tmp_file (tmp, "one.xqn",
                                   "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\ninvest Bob GBP\n");
  g_autofree char *none = tmp_file (tmp, "none.xqn", "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\n");
  g_autofree char *nul = tmp_file (tmp, "nul.xqn", NULL);
  g_autofree char *nul_prefix = g_strdup_printf ("%s:4: error: ", nul);
  g_autoptr(GError) error = NULL;

  {
    g_auto(Run) run = { 0 };

    RUN (&run, "check", one);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "ok 1 moves\n");
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "check", none);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "ok 0 moves\n");
  }
  {
    g_auto(Run) run = { 0 };

    /* Not over: the score is provisional, and says who would win now. */
    RUN (&run, "score", one);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_str_has_prefix (run.out, "provisional\nstrongest GBP\npairs "));
    g_assert_nonnull (strstr (run.out, "\nwinner "));
  }

  g_assert_true (g_file_set_contents (nul, nul_text, sizeof nul_text - 1, &error));
  g_assert_no_error (error);
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "check", nul);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_str_has_prefix (run.err, nul_prefix));
  }
}

/* Names with a space or '#' are quoted in every output line, queue items included. */
static void
test_quoted_names (Tmp           *tmp,
                   gconstpointer  data)
{
  g_autofree char *game = tmp_file (tmp, "quoted.xqn",
                                    "game for-ex\n"
                                    "players \"Mary Ann\" \"#1 fan\" Bob\n"
                                    "removed CAD CAD CNY CNY EUR USD\n"
                                    "spot \"Mary Ann\" \"#1 fan\" USD GBP\n"
                                    "invest \"Mary Ann\" GBP\n"
                                    "invest \"#1 fan\" CHF EUR\n"
                                    "invest Bob GBP\n"
                                    "contract \"Mary Ann\" USD 1 CHF\n");
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) lines = NULL;

  RUN (&run, "state", game);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\nnext \"#1 fan\"\n"));
  g_assert_nonnull (strstr (run.out, "\ncash \"Mary Ann\" GBP 1 EUR 2 USD 1 CHF 2 JPY 2 CAD 2 CNY 2\n"));
  g_assert_nonnull (strstr (run.out, "\ncerts \"#1 fan\" GBP 0 EUR 1 USD 0 CHF 1 JPY 0 CAD 0 CNY 0\n"));
  g_assert_nonnull (strstr (run.out, "\ncash Bob GBP 0 "));
  g_assert_nonnull (strstr (run.out, "\nqueue dividends:5 contract:A:\"Mary Ann\":1:USD:1:CHF\n"));

  lines = legal_lines (game);
  g_assert_true (lines_contain (lines, "invest \"#1 fan\" USD JPY"));
  g_assert_true (lines_contain (lines, "divest \"#1 fan\" CHF 1"));
  g_assert_true (lines_contain (lines, "resolve \"#1 fan\""));
}

static void
test_missing_file (Tmp           *tmp,
                   gconstpointer  data)
{
  g_autofree char *path = tmp_file (tmp, "does-not-exist.xqn", NULL);
  static const char *const commands[] = { "check", "state", "score", "legal" };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_auto(Run) run = { 0 };

      RUN (&run, commands[c], path);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_true (g_str_has_prefix (run.err, path));
      g_assert_nonnull (strstr (run.err, "error"));
    }
  {
    g_autofree char *out = tmp_file (tmp, "out.xqn", NULL);
    g_auto(Run) run = { 0 };

    RUN (&run, "convert", path, out);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  }
}

static void
test_usage (void)
{
  g_autofree char *game = data_path ("for-ex-20-4p.xqn");

  {
    g_auto(Run) run = { 0 };

    run_cli (&run, (const char * const[]) { NULL });
    assert_usage_error (&run);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "frobnicate", game);
    assert_usage_error (&run);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "CHECK", game);
    assert_usage_error (&run);
  }
  {
    static const char *const commands[] = { "check", "state", "score", "legal" };

    for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
      {
        g_auto(Run) missing = { 0 };
        g_auto(Run) two = { 0 };
        g_auto(Run) option = { 0 };
        g_auto(Run) option_after = { 0 };

        RUN (&missing, commands[c]);
        assert_usage_error (&missing);
        RUN (&two, commands[c], game, game);
        assert_usage_error (&two);
        RUN (&option, commands[c], "--bogus", game);
        assert_usage_error (&option);
        RUN (&option_after, commands[c], game, "-x");
        assert_usage_error (&option_after);
      }
  }
  {
    g_auto(Run) run = { 0 };

    /* --after belongs to state only. */
    RUN (&run, "check", game, "--after", "1");
    assert_usage_error (&run);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "convert", game);
    assert_usage_error (&run);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "convert");
    assert_usage_error (&run);
  }
}

static void
test_help_version (void)
{
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "--help");
    g_assert_cmpint (run.status, ==, 0);
    for (const char *const *word = (const char *const[]) { "check", "state", "score", "legal", "convert", "--after", NULL };
         *word != NULL; word++)
      g_assert_nonnull (strstr (run.out, *word));
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "--version");
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "exchequer-cli " PACKAGE_VERSION "\n");
    g_assert_cmpstr (run.err, ==, "");
  }
}

/* Both files load and tell the same game: check, state and score agree. */
static void
assert_same_game (const char *original_path,
                  const char *converted_path)
{
  static const char *const commands[] = { "check", "state", "score" };

  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_auto(Run) original = { 0 };
      g_auto(Run) converted = { 0 };

      RUN (&original, commands[c], original_path);
      RUN (&converted, commands[c], converted_path);
      g_assert_cmpint (original.status, ==, 0);
      g_assert_cmpint (converted.status, ==, 0);
      g_assert_cmpstr (converted.out, ==, original.out);
    }
}

static void
test_convert (Tmp           *tmp,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) examples = list_examples ();
  g_autofree char *quoted = tmp_file (tmp, "quoted.xqn",
                                      "game for-ex\n"
                                      "players \"Mary Ann\" \"#1 fan\" Bob\n"
                                      "removed CAD CAD CNY CNY EUR USD\n"
                                      "spot \"Mary Ann\" \"#1 fan\" USD GBP   # comment\n"
                                      "invest \"Mary Ann\" GBP\n"
                                      "INVEST \"#1 fan\" chf EUR\n"
                                      "invest Bob GBP\n"
                                      "contract \"Mary Ann\" USD 1 CHF\n"
                                      "divest \"#1 fan\" CHF 1 Bob 0 \"Mary Ann\" 0\n"
                                      "correct cash \"#1 fan\" EUR 3 \"fix #2\"\n"
                                      "contract Bob GBP 1 EUR\n");
  g_autofree char *tied = tmp_file (tmp, "tied.xqn", TIE_GAME "strongest CHF\n");

  g_ptr_array_add (examples, g_strdup (quoted));
  g_ptr_array_add (examples, g_strdup (tied));
  for (guint i = 0; i < examples->len; i++)
    {
      const char *name = g_ptr_array_index (examples, i);
      g_autofree char *in = g_path_is_absolute (name) ? g_strdup (name) : data_path (name);
      g_autofree char *out = tmp_file (tmp, "converted.xqn", NULL);
      g_autofree char *again = tmp_file (tmp, "again.xqn", NULL);
      g_autofree char *out_text = NULL;
      g_autofree char *again_text = NULL;

      {
        g_auto(Run) run = { 0 };

        RUN (&run, "convert", in, out);
        g_assert_cmpint (run.status, ==, 0);
        g_assert_cmpstr (run.out, ==, "");
        g_assert_cmpstr (run.err, ==, "");
      }
      assert_same_game (in, out);
      /* Converting the output again changes nothing. */
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "convert", out, again);
        g_assert_cmpint (run.status, ==, 0);
      }
      out_text = read_file (out);
      again_text = read_file (again);
      g_assert_cmpstr (again_text, ==, out_text);
      g_assert_true (g_str_has_prefix (out_text, "game for-ex\n"));
      g_assert_null (strchr (out_text, '\t'));
      g_assert_cmpint (g_remove (out), ==, 0);
      g_assert_cmpint (g_remove (again), ==, 0);
    }

  /* An invalid input writes nothing. */
  {
    g_autofree char *bad = tmp_file (tmp, "bad.xqn", "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\ninvest Cynthia GBP\n");
    g_autofree char *out = tmp_file (tmp, "never.xqn", NULL);
    g_autofree char *prefix = g_strdup_printf ("%s:4: error: ", bad);
    g_auto(Run) run = { 0 };

    RUN (&run, "convert", bad, out);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_true (g_str_has_prefix (run.err, prefix));
    g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  }
}

/* ---- names and reasons a session file can hold ---- */

#define TWO_PLAYERS "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\n"

/* Names the rule allows, however unusual, survive XQN → session file → XQN,
 * and the file loads; what it refuses never gets as far as a file. */
static void
test_unusual_names_round_trip (Tmp           *tmp,
                               gconstpointer  data)
{
  g_autofree char *reason = g_strnfill (2000, 'r');
  g_autofree char *game_text = g_strconcat (
    "game for-ex\n"
    "players \"Mary\tAnn\" Zo\xC3\xAB \xE6\xBC\xA2\xE5\xAD\x97 Jose\xCC\x81 \xE2\x9D\xA4\xEF\xB8\x8F\n"
    "removed CAD CAD CNY CNY EUR USD\n"
    "spot \"Mary\tAnn\" Zo\xC3\xAB USD GBP\n"
    "invest \"Mary\tAnn\" GBP\n"
    "invest Zo\xC3\xAB CHF EUR\n"
    "invest \xE6\xBC\xA2\xE5\xAD\x97 GBP\n"
    "contract Jose\xCC\x81 USD 1 CHF\n"
    "correct cash \xE2\x9D\xA4\xEF\xB8\x8F EUR 3 \"", reason, "\"\n", NULL);
  g_autofree char *game = tmp_file (tmp, "unusual.xqn", game_text);
  g_autofree char *session = tmp_file (tmp, "unusual.exchequer", NULL);
  g_autofree char *back = tmp_file (tmp, "back.xqn", NULL);
  g_autofree char *direct = tmp_file (tmp, "direct.xqn", NULL);
  g_autofree char *back_text = NULL;
  g_autofree char *direct_text = NULL;

  {
    g_auto(Run) to_xml = { 0 };
    g_auto(Run) to_xqn = { 0 };
    g_auto(Run) xqn_to_xqn = { 0 };

    RUN (&to_xml, "convert", game, session);
    g_assert_cmpstr (to_xml.err, ==, "");
    g_assert_cmpint (to_xml.status, ==, 0);
    RUN (&to_xqn, "convert", session, back);
    g_assert_cmpstr (to_xqn.err, ==, "");
    g_assert_cmpint (to_xqn.status, ==, 0);
    RUN (&xqn_to_xqn, "convert", game, direct);
    g_assert_cmpint (xqn_to_xqn.status, ==, 0);
  }
  back_text = read_file (back);
  direct_text = read_file (direct);
  g_assert_cmpstr (back_text, ==, direct_text);
  g_assert_nonnull (strstr (back_text, "\nplayers \"Mary\tAnn\" Zo\xC3\xAB \xE6\xBC\xA2\xE5\xAD\x97 Jose\xCC\x81 "));
  assert_same_game (game, session);
  g_assert_cmpint (g_remove (session), ==, 0);
}

/* Whatever convert would write a session file for must load from it: so
 * what a session file cannot hold is refused when the notation is read. */
static void
test_convert_refuses_what_a_file_cannot_hold (Tmp           *tmp,
                                              gconstpointer  data)
{
  g_autofree char *long_reason = g_strnfill (2001, 'r');
  g_autofree char *too_long = g_strconcat (TWO_PLAYERS "correct cash Bob EUR 3 \"", long_reason, "\"\n", NULL);
  const struct
  {
    const char *text;
    guint       line;
    const char *sentence;
  } cases[] = {
    { "game for-ex\nplayers Bob \"Cyn\xC2\x85thia\"\nremoved USD JPY JPY CNY EUR GBP\n", 2,
      "a player name cannot contain quotes (\") or control characters: “Cyn\\u0085thia”" },
    { "game for-ex\nplayers Bob Cyn\xEF\xBF\xBFthia\nremoved USD JPY JPY CNY EUR GBP\n", 2,
      "a player name cannot contain quotes (\") or control characters: “Cyn\\uffffthia”" },
    { "game for-ex\nplayers Bob \"\xE2\x80\x8B\xE2\x80\x8B\"\nremoved USD JPY JPY CNY EUR GBP\n", 2,
      "a player name needs a visible character; this one holds only spaces or invisible characters" },
    { "game for-ex\nplayers Bob bob\nremoved USD JPY JPY CNY EUR GBP\n", 2,
      "the name “Bob” is used by two players (once as “bob”): names that differ only in case or in look-alike characters are one name" },
    { too_long, 4, "a correction’s reason has at most 2000 characters; this one has 2001" },
    { TWO_PLAYERS "correct cash Bob EUR 3 \"odd \xEF\xBF\xBE\"\n", 4,
      "a correction’s reason is one line of text without control characters" },
    /* C1 controls as C0 ones, each named: NEL, and the one-byte CSI that a terminal obeys. */
    { TWO_PLAYERS "correct cash Bob EUR 3 \"next\xC2\x85line\"\n", 4,
      "a correction’s reason cannot contain U+0085, a control character" },
    { TWO_PLAYERS "correct cash Bob EUR 3 \"clear \xC2\x9B" "2J\"\n", 4,
      "a correction’s reason cannot contain U+009B, a control character" },
    { TWO_PLAYERS "correct cash Bob EUR 3 \"bell\x07\"\n", 4,
      "a correction’s reason cannot contain U+0007, a control character" },
    { TWO_PLAYERS "correct cash Bob EUR 3 \"del\x7F\"\n", 4,
      "a correction’s reason cannot contain U+007F, a control character" },
    /* What reorders or breaks the line it is printed on. */
    { TWO_PLAYERS "correct cash Bob EUR 3 \"paid \xE2\x80\xAE" "5 EUR\"\n", 4,
      "a correction’s reason cannot contain U+202E, a character that moves or breaks the text around it" },
    { TWO_PLAYERS "correct cash Bob EUR 3 \"one\xE2\x80\xA8two\"\n", 4,
      "a correction’s reason cannot contain U+2028, a character that moves or breaks the text around it" },
    { TWO_PLAYERS "correct cash Bob EUR 3 \"\xE2\x81\xA7" "x\xE2\x81\xA9\"\n", 4,
      "a correction’s reason cannot contain U+2067, a character that moves or breaks the text around it" },
    { "game for-ex\nplayers Bob \"Cyn\xE2\x80\xAEthia\"\nremoved USD JPY JPY CNY EUR GBP\n", 2,
      "a player name cannot contain U+202E, a character that moves or breaks the text around it: “Cyn\\u202ethia”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *in = tmp_file (tmp, "refused.xqn", cases[i].text);
      g_autofree char *out = tmp_file (tmp, "refused.exchequer", NULL);
      g_autofree char *expected = g_strdup_printf ("%s:%u: error: %s\n", in, cases[i].line, cases[i].sentence);
      g_auto(Run) run = { 0 };

      RUN (&run, "convert", in, out);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_cmpstr (run.err, ==, expected);
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }
}

/* ---- what an error shows of the input ---- */

#define PWNED "\x1b]0;pwned\x07\x1b[2J"
#define PWNED_SHOWN "\\x1b]0;pwned\\x07\\x1b[2J"

/* Lines on stderr with nothing a terminal would obey in them (C0 but the
 * newline, DEL, C1), and nothing on stdout. */
static void
assert_inert_error (Run        *run,
                    int         status,
                    const char *shown)
{
  g_assert_cmpint (run->status, ==, status);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_utf8_validate (run->err, -1, NULL));
  g_assert_true (g_str_has_suffix (run->err, "\n"));
  for (const char *p = run->err; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((g_unichar_iscntrl (c) && c != '\n') || xq_unichar_moves_text (c))
        g_error ("stderr holds U+%04X: %s", c, g_strescape (run->err, NULL));
    }
  if (shown != NULL && strstr (run->err, shown) == NULL)
    g_error ("stderr “%s” does not show “%s”", run->err, shown);
}

/* A name or a reason with a character that moves the text around it (a
 * right-to-left override, a line separator) never reaches what state,
 * score or review print: the file is refused, in notation or as a session
 * file written before the rule, and the sentence shows it as an escape. */
static void
test_text_moving_never_printed (Tmp           *tmp,
                                gconstpointer  data)
{
  static const char *const commands[] = { "check", "state", "score", "review" };
  static const char game[] = "game for-ex\nplayers Bob Cynthia\nremoved USD JPY JPY CNY EUR GBP\n"
                             "correct cash Bob EUR 3 \"counted\"\ninvest Bob USD\n";
  g_autofree char *plain = tmp_file (tmp, "plain.xqn", game);
  g_autofree char *session = tmp_file (tmp, "plain.exchequer", NULL);
  g_autofree char *session_text = NULL;
  g_auto(Run) convert = { 0 };

  RUN (&convert, "convert", plain, session);
  g_assert_cmpint (convert.status, ==, 0);
  g_assert_true (g_file_get_contents (session, &session_text, NULL, NULL));
  for (guint k = 0; k < 4; k++)
    {
      /* The name, then the reason; in notation, then in a session file. */
      const char *from = k % 2 == 0 ? "Cynthia" : "counted";
      const char *to = k % 2 == 0 ? "Cyn\xE2\x80\xAEthia" : "coun\xE2\x80\xA8ted";
      const char *shown = k % 2 == 0 ? "U+202E" : "U+2028";
      g_auto(GStrv) parts = g_strsplit (k < 2 ? game : session_text, from, -1);
      g_autofree char *text = g_strjoinv (to, parts);
      g_autofree char *path = tmp_file (tmp, k < 2 ? "moving.xqn" : "moving.exchequer", text);

      for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
        {
          g_auto(Run) run = { 0 };

          RUN (&run, commands[i], path);
          g_test_message ("%s %s: %s", commands[i], path, run.err);
          assert_inert_error (&run, 1, shown);
          if (k == 2)
            g_assert_nonnull (strstr (run.err, "<player> has name=\"Cyn\\u202ethia\", which holds U+202E"));
        }
    }
}

static void
test_error_never_echoes_control_characters (Tmp           *tmp,
                                            gconstpointer  data)
{
  static const struct
  {
    const char *text;
    const char *shown;
  } cases[] = {
    { TWO_PLAYERS "spot" PWNED " Bob Cynthia USD GBP\n", "“spot" PWNED_SHOWN "”" },
    { TWO_PLAYERS "invest Bob" PWNED " GBP\n", "“Bob" PWNED_SHOWN "”" },
    { TWO_PLAYERS "invest Bob GBP" PWNED "\n", "“GBP" PWNED_SHOWN "”" },
    { TWO_PLAYERS "contract Bob USD 1" PWNED " CHF\n", "“1" PWNED_SHOWN "”" },
    { "game for-ex\nplayers Bob Cyn" PWNED "thia\nremoved USD JPY JPY CNY EUR GBP\n", "“Cyn" PWNED_SHOWN "thia”" },
    { "game for" PWNED "-ex\n", "“for" PWNED_SHOWN "-ex”" },
    { "game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 1 2\nlocked Ben 3 4\nmarket" PWNED " 1 0\n",
      "“market" PWNED_SHOWN "”" },
    /* C1: the one-byte CSI, as a character. */
    { TWO_PLAYERS "invest Bob GBP\xC2\x9B" "2J\n", "“GBP\\u009b2J”" },
    { "game for-ex\nplayers Bob \"Cyn\xC2\x85thia\"\nremoved USD JPY JPY CNY EUR GBP\n", "“Cyn\\u0085thia”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = tmp_file (tmp, "pwned.xqn", cases[i].text);
      g_auto(Run) run = { 0 };

      RUN (&run, "check", path);
      assert_inert_error (&run, 1, cases[i].shown);
    }

  /* The file's name and the arguments are the user's too. */
  {
    g_autofree char *path = tmp_file (tmp, "a" PWNED ".xqn", TWO_PLAYERS "invest Cynthia GBP\n");
    g_autofree char *shown = g_strdup_printf ("%s/a" PWNED_SHOWN ".xqn:4: error: ", tmp->dir);
    g_auto(Run) run = { 0 };

    RUN (&run, "check", path);
    assert_inert_error (&run, 1, shown);
    g_assert_true (g_str_has_prefix (run.err, shown));
  }
  {
    g_autofree char *path = tmp_file (tmp, "missing" PWNED ".xqn", NULL);
    g_auto(Run) run = { 0 };

    RUN (&run, "check", path);
    assert_inert_error (&run, 1, "missing" PWNED_SHOWN ".xqn");
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "check", "--" PWNED);
    assert_inert_error (&run, 2, "“--" PWNED_SHOWN "”");
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "frob" PWNED "\xff", "x.xqn");
    assert_inert_error (&run, 2, "“frob" PWNED_SHOWN "\\xff”");
  }
}

/* A 10 MB token is quoted by its first 40 characters, not echoed whole. */
static void
test_huge_token_error_is_short (Tmp           *tmp,
                                gconstpointer  data)
{
  static const char *const prefixes[] = {
    TWO_PLAYERS "",                          /* an unknown statement */
    TWO_PLAYERS "invest ",                   /* a player */
    TWO_PLAYERS "invest Bob ",               /* a currency */
    "game for-ex\nplayers Bob ",             /* a name too long */
    "game fair-trade\nplayers Ann Ben\nfarmer Ann\nlocked Ann 1 2\nlocked Ben 3 4\nmarket 1 ",
  };
  g_autofree char *token = g_strnfill (10 * 1024 * 1024, 'a');

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    {
      g_autofree char *text = g_strconcat (prefixes[i], token, " GBP\nremoved USD JPY JPY CNY EUR GBP\n", NULL);
      g_autofree char *path = tmp_file (tmp, "huge.xqn", text);
      g_autofree char *error_start = g_strdup_printf ("%s:", path);
      g_auto(Run) run = { 0 };

      RUN (&run, "check", path);
      assert_inert_error (&run, 1, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…");
      g_assert_true (g_str_has_prefix (run.err, error_start));
      g_assert_true (strchr (run.err, '\n') == run.err + strlen (run.err) - 1);
      g_test_message ("%s", run.err + strlen (path));
      g_assert_cmpuint (strlen (run.err) - strlen (path), <, 200);
    }
}


/* ---- score --projected ---- */

/* Ben leads on the GBP his contract brought, while its loan of 7 USD waits in
 * the queue and he holds 2 USD: the loan's resolution bankrupts him. */
static void
test_projected_unpaid_loan (Tmp           *tmp,
                            gconstpointer  data)
{
  g_autofree char *game = tmp_file (tmp, "ben.xqn",
                                    "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n"
                                    "resolve Ann GBP\ncontract Ben USD 6 GBP\nresolve Ann GBP\nresolve Ben\n");
  g_auto(Run) now = { 0 };
  g_auto(Run) projected = { 0 };
  g_autofree char *expected = NULL;

  RUN (&now, "score", game);
  g_assert_cmpint (now.status, ==, 0);
  g_assert_true (g_str_has_prefix (now.out, "provisional\n"));
  g_assert_true (g_str_has_suffix (now.out, "\ntotal Ann 3\ntotal Ben 7\nwinner Ben\n"));

  /* Nothing is paid on a bankruptcy: the same conversion, Ben bankrupt, Ann the winner. */
  RUN (&projected, "score", "--projected", game);
  g_assert_cmpint (projected.status, ==, 0);
  g_assert_cmpstr (projected.err, ==, "");
  expected = g_strconcat ("projected\n", now.out + strlen ("provisional\n"), NULL);
  expected[strlen (expected) - strlen ("winner Ben\n")] = '\0';
  {
    g_autofree char *whole = g_strconcat (expected, "bankrupt Ben\nwinner Ann\n", NULL);

    g_assert_cmpstr (projected.out, ==, whole);
  }
}

/* Ann's contract, made at GBP>USD @1 and resolved at @1.5, breaks the tie with Cat. */
static void
test_projected_contract (Tmp           *tmp,
                         gconstpointer  data)
{
  g_autofree char *game = tmp_file (tmp, "ann.xqn",
                                    "game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n"
                                    "contract Ann USD 2 GBP\ninvest Ben GBP\n");
  g_auto(Run) now = { 0 };
  g_auto(Run) projected = { 0 };

  RUN (&now, "score", game);
  g_assert_cmpint (now.status, ==, 0);
  g_assert_true (g_str_has_suffix (now.out, "\ntotal Ann 6\ntotal Ben 4\ntotal Cat 6\nwinner Ann Cat\n"));
  g_assert_nonnull (strstr (now.out, "\nconvert Ann USD 2 1\n"));

  RUN (&projected, "score", "--projected", game);
  g_assert_cmpint (projected.status, ==, 0);
  g_assert_cmpstr (projected.out, ==,
                   "projected\n"
                   "strongest GBP\n"
                   "pairs GBP 6 EUR 5 USD 4 CHF 3 JPY 2 CAD 1 CNY 0\n"
                   "convert Ann EUR 2 1\n"
                   "convert Ann CHF 2 1\n"
                   "convert Ann JPY 2 1\n"
                   "convert Ann CAD 2 0\n"
                   "convert Ann CNY 2 0\n"
                   "convert Ben EUR 2 1\n"
                   "convert Ben USD 2 1\n"
                   "convert Ben CHF 2 1\n"
                   "convert Ben JPY 2 1\n"
                   "convert Ben CAD 2 0\n"
                   "convert Ben CNY 2 0\n"
                   "convert Cat EUR 2 1\n"
                   "convert Cat USD 2 1\n"
                   "convert Cat CHF 2 1\n"
                   "convert Cat JPY 2 1\n"
                   "convert Cat CAD 2 0\n"
                   "convert Cat CNY 2 0\n"
                   "total Ann 7\n"
                   "total Ben 4\n"
                   "total Cat 6\n"
                   "winner Ann\n");
}

/* A finished game: "projected", then exactly what score prints. */
static void
test_projected_finished (void)
{
  g_autoptr(GPtrArray) examples = list_examples ();

  for (guint i = 0; i < examples->len; i++)
    {
      g_autofree char *game = data_path (g_ptr_array_index (examples, i));
      g_auto(Run) score = { 0 };
      g_auto(Run) projected = { 0 };
      g_autofree char *expected = NULL;

      RUN (&score, "score", game);
      RUN (&projected, "score", game, "--projected");
      g_assert_cmpint (score.status, ==, 0);
      g_assert_false (g_str_has_prefix (score.out, "provisional"));
      g_assert_cmpint (projected.status, ==, 0);
      expected = g_strconcat ("projected\n", score.out, NULL);
      g_assert_cmpstr (projected.out, ==, expected);
    }
}

/* At the start all three hold the same: a shared first place, now and projected. */
static void
test_projected_start (Tmp           *tmp,
                      gconstpointer  data)
{
  g_autofree char *game = tmp_file (tmp, "start.xqn",
                                    "game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n");
  g_auto(Run) now = { 0 };
  g_auto(Run) projected = { 0 };
  g_autofree char *expected = NULL;

  RUN (&now, "score", game);
  RUN (&projected, "score", "--projected", game);
  g_assert_cmpint (projected.status, ==, 0);
  g_assert_true (g_str_has_suffix (now.out, "\nwinner Ann Ben Cat\n"));
  /* Nothing in the queue but the dividends: the same table, over. */
  expected = g_strconcat ("projected\n", now.out + strlen ("provisional\n"), NULL);
  g_assert_cmpstr (projected.out, ==, expected);
}



/* ---- score --readings ---- */

#define TWO_FOR_READINGS "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n"

static void
assert_readings (Tmp        *tmp,
                 const char *text,
                 const char *expected)
{
  g_autofree char *game = tmp_file (tmp, "readings.xqn", text);
  g_auto(Run) run = { 0 };

  RUN (&run, "score", "--readings", game);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpstr (run.out, ==, expected);
}

/* Card 0 resolved while nobody holds a certificate: Ann chose EUR, and EUR at
 * GBP>EUR @1 wins her the game; unstrengthened, @1.5, it ties with Ben. */
static void
test_readings_strengthen (Tmp           *tmp,
                          gconstpointer  data)
{
  assert_readings (tmp, TWO_FOR_READINGS "spot Ann Ben GBP EUR\nresolve Ann EUR\n",
                   "provisional\n"
                   "reading strengthen applied tie-choice other none dividends 1 winner-changes Ann Ben\n");
  /* 1 EUR for 1 GBP is a contract at @1, not at @1.5: the other game stops there. */
  assert_readings (tmp, TWO_FOR_READINGS "spot Ann Ben GBP EUR\nresolve Ann EUR\ncontract Ben EUR 1 GBP\n",
                   "provisional\n"
                   "reading strengthen applied tie-choice other none dividends 1 diverges move 3\n");
  /* A strengthening that changes nothing at the end. */
  assert_readings (tmp, TWO_FOR_READINGS "resolve Ann GBP\n",
                   "provisional\n"
                   "reading strengthen applied tie-choice other none dividends 1 winner-same\n");
}

/* Ann's half-buck of GBP, the strongest, wins by the default reading only. */
static void
test_readings_rounding (Tmp           *tmp,
                        gconstpointer  data)
{
  assert_readings (tmp, TWO_FOR_READINGS "correct cash Ann GBP 10.5\ncorrect cash Ben GBP 10\n",
                   "provisional\n"
                   "reading rounding applied keep-half other round-all winner-changes Ann Ben\n");
  assert_readings (tmp, TWO_FOR_READINGS "correct cash Ann GBP 12.5\ncorrect cash Ben GBP 10\n",
                   "provisional\n"
                   "reading rounding applied keep-half other round-all winner-same\n");
  /* No half-buck in GBP: the point does not arise. */
  assert_readings (tmp, TWO_FOR_READINGS "correct cash Ann EUR 10.5\n", "provisional\n");
}

/* Issue 15: Ben's 19.5 GBP beats Ann's 19 by the printed rule; a table that
 * rounds every money down ties them at 19, and Ann's GBP certificate wins. */
#define HALF_BUCK_GAME(rules) \
  TWO_FOR_READINGS rules "correct pile GBP 6\ncorrect certs Ann GBP 1\ncorrect cash Ann GBP 19\ncorrect cash Ben GBP 19.5\n"

static void
test_readings_table_rule (Tmp           *tmp,
                          gconstpointer  data)
{
  g_autofree char *by_book = tmp_file (tmp, "by-book.xqn", HALF_BUCK_GAME (""));
  g_autofree char *house = tmp_file (tmp, "house.xqn", HALF_BUCK_GAME ("rule rounding round-all\n"));
  g_auto(Run) book_score = { 0 };
  g_auto(Run) house_score = { 0 };
  g_auto(Run) check = { 0 };

  RUN (&book_score, "score", by_book);
  RUN (&house_score, "score", house);
  g_assert_cmpint (book_score.status, ==, 0);
  g_assert_cmpint (house_score.status, ==, 0);
  g_assert_true (g_str_has_suffix (book_score.out, "\ntotal Ann 25\ntotal Ben 25.5\nwinner Ben\n"));
  g_assert_true (g_str_has_suffix (house_score.out, "\ntotal Ann 25\ntotal Ben 25\nwinner Ann\n"));
  /* The rule line is header, not a move. */
  RUN (&check, "check", house);
  g_assert_cmpstr (check.out, ==, "ok 4 moves\n");

  /* --readings names the table's reading as the one applied. */
  assert_readings (tmp, HALF_BUCK_GAME (""),
                   "provisional\nreading rounding applied keep-half other round-all winner-changes Ann\n");
  assert_readings (tmp, HALF_BUCK_GAME ("rule rounding round-all\n"),
                   "provisional\nreading rounding applied round-all other keep-half winner-changes Ben\n");
  /* Played by "none", the dividend needs no choice; the printed rule would ask for one. */
  assert_readings (tmp, TWO_FOR_READINGS "rule strengthen none\nspot Ann Ben GBP EUR\nresolve Ann\n",
                   "provisional\n"
                   "reading strengthen applied none other tie-choice dividends 1 diverges move 2\n");

  /* A rule after the first move, or a sixth player under 2-5, stops every command at its line. */
  assert_file_error (tmp, "late-rule.xqn", HALF_BUCK_GAME ("") "rule rounding round-all\n", 8,
                     "the table rules are chosen before the first move: “rule” lines come right after “removed”");
  assert_file_error (tmp, "six.xqn",
                     "game for-ex\nplayers A B C D E F\nremoved USD JPY JPY CNY EUR GBP\nrule players 2-5\n", 4,
                     "the table rule “players 2-5” allows 2 to 5 players; this game has 6");
}

static void
test_readings_players (Tmp           *tmp,
                       gconstpointer  data)
{
  assert_readings (tmp, "game for-ex\nplayers A B C D E F\nremoved USD JPY JPY CNY EUR GBP\n",
                   "provisional\nreading players applied 2-6 other 2-5 no-game\n");
  assert_readings (tmp, "game for-ex\nplayers A B C D E\nremoved USD JPY JPY CNY EUR GBP\n",
                   "provisional\n");
}

/* The finished examples: every point that arose, and what the other reading gives. */
static void
test_readings_examples (void)
{
  static const struct { const char *name; const char *lines; } cases[] = {
    { "for-ex-20-4p.xqn",
      "reading rounding applied keep-half other round-all winner-same\n"
      "reading strengthen applied tie-choice other none dividends 1 diverges move 43\n" },
    { "for-ex-42-4p.xqn", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *game = data_path (cases[i].name);
      g_auto(Run) run = { 0 };

      RUN (&run, "score", game, "--readings");
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.out, ==, cases[i].lines);
    }
}

/* For-Ex only; one of the two, for score only. */
static void
test_score_options_usage (void)
{
  g_autofree char *fair_trade = g_build_filename (TEST_DATA_DIR, "fair-trade", "fair-trade-44-4p.xqn", NULL);
  g_autofree char *game = data_path ("for-ex-20-4p.xqn");

  for (const char *const *option = (const char *const[]) { "--projected", "--readings", NULL }; *option != NULL;
       option++)
    {
      g_autofree char *sentence = g_strdup_printf ("score %s covers For-Ex games only; this is a fair-trade game",
                                                   *option);

      {
        g_auto(Run) run = { 0 };

        RUN (&run, "score", *option, fair_trade);
        assert_usage_error (&run);
        g_assert_nonnull (strstr (run.err, sentence));
      }
      for (const char *const *command = (const char *const[]) { "check", "state", "legal", "stats", NULL };
           *command != NULL; command++)
        {
          g_auto(Run) run = { 0 };

          RUN (&run, *command, *option, game);
          assert_usage_error (&run);
        }
      {
        g_auto(Run) run = { 0 };

        RUN (&run, "score", *option);
        assert_usage_error (&run);
      }
    }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "score", "--readings", "--projected", game);
    assert_usage_error (&run);
    g_assert_nonnull (strstr (run.err, "score takes one of --projected, --readings, --standing and --worth"));
  }
}

/* The README's table of reasons as written and as read ("Quotes and
 * escapes in a correction's reason") is what the reader does, row by row:
 * the rule it states is the reader's, not a looser one. */
static void
test_readme_quote_rule (Tmp           *tmp,
                        gconstpointer  data)
{
  g_autofree char *readme_path = g_build_filename (EXAMPLES_DIR, "..", "..", "README.md", NULL);
  g_autofree char *readme = read_file (readme_path);
  const char *section = strstr (readme, "### Quotes and escapes in a correction's reason");
  const char *end;
  g_autofree char *text = NULL;
  g_autoptr(GRegex) row_re = g_regex_new ("^\\| `(.*)` \\| (?:`(.*)`|(refused)) \\|$", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint n_rows = 0, n_refused = 0;
  gboolean say_hi_refused = FALSE;

  g_assert_nonnull (section);
  end = strstr (section + 4, "\n### ");
  g_assert_nonnull (end);
  text = g_strndup (section, (gsize) (end - section));
  for (g_regex_match (row_re, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *written = g_match_info_fetch (match, 1);
      g_autofree char *read = g_match_info_fetch (match, 2);
      g_autofree char *refused = g_match_info_fetch (match, 3);
      g_autofree char *game = g_strconcat (TWO_PLAYERS "correct cash Bob EUR 3 ", written, "\n", NULL);
      g_autofree char *in = tmp_file (tmp, "quoted.xqn", game);
      g_autofree char *out = tmp_file (tmp, "quoted.exchequer", NULL);
      g_auto(Run) run = { 0 };

      g_remove (out);
      RUN (&run, "convert", in, out);
      if (refused != NULL && *refused != '\0')
        {
          g_autofree char *expected = g_strdup_printf ("%s:4: error: a closing quote (\") must be followed by a space\n", in);

          g_assert_cmpint (run.status, ==, 1);
          g_assert_cmpstr (run.err, ==, expected);
          n_refused++;
          say_hi_refused |= strcmp (written, "\"say \"hi\"\"") == 0;
        }
      else
        {
          g_autofree char *doc = NULL;
          g_autofree char *expected = g_strdup_printf ("<reason>%s</reason>", read);

          g_assert_cmpint (run.status, ==, 0);
          doc = read_file (out);
          g_assert_nonnull (strstr (doc, expected));
        }
      n_rows++;
    }
  g_assert_cmpuint (n_rows, >=, 6);
  g_assert_cmpuint (n_refused, >=, 2);
  g_assert_true (say_hi_refused);
}

/* An option given twice is refused, whatever its values, rather than the
 * last one winning silently: a usage error that names it, exit 2. */
static void
test_repeated_option (void)
{
  g_autofree char *game = data_path ("for-ex-20-4p.xqn");
  g_autofree char *short_game = data_path ("for-ex-corrected.xqn");
  const struct
  {
    const char *args[7];
    const char *option;
  } cases[] = {
    { { "hint", short_game, "--depth", "2", "--depth", "3" }, "--depth" },
    { { "review", short_game, "--depth=2", "--depth", "3" }, "--depth" },
    { { "review", short_game, "--depth", "1", "--depth=1" }, "--depth" },
    { { "review", "--threads", "1", short_game, "--threads", "2" }, "--threads" },
    { { "state", game, "--after", "3", "--after", "4" }, "--after" },
    { { "score", "--worth", game, "--worth" }, "--worth" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *expected = g_strdup_printf ("exchequer-cli: %s is given twice; give it once\n"
                                                   "Try “exchequer-cli --help”.\n", cases[i].option);
      g_auto(Run) run = { 0 };

      run_cli (&run, cases[i].args);
      assert_usage_error (&run);
      g_assert_cmpstr (run.err, ==, expected);
    }
  /* Each option once is still fine, and of two mistakes the first is said. */
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "review", short_game, "--threads", "1", "--depth", "1");
    g_assert_cmpint (run.status, ==, 0);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "review", short_game, "--bogus", "--depth", "1", "--depth", "2");
    assert_usage_error (&run);
    g_assert_nonnull (strstr (run.err, "unknown option “--bogus”"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/xqn/cli/examples", test_examples);
  g_test_add_func ("/xqn/cli/state-after", test_state_after);
  g_test_add ("/xqn/cli/legal/lines", Tmp, NULL, tmp_setup, test_legal, tmp_teardown);
  g_test_add ("/xqn/cli/legal/invest-pairs", Tmp, NULL, tmp_setup, test_legal_invest_pairs, tmp_teardown);
  g_test_add ("/xqn/cli/legal/after-end", Tmp, NULL, tmp_setup, test_legal_after_end, tmp_teardown);
  g_test_add ("/xqn/cli/errors", Tmp, NULL, tmp_setup, test_errors, tmp_teardown);
  g_test_add ("/xqn/cli/small-files", Tmp, NULL, tmp_setup, test_small_files, tmp_teardown);
  g_test_add ("/xqn/cli/quoted-names", Tmp, NULL, tmp_setup, test_quoted_names, tmp_teardown);
  g_test_add ("/xqn/cli/missing-file", Tmp, NULL, tmp_setup, test_missing_file, tmp_teardown);
  g_test_add_func ("/xqn/cli/usage", test_usage);
  g_test_add_func ("/xqn/cli/help-version", test_help_version);
  g_test_add ("/xqn/cli/convert", Tmp, NULL, tmp_setup, test_convert, tmp_teardown);
  g_test_add ("/xqn/cli/unusual-names-round-trip", Tmp, NULL, tmp_setup, test_unusual_names_round_trip,
              tmp_teardown);
  g_test_add ("/xqn/cli/text-moving-never-printed", Tmp, NULL, tmp_setup, test_text_moving_never_printed,
              tmp_teardown);
  g_test_add ("/xqn/cli/convert-refuses-what-a-file-cannot-hold", Tmp, NULL, tmp_setup,
              test_convert_refuses_what_a_file_cannot_hold, tmp_teardown);
  g_test_add ("/xqn/cli/error-never-echoes-control-characters", Tmp, NULL, tmp_setup,
              test_error_never_echoes_control_characters, tmp_teardown);
  g_test_add ("/xqn/cli/huge-token-error-is-short", Tmp, NULL, tmp_setup, test_huge_token_error_is_short,
              tmp_teardown);
  g_test_add ("/xqn/cli/projected/unpaid-loan", Tmp, NULL, tmp_setup, test_projected_unpaid_loan, tmp_teardown);
  g_test_add ("/xqn/cli/projected/contract", Tmp, NULL, tmp_setup, test_projected_contract, tmp_teardown);
  g_test_add_func ("/xqn/cli/projected/finished", test_projected_finished);
  g_test_add ("/xqn/cli/projected/start", Tmp, NULL, tmp_setup, test_projected_start, tmp_teardown);
  g_test_add ("/xqn/cli/readings/strengthen", Tmp, NULL, tmp_setup, test_readings_strengthen, tmp_teardown);
  g_test_add ("/xqn/cli/readings/rounding", Tmp, NULL, tmp_setup, test_readings_rounding, tmp_teardown);
  g_test_add ("/xqn/cli/readings/players", Tmp, NULL, tmp_setup, test_readings_players, tmp_teardown);
  g_test_add ("/xqn/cli/readings/table-rule", Tmp, NULL, tmp_setup, test_readings_table_rule, tmp_teardown);
  g_test_add_func ("/xqn/cli/readings/examples", test_readings_examples);
  g_test_add_func ("/xqn/cli/score-options/usage", test_score_options_usage);
  g_test_add_func ("/xqn/cli/repeated-option", test_repeated_option);
  g_test_add ("/xqn/cli/readme-quote-rule", Tmp, NULL, tmp_setup, test_readme_quote_rule, tmp_teardown);

  return g_test_run ();
}
