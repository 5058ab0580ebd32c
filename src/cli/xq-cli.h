/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a game gives exchequer-cli (its own commands, its score options), and
 * what exchequer-cli.c gives the games' command files in return: loading a
 * game and saying a refusal as every command does. */
#pragma once

#include <stdio.h>

#include "xq-session.h"

G_BEGIN_DECLS

enum {
  XQ_CLI_EXIT_OK = 0,
  XQ_CLI_EXIT_INVALID = 1,   /* an illegal move or an invalid file */
  XQ_CLI_EXIT_USAGE = 2,
};

/* An option that takes a value, as "--NAME VALUE" or "--NAME=VALUE". */
typedef struct
{
  const char *name;    /* without the dashes */
  /* Takes @value; or FALSE with @error saying what the option takes
   * (a missing value is parsed as ""). */
  gboolean  (*parse) (const char  *value,
                      GError     **error);
} XqCliOption;

typedef struct
{
  const char         *name;
  const XqCliOption  *options;
  guint               n_options;
  /* How many files it takes, and the sentence when it is given another
   * number; NULL: "NAME takes one file". */
  guint               n_files;
  const char         *files_usage;
  /* Runs the command; the exit status. */
  int               (*run) (const char * const *files);
} XqCliCommand;

/* "score --FLAG": another audit of the same table. */
typedef struct
{
  const char  *flag;    /* with the dashes: "--worth" */
  void       (*write) (XqSession *session,
                       GString   *out);
} XqCliScoreOption;

typedef struct
{
  const char             *game_id;
  const XqCliCommand     *commands;
  guint                   n_commands;
  const XqCliScoreOption *score_options;
  guint                   n_score_options;
  /* Says that a score option of this game's met a file of another game,
   * @game_id's; the exit status. */
  int                   (*refuse_score) (const char *option,
                                         const char *game_id);
  /* The review's lines, as `review` writes them (notation.md): what
   * `library review` runs and reads its `player` lines from. NULL for a
   * game with no review. */
  gboolean              (*write_review) (XqSession  *session,
                                         guint       depth,
                                         guint       n_threads,
                                         GString    *out,
                                         GError    **error);
} XqCliGame;

/* In exchequer-cli.c, for the games' commands. */
int        xq_cli_usage_error      (const char   *format,
                                    ...) G_GNUC_PRINTF (1, 2);
int        xq_cli_fail             (const char   *sentence);
void       xq_cli_report           (const char   *path,
                                    guint         line,
                                    const char   *sentence);
XqSession *xq_cli_load_game        (const char   *path);
void       xq_cli_write_out        (GString      *out);
gboolean   xq_cli_write_text_file  (const char   *path,
                                    const char   *text,
                                    GError      **error);

G_END_DECLS
