/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Judgements players can trust (issue #24), in the game's window: a contract
 * its owner cannot pay yet is a warning on their row and in the queue, never
 * "bankrupt"; a tied strongest currency still gives numbers; a contract's
 * preview says what it will ask; Suggest fills the forms with the review's
 * best turn and records nothing by itself. */

#include "config.h"

#include <string.h>

#include "fx-forecast.h"
#include "fx-move-bar.h"
#include "fx-notation.h"
#include "fx-players-view.h"
#include "fx-queue-view.h"
#include "fx-random-play.h"
#include "fx-review.h"
#include "fx-score.h"
#include "ui-support.h"
#include "xq-tooltip.h"

static XqApplication *app;

/* Ben promises 6 USD holding 2: an ordinary contract he has turns left to
 * pay. Played out as it stands, it becomes a loan he cannot repay. */
#define BEN_SHORT "game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n" \
                  "invest Ann GBP EUR\ncontract Ben USD 6 GBP\n"
#define BEN_WARNING "Contract A, 2nd in the queue: short 4 USD today"
#define BEN_SENTENCE "Contract A, 2nd in the queue: Ben must pay 6 USD and holds 2 USD today, short 4 USD; " \
                     "unpaid, it becomes a loan owing 7 USD."

/* --- helpers ------------------------------------------------------------- */

static XqWindow *
window_at (XqSession *session,
           int        width,
           int        height)
{
  XqWindow *window = ui_window_with (app, session);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  ui_settle ();
  return window;
}

static void
close_window (XqWindow *window)
{
  GtkWidget *bar = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL);

  g_object_add_weak_pointer (G_OBJECT (bar), (gpointer *) &bar);
  xq_document_discard_journal (xq_window_get_document (window));
  gtk_window_destroy (GTK_WINDOW (window));
  /* A search under way lets the bar go when its worker has stopped. */
  while (bar != NULL)
    g_main_context_iteration (NULL, TRUE);
}

static GtkWidget *
players_view (XqWindow *window)
{
  GtkWidget *view = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_PLAYERS_VIEW, NULL);

  g_assert_nonnull (view);
  return view;
}

static GtkWidget *
queue_view (XqWindow *window)
{
  GtkWidget *view = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_QUEUE_VIEW, NULL);

  g_assert_nonnull (view);
  return view;
}

static FxMoveBar *
move_bar (XqWindow *window)
{
  GtkWidget *bar = ui_find_descendant (GTK_WIDGET (window), FX_TYPE_MOVE_BAR, NULL);

  g_assert_nonnull (bar);
  return FX_MOVE_BAR (bar);
}

/* The players view's labels of @css_class, in the order of their seats. */
static GPtrArray *
labels_of (GtkWidget  *view,
           const char *css_class)
{
  GPtrArray *found = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = ui_find_shown_labels (view);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_has_css_class (labels->pdata[i], css_class))
      g_ptr_array_add (found, labels->pdata[i]);
  return found;
}

/* The totals: the "amount" labels whose tooltip is a standing's. */
static GPtrArray *
totals_of (GtkWidget *view)
{
  g_autoptr(GPtrArray) amounts = labels_of (view, "amount");
  GPtrArray *totals = g_ptr_array_new ();

  for (guint i = 0; i < amounts->len; i++)
    {
      const char *tooltip = xq_tooltip_get_text (amounts->pdata[i]);

      if (tooltip != NULL && (g_str_has_prefix (tooltip, "Projected:") || g_str_has_prefix (tooltip, "Final:")))
        g_ptr_array_add (totals, amounts->pdata[i]);
    }
  return totals;
}

/* Everything the window says: every visible label, and every tooltip. */
static char *
window_words (GtkWidget *window)
{
  g_autoptr(GPtrArray) widgets = ui_find_all (window, GTK_TYPE_WIDGET);
  g_autofree char *labels = ui_collect_text (window);
  GString *out = g_string_new (labels);

  for (guint i = 0; i < widgets->len; i++)
    {
      const char *tooltip = xq_tooltip_get_text (widgets->pdata[i]);

      if (tooltip != NULL && gtk_widget_is_visible (widgets->pdata[i]))
        g_string_append_printf (out, "%s\n", tooltip);
    }
  return g_string_free (out, FALSE);
}

static void
assert_never_says (const char *words,
                   const char *what)
{
  g_autofree char *lower = g_utf8_strdown (words, -1);

  if (strstr (lower, what) != NULL)
    g_error ("the window says “%s”:\n%s", what, words);
}

static void
expand_queue (XqWindow *window)
{
  GtkWidget *expander = ui_find_descendant (queue_view (window), GTK_TYPE_EXPANDER, NULL);

  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  ui_settle ();
}

/* The queue view's forecast lines, front first. */
static GPtrArray *
forecast_lines (XqWindow *window)
{
  g_autoptr(GPtrArray) labels = ui_find_all (queue_view (window), GTK_TYPE_LABEL);
  GPtrArray *lines = g_ptr_array_new ();

  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_has_css_class (labels->pdata[i], "forecast") && gtk_widget_get_visible (labels->pdata[i]))
      g_ptr_array_add (lines, labels->pdata[i]);
  return lines;
}

/* --- the players and the queue ------------------------------------------- */

static void
check_shortfall (XqWindow   *window,
                 const char *size)
{
  GtkWidget *view = players_view (window);
  g_autoptr(GPtrArray) totals = totals_of (view);
  g_autoptr(GPtrArray) warnings = labels_of (view, "warning");
  g_autoptr(GPtrArray) places = labels_of (view, "caption");
  g_autoptr(GPtrArray) letters = labels_of (view, "letters");
  g_autofree char *words = window_words (GTK_WIDGET (window));
  const char *ben = NULL;
  guint n_lines = 0;

  g_test_message ("%s:\n%s", size, words);
  g_assert_cmpuint (totals->len, ==, 3);
  g_assert_cmpuint (places->len, ==, 3);
  /* Ben's total keeps its number; under it his place, marked short with a
   * sign as well as a colour; his tooltip and the line under his contract
   * say which item it is and how much he lacks. */
  g_assert_true (g_ascii_isdigit (gtk_label_get_text (totals->pdata[1])[0]));
  /* His place stays readable with the warning: last, as the projection
   * ranks him, and whole. */
  g_assert_cmpstr (gtk_label_get_text (places->pdata[1]), ==, "⚠ 3rd");
  g_assert_true (gtk_widget_has_css_class (places->pdata[1], "warning"));
  ui_assert_in_view (places->pdata[1], "Ben's shortfall under his total", size);
  g_assert_false (ui_label_is_cut (places->pdata[1]));
  ben = xq_tooltip_get_text (totals->pdata[1]);
  g_assert_true (g_str_has_prefix (ben, "Projected: "));
  g_assert_nonnull (strstr (ben, BEN_WARNING));
  g_assert_nonnull (strstr (ben, "Today: "));
  g_assert_nonnull (strstr (ben, "net worth about "));
  g_assert_nonnull (strstr (ben, "as if every turn from now on resolved the front of the queue"));
  /* Nobody else is warned. */
  for (guint i = 0; i < warnings->len; i++)
    g_assert_true (!gtk_widget_get_visible (warnings->pdata[i]) || warnings->pdata[i] == places->pdata[1]);
  /* Ben's contract, in the line of his contracts and loans, says what he
   * lacks where it stands; its tooltip names the item and its place. */
  for (guint i = 0; i < letters->len; i++)
    {
      const char *text = gtk_label_get_text (letters->pdata[i]);
      const char *tooltip = xq_tooltip_get_text (letters->pdata[i]);

      if (!gtk_widget_get_visible (letters->pdata[i]))
        continue;
      if (!g_str_has_prefix (text, "Ben: "))
        {
          g_assert_null (strstr (text, "⚠"));
          continue;
        }
      g_assert_cmpstr (text, ==, "Ben: Contract A: pays 6 USD, receives 4 GBP ⚠ short 4 USD today");
      g_assert_cmpstr (tooltip, ==, BEN_WARNING);
      g_assert_true (gtk_widget_has_css_class (letters->pdata[i], "short"));
      ui_assert_in_view (letters->pdata[i], "Ben's contracts", size);
      n_lines++;
    }
  g_assert_cmpuint (n_lines, ==, 1);
  /* The others keep their places. */
  g_assert_cmpstr (gtk_label_get_text (places->pdata[0]), ==, "1st");
  g_assert_cmpstr (gtk_label_get_text (places->pdata[2]), ==, "2nd");
  assert_never_says (words, "bankrupt");
}

static void
check_queue (XqWindow      *window,
             XqSession     *session,
             const char    *size)
{
  const FxSetup *setup = xq_session_get_setup (session);
  const FxState *state = xq_session_get_state (session);
  g_autoptr(GPtrArray) lines = NULL;
  FxForecast forecast;

  fx_forecast_compute (state, &forecast);
  expand_queue (window);
  lines = forecast_lines (window);
  /* The front's is "Resolving now"; every item behind it has its own. */
  g_assert_cmpuint (lines->len, ==, forecast.n_items - 1);
  for (guint i = 0; i < lines->len; i++)
    {
      const FxForecastItem *item = &forecast.items[i + 1];
      g_autofree char *sentence = fx_forecast_sentence (setup, item);
      const char *text = gtk_label_get_text (lines->pdata[i]);
      gboolean is_short = fx_forecast_is_short (item);

      g_assert_cmpstr (is_short ? text + strlen ("⚠ ") : text, ==, sentence);
      g_assert_cmpint (g_str_has_prefix (text, "⚠ "), ==, is_short);
      g_assert_cmpint (gtk_widget_has_css_class (lines->pdata[i], "warning"), ==, is_short);
      g_assert_true (gtk_widget_get_mapped (lines->pdata[i]));
    }
  g_assert_cmpstr (gtk_label_get_text (lines->pdata[0]), ==, "⚠ " BEN_SENTENCE);
  ui_assert_in_view (ui_find_descendant (queue_view (window), GTK_TYPE_LABEL, "preview"), "Resolving now", size);
}

/* A short item at the front is marked on the front itself. */
static void
test_short_front (void)
{
  XqSession *session = fx_test_parse (BEN_SHORT "resolve Cat GBP\n");
  XqWindow *window = window_at (session, 1280, 800);
  GtkWidget *front = ui_find_descendant (queue_view (window), GTK_TYPE_LABEL, "heading");
  GtkWidget *resolving = ui_find_descendant (queue_view (window), GTK_TYPE_LABEL, "preview");
  g_autofree char *words = NULL;

  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (front)), ==, "1. ⚠ Contract A (Ben)");
  g_assert_true (gtk_widget_has_css_class (front, "warning"));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (resolving)), "Resolving now: Ben cannot pay 6 USD"));
  words = window_words (GTK_WIDGET (window));
  assert_never_says (words, "bankrupt");
  close_window (window);
  g_object_unref (session);
}

static void
test_shortfall (void)
{
  XqSession *session = fx_test_parse (BEN_SHORT);
  XqWindow *window = window_at (session, 1280, 800);
  FxStanding old;
  FxState end;

  /* What the window showed before: the whole queue resolved at once called
   * Ben bankrupt after an ordinary contract. */
  fx_score_standing_projected (xq_session_get_state (session), 0, &end, &old);
  g_assert_cmpint (end.bankrupt, ==, 1);

  check_shortfall (window, "1280x800");
  check_queue (window, session, "1280x800");
  ui_screenshot_light_and_dark (GTK_WIDGET (window), "forecast-players-1280x800");

  /* A phone at the table: the players' view, nothing wider than 360 px. */
  ui_resize (GTK_WINDOW (window), &(UiSize) { 360, 720, "360x720" });
  ui_assert_no_sideways_scroll (GTK_WIDGET (window), "360x720");
  check_shortfall (window, "360x720");
  ui_screenshot_light_and_dark (GTK_WIDGET (window), "forecast-players-360x720");
  /* Its queue, scrolled to. */
  {
    g_autoptr(GPtrArray) lines = forecast_lines (window);

    gtk_widget_grab_focus (ui_find_descendant (queue_view (window), GTK_TYPE_EXPANDER, NULL));
    ui_settle ();
    ui_screenshot_light_and_dark (GTK_WIDGET (window), "forecast-queue-360x720");
    g_assert_cmpuint (lines->len, ==, 1);
  }
  close_window (window);
  g_object_unref (session);
}

/* The strongest currency tied at the end of the projection: the first tied
 * stands for it, and every player still has a number and a place. */
static XqSession *
tied_position (void)
{
  for (guint64 seed = 1; seed < 400; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 3, &fx_random_style_default, 300);

      for (guint n = 1; n < xq_session_get_n_moves (game); n++)
        {
          FxState s, end;
          FxStanding standing;

          xq_session_get_state_at (game, n, &s);
          if (fx_state_is_over (&s) || s.spot_actor != FX_NO_PLAYER)
            continue;
          fx_score_standing_resolved (xq_session_get_setup (game), &s, &end, &standing);
          if (standing.strongest.n_tied > 1 && !standing.strongest.chosen)
            {
              g_test_message ("seed %" G_GUINT64_FORMAT ", after %u moves", seed, n);
              return ui_session_prefix (game, n);
            }
        }
    }
  g_error ("no random position ends with a tied strongest currency");
}

static void
test_tied_strongest (void)
{
  XqSession *session = tied_position ();
  XqWindow *window = window_at (session, 1280, 800);
  GtkWidget *view = players_view (window);
  g_autoptr(GPtrArray) totals = totals_of (view);
  g_autoptr(GPtrArray) places = labels_of (view, "caption");

  g_assert_cmpuint (totals->len, ==, 3);
  for (guint p = 0; p < totals->len; p++)
    {
      const char *total = gtk_label_get_text (totals->pdata[p]);

      g_test_message ("%s — %s", total, xq_tooltip_get_text (totals->pdata[p]));
      g_assert_cmpstr (total, !=, "—");
      g_assert_true (g_ascii_isdigit (total[0]));
      g_assert_true (g_str_has_prefix (xq_tooltip_get_text (totals->pdata[p]), "Projected: "));
      g_assert_cmpstr (gtk_label_get_text (places->pdata[p]), !=, "");
      g_assert_true (gtk_widget_get_mapped (places->pdata[p]));
    }
  g_assert_null (strstr (xq_tooltip_get_text (totals->pdata[0]), "No standing"));
  close_window (window);
  g_object_unref (session);
}

/* --- the move bar ---------------------------------------------------------- */

static const char *
part_text (FxMoveBar  *bar,
           const char *id)
{
  return gtk_label_get_text (GTK_LABEL (fx_move_bar_get_part (bar, id)));
}

/* Cat's contract: one she can pay today, one she cannot yet. */
static void
test_contract_note (void)
{
  XqSession *session = fx_test_parse (BEN_SHORT);
  XqWindow *window = window_at (session, 1280, 800);
  FxMoveBar *bar = move_bar (window);
  const FxState *s = xq_session_get_state (session);
  struct { int amount; const char *note; } cases[] = {
    { 2, "You will owe 2 GBP when it resolves; you hold 2 GBP." },
    { 5, "You will owe 5 GBP when it resolves; you hold 2 GBP: find the rest before then, or it becomes a loan." },
  };

  g_assert_cmpint (s->next_player, ==, 2);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      FxMove contract;
      g_autofree char *note = NULL;

      fx_move_init (&contract, FX_MOVE_CONTRACT);
      contract.actor = 2;
      contract.cur[0] = FX_GBP;
      contract.cur[1] = FX_CHF;
      contract.amount = XQ_BUCKS (cases[i].amount);
      note = fx_forecast_contract_note (xq_session_get_setup (session), s, &contract);
      g_assert_cmpstr (note, ==, cases[i].note);
      g_assert_true (fx_move_bar_fill (bar, NULL, &contract));
      ui_settle ();
      g_test_message ("%s", part_text (bar, "preview_label"));
      g_assert_nonnull (strstr (part_text (bar, "preview_label"), cases[i].note));
      g_assert_true (gtk_widget_get_mapped (fx_move_bar_get_part (bar, "preview_label")));
    }
  ui_screenshot (GTK_WIDGET (window), "forecast-contract-note");
  close_window (window);
  g_object_unref (session);
}

static gboolean
spinning (FxMoveBar *bar)
{
  return gtk_widget_get_visible (fx_move_bar_get_part (bar, "suggest_spinner"));
}

/* Suggest fills the forms with fx_review_hint's turn; Record records it. */
static void
test_suggest (void)
{
  XqSession *session = fx_test_parse (BEN_SHORT);
  XqWindow *window = window_at (session, 1280, 800);
  FxMoveBar *bar = move_bar (window);
  GtkWidget *button = fx_move_bar_get_part (bar, "suggest_button");
  const FxSetup *setup = xq_session_get_setup (session);
  FxState before = *(const FxState *) xq_session_get_state (session);
  FxMove hint[2];
  guint n_hint, n = xq_session_get_n_moves (session);
  XqAmount value;

  g_assert_true (fx_review_hint (setup, &before, 1, NULL, hint, &n_hint, &value));
  g_assert_true (gtk_widget_get_mapped (button) && gtk_widget_is_sensitive (button));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (fx_move_bar_get_part (bar, "stack"))), ==, "none");
  g_signal_emit_by_name (button, "clicked");
  /* It shows it is working, and can still be pressed. */
  g_assert_true (spinning (bar));
  g_assert_true (gtk_widget_is_sensitive (button));
  while (spinning (bar))
    g_main_context_iteration (NULL, TRUE);
  ui_settle ();
  ui_screenshot (GTK_WIDGET (window), "forecast-suggested");

  /* Filled, not recorded. */
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, n);
  g_assert_true (g_str_has_prefix (part_text (bar, "preview_heading"), "If recorded"));
  g_assert_true (gtk_widget_is_sensitive (fx_move_bar_get_part (bar, "record_button")));
  g_assert_cmpint (gtk_expander_get_expanded (GTK_EXPANDER (fx_move_bar_get_part (bar, "spot_expander"))), ==,
                   n_hint == 2);

  g_signal_emit_by_name (fx_move_bar_get_part (bar, "record_button"), "clicked");
  ui_settle ();
  g_assert_cmpuint (xq_session_get_n_moves (session), ==, n + n_hint);
  for (guint i = 0; i < n_hint; i++)
    {
      g_autofree char *expected = fx_notation_format_move (setup, &hint[i]);
      g_autofree char *recorded = fx_notation_format_move (setup, xq_session_get_move (session, n + i));

      g_test_message ("suggested %s, recorded %s", expected, recorded);
      g_assert_cmpstr (recorded, ==, expected);
    }
  close_window (window);
  g_object_unref (session);
}

/* A search whose table changes is dropped; pressing again stops it; a
 * window closed while it looks goes at once. */
static void
test_suggest_cancelled (void)
{
  XqSession *session = fx_test_parse (BEN_SHORT);
  XqWindow *window = window_at (session, 1280, 800);
  FxMoveBar *bar = move_bar (window);
  GtkWidget *button = fx_move_bar_get_part (bar, "suggest_button");
  GtkStack *stack = GTK_STACK (fx_move_bar_get_part (bar, "stack"));
  FxMove resolve;

  /* Cat resolves at the table before the answer comes. */
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (spinning (bar));
  fx_move_init (&resolve, FX_MOVE_RESOLVE);
  resolve.actor = 2;
  resolve.cur[0] = FX_GBP;
  g_assert_true (xq_session_play (session, &resolve, NULL, NULL));
  g_assert_false (spinning (bar));
  ui_settle ();
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "none");
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (fx_move_bar_get_part (bar, "spot_expander"))));

  /* Pressed twice: the second press stops it. */
  g_signal_emit_by_name (button, "clicked");
  g_signal_emit_by_name (button, "clicked");
  g_assert_false (spinning (bar));
  ui_settle ();
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "none");

  /* Closed while it looks. */
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (spinning (bar));
  close_window (window);
  g_object_unref (session);
}

/* --- the queue and the move bar agree ------------------------------------ */

/* A position where the front is a contract its owner cannot pay today, and
 * a spot transaction the player to act can make gives them what it asks:
 * returns the session and fills @spot and @resolve. */
static XqSession *
spot_rescues_front (FxMove *spot,
                    FxMove *resolve)
{
  for (guint64 seed = 1; seed < 2000; seed++)
    {
      g_autoptr(XqSession) game = fx_random_game (seed, 3 + (guint) (seed % 3), &fx_random_style_default, 300);
      const FxSetup *setup = xq_session_get_setup (game);

      for (guint n = 1; n < xq_session_get_n_moves (game); n++)
        {
          FxState s;
          const FxLetter *letter;
          int actor;

          xq_session_get_state_at (game, n, &s);
          if (fx_state_is_over (&s) || s.spot_actor != FX_NO_PLAYER || s.queue_len == 0
              || s.queue[0].kind != FX_ITEM_CONTRACT)
            continue;
          letter = &s.letters[s.queue[0].letter];
          if (s.cash[letter->owner][letter->pay] >= letter->pay_amount)
            continue;
          actor = s.next_player;
          for (int other = 0; other < s.n_players; other++)
            for (int give = 0; give < FX_N_CURRENCIES; give++)
              for (int take = 0; take < FX_N_CURRENCIES; take++)
                {
                  FxMove moves[2];
                  FxState after;

                  if (other == actor || give == take)
                    continue;
                  fx_move_init (&moves[0], FX_MOVE_SPOT);
                  moves[0].actor = (gint8) actor;
                  moves[0].other = (gint8) other;
                  moves[0].cur[0] = (gint8) give;
                  moves[0].cur[1] = (gint8) take;
                  fx_move_init (&moves[1], FX_MOVE_RESOLVE);
                  moves[1].actor = (gint8) actor;
                  moves[1].cur[0] = FX_NO_CURRENCY;
                  after = s;
                  if (!fx_state_apply (setup, &after, &moves[0], NULL)
                      || after.cash[letter->owner][letter->pay] < letter->pay_amount
                      || !fx_state_apply (setup, &after, &moves[1], NULL))
                    continue;
                  g_test_message ("seed %" G_GUINT64_FORMAT ", after %u moves", seed, n);
                  *spot = moves[0];
                  *resolve = moves[1];
                  return ui_session_prefix (game, n);
                }
        }
    }
  g_error ("no random position has a spot that pays the front contract");
}

/* The queue says, on screen, that it judges the table after the spot. */
static gboolean
says_after_spot (XqWindow *window)
{
  g_autoptr(GPtrArray) labels = ui_find_all (queue_view (window), GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (labels->pdata[i]), "After the spot transaction in the form:") == 0)
      return gtk_widget_get_mapped (labels->pdata[i]);
  g_error ("the queue has no line for a spot not yet recorded");
}

/* While a spot transaction is filled in, the queue says what the move bar's
 * preview says: the owner pays, judged on the table after the spot; without
 * the spot, both say they cannot. */
static void
test_spot_pending (void)
{
  FxMove spot, resolve;
  XqSession *session = spot_rescues_front (&spot, &resolve);
  const FxSetup *setup = xq_session_get_setup (session);
  const FxState *s = xq_session_get_state (session);
  const char *owner = setup->names[s->letters[s->queue[0].letter].owner];
  XqWindow *window = window_at (session, 1280, 800);
  FxMoveBar *bar = move_bar (window);
  GtkWidget *resolving = ui_find_descendant (queue_view (window), GTK_TYPE_LABEL, "preview");
  g_autofree char *pays = g_strdup_printf ("Resolving now: %s pays ", owner);
  g_autofree char *cannot = g_strdup_printf ("Resolving now: %s cannot pay ", owner);
  g_autofree char *holds = g_strdup_printf ("%s holds ", owner);
  g_autofree char *holds_only = g_strdup_printf ("%s holds only ", owner);

  /* Today: the queue and the resolve form both say the owner cannot pay. */
  g_assert_true (fx_move_bar_fill (bar, NULL, &resolve));
  ui_settle ();
  g_test_message ("%s | %s", gtk_label_get_text (GTK_LABEL (resolving)), part_text (bar, "resolve_label"));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (resolving)), cannot));
  g_assert_nonnull (strstr (part_text (bar, "resolve_label"), holds_only));

  /* The spot filled in: both judge the table after it. */
  g_assert_true (fx_move_bar_fill (bar, &spot, &resolve));
  ui_settle ();
  g_test_message ("%s | %s", gtk_label_get_text (GTK_LABEL (resolving)), part_text (bar, "resolve_label"));
  g_assert_nonnull (strstr (part_text (bar, "resolve_label"), holds));
  g_assert_null (strstr (part_text (bar, "resolve_label"), holds_only));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (resolving)), pays));
  g_assert_true (gtk_widget_get_mapped (resolving));
  /* And it says on which table it judges. */
  g_assert_true (says_after_spot (window));
  ui_screenshot (GTK_WIDGET (window), "forecast-spot-pending");

  /* The spot left out again: back to today's table. */
  gtk_expander_set_expanded (GTK_EXPANDER (fx_move_bar_get_part (bar, "spot_expander")), FALSE);
  ui_settle ();
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (resolving)), cannot));
  g_assert_false (says_after_spot (window));

  /* Recorded: the queue follows the table, and the move bar's next turn. */
  g_assert_true (fx_move_bar_fill (bar, &spot, &resolve));
  ui_settle ();
  g_signal_emit_by_name (fx_move_bar_get_part (bar, "record_button"), "clicked");
  ui_settle ();
  g_assert_false (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (resolving)), pays));
  close_window (window);
  g_object_unref (session);
}

/* After the game is over nothing resolves: the queue does not say it will. */
static void
test_game_over (void)
{
  XqSession *session = ui_load_sample ();
  XqWindow *window;
  GtkWidget *resolving;
  g_autofree char *words = NULL;

  g_assert_true (fx_state_is_over (xq_session_get_state (session)));
  window = window_at (session, 1280, 800);
  resolving = ui_find_descendant (queue_view (window), GTK_TYPE_LABEL, "preview");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (resolving)), ==, "The game is over: nothing more resolves.");
  words = ui_collect_text (queue_view (window));
  g_assert_null (strstr (words, "Resolving now"));
  close_window (window);
  g_object_unref (session);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/forecast-ui/shortfall", test_shortfall);
  g_test_add_func ("/forecast-ui/short-front", test_short_front);
  g_test_add_func ("/forecast-ui/tied-strongest", test_tied_strongest);
  g_test_add_func ("/forecast-ui/contract-note", test_contract_note);
  g_test_add_func ("/forecast-ui/suggest", test_suggest);
  g_test_add_func ("/forecast-ui/suggest-cancelled", test_suggest_cancelled);
  g_test_add_func ("/forecast-ui/spot-pending", test_spot_pending);
  g_test_add_func ("/forecast-ui/game-over", test_game_over);

  return ui_test_run (&app);
}
