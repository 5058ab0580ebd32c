/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests autosave recovery: a player killed with SIGKILL at random moments, discarding, corrupt journals. */

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>

#include "fx-game.h"
#include "fx-random-play.h"
#include "xq-autosave.h"
#include "xq-games.h"
#include "xq-session-file.h"
#include "xq-session.h"
#include "test-dirs.h"

#define N_PLAYERS 4
/* The player reports at least this many moves before the first kill. */
#define MIN_MOVES_BEFORE_KILL 25
/* Games shorter than this leave too little room for a random kill. */
#define MIN_GAME_MOVES 60

static char *base_dir;         /* removed at the end */
static char *self_state_home;  /* this process's XDG_STATE_HOME, inside base_dir */

/* ---- helpers ---------------------------------------------------------- */

/* The names in @path, sorted; an absent folder has none. */
static GPtrArray *
list_dir (const char *path)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  return names;
}

static const char *
required_env (const char *name)
{
  const char *value = g_getenv (name);

  if (value == NULL || *value == '\0')
    g_error ("%s is not set", name);
  return value;
}

/* Runs exchequer-cli with @args (NULL-terminated) and XDG_STATE_HOME=@state_home;
 * returns its exit status, -1 if it did not exit normally. */
static int
run_cli_full (const char          *state_home,
              char               **out,
              char               **out_err,
              const char * const  *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, (gpointer) required_env ("EXCHEQUER_CLI"));
  for (const char * const *a = args; *a != NULL; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "XDG_STATE_HOME", state_home, TRUE);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);

  if (!g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                     out, &err, &wait_status, &error))
    g_error ("cannot run exchequer-cli: %s", error->message);
  if (err != NULL && *err != '\0')
    g_test_message ("exchequer-cli %s: stderr: %s", args[0], err);
  if (out_err != NULL)
    *out_err = g_steal_pointer (&err);
  if (!WIFEXITED (wait_status))
    return -1;
  return WEXITSTATUS (wait_status);
}

static int
run_cli (const char          *state_home,
         char               **out,
         const char * const  *args)
{
  return run_cli_full (state_home, out, NULL, args);
}

/* Like run_cli(), keeping what it wrote to stderr instead. */
static int
run_cli_err (const char          *state_home,
             char               **err,
             const char * const  *args)
{
  return run_cli_full (state_home, NULL, err, args);
}

/* The journals' folder of @state_home, as the child processes see it. */
static char *
autosave_dir_of (const char *state_home)
{
  return g_build_filename (state_home, "exchequer", "autosave", NULL);
}

static void
assert_same_moves (XqSession *expected,
                   XqSession *got,
                   guint      n)
{
  const XqGame *game = xq_session_get_game (expected);

  g_assert_true (xq_session_get_game (got) == game);
  g_assert_cmpmem (xq_session_get_setup (got), game->setup_size,
                   xq_session_get_setup (expected), game->setup_size);
  g_assert_cmpuint (xq_session_get_n_moves (got), >=, n);
  g_assert_cmpuint (xq_session_get_n_moves (expected), >=, n);
  for (guint i = 0; i < n; i++)
    {
      if (memcmp (xq_session_get_move (got, i), xq_session_get_move (expected, i), game->move_size) != 0)
        {
          g_autofree char *a = xq_session_format_move (got, i);
          g_autofree char *b = xq_session_format_move (expected, i);

          g_error ("move %u: recovered “%s”, the game played “%s”", i + 1, a, b);
        }
    }
}

/* ---- SIGKILL in the middle of a game ---------------------------------- */

/* A prudent seed, from @from on, whose game is long enough to kill at random. */
static guint64
pick_seed (guint64     from,
           XqSession **out_game)
{
  for (guint64 seed = from; seed < from + 500; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, N_PLAYERS, &fx_random_style_prudent, G_MAXUINT);

      if (xq_session_get_n_moves (game) >= MIN_GAME_MOVES)
        {
          *out_game = g_steal_pointer (&game);
          return seed;
        }
    }
  g_error ("no prudent game of %d players reached %d moves", N_PLAYERS, MIN_GAME_MOVES);
}

/*
 * Starts the player of @seed with its own XDG_STATE_HOME, reads its reports
 * until it has played @kill_after moves (or, if 0, until the game is over),
 * waits a random fraction of a move if @jitter and kills it with SIGKILL.
 * Without @jitter the kill lands in the player's pause after move @kill_after.
 *
 * Returns: the number of moves it had reported
 */
static guint
play_and_kill (const char *state_home,
               guint64     seed,
               guint       kill_after,
               gboolean    jitter)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GSubprocess) player = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *seed_arg = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  g_autofree char *players_arg = g_strdup_printf ("%d", N_PLAYERS);
  const char *identifier;
  guint seen = 0;
  pid_t pid;

  g_subprocess_launcher_setenv (launcher, "XDG_STATE_HOME", state_home, TRUE);
  player = g_subprocess_launcher_spawn (launcher, &error, required_env ("AUTOSAVE_PLAYER"),
                                        seed_arg, players_arg, NULL);
  g_assert_no_error (error);
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (player));

  for (;;)
    {
      g_autofree char *line = g_data_input_stream_read_line_utf8 (lines, NULL, NULL, &error);
      guint64 n;

      g_assert_no_error (error);
      if (line == NULL)
        g_error ("the player of seed %" G_GUINT64_FORMAT " stopped after %u moves without being killed",
                 seed, seen);
      if (strcmp (line, "over") == 0)
        {
          g_assert_cmpuint (kill_after, ==, 0);
          break;
        }
      g_assert_true (g_str_has_prefix (line, "played "));
      g_assert_true (g_ascii_string_to_unsigned (line + strlen ("played "), 10, 1, G_MAXUINT, &n, NULL));
      g_assert_cmpuint (n, ==, seen + 1);
      seen = (guint) n;
      if (kill_after != 0 && seen >= kill_after)
        break;
    }

  /* Anywhere in the next move: before, during or after its journal write. */
  if (jitter)
    g_usleep (g_test_rand_int_range (0, 25 * 1000));
  identifier = g_subprocess_get_identifier (player);
  g_assert_nonnull (identifier);
  pid = (pid_t) g_ascii_strtoll (identifier, NULL, 10);
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_subprocess_wait (player, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_signaled (player));
  g_assert_cmpint (g_subprocess_get_term_sig (player), ==, SIGKILL);
  return seen;
}

/* `recover` listed nothing: say what the journals hold and why they do not load. */
G_NORETURN static void
explain_empty_listing (const char *journals,
                       guint       seen)
{
  g_autoptr(GPtrArray) names = list_dir (journals);
  g_autoptr(GString) why = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (journals, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(XqSession) session = NULL;
      g_autoptr(GError) error = NULL;
      guint line = 0;

      session = xq_session_load (file, NULL, &line, NULL, &error);
      g_string_append_printf (why, "; %s: %s%s (line %u)", name, session != NULL ? "loads" : "does not load: ",
                              error != NULL ? error->message : "", line);
    }
  g_error ("killed after %u moves, exchequer-cli recover lists nothing%s", seen,
           names->len == 0 ? "; the autosave folder is empty" : why->str);
}

typedef enum
{
  KILL_ANYWHERE,     /* at a random moment after a random move */
  KILL_MID_TURN,     /* in the pause after a spot transaction, before its action */
  KILL_AFTER_END,    /* once the game is over */
} KillMoment;

/* The 1-based number of a spot transaction from MIN_MOVES_BEFORE_KILL on, or 0. */
static guint
find_spot (XqSession *game)
{
  for (guint i = MIN_MOVES_BEFORE_KILL - 1; i < xq_session_get_n_moves (game); i++)
    if (((const FxMove *) xq_session_get_move (game, i))->kind == FX_MOVE_SPOT)
      return i + 1;
  return 0;
}

/* Kills the player of a game with SIGKILL at @moment and recovers the game
 * through exchequer-cli. */
static void
kill_and_recover (guint      run,
                  guint      seed_from,
                  KillMoment moment)
{
  g_autoptr(XqSession) expected = NULL;
  g_autofree char *state_home = g_strdup_printf ("%s/run-%u", base_dir, run);
  g_autofree char *journals = autosave_dir_of (state_home);
  g_autofree char *out_path = g_build_filename (state_home, "recovered.exchequer", NULL);
  g_autofree char *listing = NULL;
  g_autofree char *checked = NULL;
  g_autofree char *expected_check = NULL;
  g_autofree char *relisting = NULL;
  g_autoptr(GPtrArray) left = NULL;
  g_autoptr(GFile) out_file = NULL;
  g_autoptr(XqSession) recovered = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) fields = NULL;
  guint64 seed = pick_seed (seed_from, &expected);
  guint total = xq_session_get_n_moves (expected);
  guint kill_after = 0;
  guint seen, listed;
  guint64 n;

  switch (moment)
    {
    case KILL_ANYWHERE:
      kill_after = (guint) g_test_rand_int_range (MIN_MOVES_BEFORE_KILL, (gint32) total - 5);
      break;
    case KILL_MID_TURN:
      kill_after = find_spot (expected);
      g_assert_cmpuint (kill_after, !=, 0);
      break;
    case KILL_AFTER_END:
    default:
      break;
    }

  g_assert_cmpint (g_mkdir_with_parents (state_home, 0700), ==, 0);
  seen = play_and_kill (state_home, seed, kill_after, moment == KILL_ANYWHERE);
  g_test_message ("seed %" G_GUINT64_FORMAT ": killed after %u of %u moves", seed, seen, total);
  if (moment == KILL_AFTER_END)
    g_assert_cmpuint (seen, ==, total);
  else
    g_assert_cmpuint (seen, >=, MIN_MOVES_BEFORE_KILL);

  /* Exactly one session to recover, with every move reported. */
  g_assert_cmpint (run_cli (state_home, &listing, (const char *[]) { "recover", NULL }), ==, 0);
  if (*listing == '\0')
    explain_empty_listing (journals, seen);
  g_assert_true (g_str_has_suffix (listing, "\n"));
  lines = g_strsplit (listing, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_cmpstr (lines[1], ==, "");
  fields = g_strsplit (lines[0], "\t", -1);
  /* A sixth field when the kill came between a move and its journal's
   * write: the status record says how far the game had got. */
  g_assert_cmpuint (g_strv_length (fields), >=, 5);
  g_assert_cmpuint (g_strv_length (fields), <=, 6);
  g_assert_true (g_uuid_string_is_valid (fields[0]));
  g_assert_cmpstr (fields[1], ==, "for-ex");
  g_assert_true (g_str_has_suffix (fields[2], " moves"));
  fields[2][strlen (fields[2]) - strlen (" moves")] = '\0';
  g_assert_true (g_ascii_string_to_unsigned (fields[2], 10, 0, G_MAXUINT, &n, NULL));
  listed = (guint) n;
  /* Whole turns are journalled: a spot whose action had not come yet is the
   * move being typed, and is the one thing a kill may lose. */
  if (seen > 0 && ((const FxMove *) xq_session_get_move (expected, seen - 1))->kind == FX_MOVE_SPOT)
    g_assert_cmpuint (listed, >=, seen - 1);
  else
    g_assert_cmpuint (listed, >=, seen);
  g_assert_cmpuint (listed, <=, total);
  g_assert_cmpstr (fields[4], ==, "(never saved)");
  if (fields[5] != NULL)
    {
      guint reached = 0;

      g_test_message ("%s", fields[5]);
      g_assert_cmpint (sscanf (fields[5], "Incomplete: the game had reached %u move", &reached), ==, 1);
      g_assert_cmpuint (reached, >, listed);
      g_assert_cmpuint (reached, <=, seen + 1);
    }

  /* Restored to a file that checks, holding the game's first moves. */
  g_assert_cmpint (run_cli (state_home, NULL, (const char *[]) { "recover", fields[0], out_path, NULL }), ==, 0);
  g_assert_cmpint (run_cli (state_home, &checked, (const char *[]) { "check", out_path, NULL }), ==, 0);
  expected_check = g_strdup_printf ("ok %u moves\n", listed);
  g_assert_cmpstr (checked, ==, expected_check);
  out_file = g_file_new_for_path (out_path);
  recovered = xq_session_load (out_file, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (xq_session_get_n_moves (recovered), ==, listed);
  assert_same_moves (expected, recovered, listed);

  /* And forgotten: nothing left to list, and nothing left in the folder, not
   * even the temporary file a kill during a write leaves behind. */
  g_assert_cmpint (run_cli (state_home, &relisting, (const char *[]) { "recover", NULL }), ==, 0);
  g_assert_cmpstr (relisting, ==, "");
  left = list_dir (journals);
  for (guint i = 0; i < left->len; i++)
    g_error ("%s still holds %s", journals, (const char *) g_ptr_array_index (left, i));
}

static void
test_sigkill_random_moments (void)
{
  /* Three games, each killed at its own random moment. */
  for (guint run = 0; run < 3; run++)
    kill_and_recover (run, 1 + 100 * run, KILL_ANYWHERE);
}

/* Between a spot transaction and the action that must follow it: the journal
 * holds the turns before it, and recovers to a file that loads. */
static void
test_sigkill_mid_turn (void)
{
  kill_and_recover (3, 1, KILL_MID_TURN);
}

static void
test_sigkill_after_the_end (void)
{
  kill_and_recover (4, 1, KILL_AFTER_END);
}

/* ---- the journal, in this process ------------------------------------- */

static void
clear_own_journals (void)
{
  g_autofree char *dir = xq_autosave_get_dir ();

  test_remove_tree (dir);
}

static XqRecoverable *
find_recoverable (GPtrArray  *list,
                  const char *id)
{
  for (guint i = 0; i < list->len; i++)
    {
      XqRecoverable *r = g_ptr_array_index (list, i);

      if (strcmp (r->id, id) == 0)
        return r;
    }
  return NULL;
}

static void
test_discard (void)
{
  g_autoptr(XqSession) session = fx_random_game (7, 3, &fx_random_style_prudent, 12);
  g_autoptr(XqAutosave) autosave = NULL;
  g_autoptr(GFile) source = g_file_new_for_path ("/tmp/evening.exchequer");
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) left = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *source_path = NULL;
  XqRecoverable *r;

  clear_own_journals ();
  autosave = xq_autosave_new (session, NULL, NULL);
  source_path = g_strdup_printf ("%s/%s.source", dir, xq_autosave_get_id (autosave));
  g_assert_true (xq_autosave_wait (autosave, &error));
  g_assert_true (g_file_test (xq_autosave_get_path (autosave), G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (source_path, G_FILE_TEST_EXISTS));
  xq_autosave_set_source (autosave, source, "123:abc");
  g_assert_true (xq_autosave_wait (autosave, &error));
  g_assert_true (g_file_test (source_path, G_FILE_TEST_IS_REGULAR));

  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  r = g_ptr_array_index (list, 0);
  g_assert_cmpstr (r->id, ==, xq_autosave_get_id (autosave));
  g_assert_cmpstr (r->game, ==, "for-ex");
  g_assert_cmpuint (r->n_moves, ==, xq_session_get_n_moves (session));
  g_assert_cmpstr (r->source_uri, ==, "file:///tmp/evening.exchequer");
  g_assert_cmpstr (r->source_fingerprint, ==, "123:abc");
  g_clear_pointer (&list, g_ptr_array_unref);

  /* Each move reaches the journal. */
  g_assert_true (xq_session_undo (session));
  g_assert_true (xq_autosave_wait (autosave, &error));
  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpuint (((XqRecoverable *) g_ptr_array_index (list, 0))->n_moves, ==,
                    xq_session_get_n_moves (session));
  g_clear_pointer (&list, g_ptr_array_unref);

  xq_autosave_discard (autosave);
  g_assert_false (g_file_test (xq_autosave_get_path (autosave), G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (source_path, G_FILE_TEST_EXISTS));
  left = list_dir (dir);
  g_assert_cmpuint (left->len, ==, 0);

  /* A discarded journal stays discarded when the session changes again. */
  g_assert_true (xq_session_redo (session));
  xq_session_set_comment (session, "after the discard");
  g_assert_true (xq_autosave_flush (autosave, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (xq_autosave_get_path (autosave), G_FILE_TEST_EXISTS));
  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);
}

/* Issue #23: the journal of a legal 100,000-move game (19 MB, over the old
 * limit of 16 MiB) is listed as whole and reads back as the game. */
static void
test_long_journal (void)
{
  g_autoptr(XqSession) session = fx_random_endless_game (23, N_PLAYERS, &fx_random_style_endless, 100000);
  g_autoptr(XqAutosave) autosave = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GFile) journal = NULL;
  g_autoptr(XqSession) recovered = NULL;
  g_autoptr(GError) error = NULL;
  XqRecoverable *r;

  clear_own_journals ();
  autosave = xq_autosave_new (session, NULL, NULL);
  g_assert_true (xq_autosave_wait (autosave, &error));
  g_assert_no_error (error);
  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  r = find_recoverable (list, xq_autosave_get_id (autosave));
  g_assert_nonnull (r);
  /* Unreadable journals are listed too now, so being listed is not enough. */
  g_assert_cmpstr (r->problem, ==, NULL);
  g_assert_cmpint (r->state, ==, XQ_RECOVERABLE_WHOLE);
  g_assert_cmpuint (r->n_moves, ==, 100000);
  journal = g_file_new_for_path (r->path);
  recovered = xq_session_load (journal, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  fx_test_assert_same_game (session, recovered);
  xq_autosave_discard (autosave);
}

/* Every whole turn is in the journal at once; a spot waits for its action, so
 * the journal always loads. */
static void
test_journal_mid_turn (void)
{
  g_autoptr(XqSession) expected = NULL;
  g_autoptr(XqSession) session = NULL;
  g_autoptr(XqAutosave) autosave = NULL;
  g_autoptr(GError) error = NULL;
  guint64 seed = pick_seed (1, &expected);
  guint spot = find_spot (expected);
  FxSetup setup;
  FxRng rng;

  g_assert_cmpuint (spot, !=, 0);
  clear_own_journals ();
  fx_rng_init (&rng, seed);
  fx_random_setup (&setup, &rng, N_PLAYERS);
  session = xq_session_new (fx_game_get (), &setup);
  autosave = xq_autosave_new (session, NULL, NULL);

  for (guint i = 0; i < spot + 1; i++)
    {
      g_autoptr(GPtrArray) list = NULL;
      g_autoptr(XqSession) journal = NULL;
      g_autoptr(GFile) file = g_file_new_for_path (xq_autosave_get_path (autosave));
      guint error_line = 0;

      gboolean is_spot = ((const FxMove *) xq_session_get_move (expected, i))->kind == FX_MOVE_SPOT;
      guint journalled = is_spot ? i : i + 1;

      g_assert_true (xq_session_play (session, xq_session_get_move (expected, i),
                                      xq_session_get_move_reason (expected, i), &error));
      g_assert_no_error (error);
      g_assert_true (xq_autosave_wait (autosave, &error));
      journal = xq_session_load (file, NULL, &error_line, NULL, &error);
      if (journal == NULL)
        g_error ("the journal after move %u (%s) does not load: line %u: %s", i + 1,
                 is_spot ? "a spot transaction" : "a complete turn", error_line, error->message);
      assert_same_moves (expected, journal, journalled);
      g_assert_cmpuint (xq_session_get_n_moves (journal), ==, journalled);
      list = xq_autosave_list_recoverable (&error);
      g_assert_no_error (error);
      g_assert_cmpuint (list->len, ==, 1);
      g_assert_cmpuint (((XqRecoverable *) g_ptr_array_index (list, 0))->n_moves, ==, journalled);
    }
  xq_autosave_discard (autosave);
}

static void
write_file (const char *dir,
            const char *name,
            const char *data,
            gssize      length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, data, length, &error);
  g_assert_no_error (error);
}

static void
test_corrupt_said (void)
{
  g_autoptr(XqSession) session = fx_random_game (11, 4, &fx_random_style_prudent, 20);
  g_autoptr(XqAutosave) autosave = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = xq_autosave_get_dir ();
  g_autofree char *good = NULL;
  g_autofree char *listing = NULL;
  g_autofree char *garbage_id = g_uuid_string_random ();
  g_autofree char *truncated_id = g_uuid_string_random ();
  g_autofree char *empty_id = g_uuid_string_random ();
  g_autofree char *garbage_name = g_strconcat (garbage_id, ".exchequer", NULL);
  g_autofree char *truncated_name = g_strconcat (truncated_id, ".exchequer", NULL);
  g_autofree char *empty_name = g_strconcat (empty_id, ".exchequer", NULL);
  g_auto(GStrv) lines = NULL;
  gsize length = 0;
  XqRecoverable *r;

  clear_own_journals ();
  autosave = xq_autosave_new (session, NULL, NULL);
  g_assert_true (xq_autosave_wait (autosave, &error));
  g_file_get_contents (xq_autosave_get_path (autosave), &good, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 100);

  /* Beside the good journal: garbage, a journal cut in half, an empty one,
   * and a good journal under a name that is not an id. */
  write_file (dir, garbage_name, "\x89PNG\r\n\x1a\n not a session at all", -1);
  write_file (dir, truncated_name, good, (gssize) (length / 2));
  write_file (dir, empty_name, "", 0);
  write_file (dir, "not-an-id.exchequer", good, (gssize) length);

  /* Every journal is listed: the good one whole, the broken ones as
   * unreadable with the loader's reason, none left out in silence. The
   * file whose name is not a journal's id is not a journal. */
  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 4);
  r = find_recoverable (list, xq_autosave_get_id (autosave));
  g_assert_nonnull (r);
  g_assert_cmpint (r->state, ==, XQ_RECOVERABLE_WHOLE);
  g_assert_cmpuint (r->n_moves, ==, xq_session_get_n_moves (session));
  for (guint i = 0; i < 3; i++)
    {
      const char *id = (const char *[]) { garbage_id, truncated_id, empty_id }[i];
      g_autofree char *said = NULL;

      r = find_recoverable (list, id);
      g_assert_nonnull (r);
      g_assert_cmpint (r->state, ==, XQ_RECOVERABLE_UNREADABLE);
      g_assert_nonnull (r->problem);
      g_assert_null (r->game);
      said = xq_recoverable_describe_state (r);
      g_assert_true (g_str_has_prefix (said, "Cannot be read: "));
    }

  /* exchequer-cli sees the same: four lines, the good journal whole, each
   * broken one with why it cannot be read. */
  g_assert_cmpint (run_cli (self_state_home, &listing, (const char *[]) { "recover", NULL }), ==, 0);
  lines = g_strsplit (listing, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  for (guint i = 0; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], "\t", -1);

      if (g_strcmp0 (fields[0], xq_autosave_get_id (autosave)) == 0)
        {
          g_autofree char *moves = g_strdup_printf ("%u moves", xq_session_get_n_moves (session));

          g_assert_cmpuint (g_strv_length (fields), ==, 5);
          g_assert_cmpstr (fields[2], ==, moves);
        }
      else
        {
          g_assert_cmpuint (g_strv_length (fields), ==, 6);
          g_assert_cmpstr (fields[1], ==, "-");
          g_assert_true (g_str_has_prefix (fields[5], "Cannot be read: "));
        }
    }
  /* Asked to restore one, it says why it cannot, and writes nothing. */
  {
    g_autofree char *out = g_build_filename (self_state_home, "out.exchequer", NULL);
    g_autofree char *err = NULL;

    g_assert_cmpint (run_cli_err (self_state_home, &err, (const char *[]) { "recover", truncated_id, out, NULL }),
                     ==, 1);
    g_assert_nonnull (strstr (err, "cannot be read"));
    g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  }

  /* The broken files are not the good journal's to remove. */
  xq_autosave_discard (autosave);
  {
    g_autofree char *garbage_path = g_build_filename (dir, garbage_name, NULL);

    g_assert_true (g_file_test (garbage_path, G_FILE_TEST_EXISTS));
  }
  clear_own_journals ();
}

/* The journal's file was saved later with more moves (the game went on
 * from the file after the crash): restoring the journal would go back, and
 * the listing says so. */
static void
test_behind_its_file (void)
{
  g_autoptr(XqSession) early = fx_random_game (12, 3, &fx_random_style_prudent, 20);
  g_autoptr(XqSession) later = fx_random_game (12, 3, &fx_random_style_prudent, 30);
  g_autoptr(XqAutosave) autosave = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (base_dir, "evening.exchequer", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *fingerprint = NULL;
  g_autofree char *said = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *listing = NULL;
  XqRecoverable *r;

  clear_own_journals ();
  g_assert_true (xq_session_save (early, file, NULL, FALSE, &fingerprint, NULL, &error));
  autosave = xq_autosave_new (early, file, fingerprint);
  g_assert_true (xq_autosave_wait (autosave, &error));

  /* While the file holds what the journal knew, the journal is whole. */
  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  r = find_recoverable (list, xq_autosave_get_id (autosave));
  g_assert_nonnull (r);
  g_assert_cmpint (r->state, ==, XQ_RECOVERABLE_WHOLE);
  g_clear_pointer (&list, g_ptr_array_unref);

  g_assert_true (xq_session_save (later, file, NULL, FALSE, NULL, NULL, &error));
  list = xq_autosave_list_recoverable (&error);
  g_assert_no_error (error);
  r = find_recoverable (list, xq_autosave_get_id (autosave));
  g_assert_nonnull (r);
  g_assert_cmpint (r->state, ==, XQ_RECOVERABLE_BEHIND_FILE);
  g_assert_cmpuint (r->n_moves, ==, xq_session_get_n_moves (early));
  g_assert_cmpuint (r->file_moves, ==, xq_session_get_n_moves (later));
  g_assert_cmpuint (r->file_moves, >, r->n_moves);
  said = xq_recoverable_describe_state (r);
  expected = g_strdup_printf ("Behind its file: evening.exchequer was saved later and holds %u moves; "
                              "this journal holds %u moves.", r->file_moves, r->n_moves);
  g_assert_cmpstr (said, ==, expected);
  g_assert_cmpint (run_cli (self_state_home, &listing, (const char *[]) { "recover", NULL }), ==, 0);
  g_assert_nonnull (strstr (listing, said));

  xq_autosave_discard (autosave);
  g_unlink (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  base_dir = g_dir_make_tmp ("exchequer-recovery-XXXXXX", &error);
  g_assert_no_error (error);
  /* Before anything asks GLib for the state folder, which it then caches. */
  self_state_home = g_build_filename (base_dir, "self", NULL);
  g_setenv ("XDG_STATE_HOME", self_state_home, TRUE);

  g_test_init (&argc, &argv, NULL);
  xq_games_register_all ();
  {
    g_autofree char *dir = xq_autosave_get_dir ();

    g_assert_true (g_str_has_prefix (dir, base_dir));
  }

  g_test_add_func ("/recovery/sigkill-random-moments", test_sigkill_random_moments);
  g_test_add_func ("/recovery/sigkill-mid-turn", test_sigkill_mid_turn);
  g_test_add_func ("/recovery/sigkill-after-the-end", test_sigkill_after_the_end);
  g_test_add_func ("/recovery/journal-mid-turn", test_journal_mid_turn);
  g_test_add_func ("/recovery/discard", test_discard);
  g_test_add_func ("/recovery/long-journal", test_long_journal);
  g_test_add_func ("/recovery/behind-its-file", test_behind_its_file);
  g_test_add_func ("/recovery/corrupt-journal-said", test_corrupt_said);

  status = g_test_run ();
  test_remove_tree (base_dir);
  g_free (self_state_home);
  g_free (base_dir);
  return status;
}
