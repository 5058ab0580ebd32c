/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the move bar's forms describe: the moves built from them, and the
 * preview of what recording them would change on the table. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-display.h"
#include "fx-forecast.h"
#include "fx-preview.h"
#include "fx-score.h"
#include "fx-sentence.h"

#include "fx-move-bar-private.h"

gboolean
fx_move_bar_spot_available (FxMoveBar *self)
{
  return !fx_state_is_over (&self->state) && self->state.spot_actor == FX_NO_PLAYER
         && self->state.n_players > 1;
}

gboolean
fx_move_bar_build_spot (FxMoveBar *self,
                        FxMove    *spot)
{
  int other, give, take;

  if (!fx_move_bar_spot_available (self) || !gtk_expander_get_expanded (self->spot_expander))
    return FALSE;
  if (!fx_move_bar_choice_get (&self->c_spot_other, &other) || !fx_move_bar_choice_get (&self->c_spot_give, &give)
      || !fx_move_bar_choice_get (&self->c_spot_take, &take))
    return FALSE;
  fx_move_init (spot, FX_MOVE_SPOT);
  spot->actor = (gint8) self->actor;
  spot->other = (gint8) other;
  spot->cur[0] = (gint8) give;
  spot->cur[1] = (gint8) take;
  return TRUE;
}

/* The action the visible form describes, or FALSE while none is chosen. */
gboolean
fx_move_bar_build_action (FxMoveBar *self,
                          FxMove    *m)
{
  int a, b, amount;

  if (fx_state_is_over (&self->state))
    {
      if (!fx_move_bar_choice_get (&self->c_strongest_choice, &a))
        return FALSE;
      fx_move_init (m, FX_MOVE_STRONGEST);
      m->cur[0] = (gint8) a;
      return TRUE;
    }

  switch (fx_move_bar_current_form (self))
    {
    case FORM_NONE:
      return FALSE;
    case FORM_CONTRACT:
      if (!fx_move_bar_choice_get (&self->c_contract_pay, &a) || !fx_move_bar_choice_get (&self->c_contract_receive, &b)
          || !fx_move_bar_choice_get (&self->c_contract_amount, &amount))
        return FALSE;
      fx_move_init (m, FX_MOVE_CONTRACT);
      m->amount = amount;
      m->cur[0] = (gint8) a;
      m->cur[1] = (gint8) b;
      break;
    case FORM_INVEST:
      if (!fx_move_bar_choice_get (&self->c_invest_first, &a) || !fx_move_bar_choice_get (&self->c_invest_second, &b))
        return FALSE;
      fx_move_init (m, FX_MOVE_INVEST);
      m->cur[0] = (gint8) a;
      m->cur[1] = (gint8) b;
      break;
    case FORM_DIVEST:
      if (!fx_move_bar_choice_get (&self->c_divest_currency, &a) || !fx_move_bar_choice_get (&self->c_divest_count, &b))
        return FALSE;
      fx_move_init (m, FX_MOVE_DIVEST);
      m->cur[0] = (gint8) a;
      m->sells[self->actor] = (guint8) b;
      m->named = (guint8) (1u << self->actor);
      /* Everyone who could sell was asked, so the statement names them. */
      for (guint i = 0; i < self->n_divest_rows; i++)
        {
          int p = self->divest_players[i];

          if (self->base.certs[p][a] == 0)
            continue;
          m->sells[p] = (guint8) fx_move_bar_choice_value (&self->c_divest_others[i], 0);
          m->named |= (guint8) (1u << p);
        }
      break;
    case FORM_RESOLVE:
      fx_move_init (m, FX_MOVE_RESOLVE);
      m->cur[0] = FX_NO_CURRENCY;
      if (gtk_widget_get_visible (self->resolve_choice_field))
        m->cur[0] = (gint8) fx_move_bar_choice_value (&self->c_resolve_choice, FX_NO_CURRENCY);
      break;
    default:
      g_assert_not_reached ();
    }
  m->actor = (gint8) self->actor;
  return TRUE;
}

guint
fx_move_bar_build_moves (FxMoveBar *self,
                         FxMove     moves[2])
{
  guint n = 0;

  if (fx_move_bar_build_spot (self, &moves[0]))
    n++;
  if (!fx_move_bar_build_action (self, &moves[n]))
    return 0;
  return n + 1;
}

char *
fx_move_bar_capitalize (const char *sentence)
{
  gunichar first;
  char buf[8];
  int len;

  if (sentence == NULL || *sentence == '\0')
    return g_strdup ("");
  first = g_utf8_get_char (sentence);
  if (g_unichar_isupper (first))
    return g_strdup (sentence);
  len = g_unichar_to_utf8 (g_unichar_toupper (first), buf);
  return g_strdup_printf ("%.*s%s", len, buf, g_utf8_next_char (sentence));
}

/* "Cynthia wins with 16.5 CHF.", the names of a shared win, or who chooses
 * the strongest currency; "" while nothing is decided. */
char *
fx_move_bar_winners (const FxSetup *setup,
                     const FxState *s)
{
  FxStanding standing;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *money = NULL;
  int any = -1;

  /* By the table's rules: "round-all" can change the sum, and the winner. */
  fx_score_standing_under (s, setup->readings, &standing);
  if (standing.strongest.strongest == FX_NO_CURRENCY)
    return g_strdup ("");
  for (int p = 0; p < s->n_players; p++)
    {
      if (!standing.winners[p])
        continue;
      if (names->len > 0)
        g_string_append (names, ", ");
      g_string_append (names, setup->names[p]);
      any = p;
    }
  if (any < 0)
    return g_strdup ("");
  money = fx_display_money (standing.players[any].total, standing.strongest.strongest);
  if (standing.n_winners > 1)
    return g_strdup_printf (_("%s share the win with %s each."), names->str, money);
  return g_strdup_printf (_("%s wins with %s."), names->str, money);
}

/* The preview area keeps its size: its text changes, never its place. The
 * folded bar's one line says what Record would do, or why not. */
void
fx_move_bar_show_preview (FxMoveBar  *self,
                          const char *heading,
                          const char *refusal,
                          const char *text,
                          const char *summary)
{
  g_autofree char *sentence = fx_move_bar_capitalize (refusal);
  g_autofree char *line = fx_move_bar_capitalize (summary != NULL ? summary : refusal != NULL ? refusal : heading);

  gtk_label_set_text (GTK_LABEL (self->summary_label), line);
  gtk_widget_set_tooltip_text (self->summary_label, line);
  gtk_widget_remove_css_class (self->summary_label, "refusal");
  if (refusal != NULL)
    gtk_widget_add_css_class (self->summary_label, "refusal");
  gtk_label_set_text (self->preview_heading, heading);
  gtk_label_set_text (self->refusal_label, sentence);
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), refusal != NULL);
  gtk_label_set_text (self->preview_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->preview_label), text != NULL);
}

void
fx_move_bar_update_preview (FxMoveBar *self)
{
  FxMove moves[2];
  FxState after;
  guint n;
  gboolean can_record = FALSE;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;

  if (self->form_box == NULL || self->session == NULL || self->updating > 0)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", FALSE);
      return;
    }

  n = fx_move_bar_build_moves (self, moves);
  if (n == 0 && fx_move_bar_current_form (self) == FORM_NONE && !fx_state_is_over (&self->state))
    fx_move_bar_show_preview (self, _("Nothing chosen yet"), NULL,
                              _("Choose an action: what it would change shows here before anything is recorded."), NULL);
  else if (n == 0)
    fx_move_bar_show_preview (self, _("Nothing to record"), NULL, NULL, NULL);
  else if (!fx_preview_apply (fx_move_bar_get_setup (self), &self->state, moves, n, &after, &error))
    fx_move_bar_show_preview (self, _("This cannot be recorded"), error->message, NULL, NULL);
  else
    {
      g_autoptr(GString) summary = g_string_new (NULL);
      g_autofree char *note = NULL;
      FxState before = self->state;

      for (guint i = 0; i < n; i++)
        {
          g_autofree char *sentence = fx_sentence_move (fx_move_bar_get_setup (self), &before, &moves[i]);

          if (summary->len > 0)
            g_string_append (summary, "; ");
          g_string_append (summary, sentence);
          /* A contract is a promise: what it will ask, against what the
           * player holds once the spot is made. */
          if (moves[i].kind == FX_MOVE_CONTRACT)
            note = fx_forecast_contract_note (fx_move_bar_get_setup (self), &before, &moves[i]);
          fx_state_apply (fx_move_bar_get_setup (self), &before, &moves[i], NULL);
        }
      lines = fx_preview_describe (fx_move_bar_get_setup (self), &self->state, &after);
      if (note != NULL)
        g_ptr_array_add (lines, g_steal_pointer (&note));
      g_ptr_array_add (lines, NULL);
      {
        g_autofree char *text = g_strjoinv ("\n", (char **) lines->pdata);

        fx_move_bar_show_preview (self, lines->len > 1 ? _("If recorded:") : _("If recorded, nothing changes on the table"),
                                  NULL, lines->len > 1 ? text : NULL, summary->str);
      }
      can_record = TRUE;
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", can_record);
}
