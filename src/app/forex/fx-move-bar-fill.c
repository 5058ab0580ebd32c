/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Setting the move bar's forms from moves, as a player would, for replays. */

#include "config.h"

#include "fx-move-bar-private.h"

static Form
form_of (FxMoveKind kind)
{
  for (int f = 0; f < N_FORMS; f++)
    if (fx_move_bar_form_kinds[f] == kind)
      return (Form) f;
  return FORM_NONE;
}

static gboolean
fill_divest (FxMoveBar    *self,
             const FxMove *m)
{
  if (!fx_move_bar_choice_select (&self->c_divest_currency, m->cur[0])
      || !fx_move_bar_choice_select (&self->c_divest_count, m->sells[m->actor]))
    return FALSE;
  for (guint i = 0; i < self->n_divest_rows; i++)
    if (!fx_move_bar_choice_select (&self->c_divest_others[i], m->sells[self->divest_players[i]]))
      return FALSE;
  return TRUE;
}

/**
 * fx_move_bar_fill:
 * @self: the move bar
 * @spot: (nullable): the turn's spot transaction
 * @action: the action, or the final choice of the strongest currency
 *
 * Sets the forms as a player would to make these moves, each choice from
 * what the form offers; the Record action then records them. Used to replay
 * games through the forms, which proves they offer every move a game needs.
 *
 * Returns: %FALSE if a form does not offer one of the choices
 */
gboolean
fx_move_bar_fill (FxMoveBar    *self,
                  const FxMove *spot,
                  const FxMove *action)
{
  Form form;

  g_return_val_if_fail (FX_IS_MOVE_BAR (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  /* No forms yet: the bar has had no move to offer. */
  if (self->form_box == NULL)
    return FALSE;
  gtk_expander_set_expanded (self->spot_expander, spot != NULL);
  if (spot != NULL
      && (!fx_move_bar_choice_select (&self->c_spot_other, spot->other)
          || !fx_move_bar_choice_select (&self->c_spot_give, spot->cur[0])
          || !fx_move_bar_choice_select (&self->c_spot_take, spot->cur[1])))
    return FALSE;

  if (action->kind == FX_MOVE_STRONGEST)
    return fx_move_bar_choice_select (&self->c_strongest_choice, action->cur[0]);

  form = form_of (action->kind);
  if (form == FORM_NONE || !gtk_widget_get_sensitive (GTK_WIDGET (fx_move_bar_form_toggle (self, form))))
    return FALSE;
  gtk_toggle_button_set_active (fx_move_bar_form_toggle (self, form), TRUE);
  switch (form)
    {
    case FORM_CONTRACT:
      return fx_move_bar_choice_select (&self->c_contract_pay, action->cur[0])
             && fx_move_bar_choice_select (&self->c_contract_receive, action->cur[1])
             && fx_move_bar_choice_select (&self->c_contract_amount, action->amount);
    case FORM_INVEST:
      return fx_move_bar_choice_select (&self->c_invest_first, action->cur[0])
             && fx_move_bar_choice_select (&self->c_invest_second, action->cur[1]);
    case FORM_DIVEST:
      return fill_divest (self, action);
    case FORM_RESOLVE:
      return action->cur[0] == FX_NO_CURRENCY || fx_move_bar_choice_select (&self->c_resolve_choice, action->cur[0]);
    case FORM_NONE:
    default:
      return FALSE;
    }
}
