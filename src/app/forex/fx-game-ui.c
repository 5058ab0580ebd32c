/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex's user interface for the shared window: its table page, its moves in
 * words, its correction, count and audit windows, its part of the new-game
 * dialog (fx-new-game.c). */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-window.h"
#include "fx-correction-dialog.h"
#include "fx-count-dialog.h"
#include "fx-game.h"
#include "fx-game-ui.h"
#include "fx-new-game.h"
#include "fx-sentence.h"
#include "fx-table-view.h"

static GtkWidget *
fx_new_view (void)
{
  return g_object_new (FX_TYPE_TABLE_VIEW, NULL);
}

static void
fx_set_session (GtkWidget *view,
                XqSession *session)
{
  fx_table_view_set_session (FX_TABLE_VIEW (view), session);
}

static void
fx_set_position (GtkWidget *view,
                 guint      position)
{
  fx_table_view_set_position (FX_TABLE_VIEW (view), position);
}

static char *
fx_describe_move (XqSession  *session,
                  guint       index,
                  char      **turn)
{
  const FxMove *m = xq_session_get_move (session, index);
  FxState before;

  xq_session_get_state_at (session, index, &before);
  *turn = fx_sentence_turn_of_move (&before, m);
  return fx_sentence_move (xq_session_get_setup (session), &before, m);
}

static GtkWindow *
fx_correct (GtkWindow *parent,
            XqSession *session)
{
  GtkWindow *dialog = GTK_WINDOW (fx_correction_dialog_new (parent, session));

  gtk_window_present (dialog);
  return dialog;
}

static GtkWindow *
fx_count (GtkWindow *parent,
          XqSession *session,
          gboolean   after_dividend)
{
  GtkWindow *dialog = GTK_WINDOW (fx_count_dialog_new (parent, session, after_dividend));

  gtk_window_present (dialog);
  return dialog;
}

static GtkWindow *
fx_audit (GtkWindow *parent,
          XqSession *session)
{
  return GTK_WINDOW (fx_audit_window_new (parent, session));
}

static XqGameUiSetup *
fx_setup_new (AdwPreferencesPage *page,
              GCallback           changed,
              gpointer            data)
{
  return (XqGameUiSetup *) fx_new_game_new (page, changed, data);
}

static void
fx_setup_free (XqGameUiSetup *setup)
{
  fx_new_game_free ((FxNewGame *) setup);
}

static void
fx_setup_set_visible (XqGameUiSetup *setup,
                      gboolean       visible)
{
  fx_new_game_set_visible ((FxNewGame *) setup, visible);
}

static guint
fx_setup_max_players (XqGameUiSetup *setup)
{
  return fx_new_game_max_players ((FxNewGame *) setup);
}

static XqSession *
fx_setup_start (XqGameUiSetup       *setup,
                const char * const  *names,
                guint                n,
                guint                starter,
                GError             **error)
{
  FxSetup fx_setup;

  if (!fx_new_game_build ((FxNewGame *) setup, names, n, starter, &fx_setup, error))
    return NULL;
  return xq_session_new (fx_game_get (), &fx_setup);
}

static const XqGameUi fx_game_ui = {
  .game = fx_game_get,
  .new_game_accel = "<Control>n",
  .new_game_label = N_("_New For-Ex Game"),
  .new_game_shortcut_title = NC_("shortcut window", "New For-Ex game"),
  .new_view = fx_new_view,
  .set_session = fx_set_session,
  .set_position = fx_set_position,
  .describe_move = fx_describe_move,
  .correct = fx_correct,
  .count = fx_count,
  .audit = fx_audit,
  .min_players = FX_MIN_PLAYERS,
  .setup_new = fx_setup_new,
  .setup_free = fx_setup_free,
  .setup_set_visible = fx_setup_set_visible,
  .setup_max_players = fx_setup_max_players,
  .setup_start = fx_setup_start,
};

const XqGameUi *
fx_game_ui_get (void)
{
  return &fx_game_ui;
}
