/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar's layout, its one job: the form and the preview side by side
 * on a wide window, stacked (and the form folding away) on a narrow one.
 * A satellite of fx-move-bar.c; it calls no other file of the bar. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-move-bar-private.h"

/* Below this width the preview and Record go under the form. */
#define WIDE_MIN 720
#define SIDE_WIDTH 320
#define COLUMN_GAP 24
#define ROW_GAP 8
/* On a narrow window the unfolded form takes the height it needs when it
 * can, and scrolls in no less than this. */
#define NARROW_FORM_MIN 120

/* --- layout: the form and the preview side by side, or stacked ---------- */

/* Wide: the turn and the form on the left, the preview and Record in a
 * column of their own on the right. Narrow: the turn with a button that
 * unfolds the form; folded, one line with what is chosen and Record;
 * unfolded, the form (scrolling when the window is short), the preview,
 * Record. */

typedef struct
{
  GtkWidget *widget;
  int        x, y, width, height;
} Slot;

enum { SLOT_HEADER, SLOT_FOLD, SLOT_FORM, SLOT_PREVIEW, SLOT_SUMMARY, SLOT_RECORD, N_SLOTS };

static gboolean
shown (GtkWidget *widget)
{
  return widget != NULL && gtk_widget_should_layout (widget);
}

static int
height_for (GtkWidget *widget,
            int        width,
            gboolean   natural)
{
  int min = 0, nat = 0;

  if (widget != NULL)
    gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
  return natural ? nat : min;
}

static int
width_of (GtkWidget *widget,
          gboolean   natural)
{
  int min = 0, nat = 0;

  if (widget != NULL)
    gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  return natural ? nat : min;
}

/* All the form needs. Its scrolled window says more than its child when
 * the page shown changes its width; the child's own height is the truth. */
static int
form_height (FxMoveBar *self,
             int        width)
{
  return MAX (height_for (self->form_box, width, TRUE), height_for (self->form_scroller, width, FALSE));
}

static gboolean
is_wide (FxMoveBar *self,
         int        width)
{
  return shown (self->form_scroller) && width >= WIDE_MIN;
}

/* Places the parts in @width; @height is the height given, or -1 to ask for
 * the least (or, with @natural, the best) height, which is returned. */
static int
arrange (FxMoveBar *self,
         int        width,
         int        height,
         gboolean   natural,
         Slot       slots[N_SLOTS])
{
  int record_width, record_height, y;

  memset (slots, 0, sizeof (Slot) * N_SLOTS);
  if (!shown (self->form_scroller))
    {
      slots[SLOT_HEADER] = (Slot) { self->header_box, 0, 0, width, height_for (self->header_box, width, natural) };
      return slots[SLOT_HEADER].height;
    }
  record_width = width_of (self->record_button, TRUE);
  record_height = height_for (self->record_button, -1, TRUE);

  if (is_wide (self, width))
    {
      int left = width - COLUMN_GAP - SIDE_WIDTH;
      int header = height_for (self->header_box, left, natural);
      int form = form_height (self, left);
      int total = MAX (header + ROW_GAP + form,
                       height_for (self->preview_scroller, SIDE_WIDTH, FALSE) + ROW_GAP + record_height);

      if (height >= 0)
        total = height;
      slots[SLOT_HEADER] = (Slot) { self->header_box, 0, 0, left, header };
      slots[SLOT_FORM] = (Slot) { self->form_scroller, 0, header + ROW_GAP, left, form };
      slots[SLOT_PREVIEW] = (Slot) { self->preview_scroller, width - SIDE_WIDTH, 0, SIDE_WIDTH,
                                     total - ROW_GAP - record_height };
      slots[SLOT_RECORD] = (Slot) { self->record_button, width - record_width, total - record_height,
                                    record_width, record_height };
      return total;
    }

  {
    int fold_width = width_of (self->fold_button, TRUE);
    int fold_height = height_for (self->fold_button, -1, TRUE);
    int header_width = MAX (width - fold_width - ROW_GAP, 0);
    int header = height_for (self->header_box, header_width, natural);
    int top = MAX (header, fold_height);

    slots[SLOT_HEADER] = (Slot) { self->header_box, 0, (top - header) / 2, header_width, header };
    slots[SLOT_FOLD] = (Slot) { self->fold_button, width - fold_width, 0, fold_width, fold_height };
    y = top + ROW_GAP;
    if (self->folded)
      slots[SLOT_SUMMARY] = (Slot) { self->summary_label, 0, y, MAX (width - record_width - ROW_GAP, 0),
                                     record_height };
    else
      {
        int preview = height_for (self->preview_scroller, width, FALSE);
        int form_full = form_height (self, width);
        int form = natural ? form_full : MIN (form_full, NARROW_FORM_MIN);

        /* Given more, the form takes it, up to all it needs. */
        if (height >= 0)
          form = CLAMP (height - y - 2 * ROW_GAP - preview - record_height, MIN (form_full, NARROW_FORM_MIN),
                        form_full);
        slots[SLOT_FORM] = (Slot) { self->form_scroller, 0, y, width, form };
        y += form + ROW_GAP;
        slots[SLOT_PREVIEW] = (Slot) { self->preview_scroller, 0, y, width, preview };
        y += preview + ROW_GAP;
      }
    slots[SLOT_RECORD] = (Slot) { self->record_button, width - record_width, y, record_width, record_height };
    return y + record_height;
  }
}

GtkSizeRequestMode
_fx_move_bar_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

void
_fx_move_bar_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  Slot slots[N_SLOTS];

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int min = width_of (self->header_box, FALSE);
      int nat = width_of (self->header_box, TRUE);

      /* As narrow as the narrow layout allows; as wide as the wide one. */
      if (shown (self->form_scroller))
        {
          min = MAX (min + ROW_GAP + width_of (self->fold_button, TRUE), width_of (self->form_scroller, FALSE));
          min = MAX (min, width_of (self->preview_scroller, FALSE));
          min = MAX (min, width_of (self->record_button, TRUE) + ROW_GAP + width_of (self->summary_label, FALSE));
          nat = MAX (MAX (nat, width_of (self->form_scroller, TRUE)) + COLUMN_GAP + SIDE_WIDTH, WIDE_MIN);
        }
      *minimum = min;
      *natural = MAX (min, nat);
    }
  else
    {
      int width = for_size;

      /* No width given: the height at the natural width, the least it
       * needs (as GTK's own wrapping labels do). */
      if (width < 0)
        _fx_move_bar_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &(int) { 0 }, &width, NULL, NULL);
      *minimum = arrange (self, width, -1, FALSE, slots);
      *natural = arrange (self, width, -1, TRUE, slots);
    }
}

void
_fx_move_bar_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  GtkWidget *children[N_SLOTS] = { self->header_box, self->fold_button, self->form_scroller,
                                   self->preview_scroller, self->summary_label, self->record_button };
  gboolean wide = is_wide (self, width);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  Slot slots[N_SLOTS];

  /* The narrow layout makes its controls large enough for a finger. */
  if (wide != self->wide)
    {
      self->wide = wide;
      if (wide)
        gtk_widget_remove_css_class (widget, "narrow");
      else
        gtk_widget_add_css_class (widget, "narrow");
      /* Narrow, the status goes under the turn rather than wrap into a
       * column beside it. */
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->title_box),
                                      wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
      gtk_box_set_spacing (GTK_BOX (self->title_box), wide ? 12 : 0);
    }

  arrange (self, width, height, TRUE, slots);
  for (int i = 0; i < N_SLOTS; i++)
    {
      const Slot *slot = &slots[i];

      if (children[i] == NULL)
        continue;
      /* What this layout leaves out is neither drawn nor reached by Tab. */
      gtk_widget_set_child_visible (children[i], slot->widget != NULL);
      if (slot->widget == NULL || !gtk_widget_should_layout (children[i]))
        continue;
      gtk_widget_size_allocate (children[i],
                                &(GtkAllocation) { rtl ? width - slot->x - slot->width : slot->x, slot->y,
                                                   slot->width, slot->height }, -1);
    }
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
  gtk_widget_set_tooltip_text (self->fold_button,
                               folded ? _("Show the form for this turn") : _("Hide the form for this turn"));
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
