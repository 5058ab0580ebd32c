/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar's two shapes, its one job. Wide, the boxes of fx-move-bar.ui
 * stand side by side: the turn and its form on the left, the preview and
 * Record in a column of their own. Narrow, the same boxes stack, the form
 * folding away behind a button, and a few lines beside Record say what it
 * would do.
 * Which shape is the template's squeezer's to say (it shows its 720 px
 * child only when the bar is that wide), as libadwaita 1.2's own adaptive
 * widgets decide; this file only follows it. A satellite of fx-move-bar.c;
 * it calls no other file of the bar. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-move-bar-private.h"
#include "xq-tooltip.h"

/* The gap between the form and the preview's column beside it. */
#define COLUMN_GAP 24
#define ROW_GAP 8

/* Narrow, the form scrolls in a band: as tall as it needs between these
 * heights (px), a few rows at least, and at most what leaves the table
 * above room for every player's money. */
#define FORM_BAND_MIN 120
#define FORM_BAND_MAX 150

/* Wide, the form stands in the left column whole; narrow, it scrolls in its
 * band. It stays in its scrolled window either way: moving its 700 widgets
 * between a box and the scrolled window re-rooted and re-mapped them, a
 * fifth of the frame that changed the shape. Wide, the window cannot
 * scroll, and the bin around it (XqUnscrolledLayout) lays the form out as
 * if it were not there. The content heights change in the order GTK
 * allows: the least never above the most. */
static void
shape_form (FxMoveBar *self,
            gboolean   wide)
{
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (self->form_scroller);

  gtk_scrolled_window_set_policy (scroller, GTK_POLICY_NEVER, wide ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC);
  if (wide)
    {
      gtk_scrolled_window_set_min_content_height (scroller, -1);
      gtk_scrolled_window_set_max_content_height (scroller, -1);
    }
  else
    {
      gtk_scrolled_window_set_max_content_height (scroller, FORM_BAND_MAX);
      gtk_scrolled_window_set_min_content_height (scroller, FORM_BAND_MIN);
    }
}

/* Shows what the shape, the fold and the game (a move to enter or not)
 * leave on screen, and nothing else: what is hidden is neither drawn nor
 * reached by Tab. */
void
_fx_move_bar_apply_shape (FxMoveBar *self)
{
  gboolean wide = self->wide;
  gboolean open = wide || !self->folded;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->content),
                                  wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self->content), wide ? COLUMN_GAP : ROW_GAP);
  /* Narrow, the status goes under the turn rather than wrap into a column
   * beside it; every control grows to a finger's size (style.css). */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->title_box),
                                  wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self->title_box), wide ? 12 : 0);
  if (wide)
    gtk_widget_remove_css_class (GTK_WIDGET (self), "narrow");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self), "narrow");
  gtk_widget_set_visible (self->side_squeezer, self->playing);
  if (self->form_scroller == NULL)
    return;
  gtk_widget_set_visible (self->fold_button, self->playing && !wide);
  gtk_widget_set_visible (self->suggest_button, self->playing);
  gtk_widget_set_visible (self->form_box, self->playing && open);
  gtk_widget_set_visible (self->form_scroller, self->playing && open);
  gtk_widget_set_visible (gtk_widget_get_parent (self->form_scroller), self->playing && open);
  shape_form (self, wide);
  /* Narrow, what Record would do is said in a few lines beside it, open
   * or folded: a preview of its own would take the rows of money the
   * players look at while they fill in the form. */
  gtk_widget_set_visible (self->preview_scroller, self->playing && wide);
  gtk_widget_set_visible (self->summary_label, self->playing && !wide);
  gtk_widget_set_visible (gtk_widget_get_parent (self->summary_label), self->playing && !wide);
  gtk_widget_set_visible (self->record_button, self->playing);
  gtk_widget_set_halign (self->record_row, wide ? GTK_ALIGN_END : GTK_ALIGN_FILL);
}

static gboolean
probe_says_wide (FxMoveBar *self)
{
  return adw_squeezer_get_visible_child (self->width_probe) == self->wide_probe;
}

static gboolean
focus_in_form (FxMoveBar *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && self->form_box != NULL && gtk_widget_is_ancestor (focus, self->form_box);
}

static void
on_probe_changed (FxMoveBar *self)
{
  if (probe_says_wide (self) == self->wide)
    return;
  self->wide = probe_says_wide (self);
  /* This comes while the bar is laid out: the frame clock lays the window
   * out again before it draws, so the first frame has the right shape. A
   * player made narrow while filling in the form keeps it open, and the
   * field they were in. */
  if (!self->wide && focus_in_form (self))
    _fx_move_bar_set_folded (self, FALSE);
  else
    _fx_move_bar_apply_shape (self);
}

void
_fx_move_bar_fold_init (FxMoveBar *self)
{
  /* The bar starts narrow, the shape with the least width, so a window
   * opened small opens at its size; its first layout makes it wide when
   * it has the room, before the first frame is drawn. */
  self->wide = FALSE;
  g_signal_connect_object (self->width_probe, "notify::visible-child", G_CALLBACK (on_probe_changed), self,
                           G_CONNECT_SWAPPED);
  _fx_move_bar_apply_shape (self);
  gtk_widget_set_visible (self->wide_probe, TRUE);
}

/* Narrow: the form unfolds above the preview and Record, or folds away. */
void
_fx_move_bar_set_folded (FxMoveBar *self,
                         gboolean   folded)
{
  if (self->fold_button == NULL)
    return;
  self->folded = folded;
  self->updating++;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->fold_button), !folded);
  self->updating--;
  gtk_button_set_icon_name (GTK_BUTTON (self->fold_button), folded ? "pan-up-symbolic" : "pan-down-symbolic");
  xq_tooltip_set_text (self->fold_button,
                               folded ? _("Show the form for this turn") : _("Hide the form for this turn"));
  _fx_move_bar_apply_shape (self);
}
