/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests XqSession as a GListModel: its items are the moves played, and
 * items-changed says where on play, group, correction, undo, redo, a play
 * that drops the undone moves, and a session loaded from a file. */

#include "config.h"

#include <glib-object.h>
#include <string.h>

#include "fx-random-play.h"
#include "fx-state.h"
#include "xq-games.h"
#include "xq-session-move.h"
#include "xq-session-xml.h"

#define HEADER "game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n"
#define MOVES \
  "correct cash Ann GBP 10.5 \"counted twice\"\n" \
  "invest Ann GBP\n" \
  "spot Ben Cat GBP EUR\n" \
  "resolve Ben\n" \
  "correct cash Ben EUR 5\n"

typedef struct
{
  GString *log;        /* "I(position,removed,added)" and "N" for notify::n-moves, in order */
  guint    n_changes;
} Seen;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Seen       *seen)
{
  /* The model already holds what it announces. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, xq_session_get_n_moves (XQ_SESSION (model)));
  g_assert_cmpuint (position + added, <=, g_list_model_get_n_items (model));
  g_string_append_printf (seen->log, "I(%u,%u,%u)", position, removed, added);
  seen->n_changes++;
}

static void
n_moves_cb (GObject    *object,
            GParamSpec *pspec,
            Seen       *seen)
{
  g_string_append_c (seen->log, 'N');
}

static void
watch (XqSession *session,
       Seen      *seen)
{
  seen->log = g_string_new (NULL);
  seen->n_changes = 0;
  g_signal_connect (session, "items-changed", G_CALLBACK (items_changed_cb), seen);
  g_signal_connect (session, "notify::n-moves", G_CALLBACK (n_moves_cb), seen);
}

/* What has been seen since last asked, then forgotten. */
static char *
take (Seen *seen)
{
  char *out = g_strdup (seen->log->str);

  g_string_truncate (seen->log, 0);
  return out;
}

#define ASSERT_SEEN(seen, expected) \
  G_STMT_START { g_autofree char *got_ = take (seen); g_assert_cmpstr (got_, ==, expected); } G_STMT_END

/* Every item says what the session says of its move. */
static void
assert_items (XqSession *session)
{
  GListModel *model = G_LIST_MODEL (session);
  guint n = xq_session_get_n_moves (session);
  const XqGame *game = xq_session_get_game (session);

  g_assert_true (g_list_model_get_item_type (model) == XQ_TYPE_SESSION_MOVE);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
  g_assert_null (g_list_model_get_item (model, n));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(XqSessionMove) item = g_list_model_get_item (model, i);
      g_autofree char *notation = xq_session_format_move (session, i);

      g_assert_true (XQ_IS_SESSION_MOVE (item));
      g_assert_true (xq_session_move_get_session (item) == session);
      g_assert_cmpuint (xq_session_move_get_index (item), ==, i);
      g_assert_cmpmem (xq_session_move_get_move (item), game->move_size, xq_session_get_move (session, i),
                       game->move_size);
      g_assert_cmpstr (xq_session_move_get_reason (item), ==, xq_session_get_move_reason (session, i));
      g_assert_cmpint (xq_session_move_is_correction (item), ==,
                       game->move_is_correction (xq_session_get_move (session, i)));
      g_assert_cmpstr (xq_session_move_get_notation (item), ==, notation);
    }
}

static XqSession *
sample (void)
{
  g_autoptr(GError) error = NULL;
  XqSession *session = xq_session_new_from_notation (HEADER MOVES, -1, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, 5);
  return session;
}

/* Each move played, a correction among them, adds one item at the end. */
static void
test_play (void)
{
  g_autoptr(XqSession) source = sample ();
  g_autoptr(XqSession) session = xq_session_new (xq_session_get_game (source), xq_session_get_setup (source));
  g_autoptr(GError) error = NULL;
  Seen seen;

  watch (session, &seen);
  assert_items (session);
  for (guint i = 0; i < xq_session_get_n_moves (source); i++)
    {
      g_autofree char *expected = g_strdup_printf ("I(%u,0,1)N", i);

      g_assert_true (xq_session_play (session, xq_session_get_move (source, i),
                                      xq_session_get_move_reason (source, i), &error));
      g_assert_no_error (error);
      ASSERT_SEEN (&seen, expected);
      assert_items (session);
    }
  {
    g_autoptr(XqSessionMove) first = g_list_model_get_item (G_LIST_MODEL (session), 0);
    g_autoptr(XqSessionMove) second = g_list_model_get_item (G_LIST_MODEL (session), 1);

    g_assert_true (xq_session_move_is_correction (first));
    g_assert_cmpstr (xq_session_move_get_reason (first), ==, "counted twice");
    g_assert_cmpstr (xq_session_move_get_notation (first), ==, "correct cash Ann GBP 10.5 \"counted twice\"");
    g_assert_false (xq_session_move_is_correction (second));
    g_assert_null (xq_session_move_get_reason (second));
  }

  /* A refused move changes nothing, the model included. */
  g_assert_false (xq_session_play (session, xq_session_get_move (source, 1), NULL, &error));
  g_assert_nonnull (error);
  ASSERT_SEEN (&seen, "");
  g_string_free (seen.log, TRUE);
}

/* Undo takes the last turn's items away, redo gives them back; undone moves are not
 * items, as the history does not show them. */
static void
test_undo_redo (void)
{
  g_autoptr(XqSession) session = sample ();
  Seen seen;

  watch (session, &seen);
  g_assert_true (xq_session_undo (session));
  ASSERT_SEEN (&seen, "I(4,1,0)N");
  assert_items (session);
  /* Ben's spot and his resolve are one turn: they go and come back together. */
  g_assert_true (xq_session_undo (session));
  ASSERT_SEEN (&seen, "I(2,2,0)N");
  g_assert_true (xq_session_redo (session));
  ASSERT_SEEN (&seen, "I(2,0,2)N");
  assert_items (session);
  g_assert_true (xq_session_redo (session));
  ASSERT_SEEN (&seen, "I(4,0,1)N");
  g_assert_false (xq_session_redo (session));
  ASSERT_SEEN (&seen, "");
  while (xq_session_undo (session))
    ;
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (session)), ==, 0);
  ASSERT_SEEN (&seen, "I(4,1,0)NI(2,2,0)NI(1,1,0)NI(0,1,0)N");
  g_string_free (seen.log, TRUE);
}

/* A group comes and goes in one change, and so does a turn of a spot and
 * its action played one move at a time. */
static void
test_group (void)
{
  g_autoptr(XqSession) source = sample ();
  g_autoptr(XqSession) session = xq_session_new (xq_session_get_game (source), xq_session_get_setup (source));
  gsize size = xq_session_get_game (source)->move_size;
  g_autofree guint8 *moves = g_malloc0 (2 * size);
  const char *reasons[] = { "counted twice", NULL };
  g_autoptr(GError) error = NULL;
  Seen seen;

  for (guint i = 0; i < 2; i++)
    memcpy (moves + i * size, xq_session_get_move (source, i), size);
  watch (session, &seen);
  g_assert_true (xq_session_play_group (session, moves, reasons, 2, &error));
  g_assert_no_error (error);
  ASSERT_SEEN (&seen, "I(0,0,2)N");
  assert_items (session);
  for (guint i = 2; i < 5; i++)
    g_assert_true (xq_session_play (session, xq_session_get_move (source, i), NULL, &error));
  ASSERT_SEEN (&seen, "I(2,0,1)NI(3,0,1)NI(4,0,1)N");
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_undo (session));
  ASSERT_SEEN (&seen, "I(4,1,0)NI(2,2,0)NI(0,2,0)N");
  g_assert_true (xq_session_redo (session));
  ASSERT_SEEN (&seen, "I(0,0,2)N");
  assert_items (session);
  g_assert_true (xq_session_redo (session));
  ASSERT_SEEN (&seen, "I(2,0,2)N");
  /* An empty group is no change. */
  g_assert_true (xq_session_play_group (session, NULL, NULL, 0, &error));
  ASSERT_SEEN (&seen, "");
  /* A group that finishes a spot's turn goes with the spot. */
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_play (session, xq_session_get_move (source, 2), NULL, &error));
  ASSERT_SEEN (&seen, "I(2,2,0)NI(2,0,1)N");
  memcpy (moves, xq_session_get_move (source, 3), size);
  memcpy (moves + size, xq_session_get_move (source, 4), size);
  g_assert_true (xq_session_play_group (session, moves, NULL, 2, &error));
  g_assert_no_error (error);
  ASSERT_SEEN (&seen, "I(3,0,2)N");
  g_assert_true (xq_session_undo (session));
  ASSERT_SEEN (&seen, "I(2,3,0)N");
  g_string_free (seen.log, TRUE);
}

/* A move played after an undo drops the undone ones: one item added, and an
 * item held from before the undo still tells the move it was made for. */
static void
test_truncate (void)
{
  g_autoptr(XqSession) session = sample ();
  g_autoptr(XqSessionMove) old_last = g_list_model_get_item (G_LIST_MODEL (session), 4);
  g_autoptr(XqSessionMove) new_last = NULL;
  g_autoptr(XqSessionMove) again = NULL;
  g_autoptr(XqSessionMove) kept = g_list_model_get_item (G_LIST_MODEL (session), 2);
  g_autofree gpointer other = g_memdup2 (xq_session_get_move (session, 4), sizeof (FxMove));
  g_autoptr(GError) error = NULL;
  Seen seen;

  /* While held, an item is the same object each time it is asked for. */
  again = g_list_model_get_item (G_LIST_MODEL (session), 4);
  g_assert_true (again == old_last);
  g_clear_object (&again);

  ((FxMove *) other)->amount = 7;  /* 3.5 EUR instead of 5 */
  watch (session, &seen);
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_session_play (session, other, "counted again", &error));
  g_assert_no_error (error);
  ASSERT_SEEN (&seen, "I(4,1,0)NI(4,0,1)N");
  g_assert_false (xq_session_can_redo (session));
  assert_items (session);

  new_last = g_list_model_get_item (G_LIST_MODEL (session), 4);
  g_assert_true (new_last != old_last);
  g_assert_cmpstr (xq_session_move_get_notation (new_last), ==, "correct cash Ben EUR 3.5 \"counted again\"");
  g_assert_cmpstr (xq_session_move_get_notation (old_last), ==, "correct cash Ben EUR 5");
  g_assert_cmpuint (xq_session_move_get_index (old_last), ==, 4);
  /* Moves before the change keep their items. */
  again = g_list_model_get_item (G_LIST_MODEL (session), 2);
  g_assert_true (again == kept);
  g_string_free (seen.log, TRUE);
}

/* An item dropped by everyone is gone, not kept by the session; one may
 * outlive the list it came from and still be read. */
static void
test_items_not_kept (void)
{
  g_autoptr(XqSession) session = sample ();
  XqSessionMove *item = g_list_model_get_item (G_LIST_MODEL (session), 1);
  g_autoptr(XqSessionMove) held = g_list_model_get_item (G_LIST_MODEL (session), 3);

  g_object_add_weak_pointer (G_OBJECT (item), (gpointer *) &item);
  g_object_unref (item);
  g_assert_null (item);

  g_clear_object (&session);
  g_assert_cmpstr (xq_session_move_get_notation (held), ==, "resolve Ben");
  g_assert_cmpuint (xq_session_move_get_index (held), ==, 3);
}

/* A session read from XQN or from a file has every move as an item. */
static void
test_load (void)
{
  g_autoptr(XqSession) game = fx_random_game (7, 4, &fx_random_style_prudent, 300);
  g_autoptr(GBytes) xml = xq_session_to_xml (game);
  g_autofree char *notation = xq_session_to_notation (game);
  g_autoptr(XqSession) from_xml = NULL;
  g_autoptr(XqSession) from_xqn = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (xml, &length);

  from_xml = xq_session_new_from_xml (data, length, NULL, &error);
  g_assert_no_error (error);
  from_xqn = xq_session_new_from_notation (notation, -1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (xq_session_get_n_moves (game), >, 50);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (from_xml)), ==, xq_session_get_n_moves (game));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (from_xqn)), ==, xq_session_get_n_moves (game));
  assert_items (from_xml);
  assert_items (from_xqn);
  assert_items (game);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();

  g_test_add_func ("/session-model/play", test_play);
  g_test_add_func ("/session-model/undo-redo", test_undo_redo);
  g_test_add_func ("/session-model/group", test_group);
  g_test_add_func ("/session-model/truncate", test_truncate);
  g_test_add_func ("/session-model/items-not-kept", test_items_not_kept);
  g_test_add_func ("/session-model/load", test_load);

  return g_test_run ();
}
