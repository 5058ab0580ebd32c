/* SPDX-License-Identifier: GPL-3.0-or-later */
/* User text quoted in a sentence: cut short, with control characters shown as escapes. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A quotation in a sentence holds at most this many characters, then "…". */
#define XQ_QUOTE_MAX_CHARS 40
/* Room for one: each character at most 4 bytes, the "…" and the NUL. */
#define XQ_QUOTE_BYTES (XQ_QUOTE_MAX_CHARS * 4 + 4)

gboolean    xq_unichar_moves_text (gunichar    c);
gunichar    xq_text_find_moving   (const char *text);

const char *xq_quote_into         (const char *text,
                                   char        buf[XQ_QUOTE_BYTES]);
char       *xq_quote_for_message  (const char *text);
char       *xq_escape_for_message (const char *text);

/* The quotation of @text as an argument of a sentence's format, in a buffer
 * that lives until the end of the enclosing block: an error path needs no
 * variable or free for it. */
#define XQ_QUOTE(text) xq_quote_into ((text), (char[XQ_QUOTE_BYTES]) { 0 })

G_END_DECLS
