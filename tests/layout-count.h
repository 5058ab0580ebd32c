/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How often each text is laid out by Pango, counted in a test: GTK 4.8
 * lays a wrapping label out again at each width it tries, and a layout a
 * hundred times over is a frame lost (issue #27). Linking this file puts
 * its pango_layout_get_size() before Pango's in the test program. */
#pragma once

#include <glib.h>

void   layout_count_begin (void);
void   layout_count_end   (void);
guint  layout_count_of    (const char  *text);
guint  layout_count_most  (const char  *prefix,
                           const char **text);
