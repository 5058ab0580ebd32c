/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Statistics page: a page of the window as every other,
 * from ui/fx-audit-stats-page.ui; everything in it depends on the game and
 * is made by fx-audit-stats.c. A kit of the audit window. */

#include "config.h"

#include "fx-audit-stats-page.h"

struct _FxAuditStatsPage
{
  AdwBin  parent_instance;

  /* From the template */
  GtkBox *content;
};

G_DEFINE_FINAL_TYPE (FxAuditStatsPage, fx_audit_stats_page, ADW_TYPE_BIN)

static void
fx_audit_stats_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FX_TYPE_AUDIT_STATS_PAGE);
  G_OBJECT_CLASS (fx_audit_stats_page_parent_class)->dispose (object);
}

static void
fx_audit_stats_page_class_init (FxAuditStatsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = fx_audit_stats_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/exchequer/Exchequer/fx-audit-stats-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FxAuditStatsPage, content);
}

static void
fx_audit_stats_page_init (FxAuditStatsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
fx_audit_stats_page_new (void)
{
  return g_object_new (FX_TYPE_AUDIT_STATS_PAGE, NULL);
}

GtkBox *
fx_audit_stats_page_get_content (FxAuditStatsPage *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_STATS_PAGE (self), NULL);

  return self->content;
}
