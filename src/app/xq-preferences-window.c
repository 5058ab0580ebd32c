/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The preferences window: each switch and choice bound straight to its
 * GSettings key; the library's location only once a worker has opened it. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-library.h"
#include "xq-preferences-window.h"

struct _XqPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GtkSwitch            *large_text_switch;
  GtkSwitch            *autosave_switch;
  GtkSwitch            *count_switch;
  AdwComboRow          *style_row;
  AdwEntryRow          *library_row;
  GtkSpinner           *library_spinner;
  GtkLabel             *library_problem;
  GSettings            *settings;
  GCancellable         *library_check;  /* the location being tried */
};

G_DEFINE_FINAL_TYPE (XqPreferencesWindow, xq_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The style-variant key's choices, in the order of the row's options. */
static const char *const style_variants[] = { "follow", "light", "dark" };

static gboolean
style_to_row (GValue   *value,
              GVariant *variant,
              gpointer  user_data)
{
  const char *chosen = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (style_variants); i++)
    if (g_str_equal (chosen, style_variants[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
row_to_style (const GValue       *value,
              const GVariantType *expected_type,
              gpointer            user_data)
{
  guint selected = g_value_get_uint (value);

  if (selected >= G_N_ELEMENTS (style_variants))
    return NULL;
  return g_variant_new_string (style_variants[selected]);
}

/* On a worker: a server may take seconds to answer, or not answer. Opening
 * is the whole check: a file that is not a library, a newer schema, a server
 * that is down or wrong credentials are all refused there, and a refused
 * file is never written (doc/library.md). */
static void
try_library (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = xq_library_open (task_data, &error);

  if (library == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

/* A sentence said below the fold is not said: once the refusal is laid out
 * (a frame after it is shown), the page scrolls down to it if it has to. */
static gboolean
scroll_to_problem (GtkWidget     *label,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (label, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = scrolled != NULL ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)) : NULL;
  GtkWidget *content = GTK_IS_VIEWPORT (viewport) ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  double bottom;

  if (content == NULL || !gtk_widget_get_visible (label))
    return G_SOURCE_REMOVE;
  if (gtk_widget_get_height (label) == 0 || !gtk_widget_compute_bounds (label, content, &bounds))
    return G_SOURCE_CONTINUE;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  bottom = bounds.origin.y + bounds.size.height + gtk_widget_get_margin_bottom (label);
  if (bottom > gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment))
    gtk_adjustment_set_value (adjustment, bottom - gtk_adjustment_get_page_size (adjustment));
  return G_SOURCE_REMOVE;
}

static void
library_tried (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  XqPreferencesWindow *self = XQ_PREFERENCES_WINDOW (source);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error) && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->library_check);
  gtk_spinner_stop (self->library_spinner);
  if (error != NULL)
    {
      /* The library's sentence names the location and the problem; the
       * second line says what it means for the app. */
      g_autofree char *problem = g_strdup_printf ("%s\n%s", error->message, _("The library in use has not changed."));

      gtk_label_set_text (self->library_problem, problem);
      gtk_widget_set_visible (GTK_WIDGET (self->library_problem), TRUE);
      gtk_widget_add_tick_callback (GTK_WIDGET (self->library_problem), scroll_to_problem, NULL, NULL);
      gtk_widget_add_css_class (GTK_WIDGET (self->library_row), "error");
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->library_problem), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->library_row), "error");
  g_settings_set_string (self->settings, "library-uri", g_task_get_task_data (G_TASK (result)));
}

/* The location is kept only once it opens: until then the app goes on
 * with the library it had (or none), and games with their files. */
static void
library_location_applied (XqPreferencesWindow *self)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *uri = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->library_row))));

  if (self->library_check != NULL)
    g_cancellable_cancel (self->library_check);
  g_clear_object (&self->library_check);
  self->library_check = g_cancellable_new ();
  gtk_spinner_start (self->library_spinner);
  task = g_task_new (self, self->library_check, library_tried, NULL);
  g_task_set_source_tag (task, library_location_applied);
  g_task_set_task_data (task, g_steal_pointer (&uri), g_free);
  g_task_run_in_thread (task, try_library);
}

static void
xq_preferences_window_dispose (GObject *object)
{
  XqPreferencesWindow *self = XQ_PREFERENCES_WINDOW (object);

  if (self->library_check != NULL)
    g_cancellable_cancel (self->library_check);
  g_clear_object (&self->library_check);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), XQ_TYPE_PREFERENCES_WINDOW);
  G_OBJECT_CLASS (xq_preferences_window_parent_class)->dispose (object);
}

static void
xq_preferences_window_class_init (XqPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_preferences_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, large_text_switch);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, autosave_switch);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, count_switch);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, library_row);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, library_spinner);
  gtk_widget_class_bind_template_child (widget_class, XqPreferencesWindow, library_problem);
  gtk_widget_class_bind_template_callback (widget_class, library_location_applied);
}

static void
xq_preferences_window_init (XqPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

XqPreferencesWindow *
xq_preferences_window_new (GSettings *settings)
{
  XqPreferencesWindow *self = g_object_new (XQ_TYPE_PREFERENCES_WINDOW, NULL);

  self->settings = g_object_ref (settings);
  g_settings_bind (settings, "large-text", self->large_text_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "autosave", self->autosave_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "count-after-dividend", self->count_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (settings, "style-variant", self->style_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                style_to_row, row_to_style, NULL, NULL);
  {
    g_autofree char *uri = g_settings_get_string (settings, "library-uri");

    gtk_editable_set_text (GTK_EDITABLE (self->library_row), uri);
  }
  return self;
}
