/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's widget kit: the pieces every page is built from, alike on every page. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

GtkWidget  *fx_audit_kit_heading       (const char         *text);
GtkWidget  *fx_audit_kit_paragraph     (const char         *text,
                                        const char         *css_class);
/* A card around @child, with the page's padding. */
GtkWidget  *fx_audit_kit_frame         (GtkWidget          *child);
/* @child scrolling sideways on its own when wider than a phone. */
GtkWidget  *fx_audit_kit_sideways      (GtkWidget          *child);
/* A table in a card, scrolling sideways inside it on a phone. */
GtkWidget  *fx_audit_kit_card          (GtkWidget          *child);
GtkWidget  *fx_audit_kit_table_new     (void);
GtkWidget  *fx_audit_kit_cell          (GtkWidget          *grid,
                                        int                 column,
                                        int                 row,
                                        const char         *text,
                                        gboolean            number,
                                        gboolean            strong);
void        fx_audit_kit_header_row    (GtkWidget          *grid,
                                        const char * const *titles,
                                        const gboolean     *numbers,
                                        guint               n);
void        fx_audit_kit_clear_box     (GtkBox             *box);

G_END_DECLS
