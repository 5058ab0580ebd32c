/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Properties of thousands of random legal Fair Trade games: invariants, replay, XQN and XML. */

#include "config.h"

#include <string.h>

#include "ft-game.h"
#include "ft-notation.h"
#include "ft-state.h"
#include "xq-error.h"
#include "xq-games.h"
#include "xq-session-xml.h"
#include "xq-session.h"

#define N_GAMES 1200

typedef struct
{
  guint64    seed;
  guint      move;
  XqSession *session;
} Where;

typedef struct
{
  guint games;
  guint ended;
  guint unfinished;
  guint rounds;
  guint shortfalls;
  guint farmer_ties;
  guint trader_ties;
  guint corrections;
  guint refusals;
  guint shared_wins;
} Coverage;

static void G_GNUC_NORETURN
fail (const Where *where,
      int          line,
      const char  *expr)
{
  g_autofree char *last = NULL;
  g_autofree char *message = NULL;

  if (where->session != NULL && where->move > 0
      && where->move <= xq_session_get_n_moves (where->session))
    last = xq_session_format_move (where->session, where->move - 1);
  message = g_strdup_printf ("seed %" G_GUINT64_FORMAT ", after move %u (%s): %s",
                             where->seed, where->move, last != NULL ? last : "setup", expr);
  g_assertion_message (G_LOG_DOMAIN, __FILE__, line, G_STRFUNC, message);
  g_abort ();
}

#define CHECK(where, cond) \
  G_STMT_START { if (G_UNLIKELY (!(cond))) fail ((where), __LINE__, #cond); } G_STMT_END

static gint32
sum (const gint32 values[FT_MAX_PLAYERS],
     int          n)
{
  gint32 total = 0;

  for (int p = 0; p < n; p++)
    total += values[p];
  return total;
}

static guint
card_bit (guint card)
{
  return 1u << card;
}

static guint
count_bits (guint bits)
{
  guint n = 0;

  for (; bits != 0; bits &= bits - 1)
    n++;
  return n;
}

/* Every player's 13 cards: 2 locked, 2 in play once bid, the rest in hand. */
static void
check_position (const Where   *w,
                const FtSetup *setup,
                const FtState *s)
{
  CHECK (w, s->n_players == setup->n_players);
  CHECK (w, s->round <= s->rounds && s->rounds == setup->rounds);
  CHECK (w, (s->status == FT_STATUS_ENDED) == (s->round == s->rounds));
  CHECK (w, !(s->status == FT_STATUS_ENDED && s->round_open));
  CHECK (w, s->farmer == (setup->farmer + s->round) % s->n_players);
  CHECK (w, s->trader == (s->farmer + s->n_players - 1) % s->n_players);
  for (int p = 0; p < s->n_players; p++)
    {
      guint used = 0, expected = 2;

      CHECK (w, s->coins[p] >= 0 && s->markers[p] >= 0 && s->debt[p] >= 0);
      CHECK (w, s->locked[p][0] >= 1 && s->locked[p][0] < s->locked[p][1] && s->locked[p][1] <= FT_N_CARDS);
      used |= card_bit (s->locked[p][0]) | card_bit (s->locked[p][1]);
      if (s->round_open && (s->has_bid & (1u << p)))
        {
          CHECK (w, s->bids[p][0] >= 1 && s->bids[p][0] <= FT_N_CARDS);
          CHECK (w, s->bids[p][1] >= 1 && s->bids[p][1] <= FT_N_CARDS);
          used |= card_bit (s->bids[p][0]) | card_bit (s->bids[p][1]);
          expected += 2;
        }
      else
        CHECK (w, s->bids[p][0] == 0 && s->bids[p][1] == 0);
      /* Disjoint: the cards in hand make up the rest of the 13. */
      CHECK (w, count_bits (used) == expected);
      CHECK (w, (used & 1u) == 0 && used < (1u << (FT_N_CARDS + 1)));
    }
  CHECK (w, s->round_open || s->has_bid == 0);
}

/* The round that a bid just settled, checked against the position before it. */
static void
check_settled (const Where   *w,
               const FtState *before,
               const FtState *after,
               Coverage      *cov)
{
  const FtSettlement *st = &after->last;
  int n = after->n_players;
  gint32 paid = 0, received = 0, awarded = 0, awards = 0;
  gboolean seen_farmer[FT_MAX_PLAYERS] = { FALSE }, seen_trader[FT_MAX_PLAYERS] = { FALSE };

  CHECK (w, after->round == before->round + 1 && !after->round_open && after->has_last);
  /* Coins are conserved but for what the box lent. */
  CHECK (w, sum (after->coins, n) - sum (before->coins, n) == sum (after->debt, n) - sum (before->debt, n));
  for (int p = 0; p < n; p++)
    {
      gint32 bids = st->bids[p][0] + st->bids[p][1];

      paid += bids;
      received += st->collected[p];
      awarded += st->awarded[p];
      awards += before->market[p];
      CHECK (w, st->shortfall[p] == MAX (0, bids - before->coins[p]));
      CHECK (w, after->debt[p] == before->debt[p] + st->shortfall[p]);
      CHECK (w, after->coins[p] == MAX (0, before->coins[p] - bids) + st->collected[p]);
      CHECK (w, after->markers[p] == before->markers[p] + st->awarded[p]);
      CHECK (w, after->locked[p][0] == MIN (st->bids[p][0], st->bids[p][1]));
      CHECK (w, after->locked[p][1] == MAX (st->bids[p][0], st->bids[p][1]));
      cov->shortfalls += st->shortfall[p] > 0;
    }
  CHECK (w, paid == received && awarded == awards);

  /* The pool split: at most one apart, larger shares first. */
  for (int k = 0; k < n; k++)
    {
      int f = st->farmer_rank[k], t = st->trader_rank[k];

      CHECK (w, f >= 0 && f < n && !seen_farmer[f] && t >= 0 && t < n && !seen_trader[t]);
      seen_farmer[f] = seen_trader[t] = TRUE;
      CHECK (w, st->share[0] - st->share[k] <= 1 && st->share[k] >= 0);
      if (k == 0)
        continue;
      CHECK (w, st->share[k] <= st->share[k - 1]);
      {
        int pf = st->farmer_rank[k - 1], pt = st->trader_rank[k - 1];
        int df = (f - before->farmer + n) % n, dpf = (pf - before->farmer + n) % n;
        int dt = (before->trader - t + n) % n, dpt = (before->trader - pt + n) % n;

        /* High to low; ties clockwise from the farmer, counter-clockwise from the trader. */
        CHECK (w, st->bids[pf][0] > st->bids[f][0] || (st->bids[pf][0] == st->bids[f][0] && dpf < df));
        CHECK (w, st->bids[pt][1] > st->bids[t][1] || (st->bids[pt][1] == st->bids[t][1] && dpt < dt));
        cov->farmer_ties += st->bids[pf][0] == st->bids[f][0];
        cov->trader_ties += st->bids[pt][1] == st->bids[t][1];
      }
    }
  for (int p = 0; p < n; p++)
    paid -= st->bids[p][1];
  CHECK (w, st->pool == paid);
  CHECK (w, after->trader == before->farmer && after->farmer == (before->farmer + 1) % n);
  cov->rounds++;
}

static void
random_setup (FtSetup *setup,
              GRand   *rng)
{
  static const char *const pool[] = { "Ann", "Ben", "Cat", "Dan", "Eve", "Mary Ann", "#1", "Zoë" };
  const char *names[FT_MAX_PLAYERS];
  guint n = (guint) g_rand_int_range (rng, FT_MIN_PLAYERS, FT_MAX_PLAYERS + 1);
  guint start = (guint) g_rand_int_range (rng, 0, G_N_ELEMENTS (pool));

  for (guint i = 0; i < n; i++)
    names[i] = pool[(start + i) % G_N_ELEMENTS (pool)];
  ft_setup_init (setup);
  g_assert_true (ft_setup_set_players (setup, names, n, NULL));
  setup->farmer = (gint8) g_rand_int_range (rng, 0, (gint32) n);
  if (g_rand_int_range (rng, 0, 4) == 0)
    g_assert_true (ft_setup_set_rounds (setup, (guint) g_rand_int_range (rng, 1, FT_MAX_ROUNDS + 1), NULL));
  for (guint p = 0; p < n; p++)
    {
      guint a = (guint) g_rand_int_range (rng, 1, FT_N_CARDS + 1);
      guint b = (guint) g_rand_int_range (rng, 1, FT_N_CARDS);

      g_assert_true (ft_setup_set_locked (setup, (int) p, a, b >= a ? b + 1 : b, NULL));
    }
}

/* A free card; narrow games pick among few values so that ties are common. */
static guint
random_card (const FtState *s,
             int            player,
             guint          other,
             guint          spread,
             GRand         *rng)
{
  for (;;)
    {
      guint card = (guint) g_rand_int_range (rng, 1, (gint32) spread + 1);

      if (card != other && ft_state_card_available (s, player, card))
        return card;
      spread = FT_N_CARDS;
    }
}

static void
random_move (const FtState *s,
             GRand         *rng,
             guint          spread,
             FtMove        *m)
{
  if (g_rand_int_range (rng, 0, 25) == 0)
    {
      ft_move_init (m, g_rand_boolean (rng) ? FT_MOVE_CORRECT_COINS : FT_MOVE_CORRECT_MARKERS);
      m->player = (gint8) g_rand_int_range (rng, 0, s->n_players);
      m->value = g_rand_int_range (rng, 0, 30);
      return;
    }
  if (!s->round_open)
    {
      ft_move_init (m, FT_MOVE_MARKET);
      m->n_awards = s->n_players;
      for (int k = 0; k < s->n_players; k++)
        m->awards[k] = (guint16) g_rand_int_range (rng, 0, 10);
      return;
    }
  ft_move_init (m, FT_MOVE_BID);
  do
    m->player = (gint8) g_rand_int_range (rng, 0, s->n_players);
  while (s->has_bid & (1u << m->player));
  m->cards[0] = (guint16) random_card (s, m->player, 0, spread, rng);
  m->cards[1] = (guint16) random_card (s, m->player, m->cards[0], spread, rng);
}

/* A move the rules must refuse, leaving the state as it was. */
static void
try_illegal (const Where   *w,
             const FtSetup *setup,
             const FtState *s,
             GRand         *rng)
{
  FtState copy = *s;
  FtMove m;

  if (!s->round_open)
    {
      ft_move_init (&m, g_rand_boolean (rng) ? FT_MOVE_BID : FT_MOVE_MARKET);
      m.player = 0;
      m.cards[0] = 1;
      m.cards[1] = 2;
      m.n_awards = (guint8) (m.kind == FT_MOVE_MARKET ? s->n_players + 1 : 0);
    }
  else
    {
      ft_move_init (&m, FT_MOVE_BID);
      m.player = (gint8) g_rand_int_range (rng, 0, s->n_players);
      switch (g_rand_int_range (rng, 0, 4))
        {
        case 0:
          m.cards[0] = s->locked[m.player][g_rand_int_range (rng, 0, 2)];
          m.cards[1] = random_card (s, m.player, m.cards[0], FT_N_CARDS, rng);
          break;
        case 1:
          m.cards[0] = m.cards[1] = (guint16) random_card (s, m.player, 0, FT_N_CARDS, rng);
          break;
        case 2:
          m.cards[0] = (guint16) (g_rand_boolean (rng) ? 0 : g_rand_int_range (rng, 14, 100));
          m.cards[1] = (guint16) random_card (s, m.player, 0, FT_N_CARDS, rng);
          break;
        default:
          ft_move_init (&m, FT_MOVE_MARKET);
          m.n_awards = s->n_players;
          break;
        }
    }
  {
    g_autoptr(GError) error = NULL;

    CHECK (w, !ft_state_apply (setup, &copy, &m, &error));
    CHECK (w, error != NULL && error->domain == XQ_RULE_ERROR && error->message[0] != '\0');
    CHECK (w, memcmp (&copy, s, sizeof copy) == 0);
  }
}

static void
check_round_trips (const Where *w,
                   XqSession   *session,
                   GArray      *states)
{
  const XqGame *game = xq_session_get_game (session);
  g_autofree char *text = xq_session_to_notation (session);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) replayed = xq_session_new_from_notation (text, -1, NULL, &error);
  g_autoptr(XqSession) from_xml = NULL;
  g_autoptr(GBytes) xml = NULL;
  g_autofree char *text_again = NULL;
  g_autofree char *text_xml = NULL;
  gsize length = 0;
  const char *data;
  guint line = 0;
  FtState at;

  /* XQN: the same text, the same states. */
  if (replayed == NULL)
    g_error ("seed %" G_GUINT64_FORMAT ": %s\n%s", w->seed, error->message, text);
  text_again = xq_session_to_notation (replayed);
  CHECK (w, strcmp (text, text_again) == 0);
  CHECK (w, xq_session_get_n_moves (replayed) == states->len - 1);
  CHECK (w, memcmp (xq_session_get_state (replayed), xq_session_get_state (session), game->state_size) == 0);

  /* Replay determinism at every move, through the snapshots. */
  for (guint i = 0; i < states->len; i++)
    {
      xq_session_get_state_at (replayed, i, &at);
      CHECK (w, memcmp (&at, &g_array_index (states, FtState, i), sizeof at) == 0);
    }

  /* Session XML, schema included. */
  xml = xq_session_to_xml (session);
  data = g_bytes_get_data (xml, &length);
  from_xml = xq_session_new_from_xml (data, length, &line, &error);
  if (from_xml == NULL)
    g_error ("seed %" G_GUINT64_FORMAT ": XML line %u: %s\n%.*s", w->seed, line, error->message, (int) length, data);
  CHECK (w, memcmp (xq_session_get_state (from_xml), xq_session_get_state (session), game->state_size) == 0);
  text_xml = xq_session_to_notation (from_xml);
  CHECK (w, strcmp (text, text_xml) == 0);
  for (guint i = 0; i < xq_session_get_n_moves (session); i++)
    CHECK (w, g_strcmp0 (xq_session_get_move_reason (from_xml, i), xq_session_get_move_reason (session, i)) == 0);
}

static void
play_game (guint64   seed,
           Coverage *cov)
{
  g_autoptr(GRand) rng = g_rand_new_with_seed ((guint32) seed);
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (FtState));
  g_autoptr(XqSession) session = NULL;
  Where w = { seed, 0, NULL };
  guint spread = g_rand_boolean (rng) ? 5 : FT_N_CARDS;
  /* Some games stop part-way, many of them in the middle of a round. */
  guint stop_after = g_rand_int_range (rng, 0, 8) == 0 ? (guint) g_rand_int_range (rng, 0, 60) : G_MAXUINT;
  gboolean winners[FT_MAX_PLAYERS];
  FtSetup setup;

  random_setup (&setup, rng);
  session = xq_session_new (ft_game_get (), &setup);
  w.session = session;
  g_array_append_val (states, *(const FtState *) xq_session_get_state (session));
  check_position (&w, &setup, xq_session_get_state (session));

  while (!ft_state_is_over (xq_session_get_state (session)) && w.move < stop_after)
    {
      FtState before = *(const FtState *) xq_session_get_state (session);
      g_autoptr(GError) error = NULL;
      const FtState *after;
      FtMove m;

      if (g_rand_int_range (rng, 0, 10) == 0)
        {
          try_illegal (&w, &setup, &before, rng);
          cov->refusals++;
        }
      random_move (&before, rng, spread, &m);
      CHECK (&w, ft_state_validate (&setup, &before, &m, NULL));
      CHECK (&w, memcmp (&before, xq_session_get_state (session), sizeof before) == 0);
      if (!xq_session_play (session, &m, m.kind >= FT_MOVE_CORRECT_COINS && g_rand_boolean (rng) ? "by hand" : NULL,
                            &error))
        g_error ("seed %" G_GUINT64_FORMAT ": %s", seed, error->message);
      w.move++;
      after = xq_session_get_state (session);
      g_array_append_val (states, *after);
      check_position (&w, &setup, after);
      if (m.kind >= FT_MOVE_CORRECT_COINS)
        cov->corrections++;
      if (after->round != before.round)
        check_settled (&w, &before, after, cov);
      else
        CHECK (&w, sum (after->coins, after->n_players) == sum (before.coins, before.n_players)
                   || m.kind == FT_MOVE_CORRECT_COINS);
    }

  if (ft_state_is_over (xq_session_get_state (session)))
    {
      const FtState *s = xq_session_get_state (session);
      FtMove m;
      g_autoptr(GError) error = NULL;

      cov->ended++;
      CHECK (&w, s->round == setup.rounds);
      ft_move_init (&m, FT_MOVE_MARKET);
      m.n_awards = s->n_players;
      CHECK (&w, !ft_state_validate (&setup, s, &m, &error));
      CHECK (&w, g_error_matches (error, XQ_RULE_ERROR, XQ_RULE_ERROR_GAME_OVER));
    }
  else
    cov->unfinished++;
  cov->shared_wins += ft_state_winners (xq_session_get_state (session), winners) > 1;
  check_round_trips (&w, session, states);
  cov->games++;
}

static void
test_random_games (void)
{
  Coverage cov = { 0 };

  for (guint64 seed = 1; seed <= N_GAMES; seed++)
    play_game (seed, &cov);
  g_test_message ("%u games (%u ended, %u unfinished), %u rounds, %u shortfalls, %u farmer ties, "
                  "%u trader ties, %u corrections, %u refusals, %u shared wins",
                  cov.games, cov.ended, cov.unfinished, cov.rounds, cov.shortfalls, cov.farmer_ties,
                  cov.trader_ties, cov.corrections, cov.refusals, cov.shared_wins);
  g_assert_cmpuint (cov.games, >=, 1000);
  g_assert_cmpuint (cov.ended, >=, 900);
  g_assert_cmpuint (cov.unfinished, >, 50);
  g_assert_cmpuint (cov.shortfalls, >, 100);
  g_assert_cmpuint (cov.farmer_ties, >, 100);
  g_assert_cmpuint (cov.trader_ties, >, 100);
  g_assert_cmpuint (cov.corrections, >, 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/ft-random/games", test_random_games);
  return g_test_run ();
}
