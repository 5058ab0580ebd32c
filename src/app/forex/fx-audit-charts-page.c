/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window's Charts page: its words and cards come from
 * ui/fx-audit-charts-page.ui; this makes the charts and the pairs' list and
 * says what was chosen and clicked. A kit of the audit window: it calls none
 * of the window's files. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-chart.h"
#include "fx-audit-charts-page.h"
#include "fx-board.h"

enum
{
  PROP_0,
  PROP_PAIR,
  N_PROPS
};

enum
{
  SHOW_MOVE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

struct _FxAuditChartsPage
{
  AdwBin       parent_instance;

  /* From the template */
  GtkWidget   *strength_frame;
  GtkWidget   *standings_frame;
  GtkWidget   *rate_frame;
  GtkDropDown *pair;

  /* Made in code: each chart takes its number format at construction */
  GtkWidget   *strength;
  GtkWidget   *standings;
  GtkWidget   *rate;
};

G_DEFINE_FINAL_TYPE (FxAuditChartsPage, fx_audit_charts_page, ADW_TYPE_BIN)

static void
point_activated (FxAuditChart      *chart,
                 guint              point,
                 FxAuditChartsPage *self)
{
  /* A chart's points are the positions of the game, the start first. */
  g_signal_emit (self, signals[SHOW_MOVE], 0, point);
}

static void
pair_changed (FxAuditChartsPage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAIR]);
}

/* @chart in its card, with the card's padding (as fx_audit_kit_frame). */
static GtkWidget *
chart_in (GtkWidget         *frame,
          const char        *title,
          XqChartFormat      format,
          double             unit,
          FxAuditChartsPage *self)
{
  GtkWidget *chart = fx_audit_chart_new (title, format);

  fx_audit_chart_set_unit (FX_AUDIT_CHART (chart), unit);
  g_signal_connect_object (chart, "point-activated", G_CALLBACK (point_activated), self, 0);
  gtk_widget_set_margin_top (chart, 12);
  gtk_widget_set_margin_bottom (chart, 12);
  gtk_widget_set_margin_start (chart, 12);
  gtk_widget_set_margin_end (chart, 12);
  gtk_box_append (GTK_BOX (frame), chart);
  return chart;
}

static void
fx_audit_charts_page_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  FxAuditChartsPage *self = FX_AUDIT_CHARTS_PAGE (object);

  switch (prop_id)
    {
    case PROP_PAIR:
      g_value_set_uint (value, fx_audit_charts_page_get_pair (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fx_audit_charts_page_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  FxAuditChartsPage *self = FX_AUDIT_CHARTS_PAGE (object);

  switch (prop_id)
    {
    case PROP_PAIR:
      fx_audit_charts_page_set_pair (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fx_audit_charts_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), FX_TYPE_AUDIT_CHARTS_PAGE);
  G_OBJECT_CLASS (fx_audit_charts_page_parent_class)->dispose (object);
}

static void
fx_audit_charts_page_class_init (FxAuditChartsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = fx_audit_charts_page_dispose;
  object_class->get_property = fx_audit_charts_page_get_property;
  object_class->set_property = fx_audit_charts_page_set_property;
  /* The pair the rate chart shows: the window draws its line when it changes. */
  properties[PROP_PAIR] = g_param_spec_uint ("pair", NULL, NULL, 0, FX_N_PAIRS - 1, 0,
                                             G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* The page knows no game window: its owner decides what a click shows. */
  signals[SHOW_MOVE] = g_signal_new ("show-move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/exchequer/Exchequer/fx-audit-charts-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FxAuditChartsPage, strength_frame);
  gtk_widget_class_bind_template_child (widget_class, FxAuditChartsPage, standings_frame);
  gtk_widget_class_bind_template_child (widget_class, FxAuditChartsPage, rate_frame);
  gtk_widget_class_bind_template_child (widget_class, FxAuditChartsPage, pair);
  gtk_widget_class_bind_template_callback (widget_class, pair_changed);
}

static void
fx_audit_charts_page_init (FxAuditChartsPage *self)
{
  g_autoptr(GtkStringList) pairs = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Counts and track steps are whole; standings come in half-bucks. */
  self->strength = chart_in (self->strength_frame, _("Pairs won"), fx_chart_format_count, 1, self);
  self->standings = chart_in (self->standings_frame, _("Bucks"), fx_chart_format_bucks, 0.5, self);
  self->rate = chart_in (self->rate_frame, _("Rate"), fx_chart_format_rate, 1, self);
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      FxCurrency a, b;
      g_autofree char *name = NULL;

      fx_pair_currencies (i, &a, &b);
      /* TRANSLATORS: a currency pair in the rate chart's list: "GBP / EUR" */
      name = g_strdup_printf (_("%s / %s"), fx_currency_code (a), fx_currency_code (b));
      gtk_string_list_append (pairs, name);
    }
  gtk_drop_down_set_model (self->pair, G_LIST_MODEL (pairs));
}

GtkWidget *
fx_audit_charts_page_new (void)
{
  return g_object_new (FX_TYPE_AUDIT_CHARTS_PAGE, NULL);
}

guint
fx_audit_charts_page_get_pair (FxAuditChartsPage *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHARTS_PAGE (self), 0);

  return gtk_drop_down_get_selected (self->pair);
}

void
fx_audit_charts_page_set_pair (FxAuditChartsPage *self,
                               guint              pair)
{
  g_return_if_fail (FX_IS_AUDIT_CHARTS_PAGE (self));
  g_return_if_fail (pair < FX_N_PAIRS);

  gtk_drop_down_set_selected (self->pair, pair);
}

GtkWidget *
fx_audit_charts_page_get_strength (FxAuditChartsPage *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHARTS_PAGE (self), NULL);

  return self->strength;
}

GtkWidget *
fx_audit_charts_page_get_standings (FxAuditChartsPage *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHARTS_PAGE (self), NULL);

  return self->standings;
}

GtkWidget *
fx_audit_charts_page_get_rate (FxAuditChartsPage *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_CHARTS_PAGE (self), NULL);

  return self->rate;
}
