/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the window's split files share. */
#pragma once

#include "xq-game-ui.h"
#include "xq-history-view.h"
#include "xq-window.h"

G_BEGIN_DECLS

struct _XqWindow
{
  AdwApplicationWindow  parent_instance;

  AdwToastOverlay      *toast_overlay;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
  GtkWidget            *history_button;
  AdwWindowTitle       *window_title;
  GtkStack             *stack;
  AdwLeaflet           *history_leaflet;
  GtkWidget            *history_separator;
  XqHistoryView        *history_view;
  GtkInfoBar           *autosave_bar;
  GtkLabel             *autosave_label;
  GtkRevealer          *past_revealer;
  GtkLabel             *past_label;
  GtkBox               *game_box;
  GtkWidget            *game_view;     /* the page of the document's game */
  const XqGameUi       *game_ui;
  AdwStatusPage        *welcome_page;
  GtkBox               *welcome_buttons;
  GtkMenuButton        *primary_menu_button;
  GMenuModel           *primary_menu;
  GMenu                *new_game_section;
  AdwPreferencesGroup  *recent_group;
  GtkListBox           *recent_list;
  AdwPreferencesGroup  *recovered_group;
  GtkListBox           *recovered_list;
  AdwStatusPage        *loading_page;
  GtkWindow            *shortcuts_window; /* built on first use */
  GtkWindow            *audit_window;     /* weak: the game's audit, shown or made ahead */
  guint                 audit_idle;       /* making it ahead (xq_window_prepare_audit_soon) */
  AdwToast             *history_toast;    /* what Undo or Redo did, while it shows */

  XqDocument           *document;
  GSettings            *settings;
  gboolean              close_confirmed;
  GCancellable         *load_cancellable; /* the load under way, or NULL */
  GFile                *loading_file;     /* what it opens; NULL restoring a journal */
  char                 *loading_title;    /* what the loading page calls it */
  guint                 load_progress_id; /* shows its progress after a while */
  gboolean              welcome_filled;
};

/* Read by the actions of both files (xq-window-actions.c, xq-window-dialogs.c). */
static inline XqSession *
session_of (XqWindow *self)
{
  return self->document != NULL ? xq_document_get_session (self->document) : NULL;
}

static inline gboolean
showing_now (XqWindow *self)
{
  return xq_history_view_get_position (self->history_view) == G_MAXUINT;
}

static inline gboolean
history_shown (XqWindow *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->history_view));
}

void  xq_window_update_actions   (XqWindow   *self);
void  xq_window_history_page_changed (XqWindow *self);
void  xq_window_toast            (XqWindow   *self,
                                  const char *title);
void  xq_window_show_error       (XqWindow   *self,
                                  const char *heading,
                                  const char *body);
void  xq_window_show_history     (XqWindow   *self,
                                  gboolean    show);
void  xq_window_class_add_actions (GtkWidgetClass *widget_class);
void  xq_window_add_new_game_items (XqWindow *self);
void  xq_window_class_add_dialog_actions (GtkWidgetClass *widget_class);
void  xq_window_forget_audit     (XqWindow   *self);
void  xq_window_prepare_audit_soon (XqWindow *self);
void  xq_window_fill_welcome     (XqWindow   *self);
void  xq_window_close_later      (XqWindow   *self);
void  xq_window_save_then_close  (XqWindow   *self);
void  xq_window_add_to_library   (XqWindow   *self,
                                  GFile      *file);

G_END_DECLS
