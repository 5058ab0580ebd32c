/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex's part of exchequer-cli: legal, hint, forecast, review, stats and
 * report, and the score options --projected, --readings, --standing and
 * --worth. The review's and the hint's lines are fx-cli-review.c's. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-cli.h"
#include "fx-cli-review.h"
#include "fx-game.h"
#include "fx-readings.h"
#include "fx-report.h"
#include "fx-review.h"
#include "fx-stats.h"
#include "fx-summary.h"
#include "xq-session-file.h"

#define FX_CLI_MAX_THREADS 256

static guint depth = 1;
static guint n_threads;

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

static gboolean
parse_depth (const char  *value,
             GError     **error)
{
  if (parse_bounded (value, FX_REVIEW_MAX_DEPTH, &depth))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--depth takes a number from 1 to %d"),
               FX_REVIEW_MAX_DEPTH);
  return FALSE;
}

static gboolean
parse_threads (const char  *value,
               GError     **error)
{
  if (parse_bounded (value, FX_CLI_MAX_THREADS, &n_threads))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--threads takes a number from 1 to %d"),
               FX_CLI_MAX_THREADS);
  return FALSE;
}

/* The file's game, or NULL when it is For-Ex's. */
static const char *
other_game (XqSession *session)
{
  const XqGame *game = xq_session_get_game (session);

  return game != fx_game_get () ? game->id : NULL;
}

static int
cmd_legal (const char * const *files)
{
  g_autoptr(XqSession) session = xq_cli_load_game (files[0]);
  const XqGame *game;
  g_autoptr(GPtrArray) lines = NULL;

  if (session == NULL)
    return XQ_CLI_EXIT_INVALID;
  game = xq_session_get_game (session);
  if (other_game (session) != NULL || game->list_legal == NULL)
    return xq_cli_usage_error (_("legal lists For-Ex actions only; this is a %s game"), game->id);
  lines = game->list_legal (xq_session_get_setup (session), xq_session_get_state (session));
  for (guint i = 0; i < lines->len; i++)
    printf ("%s\n", (const char *) g_ptr_array_index (lines, i));
  return XQ_CLI_EXIT_OK;
}

static int
cmd_forecast (const char * const *files)
{
  g_autoptr(XqSession) session = xq_cli_load_game (files[0]);
  g_autoptr(GString) out = g_string_new (NULL);

  if (session == NULL)
    return XQ_CLI_EXIT_INVALID;
  if (other_game (session) != NULL)
    return xq_cli_usage_error (_("forecast covers For-Ex games only; this is a %s game"), other_game (session));
  fx_summary_write_forecast (xq_session_get_setup (session), xq_session_get_state (session), out);
  xq_cli_write_out (out);
  return XQ_CLI_EXIT_OK;
}

static int
cmd_hint (const char * const *files)
{
  g_autoptr(XqSession) session = xq_cli_load_game (files[0]);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (session == NULL)
    return XQ_CLI_EXIT_INVALID;
  if (other_game (session) != NULL)
    return xq_cli_usage_error (_("hint covers For-Ex games only; this is a %s game"), other_game (session));
  if (!fx_cli_hint_write (session, depth, out, &error))
    return xq_cli_fail (error->message);
  xq_cli_write_out (out);
  return XQ_CLI_EXIT_OK;
}

static int
cmd_review (const char * const *files)
{
  g_autoptr(XqSession) session = xq_cli_load_game (files[0]);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (session == NULL)
    return XQ_CLI_EXIT_INVALID;
  if (other_game (session) != NULL)
    return xq_cli_usage_error (_("review covers For-Ex games only; this is a %s game"), other_game (session));
  if (!fx_cli_review_write (session, depth, n_threads, out, &error))
    return xq_cli_fail (error->message);
  xq_cli_write_out (out);
  return XQ_CLI_EXIT_OK;
}

static int
cmd_stats (const char * const *files)
{
  g_autoptr(XqSession) session = xq_cli_load_game (files[0]);
  g_autoptr(FxStats) stats = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  if (session == NULL)
    return XQ_CLI_EXIT_INVALID;
  if (other_game (session) != NULL)
    return xq_cli_usage_error (_("stats covers For-Ex games only; this is a %s game"), other_game (session));
  stats = fx_stats_new (session);
  fx_stats_write (stats, xq_session_get_setup (session), out);
  xq_cli_write_out (out);
  return XQ_CLI_EXIT_OK;
}

/* The output's extension chooses the report: .pdf printable, .csv the
 * standings after every move, .xqn the move list (as convert writes it). */
static int
cmd_report (const char * const *files)
{
  const char *in = files[0], *out = files[1];
  g_autoptr(XqSession) session = NULL;
  g_autoptr(GError) error = NULL;
  gboolean pdf = g_str_has_suffix (out, ".pdf");
  gboolean csv = g_str_has_suffix (out, ".csv");
  gboolean ok;

  if (!pdf && !csv && !g_str_has_suffix (out, ".xqn"))
    return xq_cli_usage_error (_("%s: the report's name must end in .pdf, .csv or .xqn"), out);
  session = xq_cli_load_game (in);
  if (session == NULL)
    return XQ_CLI_EXIT_INVALID;
  if (other_game (session) != NULL)
    return xq_cli_usage_error (_("report covers For-Ex games only; this is a %s game"), other_game (session));
  if (pdf)
    {
      /* A game that records no date is dated by its file. */
      if (xq_session_get_date (session) == NULL)
        {
          g_autoptr(GFile) file = g_file_new_for_commandline_arg (in);
          g_autofree char *date = fx_report_file_date (file);

          xq_session_set_date (session, date);
        }
      ok = fx_report_write_pdf (session, out, &error);
    }
  else if (csv)
    {
      g_autofree char *text = fx_report_csv (session);

      ok = xq_cli_write_text_file (out, text, &error);
    }
  else
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (out);

      ok = xq_session_save (session, file, NULL, FALSE, NULL, NULL, &error);
    }
  if (!ok)
    {
      xq_cli_report (out, 0, error->message);
      return XQ_CLI_EXIT_INVALID;
    }
  return XQ_CLI_EXIT_OK;
}

static int
refuse_score (const char *option,
              const char *game_id)
{
  return xq_cli_usage_error (_("score %s covers For-Ex games only; this is a %s game"), option, game_id);
}

static void
write_projected (XqSession *session,
                 GString   *out)
{
  fx_summary_write_projected (xq_session_get_setup (session), xq_session_get_state (session), out);
}

static void
write_readings (XqSession *session,
                GString   *out)
{
  FxReadings readings;

  fx_readings_compute (session, &readings);
  fx_readings_write (session, &readings, out);
}

static void
write_standing (XqSession *session,
                GString   *out)
{
  fx_summary_write_standing (xq_session_get_setup (session), xq_session_get_state (session), out);
}

static void
write_worth (XqSession *session,
             GString   *out)
{
  fx_summary_write_worth (xq_session_get_setup (session), xq_session_get_state (session), out);
}

static const XqCliOption depth_option[] = {
  { "depth", parse_depth },
};

static const XqCliOption review_options[] = {
  { "depth", parse_depth },
  { "threads", parse_threads },
};

static const XqCliCommand commands[] = {
  { "legal", NULL, 0, 1, NULL, cmd_legal },
  { "hint", depth_option, G_N_ELEMENTS (depth_option), 1, NULL, cmd_hint },
  { "forecast", NULL, 0, 1, NULL, cmd_forecast },
  { "review", review_options, G_N_ELEMENTS (review_options), 1, NULL, cmd_review },
  { "stats", NULL, 0, 1, NULL, cmd_stats },
  { "report", NULL, 0, 2, N_("report takes a game and an output file"), cmd_report },
};

static const XqCliScoreOption score_options[] = {
  { "--projected", write_projected },
  { "--readings", write_readings },
  { "--standing", write_standing },
  { "--worth", write_worth },
};

static const XqCliGame fx_cli = {
  .game_id = "for-ex",
  .commands = commands,
  .n_commands = G_N_ELEMENTS (commands),
  .score_options = score_options,
  .n_score_options = G_N_ELEMENTS (score_options),
  .refuse_score = refuse_score,
  .write_review = fx_cli_review_write,
};

const XqCliGame *
fx_cli_get (void)
{
  return &fx_cli;
}
