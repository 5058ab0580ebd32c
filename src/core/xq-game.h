/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The one interface through which the core knows a game. */
#pragma once

#include <glib.h>

#include "xq-notation.h"
#include "xq-xml.h"

G_BEGIN_DECLS

typedef struct _XqGame XqGame;
/* xq-session.h's, named here for the hooks that read a whole game. */
typedef struct _XqSession XqSession;

/*
 * A game is plain data behind this table: a setup, a state and a move, each a
 * fixed-size struct the core copies with memcpy and never looks into. Adding a
 * game means filling in one of these and registering it; the core does not
 * change.
 */
struct _XqGame
{
  const char *id;            /* as written after `game` in XQN */
  const char *display_name;  /* N_() marked; translate when showing */
  gsize       setup_size;
  gsize       state_size;
  gsize       move_size;

  /* The header statements after `game ID`. Consumes what it recognises from
   * @statements starting at index 1 and says how many it took. */
  gboolean    (*parse_header)    (gpointer          setup,
                                  GPtrArray        *statements,
                                  guint            *n_consumed,
                                  guint            *error_line,
                                  GError          **error);
  void        (*write_header)    (gconstpointer     setup,
                                  GString          *out);
  guint       (*get_n_players)   (gconstpointer     setup);
  const char *(*get_player_name) (gconstpointer     setup,
                                  guint             player);

  /* One move statement; a correction's reason, if any, comes back in @reason. */
  gboolean    (*parse_move)      (gconstpointer      setup,
                                  const XqStatement *statement,
                                  gpointer           move,
                                  char             **reason,
                                  GError           **error);
  void        (*write_move)      (gconstpointer     setup,
                                  gconstpointer     move,
                                  GString          *out);
  gboolean    (*move_is_correction) (gconstpointer  move);

  void        (*init_state)      (gconstpointer     setup,
                                  gpointer          state);
  /* Never mutates @state; on failure @error names the rule. */
  gboolean    (*validate)        (gconstpointer     setup,
                                  gconstpointer     state,
                                  gconstpointer     move,
                                  GError          **error);
  /* Leaves @state untouched when it fails. */
  gboolean    (*apply)           (gconstpointer     setup,
                                  gpointer          state,
                                  gconstpointer     move,
                                  GError          **error);
  /* A recorded game may not stop where this refuses (halfway through a turn). */
  gboolean    (*check_complete)  (gconstpointer     setup,
                                  gconstpointer     state,
                                  GError          **error);
  gboolean    (*is_over)         (gconstpointer     state);

  /* The exchequer-cli output contract of the notation page. */
  void        (*write_state)     (gconstpointer     setup,
                                  gconstpointer     state,
                                  GString          *out);
  void        (*write_score)     (gconstpointer     setup,
                                  gconstpointer     state,
                                  GString          *out);
  /* Sorted lines; NULL when the game has no such listing. */
  GPtrArray  *(*list_legal)      (gconstpointer     setup,
                                  gconstpointer     state);

  /* Session XML (data/README-format.md). The core writes the root, the
   * players, the notes and each move's number, time, XQN line and reason; the
   * game writes its setup, the structured data of a move as attributes and
   * children of <move>, and the snapshot of a state. Reading needs only the
   * setup: moves are read from their XQN line and checked against the
   * structured data, the snapshot against the replay. */
  void        (*write_setup_xml) (gconstpointer     setup,
                                  xmlNode          *setup_element);
  gboolean    (*read_setup_xml)  (gpointer            setup,
                                  const char * const *names,
                                  guint               n_names,
                                  xmlNode            *setup_element,
                                  GError            **error);
  void        (*write_move_xml)  (gconstpointer     setup,
                                  gconstpointer     move,
                                  xmlNode          *move_element);
  void        (*write_snapshot_xml) (gconstpointer  setup,
                                     gconstpointer  state,
                                     xmlNode       *snapshot_element);

  /* For the club library (doc/library.md), which names no game: how many
   * loans each player took over the whole game (a debt they could not pay
   * that became a loan or was added to one), written to @loans in seat
   * order. NULL for a game that has no loans: the library then stores none,
   * rather than a 0 that would read as "took none". */
  void        (*count_loans)     (XqSession        *session,
                                  guint            *loans);
};

void           xq_game_register   (const XqGame *game);
const XqGame  *xq_game_lookup     (const char   *id);
char          *xq_game_list_ids   (void);

G_END_DECLS
