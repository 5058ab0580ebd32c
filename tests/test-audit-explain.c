/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The audit window explains every number (issue #17, item 3): a Dividends
 * table with the currency each dividend strengthened and why, the note under
 * the result on the corrections it rests on (kept up to date as moves are
 * played and undone), every correction whole; screenshots at every size,
 * light and dark. */

#include "config.h"

#include <string.h>

#include "fx-audit-window.h"
#include "fx-random-play.h"
#include "fx-sentence.h"
#include "ui-support.h"

static XqApplication *app;

/* Two ties chosen (card 0 with nobody holding a certificate, card 2 with
 * EUR and USD one each), then USD ahead; corrections of nine kinds between,
 * reasons with quotes among them. The audit and the report tests share it. */
static char *
read_game_corrected (void)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (TEST_DATA_DIR "/for-ex-corrected.xqn", &text, NULL, NULL));
  return text;
}

#define NOTE "These numbers rest on 9 corrections (moves 3, 4, 5, 6, 8, 9, 10, 11 and 12)."

/* Move, card, currency strengthened, why: the rows the Dividends table shows. */
static const char *const dividend_rows[][4] = {
  { "1", "0", "GBP", "nobody held a certificate, so all seven currencies tied; Ann chose GBP" },
  { "14", "2", "EUR", "EUR, USD tied for the most certificates in players’ hands (EUR 1, USD 1); Ben chose EUR" },
  { "16", "3", "USD", "the most certificates in players’ hands: USD 2, EUR 1" },
  { "17", "4", "USD", "the most certificates in players’ hands: USD 2, EUR 1" },
};

/* The visible label below @root that reads @text (a heading with @css_class), or NULL. */
static GtkWidget *
find_label (GtkWidget  *root,
            const char *text,
            const char *css_class)
{
  g_autoptr(GPtrArray) labels = ui_find_all (root, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_is_visible (labels->pdata[i]) && strcmp (gtk_label_get_text (labels->pdata[i]), text) == 0
        && (css_class == NULL || gtk_widget_has_css_class (labels->pdata[i], css_class)))
      return labels->pdata[i];
  return NULL;
}

/* The table in the card that follows the section heading @title: a column
 * view, which makes the rows it shows (a long game's table has thousands). */
static GtkColumnView *
section_grid (FxAuditWindow *audit,
              const char    *title)
{
  GtkWidget *heading = find_label (GTK_WIDGET (audit), title, "title-4");

  g_assert_nonnull (heading);
  for (GtkWidget *w = gtk_widget_get_next_sibling (heading); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      if (GTK_IS_LABEL (w) && gtk_widget_has_css_class (w, "title-4"))
        break;
      if (gtk_widget_has_css_class (w, "card"))
        {
          /* The card holds the table in a view that scrolls on its own. */
          g_autoptr(GPtrArray) views = ui_find_all (w, GTK_TYPE_COLUMN_VIEW);

          return views->len > 0 ? GTK_COLUMN_VIEW (g_ptr_array_index (views, 0)) : NULL;
        }
    }
  return NULL;
}

void dump (GtkWidget *w, int d);
void dump (GtkWidget *w, int d) { g_printerr ("%*s%s %s %s\n", d*2, "", G_OBJECT_TYPE_NAME (w), gtk_widget_get_css_name (w), GTK_IS_LABEL (w) ? gtk_label_get_text (GTK_LABEL (w)) : ""); if (d > 5) return; for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c)) dump (c, d + 1); }
/* The rows the table holds, made or not. */
static guint
grid_n_rows (GtkColumnView *grid)
{
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (grid)));
}

static const char *
grid_text (GtkColumnView *grid,
           int            column,
           int            row)
{
  GtkWidget *label = ui_column_view_cell (grid, (guint) column, (guint) row);

  if (!GTK_IS_LABEL (label)) dump (GTK_WIDGET (grid), 0);
  g_assert_true (GTK_IS_LABEL (label));
  /* Whole: a cell wraps, it never ends in "…". */
  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
  return gtk_label_get_text (GTK_LABEL (label));
}

/* The note under the result, or NULL: between "Totals and winner" and the
 * next section (the queue's forecast of an unfinished game, or the readings). */
static GtkWidget *
result_note (FxAuditWindow *audit)
{
  GtkWidget *heading = find_label (GTK_WIDGET (audit), "Totals and winner", "title-4");
  GtkWidget *note = NULL;

  g_assert_nonnull (heading);
  for (GtkWidget *w = gtk_widget_get_next_sibling (heading); w != NULL; w = gtk_widget_get_next_sibling (w))
    {
      if (GTK_IS_LABEL (w) && gtk_widget_has_css_class (w, "title-4"))
        {
          const char *next = gtk_label_get_text (GTK_LABEL (w));

          g_assert_true (g_str_equal (next, "Rulebook readings") || g_str_equal (next, "The queue"));
          break;
        }
      if (GTK_IS_LABEL (w) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (w)), "These numbers rest on"))
        note = w;
    }
  return note;
}

/* Scrolls the audit page so that @widget's top is at the top of the view. */
static void
scroll_to (GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)),
                                            &bounds));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + bounds.origin.y - 12);
  ui_settle ();
}

/* @widget on screen. On a phone the audit's page scrolls sideways (its
 * conversion tables are wider than the phone: fx-audit-window.c), and a
 * paragraph is as wide as the page: there its start and its whole height
 * are in view, the rest a sideways scroll away. */
static void
assert_shown (GtkWidget    *widget,
              const char   *what,
              const UiSize *size)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds, in_view;

  if (size->width >= 700)
    {
      ui_assert_in_view (widget, what, size->name);
      return;
    }
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, window, &bounds));
  g_assert_true (gtk_widget_compute_bounds (widget, scrolled, &in_view));
  if (bounds.origin.x < 0 || bounds.origin.x > gtk_widget_get_width (window) / 4
      || in_view.origin.y < -0.5 || in_view.origin.y + in_view.size.height > gtk_widget_get_height (scrolled) + 0.5)
    g_error ("%s at %s: at %.0f,%.0f %.0f×%.0f, not in view", what, size->name, bounds.origin.x, bounds.origin.y,
             bounds.size.width, bounds.size.height);
}

static void
test_corrected_game (void)
{
  g_autofree char *game_corrected = read_game_corrected ();
  g_autoptr(XqSession) session = fx_test_parse (game_corrected);
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  const XqGame *game = xq_session_get_game (session);
  g_autofree char *text = NULL;
  GtkWidget *note;
  GtkColumnView *grid;

  fx_audit_window_show_page (audit, "audit");
  ui_settle ();

  /* The dividends: one row each, header first. */
  grid = section_grid (audit, "Dividends");
  g_assert_nonnull (grid);
  g_assert_cmpstr (grid_text (grid, 0, 0), ==, "Move");
  g_assert_cmpstr (grid_text (grid, 2, 0), ==, "Strengthened");
  for (guint i = 0; i < G_N_ELEMENTS (dividend_rows); i++)
    for (int column = 0; column < 4; column++)
      g_assert_cmpstr (grid_text (grid, column, (int) i + 1), ==, dividend_rows[i][column]);
  g_assert_cmpuint (grid_n_rows (grid), ==, G_N_ELEMENTS (dividend_rows));
  g_assert_null (ui_column_view_cell (grid, 0, G_N_ELEMENTS (dividend_rows) + 1));

  /* The result says what it rests on. */
  note = result_note (audit);
  g_assert_nonnull (note);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (note)), ==, NOTE);
  g_assert_true (gtk_widget_has_css_class (note, "warning"));

  /* Every correction in the history's words, its reason whole. */
  grid = section_grid (audit, "Corrections");
  g_assert_nonnull (grid);
  for (guint i = 0, row = 1; i < xq_session_get_n_moves (session); i++)
    {
      const char *reason = xq_session_get_move_reason (session, i);
      g_autofree char *number = g_strdup_printf ("%u", i + 1);
      g_autofree char *sentence = NULL;
      FxState before;

      if (!game->move_is_correction (xq_session_get_move (session, i)))
        continue;
      xq_session_get_state_at (session, i, &before);
      sentence = fx_sentence_move (xq_session_get_setup (session), &before, xq_session_get_move (session, i));
      g_assert_cmpstr (grid_text (grid, 0, (int) row), ==, number);
      g_assert_cmpstr (grid_text (grid, 1, (int) row), ==, sentence);
      g_assert_cmpstr (grid_text (grid, 2, (int) row), ==, reason != NULL ? reason : "no reason given");
      row++;
    }
  text = ui_collect_text (GTK_WIDGET (audit));
  g_assert_nonnull (strstr (text, "Correction: Ann’s loan B is removed from the queue"));
  g_assert_nonnull (strstr (text, "he said \"I bought one\""));

  /* Seen as an auditor sees it, at every size: the result and its note,
   * then the dividends. */
  for (guint s = 0; s < UI_N_SIZES; s++)
    {
      g_autofree char *top = g_strdup_printf ("audit-explain-result-%s", ui_sizes[s].name);
      g_autofree char *bottom = g_strdup_printf ("audit-explain-dividends-%s", ui_sizes[s].name);
      GtkWidget *dividends = find_label (GTK_WIDGET (audit), "Dividends", "title-4");

      ui_resize (GTK_WINDOW (audit), &ui_sizes[s]);
      scroll_to (find_label (GTK_WIDGET (audit), "Totals and winner", "title-4"));
      assert_shown (result_note (audit), "the result's note", &ui_sizes[s]);
      ui_screenshot_light_and_dark (GTK_WIDGET (audit), top);
      scroll_to (dividends);
      assert_shown (dividends, "the Dividends heading", &ui_sizes[s]);
      ui_assert_in_view (ui_column_view_cell (section_grid (audit, "Dividends"), 2, 1), "the first dividend's currency",
                         ui_sizes[s].name);
      ui_screenshot_light_and_dark (GTK_WIDGET (audit), bottom);
    }
  ui_close_with_audit (window, audit);
}

/* The note follows the game: a correction that changed the table brings
 * it, one that confirmed the table adds nothing, undo takes it away; a game
 * with no dividend yet says so. */
static void
test_follows_game (void)
{
  g_autoptr(XqSession) full = fx_test_parse ("game for-ex\nplayers Ann Ben Cat\nremoved USD JPY JPY CNY EUR GBP\n"
                                        "invest Ann GBP\n"
                                        "correct cash Ben EUR 5 \"counted again\"\n"
                                        "correct cash Cat EUR 2 \"counted: as the app has it\"\n"
                                        "resolve Ben\n");
  g_autoptr(XqSession) session = ui_session_prefix (full, 1);
  XqWindow *window = ui_window_with (app, session);
  FxAuditWindow *audit = ui_open_audit (window);
  GtkColumnView *grid;

  fx_audit_window_show_page (audit, "audit");
  ui_settle ();
  g_assert_null (result_note (audit));
  g_assert_null (section_grid (audit, "Dividends"));
  g_assert_nonnull (find_label (GTK_WIDGET (audit), "No dividend has been resolved yet.", NULL));

  for (guint i = 1; i < xq_session_get_n_moves (full); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (xq_session_play (session, xq_session_get_move (full, i), xq_session_get_move_reason (full, i),
                                      &error));
      g_assert_no_error (error);
    }
  ui_wait_audit_loaded (audit);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (result_note (audit))), ==,
                   "These numbers rest on 1 correction (move 2).");
  grid = section_grid (audit, "Dividends");
  g_assert_nonnull (grid);
  g_assert_cmpstr (grid_text (grid, 0, 1), ==, "4");
  g_assert_cmpstr (grid_text (grid, 2, 1), ==, "GBP");
  g_assert_cmpstr (grid_text (grid, 3, 1), ==, "the most certificates in players’ hands: GBP 1");

  while (xq_session_can_undo (session) && xq_session_get_n_moves (session) > 1)
    g_assert_true (xq_session_undo (session));
  ui_wait_audit_loaded (audit);
  g_assert_null (result_note (audit));
  ui_close_with_audit (window, audit);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);
  if (app == NULL)
    return g_test_run ();

  g_test_add_func ("/audit-explain/corrected-game", test_corrected_game);
  g_test_add_func ("/audit-explain/follows-game", test_follows_game);

  return ui_test_run (&app);
}
