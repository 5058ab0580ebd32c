/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes Fair Trade's part of a session file; data/session.rng describes it. */

#include "config.h"

#include <glib/gi18n.h>

#include "ft-xml.h"
#include "xq-amount.h"
#include "xq-error.h"
#include "xq-xml.h"

static const char *const move_types[] = {
  [FT_MOVE_MARKET] = "market",
  [FT_MOVE_BID] = "bid",
  [FT_MOVE_CORRECT_COINS] = "correct-coins",
  [FT_MOVE_CORRECT_MARKERS] = "correct-markers",
};

static void
set_player (xmlNode       *element,
            const char    *attribute,
            const FtSetup *setup,
            int            player)
{
  xq_xml_set (element, attribute, setup->names[player]);
}

static void
set_int (xmlNode      *element,
         const char   *attribute,
         gint32        value)
{
  xq_xml_set_uint (element, attribute, (guint) MAX (value, 0));
}

void
ft_xml_write_setup (const FtSetup *setup,
                    xmlNode            *setup_element)
{
  set_player (xq_xml_add_child (setup_element, "farmer"), "player", setup, setup->farmer);
  xq_xml_set_uint (xq_xml_add_child (setup_element, "rounds"), "count", setup->rounds);
  for (int p = 0; p < setup->n_players; p++)
    {
      xmlNode      *e = xq_xml_add_child (setup_element, "locked");

      set_player (e, "player", setup, p);
      xq_xml_set_uint (e, "first", setup->locked[p][0]);
      xq_xml_set_uint (e, "second", setup->locked[p][1]);
    }
}

static gboolean
setup_error (GError **error)
{
  g_set_error_literal (error, XQ_NOTATION_ERROR, XQ_NOTATION_ERROR_HEADER,
                       _("a Fair Trade setup names the farmer, the number of rounds and each player’s two locked cards"));
  return FALSE;
}

/* The element's attribute as a count, or FALSE when missing or not digits. */
static gboolean
get_count (xmlNode    *element,
           const char *attribute,
           guint       max,
           guint      *out)
{
  g_autofree char *text = element != NULL ? xq_xml_dup (element, attribute) : NULL;

  return text != NULL && xq_count_parse (text, max, out);
}

gboolean
ft_xml_read_setup (FtSetup             *setup,
                   const char * const  *names,
                   guint                n_names,
                   xmlNode             *setup_element,
                   GError             **error)
{
  xmlNode   *farmer = xq_xml_first_child (setup_element, "farmer");
  xmlNode   *rounds = xq_xml_first_child (setup_element, "rounds");
  g_autofree char *farmer_name = farmer != NULL ? xq_xml_dup (farmer, "player") : NULL;
  guint8 seen = 0;
  guint count;

  ft_setup_init (setup);
  if (!ft_setup_set_players (setup, names, n_names, error))
    return FALSE;
  if (farmer_name == NULL || ft_setup_find_player (setup, farmer_name) == FT_NO_PLAYER)
    return setup_error (error);
  setup->farmer = (gint8) ft_setup_find_player (setup, farmer_name);
  if (!get_count (rounds, "count", FT_MAX_NUMBER, &count))
    return setup_error (error);
  if (!ft_setup_set_rounds (setup, count, error))
    return FALSE;

  for (xmlNode   *locked = xq_xml_first_child (setup_element, "locked"); locked != NULL;
       locked = xq_xml_next_sibling (locked->next, "locked"))
    {
      g_autofree char *name = xq_xml_dup (locked, "player");
      int p = name != NULL ? ft_setup_find_player (setup, name) : FT_NO_PLAYER;
      guint first, second;

      if (p == FT_NO_PLAYER || (seen & (1u << p))
          || !get_count (locked, "first", FT_MAX_NUMBER, &first)
          || !get_count (locked, "second", FT_MAX_NUMBER, &second))
        return setup_error (error);
      if (!ft_setup_set_locked (setup, p, first, second, error))
        return FALSE;
      seen |= (guint8) (1u << p);
    }
  if (seen != (1u << setup->n_players) - 1)
    return setup_error (error);
  return TRUE;
}

void
ft_xml_write_move (const FtSetup *setup,
                   const FtMove  *m,
                   xmlNode            *e)
{
  g_assert (m->kind >= 0 && m->kind < (int) G_N_ELEMENTS (move_types));

  xq_xml_set (e, "type", move_types[m->kind]);
  switch ((FtMoveKind) m->kind)
    {
    case FT_MOVE_MARKET:
      for (guint k = 0; k < MIN (m->n_awards, FT_MAX_PLAYERS); k++)
        xq_xml_set_uint (xq_xml_add_child (e, "award"), "markers", m->awards[k]);
      break;
    case FT_MOVE_BID:
      set_player (e, "player", setup, m->player);
      xq_xml_set_uint (e, "farmer", m->cards[0]);
      xq_xml_set_uint (e, "trader", m->cards[1]);
      break;
    case FT_MOVE_CORRECT_COINS:
      set_player (e, "player", setup, m->player);
      set_int (e, "coins", m->value);
      break;
    case FT_MOVE_CORRECT_MARKERS:
      set_player (e, "player", setup, m->player);
      set_int (e, "markers", m->value);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The open round's bids are written too: the moves in the same file show
 * them anyway, and a reader needs them to check its replay. */
void
ft_xml_write_snapshot (const FtSetup *setup,
                       const FtState *s,
                       xmlNode            *snapshot)
{
  xmlNode      *status = xq_xml_add_child (snapshot, "status");

  xq_xml_set (status, "state", s->status == FT_STATUS_PLAYING ? "playing" : "ended");
  xq_xml_set_uint (status, "round", s->round);
  set_player (status, "farmer", setup, s->farmer);
  set_player (status, "trader", setup, s->trader);

  for (int p = 0; p < s->n_players; p++)
    {
      xmlNode      *seat = xq_xml_add_child (snapshot, "seat");

      set_player (seat, "player", setup, p);
      set_int (seat, "coins", s->coins[p]);
      set_int (seat, "markers", s->markers[p]);
      set_int (seat, "debt", s->debt[p]);
      for (int i = 0; i < 2; i++)
        xq_xml_set_uint (xq_xml_add_child (seat, "locked"), "card", s->locked[p][i]);
    }

  if (s->round_open)
    {
      xmlNode      *open = xq_xml_add_child (snapshot, "open-round");

      for (int k = 0; k < s->n_players; k++)
        xq_xml_set_uint (xq_xml_add_child (open, "award"), "markers", s->market[k]);
      for (int p = 0; p < s->n_players; p++)
        {
          xmlNode      *bid;

          if (!(s->has_bid & (1u << p)))
            continue;
          bid = xq_xml_add_child (open, "bid");
          set_player (bid, "player", setup, p);
          xq_xml_set_uint (bid, "farmer", s->bids[p][0]);
          xq_xml_set_uint (bid, "trader", s->bids[p][1]);
        }
    }
}
