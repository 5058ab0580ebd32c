/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar's forms filled from the rules: its one job. Every option is
 * listed, those the rules refuse now carry the engine's reason, the choices
 * a player made are kept, and an action that cannot be taken says why.
 * A satellite of fx-move-bar.c: it calls only the main file. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-display.h"
#include "fx-legal.h"
#include "xq-wrap-box.h"
#include "fx-move-bar-private.h"
#include "fx-preview.h"
#include "fx-score.h"
#include "fx-sentence.h"
#include "xq-tooltip.h"

/* NULL when the rules accept @m from @state, else their reason. */
static char *
refusal (FxMoveBar     *self,
         const FxState *state,
         const FxMove  *m)
{
  g_autoptr(GError) error = NULL;

  if (fx_state_validate (_fx_move_bar_get_setup (self), state, m, &error))
    return NULL;
  return g_strdup (error->message);
}

static void
set_currencies (XqReasonDropdown  *dropdown,
                char             **reasons)
{
  const char *labels[FX_N_CURRENCIES];
  int values[FX_N_CURRENCIES];

  for (int cur = 0; cur < FX_N_CURRENCIES; cur++)
    {
      labels[cur] = fx_currency_code (cur);
      values[cur] = cur;
    }
  xq_reason_dropdown_set_options (dropdown, FX_N_CURRENCIES, labels, values, reasons, FALSE);
}

/* A name in a label with a mnemonic: its own underscores stay underscores. */
static char *
escape_underscores (const char *name)
{
  g_auto(GStrv) parts = g_strsplit (name, "_", -1);

  return g_strjoinv ("__", parts);
}

static FxMove
spot_move (FxMoveBar *self,
           int        other,
           int        give,
           int        take)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_SPOT);
  m.actor = (gint8) self->actor;
  m.other = (gint8) other;
  m.cur[0] = (gint8) give;
  m.cur[1] = (gint8) take;
  return m;
}

static gboolean
spot_legal (FxMoveBar *self,
            int        other,
            int        give,
            int        take)
{
  FxMove m = spot_move (self, other, give, take);

  return give != take && fx_state_validate (_fx_move_bar_get_setup (self), &self->state, &m, NULL);
}

/* Why @give cannot be given to @other in any exchange: the refusal of the
 * exchange that asks the least of it. */
static char *
give_refusal (FxMoveBar *self,
              int        other,
              int        give)
{
  const FxBoard *board = &self->state.board;
  int best = -1;
  XqAmount least = G_MAXINT32;
  FxMove m;

  for (int take = 0; take < FX_N_CURRENCIES; take++)
    {
      XqAmount gives;

      if (take == give)
        continue;
      if (spot_legal (self, other, give, take))
        return NULL;
      gives = fx_board_stronger (board, give, take) == give ? XQ_BUCKS (1) : fx_board_rate (board, give, take);
      if (gives < least)
        {
          least = gives;
          best = take;
        }
    }
  m = spot_move (self, other, give, best);
  return refusal (self, &self->state, &m);
}

/* The spot: who with, what is given and taken; its counterpart in words. */
static void
update_spot (FxMoveBar *self)
{
  const FxSetup *setup = _fx_move_bar_get_setup (self);
  const char *names[FX_MAX_PLAYERS];
  int players[FX_MAX_PLAYERS];
  char *reasons[XQ_REASON_DROPDOWN_MAX];
  guint n = 0;
  int other, give;
  FxMove spot;
  g_autoptr(GError) error = NULL;

  self->base = self->state;
  self->spot_included = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->spot_expander), _fx_move_bar_spot_available (self));
  if (!_fx_move_bar_spot_available (self))
    return;

  for (int i = 1; i < self->state.n_players; i++, n++)
    {
      int p = (self->actor + i) % self->state.n_players;
      gboolean any = FALSE;

      for (int x = 0; x < FX_N_CURRENCIES && !any; x++)
        for (int y = 0; y < FX_N_CURRENCIES && !any; y++)
          any = spot_legal (self, p, x, y);
      players[n] = p;
      names[n] = setup->names[p];
      reasons[n] = any ? NULL : g_strdup_printf (_("no exchange is possible between %s and %s with what they hold"),
                                                 setup->names[self->actor], setup->names[p]);
    }
  xq_reason_dropdown_set_options (self->spot_other, n, names, players, reasons, FALSE);
  other = xq_reason_dropdown_value_or (self->spot_other, players[0]);

  for (int x = 0; x < FX_N_CURRENCIES; x++)
    reasons[x] = give_refusal (self, other, x);
  set_currencies (self->spot_give, reasons);
  give = xq_reason_dropdown_value_or (self->spot_give, FX_GBP);

  for (int y = 0; y < FX_N_CURRENCIES; y++)
    {
      FxMove m = spot_move (self, other, give, y);

      reasons[y] = refusal (self, &self->state, &m);
    }
  set_currencies (self->spot_take, reasons);

  gtk_widget_remove_css_class (GTK_WIDGET (self->spot_label), "refusal");
  if (!_fx_move_bar_build_spot (self, &spot))
    {
      gtk_label_set_text (self->spot_label, "");
      return;
    }
  if (!fx_state_apply (setup, &self->base, &spot, &error))
    {
      g_autofree char *text = _fx_move_bar_capitalize (error->message);

      gtk_label_set_text (self->spot_label, text);
      gtk_widget_add_css_class (GTK_WIDGET (self->spot_label), "refusal");
      return;
    }
  {
    g_autofree char *sentence = fx_sentence_move (setup, &self->state, &spot);

    gtk_label_set_text (self->spot_label, sentence);
  }
  self->spot_included = TRUE;
}

static FxMove
contract_move (FxMoveBar *self,
               int        pay,
               int        receive,
               int        k)
{
  const FxBoard *board = &self->base.board;
  FxMove m;

  fx_move_init (&m, FX_MOVE_CONTRACT);
  m.actor = (gint8) self->actor;
  m.cur[0] = (gint8) pay;
  m.cur[1] = (gint8) receive;
  /* Whole bucks of the stronger side; multiples of the rate of the weaker. */
  m.amount = k * (pay == receive || fx_board_stronger (board, pay, receive) == pay
                  ? XQ_BUCKS (1) : fx_board_rate (board, pay, receive));
  return m;
}

static void
update_contract (FxMoveBar *self)
{
  char *reasons[XQ_REASON_DROPDOWN_MAX];
  const char *labels[10];
  char *money[10];
  int amounts[10];
  int pay, receive, amount;

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxMove m = contract_move (self, c, (c + 1) % FX_N_CURRENCIES, 1);

      reasons[c] = refusal (self, &self->base, &m);
    }
  set_currencies (self->contract_pay, reasons);
  pay = xq_reason_dropdown_value_or (self->contract_pay, FX_GBP);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxMove m = contract_move (self, pay, c, 1);

      reasons[c] = refusal (self, &self->base, &m);
    }
  set_currencies (self->contract_receive, reasons);
  receive = xq_reason_dropdown_value_or (self->contract_receive, FX_EUR);

  for (int k = 1; k <= 10; k++)
    {
      FxMove m = contract_move (self, pay, receive, k);

      amounts[k - 1] = m.amount;
      money[k - 1] = fx_display_money (m.amount, pay);
      labels[k - 1] = money[k - 1];
      /* Refused only with the currencies: the fields above say why. */
      reasons[k - 1] = NULL;
    }
  xq_reason_dropdown_set_options (self->contract_amount, 10, labels, amounts, reasons, TRUE);
  for (int k = 0; k < 10; k++)
    g_free (money[k]);

  gtk_label_set_text (self->contract_label, "");
  if (pay != receive && xq_reason_dropdown_get_value (self->contract_amount, &amount))
    {
      const FxBoard *board = &self->base.board;
      XqAmount rate = fx_board_rate (board, pay, receive);
      XqAmount gets = fx_board_stronger (board, pay, receive) == pay ? amount / 2 * rate : XQ_BUCKS (amount / rate);
      g_autofree char *gets_money = fx_display_money (gets, receive);
      int letter = 0;
      g_autofree char *text = NULL;

      while (letter < FX_N_LETTERS && self->base.letters[letter].use != FX_LETTER_FREE)
        letter++;
      if (letter < FX_N_LETTERS)
        {
          /* TRANSLATORS: the other side of a contract and the letter it will use:
           * "receives 12 JPY · letter B". Keep it within about 26 characters
           * with the longest amount ("17.5 CNY"): the move bar gives it no
           * more on a laptop, and cuts it */
          text = g_strdup_printf (_("receives %s · letter %c"), gets_money, 'A' + letter);
          gtk_label_set_text (self->contract_label, text);
        }
    }
}

static FxMove
invest_move (FxMoveBar *self,
             int        first,
             int        second)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_INVEST);
  m.actor = (gint8) self->actor;
  m.cur[0] = (gint8) first;
  m.cur[1] = (gint8) second;
  return m;
}

static void
update_invest (FxMoveBar *self)
{
  char *reasons[XQ_REASON_DROPDOWN_MAX];
  const char *labels[FX_N_CURRENCIES + 1];
  int values[FX_N_CURRENCIES + 1];
  gboolean first_ok;
  int first, second;

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxMove m = invest_move (self, c, FX_NO_CURRENCY);

      reasons[c] = refusal (self, &self->base, &m);
    }
  set_currencies (self->invest_first, reasons);
  first = xq_reason_dropdown_value_or (self->invest_first, FX_GBP);
  first_ok = xq_reason_dropdown_get_reason (self->invest_first) == NULL;

  values[0] = FX_NO_CURRENCY;
  /* TRANSLATORS: in the second-certificate dropdown: buy only one */
  labels[0] = C_("second certificate", "— (only one)");
  reasons[0] = NULL;
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      /* With the first refused, the second is judged on its own. */
      FxMove m = first_ok || c == first ? invest_move (self, first, c) : invest_move (self, c, FX_NO_CURRENCY);

      values[c + 1] = c;
      labels[c + 1] = fx_currency_code (c);
      reasons[c + 1] = refusal (self, &self->base, &m);
    }
  xq_reason_dropdown_set_options (self->invest_second, FX_N_CURRENCIES + 1, labels, values, reasons, FALSE);
  second = xq_reason_dropdown_value_or (self->invest_second, FX_NO_CURRENCY);

  {
    g_autofree char *cost1 = fx_display_money (XQ_BUCKS (2), first);
    g_autofree char *cost2 = second != FX_NO_CURRENCY ? fx_display_money (XQ_BUCKS (2), second) : NULL;
    g_autofree char *text = NULL;

    if (cost2 != NULL)
      /* TRANSLATORS: the price of two certificates: "costs 2 USD and 2 JPY" */
      text = g_strdup_printf (_("costs %s and %s"), cost1, cost2);
    else
      text = g_strdup_printf (_("costs %s"), cost1);
    gtk_label_set_text (self->invest_label, text);
  }
}

static FxMove
divest_move (FxMoveBar *self,
             int        currency,
             int        player,
             int        count)
{
  FxMove m;

  fx_move_init (&m, FX_MOVE_DIVEST);
  m.actor = (gint8) self->actor;
  m.cur[0] = (gint8) currency;
  m.sells[self->actor] = 1;
  m.sells[player] = (guint8) count;
  m.named = (guint8) ((1u << self->actor) | (1u << player));
  return m;
}

/* One field per other player, clockwise from the actor. Made again only
 * when the number of players changes: at a new turn each field is given its
 * player's name, as making them anew at every turn was a good part of the
 * time recording a turn took (issue 27); the new turn has reset their
 * choices already. */
static void
ensure_divest_rows (FxMoveBar *self)
{
  const FxSetup *setup = _fx_move_bar_get_setup (self);
  guint n = self->state.n_players > 0 ? (guint) self->state.n_players - 1 : 0;

  if (n == self->n_divest_rows)
    {
      for (guint i = 0; i < n; i++)
        {
          int p = (self->actor + (int) i + 1) % self->state.n_players;
          GtkLabel *name = GTK_LABEL (gtk_widget_get_first_child (self->divest_fields[i]));

          if (self->divest_players[i] == p)
            continue;
          self->divest_players[i] = p;
          gtk_label_set_text (name, setup->names[p]);
        }
      return;
    }

  for (guint i = 0; i < self->n_divest_rows; i++)
    {
      self->divest_dropdowns[i] = NULL;
      xq_wrap_box_remove (XQ_WRAP_BOX (self->divest_others), self->divest_fields[i]);
      self->divest_fields[i] = NULL;
    }
  self->n_divest_rows = n;
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *field = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *name = gtk_label_new (NULL);
      GtkWidget *dropdown = g_object_new (XQ_TYPE_REASON_DROPDOWN, "buttons", TRUE, NULL);
      int p = (self->actor + (int) i + 1) % self->state.n_players;

      self->divest_players[i] = p;
      gtk_label_set_text (GTK_LABEL (name), setup->names[p]);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_mnemonic_widget (GTK_LABEL (name), dropdown);
      gtk_widget_add_css_class (field, "field");
      gtk_box_append (GTK_BOX (field), name);
      gtk_box_append (GTK_BOX (field), dropdown);
      g_signal_connect_object (dropdown, "notify::selected", G_CALLBACK (_fx_move_bar_form_changed), self,
                               G_CONNECT_SWAPPED);
      self->divest_dropdowns[i] = XQ_REASON_DROPDOWN (dropdown);
      xq_wrap_box_append (XQ_WRAP_BOX (self->divest_others), field);
      self->divest_fields[i] = field;
    }
}

static void
update_divest (FxMoveBar *self)
{
  const FxSetup *setup = _fx_move_bar_get_setup (self);
  char *reasons[XQ_REASON_DROPDOWN_MAX];
  const char *labels[FX_MAX_CERTS_HELD + 1];
  char digits[FX_MAX_CERTS_HELD + 1][4];
  int counts[FX_MAX_CERTS_HELD + 1];
  int currency;

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxMove m = divest_move (self, c, self->actor, 1);

      reasons[c] = refusal (self, &self->base, &m);
    }
  set_currencies (self->divest_currency, reasons);
  currency = xq_reason_dropdown_value_or (self->divest_currency, FX_GBP);

  for (int k = 0; k <= FX_MAX_CERTS_HELD; k++)
    {
      g_snprintf (digits[k], sizeof digits[k], "%d", k);
      labels[k] = digits[k];
      counts[k] = k;
    }
  for (int k = 1; k <= FX_MAX_CERTS_HELD; k++)
    {
      FxMove m = divest_move (self, currency, self->actor, k);

      reasons[k - 1] = refusal (self, &self->base, &m);
    }
  xq_reason_dropdown_set_options (self->divest_count, FX_MAX_CERTS_HELD, labels + 1, counts + 1, reasons, FALSE);

  {
    g_autofree char *name = escape_underscores (setup->names[self->actor]);
    /* TRANSLATORS: the actor's own number of certificates to sell; %s is the
     * player. Its mnemonic must differ from the spot's and the actions' */
    g_autofree char *text = g_strdup_printf (_("%s se_lls"), name);

    gtk_label_set_text_with_mnemonic (self->divest_count_label, text);
  }

  ensure_divest_rows (self);
  for (guint i = 0; i < self->n_divest_rows; i++)
    {
      int p = self->divest_players[i];
      /* Judged as if the actor's own part were fine: the reason is theirs. */
      FxState judged = self->base;

      judged.certs[self->actor][currency] = MAX (judged.certs[self->actor][currency], 1);
      reasons[0] = NULL;
      for (int k = 1; k <= FX_MAX_CERTS_HELD; k++)
        {
          FxMove m = divest_move (self, currency, p, k);

          reasons[k] = refusal (self, &judged, &m);
        }
      xq_reason_dropdown_set_options (self->divest_dropdowns[i], FX_MAX_CERTS_HELD + 1, labels, counts, reasons, FALSE);
    }
}

static void
update_resolve (FxMoveBar *self)
{
  char *reasons[XQ_REASON_DROPDOWN_MAX];
  gboolean choice_needed = FALSE;
  g_autoptr(GPtrArray) front = fx_preview_front (_fx_move_bar_get_setup (self), &self->base);
  g_autofree char *text = NULL;

  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_RESOLVE && self->legal[i].cur[0] != FX_NO_CURRENCY)
      choice_needed = TRUE;
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxMove m;

      fx_move_init (&m, FX_MOVE_RESOLVE);
      m.actor = (gint8) self->actor;
      m.cur[0] = (gint8) c;
      reasons[c] = refusal (self, &self->base, &m);
    }
  set_currencies (self->resolve_choice, reasons);
  gtk_widget_set_visible (self->resolve_choice_field, choice_needed);

  g_ptr_array_add (front, NULL);
  text = g_strjoinv ("\n", (char **) front->pdata);
  gtk_label_set_text (self->resolve_label, text);
}

static void
update_game_over (FxMoveBar *self)
{
  const FxSetup *setup = _fx_move_bar_get_setup (self);
  char *reasons[XQ_REASON_DROPDOWN_MAX];
  FxStrongest strongest;

  gtk_label_set_text (self->turn_label, _("The game is over"));
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);

  if (self->n_legal == 0)
    {
      g_autofree char *verdict = _fx_move_bar_winners (setup, &self->state);

      gtk_label_set_text (self->status_label, verdict);
      gtk_widget_set_visible (GTK_WIDGET (self->status_label), TRUE);
      _fx_move_bar_show_play (self, FALSE);
      return;
    }

  /* The strongest currency is tied: the last actor chooses. */
  _fx_move_bar_ensure_play (self);
  gtk_widget_set_visible (self->kind_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->spot_expander), FALSE);
  _fx_move_bar_show_play (self, TRUE);
  gtk_stack_set_visible_child_name (self->stack, "strongest");
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      FxMove m;

      fx_move_init (&m, FX_MOVE_STRONGEST);
      m.cur[0] = (gint8) c;
      reasons[c] = refusal (self, &self->state, &m);
    }
  set_currencies (self->strongest_choice, reasons);

  fx_score_strongest (&self->state, &strongest);
  {
    g_autofree char *list = fx_currency_list (strongest.tied);
    g_autofree char *text = NULL;

    text = g_strdup_printf (_("%s tie as the strongest currency, on pairs and on certificates. %s took the last action and chooses."),
                            list, self->state.last_actor >= 0 ? setup->names[self->state.last_actor] : "?");
    gtk_label_set_text (self->strongest_label, text);
  }
}

/* Why no action of a kind can be taken now, or NULL when one can. */
static char *
kind_refusal (FxMoveBar     *self,
              FxMoveBarForm  form,
              guint          n_legal)
{
  const FxSetup *setup = _fx_move_bar_get_setup (self);
  int richest = 0;
  gboolean any_cert = FALSE;
  FxMove m;

  if (n_legal > 0)
    return NULL;
  switch (form)
    {
    case FX_MOVE_BAR_FORM_CONTRACT:
      m = contract_move (self, FX_GBP, FX_EUR, 1);
      return refusal (self, &self->base, &m);
    case FX_MOVE_BAR_FORM_INVEST:
      /* The currency they hold most of says best how far they are. */
      for (int c = 1; c < FX_N_CURRENCIES; c++)
        if (self->base.cash[self->actor][c] > self->base.cash[self->actor][richest])
          richest = c;
      m = invest_move (self, richest, FX_NO_CURRENCY);
      return refusal (self, &self->base, &m);
    case FX_MOVE_BAR_FORM_DIVEST:
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        any_cert |= self->base.certs[self->actor][c] > 0;
      if (!any_cert)
        return g_strdup_printf (_("%s holds no certificates"), setup->names[self->actor]);
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (self->base.certs[self->actor][c] > 0)
          {
            m = divest_move (self, c, self->actor, 1);
            return refusal (self, &self->base, &m);
          }
      return NULL;
    case FX_MOVE_BAR_FORM_RESOLVE:
      fx_move_init (&m, FX_MOVE_RESOLVE);
      m.actor = (gint8) self->actor;
      return refusal (self, &self->base, &m);
    case FX_MOVE_BAR_N_FORMS:
    default:
      g_assert_not_reached ();
    }
}

/* The kinds of action; one that cannot be taken says why, on its button
 * and on the page shown before a choice. The one chosen stays chosen. */
static void
update_kinds (FxMoveBar *self)
{
  const FxSetup *setup = _fx_move_bar_get_setup (self);
  guint per_kind[FX_MOVE_BAR_N_FORMS] = { 0 };
  g_autoptr(GString) text = g_string_new (NULL);
  FxMoveBarForm form = _fx_move_bar_current_form (self);

  for (guint i = 0; i < self->n_legal; i++)
    for (int f = 0; f < FX_MOVE_BAR_N_FORMS; f++)
      if (self->legal[i].kind == (gint8) _fx_move_bar_form_kinds[f])
        per_kind[f]++;

  g_string_printf (text, _("Choose an action for %s above."), setup->names[self->actor]);
  for (int f = 0; f < FX_MOVE_BAR_N_FORMS; f++)
    {
      GtkWidget *toggle = GTK_WIDGET (_fx_move_bar_form_toggle (self, f));
      g_autofree char *reason = kind_refusal (self, f, per_kind[f]);
      g_autofree char *sentence = _fx_move_bar_capitalize (reason);

      gtk_widget_set_sensitive (toggle, reason == NULL || form == (FxMoveBarForm) f);
      xq_tooltip_set_text (toggle, reason != NULL ? sentence : NULL);
      if (reason != NULL)
        {
          g_auto(GStrv) parts = g_strsplit (gtk_button_get_label (GTK_BUTTON (toggle)), "_", -1);
          g_autofree char *kind = g_strjoinv ("", parts);

          g_string_append_c (text, '\n');
          /* TRANSLATORS: an action that cannot be taken, and why:
           * "Divest is not possible now: Bob holds no certificates" */
          g_string_append_printf (text, _("%s is not possible now: %s"), kind, reason);
        }
    }
  gtk_label_set_text (self->none_label, text->str);
  gtk_stack_set_visible_child_name (self->stack, form == FX_MOVE_BAR_FORM_NONE ? "none" : _fx_move_bar_form_names[form]);
}

void
_fx_move_bar_forms_update (FxMoveBar *self)
{
  const FxSetup *setup;

  if (self->session == NULL)
    {
      gtk_label_set_text (self->turn_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);
      _fx_move_bar_show_play (self, FALSE);
      return;
    }
  setup = _fx_move_bar_get_setup (self);

  self->updating++;
  if (fx_state_is_over (&self->state))
    {
      self->base = self->state;
      self->n_legal = fx_legal_actions (setup, &self->state, self->legal);
      update_game_over (self);
      self->updating--;
      return;
    }

  _fx_move_bar_ensure_play (self);
  self->actor = self->state.spot_actor != FX_NO_PLAYER ? self->state.spot_actor : self->state.next_player;
  {
    /* TRANSLATORS: the header of the move bar, "Bob’s turn" */
    g_autofree char *title = g_strdup_printf (_("%s’s turn"), setup->names[self->actor]);
    g_autofree char *status = NULL;

    gtk_label_set_text (self->turn_label, title);
    if (self->state.spot_actor != FX_NO_PLAYER)
      status = g_strdup_printf (_("%s has made a spot transaction; the action is due"),
                                setup->names[self->actor]);
    else
      {
        /* As exchequer-cli state counts them: the turns completed so far. */
        g_autofree char *played = fx_sentence_turns_played (&self->state);

        /* TRANSLATORS: below "Bob’s turn": "12 turns played" and the dividend cards still to come */
        status = g_strdup_printf (ngettext ("%s · %u dividend card left", "%s · %u dividend cards left",
                                            self->state.dividends_left),
                                  played, self->state.dividends_left);
      }
    gtk_label_set_text (self->status_label, status);
    gtk_widget_set_visible (GTK_WIDGET (self->status_label), TRUE);
  }
  _fx_move_bar_show_play (self, TRUE);
  gtk_widget_set_visible (self->kind_box, TRUE);

  update_spot (self);
  self->n_legal = fx_legal_actions (setup, &self->base, self->legal);
  update_kinds (self);
  update_contract (self);
  update_invest (self);
  update_divest (self);
  update_resolve (self);
  self->updating--;
}

/* The player to act starts from their last choices, where the rules allow
 * them now; a currency or a partner people come back to is then no click. */
static void
prefer_remembered (FxMoveBar *self)
{
  XqReasonDropdown *fields[FX_MOVE_BAR_N_REMEMBERED] = {
    [FX_MOVE_BAR_REMEMBERED_SPOT_OTHER] = self->spot_other,
    [FX_MOVE_BAR_REMEMBERED_SPOT_GIVE] = self->spot_give,
    [FX_MOVE_BAR_REMEMBERED_SPOT_TAKE] = self->spot_take,
    [FX_MOVE_BAR_REMEMBERED_CONTRACT_PAY] = self->contract_pay,
    [FX_MOVE_BAR_REMEMBERED_CONTRACT_RECEIVE] = self->contract_receive,
    [FX_MOVE_BAR_REMEMBERED_INVEST_FIRST] = self->invest_first,
    [FX_MOVE_BAR_REMEMBERED_INVEST_SECOND] = self->invest_second,
    [FX_MOVE_BAR_REMEMBERED_DIVEST_CURRENCY] = self->divest_currency,
  };
  int actor = self->state.spot_actor != FX_NO_PLAYER ? self->state.spot_actor : self->state.next_player;

  if (actor < 0 || actor >= FX_MAX_PLAYERS)
    return;
  for (int i = 0; i < FX_MOVE_BAR_N_REMEMBERED; i++)
    if (self->has_remembered[actor][i])
      xq_reason_dropdown_set_preferred (fields[i], self->remembered[actor][i]);
}

/* A dividend card that pays waits at the front of the queue: its payment is
 * the table's next event, and resolving it is always legal. Shown chosen,
 * the dividend is Record and the count that follows one click (issue 26);
 * any other action is still one click away, as from no choice. Card 0 pays
 * nothing and waits at the start of every game: no choice is made for it. */
static gboolean
paying_dividend_due (FxMoveBar *self)
{
  FxMove m;

  if (self->state.queue_len == 0 || self->state.queue[0].kind != FX_ITEM_DIVIDENDS
      || self->state.dividends_left >= FX_N_DIVIDEND_CARDS || fx_state_is_over (&self->state))
    return FALSE;
  fx_move_init (&m, FX_MOVE_RESOLVE);
  m.actor = (gint8) (self->state.spot_actor != FX_NO_PLAYER ? self->state.spot_actor : self->state.next_player);
  /* A tie to choose from is judged with a currency: any one the rules take. */
  for (int c = FX_NO_CURRENCY; c < FX_N_CURRENCIES; c++)
    {
      m.cur[0] = (gint8) c;
      if (fx_state_validate (_fx_move_bar_get_setup (self), &self->state, &m, NULL))
        return TRUE;
    }
  return FALSE;
}

/* A new turn: no action chosen (but a paying dividend's resolve), the spot
 * closed, every choice a default. */
void
_fx_move_bar_forms_reset (FxMoveBar *self)
{
  XqReasonDropdown *dropdowns[FX_MOVE_BAR_MAX_DROPDOWNS];
  guint n;

  if (self->form_box == NULL)
    return;
  n = _fx_move_bar_get_dropdowns (self, dropdowns);
  self->updating++;
  for (guint i = 0; i < n; i++)
    xq_reason_dropdown_reset (dropdowns[i]);
  for (int f = 0; f < FX_MOVE_BAR_N_FORMS; f++)
    gtk_toggle_button_set_active (_fx_move_bar_form_toggle (self, f), FALSE);
  if (paying_dividend_due (self))
    gtk_toggle_button_set_active (_fx_move_bar_form_toggle (self, FX_MOVE_BAR_FORM_RESOLVE), TRUE);
  gtk_expander_set_expanded (self->spot_expander, FALSE);
  prefer_remembered (self);
  self->updating--;
}
