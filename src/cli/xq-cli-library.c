/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer-cli library add|scan|list|player|ratings|export|merge|split: machine-readable lines, one fact a line. */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "xq-amount.h"
#include "xq-cli.h"
#include "xq-cli-library.h"
#include "xq-games-cli.h"
#include "xq-library.h"
#include "xq-library-rating.h"
#include "xq-notation.h"
#include "xq-quote.h"
#include "xq-session-file.h"

void
xq_cli_library_print_usage (FILE       *stream,
                            const char *program)
{
  /* A text of its own, so the games' usage keeps its translations whole. */
  fprintf (stream,
           _("\n"
             "The club library (every command takes --database URI: a SQLite file, sqlite:///PATH or\n"
             "postgresql://…; by default $XDG_DATA_HOME/exchequer/library.sqlite):\n"
             "  %s library add FILE…          index game files; a file read before is read again only if it changed\n"
             "  %s library scan DIR           index every game below DIR and forget the files gone from it\n"
             "  %s library list [--game ID] [--player NAME] [--since DATE] [--until DATE]\n"
             "                                every game and each player’s place, total, margin and loans;\n"
             "                                only the games of ID, with NAME, played from/to DATE (YYYY-MM-DD)\n"
             "  %s library player NAME        a player’s names, record, rating, its history and head-to-head\n"
             "  %s library ratings            each player’s rating per game, best first\n"
             "  %s library export [OUT]       every play as CSV, to OUT.csv or the standard output (the same filters)\n"
             "  %s library review FILE…       run the game review of each file and store each player’s loss\n"
             "  %s library merge NAME INTO    the player of NAME is the player of INTO\n"
             "  %s library split NAME         the games played as NAME go to a player of their own\n"),
           program, program, program, program, program, program, program, program, program);
}

static char *database_uri;
/* The filters of `list` and `export` (XqLibraryFilter). */
static char *filter_game;
static char *filter_player;
static char *filter_since;
static char *filter_until;

static const GOptionEntry library_entries[] = {
  { "database", 0, 0, G_OPTION_ARG_FILENAME, &database_uri, NULL, NULL },
  { "game", 0, 0, G_OPTION_ARG_STRING, &filter_game, NULL, NULL },
  { "player", 0, 0, G_OPTION_ARG_STRING, &filter_player, NULL, NULL },
  { "since", 0, 0, G_OPTION_ARG_STRING, &filter_since, NULL, NULL },
  { "until", 0, 0, G_OPTION_ARG_STRING, &filter_until, NULL, NULL },
  { NULL },
};

static XqLibraryFilter
get_filter (void)
{
  return (XqLibraryFilter) { filter_game, filter_player, filter_since, filter_until };
}

/* An amount in halves as the score writes it: "16", "16.5", "-0.5". */
static void
append_half (GString *out,
             gint64   half)
{
  guint64 magnitude = half < 0 ? (guint64) -half : (guint64) half;

  g_string_append_printf (out, "%s%" G_GUINT64_FORMAT "%s", half < 0 ? "-" : "", magnitude / 2,
                          magnitude % 2 != 0 ? ".5" : "");
}

static void
append_decimal (GString *out,
                double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* Not the locale's decimal mark: these lines are read by programs. */
  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.3f", value));
}

/* A rating as `player`, `history` and `ratings` write it: the conservative
 * estimate the ratings are ranked by, then its mean and deviation. */
static void
append_rating (GString *out,
               double   mu,
               double   sigma)
{
  XqRating rating = { mu, sigma };

  append_decimal (out, xq_rating_ordinal (&rating));
  g_string_append (out, " mu ");
  append_decimal (out, mu);
  g_string_append (out, " sigma ");
  append_decimal (out, sigma);
}

static void
say_outcome (GFile            *file,
             XqLibraryOutcome  outcome)
{
  g_autofree char *path = g_file_get_path (file);
  /* A line break or a control character in a name stays on its line, shown
   * as an escape, as the error lines show it. */
  g_autofree char *shown = xq_escape_for_message (path != NULL ? path : g_file_peek_path (file));

  printf ("%s %s\n", xq_library_outcome_to_string (outcome), shown);
  fflush (stdout);
}

static int
cmd_add (XqLibrary          *library,
         const char * const *files)
{
  int status = XQ_CLI_EXIT_OK;

  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (files[i]);
      g_autoptr(GError) error = NULL;
      XqLibraryOutcome outcome;
      guint line = 0;

      if (xq_library_add_file (library, file, &outcome, &line, &error))
        say_outcome (file, outcome);
      else
        {
          /* Said with the file's name, and the others still indexed. */
          xq_cli_report (files[i], line, error->message);
          if (g_error_matches (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_BACKEND))
            return XQ_CLI_EXIT_INVALID;
          status = XQ_CLI_EXIT_INVALID;
        }
    }
  return status;
}

static void
scan_said (GFile            *file,
           XqLibraryOutcome  outcome,
           const GError     *error,
           guint             error_line,
           gpointer          user_data)
{
  int *status = user_data;

  if (error == NULL)
    {
      say_outcome (file, outcome);
      return;
    }
  {
    g_autofree char *path = g_file_get_path (file);

    fflush (stdout);
    xq_cli_report (path != NULL ? path : g_file_peek_path (file), error_line, error->message);
    *status = XQ_CLI_EXIT_INVALID;
  }
}

static int
cmd_scan (XqLibrary  *library,
          const char *folder)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (folder);
  g_autoptr(GError) error = NULL;
  int status = XQ_CLI_EXIT_OK;

  if (!xq_library_scan (library, file, scan_said, &status, &error))
    {
      xq_cli_report (folder, 0, error->message);
      return XQ_CLI_EXIT_INVALID;
    }
  return status;
}

static int
cmd_list (XqLibrary *library)
{
  g_autoptr(GError) error = NULL;
  XqLibraryFilter filter = get_filter ();
  g_autoptr(GPtrArray) results = xq_library_filter_results (library, &filter, &error);
  g_autoptr(GString) out = g_string_new (NULL);
  gint64 game_id = -1;

  if (results == NULL)
    return xq_cli_fail (error->message);
  for (guint i = 0; i < results->len; i++)
    {
      const XqLibraryResult *r = g_ptr_array_index (results, i);

      if (r->game_id != game_id)
        {
          g_autofree char *shown = xq_escape_for_message (r->path);

          game_id = r->game_id;
          g_string_append_printf (out, "game %" G_GINT64_FORMAT " %s %s %s %u %s\n", r->game_id, r->game, r->played_on,
                                  r->finished ? "ended" : "playing", r->n_moves, shown);
        }
      g_string_append_printf (out, "result %" G_GINT64_FORMAT " ", r->game_id);
      xq_notation_append_name (out, r->name);
      g_string_append_printf (out, " place %u total ", r->placing);
      append_half (out, r->total_half);
      g_string_append (out, " margin ");
      append_half (out, r->margin_half);
      if (r->won)
        g_string_append (out, r->shared_win ? " shared-win" : " won");
      if (r->bankrupt)
        g_string_append (out, " bankrupt");
      /* Figures a game may not have come last, each only when known. */
      if (r->loans >= 0)
        g_string_append_printf (out, " loans %" G_GINT64_FORMAT, r->loans);
      if (r->reviewed)
        {
          g_string_append_printf (out, " review-turns %u review-loss ", r->review_turns);
          append_half (out, r->review_loss_half);
        }
      g_string_append_c (out, '\n');
    }
  xq_cli_write_out (out);
  return XQ_CLI_EXIT_OK;
}

static int
cmd_player (XqLibrary  *library,
            const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *shown = xq_library_find_player (library, name, &error);
  g_autoptr(GPtrArray) aliases = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) history = NULL;
  g_autoptr(GPtrArray) versus = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  if (shown == NULL || (aliases = xq_library_get_aliases (library, name, &error)) == NULL
      || (records = xq_library_get_records (library, name, &error)) == NULL
      || (history = xq_library_get_history (library, name, &error)) == NULL
      || (versus = xq_library_get_versus (library, name, &error)) == NULL)
    return xq_cli_fail (error->message);

  g_string_append (out, "player ");
  xq_notation_append_name (out, shown);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < aliases->len; i++)
    {
      g_string_append (out, "alias ");
      xq_notation_append_name (out, g_ptr_array_index (aliases, i));
      g_string_append_c (out, '\n');
    }
  for (guint i = 0; i < records->len; i++)
    {
      const XqLibraryRecord *r = g_ptr_array_index (records, i);

      g_string_append_printf (out, "record %s plays %u wins %u shared-wins %u placing ", r->game, r->plays, r->wins,
                              r->shared_wins);
      append_decimal (out, (double) r->placing_sum / r->plays);
      g_string_append (out, " margin ");
      append_decimal (out, (double) r->margin_half_sum / 2.0 / r->plays);
      g_string_append (out, " largest-win ");
      append_half (out, r->largest_win_half);
      g_string_append_printf (out, " bankrupt %u loans ", r->bankruptcies);
      /* "-": the game has no loans, or no review was stored; not 0. */
      if (r->loans_counted > 0)
        g_string_append_printf (out, "%u", r->loans);
      else
        g_string_append_c (out, '-');
      g_string_append_printf (out, " reviewed %u loss-per-turn ", r->reviewed);
      if (r->review_turns > 0)
        append_decimal (out, (double) r->review_loss_half / 2.0 / r->review_turns);
      else
        g_string_append_c (out, '-');
      g_string_append_c (out, '\n');
      if (r->has_rating)
        {
          g_string_append_printf (out, "rating %s ", r->game);
          append_rating (out, r->mu, r->sigma);
          g_string_append_c (out, '\n');
        }
    }
  for (guint i = 0; i < history->len; i++)
    {
      const XqLibraryRatingStep *s = g_ptr_array_index (history, i);

      g_string_append_printf (out, "history %s %s %" G_GINT64_FORMAT " ", s->game, s->played_on, s->game_id);
      append_rating (out, s->mu, s->sigma);
      g_string_append_c (out, '\n');
    }
  for (guint i = 0; i < versus->len; i++)
    {
      const XqLibraryVersus *v = g_ptr_array_index (versus, i);

      g_string_append_printf (out, "versus %s ", v->game);
      xq_notation_append_name (out, v->other);
      g_string_append_printf (out, " plays %u ahead %u behind %u\n", v->plays, v->ahead, v->behind);
    }
  xq_cli_write_out (out);
  return XQ_CLI_EXIT_OK;
}

static int
cmd_ratings (XqLibrary *library)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ratings = xq_library_get_ratings (library, &error);
  g_autoptr(GString) out = g_string_new (NULL);
  const char *game = NULL;
  guint rank = 0;

  if (ratings == NULL)
    return xq_cli_fail (error->message);
  for (guint i = 0; i < ratings->len; i++)
    {
      const XqLibraryRating *r = g_ptr_array_index (ratings, i);

      if (g_strcmp0 (game, r->game) != 0)
        rank = 0;
      game = r->game;
      g_string_append_printf (out, "rating %s %u ", r->game, ++rank);
      xq_notation_append_name (out, r->player);
      g_string_append_c (out, ' ');
      append_rating (out, r->mu, r->sigma);
      g_string_append_printf (out, " plays %u\n", r->plays);
    }
  xq_cli_write_out (out);
  return XQ_CLI_EXIT_OK;
}

/* RFC 4180: a field with a comma, a quote or a line break is quoted, its
 * quotes doubled. */
static void
append_csv (GString    *out,
            const char *field)
{
  if (strpbrk (field, ",\"\r\n") == NULL)
    {
      g_string_append (out, field);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = field; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static int
cmd_export (XqLibrary  *library,
            const char *output)
{
  g_autoptr(GError) error = NULL;
  XqLibraryFilter filter = get_filter ();
  g_autoptr(GPtrArray) results = xq_library_filter_results (library, &filter, &error);
  g_autoptr(GString) out = g_string_new (NULL);

  if (results == NULL)
    return xq_cli_fail (error->message);
  g_string_append (out, "game_id,game,date,status,moves,file,seat,name,player,placing,total,margin,won,shared_win,"
                        "bankrupt,loans,review_turns,review_loss\r\n");
  for (guint i = 0; i < results->len; i++)
    {
      const XqLibraryResult *r = g_ptr_array_index (results, i);

      g_string_append_printf (out, "%" G_GINT64_FORMAT ",", r->game_id);
      append_csv (out, r->game);
      g_string_append_c (out, ',');
      append_csv (out, r->played_on);
      g_string_append_printf (out, ",%s,%u,", r->finished ? "ended" : "playing", r->n_moves);
      append_csv (out, r->path);
      g_string_append_printf (out, ",%u,", r->seat + 1);
      append_csv (out, r->name);
      g_string_append_c (out, ',');
      append_csv (out, r->player);
      g_string_append_printf (out, ",%u,", r->placing);
      append_half (out, r->total_half);
      g_string_append_c (out, ',');
      append_half (out, r->margin_half);
      g_string_append_printf (out, ",%d,%d,%d,", r->won, r->shared_win, r->bankrupt);
      /* An empty field: not known (no loans in the game, no review). */
      if (r->loans >= 0)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, r->loans);
      g_string_append_c (out, ',');
      if (r->reviewed)
        {
          g_string_append_printf (out, "%u,", r->review_turns);
          append_half (out, r->review_loss_half);
        }
      else
        g_string_append_c (out, ',');
      g_string_append (out, "\r\n");
    }
  if (output == NULL)
    {
      xq_cli_write_out (out);
      return XQ_CLI_EXIT_OK;
    }
  if (!xq_cli_write_text_file (output, out->str, &error))
    {
      xq_cli_report (output, 0, error->message);
      return XQ_CLI_EXIT_INVALID;
    }
  return XQ_CLI_EXIT_OK;
}

/* The exchequer-cli part of @game, if it has a review. */
static const XqCliGame *
reviewer_of (const XqGame *game)
{
  guint n_games;
  const XqCliGame *const *games = xq_games_cli_list (&n_games);

  for (guint i = 0; i < n_games; i++)
    if (strcmp (games[i]->game_id, game->id) == 0 && games[i]->write_review != NULL)
      return games[i];
  return NULL;
}

/* Each player's turns and total loss, from the `player NAME turns N
 * total-loss X …` lines of the review (notation.md), by the seat of NAME. */
static gboolean
read_review (XqSession            *session,
             const GString        *lines,
             XqLibraryReviewSeat  *seats,
             GError              **error)
{
  const XqGame *game = xq_session_get_game (session);
  gconstpointer setup = xq_session_get_setup (session);
  guint n_players = game->get_n_players (setup);
  g_autoptr(GPtrArray) statements = xq_notation_split (lines->str, (gssize) lines->len, NULL, error);
  guint n_read = 0;

  if (statements == NULL)
    return FALSE;
  for (guint s = 0; s < statements->len; s++)
    {
      const XqStatement *st = g_ptr_array_index (statements, s);
      XqAmount loss;

      if (!xq_statement_is (st, 0, "player") || st->n_tokens < 6 || !xq_statement_is (st, 2, "turns")
          || !xq_statement_is (st, 4, "total-loss"))
        continue;
      for (guint p = 0; p < n_players; p++)
        if (strcmp (game->get_player_name (setup, p), st->tokens[1]) == 0
            && xq_count_parse (st->tokens[3], G_MAXUINT, &seats[p].turns) && xq_amount_parse (st->tokens[5], &loss))
          {
            seats[p].loss_half = loss;
            n_read++;
          }
    }
  if (n_read != n_players)
    {
      /* The review's own lines: a program error, not the user's. */
      g_set_error_literal (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_INVALID,
                           _("the review did not give every player’s loss; nothing was stored"));
      return FALSE;
    }
  return TRUE;
}

/* `library review FILE…`: each file indexed (as `add`), reviewed as
 * `exchequer-cli review` reviews it, at its default depth, and each
 * player's turns and loss stored against the very content reviewed. */
static int
cmd_review (XqLibrary          *library,
            const char * const *files)
{
  const guint depth = 1;
  int status = XQ_CLI_EXIT_OK;

  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (files[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(XqSession) session = NULL;
      g_autoptr(GString) lines = g_string_new (NULL);
      g_autofree char *fingerprint = NULL;
      g_autofree XqLibraryReviewSeat *seats = NULL;
      g_autoptr(GString) out = g_string_new (NULL);
      const XqCliGame *reviewer;
      XqLibraryOutcome outcome;
      guint line = 0, n_players;

      session = xq_session_load (file, &fingerprint, &line, NULL, &error);
      if (session == NULL)
        {
          xq_cli_report (files[i], line, error->message);
          status = XQ_CLI_EXIT_INVALID;
          continue;
        }
      reviewer = reviewer_of (xq_session_get_game (session));
      if (reviewer == NULL)
        {
          g_autofree char *sentence = g_strdup_printf (_("there is no game review of %s games"),
                                                       _(xq_session_get_game (session)->display_name));

          xq_cli_report (files[i], 0, sentence);
          status = XQ_CLI_EXIT_INVALID;
          continue;
        }
      n_players = xq_session_get_game (session)->get_n_players (xq_session_get_setup (session));
      seats = g_new0 (XqLibraryReviewSeat, n_players);
      if (!xq_library_add_file (library, file, &outcome, &line, &error)
          || !reviewer->write_review (session, depth, 0, lines, &error) || !read_review (session, lines, seats, &error)
          || !xq_library_set_review (library, NULL, fingerprint, depth, seats, n_players, &error))
        {
          xq_cli_report (files[i], line, error->message);
          if (g_error_matches (error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_BACKEND))
            return XQ_CLI_EXIT_INVALID;
          status = XQ_CLI_EXIT_INVALID;
          continue;
        }
      {
        g_autofree char *path = g_file_get_path (file);
        g_autofree char *shown = xq_escape_for_message (path != NULL ? path : g_file_peek_path (file));

        g_string_append_printf (out, "reviewed depth %u %s\n", depth, shown);
      }
      for (guint p = 0; p < n_players; p++)
        {
          g_string_append (out, "review ");
          xq_notation_append_name (out, xq_session_get_game (session)->get_player_name (xq_session_get_setup (session), p));
          g_string_append_printf (out, " turns %u total-loss ", seats[p].turns);
          append_half (out, seats[p].loss_half);
          g_string_append_c (out, '\n');
        }
      xq_cli_write_out (out);
      fflush (stdout);
    }
  return status;
}

/* The number of arguments each command takes: [min, max]; G_MAXUINT: any. */
typedef struct
{
  const char *name;
  guint       min;
  guint       max;
  const char *usage;
} LibraryCommand;

static const LibraryCommand library_commands[] = {
  { "add", 1, G_MAXUINT, N_("library add takes one or more files") },
  { "scan", 1, 1, N_("library scan takes one folder") },
  { "list", 0, 0, N_("library list takes no files") },
  { "player", 1, 1, N_("library player takes one name") },
  { "ratings", 0, 0, N_("library ratings takes no files") },
  { "export", 0, 1, N_("library export takes nothing, or an output file") },
  { "merge", 2, 2, N_("library merge takes two names: the player to merge, and the player to keep") },
  { "split", 1, 1, N_("library split takes one name") },
  { "review", 1, G_MAXUINT, N_("library review takes one or more files") },
};

/**
 * xq_cli_library_main:
 * @argc: the arguments' number
 * @argv: the arguments, "library" first
 *
 * Returns: the exit status
 */
int
xq_cli_library_main (int    argc,
                     char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autofree char **copy = g_memdup2 (argv, sizeof (char *) * (gsize) (argc + 1));
  const LibraryCommand *command = NULL;
  const char *const *rest;
  int n_args = argc;

  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_ignore_unknown_options (context, TRUE);
  g_option_context_add_main_entries (context, library_entries, NULL);
  if (!g_option_context_parse (context, &n_args, &copy, &error))
    {
      if (g_error_matches (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE)
          || g_error_matches (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED))
        return xq_cli_usage_error (_("--database takes a file or a URI"));
      return xq_cli_usage_error ("%s", error->message);
    }
  for (int i = 1; i < n_args; i++)
    {
      if (copy[i][0] == '-' && copy[i][1] != '\0')
        return xq_cli_usage_error (_("unknown option “%s”"), XQ_QUOTE (copy[i]));
      g_ptr_array_add (args, copy[i]);
    }
  if (args->len == 0)
    return xq_cli_usage_error (_("library needs a command: add, scan, list, player, ratings, export, merge, split or review"));
  for (guint i = 0; i < G_N_ELEMENTS (library_commands); i++)
    if (strcmp (library_commands[i].name, g_ptr_array_index (args, 0)) == 0)
      command = &library_commands[i];
  if (command == NULL)
    return xq_cli_usage_error (_("unknown library command “%s”"), XQ_QUOTE (g_ptr_array_index (args, 0)));
  if (args->len - 1 < command->min || args->len - 1 > command->max)
    return xq_cli_usage_error ("%s", _(command->usage));
  g_ptr_array_add (args, NULL);
  rest = (const char *const *) args->pdata + 1;
  /* Said before the library is opened: a usage error touches nothing. */
  if (strcmp (command->name, "export") == 0 && rest[0] != NULL && !g_str_has_suffix (rest[0], ".csv"))
    return xq_cli_usage_error (_("%s: the output's name must end in .csv"), rest[0]);
  if (filter_game != NULL || filter_player != NULL || filter_since != NULL || filter_until != NULL)
    {
      XqLibraryFilter filter = get_filter ();

      if (strcmp (command->name, "list") != 0 && strcmp (command->name, "export") != 0)
        return xq_cli_usage_error (_("--game, --player, --since and --until go with library list and export only"));
      if (filter_game != NULL && xq_game_lookup (filter_game) == NULL)
        {
          g_autofree char *ids = xq_game_list_ids ();

          return xq_cli_usage_error (_("unknown game “%s”; the games are %s"), XQ_QUOTE (filter_game), ids);
        }
      if (!xq_library_filter_check (&filter, &error))
        return xq_cli_usage_error ("%s", error->message);
    }

  library = xq_library_open (database_uri, &error);
  if (library == NULL)
    return xq_cli_fail (error->message);

  if (strcmp (command->name, "add") == 0)
    return cmd_add (library, rest);
  if (strcmp (command->name, "scan") == 0)
    return cmd_scan (library, rest[0]);
  if (strcmp (command->name, "list") == 0)
    return cmd_list (library);
  if (strcmp (command->name, "player") == 0)
    return cmd_player (library, rest[0]);
  if (strcmp (command->name, "ratings") == 0)
    return cmd_ratings (library);
  if (strcmp (command->name, "export") == 0)
    return cmd_export (library, rest[0]);
  if (strcmp (command->name, "review") == 0)
    return cmd_review (library, rest);
  if (strcmp (command->name, "merge") == 0 || strcmp (command->name, "split") == 0)
    {
      gboolean merge = strcmp (command->name, "merge") == 0;
      g_autoptr(GString) out = g_string_new (merge ? "merged " : "split ");

      if (merge ? !xq_library_merge (library, rest[0], rest[1], &error) : !xq_library_split (library, rest[0], &error))
        return xq_cli_fail (error->message);
      xq_notation_append_name (out, rest[0]);
      if (merge)
        {
          g_string_append_c (out, ' ');
          xq_notation_append_name (out, rest[1]);
        }
      g_string_append_c (out, '\n');
      xq_cli_write_out (out);
      return XQ_CLI_EXIT_OK;
    }
  g_assert_not_reached ();
}
