/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FxAuditReviewTurns: the Review page's turns as a list model. It holds only
 * the listed turns' numbers; an item, and the words a row shows, are made
 * when a view binds it, so a 5,000-move game costs the page no more rows of
 * widgets than the sample game (issue #27). */

#include "config.h"

#include "fx-audit-review-turns.h"

struct _FxAuditReviewTurn
{
  GObject          parent_instance;
  FxReviewSummary *review;
  guint            turn;
};

G_DEFINE_FINAL_TYPE (FxAuditReviewTurn, fx_audit_review_turn, G_TYPE_OBJECT)

static void
fx_audit_review_turn_finalize (GObject *object)
{
  g_clear_pointer (&FX_AUDIT_REVIEW_TURN (object)->review, fx_review_summary_unref);
  G_OBJECT_CLASS (fx_audit_review_turn_parent_class)->finalize (object);
}

static void
fx_audit_review_turn_class_init (FxAuditReviewTurnClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fx_audit_review_turn_finalize;
}

static void
fx_audit_review_turn_init (FxAuditReviewTurn *self)
{
}

/* The review the item's turn is of: a row reads its words there. */
FxReviewSummary *
fx_audit_review_turn_get_review (FxAuditReviewTurn *item)
{
  g_return_val_if_fail (FX_IS_AUDIT_REVIEW_TURN (item), NULL);

  return item->review;
}

/* The turn's index in the review, from 0. */
guint
fx_audit_review_turn_get_turn (FxAuditReviewTurn *item)
{
  g_return_val_if_fail (FX_IS_AUDIT_REVIEW_TURN (item), 0);

  return item->turn;
}

struct _FxAuditReviewTurns
{
  GObject          parent_instance;
  FxReviewSummary *review;
  GArray          *listed;   /* guint: the listed turns, in game order */
};

static void fx_audit_review_turns_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (FxAuditReviewTurns, fx_audit_review_turns, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, fx_audit_review_turns_model_init))

static GType
get_item_type (GListModel *model)
{
  return FX_TYPE_AUDIT_REVIEW_TURN;
}

static guint
get_n_items (GListModel *model)
{
  return FX_AUDIT_REVIEW_TURNS (model)->listed->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  FxAuditReviewTurns *self = FX_AUDIT_REVIEW_TURNS (model);
  FxAuditReviewTurn *item;

  if (position >= self->listed->len)
    return NULL;
  item = g_object_new (FX_TYPE_AUDIT_REVIEW_TURN, NULL);
  item->review = fx_review_summary_ref (self->review);
  item->turn = g_array_index (self->listed, guint, position);
  return item;
}

static void
fx_audit_review_turns_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
fx_audit_review_turns_finalize (GObject *object)
{
  FxAuditReviewTurns *self = FX_AUDIT_REVIEW_TURNS (object);

  g_clear_pointer (&self->review, fx_review_summary_unref);
  g_array_unref (self->listed);
  G_OBJECT_CLASS (fx_audit_review_turns_parent_class)->finalize (object);
}

static void
fx_audit_review_turns_class_init (FxAuditReviewTurnsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fx_audit_review_turns_finalize;
}

static void
fx_audit_review_turns_init (FxAuditReviewTurns *self)
{
  self->listed = g_array_new (FALSE, FALSE, sizeof (guint));
}

FxAuditReviewTurns *
fx_audit_review_turns_new (void)
{
  return g_object_new (FX_TYPE_AUDIT_REVIEW_TURNS, NULL);
}

/**
 * fx_audit_review_turns_set:
 * @self: the turns
 * @review: (nullable): the review whose turns to list; NULL lists none
 * @least: the least grade listed: BEST lists every turn
 *
 * Lists @review's turns graded @least or worse, in game order: a pass over
 * the grades, no words made, whatever the game's length.
 */
void
fx_audit_review_turns_set (FxAuditReviewTurns *self,
                           FxReviewSummary    *review,
                           FxReviewGrade       least)
{
  guint removed;

  g_return_if_fail (FX_IS_AUDIT_REVIEW_TURNS (self));

  removed = self->listed->len;
  if (review != NULL)
    fx_review_summary_ref (review);
  g_clear_pointer (&self->review, fx_review_summary_unref);
  self->review = review;
  g_array_set_size (self->listed, 0);
  for (guint t = 0; review != NULL && t < review->review.n_turns; t++)
    if (review->notes[t].grade >= least)
      g_array_append_val (self->listed, t);
  if (removed > 0 || self->listed->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->listed->len);
}

guint
fx_audit_review_turns_find (FxAuditReviewTurns *self,
                            guint               turn)
{
  guint low = 0, high;

  g_return_val_if_fail (FX_IS_AUDIT_REVIEW_TURNS (self), G_MAXUINT);

  /* The listed turns are in game order. */
  high = self->listed->len;
  while (low < high)
    {
      guint mid = low + (high - low) / 2;
      guint at = g_array_index (self->listed, guint, mid);

      if (at == turn)
        return mid;
      if (at < turn)
        low = mid + 1;
      else
        high = mid;
    }
  return G_MAXUINT;
}
