/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade's user interface for the shared window: its table page, its
 * moves in words (a secret bid hidden), its correction dialog, its part of the
 * new-game dialog (ft-new-game.c). */

#include "config.h"

#include <glib/gi18n.h>

#include "ft-correction-dialog.h"
#include "ft-game.h"
#include "ft-game-ui.h"
#include "ft-new-game.h"
#include "ft-sentence.h"
#include "ft-table-view.h"

static GtkWidget *
ft_new_view (void)
{
  return ft_table_view_new ();
}

static void
ft_set_session (GtkWidget *view,
                XqSession *session)
{
  ft_table_view_set_session (FT_TABLE_VIEW (view), session);
}

static void
ft_set_position (GtkWidget *view,
                 guint      position)
{
  ft_table_view_set_position (FT_TABLE_VIEW (view), position);
}

static char *
ft_describe_move (XqSession  *session,
                  guint       index,
                  char      **turn)
{
  const FtMove *m = xq_session_get_move (session, index);
  FtState before;

  xq_session_get_state_at (session, index, &before);
  *turn = ft_sentence_round_of_move (&before, m);
  return ft_sentence_move (xq_session_get_setup (session), &before, m, ft_sentence_move_is_hidden (session, index));
}

static GtkWindow *
ft_correct (GtkWindow *parent,
            XqSession *session)
{
  GtkWindow *dialog = GTK_WINDOW (ft_correction_dialog_new (parent, session));

  gtk_window_present (dialog);
  return dialog;
}

static XqGameUiSetup *
ft_setup_new (AdwPreferencesPage *page,
              GCallback           changed,
              gpointer            data)
{
  return (XqGameUiSetup *) ft_new_game_new (page, changed, data);
}

static void
ft_setup_free (XqGameUiSetup *setup)
{
  ft_new_game_free ((FtNewGame *) setup);
}

static void
ft_setup_set_visible (XqGameUiSetup *setup,
                      gboolean       visible)
{
  ft_new_game_set_visible ((FtNewGame *) setup, visible);
}

static void
ft_setup_set_seats (XqGameUiSetup      *setup,
                    const char * const *labels,
                    guint               n)
{
  ft_new_game_set_seats ((FtNewGame *) setup, labels, n);
}

static guint
ft_setup_max_players (XqGameUiSetup *setup)
{
  return FT_MAX_PLAYERS;
}

/* Fair Trade keeps the seating as listed: the farmer is named, not seated first. */
static XqSession *
ft_setup_start (XqGameUiSetup       *setup,
                const char * const  *names,
                guint                n,
                guint                starter,
                GError             **error)
{
  FtSetup ft_setup;

  if (!ft_new_game_build ((FtNewGame *) setup, names, n, (int) starter, &ft_setup, error))
    return NULL;
  return xq_session_new (ft_game_get (), &ft_setup);
}

static const XqGameUi ft_game_ui = {
  .game = ft_game_get,
  .new_game_accel = "<Control><Shift>n",
  .new_game_label = N_("New _Fair Trade Game"),
  .new_game_shortcut_title = NC_("shortcut window", "New Fair Trade game"),
  .new_view = ft_new_view,
  .set_session = ft_set_session,
  .set_position = ft_set_position,
  .describe_move = ft_describe_move,
  .move_is_hidden = ft_sentence_move_is_hidden,
  .correct = ft_correct,
  .starter_title = N_("_Farmer"),
  .starter_subtitle = N_("Holds the farmer marker in the first round"),
  .min_players = FT_MIN_PLAYERS,
  .setup_new = ft_setup_new,
  .setup_free = ft_setup_free,
  .setup_set_visible = ft_setup_set_visible,
  .setup_set_seats = ft_setup_set_seats,
  .setup_max_players = ft_setup_max_players,
  .setup_start = ft_setup_start,
};

const XqGameUi *
ft_game_ui_get (void)
{
  return &ft_game_ui;
}
