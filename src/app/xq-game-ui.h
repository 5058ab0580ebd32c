/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the window needs from each game's user interface, found by game id. */
#pragma once

#include <gtk/gtk.h>

#include "xq-history-view.h"
#include "xq-session.h"

G_BEGIN_DECLS

/* Shows the table after @position moves in @parent's history. */
typedef void (*XqGameUiSelectMove) (GtkWindow *parent,
                                    guint      position);
/* Marks moves of @session in @parent's history (a review's grades); none
 * when @n_marks is 0. Ignored when @parent shows another game by now. */
typedef void (*XqGameUiMarkMoves)  (GtkWindow           *parent,
                                    XqSession           *session,
                                    const XqHistoryMark *marks,
                                    guint                n_marks);

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
   * the game has none. */
  GtkWindow  *(*audit)          (GtkWindow          *parent,
                                 XqSession          *session,
                                 XqGameUiSelectMove  select_move,
                                 XqGameUiMarkMoves   mark_moves);
} XqGameUi;

const XqGameUi *xq_game_ui_lookup (const char *game_id);

G_END_DECLS
