/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar's forms: each filled with only the choices the rules allow now,
 * from the engine's legal-action listing. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-display.h"
#include "fx-legal.h"
#include "fx-move-bar-private.h"
#include "fx-preview.h"
#include "fx-score.h"

/* Dropdown options with the values behind them. A model is replaced only
 * when the options change, and the chosen value survives when still offered. */
gboolean
fx_move_bar_choice_get (const Choice *c,
            int          *out_value)
{
  guint selected = gtk_drop_down_get_selected (c->dropdown);

  if (selected == GTK_INVALID_LIST_POSITION || selected >= c->n)
    return FALSE;
  *out_value = c->values[selected];
  return TRUE;
}

int
fx_move_bar_choice_value (const Choice *c,
              int           fallback)
{
  int value;

  return fx_move_bar_choice_get (c, &value) ? value : fallback;
}

static void
choice_set (FxMoveBar  *self,
            Choice     *c,
            GPtrArray  *labels,
            const int  *values)
{
  GListModel *model = gtk_drop_down_get_model (c->dropdown);
  guint n = labels->len;
  gboolean same = model != NULL && n == c->n && g_list_model_get_n_items (model) == n;
  int keep = 0;
  gboolean had = fx_move_bar_choice_get (c, &keep);
  guint select = 0;

  g_assert (n <= CHOICE_MAX);
  for (guint i = 0; same && i < n; i++)
    same = values[i] == c->values[i]
           && g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), labels->pdata[i]) == 0;
  if (same && had)
    return;

  self->updating++;
  if (!same)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

      for (guint i = 0; i < n; i++)
        gtk_string_list_append (list, labels->pdata[i]);
      gtk_drop_down_set_model (c->dropdown, G_LIST_MODEL (list));
      memcpy (c->values, values, sizeof (int) * n);
      c->n = n;
    }
  for (guint i = 0; had && i < n; i++)
    if (values[i] == keep)
      select = i;
  gtk_drop_down_set_selected (c->dropdown, n > 0 ? select : GTK_INVALID_LIST_POSITION);
  gtk_widget_set_sensitive (GTK_WIDGET (c->dropdown), n > 0);
  self->updating--;
}

/* Forgets the choices, so the next turn starts from the first options. */
static void
choice_reset (Choice *c)
{
  c->n = 0;
  gtk_drop_down_set_model (c->dropdown, NULL);
}

static void
choice_set_currencies (FxMoveBar      *self,
                       Choice         *c,
                       const gboolean  offered[FX_N_CURRENCIES],
                       gboolean        with_none)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  int values[CHOICE_MAX];

  if (with_none)
    {
      values[labels->len] = FX_NO_CURRENCY;
      /* TRANSLATORS: no second certificate */
      g_ptr_array_add (labels, (gpointer) C_("currency", "—"));
    }
  for (int cur = 0; cur < FX_N_CURRENCIES; cur++)
    if (offered[cur])
      {
        values[labels->len] = cur;
        g_ptr_array_add (labels, (gpointer) fx_currency_code (cur));
      }
  choice_set (self, c, labels, values);
}

char *
fx_move_bar_capitalize (const char *sentence)
{
  gunichar first;

  if (sentence == NULL || *sentence == '\0')
    return g_strdup ("");
  first = g_utf8_get_char (sentence);
  if (g_unichar_isupper (first))
    return g_strdup (sentence);
  {
    char buf[8];
    int len = g_unichar_to_utf8 (g_unichar_toupper (first), buf);

    return g_strdup_printf ("%.*s%s", len, buf, g_utf8_next_char (sentence));
  }
}

/* The spot: who with, what is given and taken; its counterpart in words. */
static void
update_spot (FxMoveBar *self)
{
  const FxSetup *setup = fx_move_bar_get_setup (self);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  int players[FX_MAX_PLAYERS];
  gboolean offered[FX_N_CURRENCIES];
  FxMove spot;
  g_autoptr(GError) error = NULL;
  int give;

  self->base = self->state;
  self->spot_included = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->spot_expander), fx_move_bar_spot_available (self));
  if (!fx_move_bar_spot_available (self))
    return;

  for (int i = 1; i < self->state.n_players; i++)
    {
      int p = (self->actor + i) % self->state.n_players;

      players[names->len] = p;
      g_ptr_array_add (names, (gpointer) setup->names[p]);
    }
  choice_set (self, &self->c_spot_other, names, players);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    offered[c] = TRUE;
  choice_set_currencies (self, &self->c_spot_give, offered, FALSE);
  give = fx_move_bar_choice_value (&self->c_spot_give, FX_GBP);
  offered[give] = FALSE;
  choice_set_currencies (self, &self->c_spot_take, offered, FALSE);

  gtk_widget_remove_css_class (GTK_WIDGET (self->spot_label), "refusal");
  if (!fx_move_bar_build_spot (self, &spot))
    {
      gtk_label_set_text (self->spot_label, "");
      return;
    }
  if (!fx_state_apply (setup, &self->base, &spot, &error))
    {
      g_autofree char *text = fx_move_bar_capitalize (error->message);

      gtk_label_set_text (self->spot_label, text);
      gtk_widget_add_css_class (GTK_WIDGET (self->spot_label), "refusal");
      return;
    }
  {
    g_autofree char *sentence = fx_display_move (setup, &self->state, &spot);

    gtk_label_set_text (self->spot_label, sentence);
  }
  self->spot_included = TRUE;
}

static void
update_contract (FxMoveBar *self)
{
  gboolean pays[FX_N_CURRENCIES] = { FALSE }, receives[FX_N_CURRENCIES] = { FALSE };
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  int amounts[CHOICE_MAX];
  int pay, receive, amount;

  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_CONTRACT)
      pays[self->legal[i].cur[0]] = TRUE;
  choice_set_currencies (self, &self->c_contract_pay, pays, FALSE);
  pay = fx_move_bar_choice_value (&self->c_contract_pay, FX_NO_CURRENCY);

  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_CONTRACT && self->legal[i].cur[0] == pay)
      receives[self->legal[i].cur[1]] = TRUE;
  choice_set_currencies (self, &self->c_contract_receive, receives, FALSE);
  receive = fx_move_bar_choice_value (&self->c_contract_receive, FX_NO_CURRENCY);

  for (guint i = 0; i < self->n_legal && labels->len < CHOICE_MAX; i++)
    {
      const FxMove *m = &self->legal[i];

      if (m->kind != FX_MOVE_CONTRACT || m->cur[0] != pay || m->cur[1] != receive)
        continue;
      amounts[labels->len] = m->amount;
      g_ptr_array_add (labels, fx_display_money (m->amount, pay));
    }
  choice_set (self, &self->c_contract_amount, labels, amounts);

  gtk_label_set_text (self->contract_label, "");
  if (fx_move_bar_choice_get (&self->c_contract_amount, &amount))
    {
      const FxBoard *board = &self->base.board;
      XqAmount rate = fx_board_rate (board, pay, receive);
      XqAmount gets = fx_board_stronger (board, pay, receive) == pay ? amount / 2 * rate : XQ_BUCKS (amount / rate);
      g_autofree char *money = fx_display_money (gets, receive);
      int letter = 0;
      g_autofree char *text = NULL;

      while (letter < FX_N_LETTERS && self->base.letters[letter].use != FX_LETTER_FREE)
        letter++;
      /* TRANSLATORS: the other side of a contract and the letter it will use:
       * "receives 12 JPY · contract letter B" */
      text = g_strdup_printf (_("receives %s · contract letter %c"), money, 'A' + letter);
      gtk_label_set_text (self->contract_label, text);
    }
}

static void
update_invest (FxMoveBar *self)
{
  gboolean firsts[FX_N_CURRENCIES] = { FALSE }, seconds[FX_N_CURRENCIES] = { FALSE };
  gboolean alone = FALSE;
  int first, second;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  int values[CHOICE_MAX];

  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_INVEST)
      firsts[self->legal[i].cur[0]] = TRUE;
  choice_set_currencies (self, &self->c_invest_first, firsts, FALSE);
  first = fx_move_bar_choice_value (&self->c_invest_first, FX_NO_CURRENCY);

  for (guint i = 0; i < self->n_legal; i++)
    {
      const FxMove *m = &self->legal[i];

      if (m->kind != FX_MOVE_INVEST || m->cur[0] != first)
        continue;
      if (m->cur[1] == FX_NO_CURRENCY)
        alone = TRUE;
      else
        seconds[m->cur[1]] = TRUE;
    }
  if (alone)
    {
      values[labels->len] = FX_NO_CURRENCY;
      /* TRANSLATORS: in the second-certificate dropdown: buy only one */
      g_ptr_array_add (labels, (gpointer) C_("second certificate", "— (only one)"));
    }
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    if (seconds[c])
      {
        values[labels->len] = c;
        g_ptr_array_add (labels, (gpointer) fx_currency_code (c));
      }
  choice_set (self, &self->c_invest_second, labels, values);
  second = fx_move_bar_choice_value (&self->c_invest_second, FX_NO_CURRENCY);

  gtk_label_set_text (self->invest_label, "");
  if (first != FX_NO_CURRENCY)
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

static void
on_divest_spin_changed (FxMoveBar *self)
{
  if (self->updating == 0)
    fx_move_bar_update_preview (self);
}

static void
on_divest_spin_activate (FxMoveBar *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "move-bar.record", NULL);
}

/* One row per other player, clockwise from the actor; rebuilt when the actor
 * or the number of players changes. */
static void
ensure_divest_rows (FxMoveBar *self)
{
  guint n = self->state.n_players > 0 ? (guint) self->state.n_players - 1 : 0;
  gboolean same = n == self->n_divest_rows;

  for (guint i = 0; same && i < n; i++)
    same = self->divest_players[i] == (self->actor + (int) i + 1) % self->state.n_players;
  if (same)
    return;

  for (guint i = 0; i < self->n_divest_rows; i++)
    {
      gtk_grid_remove (self->divest_grid, GTK_WIDGET (self->divest_names[i]));
      gtk_grid_remove (self->divest_grid, GTK_WIDGET (self->divest_spins[i]));
      self->divest_names[i] = NULL;
      self->divest_spins[i] = NULL;
    }
  self->n_divest_rows = n;
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *name = gtk_label_new (NULL);
      GtkWidget *spin = gtk_spin_button_new_with_range (0, FX_MAX_CERTS_HELD, 1);

      self->divest_players[i] = (self->actor + (int) i + 1) % self->state.n_players;
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_label_set_mnemonic_widget (GTK_LABEL (name), spin);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
      gtk_widget_set_halign (spin, GTK_ALIGN_START);
      g_signal_connect_object (spin, "value-changed", G_CALLBACK (on_divest_spin_changed), self,
                               G_CONNECT_SWAPPED);
      /* Enter in a count records the turn, like the default button. */
      if (g_signal_lookup ("activate", GTK_TYPE_SPIN_BUTTON) != 0)
        g_signal_connect_object (spin, "activate", G_CALLBACK (on_divest_spin_activate), self,
                                 G_CONNECT_SWAPPED);
      gtk_grid_attach (self->divest_grid, name, 0, 3 + (int) i, 1, 1);
      gtk_grid_attach (self->divest_grid, spin, 1, 3 + (int) i, 1, 1);
      self->divest_names[i] = GTK_LABEL (name);
      self->divest_spins[i] = GTK_SPIN_BUTTON (spin);
    }
}

static void
update_divest (FxMoveBar *self)
{
  const FxSetup *setup = fx_move_bar_get_setup (self);
  gboolean currencies[FX_N_CURRENCIES] = { FALSE };
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  int counts[CHOICE_MAX];
  int currency;
  gboolean any_other = FALSE;

  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_DIVEST)
      currencies[self->legal[i].cur[0]] = TRUE;
  choice_set_currencies (self, &self->c_divest_currency, currencies, FALSE);
  currency = fx_move_bar_choice_value (&self->c_divest_currency, FX_NO_CURRENCY);

  for (guint i = 0; i < self->n_legal && labels->len < CHOICE_MAX; i++)
    {
      const FxMove *m = &self->legal[i];

      if (m->kind != FX_MOVE_DIVEST || m->cur[0] != currency)
        continue;
      counts[labels->len] = m->sells[self->actor];
      g_ptr_array_add (labels, g_strdup_printf ("%u", m->sells[self->actor]));
    }
  choice_set (self, &self->c_divest_count, labels, counts);

  {
    /* TRANSLATORS: the actor's own number of certificates to sell; %s is the player */
    g_autofree char *text = g_strdup_printf (_("%s _sells"), setup->names[self->actor]);

    gtk_label_set_text_with_mnemonic (self->divest_count_label, text);
  }

  ensure_divest_rows (self);
  self->updating++;
  for (guint i = 0; i < self->n_divest_rows; i++)
    {
      int p = self->divest_players[i];
      guint held = currency != FX_NO_CURRENCY ? self->base.certs[p][currency] : 0;
      g_autofree char *text = NULL;

      if (currency != FX_NO_CURRENCY)
        /* TRANSLATORS: a player asked how many certificates they sell:
         * "Cynthia (holds 2 USD)" */
        text = g_strdup_printf (_("%s (holds %u %s)"),
                                setup->names[p], held, fx_currency_code (currency));
      else
        text = g_strdup (setup->names[p]);
      gtk_label_set_text (self->divest_names[i], text);
      gtk_spin_button_set_range (self->divest_spins[i], 0, held);
      gtk_widget_set_sensitive (GTK_WIDGET (self->divest_spins[i]), held > 0);
      any_other |= held > 0;
    }
  self->updating--;
  gtk_label_set_text (self->divest_others_label,
                      any_other ? _("Then, clockwise, each other player says how many they sell:")
                                : _("No other player holds certificates of this currency"));
}

static void
update_resolve (FxMoveBar *self)
{
  gboolean tied[FX_N_CURRENCIES] = { FALSE };
  gboolean choice_needed = FALSE;
  g_autoptr(GPtrArray) front = fx_preview_front (fx_move_bar_get_setup (self), &self->base);
  g_autofree char *text = NULL;

  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_RESOLVE && self->legal[i].cur[0] != FX_NO_CURRENCY)
      {
        tied[self->legal[i].cur[0]] = TRUE;
        choice_needed = TRUE;
      }
  choice_set_currencies (self, &self->c_resolve_choice, tied, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->resolve_choice), choice_needed);
  gtk_widget_set_visible (GTK_WIDGET (self->resolve_choice_label), choice_needed);

  g_ptr_array_add (front, NULL);
  text = g_strjoinv ("\n", (char **) front->pdata);
  gtk_label_set_text (self->resolve_label, text);
}

/* "Cynthia wins with 16.5 CHF.", or the names of a shared win. */
static char *
winners_sentence (const FxSetup *setup,
                  const FxState *s)
{
  FxStanding standing;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *money = NULL;
  int any = -1;

  fx_score_standing (s, &standing);
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

static void
update_game_over (FxMoveBar *self)
{
  const FxSetup *setup = fx_move_bar_get_setup (self);
  gboolean offered[FX_N_CURRENCIES] = { FALSE };
  FxStrongest strongest;

  gtk_label_set_text (self->turn_label, _("The game is over"));
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);

  if (self->n_legal == 0)
    {
      g_autofree char *verdict = winners_sentence (setup, &self->state);

      gtk_label_set_text (self->status_label, verdict);
      gtk_widget_set_visible (GTK_WIDGET (self->status_label), TRUE);
      if (self->play_box != NULL)
        gtk_widget_set_visible (self->play_box, FALSE);
      return;
    }

  /* The strongest currency is tied: the last actor chooses. */
  fx_move_bar_ensure_play (self);
  gtk_widget_set_visible (self->kind_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->spot_expander), FALSE);
  gtk_widget_set_visible (self->play_box, TRUE);
  gtk_stack_set_visible_child_name (self->stack, "strongest");
  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_STRONGEST)
      offered[self->legal[i].cur[0]] = TRUE;
  choice_set_currencies (self, &self->c_strongest_choice, offered, FALSE);

  fx_score_strongest (&self->state, &strongest);
  {
    g_autofree char *list = fx_currency_list (strongest.tied);
    g_autofree char *text = NULL;

    text = g_strdup_printf (_("%s tie as the strongest currency, on pairs and on certificates. %s took the last action and chooses."),
                            list, self->state.last_actor >= 0 ? setup->names[self->state.last_actor] : "?");
    gtk_label_set_text (self->strongest_label, text);
  }
}

void
fx_move_bar_update_forms (FxMoveBar *self)
{
  const FxSetup *setup;
  guint per_kind[N_FORMS] = { 0 };
  Form form;

  if (self->session == NULL)
    {
      gtk_label_set_text (self->turn_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);
      if (self->play_box != NULL)
        gtk_widget_set_visible (self->play_box, FALSE);
      fx_move_bar_update_preview (self);
      return;
    }
  setup = fx_move_bar_get_setup (self);

  self->updating++;
  if (fx_state_is_over (&self->state))
    {
      self->base = self->state;
      self->n_legal = fx_legal_actions (setup, &self->state, self->legal);
      update_game_over (self);
      self->updating--;
      fx_move_bar_update_preview (self);
      return;
    }

  fx_move_bar_ensure_play (self);
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
      /* TRANSLATORS: below "Bob’s turn": the turn's number and the dividend cards still to come */
      status = g_strdup_printf (ngettext ("Turn %u · %u dividend card left", "Turn %u · %u dividend cards left",
                                          self->state.dividends_left),
                                self->state.turn + 1, self->state.dividends_left);
    gtk_label_set_text (self->status_label, status);
    gtk_widget_set_visible (GTK_WIDGET (self->status_label), TRUE);
  }
  gtk_widget_set_visible (self->play_box, TRUE);
  gtk_widget_set_visible (self->kind_box, TRUE);

  update_spot (self);
  self->n_legal = fx_legal_actions (setup, &self->base, self->legal);
  for (guint i = 0; i < self->n_legal; i++)
    for (int f = 0; f < N_FORMS; f++)
      if (self->legal[i].kind == (gint8) fx_move_bar_form_kinds[f])
        per_kind[f]++;

  form = fx_move_bar_current_form (self);
  for (int f = 0; f < N_FORMS; f++)
    gtk_widget_set_sensitive (GTK_WIDGET (fx_move_bar_form_toggle (self, f)), per_kind[f] > 0);
  if (per_kind[form] == 0)
    for (int f = N_FORMS - 1; f >= 0; f--)
      if (per_kind[f] > 0)
        form = (Form) f;
  gtk_toggle_button_set_active (fx_move_bar_form_toggle (self, form), TRUE);
  gtk_stack_set_visible_child_name (self->stack, fx_move_bar_form_names[form]);

  update_contract (self);
  update_invest (self);
  update_divest (self);
  update_resolve (self);
  self->updating--;
  fx_move_bar_update_preview (self);
}

void
fx_move_bar_reset_forms (FxMoveBar *self)
{
  Choice *choices[] = { &self->c_spot_other, &self->c_spot_give, &self->c_spot_take,
                        &self->c_contract_pay, &self->c_contract_receive, &self->c_contract_amount,
                        &self->c_invest_first, &self->c_invest_second,
                        &self->c_divest_currency, &self->c_divest_count,
                        &self->c_resolve_choice, &self->c_strongest_choice };

  if (self->play_box == NULL)
    return;
  self->updating++;
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    choice_reset (choices[i]);
  for (guint i = 0; i < self->n_divest_rows; i++)
    gtk_spin_button_set_value (self->divest_spins[i], 0);
  gtk_expander_set_expanded (self->spot_expander, FALSE);
  self->updating--;
}
