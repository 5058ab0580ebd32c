/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The charts as drawn, in the audit window and on the printed page: each line
 * in its colour where the series puts it, labels inked, legends; printing
 * draws the PDF's own pages. */

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <math.h>

#include "fx-audit-chart.h"
#include "fx-audit-window.h"
#include "fx-report.h"
#include "fx-series.h"
#include "pdf-support.h"
#include "xq-application.h"
#include "xq-window.h"
#include "ui-support.h"

static XqApplication *app;

/* @count pixels of @surface (RGB24) in the rectangle near @rgb. */
static guint
count_color (cairo_surface_t *surface,
             const double    *rgb,
             int              x0,
             int              y0,
             int              x1,
             int              y1)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  x0 = MAX (x0, 0);
  y0 = MAX (y0, 0);
  x1 = MIN (x1, cairo_image_surface_get_width (surface));
  y1 = MIN (y1, cairo_image_surface_get_height (surface));
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);
        double dr = ((pixel >> 16) & 0xff) - rgb[0] * 255;
        double dg = ((pixel >> 8) & 0xff) - rgb[1] * 255;
        double db = (pixel & 0xff) - rgb[2] * 255;

        n += dr * dr + dg * dg + db * db < 25 * 25;
      }
  return n;
}

/* Pixels darker than the grid, as text is, in the rectangle. */
static guint
count_ink (cairo_surface_t *surface,
           int              x0,
           int              y0,
           int              x1,
           int              y1)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  for (int y = MAX (y0, 0); y < MIN (y1, cairo_image_surface_get_height (surface)); y++)
    for (int x = MAX (x0, 0); x < MIN (x1, cairo_image_surface_get_width (surface)); x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);

        n += 0.3 * ((pixel >> 16) & 0xff) + 0.59 * ((pixel >> 8) & 0xff) + 0.11 * (pixel & 0xff) < 150;
      }
  return n;
}

/* The widget as the window draws it, on white (the light card under it). */
static cairo_surface_t *
render_on_white (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  cairo_surface_t *drawn, *surface;
  cairo_t *cr;

  g_assert_cmpint (width, >, 0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  drawn = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  gdk_texture_download (texture, cairo_image_surface_get_data (drawn), cairo_image_surface_get_stride (drawn));
  cairo_surface_mark_dirty (drawn);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_surface (cr, drawn, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (drawn);
  cairo_surface_flush (surface);
  return surface;
}

/* A chart as drawn: each line in its colour where its layout puts its
 * values, a label at each grid line and under each move tick, a swatch of
 * each colour in the legend above the plot. */
static void
assert_chart_drawn (FxAuditChart  *chart,
                    const double **values,
                    const guint   *colors,
                    guint          n_lines,
                    guint          n_points)
{
  cairo_surface_t *surface = render_on_white (GTK_WIDGET (chart));
  const XqChartLayout *layout = fx_audit_chart_get_layout (chart);
  double bottom = layout->y + layout->height;

  g_assert_cmpuint (fx_audit_chart_get_n_lines (chart), ==, n_lines);
  for (guint l = 0; l < n_lines; l++)
    {
      const double *rgb = xq_chart_color (colors[l], FALSE);
      guint points = 0, found = 0;

      for (guint i = 0; i < n_points; i++)
        {
          double x = xq_chart_x_of_point (layout, n_points, i), y;

          if (isnan (values[l][i]))
            continue;
          y = xq_chart_y_of_value (layout, values[l][i], l, n_lines);
          points++;
          found += count_color (surface, rgb, (int) x - 1, (int) y - 1, (int) x + 2, (int) y + 2) > 0;
        }
      /* Another line crossing on top may hide a few points, never most. */
      if (found < points * 4 / 5)
        g_error ("line %u: its colour at %u of its %u points", l, found, points);
      g_assert_cmpuint (count_color (surface, rgb, 0, 0, cairo_image_surface_get_width (surface),
                                     (int) layout->y - 10), >=, 20);
    }
  for (double v = layout->lo; v <= layout->hi + layout->y_step / 2; v += layout->y_step)
    {
      double y = xq_chart_y_of_value (layout, v, 0, 1);

      g_assert_cmpuint (count_ink (surface, 0, (int) y - 5, (int) layout->x - 2, (int) y + 5), >=, 4);
    }
  for (guint m = 0; m < n_points; m += layout->x_step)
    {
      double x = xq_chart_x_of_point (layout, n_points, m);

      g_assert_cmpuint (count_ink (surface, (int) x - 12, (int) bottom + 3, (int) x + 12, (int) bottom + 20), >=, 4);
    }
  /* And no line below the plot or above the values' top. */
  for (guint l = 0; l < n_lines; l++)
    g_assert_cmpuint (count_color (surface, xq_chart_color (colors[l], FALSE), (int) layout->x, (int) bottom + 4,
                                   (int) (layout->x + layout->width), cairo_image_surface_get_height (surface)),
                      ==, 0);
  cairo_surface_destroy (surface);
}

/* The charts page draws what the series says, where it says. */
static void
test_chart_drawn (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  g_autoptr(FxSeries) series = fx_series_new (session);
  guint n = series->n_points;
  g_autofree double *buffer = g_new (double, (gsize) n * (FX_N_CURRENCIES + FX_MAX_PLAYERS));
  const double *values[FX_N_CURRENCIES + FX_MAX_PLAYERS];
  guint colors[FX_N_CURRENCIES + FX_MAX_PLAYERS];
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);

  for (guint l = 0; l < FX_N_CURRENCIES + series->n_players; l++)
    {
      double *v = buffer + (gsize) l * n;

      if (l < FX_N_CURRENCIES)
        fx_chart_strength_values (series, l, v);
      else
        fx_chart_standing_values (series, l - FX_N_CURRENCIES, v);
      values[l] = v;
      colors[l] = l < FX_N_CURRENCIES ? l : l - FX_N_CURRENCIES;
    }
  ui_set_dark (FALSE);
  gtk_window_set_default_size (GTK_WINDOW (audit), 1100, 1150);
  fx_audit_window_show_page (audit, "charts");
  ui_settle ();
  assert_chart_drawn (FX_AUDIT_CHART (fx_audit_window_get_chart (audit, FX_AUDIT_CHART_STRENGTH)),
                      values, colors, FX_N_CURRENCIES, n);
  assert_chart_drawn (FX_AUDIT_CHART (fx_audit_window_get_chart (audit, FX_AUDIT_CHART_STANDINGS)),
                      values + FX_N_CURRENCIES, colors + FX_N_CURRENCIES, series->n_players, n);
  /* For a look at a phone's width. */
  ui_resize (GTK_WINDOW (audit), &ui_sizes[UI_N_SIZES - 1]);
  ui_screenshot (GTK_WIDGET (audit), "audit-charts-360x720");
  ui_close_with_audit (window, audit);
}

/* The rows of a PDF's one page. */
static GPtrArray *
page_rows (const char *pdf,
           guint       page)
{
  g_autoptr(GPtrArray) pages = pdf_read_pages (pdf);

  g_assert_cmpuint (page, <, pages->len);
  return g_ptr_array_ref (((PdfPage *) pages->pdata[page])->rows);
}

/* Printing draws the PDF's own pages: each printed page (fx_report_draw_page)
 * reads row by row, in the same places, as that page of the exported PDF.
 * On the charts page every line shows: the currencies' colours in the upper
 * chart, the players' (and only theirs) in the lower. Page 2 is kept for review. */
static void
test_print_pages (void)
{
  g_autoptr(XqSession) session = ui_load_sample ();
  const FxSetup *setup = xq_session_get_setup (session);
  guint n = fx_report_get_n_pages (session);
  g_autofree FxMove *moves = NULL;
  g_autoptr(FxReviewSummary) review = NULL;
  guint n_moves;
  g_autofree char *dir = g_dir_make_tmp ("exchequer-print-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *one = g_build_filename (dir, "printed.pdf", NULL);
  g_autoptr(GPtrArray) pages = NULL;
  g_autoptr(GError) error = NULL;
  const double width = 595.276, height = 841.890;

  g_assert_true (pdf_can_read ());
  /* The review the PDF's own run makes, given to printing as the window gives its own. */
  moves = fx_review_session_moves (session, &n_moves);
  review = fx_review_summary_run (setup, moves, n_moves, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (fx_report_write_pdf (session, pdf, &error));
  g_assert_no_error (error);
  pages = pdf_read_pages (pdf);
  g_assert_cmpuint (pages->len, ==, n);
  for (guint page = 0; page < n; page++)
    {
      cairo_surface_t *surface = cairo_pdf_surface_create (one, width, height);
      cairo_t *cr = cairo_create (surface);
      GPtrArray *expected = ((PdfPage *) pages->pdata[page])->rows;
      g_autoptr(GPtrArray) printed = NULL;

      fx_report_draw_page (session, review, page, cr, width, height);
      cairo_show_page (cr);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      cairo_surface_destroy (surface);
      printed = page_rows (one, 0);
      g_assert_cmpuint (printed->len, ==, expected->len);
      g_assert_cmpuint (printed->len, >=, 3);
      for (guint r = 0; r < printed->len; r++)
        {
          PdfRow *a = printed->pdata[r], *b = expected->pdata[r];

          g_assert_cmpstr (a->text, ==, b->text);
          g_assert_cmpfloat_with_epsilon (a->top, b->top, 0.5);
        }
    }

  for (guint page = 1; page <= 3; page += 2)
    {
      const int scale = 2, w = (int) (width * scale), h = (int) (height * scale);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      cairo_t *cr = cairo_create (surface);

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      fx_report_draw_page (session, review, page, cr, w, h);
      cairo_surface_flush (surface);
      if (page == 1)
        {
          g_autofree char *path = g_build_filename (SCREENSHOT_DIR, "print-page-2.png", NULL);

          if (ui_screenshots_wanted ())
            g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
        }
      else
        {
          guint fewest = G_MAXUINT, others = 0;

          /* More than a legend's swatch of every colour: its line is drawn. */
          for (guint c = 0; c < XQ_CHART_N_COLORS; c++)
            g_assert_cmpuint (count_color (surface, xq_chart_color (c, FALSE), 0, 0, w, h / 2), >=, 500);
          for (guint c = 0; c < XQ_CHART_N_COLORS; c++)
            {
              guint below = count_color (surface, xq_chart_color (c, FALSE), 0, h / 2, w, h);

              if (c < setup->n_players)
                fewest = MIN (fewest, below);
              else
                others = MAX (others, below);
            }
          /* Below, the players' lines; where two cross, their blend may pass for another colour. */
          g_assert_cmpuint (fewest, >=, 500);
          g_assert_cmpuint (others, <, fewest / 10);
        }
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  g_remove (one);
  g_remove (pdf);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/charts/drawn", test_chart_drawn);
  g_test_add_func ("/charts/print-pages", test_print_pages);

  return ui_test_run (&app);
}
