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

#include "fx-move-bar-private.h"

G_DEFINE_FINAL_TYPE (FxMoveBar, fx_move_bar, GTK_TYPE_WIDGET)

const char * const fx_move_bar_form_names[N_FORMS] = { "contract", "invest", "divest", "resolve" };
const FxMoveKind fx_move_bar_form_kinds[N_FORMS] = {
  FX_MOVE_CONTRACT, FX_MOVE_INVEST, FX_MOVE_DIVEST, FX_MOVE_RESOLVE,
};


const FxSetup *
fx_move_bar_get_setup (FxMoveBar *self)
{
  return xq_session_get_setup (self->session);
}

Form
fx_move_bar_current_form (FxMoveBar *self)
{
  GtkToggleButton *toggles[N_FORMS] = { self->contract_toggle, self->invest_toggle,
                                        self->divest_toggle, self->resolve_toggle };

  for (int f = 0; f < N_FORMS; f++)
    if (gtk_toggle_button_get_active (toggles[f]))
      return (Form) f;
  return FORM_CONTRACT;
}

GtkToggleButton *
fx_move_bar_form_toggle (FxMoveBar *self,
             Form       form)
{
  GtkToggleButton *toggles[N_FORMS] = { self->contract_toggle, self->invest_toggle,
                                        self->divest_toggle, self->resolve_toggle };

  return toggles[form];
}

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

/* The action the visible form describes, or FALSE while it is incomplete. */
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
          m->sells[p] = (guint8) gtk_spin_button_get_value_as_int (self->divest_spins[i]);
          m->named |= (guint8) (1u << p);
        }
      break;
    case FORM_RESOLVE:
      fx_move_init (m, FX_MOVE_RESOLVE);
      m->cur[0] = (gint8) fx_move_bar_choice_value (&self->c_resolve_choice, FX_NO_CURRENCY);
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
  g_autofree char *text = fx_move_bar_capitalize (sentence);

  gtk_label_set_text (self->refusal_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_label), sentence != NULL);
}

void
fx_move_bar_update_preview (FxMoveBar *self)
{
  FxMove moves[2];
  FxState after;
  guint n;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  GtkWidget *heading;

  if (self->play_box == NULL)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", FALSE);
      return;
    }
  clear_preview (self);
  gtk_widget_set_visible (self->preview_box, FALSE);
  show_refusal (self, NULL);
  if (self->session == NULL || self->updating > 0)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", FALSE);
      return;
    }

  n = fx_move_bar_build_moves (self, moves);
  if (n == 0)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", FALSE);
      return;
    }
  if (!fx_preview_apply (fx_move_bar_get_setup (self), &self->state, moves, n, &after, &error))
    {
      /* A refused spot already says so in red beside its fields. */
      if (n == 1 || self->spot_included)
        show_refusal (self, error->message);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", FALSE);
      return;
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "move-bar.record", TRUE);
  lines = fx_preview_describe (fx_move_bar_get_setup (self), &self->state, &after);
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

static void
refresh (FxMoveBar *self,
         gboolean   reset)
{
  if (self->session != NULL)
    memcpy (&self->state, xq_session_get_state (self->session), sizeof self->state);
  if (reset)
    fx_move_bar_reset_forms (self);
  fx_move_bar_update_forms (self);
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
    fx_move_bar_update_forms (self);
}

static void
on_kind_toggled (GtkToggleButton *toggle,
                 FxMoveBar       *self)
{
  if (!gtk_toggle_button_get_active (toggle) || self->updating > 0)
    return;
  for (int f = 0; f < N_FORMS; f++)
    if (fx_move_bar_form_toggle (self, f) == toggle)
      gtk_stack_set_visible_child_name (self->stack, fx_move_bar_form_names[f]);
  fx_move_bar_update_preview (self);
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

  if (self->session == NULL || self->play_box == NULL)
    return;
  n = fx_move_bar_build_moves (self, moves);
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

  if (self->play_box == NULL)
    return;
  for (int f = 0; f < N_FORMS; f++)
    if (g_str_equal (name, fx_move_bar_form_names[f]) && gtk_widget_get_sensitive (GTK_WIDGET (fx_move_bar_form_toggle (self, f))))
      gtk_toggle_button_set_active (fx_move_bar_form_toggle (self, f), TRUE);
}

/* The forms, built from fx-move-bar-play.ui by fx_move_bar_ensure_play(). */
#define PART(id) { #id, G_STRUCT_OFFSET (FxMoveBar, id) }
static const struct { const char *id; gsize offset; } play_parts[] = {
  PART (play_box),
  PART (spot_expander),
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
  PART (contract_pay),
  PART (contract_receive),
  PART (contract_amount),
  PART (contract_label),
  PART (invest_first),
  PART (invest_second),
  PART (invest_label),
  PART (divest_grid),
  PART (divest_currency),
  PART (divest_count_label),
  PART (divest_count),
  PART (divest_others_label),
  PART (resolve_label),
  PART (resolve_choice_label),
  PART (resolve_choice),
  PART (strongest_label),
  PART (strongest_choice),
  PART (refusal_label),
  PART (preview_box),
  PART (record_button),
};
#undef PART

/* A finished game needs none of the forms (a dozen drop-downs, each with its
 * popover and list): they are built when a move can first be entered, which
 * keeps them out of the first frame of a finished game. */
void
fx_move_bar_ensure_play (FxMoveBar *self)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkToggleButton *toggles[N_FORMS];
  GtkRoot *root;

  if (self->play_box != NULL)
    return;
  builder = gtk_builder_new_from_resource ("/io/github/exchequer/Exchequer/fx-move-bar-play.ui");
  for (guint i = 0; i < G_N_ELEMENTS (play_parts); i++)
    {
      GObject *part = gtk_builder_get_object (builder, play_parts[i].id);

      g_assert (part != NULL);
      G_STRUCT_MEMBER (gpointer, self, play_parts[i].offset) = part;
    }
  gtk_widget_set_visible (self->play_box, FALSE);
  gtk_box_append (GTK_BOX (self->main_box), self->play_box);

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
 * forms if they are not yet.
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
  fx_move_bar_ensure_play (self);
  for (guint i = 0; i < G_N_ELEMENTS (play_parts); i++)
    if (g_str_equal (play_parts[i].id, id))
      return G_STRUCT_MEMBER (GtkWidget *, self, play_parts[i].offset);
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

  if (GTK_IS_WINDOW (root) && self->record_button != NULL
      && gtk_window_get_default_widget (GTK_WINDOW (root)) == self->record_button)
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
  /* The forms went with main_box. */
  for (guint i = 0; i < G_N_ELEMENTS (play_parts); i++)
    G_STRUCT_MEMBER (gpointer, self, play_parts[i].offset) = NULL;
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

  gtk_widget_class_install_action (widget_class, "move-bar.record", NULL, record_action);
  gtk_widget_class_install_action (widget_class, "move-bar.select-form", "s", select_form_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "fx-move-bar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
fx_move_bar_init (FxMoveBar *self)
{

  gtk_widget_init_template (GTK_WIDGET (self));
  self->legal = g_new0 (FxMove, FX_LEGAL_MAX);
  fx_move_bar_update_forms (self);
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
