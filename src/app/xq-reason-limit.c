/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A correction's reason entry that refuses, with a sentence, text past the
 * longest reason a session holds (XQ_REASON_MAX_CHARS). Left alone, GTK's
 * entry buffer holds at most 65,535 characters: it cuts a longer paste
 * silently and refuses a far longer one without a word, leaving the field
 * empty, and what it kept between 2,000 and 65,535 the session then refused
 * only on Record. Here a paste or a keystroke that would pass the limit is
 * not inserted at all, and the sentence says why and what the limit is. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-reason-limit.h"
#include "xq-session.h"

typedef struct
{
  XqReasonRefused  refused;
  gpointer         owner;
} Limit;

static void
insert_text (GtkEditable *text,
             const char  *new_text,
             int          length,
             int         *position,
             Limit       *limit)
{
  glong have = g_utf8_strlen (gtk_editable_get_text (text), -1);
  glong adding = g_utf8_strlen (new_text, length);
  g_autofree char *sentence = NULL;

  if (have + adding <= XQ_REASON_MAX_CHARS)
    return;
  g_signal_stop_emission_by_name (text, "insert-text");
  sentence = g_strdup_printf (_("A correction’s reason has at most %d characters; with this text it would have %ld, "
                                "so the text was not added"),
                              XQ_REASON_MAX_CHARS, have + adding);
  limit->refused (limit->owner, sentence);
}

static void
limit_free (gpointer  data,
            GClosure *closure)
{
  g_free (data);
}

/**
 * xq_reason_limit_attach:
 * @entry: the reason's entry (a #GtkText, or a widget that delegates to one,
 *   such as #AdwEntryRow)
 * @refused: shows the sentence when text is refused
 * @owner: its first argument; the limit lives as long as @entry
 */
void
xq_reason_limit_attach (GtkEditable     *entry,
                        XqReasonRefused  refused,
                        gpointer         owner)
{
  GtkEditable *text = entry;
  Limit *limit;

  g_return_if_fail (GTK_IS_EDITABLE (entry));

  /* The text widget emits insert-text, not the row around it. */
  while (gtk_editable_get_delegate (text) != NULL)
    text = gtk_editable_get_delegate (text);
  limit = g_new0 (Limit, 1);
  limit->refused = refused;
  limit->owner = owner;
  g_signal_connect_data (text, "insert-text", G_CALLBACK (insert_text), limit, limit_free, G_CONNECT_DEFAULT);
}
