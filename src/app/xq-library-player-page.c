/* SPDX-License-Identifier: GPL-3.0-or-later */
/* XqLibraryPlayerPage: one player's page in the Library window. A worker
 * reads their names, record, rating history and head-to-head from the
 * library (each call blocks); the page then shows a group per game: the
 * record, the rating history drawn by the shared chart module, and how they
 * fared against every other player. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "xq-game.h"
#include "xq-library.h"
#include "xq-library-player-page.h"
#include "xq-library-rating.h"
#include "xq-rating-chart.h"

/* What the worker read, handed to the main thread whole. */
typedef struct
{
  char      *name;      /* the library's name for the player */
  GPtrArray *aliases;   /* char * */
  GPtrArray *records;   /* XqLibraryRecord */
  GPtrArray *history;   /* XqLibraryRatingStep, by game, in order */
  GPtrArray *versus;    /* XqLibraryVersus, by game, then by name */
} PlayerData;

struct _XqLibraryPlayerPage
{
  AdwBin                parent_instance;

  GtkStack             *stack;
  GtkSpinner           *spinner;
  AdwStatusPage        *error_page;
  AdwPreferencesPage   *page;
  AdwPreferencesGroup  *chart_group;
  XqRatingChart        *chart;

  GPtrArray            *groups;       /* the groups made for the player shown */
  GCancellable         *cancellable;  /* the read under way */
  char                 *library_uri;  /* NULL: the default library */
  char                 *name;
  char                 *subtitle;
  gboolean              loaded;
};

/* Which player, in which library: for the worker. */
typedef struct
{
  char *library_uri;
  char *name;
} PlayerQuery;

static void
player_query_free (PlayerQuery *query)
{
  g_free (query->library_uri);
  g_free (query->name);
  g_free (query);
}

G_DEFINE_FINAL_TYPE (XqLibraryPlayerPage, xq_library_player_page, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_SUBTITLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  PLAYER_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
player_data_free (PlayerData *data)
{
  g_free (data->name);
  g_clear_pointer (&data->aliases, g_ptr_array_unref);
  g_clear_pointer (&data->records, g_ptr_array_unref);
  g_clear_pointer (&data->history, g_ptr_array_unref);
  g_clear_pointer (&data->versus, g_ptr_array_unref);
  g_free (data);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlayerData, player_data_free)

static void
read_player (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  PlayerQuery *query = task_data;
  const char *name = query->name;
  g_autoptr(GError) error = NULL;
  g_autoptr(XqLibrary) library = xq_library_open_existing (query->library_uri, &error);
  g_autoptr(PlayerData) data = g_new0 (PlayerData, 1);

  if (library == NULL)
    {
      if (error == NULL)
        g_set_error_literal (&error, XQ_LIBRARY_ERROR, XQ_LIBRARY_ERROR_NOT_FOUND, _("There is no library yet."));
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if ((data->name = xq_library_find_player (library, name, &error)) == NULL
      || (data->aliases = xq_library_get_aliases (library, name, &error)) == NULL
      || (data->records = xq_library_get_records (library, name, &error)) == NULL
      || (data->history = xq_library_get_history (library, name, &error)) == NULL
      || (data->versus = xq_library_get_versus (library, name, &error)) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&data), (GDestroyNotify) player_data_free);
}

static const char *
kind_name (const char *kind)
{
  const XqGame *game = xq_game_lookup (kind);

  return game != NULL ? _(game->display_name) : kind;
}

/* To two places at most, without trailing zeros: 3.5, 2.25, 1. */
static char *
format_decimal (double value)
{
  g_autofree char *digits = g_strdup_printf ("%.2f", value);
  gsize length = strlen (digits);

  while (length > 0 && digits[length - 1] == '0')
    digits[--length] = '\0';
  if (length > 0 && !g_ascii_isdigit (digits[length - 1]))
    digits[--length] = '\0';
  return g_strdup (digits);
}

/* A signed figure as a reader expects it: a true minus sign, a plus for a
 * gain, the locale's decimal point. */
static char *
format_signed (double value)
{
  g_autofree char *digits = format_decimal (fabs (value));

  if (g_strcmp0 (digits, "0") == 0)
    return g_steal_pointer (&digits);
  return g_strconcat (value < 0 ? "\xE2\x88\x92" : "+", digits, NULL);
}

static GtkWidget *
figure_row (const char *title,
            const char *subtitle,
            const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  return row;
}

static AdwPreferencesGroup *
add_group (XqLibraryPlayerPage *self,
           const char          *title,
           const char          *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  adw_preferences_page_add (self->page, ADW_PREFERENCES_GROUP (group));
  g_ptr_array_add (self->groups, group);
  return ADW_PREFERENCES_GROUP (group);
}

/* The record in one game: the figures issue 29 names, each in words. */
static void
add_record (XqLibraryPlayerPage   *self,
            const XqLibraryRecord *record)
{
  AdwPreferencesGroup *group;
  g_autofree char *description = NULL;
  g_autofree char *plays = g_strdup_printf ("%u", record->plays);
  g_autofree char *wins = NULL;
  g_autofree char *placing = format_decimal (record->plays > 0 ? (double) record->placing_sum / record->plays : 0);
  g_autofree char *margin = format_signed (record->plays > 0 ? record->margin_half_sum / 2.0 / record->plays : 0);
  g_autofree char *largest = record->wins + record->shared_wins > 0 ? format_signed (record->largest_win_half / 2.0)
                                                                   : g_strdup (_("No win yet"));
  g_autofree char *bankruptcies = g_strdup_printf ("%u", record->bankruptcies);

  if (record->has_rating)
    {
      XqRating rating = { record->mu, record->sigma };

      g_autofree char *shown = xq_rating_chart_format (xq_rating_ordinal (&rating));

      /* TRANSLATORS: under a game's record: the player's rating, then its skill μ and uncertainty σ */
      description = g_strdup_printf (_("Rated %s (skill %.1f, uncertainty %.1f)"), shown, record->mu, record->sigma);
    }
  group = add_group (self, kind_name (record->game), description);
  if (record->shared_wins == 0)
    wins = g_strdup_printf ("%u", record->wins);
  else
    /* TRANSLATORS: wins in a player's record: won alone, then won together with others */
    wins = g_strdup_printf (_("%u, and %u shared"), record->wins, record->shared_wins);

  adw_preferences_group_add (group, figure_row (_("Games"), NULL, plays));
  adw_preferences_group_add (group, figure_row (_("Wins"), record->shared_wins > 0 ? _("A shared win is a tie for first place") : NULL,
                                                wins));
  adw_preferences_group_add (group, figure_row (_("Average placing"), _("1 is first"), placing));
  adw_preferences_group_add (group, figure_row (_("Average margin"), _("Own total less the best other total"), margin));
  adw_preferences_group_add (group, figure_row (_("Largest win"), _("The widest margin of a win"), largest));
  adw_preferences_group_add (group, figure_row (_("Bankruptcies"), NULL, bankruptcies));
  /* Only where the game counts loans (For-Ex does, Fair Trade has none). */
  if (record->loans_counted > 0)
    {
      g_autofree char *loans = g_strdup_printf ("%u", record->loans);
      g_autofree char *over = NULL;

      if (record->loans_counted < record->plays)
        /* TRANSLATORS: under "Loans taken" when some games did not count them */
        over = g_strdup_printf (ngettext ("Counted in %u game", "Counted in %u games", record->loans_counted),
                                record->loans_counted);
      adw_preferences_group_add (group, figure_row (_("Loans taken"), over, loans));
    }
  /* Only once a review of one of their games has been stored. */
  if (record->reviewed > 0 && record->review_turns > 0)
    {
      g_autofree char *loss = format_decimal (record->review_loss_half / 2.0 / record->review_turns);
      g_autofree char *explained = g_strdup_printf (
        /* TRANSLATORS: under "Average loss per turn": what the figure is, then how many games it comes from */
        ngettext ("What each turn cost against the best move the review found; lower is more accurate. From %u "
                  "reviewed game.",
                  "What each turn cost against the best move the review found; lower is more accurate. From %u "
                  "reviewed games.",
                  record->reviewed),
        record->reviewed);

      adw_preferences_group_add (group, figure_row (_("Average loss per turn"), explained, loss));
    }
}

/* One line per game kind over the player's rated games; each starts from
 * the rating every newcomer has, before their first game. */
static void
fill_chart (XqLibraryPlayerPage *self,
            GPtrArray           *history)
{
  g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
  guint n_points = 1;
  XqRating start;

  xq_rating_init (&start);
  for (guint i = 0, run = 0; i < history->len; i++)
    {
      const XqLibraryRatingStep *step = g_ptr_array_index (history, i);

      if (i == 0 || g_strcmp0 (step->game, ((XqLibraryRatingStep *) g_ptr_array_index (history, i - 1))->game) != 0)
        {
          g_ptr_array_add (kinds, (gpointer) step->game);
          run = 0;
        }
      run++;
      n_points = MAX (n_points, run + 1);
    }
  xq_rating_chart_clear (self->chart, n_points);
  for (guint k = 0, i = 0; k < kinds->len; k++)
    {
      g_autofree double *values = g_new (double, n_points);
      g_autoptr(GPtrArray) dates = g_ptr_array_new_with_free_func (g_free);
      guint point = 1;

      values[0] = xq_rating_ordinal (&start);
      g_ptr_array_add (dates, g_strdup (""));
      for (; i < history->len && g_strcmp0 (((XqLibraryRatingStep *) g_ptr_array_index (history, i))->game,
                                            g_ptr_array_index (kinds, k)) == 0; i++, point++)
        {
          const XqLibraryRatingStep *step = g_ptr_array_index (history, i);
          XqRating rating = { step->mu, step->sigma };
          g_autoptr(GDateTime) when = g_date_time_new_from_iso8601 (step->played_on, NULL);

          values[point] = xq_rating_ordinal (&rating);
          g_ptr_array_add (dates, when != NULL ? g_date_time_format (when, "%x") : g_strdup (step->played_on));
        }
      for (; point < n_points; point++)
        {
          values[point] = NAN;
          g_ptr_array_add (dates, g_strdup (""));
        }
      g_ptr_array_add (dates, NULL);
      xq_rating_chart_add_line (self->chart, kind_name (g_ptr_array_index (kinds, k)), values,
                                (const char *const *) dates->pdata);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->chart_group), history->len > 0);
}

static void
versus_activated (AdwActionRow        *row,
                  XqLibraryPlayerPage *self)
{
  g_signal_emit (self, signals[PLAYER_ACTIVATED], 0, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
}

/* Head-to-head, a group per game: how often the player finished ahead of
 * each other player, behind them, or level. A row opens the other's page. */
static void
add_versus (XqLibraryPlayerPage *self,
            GPtrArray           *versus)
{
  AdwPreferencesGroup *group = NULL;

  for (guint i = 0; i < versus->len; i++)
    {
      const XqLibraryVersus *v = g_ptr_array_index (versus, i);
      GtkWidget *row = adw_action_row_new ();
      guint level = v->plays - MIN (v->plays, v->ahead + v->behind);
      g_autofree char *together = NULL;
      g_autofree char *result = NULL;

      if (i == 0 || g_strcmp0 (v->game, ((XqLibraryVersus *) g_ptr_array_index (versus, i - 1))->game) != 0)
        {
          /* TRANSLATORS: a group's title on a player's page: head-to-head in one game ("For-Ex") */
          g_autofree char *title = g_strdup_printf (_("Against Each Player in %s"), kind_name (v->game));

          group = add_group (self, title, NULL);
        }
      together = g_strdup_printf (ngettext ("%u game together", "%u games together", v->plays), v->plays);
      if (level > 0)
        /* TRANSLATORS: head-to-head: games finished ahead of the other, behind them, and level with them */
        result = g_strdup_printf (_("Ahead %u, behind %u, level %u"), v->ahead, v->behind, level);
      else
        /* TRANSLATORS: head-to-head: games finished ahead of the other, then behind them */
        result = g_strdup_printf (_("Ahead %u, behind %u"), v->ahead, v->behind);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), v->other);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), together);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_label_new (result));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_signal_connect_object (row, "activated", G_CALLBACK (versus_activated), self, 0);
      adw_preferences_group_add (group, row);
    }
}

static void
clear_groups (XqLibraryPlayerPage *self)
{
  for (guint i = 0; i < self->groups->len; i++)
    adw_preferences_page_remove (self->page, g_ptr_array_index (self->groups, i));
  g_ptr_array_set_size (self->groups, 0);
  if (gtk_widget_get_parent (GTK_WIDGET (self->chart_group)) != NULL)
    adw_preferences_page_remove (self->page, self->chart_group);
}

static void
set_titles (XqLibraryPlayerPage *self,
            const char          *name,
            const char          *subtitle)
{
  if (g_strcmp0 (self->name, name) != 0)
    {
      g_free (self->name);
      self->name = g_strdup (name);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
    }
  if (g_strcmp0 (self->subtitle, subtitle) != 0)
    {
      g_free (self->subtitle);
      self->subtitle = g_strdup (subtitle);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
    }
}

/* "Also played as Anne and ANN": the names the record gathers. */
static char *
other_names (PlayerData *data)
{
  g_autoptr(GPtrArray) others = g_ptr_array_new ();

  for (guint i = 0; i < data->aliases->len; i++)
    if (g_strcmp0 (g_ptr_array_index (data->aliases, i), data->name) != 0)
      g_ptr_array_add (others, g_ptr_array_index (data->aliases, i));
  if (others->len == 0)
    return NULL;
  g_ptr_array_add (others, NULL);
  {
    g_autofree char *joined = g_strjoinv (", ", (char **) others->pdata);

    /* TRANSLATORS: under a player's name: the other names they played under */
    return g_strdup_printf (_("Also played as %s"), joined);
  }
}

static void
player_read (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  XqLibraryPlayerPage *self = XQ_LIBRARY_PLAYER_PAGE (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(PlayerData) data = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *subtitle = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  gtk_spinner_stop (self->spinner);
  if (data == NULL)
    {
      adw_status_page_set_description (self->error_page, error->message);
      gtk_stack_set_visible_child_name (self->stack, "error");
      return;
    }
  subtitle = other_names (data);
  set_titles (self, data->name, subtitle);
  clear_groups (self);
  if (data->records->len == 0)
    add_group (self, _("No Finished Games"), _("A record counts the games that were played to the end."));
  for (guint i = 0; i < data->records->len; i++)
    add_record (self, g_ptr_array_index (data->records, i));
  fill_chart (self, data->history);
  adw_preferences_page_add (self->page, self->chart_group);
  add_versus (self, data->versus);
  self->loaded = TRUE;
  gtk_stack_set_visible_child_name (self->stack, "player");
}

static void
xq_library_player_page_dispose (GObject *object)
{
  XqLibraryPlayerPage *self = XQ_LIBRARY_PLAYER_PAGE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->chart_group);
  /* The bin's child is a bound template child: let the bin drop it first,
   * or disposing the template unparents it behind the bin's back. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), XQ_TYPE_LIBRARY_PLAYER_PAGE);
  G_OBJECT_CLASS (xq_library_player_page_parent_class)->dispose (object);
}

static void
xq_library_player_page_finalize (GObject *object)
{
  XqLibraryPlayerPage *self = XQ_LIBRARY_PLAYER_PAGE (object);

  g_ptr_array_unref (self->groups);
  g_free (self->library_uri);
  g_free (self->name);
  g_free (self->subtitle);
  G_OBJECT_CLASS (xq_library_player_page_parent_class)->finalize (object);
}

static void
xq_library_player_page_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  XqLibraryPlayerPage *self = XQ_LIBRARY_PLAYER_PAGE (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_library_player_page_class_init (XqLibraryPlayerPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_library_player_page_dispose;
  object_class->finalize = xq_library_player_page_finalize;
  object_class->get_property = xq_library_player_page_get_property;

  /* The player's name in the library (merged names go by one), for the header. */
  properties[PROP_NAME] = g_param_spec_string ("player", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The other names they played under, or NULL. */
  properties[PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A head-to-head row was activated: the other player's name. */
  signals[PLAYER_ACTIVATED] = g_signal_new ("player-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                            NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (XQ_TYPE_RATING_CHART);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-library-player-page.ui");
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayerPage, stack);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayerPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayerPage, error_page);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayerPage, page);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayerPage, chart_group);
  gtk_widget_class_bind_template_child (widget_class, XqLibraryPlayerPage, chart);
}

static void
xq_library_player_page_init (XqLibraryPlayerPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Taken out and put back after the records each time a player is shown. */
  g_object_ref (self->chart_group);
  self->groups = g_ptr_array_new ();
}

GtkWidget *
xq_library_player_page_new (void)
{
  return g_object_new (XQ_TYPE_LIBRARY_PLAYER_PAGE, NULL);
}

/**
 * xq_library_player_page_show_player:
 * @name: any name the player played under
 *
 * Reads the player's record on a worker; the page shows that it is reading,
 * and the record once read.
 */
void
xq_library_player_page_show_player (XqLibraryPlayerPage *self,
                                    const char          *name)
{
  g_autoptr(GTask) task = NULL;
  PlayerQuery *query;

  g_return_if_fail (XQ_IS_LIBRARY_PLAYER_PAGE (self));
  g_return_if_fail (name != NULL);

  query = g_new0 (PlayerQuery, 1);
  query->library_uri = g_strdup (self->library_uri);
  query->name = g_strdup (name);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->loaded = FALSE;
  set_titles (self, name, NULL);
  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  task = g_task_new (self, self->cancellable, player_read, NULL);
  g_task_set_source_tag (task, xq_library_player_page_show_player);
  g_task_set_task_data (task, query, (GDestroyNotify) player_query_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, read_player);
}

/* The library the next record is read from: @library_uri as
 * xq_library_open() takes it, NULL for the default. */
void
xq_library_player_page_set_library_uri (XqLibraryPlayerPage *self,
                                        const char          *library_uri)
{
  g_return_if_fail (XQ_IS_LIBRARY_PLAYER_PAGE (self));

  g_free (self->library_uri);
  self->library_uri = g_strdup (library_uri);
}

/* The player's name in the library once read; the name asked for until then. */
const char *
xq_library_player_page_get_name (XqLibraryPlayerPage *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYER_PAGE (self), NULL);
  return self->name;
}

const char *
xq_library_player_page_get_subtitle (XqLibraryPlayerPage *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYER_PAGE (self), NULL);
  return self->subtitle;
}

/* Whether the page shows a record read to the end (for the tests' waits). */
gboolean
xq_library_player_page_is_loaded (XqLibraryPlayerPage *self)
{
  g_return_val_if_fail (XQ_IS_LIBRARY_PLAYER_PAGE (self), FALSE);
  return self->loaded;
}
