/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Adapts the Fair Trade module to the core's game interface. */

#include "config.h"

#include <glib/gi18n.h>

#include "ft-game.h"
#include "ft-notation.h"
#include "ft-summary.h"
#include "ft-xml.h"

static gboolean
parse_header (gpointer    setup,
              GPtrArray  *statements,
              guint      *n_consumed,
              guint      *error_line,
              GError    **error)
{
  return ft_notation_parse_header (setup, statements, n_consumed, error_line, error);
}

static void
write_header (gconstpointer  setup,
              GString       *out)
{
  ft_notation_write_header (setup, out);
}

static guint
get_n_players (gconstpointer setup)
{
  return ((const FtSetup *) setup)->n_players;
}

static const char *
get_player_name (gconstpointer setup,
                 guint         player)
{
  return ((const FtSetup *) setup)->names[player];
}

static gboolean
parse_move (gconstpointer       setup,
            const XqStatement  *statement,
            gpointer            move,
            char              **reason,
            GError            **error)
{
  return ft_notation_parse_move (setup, statement, move, reason, error);
}

static void
write_move (gconstpointer  setup,
            gconstpointer  move,
            GString       *out)
{
  ft_notation_write_move (setup, move, out);
}

static gboolean
move_is_correction (gconstpointer move)
{
  const FtMove *m = move;

  return m->kind == FT_MOVE_CORRECT_COINS || m->kind == FT_MOVE_CORRECT_MARKERS;
}

static void
init_state (gconstpointer setup,
            gpointer      state)
{
  ft_state_init (setup, state);
}

static gboolean
validate (gconstpointer   setup,
          gconstpointer   state,
          gconstpointer   move,
          GError        **error)
{
  return ft_state_validate (setup, state, move, error);
}

static gboolean
apply (gconstpointer   setup,
       gpointer        state,
       gconstpointer   move,
       GError        **error)
{
  return ft_state_apply (setup, state, move, error);
}

/* A record may stop anywhere, also between the bids of a round: the table
 * paused there, and the bids so far are kept for when it goes on. */
static gboolean
check_complete (gconstpointer   setup,
                gconstpointer   state,
                GError        **error)
{
  return TRUE;
}

static gboolean
is_over (gconstpointer state)
{
  return ft_state_is_over (state);
}

static void
write_state (gconstpointer  setup,
             gconstpointer  state,
             GString       *out)
{
  ft_summary_write_state (setup, state, out);
}

static void
write_score (gconstpointer  setup,
             gconstpointer  state,
             GString       *out)
{
  ft_summary_write_score (setup, state, out);
}

static void
write_setup_xml (gconstpointer  setup,
                 xmlNode       *setup_element)
{
  ft_xml_write_setup (setup, setup_element);
}

static gboolean
read_setup_xml (gpointer             setup,
                const char * const  *names,
                guint                n_names,
                xmlNode             *setup_element,
                GError             **error)
{
  return ft_xml_read_setup (setup, names, n_names, setup_element, error);
}

static void
write_move_xml (gconstpointer  setup,
                gconstpointer  move,
                xmlNode       *move_element)
{
  ft_xml_write_move (setup, move, move_element);
}

static void
write_snapshot_xml (gconstpointer  setup,
                    gconstpointer  state,
                    xmlNode       *snapshot_element)
{
  ft_xml_write_snapshot (setup, state, snapshot_element);
}

/* No legal-move listing: a player may bid any two free cards, and
 * `exchequer-cli legal` is For-Ex's alone. */
static const XqGame ft_game = {
  .id = "fair-trade",
  .display_name = N_("Fair Trade"),
  .setup_size = sizeof (FtSetup),
  .state_size = sizeof (FtState),
  .move_size = sizeof (FtMove),
  .parse_header = parse_header,
  .write_header = write_header,
  .get_n_players = get_n_players,
  .get_player_name = get_player_name,
  .parse_move = parse_move,
  .write_move = write_move,
  .move_is_correction = move_is_correction,
  .init_state = init_state,
  .validate = validate,
  .apply = apply,
  .check_complete = check_complete,
  .is_over = is_over,
  .write_state = write_state,
  .write_score = write_score,
  .list_legal = NULL,
  .write_setup_xml = write_setup_xml,
  .read_setup_xml = read_setup_xml,
  .write_move_xml = write_move_xml,
  .write_snapshot_xml = write_snapshot_xml,
  /* Fair Trade has no loans: the library stores none. */
  .count_loans = NULL,
};

const XqGame *
ft_game_get (void)
{
  return &ft_game;
}
