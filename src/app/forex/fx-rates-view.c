/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 7×7 exact cross rates ("1 row = x column"), and below them the pairs won by
 * each currency, which decide who would be strongest now. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-display.h"
#include "fx-rates-view.h"
#include "fx-score.h"

struct _FxRatesView
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkWidget *grid;
  GtkWidget *won_grid;
  GtkWidget *rates[FX_N_CURRENCIES][FX_N_CURRENCIES];
  GtkWidget *won[FX_N_CURRENCIES];
  GtkWidget *won_header[FX_N_CURRENCIES];
  GtkWidget *verdict;
};

G_DEFINE_FINAL_TYPE (FxRatesView, fx_rates_view, GTK_TYPE_WIDGET)

void
fx_rates_view_set_state (FxRatesView   *self,
                         const FxState *state)
{
  FxStrongest strongest;

  g_return_if_fail (FX_IS_RATES_VIEW (self));

  for (int r = 0; r < FX_N_CURRENCIES; r++)
    for (int c = 0; c < FX_N_CURRENCIES; c++)
      {
        g_autofree char *text = r == c ? g_strdup ("—") : fx_display_rate (&state->board, r, c);
        g_autofree char *description = NULL;

        /* The name says what the label shows: a rate that stayed the same in
         * this step keeps both, and setting a name again costs as much as
         * a change. */
        if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (self->rates[r][c])), text) == 0)
          continue;
        gtk_label_set_text (GTK_LABEL (self->rates[r][c]), text);
        if (r == c)
          continue;
        description = g_strdup_printf (_("1 %s = %s %s"), fx_currency_code (r), text, fx_currency_code (c));
        gtk_accessible_update_property (GTK_ACCESSIBLE (self->rates[r][c]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        description, -1);
      }

  fx_score_strongest (state, &strongest);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *count = g_strdup_printf ("%u", strongest.pairs_won[c]);

      gtk_label_set_text (GTK_LABEL (self->won[c]), count);
      if (strongest.tied[c])
        {
          gtk_widget_add_css_class (self->won[c], "strongest");
          gtk_widget_add_css_class (self->won_header[c], "strongest");
        }
      else
        {
          gtk_widget_remove_css_class (self->won[c], "strongest");
          gtk_widget_remove_css_class (self->won_header[c], "strongest");
        }
    }
  if (strongest.strongest != FX_NO_CURRENCY)
    {
      g_autofree char *text = g_strdup_printf (fx_state_is_over (state) ? _("%s is the strongest currency.")
                                                                         : _("%s would be the strongest currency now."),
                                               fx_currency_code (strongest.strongest));
      gtk_label_set_text (GTK_LABEL (self->verdict), text);
    }
  else
    gtk_label_set_text (GTK_LABEL (self->verdict),
                        _("The strongest currency is tied even on certificates: the last player to act would choose."));
}

static void
fx_rates_view_dispose (GObject *object)
{
  FxRatesView *self = FX_RATES_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_RATES_VIEW);
  G_OBJECT_CLASS (fx_rates_view_parent_class)->dispose (object);
}

static void
fx_rates_view_class_init (FxRatesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_rates_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-rates-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FxRatesView, box);
  gtk_widget_class_bind_template_child (widget_class, FxRatesView, grid);
  gtk_widget_class_bind_template_child (widget_class, FxRatesView, won_grid);
  gtk_widget_class_bind_template_child (widget_class, FxRatesView, verdict);
}

static GtkWidget *
header_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "heading");
  return label;
}

static void
fx_rates_view_init (FxRatesView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The currencies' headings and the cells, seven of each: the template
   * holds what does not repeat. */
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      gtk_grid_attach (GTK_GRID (self->grid), header_label (fx_currency_code (c)), c + 1, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (self->grid), header_label (fx_currency_code (c)), 0, c + 1, 1, 1);
    }
  for (int r = 0; r < FX_N_CURRENCIES; r++)
    for (int c = 0; c < FX_N_CURRENCIES; c++)
      {
        self->rates[r][c] = gtk_label_new (NULL);
        gtk_label_set_xalign (GTK_LABEL (self->rates[r][c]), 1);
        gtk_grid_attach (GTK_GRID (self->grid), self->rates[r][c], c + 1, r + 1, 1, 1);
      }
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      self->won_header[c] = header_label (fx_currency_code (c));
      self->won[c] = gtk_label_new (NULL);
      gtk_grid_attach (GTK_GRID (self->won_grid), self->won_header[c], c + 1, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (self->won_grid), self->won[c], c + 1, 1, 1, 1);
    }
}
