/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer-cli: replays, checks and scores recorded games without a window. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli-review.h"
#include "fx-game.h"
#include "fx-readings.h"
#include "fx-report.h"
#include "fx-review.h"
#include "fx-stats.h"
#include "fx-summary.h"
#include "xq-autosave.h"
#include "xq-file-replace.h"
#include "xq-games.h"
#include "xq-quote.h"
#include "xq-session-file.h"

enum {
  EXIT_OK = 0,
  EXIT_INVALID = 1,   /* an illegal move or an invalid file */
  EXIT_USAGE = 2,
};

static const char *program = "exchequer-cli";

static void
print_usage (FILE *stream)
{
  fprintf (stream,
           _("Usage:\n"
             "  %s check FILE                 check every move; print “ok N moves”\n"
             "  %s state FILE [--after N]     the state after move N (default: the end)\n"
             "  %s score FILE                 the end-game audit, provisional mid-game\n"
             "  %s score --projected FILE     the audit of the table as the queue would end it (For-Ex)\n"
             "  %s score --readings FILE      where the rulebook's two readings met the game (For-Ex)\n"
             "  %s score --standing FILE      the audit of the table as it would end if every turn resolved (For-Ex)\n"
             "  %s score --worth FILE         each player's net worth at today's rates, and the places (For-Ex)\n"
             "  %s legal FILE                 every legal action of the player to move (For-Ex)\n"
             "  %s hint FILE [--depth N]      the best turn for the player to move, and its value (For-Ex)\n"
             "  %s forecast FILE              what each item in the queue will ask of its owner (For-Ex)\n"
             "  %s review FILE [--depth N] [--threads N]\n"
             "                                what each turn was worth and the best turn in its place (For-Ex)\n"
             "  %s convert IN OUT             rewrite a game; the extensions choose the format\n"
             "  %s stats FILE                 statistics per player and per contract (For-Ex)\n"
             "  %s report FILE OUT            a report: OUT.pdf, OUT.csv (standings) or OUT.xqn (For-Ex)\n"
             "  %s recover                    list the autosaved sessions a crash left behind\n"
             "  %s recover ID OUT             write autosaved session ID to OUT, then forget it\n"
             "  %s --help | --version\n"
             "\n"
             "FILE is a game in XQN notation (.xqn) or a session file (.exchequer).\n"
             "Exit status: 0 success, 1 an illegal move or an invalid file, 2 wrong usage.\n"),
           program, program, program, program, program, program, program, program, program, program,
           program, program, program, program, program, program, program);
}

static int G_GNUC_PRINTF (1, 2)
usage_error (const char *format,
             ...)
{
  g_autofree char *message = NULL;
  g_autofree char *shown = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* It may hold a file's name or an argument: never let the terminal obey them. */
  shown = xq_escape_for_message (message);
  fprintf (stderr, "%s: %s\n", program, shown);
  fprintf (stderr, _("Try “%s --help”.\n"), program);
  return EXIT_USAGE;
}

/* The path is the user's, and a sentence may quote it (GIO's do, whole): both
 * escaped, as the sentences quote the file's own text (xq-quote.c). */
static void
report (const char *path,
        guint       line,
        const char *sentence)
{
  g_autofree char *shown_path = xq_escape_for_message (path);
  g_autofree char *shown_sentence = xq_escape_for_message (sentence);

  if (line > 0)
    fprintf (stderr, "%s:%u: %s: %s\n", shown_path, line, _("error"), shown_sentence);
  else
    fprintf (stderr, "%s: %s: %s\n", shown_path, _("error"), shown_sentence);
}

/* Reads and replays a whole game, either format; on failure says why on stderr. */
static XqSession *
load_game (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  XqSession *session;
  guint line = 0;

  session = xq_session_load (file, NULL, &line, NULL, &error);
  if (session == NULL)
    report (path, line, error->message);
  return session;
}

static void
write_out (GString *out)
{
  fwrite (out->str, 1, out->len, stdout);
}

static int
cmd_check (XqSession *session)
{
  printf ("ok %u moves\n", xq_session_get_n_moves (session));
  return EXIT_OK;
}

static int
cmd_state (XqSession *session,
           gint64     after)
{
  const XqGame *game = xq_session_get_game (session);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree gpointer state = NULL;
  guint n_moves = xq_session_get_n_moves (session);

  if (after > (gint64) n_moves)
    /* %lld, not G_GINT64_FORMAT: xgettext cannot expand the macro */
    return usage_error (g_dngettext (GETTEXT_PACKAGE,
                                     "--after %lld: the game has only %u move",
                                     "--after %lld: the game has only %u moves",
                                     n_moves),
                        (long long) after, n_moves);
  state = g_malloc0 (game->state_size);
  xq_session_get_state_at (session, after < 0 ? n_moves : (guint) after, state);
  game->write_state (xq_session_get_setup (session), state, out);
  write_out (out);
  return EXIT_OK;
}

static int
cmd_score (XqSession  *session,
           const char *option)
{
  const XqGame *game = xq_session_get_game (session);
  g_autoptr(GString) out = g_string_new (NULL);

  if (option != NULL && game != fx_game_get ())
    return usage_error (_("score %s covers For-Ex games only; this is a %s game"), option, game->id);
  if (g_strcmp0 (option, "--standing") == 0)
    fx_summary_write_standing (xq_session_get_setup (session), xq_session_get_state (session), out);
  else if (g_strcmp0 (option, "--worth") == 0)
    fx_summary_write_worth (xq_session_get_setup (session), xq_session_get_state (session), out);
  else if (g_strcmp0 (option, "--projected") == 0)
    fx_summary_write_projected (xq_session_get_setup (session), xq_session_get_state (session), out);
  else if (g_strcmp0 (option, "--readings") == 0)
    {
      FxReadings readings;

      fx_readings_compute (session, &readings);
      fx_readings_write (session, &readings, out);
    }
  else
    game->write_score (xq_session_get_setup (session), xq_session_get_state (session), out);
  write_out (out);
  return EXIT_OK;
}

static int
cmd_legal (XqSession *session)
{
  const XqGame *game = xq_session_get_game (session);
  g_autoptr(GPtrArray) lines = NULL;

  if (game->list_legal == NULL)
    return usage_error (_("legal lists For-Ex actions only; this is a %s game"), game->id);
  lines = game->list_legal (xq_session_get_setup (session), xq_session_get_state (session));
  for (guint i = 0; i < lines->len; i++)
    printf ("%s\n", (const char *) g_ptr_array_index (lines, i));
  return EXIT_OK;
}

static int
cmd_forecast (XqSession *session)
{
  g_autoptr(GString) out = g_string_new (NULL);

  if (xq_session_get_game (session) != fx_game_get ())
    return usage_error (_("forecast covers For-Ex games only; this is a %s game"),
                        xq_session_get_game (session)->id);
  fx_summary_write_forecast (xq_session_get_setup (session), xq_session_get_state (session), out);
  write_out (out);
  return EXIT_OK;
}

static int
cmd_hint (XqSession *session,
          guint      depth)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (xq_session_get_game (session) != fx_game_get ())
    return usage_error (_("hint covers For-Ex games only; this is a %s game"),
                        xq_session_get_game (session)->id);
  if (!cli_hint_write (session, depth, out, &error))
    {
      fprintf (stderr, "%s: %s: %s\n", program, _("error"), error->message);
      return EXIT_INVALID;
    }
  write_out (out);
  return EXIT_OK;
}

static int
cmd_review (XqSession *session,
            guint      depth,
            guint      n_threads)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (xq_session_get_game (session) != fx_game_get ())
    return usage_error (_("review covers For-Ex games only; this is a %s game"),
                        xq_session_get_game (session)->id);
  if (!cli_review_write (session, depth, n_threads, out, &error))
    {
      fprintf (stderr, "%s: %s: %s\n", program, _("error"), error->message);
      return EXIT_INVALID;
    }
  write_out (out);
  return EXIT_OK;
}

static gboolean
has_known_extension (const char *path)
{
  return g_str_has_suffix (path, ".xqn") || g_str_has_suffix (path, ".exchequer")
         || g_str_has_suffix (path, ".xml");
}

/* The same file under two names (a link, "./a" and "a") is one file. */
static gboolean
same_file (GFile *a,
           GFile *b)
{
  g_autoptr(GFileInfo) info_a = NULL;
  g_autoptr(GFileInfo) info_b = NULL;
  const char *id_a, *id_b;

  if (g_file_equal (a, b))
    return TRUE;
  info_a = g_file_query_info (a, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  info_b = g_file_query_info (b, G_FILE_ATTRIBUTE_ID_FILE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info_a == NULL || info_b == NULL)
    return FALSE;
  id_a = g_file_info_get_attribute_string (info_a, G_FILE_ATTRIBUTE_ID_FILE);
  id_b = g_file_info_get_attribute_string (info_b, G_FILE_ATTRIBUTE_ID_FILE);
  return id_a != NULL && g_strcmp0 (id_a, id_b) == 0;
}

/* Writes @session to @out. The output's extension chooses the format: .xqn
 * notation, .exchequer (or .xml) a session document. */
static int
write_game (XqSession  *session,
            const char *out)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (out);
  g_autoptr(GError) error = NULL;

  if (!xq_session_save (session, file, NULL, FALSE, NULL, NULL, &error))
    {
      report (out, 0, error->message);
      return EXIT_INVALID;
    }
  return EXIT_OK;
}

static int
cmd_convert (const char *in,
             const char *out)
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (out);
  g_autoptr(GFile) in_file = g_file_new_for_commandline_arg (in);

  if (!has_known_extension (out))
    return usage_error (_("%s: the output's name must end in .xqn or .exchequer"), out);
  /* Rewriting a game drops what only its own file keeps (comments, layout). */
  if (same_file (in_file, file))
    return usage_error (_("%s: the output is the input file; convert writes a new file and leaves the input as it "
                          "is, so name another output"), out);
  session = load_game (in);
  if (session == NULL)
    return EXIT_INVALID;
  return write_game (session, out);
}

static int
cmd_stats (XqSession *session)
{
  g_autoptr(FxStats) stats = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  if (xq_session_get_game (session) != fx_game_get ())
    return usage_error (_("stats covers For-Ex games only; this is a %s game"),
                        xq_session_get_game (session)->id);
  stats = fx_stats_new (session);
  fx_stats_write (stats, xq_session_get_setup (session), out);
  write_out (out);
  return EXIT_OK;
}

static gboolean
write_text_file (const char  *path,
                 const char  *text,
                 GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  if (xq_file_replace (file, text, strlen (text), NULL, FALSE, NULL, NULL, error))
    return TRUE;
  xq_file_explain_error (file, error);
  return FALSE;
}

/* The output's extension chooses the report: .pdf printable, .csv the
 * standings after every move, .xqn the move list (as convert writes it). */
static int
cmd_report (const char *in,
            const char *out)
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GError) error = NULL;
  gboolean pdf = g_str_has_suffix (out, ".pdf");
  gboolean csv = g_str_has_suffix (out, ".csv");
  gboolean ok;

  if (!pdf && !csv && !g_str_has_suffix (out, ".xqn"))
    return usage_error (_("%s: the report's name must end in .pdf, .csv or .xqn"), out);
  session = load_game (in);
  if (session == NULL)
    return EXIT_INVALID;
  if (xq_session_get_game (session) != fx_game_get ())
    return usage_error (_("report covers For-Ex games only; this is a %s game"),
                        xq_session_get_game (session)->id);
  if (pdf)
    ok = fx_report_write_pdf (session, out, &error);
  else if (csv)
    {
      g_autofree char *text = fx_report_csv (session);

      ok = write_text_file (out, text, &error);
    }
  else
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (out);

      ok = xq_session_save (session, file, NULL, FALSE, NULL, NULL, &error);
    }
  if (!ok)
    {
      report (out, 0, error->message);
      return EXIT_INVALID;
    }
  return EXIT_OK;
}

static int
cmd_recover_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = xq_autosave_list_recoverable (&error);

  if (list == NULL)
    {
      fprintf (stderr, "%s: %s: %s\n", program, _("error"), error->message);
      return EXIT_INVALID;
    }
  /* One session per line: ID, game, moves, when, where it was saved, and
   * what the journal says of itself when it is not whole. */
  for (guint i = 0; i < list->len; i++)
    {
      const XqRecoverable *r = g_ptr_array_index (list, i);
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (r->modified);
      g_autofree char *date = when != NULL ? g_date_time_format (when, "%Y-%m-%d %H:%M") : g_strdup ("?");
      g_autofree char *source = r->source_uri != NULL ? g_filename_from_uri (r->source_uri, NULL, NULL) : NULL;
      g_autofree char *state = xq_recoverable_describe_state (r);
      g_autofree char *moves = r->state == XQ_RECOVERABLE_UNREADABLE ? g_strdup ("-")
                               : g_strdup_printf ("%u moves", r->n_moves);

      printf ("%s\t%s\t%s\t%s\t%s%s%s\n", r->id, r->game != NULL ? r->game : "-", moves, date,
              source != NULL ? source : r->source_uri != NULL ? r->source_uri : _("(never saved)"),
              state != NULL ? "\t" : "", state != NULL ? state : "");
    }
  return EXIT_OK;
}

static int
cmd_recover (const char *id,
             const char *out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqSession) session = NULL;
  int status;

  if (!has_known_extension (out))
    return usage_error (_("%s: the output's name must end in .xqn or .exchequer"), out);
  session = xq_autosave_load_recoverable (id, NULL, NULL, &error);

  if (session == NULL)
    {
      if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        fprintf (stderr, "%s: %s: %s\n", program, _("error"),
                 _("no autosaved session has that id; “exchequer-cli recover” lists them"));
      else
        fprintf (stderr, "%s: %s: %s\n", program, _("error"), error->message);
      return EXIT_INVALID;
    }
  status = write_game (session, out);
  if (status == EXIT_OK && !xq_autosave_remove (id, &error))
    fprintf (stderr, "%s: %s\n", program, error->message);
  return status;
}

static gboolean
parse_after (const char *text,
             gint64     *out)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, NULL))
    return FALSE;
  *out = (gint64) value;
  return TRUE;
}

/* --depth N and --threads N: a whole number from 1 to @max. */
static gboolean
parse_bounded (const char *text,
               guint       max,
               guint      *out)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 1, max, &value, NULL))
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

/* The value of "--NAME VALUE" or "--NAME=VALUE" at argv[*i], or NULL when
 * argv[*i] is not that option; "" when the value is missing. */
static const char *
option_value (int          argc,
              char        *argv[],
              int         *i,
              const char  *name)
{
  gsize len = strlen (name);

  if (strcmp (argv[*i], name) == 0)
    {
      if (*i + 1 >= argc)
        return "";
      return argv[++*i];
    }
  if (strncmp (argv[*i], name, len) == 0 && argv[*i][len] == '=')
    return argv[*i] + len + 1;
  return NULL;
}

#define MAX_THREADS 256

int
main (int   argc,
      char *argv[])
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  const char *command;
  const char *score_option = NULL;
  gint64 after = -1;
  guint depth = 1, n_threads = 0;
  const char *localedir;
  const char *value;

  setlocale (LC_ALL, "");
  /* An uninstalled build (the tests, build-aux/dev run) finds its translations
   * in the build tree's po/ through EXCHEQUER_LOCALEDIR; installed, LOCALEDIR. */
  localedir = g_getenv ("EXCHEQUER_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  xq_games_register_all ();

  if (argc < 2)
    return usage_error (_("a command is needed"));
  command = argv[1];
  if (strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0 || strcmp (command, "help") == 0)
    {
      print_usage (stdout);
      return EXIT_OK;
    }
  if (strcmp (command, "--version") == 0)
    {
      printf ("%s %s\n", program, PACKAGE_VERSION);
      return EXIT_OK;
    }

  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i];

      if (strcmp (command, "state") == 0 && strcmp (arg, "--after") == 0)
        {
          if (i + 1 >= argc || !parse_after (argv[i + 1], &after))
            return usage_error (_("--after takes a number of moves"));
          i++;
        }
      else if (strcmp (command, "state") == 0 && g_str_has_prefix (arg, "--after="))
        {
          if (!parse_after (arg + strlen ("--after="), &after))
            return usage_error (_("--after takes a number of moves"));
        }
      else if ((strcmp (command, "review") == 0 || strcmp (command, "hint") == 0)
               && (value = option_value (argc, argv, &i, "--depth")) != NULL)
        {
          if (!parse_bounded (value, FX_REVIEW_MAX_DEPTH, &depth))
            return usage_error (_("--depth takes a number from 1 to %d"), FX_REVIEW_MAX_DEPTH);
        }
      else if (strcmp (command, "review") == 0 && (value = option_value (argc, argv, &i, "--threads")) != NULL)
        {
          if (!parse_bounded (value, MAX_THREADS, &n_threads))
            return usage_error (_("--threads takes a number from 1 to %d"), MAX_THREADS);
        }
      else if (strcmp (command, "score") == 0
               && (strcmp (arg, "--projected") == 0 || strcmp (arg, "--readings") == 0
                   || strcmp (arg, "--worth") == 0 || strcmp (arg, "--standing") == 0))
        {
          if (score_option != NULL && strcmp (score_option, arg) != 0)
            return usage_error (_("score takes one of --projected, --readings, --standing and --worth"));
          score_option = strcmp (arg, "--projected") == 0 ? "--projected"
                         : strcmp (arg, "--readings") == 0 ? "--readings"
                         : strcmp (arg, "--standing") == 0 ? "--standing" : "--worth";
        }
      else if (arg[0] == '-' && arg[1] != '\0')
        return usage_error (_("unknown option “%s”"), XQ_QUOTE (arg));
      else
        g_ptr_array_add (files, (gpointer) arg);
    }

  if (strcmp (command, "convert") == 0)
    {
      if (files->len != 2)
        return usage_error (_("convert takes an input and an output file"));
      return cmd_convert (g_ptr_array_index (files, 0), g_ptr_array_index (files, 1));
    }

  if (strcmp (command, "report") == 0)
    {
      if (files->len != 2)
        return usage_error (_("report takes a game and an output file"));
      return cmd_report (g_ptr_array_index (files, 0), g_ptr_array_index (files, 1));
    }

  if (strcmp (command, "recover") == 0)
    {
      if (files->len == 0)
        return cmd_recover_list ();
      if (files->len != 2)
        return usage_error (_("recover takes nothing, or an id and an output file"));
      return cmd_recover (g_ptr_array_index (files, 0), g_ptr_array_index (files, 1));
    }

  if (strcmp (command, "check") != 0 && strcmp (command, "state") != 0
      && strcmp (command, "score") != 0 && strcmp (command, "legal") != 0
      && strcmp (command, "stats") != 0 && strcmp (command, "review") != 0
      && strcmp (command, "hint") != 0 && strcmp (command, "forecast") != 0)
    return usage_error (_("unknown command “%s”"), XQ_QUOTE (command));
  if (files->len != 1)
    return usage_error (_("%s takes one file"), command);

  session = load_game (g_ptr_array_index (files, 0));
  if (session == NULL)
    return EXIT_INVALID;

  if (strcmp (command, "check") == 0)
    return cmd_check (session);
  if (strcmp (command, "state") == 0)
    return cmd_state (session, after);
  if (strcmp (command, "score") == 0)
    return cmd_score (session, score_option);
  if (strcmp (command, "stats") == 0)
    return cmd_stats (session);
  if (strcmp (command, "review") == 0)
    return cmd_review (session, depth, n_threads);
  if (strcmp (command, "hint") == 0)
    return cmd_hint (session, depth);
  if (strcmp (command, "forecast") == 0)
    return cmd_forecast (session);
  return cmd_legal (session);
}
