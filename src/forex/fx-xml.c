/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes For-Ex's part of a session file; data/session.rng describes it. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-table-rules.h"
#include "fx-xml.h"
#include "xq-error.h"
#include "xq-xml.h"

static const char *const move_types[] = {
  [FX_MOVE_SPOT] = "spot",
  [FX_MOVE_CONTRACT] = "contract",
  [FX_MOVE_INVEST] = "invest",
  [FX_MOVE_DIVEST] = "divest",
  [FX_MOVE_RESOLVE] = "resolve",
  [FX_MOVE_STRONGEST] = "strongest",
  [FX_MOVE_CORRECT_CASH] = "correct-cash",
  [FX_MOVE_CORRECT_CERTS] = "correct-certs",
  [FX_MOVE_CORRECT_PILE] = "correct-pile",
  [FX_MOVE_CORRECT_PAIR] = "correct-pair",
  [FX_MOVE_CORRECT_CONTRACT] = "correct-contract",
  [FX_MOVE_CORRECT_LOAN] = "correct-loan",
  [FX_MOVE_CORRECT_REMOVE] = "correct-remove",
  [FX_MOVE_CORRECT_QUEUE] = "correct-queue",
  [FX_MOVE_CORRECT_DIVIDENDS] = "correct-dividends",
  [FX_MOVE_CHECKPOINT] = "checkpoint",
};

static void
set_letter (xmlNode    *element,
            int         letter)
{
  char name[2] = { (char) ('A' + letter), '\0' };

  xq_xml_set (element, "letter", name);
}

static void
add_owed (xmlNode        *parent,
          const XqAmount  owed[FX_N_CURRENCIES]);

void
fx_xml_write_setup (const FxSetup *setup,
                    xmlNode            *setup_element)
{
  for (int i = 0; i < FX_N_REMOVED; i++)
    xq_xml_set (xq_xml_add_child (setup_element, "removed"), "currency",
                fx_currency_code (setup->removed[i]));
  /* Only the table rules that differ from the printed ones, as in XQN: a
   * game played by the book is written as it always was. */
  for (int p = 0; p < FX_N_POINTS; p++)
    if (setup->readings & fx_reading_of (p))
      {
        xmlNode      *rule = xq_xml_add_child (setup_element, "rule");

        xq_xml_set (rule, "point", fx_point_word (p));
        xq_xml_set (rule, "reading", fx_reading_word (p, TRUE));
      }
}

/* <rule point="…" reading="…"/>: the schema has checked the words; a point
 * given twice, or "players 2-5" with six players, only the rules can see. */
static gboolean
read_rules (FxSetup    *setup,
            xmlNode    *setup_element,
            GError    **error)
{
  guint seen = 0;

  for (xmlNode   *rule = xq_xml_first_child (setup_element, "rule"); rule != NULL;
       rule = xq_xml_next_sibling (rule->next, "rule"))
    {
      g_autofree char *point = xq_xml_dup (rule, "point");
      g_autofree char *reading = xq_xml_dup (rule, "reading");

      if (!fx_table_rule_read (&setup->readings, &seen, point != NULL ? point : "",
                               reading != NULL ? reading : "", error))
        return FALSE;
    }
  return fx_table_rules_check_players (setup->readings, setup->n_players, error);
}

gboolean
fx_xml_read_setup (FxSetup             *setup,
                   const char * const  *names,
                   guint                n_names,
                   xmlNode             *setup_element,
                   GError             **error)
{
  guint n = 0;

  fx_setup_init (setup);
  if (!fx_setup_set_players (setup, names, n_names, error))
    return FALSE;
  for (xmlNode   *removed = xq_xml_first_child (setup_element, "removed"); removed != NULL;
       removed = xq_xml_next_sibling (removed->next, "removed"))
    {
      g_autofree char *code = xq_xml_dup (removed, "currency");
      FxCurrency c;

      if (n == FX_N_REMOVED || code == NULL || !fx_currency_parse (code, &c))
        break;
      setup->removed[n++] = (gint8) c;
    }
  if (n != FX_N_REMOVED)
    {
      g_set_error (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
                   _("a For-Ex setup names exactly six removed certificates by currency"));
      return FALSE;
    }
  return read_rules (setup, setup_element, error);
}

static void
set_player (xmlNode       *element,
            const char    *attribute,
            const FxSetup *setup,
            int            player)
{
  xq_xml_set (element, attribute, setup->names[player]);
}

static void
set_currency (xmlNode      *element,
              const char   *attribute,
              int           currency)
{
  xq_xml_set (element, attribute, fx_currency_code (currency));
}

void
fx_xml_write_move (const FxSetup *setup,
                   const FxMove  *m,
                   xmlNode            *e)
{
  g_assert (m->kind >= 0 && m->kind < (int) G_N_ELEMENTS (move_types));

  xq_xml_set (e, "type", move_types[m->kind]);
  switch ((FxMoveKind) m->kind)
    {
    case FX_MOVE_SPOT:
      set_player (e, "actor", setup, m->actor);
      set_player (e, "other", setup, m->other);
      set_currency (e, "give", m->cur[0]);
      set_currency (e, "take", m->cur[1]);
      break;
    case FX_MOVE_CONTRACT:
      set_player (e, "actor", setup, m->actor);
      set_currency (e, "pay", m->cur[0]);
      xq_xml_set_amount (e, "amount", m->amount);
      set_currency (e, "receive", m->cur[1]);
      break;
    case FX_MOVE_INVEST:
      set_player (e, "actor", setup, m->actor);
      set_currency (e, "currency", m->cur[0]);
      if (m->cur[1] != FX_NO_CURRENCY)
        set_currency (e, "then", m->cur[1]);
      break;
    case FX_MOVE_DIVEST:
      set_player (e, "actor", setup, m->actor);
      set_currency (e, "currency", m->cur[0]);
      /* The actor first, then the others clockwise, as the table sells. */
      for (int d = 0; d < setup->n_players; d++)
        {
          int p = (m->actor + d) % setup->n_players;
          xmlNode      *sell;

          if (!(m->named & (1u << p)) && m->sells[p] == 0)
            continue;
          sell = xq_xml_add_child (e, "sell");
          set_player (sell, "player", setup, p);
          xq_xml_set_uint (sell, "count", m->sells[p]);
        }
      break;
    case FX_MOVE_RESOLVE:
      set_player (e, "actor", setup, m->actor);
      if (m->cur[0] != FX_NO_CURRENCY)
        set_currency (e, "choice", m->cur[0]);
      break;
    case FX_MOVE_STRONGEST:
      set_currency (e, "currency", m->cur[0]);
      break;
    case FX_MOVE_CORRECT_CASH:
      set_player (e, "player", setup, m->other);
      set_currency (e, "currency", m->cur[0]);
      xq_xml_set_amount (e, "amount", m->amount);
      break;
    case FX_MOVE_CORRECT_CERTS:
      set_player (e, "player", setup, m->other);
      set_currency (e, "currency", m->cur[0]);
      xq_xml_set_uint (e, "count", (guint) m->amount);
      break;
    case FX_MOVE_CORRECT_PILE:
      set_currency (e, "currency", m->cur[0]);
      xq_xml_set_uint (e, "count", (guint) m->amount);
      break;
    case FX_MOVE_CORRECT_PAIR:
      set_currency (e, "stronger", m->cur[0]);
      set_currency (e, "weaker", m->cur[1]);
      xq_xml_set_amount (e, "value", m->amount);
      break;
    case FX_MOVE_CORRECT_CONTRACT:
      set_letter (e, m->letter);
      set_player (e, "owner", setup, m->other);
      /* The terms as children: a <move> keeps to the few attributes the
       * XML guard allows an element of the schema (xq-xml-guard.h). */
      {
        xmlNode *pay = xq_xml_add_child (e, "pay");
        xmlNode *receive = xq_xml_add_child (e, "receive");

        set_currency (pay, "currency", m->cur[0]);
        xq_xml_set_amount (pay, "amount", m->amount);
        set_currency (receive, "currency", m->cur[1]);
        xq_xml_set_amount (receive, "amount", m->receive_amount);
      }
      break;
    case FX_MOVE_CORRECT_LOAN:
      set_letter (e, m->letter);
      set_player (e, "owner", setup, m->other);
      add_owed (e, m->owed);
      break;
    case FX_MOVE_CORRECT_REMOVE:
      set_letter (e, m->letter);
      break;
    case FX_MOVE_CORRECT_QUEUE:
      /* The new order, front first: <item letter="D"/> or <dividends/>. */
      for (int i = 0; i < m->queue_len; i++)
        if (m->queue[i].kind == FX_ITEM_DIVIDENDS)
          xq_xml_add_child (e, "dividends");
        else
          set_letter (xq_xml_add_child (e, "item"), m->queue[i].letter);
      break;
    case FX_MOVE_CORRECT_DIVIDENDS:
      xq_xml_set_uint (e, "cards", (guint) m->amount);
      break;
    case FX_MOVE_CHECKPOINT:
      xq_xml_set_uint (e, "differences", (guint) m->amount);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* A loan's debts, in board order, as the snapshot writes them. */
static void
add_owed (xmlNode        *parent,
          const XqAmount  owed[FX_N_CURRENCIES])
{
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      xmlNode *owe;

      if (owed[c] == 0)
        continue;
      owe = xq_xml_add_child (parent, "owe");
      set_currency (owe, "currency", c);
      xq_xml_set_amount (owe, "amount", owed[c]);
    }
}

static void
write_queue (const FxSetup *setup,
             const FxState *s,
             xmlNode            *snapshot)
{
  xmlNode      *queue = xq_xml_add_child (snapshot, "queue");

  for (int i = 0; i < s->queue_len; i++)
    {
      const FxQueueItem *item = &s->queue[i];
      const FxLetter *letter = &s->letters[item->letter];
      char name[2] = { (char) ('A' + item->letter), '\0' };
      xmlNode      *e;

      switch ((FxItemKind) item->kind)
        {
        case FX_ITEM_DIVIDENDS:
          e = xq_xml_add_child (queue, "dividends");
          xq_xml_set_uint (e, "cards", s->dividends_left);
          break;
        case FX_ITEM_CONTRACT:
          e = xq_xml_add_child (queue, "contract");
          xq_xml_set (e, "letter", name);
          set_player (e, "owner", setup, letter->owner);
          set_currency (e, "pay", letter->pay);
          xq_xml_set_amount (e, "pay-amount", letter->pay_amount);
          set_currency (e, "receive", letter->receive);
          xq_xml_set_amount (e, "receive-amount", letter->receive_amount);
          break;
        case FX_ITEM_LOAN:
          e = xq_xml_add_child (queue, "loan");
          xq_xml_set (e, "letter", name);
          set_player (e, "owner", setup, letter->owner);
          add_owed (e, letter->owed);
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

void
fx_xml_write_snapshot (const FxSetup *setup,
                       const FxState *s,
                       xmlNode            *snapshot)
{
  static const char *const statuses[] = { "playing", "ended", "bankrupt" };
  xmlNode      *status = xq_xml_add_child (snapshot, "status");

  xq_xml_set (status, "state", statuses[s->status]);
  xq_xml_set_uint (status, "turn", s->turn);
  if (s->status == FX_STATUS_BANKRUPT)
    set_player (status, "bankrupt", setup, s->bankrupt);
  if (s->status == FX_STATUS_PLAYING)
    set_player (status, "next", setup, s->spot_actor != FX_NO_PLAYER ? s->spot_actor : s->next_player);
  if (s->strongest_choice != FX_NO_CURRENCY)
    set_currency (status, "strongest-choice", s->strongest_choice);

  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      const FxPair *pair = &s->board.pairs[i];
      xmlNode      *e = xq_xml_add_child (snapshot, "pair");
      FxCurrency a, b;

      fx_pair_currencies (i, &a, &b);
      set_currency (e, "stronger", pair->stronger);
      set_currency (e, "weaker", pair->stronger == (gint8) a ? b : a);
      xq_xml_set_amount (e, "value", fx_track_value ((guint) pair->space));
    }

  for (int p = 0; p < s->n_players; p++)
    {
      xmlNode      *player = xq_xml_add_child (snapshot, "holdings");

      set_player (player, "player", setup, p);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        {
          xmlNode      *e = xq_xml_add_child (player, "currency");

          set_currency (e, "code", c);
          xq_xml_set_amount (e, "cash", s->cash[p][c]);
          xq_xml_set_uint (e, "certs", s->certs[p][c]);
        }
    }

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      xmlNode      *e = xq_xml_add_child (snapshot, "pile");

      set_currency (e, "currency", c);
      xq_xml_set_uint (e, "count", s->pile[c]);
      xq_xml_set_uint (e, "gone", s->gone[c]);
    }

  write_queue (setup, s, snapshot);
}
