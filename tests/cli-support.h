/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Running exchequer-cli from the tests, in the C.UTF-8 locale or another. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int   status;   /* exit status, or -1 when killed */
  char *out;
  char *err;
} Run;

void        run_clear (Run                *run);
const char *cli_path  (void);
void        run_cli   (Run                *run,
                       const char * const *args);
void        run_cli_in_locale (Run                *run,
                               const char         *locale,
                               const char         *language,
                               const char * const *args);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

#define RUN(run, ...) run_cli ((run), (const char * const[]) { __VA_ARGS__, NULL })
#define RUN_IN(run, locale, language, ...) \
  run_cli_in_locale ((run), (locale), (language), (const char * const[]) { __VA_ARGS__, NULL })

G_END_DECLS
