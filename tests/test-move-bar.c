/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The move bar at the table, as a player meets it: each turn opens with no
 * action chosen, a move that ends the game asks first, refused options stay
 * listed with their reason, nothing moves under the pointer, the keyboard
 * reaches every control in reading order, and a phone's width fits. */

#include "config.h"

#include <string.h>

#include "fx-display.h"
#include "fx-move-bar.h"
#include "fx-random-play.h"
#include "layout-count.h"
#include "ui-support.h"
#include "xq-games.h"
#include "xq-reason-dropdown.h"
#include "xq-window.h"

static XqApplication *app;

/* --- helpers ------------------------------------------------------------- */

typedef struct
{
  XqWindow   *window;
  XqSession  *session;
  XqDocument *document;
  FxMoveBar  *bar;
} Table;

static void
table_open (Table     *t,
            XqSession *session,
            int        width,
            int        height)
{
  t->window = ui_new_window (app);
  t->session = session;
  t->document = xq_document_new (session, FALSE);
  gtk_window_set_default_size (GTK_WINDOW (t->window), width, height);
  xq_window_set_document (t->window, t->document);
  ui_settle ();
  t->bar = FX_MOVE_BAR (ui_find_descendant (GTK_WIDGET (t->window), FX_TYPE_MOVE_BAR, NULL));
  g_assert_nonnull (t->bar);
}

static void
table_close (Table *t)
{
  xq_document_discard_journal (t->document);
  gtk_window_destroy (GTK_WINDOW (t->window));
  ui_settle ();
  g_clear_object (&t->document);
  g_clear_object (&t->session);
}

static GtkWidget *
part (FxMoveBar  *bar,
      const char *id)
{
  GtkWidget *widget = fx_move_bar_get_part (bar, id);

  g_assert_nonnull (widget);
  return widget;
}

static const char *
text_of (FxMoveBar  *bar,
         const char *id)
{
  return gtk_label_get_text (GTK_LABEL (part (bar, id)));
}

static const FxState *
state_of (XqSession *session)
{
  return xq_session_get_state (session);
}

static int
actor_of (const FxState *s)
{
  return s->spot_actor != FX_NO_PLAYER ? s->spot_actor : s->next_player;
}

/* Record can be pressed: it is on screen and sensitive. */
static gboolean
can_record (FxMoveBar *bar)
{
  GtkWidget *button = part (bar, "record_button");

  return gtk_widget_get_mapped (button) && gtk_widget_is_sensitive (button);
}

/* Presses a button as a pointer would: a click on what is on screen. */
static void
press (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_sensitive (button) && gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
  ui_settle ();
}

static GtkWidget *
toggle_of (FxMoveBar  *bar,
           const char *form)
{
  g_autofree char *id = g_strconcat (form, "_toggle", NULL);

  return part (bar, id);
}

static void
choose_form (FxMoveBar  *bar,
             const char *form)
{
  press (toggle_of (bar, form));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle_of (bar, form))));
}

/* A choice of the forms as the player sees it: its row of buttons (the
 * GtkDropDown that fx_move_bar_get_part() gives holds the options and the
 * selection, hidden while the buttons show them). */
static GtkWidget *
field (FxMoveBar  *bar,
       const char *id)
{
  GtkWidget *dropdown = part (bar, id);
  GtkWidget *choice = gtk_widget_get_parent (dropdown);

  g_assert_true (XQ_IS_REASON_DROPDOWN (choice));
  /* A choice still shown as a dropdown (the contract's amount). */
  if (xq_reason_dropdown_get_button (XQ_REASON_DROPDOWN (choice), 0) == NULL)
    return dropdown;
  g_assert_false (gtk_widget_get_visible (dropdown));
  return choice;
}

/* The label of the option shown in a closed dropdown. */
static const char *
shown_option (GtkWidget *dropdown)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown));

  g_assert_nonnull (item);
  return gtk_string_object_get_string (item);
}

/* Clicks the option's button, as a player does, even the one shown. */
static void
choose_option (GtkWidget  *dropdown,
               const char *label)
{
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));
  XqReasonDropdown *choice = XQ_REASON_DROPDOWN (gtk_widget_get_parent (dropdown));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), label))
      {
        GtkWidget *button = xq_reason_dropdown_get_button (choice, i);

        /* Shown as a dropdown: its list opened, the row clicked. */
        if (button == NULL)
          {
            GtkWidget *popover = ui_find_descendant (dropdown, GTK_TYPE_POPOVER, NULL);
            GtkWidget *list = ui_find_descendant (dropdown, GTK_TYPE_LIST_VIEW, NULL);

            g_assert_true (gtk_widget_get_mapped (dropdown));
            ui_popup (GTK_POPOVER (popover));
            /* A click selects the row, then activates it. */
            gtk_selection_model_select_item (gtk_list_view_get_model (GTK_LIST_VIEW (list)), i, TRUE);
            g_signal_emit_by_name (list, "activate", i);
            ui_settle ();
            g_assert_false (gtk_widget_get_visible (popover));
            g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, i);
            return;
          }
        g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, label);
        g_assert_true (gtk_widget_get_mapped (button) && gtk_widget_is_sensitive (button));
        g_signal_emit_by_name (button, "clicked");
        ui_settle ();
        g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, i);
        g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
        return;
      }
  g_error ("no option %s", label);
}

/* The message dialog open now, or NULL. */
static AdwMessageDialog *
open_dialog (void)
{
  return (AdwMessageDialog *) ui_find_shown_window (ADW_TYPE_MESSAGE_DIALOG);
}

/* Clicks the dialog's button labelled @label. */
static void
answer (AdwMessageDialog *dialog,
        const char       *label)
{
  g_autoptr(GPtrArray) buttons = ui_find_all (GTK_WIDGET (dialog), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), label) == 0)
      {
        press (buttons->pdata[i]);
        ui_settle ();
        return;
      }
  g_error ("the dialog has no button %s", label);
}

typedef struct
{
  char     *label;
  char     *reason;
  gboolean  sensitive;
} Option;

static void
option_free (Option *o)
{
  g_free (o->label);
  g_free (o->reason);
  g_free (o);
}

/* Reads each option of a choice as its row of buttons shows it: a refused
 * one dimmed, with its reason as its tooltip and accessible description,
 * every button on screen (no list to scroll). */
static GPtrArray *
read_options (GtkWidget  *dropdown,
              const char *screenshot)
{
  XqReasonDropdown *choice = XQ_REASON_DROPDOWN (gtk_widget_get_parent (dropdown));
  guint n = g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown)));
  GPtrArray *options = g_ptr_array_new_with_free_func ((GDestroyNotify) option_free);

  if (screenshot != NULL)
    ui_screenshot (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (choice))), screenshot);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *button = xq_reason_dropdown_get_button (choice, i);
      /* Asked for as the tooltip shows (query-tooltip), not set. */
      char *tooltip = xq_reason_dropdown_dup_tooltip_at (choice, i);
      Option *o;

      g_assert_true (gtk_widget_get_mapped (button));
      g_assert_true (gtk_widget_get_has_tooltip (button));
      o = g_new0 (Option, 1);
      o->label = g_strdup (gtk_button_get_label (GTK_BUTTON (button)));
      o->reason = tooltip;
      o->sensitive = !gtk_widget_has_css_class (button, "refused");
      g_assert_cmpint (gtk_test_accessible_has_property (GTK_ACCESSIBLE (button),
                                                         GTK_ACCESSIBLE_PROPERTY_DESCRIPTION), ==, tooltip != NULL);
      if (tooltip != NULL)
        {
          g_autofree char *differs = gtk_test_accessible_check_property (GTK_ACCESSIBLE (button),
                                                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                                          tooltip);

          g_assert_null (differs);
        }
      g_ptr_array_add (options, o);
    }
  return options;
}

static graphene_rect_t
bounds_in_window (GtkWidget *widget)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (gtk_widget_get_root (widget)), &bounds));
  return bounds;
}

static gboolean
same_place (const graphene_rect_t *a,
            const graphene_rect_t *b)
{
  return graphene_rect_equal (a, b);
}

/* Where @part stands: the same place as before; the preview only keeps its
 * sides and its bottom, as a long one grows upwards into the room above. */
static gboolean
in_its_place (const char            *part,
              const graphene_rect_t *now,
              const graphene_rect_t *before)
{
  if (!g_str_equal (part, "preview_scroller"))
    return same_place (now, before);
  return now->origin.x == before->origin.x && now->size.width == before->size.width
         && now->origin.y + now->size.height == before->origin.y + before->size.height;
}

/* The first position of the sample, from @from on, that @accept takes. */
static guint
sample_position (guint     from,
                 gboolean (*accept) (const FxState *s))
{
  g_autoptr(XqSession) sample = ui_load_sample ();

  for (guint n = from; n < xq_session_get_n_moves (sample); n++)
    {
      FxState s;

      xq_session_get_state_at (sample, n, &s);
      if (accept (&s))
        return n;
    }
  g_error ("no position of the sample fits");
}

/* --- each turn opens neutral ---------------------------------------------- */

/* Cynthia makes a spot transaction and resolves through the forms; David's
 * turn then opens with no action chosen, the spot closed and Record off. */
static void
test_turn_opens_neutral (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  Table t;
  const FxMove *spot = xq_session_get_move (sample, 3);
  const FxMove *resolve = xq_session_get_move (sample, 4);
  guint n;

  g_assert_cmpint (spot->kind, ==, FX_MOVE_SPOT);
  g_assert_cmpint (resolve->kind, ==, FX_MOVE_RESOLVE);
  table_open (&t, ui_sample_prefix (3), 1280, 860);
  g_assert_cmpstr (text_of (t.bar, "turn_label"), ==, "Cynthia’s turn");
  /* Her turn opens neutral too. */
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (part (t.bar, "stack"))), ==, "none");

  g_assert_true (fx_move_bar_fill (t.bar, spot, resolve));
  ui_settle ();
  g_assert_true (can_record (t.bar));
  g_assert_nonnull (strstr (text_of (t.bar, "preview_heading"), "If recorded"));
  press (part (t.bar, "record_button"));
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, 5);

  g_assert_cmpstr (text_of (t.bar, "turn_label"), ==, "David’s turn");
  for (const char * const *id = (const char * const[]) { "contract_toggle", "invest_toggle", "divest_toggle",
                                                          "resolve_toggle", NULL };
       *id != NULL; id++)
    g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (part (t.bar, *id))));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (part (t.bar, "stack"))), ==, "none");
  g_assert_true (gtk_widget_get_mapped (part (t.bar, "none_label")));
  g_assert_nonnull (strstr (text_of (t.bar, "none_label"), "David"));
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (part (t.bar, "spot_expander"))));
  g_assert_false (gtk_widget_get_visible (part (t.bar, "spot_box")));
  g_assert_false (gtk_widget_is_sensitive (part (t.bar, "record_button")));
  g_assert_cmpstr (text_of (t.bar, "preview_heading"), ==, "Nothing chosen yet");
  ui_screenshot (GTK_WIDGET (t.window), "move-bar-neutral");

  /* Enter (the default button) and the action record nothing. */
  n = xq_session_get_n_moves (t.session);
  gtk_widget_activate_action (GTK_WIDGET (t.bar), "move-bar.record", NULL);
  gtk_widget_activate_default (GTK_WIDGET (t.bar));
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, n);
  g_assert_null (open_dialog ());

  /* Undo brings Cynthia back, with nothing chosen for her either. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.undo", NULL));
  ui_settle ();
  g_assert_cmpstr (text_of (t.bar, "turn_label"), ==, "Cynthia’s turn");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (part (t.bar, "stack"))), ==, "none");
  table_close (&t);
}

/* --- moves that end the game are confirmed --------------------------------- */

/* A random game that ends in a bankruptcy, and how many moves lead to the
 * turn that causes it. */
static XqSession *
bankrupt_game (guint *out_before)
{
  for (guint64 seed = 1; seed < 4000; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 3, &fx_random_style_default, 4000);
      guint n = xq_session_get_n_moves (game);
      const FxMove *last = xq_session_get_move (game, n - 1);

      if (state_of (game)->status != FX_STATUS_BANKRUPT || last->kind != FX_MOVE_RESOLVE)
        continue;
      *out_before = n >= 2 && ((const FxMove *) xq_session_get_move (game, n - 2))->kind == FX_MOVE_SPOT ? n - 2 : n - 1;
      return g_steal_pointer (&game);
    }
  g_error ("no random game ends in a bankruptcy");
}

static XqSession *
game_prefix (XqSession *game,
             guint      n)
{
  XqSession *session = xq_session_new (xq_session_get_game (game), xq_session_get_setup (game));

  for (guint i = 0; i < n; i++)
    g_assert_true (xq_session_play (session, xq_session_get_move (game, i), xq_session_get_move_reason (game, i), NULL));
  return session;
}

static void
fill_turn (FxMoveBar *bar,
           XqSession *game,
           guint      at)
{
  const FxMove *first = xq_session_get_move (game, at);
  const FxMove *spot = first->kind == FX_MOVE_SPOT ? first : NULL;

  g_assert_true (fx_move_bar_fill (bar, spot, spot != NULL ? xq_session_get_move (game, at + 1) : first));
  ui_settle ();
}

static void
test_bankruptcy_confirmed (void)
{
  guint before;
  g_autoptr(XqSession) game = bankrupt_game (&before);
  const FxSetup *setup = xq_session_get_setup (game);
  const char *bankrupt = setup->names[state_of (game)->bankrupt];
  g_autofree char *heading = g_strdup_printf ("Bankrupt %s?", bankrupt);
  g_autofree char *says = g_strdup_printf ("Resolving now bankrupts %s, who owes ", bankrupt);
  AdwMessageDialog *dialog;
  FxState unchanged;
  Table t;

  table_open (&t, game_prefix (game, before), 1280, 860);
  memcpy (&unchanged, state_of (t.session), sizeof unchanged);
  fill_turn (t.bar, game, before);
  /* The preview says it too, before anything is pressed. */
  g_assert_nonnull (strstr (text_of (t.bar, "preview_label"), "is bankrupt: the game ends"));
  press (part (t.bar, "record_button"));

  dialog = open_dialog ();
  g_assert_nonnull (dialog);
  g_test_message ("%s %s", adw_message_dialog_get_heading (dialog), adw_message_dialog_get_body (dialog));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog), says));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), ". The game ends."));
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "end"), ==, ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (t.window));
  /* Nothing is recorded while it asks. */
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before);
  ui_screenshot (GTK_WIDGET (dialog), "move-bar-confirm-bankruptcy");

  answer (dialog, "_Cancel");
  g_assert_null (open_dialog ());
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before);
  g_assert_cmpint (memcmp (&unchanged, state_of (t.session), sizeof unchanged), ==, 0);
  /* The form is as it was: asking again is one press away. */
  g_assert_true (can_record (t.bar));

  press (part (t.bar, "record_button"));
  dialog = open_dialog ();
  g_assert_nonnull (dialog);
  answer (dialog, "_End the Game");
  g_assert_null (open_dialog ());
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, xq_session_get_n_moves (game));
  g_assert_cmpint (state_of (t.session)->status, ==, FX_STATUS_BANKRUPT);
  g_assert_cmpstr (text_of (t.bar, "turn_label"), ==, "The game is over");
  table_close (&t);
}

/* The sample's last resolution ends the game: asked too, with the winner. */
static void
test_game_end_confirmed (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  guint n = xq_session_get_n_moves (sample);
  guint before = ((const FxMove *) xq_session_get_move (sample, n - 2))->kind == FX_MOVE_SPOT ? n - 2 : n - 1;
  AdwMessageDialog *dialog;
  Table t;

  table_open (&t, ui_sample_prefix (before), 1280, 860);
  fill_turn (t.bar, sample, before);
  press (part (t.bar, "record_button"));
  dialog = open_dialog ();
  g_assert_nonnull (dialog);
  g_test_message ("%s %s", adw_message_dialog_get_heading (dialog), adw_message_dialog_get_body (dialog));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "End the Game?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "the game ends"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Cynthia wins with"));
  ui_screenshot (GTK_WIDGET (dialog), "move-bar-confirm-end");
  answer (dialog, "_Cancel");
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before);

  /* A move that does not end the game is recorded at once. Undo took the
   * whole turn before, its spot too if it had one. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t.window), "win.undo", NULL));
  ui_settle ();
  fill_turn (t.bar, sample, xq_session_get_n_moves (t.session));
  press (part (t.bar, "record_button"));
  g_assert_null (open_dialog ());
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, before);

  fill_turn (t.bar, sample, before);
  press (part (t.bar, "record_button"));
  answer (open_dialog (), "_End the Game");
  g_assert_cmpuint (xq_session_get_n_moves (t.session), ==, n);
  g_assert_true (fx_state_is_over (state_of (t.session)));
  table_close (&t);
}

/* Issue 15: the sample under the table rule "round-all": Cynthia's 16.5 CHF
 * counts 16, tied with Agnes, and her certificates still win it; the move
 * bar says the sum the table's rules give, as `score` does. */
static void
test_winner_by_table_rules (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  FxSetup setup = *(const FxSetup *) xq_session_get_setup (sample);
  XqSession *session;
  Table t;

  table_open (&t, g_object_ref (sample), 1280, 860);
  g_assert_cmpstr (text_of (t.bar, "status_label"), ==, "Cynthia wins with 16.5 CHF.");
  table_close (&t);

  setup.readings = FX_READING_ROUND_ALL;
  session = xq_session_new (xq_session_get_game (sample), &setup);
  for (guint i = 0; i < xq_session_get_n_moves (sample); i++)
    g_assert_true (xq_session_play (session, xq_session_get_move (sample, i),
                                    xq_session_get_move_reason (sample, i), NULL));
  table_open (&t, session, 1280, 860);
  g_assert_cmpstr (text_of (t.bar, "status_label"), ==, "Cynthia wins with 16 CHF.");
  table_close (&t);
}

/* --- every default is legal; refused options stay, with their reason -------- */

static gboolean
spot_is_open (const FxState *s)
{
  return s->status == FX_STATUS_PLAYING && s->spot_actor == FX_NO_PLAYER;
}

/* At every turn of the sample where a spot may be made, the spot form opens
 * on one the rules accept: with Resolve chosen, the preview refuses nothing.
 * (The first options listed, the next player giving GBP for EUR, are refused
 * at some of these turns: the defaults must be chosen, not just listed.) */
static void
test_spot_default_legal (void)
{
  g_autoptr(XqSession) sample = ui_load_sample ();
  const FxSetup *setup = xq_session_get_setup (sample);
  Table t;
  guint checked = 0, first_refused = 0;
  gboolean players_seen[FX_MAX_PLAYERS] = { FALSE };

  table_open (&t, xq_session_new (xq_session_get_game (sample), setup), 1280, 860);
  for (guint n = 0; n < xq_session_get_n_moves (sample); n++)
    {
      FxState s;
      FxMove naive;

      xq_session_get_state_at (sample, n, &s);
      if (n > 0)
        g_assert_true (xq_session_play (t.session, xq_session_get_move (sample, n - 1), NULL, NULL));
      if (!spot_is_open (&s))
        continue;
      ui_settle ();
      fx_move_init (&naive, FX_MOVE_SPOT);
      naive.actor = (gint8) actor_of (&s);
      naive.other = (gint8) ((actor_of (&s) + 1) % s.n_players);
      naive.cur[0] = FX_GBP;
      naive.cur[1] = FX_EUR;
      if (!fx_state_validate (setup, &s, &naive, NULL))
        first_refused++;

      gtk_expander_set_expanded (GTK_EXPANDER (part (t.bar, "spot_expander")), TRUE);
      choose_form (t.bar, "resolve");
      if (gtk_widget_get_visible (part (t.bar, "refusal_label")))
        g_error ("after move %u, %s's spot %s %s→%s is refused: %s", n, setup->names[actor_of (&s)],
                 shown_option (part (t.bar, "spot_other")), shown_option (part (t.bar, "spot_give")),
                 shown_option (part (t.bar, "spot_take")), text_of (t.bar, "refusal_label"));
      g_assert_false (gtk_widget_has_css_class (part (t.bar, "spot_label"), "refusal"));
      g_assert_true (g_str_has_prefix (text_of (t.bar, "spot_label"), setup->names[actor_of (&s)]));
      players_seen[actor_of (&s)] = TRUE;
      checked++;
      /* Back to neutral for the next position: a new turn resets it. */
    }
  g_test_message ("%u turns checked; the first listed spot is refused at %u of them", checked, first_refused);
  g_assert_cmpuint (first_refused, >, 0);
  for (int p = 0; p < setup->n_players; p++)
    g_assert_true (players_seen[p]);
  table_close (&t);
}

/* A position of the sample where the actor cannot afford a certificate of a
 * currency whose pile is not empty, and can afford another one that a spot
 * would then take away. */
static gboolean
has_unaffordable (const FxState *s)
{
  int a = actor_of (s);
  gboolean short_one = FALSE, spendable = FALSE;

  if (!spot_is_open (s))
    return FALSE;
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      short_one |= s->pile[c] > 0 && s->cash[a][c] > 0 && s->cash[a][c] < XQ_BUCKS (2) && s->certs[a][c] < 4;
      spendable |= s->pile[c] > 0 && s->cash[a][c] >= XQ_BUCKS (2) && s->cash[a][c] < XQ_BUCKS (3)
                   && s->certs[a][c] < 4;
    }
  return short_one && spendable;
}

static void
test_refused_options_listed (void)
{
  guint at = sample_position (0, has_unaffordable);
  Table t;
  const FxState *s;
  const FxSetup *setup;
  int a, short_c = -1, spend_c = -1;
  g_autoptr(GPtrArray) options = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *held = NULL;
  gboolean found = FALSE;

  table_open (&t, ui_sample_prefix (at), 1280, 860);
  s = state_of (t.session);
  setup = xq_session_get_setup (t.session);
  a = actor_of (s);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      if (s->pile[c] > 0 && s->cash[a][c] > 0 && s->cash[a][c] < XQ_BUCKS (2) && s->certs[a][c] < 4 && short_c < 0)
        short_c = c;
      if (s->pile[c] > 0 && s->cash[a][c] >= XQ_BUCKS (2) && s->cash[a][c] < XQ_BUCKS (3) && s->certs[a][c] < 4
          && spend_c < 0)
        spend_c = c;
    }
  {
    g_autofree char *money = fx_display_money (s->cash[a][short_c], short_c);

    held = g_strdup_printf ("%s holds %s; a %s certificate costs 2", setup->names[a], money,
                            fx_currency_code (short_c));
  }
  g_test_message ("after move %u: %s", at, held);

  choose_form (t.bar, "invest");
  /* The default is one the rules accept. */
  g_assert_false (gtk_widget_get_visible (part (t.bar, "refusal_label")));
  g_assert_true (can_record (t.bar));

  options = read_options (part (t.bar, "invest_first"), "move-bar-refused-options");
  g_assert_cmpuint (options->len, ==, FX_N_CURRENCIES);
  for (guint i = 0; i < options->len; i++)
    {
      Option *o = options->pdata[i];

      g_test_message ("  %s%s%s", o->label, o->sensitive ? "" : " (greyed) ", o->reason ? o->reason : "");
      g_assert_cmpint (o->sensitive, ==, o->reason == NULL);
      if (g_str_equal (o->label, fx_currency_code (short_c)))
        {
          found = TRUE;
          g_assert_false (o->sensitive);
          g_assert_cmpstr (o->reason, ==, held);
        }
    }
  g_assert_true (found);

  /* The player's choice stays when a spot makes it unaffordable, and the
   * form says why; taking the spot back makes it good again. */
  choose_option (part (t.bar, "invest_first"), fx_currency_code (spend_c));
  gtk_expander_set_expanded (GTK_EXPANDER (part (t.bar, "spot_expander")), TRUE);
  ui_settle ();
  choose_option (part (t.bar, "spot_give"), fx_currency_code (spend_c));
  g_assert_cmpstr (shown_option (part (t.bar, "spot_give")), ==, fx_currency_code (spend_c));
  g_test_message ("spot: %s", text_of (t.bar, "spot_label"));
  if (!gtk_widget_has_css_class (part (t.bar, "spot_label"), "refusal"))
    {
      reason = g_strdup_printf ("%s holds ", setup->names[a]);
      g_assert_cmpstr (shown_option (part (t.bar, "invest_first")), ==, fx_currency_code (spend_c));
      g_assert_true (gtk_widget_get_visible (part (t.bar, "refusal_label")));
      g_assert_true (g_str_has_prefix (text_of (t.bar, "refusal_label"), reason));
      g_assert_false (can_record (t.bar));
      ui_screenshot (GTK_WIDGET (t.window), "move-bar-choice-refused");
    }
  gtk_expander_set_expanded (GTK_EXPANDER (part (t.bar, "spot_expander")), FALSE);
  ui_settle ();
  g_assert_cmpstr (shown_option (part (t.bar, "invest_first")), ==, fx_currency_code (spend_c));
  g_assert_true (can_record (t.bar));
  table_close (&t);
}

/* --- nothing moves under the pointer ---------------------------------------- */

static gboolean
has_certificates (const FxState *s)
{
  int a = actor_of (s);
  int certs = 0, others = 0;

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      certs += s->certs[a][c];
      for (int p = 0; p < s->n_players; p++)
        others += p != a ? s->certs[p][c] : 0;
    }
  return spot_is_open (s) && certs > 0 && others > 0;
}

static void
test_nothing_moves (void)
{
  guint at = sample_position (0, has_certificates);
  const char *kinds[] = { "contract", "invest", "divest", "resolve" };
  const char *fixed[] = { "contract_toggle", "invest_toggle", "divest_toggle", "resolve_toggle", "record_button",
                          "preview_scroller" };
  graphene_rect_t before[G_N_ELEMENTS (fixed)];
  graphene_rect_t pay, amount;
  Table t;

  table_open (&t, ui_sample_prefix (at), 1280, 860);
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    before[i] = bounds_in_window (part (t.bar, fixed[i]));

  /* Choosing each form, and a refusal in the preview, moves none of them. */
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      choose_form (t.bar, kinds[k]);
      for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
        {
          graphene_rect_t now = bounds_in_window (part (t.bar, fixed[i]));

          if (!in_its_place (fixed[i], &now, &before[i]))
            g_error ("%s moved when %s was chosen: %g,%g %gx%g -> %g,%g %gx%g", fixed[i], kinds[k],
                     before[i].origin.x, before[i].origin.y, before[i].size.width, before[i].size.height,
                     now.origin.x, now.origin.y, now.size.width, now.size.height);
        }
    }

  /* A dropdown keeps its width whatever it shows. */
  choose_form (t.bar, "contract");
  pay = bounds_in_window (field (t.bar, "contract_pay"));
  amount = bounds_in_window (field (t.bar, "contract_amount"));
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      graphene_rect_t now;

      choose_option (part (t.bar, "contract_pay"), fx_currency_code (c));
      choose_option (part (t.bar, "contract_amount"), gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (part (t.bar, "contract_amount")))), 9));
      now = bounds_in_window (field (t.bar, "contract_amount"));
      g_assert_true (same_place (&now, &amount));
      now = bounds_in_window (field (t.bar, "contract_pay"));
      g_assert_true (same_place (&now, &pay));
      for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
        {
          now = bounds_in_window (part (t.bar, fixed[i]));
          g_assert_true (in_its_place (fixed[i], &now, &before[i]));
        }
    }
  /* A refused choice: the refusal takes the preview's place. */
  choose_option (part (t.bar, "contract_receive"), shown_option (part (t.bar, "contract_pay")));
  g_assert_true (gtk_widget_get_mapped (part (t.bar, "refusal_label")));
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    {
      graphene_rect_t now = bounds_in_window (part (t.bar, fixed[i]));

      g_assert_true (in_its_place (fixed[i], &now, &before[i]));
    }
  table_close (&t);
}

/* The preview is never cut off: it fits its area or the area scrolls, with
 * a scrollbar to say so, on the widest and the narrowest windows. */
static void
assert_preview_readable (FxMoveBar *bar)
{
  GtkWidget *scroller = part (bar, "preview_scroller");
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  GtkWidget *scrollbar = gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (scroller));
  double overflow = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);

  g_assert_true (gtk_widget_get_mapped (scroller));
  if (overflow > 0.5)
    g_assert_true (gtk_widget_get_mapped (scrollbar) && gtk_widget_get_width (scrollbar) > 0);
}

/* --- the keyboard ----------------------------------------------------------- */

/* Walks the window's focus from the header with Tab (or Shift+Tab) until it
 * comes round again, and returns the widgets it stopped at. */
static GPtrArray *
focus_walk (GtkWidget        *window,
            GtkDirectionType  direction)
{
  GPtrArray *stops = g_ptr_array_new ();

  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  for (guint i = 0; i < 400; i++)
    {
      GtkWidget *focus;

      if (!gtk_widget_child_focus (window, direction))
        gtk_widget_child_focus (window, direction);
      focus = gtk_window_get_focus (GTK_WINDOW (window));
      g_assert_nonnull (focus);
      if (stops->len > 0 && focus == stops->pdata[0])
        return stops;
      g_ptr_array_add (stops, focus);
    }
  g_error ("the focus never came round");
}

/* The control a focus stop belongs to: a choice (one stop for its row of
 * buttons), or the widget itself. */
static GtkWidget *
control_of (GtkWidget *stop)
{
  GtkWidget *choice = gtk_widget_get_ancestor (stop, XQ_TYPE_REASON_DROPDOWN);

  return choice != NULL ? choice : stop;
}

/* Where in @stops @control has the focus, or -1. */
static int
stop_of (GPtrArray *stops,
         GtkWidget *control)
{
  for (guint i = 0; i < stops->len; i++)
    if (control_of (stops->pdata[i]) == control)
      return (int) i;
  return -1;
}

/* What a screen reader can call it: a label of its own, a label it is
 * labelled by, or its visible text. */
static gboolean
has_name (GtkWidget *control)
{
  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_LABEL)
      || gtk_test_accessible_has_relation (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    return TRUE;
  if (GTK_IS_BUTTON (control) && gtk_button_get_label (GTK_BUTTON (control)) != NULL)
    return TRUE;
  if (GTK_IS_EXPANDER (control) && gtk_expander_get_label (GTK_EXPANDER (control)) != NULL)
    return TRUE;
  /* A choice: its row of buttons is named by the field's label. */
  if (XQ_IS_REASON_DROPDOWN (control))
    {
      GtkWidget *row = gtk_widget_get_last_child (control);

      return gtk_test_accessible_has_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    }
  return FALSE;
}

/* The controls a player meets, in reading order, for the chosen form. */
static GPtrArray *
expected_controls (FxMoveBar  *bar,
                   const char *form)
{
  GPtrArray *controls = g_ptr_array_new ();
  const char *common[] = { "suggest_button", "spot_expander", "spot_other", "spot_give", "spot_take",
                           "contract_toggle", "invest_toggle", "divest_toggle", "resolve_toggle" };
  GtkWidget *page = gtk_stack_get_child_by_name (GTK_STACK (part (bar, "stack")), form);
  g_autoptr(GPtrArray) dropdowns = ui_find_all (page, XQ_TYPE_REASON_DROPDOWN);

  g_autofree char *chosen = g_strconcat (form, "_toggle", NULL);
  gboolean past_chosen = FALSE;

  /* The actions are a radio group: Tab goes from the one chosen into its
   * form, and the arrow keys, not Tab, reach the actions after it. */
  for (guint i = 0; i < G_N_ELEMENTS (common); i++)
    {
      if (!past_chosen && gtk_widget_is_sensitive (part (bar, common[i])))
        g_ptr_array_add (controls, control_of (part (bar, common[i])));
      past_chosen = past_chosen || g_str_equal (common[i], chosen);
    }
  for (guint i = 0; i < dropdowns->len; i++)
    if (gtk_widget_is_visible (dropdowns->pdata[i]))
      g_ptr_array_add (controls, dropdowns->pdata[i]);
  /* The preview's area, to scroll a long preview, then Record. */
  g_ptr_array_add (controls, part (bar, "preview_scroller"));
  g_ptr_array_add (controls, part (bar, "record_button"));
  return controls;
}

static void
check_walk (Table      *t,
            const char *form)
{
  g_autoptr(GPtrArray) controls = expected_controls (t->bar, form);
  g_autoptr(GPtrArray) forward = focus_walk (GTK_WIDGET (t->window), GTK_DIR_TAB_FORWARD);
  g_autoptr(GPtrArray) backward = focus_walk (GTK_WIDGET (t->window), GTK_DIR_TAB_BACKWARD);
  int last_forward = -1, last_backward = G_MAXINT;

  g_test_message ("%s: %u controls; %u stops forward, %u backward", form, controls->len, forward->len, backward->len);
  for (guint i = 0; i < controls->len; i++)
    {
      GtkWidget *control = controls->pdata[i];
      int f = stop_of (forward, control);
      int b = stop_of (backward, control);

      if (f < 0 || b < 0)
        g_error ("%s form: Tab (%d) or Shift+Tab (%d) never reaches %s %s", form, f, b,
                 G_OBJECT_TYPE_NAME (control), gtk_buildable_get_buildable_id (GTK_BUILDABLE (control)));
      g_test_message ("  %s %s: forward %d, backward %d", G_OBJECT_TYPE_NAME (control),
                      gtk_buildable_get_buildable_id (GTK_BUILDABLE (control)), f, b);
      /* Forward in reading order; backward the other way. */
      g_assert_cmpint (f, >, last_forward);
      g_assert_cmpint (b, <, last_backward);
      last_forward = f;
      last_backward = b;
    }
  /* Every stop inside the bar is one of them, on screen, with a name in
   * the user's language. */
  for (guint i = 0; i < forward->len; i++)
    if (gtk_widget_is_ancestor (forward->pdata[i], GTK_WIDGET (t->bar)))
      {
        GtkWidget *control = control_of (forward->pdata[i]);

        if (!g_ptr_array_find (controls, control, NULL) || !gtk_widget_get_mapped (control))
          g_error ("%s form: Tab stops at %s %s, which is not one of its controls", form,
                   G_OBJECT_TYPE_NAME (control), gtk_buildable_get_buildable_id (GTK_BUILDABLE (control)));
        if (!has_name (control))
          g_error ("%s in the move bar has no accessible name", G_OBJECT_TYPE_NAME (control));
      }
}

static void
test_keyboard_reaches_everything (void)
{
  guint at = sample_position (0, has_certificates);
  const char *kinds[] = { "contract", "invest", "divest", "resolve" };
  Table t;

  table_open (&t, ui_sample_prefix (at), 1280, 860);
  gtk_expander_set_expanded (GTK_EXPANDER (part (t.bar, "spot_expander")), TRUE);
  ui_settle ();
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      choose_form (t.bar, kinds[k]);
      g_assert_true (can_record (t.bar));
      check_walk (&t, kinds[k]);
    }
  /* With the spot closed, its fields are passed over without a warning. */
  gtk_expander_set_expanded (GTK_EXPANDER (part (t.bar, "spot_expander")), FALSE);
  ui_settle ();
  {
    g_autoptr(GPtrArray) forward = focus_walk (GTK_WIDGET (t.window), GTK_DIR_TAB_FORWARD);
    g_autoptr(GPtrArray) backward = focus_walk (GTK_WIDGET (t.window), GTK_DIR_TAB_BACKWARD);

    g_assert_cmpint (stop_of (forward, part (t.bar, "spot_expander")), >=, 0);
    g_assert_cmpint (stop_of (forward, part (t.bar, "spot_give")), <, 0);
    g_assert_cmpint (stop_of (backward, part (t.bar, "record_button")), >=, 0);
    g_assert_cmpint (stop_of (backward, part (t.bar, "spot_expander")), >=, 0);
  }
  table_close (&t);
}

/* --- sizes: laptop to phone -------------------------------------------------- */

static void
screenshots_at (Table      *t,
                const char *size)
{
  const char *kinds[] = { "contract", "divest" };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      if (!gtk_widget_is_sensitive (toggle_of (t->bar, kinds[k])))
        continue;
      g_autofree char *light = g_strdup_printf ("move-bar-%s-%s", size, kinds[k]);
      g_autofree char *dark = g_strdup_printf ("move-bar-%s-%s-dark", size, kinds[k]);

      choose_form (t->bar, kinds[k]);
      assert_preview_readable (t->bar);
      ui_screenshot (GTK_WIDGET (t->window), light);
      ui_set_dark (TRUE);
      ui_screenshot (GTK_WIDGET (t->window), dark);
      ui_set_dark (FALSE);
    }
}

/* What of @control the player must see to reach it: an expander's title
 * row (open, its fields are stops of their own), or the whole control. */
static GtkWidget *
reached_part (GtkWidget *control)
{
  if (GTK_IS_EXPANDER (control))
    return gtk_widget_get_parent (gtk_expander_get_label_widget (GTK_EXPANDER (control)));
  return control;
}

/* @control lies in the visible part of every scrolled window around it. */
static gboolean
scrolled_into_view (GtkWidget *control)
{
  for (GtkWidget *up = gtk_widget_get_parent (control); up != NULL; up = gtk_widget_get_parent (up))
    if (GTK_IS_SCROLLED_WINDOW (up))
      {
        graphene_rect_t in_view;

        if (!gtk_widget_compute_bounds (control, up, &in_view) || in_view.origin.y < -0.5
            || in_view.origin.y + in_view.size.height > gtk_widget_get_height (up) + 0.5)
          return FALSE;
      }
  return TRUE;
}

/* At 360 px every control the player can reach is inside the window, at
 * least 44 px tall, and the bar needs no sideways scrolling. */
static void
assert_narrow (GtkWidget  *window,
               FxMoveBar  *bar,
               const char *form,
               GPtrArray  *controls)
{
  int window_width = gtk_widget_get_width (window);
  int window_height = gtk_widget_get_height (window);

  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (bar)), <=, window_width);
  for (guint i = 0; i < controls->len; i++)
    {
      GtkWidget *control = reached_part (controls->pdata[i]);
      const char *id = gtk_buildable_get_buildable_id (GTK_BUILDABLE (controls->pdata[i]));
      graphene_rect_t bounds;

      if (!gtk_widget_get_mapped (control))
        g_error ("%s at 360 px: %s is not on screen", form, id);
      bounds = bounds_in_window (control);
      if (bounds.origin.x < 0 || bounds.origin.y < 0 || bounds.origin.x + bounds.size.width > window_width
          || bounds.origin.y + bounds.size.height > window_height)
        g_error ("%s at 360 px: %s at %g,%g %g×%g is outside the %d×%d window", form, id, bounds.origin.x,
                 bounds.origin.y, bounds.size.width, bounds.size.height, window_width, window_height);
      if (bounds.size.height < 44)
        g_error ("%s at 360 px: %s is %g px tall", form, id, bounds.size.height);
      /* Inside the form's scrolled area, in its visible part. */
      for (GtkWidget *up = gtk_widget_get_parent (control); up != NULL; up = gtk_widget_get_parent (up))
        if (GTK_IS_SCROLLED_WINDOW (up) && gtk_widget_is_ancestor (up, GTK_WIDGET (bar)))
          {
            graphene_rect_t in_view;

            g_assert_true (gtk_widget_compute_bounds (control, up, &in_view));
            if (in_view.origin.y < -0.5 || in_view.origin.y + in_view.size.height > gtk_widget_get_height (up) + 0.5)
              g_error ("%s at 360 px: %s is scrolled out of view", form, id);
          }
    }
}

/* The move bar alone in a window of @width × @height, below a stand-in for
 * the table: what a phone shows, whatever the rest of the window needs. */
static GtkWidget *
bar_alone (FxMoveBar *bar,
           int        width,
           int        height)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *table = gtk_scrolled_window_new ();

  gtk_widget_set_vexpand (table, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (table), gtk_label_new ("Board · Players · Queue"));
  gtk_box_append (GTK_BOX (box), table);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (bar));
  gtk_window_set_titlebar (GTK_WINDOW (window), adw_header_bar_new ());
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  ui_settle ();
  return window;
}

/* A player in the form when the window is made narrow (a phone turned
 * upright) finds it open, the focus where it was; the form stands whole
 * wide, and scrolls narrow. */
static void
test_narrowed_while_filling_in (void)
{
  guint at = sample_position (0, has_certificates);
  GtkWidget *expander, *form, *scroller;
  int form_height;
  Table t;

  table_open (&t, ui_sample_prefix (at), 1280, 860);
  g_assert_false (gtk_widget_get_mapped (part (t.bar, "fold_button")));
  /* Wide, the form stands whole and no taller than its rows at its width:
   * its scrolled window cannot scroll, and is laid out as its content
   * (GTK 4.8's would ask its height for no width: rows wrapped at their
   * least width, a page tall). */
  form = part (t.bar, "form_box");
  scroller = part (t.bar, "form_scroller");
  g_assert_true (gtk_widget_is_ancestor (form, scroller));
  gtk_widget_measure (form, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (form), &form_height, NULL, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_height (form), ==, form_height);
  g_assert_cmpint (gtk_widget_get_height (scroller), ==, form_height);
  expander = part (t.bar, "spot_expander");
  gtk_widget_grab_focus (expander);
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (expander)) == expander);
  gtk_window_set_default_size (GTK_WINDOW (t.window), 360, 720);
  ui_settle ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (t.window)), <=, 360);
  g_assert_true (gtk_widget_get_mapped (part (t.bar, "fold_button")));
  g_assert_true (gtk_widget_get_mapped (part (t.bar, "form_box")));
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (expander)) == expander);
  /* The form did not move: moving its 700 widgets re-rooted and re-mapped
   * them, a fifth of the frame that changed the window's shape. Narrow, it
   * scrolls in its band. */
  g_assert_true (gtk_widget_is_ancestor (form, scroller));
  g_assert_cmpint (gtk_widget_get_height (scroller), <=, 150);
  g_assert_cmpint (gtk_widget_get_height (form), >, gtk_widget_get_height (scroller));
  table_close (&t);
}

static void
test_sizes (void)
{
  guint at = sample_position (0, has_certificates);
  g_autoptr(XqSession) sample = ui_load_sample ();
  const char *kinds[] = { "contract", "invest", "divest", "resolve" };
  Table t;
  XqSession *session;
  FxMoveBar *bar;
  GtkWidget *window;
  int min, nat;

  table_open (&t, ui_sample_prefix (at), 1280, 860);
  gtk_expander_set_expanded (GTK_EXPANDER (part (t.bar, "spot_expander")), TRUE);
  screenshots_at (&t, "1280x860");
  gtk_window_set_default_size (GTK_WINDOW (t.window), 1024, 600);
  ui_settle ();
  screenshots_at (&t, "1024x600");

  /* The app's window asked for a phone's width: the bar folds, Record shows. */
  gtk_widget_measure (GTK_WIDGET (t.bar), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_test_message ("move bar: %d px wide at least, %d px natural", min, nat);
  g_assert_cmpint (min, <=, 360);
  gtk_window_set_default_size (GTK_WINDOW (t.window), 360, 720);
  ui_settle ();
  g_test_message ("the window asked for 360×720 is %d×%d", gtk_widget_get_width (GTK_WIDGET (t.window)),
                  gtk_widget_get_height (GTK_WIDGET (t.window)));
  {
    g_autoptr(GPtrArray) controls = g_ptr_array_new ();

    g_ptr_array_add (controls, part (t.bar, "fold_button"));
    g_ptr_array_add (controls, part (t.bar, "record_button"));
    assert_narrow (GTK_WIDGET (t.window), t.bar, "the app's window", controls);
  }
  table_close (&t);

  /* The bar alone at 360 × 720. */
  session = ui_sample_prefix (at);
  bar = fx_move_bar_new ();
  fx_move_bar_set_session (bar, session);
  window = bar_alone (bar, 360, 720);
  g_test_message ("alone: %d×%d", gtk_widget_get_width (window), gtk_widget_get_height (window));
  g_assert_cmpint (gtk_widget_get_width (window), <=, 360);

  /* A turn opens folded: one line with the turn, one with Record. */
  {
    g_autoptr(GPtrArray) controls = g_ptr_array_new ();

    g_assert_true (gtk_widget_get_mapped (part (bar, "fold_button")));
    g_assert_false (gtk_widget_get_mapped (part (bar, "form_box")));
    g_assert_true (gtk_widget_get_mapped (part (bar, "summary_label")));
    g_assert_cmpstr (text_of (bar, "summary_label"), ==, "Nothing chosen yet");
    g_ptr_array_add (controls, part (bar, "fold_button"));
    g_ptr_array_add (controls, part (bar, "record_button"));
    assert_narrow (window, bar, "folded", controls);
    ui_screenshot (window, "move-bar-360x720-folded");
    ui_set_dark (TRUE);
    ui_screenshot (window, "move-bar-360x720-folded-dark");
    ui_set_dark (FALSE);
    press (part (bar, "fold_button"));
    ui_settle ();
    g_assert_true (gtk_widget_get_mapped (part (bar, "form_box")));
    /* Open, the lines beside Record still say what it would do: a preview
     * of its own would take the rows of money above. */
    g_assert_true (gtk_widget_get_mapped (part (bar, "summary_label")));
    g_assert_false (gtk_widget_get_mapped (part (bar, "preview_scroller")));
  }

  gtk_expander_set_expanded (GTK_EXPANDER (part (bar, "spot_expander")), TRUE);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GPtrArray) controls = NULL;
      g_autofree char *light = g_strdup_printf ("move-bar-360x720-%s", kinds[k]);
      g_autofree char *dark = g_strdup_printf ("move-bar-360x720-%s-dark", kinds[k]);

      choose_form (bar, kinds[k]);
      ui_settle ();
      g_assert_true (gtk_widget_get_mapped (part (bar, "summary_label")));
      g_assert_cmpstr (text_of (bar, "summary_label"), !=, "Nothing chosen yet");
      ui_screenshot (window, light);
      ui_set_dark (TRUE);
      ui_screenshot (window, dark);
      ui_set_dark (FALSE);
      /* What Tab reaches, scrolled into view as it is reached. */
      controls = expected_controls (bar, kinds[k]);
      g_assert_true (g_ptr_array_remove (controls, part (bar, "preview_scroller")));
      g_ptr_array_add (controls, part (bar, "fold_button"));
      for (guint i = 0; i < controls->len; i++)
        {
          g_autoptr(GPtrArray) one = g_ptr_array_new ();
          GtkWidget *stop = controls->pdata[i];

          /* A choice takes the focus on its row's one stop, as Tab gives
           * it: that button is what must come into view. */
          if (XQ_IS_REASON_DROPDOWN (stop) && xq_reason_dropdown_get_button (XQ_REASON_DROPDOWN (stop), 0) == NULL)
            {
              stop = GTK_WIDGET (xq_reason_dropdown_get_drop_down (XQ_REASON_DROPDOWN (stop)));
              gtk_widget_grab_focus (stop);
            }
          else if (XQ_IS_REASON_DROPDOWN (stop))
            {
              g_assert_true (gtk_widget_mnemonic_activate (stop, FALSE));
              stop = gtk_root_get_focus (gtk_widget_get_root (stop));
              g_assert_true (gtk_widget_is_ancestor (stop, controls->pdata[i]));
            }
          else
            gtk_widget_grab_focus (stop);
          /* The scrolled form glides to it (to an open expander's title:
           * its fields are stops of their own). */
          ui_wait_until (scrolled_into_view, reached_part (stop));
          ui_settle ();
          g_ptr_array_add (one, stop);
          assert_narrow (window, bar, kinds[k], one);
        }
    }

  /* Recording folds the form away for the next player. */
  g_assert_true (can_record (bar));
  fill_turn (bar, sample, at);
  press (part (bar, "record_button"));
  g_assert_false (gtk_widget_get_mapped (part (bar, "form_box")));
  g_assert_true (gtk_widget_get_mapped (part (bar, "record_button")));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_settle ();
  g_assert_finalize_object (session);
}


/* --- a recorded turn lays its status out a few times, not a hundred ------ */

/* GTK 4.8's boxes, stacks and leaflets ask a child's width *for a height*
 * when they measure or lay it out; a wrapping label answers that by a
 * binary search over its widths, a Pango layout at each step, and a
 * vertical box asks each child for its share of many heights. The status
 * under the turn was laid out 126 times in the frame after a turn was
 * recorded, and the front of the queue, on the form's Resolve page, 85
 * times each time the window's size was computed (issue #27), and the
 * form's "Choose an action" page, a page of a GtkStack, 23 to 28 times.
 * The move bar's columns and those labels are laid out by
 * XqWidthFirstLayout, so a recorded turn now lays each text out a few
 * times at each width, wide and narrow (16 times at most): in the sample,
 * and in a long game of five players with contracts waiting in the
 * queue. */
static void
test_turn_laid_out_few_times (void)
{
  const int sizes[][2] = { { 1280, 800 }, { 360, 720 } };

  for (guint game = 0; game < 2; game++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        Table t;
        FxRng rng;
        FxMove moves[2];
        guint n, n_layouts, most;
        const char *status, *most_text = NULL;

        if (game == 0)
          table_open (&t, ui_sample_prefix (40), sizes[i][0], sizes[i][1]);
        else
          {
            g_autoptr(XqSession) evening = fx_random_game (11, 5, &fx_random_style_long, 10000);

            /* Cut mid-evening, where contracts wait in the queue. */
            guint cut = xq_session_get_n_moves (evening) / 2;

            table_open (&t, ui_session_prefix (evening, cut), sizes[i][0], sizes[i][1]);
          }
        g_assert_false (fx_state_is_over (state_of (t.session)));
        fx_rng_init (&rng, 3);
        n = fx_random_turn (xq_session_get_setup (t.session), state_of (t.session), &rng, &fx_random_style_dealing, moves);
        layout_count_begin ();
        g_assert_true (xq_session_play_group (t.session, moves, NULL, n, NULL));
        ui_settle ();
        status = text_of (t.bar, "status_label");
        n_layouts = layout_count_of (status);
        most = layout_count_most (NULL, &most_text);
        g_test_message ("%d×%d: “%s” laid out %u times; the most: %u times, “%s”", sizes[i][0], sizes[i][1],
                        status, n_layouts, most, most_text);
        g_assert_cmpuint (n_layouts, >, 0);
        g_assert_cmpuint (most, <=, 20);
        layout_count_end ();
        table_close (&t);
      }
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/move-bar/turn-opens-neutral", test_turn_opens_neutral);
  g_test_add_func ("/move-bar/bankruptcy-confirmed", test_bankruptcy_confirmed);
  g_test_add_func ("/move-bar/game-end-confirmed", test_game_end_confirmed);
  g_test_add_func ("/move-bar/winner-by-table-rules", test_winner_by_table_rules);
  g_test_add_func ("/move-bar/spot-default-legal", test_spot_default_legal);
  g_test_add_func ("/move-bar/refused-options-listed", test_refused_options_listed);
  g_test_add_func ("/move-bar/nothing-moves", test_nothing_moves);
  g_test_add_func ("/move-bar/keyboard", test_keyboard_reaches_everything);
  g_test_add_func ("/move-bar/sizes", test_sizes);
  g_test_add_func ("/move-bar/narrowed-while-filling-in", test_narrowed_while_filling_in);
  g_test_add_func ("/move-bar/turn-laid-out-few-times", test_turn_laid_out_few_times);

  return ui_test_run (&app);
}
