/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FxAuditRows: a long table of the audit as a list model whose rows are
 * made when a view asks for them, and the column view that shows it. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FX_TYPE_AUDIT_ROWS (fx_audit_rows_get_type ())

G_DECLARE_FINAL_TYPE (FxAuditRows, fx_audit_rows, FX, AUDIT_ROWS, GObject)

/* The text of cell @column of row @row, newly allocated. */
typedef char *(*FxAuditRowsCell) (gpointer data,
                                  guint    row,
                                  guint    column);

FxAuditRows *fx_audit_rows_new          (guint            n_rows,
                                         guint            n_columns,
                                         FxAuditRowsCell  cell,
                                         gpointer         data,
                                         GDestroyNotify   destroy);
/* Cell @column of @item, a row the model made (what a view binds). */
const char  *fx_audit_rows_item_cell    (gpointer         item,
                                         guint            column);

int          fx_audit_rows_guess_height (FxAuditRows        *rows,
                                         const gboolean     *numbers,
                                         GtkWidget          *widget);
void         fx_audit_rows_show_in_sight (FxAuditRows       *rows);
gboolean     fx_audit_rows_grow         (FxAuditRows        *rows);
gboolean     fx_audit_rows_shrink       (FxAuditRows        *rows);
gboolean     fx_audit_rows_is_complete  (FxAuditRows        *rows);
GtkWidget   *fx_audit_rows_view_new     (FxAuditRows        *rows,
                                         const char * const *titles,
                                         const gboolean     *numbers);

G_END_DECLS
