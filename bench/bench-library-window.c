/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-library-window: the Library window's main-thread share with a club's
 * library (issue 29): 10,000 games of 2–5 players among 300, a tenth of them
 * with a second name. The worker's part (the rows made into games and
 * players) is timed apart; then, on the main thread, the longest single
 * main-loop iteration and the wall time until a frame is drawn: the games
 * listed, the Players page shown, a filter by player, by game and cleared,
 * each beside a bare frame of the same window. Reports; never fails. */

#include "config.h"

#include <adwaita.h>
#include <stdio.h>

#include "bench-ui.h"
#include "xq-games.h"
#include "xq-library.h"
#include "xq-library-game.h"
#include "xq-library-games-page.h"
#include "xq-library-player.h"
#include "xq-library-players-page.h"

#define N_GAMES   10000
#define N_PLAYERS 300

static void
result_free (gpointer data)
{
  XqLibraryResult *r = data;

  g_free (r->game);
  g_free (r->played_on);
  g_free (r->path);
  g_free (r->name);
  g_free (r->player);
  g_free (r);
}

/* The rows xq_library_list_results () would give: games in date order,
 * seats in order, made up with a fixed seed so every run is the same. */
static GPtrArray *
made_up_results (void)
{
  GPtrArray *results = g_ptr_array_new_with_free_func (result_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (29);
  g_autoptr(GDateTime) start = g_date_time_new_utc (2023, 1, 1, 19, 0, 0);

  for (guint g = 0; g < N_GAMES; g++)
    {
      guint n = (guint) g_rand_int_range (rand, 2, 6);
      guint seats[5];
      g_autoptr(GDateTime) when = g_date_time_add_minutes (start, (int) g * 150);
      g_autofree char *played_on = g_date_time_format (when, "%Y-%m-%dT%H:%M:%SZ");

      for (guint s = 0; s < n; s++)
        {
          gboolean again;

          do
            {
              seats[s] = (guint) g_rand_int_range (rand, 0, N_PLAYERS);
              again = FALSE;
              for (guint t = 0; t < s; t++)
                again |= seats[t] == seats[s];
            }
          while (again);
        }
      for (guint s = 0; s < n; s++)
        {
          XqLibraryResult *r = g_new0 (XqLibraryResult, 1);
          /* A tenth of the players sometimes write their name short. */
          gboolean short_name = seats[s] % 10 == 0 && g_rand_boolean (rand);

          r->game_id = g + 1;
          r->game = g_strdup (g % 3 == 0 ? "fair-trade" : "for-ex");
          r->played_on = g_strdup (played_on);
          r->path = g_strdup_printf ("/club/games/%05u.xqn", g);
          r->n_moves = 40;
          r->finished = TRUE;
          r->seat = s;
          r->player = g_strdup_printf ("Player %03u", seats[s]);
          r->name = short_name ? g_strdup_printf ("P%03u", seats[s]) : g_strdup (r->player);
          r->placing = s + 1;
          r->won = s == 0;
          g_ptr_array_add (results, r);
        }
    }
  return results;
}

static void
painted (GdkFrameClock *clock,
         gboolean      *flag)
{
  *flag = TRUE;
}

typedef gboolean (*Done) (gpointer data);

static gboolean
always (gpointer data)
{
  return TRUE;
}

/* Runs the main loop until @done holds and a frame of @window has been
 * drawn after it, each iteration timed: the longest, in ms. */
static double
run_until (GtkWidget *window,
           Done       done,
           gpointer   data,
           double    *total_ms)
{
  gint64 start = g_get_monotonic_time ();
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  double longest = 0;
  gboolean frame = FALSE, armed = FALSE;
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (painted), &frame);

  for (;;)
    {
      gint64 t = g_get_monotonic_time ();

      g_main_context_iteration (NULL, TRUE);
      longest = MAX (longest, (g_get_monotonic_time () - t) / 1000.0);
      if (!armed && done (data))
        {
          armed = TRUE;
          frame = FALSE;
          gtk_widget_queue_draw (window);
        }
      else if (armed && frame)
        break;
    }
  g_signal_handler_disconnect (clock, handler);
  *total_ms = (g_get_monotonic_time () - start) / 1000.0;
  return longest;
}

/* The filter has gone through every game, and stays so one more iteration
 * (it starts over when a change reaches it late). */
static gboolean
filtered (gpointer data)
{
  static guint quiet;

  if (gtk_filter_list_model_get_pending (GTK_FILTER_LIST_MODEL (xq_library_games_page_get_shown (data))) > 0)
    quiet = 0;
  else
    quiet++;
  if (quiet < 2)
    return FALSE;
  quiet = 0;
  return TRUE;
}

/* A bare frame of the window, for scale: what drawing it costs with nothing changed. */
static double
bare_frame (GtkWidget *window)
{
  double total;

  run_until (window, always, NULL, &total);
  return total;
}

static void
report (const char *what,
        GtkWidget  *window,
        double      longest,
        double      total)
{
  double bare = bare_frame (window);

  printf ("  %-34s longest iteration %7.1f ms, to its frame %7.1f ms (a bare frame %.1f ms: %.0f×)\n", what, longest,
          total, bare, total / MAX (bare, 0.01));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *state_dir = g_dir_make_tmp ("bench-library-window-XXXXXX", NULL);
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) players = NULL;
  GtkWidget *window, *stack, *games_page, *players_page, *entry, *kind;
  double longest, total;
  gint64 t;

  if (!bench_ui_init ("bench-library-window", state_dir))
    return 0;
  printf ("bench-library-window: %u made-up games of 2–5 players among %u\n", N_GAMES, N_PLAYERS);
  results = made_up_results ();

  /* The worker's part: never on the main thread, timed for scale. */
  t = g_get_monotonic_time ();
  games = xq_library_game_list_from_results (results);
  players = xq_library_player_list_from_results (results);
  printf ("  on the worker: %u rows into %u games and %u players in %.1f ms\n", results->len, games->len, players->len,
          (g_get_monotonic_time () - t) / 1000.0);

  window = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 720, 640);
  stack = gtk_stack_new ();
  games_page = g_object_new (XQ_TYPE_LIBRARY_GAMES_PAGE, NULL);
  players_page = g_object_new (XQ_TYPE_LIBRARY_PLAYERS_PAGE, NULL);
  gtk_stack_add_named (GTK_STACK (stack), games_page, "games");
  gtk_stack_add_named (GTK_STACK (stack), players_page, "players");
  adw_window_set_content (ADW_WINDOW (window), stack);
  gtk_window_present (GTK_WINDOW (window));
  run_until (window, always, NULL, &total);

  /* What the window does when the worker's read comes back. */
  t = g_get_monotonic_time ();
  xq_library_games_page_set_games (XQ_LIBRARY_GAMES_PAGE (games_page), games);
  longest = (g_get_monotonic_time () - t) / 1000.0;
  {
    double rest = run_until (window, filtered, games_page, &total);

    printf ("  (the games' store filled in %.1f ms)\n", longest);
    report ("games handed over", window, MAX (longest, rest), total + longest);
  }
  t = g_get_monotonic_time ();
  xq_library_players_page_set_players (XQ_LIBRARY_PLAYERS_PAGE (players_page), players);
  longest = (g_get_monotonic_time () - t) / 1000.0;
  {
    double rest = run_until (window, always, NULL, &total);

    report ("players handed over", window, MAX (longest, rest), total + longest);
  }

  gtk_stack_set_visible_child_name (GTK_STACK (stack), "players");
  longest = run_until (window, always, NULL, &total);
  report ("the Players page shown", window, longest, total);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "games");
  run_until (window, always, NULL, &total);

  entry = bench_ui_find_descendant (games_page, GTK_TYPE_SEARCH_ENTRY);
  kind = bench_ui_find_descendant (games_page, GTK_TYPE_DROP_DOWN);
  /* As typing "p010" does once it pauses (search-changed). */
  gtk_editable_set_text (GTK_EDITABLE (entry), "p010");
  g_signal_emit_by_name (entry, "search-changed");
  longest = run_until (window, filtered, games_page, &total);
  report ("filtered by a player's short name", window, longest, total);
  printf ("  (%u of %u games shown)\n", g_list_model_get_n_items (xq_library_games_page_get_shown (
                                          XQ_LIBRARY_GAMES_PAGE (games_page))), games->len);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 2);
  longest = run_until (window, filtered, games_page, &total);
  report ("and by game", window, longest, total);
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  g_signal_emit_by_name (entry, "search-changed");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), 0);
  longest = run_until (window, filtered, games_page, &total);
  report ("filters cleared", window, longest, total);
  printf ("  resident memory at the end: %.0f MB\n", bench_ui_resident_mb ());

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
