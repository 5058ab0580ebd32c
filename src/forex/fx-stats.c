/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Per-player statistics of a For-Ex game, recomputed from its move list. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-game.h"
#include "fx-score.h"
#include "fx-stats.h"

/* The counts, in the order the audit window and the report list them. */
static const FxStatCount counts[] = {
  { N_("Contracts made"), G_STRUCT_OFFSET (FxPlayerStats, contracts_made) },
  { N_("Contracts paid"), G_STRUCT_OFFSET (FxPlayerStats, contracts_paid) },
  { N_("Loans taken (new)"), G_STRUCT_OFFSET (FxPlayerStats, loans_new) },
  { N_("Loans taken (merged)"), G_STRUCT_OFFSET (FxPlayerStats, loans_merged) },
  { N_("Loans repaid"), G_STRUCT_OFFSET (FxPlayerStats, loans_repaid) },
  { N_("Spot transactions made"), G_STRUCT_OFFSET (FxPlayerStats, spots_made) },
  { N_("Spot transactions accepted"), G_STRUCT_OFFSET (FxPlayerStats, spots_accepted) },
  { N_("Corrections"), G_STRUCT_OFFSET (FxPlayerStats, corrections) },
};

const FxStatCount *
fx_stat_counts (guint *n_counts)
{
  *n_counts = G_N_ELEMENTS (counts);
  return counts;
}

guint
fx_stat_count_value (const FxStatCount   *count,
                     const FxPlayerStats *player)
{
  return G_STRUCT_MEMBER (guint, player, count->offset);
}

typedef struct
{
  const FxSetup *setup;
  FxStats       *stats;
  int            open[FX_N_LETTERS];   /* letter → index in stats->contracts, or -1 */
  guint          move;                 /* index of the move being replayed */
} Replay;

/* Books the resolution of the front item, seen as one step from @before to
 * @after: nothing else may have happened in between. */
static void
book_front (Replay        *r,
            const FxState *before,
            const FxState *after)
{
  const FxQueueItem *front = &before->queue[0];
  const FxLetter *letter = &before->letters[front->letter];
  FxPlayerStats *owner;

  if (front->kind == FX_ITEM_DIVIDENDS)
    {
      for (int p = 0; p < before->n_players; p++)
        for (int c = 0; c < FX_N_CURRENCIES; c++)
          r->stats->players[p].dividends[c] += after->cash[p][c] - before->cash[p][c];
      return;
    }

  owner = &r->stats->players[letter->owner];
  if (front->kind == FX_ITEM_LOAN)
    {
      if (after->status == FX_STATUS_BANKRUPT)
        owner->bankrupt = TRUE;
      else
        owner->loans_repaid++;
      return;
    }

  /* A contract: paid, turned into a Loan, or added to the owner's Loan. */
  {
    int loan = fx_state_loan_of (before, letter->owner);
    int index = r->open[front->letter];
    FxContractStats *contract = index >= 0 ? &g_array_index (r->stats->contracts, FxContractStats, index) : NULL;
    FxContractOutcome outcome;

    if (after->letters[front->letter].use == FX_LETTER_LOAN)
      {
        outcome = FX_CONTRACT_LOAN;
        owner->loans_new++;
      }
    else if (loan >= 0 && after->letters[loan].owed[letter->pay] > before->letters[loan].owed[letter->pay])
      {
        outcome = FX_CONTRACT_MERGED;
        owner->loans_merged++;
      }
    else
      {
        outcome = FX_CONTRACT_PAID;
        owner->contracts_paid++;
      }
    /* A contract put in the queue by a correction-free replay always has a
     * record; the guard only protects against a hand-edited state. */
    if (contract != NULL)
      {
        contract->outcome = outcome;
        contract->resolved_move = r->move;
        contract->resolved_board = before->board;
      }
    r->open[front->letter] = -1;
  }
}

/* Resolves the front contract or loan alone, with the rules' own code: on a
 * scratch copy where player 0 is due to act, "resolve" does exactly that
 * item. Only what a resolution changes is copied back. */
static void
resolve_front_alone (const FxSetup *setup,
                     FxState       *s)
{
  FxState scratch = *s;
  FxMove move;

  fx_move_init (&move, FX_MOVE_RESOLVE);
  move.actor = 0;
  scratch.status = FX_STATUS_PLAYING;
  scratch.spot_actor = FX_NO_PLAYER;
  scratch.next_player = 0;
  if (!fx_state_apply (setup, &scratch, &move, NULL))
    g_return_if_reached ();
  memcpy (s->cash, scratch.cash, sizeof s->cash);
  memcpy (s->letters, scratch.letters, sizeof s->letters);
  memcpy (s->queue, scratch.queue, sizeof s->queue);
  s->queue_len = scratch.queue_len;
  if (scratch.status == FX_STATUS_BANKRUPT)
    {
      s->status = FX_STATUS_BANKRUPT;
      s->bankrupt = scratch.bankrupt;
    }
}

/* The last Dividend card ends the turns and resolves the rest of the queue in
 * the same move; to tell the items apart, the dividend is replayed with the
 * queue cut to itself, then the others one at a time. */
static void
book_final_resolve (Replay        *r,
                    const FxState *before,
                    const FxMove  *move,
                    const FxState *after)
{
  FxState step = *before, next;

  step.queue_len = 1;
  if (!fx_state_apply (r->setup, &step, move, NULL))
    g_return_if_reached ();
  book_front (r, before, &step);

  memcpy (step.queue, before->queue + 1, sizeof (FxQueueItem) * (gsize) (before->queue_len - 1));
  step.queue_len = before->queue_len - 1;
  step.status = FX_STATUS_PLAYING;
  while (step.status == FX_STATUS_PLAYING && step.queue_len > 0)
    {
      next = step;
      resolve_front_alone (r->setup, &next);
      book_front (r, &step, &next);
      step = next;
    }

  if (memcmp (step.cash, after->cash, sizeof step.cash) != 0
      || memcmp (step.letters, after->letters, sizeof step.letters) != 0
      || step.bankrupt != after->bankrupt)
    g_warning ("statistics: the end of the queue replayed item by item differs from the game");
}

/* A correction put a contract at @letter (README.md, "Correcting the
 * queue"): the table's contract is now the one @after holds there. One
 * that replaces a contract in place is that contract, corrected: its line
 * takes the new owner and terms, valued on the board it was made on. One
 * on a free letter, or in place of a loan, is a contract of its own, made
 * by the correction. */
static void
book_contract_correction (Replay        *r,
                          const FxState *before,
                          const FxMove  *m,
                          const FxState *after)
{
  const FxLetter *now = &after->letters[m->letter];
  int index = r->open[m->letter];
  FxContractStats fresh = { 0 };
  FxContractStats *contract = &fresh;

  if (before->letters[m->letter].use == FX_LETTER_CONTRACT && index >= 0)
    contract = &g_array_index (r->stats->contracts, FxContractStats, index);
  else
    {
      fresh.move = r->move;
      fresh.letter = m->letter;
      fresh.outcome = FX_CONTRACT_OPEN;
      fresh.created_board = after->board;
    }
  contract->owner = now->owner;
  contract->pay = now->pay;
  contract->receive = now->receive;
  contract->pay_amount = now->pay_amount;
  contract->receive_amount = now->receive_amount;
  if (contract == &fresh)
    {
      r->open[m->letter] = (int) r->stats->contracts->len;
      g_array_append_val (r->stats->contracts, fresh);
    }
}

/* A correction took the contract at @m's letter off the table (made it a
 * loan, or removed it): it is no longer open, nor resolved by the rules. */
static void
book_contract_removed (Replay        *r,
                       const FxState *before,
                       const FxMove  *m)
{
  int index = r->open[m->letter];

  if (before->letters[m->letter].use != FX_LETTER_CONTRACT || index < 0)
    return;
  g_array_index (r->stats->contracts, FxContractStats, index).outcome = FX_CONTRACT_REMOVED;
  g_array_index (r->stats->contracts, FxContractStats, index).resolved_move = r->move;
  r->open[m->letter] = -1;
}

static void
book_move (Replay        *r,
           const FxState *before,
           const FxMove  *m,
           const FxState *after)
{
  FxPlayerStats *players = r->stats->players;

  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_SPOT:
      players[m->actor].spots_made++;
      players[m->other].spots_accepted++;
      break;
    case FX_MOVE_CONTRACT:
      {
        /* The lowest free letter: the one in use now that was free before. */
        for (int l = 0; l < FX_N_LETTERS; l++)
          {
            FxContractStats contract = { 0 };

            if (before->letters[l].use != FX_LETTER_FREE || after->letters[l].use != FX_LETTER_CONTRACT)
              continue;
            contract.move = r->move;
            contract.letter = (gint8) l;
            contract.owner = m->actor;
            contract.pay = after->letters[l].pay;
            contract.receive = after->letters[l].receive;
            contract.pay_amount = after->letters[l].pay_amount;
            contract.receive_amount = after->letters[l].receive_amount;
            contract.outcome = FX_CONTRACT_OPEN;
            contract.created_board = after->board;
            r->open[l] = (int) r->stats->contracts->len;
            g_array_append_val (r->stats->contracts, contract);
            break;
          }
        players[m->actor].contracts_made++;
      }
      break;
    case FX_MOVE_INVEST:
      for (int i = 0; i < 2; i++)
        if (m->cur[i] != FX_NO_CURRENCY)
          players[m->actor].bought[m->cur[i]]++;
      break;
    case FX_MOVE_DIVEST:
      for (int p = 0; p < before->n_players; p++)
        players[p].sold[m->cur[0]] += m->sells[p];
      break;
    case FX_MOVE_RESOLVE:
      if (before->queue[0].kind == FX_ITEM_DIVIDENDS && before->dividends_left == 1)
        book_final_resolve (r, before, m, after);
      else
        book_front (r, before, after);
      break;
    case FX_MOVE_CORRECT_CASH:
    case FX_MOVE_CORRECT_CERTS:
      players[m->other].corrections++;
      break;
    case FX_MOVE_CORRECT_CONTRACT:
      players[m->other].corrections++;
      book_contract_correction (r, before, m, after);
      break;
    case FX_MOVE_CORRECT_LOAN:
      players[m->other].corrections++;
      book_contract_removed (r, before, m);
      break;
    case FX_MOVE_CORRECT_REMOVE:
      book_contract_removed (r, before, m);
      break;
    case FX_MOVE_STRONGEST:
    case FX_MOVE_CORRECT_PILE:
    case FX_MOVE_CORRECT_PAIR:
    case FX_MOVE_CORRECT_QUEUE:
    case FX_MOVE_CORRECT_DIVIDENDS:
    case FX_MOVE_CHECKPOINT:        /* its differences were counted as corrections */
    default:
      break;
    }
}

static XqAmount
contract_value (const FxBoard         *board,
                FxCurrency             strongest,
                const FxContractStats *contract,
                XqAmount               paid)
{
  return fx_score_convert (board, strongest, contract->receive, contract->receive_amount)
         - fx_score_convert (board, strongest, contract->pay, paid);
}

/**
 * fx_contract_stats_resolved:
 * @contract: a contract's statistics
 *
 * Returns: %TRUE if the rules resolved it (paid, or a loan), so it has a
 *   resolution board and value; %FALSE while open or once a correction
 *   took it off the table
 */
gboolean
fx_contract_stats_resolved (const FxContractStats *contract)
{
  return contract->outcome == FX_CONTRACT_PAID || contract->outcome == FX_CONTRACT_LOAN
         || contract->outcome == FX_CONTRACT_MERGED;
}

/**
 * fx_stats_new:
 * @session: a For-Ex session
 *
 * Replays @session's moves from its setup and books what each did.
 *
 * Returns: (transfer full): the statistics; free with fx_stats_free()
 */
FxStats *
fx_stats_new (XqSession *session)
{
  g_autoptr(FxStats) stats = NULL;
  FxStrongest strongest;
  FxState state, after;
  Replay r = { 0 };
  guint n_moves;

  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);
  g_return_val_if_fail (xq_session_get_game (session) == fx_game_get (), NULL);

  stats = g_new0 (FxStats, 1);
  stats->contracts = g_array_new (FALSE, TRUE, sizeof (FxContractStats));
  r.setup = xq_session_get_setup (session);
  r.stats = stats;
  for (int l = 0; l < FX_N_LETTERS; l++)
    r.open[l] = -1;
  stats->n_players = r.setup->n_players;

  xq_session_get_state_at (session, 0, &state);
  n_moves = xq_session_get_n_moves (session);
  for (r.move = 0; r.move < n_moves; r.move++)
    {
      const FxMove *move = xq_session_get_move (session, r.move);

      after = state;
      if (!fx_state_apply (r.setup, &after, move, NULL))
        g_return_val_if_reached (NULL);
      book_move (&r, &state, move, &after);
      state = after;
    }

  fx_score_strongest (&state, &strongest);
  stats->final_strongest = strongest.strongest;
  if (strongest.strongest != FX_NO_CURRENCY)
    {
      for (guint i = 0; i < stats->contracts->len; i++)
        {
          FxContractStats *c = &g_array_index (stats->contracts, FxContractStats, i);
          XqAmount penalty = c->outcome == FX_CONTRACT_PAID ? 0 : XQ_BUCKS (1);

          c->valued = TRUE;
          c->created_value = contract_value (&c->created_board, strongest.strongest, c, c->pay_amount);
          if (fx_contract_stats_resolved (c))
            c->resolved_value = contract_value (&c->resolved_board, strongest.strongest, c,
                                                c->pay_amount + penalty);
        }
    }
  return g_steal_pointer (&stats);
}

void
fx_stats_free (FxStats *stats)
{
  if (stats == NULL)
    return;
  g_array_unref (stats->contracts);
  g_free (stats);
}

static void
append_amount (GString  *out,
               XqAmount  amount)
{
  char buf[XQ_AMOUNT_BUF];

  g_string_append (out, xq_amount_format (amount, buf));
}

static void
append_player_line (GString       *out,
                    const char    *keyword,
                    const FxSetup *setup,
                    int            player)
{
  g_string_append (out, keyword);
  g_string_append_c (out, ' ');
  xq_notation_append_name (out, setup->names[player]);
}

static const char *
outcome_keyword (FxContractOutcome outcome)
{
  switch (outcome)
    {
    case FX_CONTRACT_PAID:
      return "paid";
    case FX_CONTRACT_LOAN:
      return "loan";
    case FX_CONTRACT_MERGED:
      return "merged";
    case FX_CONTRACT_REMOVED:
      return "removed";
    case FX_CONTRACT_OPEN:
    default:
      return "open";
    }
}

/**
 * fx_stats_write:
 * @stats: statistics
 * @setup: the game's setup, for the names
 * @out: where the lines go
 *
 * Writes the `exchequer-cli stats` lines (README.md): keywords in lower
 * case, names as the notation writes them, amounts as "7.5", move numbers
 * counted from 1 like `state --after N`.
 */
void
fx_stats_write (const FxStats *stats,
                const FxSetup *setup,
                GString       *out)
{
  if (stats->final_strongest != FX_NO_CURRENCY)
    g_string_append_printf (out, "valued-in %s\n", fx_currency_code (stats->final_strongest));
  else
    g_string_append (out, "valued-in -\n");

  for (guint p = 0; p < stats->n_players; p++)
    {
      const FxPlayerStats *s = &stats->players[p];

      append_player_line (out, "player", setup, (int) p);
      g_string_append_printf (out,
                              " contracts %u paid %u loans-new %u loans-merged %u loans-repaid %u"
                              " bankrupt %d spots %u spots-accepted %u corrections %u\n",
                              s->contracts_made, s->contracts_paid, s->loans_new, s->loans_merged,
                              s->loans_repaid, s->bankrupt ? 1 : 0, s->spots_made, s->spots_accepted,
                              s->corrections);
    }
  for (guint p = 0; p < stats->n_players; p++)
    {
      append_player_line (out, "bought", setup, (int) p);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        g_string_append_printf (out, " %s %u", fx_currency_code (c), stats->players[p].bought[c]);
      g_string_append_c (out, '\n');
    }
  for (guint p = 0; p < stats->n_players; p++)
    {
      append_player_line (out, "sold", setup, (int) p);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        g_string_append_printf (out, " %s %u", fx_currency_code (c), stats->players[p].sold[c]);
      g_string_append_c (out, '\n');
    }
  for (guint p = 0; p < stats->n_players; p++)
    {
      append_player_line (out, "dividends", setup, (int) p);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          g_string_append_printf (out, " %s ", fx_currency_code (c));
          append_amount (out, stats->players[p].dividends[c]);
        }
      g_string_append_c (out, '\n');
    }
  for (guint i = 0; i < stats->contracts->len; i++)
    {
      const FxContractStats *c = &g_array_index (stats->contracts, FxContractStats, i);

      g_string_append_printf (out, "contract %c ", 'A' + c->letter);
      xq_notation_append_name (out, setup->names[c->owner]);
      g_string_append_printf (out, " move %u pay ", c->move + 1);
      append_amount (out, c->pay_amount);
      g_string_append_printf (out, " %s receive ", fx_currency_code (c->pay));
      append_amount (out, c->receive_amount);
      g_string_append_printf (out, " %s outcome %s", fx_currency_code (c->receive),
                              outcome_keyword (c->outcome));
      if (c->outcome == FX_CONTRACT_OPEN)
        g_string_append (out, " resolved-move -");
      else
        g_string_append_printf (out, " resolved-move %u", c->resolved_move + 1);
      g_string_append (out, " created-value ");
      if (c->valued)
        append_amount (out, c->created_value);
      else
        g_string_append_c (out, '-');
      g_string_append (out, " resolved-value ");
      if (c->valued && fx_contract_stats_resolved (c))
        append_amount (out, c->resolved_value);
      else
        g_string_append_c (out, '-');
      g_string_append_c (out, '\n');
    }
}
