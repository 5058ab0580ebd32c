/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Fair Trade page. Left: the round, the players (a table across, or a
 * block per player where the table does not fit) and the entry for the next
 * step; right: the last settled round step by step. Widgets are built once per
 * player count and updated in place, so browsing the history is instant. */

#include "config.h"

#include <adwaita.h>
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

/* A player's name, the role badges beside it and the locked cards under it:
 * the first cell of a wide row, the head of a narrow block. */
static GtkWidget *
build_name_cell (FtPlayerCells *cells)
{
  GtkWidget *name_cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name_line = xq_wrap_box_new (6, 2);

  cells->name = ft_table_view_label (NULL, "ft-player-name", 0);
  gtk_label_set_ellipsize (GTK_LABEL (cells->name), PANGO_ELLIPSIZE_END);
  cells->farmer_badge = badge (_("Farmer"), "farmer");
  cells->trader_badge = badge (_("Trader"), "trader");
  xq_wrap_box_append (XQ_WRAP_BOX (name_line), cells->name);
  xq_wrap_box_append (XQ_WRAP_BOX (name_line), cells->farmer_badge);
  xq_wrap_box_append (XQ_WRAP_BOX (name_line), cells->trader_badge);
  cells->locked = ft_table_view_label (NULL, "ft-locked", 0);
  gtk_widget_add_css_class (cells->locked, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (cells->locked), TRUE);
  gtk_box_append (GTK_BOX (name_cell), name_line);
  gtk_box_append (GTK_BOX (name_cell), cells->locked);
  return name_cell;
}

static const char *const number_headings[] = { N_("Coins"), N_("Markers"), N_("Debt"), N_("Score") };

/* Wide: a heading row, then a row per player, the numbers in columns. */
static void
build_wide_row (FtTableView *self,
                guint        p)
{
  FtPlayerCells *cells = &self->players[p].in[FT_TABLE_VIEW_WIDE];
  GtkGrid *grid = GTK_GRID (self->players_grid);

  /* Name and role on one line, the locked cards under them: four number
   * columns beside it fit a small laptop's width in any language. */
  gtk_grid_attach (grid, build_name_cell (cells), 0, p + 1, 1, 1);
  cells->coins = ft_table_view_label (NULL, "ft-coins", 1);
  cells->markers = ft_table_view_label (NULL, "ft-markers", 1);
  cells->debt = ft_table_view_label (NULL, "ft-debt", 1);
  cells->score = ft_table_view_label (NULL, "ft-score", 1);
  gtk_grid_attach (grid, cells->coins, 1, p + 1, 1, 1);
  gtk_grid_attach (grid, cells->markers, 2, p + 1, 1, 1);
  gtk_grid_attach (grid, cells->debt, 3, p + 1, 1, 1);
  gtk_grid_attach (grid, cells->score, 4, p + 1, 1, 1);
}

/* One number of a narrow block with its heading before it, the two kept
 * together when the line wraps. The heading is hidden from a screen reader:
 * the number's own name says it whole. */
static GtkWidget *
narrow_number (const char *heading,
               const char *css_class,
               GtkWidget **number)
{
  GtkWidget *pair = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = ft_table_view_label (heading, "ft-header", 0);

  gtk_widget_set_valign (label, GTK_ALIGN_BASELINE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  *number = ft_table_view_label (NULL, css_class, 0);
  gtk_widget_set_valign (*number, GTK_ALIGN_BASELINE);
  gtk_box_append (GTK_BOX (pair), label);
  gtk_box_append (GTK_BOX (pair), *number);
  return pair;
}

/* Narrow: a block per player, the name on top and the four numbers under it,
 * each after its heading, wrapping as the width and the words ask. */
static void
build_narrow_block (FtTableView *self,
                    guint        p)
{
  FtPlayerCells *cells = &self->players[p].in[FT_TABLE_VIEW_NARROW];
  GtkWidget *block = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *numbers = xq_wrap_box_new (18, 4);

  gtk_box_append (GTK_BOX (block), build_name_cell (cells));
  xq_wrap_box_append (XQ_WRAP_BOX (numbers), narrow_number (_(number_headings[0]), "ft-coins", &cells->coins));
  xq_wrap_box_append (XQ_WRAP_BOX (numbers), narrow_number (_(number_headings[1]), "ft-markers", &cells->markers));
  xq_wrap_box_append (XQ_WRAP_BOX (numbers), narrow_number (_(number_headings[2]), "ft-debt", &cells->debt));
  xq_wrap_box_append (XQ_WRAP_BOX (numbers), narrow_number (_(number_headings[3]), "ft-score", &cells->score));
  gtk_box_append (GTK_BOX (block), numbers);
  gtk_box_append (GTK_BOX (self->players_list), block);
}

static void
build_players (FtTableView *self,
               guint        n)
{
  GtkGrid *grid = GTK_GRID (self->players_grid);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->players_grid)) != NULL)
    gtk_grid_remove (grid, child);
  while ((child = gtk_widget_get_first_child (self->players_list)) != NULL)
    gtk_box_remove (GTK_BOX (self->players_list), child);
  gtk_grid_attach (grid, ft_table_view_label (_("Player"), "ft-header", 0), 0, 0, 1, 1);
  for (guint c = 0; c < G_N_ELEMENTS (number_headings); c++)
    gtk_grid_attach (grid, ft_table_view_label (_(number_headings[c]), "ft-header", 1), c + 1, 0, 1, 1);
  for (guint p = 0; p < n; p++)
    {
      build_wide_row (self, p);
      build_narrow_block (self, p);
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

      for (int a = 0; a < FT_TABLE_VIEW_N_ARRANGEMENTS; a++)
        {
          FtPlayerCells *cells = &self->players[p].in[a];

          gtk_label_set_text (GTK_LABEL (cells->name), title);
          xq_css_set_class (cells->name, "success", over && winners[p]);
          gtk_widget_set_visible (cells->farmer_badge, p == s->farmer);
          gtk_widget_set_visible (cells->trader_badge, p == s->trader);
          ft_table_view_set_number (cells->coins, s->coins[p], coins);
          ft_table_view_set_number (cells->markers, s->markers[p], markers);
          ft_table_view_set_number (cells->debt, s->debt[p], debt);
          xq_css_set_class (cells->debt, "dim-label", s->debt[p] == 0);
          xq_css_set_class (cells->debt, "warning", s->debt[p] > 0);
          ft_table_view_set_number (cells->score, ft_state_score (s, p), score);
          gtk_label_set_text (GTK_LABEL (cells->locked), locked);
          gtk_accessible_update_property (GTK_ACCESSIBLE (cells->locked), GTK_ACCESSIBLE_PROPERTY_LABEL, locked_name,
                                          -1);
        }
    }
}

/* A screen reader hears the arrangement shown, not both. */
static void
players_arrangement_changed (FtTableView *self)
{
  GtkWidget *shown = adw_squeezer_get_visible_child (ADW_SQUEEZER (self->players_squeezer));

  gtk_accessible_update_state (GTK_ACCESSIBLE (self->players_grid), GTK_ACCESSIBLE_STATE_HIDDEN,
                               self->players_grid != shown, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->players_list), GTK_ACCESSIBLE_STATE_HIDDEN,
                               self->players_list != shown, -1);
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
  gtk_widget_class_bind_template_child (widget_class, FtTableView, players_squeezer);
  gtk_widget_class_bind_template_child (widget_class, FtTableView, players_grid);
  gtk_widget_class_bind_template_child (widget_class, FtTableView, players_list);
  gtk_widget_class_bind_template_child (widget_class, FtTableView, entry_revealer);
  gtk_widget_class_bind_template_child (widget_class, FtTableView, round_box);
  gtk_widget_class_bind_template_callback (widget_class, players_arrangement_changed);
}

static void
ft_table_view_init (FtTableView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  players_arrangement_changed (self);
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
  ft_table_view_keep_bids_hidden (self);
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
