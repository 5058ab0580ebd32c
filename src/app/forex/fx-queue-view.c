/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The queue's front and what resolving it would do right now (the question
 * players ask before they resolve), always in view; the rest of the queue and
 * the letters in use or free one click away. Under each item behind the
 * front, what it will ask of its owner and whether they could pay it today
 * (fx-forecast.c); the front's is what resolving it now does. An item its
 * owner could not pay today is marked with a sign as well as a colour.
 * While the move bar holds a spot transaction, "today" is the table after
 * it: the queue and the move bar's preview give one answer. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-display.h"
#include "fx-forecast.h"
#include "xq-css.h"
#include "fx-queue-view.h"
#include "xq-a11y.h"

struct _FxQueueView
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  GtkWidget *rest;
  GtkWidget *letters_list;
  GtkWidget *queue_list;
  GtkWidget *front_label;
  GtkWidget *after_spot_label;
  GtkWidget *more;
  GtkWidget *more_label;
  /* Built once, updated in place (see fx-board-view.c). */
  GtkWidget *letters[FX_N_LETTERS];
  GtkWidget *items[FX_QUEUE_MAX];
  GtkWidget *forecasts[FX_QUEUE_MAX];   /* [0] unused: "Resolving now" says it */
  GtkWidget *empty;
};

G_DEFINE_FINAL_TYPE (FxQueueView, fx_queue_view, GTK_TYPE_WIDGET)

static char *
letter_text (const FxSetup *setup,
             const FxState *s,
             int            l)
{
  const FxLetter *letter = &s->letters[l];

  switch ((FxLetterUse) letter->use)
    {
    case FX_LETTER_FREE:
      return g_strdup_printf (_("%c — free"), 'A' + l);
    case FX_LETTER_CONTRACT:
      {
        g_autofree char *pay = fx_display_money (letter->pay_amount, letter->pay);
        g_autofree char *receive = fx_display_money (letter->receive_amount, letter->receive);

        return g_strdup_printf (_("%c — %s’s contract: pays %s, receives %s"), 'A' + l,
                                setup->names[letter->owner], pay, receive);
      }
    case FX_LETTER_LOAN:
      {
        g_autofree char *owed = fx_display_owed (letter->owed);

        return g_strdup_printf (_("%c — %s’s loan: owes %s"), 'A' + l, setup->names[letter->owner], owed);
      }
    default:
      g_assert_not_reached ();
    }
}

static char *
item_text (const FxSetup     *setup,
           const FxState     *s,
           const FxQueueItem *item)
{
  const FxLetter *letter = &s->letters[item->letter];

  switch ((FxItemKind) item->kind)
    {
    case FX_ITEM_DIVIDENDS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Dividend: card %d next, %u card left",
                                           "Dividend: card %d next, %u cards left", s->dividends_left),
                              FX_N_DIVIDEND_CARDS - s->dividends_left, s->dividends_left);
    case FX_ITEM_CONTRACT:
      return g_strdup_printf (_("Contract %c (%s)"), 'A' + item->letter, setup->names[letter->owner]);
    case FX_ITEM_LOAN:
      return g_strdup_printf (_("Loan %c (%s)"), 'A' + item->letter, setup->names[letter->owner]);
    default:
      g_assert_not_reached ();
    }
}

/* What resolving the front item does now: the preview players need most. */
static char *
front_text (const FxSetup *setup,
            const FxState *s)
{
  const FxQueueItem *front;
  const FxLetter *letter;

  /* Nothing resolves any more: what stays in the queue stays unresolved. */
  if (fx_state_is_over (s))
    return g_strdup (_("The game is over: nothing more resolves."));
  if (s->queue_len == 0)
    return g_strdup (_("The queue is empty."));
  front = &s->queue[0];
  letter = &s->letters[front->letter];
  switch ((FxItemKind) front->kind)
    {
    case FX_ITEM_DIVIDENDS:
      {
        int card = FX_N_DIVIDEND_CARDS - s->dividends_left;

        if (card == 0)
          return g_strdup (_("Resolving now: dividend card 0 pays nothing; then the most-held currency strengthens."));
        return g_strdup_printf (_("Resolving now: dividend card %d pays %d bucks per certificate (none for a currency on the 8 space); then the most-held currency strengthens."),
                                card, card == 4 ? 3 : 2);
      }
    case FX_ITEM_CONTRACT:
      {
        g_autofree char *pay = fx_display_money (letter->pay_amount, letter->pay);
        g_autofree char *debt = fx_display_money (letter->pay_amount + XQ_BUCKS (1), letter->pay);
        g_autofree char *receive = fx_display_money (letter->receive_amount, letter->receive);

        if (s->cash[letter->owner][letter->pay] >= letter->pay_amount)
          return g_strdup_printf (_("Resolving now: %s pays %s and receives %s."), setup->names[letter->owner],
                                  pay, receive);
        return g_strdup_printf (_("Resolving now: %s cannot pay %s, receives %s anyway and owes %s as a loan."),
                                setup->names[letter->owner], pay, receive, debt);
      }
    case FX_ITEM_LOAN:
      for (int c = 0; c < FX_N_CURRENCIES; c++)
        if (s->cash[letter->owner][c] < letter->owed[c])
          return g_strdup_printf (_("Resolving now: %s cannot repay loan %c and goes bankrupt; the game ends."),
                                  setup->names[letter->owner], 'A' + front->letter);
      return g_strdup_printf (_("Resolving now: %s repays loan %c."), setup->names[letter->owner], 'A' + front->letter);
    default:
      g_assert_not_reached ();
    }
}

static GtkWidget *
line (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* Its least width is given (see fx-queue-view.ui). */
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  return label;
}

/**
 * fx_queue_view_set_state:
 * @self: the view
 * @setup: the game's setup
 * @s: the table the queue is judged on: the session's, or the table after
 *   the spot transaction the move bar holds (@after_spot)
 * @after_spot: whether @s is after a spot not yet recorded, which is said
 */
void
fx_queue_view_set_state (FxQueueView   *self,
                         const FxSetup *setup,
                         const FxState *s,
                         gboolean       after_spot)
{
  g_autofree char *front = front_text (setup, s);
  FxForecast forecast;

  g_return_if_fail (FX_IS_QUEUE_VIEW (self));

  gtk_widget_set_visible (self->after_spot_label, after_spot && s->queue_len > 0);

  fx_forecast_compute (s, &forecast);

  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      g_autofree char *text = letter_text (setup, s, l);

      gtk_label_set_text (GTK_LABEL (self->letters[l]), text);
      xq_css_set_class (self->letters[l], "dim-label", s->letters[l].use == FX_LETTER_FREE);
      xq_css_set_class (self->letters[l], "warning", s->letters[l].use == FX_LETTER_LOAN);
    }

  gtk_widget_set_visible (self->empty, s->queue_len == 0);
  for (int i = 0; i < FX_QUEUE_MAX; i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *numbered = NULL;

      g_autofree char *sentence = NULL;
      g_autofree char *marked = NULL;
      gboolean is_short;

      gtk_widget_set_visible (self->items[i], i < s->queue_len);
      if (self->forecasts[i] != NULL)
        gtk_widget_set_visible (self->forecasts[i], i < s->queue_len);
      if (i >= s->queue_len)
        continue;
      is_short = fx_forecast_is_short (&forecast.items[i]);
      text = item_text (setup, s, &s->queue[i]);
      /* The front's forecast is "Resolving now", said once below it: the
       * front is marked itself, and the queue's front stays in view on a
       * small laptop. */
      numbered = g_strdup_printf (i == 0 && is_short ? "%d. ⚠ %s" : "%d. %s", i + 1, text);
      gtk_label_set_text (GTK_LABEL (self->items[i]), numbered);
      xq_css_set_class (self->items[i], "warning", s->queue[i].kind == FX_ITEM_LOAN || (i == 0 && is_short));
      if (self->forecasts[i] == NULL)
        continue;

      sentence = fx_forecast_sentence (setup, &forecast.items[i]);
      marked = is_short ? g_strconcat ("⚠ ", sentence, NULL) : g_strdup (sentence);
      gtk_label_set_text (GTK_LABEL (self->forecasts[i]), marked);
      xq_css_set_class (self->forecasts[i], "warning", is_short);
      xq_css_set_class (self->forecasts[i], "dim-label", !is_short);
    }
  gtk_label_set_text (GTK_LABEL (self->front_label), front);
  {
    g_autofree char *more = NULL;

    if (s->queue_len > 1)
      more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d more in the queue, and the contracts",
                                           "%d more in the queue, and the contracts", s->queue_len - 1),
                              s->queue_len - 1);
    gtk_label_set_text (GTK_LABEL (self->more_label), more != NULL ? more : _("The contracts"));
    xq_a11y_name_from_label (self->more);
  }
}

static void
fx_queue_view_dispose (GObject *object)
{
  FxQueueView *self = FX_QUEUE_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), FX_TYPE_QUEUE_VIEW);
  G_OBJECT_CLASS (fx_queue_view_parent_class)->dispose (object);
}

static void
fx_queue_view_class_init (FxQueueViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_queue_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/exchequer/Exchequer/fx-queue-view.ui");
  gtk_widget_class_bind_template_child (widget_class, FxQueueView, box);
  gtk_widget_class_bind_template_child (widget_class, FxQueueView, queue_list);
  gtk_widget_class_bind_template_child (widget_class, FxQueueView, empty);
  gtk_widget_class_bind_template_child (widget_class, FxQueueView, front_label);
  gtk_widget_class_bind_template_child (widget_class, FxQueueView, after_spot_label);
  gtk_widget_class_bind_template_child (widget_class, FxQueueView, more);
  gtk_widget_class_bind_template_child (widget_class, FxQueueView, more_label);
  gtk_widget_class_bind_template_child (widget_class, FxQueueView, rest);
  gtk_widget_class_bind_template_child (widget_class, FxQueueView, letters_list);
}

static void
fx_queue_view_init (FxQueueView *self)
{
  GtkWidget *previous = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  xq_a11y_name_from_label (self->more);
  /* The front stands above what resolving it does; the rest of the queue
   * follows in the expander, in order, before the letters. */
  for (int i = 0; i < FX_QUEUE_MAX; i++)
    {
      self->items[i] = line (NULL);
      if (i == 0)
        {
          gtk_widget_add_css_class (self->items[i], "heading");
          gtk_box_append (GTK_BOX (self->queue_list), self->items[i]);
          continue;
        }
      gtk_box_insert_child_after (GTK_BOX (self->rest), self->items[i], previous);
      self->forecasts[i] = line (NULL);
      gtk_widget_add_css_class (self->forecasts[i], "forecast");
      gtk_box_insert_child_after (GTK_BOX (self->rest), self->forecasts[i], self->items[i]);
      previous = self->forecasts[i];
    }
  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      self->letters[l] = line (NULL);
      gtk_box_append (GTK_BOX (self->letters_list), self->letters[l]);
    }
}

GtkWidget *
fx_queue_view_new (void)
{
  return g_object_new (FX_TYPE_QUEUE_VIEW, NULL);
}
