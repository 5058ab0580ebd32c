/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer-cli review against notation.md's "review output": each best turn
 * printed, played in place of the turn, scores exactly `best` in
 * `score --standing`, the standing the table is shown. */

#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "cli-support.h"
#include "test-dirs.h"

typedef struct
{
  guint  turn;
  guint  move;
  char  *player;
  double value, best, loss;
  char  *best_turn;
} TurnLine;

static void
turn_line_free (gpointer data)
{
  TurnLine *t = data;

  g_free (t->player);
  g_free (t->best_turn);
  g_free (t);
}

static const char *const move_words[] = {
  "spot", "contract", "invest", "divest", "resolve", "strongest", "correct",
};

static gboolean
is_move_line (const char *line)
{
  for (guint i = 0; i < G_N_ELEMENTS (move_words); i++)
    if (g_str_has_prefix (line, move_words[i]) && line[strlen (move_words[i])] == ' ')
      return TRUE;
  return FALSE;
}

/* The game as `convert` writes it: the header lines, then one move a line. */
typedef struct
{
  GPtrArray *header;
  GPtrArray *moves;
  GPtrArray *names;   /* seating order, as the CLI writes them */
} Game;

static void
game_clear (Game *g)
{
  g_clear_pointer (&g->header, g_ptr_array_unref);
  g_clear_pointer (&g->moves, g_ptr_array_unref);
  g_clear_pointer (&g->names, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Game, game_clear)

static void
read_game (Tmp        *tmp,
           const char *path,
           Game       *g)
{
  g_auto(Run) run = { 0 };
  g_autofree char *out = tmp_file (tmp, "normal.xqn", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  RUN (&run, "convert", path, out);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (out, &text, NULL, &error));
  g_assert_no_error (error);
  g->header = g_ptr_array_new_with_free_func (g_free);
  g->moves = g_ptr_array_new_with_free_func (g_free);
  g->names = g_ptr_array_new_with_free_func (g_free);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      if (g->moves->len > 0 || is_move_line (lines[i]))
        g_ptr_array_add (g->moves, g_strdup (lines[i]));
      else
        g_ptr_array_add (g->header, g_strdup (lines[i]));
    }
  /* The names as `score` writes them: from `state`'s cash lines. */
  {
    g_auto(Run) state = { 0 };
    g_auto(GStrv) state_lines = NULL;
    g_autoptr(GRegex) cash = g_regex_new ("^cash (.+) GBP ", 0, 0, NULL);

    RUN (&state, "state", path);
    g_assert_cmpint (state.status, ==, 0);
    state_lines = g_strsplit (state.out, "\n", -1);
    for (guint i = 0; state_lines[i] != NULL; i++)
      {
        g_autoptr(GMatchInfo) m = NULL;

        if (g_regex_match (cash, state_lines[i], 0, &m))
          g_ptr_array_add (g->names, g_match_info_fetch (m, 1));
      }
  }
}

#define AMOUNT "(-?[0-9]+(?:\\.5)?)"
#define NAME "(\"[^\"]+\"|[^ \"]+)"

/* Parses the whole output and checks its form; returns the turn lines. */
static GPtrArray *
parse_review (const char *out,
              const Game *g)
{
  g_autoptr(GRegex) turn_re = g_regex_new ("^turn ([0-9]+) move ([0-9]+) player " NAME " value " AMOUNT " best " AMOUNT
                                           " loss " AMOUNT " best-turn (.+)$", 0, 0, NULL);
  g_autoptr(GRegex) player_re = g_regex_new ("^player " NAME " turns ([0-9]+) total-loss " AMOUNT " largest-loss " AMOUNT "$",
                                             0, 0, NULL);
  g_autoptr(GRegex) point_re = g_regex_new ("^turning-point (move [1-9][0-9]*|-)$", 0, 0, NULL);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *turns = g_ptr_array_new_with_free_func (turn_line_free);
  guint n = g_strv_length (lines), i = 0, p = 0;

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpstr (lines[n - 1], ==, "");   /* ends with a newline */
  for (; i < n - 1; i++)
    {
      g_autoptr(GMatchInfo) m = NULL;
      TurnLine *t;
      g_autofree char *turn = NULL, *move = NULL, *value = NULL, *best = NULL, *loss = NULL;

      if (!g_regex_match (turn_re, lines[i], 0, &m))
        break;
      t = g_new0 (TurnLine, 1);
      turn = g_match_info_fetch (m, 1);
      move = g_match_info_fetch (m, 2);
      t->turn = (guint) atoi (turn);
      t->move = (guint) atoi (move);
      t->player = g_match_info_fetch (m, 3);
      value = g_match_info_fetch (m, 4);
      best = g_match_info_fetch (m, 5);
      loss = g_match_info_fetch (m, 6);
      t->value = g_ascii_strtod (value, NULL);
      t->best = g_ascii_strtod (best, NULL);
      t->loss = g_ascii_strtod (loss, NULL);
      t->best_turn = g_match_info_fetch (m, 7);
      g_assert_cmpuint (t->turn, ==, turns->len + 1);
      g_assert_cmpuint (t->move, >=, 1);
      g_assert_cmpuint (t->move, <=, g->moves->len);
      g_assert_cmpfloat (t->loss, ==, t->best - t->value);
      g_assert_cmpfloat (t->loss, >=, 0);
      g_ptr_array_add (turns, t);
    }
  for (; i < n - 1 && p < g->names->len; i++, p++)
    {
      g_autoptr(GMatchInfo) m = NULL;
      g_autofree char *name = NULL, *count = NULL, *total = NULL, *largest = NULL;
      double sum = 0, max = 0;
      guint mine = 0;

      g_assert_true (g_regex_match (player_re, lines[i], 0, &m));
      name = g_match_info_fetch (m, 1);
      count = g_match_info_fetch (m, 2);
      total = g_match_info_fetch (m, 3);
      largest = g_match_info_fetch (m, 4);
      g_assert_cmpstr (name, ==, g_ptr_array_index (g->names, p));   /* seating order */
      for (guint k = 0; k < turns->len; k++)
        {
          TurnLine *t = g_ptr_array_index (turns, k);

          if (strcmp (t->player, name) != 0)
            continue;
          mine++;
          sum += t->loss;
          max = MAX (max, t->loss);
        }
      g_assert_cmpuint ((guint) atoi (count), ==, mine);
      g_assert_cmpfloat (g_ascii_strtod (total, NULL), ==, sum);
      g_assert_cmpfloat (g_ascii_strtod (largest, NULL), ==, max);
    }
  g_assert_cmpuint (p, ==, g->names->len);
  g_assert_cmpuint (i, ==, n - 2);
  g_assert_true (g_regex_match (point_re, lines[i], 0, NULL));
  return turns;
}

/* The margin of @player in `score --standing` of @text: their total less the
 * best other (a bankrupt player's counts 0). FALSE when the strongest currency
 * is still tied, so no totals are printed. */
static gboolean
projected_margin (Tmp        *tmp,
                  const char *text,
                  const char *player,
                  double     *margin)
{
  g_autofree char *path = tmp_file (tmp, "best.xqn", text);
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) totals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *bankrupt = NULL;
  double other = -1e9;
  double *mine;
  GHashTableIter iter;
  gpointer key, value;

  RUN (&run, "score", "--standing", path);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "total "))
        {
          char *space = strrchr (lines[i], ' ');
          double *v = g_new (double, 1);

          *v = g_ascii_strtod (space + 1, NULL);
          g_hash_table_insert (totals, g_strndup (lines[i] + 6, (gsize) (space - lines[i] - 6)), v);
        }
      else if (g_str_has_prefix (lines[i], "bankrupt "))
        bankrupt = g_strdup (lines[i] + 9);
    }
  if (g_hash_table_size (totals) == 0)
    {
      g_assert_nonnull (strstr (run.out, "strongest-tied"));
      return FALSE;
    }
  if (bankrupt != NULL)
    *(double *) g_hash_table_lookup (totals, bankrupt) = 0;
  g_hash_table_iter_init (&iter, totals);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (strcmp (key, player) != 0)
      other = MAX (other, *(double *) value);
  mine = g_hash_table_lookup (totals, player);
  g_assert_nonnull (mine);
  *margin = *mine - other;
  /* A bankrupt player is never better off than one who has nothing. */
  if (bankrupt != NULL && strcmp (bankrupt, player) == 0)
    *margin = MIN (*margin, -MAX (other, 0)) - 1;
  return TRUE;
}

/* The game's first N − 1 moves, then the best turn in place of the played one. */
static char *
game_with_best_turn (const Game     *g,
                     const TurnLine *t)
{
  GString *text = g_string_new (NULL);
  g_auto(GStrv) statements = g_strsplit (t->best_turn, " ; ", -1);

  for (guint i = 0; i < g->header->len; i++)
    g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (g->header, i));
  for (guint i = 0; i + 1 < t->move; i++)
    g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (g->moves, i));
  g_assert_cmpuint (g_strv_length (statements), <=, 2);
  for (guint i = 0; statements[i] != NULL; i++)
    g_string_append_printf (text, "%s\n", statements[i]);
  return g_string_free (text, FALSE);
}

static void
check_best_turns (Tmp        *tmp,
                  const char *path)
{
  g_auto(Game) g = { 0 };
  g_auto(Run) run = { 0 };
  g_autoptr(GPtrArray) turns = NULL;
  guint checked = 0, tied = 0;

  read_game (tmp, path, &g);
  RUN (&run, "review", path);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  turns = parse_review (run.out, &g);
  g_assert_cmpuint (turns->len, >, 10);
  for (guint k = 0; k < turns->len; k++)
    {
      TurnLine *t = g_ptr_array_index (turns, k);
      g_autofree char *text = game_with_best_turn (&g, t);
      double margin;

      if (!projected_margin (tmp, text, t->player, &margin))
        {
          tied++;
          continue;
        }
      if (margin != t->best)
        g_error ("turn %u: best-turn “%s” scores a margin of %g in score --standing, not %g",
                 t->turn, t->best_turn, margin, t->best);
      checked++;
    }
  g_test_message ("%s: %u best turns scored, %u left with a tied strongest currency", path, checked, tied);
  g_assert_cmpuint (checked, >, tied);
}

static void
test_best_turn_scores_sample (Tmp           *tmp,
                              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (EXAMPLES_DIR, "for-ex-sample.xqn", NULL);

  check_best_turns (tmp, path);
}

static void
test_best_turn_scores_data (Tmp           *tmp,
                            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "for-ex-42-4p.xqn", NULL);

  check_best_turns (tmp, path);
}

static void
test_threads (Tmp           *tmp,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (EXAMPLES_DIR, "for-ex-sample.xqn", NULL);
  g_auto(Run) one = { 0 };
  g_auto(Run) two = { 0 };
  g_auto(Run) any = { 0 };
  g_auto(Run) equals = { 0 };

  RUN (&one, "review", path, "--threads", "1");
  RUN (&two, "review", "--threads", "2", path);
  RUN (&any, "review", path);
  RUN (&equals, "review", path, "--threads=2", "--depth=1");
  g_assert_cmpint (one.status, ==, 0);
  g_assert_cmpint (two.status, ==, 0);
  g_assert_cmpstr (one.out, ==, two.out);
  g_assert_cmpstr (one.out, ==, any.out);
  g_assert_cmpstr (one.out, ==, equals.out);
}

/* Depth 2 on a short game: the form holds and no loss is negative. */
static void
test_depth_two (Tmp           *tmp,
                gconstpointer  data)
{
  g_autofree char *sample = g_build_filename (EXAMPLES_DIR, "for-ex-sample.xqn", NULL);
  g_auto(Game) g = { 0 };
  g_auto(Run) one = { 0 };
  g_auto(Run) two = { 0 };
  g_auto(Run) two_threads = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) turns = NULL;
  g_autoptr(GPtrArray) turns_one = NULL;
  g_autofree char *path = NULL;

  read_game (tmp, sample, &g);
  for (guint i = 0; i < g.header->len; i++)
    g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (g.header, i));
  for (guint i = 0; i < 12; i++)
    g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (g.moves, i));
  path = tmp_file (tmp, "short.xqn", text->str);
  g_ptr_array_set_size (g.moves, 12);

  RUN (&one, "review", path);
  RUN (&two, "review", path, "--depth", "2");
  RUN (&two_threads, "review", path, "--depth", "2", "--threads", "1");
  g_assert_cmpint (two.status, ==, 0);
  g_assert_cmpstr (two.err, ==, "");
  g_assert_cmpstr (two.out, ==, two_threads.out);
  turns = parse_review (two.out, &g);
  turns_one = parse_review (one.out, &g);
  g_assert_cmpuint (turns->len, ==, turns_one->len);
  g_assert_cmpuint (turns->len, >=, 6);
  g_assert_cmpstr (one.out, !=, two.out);
}

static void
assert_usage_error (Run *run)
{
  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_cmpstr (run->err, !=, "");
}

static void
test_usage (Tmp           *tmp,
            gconstpointer  data)
{
  g_autofree char *sample = g_build_filename (EXAMPLES_DIR, "for-ex-sample.xqn", NULL);
  g_autofree char *fair_trade = g_build_filename (TEST_DATA_DIR, "fair-trade", "fair-trade-44-4p.xqn", NULL);
  static const char *const bad[][2] = {
    { "--depth", "0" }, { "--depth", "5" }, { "--depth", "two" }, { "--threads", "0" }, { "--threads", "-1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto(Run) run = { 0 };

      RUN (&run, "review", sample, bad[i][0], bad[i][1]);
      assert_usage_error (&run);
    }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "review", sample, "--depth");
    assert_usage_error (&run);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "review", fair_trade);
    assert_usage_error (&run);
    g_assert_nonnull (strstr (run.err, "review covers For-Ex games only; this is a fair-trade game"));
  }
  {
    g_auto(Run) run = { 0 };

    /* --depth belongs to review only. */
    RUN (&run, "score", sample, "--depth", "2");
    assert_usage_error (&run);
  }
  {
    g_auto(Run) run = { 0 };

    RUN (&run, "--help");
    g_assert_nonnull (strstr (run.out, "review FILE [--depth N] [--threads N]"));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli-review/best-turn-scores/sample", Tmp, NULL, tmp_setup, test_best_turn_scores_sample, tmp_teardown);
  g_test_add ("/cli-review/best-turn-scores/data", Tmp, NULL, tmp_setup, test_best_turn_scores_data, tmp_teardown);
  g_test_add ("/cli-review/threads", Tmp, NULL, tmp_setup, test_threads, tmp_teardown);
  g_test_add ("/cli-review/depth-two", Tmp, NULL, tmp_setup, test_depth_two, tmp_teardown);
  g_test_add ("/cli-review/usage", Tmp, NULL, tmp_setup, test_usage, tmp_teardown);
  return g_test_run ();
}
