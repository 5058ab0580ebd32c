/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The welcome view's lists: recent games, and games a crash left unsaved. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-a11y.h"
#include "xq-autosave.h"
#include "xq-recent.h"
#include "xq-window-private.h"

static void
recent_activated (AdwActionRow *row,
                  XqWindow     *self)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_object_get_data (G_OBJECT (row), "uri"));

  xq_window_open (self, file);
}

static void
restore_clicked (GtkButton *button,
                 XqWindow  *self)
{
  /* The restored game goes on in its journal, which stays on disk through
   * the restore; it keeps its file: Ctrl+S saves there, unless someone
   * changed it since. */
  xq_window_restore (self, g_object_get_data (G_OBJECT (button), "id"),
                     g_object_get_data (G_OBJECT (button), "title"));
}

static void
discard_clicked (GtkButton *button,
                 XqWindow  *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);

  xq_autosave_remove (g_object_get_data (G_OBJECT (button), "id"), NULL);
  gtk_list_box_remove (self->recovered_list, row);
  if (gtk_widget_get_first_child (GTK_WIDGET (self->recovered_list)) == NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->recovered_group), FALSE);
}

static void
add_recovered_row (XqWindow            *self,
                   const XqRecoverable *r)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (r->modified);
  g_autofree char *date = when != NULL ? g_date_time_format (when, "%c") : g_strdup ("");
  g_autofree char *source = r->source_uri != NULL ? g_filename_from_uri (r->source_uri, NULL, NULL) : NULL;
  g_autofree char *title = source != NULL ? g_path_get_basename (source) : g_strdup (_("Unsaved Game"));
  g_autofree char *state = xq_recoverable_describe_state (r);
  g_autofree char *subtitle = NULL;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *discard = gtk_button_new_from_icon_name ("user-trash-symbolic");

  if (r->state == XQ_RECOVERABLE_UNREADABLE)
    subtitle = g_strdup_printf ("%s\n%s", date, state);
  else
    {
      g_autofree char *moves = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move, %s", "%u moves, %s",
                                                             r->n_moves),
                                                r->n_moves, date);

      subtitle = state != NULL ? g_strdup_printf ("%s\n%s", moves, state) : g_steal_pointer (&moves);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (state != NULL)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_add_css_class (icon, "warning");
      gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, state, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
    }
  /* A journal that cannot be read can only be thrown away; its reason is
   * on its row. */
  if (r->state != XQ_RECOVERABLE_UNREADABLE)
    {
      GtkWidget *restore = gtk_button_new_with_mnemonic (_("_Restore"));

      gtk_widget_set_valign (restore, GTK_ALIGN_CENTER);
      if (r->state == XQ_RECOVERABLE_WHOLE)
        gtk_widget_add_css_class (restore, "suggested-action");
      xq_a11y_name_from_label (restore);
      g_object_set_data_full (G_OBJECT (restore), "id", g_strdup (r->id), g_free);
      g_object_set_data_full (G_OBJECT (restore), "title", g_strdup (title), g_free);
      g_signal_connect_object (restore, "clicked", G_CALLBACK (restore_clicked), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), restore);
    }
  gtk_widget_set_valign (discard, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (discard, "flat");
  gtk_widget_set_tooltip_text (discard, _("Discard This Game"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (discard), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Discard This Game"), -1);
  g_object_set_data_full (G_OBJECT (discard), "id", g_strdup (r->id), g_free);
  g_signal_connect_object (discard, "clicked", G_CALLBACK (discard_clicked), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), discard);
  gtk_list_box_append (self->recovered_list, row);
}

/* The journals are read on a worker (each is read whole); the rows come
 * when they are, unless the window has moved on to a game. */
static void
recovered_listed (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(XqWindow) self = user_data;
  g_autoptr(GPtrArray) list = xq_autosave_list_recoverable_finish (result, NULL);

  if (list == NULL || gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  for (guint i = 0; i < list->len; i++)
    {
      const XqRecoverable *r = g_ptr_array_index (list, i);

      /* Another window's game is open, not lost. */
      if (!xq_autosave_is_live (r->id))
        add_recovered_row (self, r);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->recovered_group),
                          gtk_widget_get_first_child (GTK_WIDGET (self->recovered_list)) != NULL);
}

static void
fill_recovered (XqWindow *self)
{
  xq_autosave_list_recoverable_async (NULL, recovered_listed, g_object_ref (self));
}

static void
fill_recent (XqWindow *self)
{
  g_autoptr(GPtrArray) recent = xq_recent_list ();

  for (guint i = 0; i < recent->len; i++)
    {
      GFile *file = g_ptr_array_index (recent, i);
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *where = g_file_get_parse_name (file);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), where);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      g_object_set_data_full (G_OBJECT (row), "uri", g_file_get_uri (file), g_free);
      g_signal_connect_object (row, "activated", G_CALLBACK (recent_activated), self, 0);
      gtk_list_box_append (self->recent_list, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->recent_group), recent->len > 0);
}

void
xq_window_fill_welcome (XqWindow *self)
{
  fill_recovered (self);
  fill_recent (self);
}
