/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the window needs from each game's user interface, found by game id;
 * each game's lives in the game's own folder of src/app, and
 * src/games/xq-games-ui.c lists them. */
#pragma once

#include <adwaita.h>

#include "xq-game.h"
#include "xq-history-view.h"
#include "xq-session.h"

G_BEGIN_DECLS

/* A game's own groups in the new-game dialog, opaque to the dialog. */
typedef struct _XqGameUiSetup XqGameUiSetup;

typedef struct
{
  /* The game's rules: its id, its display name. */
  const XqGame *(*game)         (void);
  /* The shortcut of "win.new-game::<its id>", or NULL. */
  const char  *new_game_accel;
  /* "win.new-game::<its id>" in the primary menu and on the welcome page
   * (an N_() string with a mnemonic), and in the shortcuts window (an
   * NC_("shortcut window", …) string). */
  const char  *new_game_label;
  const char  *new_game_shortcut_title;
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
  /* Makes the game's audit and statistics window, hidden, and returns it;
   * NULL if the game has none. @parent presents it, on Ctrl+I or made
   * ahead of it (xq_window_prepare_audit_soon). The window emits "show-move" (guint position: show
   * the table after that many moves) and "mark-moves" (XqSession *session,
   * const XqHistoryMark *marks, guint n_marks: the review's grades), which
   * @parent follows if it connects to them. */
  GtkWindow  *(*audit)          (GtkWindow     *parent,
                                 XqSession     *session);

  /* The new-game dialog. The player who starts, as its row names it
   * (N_() strings with a mnemonic); NULL: "Who Starts". */
  const char  *starter_title;
  const char  *starter_subtitle;
  guint        min_players;
  /* Adds the game's groups at the end of @page; @changed (@data) whenever
   * what they say changes. */
  XqGameUiSetup *(*setup_new)         (AdwPreferencesPage *page,
                                       GCallback           changed,
                                       gpointer            data);
  void           (*setup_free)        (XqGameUiSetup      *setup);
  void           (*setup_set_visible) (XqGameUiSetup      *setup,
                                       gboolean            visible);
  /* The seats' labels (a placeholder for a blank name); NULL: not needed. */
  void           (*setup_set_seats)   (XqGameUiSetup      *setup,
                                       const char * const *labels,
                                       guint               n);
  /* The most players the groups allow now. */
  guint          (*setup_max_players) (XqGameUiSetup      *setup);
  /* The new game, from the seats (none blank) and @starter, or NULL with
   * @error saying what is wrong. */
  XqSession     *(*setup_start)       (XqGameUiSetup      *setup,
                                       const char * const *names,
                                       guint               n,
                                       guint               starter,
                                       GError            **error);
} XqGameUi;

const XqGameUi *xq_game_ui_lookup (const char *game_id);
const XqGameUi *xq_game_ui_get_nth (guint       index);
guint           xq_game_ui_get_n   (void);

G_END_DECLS
