/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The history sidebar: every move in plain words and in XQN; selecting one shows the past. */
#pragma once

#include <gtk/gtk.h>

#include "xq-session.h"

G_BEGIN_DECLS

#define XQ_TYPE_HISTORY_VIEW (xq_history_view_get_type ())

G_DECLARE_FINAL_TYPE (XqHistoryView, xq_history_view, XQ, HISTORY_VIEW, GtkWidget)

void   xq_history_view_set_session   (XqHistoryView *self,
                                      XqSession     *session);
/* The number of moves whose result is shown; G_MAXUINT for "now". */
guint  xq_history_view_get_position  (XqHistoryView *self);
void   xq_history_view_set_position  (XqHistoryView *self,
                                      guint          position);
/* Focuses the row shown, once the list is laid out. */
void   xq_history_view_focus_row     (XqHistoryView *self);
/* The row of @position (0: the start of the game) if the list has built it. */
GtkWidget *xq_history_view_get_row   (XqHistoryView *self,
                                      guint          position);

/* A note on one move's row, e.g. a review's grade: an icon (with
 * @css_class for its colour, never the only cue), a short label beside it
 * and a longer description for the tooltip and the screen reader. */
typedef struct
{
  guint       move;          /* 0-based index */
  const char *icon_name;
  const char *css_class;     /* nullable */
  const char *label;
  const char *description;   /* nullable */
} XqHistoryMark;

/* Replaces the marks; they hold until a move is played or undone, since
 * they describe the game as it was when they were made. */
void   xq_history_view_set_marks     (XqHistoryView       *self,
                                      const XqHistoryMark *marks,
                                      guint                n_marks);

G_END_DECLS
