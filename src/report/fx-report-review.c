/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report's review page: the margins graph, each player's losses, the
 * turning point and the five costliest turns, as the audit window shows them. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-chart.h"
#include "fx-report-draw.h"
#include "fx-report-private.h"
#include "fx-report-text.h"
#include "fx-review-summary.h"

#define REVIEW_COSTLIEST 5

/* A paragraph set close to the next: the five turns must fit under the graph. */
static void
tight (Doc        *d,
       const char *font,
       const char *text,
       double      after)
{
  report_ink (d, 0.1);
  fx_report_draw_text (d->cr, font, text, MARGIN, d->y, CONTENT_W, PANGO_ALIGN_LEFT);
  d->y += report_text_height (d, font, text, CONTENT_W) + after;
}

static void
review_chart (Doc                   *d,
              const FxReviewSummary *review,
              double                 height)
{
  guint n_points = review->review.n_turns + 1;
  g_autofree double *values = g_new (double, (gsize) n_points * FX_MAX_PLAYERS);
  g_autofree XqChartMark *marks = g_new (XqChartMark, MAX (review->review.n_turns, 1));
  g_autofree char *rule_label = fx_review_summary_rule_label (review);
  XqChartLine lines[FX_MAX_PLAYERS];
  PangoFontDescription *font = pango_font_description_from_string ("Sans 7");
  XqChartStyle style = { .fg = { 0.1, 0.1, 0.1 }, .font = font, .line_width = 1.4 };
  XqChart chart = {
    .y_title = _("Margin in bucks"),
    /* TRANSLATORS: the review graph's horizontal axis */
    .x_title = _("After turn (0 is the start of the game)"),
    .format = fx_chart_format_bucks,
    .unit = 0.5,
    .n_points = n_points,
    .lines = lines,
    .n_lines = review->review.n_players,
    .hover = G_MAXUINT,
    .marks = marks,
    .n_marks = fx_review_summary_marks (review, marks),
    .rule = fx_review_summary_rule (review),
    .rule_label = rule_label,
  };

  for (guint p = 0; p < review->review.n_players; p++)
    {
      double *v = values + (gsize) p * n_points;

      fx_review_margin_values (review, p, v);
      lines[p] = (XqChartLine) { report_player (d, (int) p), p, v };
    }
  cairo_save (d->cr);
  cairo_translate (d->cr, MARGIN, d->y);
  xq_chart_draw (d->cr, &chart, &style, CONTENT_W, height, NULL);
  cairo_restore (d->cr);
  pango_font_description_free (font);
  d->y += height;
}

static void
review_players (Doc                   *d,
                const FxReviewSummary *review)
{
  const double widths[] = { 0.34, 0.14, 0.28, 0.24 };
  const char *header[] = { _("Player"), _("Turns"), _("Total loss in bucks"), _("Largest loss") };

  d->y += 4;
  report_table_row (d, header, widths, 4, TRUE);
  for (guint p = 0; p < review->review.n_players; p++)
    {
      const FxReviewPlayer *player = &review->review.players[p];
      g_autofree char *turns = g_strdup_printf ("%u", player->turns);
      g_autofree char *total = report_amount_text (player->total_loss);
      g_autofree char *largest = report_amount_text (player->largest_loss);
      const char *cells[] = { report_player (d, (int) p), turns, total, largest };

      report_table_row (d, cells, widths, 4, FALSE);
    }
}

static void
review_costliest (Doc                   *d,
                  const FxReviewSummary *review)
{
  report_heading (d, _("The five costliest turns"));
  if (review->n_costliest == 0)
    {
      report_paragraph (d, "Sans 9", _("Every turn was the best its player could take."));
      return;
    }
  for (guint k = 0; k < MIN (review->n_costliest, REVIEW_COSTLIEST); k++)
    {
      guint t = review->costliest[k];
      const FxReviewNote *note = &review->notes[t];
      g_autofree char *title = fx_review_summary_turn_title (review, t);
      g_autofree char *loss = fx_review_summary_loss_text (review, t);

      g_autofree char *heading = NULL;
      g_autofree char *played = NULL;
      g_autofree char *better = NULL;

      /* TRANSLATORS: a costly turn in the report: "Turn 12 · move 23 · Agnes — Costly: lost 3 bucks" */
      heading = g_strdup_printf (_("%s — %s"), title, loss);
      /* TRANSLATORS: the turn as played, in the history's words */
      played = g_strdup_printf (_("Played: %s."), note->played);
      /* TRANSLATORS: the best alternative, then what it would have changed */
      better = g_strdup_printf (_("Better: %s — %s."), note->better, note->change);
      tight (d, "Sans Bold 8.5", heading, 1);
      tight (d, "Sans 8", played, 0);
      tight (d, "Sans 8", better, 0);
      d->y += 3;
    }
}

/* Everything under the graph. */
static void
review_text (Doc                   *d,
             const FxReviewSummary *review)
{
  g_autofree char *turning = fx_review_summary_turning_point (review);
  g_autofree char *grades = fx_review_summary_grades_text (review);
  g_autofree char *marks = NULL;

  d->y += 4;
  report_paragraph (d, "Sans Bold 10", turning);
  review_players (d, review);
  review_costliest (d, review);
  /* TRANSLATORS: the grades' explanation, then the graph's marks */
  marks = g_strdup_printf (_("A turn’s loss is how much more the best legal turn would have left its player’s "
                             "projected margin (projected total minus the best other player’s). %s On the graph, ◆ "
                             "marks a decisive turn and ● another of the five costliest."), grades);
  tight (d, "Sans 7", marks, 0);
}

void
report_page_review (Doc *d)
{
  const FxReviewSummary *review = d->review;

  report_begin_page (d, _("Game review"));
  if (review == NULL)
    report_paragraph (d, "Sans 10", _("This game has not been reviewed: use Review the Game in the audit window, "
                                      "then print again."));
  else if (review->review.n_turns == 0)
    report_paragraph (d, "Sans 10", _("No turn has been played yet."));
  else
    {
      cairo_t *page_cr = d->cr;
      cairo_surface_t *nowhere = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
      double top, text_h;
      guint zebra;

      report_heading (d, _("Each player’s projected margin, turn by turn"));
      /* The text is set first where nothing shows, to measure it: the graph
       * takes the height it leaves, so long names and sentences never run
       * into the footer. */
      top = d->y;
      zebra = d->zebra;
      d->cr = cairo_create (nowhere);
      review_text (d, review);
      text_h = d->y - top;
      cairo_destroy (d->cr);
      cairo_surface_destroy (nowhere);
      d->cr = page_cr;
      d->y = top;
      d->zebra = zebra;

      review_chart (d, review, CLAMP (BODY_BOTTOM - top - text_h - 2, 110, 240));
      review_text (d, review);
    }
  report_end_page (d);
}
