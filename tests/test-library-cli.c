/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exchequer-cli library …: its lines, its refusals and its exit statuses. */

#include "config.h"

#include <string.h>

#include "cli-support.h"
#include "test-dirs.h"

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  return g_test_run ();
}
