/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar's Suggest, its one job: the turn the game review would call
 * best for the player to act (fx_review_hint(), depth 1), searched on a
 * worker thread and set in the forms as the player would set them, through
 * fx_move_bar_fill(). Only Record records it. A satellite of fx-move-bar.c:
 * it calls only the main file. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-notation.h"
#include "fx-review.h"

#include "fx-move-bar-private.h"
#include "xq-tooltip.h"

/* What the worker needs, copied: the bar's state goes on changing. */
typedef struct
{
  FxSetup setup;
  FxState position;
  FxMove  turn[2];
  guint   n_moves;
} Suggestion;

static gboolean
can_suggest (FxMoveBar *self)
{
  return self->session != NULL && self->form_box != NULL && !fx_state_is_over (&self->state)
         && self->state.spot_actor == FX_NO_PLAYER;
}

static void
show_working (FxMoveBar *self,
              gboolean   working)
{
  if (self->suggest_button == NULL)
    return;
  gtk_widget_set_visible (self->suggest_spinner, working);
  gtk_spinner_set_spinning (GTK_SPINNER (self->suggest_spinner), working);
  xq_tooltip_set_text (self->suggest_button,
                               working ? _("Looking for the best turn… Press again to stop.")
                                       : _("Fill the form with the turn the game review would call best; "
                                           "nothing is recorded until you press Record"));
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->suggest_button), GTK_ACCESSIBLE_STATE_BUSY, working, -1);
}

static void
suggest_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Suggestion *s = task_data;
  XqAmount value;

  if (fx_review_hint (&s->setup, &s->position, 1, cancellable, s->turn, &s->n_moves, &value))
    g_task_return_boolean (task, TRUE);
  else if (!g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, FALSE);
}

static void
on_suggested (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  FxMoveBar *self = FX_MOVE_BAR (source);
  GTask *task = G_TASK (result);
  Suggestion *s = g_task_get_task_data (task);
  /* Cancelled (the table changed, the window closed, or the player pressed
   * again), and maybe a newer search under way: this one answers nothing. */
  gboolean current = self->suggesting != NULL && g_task_get_cancellable (task) == self->suggesting;
  g_autoptr(GError) error = NULL;
  gboolean found = g_task_propagate_boolean (task, &error);

  if (!current)
    return;
  g_clear_object (&self->suggesting);
  show_working (self, FALSE);
  if (!found || !can_suggest (self) || memcmp (&s->position, &self->state, sizeof s->position) != 0)
    return;
  if (!fx_move_bar_fill (self, s->n_moves == 2 ? &s->turn[0] : NULL, &s->turn[s->n_moves - 1]))
    {
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < s->n_moves; i++)
        {
          g_autofree char *move = fx_notation_format_move (&s->setup, &s->turn[i]);

          g_string_append_printf (text, "%s%s", i > 0 ? " ; " : "", move);
        }
      /* The forms offer every legal turn (the replay tests prove it): a
       * suggestion they cannot show is a bug, not the player's concern. */
      g_warning ("Suggest: the forms do not offer %s", text->str);
    }
}

/* Stops a search under way; its answer, if it comes, is dropped. */
void
_fx_move_bar_suggest_cancel (FxMoveBar *self)
{
  if (self->suggesting == NULL)
    return;
  g_cancellable_cancel (self->suggesting);
  g_clear_object (&self->suggesting);
  show_working (self, FALSE);
}

void
_fx_move_bar_suggest_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  g_autoptr(GTask) task = NULL;
  Suggestion *s;

  /* Pressed again while it looks: the player changed their mind. */
  if (self->suggesting != NULL)
    {
      _fx_move_bar_suggest_cancel (self);
      return;
    }
  if (!can_suggest (self))
    return;
  s = g_new0 (Suggestion, 1);
  memcpy (&s->setup, _fx_move_bar_get_setup (self), sizeof s->setup);
  memcpy (&s->position, &self->state, sizeof s->position);
  self->suggesting = g_cancellable_new ();
  task = g_task_new (self, self->suggesting, on_suggested, NULL);
  g_task_set_source_tag (task, _fx_move_bar_suggest_action);
  g_task_set_task_data (task, s, g_free);
  g_task_run_in_thread (task, suggest_thread);
  show_working (self, TRUE);
}

/* Offered between turns while the game goes on. */
void
_fx_move_bar_suggest_update (FxMoveBar *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.suggest", can_suggest (self));
}

/* At the end of the turn's header: it fills the form below it. */
void
_fx_move_bar_suggest_init (FxMoveBar *self)
{
  gtk_box_append (GTK_BOX (self->header_box), self->suggest_button);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->suggest_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Suggest a turn"), -1);
  show_working (self, FALSE);
}
