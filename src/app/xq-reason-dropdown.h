/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A dropdown whose refused options stay listed, each with the reason why. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The most options one dropdown offers: ten contract amounts, or "—" and the
 * seven currencies. */
#define XQ_REASON_DROPDOWN_MAX 16

#define XQ_TYPE_REASON_DROPDOWN (xq_reason_dropdown_get_type ())

G_DECLARE_FINAL_TYPE (XqReasonDropdown, xq_reason_dropdown, XQ, REASON_DROPDOWN, GtkWidget)

GtkWidget   *xq_reason_dropdown_new           (void);
void         xq_reason_dropdown_set_options   (XqReasonDropdown   *self,
                                               guint               n,
                                               const char        **labels,
                                               const int          *values,
                                               char              **reasons,
                                               gboolean            by_position);
void         xq_reason_dropdown_reset         (XqReasonDropdown   *self);
guint        xq_reason_dropdown_get_selected  (XqReasonDropdown   *self);
gboolean     xq_reason_dropdown_get_value     (XqReasonDropdown   *self,
                                               int                *value);
int          xq_reason_dropdown_value_or      (XqReasonDropdown   *self,
                                               int                 fallback);
const char  *xq_reason_dropdown_get_reason    (XqReasonDropdown   *self);
const char  *xq_reason_dropdown_get_reason_at (XqReasonDropdown   *self,
                                               guint               position);
gboolean     xq_reason_dropdown_select_value  (XqReasonDropdown   *self,
                                               int                 value);
void         xq_reason_dropdown_set_preferred (XqReasonDropdown   *self,
                                               int                 value);
GtkDropDown *xq_reason_dropdown_get_drop_down (XqReasonDropdown   *self);
GtkWidget   *xq_reason_dropdown_get_button    (XqReasonDropdown   *self,
                                               guint               position);
char        *xq_reason_dropdown_dup_tooltip_at (XqReasonDropdown  *self,
                                               guint               position);
gboolean     xq_reason_dropdown_takes_key     (XqReasonDropdown   *self,
                                               guint               keyval);
gboolean     xq_reason_dropdown_type_key      (XqReasonDropdown   *self,
                                               guint               keyval);

G_END_DECLS
