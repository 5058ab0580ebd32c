/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Audit page: its status line, question and box come
 * from ui/fx-audit-score-page.ui; this makes the what-if's choices and says
 * which is chosen. A kit of the audit window: it calls none of its files. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-score-page.h"
#include "fx-board.h"

/* The what-if list: the rules' choice first, then the seven currencies. */
#define FX_AUDIT_SCORE_PAGE_RULES 0

enum
{
  PROP_0,
  PROP_WHAT_IF,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

struct _FxAuditScorePage
{
  AdwBin       parent_instance;

  /* From the template */
  GtkLabel    *status;
  GtkDropDown *what_if;
  GtkBox      *content;
};

G_DEFINE_FINAL_TYPE (FxAuditScorePage, fx_audit_score_page, ADW_TYPE_BIN)

static void
what_if_changed (FxAuditScorePage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WHAT_IF]);
}

static void
fx_audit_score_page_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  FxAuditScorePage *self = FX_AUDIT_SCORE_PAGE (object);

  switch (prop_id)
    {
    case PROP_WHAT_IF:
      g_value_set_int (value, fx_audit_score_page_get_what_if (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fx_audit_score_page_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  FxAuditScorePage *self = FX_AUDIT_SCORE_PAGE (object);

  switch (prop_id)
    {
    case PROP_WHAT_IF:
      fx_audit_score_page_set_what_if (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fx_audit_score_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FX_TYPE_AUDIT_SCORE_PAGE);
  G_OBJECT_CLASS (fx_audit_score_page_parent_class)->dispose (object);
}

static void
fx_audit_score_page_class_init (FxAuditScorePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = fx_audit_score_page_dispose;
  object_class->get_property = fx_audit_score_page_get_property;
  object_class->set_property = fx_audit_score_page_set_property;
  /* The window works the standings out again when it changes. */
  properties[PROP_WHAT_IF] = g_param_spec_int ("what-if", NULL, NULL, FX_NO_CURRENCY, FX_N_CURRENCIES - 1,
                                               FX_NO_CURRENCY,
                                               G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/exchequer/Exchequer/fx-audit-score-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FxAuditScorePage, status);
  gtk_widget_class_bind_template_child (widget_class, FxAuditScorePage, what_if);
  gtk_widget_class_bind_template_child (widget_class, FxAuditScorePage, content);
  gtk_widget_class_bind_template_callback (widget_class, what_if_changed);
}

static void
fx_audit_score_page_init (FxAuditScorePage *self)
{
  g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_string_list_append (choices, _("As the rules decide"));
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    gtk_string_list_append (choices, fx_currency_code (c));
  gtk_drop_down_set_model (self->what_if, G_LIST_MODEL (choices));
}

GtkWidget *
fx_audit_score_page_new (void)
{
  return g_object_new (FX_TYPE_AUDIT_SCORE_PAGE, NULL);
}

int
fx_audit_score_page_get_what_if (FxAuditScorePage *self)
{
  guint selected;

  g_return_val_if_fail (FX_IS_AUDIT_SCORE_PAGE (self), FX_NO_CURRENCY);

  selected = gtk_drop_down_get_selected (self->what_if);
  return selected == FX_AUDIT_SCORE_PAGE_RULES || selected == GTK_INVALID_LIST_POSITION ? FX_NO_CURRENCY
                                                                                          : (int) selected - 1;
}

void
fx_audit_score_page_set_what_if (FxAuditScorePage *self,
                                 int               strongest)
{
  g_return_if_fail (FX_IS_AUDIT_SCORE_PAGE (self));
  g_return_if_fail (strongest >= FX_NO_CURRENCY && strongest < FX_N_CURRENCIES);

  gtk_drop_down_set_selected (self->what_if,
                              strongest == FX_NO_CURRENCY ? FX_AUDIT_SCORE_PAGE_RULES : (guint) strongest + 1);
}

void
fx_audit_score_page_set_status (FxAuditScorePage *self,
                                const char       *text,
                                gboolean          provisional)
{
  g_return_if_fail (FX_IS_AUDIT_SCORE_PAGE (self));

  gtk_label_set_text (self->status, text);
  if (provisional)
    gtk_widget_add_css_class (GTK_WIDGET (self->status), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status), "warning");
}

GtkBox *
fx_audit_score_page_get_content (FxAuditScorePage *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_SCORE_PAGE (self), NULL);

  return self->content;
}
