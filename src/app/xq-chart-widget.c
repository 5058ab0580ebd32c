/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A chart of src/report/xq-chart.c drawn in a widget: the audit's charts and
 * a player's rating history draw the same way, in the widget's text colour
 * (light or dark) and in captions a little smaller than its text. */

#include "config.h"

#include <adwaita.h>

#include "xq-chart-widget.h"

/**
 * xq_chart_widget_draw:
 * @widget: the widget the chart fills
 * @snapshot: its snapshot
 * @chart: what to draw
 * @layout: (out): where the plot went, for hit tests
 *
 * Draws @chart over the whole of @widget.
 */
void
xq_chart_widget_draw (GtkWidget     *widget,
                      GtkSnapshot   *snapshot,
                      const XqChart *chart,
                      XqChartLayout *layout)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  PangoContext *context = gtk_widget_get_pango_context (widget);
  PangoFontDescription *font = NULL;
  XqChartStyle style = { .context = context, .line_width = 2.25 };
  GdkRGBA fg;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  font = pango_font_description_copy (pango_context_get_font_description (context));
  /* The labels a little smaller than the window's text, as captions are. */
  if (pango_font_description_get_size_is_absolute (font))
    pango_font_description_set_absolute_size (font, pango_font_description_get_size (font) * 0.85);
  else
    pango_font_description_set_size (font, (int) (pango_font_description_get_size (font) * 0.85));
  style.font = font;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  style.fg[0] = fg.red;
  style.fg[1] = fg.green;
  style.fg[2] = fg.blue;
  style.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  xq_chart_draw (cr, chart, &style, width, height, layout);
  cairo_destroy (cr);
  pango_font_description_free (font);
}
