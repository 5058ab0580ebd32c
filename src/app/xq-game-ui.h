/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the window needs from each game's user interface, found by game id. */
#pragma once

#include <gtk/gtk.h>

#include "xq-history-view.h"
#include "xq-session.h"

G_BEGIN_DECLS

typedef struct
{
  const char  *game_id;
  /* The page that mirrors the table. */
  GtkWidget  *(*new_view)       (void);
  void        (*set_session)    (GtkWidget     *view,
                                 XqSession     *session);
  /* How many moves the page shows; G_MAXUINT follows the game. */
  void        (*set_position)   (GtkWidget     *view,
                                 guint          position);
  /* Move @index in words, and its turn label or NULL (history sidebar). */
  char       *(*describe_move)  (XqSession     *session,
                                 guint          index,
                                 char         **turn);
  /* Whether move @index is hidden for now (a secret bid of the round in
   * progress): no view shows it, beyond that it was made. NULL: none is. */
  gboolean    (*move_is_hidden) (XqSession     *session,
                                 guint          index);
  /* Opens the game's correction dialog and returns it; NULL if it has none. */
  GtkWindow  *(*correct)        (GtkWindow     *parent,
                                 XqSession     *session);
  /* Opens the game's count of the table and returns it (@after_dividend: it
   * opened itself at that pause); NULL if the game has none. */
  GtkWindow  *(*count)          (GtkWindow     *parent,
                                 XqSession     *session,
                                 gboolean       after_dividend);
  /* Opens the game's audit and statistics window and returns it; NULL if
   * the game has none. The window emits "show-move" (guint position: show
   * the table after that many moves) and "mark-moves" (XqSession *session,
   * const XqHistoryMark *marks, guint n_marks: the review's grades), which
   * @parent follows if it connects to them. */
  GtkWindow  *(*audit)          (GtkWindow     *parent,
                                 XqSession     *session);
} XqGameUi;

const XqGameUi *xq_game_ui_lookup (const char *game_id);

G_END_DECLS
