/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The entry for the next step: the market row between rounds, the bids during
 * one, optionally hidden while the laptop goes round the table. */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <stdlib.h>

#include "ft-sentence.h"
#include "ft-table-view-private.h"
#include "xq-wrap-box.h"
#include "xq-css.h"

void
ft_table_view_show_refusal (FtTableView *self,
                            const char  *text)
{
  g_autofree char *capitalized = ft_sentence_capitalize (text);

  gtk_label_set_text (GTK_LABEL (self->refusal), capitalized != NULL ? capitalized : "");
  gtk_widget_set_visible (self->refusal, text != NULL);
}

static gboolean
play (FtTableView  *self,
      const FtMove *move)
{
  g_autoptr(GError) error = NULL;

  if (self->session == NULL)
    return FALSE;
  if (!xq_session_play (self->session, move, NULL, &error))
    {
      ft_table_view_show_refusal (self, error->message);
      return FALSE;
    }
  ft_table_view_show_refusal (self, NULL);
  return TRUE;
}

static void
on_start_round (FtTableView *self)
{
  guint card = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->card_spin));
  FtMove move;

  ft_move_init (&move, FT_MOVE_MARKET);
  move.n_awards = self->n_built;
  for (guint k = 0; k < self->n_built; k++)
    move.awards[k] = (guint16) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->market_spins[k]));
  if (card > 0 && card <= FT_MAX_ROUNDS)
    {
      memcpy (self->card_rows[card], move.awards, sizeof self->card_rows[card]);
      self->card_known |= (guint16) (1u << card);
    }
  play (self, &move);
}

/* A card whose row was typed before fills it in again. */
static void
on_card_number (FtTableView *self)
{
  guint card = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->card_spin));

  if (card == 0 || card > FT_MAX_ROUNDS || !(self->card_known & (1u << card)))
    return;
  for (guint k = 0; k < self->n_built; k++)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->market_spins[k]), self->card_rows[card][k]);
}

/* The card shown by @dropdown, or 0 when none is chosen. */
static guint
selected_card (GtkWidget *dropdown)
{
  GObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown));

  return item != NULL ? (guint) atoi (gtk_string_object_get_string (GTK_STRING_OBJECT (item))) : 0;
}

/* Fills @dropdown with the player's available cards but @except, keeping its
 * choice if it is still offered. */
static void
fill_cards (FtTableView   *self,
            GtkWidget     *dropdown,
            const FtState *s,
            int            player,
            guint          except,
            guint          keep)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  guint selected = GTK_INVALID_LIST_POSITION;
  guint n = 0;

  for (guint card = 1; card <= FT_N_CARDS; card++)
    {
      char text[8];

      if (card == except || !ft_state_card_available (s, player, card))
        continue;
      g_snprintf (text, sizeof text, "%u", card);
      gtk_string_list_append (list, text);
      if (card == keep)
        selected = n;
      n++;
    }
  self->updating++;
  gtk_drop_down_set_model (GTK_DROP_DOWN (dropdown), G_LIST_MODEL (list));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  self->updating--;
}

static void
update_bid_button (FtBidRow *row)
{
  gtk_widget_set_sensitive (row->bid_button, selected_card (row->farmer) != 0 && selected_card (row->trader) != 0);
}

static void
on_card_chosen (GtkWidget  *dropdown,
                GParamSpec *pspec,
                FtBidRow   *row)
{
  FtTableView *self = row->view;
  const FtState *s;
  GtkWidget *other;

  if (self->updating > 0 || self->session == NULL)
    return;
  s = xq_session_get_state (self->session);
  other = dropdown == row->farmer ? row->trader : row->farmer;
  fill_cards (self, other, s, row->player, selected_card (dropdown), selected_card (other));
  update_bid_button (row);
}

/* Hidden with the row once its player has bid, the lists would still hold
 * the cards just bid (and each leave out the other's card): the accessible
 * tree and the next person at the laptop would read them. They are made
 * anew, nothing chosen, when the row asks for cards again. */
static void
empty_lists (FtBidRow      *row,
             const FtState *s)
{
  row->key = FT_BID_ROW_EMPTIED;
  fill_cards (row->view, row->farmer, s, row->player, 0, 0);
  fill_cards (row->view, row->trader, s, row->player, 0, 0);
}

/* Whether @widget shows whole in the page's scrolled window. */
static gboolean
wholly_in_view (GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (scrolled == NULL || !gtk_widget_get_mapped (widget)
      || !gtk_widget_compute_bounds (widget, scrolled, &bounds))
    return FALSE;
  return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scrolled);
}

static void
on_bid (GtkButton *button,
        FtBidRow  *row)
{
  FtMove move;
  FtTableView *self = row->view;
  /* Clicked or pressed, the button leaves with the cards: the focus goes on
   * to the next player's cards where they are in view; scrolling to them
   * would move every row under the pointer. */
  gboolean had_focus = gtk_widget_has_focus (row->bid_button);
  const FtState *s;

  ft_move_init (&move, FT_MOVE_BID);
  move.player = (gint8) row->player;
  move.cards[0] = (guint16) selected_card (row->farmer);
  move.cards[1] = (guint16) selected_card (row->trader);
  if (!play (self, &move))
    return;
  s = xq_session_get_state (self->session);
  /* The last bid settles the round, and the page shows the market step
   * without going through this row again. */
  if (row->key != FT_BID_ROW_EMPTIED)
    empty_lists (row, s);
  if (had_focus && s->round_open)
    for (int i = 1; i < s->n_players; i++)
      {
        FtBidRow *next = &self->bid_rows[(row->player + i) % s->n_players];

        if (!((s->has_bid >> next->player) & 1))
          {
            if (wholly_in_view (next->farmer))
              gtk_widget_grab_focus (next->farmer);
            break;
          }
      }
}

/* "Farmer [card]": the word stays with its list when the row wraps. */
static GtkWidget *
labelled (const char *text,
          GtkWidget  *dropdown)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_box_append (GTK_BOX (box), ft_table_view_label (text, "dim-label", 1));
  gtk_box_append (GTK_BOX (box), dropdown);
  return box;
}

/* The first widget of @type below @widget, or NULL. */
static GtkWidget *
find_below (GtkWidget *widget,
            GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = G_TYPE_CHECK_INSTANCE_TYPE (child, type) ? child : find_below (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* GTK 4.8's list view has no scroll_to (4.12), and its action works only
 * in a list that has a size: at the first frame the popover's list is laid
 * out in. Moving the adjustment instead, at map, fights the list's own
 * anchor (a warning, and the old place back). */
static gboolean
scroll_to_first (GtkWidget     *list,
                 GdkFrameClock *frame_clock,
                 gpointer       user_data)
{
  if (gtk_widget_get_height (list) == 0)
    return G_SOURCE_CONTINUE;
  gtk_widget_activate_action (list, "list.scroll-to-item", "u", 0);
  return G_SOURCE_REMOVE;
}

/* A list opens at its first card, "1" on top, not where it was scrolled to
 * when a card was picked: the cards are few, and a player reads them from
 * the lowest. */
static void
on_cards_shown (GtkWidget *popover)
{
  GtkWidget *list = find_below (popover, GTK_TYPE_LIST_VIEW);

  if (list != NULL)
    gtk_widget_add_tick_callback (list, scroll_to_first, NULL, NULL);
}

static GtkWidget *
card_dropdown (const char *tooltip)
{
  GtkWidget *dropdown = gtk_drop_down_new (NULL, NULL);
  GtkWidget *shown = find_below (dropdown, GTK_TYPE_STACK);
  GtkWidget *popover = find_below (dropdown, GTK_TYPE_POPOVER);

  /* The list's button shows "(None)" or the card in a stack of its own:
   * as wide for both, the button keeps its width when a card is chosen
   * or the row is emptied, and the Bid button beside it stays put. */
  if (shown != NULL)
    gtk_stack_set_hhomogeneous (GTK_STACK (shown), TRUE);
  if (popover != NULL)
    g_signal_connect_after (popover, "map", G_CALLBACK (on_cards_shown), NULL);

  gtk_widget_set_tooltip_text (dropdown, tooltip);
  /* A screen reader reads no tooltip as a name: without it, "GtkDropDown". */
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  return dropdown;
}

void
ft_table_view_build_entry_rows (FtTableView *self,
                                guint        n)
{
  GtkWidget *child;

  xq_wrap_box_remove_all (XQ_WRAP_BOX (self->market_box));
  while ((child = gtk_widget_get_first_child (self->bid_rows_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->bid_rows_box), child);

  for (guint k = 0; k < n; k++)
    {
      GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      char rank[8];
      g_autofree char *name = g_strdup_printf (_("Markers for trader rank %u"), k + 1);

      g_snprintf (rank, sizeof rank, "%u", k + 1);
      gtk_box_append (GTK_BOX (column), ft_table_view_label (rank, "ft-header", 0.5));
      self->market_spins[k] = gtk_spin_button_new_with_range (0, FT_MAX_AWARD, 1);
      gtk_widget_add_css_class (self->market_spins[k], "ft-market-spin");
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (self->market_spins[k]), TRUE);
      gtk_editable_set_width_chars (GTK_EDITABLE (self->market_spins[k]), 2);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->market_spins[k]), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_box_append (GTK_BOX (column), self->market_spins[k]);
      xq_wrap_box_append (XQ_WRAP_BOX (self->market_box), column);
    }

  for (guint p = 0; p < n; p++)
    {
      FtBidRow *row = &self->bid_rows[p];
      GtkWidget *cards;

      row->view = self;
      row->player = (int) p;
      row->key = 0;
      /* One line on a laptop; on a phone the cards go under the name. */
      row->row = xq_wrap_box_new (10, 6);
      gtk_widget_add_css_class (row->row, "ft-bid-row");
      /* The same height with and without the card lists: rows do not jump. */
      gtk_widget_set_size_request (row->row, -1, 40);
      row->name = ft_table_view_label (NULL, "ft-player-name", 0);
      gtk_widget_set_size_request (row->name, 90, -1);
      gtk_label_set_ellipsize (GTK_LABEL (row->name), PANGO_ELLIPSIZE_END);
      gtk_widget_set_valign (row->name, GTK_ALIGN_CENTER);
      row->farmer = card_dropdown (_("Farmer bid"));
      gtk_widget_add_css_class (row->farmer, "ft-farmer-bid");
      row->trader = card_dropdown (_("Trader bid"));
      gtk_widget_add_css_class (row->trader, "ft-trader-bid");
      row->bid_button = gtk_button_new_with_mnemonic (_("_Bid"));
      gtk_widget_add_css_class (row->bid_button, "ft-bid-button");
      gtk_widget_set_valign (row->bid_button, GTK_ALIGN_CENTER);
      row->status = ft_table_view_label (NULL, "ft-bid-status", 0);
      gtk_label_set_wrap (GTK_LABEL (row->status), TRUE);
      /* In the width the cards took, asking for none of its own: a long
       * sentence would widen the row and move it onto a line of its own.
       * No taller than the cards either, even on a phone. */
      gtk_label_set_max_width_chars (GTK_LABEL (row->status), 1);
      gtk_label_set_lines (GTK_LABEL (row->status), 2);
      gtk_label_set_ellipsize (GTK_LABEL (row->status), PANGO_ELLIPSIZE_END);
      gtk_widget_set_valign (row->status, GTK_ALIGN_CENTER);
      cards = xq_wrap_box_new (10, 6);
      xq_wrap_box_append (XQ_WRAP_BOX (cards), labelled (_("Farmer"), row->farmer));
      xq_wrap_box_append (XQ_WRAP_BOX (cards), labelled (_("Trader"), row->trader));
      xq_wrap_box_append (XQ_WRAP_BOX (cards), row->bid_button);
      /* The sentence takes the cards' place, in the same space: the rows
       * under it and their Bid buttons stay where the pointer is. */
      row->stack = gtk_stack_new ();
      gtk_stack_set_hhomogeneous (GTK_STACK (row->stack), TRUE);
      gtk_stack_set_vhomogeneous (GTK_STACK (row->stack), TRUE);
      gtk_stack_add_named (GTK_STACK (row->stack), cards, "cards");
      gtk_stack_add_named (GTK_STACK (row->stack), row->status, "bid");
      xq_wrap_box_append (XQ_WRAP_BOX (row->row), row->name);
      xq_wrap_box_append (XQ_WRAP_BOX (row->row), row->stack);
      g_signal_connect (row->farmer, "notify::selected", G_CALLBACK (on_card_chosen), row);
      g_signal_connect (row->trader, "notify::selected", G_CALLBACK (on_card_chosen), row);
      g_signal_connect (row->bid_button, "clicked", G_CALLBACK (on_bid), row);
      gtk_box_append (GTK_BOX (self->bid_rows_box), row->row);
    }
}

static void
update_bid_row (FtTableView   *self,
                FtBidRow      *row,
                const FtSetup *setup,
                const FtState *s,
                gboolean       hidden)
{
  int p = row->player;
  gboolean has_bid = (s->has_bid >> p) & 1;
  guint key = s->round + 1;
  g_autofree char *status = NULL;
  g_autofree char *farmer_name = g_strdup_printf (_("%s’s farmer bid"), setup->names[p]);
  g_autofree char *trader_name = g_strdup_printf (_("%s’s trader bid"), setup->names[p]);

  gtk_label_set_text (GTK_LABEL (row->name), setup->names[p]);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->farmer), GTK_ACCESSIBLE_PROPERTY_LABEL, farmer_name, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->trader), GTK_ACCESSIBLE_PROPERTY_LABEL, trader_name, -1);
  if (has_bid && row->key != FT_BID_ROW_EMPTIED)
    empty_lists (row, s);
  else if (!has_bid && row->key != key)
    {
      /* A new round (the locked cards changed), or a bid undone: nobody has
       * chosen yet. */
      row->key = key;
      fill_cards (self, row->farmer, s, p, 0, 0);
      fill_cards (self, row->trader, s, p, 0, 0);
    }
  if (has_bid)
    status = ft_sentence_bid (setup, p, s->bids[p][0], s->bids[p][1], hidden);
  else
    status = g_strdup ("");
  gtk_label_set_text (GTK_LABEL (row->status), status);
  xq_css_set_class (row->status, "success", has_bid);
  gtk_stack_set_visible_child_name (GTK_STACK (row->stack), has_bid ? "bid" : "cards");
  update_bid_button (row);
}

static const char *const hidden_hint_text = N_("Bids stay hidden until everyone has bid");
static const char *const hidden_locked_text = N_("Stays on until the round is revealed: a bid was made in secret");

/* Switched off while it is locked (an activation, a script): it goes back on
 * before anything shows the bids. */
static void
on_hidden_toggled (FtTableView *self)
{
  if (self->hidden_locked && !gtk_switch_get_active (GTK_SWITCH (self->hidden_switch)))
    {
      gtk_switch_set_active (GTK_SWITCH (self->hidden_switch), TRUE);
      return;
    }
  ft_table_view_refresh (self);
}

/* A page opened on a round in progress (a saved game opened again, a second
 * window) cannot know whether its bids were made in secret: it keeps them so. */
void
ft_table_view_keep_bids_hidden (FtTableView *self)
{
  const FtState *s = xq_session_get_state (self->session);

  if (s->round_open && s->has_bid != 0)
    gtk_switch_set_active (GTK_SWITCH (self->hidden_switch), TRUE);
}

void
ft_table_view_update_entry (FtTableView   *self,
                            const FtSetup *setup,
                            const FtState *s,
                            gboolean       live)
{
  gboolean hidden = gtk_switch_get_active (GTK_SWITCH (self->hidden_switch));
  g_autofree char *title = NULL;

  if (!live)
    return;
  /* A secret bid is in (or comes back with Redo): switching the mode off
   * would show it, so the switch stays on until the last bid reveals the
   * round, and says so. */
  self->hidden_locked = hidden && s->round_open && (s->has_bid != 0 || xq_session_can_redo (self->session));
  gtk_widget_set_sensitive (self->hidden_switch, !self->hidden_locked);
  gtk_label_set_text (GTK_LABEL (self->hidden_hint), self->hidden_locked ? _(hidden_locked_text) : _(hidden_hint_text));
  gtk_widget_set_tooltip_text (self->hidden_switch, self->hidden_locked ? _(hidden_locked_text) : NULL);
  if (self->hidden_locked)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->hidden_switch), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    _(hidden_locked_text), -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->hidden_switch), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  if (ft_state_is_over (s))
    {
      gtk_stack_set_visible_child_name (GTK_STACK (self->entry_stack), "ended");
      return;
    }
  if (!s->round_open)
    {
      guint key = s->round + 1;

      title = g_strdup_printf (_("Market card for round %u"), s->round + 1);
      gtk_label_set_text (GTK_LABEL (self->market_title), title);
      if (self->market_key != key)
        {
          self->market_key = key;
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->card_spin), 0);
          for (guint k = 0; k < self->n_built; k++)
            gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->market_spins[k]), 0);
        }
      gtk_stack_set_visible_child_name (GTK_STACK (self->entry_stack), "market");
      return;
    }
  title = g_strdup_printf (_("Bids for round %u"), s->round + 1);
  gtk_label_set_text (GTK_LABEL (self->bids_title), title);
  for (int p = 0; p < s->n_players; p++)
    update_bid_row (self, &self->bid_rows[p], setup, s, hidden);
  gtk_stack_set_visible_child_name (GTK_STACK (self->entry_stack), "bids");
}

GtkWidget *
ft_table_view_build_entry (FtTableView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  GtkWidget *market = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  GtkWidget *bids = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  GtkWidget *switch_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *switch_text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *hint;
  GtkWidget *switch_label;

  self->entry_stack = gtk_stack_new ();
  gtk_stack_set_vhomogeneous (GTK_STACK (self->entry_stack), FALSE);
  /* Only the step shown sets the width: the page narrows to a phone's. */
  gtk_stack_set_hhomogeneous (GTK_STACK (self->entry_stack), FALSE);
  gtk_widget_add_css_class (self->entry_stack, "card");
  gtk_widget_add_css_class (self->entry_stack, "ft-entry");

  self->market_title = ft_table_view_label (NULL, "title-4", 0);
  hint = ft_table_view_label (_("Type the market card’s row for this number of players: the markers for trader rank "
                                "1, 2, … Then start the round."), "dim-label", 0);
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (hint), 50);
  self->market_box = xq_wrap_box_new (8, 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->market_box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Market row"), -1);
  self->start_button = gtk_button_new_with_mnemonic (_("_Start Round"));
  gtk_widget_add_css_class (self->start_button, "suggested-action");
  gtk_widget_add_css_class (self->start_button, "pill");
  gtk_widget_add_css_class (self->start_button, "ft-start-round");
  gtk_widget_set_halign (self->start_button, GTK_ALIGN_START);
  g_signal_connect_swapped (self->start_button, "clicked", G_CALLBACK (on_start_round), self);
  {
    GtkWidget *card_row = xq_wrap_box_new (8, 4);
    GtkWidget *card_label = gtk_label_new_with_mnemonic (_("Card _number (optional)"));

    self->card_spin = gtk_spin_button_new_with_range (0, FT_MAX_ROUNDS, 1);
    gtk_widget_add_css_class (self->card_spin, "ft-card-spin");
    gtk_label_set_mnemonic_widget (GTK_LABEL (card_label), self->card_spin);
    gtk_widget_set_tooltip_text (self->card_spin,
                                 _("Give the card’s number and its row is filled in the next time the same card comes up"));
    g_signal_connect_swapped (self->card_spin, "value-changed", G_CALLBACK (on_card_number), self);
    gtk_widget_set_valign (card_label, GTK_ALIGN_CENTER);
    xq_wrap_box_append (XQ_WRAP_BOX (card_row), card_label);
    xq_wrap_box_append (XQ_WRAP_BOX (card_row), self->card_spin);
    gtk_box_append (GTK_BOX (market), self->market_title);
    gtk_box_append (GTK_BOX (market), hint);
    gtk_box_append (GTK_BOX (market), card_row);
  }
  gtk_box_append (GTK_BOX (market), self->market_box);
  gtk_box_append (GTK_BOX (market), self->start_button);
  gtk_stack_add_named (GTK_STACK (self->entry_stack), market, "market");

  self->bids_title = ft_table_view_label (NULL, "title-4", 0);
  switch_label = ft_table_view_label (_("Pass the laptop"), "heading", 0);
  self->hidden_hint = ft_table_view_label (_(hidden_hint_text), "dim-label", 0);
  gtk_label_set_wrap (GTK_LABEL (self->hidden_hint), TRUE);
  gtk_box_append (GTK_BOX (switch_text), switch_label);
  gtk_box_append (GTK_BOX (switch_text), self->hidden_hint);
  gtk_widget_set_hexpand (switch_text, TRUE);
  self->hidden_switch = gtk_switch_new ();
  gtk_widget_add_css_class (self->hidden_switch, "ft-hidden-switch");
  gtk_widget_set_valign (self->hidden_switch, GTK_ALIGN_CENTER);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->hidden_switch), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  switch_label, NULL, -1);
  g_signal_connect_swapped (self->hidden_switch, "notify::active", G_CALLBACK (on_hidden_toggled), self);
  gtk_box_append (GTK_BOX (switch_row), switch_text);
  gtk_box_append (GTK_BOX (switch_row), self->hidden_switch);
  self->bid_rows_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (bids), self->bids_title);
  gtk_box_append (GTK_BOX (bids), switch_row);
  gtk_box_append (GTK_BOX (bids), self->bid_rows_box);
  gtk_stack_add_named (GTK_STACK (self->entry_stack), bids, "bids");

  self->ended_label = ft_table_view_label (_("The game is over: score is markers minus debt; ties go to the most "
                                             "coins."), "title-4", 0);
  gtk_label_set_wrap (GTK_LABEL (self->ended_label), TRUE);
  gtk_stack_add_named (GTK_STACK (self->entry_stack), self->ended_label, "ended");

  self->refusal = ft_table_view_label (NULL, "refusal", 0);
  gtk_label_set_wrap (GTK_LABEL (self->refusal), TRUE);
  gtk_widget_set_visible (self->refusal, FALSE);
  gtk_box_append (GTK_BOX (box), self->entry_stack);
  gtk_box_append (GTK_BOX (box), self->refusal);
  return box;
}
