/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The preferences window: each switch and choice bound straight to its GSettings key. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-preferences-window.h"

struct _XqPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GtkSwitch            *large_text_switch;
  GtkSwitch            *autosave_switch;
  GtkSwitch            *count_switch;
  AdwComboRow          *style_row;
  GSettings            *settings;
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

static void
xq_preferences_window_dispose (GObject *object)
{
  XqPreferencesWindow *self = XQ_PREFERENCES_WINDOW (object);

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
  return self;
}
