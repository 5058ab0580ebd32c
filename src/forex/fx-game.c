/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Adapts the For-Ex module to the core's game interface. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-game.h"
#include "fx-legal.h"
#include "fx-notation.h"
#include "fx-stats.h"
#include "fx-summary.h"
#include "fx-xml.h"
#include "xq-error.h"

static gboolean
parse_header (gpointer    setup,
              GPtrArray  *statements,
              guint      *n_consumed,
              guint      *error_line,
              GError    **error)
{
  return fx_notation_parse_header (setup, statements, n_consumed, error_line, error);
}

static void
write_header (gconstpointer  setup,
              GString       *out)
{
  fx_notation_write_header (setup, out);
}

static guint
get_n_players (gconstpointer setup)
{
  return ((const FxSetup *) setup)->n_players;
}

static const char *
get_player_name (gconstpointer setup,
                 guint         player)
{
  return ((const FxSetup *) setup)->names[player];
}

static gboolean
parse_move (gconstpointer       setup,
            const XqStatement  *statement,
            gpointer            move,
            char              **reason,
            GError            **error)
{
  return fx_notation_parse_move (setup, statement, move, reason, error);
}

static void
write_move (gconstpointer  setup,
            gconstpointer  move,
            GString       *out)
{
  fx_notation_write_move (setup, move, out);
}

static gboolean
move_is_correction (gconstpointer move)
{
  const FxMove *m = move;

  return fx_move_is_correction (m);
}

static void
init_state (gconstpointer setup,
            gpointer      state)
{
  fx_state_init (setup, state);
}

static gboolean
validate (gconstpointer   setup,
          gconstpointer   state,
          gconstpointer   move,
          GError        **error)
{
  return fx_state_validate (setup, state, move, error);
}

static gboolean
apply (gconstpointer   setup,
       gpointer        state,
       gconstpointer   move,
       GError        **error)
{
  return fx_state_apply (setup, state, move, error);
}

/* A recorded game may not stop between a spot transaction and its action. */
static gboolean
check_complete (gconstpointer   setup,
                gconstpointer   state,
                GError        **error)
{
  const FxState *s = state;

  if (s->spot_actor == FX_NO_PLAYER)
    return TRUE;
  g_set_error (error, XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED,
               _("a spot transaction must be followed by %s's action in the same turn"),
               ((const FxSetup *) setup)->names[s->spot_actor]);
  return FALSE;
}

static gboolean
is_over (gconstpointer state)
{
  return fx_state_is_over (state);
}

static void
write_state (gconstpointer  setup,
             gconstpointer  state,
             GString       *out)
{
  fx_summary_write_state (setup, state, out);
}

static void
write_score (gconstpointer  setup,
             gconstpointer  state,
             GString       *out)
{
  fx_summary_write_score (setup, state, out);
}

static GPtrArray *
list_legal (gconstpointer setup,
            gconstpointer state)
{
  return fx_legal_lines (setup, state);
}

static void
write_setup_xml (gconstpointer  setup,
                 xmlNode       *setup_element)
{
  fx_xml_write_setup (setup, setup_element);
}

static gboolean
read_setup_xml (gpointer             setup,
                const char * const  *names,
                guint                n_names,
                xmlNode             *setup_element,
                GError             **error)
{
  return fx_xml_read_setup (setup, names, n_names, setup_element, error);
}

static void
write_move_xml (gconstpointer  setup,
                gconstpointer  move,
                xmlNode       *move_element)
{
  fx_xml_write_move (setup, move, move_element);
}

static void
write_snapshot_xml (gconstpointer  setup,
                    gconstpointer  state,
                    xmlNode       *snapshot_element)
{
  fx_xml_write_snapshot (setup, state, snapshot_element);
}

/* The statistics' own count, so the library, the audit window and
 * `exchequer-cli stats` agree on it. */
static void
count_loans (XqSession *session,
             guint     *loans)
{
  g_autoptr(FxStats) stats = fx_stats_new (session);

  /* A loaded game always replays; the caller's zeros stand otherwise. */
  if (stats == NULL)
    return;
  for (guint p = 0; p < stats->n_players; p++)
    loans[p] = stats->players[p].loans_new + stats->players[p].loans_merged;
}

static const XqGame fx_game = {
  .id = "for-ex",
  .display_name = N_("For-Ex"),
  .setup_size = sizeof (FxSetup),
  .state_size = sizeof (FxState),
  .move_size = sizeof (FxMove),
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
  .list_legal = list_legal,
  .write_setup_xml = write_setup_xml,
  .read_setup_xml = read_setup_xml,
  .write_move_xml = write_move_xml,
  .write_snapshot_xml = write_snapshot_xml,
  .count_loans = count_loans,
};

const XqGame *
fx_game_get (void)
{
  return &fx_game;
}
