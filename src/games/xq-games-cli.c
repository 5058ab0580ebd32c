/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one place that lists the games' command-line parts: exchequer-cli.c
 * names none. The usage text is here too: it lists every game's commands in
 * one translated text, which a game adds its lines to. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-cli.h"
#include "xq-games-cli.h"

const XqCliGame *const *
xq_games_cli_list (guint *n_games)
{
  static const XqCliGame *list[1];

  if (list[0] == NULL)
    list[0] = fx_cli_get ();
  *n_games = G_N_ELEMENTS (list);
  return list;
}

void
xq_games_cli_print_usage (FILE       *stream,
                          const char *program)
{
  fprintf (stream,
           _("Usage:\n"
             "  %s check FILE                 check every move; print “ok N moves”\n"
             "  %s state FILE [--after N]     the state after move N (default: the end)\n"
             "  %s score FILE                 the end-game audit, provisional mid-game\n"
             "  %s score --projected FILE     the audit of the table as the queue would end it (For-Ex)\n"
             "  %s score --readings FILE      where the rulebook's two readings met the game (For-Ex)\n"
             "  %s score --standing FILE      the audit of the table as it would end if every turn resolved (For-Ex)\n"
             "  %s score --worth FILE         each player's net worth at today's rates, and the places (For-Ex)\n"
             "  %s legal FILE                 every legal action of the player to move (For-Ex)\n"
             "  %s hint FILE [--depth N]      the best turn for the player to move, and its value (For-Ex)\n"
             "  %s forecast FILE              what each item in the queue will ask of its owner (For-Ex)\n"
             "  %s review FILE [--depth N] [--threads N]\n"
             "                                what each turn was worth and the best turn in its place (For-Ex)\n"
             "  %s convert IN OUT             rewrite a game; the extensions choose the format\n"
             "  %s stats FILE                 statistics per player and per contract (For-Ex)\n"
             "  %s report FILE OUT            a report: OUT.pdf, OUT.csv (standings) or OUT.xqn (For-Ex)\n"
             "  %s recover                    list the autosaved sessions a crash left behind\n"
             "  %s recover ID OUT             write autosaved session ID to OUT, then forget it\n"
             "  %s --help | --version\n"
             "\n"
             "FILE is a game in XQN notation (.xqn) or a session file (.exchequer).\n"
             "Exit status: 0 success, 1 an illegal move or an invalid file, 2 wrong usage.\n"),
           program, program, program, program, program, program, program, program, program, program,
           program, program, program, program, program, program, program);
}
