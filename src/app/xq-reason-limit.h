/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A correction's reason entry that refuses, with a sentence, text past the longest reason. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Called with the sentence to show when typed or pasted text was refused. */
typedef void (*XqReasonRefused) (gpointer    owner,
                                 const char *sentence);

void xq_reason_limit_attach (GtkEditable     *entry,
                             XqReasonRefused  refused,
                             gpointer         owner);

G_END_DECLS
