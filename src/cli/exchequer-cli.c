/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer-cli: replays, checks and scores recorded games without a window.
 * The commands every game has are here; a game's own commands and score
 * options are its own (a folder of src/cli per game), found through
 * src/games/xq-games-cli.c.
 * GOptionContext reads the options; the messages stay exchequer-cli's. */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "xq-autosave.h"
#include "xq-cli.h"
#include "xq-cli-library.h"
#include "xq-file-replace.h"
#include "xq-games.h"
#include "xq-games-cli.h"
#include "xq-quote.h"
#include "xq-session-file.h"

enum {
  EXIT_OK = XQ_CLI_EXIT_OK,
  EXIT_INVALID = XQ_CLI_EXIT_INVALID,
  EXIT_USAGE = XQ_CLI_EXIT_USAGE,
};

static const char *program = "exchequer-cli";

/**
 * xq_cli_usage_error:
 *
 * Says a usage error, and where the usage is.
 *
 * Returns: the exit status of a usage error
 */
int
xq_cli_usage_error (const char *format,
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
void
xq_cli_report (const char *path,
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
XqSession *
xq_cli_load_game (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr(GError) error = NULL;
  XqSession *session;
  guint line = 0;

  session = xq_session_load (file, NULL, &line, NULL, &error);
  if (session == NULL)
    xq_cli_report (path, line, error->message);
  return session;
}

void
xq_cli_write_out (GString *out)
{
  fwrite (out->str, 1, out->len, stdout);
}

/* A command failed on a valid file: says why; the exit status. */
int
xq_cli_fail (const char *sentence)
{
  fprintf (stderr, "%s: %s: %s\n", program, _("error"), sentence);
  return EXIT_INVALID;
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
    return xq_cli_usage_error (g_dngettext (GETTEXT_PACKAGE,
                                     "--after %lld: the game has only %u move",
                                     "--after %lld: the game has only %u moves",
                                     n_moves),
                        (long long) after, n_moves);
  state = g_malloc0 (game->state_size);
  xq_session_get_state_at (session, after < 0 ? n_moves : (guint) after, state);
  game->write_state (xq_session_get_setup (session), state, out);
  xq_cli_write_out (out);
  return EXIT_OK;
}

/* The game whose score option @flag is, and the option; NULL if none is. */
static const XqCliScoreOption *
find_score_option (const char       *flag,
                   const XqCliGame **owner)
{
  guint n_games;
  const XqCliGame *const *games = xq_games_cli_list (&n_games);

  for (guint g = 0; g < n_games; g++)
    for (guint i = 0; i < games[g]->n_score_options; i++)
      if (g_strcmp0 (games[g]->score_options[i].flag, flag) == 0)
        {
          *owner = games[g];
          return &games[g]->score_options[i];
        }
  return NULL;
}

static int
cmd_score (XqSession  *session,
           const char *option)
{
  const XqGame *game = xq_session_get_game (session);
  g_autoptr(GString) out = g_string_new (NULL);

  if (option != NULL)
    {
      const XqCliGame *owner = NULL;
      const XqCliScoreOption *score = find_score_option (option, &owner);

      if (g_strcmp0 (owner->game_id, game->id) != 0)
        return owner->refuse_score (option, game->id);
      score->write (session, out);
    }
  else
    game->write_score (xq_session_get_setup (session), xq_session_get_state (session), out);
  xq_cli_write_out (out);
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
      xq_cli_report (out, 0, error->message);
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
    return xq_cli_usage_error (_("%s: the output's name must end in .xqn or .exchequer"), out);
  /* Rewriting a game drops what only its own file keeps (comments, layout). */
  if (same_file (in_file, file))
    return xq_cli_usage_error (_("%s: the output is the input file; convert writes a new file and leaves the input as it "
                          "is, so name another output"), out);
  session = xq_cli_load_game (in);
  if (session == NULL)
    return EXIT_INVALID;
  return write_game (session, out);
}

gboolean
xq_cli_write_text_file (const char  *path,
                        const char  *text,
                        GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  if (xq_file_replace (file, text, strlen (text), NULL, FALSE, NULL, NULL, error))
    return TRUE;
  xq_file_explain_error (file, error);
  return FALSE;
}

static int
cmd_recover_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = xq_autosave_list_recoverable (&error);

  if (list == NULL)
    {
      return xq_cli_fail (error->message);
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
    return xq_cli_usage_error (_("%s: the output's name must end in .xqn or .exchequer"), out);
  session = xq_autosave_load_recoverable (id, NULL, NULL, &error);

  if (session == NULL)
    {
      if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return xq_cli_fail (_("no autosaved session has that id; “exchequer-cli recover” lists them"));
      return xq_cli_fail (error->message);
    }
  status = write_game (session, out);
  if (status == EXIT_OK && !xq_autosave_remove (id, &error))
    fprintf (stderr, "%s: %s\n", program, error->message);
  return status;
}

static gint64 state_after = -1;

static gboolean
parse_after (const char  *text,
             GError     **error)
{
  guint64 value;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, NULL))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--after takes a number of moves"));
      return FALSE;
    }
  state_after = (gint64) value;
  return TRUE;
}

static const XqCliOption state_options[] = {
  { "after", parse_after },
};

/* What the command line said, as GOptionContext's callbacks find it. */
typedef struct
{
  const XqCliOption *options;
  guint              n_options;
  const char        *score_option;   /* "--worth", or NULL */
  gboolean           refused;        /* a value an option refused, not GOption */
  guint64            given;          /* bit i: options[i] has been met */
  /* Where each option GOption will meet stands in the arguments, in order,
   * and how many it met so far: the one it stopped at is the last met. */
  GArray            *positions;
  guint              n_met;
} CliParse;

static const XqCliOption *
find_option (CliParse   *parse,
             const char *name)
{
  for (guint i = 0; i < parse->n_options; i++)
    if (g_strcmp0 (parse->options[i].name, name) == 0)
      return &parse->options[i];
  return NULL;
}

static void
refuse_repeated (const char  *option_name,
                 GError     **error)
{
  /* TRANSLATORS: %s is an option: "--depth is given twice; give it once" */
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("%s is given twice; give it once"), option_name);
}

static gboolean
option_given (const char  *option_name,
              const char  *value,
              gpointer     data,
              GError     **error)
{
  CliParse *parse = data;
  const XqCliOption *option = find_option (parse, option_name + strlen ("--"));

  guint64 bit;

  parse->n_met++;
  g_assert (option != NULL);
  /* "--depth 2 --depth 3": which one was meant is the user's to say, not
   * for the last one to win silently. */
  bit = G_GUINT64_CONSTANT (1) << (option - parse->options);
  if ((parse->given & bit) != 0)
    {
      refuse_repeated (option_name, error);
      parse->refused = TRUE;
      return FALSE;
    }
  parse->given |= bit;
  if (option->parse (value, error))
    return TRUE;
  parse->refused = TRUE;
  return FALSE;
}

static gboolean
score_option_given (const char  *option_name,
                    const char  *value,
                    gpointer     data,
                    GError     **error)
{
  CliParse *parse = data;
  const XqCliGame *owner;
  const XqCliScoreOption *score = find_score_option (option_name, &owner);

  parse->n_met++;
  if (g_strcmp0 (parse->score_option, score->flag) == 0)
    {
      refuse_repeated (score->flag, error);
      parse->refused = TRUE;
      return FALSE;
    }
  if (parse->score_option != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("score takes one of --projected, --readings, --standing and --worth"));
      parse->refused = TRUE;
      return FALSE;
    }
  parse->score_option = score->flag;
  return TRUE;
}

/* The game command called @name, or NULL. */
static const XqCliCommand *
find_command (const char *name)
{
  guint n_games;
  const XqCliGame *const *games = xq_games_cli_list (&n_games);

  for (guint g = 0; g < n_games; g++)
    for (guint i = 0; i < games[g]->n_commands; i++)
      if (strcmp (games[g]->commands[i].name, name) == 0)
        return &games[g]->commands[i];
  return NULL;
}

/* The options @command takes: "state --after", "score --FLAG" of every
 * game, a game command's own. */
static GOptionGroup *
command_options (const char *command,
                 CliParse   *parse)
{
  const XqCliCommand *game_command = find_command (command);
  GOptionGroup *group = g_option_group_new ("exchequer-cli", "", "", parse, NULL);
  g_autoptr(GArray) entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));

  if (strcmp (command, "state") == 0)
    {
      parse->options = state_options;
      parse->n_options = G_N_ELEMENTS (state_options);
    }
  else if (game_command != NULL)
    {
      parse->options = game_command->options;
      parse->n_options = game_command->n_options;
    }
  g_assert (parse->n_options <= 64);   /* CliParse.given has a bit for each */
  for (guint i = 0; i < parse->n_options; i++)
    {
      /* Values as given, not converted from the locale's encoding: they are
       * checked as numbers. */
      GOptionEntry entry = { parse->options[i].name, 0, G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK,
                             (gpointer) option_given, NULL, NULL };

      g_array_append_val (entries, entry);
    }
  if (strcmp (command, "score") == 0)
    {
      guint n_games;
      const XqCliGame *const *games = xq_games_cli_list (&n_games);

      for (guint g = 0; g < n_games; g++)
        for (guint i = 0; i < games[g]->n_score_options; i++)
          {
            GOptionEntry entry = { games[g]->score_options[i].flag + strlen ("--"), 0, G_OPTION_FLAG_NO_ARG,
                                   G_OPTION_ARG_CALLBACK, (gpointer) score_option_given, NULL, NULL };

            g_array_append_val (entries, entry);
          }
    }
  g_option_group_add_entries (group, (const GOptionEntry *) entries->data);
  return group;
}

/* Where the first argument no option of @command's is stands, or -1: the
 * arguments are read left to right, as GOption reads them, so that of two
 * mistakes the first is said. GOption would take "--" as the end of the
 * options and drop it, and "--worth=1" as "--worth": here both are unknown,
 * as every other argument that starts with "-" and is no option or value. */
static int
first_unknown (const char *command,
               CliParse   *parse,
               int         n_args,
               char      **args)
{
  gboolean value_next = FALSE;
  int unknown = -1;

  for (int i = 1; i < n_args; i++)
    {
      const char *arg = args[i];
      const char *equals = strchr (arg, '=');
      g_autofree char *name = g_strndup (arg, equals != NULL ? (gsize) (equals - arg) : strlen (arg));
      const XqCliGame *owner;
      gboolean flag = strcmp (command, "score") == 0 && find_score_option (name, &owner) != NULL;
      gboolean option = g_str_has_prefix (name, "--") && find_option (parse, name + strlen ("--")) != NULL;

      if (value_next)
        value_next = FALSE;
      else if (strcmp (arg, "--") != 0 && ((flag && equals == NULL) || option))
        {
          g_array_append_val (parse->positions, i);
          value_next = option && equals == NULL;
        }
      else if (arg[0] == '-' && arg[1] != '\0' && unknown < 0)
        unknown = i;
    }
  return unknown;
}

/* Parses the options after the command (@args[0]), leaving the other
 * arguments in @args; on a usage error says it and returns FALSE. */
static gboolean
parse_options (const char  *command,
               CliParse    *parse,
               int         *n_args,
               char      ***args)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char **given = g_memdup2 (*args, sizeof (char *) * (gsize) (*n_args + 1));
  int n_given = *n_args;
  int unknown;
  int stopped;

  /* Every usage and error message is exchequer-cli's own: GOption's help
   * and its unknown-option refusal stay out. */
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_ignore_unknown_options (context, TRUE);
  g_option_context_set_main_group (context, command_options (command, parse));
  parse->positions = g_array_new (FALSE, FALSE, sizeof (int));
  unknown = first_unknown (command, parse, n_given, given);
  if (g_option_context_parse (context, n_args, args, &error))
    stopped = n_given;
  else if (parse->refused)
    stopped = g_array_index (parse->positions, int, parse->n_met - 1);
  else
    stopped = n_given - 1;   /* GOption's: a value missing at the end */
  g_clear_pointer (&parse->positions, g_array_unref);

  if (unknown >= 0 && unknown < stopped)
    {
      xq_cli_usage_error (_("unknown option “%s”"), XQ_QUOTE (given[unknown]));
      return FALSE;
    }
  if (error == NULL)
    return TRUE;
  if (!parse->refused && g_str_has_prefix (given[n_given - 1], "--")
      && find_option (parse, given[n_given - 1] + strlen ("--")) != NULL)
    {
      /* An option that takes a value came last, without one: said as the
       * option says a value it cannot take. */
      g_clear_error (&error);
      find_option (parse, given[n_given - 1] + strlen ("--"))->parse ("", &error);
    }
  xq_cli_usage_error ("%s", error->message);
  return FALSE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  g_autofree char **args = NULL;
  CliParse parse = { NULL, };
  const XqCliCommand *game_command;
  const char *command;
  const char *localedir;
  int n_args;

  setlocale (LC_ALL, "");
  /* An uninstalled build (the tests, build-aux/dev run) finds its translations
   * in the build tree's po/ through EXCHEQUER_LOCALEDIR; installed, LOCALEDIR. */
  localedir = g_getenv ("EXCHEQUER_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  xq_games_register_all ();

  if (argc < 2)
    return xq_cli_usage_error (_("a command is needed"));
  command = argv[1];
  if (strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0 || strcmp (command, "help") == 0)
    {
      xq_games_cli_print_usage (stdout, program);
      xq_cli_library_print_usage (stdout, program);
      return EXIT_OK;
    }
  if (strcmp (command, "--version") == 0)
    {
      printf ("%s %s\n", program, PACKAGE_VERSION);
      return EXIT_OK;
    }

  /* The library's commands have their own words and options. */
  if (strcmp (command, "library") == 0)
    return xq_cli_library_main (argc - 1, argv + 1);

  /* The command stands where GOption expects the program's name. */
  n_args = argc - 1;
  args = g_memdup2 (argv + 1, sizeof (char *) * (gsize) argc);
  if (!parse_options (command, &parse, &n_args, &args))
    return EXIT_USAGE;
  for (int i = 1; i < n_args; i++)
    {
      const char *arg = args[i];

      if (arg[0] == '-' && arg[1] != '\0')
        return xq_cli_usage_error (_("unknown option “%s”"), XQ_QUOTE (arg));
      g_ptr_array_add (files, (gpointer) arg);
    }

  if (strcmp (command, "convert") == 0)
    {
      if (files->len != 2)
        return xq_cli_usage_error (_("convert takes an input and an output file"));
      return cmd_convert (g_ptr_array_index (files, 0), g_ptr_array_index (files, 1));
    }

  if (strcmp (command, "recover") == 0)
    {
      if (files->len == 0)
        return cmd_recover_list ();
      if (files->len != 2)
        return xq_cli_usage_error (_("recover takes nothing, or an id and an output file"));
      return cmd_recover (g_ptr_array_index (files, 0), g_ptr_array_index (files, 1));
    }

  /* A game's command: run by the game, on as many files as it takes. */
  game_command = find_command (command);
  if (game_command != NULL)
    {
      if (files->len != game_command->n_files && game_command->files_usage != NULL)
        return xq_cli_usage_error ("%s", _(game_command->files_usage));
      if (files->len != game_command->n_files)
        return xq_cli_usage_error (_("%s takes one file"), command);
      g_ptr_array_add (files, NULL);
      return game_command->run ((const char * const *) files->pdata);
    }

  if (strcmp (command, "check") != 0 && strcmp (command, "state") != 0 && strcmp (command, "score") != 0)
    return xq_cli_usage_error (_("unknown command “%s”"), XQ_QUOTE (command));
  if (files->len != 1)
    return xq_cli_usage_error (_("%s takes one file"), command);

  session = xq_cli_load_game (g_ptr_array_index (files, 0));
  if (session == NULL)
    return EXIT_INVALID;

  if (strcmp (command, "check") == 0)
    return cmd_check (session);
  if (strcmp (command, "state") == 0)
    return cmd_state (session, state_after);
  return cmd_score (session, parse.score_option);
}
