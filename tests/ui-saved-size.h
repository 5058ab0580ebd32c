/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Starting the window at a saved size, as a phone's shell opens it or as the
 * app reopens after being closed narrow: one size, given once, before the
 * window is first shown. Shared by the tests in each language. */
#pragma once

#include "ui-support.h"
#include "xq-document.h"

/* Each widget down the chain of the widest children, for a failure to say
 * which one holds the window open. */
static inline void
ui_saved_size_print_widest (GtkWidget *widget)
{
  while (widget != NULL)
    {
      GtkWidget *widest = NULL;
      int widest_min = -1, min;

      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      g_printerr ("  %s (%s) needs %d px\n", G_OBJECT_TYPE_NAME (widget), gtk_widget_get_name (widget), min);
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        {
          if (!gtk_widget_get_visible (c))
            continue;
          gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
          if (min > widest_min)
            {
              widest = c;
              widest_min = min;
            }
        }
      widget = widest;
    }
}

static inline void
ui_saved_size_count_paint (GdkFrameClock *clock,
                           guint         *n_paints)
{
  (*n_paints)++;
}

/* The first descendant of @root of @type with @css_class that is on screen:
 * of a widget in two arrangements, the one shown. */
static inline GtkWidget *
ui_saved_size_find_mapped (GtkWidget  *root,
                           GType       type,
                           const char *css_class)
{
  g_autoptr(GPtrArray) all = ui_find_all (root, type);

  for (guint i = 0; i < all->len; i++)
    if (gtk_widget_has_css_class (all->pdata[i], css_class) && gtk_widget_get_mapped (all->pdata[i]))
      return all->pdata[i];
  return NULL;
}

/* Opens a window on @session at the saved size @width × @height and waits
 * until the widget of @type with @css_class (For-Ex's Record, Fair Trade's
 * players) has been drawn a few frames (the size negotiation has then had
 * every chance to settle); asserts the window has that width and the widget,
 * called @what in a failure, lies inside it. Returns the window, to be
 * destroyed by the caller. */
static inline XqWindow *
ui_start_at_saved_size_showing (XqApplication *app,
                                XqSession     *session,
                                int            width,
                                int            height,
                                GType          type,
                                const char    *css_class,
                                const char    *what)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(XqDocument) document = xq_document_new (session, FALSE);
  g_autofree char *size = g_strdup_printf ("%dx%d saved", width, height);
  GdkFrameClock *clock;
  GdkSurface *surface;
  GtkWidget *shown = NULL;
  XqWindow *window;
  guint n_paints = 0, drawn_at = 0;
  int least = 0;
  graphene_rect_t bounds;
  gulong handler;

  /* A phone's shell shows Close alone in a title bar. */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", width < 700 ? ":close" : ":minimize,maximize,close",
                NULL);
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  window = xq_window_new (app);
  xq_window_set_document (window, document);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_realize (GTK_WIDGET (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (ui_saved_size_count_paint), &n_paints);
  /* Until the widget is on screen and three more frames were drawn; a window
   * that never settles fails after a hundred frames. */
  while (n_paints < 100 && (drawn_at == 0 || n_paints < drawn_at + 3))
    {
      g_main_context_iteration (NULL, TRUE);
      if (drawn_at == 0 && (shown = ui_saved_size_find_mapped (GTK_WIDGET (window), type, css_class)) != NULL)
        drawn_at = n_paints + 1;
    }
  g_signal_handler_disconnect (clock, handler);
  /* Of a widget in two arrangements, the one shown once settled. */
  shown = ui_saved_size_find_mapped (GTK_WIDGET (window), type, css_class);
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  /* The surface is what the shell sized; the window inside it is smaller
   * by the border GTK draws itself where no compositor draws a shadow. */
  surface = gtk_native_get_surface (GTK_NATIVE (window));
  gtk_widget_measure (adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)), GTK_ORIENTATION_HORIZONTAL,
                      -1, &least, NULL, NULL, NULL);
  g_test_message ("started at %d × %d: the window is %d × %d px (its content asks %d), its surface %d × %d",
                  width, height, gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)),
                  least, gdk_surface_get_width (surface), gdk_surface_get_height (surface));
  if (gdk_surface_get_width (surface) != width)
    ui_saved_size_print_widest (GTK_WIDGET (window));
  g_assert_cmpint (gdk_surface_get_width (surface), ==, width);
  g_assert_cmpint (gdk_surface_get_height (surface), ==, height);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
  g_assert_nonnull (shown);
  g_assert_true (gtk_widget_get_mapped (shown));
  g_assert_true (gtk_widget_compute_bounds (shown, GTK_WIDGET (window), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  ui_assert_in_view (shown, what, size);
  return window;
}

/* For-Ex: started at a saved size, Record on screen. */
static inline XqWindow *
ui_start_at_saved_size (XqApplication *app,
                        XqSession     *session,
                        int            width,
                        int            height)
{
  return ui_start_at_saved_size_showing (app, session, width, height, GTK_TYPE_BUTTON, "record", "Record");
}
