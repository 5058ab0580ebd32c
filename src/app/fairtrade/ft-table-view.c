/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Fair Trade page. Left: the round, the players and the entry for the next
 * step; right: the last settled round step by step. Widgets are built once per
 * player count and updated in place, so browsing the history is instant. */

#include "config.h"

#include <glib/gi18n.h>

#include "ft-table-view-private.h"
#include "xq-wrap-box.h"
#include "xq-css.h"

G_DEFINE_FINAL_TYPE (FtTableView, ft_table_view, GTK_TYPE_WIDGET)

GtkWidget *
ft_table_view_label (const char *text,
                     const char *css_class,
                     float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

void
ft_table_view_set_number (GtkWidget  *label,
                          int         value,
                          const char *accessible)
{
  char text[16];

  g_snprintf (text, sizeof text, "%d", value);
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
}

static GtkWidget *
badge (const char *text,
       const char *css_class)
{
  GtkWidget *label = ft_table_view_label (text, "ft-badge", 0.5);

  gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  return label;
}

static void
build_players (FtTableView *self,
               guint        n)
{
  GtkGrid *grid = GTK_GRID (self->players_grid);
  const char *headers[] = { N_("Player"), N_("Coins"), N_("Markers"), N_("Debt"), N_("Score") };
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->players_grid)) != NULL)
    gtk_grid_remove (grid, child);
  for (guint c = 0; c < G_N_ELEMENTS (headers); c++)
    gtk_grid_attach (grid, ft_table_view_label (_(headers[c]), "ft-header", c == 0 ? 0 : 1), c, 0, 1, 1);
  for (guint p = 0; p < n; p++)
    {
      FtPlayerRow *row = &self->players[p];
      GtkWidget *name_cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *name_line = xq_wrap_box_new (6, 2);

      /* Name and role on one line, the locked cards under them: four
       * number columns beside it fit a phone's width. */
      row->name = ft_table_view_label (NULL, "ft-player-name", 0);
      gtk_label_set_ellipsize (GTK_LABEL (row->name), PANGO_ELLIPSIZE_END);
      row->farmer_badge = badge (_("Farmer"), "farmer");
      row->trader_badge = badge (_("Trader"), "trader");
      xq_wrap_box_append (XQ_WRAP_BOX (name_line), row->name);
      xq_wrap_box_append (XQ_WRAP_BOX (name_line), row->farmer_badge);
      xq_wrap_box_append (XQ_WRAP_BOX (name_line), row->trader_badge);
      row->locked = ft_table_view_label (NULL, "ft-locked", 0);
      gtk_widget_add_css_class (row->locked, "dim-label");
      gtk_label_set_wrap (GTK_LABEL (row->locked), TRUE);
      gtk_box_append (GTK_BOX (name_cell), name_line);
      gtk_box_append (GTK_BOX (name_cell), row->locked);
      row->badges = name_cell;
      row->coins = ft_table_view_label (NULL, "ft-coins", 1);
      row->markers = ft_table_view_label (NULL, "ft-markers", 1);
      row->debt = ft_table_view_label (NULL, "ft-debt", 1);
      row->score = ft_table_view_label (NULL, "ft-score", 1);
      gtk_grid_attach (grid, name_cell, 0, p + 1, 1, 1);
      gtk_grid_attach (grid, row->coins, 1, p + 1, 1, 1);
      gtk_grid_attach (grid, row->markers, 2, p + 1, 1, 1);
      gtk_grid_attach (grid, row->debt, 3, p + 1, 1, 1);
      gtk_grid_attach (grid, row->score, 4, p + 1, 1, 1);
    }
}

static void
update_players (FtTableView   *self,
                const FtSetup *setup,
                const FtState *s)
{
  gboolean winners[FT_MAX_PLAYERS] = { FALSE };
  gboolean over = ft_state_is_over (s);

  if (over)
    ft_state_winners (s, winners);
  for (int p = 0; p < s->n_players; p++)
    {
      FtPlayerRow *row = &self->players[p];
      const char *name = setup->names[p];
      g_autofree char *coins = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %d coin", "%s: %d coins",
                                                                  (gulong) ABS (s->coins[p])),
                                                     name, s->coins[p]);
      g_autofree char *markers = g_strdup_printf (_("%s: %d fair-trade markers"), name, s->markers[p]);
      g_autofree char *debt = g_strdup_printf (_("%s: %d debt from the box"), name, s->debt[p]);
      g_autofree char *score = g_strdup_printf (_("%s: score %d"), name, ft_state_score (s, p));
      /* The two numbers stay together on a line of their own if it wraps. */
      g_autofree char *cards = g_strdup_printf ("%u\u00a0·\u00a0%u", s->locked[p][0], s->locked[p][1]);
      /* TRANSLATORS: %s is the two cards a player may not bid this round, "4 · 9" */
      g_autofree char *locked = g_strdup_printf (_("locked %s"), cards);
      g_autofree char *locked_name = g_strdup_printf (_("%s: cards %u and %u locked"), name, s->locked[p][0],
                                                      s->locked[p][1]);
      g_autofree char *title = over && winners[p] ? g_strdup_printf (_("%s — wins"), name) : g_strdup (name);

      gtk_label_set_text (GTK_LABEL (row->name), title);
      xq_css_set_class (row->name, "success", over && winners[p]);
      gtk_widget_set_visible (row->farmer_badge, p == s->farmer);
      gtk_widget_set_visible (row->trader_badge, p == s->trader);
      ft_table_view_set_number (row->coins, s->coins[p], coins);
      ft_table_view_set_number (row->markers, s->markers[p], markers);
      ft_table_view_set_number (row->debt, s->debt[p], debt);
      xq_css_set_class (row->debt, "dim-label", s->debt[p] == 0);
      xq_css_set_class (row->debt, "warning", s->debt[p] > 0);
      ft_table_view_set_number (row->score, ft_state_score (s, p), score);
      gtk_label_set_text (GTK_LABEL (row->locked), locked);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->locked), GTK_ACCESSIBLE_PROPERTY_LABEL, locked_name, -1);
    }
}

void
ft_table_view_refresh (FtTableView *self)
{
  const FtSetup *setup;
  FtState state;
  guint n_moves, shown;
  gboolean live;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  if (self->session == NULL)
    return;
  setup = xq_session_get_setup (self->session);
  n_moves = xq_session_get_n_moves (self->session);
  live = self->position == G_MAXUINT || self->position >= n_moves;
  shown = live ? n_moves : self->position;
  xq_session_get_state_at (self->session, shown, &state);

  if (self->n_built != state.n_players)
    {
      build_players (self, state.n_players);
      ft_table_view_build_round_columns (self, state.n_players);
      ft_table_view_build_entry_rows (self, state.n_players);
      self->n_built = state.n_players;
    }

  if (ft_state_is_over (&state))
    {
      title = g_strdup (_("Game over"));
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u round played", "%u rounds played", state.round),
                                  state.round);
    }
  else
    {
      guint current = state.round + 1;
      guint left = state.rounds - state.round;

      title = g_strdup_printf (_("Round %u of %u"), current, state.rounds);
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u round left, this one included",
                                               "%u rounds left, this one included", left), left);
    }
  gtk_label_set_text (GTK_LABEL (self->round_title), title);
  gtk_label_set_text (GTK_LABEL (self->round_subtitle), subtitle);

  update_players (self, setup, &state);
  ft_table_view_update_round (self, setup, &state);
  ft_table_view_update_entry (self, setup, &state, live);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->entry_revealer), live);
}

static void
ft_table_view_dispose (GObject *object)
{
  FtTableView *self = FT_TABLE_VIEW (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), FT_TYPE_TABLE_VIEW);
  G_OBJECT_CLASS (ft_table_view_parent_class)->dispose (object);
}

static void
ft_table_view_class_init (FtTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ft_table_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ft-table");

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/ft-table-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FtTableView, box);
  gtk_widget_class_bind_template_child (widget_class, FtTableView, round_title);
  gtk_widget_class_bind_template_child (widget_class, FtTableView, round_subtitle);
  gtk_widget_class_bind_template_child (widget_class, FtTableView, players_grid);
  gtk_widget_class_bind_template_child (widget_class, FtTableView, entry_revealer);
  gtk_widget_class_bind_template_child (widget_class, FtTableView, round_box);
}

static void
ft_table_view_init (FtTableView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->position = G_MAXUINT;
  /* The page's parts that change with the step, built by their own files. */
  gtk_revealer_set_child (GTK_REVEALER (self->entry_revealer), ft_table_view_build_entry (self));
  gtk_box_append (GTK_BOX (self->round_box), ft_table_view_build_round (self));
}

GtkWidget *
ft_table_view_new (void)
{
  return g_object_new (FT_TYPE_TABLE_VIEW, NULL);
}

void
ft_table_view_set_session (FtTableView *self,
                           XqSession   *session)
{
  g_return_if_fail (FT_IS_TABLE_VIEW (self));
  g_return_if_fail (XQ_IS_SESSION (session));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  self->position = G_MAXUINT;
  self->n_built = 0;
  self->market_key = 0;
  g_signal_connect_object (session, "notify::n-moves", G_CALLBACK (ft_table_view_refresh), self, G_CONNECT_SWAPPED);
  ft_table_view_show_refusal (self, NULL);
  ft_table_view_refresh (self);
}

void
ft_table_view_set_position (FtTableView *self,
                            guint        position)
{
  g_return_if_fail (FT_IS_TABLE_VIEW (self));

  if (self->position == position)
    return;
  self->position = position;
  ft_table_view_refresh (self);
}
