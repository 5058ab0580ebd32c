/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The recent games, kept in the desktop's shared list (GtkRecentManager), so
 * they also show in the file chooser's Recent and in GNOME Shell's search,
 * as every GNOME app's do. */

#include "config.h"

#include "xq-recent.h"
#include "xq-session-file.h"

/* data/io.github.exchequer.Exchequer.mime.xml: the core reads .xqn as
 * notation and anything else as a session document (xq-session-file.c). */
#define MIME_SESSION  "application/x-exchequer-session"
#define MIME_NOTATION "text/x-xqn"

/**
 * xq_recent_add:
 * @file: a game just opened or saved
 *
 * Puts @file first in the recent games.
 */
void
xq_recent_add (GFile *file)
{
  g_autofree char *uri = NULL;
  GtkRecentData data = { 0 };

  g_return_if_fail (G_IS_FILE (file));

  uri = g_file_get_uri (file);
  data.mime_type = (char *) (xq_session_file_is_notation (file) ? MIME_NOTATION : MIME_SESSION);
  data.app_name = (char *) XQ_RECENT_APP_NAME;
  /* What the desktop runs to open the file again with Exchequer. */
  data.app_exec = (char *) "exchequer %u";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

typedef struct
{
  GtkRecentInfo *info;
  gint64         stamp;
} Entry;

/* Newest first, by when Exchequer last opened or saved the file: another
 * program opening it does not reorder our list. */
static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const Entry *x = a, *y = b;

  return x->stamp < y->stamp ? 1 : x->stamp > y->stamp ? -1 : 0;
}

static gboolean
is_ours (GtkRecentInfo *info,
         gint64        *stamp)
{
  const char *mime = gtk_recent_info_get_mime_type (info);
  const char *exec = NULL;
  guint count = 0;
  GDateTime *when = NULL;

  if (g_strcmp0 (mime, MIME_SESSION) != 0 && g_strcmp0 (mime, MIME_NOTATION) != 0)
    return FALSE;
  /* Ours is what Exchequer opened or saved, not any session file on the
   * list (asking for an application's details on an entry without it warns). */
  if (!gtk_recent_info_has_application (info, XQ_RECENT_APP_NAME)
      || !gtk_recent_info_get_application_info (info, XQ_RECENT_APP_NAME, &exec, &count, &when))
    return FALSE;
  /* A local file deleted or moved since is no game to offer; a remote one
   * is not looked for here, which could hang on the network. */
  if (gtk_recent_info_is_local (info) && !gtk_recent_info_exists (info))
    return FALSE;
  /* In microseconds: two games opened within a second keep their order. */
  *stamp = when != NULL ? g_date_time_to_unix (when) * G_USEC_PER_SEC + g_date_time_get_microsecond (when) : 0;
  return TRUE;
}

/**
 * xq_recent_list:
 *
 * Returns: (transfer full) (element-type GFile): the recent games that
 *   still exist, newest first, at most %XQ_RECENT_MAX
 */
GPtrArray *
xq_recent_list (void)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);

  for (GList *l = items; l != NULL; l = l->next)
    {
      Entry entry = { l->data, 0 };

      if (is_ours (entry.info, &entry.stamp))
        g_array_append_val (entries, entry);
    }
  g_array_sort (entries, compare_entries);
  for (guint i = 0; i < entries->len && files->len < XQ_RECENT_MAX; i++)
    g_ptr_array_add (files, g_file_new_for_uri (gtk_recent_info_get_uri (g_array_index (entries, Entry, i).info)));
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  return files;
}
