/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One card per player in seating order; the player to act stands out. The
 * view paints the cards' backgrounds itself (see snapshot_card_background). */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-display.h"
#include "xq-css.h"
#include "fx-players-view.h"
#include "fx-score.h"

/* One card's widgets, built once and updated in place: browsing the history
 * redraws the table within a frame. */
typedef struct
{
  GtkWidget *card;
  GtkWidget *name;
  GtkWidget *to_act;
  GtkWidget *bankrupt;
  GtkWidget *cash[FX_N_CURRENCIES];
  GtkWidget *certs[FX_N_CURRENCIES];
  GtkWidget *letters;
  GtkWidget *standing;
} PlayerCard;

struct _FxPlayersView
{
  GtkWidget  parent_instance;

  GtkWidget *box;
  PlayerCard cards[FX_MAX_PLAYERS];
  guint      n_cards;
};

G_DEFINE_FINAL_TYPE (FxPlayersView, fx_players_view, GTK_TYPE_WIDGET)

static GtkWidget *
cell (const char *text,
      const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* Shows @text in @label unless it already does; returns whether it changed.
 * Most amounts stay the same in a history step, and an accessible name set
 * again costs as much as a changed one. */
static gboolean
set_text_if_changed (GtkWidget  *label,
                     const char *text)
{
  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0)
    return FALSE;
  gtk_label_set_text (GTK_LABEL (label), text);
  return TRUE;
}

static char *
describe_letters (const FxState *s,
                  int            player)
{
  GString *out = g_string_new (NULL);

  for (int l = 0; l < FX_N_LETTERS; l++)
    {
      const FxLetter *letter = &s->letters[l];

      if (letter->use == FX_LETTER_FREE || letter->owner != player)
        continue;
      if (out->len > 0)
        g_string_append (out, "\n");
      if (letter->use == FX_LETTER_CONTRACT)
        {
          g_autofree char *pay = fx_display_money (letter->pay_amount, letter->pay);
          g_autofree char *receive = fx_display_money (letter->receive_amount, letter->receive);

          g_string_append_printf (out, _("Contract %c: pays %s, receives %s"), 'A' + l, pay, receive);
        }
      else
        {
          g_autofree char *owed = fx_display_owed (letter->owed);

          g_string_append_printf (out, _("Loan %c: owes %s"), 'A' + l, owed);
        }
    }
  return g_string_free (out, FALSE);
}

static void
build_card (PlayerCard *pc)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *grid = gtk_grid_new ();

  pc->card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_add_css_class (pc->card, "card");
  gtk_widget_add_css_class (pc->card, "fx-player");
  gtk_widget_set_size_request (pc->card, 300, -1);

  pc->name = gtk_label_new (NULL);
  gtk_widget_add_css_class (pc->name, "title-4");
  gtk_label_set_xalign (GTK_LABEL (pc->name), 0);
  gtk_widget_set_hexpand (pc->name, TRUE);
  pc->to_act = gtk_label_new (_("To act"));
  gtk_widget_add_css_class (pc->to_act, "accent");
  pc->bankrupt = gtk_label_new (_("Bankrupt"));
  gtk_widget_add_css_class (pc->bankrupt, "error");
  gtk_box_append (GTK_BOX (header), pc->name);
  gtk_box_append (GTK_BOX (header), pc->to_act);
  gtk_box_append (GTK_BOX (header), pc->bankrupt);
  g_object_set (header, "margin-top", 10, "margin-start", 12, "margin-end", 12, NULL);
  gtk_box_append (GTK_BOX (pc->card), header);

  gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_widget_add_css_class (grid, "fx-player-cash");
  g_object_set (grid, "margin-start", 12, "margin-end", 12, NULL);
  gtk_grid_attach (GTK_GRID (grid), cell (_("Cash"), "dim-label"), 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), cell (_("Certificates"), "dim-label"), 0, 2, 1, 1);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      pc->cash[c] = cell (NULL, NULL);
      pc->certs[c] = cell (NULL, NULL);
      gtk_grid_attach (GTK_GRID (grid), cell (fx_currency_code (c), "heading"), c + 1, 0, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), pc->cash[c], c + 1, 1, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), pc->certs[c], c + 1, 2, 1, 1);
    }
  gtk_box_append (GTK_BOX (pc->card), grid);

  pc->letters = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (pc->letters), 0);
  gtk_label_set_wrap (GTK_LABEL (pc->letters), TRUE);
  g_object_set (pc->letters, "margin-start", 12, "margin-end", 12, NULL);
  gtk_box_append (GTK_BOX (pc->card), pc->letters);

  pc->standing = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (pc->standing), 0);
  gtk_label_set_wrap (GTK_LABEL (pc->standing), TRUE);
  g_object_set (pc->standing, "margin-start", 12, "margin-end", 12, "margin-bottom", 10, NULL);
  gtk_box_append (GTK_BOX (pc->card), pc->standing);
}

static void
update_card (PlayerCard       *pc,
             const FxSetup    *setup,
             const FxState    *s,
             const FxStanding *standing,
             int               p,
             gboolean          to_act)
{
  g_autofree char *letters = describe_letters (s, p);
  g_autofree char *standing_text = NULL;

  gtk_label_set_text (GTK_LABEL (pc->name), setup->names[p]);
  gtk_widget_set_visible (pc->to_act, to_act);
  xq_css_set_class (pc->card, "to-act", to_act);
  gtk_widget_set_visible (pc->bankrupt, p == s->bankrupt);

  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      g_autofree char *cash = fx_display_amount (s->cash[p][c]);
      g_autofree char *certs = g_strdup_printf ("%u/%d", s->certs[p][c], FX_MAX_CERTS_HELD);
      g_autofree char *cash_name = fx_display_money (s->cash[p][c], c);
      g_autofree char *certs_name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u %s certificate of %d",
                                                                  "%u %s certificates of %d", s->certs[p][c]),
                                                     s->certs[p][c], fx_currency_code (c), FX_MAX_CERTS_HELD);

      /* Each name says what its label shows: an unchanged label keeps it. */
      if (set_text_if_changed (pc->cash[c], cash))
        gtk_accessible_update_property (GTK_ACCESSIBLE (pc->cash[c]), GTK_ACCESSIBLE_PROPERTY_LABEL, cash_name, -1);
      if (set_text_if_changed (pc->certs[c], certs))
        gtk_accessible_update_property (GTK_ACCESSIBLE (pc->certs[c]), GTK_ACCESSIBLE_PROPERTY_LABEL, certs_name, -1);
      xq_css_set_class (pc->certs[c], "certs-full", s->certs[p][c] == FX_MAX_CERTS_HELD);
      xq_css_set_class (pc->certs[c], "dim-label", s->certs[p][c] == 0);
    }

  gtk_label_set_text (GTK_LABEL (pc->letters), letters);
  gtk_widget_set_visible (pc->letters, *letters != '\0');

  if (standing->strongest.strongest != FX_NO_CURRENCY)
    {
      g_autofree char *total = fx_display_money (standing->players[p].total, standing->strongest.strongest);

      if (p == s->bankrupt)
        standing_text = g_strdup_printf (_("Worth %s, but bankrupt: cannot win"), total);
      else if (fx_state_is_over (s))
        standing_text = g_strdup_printf (standing->winners[p] ? _("Final: %s — wins") : _("Final: %s"), total);
      else
        standing_text = g_strdup_printf (standing->winners[p] ? _("If the game ended now: %s — would win")
                                                              : _("If the game ended now: %s"), total);
    }
  else
    standing_text = g_strdup (_("No standing while the strongest currency is tied"));
  gtk_label_set_text (GTK_LABEL (pc->standing), standing_text);
  xq_css_set_class (pc->standing, "success", standing->winners[p]);
  xq_css_set_class (pc->standing, "dim-label", !standing->winners[p]);
}

void
fx_players_view_set_state (FxPlayersView *self,
                           const FxSetup *setup,
                           const FxState *s,
                           gboolean       live)
{
  FxStanding standing;
  int to_act = s->spot_actor != FX_NO_PLAYER ? s->spot_actor : s->next_player;

  g_return_if_fail (FX_IS_PLAYERS_VIEW (self));

  while (self->n_cards < s->n_players)
    {
      build_card (&self->cards[self->n_cards]);
      gtk_box_append (GTK_BOX (self->box), self->cards[self->n_cards].card);
      self->n_cards++;
    }
  while (self->n_cards > s->n_players)
    gtk_box_remove (GTK_BOX (self->box), self->cards[--self->n_cards].card);

  fx_score_standing (s, &standing);
  for (int p = 0; p < s->n_players; p++)
    update_card (&self->cards[p], setup, s, &standing, p, live && !fx_state_is_over (s) && p == to_act);
}

/* libadwaita's card radius, which style.css also gives the player cards. */
#define CARD_RADIUS 12.f

/* A card's rounded background as GTK draws it, in pieces that do not
 * overlap: three plain bands and four rounded corners. Drawn whole, the
 * background is one colour inside a rounded clip, and a software GL renderer
 * (llvmpipe) computes the rounded edge for every pixel of every card each
 * frame, the most costly part of redrawing the table after a history step;
 * in pieces only the corners pay for it. The pieces meet on whole pixels, so
 * even a translucent colour (dark style) shows no seams. */
static void
snapshot_card_background (GtkSnapshot           *snapshot,
                          const graphene_rect_t *card,
                          const GdkRGBA         *color)
{
  float x = card->origin.x, y = card->origin.y, w = card->size.width, h = card->size.height;
  float r = CARD_RADIUS;
  GskRoundedRect rounded;

  if (w < 2 * r || h < 2 * r)
    return;
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x, y + r, w, h - 2 * r));
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x + r, y, w - 2 * r, r));
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x + r, y + h - r, w - 2 * r, r));
  gsk_rounded_rect_init_from_rect (&rounded, card, r);
  gtk_snapshot_push_rounded_clip (snapshot, &rounded);
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x, y, r, r));
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x + w - r, y, r, r));
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x, y + h - r, r, r));
  gtk_snapshot_append_color (snapshot, color, &GRAPHENE_RECT_INIT (x + w - r, y + h - r, r, r));
  gtk_snapshot_pop (snapshot);
}

static void
fx_players_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  FxPlayersView *self = FX_PLAYERS_VIEW (widget);
  GdkRGBA color;

  /* style.css takes the cards' own background away (see above). */
  if (gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "card_bg_color", &color))
    for (guint i = 0; i < self->n_cards; i++)
      {
        graphene_rect_t bounds;

        if (gtk_widget_get_mapped (self->cards[i].card)
            && gtk_widget_compute_bounds (self->cards[i].card, widget, &bounds))
          snapshot_card_background (snapshot, &bounds, &color);
      }
  gtk_widget_snapshot_child (widget, self->box, snapshot);
}

static void
fx_players_view_dispose (GObject *object)
{
  FxPlayersView *self = FX_PLAYERS_VIEW (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (fx_players_view_parent_class)->dispose (object);
}

static void
fx_players_view_class_init (FxPlayersViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fx_players_view_dispose;
  widget_class->snapshot = fx_players_view_snapshot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
fx_players_view_init (FxPlayersView *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Players"), -1);
}

GtkWidget *
fx_players_view_new (void)
{
  return g_object_new (FX_TYPE_PLAYERS_VIEW, NULL);
}
