/* SPDX-License-Identifier: GPL-3.0-or-later */
/* `exchequer-cli report` and `stats`: the CSV against `score`, the PDF's pages and words, exit codes. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "cli-support.h"
#include "fx-dividends.h"
#include "fx-checkpoint.h"
#include "fx-random-play.h"
#include "fx-sentence.h"
#include "pdf-support.h"
#include "xq-games.h"

/* The pages the report always has, by title, in order; after them, pages
 * of the contracts, corrections and moves, as many as they take. */
static const char * const fixed_titles[] = { "For-Ex game report", "End-game audit", "Statistics", "Charts", "Game review" };
#define LIST_TITLE "Contracts, corrections and moves"

/* A small RFC 4180 reader: rows of fields, quoted fields with doubled quotes,
 * CRLF (or LF) line ends. Fails the test on malformed input. */
static GPtrArray *
parse_csv (const char *text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);
  GString *field = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      if (*p == '"')
        {
          g_assert_cmpuint (field->len, ==, 0);
          for (p++;; p++)
            {
              g_assert_true (*p != '\0');
              if (*p == '"' && p[1] == '"')
                {
                  g_string_append_c (field, '"');
                  p++;
                }
              else if (*p == '"')
                {
                  p++;
                  break;
                }
              else
                g_string_append_c (field, *p);
            }
          g_assert_true (*p == ',' || *p == '\r' || *p == '\n' || *p == '\0');
          continue;
        }
      if (*p == ',')
        {
          g_ptr_array_add (row, g_strdup (field->str));
          g_string_truncate (field, 0);
          p++;
          continue;
        }
      if (*p == '\r' || *p == '\n')
        {
          if (*p == '\r')
            {
              g_assert_cmpint (p[1], ==, '\n');
              p++;
            }
          p++;
          g_ptr_array_add (row, g_strdup (field->str));
          g_string_truncate (field, 0);
          g_ptr_array_add (rows, row);
          row = g_ptr_array_new_with_free_func (g_free);
          continue;
        }
      g_string_append_c (field, *p++);
    }
  g_assert_cmpuint (row->len, ==, 0);   /* the last row ends in a line break too */
  g_assert_cmpuint (field->len, ==, 0);
  g_ptr_array_unref (row);
  g_string_free (field, TRUE);
  return rows;
}

static guint
n_moves_of (const char *game)
{
  g_auto(Run) run = { 0 };
  guint n = 0;

  RUN (&run, "check", game);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpint (sscanf (run.out, "ok %u moves", &n), ==, 1);
  return n;
}

static void
check_csv (const char *game,
           const char *dir)
{
  g_autofree char *csv = g_build_filename (dir, "standings.csv", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  g_auto(GStrv) score = NULL;
  g_auto(Run) run = { 0 };
  g_auto(Run) scored = { 0 };
  guint n_moves = n_moves_of (game), n_cols;
  GPtrArray *last;
  guint n_totals = 0;

  RUN (&run, "report", game, csv);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  rows = parse_csv (text);
  g_assert_cmpuint (rows->len, ==, n_moves + 1);
  n_cols = ((GPtrArray *) rows->pdata[0])->len;
  g_assert_cmpstr (((GPtrArray *) rows->pdata[0])->pdata[0], ==, "move");
  for (guint i = 1; i < rows->len; i++)
    {
      GPtrArray *row = rows->pdata[i];
      g_autofree char *number = g_strdup_printf ("%u", i);

      g_assert_cmpuint (row->len, ==, n_cols);
      g_assert_cmpstr (row->pdata[0], ==, number);
    }
  if (n_moves == 0)
    return;

  /* The last row is the standing after the last move: `total NAME AMOUNT` of
   * `score --standing` in seating order (a finished game's: `score`'s). */
  RUN (&scored, "score", "--standing", game);
  g_assert_cmpint (scored.status, ==, 0);
  last = rows->pdata[rows->len - 1];
  score = g_strsplit (scored.out, "\n", -1);
  for (guint i = 0; score[i] != NULL; i++)
    {
      const char *amount;

      if (g_str_has_prefix (score[i], "strongest "))
        g_assert_cmpstr (last->pdata[3], ==, score[i] + strlen ("strongest "));
      if (g_str_has_prefix (score[i], "strongest-tied"))
        g_assert_cmpstr (last->pdata[3], ==, "");
      if (!g_str_has_prefix (score[i], "total "))
        continue;
      amount = strrchr (score[i], ' ') + 1;
      g_assert_cmpstr (last->pdata[4 + n_totals], ==, amount);
      n_totals++;
    }
  g_assert_true (n_totals == 0 || n_totals == n_cols - 4);
}

static guint
count_lines_with_prefix (const char *text,
                         const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    n += g_str_has_prefix (lines[i], prefix);
  return n;
}

/* Pages are "/Type /Page" objects; "/Type /Pages" is the tree above them. */
static guint
count_pdf_pages (const char *data,
                 gsize       length)
{
  const char needle[] = "/Type /Page";
  guint n = 0;

  for (gsize i = 0; i + sizeof needle < length; i++)
    if (memcmp (data + i, needle, sizeof needle - 1) == 0 && data[i + sizeof needle - 1] != 's')
      n++;
  return n;
}

/* The rows (PdfRow) of the list pages between their title and their footer, in
 * order. Each page shows which it is, of how many; a list page breaks only
 * when its next row would not fit above the footer, and none is empty: so
 * the page count is what the content needs, measured on the page itself. */
static GPtrArray *
list_rows (GPtrArray *pages)
{
  GPtrArray *entries = g_ptr_array_new ();
  guint n_pages = pages->len;

  g_assert_cmpuint (n_pages, >, G_N_ELEMENTS (fixed_titles));
  for (guint k = 0; k < n_pages; k++)
    {
      PdfPage *page = pages->pdata[k];
      g_autofree char *number = g_strdup_printf ("Page %u of %u", k + 1, n_pages);
      const char *title = k < G_N_ELEMENTS (fixed_titles) ? fixed_titles[k] : LIST_TITLE;
      int title_row = pdf_page_find_row (page, title);
      PdfRow *footer, *first, *last;
      guint n_entries;
      double pitch;

      g_assert_cmpuint (page->rows->len, >=, 2);
      footer = page->rows->pdata[page->rows->len - 1];
      g_assert_cmpstr (footer->text, ==, number);
      if (title_row < 0)
        g_error ("page %u has no title “%s”", k + 1, title);
      if (k < G_N_ELEMENTS (fixed_titles))
        continue;

      n_entries = page->rows->len - 2 - (guint) title_row;
      g_assert_cmpuint (n_entries, >=, 1);
      first = page->rows->pdata[title_row + 1];
      last = page->rows->pdata[page->rows->len - 2];
      g_assert_cmpfloat (last->bottom, <=, footer->top);
      if (k + 1 < n_pages)
        {
          g_assert_cmpuint (n_entries, >=, 2);
          pitch = (last->top - first->top) / (n_entries - 1);
          if (last->bottom + pitch <= footer->top)
            g_error ("page %u of %u breaks with room for another row above its footer", k + 1, n_pages);
        }
      for (guint r = (guint) title_row + 1; r + 1 < page->rows->len; r++)
        g_ptr_array_add (entries, page->rows->pdata[r]);
    }
  return entries;
}

#define ENTRY(i) (((PdfRow *) entries->pdata[(i)])->text)

/* A dividend or a correction reads whole, over as many rows as it takes:
 * @expected is the rows from *@e on, joined by spaces, none elided. */
static void
assert_entry (GPtrArray  *entries,
              guint      *e,
              const char *expected)
{
  g_autoptr(GString) joined = g_string_new (NULL);

  while (*e < entries->len)
    {
      PdfRow *row = entries->pdata[(*e)++];

      g_assert_false (row->elided);
      if (joined->len > 0)
        g_string_append_c (joined, ' ');
      g_string_append (joined, row->text);
      if (!g_str_has_prefix (expected, joined->str) || strcmp (expected, joined->str) == 0
          || expected[joined->len] != ' ')
        break;
    }
  g_assert_cmpstr (joined->str, ==, expected);
}

/* The counts of the table, after the corrections: none in a game never
 * counted; else a heading and, for each, when and what it found. Returns
 * the entry after them. */
static guint
check_checkpoints (XqSession *session,
                   GPtrArray *entries,
                   guint      e)
{
  gboolean heading = FALSE;

  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      const FxMove *move = xq_session_get_move (session, i);
      g_autofree char *result = NULL;
      g_autofree char *expected = NULL;

      if (move->kind != FX_MOVE_CHECKPOINT)
        continue;
      if (!heading)
        g_assert_cmpstr (ENTRY (e++), ==, "Checkpoints: the table counted");
      heading = TRUE;
      result = fx_checkpoint_result (move);
      expected = g_strdup_printf ("%u. %s: %s", i + 1, xq_session_get_move_reason (session, i), result);
      g_assert_cmpstr (ENTRY (e), ==, expected);
      g_assert_false (((PdfRow *) entries->pdata[e++])->elided);
    }
  return e;
}

/* The lists' entries all in the one size: a long one is never set smaller
 * than the rest (the row's height is its type's). Headings are larger. */
static void
assert_one_size (GPtrArray *entries)
{
  double height = 0;

  for (guint i = 0; i < entries->len; i++)
    {
      PdfRow *row = entries->pdata[i];
      double h = row->bottom - row->top;

      if (g_ascii_isupper (row->text[0]) && strchr (row->text, ' ') != NULL && row->text[1] != ' '
          && (g_str_has_prefix (row->text, "Contracts (") || g_str_has_prefix (row->text, "Dividends (")
              || g_str_equal (row->text, "Corrections") || g_str_equal (row->text, "Moves")
              || g_str_has_prefix (row->text, "Checkpoints:")))
        continue;
      if (g_str_equal (row->text, "Corrections") || g_str_equal (row->text, "Moves"))
        continue;
      if (height == 0)
        height = h;
      if (h < height - 0.5 || h > height + 0.5)
        g_error ("the list row “%s” is %.2f pt high, the others %.2f pt", row->text, h, height);
    }
}

static void
check_pdf (const char *game,
           const char *dir,
           const char *shot_name)
{
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *xqn = g_build_filename (dir, "moves.xqn", NULL);
  g_autofree char *data = NULL, *moves = NULL;
  g_autofree char *pdftoppm = g_find_program_in_path ("pdftoppm");
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GPtrArray) pages = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Run) run = { 0 };
  g_auto(Run) stats = { 0 };
  g_auto(Run) convert = { 0 };
  const XqGame *kind;
  gsize length;
  guint contracts, corrections = 0, e = 0;
  FxState state;

  RUN (&stats, "stats", game);
  g_assert_cmpint (stats.status, ==, 0);
  RUN (&convert, "report", game, xqn);
  g_assert_cmpint (convert.status, ==, 0);
  g_assert_true (g_file_get_contents (xqn, &moves, NULL, NULL));
  session = xq_session_new_from_notation (moves, -1, NULL, &error);
  g_assert_no_error (error);
  kind = xq_session_get_game (session);
  contracts = count_lines_with_prefix (stats.out, "contract ");

  RUN (&run, "report", game, pdf);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (pdf, &data, &length, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  if (!pdf_can_read ())
    {
      g_test_skip ("pdftotext not found: the report's pages cannot be read");
      return;
    }
  pages = pdf_read_pages (pdf);
  g_assert_cmpuint (count_pdf_pages (data, length), ==, pages->len);
  entries = list_rows (pages);

  /* The lists hold every contract, correction and move, once, in order; a
   * move in the very words the history shows it in (fx-sentence.c). */
  g_assert_cmpstr (ENTRY (e++), ==, "Contracts (profit or loss when made, then when resolved)");
  if (contracts == 0)
    g_assert_cmpstr (ENTRY (e++), ==, "None.");
  /* Each contract under its letter, going on over the next rows when long. */
  for (guint c = 0; c < contracts; c++)
    {
      const char *row = ENTRY (e++);

      g_assert_true (row[0] >= 'A' && row[0] <= 'F' && row[1] == ' ');
      /* Said in words, not a dash where an amount is read. */
      g_assert_null (strstr (row, "→ –"));
      while (!g_str_has_prefix (ENTRY (e), "Dividends (") && !(ENTRY (e)[0] >= 'A' && ENTRY (e)[0] <= 'F' && ENTRY (e)[1] == ' '))
        g_assert_false (((PdfRow *) entries->pdata[e++])->elided);
    }
  /* Each dividend's strengthening, in fx-dividends.c's words. */
  g_assert_cmpstr (ENTRY (e++), ==, "Dividends (the currency each strengthened, and why)");
  {
    g_autoptr(GArray) dividends = fx_dividends_collect (session);

    for (guint i = 0; i < dividends->len; i++)
      {
        g_autofree char *sentence = fx_dividend_sentence (xq_session_get_setup (session),
                                                          &g_array_index (dividends, FxDividend, i));

        assert_entry (entries, &e, sentence);
      }
    if (dividends->len == 0)
      g_assert_cmpstr (ENTRY (e++), ==, "None.");
  }
  g_assert_cmpstr (ENTRY (e++), ==, "Corrections");
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      const char *reason = xq_session_get_move_reason (session, i);
      g_autofree char *sentence = NULL;
      g_autofree char *expected = NULL;

      if (!kind->move_is_correction (xq_session_get_move (session, i)))
        continue;
      /* The history's sentence and the reason, whole. */
      xq_session_get_state_at (session, i, &state);
      sentence = fx_sentence_move (xq_session_get_setup (session), &state, xq_session_get_move (session, i));
      expected = reason != NULL ? g_strdup_printf ("%u. %s — reason: %s", i + 1, sentence, reason)
                                : g_strdup_printf ("%u. %s — no reason given", i + 1, sentence);
      g_assert_cmpuint (e, <, entries->len);
      assert_entry (entries, &e, expected);
      corrections++;
    }
  if (corrections == 0)
    g_assert_cmpstr (ENTRY (e++), ==, "None.");
  e = check_checkpoints (session, entries, e);
  g_assert_cmpstr (ENTRY (e++), ==, "Moves");
  xq_session_get_state_at (session, 0, &state);
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    {
      const FxMove *move = xq_session_get_move (session, i);
      g_autofree char *sentence = fx_sentence_move (xq_session_get_setup (session), &state, move);
      g_autofree char *expected = g_strdup_printf ("%u. %s", i + 1, sentence);

      g_assert_cmpuint (e, <, entries->len);
      /* Whole on the page too, not cut short by an ellipsis: a long one goes
       * on over the next rows. */
      assert_entry (entries, &e, expected);
      g_assert_true (fx_state_apply (xq_session_get_setup (session), &state, move, NULL));
    }
  g_assert_cmpuint (e, ==, entries->len);
  assert_one_size (entries);

  if (shot_name == NULL)
    return;
  if (pdftoppm == NULL)
    {
      g_test_message ("pdftoppm not found: the report's pages are not rendered");
      return;
    }
  {
    const char *build = g_getenv ("G_TEST_BUILDDIR");
    g_autofree char *shots = g_build_filename (build != NULL ? build : ".", "..", "screenshots", "report", NULL);
    g_autofree char *prefix = g_build_filename (shots, shot_name, NULL);
    const char *argv[] = { pdftoppm, "-r", "100", "-png", pdf, prefix, NULL };
    int wait_status = 0;

    g_assert_cmpint (g_mkdir_with_parents (shots, 0755), ==, 0);
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                                 NULL, NULL, &wait_status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (wait_status, NULL));
    g_test_message ("pages rendered to %s-*.png", prefix);
  }
}

static char *
example (const char *name)
{
  if (g_str_has_prefix (name, "for-ex-sample"))
    return g_build_filename (TEST_DATA_DIR, "..", "..", "data", "examples", name, NULL);
  return g_build_filename (TEST_DATA_DIR, name, NULL);
}

static void
test_examples (void)
{
  const char *names[] = { "for-ex-20-4p.xqn", "for-ex-42-4p.xqn", "for-ex-sample.xqn", "for-ex-sample.exchequer" };
  g_autofree char *dir = g_dir_make_tmp ("report-XXXXXX", NULL);

  g_assert_nonnull (dir);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *game = example (names[i]);
      g_autofree char *shot = g_strndup (names[i], strcspn (names[i], "."));

      check_csv (game, dir);
      /* The sample is the game reviewers look at; its pages go to screenshots/. */
      check_pdf (game, dir, i == 2 ? shot : NULL);
    }
}

static void
test_random_games (void)
{
  g_autofree char *dir = g_dir_make_tmp ("report-XXXXXX", NULL);
  const FxRandomStyle *styles[] = { &fx_random_style_default, &fx_random_style_long };

  for (guint64 seed = 1; seed <= 24; seed++)
    {
      g_autoptr(XqSession) session = fx_random_game (seed, 2 + (guint) (seed % 5),
                                                     styles[seed % 2], 400);
      g_autofree char *text = xq_session_to_notation (session);
      g_autofree char *game = g_build_filename (dir, "game.xqn", NULL);

      g_assert_true (g_file_set_contents (game, text, -1, NULL));
      check_csv (game, dir);
      if (seed % 4 == 0)
        check_pdf (game, dir, seed == 4 ? "random-6p" : NULL);
    }
}

static char *pdf_words (const char *pdf);

/* The running head of every page: the game's recorded date, else its
 * file's: never "undated game". */
static char *
head_of_file (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE,
                                                 NULL, NULL);
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;

  g_assert_nonnull (info);
  utc = g_date_time_new_from_unix_utc ((gint64) g_file_info_get_attribute_uint64 (info,
                                                                                G_FILE_ATTRIBUTE_TIME_MODIFIED));
  local = g_date_time_to_local (utc);
  return g_date_time_format (local, "Exchequer · For-Ex · %Y-%m-%d");
}

static void
test_dates (void)
{
  g_autofree char *dir = g_dir_make_tmp ("report-XXXXXX", NULL);
  g_autofree char *sample = example ("for-ex-sample.exchequer");
  g_autofree char *xqn = example ("for-ex-sample.xqn");
  g_autofree char *dated = g_build_filename (dir, "dated.exchequer", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *text = NULL;
  g_autofree char *sample_head = head_of_file (sample);
  g_autofree char *xqn_head = head_of_file (xqn);
  struct { const char *game; const char *head; } cases[3] = { { 0 } };

  /* The sample with a date of its own. */
  g_assert_true (g_file_get_contents (sample, &text, NULL, NULL));
  g_assert_null (strstr (text, "<date>"));
  {
    g_autoptr(GString) with_date = g_string_new (text);
    const char *players = strstr (with_date->str, "  <players>");

    g_assert_nonnull (players);
    g_string_insert (with_date, players - with_date->str, "  <notes>\n    <date>2026-03-14</date>\n  </notes>\n");
    g_assert_true (g_file_set_contents (dated, with_date->str, -1, NULL));
  }
  cases[0].game = sample;
  cases[0].head = sample_head;
  cases[1].game = xqn;
  cases[1].head = xqn_head;
  cases[2].game = dated;
  cases[2].head = "Exchequer · For-Ex · 2026-03-14";

  if (!pdf_can_read ())
    {
      g_test_skip ("pdftotext not found: the report's pages cannot be read");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };
      g_autoptr(GPtrArray) pages = NULL;

      RUN (&run, "report", cases[i].game, pdf);
      g_assert_cmpint (run.status, ==, 0);
      pages = pdf_read_pages (pdf);
      for (guint k = 0; k < pages->len; k++)
        {
          PdfPage *page = pages->pdata[k];

          g_test_message ("%s, page %u: %s", cases[i].game, k + 1, ((PdfRow *) page->rows->pdata[0])->text);
          g_assert_cmpstr (((PdfRow *) page->rows->pdata[0])->text, ==, cases[i].head);
        }
    }
}

/* A game counted twice: after the first dividend with two differences, and
 * on demand with none; both listed with their result, the corrections too. */
static void
test_checkpoints (void)
{
  g_autofree char *dir = g_dir_make_tmp ("report-XXXXXX", NULL);
  g_autofree char *game = g_build_filename (dir, "game.xqn", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *text = NULL;
  const char *xqn =
    "game for-ex\nplayers Ann Ben Cid\nremoved USD JPY JPY CNY EUR GBP\n"
    "resolve Ann GBP\n"
    "correct cash Ben EUR 3.5 \"counted after dividend card 0\"\n"
    "correct certs Cid GBP 0 \"counted after dividend card 0\"\n"
    "checkpoint 2 \"counted after dividend card 0\"\n"
    "contract Ben USD 2 CHF\n"
    "checkpoint 0 \"counted at move 5\"\n";

  g_assert_true (g_file_set_contents (game, xqn, -1, NULL));
  check_pdf (game, dir, NULL);
  if (!pdf_can_read ())
    return;
  text = pdf_words (pdf);
  g_assert_nonnull (strstr (text, "4. counted after dividend card 0: 2 differences corrected"));
  g_assert_nonnull (strstr (text, "6. counted at move 5: the table agreed"));
  g_assert_nonnull (strstr (text, "4. The table was counted; 2 differences were corrected"));
}

/* Forty-letter names make sentences wider than the page: each still reads
 * whole, word for word as the history has it (check_pdf). */
static void
test_long_names (void)
{
  g_autofree char *dir = g_dir_make_tmp ("report-XXXXXX", NULL);
  g_autofree char *game = g_build_filename (dir, "game.xqn", NULL);
  const char *written[] = { "game.xqn", "moves.xqn", "report.pdf" };
  const char *xqn =
    "game for-ex\nplayers Alexandrinavonhohenzollernsigmaringenxyz Bartholomewvonsachsencoburgundgothaxyzab\n"
    "removed USD JPY JPY CNY EUR GBP\n"
    "resolve Alexandrinavonhohenzollernsigmaringenxyz GBP\n"
    "contract Bartholomewvonsachsencoburgundgothaxyzab USD 6 GBP\n"
    "resolve Alexandrinavonhohenzollernsigmaringenxyz GBP\n";

  g_assert_true (g_file_set_contents (game, xqn, -1, NULL));
  check_pdf (game, dir, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (written); i++)
    {
      g_autofree char *path = g_build_filename (dir, written[i], NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

/* The PDF's text, in one line: pdftotext breaks a paragraph where the page does. */
static char *
pdf_words (const char *pdf)
{
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  /* -layout keeps a table row on one line. */
  const char *argv[] = { pdftotext, "-layout", pdf, "-", NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) space = g_regex_new ("\\s+", 0, 0, NULL);
  int wait_status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (wait_status, NULL));
  return g_regex_replace_literal (space, out, -1, 0, " ", 0, NULL);
}

/* An unfinished game's report ranks it as the rules would end it after this
 * turn; a tie is said as one; the rulebook's readings are stated, with what
 * the other reading would give. */
static void
test_projected_and_readings (void)
{
  static const struct
  {
    const char *xqn;
    const char *says[3];
    const char *never[2];
  } cases[] = {
    /* Ben leads today on the GBP his contract brought; the loan it became
     * would bankrupt him if every turn were a resolve: he is shown what he is
     * short, not called bankrupt. */
    { "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n"
      "resolve Ann GBP\ncontract Ben USD 6 GBP\nresolve Ann GBP\nresolve Ben\n",
      { "Projected: Ann wins with 2 GBP.", "1. Ann 2 GBP 3 GBP projected winner",
        "2. Ben 6 GBP 7 GBP Loan A, 2nd in the queue: short 5 USD today" },
      { "Ben wins", "bankrupt" } },
    /* The start: a three-way tie, nobody's win; the five dividends to come
     * strengthen GBP (nobody holds a certificate: the first tied currency). */
    { "game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n",
      { "Projected: Ann, Ben and Cat tie at 2 GBP and share the win.", "1. Ben 2 GBP 8 GBP tied 1st with Ann and Cat",
        "None of the three points where the rulebook reads two ways arose in this game." },
      { "projected winner", "shared win" } },
    /* Rounded down, Ann's half-buck goes and Ben's certificate decides. */
    { "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\n"
      "correct cash Ann GBP 10.5\ncorrect cash Ben GBP 10\ncorrect pile GBP 6\ncorrect certs Ben GBP 1\n",
      { "Rounding: money already in the strongest currency keeps its half-buck",
        "Rounding all monies down instead: Ann and Ben tie at 16 GBP; Ben wins on certificates.",
        "Projected: Ben wins with 19 GBP." },
      { "Rounding all monies down instead: the winner does not change", NULL } },
    /* The same table played by the other reading, as a table rule. */
    { "game for-ex\nplayers Ann Ben\nremoved USD JPY JPY CNY EUR GBP\nrule rounding round-all\n"
      "correct cash Ann GBP 10.5\ncorrect cash Ben GBP 10\ncorrect pile GBP 6\ncorrect certs Ben GBP 1\n",
      { "Rounding: by this table’s reading all monies are rounded down to whole bucks",
        "Keeping the strongest currency’s half-bucks instead: Ann wins with 16.5 GBP.",
        "Projected: Ben wins with 19 GBP." },
      { "Ann wins with 16 GBP", NULL } },
  };
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  g_autofree char *dir = g_dir_make_tmp ("report-XXXXXX", NULL);
  g_autofree char *game = g_build_filename (dir, "game.xqn", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *moves = g_build_filename (dir, "moves.xqn", NULL);

  if (pdftotext == NULL)
    {
      g_test_skip ("pdftotext not found: the report's words cannot be read");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };
      g_autofree char *words = NULL;

      g_assert_true (g_file_set_contents (game, cases[i].xqn, -1, NULL));
      RUN (&run, "report", game, pdf);
      g_assert_cmpint (run.status, ==, 0);
      words = pdf_words (pdf);
      SAYS (words, "Projected: as if every turn from now on resolved the front of the queue: the contracts and "
                   "loans in their order and the dividends still to come, then all money converts.");
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].says); k++)
        SAYS (words, cases[i].says[k]);
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].never) && cases[i].never[k] != NULL; k++)
        NEVER_SAYS (words, cases[i].never[k]);
      /* The audit stays on one page. */
      check_pdf (game, dir, NULL);
    }

  /* A finished game: final figures, and both points that arose in it. */
  {
    g_autofree char *finished = example ("for-ex-20-4p.xqn");
    g_auto(Run) run = { 0 };
    g_autofree char *words = NULL;

    RUN (&run, "report", finished, pdf);
    g_assert_cmpint (run.status, ==, 0);
    words = pdf_words (pdf);
    SAYS (words, "Rounding all monies down instead: the winner does not change.");
    SAYS (words, "Strengthening no currency there instead: the recorded game cannot be played that way, "
                 "as move 43 is refused.");
    NEVER_SAYS (words, "Projected");
    NEVER_SAYS (words, "The game is not over");
  }
  g_remove (game);
  g_remove (pdf);
  g_remove (moves);
  g_rmdir (dir);
}

static void
test_exit_codes (void)
{
  g_autofree char *game = example ("for-ex-20-4p.xqn");
  g_autofree char *dir = g_dir_make_tmp ("report-XXXXXX", NULL);
  g_autofree char *txt = g_build_filename (dir, "out.txt", NULL);
  g_autofree char *csv = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.xqn", NULL);
  g_autofree char *unwritable = g_build_filename (dir, "no", "such", "dir", "out.csv", NULL);
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_auto(Run) c = { 0 };
  g_auto(Run) d = { 0 };
  g_auto(Run) e = { 0 };
  g_auto(Run) f = { 0 };

  RUN (&a, "report", game, txt);
  g_assert_cmpint (a.status, ==, 2);
  g_assert_false (g_file_test (txt, G_FILE_TEST_EXISTS));
  RUN (&b, "report", game);
  g_assert_cmpint (b.status, ==, 2);
  RUN (&c, "report", missing, csv);
  g_assert_cmpint (c.status, ==, 1);
  RUN (&d, "report", game, unwritable);
  g_assert_cmpint (d.status, ==, 1);
  RUN (&e, "stats", game, game);
  g_assert_cmpint (e.status, ==, 2);
  RUN (&f, "stats", game);
  g_assert_cmpint (f.status, ==, 0);
  g_assert_true (g_str_has_prefix (f.out, "valued-in "));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  g_test_add_func ("/report/examples", test_examples);
  g_test_add_func ("/report/random-games", test_random_games);
  g_test_add_func ("/report/long-names", test_long_names);
  g_test_add_func ("/report/dates", test_dates);
  g_test_add_func ("/report/checkpoints", test_checkpoints);
  g_test_add_func ("/report/exit-codes", test_exit_codes);
  g_test_add_func ("/report/projected-and-readings", test_projected_and_readings);
  return g_test_run ();
}
