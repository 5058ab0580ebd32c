/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The games' user interfaces, by game id: the app's one list of games, as
 * src/games is the core's. */

#include "config.h"

#include "ft-correction-dialog.h"
#include "fx-audit-window.h"
#include "fx-correction-dialog.h"
#include "fx-count-dialog.h"
#include "fx-sentence.h"
#include "fx-table-view.h"
#include "ft-sentence.h"
#include "ft-table-view.h"
#include "xq-game-ui.h"

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
  GtkWindow *audit = GTK_WINDOW (fx_audit_window_new (parent, session));

  gtk_window_present (audit);
  return audit;
}

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

static const XqGameUi game_uis[] = {
  { "for-ex", fx_new_view, fx_set_session, fx_set_position, fx_describe_move, NULL, fx_correct, fx_count, fx_audit },
  { "fair-trade", ft_new_view, ft_set_session, ft_set_position, ft_describe_move, ft_sentence_move_is_hidden, ft_correct,
    NULL, NULL },
};

/**
 * xq_game_ui_lookup:
 * @game_id: a registered game's id
 *
 * Returns: (nullable): its user interface, or %NULL if the app has none
 */
const XqGameUi *
xq_game_ui_lookup (const char *game_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (game_uis); i++)
    if (g_strcmp0 (game_uis[i].game_id, game_id) == 0)
      return &game_uis[i];
  return NULL;
}
