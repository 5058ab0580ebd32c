/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The history: a list view of the session's moves, one row each, the
 * sentence over its XQN, corrections marked; the first row is the start of
 * the game, the last is "now". Only the rows on screen are built, so a long
 * game costs no more than a short one; and of the two hundred rows GTK 4.8
 * keeps around the screen, only those in sight are filled at once, the rest
 * a few a frame. */

#include "config.h"

#include <glib/gi18n.h>

#include "xq-game-ui.h"
#include "xq-history-view.h"
#include "xq-tooltip.h"
#include "xq-session-move.h"

struct _XqHistoryView
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkScrolledWindow *scrolled;
  GtkListView   *list;

  XqSession     *session;
  /* The start of the game, then the session's moves: row N is the table after N moves. */
  GtkSingleSelection *selection;
  GHashTable    *bound;        /* the GtkListItems showing a row now: a screenful, not the game */
  guint          position;     /* G_MAXUINT: now */
  gboolean       updating;
  guint          scroll_tick;  /* waiting for the list's size to scroll to the selected row */
  gboolean       focus_pending; /* and then to put the focus on it */
  GHashTable    *marks;        /* move index → XqHistoryViewMark; NULL: none */
  guint          marks_n_moves; /* the game's length when they were set */
  guint          generation;   /* counts the times every row had to be filled again */
  GHashTable    *pending;      /* bound GtkListItems out of sight, to be filled a few a frame */
  guint          fill_tick;    /* filling them */
  guint          model_idle;   /* giving the list its model after the window's first frame */
  guint          in_sight;     /* rows_in_sight() as of in_sight_frame */
  gint64         in_sight_frame;
};

/* Rows out of sight filled in a frame, at most. Filling a row costs little;
 * laying it out in the frame that follows costs some twenty times as much
 * (a row with a review's mark: 0.35 ms), so a budget of time for the
 * filling alone let 183 rows in at once, and that frame's layout held the
 * main loop for 60-90 ms at 1,000 moves once the review's marks came
 * (bench-interactions, the PDF export after the review). Twelve rows are
 * some 5 ms of a frame's layout: the 200 rows GTK 4.8 keeps are all filled
 * within twenty frames. */
#define PENDING_ROWS_PER_FRAME 12
/* And the time given to filling them, should filling cost more than that. */
#define PENDING_FILL_BUDGET_US 3000
/* The least width of a row's wrapping labels, in characters: narrow enough
 * for the sidebar at a phone's width, as wide as a long word. */
#define ROW_LABEL_LEAST_CHARS 12
/* A row is no shorter than this; it bounds how many rows fit in sight. */
#define ROW_HEIGHT_AT_LEAST 24

typedef struct
{
  char *icon_name;
  char *css_class;
  char *label;
  char *description;
} XqHistoryViewMark;

static void
_xq_history_view_mark_free (gpointer data)
{
  XqHistoryViewMark *mark = data;

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

/* A move's row, built once per list item and filled again for each move
 * it shows: making its labels anew for every bind cost more than their
 * layout. */
typedef struct
{
  GtkWidget *grid;
  GtkWidget *number;
  GtkWidget *sentence;
  GtkWidget *xqn;
  GtkWidget *tag;
  GtkWidget *mark;
  GtkWidget *mark_icon;
  GtkWidget *mark_label;
  char      *mark_class;  /* the class the mark wears now */
} XqHistoryViewRow;

static GQuark row_quark;
static GQuark filled_quark;
static GQuark generation_quark;

static void
_xq_history_view_row_free (gpointer data)
{
  XqHistoryViewRow *row = data;

  g_free (row->mark_class);
  g_free (row);
}

static GtkWidget *
caption_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  return label;
}

static XqHistoryViewRow *
move_row_new (void)
{
  XqHistoryViewRow *row = g_new0 (XqHistoryViewRow, 1);

  row->grid = gtk_grid_new ();
  row->number = gtk_label_new (NULL);
  row->sentence = gtk_label_new (NULL);
  row->xqn = gtk_label_new (NULL);
  row->tag = caption_label ("caption");
  row->mark = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  row->mark_icon = gtk_image_new ();
  row->mark_label = gtk_label_new (NULL);

  gtk_grid_set_column_spacing (GTK_GRID (row->grid), 8);
  g_object_set (row->grid, "margin-top", 4, "margin-bottom", 4, NULL);
  gtk_widget_add_css_class (row->number, "dim-label");
  gtk_widget_add_css_class (row->number, "numeric");
  gtk_label_set_xalign (GTK_LABEL (row->number), 1);
  gtk_widget_set_size_request (row->number, 28, -1);
  gtk_widget_set_valign (row->number, GTK_ALIGN_START);
  /* A least width in characters: GTK otherwise finds a wrapping label's
   * by laying its text out a character per line, the dearest of the four
   * layouts a row's sentence costs each time it shows another move. */
  gtk_label_set_xalign (GTK_LABEL (row->sentence), 0);
  gtk_label_set_wrap (GTK_LABEL (row->sentence), TRUE);
  gtk_label_set_width_chars (GTK_LABEL (row->sentence), ROW_LABEL_LEAST_CHARS);
  gtk_widget_set_hexpand (row->sentence, TRUE);
  gtk_label_set_xalign (GTK_LABEL (row->xqn), 0);
  gtk_label_set_wrap (GTK_LABEL (row->xqn), TRUE);
  gtk_label_set_width_chars (GTK_LABEL (row->xqn), ROW_LABEL_LEAST_CHARS);
  gtk_label_set_selectable (GTK_LABEL (row->xqn), FALSE);
  gtk_widget_add_css_class (row->xqn, "dim-label");
  gtk_widget_add_css_class (row->xqn, "caption");
  gtk_widget_add_css_class (row->mark_label, "caption");
  gtk_label_set_wrap (GTK_LABEL (row->mark_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (row->mark_label), 0);
  /* The mark's too: with a review's marks, this search was half of a
   * row's layout (12 rows filled in a frame: 10 ms, 4.5 ms with all three;
   * bench-interactions). */
  gtk_label_set_width_chars (GTK_LABEL (row->mark_label), ROW_LABEL_LEAST_CHARS);
  gtk_widget_set_valign (row->mark, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (row->mark), row->mark_icon);
  gtk_box_append (GTK_BOX (row->mark), row->mark_label);
  gtk_widget_add_css_class (row->mark, "history-mark");
  gtk_grid_attach (GTK_GRID (row->grid), row->number, 0, 0, 1, 2);
  gtk_grid_attach (GTK_GRID (row->grid), row->sentence, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (row->grid), row->xqn, 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (row->grid), row->tag, 2, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (row->grid), row->mark, 1, 2, 2, 1);
  g_object_set_qdata_full (G_OBJECT (row->grid), row_quark, row, _xq_history_view_row_free);
  return row;
}

static void
set_label_if_changed (GtkWidget  *label,
                      const char *text)
{
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) != 0)
    gtk_label_set_label (GTK_LABEL (label), text);
}

static void
set_class (GtkWidget  *widget,
           const char *css_class,
           gboolean    set)
{
  if (set)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

/* The mark under the turn's label: its icon and its short label. */
static void
show_mark (XqHistoryViewRow        *row,
           const XqHistoryViewMark *mark)
{
  gtk_widget_set_visible (row->mark, mark != NULL);
  if (mark == NULL)
    return;
  gtk_image_set_from_icon_name (GTK_IMAGE (row->mark_icon), mark->icon_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->mark_icon), GTK_ACCESSIBLE_PROPERTY_LABEL, mark->label, -1);
  set_label_if_changed (row->mark_label, mark->label);
  if (g_strcmp0 (row->mark_class, mark->css_class) != 0)
    {
      if (row->mark_class != NULL)
        {
          gtk_widget_remove_css_class (row->mark_icon, row->mark_class);
          gtk_widget_remove_css_class (row->mark_label, row->mark_class);
        }
      g_free (row->mark_class);
      row->mark_class = g_strdup (mark->css_class);
      if (row->mark_class != NULL)
        {
          gtk_widget_add_css_class (row->mark_icon, row->mark_class);
          gtk_widget_add_css_class (row->mark_label, row->mark_class);
        }
    }
}

/* What a move's row shows: its number, the sentence over its XQN, a
 * correction's tag or the turn, a mark. The row's tooltip and the name a
 * screen reader reads for it come back in @tooltip and @accessible. */
static void
fill_move (XqHistoryView     *self,
           XqHistoryViewRow  *row,
           XqSessionMove     *item,
           char             **tooltip,
           char             **accessible)
{
  guint index = xq_session_move_get_index (item);
  gboolean hidden = move_is_hidden (self, index);
  g_autofree char *turn = NULL;
  g_autofree char *sentence = describe (self, index, &turn);
  /* Its notation would give the cards away: say when they show instead. */
  const char *xqn = hidden ? _("Bids stay hidden until everyone has bid") : xq_session_move_get_notation (item);
  g_autofree char *number = g_strdup_printf ("%u", index + 1);
  gboolean correction = xq_session_move_is_correction (item);
  const XqHistoryViewMark *mark;

  set_label_if_changed (row->number, number);
  set_label_if_changed (row->sentence, sentence);
  set_label_if_changed (row->xqn, xqn);
  set_class (row->xqn, "monospace", !hidden);
  /* A correction's reason, or a count's (which is no correction). */
  *tooltip = g_strdup (xq_session_move_get_reason (item));
  gtk_widget_set_visible (row->tag, correction || turn != NULL);
  if (correction)
    set_label_if_changed (row->tag, _("Correction"));
  else if (turn != NULL)
    set_label_if_changed (row->tag, turn);
  set_class (row->tag, "warning", correction);
  set_class (row->tag, "caption-heading", correction);
  set_class (row->tag, "caption", !correction);
  set_class (row->tag, "dim-label", !correction);
  mark = self->marks != NULL ? g_hash_table_lookup (self->marks, GUINT_TO_POINTER (index)) : NULL;
  show_mark (row, mark);
  if (mark != NULL)
    {
      g_free (*tooltip);
      *tooltip = g_strdup (mark->description);
      /* TRANSLATORS: a history row read aloud with its mark: "Move 12: Ann invests in EUR. Costly: lost 3 bucks" */
      *accessible = g_strdup_printf (_("Move %u: %s. %s"), index + 1, sentence, mark->label);
    }
  else
    *accessible = g_strdup_printf (_("Move %u: %s"), index + 1, sentence);
}

static GtkWidget *
start_content (void)
{
  GtkWidget *label = gtk_label_new (_("Start of the game"));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  g_object_set (label, "margin-top", 6, "margin-bottom", 6, "margin-start", 36, NULL);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* GTK 4.8's GtkListItem has no tooltip or accessible label of its own (4.12
 * adds the label): the row the list focuses and hovers is its child's
 * parent, so the tooltip and the name a screen reader reads go there. */
static GtkWidget *
row_of (GtkListItem *list_item)
{
  GtkWidget *child = gtk_list_item_get_child (list_item);

  return child != NULL ? gtk_widget_get_parent (child) : NULL;
}

static void
fill_row (XqHistoryView *self,
          GtkListItem   *list_item)
{
  gpointer item = gtk_list_item_get_item (list_item);
  GtkWidget *child = gtk_list_item_get_child (list_item);
  XqHistoryViewRow *move_row = child != NULL ? g_object_get_qdata (G_OBJECT (child), row_quark) : NULL;
  g_autofree char *tooltip = NULL;
  g_autofree char *accessible = NULL;
  GtkWidget *row;

  if (XQ_IS_SESSION_MOVE (item))
    {
      if (move_row == NULL)
        {
          move_row = move_row_new ();
          gtk_list_item_set_child (list_item, move_row->grid);
        }
      fill_move (self, move_row, item, &tooltip, &accessible);
    }
  else
    {
      /* A row Tab and the arrows reach: unnamed, it would be read as nothing. */
      if (child == NULL || move_row != NULL)
        gtk_list_item_set_child (list_item, start_content ());
      accessible = g_strdup (_("Start of the game"));
    }
  /* What the row shows now, kept (with a reference, so no other item can
   * take its address) to know a bind of the same item again. */
  g_object_set_qdata_full (G_OBJECT (list_item), filled_quark, g_object_ref (item), g_object_unref);
  g_object_set_qdata (G_OBJECT (list_item), generation_quark, GUINT_TO_POINTER (self->generation));
  g_hash_table_remove (self->pending, list_item);
  gtk_widget_set_visible (gtk_list_item_get_child (list_item), TRUE);
  row = row_of (list_item);
  if (row == NULL)
    return;
  /* Not gtk_widget_set_tooltip_text (): that asks the X server where the
   * pointer is, a round trip per row filled (xq-tooltip.c). */
  xq_tooltip_set_text (row, tooltip);
  if (accessible != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/* How many rows fit in the list's height, at most: the shortest row laid
 * out so far sets it (before any, a row of one caption line). */
static guint
rows_in_sight (XqHistoryView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  gint64 frame = clock != NULL ? gdk_frame_clock_get_frame_counter (clock) : -1;
  int height = gtk_widget_get_height (GTK_WIDGET (self->scrolled));
  int shortest = G_MAXINT;
  GHashTableIter iter;
  gpointer list_item;

  /* The same all through a frame's binds: asked once a row otherwise. */
  if (frame >= 0 && frame == self->in_sight_frame)
    return self->in_sight;
  /* Not laid out yet: the window's height bounds the list's. */
  if (height <= 0 && gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    height = gtk_widget_get_height (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self))));
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &list_item, NULL))
    {
      GtkWidget *row = row_of (list_item);
      int row_height = row != NULL && !g_hash_table_contains (self->pending, list_item) ? gtk_widget_get_height (row) : 0;

      if (row_height > 0)
        shortest = MIN (shortest, row_height);
    }
  shortest = MAX (shortest == G_MAXINT ? ROW_HEIGHT_AT_LEAST : shortest, ROW_HEIGHT_AT_LEAST / 2);
  self->in_sight = (guint) (MAX (height, 0) / shortest) + 2;
  self->in_sight_frame = frame;
  return self->in_sight;
}

/* Whether the row of @position is in sight, or will be once the list has
 * scrolled to the selected row: the list scrolls a row from afar to its
 * top or its bottom edge, so a screenful either side of it. */
static gboolean
near_selected (XqHistoryView *self,
               guint          position,
               guint          in_sight)
{
  guint selected = self->selection != NULL ? gtk_single_selection_get_selected (self->selection)
                                           : GTK_INVALID_LIST_POSITION;

  if (selected == GTK_INVALID_LIST_POSITION)
    return position <= in_sight;
  return (position > selected ? position - selected : selected - position) <= in_sight;
}

/* Whether the row laid out in the last frame is in the list's sight now. */
static gboolean
row_shown (XqHistoryView *self,
           GtkListItem   *list_item)
{
  GtkWidget *row = row_of (list_item);
  int height = gtk_widget_get_height (GTK_WIDGET (self->scrolled));
  graphene_rect_t bounds;

  if (row == NULL || height <= 0 || !gtk_widget_get_mapped (row)
      || !gtk_widget_compute_bounds (row, GTK_WIDGET (self->scrolled), &bounds))
    return FALSE;
  return bounds.origin.y < height && bounds.origin.y + bounds.size.height > 0;
}

static int
compare_positions (gconstpointer a,
                   gconstpointer b)
{
  guint pa = gtk_list_item_get_position (*(GtkListItem * const *) a);
  guint pb = gtk_list_item_get_position (*(GtkListItem * const *) b);

  return pa < pb ? -1 : pa > pb;
}

/* The rows out of sight, filled in order (each move's sentence is then
 * one move from the last one's state), a few in each frame before its
 * layout, which lays them out (PENDING_ROWS_PER_FRAME); not while the list
 * is hidden, which shows none (mapped() starts them again). */
static gboolean
fill_pending (GtkWidget     *widget,
              GdkFrameClock *frame_clock,
              gpointer       user_data)
{
  XqHistoryView *self = user_data;
  g_autoptr(GPtrArray) items = NULL;
  gint64 start = g_get_monotonic_time ();
  GHashTableIter iter;
  gpointer list_item;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->fill_tick = 0;
      return G_SOURCE_REMOVE;
    }
  items = g_ptr_array_sized_new (g_hash_table_size (self->pending));
  g_hash_table_iter_init (&iter, self->pending);
  while (g_hash_table_iter_next (&iter, &list_item, NULL))
    g_ptr_array_add (items, list_item);
  g_ptr_array_sort (items, compare_positions);
  for (guint i = 0; i < items->len && i < PENDING_ROWS_PER_FRAME
                    && g_get_monotonic_time () - start < PENDING_FILL_BUDGET_US; i++)
    fill_row (self, items->pdata[i]);
  if (g_hash_table_size (self->pending) > 0)
    return G_SOURCE_CONTINUE;
  self->fill_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
fill_pending_soon (XqHistoryView *self)
{
  if (self->fill_tick == 0 && g_hash_table_size (self->pending) > 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->fill_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list), fill_pending, self, NULL);
}

/* A row out of sight is filled later; one that shows another move until
 * then shows nothing rather than the wrong move, and costs nothing to lay
 * out meanwhile. */
static void
fill_later (XqHistoryView *self,
            GtkListItem   *list_item,
            gboolean       blank)
{
  GtkWidget *child = gtk_list_item_get_child (list_item);

  if (child == NULL)
    {
      XqHistoryViewRow *move_row = move_row_new ();

      child = move_row->grid;
      gtk_list_item_set_child (list_item, child);
      blank = TRUE;
    }
  if (blank)
    {
      gtk_widget_set_visible (child, FALSE);
      /* Shown nothing: bound to its old move again, it is filled again. */
      g_object_set_qdata (G_OBJECT (list_item), filled_quark, NULL);
    }
  g_hash_table_add (self->pending, list_item);
  fill_pending_soon (self);
}

/* GTK 4.8's signal factory unbinds and binds a row again whenever only its
 * selection changes (every row between the old and the new selection): the
 * same item, already shown, so nothing to do. A row bound anew is filled
 * now if it is to be in sight, and otherwise a few in each frame to come:
 * a jump across a long game binds two hundred rows, and filling and laying
 * out all of them held the frame for some 70 ms (bench-interactions). */
static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          XqHistoryView            *self)
{
  g_hash_table_add (self->bound, list_item);
  if (g_object_get_qdata (G_OBJECT (list_item), filled_quark) == gtk_list_item_get_item (list_item)
      && GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (list_item), generation_quark)) == self->generation)
    return;
  if (XQ_IS_SESSION_MOVE (gtk_list_item_get_item (list_item))
      && !near_selected (self, gtk_list_item_get_position (list_item), rows_in_sight (self)))
    fill_later (self, list_item, TRUE);
  else
    fill_row (self, list_item);
}

/* The row keeps its widgets and words for the next bind, which mostly is
 * the same item again (see bind_row) and otherwise fills it anew. */
static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            XqHistoryView            *self)
{
  g_hash_table_remove (self->bound, list_item);
  g_hash_table_remove (self->pending, list_item);
}

/* A list item thrown away, or the list emptied for another session: the
 * item it showed is let go. */
static void
teardown_row (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              XqHistoryView            *self)
{
  g_hash_table_remove (self->bound, list_item);
  g_hash_table_remove (self->pending, list_item);
  g_object_set_qdata (G_OBJECT (list_item), filled_quark, NULL);
}

/* Marks set or dropped, a secret bid shown or hidden again: only the rows
 * on screen exist; those in sight are made again now, the others a few in
 * each frame to come (they keep what they showed until then, out of
 * sight), and the rest are made right when they scroll in. */
static void
refill_rows (XqHistoryView *self)
{
  g_autoptr(GPtrArray) now = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer list_item;
  guint in_sight = rows_in_sight (self);

  /* Rows not bound now are filled again at their next bind. */
  self->generation++;
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &list_item, NULL))
    {
      if (row_shown (self, list_item)
          || near_selected (self, gtk_list_item_get_position (list_item), in_sight)
          || !XQ_IS_SESSION_MOVE (gtk_list_item_get_item (list_item)))
        g_ptr_array_add (now, list_item);
      else
        fill_later (self, list_item, FALSE);
    }
  g_ptr_array_sort (now, compare_positions);
  for (guint i = 0; i < now->len; i++)
    fill_row (self, now->pdata[i]);
}

/* GTK 4.8's list view has no scroll_to (4.12); its action scrolls the row
 * in and makes it the row Tab enters the list at, but only in a list that
 * has a size: so at the first frame after the list is laid out, which for
 * a panel just opened (or a window just shown) is a frame or two later. */
static gboolean
scroll_to_selected (GtkWidget     *list,
                    GdkFrameClock *frame_clock,
                    gpointer       user_data)
{
  XqHistoryView *self = user_data;
  guint index;

  if (gtk_widget_get_height (list) == 0)
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  index = self->selection != NULL ? gtk_single_selection_get_selected (self->selection) : GTK_INVALID_LIST_POSITION;
  if (index != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (list, "list.scroll-to-item", "u", index);
  if (self->focus_pending)
    {
      GtkWidget *row = index != GTK_INVALID_LIST_POSITION ? xq_history_view_get_row (self, index) : NULL;

      self->focus_pending = FALSE;
      gtk_widget_grab_focus (row != NULL ? row : list);
      /* The focus moved without a Tab: GTK would draw no ring, and a
       * player would not see where the keys now act. */
      if (GTK_IS_WINDOW (gtk_widget_get_root (list)))
        gtk_window_set_focus_visible (GTK_WINDOW (gtk_widget_get_root (list)), TRUE);
    }
  return G_SOURCE_REMOVE;
}

static void
select_row_quietly (XqHistoryView *self,
                    guint          index)
{
  if (self->selection == NULL || index >= g_list_model_get_n_items (G_LIST_MODEL (self->selection)))
    return;

  self->updating = TRUE;
  gtk_single_selection_set_selected (self->selection, index);
  self->updating = FALSE;
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list), scroll_to_selected, self, NULL);
}

/* The list follows the session's model by itself; what changes with the
 * game around it is here. */
static void
sync_rows (XqHistoryView *self)
{
  guint n_moves = xq_session_get_n_moves (self->session);
  const XqGameUi *ui = xq_game_ui_lookup (xq_session_get_game (self->session)->id);

  /* A move played or undone: the marks describe another game now. */
  if (self->marks != NULL && n_moves != self->marks_n_moves)
    {
      g_clear_pointer (&self->marks, g_hash_table_unref);
      refill_rows (self);
    }
  /* The last bid settles a round and shows the cards in its rows; undoing
   * it hides them again. */
  else if (ui != NULL && ui->move_is_hidden != NULL)
    refill_rows (self);

  if (self->position != G_MAXUINT && self->position >= n_moves)
    xq_history_view_set_position (self, G_MAXUINT);
  else if (self->position == G_MAXUINT)
    select_row_quietly (self, n_moves);
}

static void
selected_changed (GtkSingleSelection *selection,
                  GParamSpec         *pspec,
                  XqHistoryView      *self)
{
  guint index = gtk_single_selection_get_selected (selection);

  /* A row removed under the selection leaves none; the session's
   * notify::n-moves selects again. */
  if (self->updating || index == GTK_INVALID_LIST_POSITION || self->session == NULL)
    return;
  xq_history_view_set_position (self, index == xq_session_get_n_moves (self->session) ? G_MAXUINT : index);
}

static GListModel *
rows_model (XqSession *session)
{
  g_autoptr(GListStore) start = g_list_store_new (G_TYPE_OBJECT);
  g_autoptr(GObject) start_item = g_object_new (G_TYPE_OBJECT, NULL);
  GListStore *parts = g_list_store_new (G_TYPE_LIST_MODEL);

  g_list_store_append (start, start_item);
  g_list_store_append (parts, start);
  g_list_store_append (parts, session);
  return G_LIST_MODEL (gtk_flatten_list_model_new (G_LIST_MODEL (parts)));
}

static void
clear_selection (XqHistoryView *self)
{
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  gtk_list_view_set_model (self->list, NULL);
  g_clear_object (&self->selection);
}

/* The list gets its rows after the window's first frame, or when the
 * history is shown if that comes first: GTK 4.8's list view makes a row
 * for every move in reach as soon as it has a model, shown or not, and the
 * history starts hidden. Made before the first frame, the sample's 88 rows
 * were a tenth of the time to it; made when F9 is first pressed, they held
 * that frame 70 ms. */
static void
give_list_its_model (XqHistoryView *self)
{
  g_clear_handle_id (&self->model_idle, g_source_remove);
  if (self->selection == NULL || gtk_list_view_get_model (self->list) == GTK_SELECTION_MODEL (self->selection))
    return;
  gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (self->selection));
}

static gboolean
give_list_its_model_idle (gpointer data)
{
  XqHistoryView *self = data;

  self->model_idle = 0;
  give_list_its_model (self);
  return G_SOURCE_REMOVE;
}

static void
window_painted (GdkFrameClock *clock,
                XqHistoryView *self)
{
  g_signal_handlers_disconnect_by_func (clock, window_painted, self);
  if (self->model_idle == 0)
    self->model_idle = g_idle_add_full (G_PRIORITY_LOW, give_list_its_model_idle, self, NULL);
}

static void
window_realized (GtkWidget     *window,
                 XqHistoryView *self)
{
  g_signal_handlers_disconnect_by_func (window, window_realized, self);
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (window_painted), self, 0);
}

/* The model now if the history is shown; else after the window's next
 * frame, or its first once it has one. */
static void
give_list_its_model_soon (XqHistoryView *self)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));

  if (gtk_widget_get_mapped (GTK_WIDGET (self)) || window == NULL)
    give_list_its_model (self);
  else if (gtk_widget_get_realized (window))
    window_realized (window, self);
  else
    g_signal_connect_object (window, "realize", G_CALLBACK (window_realized), self, 0);
}

static void
xq_history_view_map (GtkWidget *widget)
{
  XqHistoryView *self = XQ_HISTORY_VIEW (widget);

  /* Before the list is mapped, so that it maps with its rows. */
  give_list_its_model (self);
  GTK_WIDGET_CLASS (xq_history_view_parent_class)->map (widget);
}

void
xq_history_view_set_session (XqHistoryView *self,
                             XqSession     *session)
{
  g_return_if_fail (XQ_IS_HISTORY_VIEW (self));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  clear_selection (self);
  g_set_object (&self->session, session);
  g_clear_pointer (&self->marks, g_hash_table_unref);
  self->position = G_MAXUINT;
  if (session != NULL)
    {
      self->selection = gtk_single_selection_new (rows_model (session));
      gtk_single_selection_set_autoselect (self->selection, FALSE);
      gtk_single_selection_set_can_unselect (self->selection, TRUE);
      gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
      give_list_its_model_soon (self);
      g_signal_connect (self->selection, "notify::selected", G_CALLBACK (selected_changed), self);
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

void
xq_history_view_set_marks (XqHistoryView       *self,
                           const XqHistoryMark *marks,
                           guint                n_marks)
{
  g_return_if_fail (XQ_IS_HISTORY_VIEW (self));

  g_clear_pointer (&self->marks, g_hash_table_unref);
  if (self->session == NULL)
    return;
  if (n_marks > 0)
    {
      self->marks = g_hash_table_new_full (NULL, NULL, NULL, _xq_history_view_mark_free);
      self->marks_n_moves = xq_session_get_n_moves (self->session);
    }
  for (guint i = 0; i < n_marks; i++)
    {
      XqHistoryViewMark *mark = g_new0 (XqHistoryViewMark, 1);

      mark->icon_name = g_strdup (marks[i].icon_name);
      mark->css_class = g_strdup (marks[i].css_class);
      mark->label = g_strdup (marks[i].label);
      mark->description = g_strdup (marks[i].description);
      g_hash_table_replace (self->marks, GUINT_TO_POINTER (marks[i].move), mark);
    }
  refill_rows (self);
}

/**
 * xq_history_view_get_row:
 * @self: a history view
 * @position: a row: 0 is the start of the game, N the table after move N
 *
 * The list builds only the rows on screen and near it; scroll a row in
 * (the list's `list.scroll-to-item` action) to have it built.
 *
 * Returns: (transfer none) (nullable): the row's widget, as the list
 *   focuses and hovers it (its child holds what it shows), or %NULL if it
 *   is not built
 */
GtkWidget *
xq_history_view_get_row (XqHistoryView *self,
                         guint          position)
{
  GHashTableIter iter;
  gpointer list_item;

  g_return_val_if_fail (XQ_IS_HISTORY_VIEW (self), NULL);

  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &list_item, NULL))
    if (gtk_list_item_get_position (list_item) == position)
      {
        /* Asked for, it shows its move now. */
        if (g_hash_table_contains (self->pending, list_item))
          fill_row (self, list_item);
        return row_of (list_item);
      }
  return NULL;
}

/**
 * xq_history_view_focus_row:
 * @self: a history view
 *
 * Puts the keyboard focus on the row shown (the last, "now", unless the
 * player went back), once the list has its size: a history opened by its
 * key is for moving through with the arrows, not ten Tabs away.
 */
void
xq_history_view_focus_row (XqHistoryView *self)
{
  g_return_if_fail (XQ_IS_HISTORY_VIEW (self));

  self->focus_pending = TRUE;
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list), scroll_to_selected, self, NULL);
}

/* GTK 4.8 takes Tab from row to row, and each row reached shows the table as
 * it was then: leaving the list by Tab would walk back through the whole game.
 * The list is one stop, entered at the row shown; the arrow keys move in it. */
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
  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list), self->scroll_tick);
  self->scroll_tick = 0;
  clear_selection (self);
  if (self->fill_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list), self->fill_tick);
  self->fill_tick = 0;
  g_clear_handle_id (&self->model_idle, g_source_remove);
  g_clear_object (&self->session);
  g_clear_pointer (&self->marks, g_hash_table_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), XQ_TYPE_HISTORY_VIEW);
  G_OBJECT_CLASS (xq_history_view_parent_class)->dispose (object);
}

static void
xq_history_view_finalize (GObject *object)
{
  XqHistoryView *self = XQ_HISTORY_VIEW (object);

  g_clear_pointer (&self->bound, g_hash_table_unref);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  G_OBJECT_CLASS (xq_history_view_parent_class)->finalize (object);
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
  object_class->finalize = xq_history_view_finalize;
  object_class->get_property = xq_history_view_get_property;
  object_class->set_property = xq_history_view_set_property;

  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->focus = xq_history_view_focus;
  widget_class->map = xq_history_view_map;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/xq-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, XqHistoryView, box);
  gtk_widget_class_bind_template_child (widget_class, XqHistoryView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, XqHistoryView, list);

  row_quark = g_quark_from_static_string ("xq-history-view-row");
  filled_quark = g_quark_from_static_string ("xq-history-view-filled");
  generation_quark = g_quark_from_static_string ("xq-history-view-generation");
}

/* Hidden in the flap, the list has no layout to scroll; showing it does.
 * The rows left to fill while it was hidden: those in sight now, before
 * the frame that shows them, the others a few in each frame to come. */
static void
mapped (XqHistoryView *self)
{
  g_autoptr(GPtrArray) now = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer list_item;
  guint in_sight;

  if (self->session == NULL)
    return;
  select_row_quietly (self, self->position == G_MAXUINT ? xq_session_get_n_moves (self->session)
                                                        : self->position);
  in_sight = rows_in_sight (self);
  g_hash_table_iter_init (&iter, self->pending);
  while (g_hash_table_iter_next (&iter, &list_item, NULL))
    if (near_selected (self, gtk_list_item_get_position (list_item), in_sight))
      g_ptr_array_add (now, list_item);
  g_ptr_array_sort (now, compare_positions);
  for (guint i = 0; i < now->len; i++)
    fill_row (self, now->pdata[i]);
  fill_pending_soon (self);
}

static void
xq_history_view_init (XqHistoryView *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  self->position = G_MAXUINT;
  self->bound = g_hash_table_new (NULL, NULL);
  self->pending = g_hash_table_new (NULL, NULL);
  self->in_sight_frame = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row), self);
  g_signal_connect (factory, "teardown", G_CALLBACK (teardown_row), self);
  gtk_list_view_set_factory (self->list, factory);
  g_signal_connect (self, "map", G_CALLBACK (mapped), NULL);
}
