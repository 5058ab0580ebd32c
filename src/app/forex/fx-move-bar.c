/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar: the player to act picks an optional spot transaction and one
 * action from forms that offer only legal choices, sees the effect, records. */

#define G_LOG_DOMAIN "Exchequer"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-display.h"
#include "fx-legal.h"
#include "fx-move-bar.h"
#include "fx-preview.h"
#include "fx-score.h"

/* The most options one dropdown offers: ten contract amounts, or "—" and the
 * seven currencies. */
#define CHOICE_MAX 16

typedef struct
{
  GtkDropDown *dropdown;
  int          values[CHOICE_MAX];
  guint        n;
} Choice;

typedef enum
{
  FORM_CONTRACT,
  FORM_INVEST,
  FORM_DIVEST,
  FORM_RESOLVE,
  N_FORMS
} Form;

static const char * const form_names[N_FORMS] = { "contract", "invest", "divest", "resolve" };
static const FxMoveKind form_kinds[N_FORMS] = { FX_MOVE_CONTRACT, FX_MOVE_INVEST, FX_MOVE_DIVEST, FX_MOVE_RESOLVE };

struct _FxMoveBar
{
  GtkWidget        parent_instance;

  XqSession       *session;
  gulong           n_moves_handler;
  FxState          state;        /* the session's position */
  FxState          base;         /* after the spot, when one is included and accepted */
  gboolean         spot_included;
  FxMove          *legal;        /* FX_LEGAL_MAX, listed from base */
  guint            n_legal;
  int              actor;
  guint            updating;
  gboolean         recording;

  /* template */
  GtkWidget       *main_box;
  GtkLabel        *turn_label;
  GtkLabel        *status_label;
  GtkWidget       *play_box;
  GtkExpander     *spot_expander;
  GtkDropDown     *spot_other;
  GtkDropDown     *spot_give;
  GtkDropDown     *spot_take;
  GtkLabel        *spot_label;
  GtkWidget       *kind_box;
  GtkToggleButton *contract_toggle;
  GtkToggleButton *invest_toggle;
  GtkToggleButton *divest_toggle;
  GtkToggleButton *resolve_toggle;
  GtkStack        *stack;
  GtkDropDown     *contract_pay;
  GtkDropDown     *contract_receive;
  GtkDropDown     *contract_amount;
  GtkLabel        *contract_label;
  GtkDropDown     *invest_first;
  GtkDropDown     *invest_second;
  GtkLabel        *invest_label;
  GtkGrid         *divest_grid;
  GtkDropDown     *divest_currency;
  GtkLabel        *divest_count_label;
  GtkDropDown     *divest_count;
  GtkLabel        *divest_others_label;
  GtkLabel        *resolve_label;
  GtkLabel        *resolve_choice_label;
  GtkDropDown     *resolve_choice;
  GtkLabel        *strongest_label;
  GtkDropDown     *strongest_choice;
  GtkLabel        *refusal_label;
  GtkWidget       *preview_box;
  GtkWidget       *record_button;

  /* built in code: one row per other player, in clockwise order from the actor */
  GtkLabel        *divest_names[FX_MAX_PLAYERS];
  GtkSpinButton   *divest_spins[FX_MAX_PLAYERS];
  int              divest_players[FX_MAX_PLAYERS];
  guint            n_divest_rows;

  Choice           c_spot_other, c_spot_give, c_spot_take;
  Choice           c_contract_pay, c_contract_receive, c_contract_amount;
  Choice           c_invest_first, c_invest_second;
  Choice           c_divest_currency, c_divest_count;
  Choice           c_resolve_choice, c_strongest_choice;
};

G_DEFINE_FINAL_TYPE (FxMoveBar, fx_move_bar, GTK_TYPE_WIDGET)

static void update_forms   (FxMoveBar *self);
static void update_preview (FxMoveBar *self);

static const FxSetup *
get_setup (FxMoveBar *self)
{
  return xq_session_get_setup (self->session);
}

/* Dropdown options with the values behind them. A model is replaced only
 * when the options change, and the chosen value survives when still offered. */
static gboolean
choice_get (const Choice *c,
            int          *out_value)
{
  guint selected = gtk_drop_down_get_selected (c->dropdown);

  if (selected == GTK_INVALID_LIST_POSITION || selected >= c->n)
    return FALSE;
  *out_value = c->values[selected];
  return TRUE;
}

static int
choice_value (const Choice *c,
              int           fallback)
{
  int value;

  return choice_get (c, &value) ? value : fallback;
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
  gboolean had = choice_get (c, &keep);
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

static char *
capitalize (const char *sentence)
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

static Form
current_form (FxMoveBar *self)
{
  GtkToggleButton *toggles[N_FORMS] = { self->contract_toggle, self->invest_toggle,
                                        self->divest_toggle, self->resolve_toggle };

  for (int f = 0; f < N_FORMS; f++)
    if (gtk_toggle_button_get_active (toggles[f]))
      return (Form) f;
  return FORM_CONTRACT;
}

static GtkToggleButton *
form_toggle (FxMoveBar *self,
             Form       form)
{
  GtkToggleButton *toggles[N_FORMS] = { self->contract_toggle, self->invest_toggle,
                                        self->divest_toggle, self->resolve_toggle };

  return toggles[form];
}

static gboolean
spot_available (FxMoveBar *self)
{
  return !fx_state_is_over (&self->state) && self->state.spot_actor == FX_NO_PLAYER
         && self->state.n_players > 1;
}

static gboolean
build_spot (FxMoveBar *self,
            FxMove    *spot)
{
  int other, give, take;

  if (!spot_available (self) || !gtk_expander_get_expanded (self->spot_expander))
    return FALSE;
  if (!choice_get (&self->c_spot_other, &other) || !choice_get (&self->c_spot_give, &give)
      || !choice_get (&self->c_spot_take, &take))
    return FALSE;
  fx_move_init (spot, FX_MOVE_SPOT);
  spot->actor = (gint8) self->actor;
  spot->other = (gint8) other;
  spot->cur[0] = (gint8) give;
  spot->cur[1] = (gint8) take;
  return TRUE;
}

/* The action the visible form describes, or FALSE while it is incomplete. */
static gboolean
build_action (FxMoveBar *self,
              FxMove    *m)
{
  int a, b, amount;

  if (fx_state_is_over (&self->state))
    {
      if (!choice_get (&self->c_strongest_choice, &a))
        return FALSE;
      fx_move_init (m, FX_MOVE_STRONGEST);
      m->cur[0] = (gint8) a;
      return TRUE;
    }

  switch (current_form (self))
    {
    case FORM_CONTRACT:
      if (!choice_get (&self->c_contract_pay, &a) || !choice_get (&self->c_contract_receive, &b)
          || !choice_get (&self->c_contract_amount, &amount))
        return FALSE;
      fx_move_init (m, FX_MOVE_CONTRACT);
      m->amount = amount;
      m->cur[0] = (gint8) a;
      m->cur[1] = (gint8) b;
      break;
    case FORM_INVEST:
      if (!choice_get (&self->c_invest_first, &a) || !choice_get (&self->c_invest_second, &b))
        return FALSE;
      fx_move_init (m, FX_MOVE_INVEST);
      m->cur[0] = (gint8) a;
      m->cur[1] = (gint8) b;
      break;
    case FORM_DIVEST:
      if (!choice_get (&self->c_divest_currency, &a) || !choice_get (&self->c_divest_count, &b))
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
          m->sells[p] = (guint8) gtk_spin_button_get_value_as_int (self->divest_spins[i]);
          m->named |= (guint8) (1u << p);
        }
      break;
    case FORM_RESOLVE:
      fx_move_init (m, FX_MOVE_RESOLVE);
      m->cur[0] = (gint8) choice_value (&self->c_resolve_choice, FX_NO_CURRENCY);
      if (!gtk_widget_get_visible (GTK_WIDGET (self->resolve_choice)))
        m->cur[0] = FX_NO_CURRENCY;
      break;
    case N_FORMS:
    default:
      g_assert_not_reached ();
    }
  m->actor = (gint8) self->actor;
  return TRUE;
}

static guint
build_moves (FxMoveBar *self,
             FxMove     moves[2])
{
  guint n = 0;

  if (build_spot (self, &moves[0]))
    n++;
  if (!build_action (self, &moves[n]))
    return 0;
  return n + 1;
}

static void
clear_preview (FxMoveBar *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->preview_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->preview_box), child);
}

static void
show_refusal (FxMoveBar  *self,
              const char *sentence)
{
  g_autofree char *text = capitalize (sentence);

  gtk_label_set_text (self->refusal_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), sentence != NULL);
}

static void
update_preview (FxMoveBar *self)
{
  FxMove moves[2];
  FxState after;
  guint n;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  GtkWidget *heading;

  clear_preview (self);
  gtk_widget_set_visible (self->preview_box, FALSE);
  show_refusal (self, NULL);
  if (self->session == NULL || self->updating > 0)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", FALSE);
      return;
    }

  n = build_moves (self, moves);
  if (n == 0)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", FALSE);
      return;
    }
  if (!fx_preview_apply (get_setup (self), &self->state, moves, n, &after, &error))
    {
      /* A refused spot already says so in red beside its fields. */
      if (n == 1 || self->spot_included)
        show_refusal (self, error->message);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", FALSE);
      return;
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", TRUE);
  lines = fx_preview_describe (get_setup (self), &self->state, &after);
  heading = gtk_label_new (lines->len > 0 ? _("If recorded:") : _("If recorded, nothing changes on the table"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (self->preview_box), heading);
  for (guint i = 0; i < lines->len; i++)
    {
      GtkWidget *label = gtk_label_new (lines->pdata[i]);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_selectable (GTK_LABEL (label), FALSE);
      gtk_box_append (GTK_BOX (self->preview_box), label);
    }
  gtk_widget_set_visible (self->preview_box, TRUE);
}

/* The spot: who with, what is given and taken; its counterpart in words. */
static void
update_spot (FxMoveBar *self)
{
  const FxSetup *setup = get_setup (self);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  int players[FX_MAX_PLAYERS];
  gboolean offered[FX_N_CURRENCIES];
  FxMove spot;
  g_autoptr(GError) error = NULL;
  int give;

  self->base = self->state;
  self->spot_included = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->spot_expander), spot_available (self));
  if (!spot_available (self))
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
  give = choice_value (&self->c_spot_give, FX_GBP);
  offered[give] = FALSE;
  choice_set_currencies (self, &self->c_spot_take, offered, FALSE);

  gtk_widget_remove_css_class (GTK_WIDGET (self->spot_label), "refusal");
  if (!build_spot (self, &spot))
    {
      gtk_label_set_text (self->spot_label, "");
      return;
    }
  if (!fx_state_apply (setup, &self->base, &spot, &error))
    {
      g_autofree char *text = capitalize (error->message);

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
  pay = choice_value (&self->c_contract_pay, FX_NO_CURRENCY);

  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_CONTRACT && self->legal[i].cur[0] == pay)
      receives[self->legal[i].cur[1]] = TRUE;
  choice_set_currencies (self, &self->c_contract_receive, receives, FALSE);
  receive = choice_value (&self->c_contract_receive, FX_NO_CURRENCY);

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
  if (choice_get (&self->c_contract_amount, &amount))
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
  first = choice_value (&self->c_invest_first, FX_NO_CURRENCY);

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
  second = choice_value (&self->c_invest_second, FX_NO_CURRENCY);

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
    update_preview (self);
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
  const FxSetup *setup = get_setup (self);
  gboolean currencies[FX_N_CURRENCIES] = { FALSE };
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  int counts[CHOICE_MAX];
  int currency;
  gboolean any_other = FALSE;

  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_DIVEST)
      currencies[self->legal[i].cur[0]] = TRUE;
  choice_set_currencies (self, &self->c_divest_currency, currencies, FALSE);
  currency = choice_value (&self->c_divest_currency, FX_NO_CURRENCY);

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
  g_autoptr(GPtrArray) front = fx_preview_front (get_setup (self), &self->base);
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

static void
update_game_over (FxMoveBar *self)
{
  const FxSetup *setup = get_setup (self);
  gboolean offered[FX_N_CURRENCIES] = { FALSE };
  FxStrongest strongest;

  gtk_label_set_text (self->turn_label, _("The game is over"));
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);
  gtk_widget_set_visible (self->kind_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->spot_expander), FALSE);

  if (self->n_legal == 0)
    {
      gtk_widget_set_visible (self->play_box, FALSE);
      return;
    }

  /* The strongest currency is tied: the last actor chooses. */
  gtk_widget_set_visible (self->play_box, TRUE);
  gtk_stack_set_visible_child_name (self->stack, "strongest");
  for (guint i = 0; i < self->n_legal; i++)
    if (self->legal[i].kind == FX_MOVE_STRONGEST)
      offered[self->legal[i].cur[0]] = TRUE;
  choice_set_currencies (self, &self->c_strongest_choice, offered, FALSE);

  fx_score_strongest (&self->state, &strongest);
  {
    g_autoptr(GString) list = g_string_new (NULL);
    g_autofree char *text = NULL;

    for (int c = 0; c < FX_N_CURRENCIES; c++)
      if (strongest.tied[c])
        {
          if (list->len > 0)
            g_string_append (list, ", ");
          g_string_append (list, fx_currency_code (c));
        }
    text = g_strdup_printf (_("%s tie as the strongest currency, on pairs and on certificates. %s took the last action and chooses."),
                            list->str,
                            self->state.last_actor >= 0 ? setup->names[self->state.last_actor] : "?");
    gtk_label_set_text (self->strongest_label, text);
  }
}

static void
update_forms (FxMoveBar *self)
{
  const FxSetup *setup;
  guint per_kind[N_FORMS] = { 0 };
  Form form;

  if (self->session == NULL)
    {
      gtk_label_set_text (self->turn_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);
      gtk_widget_set_visible (self->play_box, FALSE);
      update_preview (self);
      return;
    }
  setup = get_setup (self);

  self->updating++;
  if (fx_state_is_over (&self->state))
    {
      self->base = self->state;
      self->n_legal = fx_legal_actions (setup, &self->state, self->legal);
      update_game_over (self);
      self->updating--;
      update_preview (self);
      return;
    }

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
      if (self->legal[i].kind == (gint8) form_kinds[f])
        per_kind[f]++;

  form = current_form (self);
  for (int f = 0; f < N_FORMS; f++)
    gtk_widget_set_sensitive (GTK_WIDGET (form_toggle (self, f)), per_kind[f] > 0);
  if (per_kind[form] == 0)
    for (int f = N_FORMS - 1; f >= 0; f--)
      if (per_kind[f] > 0)
        form = (Form) f;
  gtk_toggle_button_set_active (form_toggle (self, form), TRUE);
  gtk_stack_set_visible_child_name (self->stack, form_names[form]);

  update_contract (self);
  update_invest (self);
  update_divest (self);
  update_resolve (self);
  self->updating--;
  update_preview (self);
}

static void
reset_forms (FxMoveBar *self)
{
  Choice *choices[] = { &self->c_spot_other, &self->c_spot_give, &self->c_spot_take,
                        &self->c_contract_pay, &self->c_contract_receive, &self->c_contract_amount,
                        &self->c_invest_first, &self->c_invest_second,
                        &self->c_divest_currency, &self->c_divest_count,
                        &self->c_resolve_choice, &self->c_strongest_choice };

  self->updating++;
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    choice_reset (choices[i]);
  for (guint i = 0; i < self->n_divest_rows; i++)
    gtk_spin_button_set_value (self->divest_spins[i], 0);
  gtk_expander_set_expanded (self->spot_expander, FALSE);
  self->updating--;
}

static void
refresh (FxMoveBar *self,
         gboolean   reset)
{
  if (self->session != NULL)
    memcpy (&self->state, xq_session_get_state (self->session), sizeof self->state);
  if (reset)
    reset_forms (self);
  update_forms (self);
}

static void
on_n_moves_changed (FxMoveBar *self)
{
  /* Between a spot and its action the session is halfway through a turn. */
  if (self->recording)
    return;
  refresh (self, TRUE);
}

static void
on_form_changed (FxMoveBar *self)
{
  if (self->updating == 0)
    update_forms (self);
}

static void
on_kind_toggled (GtkToggleButton *toggle,
                 FxMoveBar       *self)
{
  if (!gtk_toggle_button_get_active (toggle) || self->updating > 0)
    return;
  for (int f = 0; f < N_FORMS; f++)
    if (form_toggle (self, f) == toggle)
      gtk_stack_set_visible_child_name (self->stack, form_names[f]);
  update_preview (self);
}

static void
record_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  FxMove moves[2];
  guint n;
  g_autoptr(GError) error = NULL;
  gboolean played_spot = FALSE;
  gboolean ok = TRUE;

  if (self->session == NULL)
    return;
  n = build_moves (self, moves);
  if (n == 0)
    return;

  /* The spot and its action go in together: the session never rests between. */
  self->recording = TRUE;
  for (guint i = 0; i < n && ok; i++)
    {
      ok = xq_session_play (self->session, &moves[i], NULL, &error);
      if (ok && i == 0 && n == 2)
        played_spot = TRUE;
    }
  if (!ok && played_spot)
    xq_session_undo (self->session);
  self->recording = FALSE;

  refresh (self, ok);
  if (!ok)
    show_refusal (self, error->message);
}

static void
select_form_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  const char *name = g_variant_get_string (parameter, NULL);

  for (int f = 0; f < N_FORMS; f++)
    if (g_str_equal (name, form_names[f]) && gtk_widget_get_sensitive (GTK_WIDGET (form_toggle (self, f))))
      gtk_toggle_button_set_active (form_toggle (self, f), TRUE);
}

static void
fx_move_bar_root (GtkWidget *widget)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  GtkRoot *root;

  GTK_WIDGET_CLASS (fx_move_bar_parent_class)->root (widget);
  /* Enter records the turn: the Record button is the window's default. */
  root = gtk_widget_get_root (widget);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_default_widget (GTK_WINDOW (root), self->record_button);
}

static void
fx_move_bar_unroot (GtkWidget *widget)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (GTK_IS_WINDOW (root) && gtk_window_get_default_widget (GTK_WINDOW (root)) == self->record_button)
    gtk_window_set_default_widget (GTK_WINDOW (root), NULL);
  GTK_WIDGET_CLASS (fx_move_bar_parent_class)->unroot (widget);
}

static void
fx_move_bar_dispose (GObject *object)
{
  FxMoveBar *self = FX_MOVE_BAR (object);

  if (self->session != NULL)
    g_clear_signal_handler (&self->n_moves_handler, self->session);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_MOVE_BAR);
  G_OBJECT_CLASS (fx_move_bar_parent_class)->dispose (object);
}

static void
fx_move_bar_finalize (GObject *object)
{
  FxMoveBar *self = FX_MOVE_BAR (object);

  g_free (self->legal);
  G_OBJECT_CLASS (fx_move_bar_parent_class)->finalize (object);
}

static void
fx_move_bar_class_init (FxMoveBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_move_bar_dispose;
  object_class->finalize = fx_move_bar_finalize;
  widget_class->root = fx_move_bar_root;
  widget_class->unroot = fx_move_bar_unroot;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-move-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, main_box);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, turn_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, status_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, play_box);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, spot_expander);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, spot_other);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, spot_give);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, spot_take);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, spot_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, kind_box);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, contract_toggle);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, invest_toggle);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, divest_toggle);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, resolve_toggle);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, stack);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, contract_pay);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, contract_receive);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, contract_amount);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, contract_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, invest_first);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, invest_second);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, invest_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, divest_grid);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, divest_currency);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, divest_count_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, divest_count);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, divest_others_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, resolve_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, resolve_choice_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, resolve_choice);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, strongest_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, strongest_choice);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, refusal_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, preview_box);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, record_button);

  gtk_widget_class_install_action (widget_class, "move-bar.record", NULL, record_action);
  gtk_widget_class_install_action (widget_class, "move-bar.select-form", "s", select_form_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "fx-move-bar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
fx_move_bar_init (FxMoveBar *self)
{
  GtkToggleButton *toggles[N_FORMS];

  gtk_widget_init_template (GTK_WIDGET (self));
  self->legal = g_new0 (FxMove, FX_LEGAL_MAX);

  {
    GtkDropDown *dropdowns[] = { self->spot_other, self->spot_give, self->spot_take,
                                 self->contract_pay, self->contract_receive, self->contract_amount,
                                 self->invest_first, self->invest_second,
                                 self->divest_currency, self->divest_count,
                                 self->resolve_choice, self->strongest_choice };
    Choice *choices[] = { &self->c_spot_other, &self->c_spot_give, &self->c_spot_take,
                          &self->c_contract_pay, &self->c_contract_receive, &self->c_contract_amount,
                          &self->c_invest_first, &self->c_invest_second,
                          &self->c_divest_currency, &self->c_divest_count,
                          &self->c_resolve_choice, &self->c_strongest_choice };

    G_STATIC_ASSERT (G_N_ELEMENTS (dropdowns) == G_N_ELEMENTS (choices));
    for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
      {
        choices[i]->dropdown = dropdowns[i];
        g_signal_connect_object (dropdowns[i], "notify::selected", G_CALLBACK (on_form_changed), self,
                                 G_CONNECT_SWAPPED);
      }
  }
  g_signal_connect_object (self->spot_expander, "notify::expanded", G_CALLBACK (on_form_changed), self,
                           G_CONNECT_SWAPPED);

  toggles[FORM_CONTRACT] = self->contract_toggle;
  toggles[FORM_INVEST] = self->invest_toggle;
  toggles[FORM_DIVEST] = self->divest_toggle;
  toggles[FORM_RESOLVE] = self->resolve_toggle;
  for (int f = 0; f < N_FORMS; f++)
    g_signal_connect_object (toggles[f], "toggled", G_CALLBACK (on_kind_toggled), self, 0);

  gtk_label_set_text (self->divest_count_label, "");
  update_forms (self);
}

FxMoveBar *
fx_move_bar_new (void)
{
  return g_object_new (FX_TYPE_MOVE_BAR, NULL);
}

/**
 * fx_move_bar_set_session:
 * @self: the bar
 * @session: (nullable): a For-Ex session
 *
 * The bar follows the session: each recorded, undone or redone move resets
 * the forms for the player now to act.
 */
void
fx_move_bar_set_session (FxMoveBar *self,
                         XqSession *session)
{
  g_return_if_fail (FX_IS_MOVE_BAR (self));
  g_return_if_fail (session == NULL || XQ_IS_SESSION (session));

  if (self->session == session)
    return;
  if (self->session != NULL)
    g_clear_signal_handler (&self->n_moves_handler, self->session);
  g_set_object (&self->session, session);
  if (session != NULL)
    self->n_moves_handler = g_signal_connect_swapped (session, "notify::n-moves",
                                                      G_CALLBACK (on_n_moves_changed), self);
  refresh (self, TRUE);
}
