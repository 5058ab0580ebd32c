/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the UI tests share: the sample game, windows on it, running the main
 * loop, screenshots, light and dark. */
#pragma once

#include <adwaita.h>

#include "fx-audit-window.h"
#include "xq-application.h"
#include "xq-document.h"
#include "xq-session.h"
#include "xq-window.h"

G_BEGIN_DECLS

XqApplication *ui_application_new (void);
XqApplication *ui_test_init      (int          *argc,
                                  char       ***argv);
int            ui_test_run       (XqApplication **app);

char       *ui_sample_path     (void);
XqSession  *ui_load_session    (const char  *path);
XqSession  *ui_load_sample     (void);
XqSession  *ui_sample_prefix   (guint        n);
XqSession  *ui_session_prefix  (XqSession   *sample,
                                guint        n);
XqWindow   *ui_new_window      (XqApplication *app);
XqWindow   *ui_window_with     (XqApplication *app,
                                XqSession   *session);
XqWindow   *ui_window_opening  (XqApplication *app,
                                XqSession     *session);
FxAuditWindow *ui_open_audit   (XqWindow    *window);
FxAuditWindow *ui_find_audit   (XqWindow    *window);
GtkWidget  *ui_column_view_cell (GtkColumnView *view,
                                 guint          column,
                                 guint          row);
void        ui_wait_audit_loaded (FxAuditWindow *audit);
void        ui_close_with_audit (XqWindow     *window,
                                 FxAuditWindow *audit);
void        ui_save_document   (XqDocument  *document,
                                GFile       *file);

/* Waiting for what a test needs, never for a time: a condition, the
 * events already pending, or every shown window laid out and drawn. */
typedef gboolean (*UiCondition) (gpointer data);

void        ui_wait_until_named (UiCondition  condition,
                                 gpointer     data,
                                 const char  *what);
#define ui_wait_until(condition, data) \
  ui_wait_until_named ((UiCondition) (condition), (data), #condition " (" #data ")")
void        ui_process_pending (void);
void        ui_settle          (void);
void        ui_popup           (GtkPopover  *popover);
gboolean    ui_screenshots_wanted (void);
gboolean    ui_activate        (GtkWidget   *widget);
void        ui_screenshot      (GtkWidget   *window,
                                const char  *name);
void        ui_set_dark        (gboolean     dark);
GtkWindow  *ui_find_toplevel          (GType               type,
                                        GtkWindow          *parent);
GtkWindow  *ui_find_shown_window (GType     type);
GMenuModel *ui_open_main_menu  (GtkWidget   *window);
GtkWidget  *ui_find_descendant (GtkWidget   *root,
                                GType        type,
                                const char  *css_class);
GPtrArray  *ui_find_all        (GtkWidget   *root,
                                GType        type);
GPtrArray  *ui_find_shown_labels (GtkWidget *root);
char       *ui_collect_text    (GtkWidget   *root);

/* The sizes the window supports: wide, a small laptop, a phone at the table. */
typedef struct
{
  int         width, height;
  const char *name;
} UiSize;

#define UI_N_SIZES 3
extern const UiSize ui_sizes[UI_N_SIZES];

void        ui_resize          (GtkWindow   *window,
                                const UiSize *size);
void        ui_assert_in_view  (GtkWidget   *widget,
                                const char  *what,
                                const char  *size);
gboolean    ui_label_is_cut    (GtkLabel    *label);
void        ui_assert_no_sideways_scroll (GtkWidget  *window,
                                          const char *size);
void        ui_assert_no_sideways_scroll_except (GtkWidget  *window,
                                                 const char *size,
                                                 const char *except);
void        ui_screenshot_light_and_dark (GtkWidget  *window,
                                          const char *name);
GtkWidget  *ui_history_row     (GtkWidget   *history,
                                guint        position);

G_END_DECLS
