/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The history: one row per move, the sentence over its XQN, corrections
 * marked; the first row is the start of the game, the last is "now". */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-game-ui.h"
#include "xq-history-view.h"

struct _XqHistoryView
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkScrolledWindow *scrolled;
  GtkListBox    *list;

  XqSession     *session;
  guint          n_rows;       /* moves shown as rows, plus the start row */
  guint          position;     /* G_MAXUINT: now */
  gboolean       updating;
  GHashTable    *marks;        /* move index → Mark; NULL: none */
  guint          marks_n_moves; /* the game's length when they were set */
};

typedef struct
{
  char *icon_name;
  char *css_class;
  char *label;
  char *description;
} Mark;

static void
mark_free (gpointer data)
{
  Mark *mark = data;

  g_free (mark->icon_name);
  g_free (mark->css_class);
  g_free (mark->label);
  g_free (mark->description);
  g_free (mark);
}

G_DEFINE_FINAL_TYPE (XqHistoryView, xq_history_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_POSITION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A secret bid of the round in progress: the row says who, never the cards. */
static gboolean
move_is_hidden (XqHistoryView *self,
                guint          index)
{
  const XqGameUi *ui = xq_game_ui_lookup (xq_session_get_game (self->session)->id);

  return ui != NULL && ui->move_is_hidden != NULL && ui->move_is_hidden (self->session, index);
}

static char *
describe (XqHistoryView *self,
          guint          index,
          char         **turn)
{
  const XqGameUi *ui = xq_game_ui_lookup (xq_session_get_game (self->session)->id);

  *turn = NULL;
  if (ui != NULL && ui->describe_move != NULL)
    return ui->describe_move (self->session, index, turn);
  return xq_session_format_move (self->session, index);
}

/* The mark under the turn's label: its icon and its short label. */
static void
attach_mark (GtkGrid    *grid,
             const Mark *mark)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *icon = gtk_image_new_from_icon_name (mark->icon_name);
  GtkWidget *label = gtk_label_new (mark->label);

  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, mark->label, -1);
  if (mark->css_class != NULL)
    {
      gtk_widget_add_css_class (icon, mark->css_class);
      gtk_widget_add_css_class (label, mark->css_class);
    }
  gtk_widget_add_css_class (label, "caption");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_valign (box, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (box, "history-mark");
  gtk_grid_attach (grid, box, 1, 2, 2, 1);
}

static GtkWidget *
move_row (XqHistoryView *self,
          guint          index)
{
  const XqGame *game = xq_session_get_game (self->session);
  gboolean correction = game->move_is_correction (xq_session_get_move (self->session, index));
  gboolean hidden = move_is_hidden (self, index);
  g_autofree char *turn = NULL;
  g_autofree char *sentence = describe (self, index, &turn);
  /* Its notation would give the cards away: say when they show instead. */
  g_autofree char *xqn = hidden ? g_strdup (_("Bids stay hidden until everyone has bid"))
                                : xq_session_format_move (self->session, index);
  g_autofree char *number = g_strdup_printf ("%u", index + 1);
  g_autofree char *accessible = NULL;
  const Mark *mark;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *number_label = gtk_label_new (number);
  GtkWidget *sentence_label = gtk_label_new (sentence);
  GtkWidget *xqn_label = gtk_label_new (xqn);

  g_object_set_data (G_OBJECT (row), "hidden", GINT_TO_POINTER (hidden));

  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  g_object_set (grid, "margin-top", 4, "margin-bottom", 4, NULL);
  gtk_widget_add_css_class (number_label, "dim-label");
  gtk_widget_add_css_class (number_label, "numeric");
  gtk_label_set_xalign (GTK_LABEL (number_label), 1);
  gtk_widget_set_size_request (number_label, 28, -1);
  gtk_widget_set_valign (number_label, GTK_ALIGN_START);
  gtk_label_set_xalign (GTK_LABEL (sentence_label), 0);
  gtk_label_set_wrap (GTK_LABEL (sentence_label), TRUE);
  gtk_widget_set_hexpand (sentence_label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (xqn_label), 0);
  gtk_label_set_wrap (GTK_LABEL (xqn_label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (xqn_label), FALSE);
  if (!hidden)
    gtk_widget_add_css_class (xqn_label, "monospace");
  gtk_widget_add_css_class (xqn_label, "dim-label");
  gtk_widget_add_css_class (xqn_label, "caption");
  gtk_grid_attach (GTK_GRID (grid), number_label, 0, 0, 1, 2);
  gtk_grid_attach (GTK_GRID (grid), sentence_label, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), xqn_label, 1, 1, 1, 1);
  /* A correction's reason, or a count's (which is no correction). */
  if (xq_session_get_move_reason (self->session, index) != NULL)
    gtk_widget_set_tooltip_text (row, xq_session_get_move_reason (self->session, index));
  if (correction)
    {
      GtkWidget *tag = gtk_label_new (_("Correction"));

      gtk_widget_add_css_class (tag, "warning");
      gtk_widget_add_css_class (tag, "caption-heading");
      gtk_widget_set_valign (tag, GTK_ALIGN_START);
      gtk_grid_attach (GTK_GRID (grid), tag, 2, 0, 1, 1);
    }
  else if (turn != NULL)
    {
      GtkWidget *tag = gtk_label_new (turn);

      gtk_widget_add_css_class (tag, "dim-label");
      gtk_widget_add_css_class (tag, "caption");
      gtk_widget_set_valign (tag, GTK_ALIGN_START);
      gtk_grid_attach (GTK_GRID (grid), tag, 2, 0, 1, 1);
    }
  mark = self->marks != NULL ? g_hash_table_lookup (self->marks, GUINT_TO_POINTER (index)) : NULL;
  if (mark != NULL)
    {
      attach_mark (GTK_GRID (grid), mark);
      gtk_widget_set_tooltip_text (row, mark->description);
      /* TRANSLATORS: a history row read aloud with its mark: "Move 12: Ann invests in EUR. Costly: lost 3 bucks" */
      accessible = g_strdup_printf (_("Move %u: %s. %s"), index + 1, sentence, mark->label);
    }
  else
    accessible = g_strdup_printf (_("Move %u: %s"), index + 1, sentence);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), grid);
  return row;
}

static GtkWidget *
start_row (void)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (_("Start of the game"));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  g_object_set (label, "margin-top", 6, "margin-bottom", 6, "margin-start", 36, NULL);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  return row;
}

/* GTK 4.8 has no "scroll to row": move the adjustment once the row has its
 * place, after the next layout. */
static gboolean
scroll_to_selected (gpointer user_data)
{
  XqHistoryView *self = user_data;
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);
  graphene_rect_t bounds;

  if (row != NULL && gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->list), &bounds))
    {
      double top = bounds.origin.y, bottom = top + bounds.size.height;
      double value = gtk_adjustment_get_value (adjustment), page = gtk_adjustment_get_page_size (adjustment);

      if (top < value)
        gtk_adjustment_set_value (adjustment, top);
      else if (bottom > value + page)
        gtk_adjustment_set_value (adjustment, bottom - page);
    }
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
select_row_quietly (XqHistoryView *self,
                    guint          index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, (int) index);

  if (row == NULL)
    return;

  self->updating = TRUE;
  gtk_list_box_select_row (self->list, row);
  self->updating = FALSE;
  g_idle_add_full (G_PRIORITY_LOW, scroll_to_selected, g_object_ref (self), NULL);
}

/* The last bid settles a round and shows the cards in its rows; undoing it
 * hides them again. A game that hides moves has a short list (Fair Trade:
 * twelve rounds), so every row is checked. */
static void
update_hidden_rows (XqHistoryView *self)
{
  const XqGameUi *ui = xq_game_ui_lookup (xq_session_get_game (self->session)->id);

  if (ui == NULL || ui->move_is_hidden == NULL)
    return;
  for (guint i = 0; i + 1 < self->n_rows; i++)
    {
      GtkListBoxRow *old = gtk_list_box_get_row_at_index (self->list, (int) i + 1);
      gboolean hidden = ui->move_is_hidden (self->session, i);
      gboolean selected;
      GtkWidget *row;

      if (hidden == GPOINTER_TO_INT (g_object_get_data (G_OBJECT (old), "hidden")))
        continue;
      selected = gtk_list_box_row_is_selected (old);
      row = move_row (self, i);
      self->updating = TRUE;
      gtk_list_box_remove (self->list, GTK_WIDGET (old));
      gtk_list_box_insert (self->list, row, (int) i + 1);
      if (selected)
        gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (row));
      self->updating = FALSE;
    }
}

/* Undo, redo and new moves only change the end of the list. Hidden (in the
 * closed flap), the list is not built at all: a long game's rows would cost
 * the launch hundreds of widgets nobody sees yet. */
static void
remove_all_rows (XqHistoryView *self)
{
  GtkWidget *child;

  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->updating = FALSE;
  self->n_rows = 0;
}

static void
sync_rows (XqHistoryView *self)
{
  guint n_moves = xq_session_get_n_moves (self->session);

  /* A move played or undone: the marks describe another game now. */
  if (self->marks != NULL && n_moves != self->marks_n_moves)
    {
      g_clear_pointer (&self->marks, g_hash_table_unref);
      remove_all_rows (self);
    }

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      if (self->position != G_MAXUINT && self->position >= n_moves)
        xq_history_view_set_position (self, G_MAXUINT);
      return;
    }

  while (self->n_rows > n_moves + 1)
    {
      GtkListBoxRow *last = gtk_list_box_get_row_at_index (self->list, (int) self->n_rows - 1);

      gtk_list_box_remove (self->list, GTK_WIDGET (last));
      self->n_rows--;
    }
  if (self->n_rows == 0)
    {
      gtk_list_box_append (self->list, start_row ());
      self->n_rows = 1;
    }
  update_hidden_rows (self);
  while (self->n_rows < n_moves + 1)
    {
      gtk_list_box_append (self->list, move_row (self, self->n_rows - 1));
      self->n_rows++;
    }
  if (self->position != G_MAXUINT && self->position >= n_moves)
    xq_history_view_set_position (self, G_MAXUINT);
  else if (self->position == G_MAXUINT)
    select_row_quietly (self, n_moves);
}

static void
row_selected (GtkListBox    *list,
              GtkListBoxRow *row,
              XqHistoryView *self)
{
  guint index;

  if (self->updating || row == NULL || self->session == NULL)
    return;
  index = (guint) gtk_list_box_row_get_index (row);
  xq_history_view_set_position (self, index == xq_session_get_n_moves (self->session) ? G_MAXUINT : index);
}

void
xq_history_view_set_session (XqHistoryView *self,
                             XqSession     *session)
{
  g_return_if_fail (XQ_IS_HISTORY_VIEW (self));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  g_clear_pointer (&self->marks, g_hash_table_unref);
  remove_all_rows (self);
  self->position = G_MAXUINT;
  if (session != NULL)
    {
      g_signal_connect_object (session, "notify::n-moves", G_CALLBACK (sync_rows), self, G_CONNECT_SWAPPED);
      sync_rows (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}

guint
xq_history_view_get_position (XqHistoryView *self)
{
  g_return_val_if_fail (XQ_IS_HISTORY_VIEW (self), G_MAXUINT);

  return self->position;
}

void
xq_history_view_set_position (XqHistoryView *self,
                              guint          position)
{
  g_return_if_fail (XQ_IS_HISTORY_VIEW (self));

  if (self->session != NULL && position >= xq_session_get_n_moves (self->session))
    position = G_MAXUINT;
  if (self->session != NULL)
    select_row_quietly (self, position == G_MAXUINT ? xq_session_get_n_moves (self->session) : position);
  if (self->position == position)
    return;
  self->position = position;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}

/* GTK 4.8 takes Tab from row to row, and each row reached shows the table as
 * it was then: leaving the list by Tab would walk back through the whole game.
 * The list is one stop, entered at the row shown; the arrow keys move in it. */
void
xq_history_view_set_marks (XqHistoryView       *self,
                           const XqHistoryMark *marks,
                           guint                n_marks)
{
  guint position;

  g_return_if_fail (XQ_IS_HISTORY_VIEW (self));

  g_clear_pointer (&self->marks, g_hash_table_unref);
  if (self->session == NULL)
    return;
  if (n_marks > 0)
    {
      self->marks = g_hash_table_new_full (NULL, NULL, NULL, mark_free);
      self->marks_n_moves = xq_session_get_n_moves (self->session);
    }
  for (guint i = 0; i < n_marks; i++)
    {
      Mark *mark = g_new0 (Mark, 1);

      mark->icon_name = g_strdup (marks[i].icon_name);
      mark->css_class = g_strdup (marks[i].css_class);
      mark->label = g_strdup (marks[i].label);
      mark->description = g_strdup (marks[i].description);
      g_hash_table_replace (self->marks, GUINT_TO_POINTER (marks[i].move), mark);
    }
  /* Rebuilt whole, once: the rows are made with their marks. */
  position = self->position;
  remove_all_rows (self);
  sync_rows (self);
  if (position != G_MAXUINT)
    select_row_quietly (self, position);
}

static gboolean
xq_history_view_focus (GtkWidget        *widget,
                       GtkDirectionType  direction)
{
  XqHistoryView *self = XQ_HISTORY_VIEW (widget);

  if ((direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD)
      && gtk_widget_get_focus_child (GTK_WIDGET (self->list)) != NULL)
    return FALSE;
  return GTK_WIDGET_CLASS (xq_history_view_parent_class)->focus (widget, direction);
}

static void
xq_history_view_dispose (GObject *object)
{
  XqHistoryView *self = XQ_HISTORY_VIEW (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->marks, g_hash_table_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), XQ_TYPE_HISTORY_VIEW);
  G_OBJECT_CLASS (xq_history_view_parent_class)->dispose (object);
}

static void
xq_history_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  XqHistoryView *self = XQ_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_history_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_POSITION:
      xq_history_view_set_position (XQ_HISTORY_VIEW (object), g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
xq_history_view_class_init (XqHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = xq_history_view_dispose;
  object_class->get_property = xq_history_view_get_property;
  object_class->set_property = xq_history_view_set_property;

  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->focus = xq_history_view_focus;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, XqHistoryView, box);
  gtk_widget_class_bind_template_child (widget_class, XqHistoryView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, XqHistoryView, list);
}

/* Hidden in the flap, the list has no layout to scroll; showing it does. */
static void
mapped (XqHistoryView *self)
{
  if (self->session != NULL)
    {
      sync_rows (self);
      select_row_quietly (self, self->position == G_MAXUINT ? xq_session_get_n_moves (self->session)
                                                            : self->position);
    }
}

static void
xq_history_view_init (XqHistoryView *self)
{
  self->position = G_MAXUINT;
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self->list, "row-selected", G_CALLBACK (row_selected), self);
  g_signal_connect (self, "map", G_CALLBACK (mapped), NULL);
}
