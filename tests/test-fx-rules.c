/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the For-Ex rules engine, one rule statement of for-ex.md at a time. */

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "fx-board.h"
#include "fx-state.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session.h"

/* An amount in bucks, as written on the rules page, to half-bucks. */
#define B(bucks) XQ_BUCKS (bucks)

enum
{
  ALICE,
  BOB,
  CYNTHIA,
  DAVID,
  EVE,
  FRANK,
};

static const char *const all_names[FX_MAX_PLAYERS] = {
  "Alice", "Bob", "Cynthia", "David", "Eve", "Frank",
};

/* The notation page's example: USD JPY JPY CNY EUR GBP removed at setup, so
 * the piles start at GBP 7, EUR 7, USD 7, CHF 8, JPY 6, CAD 8, CNY 7. */
static const FxCurrency removed_example[FX_N_REMOVED] = {
  FX_USD, FX_JPY, FX_JPY, FX_CNY, FX_EUR, FX_GBP,
};
static const guint piles_example[FX_N_CURRENCIES] = { 7, 7, 7, 8, 6, 8, 7 };

typedef struct
{
  FxSetup setup;
  FxState state;
} Game;

static void
game_init (Game *g,
           guint n_players)
{
  GError *error = NULL;

  fx_setup_init (&g->setup);
  g_assert_true (fx_setup_set_players (&g->setup, all_names, n_players, &error));
  g_assert_no_error (error);
  for (int i = 0; i < FX_N_REMOVED; i++)
    g->setup.removed[i] = (gint8) removed_example[i];
  fx_state_init (&g->setup, &g->state);
}

/* ---- moves ---- */

static FxMove
spot (int        actor,
      int        other,
      FxCurrency give,
      FxCurrency take)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_SPOT);
  m.actor = (gint8) actor;
  m.other = (gint8) other;
  m.cur[0] = (gint8) give;
  m.cur[1] = (gint8) take;
  return m;
}

static FxMove
contract (int        actor,
          FxCurrency pay,
          XqAmount   amount,
          FxCurrency receive)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_CONTRACT);
  m.actor = (gint8) actor;
  m.cur[0] = (gint8) pay;
  m.cur[1] = (gint8) receive;
  m.amount = amount;
  return m;
}

static FxMove
invest (int actor,
        int first,
        int second)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_INVEST);
  m.actor = (gint8) actor;
  m.cur[0] = (gint8) first;
  m.cur[1] = (gint8) second;
  return m;
}

/* @sells: per player in seating order; -1 for a player not named. */
static FxMove
divest (int        actor,
        FxCurrency currency,
        const int  sells[FX_MAX_PLAYERS])
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_DIVEST);
  m.actor = (gint8) actor;
  m.cur[0] = (gint8) currency;
  for (int p = 0; p < FX_MAX_PLAYERS; p++)
    {
      if (sells[p] < 0)
        continue;
      m.sells[p] = (guint32) sells[p];
      m.named |= (guint8) (1u << p);
    }
  return m;
}

static FxMove
resolve (int actor,
         int choice)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_RESOLVE);
  m.actor = (gint8) actor;
  m.cur[0] = (gint8) choice;
  return m;
}

static FxMove
strongest (FxCurrency currency)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_STRONGEST);
  m.cur[0] = (gint8) currency;
  return m;
}

static FxMove
correct_cash (int        player,
              FxCurrency currency,
              XqAmount   amount)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_CORRECT_CASH);
  m.other = (gint8) player;
  m.cur[0] = (gint8) currency;
  m.amount = amount;
  return m;
}

static FxMove
correct_certs (int        player,
               FxCurrency currency,
               int        count)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_CORRECT_CERTS);
  m.other = (gint8) player;
  m.cur[0] = (gint8) currency;
  m.amount = count;
  return m;
}

static FxMove
correct_pile (FxCurrency currency,
              int        count)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_CORRECT_PILE);
  m.cur[0] = (gint8) currency;
  m.amount = count;
  return m;
}

static FxMove
correct_pair (FxCurrency stronger,
              FxCurrency weaker,
              XqAmount   value)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_CORRECT_PAIR);
  m.cur[0] = (gint8) stronger;
  m.cur[1] = (gint8) weaker;
  m.amount = value;
  return m;
}

/* ---- playing and refusing ---- */

/* A legal move: validate accepts it without touching the state, apply plays it. */
static void
play_at (Game         *g,
         FxMove        m,
         int           line)
{
  GError *error = NULL;
  FxState before = g->state;

  if (!fx_state_validate (&g->setup, &g->state, &m, &error))
    g_test_message ("move at line %d refused: %s", line, error ? error->message : "(no error)");
  g_assert_no_error (error);
  g_clear_error (&error);
  g_assert_true (memcmp (&before, &g->state, sizeof before) == 0);
  if (!fx_state_apply (&g->setup, &g->state, &m, &error))
    g_test_message ("move at line %d refused: %s", line, error ? error->message : "(no error)");
  g_assert_no_error (error);
  g_clear_error (&error);
}
#define play(g, m) play_at ((g), (m), __LINE__)

/* A refused move: both entry points return FALSE with an XQ_RULE_ERROR whose
 * message contains every fragment, and the state stays byte-identical. */
static void
refused_at (Game       *g,
            FxMove      m,
            int         code,
            int         line,
            const char *first,
            ...)
{
  GError *error = NULL;
  FxState before = g->state;
  gboolean ok;
  va_list args;

  ok = fx_state_validate (&g->setup, &g->state, &m, &error);
  if (ok || error == NULL || !g_error_matches (error, XQ_RULE_ERROR, code))
    g_test_message ("line %d: validate should refuse with code %d: %s", line, code,
                    error ? error->message : "(accepted)");
  g_assert_false (ok);
  g_assert_error (error, XQ_RULE_ERROR, code);
  g_assert_true (memcmp (&before, &g->state, sizeof before) == 0);
  if (ok || error == NULL)
    return;   /* assertions are non-fatal: the test is already failed */
  g_clear_error (&error);

  ok = fx_state_apply (&g->setup, &g->state, &m, &error);
  if (ok || error == NULL)
    g_test_message ("line %d: apply should refuse", line);
  g_assert_false (ok);
  g_assert_error (error, XQ_RULE_ERROR, code);
  if (ok || error == NULL)
    {
      g->state = before;
      g_clear_error (&error);
      return;
    }
  if (memcmp (&before, &g->state, sizeof before) != 0)
    g_test_message ("line %d: a refused move changed the state", line);
  g_assert_true (memcmp (&before, &g->state, sizeof before) == 0);

  va_start (args, first);
  for (const char *fragment = first; fragment != NULL; fragment = va_arg (args, const char *))
    {
      if (strstr (error->message, fragment) == NULL)
        g_test_message ("line %d: refusal “%s” should mention “%s”", line, error->message, fragment);
      g_assert_nonnull (strstr (error->message, fragment));
    }
  va_end (args);
  g_error_free (error);
}
#define REFUSED(g, m, ...) refused_at ((g), (m), XQ_RULE_ERROR_REFUSED, __LINE__, __VA_ARGS__, NULL)
#define GAME_OVER(g, m, ...) refused_at ((g), (m), XQ_RULE_ERROR_GAME_OVER, __LINE__, __VA_ARGS__, NULL)

static void
assert_cash (const Game *g,
             int         player,
             FxCurrency  currency,
             double      bucks)
{
  g_assert_cmpint (g->state.cash[player][currency], ==, B (bucks));
}

/* Certificates: pile + held + left the game = 8, per currency. */
static void
assert_certificates_conserved (const Game *g)
{
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g_assert_cmpuint (g->state.pile[c] + fx_state_certs_held (&g->state, c) + g->state.gone[c],
                      ==, FX_CERTS_PER_CURRENCY);
}

static void
assert_queue_item (const Game *g,
                   guint       position,
                   FxItemKind  kind,
                   int         letter)
{
  g_assert_cmpuint (position, <, g->state.queue_len);
  g_assert_cmpint (g->state.queue[position].kind, ==, kind);
  if (kind != FX_ITEM_DIVIDENDS)
    g_assert_cmpint (g->state.queue[position].letter, ==, letter);
}

/* Give @player @count certificates of @currency by correction, taking them
 * from the pile so that the totals stay within 8. */
static void
give_certs (Game       *g,
            int         player,
            FxCurrency  currency,
            int         count)
{
  int pile = (int) g->state.pile[currency] - count;

  g_assert_cmpint (pile, >=, 0);
  play (g, correct_pile (currency, pile));
  play (g, correct_certs (player, currency, count));
  assert_certificates_conserved (g);
}

/* ---- setup ---- */

static void
test_setup_players (void)
{
  static const char *const seven[] = { "A", "B", "C", "D", "E", "F", "G" };
  static const char *const twice[] = { "Alice", "Bob", "Alice" };
  FxSetup setup;
  GError *error = NULL;

  fx_setup_init (&setup);
  g_assert_false (fx_setup_set_players (&setup, seven, 1, &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "2 to 6"));
  g_assert_nonnull (strstr (error->message, "not 1"));
  g_clear_error (&error);

  g_assert_false (fx_setup_set_players (&setup, seven, 7, &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "2 to 6"));
  g_assert_nonnull (strstr (error->message, "not 7"));
  g_clear_error (&error);

  g_assert_false (fx_setup_set_players (&setup, twice, 3, &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "Alice"));
  g_clear_error (&error);
  g_assert_cmpint (setup.n_players, ==, 0);

  for (guint n = FX_MIN_PLAYERS; n <= FX_MAX_PLAYERS; n++)
    {
      fx_setup_init (&setup);
      g_assert_true (fx_setup_set_players (&setup, all_names, n, &error));
      g_assert_no_error (error);
      g_assert_cmpint (setup.n_players, ==, n);
      for (guint p = 0; p < n; p++)
        {
          g_assert_cmpstr (setup.names[p], ==, all_names[p]);
          g_assert_cmpint (fx_setup_find_player (&setup, all_names[p]), ==, p);
        }
    }
}

static void
test_setup_state (void)
{
  for (guint n = FX_MIN_PLAYERS; n <= FX_MAX_PLAYERS; n++)
    {
      Game g;
      FxBoard printed;

      game_init (&g, n);
      g_assert_cmpint (g.state.n_players, ==, n);
      /* Each player starts with 2 bucks of each currency and no certificates. */
      for (guint p = 0; p < n; p++)
        for (int c = 0; c < FX_N_CURRENCIES; c++)
          {
            assert_cash (&g, p, c, 2);
            g_assert_cmpuint (g.state.certs[p][c], ==, 0);
          }
      /* Piles: 8 per currency minus the six removed, which left the game. */
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          g_assert_cmpuint (g.state.pile[c], ==, piles_example[c]);
          g_assert_cmpuint (g.state.gone[c], ==, 8 - piles_example[c]);
          g_assert_cmpuint (g.state.removed_at_setup[c], ==, 8 - piles_example[c]);
        }
      assert_certificates_conserved (&g);
      /* Letters A–F free; the queue holds the dividend stack of five cards. */
      for (int l = 0; l < FX_N_LETTERS; l++)
        g_assert_cmpint (g.state.letters[l].use, ==, FX_LETTER_FREE);
      g_assert_cmpuint (g.state.queue_len, ==, 1);
      assert_queue_item (&g, 0, FX_ITEM_DIVIDENDS, 0);
      g_assert_cmpuint (g.state.dividends_left, ==, 5);
      /* The printed board. */
      fx_board_init (&printed);
      g_assert_true (memcmp (&printed, &g.state.board, sizeof printed) == 0);
      /* The first listed takes the first turn. */
      g_assert_cmpint (g.state.status, ==, FX_STATUS_PLAYING);
      g_assert_false (fx_state_is_over (&g.state));
      g_assert_cmpint (g.state.next_player, ==, ALICE);
      g_assert_cmpint (g.state.turn, ==, 0);
      g_assert_cmpint (g.state.bankrupt, ==, FX_NO_PLAYER);
      g_assert_cmpint (g.state.spot_actor, ==, FX_NO_PLAYER);
      REFUSED (&g, contract (BOB, FX_USD, B (1), FX_JPY), "it is Alice's turn, not Bob's");
    }
}

/* ---- spot ---- */

/* USD>JPY @1.5 on the printed board. */
static void
test_spot_give_stronger (void)
{
  Game g;

  game_init (&g, 2);
  play (&g, spot (ALICE, BOB, FX_USD, FX_JPY));
  assert_cash (&g, ALICE, FX_USD, 1);
  assert_cash (&g, ALICE, FX_JPY, 3.5);
  assert_cash (&g, BOB, FX_USD, 3);
  assert_cash (&g, BOB, FX_JPY, 0.5);
  /* The spot is not the turn: Alice's action is still due. */
  g_assert_cmpint (g.state.turn, ==, 0);
  g_assert_cmpint (g.state.spot_actor, ==, ALICE);
  play (&g, contract (ALICE, FX_USD, B (1), FX_JPY));
  g_assert_cmpint (g.state.turn, ==, 1);
  g_assert_cmpint (g.state.next_player, ==, BOB);
  g_assert_cmpint (g.state.spot_actor, ==, FX_NO_PLAYER);
  /* A new turn, a new spot. */
  play (&g, spot (BOB, ALICE, FX_USD, FX_JPY));
  assert_cash (&g, BOB, FX_USD, 2);
  assert_cash (&g, BOB, FX_JPY, 2);
}

static void
test_spot_give_weaker (void)
{
  Game g;

  game_init (&g, 2);
  play (&g, spot (ALICE, BOB, FX_JPY, FX_USD));
  assert_cash (&g, ALICE, FX_JPY, 0.5);
  assert_cash (&g, ALICE, FX_USD, 3);
  assert_cash (&g, BOB, FX_JPY, 3.5);
  assert_cash (&g, BOB, FX_USD, 1);
  /* Nothing else changes hands. */
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    if (c != FX_USD && c != FX_JPY)
      {
        assert_cash (&g, ALICE, c, 2);
        assert_cash (&g, BOB, c, 2);
      }
}

/* Half-bucks change hands when v is 1.5, 2.5 or 3.5. */
static void
test_spot_half_bucks (void)
{
  static const struct { FxCurrency stronger, weaker; double v; } pairs[] = {
    { FX_USD, FX_JPY, 1.5 },   /* printed */
    { FX_CAD, FX_CNY, 2.5 },   /* printed */
    { FX_USD, FX_CNY, 3.5 },   /* printed */
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      Game g;
      FxCurrency s = pairs[i].stronger, w = pairs[i].weaker;
      double v = pairs[i].v;

      /* Alice gives one buck of the stronger, receives v of the weaker. */
      game_init (&g, 3);
      play (&g, correct_cash (CYNTHIA, w, B (10)));
      play (&g, spot (ALICE, CYNTHIA, s, w));
      assert_cash (&g, ALICE, s, 1);
      assert_cash (&g, ALICE, w, 2 + v);
      assert_cash (&g, CYNTHIA, s, 3);
      assert_cash (&g, CYNTHIA, w, 10 - v);
      assert_cash (&g, BOB, s, 2);
      assert_cash (&g, BOB, w, 2);

      /* Alice gives v of the weaker, receives one buck of the stronger. */
      game_init (&g, 3);
      play (&g, correct_cash (ALICE, w, B (10)));
      play (&g, spot (ALICE, BOB, w, s));
      assert_cash (&g, ALICE, w, 10 - v);
      assert_cash (&g, ALICE, s, 3);
      assert_cash (&g, BOB, w, 2 + v);
      assert_cash (&g, BOB, s, 1);
    }
}

/* Both sides must hold what they hand over. */
static void
test_spot_must_hold (void)
{
  Game g;

  game_init (&g, 2);
  play (&g, correct_cash (ALICE, FX_USD, B (0.5)));
  REFUSED (&g, spot (ALICE, BOB, FX_USD, FX_JPY), "Alice", "0.5 USD", "1 USD");

  game_init (&g, 2);
  play (&g, correct_cash (BOB, FX_JPY, B (1)));
  REFUSED (&g, spot (ALICE, BOB, FX_USD, FX_JPY), "Bob", "1 JPY", "1.5 JPY");

  game_init (&g, 2);
  play (&g, correct_cash (ALICE, FX_JPY, B (1)));
  REFUSED (&g, spot (ALICE, BOB, FX_JPY, FX_USD), "Alice", "1 JPY", "1.5 JPY");

  game_init (&g, 2);
  play (&g, correct_cash (BOB, FX_USD, B (0.5)));
  REFUSED (&g, spot (ALICE, BOB, FX_JPY, FX_USD), "Bob", "0.5 USD", "1 USD");

  /* Holding exactly enough is enough. */
  game_init (&g, 2);
  play (&g, correct_cash (ALICE, FX_USD, B (1)));
  play (&g, correct_cash (BOB, FX_JPY, B (1.5)));
  play (&g, spot (ALICE, BOB, FX_USD, FX_JPY));
  assert_cash (&g, ALICE, FX_USD, 0);
  assert_cash (&g, BOB, FX_JPY, 0);
}

static void
test_spot_one_per_turn (void)
{
  Game g;

  game_init (&g, 3);
  /* Between the actor and one other player, of two different currencies. */
  REFUSED (&g, spot (ALICE, ALICE, FX_USD, FX_JPY), "another player");
  REFUSED (&g, spot (ALICE, BOB, FX_USD, FX_USD), "different currencies");
  /* Only the player whose turn it is. */
  REFUSED (&g, spot (BOB, ALICE, FX_USD, FX_JPY), "it is Alice's turn, not Bob's");

  play (&g, spot (ALICE, BOB, FX_USD, FX_JPY));
  /* At most one per turn, also with another player or pair. */
  REFUSED (&g, spot (ALICE, BOB, FX_USD, FX_JPY), "at most one spot", "Alice");
  REFUSED (&g, spot (ALICE, CYNTHIA, FX_GBP, FX_EUR), "at most one spot", "Alice");
  /* The spot must be followed by the same actor's action. */
  REFUSED (&g, contract (BOB, FX_USD, B (1), FX_JPY), "it is Alice's turn, not Bob's");
  REFUSED (&g, resolve (CYNTHIA, FX_GBP), "it is Alice's turn, not Cynthia's");
  /* No correction between a spot and its action. */
  REFUSED (&g, correct_cash (BOB, FX_USD, B (5)), "Alice", "spot");
  REFUSED (&g, correct_pile (FX_USD, 3), "Alice", "spot");
  REFUSED (&g, correct_pair (FX_JPY, FX_USD, B (1)), "Alice", "spot");
  REFUSED (&g, strongest (FX_GBP), "ended");
  g_assert_cmpint (g.state.turn, ==, 0);

  play (&g, invest (ALICE, FX_GBP, FX_NO_CURRENCY));
  g_assert_cmpint (g.state.turn, ==, 1);
  g_assert_cmpint (g.state.next_player, ==, BOB);
  /* Corrections are allowed again between turns. */
  play (&g, correct_cash (BOB, FX_USD, B (5)));
}

static void
test_spot_unfinished_turn_in_notation (void)
{
  static const char text[] =
    "game for-ex\n"
    "players Alice Bob\n"
    "removed USD JPY JPY CNY EUR GBP\n"
    "spot Alice Bob USD JPY\n";
  g_autoptr(XqSession) session = NULL;
  GError *error = NULL;
  guint line = 0;

  xq_games_register_all ();
  session = xq_session_new_from_notation (text, -1, &line, &error);
  g_assert_no_error (error);
  g_assert_nonnull (session);
  /* A game may not stop between a spot and its action. */
  g_assert_false (xq_session_check_complete (session, &line, &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "Alice"));
  g_assert_cmpuint (line, ==, 4);
  g_clear_error (&error);
}

/* ---- contract ---- */

static void
test_contract_letters (void)
{
  Game g;

  game_init (&g, 2);
  /* Nothing changes hands when a contract is made. */
  play (&g, contract (ALICE, FX_USD, B (1), FX_JPY));
  g_assert_cmpint (g.state.letters[0].use, ==, FX_LETTER_CONTRACT);
  g_assert_cmpint (g.state.letters[0].owner, ==, ALICE);
  g_assert_cmpint (g.state.letters[0].pay, ==, FX_USD);
  g_assert_cmpint (g.state.letters[0].receive, ==, FX_JPY);
  g_assert_cmpint (g.state.letters[0].pay_amount, ==, B (1));
  g_assert_cmpint (g.state.letters[0].receive_amount, ==, B (1.5));
  assert_cash (&g, ALICE, FX_USD, 2);
  assert_cash (&g, ALICE, FX_JPY, 2);
  /* It joins the back of the queue. */
  g_assert_cmpuint (g.state.queue_len, ==, 2);
  assert_queue_item (&g, 0, FX_ITEM_DIVIDENDS, 0);
  assert_queue_item (&g, 1, FX_ITEM_CONTRACT, 0);

  /* B … F in turn. */
  for (int l = 1; l < FX_N_LETTERS; l++)
    {
      int actor = l % 2;

      play (&g, contract (actor, FX_USD, B (1), FX_JPY));
      g_assert_cmpint (g.state.letters[l].use, ==, FX_LETTER_CONTRACT);
      g_assert_cmpint (g.state.letters[l].owner, ==, actor);
      assert_queue_item (&g, (guint) l + 1, FX_ITEM_CONTRACT, l);
    }
  g_assert_cmpuint (g.state.queue_len, ==, FX_QUEUE_MAX);
  REFUSED (&g, contract (ALICE, FX_USD, B (1), FX_JPY), "contract letters A–F are all in use");
  REFUSED (&g, contract (ALICE, FX_GBP, B (2), FX_CNY), "contract letters A–F are all in use");

  /* Free A and B: the next contract takes A, the lowest free letter. */
  play (&g, resolve (ALICE, FX_GBP));   /* card 0; nobody holds certificates */
  play (&g, resolve (BOB, FX_NO_CURRENCY));   /* A: Alice pays 1 USD */
  g_assert_cmpint (g.state.letters[0].use, ==, FX_LETTER_FREE);
  play (&g, resolve (ALICE, FX_NO_CURRENCY));   /* B: Bob pays 1 USD */
  g_assert_cmpint (g.state.letters[1].use, ==, FX_LETTER_FREE);
  play (&g, contract (BOB, FX_EUR, B (1), FX_CAD));
  g_assert_cmpint (g.state.letters[0].use, ==, FX_LETTER_CONTRACT);
  g_assert_cmpint (g.state.letters[0].owner, ==, BOB);
  g_assert_cmpint (g.state.letters[0].pay, ==, FX_EUR);
  g_assert_cmpint (g.state.letters[1].use, ==, FX_LETTER_FREE);
  play (&g, contract (ALICE, FX_EUR, B (1), FX_CAD));
  g_assert_cmpint (g.state.letters[1].use, ==, FX_LETTER_CONTRACT);
  g_assert_cmpint (g.state.letters[1].owner, ==, ALICE);
  g_assert_cmpuint (g.state.queue_len, ==, FX_QUEUE_MAX);
  assert_queue_item (&g, 5, FX_ITEM_CONTRACT, 0);
  assert_queue_item (&g, 6, FX_ITEM_CONTRACT, 1);
}

/* The amount of whichever is stronger is a whole number 1–10. */
static void
test_contract_stronger_amount (void)
{
  static const double bad[] = { 0, 0.5, 1.5, 9.5, 10.5, 11, 20 };
  Game g;

  game_init (&g, 2);
  /* Paying the stronger (USD>JPY @1.5). */
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *not = g_strdup_printf ("not %g", bad[i]);

      REFUSED (&g, contract (ALICE, FX_USD, B (bad[i]), FX_JPY), "USD", "JPY", "1 to 10", not);
    }
  REFUSED (&g, contract (ALICE, FX_USD, B (-1), FX_JPY), "USD", "1 to 10");
  for (int n = 1; n <= 10; n++)
    {
      Game h = g;

      play (&h, contract (ALICE, FX_USD, B (n), FX_JPY));
      g_assert_cmpint (h.state.letters[0].pay_amount, ==, B (n));
      g_assert_cmpint (h.state.letters[0].receive_amount, ==, B (n * 1.5));
    }

  /* Paying the weaker: n × 1.5 JPY for n USD. */
  {
    static const double bad_weak[] = { 0, 0.5, 1, 2, 2.5, 14, 16.5, 18 };

    for (guint i = 0; i < G_N_ELEMENTS (bad_weak); i++)
      {
        g_autofree char *not = g_strdup_printf ("not %g", bad_weak[i]);

        REFUSED (&g, contract (ALICE, FX_JPY, B (bad_weak[i]), FX_USD), "USD", "JPY", "1.5", not);
      }
  }
  for (int n = 1; n <= 10; n++)
    {
      Game h = g;

      play (&h, contract (ALICE, FX_JPY, B (n * 1.5), FX_USD));
      g_assert_cmpint (h.state.letters[0].pay_amount, ==, B (n * 1.5));
      g_assert_cmpint (h.state.letters[0].receive_amount, ==, B (n));
    }

  REFUSED (&g, contract (ALICE, FX_USD, B (1), FX_USD), "pays one currency and receives another");
}

/* The rules page's own examples. */
static void
test_contract_examples (void)
{
  Game g;

  /* Paying 6 USD at USD>JPY @2 receives 12 JPY. */
  game_init (&g, 2);
  play (&g, correct_pair (FX_USD, FX_JPY, B (2)));
  play (&g, contract (ALICE, FX_USD, B (6), FX_JPY));
  g_assert_cmpint (g.state.letters[0].pay, ==, FX_USD);
  g_assert_cmpint (g.state.letters[0].pay_amount, ==, B (6));
  g_assert_cmpint (g.state.letters[0].receive, ==, FX_JPY);
  g_assert_cmpint (g.state.letters[0].receive_amount, ==, B (12));

  /* Paying 7.5 JPY at USD>JPY @1.5 receives 5 USD. */
  game_init (&g, 2);
  play (&g, contract (ALICE, FX_JPY, B (7.5), FX_USD));
  g_assert_cmpint (g.state.letters[0].pay, ==, FX_JPY);
  g_assert_cmpint (g.state.letters[0].pay_amount, ==, B (7.5));
  g_assert_cmpint (g.state.letters[0].receive, ==, FX_USD);
  g_assert_cmpint (g.state.letters[0].receive_amount, ==, B (5));

  /* The other amount may end in .5 and may exceed 10 (USD>CNY @3.5). */
  game_init (&g, 2);
  play (&g, contract (ALICE, FX_USD, B (3), FX_CNY));
  g_assert_cmpint (g.state.letters[0].receive_amount, ==, B (10.5));
  play (&g, contract (BOB, FX_USD, B (10), FX_CNY));
  g_assert_cmpint (g.state.letters[1].receive_amount, ==, B (35));
  play (&g, contract (ALICE, FX_CNY, B (35), FX_USD));
  g_assert_cmpint (g.state.letters[2].receive_amount, ==, B (10));
  REFUSED (&g, contract (BOB, FX_CNY, B (38.5), FX_USD), "not 38.5");
  REFUSED (&g, contract (BOB, FX_CNY, B (3), FX_USD), "3.5", "not 3");
}

/* The player may promise money they do not have; nothing changes hands now. */
static void
test_contract_promise_lacking (void)
{
  Game g;
  FxState before;

  game_init (&g, 2);
  before = g.state;
  play (&g, contract (ALICE, FX_USD, B (10), FX_JPY));
  g_assert_true (memcmp (before.cash, g.state.cash, sizeof before.cash) == 0);
  g_assert_cmpint (g.state.letters[0].pay_amount, ==, B (10));
  g_assert_cmpint (g.state.letters[0].receive_amount, ==, B (15));
  /* Also in a currency the player holds none of. */
  play (&g, correct_cash (BOB, FX_JPY, 0));
  play (&g, contract (BOB, FX_JPY, B (15), FX_USD));
  g_assert_cmpint (g.state.letters[1].owner, ==, BOB);
  assert_cash (&g, BOB, FX_JPY, 0);
  assert_cash (&g, BOB, FX_USD, 2);
}

/* ---- invest ---- */

static void
test_invest_one (void)
{
  Game g;
  FxBoard expected;

  game_init (&g, 2);
  expected = g.state.board;
  fx_board_strengthen (&expected, FX_USD);
  play (&g, invest (ALICE, FX_USD, FX_NO_CURRENCY));
  assert_cash (&g, ALICE, FX_USD, 0);
  g_assert_cmpuint (g.state.certs[ALICE][FX_USD], ==, 1);
  g_assert_cmpuint (g.state.pile[FX_USD], ==, 6);
  g_assert_cmpuint (g.state.gone[FX_USD], ==, 1);
  g_assert_true (memcmp (&expected, &g.state.board, sizeof expected) == 0);
  /* USD was the weaker of GBP @1: one strengthening flips it. */
  g_assert_cmpint (fx_board_stronger (&g.state.board, FX_GBP, FX_USD), ==, FX_USD);
  assert_certificates_conserved (&g);
  g_assert_cmpint (g.state.turn, ==, 1);
  g_assert_cmpint (g.state.next_player, ==, BOB);
}

static void
test_invest_two (void)
{
  Game g;
  FxBoard expected;

  game_init (&g, 2);
  expected = g.state.board;
  fx_board_strengthen (&expected, FX_CHF);
  fx_board_strengthen (&expected, FX_JPY);
  play (&g, invest (ALICE, FX_CHF, FX_JPY));
  assert_cash (&g, ALICE, FX_CHF, 0);
  assert_cash (&g, ALICE, FX_JPY, 0);
  assert_cash (&g, ALICE, FX_USD, 2);
  g_assert_cmpuint (g.state.certs[ALICE][FX_CHF], ==, 1);
  g_assert_cmpuint (g.state.certs[ALICE][FX_JPY], ==, 1);
  g_assert_cmpuint (g.state.pile[FX_CHF], ==, 7);
  g_assert_cmpuint (g.state.pile[FX_JPY], ==, 5);
  g_assert_true (memcmp (&expected, &g.state.board, sizeof expected) == 0);
  assert_certificates_conserved (&g);
  g_assert_cmpint (g.state.turn, ==, 1);
}

/* Strengthened in the order named, which matters at the 8 space. */
static void
test_invest_order_at_cap (void)
{
  Game usd_first, jpy_first;

  game_init (&usd_first, 2);
  play (&usd_first, correct_pair (FX_USD, FX_JPY, B (8)));
  jpy_first = usd_first;

  /* USD first: the step at the 8 space is lost, then JPY moves it to 6. */
  play (&usd_first, invest (ALICE, FX_USD, FX_JPY));
  g_assert_cmpint (fx_board_stronger (&usd_first.state.board, FX_USD, FX_JPY), ==, FX_USD);
  g_assert_cmpint (fx_board_rate (&usd_first.state.board, FX_USD, FX_JPY), ==, B (6));

  /* JPY first: 8 → 6, then USD takes it back to 8. */
  play (&jpy_first, invest (ALICE, FX_JPY, FX_USD));
  g_assert_cmpint (fx_board_stronger (&jpy_first.state.board, FX_USD, FX_JPY), ==, FX_USD);
  g_assert_cmpint (fx_board_rate (&jpy_first.state.board, FX_USD, FX_JPY), ==, B (8));

  /* Everything else is the same. */
  g_assert_true (memcmp (usd_first.state.cash, jpy_first.state.cash, sizeof usd_first.state.cash) == 0);
  g_assert_true (memcmp (usd_first.state.certs, jpy_first.state.certs, sizeof usd_first.state.certs) == 0);
}

static void
test_invest_refusals (void)
{
  Game g;

  game_init (&g, 2);
  REFUSED (&g, invest (ALICE, FX_USD, FX_USD), "different currencies");

  /* The money: 2 bucks of the certificate's own currency. */
  play (&g, correct_cash (ALICE, FX_JPY, B (1.5)));
  REFUSED (&g, invest (ALICE, FX_JPY, FX_NO_CURRENCY), "Alice holds 1.5 JPY; a JPY certificate costs 2");
  play (&g, correct_cash (ALICE, FX_JPY, 0));
  play (&g, correct_cash (ALICE, FX_USD, B (100)));
  REFUSED (&g, invest (ALICE, FX_JPY, FX_NO_CURRENCY), "Alice holds 0 JPY; a JPY certificate costs 2");

  /* At most 4 certificates of one currency. */
  give_certs (&g, ALICE, FX_USD, 4);
  REFUSED (&g, invest (ALICE, FX_USD, FX_NO_CURRENCY), "Alice", "4 USD certificates");

  /* Only from the public pile. */
  play (&g, correct_pile (FX_CHF, 0));
  REFUSED (&g, invest (ALICE, FX_CHF, FX_NO_CURRENCY), "no CHF certificate");

  /* With two, one failure refuses the whole move, whichever it is. */
  REFUSED (&g, invest (ALICE, FX_GBP, FX_CHF), "no CHF certificate");
  REFUSED (&g, invest (ALICE, FX_CHF, FX_GBP), "no CHF certificate");
  REFUSED (&g, invest (ALICE, FX_EUR, FX_JPY), "Alice holds 0 JPY; a JPY certificate costs 2");
  REFUSED (&g, invest (ALICE, FX_JPY, FX_EUR), "Alice holds 0 JPY; a JPY certificate costs 2");
  REFUSED (&g, invest (ALICE, FX_EUR, FX_USD), "Alice", "4 USD certificates");
  g_assert_cmpuint (g.state.certs[ALICE][FX_GBP], ==, 0);
  g_assert_cmpuint (g.state.certs[ALICE][FX_EUR], ==, 0);

  /* Bob still can: the limit is per player. */
  play (&g, correct_pile (FX_USD, 1));
  REFUSED (&g, invest (BOB, FX_USD, FX_NO_CURRENCY), "it is Alice's turn, not Bob's");
  play (&g, invest (ALICE, FX_GBP, FX_EUR));
  play (&g, invest (BOB, FX_USD, FX_NO_CURRENCY));
  g_assert_cmpuint (g.state.pile[FX_USD], ==, 0);
  REFUSED (&g, invest (ALICE, FX_USD, FX_NO_CURRENCY), "USD");
  assert_certificates_conserved (&g);
}

/* ---- divest ---- */

static void
test_divest (void)
{
  Game g;
  FxBoard expected;

  game_init (&g, 3);
  play (&g, correct_pile (FX_USD, 2));
  play (&g, correct_certs (ALICE, FX_USD, 2));
  play (&g, correct_certs (BOB, FX_USD, 1));
  play (&g, correct_certs (CYNTHIA, FX_USD, 2));
  assert_certificates_conserved (&g);
  g_assert_cmpuint (g.state.gone[FX_USD], ==, 1);

  expected = g.state.board;
  for (int i = 0; i < 3; i++)
    fx_board_weaken (&expected, FX_USD);
  play (&g, divest (ALICE, FX_USD, (const int[FX_MAX_PLAYERS]) { 1, 0, 2, -1, -1, -1 }));
  g_assert_cmpuint (g.state.certs[ALICE][FX_USD], ==, 1);
  g_assert_cmpuint (g.state.certs[BOB][FX_USD], ==, 1);
  g_assert_cmpuint (g.state.certs[CYNTHIA][FX_USD], ==, 0);
  /* 2 bucks per certificate sold, to its seller. */
  assert_cash (&g, ALICE, FX_USD, 4);
  assert_cash (&g, BOB, FX_USD, 2);
  assert_cash (&g, CYNTHIA, FX_USD, 6);
  /* Sold certificates leave the game; they do not return to the pile. */
  g_assert_cmpuint (g.state.pile[FX_USD], ==, 2);
  g_assert_cmpuint (g.state.gone[FX_USD], ==, 4);
  assert_certificates_conserved (&g);
  /* One weakening per certificate sold. */
  g_assert_true (memcmp (&expected, &g.state.board, sizeof expected) == 0);
  g_assert_cmpint (g.state.turn, ==, 1);
  g_assert_cmpint (g.state.next_player, ==, BOB);

  /* The others may sell none: only the actor's weakens. */
  expected = g.state.board;
  fx_board_weaken (&expected, FX_USD);
  play (&g, divest (BOB, FX_USD, (const int[FX_MAX_PLAYERS]) { -1, 1, -1, -1, -1, -1 }));
  g_assert_cmpuint (g.state.certs[BOB][FX_USD], ==, 0);
  g_assert_cmpuint (g.state.certs[ALICE][FX_USD], ==, 1);
  assert_cash (&g, BOB, FX_USD, 4);
  g_assert_true (memcmp (&expected, &g.state.board, sizeof expected) == 0);
}

static void
test_divest_refusals (void)
{
  Game g;

  game_init (&g, 3);
  play (&g, correct_pile (FX_USD, 2));
  play (&g, correct_certs (ALICE, FX_USD, 2));
  play (&g, correct_certs (BOB, FX_USD, 1));

  /* The actor sells at least one. */
  REFUSED (&g, divest (ALICE, FX_USD, (const int[FX_MAX_PLAYERS]) { 0, 1, -1, -1, -1, -1 }),
           "Alice", "at least one");
  /* No one sells more than they hold. */
  REFUSED (&g, divest (ALICE, FX_USD, (const int[FX_MAX_PLAYERS]) { 3, -1, -1, -1, -1, -1 }),
           "Alice holds 2 USD certificates and cannot sell 3");
  REFUSED (&g, divest (ALICE, FX_USD, (const int[FX_MAX_PLAYERS]) { 1, 2, -1, -1, -1, -1 }),
           "Bob holds 1 USD certificate and cannot sell 2");
  REFUSED (&g, divest (ALICE, FX_USD, (const int[FX_MAX_PLAYERS]) { 1, 0, 1, -1, -1, -1 }),
           "Cynthia holds no USD certificates and cannot sell 1");
  REFUSED (&g, divest (ALICE, FX_CNY, (const int[FX_MAX_PLAYERS]) { 1, -1, -1, -1, -1, -1 }),
           "Alice holds no CNY certificates and cannot sell 1");
  /* Only the players at the table. */
  REFUSED (&g, divest (ALICE, FX_USD, (const int[FX_MAX_PLAYERS]) { 1, -1, -1, -1, 1, -1 }),
           "players");
  /* Only on one's turn. */
  REFUSED (&g, divest (BOB, FX_USD, (const int[FX_MAX_PLAYERS]) { -1, 1, -1, -1, -1, -1 }),
           "it is Alice's turn, not Bob's");
}

/* ---- resolve: contracts and loans ---- */

static void
test_resolve_contract_paid (void)
{
  Game g;

  game_init (&g, 2);
  play (&g, contract (ALICE, FX_USD, B (1), FX_JPY));
  play (&g, resolve (BOB, FX_CNY));   /* card 0: the stack goes behind A */
  g_assert_cmpuint (g.state.queue_len, ==, 2);
  assert_queue_item (&g, 0, FX_ITEM_CONTRACT, 0);
  assert_queue_item (&g, 1, FX_ITEM_DIVIDENDS, 0);
  g_assert_cmpuint (g.state.dividends_left, ==, 4);
  play (&g, contract (ALICE, FX_EUR, B (1), FX_CAD));
  /* A currency choice is for dividends only. */
  REFUSED (&g, resolve (BOB, FX_USD), "contract A");
  /* Anyone may resolve the front item, whoever owns it. */
  play (&g, resolve (BOB, FX_NO_CURRENCY));
  assert_cash (&g, ALICE, FX_USD, 1);
  assert_cash (&g, ALICE, FX_JPY, 3.5);
  assert_cash (&g, BOB, FX_USD, 2);
  assert_cash (&g, BOB, FX_JPY, 2);
  g_assert_cmpint (g.state.letters[0].use, ==, FX_LETTER_FREE);
  g_assert_cmpint (fx_state_loan_of (&g.state, ALICE), ==, -1);
  g_assert_cmpuint (g.state.queue_len, ==, 2);
  assert_queue_item (&g, 0, FX_ITEM_DIVIDENDS, 0);
  assert_queue_item (&g, 1, FX_ITEM_CONTRACT, 1);
}

/* Alice owes 4 USD (letter A), then a second unpaid contract of hers (B,
 * 3 GBP for 4.5 EUR) is merged into it. Queue afterwards: A (loan), dividends. */
static void
build_merged_loan (Game *g)
{
  game_init (g, 2);
  play (g, contract (ALICE, FX_USD, B (3), FX_JPY));   /* A */
  play (g, resolve (BOB, FX_CNY));                       /* card 0 */
  play (g, contract (ALICE, FX_GBP, B (3), FX_EUR));   /* B */
  g_assert_cmpint (g->state.letters[1].receive_amount, ==, B (4.5));

  /* A is not paid: Alice receives anyway, A becomes a loan of 3 + 1 USD at the back. */
  play (g, resolve (BOB, FX_NO_CURRENCY));
  assert_cash (g, ALICE, FX_USD, 2);
  assert_cash (g, ALICE, FX_JPY, 6.5);
  g_assert_cmpint (g->state.letters[0].use, ==, FX_LETTER_LOAN);
  g_assert_cmpint (g->state.letters[0].owner, ==, ALICE);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g_assert_cmpint (g->state.letters[0].owed[c], ==, c == FX_USD ? B (4) : 0);
  g_assert_cmpint (fx_state_loan_of (&g->state, ALICE), ==, 0);
  g_assert_cmpuint (g->state.queue_len, ==, 3);
  assert_queue_item (g, 0, FX_ITEM_DIVIDENDS, 0);
  assert_queue_item (g, 1, FX_ITEM_CONTRACT, 1);
  assert_queue_item (g, 2, FX_ITEM_LOAN, 0);

  play (g, resolve (ALICE, FX_CNY));   /* card 1: B, A, stack */
  assert_queue_item (g, 0, FX_ITEM_CONTRACT, 1);
  assert_queue_item (g, 1, FX_ITEM_LOAN, 0);
  assert_queue_item (g, 2, FX_ITEM_DIVIDENDS, 0);

  /* B is not paid either: 3 + 1 GBP is added to A, B is free at once. */
  play (g, resolve (BOB, FX_NO_CURRENCY));
  assert_cash (g, ALICE, FX_GBP, 2);
  assert_cash (g, ALICE, FX_EUR, 6.5);
  g_assert_cmpint (g->state.letters[1].use, ==, FX_LETTER_FREE);
  g_assert_cmpint (g->state.letters[0].use, ==, FX_LETTER_LOAN);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    g_assert_cmpint (g->state.letters[0].owed[c], ==, c == FX_USD || c == FX_GBP ? B (4) : 0);
  /* The loan kept its place: it was not moved behind the stack. */
  g_assert_cmpuint (g->state.queue_len, ==, 2);
  assert_queue_item (g, 0, FX_ITEM_LOAN, 0);
  assert_queue_item (g, 1, FX_ITEM_DIVIDENDS, 0);
  g_assert_cmpint (g->state.turn, ==, 6);
}

static void
test_resolve_contract_unpaid_and_merged (void)
{
  Game g;

  build_merged_loan (&g);
  /* The freed letter is the lowest free one again. */
  play (&g, contract (ALICE, FX_EUR, B (1), FX_CAD));
  g_assert_cmpint (g.state.letters[1].use, ==, FX_LETTER_CONTRACT);
  assert_queue_item (&g, 2, FX_ITEM_CONTRACT, 1);
  /* A player has at most one loan. */
  {
    int loans = 0;

    for (int l = 0; l < FX_N_LETTERS; l++)
      loans += g.state.letters[l].use == FX_LETTER_LOAN;
    g_assert_cmpint (loans, ==, 1);
  }
}

static void
test_resolve_loan_paid (void)
{
  Game g;

  build_merged_loan (&g);
  play (&g, correct_cash (ALICE, FX_USD, B (4)));
  play (&g, correct_cash (ALICE, FX_GBP, B (5.5)));
  /* A currency choice is for dividends only. */
  REFUSED (&g, resolve (ALICE, FX_USD), "A");
  play (&g, resolve (ALICE, FX_NO_CURRENCY));
  /* Every currency owed is paid at once; the letter is free. */
  assert_cash (&g, ALICE, FX_USD, 0);
  assert_cash (&g, ALICE, FX_GBP, 1.5);
  assert_cash (&g, ALICE, FX_JPY, 6.5);
  assert_cash (&g, ALICE, FX_EUR, 6.5);
  g_assert_cmpint (g.state.letters[0].use, ==, FX_LETTER_FREE);
  g_assert_cmpint (fx_state_loan_of (&g.state, ALICE), ==, -1);
  g_assert_cmpuint (g.state.queue_len, ==, 1);
  assert_queue_item (&g, 0, FX_ITEM_DIVIDENDS, 0);
  g_assert_cmpint (g.state.status, ==, FX_STATUS_PLAYING);
}

/* The refusal of a currency choice names the front item for what it is. */
static void
test_resolve_choice_names_loan (void)
{
  Game g;

  build_merged_loan (&g);
  REFUSED (&g, resolve (ALICE, FX_USD), "loan A");
}

static void
test_resolve_loan_unpaid_bankrupt (void)
{
  Game g;
  FxState before;

  build_merged_loan (&g);
  /* Alice can pay the GBP but not the USD: nothing at all is paid. */
  play (&g, correct_cash (ALICE, FX_GBP, B (10)));
  before = g.state;
  play (&g, resolve (ALICE, FX_NO_CURRENCY));
  g_assert_cmpint (g.state.status, ==, FX_STATUS_BANKRUPT);
  g_assert_cmpint (g.state.bankrupt, ==, ALICE);
  g_assert_true (fx_state_is_over (&g.state));
  g_assert_true (memcmp (before.cash, g.state.cash, sizeof before.cash) == 0);
  /* The unpaid loan stays at the front, its letter in use; nothing else is resolved. */
  g_assert_cmpuint (g.state.queue_len, ==, 2);
  assert_queue_item (&g, 0, FX_ITEM_LOAN, 0);
  assert_queue_item (&g, 1, FX_ITEM_DIVIDENDS, 0);
  g_assert_cmpint (g.state.letters[0].use, ==, FX_LETTER_LOAN);
  g_assert_cmpint (g.state.letters[0].owed[FX_USD], ==, B (4));
  g_assert_cmpint (g.state.letters[0].owed[FX_GBP], ==, B (4));
  g_assert_cmpuint (g.state.dividends_left, ==, 3);
  /* The turn that ends the game counts. */
  g_assert_cmpint (g.state.turn, ==, 7);

  /* The game is over: GBP leads on pairs, so no choice is due and nothing follows. */
  GAME_OVER (&g, resolve (BOB, FX_NO_CURRENCY), "game is over");
  GAME_OVER (&g, contract (BOB, FX_USD, B (1), FX_JPY), "game is over");
  GAME_OVER (&g, correct_cash (BOB, FX_USD, B (1)), "game is over");
  REFUSED (&g, strongest (FX_GBP), "no choice is needed", "GBP");
}

/* ---- resolve: dividends ---- */

static void
test_dividend_payments (void)
{
  /* Cards 0, 1, 2, 3, 4 pay 0, 2, 2, 2, 3 per certificate. */
  static const double per_cert[FX_N_DIVIDEND_CARDS] = { 0, 2, 2, 2, 3 };
  Game g;
  double alice_usd = 2, bob_jpy = 2;

  game_init (&g, 2);
  give_certs (&g, ALICE, FX_USD, 1);
  give_certs (&g, BOB, FX_JPY, 2);
  /* JPY has the most certificates: no choice is needed, and one is refused. */
  REFUSED (&g, resolve (ALICE, FX_JPY), "no choice is needed", "JPY");
  REFUSED (&g, resolve (ALICE, FX_USD), "no choice is needed", "JPY");

  for (int card = 0; card < FX_N_DIVIDEND_CARDS; card++)
    {
      int actor = card % 2;
      FxBoard expected = g.state.board;

      fx_board_strengthen (&expected, FX_JPY);
      g_assert_cmpuint (g.state.dividends_left, ==, FX_N_DIVIDEND_CARDS - card);
      play (&g, resolve (actor, FX_NO_CURRENCY));
      alice_usd += 1 * per_cert[card];
      bob_jpy += 2 * per_cert[card];
      assert_cash (&g, ALICE, FX_USD, alice_usd);
      assert_cash (&g, BOB, FX_JPY, bob_jpy);
      /* Only the certificates' own currencies pay. */
      assert_cash (&g, ALICE, FX_JPY, 2);
      assert_cash (&g, BOB, FX_USD, 2);
      assert_cash (&g, ALICE, FX_GBP, 2);
      /* The most-held currency strengthens once, after card 0 too. */
      g_assert_true (memcmp (&expected, &g.state.board, sizeof expected) == 0);
      g_assert_cmpint (g.state.turn, ==, card + 1);
      if (card < 4)
        {
          /* The rest of the stack is back in the queue. */
          g_assert_cmpuint (g.state.queue_len, ==, 1);
          assert_queue_item (&g, 0, FX_ITEM_DIVIDENDS, 0);
          g_assert_cmpint (g.state.status, ==, FX_STATUS_PLAYING);
        }
    }
  g_assert_cmpuint (g.state.dividends_left, ==, 0);
  g_assert_cmpuint (g.state.queue_len, ==, 0);
  g_assert_cmpint (g.state.status, ==, FX_STATUS_ENDED);
  GAME_OVER (&g, resolve (BOB, FX_NO_CURRENCY), "game is over");
}

/* A currency whose own counter (the weaker side) is on the 8 space of any row pays nothing. */
static void
test_dividend_8_space (void)
{
  Game g;

  game_init (&g, 2);
  give_certs (&g, ALICE, FX_USD, 3);
  give_certs (&g, BOB, FX_CNY, 2);
  give_certs (&g, BOB, FX_GBP, 1);
  play (&g, correct_pair (FX_CAD, FX_CNY, B (8)));   /* CNY on the 8 space of CAD's row */
  play (&g, correct_pair (FX_USD, FX_CHF, B (8)));   /* USD's own row: CHF is there, not USD */
  g_assert_true (fx_board_on_last_space (&g.state.board, FX_CNY));
  g_assert_false (fx_board_on_last_space (&g.state.board, FX_USD));

  play (&g, resolve (ALICE, FX_NO_CURRENCY));   /* card 0, USD strengthens */
  play (&g, resolve (BOB, FX_NO_CURRENCY));     /* card 1 */
  assert_cash (&g, ALICE, FX_USD, 2 + 3 * 2);
  assert_cash (&g, BOB, FX_CNY, 2);
  assert_cash (&g, BOB, FX_GBP, 2 + 1 * 2);
  g_assert_cmpint (fx_board_rate (&g.state.board, FX_USD, FX_CHF), ==, B (8));

  /* Off the 8 space it pays again. */
  play (&g, correct_pair (FX_CAD, FX_CNY, B (6)));
  play (&g, resolve (ALICE, FX_NO_CURRENCY));   /* card 2 */
  assert_cash (&g, BOB, FX_CNY, 2 + 2 * 2);
  assert_cash (&g, ALICE, FX_USD, 2 + 3 * 2 + 3 * 2);
}

static void
test_dividend_tie_choice (void)
{
  Game g;
  FxBoard expected;

  /* Nobody holds certificates: all seven are tied, the resolver chooses. */
  game_init (&g, 2);
  REFUSED (&g, resolve (ALICE, FX_NO_CURRENCY), "Alice", "GBP, EUR, USD, CHF, JPY, CAD, CNY");
  expected = g.state.board;
  fx_board_strengthen (&expected, FX_CAD);
  play (&g, resolve (ALICE, FX_CAD));
  g_assert_true (memcmp (&expected, &g.state.board, sizeof expected) == 0);

  /* USD and JPY tied at one each. */
  game_init (&g, 2);
  give_certs (&g, ALICE, FX_USD, 1);
  give_certs (&g, BOB, FX_JPY, 1);
  REFUSED (&g, resolve (ALICE, FX_NO_CURRENCY), "USD, JPY", "Alice");
  REFUSED (&g, resolve (ALICE, FX_GBP), "GBP", "USD, JPY");
  expected = g.state.board;
  fx_board_strengthen (&expected, FX_JPY);
  play (&g, resolve (ALICE, FX_JPY));
  g_assert_true (memcmp (&expected, &g.state.board, sizeof expected) == 0);

  /* Certificates in players' hands count, not the pile: 2 USD held beat
   * 1 JPY held and a full CHF pile. */
  game_init (&g, 2);
  give_certs (&g, ALICE, FX_USD, 1);
  give_certs (&g, BOB, FX_USD, 1);
  give_certs (&g, BOB, FX_JPY, 1);
  expected = g.state.board;
  fx_board_strengthen (&expected, FX_USD);
  REFUSED (&g, resolve (ALICE, FX_CHF), "no choice is needed", "USD");
  play (&g, resolve (ALICE, FX_NO_CURRENCY));
  g_assert_true (memcmp (&expected, &g.state.board, sizeof expected) == 0);
}

/* After card 4 the rest of the queue resolves itself, loans created then included. */
static void
test_final_card_resolves_queue (void)
{
  Game g;
  FxState before;

  game_init (&g, 2);
  for (int card = 0; card < 4; card++)
    play (&g, resolve (card % 2, FX_CNY));
  g_assert_cmpuint (g.state.dividends_left, ==, 1);
  play (&g, correct_pair (FX_GBP, FX_USD, B (1)));
  play (&g, correct_pair (FX_USD, FX_JPY, B (1.5)));
  play (&g, contract (ALICE, FX_USD, B (3), FX_JPY));   /* A: Alice has 2 USD */
  play (&g, contract (BOB, FX_USD, B (1), FX_JPY));     /* B */
  play (&g, contract (ALICE, FX_GBP, B (2), FX_USD));   /* C: 2 GBP for 2 USD */
  g_assert_cmpuint (g.state.queue_len, ==, 4);

  /* The strengthening after card 4 needs its choice before anything resolves. */
  before = g.state;
  REFUSED (&g, resolve (BOB, FX_NO_CURRENCY), "Bob", "GBP, EUR, USD, CHF, JPY, CAD, CNY");
  g_assert_true (memcmp (&before, &g.state, sizeof before) == 0);

  play (&g, resolve (BOB, FX_CNY));
  /* A became a loan of 4 USD behind C; C paid Alice 2 USD; the loan was then paid. */
  assert_cash (&g, ALICE, FX_USD, 0);
  assert_cash (&g, ALICE, FX_GBP, 0);
  assert_cash (&g, ALICE, FX_JPY, 6.5);
  assert_cash (&g, BOB, FX_USD, 1);
  assert_cash (&g, BOB, FX_JPY, 3.5);
  g_assert_cmpuint (g.state.queue_len, ==, 0);
  for (int l = 0; l < FX_N_LETTERS; l++)
    g_assert_cmpint (g.state.letters[l].use, ==, FX_LETTER_FREE);
  g_assert_cmpint (g.state.status, ==, FX_STATUS_ENDED);
  g_assert_cmpint (g.state.bankrupt, ==, FX_NO_PLAYER);
  g_assert_cmpint (g.state.turn, ==, 8);
  g_assert_cmpint (g.state.last_actor, ==, BOB);

  /* No more turns. */
  GAME_OVER (&g, contract (ALICE, FX_USD, B (1), FX_JPY), "game is over");
  GAME_OVER (&g, resolve (ALICE, FX_NO_CURRENCY), "game is over");
  GAME_OVER (&g, spot (ALICE, BOB, FX_USD, FX_JPY), "game is over");
  GAME_OVER (&g, correct_pile (FX_USD, 1), "game is over");
}

/* A bankruptcy during the final resolution stops it: nothing behind is resolved. */
static void
test_final_card_bankruptcy (void)
{
  Game g;

  game_init (&g, 2);
  for (int card = 0; card < 3; card++)
    play (&g, resolve (card % 2, FX_CNY));
  play (&g, contract (BOB, FX_USD, B (3), FX_JPY));     /* A */
  play (&g, resolve (ALICE, FX_CNY));                    /* card 3 */
  play (&g, resolve (BOB, FX_NO_CURRENCY));              /* A → loan of 4 USD */
  g_assert_cmpint (g.state.letters[0].use, ==, FX_LETTER_LOAN);
  play (&g, contract (ALICE, FX_USD, B (1), FX_JPY));   /* B */
  assert_queue_item (&g, 0, FX_ITEM_DIVIDENDS, 0);
  assert_queue_item (&g, 1, FX_ITEM_LOAN, 0);
  assert_queue_item (&g, 2, FX_ITEM_CONTRACT, 1);

  play (&g, resolve (BOB, FX_CNY));                      /* card 4 */
  g_assert_cmpint (g.state.status, ==, FX_STATUS_BANKRUPT);
  g_assert_cmpint (g.state.bankrupt, ==, BOB);
  assert_cash (&g, BOB, FX_USD, 2);
  /* B was not resolved. */
  assert_cash (&g, ALICE, FX_USD, 2);
  assert_cash (&g, ALICE, FX_JPY, 2);
  g_assert_cmpuint (g.state.queue_len, ==, 2);
  assert_queue_item (&g, 0, FX_ITEM_LOAN, 0);
  assert_queue_item (&g, 1, FX_ITEM_CONTRACT, 1);
  g_assert_cmpint (g.state.letters[0].use, ==, FX_LETTER_LOAN);
  g_assert_cmpint (g.state.letters[1].use, ==, FX_LETTER_CONTRACT);
  g_assert_cmpint (g.state.turn, ==, 8);
}

/* ---- turns ---- */

static void
test_turn_order (void)
{
  Game g;

  game_init (&g, 3);
  REFUSED (&g, contract (BOB, FX_USD, B (1), FX_JPY), "it is Alice's turn, not Bob's");
  REFUSED (&g, resolve (CYNTHIA, FX_GBP), "it is Alice's turn, not Cynthia's");
  play (&g, contract (ALICE, FX_USD, B (1), FX_JPY));
  g_assert_cmpint (g.state.turn, ==, 1);
  g_assert_cmpint (g.state.next_player, ==, BOB);
  g_assert_cmpint (g.state.last_actor, ==, ALICE);
  REFUSED (&g, contract (ALICE, FX_USD, B (1), FX_JPY), "it is Bob's turn, not Alice's");
  REFUSED (&g, contract (CYNTHIA, FX_USD, B (1), FX_JPY), "it is Bob's turn, not Cynthia's");
  play (&g, resolve (BOB, FX_GBP));
  g_assert_cmpint (g.state.turn, ==, 2);
  g_assert_cmpint (g.state.next_player, ==, CYNTHIA);
  REFUSED (&g, invest (BOB, FX_USD, FX_NO_CURRENCY), "it is Cynthia's turn, not Bob's");
  /* A player not at the table. */
  REFUSED (&g, contract (DAVID, FX_USD, B (1), FX_JPY), "player");
  /* Corrections do not use a turn. */
  play (&g, correct_cash (ALICE, FX_USD, B (7)));
  g_assert_cmpint (g.state.turn, ==, 2);
  g_assert_cmpint (g.state.next_player, ==, CYNTHIA);
  play (&g, invest (CYNTHIA, FX_USD, FX_NO_CURRENCY));
  /* Play passes clockwise, back to the first. */
  g_assert_cmpint (g.state.turn, ==, 3);
  g_assert_cmpint (g.state.next_player, ==, ALICE);
  g_assert_cmpint (g.state.last_actor, ==, CYNTHIA);
}

static void
test_turn_order_in_notation (void)
{
  static const char text[] =
    "game for-ex\n"
    "players Alice Bob Cynthia\n"
    "removed USD JPY JPY CNY EUR GBP\n"
    "contract Alice USD 1 JPY\n"
    "contract Bob USD 1 JPY\n"
    "contract Bob USD 1 JPY\n";
  g_autoptr(XqSession) session = NULL;
  GError *error = NULL;
  guint line = 0;

  xq_games_register_all ();
  session = xq_session_new_from_notation (text, -1, &line, &error);
  g_assert_null (session);
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_assert_cmpstr (error->message, ==, "it is Cynthia's turn, not Bob's");
  g_assert_cmpuint (line, ==, 6);
  g_clear_error (&error);
}

/* ---- after the end ---- */

static void
test_after_end_strongest (void)
{
  Game g;

  game_init (&g, 2);
  play (&g, contract (ALICE, FX_USD, B (3), FX_JPY));
  play (&g, resolve (BOB, FX_CNY));
  play (&g, resolve (ALICE, FX_NO_CURRENCY));   /* A → loan of 4 USD */
  play (&g, resolve (BOB, FX_CNY));
  /* GBP and EUR now both lead five pairs; nobody holds certificates. */
  play (&g, correct_pair (FX_CNY, FX_GBP, B (1)));
  REFUSED (&g, strongest (FX_GBP), "ended");
  play (&g, resolve (ALICE, FX_NO_CURRENCY));   /* bankrupt */
  g_assert_cmpint (g.state.status, ==, FX_STATUS_BANKRUPT);
  g_assert_cmpint (g.state.last_actor, ==, ALICE);

  /* Only the choice may follow, and only among the tied. */
  REFUSED (&g, resolve (BOB, FX_NO_CURRENCY), "strongest");
  REFUSED (&g, correct_cash (BOB, FX_USD, B (1)), "strongest");
  REFUSED (&g, strongest (FX_CHF), "GBP, EUR");
  REFUSED (&g, strongest (FX_USD), "GBP, EUR");
  play (&g, strongest (FX_EUR));
  g_assert_cmpint (g.state.strongest_choice, ==, FX_EUR);
  /* Once. */
  REFUSED (&g, strongest (FX_GBP), "already");
  GAME_OVER (&g, resolve (BOB, FX_NO_CURRENCY), "game is over");
}

/* ---- corrections ---- */

static void
test_corrections (void)
{
  Game g;

  game_init (&g, 2);
  play (&g, invest (ALICE, FX_EUR, FX_NO_CURRENCY));

  /* Cash: any amount ≥ 0, half-bucks included. */
  REFUSED (&g, correct_cash (ALICE, FX_USD, B (-1)), "negative");
  REFUSED (&g, correct_cash (ALICE, FX_USD, B (-0.5)), "negative");
  /* Above what the game counts: too large, not negative. */
  REFUSED (&g, correct_cash (ALICE, FX_USD, XQ_AMOUNT_MAX + 1),
           "15625000.5 is too large for the game: Exchequer counts up to 15625000");
  play (&g, correct_cash (ALICE, FX_USD, XQ_AMOUNT_MAX));
  play (&g, correct_cash (ALICE, FX_USD, 0));
  assert_cash (&g, ALICE, FX_USD, 0);
  play (&g, correct_cash (BOB, FX_JPY, B (13.5)));
  assert_cash (&g, BOB, FX_JPY, 13.5);
  REFUSED (&g, correct_cash (CYNTHIA, FX_USD, B (1)), "player");
  /* A correction uses no turn, whoever's turn it is. */
  g_assert_cmpint (g.state.turn, ==, 1);
  g_assert_cmpint (g.state.next_player, ==, BOB);

  /* Certificates: 0–4, and pile + held + removed at setup ≤ 8. */
  REFUSED (&g, correct_certs (ALICE, FX_CHF, 5), "0 to 4");
  REFUSED (&g, correct_certs (ALICE, FX_CHF, 1), "CHF", "8", "not 9");
  play (&g, correct_pile (FX_CHF, 4));
  g_assert_cmpuint (g.state.gone[FX_CHF], ==, 4);
  play (&g, correct_certs (ALICE, FX_CHF, 4));
  g_assert_cmpuint (g.state.certs[ALICE][FX_CHF], ==, 4);
  g_assert_cmpuint (g.state.gone[FX_CHF], ==, 0);
  REFUSED (&g, correct_certs (BOB, FX_CHF, 1), "CHF", "not 9");
  play (&g, correct_certs (ALICE, FX_CHF, 1));
  g_assert_cmpuint (g.state.gone[FX_CHF], ==, 3);
  assert_certificates_conserved (&g);

  /* JPY: two were removed at setup, so the pile and the players hold at most 6. */
  REFUSED (&g, correct_pile (FX_JPY, 7), "JPY", "2", "6", "not 7");
  REFUSED (&g, correct_pile (FX_JPY, 9), "0 to 8");
  play (&g, correct_pile (FX_JPY, 5));
  play (&g, correct_certs (BOB, FX_JPY, 1));
  REFUSED (&g, correct_certs (ALICE, FX_JPY, 1), "JPY", "6", "not 7");
  REFUSED (&g, correct_pile (FX_JPY, 6), "JPY", "6", "not 7");
  play (&g, correct_pile (FX_JPY, 0));
  g_assert_cmpuint (g.state.gone[FX_JPY], ==, 7);
  assert_certificates_conserved (&g);

  /* EUR: Alice holds one bought; one was removed at setup. */
  REFUSED (&g, correct_pile (FX_EUR, 7), "EUR", "not 8");
  play (&g, correct_pile (FX_EUR, 6));
  assert_certificates_conserved (&g);

  /* Pair: two different currencies and a track value; the counter goes on the first's row. */
  REFUSED (&g, correct_pair (FX_USD, FX_USD, B (2)), "different currencies");
  REFUSED (&g, correct_pair (FX_JPY, FX_USD, B (4.5)), "track values");
  REFUSED (&g, correct_pair (FX_JPY, FX_USD, B (7)), "track values");
  REFUSED (&g, correct_pair (FX_JPY, FX_USD, 0), "track values");
  play (&g, correct_pair (FX_JPY, FX_USD, B (2)));
  g_assert_cmpint (fx_board_stronger (&g.state.board, FX_USD, FX_JPY), ==, FX_JPY);
  g_assert_cmpint (fx_board_rate (&g.state.board, FX_USD, FX_JPY), ==, B (2));
  play (&g, correct_pair (FX_USD, FX_JPY, B (8)));
  g_assert_cmpint (fx_board_stronger (&g.state.board, FX_USD, FX_JPY), ==, FX_USD);
  g_assert_cmpint (fx_board_rate (&g.state.board, FX_USD, FX_JPY), ==, B (8));

  g_assert_cmpint (g.state.turn, ==, 1);
  g_assert_cmpint (g.state.next_player, ==, BOB);
}

/* A player has at most one loan: every later unpaid contract is added to it;
 * letters in use and queue items agree. */
static void
test_one_loan_per_player (void)
{
  Game g;

  game_init (&g, 2);
  /* A … F: n × 1.5 JPY for n USD, n = 1 … 6, Alice and Bob in turn. */
  for (int l = 0; l < FX_N_LETTERS; l++)
    play (&g, contract (l % 2, FX_JPY, B (1.5 * (l + 1)), FX_USD));
  play (&g, resolve (ALICE, FX_GBP));   /* card 0 */
  for (int i = 0; i < FX_N_LETTERS; i++)
    {
      play (&g, resolve ((i + 1) % 2, FX_NO_CURRENCY));
      g_assert_cmpuint (g.state.queue_len, <=, FX_QUEUE_MAX);
    }
  /* A paid (1.5 JPY). B became Bob's loan of 4 JPY; D (6) and F (9) were
   * added: 4 + 7 + 10. C became Alice's loan of 5.5; E (7.5) added: 5.5 + 8.5. */
  g_assert_cmpint (fx_state_loan_of (&g.state, BOB), ==, 1);
  g_assert_cmpint (fx_state_loan_of (&g.state, ALICE), ==, 2);
  g_assert_cmpint (g.state.letters[1].owed[FX_JPY], ==, B (21));
  g_assert_cmpint (g.state.letters[2].owed[FX_JPY], ==, B (14));
  for (int l = 0; l < FX_N_LETTERS; l++)
    g_assert_cmpint (g.state.letters[l].use, ==, l == 1 || l == 2 ? FX_LETTER_LOAN : FX_LETTER_FREE);
  /* Everything promised was received. */
  assert_cash (&g, ALICE, FX_USD, 2 + 1 + 3 + 5);
  assert_cash (&g, BOB, FX_USD, 2 + 2 + 4 + 6);
  assert_cash (&g, ALICE, FX_JPY, 0.5);
  assert_cash (&g, BOB, FX_JPY, 2);
  g_assert_cmpuint (g.state.queue_len, ==, 3);
  assert_queue_item (&g, 0, FX_ITEM_DIVIDENDS, 0);
  assert_queue_item (&g, 1, FX_ITEM_LOAN, 1);
  assert_queue_item (&g, 2, FX_ITEM_LOAN, 2);
}


/* ---- the other readings of the rulebook (issue 15 §2) ---- */

/* Nobody holds a certificate: by default all seven tie and the resolver
 * chooses; by the other reading no currency is strengthened. */
static void
test_reading_none_strengthened (void)
{
  Game g;
  FxBoard before;

  game_init (&g, 2);
  g.setup.readings = FX_READING_NONE_STRENGTHENED;
  before = g.state.board;
  REFUSED (&g, resolve (ALICE, FX_GBP), "no choice is needed: nobody holds a certificate");
  play (&g, resolve (ALICE, FX_NO_CURRENCY));
  g_assert_true (memcmp (&before, &g.state.board, sizeof before) == 0);
  g_assert_cmpuint (g.state.dividends_left, ==, FX_N_DIVIDEND_CARDS - 1);

  /* Once someone holds one, the most held is strengthened as always. */
  play (&g, invest (BOB, FX_CHF, FX_NO_CURRENCY));
  play (&g, invest (ALICE, FX_CHF, FX_NO_CURRENCY));
  before = g.state.board;
  play (&g, resolve (BOB, FX_NO_CURRENCY));
  fx_board_strengthen (&before, FX_CHF);
  g_assert_true (memcmp (&before, &g.state.board, sizeof before) == 0);

  /* The default reading asks for the choice. */
  game_init (&g, 2);
  REFUSED (&g, resolve (ALICE, FX_NO_CURRENCY), "tie", "choose");
  play (&g, resolve (ALICE, FX_GBP));
}

/* 2 to 5 players by the rulebook's header. */
static void
test_reading_five_players (void)
{
  FxSetup setup;
  GError *error = NULL;

  fx_setup_init (&setup);
  setup.readings = FX_READING_FIVE_PLAYERS;
  g_assert_false (fx_setup_set_players (&setup, all_names, 6, &error));
  g_assert_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED);
  g_assert_cmpstr (error->message, ==, "For-Ex is played by 2 to 5 players, not 6");
  g_clear_error (&error);
  g_assert_true (fx_setup_set_players (&setup, all_names, 5, &error));
  g_assert_no_error (error);

  fx_setup_init (&setup);
  g_assert_true (fx_setup_set_players (&setup, all_names, 6, &error));
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* One rule that the engine breaks must not hide the others. */
  g_test_set_nonfatal_assertions ();

  g_test_add_func ("/fx-rules/setup/players", test_setup_players);
  g_test_add_func ("/fx-rules/setup/state", test_setup_state);
  g_test_add_func ("/fx-rules/spot/give-stronger", test_spot_give_stronger);
  g_test_add_func ("/fx-rules/spot/give-weaker", test_spot_give_weaker);
  g_test_add_func ("/fx-rules/spot/half-bucks", test_spot_half_bucks);
  g_test_add_func ("/fx-rules/spot/must-hold", test_spot_must_hold);
  g_test_add_func ("/fx-rules/spot/one-per-turn", test_spot_one_per_turn);
  g_test_add_func ("/fx-rules/spot/unfinished-turn", test_spot_unfinished_turn_in_notation);
  g_test_add_func ("/fx-rules/contract/letters", test_contract_letters);
  g_test_add_func ("/fx-rules/contract/stronger-amount", test_contract_stronger_amount);
  g_test_add_func ("/fx-rules/contract/examples", test_contract_examples);
  g_test_add_func ("/fx-rules/contract/promise-lacking", test_contract_promise_lacking);
  g_test_add_func ("/fx-rules/invest/one", test_invest_one);
  g_test_add_func ("/fx-rules/invest/two", test_invest_two);
  g_test_add_func ("/fx-rules/invest/order-at-cap", test_invest_order_at_cap);
  g_test_add_func ("/fx-rules/invest/refusals", test_invest_refusals);
  g_test_add_func ("/fx-rules/divest/sell", test_divest);
  g_test_add_func ("/fx-rules/divest/refusals", test_divest_refusals);
  g_test_add_func ("/fx-rules/resolve/contract-paid", test_resolve_contract_paid);
  g_test_add_func ("/fx-rules/resolve/contract-unpaid-merged", test_resolve_contract_unpaid_and_merged);
  g_test_add_func ("/fx-rules/resolve/loan-paid", test_resolve_loan_paid);
  g_test_add_func ("/fx-rules/resolve/choice-names-loan", test_resolve_choice_names_loan);
  g_test_add_func ("/fx-rules/resolve/loan-unpaid-bankrupt", test_resolve_loan_unpaid_bankrupt);
  g_test_add_func ("/fx-rules/dividend/payments", test_dividend_payments);
  g_test_add_func ("/fx-rules/dividend/8-space", test_dividend_8_space);
  g_test_add_func ("/fx-rules/dividend/tie-choice", test_dividend_tie_choice);
  g_test_add_func ("/fx-rules/dividend/final-card-resolves-queue", test_final_card_resolves_queue);
  g_test_add_func ("/fx-rules/dividend/final-card-bankruptcy", test_final_card_bankruptcy);
  g_test_add_func ("/fx-rules/turn/order", test_turn_order);
  g_test_add_func ("/fx-rules/turn/order-in-notation", test_turn_order_in_notation);
  g_test_add_func ("/fx-rules/end/strongest", test_after_end_strongest);
  g_test_add_func ("/fx-rules/corrections", test_corrections);
  g_test_add_func ("/fx-rules/resolve/one-loan-per-player", test_one_loan_per_player);
  g_test_add_func ("/fx-rules/reading/none-strengthened", test_reading_none_strengthened);
  g_test_add_func ("/fx-rules/reading/five-players", test_reading_five_players);

  return g_test_run ();
}
