/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar, the centre of its star: the player to act picks an optional
 * spot transaction and one action, sees what it would change, records; a
 * move that ends the game is confirmed first. This file owns the widget, the
 * moves its forms describe, their preview and recording. Its satellites call
 * only this file: -forms.c fills the forms from the rules, -suggest.c finds
 * a turn to fill in, -fold.c follows the bar's width: side by side or
 * stacked, the form folded away. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fx-checkpoint.h"
#include "fx-display.h"
#include "fx-forecast.h"
#include "fx-legal.h"
#include "xq-wrap-box.h"
#include "fx-move-bar.h"
#include "fx-preview.h"
#include "fx-score.h"
#include "fx-sentence.h"

#include "fx-move-bar-private.h"
#include "xq-tooltip.h"
#include "xq-unscrolled-layout.h"
#include "xq-width-first-layout.h"

G_DEFINE_FINAL_TYPE (FxMoveBar, fx_move_bar, GTK_TYPE_WIDGET)

enum
{
  SPOT_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

const char * const _fx_move_bar_form_names[FX_MOVE_BAR_N_FORMS] = { "contract", "invest", "divest", "resolve" };
const FxMoveKind _fx_move_bar_form_kinds[FX_MOVE_BAR_N_FORMS] = {
  FX_MOVE_CONTRACT, FX_MOVE_INVEST, FX_MOVE_DIVEST, FX_MOVE_RESOLVE,
};

const FxSetup *
_fx_move_bar_get_setup (FxMoveBar *self)
{
  return xq_session_get_setup (self->session);
}

GtkToggleButton *
_fx_move_bar_form_toggle (FxMoveBar     *self,
                          FxMoveBarForm  form)
{
  GtkToggleButton *toggles[FX_MOVE_BAR_N_FORMS] = { self->contract_toggle, self->invest_toggle,
                                                    self->divest_toggle, self->resolve_toggle };

  g_assert (form < FX_MOVE_BAR_N_FORMS);
  return toggles[form];
}

/* The action the player chose, or FX_MOVE_BAR_FORM_NONE: a turn starts with none. */
FxMoveBarForm
_fx_move_bar_current_form (FxMoveBar *self)
{
  for (int f = 0; f < FX_MOVE_BAR_N_FORMS; f++)
    if (gtk_toggle_button_get_active (_fx_move_bar_form_toggle (self, f)))
      return (FxMoveBarForm) f;
  return FX_MOVE_BAR_FORM_NONE;
}

/* Every dropdown of the forms, the divest fields' included. */
guint
_fx_move_bar_get_dropdowns (FxMoveBar        *self,
                            XqReasonDropdown *out[FX_MOVE_BAR_MAX_DROPDOWNS])
{
  XqReasonDropdown *fixed[] = { self->spot_other, self->spot_give, self->spot_take,
                                self->contract_pay, self->contract_receive, self->contract_amount,
                                self->invest_first, self->invest_second,
                                self->divest_currency, self->divest_count,
                                self->resolve_choice, self->strongest_choice };
  guint n = 0;

  G_STATIC_ASSERT (G_N_ELEMENTS (fixed) + FX_MAX_PLAYERS == FX_MOVE_BAR_MAX_DROPDOWNS);
  if (self->form_box == NULL)
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    out[n++] = fixed[i];
  for (guint i = 0; i < self->n_divest_rows; i++)
    out[n++] = self->divest_dropdowns[i];
  return n;
}

gboolean
_fx_move_bar_spot_available (FxMoveBar *self)
{
  return !fx_state_is_over (&self->state) && self->state.spot_actor == FX_NO_PLAYER
         && self->state.n_players > 1;
}

gboolean
_fx_move_bar_build_spot (FxMoveBar *self,
                         FxMove    *spot)
{
  int other, give, take;

  if (!_fx_move_bar_spot_available (self) || !gtk_expander_get_expanded (self->spot_expander))
    return FALSE;
  if (!xq_reason_dropdown_get_value (self->spot_other, &other) || !xq_reason_dropdown_get_value (self->spot_give, &give)
      || !xq_reason_dropdown_get_value (self->spot_take, &take))
    return FALSE;
  fx_move_init (spot, FX_MOVE_SPOT);
  spot->actor = (gint8) self->actor;
  spot->other = (gint8) other;
  spot->cur[0] = (gint8) give;
  spot->cur[1] = (gint8) take;
  return TRUE;
}

/* The action the visible form describes, or FALSE while none is chosen. */
static gboolean
build_action (FxMoveBar *self,
              FxMove    *m)
{
  int a, b, amount;

  if (fx_state_is_over (&self->state))
    {
      if (!xq_reason_dropdown_get_value (self->strongest_choice, &a))
        return FALSE;
      fx_move_init (m, FX_MOVE_STRONGEST);
      m->cur[0] = (gint8) a;
      return TRUE;
    }

  switch (_fx_move_bar_current_form (self))
    {
    case FX_MOVE_BAR_FORM_NONE:
      return FALSE;
    case FX_MOVE_BAR_FORM_CONTRACT:
      if (!xq_reason_dropdown_get_value (self->contract_pay, &a) || !xq_reason_dropdown_get_value (self->contract_receive, &b)
          || !xq_reason_dropdown_get_value (self->contract_amount, &amount))
        return FALSE;
      fx_move_init (m, FX_MOVE_CONTRACT);
      m->amount = amount;
      m->cur[0] = (gint8) a;
      m->cur[1] = (gint8) b;
      break;
    case FX_MOVE_BAR_FORM_INVEST:
      if (!xq_reason_dropdown_get_value (self->invest_first, &a) || !xq_reason_dropdown_get_value (self->invest_second, &b))
        return FALSE;
      fx_move_init (m, FX_MOVE_INVEST);
      m->cur[0] = (gint8) a;
      m->cur[1] = (gint8) b;
      break;
    case FX_MOVE_BAR_FORM_DIVEST:
      if (!xq_reason_dropdown_get_value (self->divest_currency, &a) || !xq_reason_dropdown_get_value (self->divest_count, &b))
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
          m->sells[p] = (guint8) xq_reason_dropdown_value_or (self->divest_dropdowns[i], 0);
          m->named |= (guint8) (1u << p);
        }
      break;
    case FX_MOVE_BAR_FORM_RESOLVE:
      fx_move_init (m, FX_MOVE_RESOLVE);
      m->cur[0] = FX_NO_CURRENCY;
      if (gtk_widget_get_visible (self->resolve_choice_field))
        m->cur[0] = (gint8) xq_reason_dropdown_value_or (self->resolve_choice, FX_NO_CURRENCY);
      break;
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

  if (_fx_move_bar_build_spot (self, &moves[0]))
    n++;
  if (!build_action (self, &moves[n]))
    return 0;
  return n + 1;
}

char *
_fx_move_bar_capitalize (const char *sentence)
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
_fx_move_bar_winners (const FxSetup *setup,
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
static void
show_preview (FxMoveBar  *self,
              const char *heading,
              const char *refusal,
              const char *text,
              const char *summary)
{
  g_autofree char *sentence = _fx_move_bar_capitalize (refusal);
  g_autofree char *line = _fx_move_bar_capitalize (summary != NULL ? summary : refusal != NULL ? refusal : heading);

  gtk_label_set_text (GTK_LABEL (self->summary_label), line);
  xq_tooltip_set_text (self->summary_label, line);
  gtk_widget_remove_css_class (self->summary_label, "refusal");
  if (refusal != NULL)
    gtk_widget_add_css_class (self->summary_label, "refusal");
  gtk_label_set_text (self->preview_heading, heading);
  gtk_label_set_text (self->refusal_label, sentence);
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), refusal != NULL);
  gtk_label_set_text (self->preview_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->preview_label), text != NULL);
}

static void
update_preview (FxMoveBar *self)
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

  n = build_moves (self, moves);
  if (n == 0 && _fx_move_bar_current_form (self) == FX_MOVE_BAR_FORM_NONE && !fx_state_is_over (&self->state))
    show_preview (self, _("Nothing chosen yet"), NULL,
                              _("Choose an action: what it would change shows here before anything is recorded."), NULL);
  else if (n == 0)
    show_preview (self, _("Nothing to record"), NULL, NULL, NULL);
  else if (!fx_preview_apply (_fx_move_bar_get_setup (self), &self->state, moves, n, &after, &error))
    show_preview (self, _("This cannot be recorded"), error->message, NULL, NULL);
  else
    {
      g_autoptr(GString) summary = g_string_new (NULL);
      g_autofree char *note = NULL;
      FxState before = self->state;

      for (guint i = 0; i < n; i++)
        {
          g_autofree char *sentence = fx_sentence_move (_fx_move_bar_get_setup (self), &before, &moves[i]);

          if (summary->len > 0)
            g_string_append (summary, "; ");
          g_string_append (summary, sentence);
          /* A contract is a promise: what it will ask, against what the
           * player holds once the spot is made. */
          if (moves[i].kind == FX_MOVE_CONTRACT)
            note = fx_forecast_contract_note (_fx_move_bar_get_setup (self), &before, &moves[i]);
          fx_state_apply (_fx_move_bar_get_setup (self), &before, &moves[i], NULL);
        }
      lines = fx_preview_describe (_fx_move_bar_get_setup (self), &self->state, &after);
      if (note != NULL)
        g_ptr_array_add (lines, g_steal_pointer (&note));
      g_ptr_array_add (lines, NULL);
      {
        g_autofree char *text = g_strjoinv ("\n", (char **) lines->pdata);

        show_preview (self, lines->len > 1 ? _("If recorded:") : _("If recorded, nothing changes on the table"),
                                  NULL, lines->len > 1 ? text : NULL, summary->str);
      }
      can_record = TRUE;
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", can_record);
}

/* The rest of the page judges the table as the preview does: after the spot
 * the forms hold. Told when that table changes, not on every field. */
static void
tell_spot (FxMoveBar *self)
{
  guint at = self->session != NULL ? xq_session_get_n_moves (self->session) : 0;
  gboolean included = self->session != NULL && self->form_box != NULL && self->spot_included;

  if (included == self->told_included && at == self->told_at
      && (!included || memcmp (&self->base, &self->told_base, sizeof self->base) == 0))
    return;
  self->told_included = included;
  self->told_at = at;
  if (included)
    self->told_base = self->base;
  g_signal_emit (self, signals[SPOT_CHANGED], 0);
}

/* The forms, then what they describe, then whether Suggest is offered. */
static void
update (FxMoveBar *self)
{
  _fx_move_bar_forms_update (self);
  update_preview (self);
  _fx_move_bar_suggest_update (self);
  tell_spot (self);
}

/* A field of the forms changed by the player: the rest follows. */
void
_fx_move_bar_form_changed (FxMoveBar *self)
{
  if (self->updating == 0)
    update (self);
}

static void
refresh (FxMoveBar *self,
         gboolean   reset)
{
  if (self->session != NULL)
    memcpy (&self->state, xq_session_get_state (self->session), sizeof self->state);
  if (reset)
    {
      _fx_move_bar_forms_reset (self);
      _fx_move_bar_set_folded (self, TRUE);
    }
  update (self);
}

static void
on_n_moves_changed (FxMoveBar *self)
{
  /* Between a spot and its action the session is halfway through a turn. */
  if (self->recording)
    return;
  /* The question was about a table that is no more, and so was the search. */
  if (self->confirm != NULL)
    gtk_window_destroy (GTK_WINDOW (self->confirm));
  _fx_move_bar_suggest_cancel (self);
  refresh (self, TRUE);
}

/* The player opened a form: the keyboard goes on in it, not on the next
 * button of the row they chose it from (Alt+C, then the currency, then
 * Ctrl+Enter). Not for the forms fx_move_bar_fill() or a new turn sets. */
static void
focus_form (FxMoveBar *self,
            GtkWidget *form)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->filling || self->updating > 0 || !GTK_IS_WINDOW (root) || !gtk_widget_get_mapped (form))
    return;
  gtk_widget_child_focus (form, GTK_DIR_TAB_FORWARD);
}

static void
on_spot_expanded (FxMoveBar *self)
{
  gboolean expanded = gtk_expander_get_expanded (self->spot_expander);

  /* GTK 4.8 takes a collapsed expander's child out of the widget tree but
   * still offers it to keyboard focus, which then fails (a critical warning,
   * and Tab stops there): hidden, it is passed over. */
  gtk_widget_set_visible (self->spot_box, expanded);
  _fx_move_bar_form_changed (self);
  if (expanded)
    focus_form (self, self->spot_box);
}

/* A partner's initial typed on the spot's header opens the spot with that
 * partner, and the keyboard goes on to what is given: the key that says
 * who the spot is with is the one that opens it (issue 26). */
static gboolean
on_spot_header_key (GtkEventControllerKey *keys,
                    guint                  keyval,
                    guint                  keycode,
                    GdkModifierType        state,
                    FxMoveBar             *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  /* Keys typed in the spot's fields come by here too: they are theirs. */
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0 || root == NULL
      || gtk_root_get_focus (root) != GTK_WIDGET (self->spot_expander)
      || !xq_reason_dropdown_takes_key (self->spot_other, keyval))
    return FALSE;
  gtk_expander_set_expanded (self->spot_expander, TRUE);
  return xq_reason_dropdown_type_key (self->spot_other, keyval);
}

/* After a turn recorded with the keyboard in the bar, the keyboard is at
 * the start of the next: on the spot's header when a spot can be made (a
 * partner's initial then opens it), else on the first action. */
static void
focus_next_turn (FxMoveBar *self)
{
  if (self->state.status != FX_STATUS_PLAYING)
    return;
  if (gtk_widget_get_mapped (GTK_WIDGET (self->spot_expander))
      && gtk_widget_grab_focus (GTK_WIDGET (self->spot_expander)))
    return;
  for (int f = 0; f < FX_MOVE_BAR_N_FORMS; f++)
    {
      GtkWidget *toggle = GTK_WIDGET (_fx_move_bar_form_toggle (self, f));

      if (gtk_widget_get_mapped (toggle) && gtk_widget_is_sensitive (toggle) && gtk_widget_grab_focus (toggle))
        return;
    }
}

static void
on_kind_toggled (GtkToggleButton *toggle,
                 FxMoveBar       *self)
{
  if (!gtk_toggle_button_get_active (toggle))
    return;
  _fx_move_bar_form_changed (self);
  focus_form (self, gtk_stack_get_visible_child (self->stack));
}

static void
remember (FxMoveBar         *self,
          int                player,
          FxMoveBarRemembered what,
          int                value)
{
  self->remembered[player][what] = value;
  self->has_remembered[player][what] = TRUE;
}

/* The choices of a recorded turn: its player's next turn starts from them. */
static void
remember_turn (FxMoveBar    *self,
               const FxMove *moves,
               guint         n)
{
  for (guint i = 0; i < n; i++)
    {
      const FxMove *m = &moves[i];
      int p = m->actor;

      if (p < 0 || p >= FX_MAX_PLAYERS)
        continue;
      switch (m->kind)
        {
        case FX_MOVE_SPOT:
          remember (self, p, FX_MOVE_BAR_REMEMBERED_SPOT_OTHER, m->other);
          remember (self, p, FX_MOVE_BAR_REMEMBERED_SPOT_GIVE, m->cur[0]);
          remember (self, p, FX_MOVE_BAR_REMEMBERED_SPOT_TAKE, m->cur[1]);
          break;
        case FX_MOVE_CONTRACT:
          remember (self, p, FX_MOVE_BAR_REMEMBERED_CONTRACT_PAY, m->cur[0]);
          remember (self, p, FX_MOVE_BAR_REMEMBERED_CONTRACT_RECEIVE, m->cur[1]);
          break;
        case FX_MOVE_INVEST:
          remember (self, p, FX_MOVE_BAR_REMEMBERED_INVEST_FIRST, m->cur[0]);
          remember (self, p, FX_MOVE_BAR_REMEMBERED_INVEST_SECOND, m->cur[1]);
          break;
        case FX_MOVE_DIVEST:
          remember (self, p, FX_MOVE_BAR_REMEMBERED_DIVEST_CURRENCY, m->cur[0]);
          break;
        default:
          break;
        }
    }
}

static void
commit (FxMoveBar    *self,
        const FxMove *moves,
        guint         n)
{
  g_autoptr(GError) error = NULL;
  gboolean played_spot = FALSE;
  gboolean ok = TRUE;
  FxState before = *(const FxState *) xq_session_get_state (self->session);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  /* Recorded from a form (or from nowhere in particular): the keyboard
   * goes on to the next turn. From elsewhere it stays where it was. */
  gboolean keyboard_in_bar = root != NULL && (focus == NULL || gtk_widget_is_ancestor (focus, GTK_WIDGET (self)));

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

  if (ok)
    remember_turn (self, moves, n);
  refresh (self, ok);
  if (ok && keyboard_in_bar)
    focus_next_turn (self);
  if (!ok)
    show_preview (self, _("This cannot be recorded"), error->message, NULL, NULL);
  /* A dividend paid and the game goes on: the table's pause to count. The
   * window opens the count, if the players want it then. */
  else if (fx_checkpoint_due_after (&before, &moves[n - 1], xq_session_get_state (self->session)))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.count-after-dividend", NULL);
}

/* What a move that ends the game does, in a heading and a sentence or two. */
static void
end_words (const FxSetup  *setup,
           const FxState  *after,
           char          **out_heading,
           char          **out_body)
{
  g_autofree char *winners = _fx_move_bar_winners (setup, after);
  g_autofree char *first = NULL;
  int loan = after->status == FX_STATUS_BANKRUPT ? fx_state_loan_of (after, after->bankrupt) : -1;

  if (after->status == FX_STATUS_BANKRUPT && loan >= 0)
    {
      const char *name = setup->names[after->bankrupt];
      g_autofree char *owed = fx_display_owed (after->letters[loan].owed);
      g_autofree char *held = fx_display_amounts_of (after->cash[after->bankrupt], after->letters[loan].owed);

      /* TRANSLATORS: the heading of the question asked before a move that bankrupts a player */
      *out_heading = g_strdup_printf (_("Bankrupt %s?"), name);
      /* TRANSLATORS: "Resolving now bankrupts Ben, who owes 6 USD but holds 2 USD. The game ends." */
      first = g_strdup_printf (_("Resolving now bankrupts %s, who owes %s but holds %s. The game ends."),
                               name, owed, held);
    }
  else
    {
      *out_heading = g_strdup (_("End the Game?"));
      first = g_strdup (_("Resolving now pays the last dividend card; the rest of the queue resolves and the game ends."));
    }
  if (*winners == '\0' && after->last_actor >= 0)
    {
      FxStrongest strongest;

      fx_score_strongest (after, &strongest);
      if (strongest.strongest == FX_NO_CURRENCY)
        {
          g_autofree char *list = fx_currency_list (strongest.tied);

          g_free (winners);
          winners = g_strdup_printf (_("%s tie as the strongest currency; %s chooses"), list,
                                     setup->names[after->last_actor]);
        }
    }
  *out_body = *winners != '\0' ? g_strconcat (first, " ", winners, NULL) : g_steal_pointer (&first);
}

static void
on_confirm_response (AdwMessageDialog *dialog,
                     const char       *response,
                     FxMoveBar        *self)
{
  /* Only what was asked about, on the table it was asked on. */
  if (g_str_equal (response, "end") && self->session != NULL
      && xq_session_get_n_moves (self->session) == self->pending_at)
    commit (self, self->pending, self->n_pending);
}

static void
confirm_end (FxMoveBar     *self,
             const FxMove  *moves,
             guint          n,
             const FxState *after)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  end_words (_fx_move_bar_get_setup (self), after, &heading, &body);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                       heading, body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "end", _("_End the Game"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "end", ADW_RESPONSE_DESTRUCTIVE);
  /* Enter, Escape and closing the window keep the game going. */
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  memcpy (self->pending, moves, sizeof (FxMove) * n);
  self->n_pending = n;
  self->pending_at = xq_session_get_n_moves (self->session);
  self->confirm = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->confirm);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_confirm_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
record_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  FxMove moves[2];
  FxState after;
  guint n;

  if (self->session == NULL || self->form_box == NULL || self->confirm != NULL)
    return;
  n = build_moves (self, moves);
  if (n == 0)
    return;
  /* A bankruptcy or the end of the game cannot be played on: ask first. */
  if (fx_preview_apply (_fx_move_bar_get_setup (self), &self->state, moves, n, &after, NULL)
      && self->state.status == FX_STATUS_PLAYING && after.status != FX_STATUS_PLAYING)
    confirm_end (self, moves, n, &after);
  else
    commit (self, moves, n);
}

static void
select_form_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  const char *name = g_variant_get_string (parameter, NULL);

  if (self->form_box == NULL)
    return;
  for (int f = 0; f < FX_MOVE_BAR_N_FORMS; f++)
    if (g_str_equal (name, _fx_move_bar_form_names[f]) && gtk_widget_get_sensitive (GTK_WIDGET (_fx_move_bar_form_toggle (self, f))))
      gtk_toggle_button_set_active (_fx_move_bar_form_toggle (self, f), TRUE);
}

/* Tab goes through the form, then the preview and Record, wherever they lie.
 * The action buttons are a radio group: from the one chosen, Tab goes into
 * its form (not to the next action, which the arrow keys reach), and
 * Shift+Tab out of the form comes back to it. */
static gboolean
fx_move_bar_focus (GtkWidget        *widget,
                   GtkDirectionType  direction)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  /* The forms are built when a move can first be entered. */
  FxMoveBarForm form = self->session != NULL && self->form_box != NULL ? _fx_move_bar_current_form (self)
                                                                        : FX_MOVE_BAR_FORM_NONE;
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *stack = GTK_WIDGET (self->stack);

  if (form != FX_MOVE_BAR_FORM_NONE && focus != NULL)
    {
      GtkWidget *chosen = GTK_WIDGET (_fx_move_bar_form_toggle (self, form));

      if (direction == GTK_DIR_TAB_FORWARD && focus == chosen && gtk_widget_child_focus (stack, direction))
        return TRUE;
      /* Out of the form backwards, wherever the default would go next. */
      if (direction == GTK_DIR_TAB_BACKWARD && gtk_widget_is_ancestor (focus, stack)
          && xq_wrap_box_focus_in_order (widget, direction, GTK_WIDGET_CLASS (fx_move_bar_parent_class)->focus))
        {
          if (!gtk_widget_is_ancestor (gtk_root_get_focus (root), stack))
            gtk_widget_grab_focus (chosen);
          return TRUE;
        }
    }
  return xq_wrap_box_focus_in_order (widget, direction, GTK_WIDGET_CLASS (fx_move_bar_parent_class)->focus);
}

static void
on_fold_toggled (FxMoveBar *self)
{
  if (self->updating == 0)
    _fx_move_bar_set_folded (self, !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->fold_button)));
}

/* --- the forms, built from fx-move-bar-play.ui ---------------------------- */

#define PART(id) { #id, G_STRUCT_OFFSET (FxMoveBar, id) }
static const struct { const char *id; gsize offset; } play_parts[] = {
  PART (fold_button),
  PART (form_scroller),
  PART (form_box),
  PART (spot_expander),
  PART (spot_box),
  PART (spot_other),
  PART (spot_give),
  PART (spot_take),
  PART (spot_label),
  PART (kind_box),
  PART (contract_toggle),
  PART (invest_toggle),
  PART (divest_toggle),
  PART (resolve_toggle),
  PART (stack),
  PART (none_label),
  PART (contract_pay),
  PART (contract_receive),
  PART (contract_amount),
  PART (contract_label),
  PART (invest_first),
  PART (invest_second),
  PART (invest_label),
  PART (divest_currency),
  PART (divest_count_label),
  PART (divest_count),
  PART (divest_others),
  PART (resolve_label),
  PART (resolve_choice_field),
  PART (resolve_choice),
  PART (strongest_label),
  PART (strongest_choice),
  PART (preview_scroller),
  PART (preview_heading),
  PART (refusal_label),
  PART (preview_label),
  PART (summary_label),
  PART (record_button),
  PART (suggest_button),
  PART (suggest_spinner),
};
#undef PART

/* The forms and Record, shown while a move can be entered. */
void
_fx_move_bar_show_play (FxMoveBar *self,
                        gboolean   play)
{
  self->playing = play;
  _fx_move_bar_apply_shape (self);
}

/* A finished game needs none of the forms (a dozen drop-downs, each with its
 * popover and list): they are built when a move can first be entered, which
 * keeps them out of the first frame of a finished game. */
/* @child in an AdwBin laid out by a new @layout, a GtkLayoutManager type. */
static GtkWidget *
in_bin (GtkWidget *child,
        GType      layout)
{
  GtkWidget *bin = adw_bin_new ();

  gtk_widget_set_layout_manager (bin, g_object_new (layout, NULL));
  adw_bin_set_child (ADW_BIN (bin), child);
  return bin;
}

void
_fx_move_bar_ensure_play (FxMoveBar *self)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkRoot *root;

  if (self->form_scroller != NULL)
    return;
  g_type_ensure (XQ_TYPE_WRAP_BOX);
  g_type_ensure (XQ_TYPE_REASON_DROPDOWN);
  builder = gtk_builder_new_from_resource ("/io/github/exchequer/Exchequer/fx-move-bar-play.ui");
  for (guint i = 0; i < G_N_ELEMENTS (play_parts); i++)
    {
      GObject *part = gtk_builder_get_object (builder, play_parts[i].id);

      g_assert (part != NULL);
      G_STRUCT_MEMBER (gpointer, self, play_parts[i].offset) = part;
    }
  /* Into the template's boxes, in reading order, which is also the order
   * of Tab: the fold button ends the turn's row, the form goes under it,
   * the preview heads the side column, and Record ends the last row. */
  gtk_box_append (GTK_BOX (self->top_row), self->fold_button);
  /* The form's scrolled window, in a bin that lays it out as its content
   * when it cannot scroll (fx-move-bar-fold.c). */
  gtk_box_append (GTK_BOX (self->main_column), in_bin (self->form_scroller, XQ_TYPE_UNSCROLLED_LAYOUT));
  gtk_box_prepend (GTK_BOX (self->side_column), self->preview_scroller);
  /* Measured for its width alone: Record's row asks it its width for a
   * height, which a wrapping label answers by a search, a Pango layout a
   * step, each turn recorded on a phone (xq-width-first-layout.c). */
  gtk_box_append (GTK_BOX (self->record_row), in_bin (self->summary_label, XQ_TYPE_WIDTH_FIRST_LAYOUT));
  gtk_box_append (GTK_BOX (self->record_row), self->record_button);
  _fx_move_bar_suggest_init (self);
  _fx_move_bar_show_play (self, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->fold_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The form for this turn"), -1);
  g_signal_connect_object (self->fold_button, "toggled", G_CALLBACK (on_fold_toggled), self, G_CONNECT_SWAPPED);
  _fx_move_bar_set_folded (self, TRUE);

  {
    XqReasonDropdown *dropdowns[FX_MOVE_BAR_MAX_DROPDOWNS];
    guint n = _fx_move_bar_get_dropdowns (self, dropdowns);

    for (guint i = 0; i < n; i++)
      g_signal_connect_object (dropdowns[i], "notify::selected", G_CALLBACK (_fx_move_bar_form_changed), self,
                               G_CONNECT_SWAPPED);
  }
  gtk_widget_set_visible (self->spot_box, FALSE);
  /* The preview's area takes the focus to scroll a long preview by keyboard. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview_scroller), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("What the move would change"), -1);
  g_signal_connect_object (self->spot_expander, "notify::expanded", G_CALLBACK (on_spot_expanded), self,
                           G_CONNECT_SWAPPED);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_spot_header_key), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (self->spot_expander), keys);
  }
  for (int f = 0; f < FX_MOVE_BAR_N_FORMS; f++)
    g_signal_connect_object (_fx_move_bar_form_toggle (self, f), "toggled", G_CALLBACK (on_kind_toggled), self, 0);

  /* Enter records the turn: the Record button is the window's default. */
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (GTK_IS_WINDOW (root))
    gtk_window_set_default_widget (GTK_WINDOW (root), self->record_button);
}

/**
 * fx_move_bar_get_part:
 * @self: the bar
 * @id: the id of a widget in fx-move-bar.ui or fx-move-bar-play.ui
 *
 * For the tests, which look at the forms as a player would; builds the
 * forms if they are not yet. For a dropdown with reasons, the GtkDropDown
 * inside it, which is what a player clicks and Tab reaches.
 *
 * Returns: (transfer none): the widget
 */
GtkWidget *
fx_move_bar_get_part (FxMoveBar  *self,
                      const char *id)
{
  GObject *object;

  g_return_val_if_fail (FX_IS_MOVE_BAR (self), NULL);

  object = gtk_widget_get_template_child (GTK_WIDGET (self), FX_TYPE_MOVE_BAR, id);
  if (object != NULL)
    return GTK_WIDGET (object);
  _fx_move_bar_ensure_play (self);
  for (guint i = 0; i < G_N_ELEMENTS (play_parts); i++)
    if (g_str_equal (play_parts[i].id, id))
      {
        GtkWidget *part = G_STRUCT_MEMBER (GtkWidget *, self, play_parts[i].offset);

        /* A dropdown with reasons: the GtkDropDown a player clicks. */
        if (XQ_IS_REASON_DROPDOWN (part))
          return GTK_WIDGET (xq_reason_dropdown_get_drop_down (XQ_REASON_DROPDOWN (part)));
        return part;
      }
  return NULL;
}

static void
fx_move_bar_root (GtkWidget *widget)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  GtkRoot *root;

  GTK_WIDGET_CLASS (fx_move_bar_parent_class)->root (widget);
  /* Enter records the turn: the Record button is the window's default. */
  root = gtk_widget_get_root (widget);
  if (GTK_IS_WINDOW (root) && self->record_button != NULL)
    gtk_window_set_default_widget (GTK_WINDOW (root), self->record_button);
}

static void
fx_move_bar_unroot (GtkWidget *widget)
{
  FxMoveBar *self = FX_MOVE_BAR (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  /* The window closes: nobody waits for the suggestion. */
  _fx_move_bar_suggest_cancel (self);
  if (GTK_IS_WINDOW (root) && self->record_button != NULL
      && gtk_window_get_default_widget (GTK_WINDOW (root)) == self->record_button)
    gtk_window_set_default_widget (GTK_WINDOW (root), NULL);
  GTK_WIDGET_CLASS (fx_move_bar_parent_class)->unroot (widget);
}

static void
fx_move_bar_dispose (GObject *object)
{
  FxMoveBar *self = FX_MOVE_BAR (object);

  if (self->confirm != NULL)
    {
      AdwMessageDialog *dialog = self->confirm;

      g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->confirm);
      self->confirm = NULL;
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
  _fx_move_bar_suggest_cancel (self);
  if (self->session != NULL)
    g_clear_signal_handler (&self->n_moves_handler, self->session);
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_MOVE_BAR);
  /* The forms went with them. */
  for (guint i = 0; i < G_N_ELEMENTS (play_parts); i++)
    G_STRUCT_MEMBER (gpointer, self, play_parts[i].offset) = NULL;
  for (guint i = 0; i < FX_MAX_PLAYERS; i++)
    {
      self->divest_dropdowns[i] = NULL;
      self->divest_fields[i] = NULL;
    }
  self->n_divest_rows = 0;
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
  widget_class->focus = fx_move_bar_focus;

  g_type_ensure (XQ_TYPE_WIDTH_FIRST_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-move-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, width_probe);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, wide_probe);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, content);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, main_column);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, top_row);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, side_squeezer);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, side_column);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, record_row);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, header_box);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, title_box);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, turn_label);
  gtk_widget_class_bind_template_child (widget_class, FxMoveBar, status_label);

  /**
   * FxMoveBar::spot-changed:
   *
   * The spot transaction the forms hold changed, or was left out or
   * recorded: fx_move_bar_get_after_spot() says the table it leads to.
   */
  signals[SPOT_CHANGED] = g_signal_new ("spot-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "move-bar.record", NULL, record_action);
  gtk_widget_class_install_action (widget_class, "move-bar.select-form", "s", select_form_action);
  gtk_widget_class_install_action (widget_class, "move-bar.suggest", NULL, _fx_move_bar_suggest_action);

  gtk_widget_class_set_css_name (widget_class, "fx-move-bar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
fx_move_bar_init (FxMoveBar *self)
{
  GtkEventController *shortcuts;
  GtkShortcutTrigger *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* Ctrl+Enter records from anywhere in the window, whatever has the focus
   * (Enter alone belongs to the focused control: it presses a button); a
   * turn that cannot be recorded leaves the keys to others. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
  keys = gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, GDK_CONTROL_MASK),
                                      gtk_keyval_trigger_new (GDK_KEY_KP_Enter, GDK_CONTROL_MASK));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (keys, gtk_named_action_new ("move-bar.record")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  _fx_move_bar_fold_init (self);
  self->legal = g_new0 (FxMove, FX_LEGAL_MAX);
  update (self);
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
 * the forms for the player now to act, with no action chosen.
 */
void
fx_move_bar_set_session (FxMoveBar *self,
                         XqSession *session)
{
  g_return_if_fail (FX_IS_MOVE_BAR (self));
  g_return_if_fail (session == NULL || XQ_IS_SESSION (session));

  if (self->session == session)
    return;
  _fx_move_bar_suggest_cancel (self);
  if (self->session != NULL)
    g_clear_signal_handler (&self->n_moves_handler, self->session);
  g_set_object (&self->session, session);
  if (session != NULL)
    self->n_moves_handler = g_signal_connect_swapped (session, "notify::n-moves",
                                                      G_CALLBACK (on_n_moves_changed), self);
  refresh (self, TRUE);
}

/**
 * fx_move_bar_get_after_spot:
 * @self: the bar
 *
 * The table as it will be once the spot transaction the forms hold is made:
 * the state the preview judges the action on, so the queue can say the same
 * about who can pay. Only for the session's present position.
 *
 * Returns: (nullable) (transfer none): that table, or %NULL while no
 *   accepted spot is filled in
 */
const FxState *
fx_move_bar_get_after_spot (FxMoveBar *self)
{
  g_return_val_if_fail (FX_IS_MOVE_BAR (self), NULL);

  /* Asked between a move and the bar's own refresh, the forms are about
   * the table before it. */
  if (!self->told_included || self->session == NULL
      || self->told_at != xq_session_get_n_moves (self->session))
    return NULL;
  return &self->told_base;
}

static FxMoveBarForm
form_of (FxMoveKind kind)
{
  for (int f = 0; f < FX_MOVE_BAR_N_FORMS; f++)
    if (_fx_move_bar_form_kinds[f] == kind)
      return (FxMoveBarForm) f;
  return FX_MOVE_BAR_FORM_NONE;
}

static gboolean
fill_divest (FxMoveBar    *self,
             const FxMove *m)
{
  if (!xq_reason_dropdown_select_value (self->divest_currency, m->cur[0])
      || !xq_reason_dropdown_select_value (self->divest_count, m->sells[m->actor]))
    return FALSE;
  for (guint i = 0; i < self->n_divest_rows; i++)
    if (!xq_reason_dropdown_select_value (self->divest_dropdowns[i], m->sells[self->divest_players[i]]))
      return FALSE;
  return TRUE;
}

static gboolean fill (FxMoveBar    *self,
                      const FxMove *spot,
                      const FxMove *action);

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
  gboolean filled;

  g_return_val_if_fail (FX_IS_MOVE_BAR (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  /* No forms yet: the bar has had no move to offer. */
  if (self->form_box == NULL)
    return FALSE;
  self->filling = TRUE;
  filled = fill (self, spot, action);
  self->filling = FALSE;
  return filled;
}

static gboolean
fill (FxMoveBar    *self,
      const FxMove *spot,
      const FxMove *action)
{
  FxMoveBarForm form;

  gtk_expander_set_expanded (self->spot_expander, spot != NULL);
  if (spot != NULL
      && (!xq_reason_dropdown_select_value (self->spot_other, spot->other)
          || !xq_reason_dropdown_select_value (self->spot_give, spot->cur[0])
          || !xq_reason_dropdown_select_value (self->spot_take, spot->cur[1])))
    return FALSE;

  if (action->kind == FX_MOVE_STRONGEST)
    return xq_reason_dropdown_select_value (self->strongest_choice, action->cur[0]);

  form = form_of (action->kind);
  if (form == FX_MOVE_BAR_FORM_NONE || !gtk_widget_get_sensitive (GTK_WIDGET (_fx_move_bar_form_toggle (self, form))))
    return FALSE;
  gtk_toggle_button_set_active (_fx_move_bar_form_toggle (self, form), TRUE);
  switch (form)
    {
    case FX_MOVE_BAR_FORM_CONTRACT:
      return xq_reason_dropdown_select_value (self->contract_pay, action->cur[0])
             && xq_reason_dropdown_select_value (self->contract_receive, action->cur[1])
             && xq_reason_dropdown_select_value (self->contract_amount, action->amount);
    case FX_MOVE_BAR_FORM_INVEST:
      return xq_reason_dropdown_select_value (self->invest_first, action->cur[0])
             && xq_reason_dropdown_select_value (self->invest_second, action->cur[1]);
    case FX_MOVE_BAR_FORM_DIVEST:
      return fill_divest (self, action);
    case FX_MOVE_BAR_FORM_RESOLVE:
      return action->cur[0] == FX_NO_CURRENCY || xq_reason_dropdown_select_value (self->resolve_choice, action->cur[0]);
    case FX_MOVE_BAR_FORM_NONE:
    default:
      return FALSE;
    }
}
