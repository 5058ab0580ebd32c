/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Move times as the session format writes them: "2026-11-22T03:24:22Z". */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "YYYY-MM-DDTHH:MM:SSZ" and its terminating NUL */
#define XQ_TIME_ISO_BUF 21

const char *xq_time_format_iso (gint64       unix_time,
                                char         buf[XQ_TIME_ISO_BUF]);
gboolean    xq_time_parse_iso  (const char  *text,
                                gint64      *unix_time);

G_END_DECLS
