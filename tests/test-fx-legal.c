/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The legal-action listing against an exhaustive search of candidate moves, on random positions. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fx-game.h"
#include "fx-legal.h"
#include "fx-notation.h"
#include "fx-random-play.h"
#include "fx-score.h"
#include "xq-games.h"

#define MAX_MOVES 4000
/* Contract amounts tried: 0 … 100 bucks in half-bucks; the largest legal one is 10 × 8 = 80. */
#define MAX_CANDIDATE_AMOUNT XQ_BUCKS (100)

typedef struct
{
  guint positions;
  guint exhaustive;
  guint after_spot;
  guint letters_full;
  guint with_contract;
  guint with_divest;
  guint with_tie_choice;
  guint tied_ends;
  guint chosen_ends;
  guint plain_ends;
  guint candidates;
} Coverage;

typedef struct
{
  guint64     seed;
  guint       n_players;
  const char *style;
  guint       move;
} Where;

static void G_GNUC_NORETURN
fail (const Where *where,
      int          line,
      const char  *what)
{
  g_autofree char *message = g_strdup_printf ("seed %" G_GUINT64_FORMAT ", %u players, %s style, position after move %u: %s",
                                              where->seed, where->n_players, where->style, where->move, what);

  g_assertion_message (G_LOG_DOMAIN, __FILE__, line, G_STRFUNC, message);
  g_abort ();
}

#define CHECK(where, cond) \
  G_STMT_START { if (G_UNLIKELY (!(cond))) fail ((where), __LINE__, #cond); } G_STMT_END

static int
compare_moves (const void *a,
               const void *b)
{
  return memcmp (a, b, sizeof (FxMove));
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static int
actor_due (const FxState *s)
{
  return s->spot_actor != FX_NO_PLAYER ? s->spot_actor : s->next_player;
}

/* A candidate must validate exactly when the listing holds it. */
static void
try_candidate (const Where   *w,
               const FxSetup *setup,
               const FxState *s,
               const FxMove  *sorted,
               guint          n,
               const FxMove  *candidate,
               guint         *n_found,
               Coverage      *cov)
{
  gboolean valid = fx_state_validate (setup, s, candidate, NULL);
  gboolean listed = bsearch (candidate, sorted, n, sizeof (FxMove), compare_moves) != NULL;

  cov->candidates++;
  if (valid != listed)
    {
      g_autofree char *text = fx_notation_format_move (setup, candidate);
      g_autofree char *what = g_strdup_printf ("“%s” %s but %s", text,
                                               valid ? "validates" : "is refused",
                                               listed ? "is listed" : "is not listed");

      fail (w, __LINE__, what);
    }
  *n_found += listed;
}

/* Every move the actor could write: all contracts over 0 … 100 bucks, every
 * single and ordered pair of investments (same currency twice included), the
 * actor's divestments of 0 … 5, resolutions with no currency and each, and
 * every choice of the strongest currency. */
static void
check_exhaustively (const Where   *w,
                    const FxSetup *setup,
                    const FxState *s,
                    const FxMove  *sorted,
                    guint          n,
                    Coverage      *cov)
{
  int actor = actor_due (s);
  int other = (actor + 1) % s->n_players;
  guint found = 0;
  FxMove m;

  for (int pay = 0; pay < FX_N_CURRENCIES; pay++)
    for (int receive = 0; receive < FX_N_CURRENCIES; receive++)
      for (XqAmount amount = 0; amount <= MAX_CANDIDATE_AMOUNT; amount++)
        {
          fx_move_init (&m, FX_MOVE_CONTRACT);
          m.actor = (gint8) actor;
          m.cur[0] = (gint8) pay;
          m.cur[1] = (gint8) receive;
          m.amount = amount;
          try_candidate (w, setup, s, sorted, n, &m, &found, cov);
        }

  for (int first = 0; first < FX_N_CURRENCIES; first++)
    for (int second = FX_NO_CURRENCY; second < FX_N_CURRENCIES; second++)
      {
        fx_move_init (&m, FX_MOVE_INVEST);
        m.actor = (gint8) actor;
        m.cur[0] = (gint8) first;
        m.cur[1] = (gint8) second;
        try_candidate (w, setup, s, sorted, n, &m, &found, cov);
      }

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    for (int k = 0; k <= FX_MAX_CERTS_HELD + 1; k++)
      {
        fx_move_init (&m, FX_MOVE_DIVEST);
        m.actor = (gint8) actor;
        m.cur[0] = (gint8) c;
        m.sells[actor] = (guint8) k;
        m.named = (guint8) (1u << actor);
        try_candidate (w, setup, s, sorted, n, &m, &found, cov);
      }

  for (int c = FX_NO_CURRENCY; c < FX_N_CURRENCIES; c++)
    {
      fx_move_init (&m, FX_MOVE_RESOLVE);
      m.actor = (gint8) actor;
      m.cur[0] = (gint8) c;
      try_candidate (w, setup, s, sorted, n, &m, &found, cov);
    }

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      fx_move_init (&m, FX_MOVE_STRONGEST);
      m.cur[0] = (gint8) c;
      try_candidate (w, setup, s, sorted, n, &m, &found, cov);
    }

  /* Nothing is listed outside the candidates. */
  CHECK (w, found == n);

  /* Nobody else may act: the same actions by the next player are refused. */
  for (guint i = 0; i < n; i++)
    {
      if (sorted[i].kind == FX_MOVE_STRONGEST)
        continue;
      m = sorted[i];
      m.actor = (gint8) other;
      if (m.kind == FX_MOVE_DIVEST)
        {
          m.sells[other] = m.sells[actor];
          m.sells[actor] = 0;
          m.named = (guint8) (1u << other);
        }
      CHECK (w, !fx_state_validate (setup, s, &m, NULL));
    }
  cov->exhaustive++;
}

/* The listing's own promises: legal, unique, of the actor due, written as
 * sorted lines that read back as the same moves. */
static void
check_lines (const Where   *w,
             const FxSetup *setup,
             const FxState *s,
             const FxMove  *listed,
             guint          n)
{
  g_autoptr(GPtrArray) lines = fx_legal_lines (setup, s);
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (expected, fx_notation_format_move (setup, &listed[i]));

  /* One line per action, sorted bytewise, no two the same. */
  CHECK (w, lines->len == n);
  for (guint i = 1; i < lines->len; i++)
    CHECK (w, strcmp (g_ptr_array_index (lines, i - 1), g_ptr_array_index (lines, i)) < 0);
  g_ptr_array_sort (expected, compare_strings);
  for (guint i = 0; i < n; i++)
    CHECK (w, strcmp (g_ptr_array_index (lines, i), g_ptr_array_index (expected, i)) == 0);

  /* Each line reads back as a listed move (@listed is sorted). */
  for (guint i = 0; i < lines->len; i++)
    {
      const char *line = g_ptr_array_index (lines, i);
      g_autoptr(GPtrArray) statements = NULL;
      g_autoptr(GError) error = NULL;
      FxMove parsed;

      statements = xq_notation_split (line, -1, NULL, &error);
      CHECK (w, statements != NULL && statements->len == 1);
      memset (&parsed, 0, sizeof parsed);
      if (!fx_notation_parse_move (setup, g_ptr_array_index (statements, 0), &parsed, NULL, &error))
        fail (w, __LINE__, error->message);
      CHECK (w, bsearch (&parsed, listed, n, sizeof (FxMove), compare_moves) != NULL);
    }
}

static void
check_listing (const Where   *w,
               const FxSetup *setup,
               const FxState *s,
               gboolean       lines,
               gboolean       exhaustive,
               Coverage      *cov)
{
  g_autofree FxMove *moves = g_new (FxMove, FX_LEGAL_MAX);
  guint n = fx_legal_actions (setup, s, moves);
  gboolean over = fx_state_is_over (s);
  gboolean any_contract = FALSE, any_divest = FALSE, any_choice = FALSE;

  /* Room to spare: a full buffer could mean a silently cut list. */
  CHECK (w, n < FX_LEGAL_MAX);
  if (!over)
    CHECK (w, n > 0);   /* resolving the front item is always possible */

  for (guint i = 0; i < n; i++)
    {
      const FxMove *m = &moves[i];
      g_autoptr(GError) error = NULL;

      if (!fx_state_validate (setup, s, m, &error))
        {
          g_autofree char *text = fx_notation_format_move (setup, m);
          g_autofree char *what = g_strdup_printf ("listed “%s” is refused: %s", text, error->message);

          fail (w, __LINE__, what);
        }
      if (over)
        CHECK (w, m->kind == FX_MOVE_STRONGEST);
      else
        {
          CHECK (w, m->kind >= FX_MOVE_CONTRACT && m->kind <= FX_MOVE_RESOLVE);
          CHECK (w, m->actor == actor_due (s));
        }
      if (m->kind == FX_MOVE_DIVEST)
        CHECK (w, m->named == (1u << m->actor));   /* only the actor's part */
      any_contract |= m->kind == FX_MOVE_CONTRACT;
      any_divest |= m->kind == FX_MOVE_DIVEST;
      any_choice |= m->kind == FX_MOVE_RESOLVE && m->cur[0] != FX_NO_CURRENCY;
    }

  /* No action twice. */
  qsort (moves, n, sizeof (FxMove), compare_moves);
  for (guint i = 1; i < n; i++)
    CHECK (w, memcmp (&moves[i - 1], &moves[i], sizeof (FxMove)) != 0);

  if (lines)
    check_lines (w, setup, s, moves, n);
  if (exhaustive)
    check_exhaustively (w, setup, s, moves, n, cov);

  cov->positions++;
  cov->after_spot += s->spot_actor != FX_NO_PLAYER;
  cov->with_contract += any_contract;
  cov->with_divest += any_divest;
  cov->with_tie_choice += any_choice;
  if (!over)
    {
      gboolean full = TRUE;

      for (int l = 0; l < FX_N_LETTERS; l++)
        full &= s->letters[l].use != FX_LETTER_FREE;
      cov->letters_full += full;
      /* With every letter in use, no contract can be made. */
      if (full)
        CHECK (w, !any_contract);
    }
}

/* After the end: only `strongest CUR`, one per tied currency, while the choice
 * is due; nothing once it is made or when none is needed. */
static void
check_end (const Where   *w,
           const FxSetup *setup,
           const FxState *s,
           Coverage      *cov)
{
  g_autoptr(GPtrArray) lines = fx_legal_lines (setup, s);
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  FxStrongest strongest;

  fx_score_strongest (s, &strongest);
  if (strongest.n_tied > 1 && s->strongest_choice == FX_NO_CURRENCY)
    {
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (strongest.tied[c])
          g_ptr_array_add (expected, g_strdup_printf ("strongest %s", fx_currency_code (c)));
      g_ptr_array_sort (expected, compare_strings);
      CHECK (w, expected->len >= 2);
      cov->tied_ends++;
    }
  else if (strongest.n_tied > 1)
    cov->chosen_ends++;
  else
    cov->plain_ends++;

  CHECK (w, lines->len == expected->len);
  for (guint i = 0; i < lines->len; i++)
    CHECK (w, strcmp (g_ptr_array_index (lines, i), g_ptr_array_index (expected, i)) == 0);
}

static void
check_game (guint64              seed,
            guint                n_players,
            const FxRandomStyle *style,
            const char          *style_name,
            guint                lines_every,
            guint                exhaustive_every,
            Coverage            *cov)
{
  g_autoptr(XqSession) game = fx_random_game (seed, n_players, style, MAX_MOVES);
  const FxSetup *setup = xq_session_get_setup (game);
  guint n = xq_session_get_n_moves (game);
  Where w = { seed, n_players, style_name, 0 };
  FxState s;

  for (guint k = 0; k <= n; k++)
    {
      gboolean lines, exhaustive;

      w.move = k;
      xq_session_get_state_at (game, k, &s);
      /* Formatting and reading ~500 lines costs more than the rest: a sample
       * of positions, every end included as they are few and special. */
      lines = k % lines_every == 0 || fx_state_is_over (&s);
      exhaustive = exhaustive_every > 0 && (k % exhaustive_every == 0 || fx_state_is_over (&s));
      check_listing (&w, setup, &s, lines, exhaustive, cov);
      if (fx_state_is_over (&s))
        check_end (&w, setup, &s, cov);
    }
  CHECK (&w, fx_state_is_over (&s));
}

/* Cheap checks on every position of many games. */
static void
test_listing (void)
{
  Coverage cov = { 0 };

  for (guint64 seed = 0; seed < 110; seed++)
    {
      gboolean prudent = seed % 2 == 1;

      check_game (seed, 2 + (guint) (seed % 5),
                  prudent ? &fx_random_style_prudent : &fx_random_style_default,
                  prudent ? "prudent" : "default", 5, 0, &cov);
    }
  g_test_message ("%u positions, %u after a spot, %u with all letters in use, %u with a tie choice; "
                  "ends: %u tied, %u chosen, %u plain",
                  cov.positions, cov.after_spot, cov.letters_full, cov.with_tie_choice,
                  cov.tied_ends, cov.chosen_ends, cov.plain_ends);
  g_assert_cmpuint (cov.after_spot, >, 0);
  g_assert_cmpuint (cov.letters_full, >, 0);
  g_assert_cmpuint (cov.with_tie_choice, >, 0);
  g_assert_cmpuint (cov.with_divest, >, 0);
  g_assert_cmpuint (cov.tied_ends, >, 0);
  g_assert_cmpuint (cov.chosen_ends, ==, cov.tied_ends);
  g_assert_cmpuint (cov.plain_ends, >, 0);
}

/* The full candidate search on a sample of positions, every end included. */
static void
test_exhaustive (void)
{
  Coverage cov = { 0 };

  for (guint64 seed = 0; seed < 90; seed++)
    {
      const FxRandomStyle *style = seed % 3 == 0 ? &fx_random_style_default
                                   : seed % 3 == 1 ? &fx_random_style_prudent : &fx_random_style_long;
      const char *name = seed % 3 == 0 ? "default" : seed % 3 == 1 ? "prudent" : "long";

      check_game (seed, 2 + (guint) (seed % 5), style, name, 1000, 30, &cov);
    }
  g_test_message ("%u positions searched in full, %u candidates; %u after a spot, %u with all letters in use, "
                  "%u with a tie choice; ends: %u tied, %u chosen, %u plain",
                  cov.exhaustive, cov.candidates, cov.after_spot, cov.letters_full, cov.with_tie_choice,
                  cov.tied_ends, cov.chosen_ends, cov.plain_ends);
  g_assert_cmpuint (cov.exhaustive, >=, 300);
  g_assert_cmpuint (cov.with_contract, >, 0);
  g_assert_cmpuint (cov.tied_ends, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/fx-legal/listing", test_listing);
  g_test_add_func ("/fx-legal/exhaustive", test_exhaustive);

  return g_test_run ();
}
