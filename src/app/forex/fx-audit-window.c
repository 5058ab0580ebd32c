/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FxAuditWindow: the audit, statistics and charts of a For-Ex game, kept up to date as it is played. */

#include "config.h"

#include <glib/gi18n.h>

#include "fx-audit-window-private.h"
#include "xq-a11y.h"

G_DEFINE_FINAL_TYPE (FxAuditWindow, fx_audit_window, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The what-if list: the rules' choice first, then the seven currencies. */
#define WHAT_IF_RULES 0

static void
fill_charts (FxAuditWindow *self)
{
  FxSeries *series;
  const FxSetup *setup;
  g_autofree double *values = NULL;
  FxAuditChart *chart;
  guint pair = gtk_drop_down_get_selected (self->pair);

  /* The pair can change before the first load is done. */
  if (self->data == NULL)
    return;
  series = self->data->series;
  setup = xq_session_get_setup (self->game);
  values = g_new (double, series->n_points);

  chart = FX_AUDIT_CHART (self->charts[FX_AUDIT_CHART_STRENGTH]);
  fx_audit_chart_clear (chart, series->n_points);
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    {
      fx_chart_strength_values (series, c, values);
      fx_audit_chart_add_line (chart, fx_currency_code (c), (guint) c, values);
    }

  chart = FX_AUDIT_CHART (self->charts[FX_AUDIT_CHART_STANDINGS]);
  fx_audit_chart_clear (chart, series->n_points);
  for (guint p = 0; p < series->n_players; p++)
    {
      fx_chart_standing_values (series, p, values);
      fx_audit_chart_add_line (chart, setup->names[p], p, values);
    }

  chart = FX_AUDIT_CHART (self->charts[FX_AUDIT_CHART_RATE]);
  fx_audit_chart_clear (chart, series->n_points);
  if (pair < FX_N_PAIRS)
    {
      g_autofree char *label = NULL;
      FxCurrency a, b;

      fx_pair_currencies (pair, &a, &b);
      /* TRANSLATORS: the rate chart's line: what 1 GBP buys in EUR */
      label = g_strdup_printf (_("1 %s in %s"), fx_currency_code (a), fx_currency_code (b));
      fx_chart_rate_values (series, pair, values);
      fx_audit_chart_add_line (chart, label, 0, values);
    }
}

/* The pages, from the figures the last load worked out (fx-audit-load.c):
 * a few dozen widgets whatever the game's length. */
void
fx_audit_fill (FxAuditWindow *self)
{
  const FxState *state = xq_session_get_state (self->game);
  const char *status;

  if (state->status == FX_STATUS_PLAYING)
    status = _("Provisional: the game is still being played. The totals and winner are projected, as if every turn "
               "from now on were a resolve; the conversions show the table as it is now.");
  else if (state->status == FX_STATUS_BANKRUPT)
    status = _("Final: the game ended with a bankruptcy.");
  else
    status = _("Final: the game ended when the queue was empty.");
  gtk_label_set_text (self->status_label, status);
  if (state->status == FX_STATUS_PLAYING)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "warning");
  adw_window_title_set_subtitle (self->title, state->status == FX_STATUS_PLAYING ? _("Provisional") : _("Final"));
  fx_audit_fill_audit (self);
  fx_audit_fill_stats (self);
  fill_charts (self);
}

/* A move played or undone: the review no longer describes the game at once;
 * the rest is worked out again on a worker, the pages showing the last
 * figures meanwhile. */
static void
refresh (FxAuditWindow *self)
{
  fx_audit_review_reset (self);
  fx_audit_load (self);
}

static void
point_activated (FxAuditChart  *chart,
                 guint          point,
                 FxAuditWindow *self)
{
  if (self->parent != NULL && self->select_move != NULL)
    self->select_move (self->parent, point);
}

GtkWidget *
fx_audit_scrolled_page (GtkWidget **out_box)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  /* The page scrolls only up and down: a table wider than a phone scrolls
   * sideways in its own card (fx_audit_card). */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 1100);
  adw_clamp_set_tightening_threshold (ADW_CLAMP (clamp), 800);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  *out_box = box;
  return scrolled;
}

static GtkWidget *
labelled (const char *text,
          GtkWidget  *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  /* On a phone the question wraps beside its answer. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), widget);
  return box;
}

static GtkWidget *
build_audit_page (FxAuditWindow *self)
{
  GtkWidget *box;
  GtkWidget *page = fx_audit_scrolled_page (&box);
  g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);

  self->status_label = GTK_LABEL (fx_audit_paragraph ("", NULL));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status_label));
  gtk_string_list_append (choices, _("As the rules decide"));
  for (int c = 0; c < FX_N_CURRENCIES; c++)
    gtk_string_list_append (choices, fx_currency_code (c));
  self->what_if = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&choices)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->what_if),
                               _("Recompute the standings as if another currency were the strongest"));
  g_signal_connect_object (self->what_if, "notify::selected", G_CALLBACK (fx_audit_fill_audit), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), labelled (_("_What if the strongest currency were"), GTK_WIDGET (self->what_if)));
  self->audit_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->audit_box));
  return page;
}

static GtkWidget *
build_stats_page (FxAuditWindow *self)
{
  GtkWidget *box;
  GtkWidget *page = fx_audit_scrolled_page (&box);

  self->stats_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stats_box));
  return page;
}

static GtkWidget *
build_charts_page (FxAuditWindow *self)
{
  GtkWidget *box;
  GtkWidget *page = fx_audit_scrolled_page (&box);
  g_autoptr(GtkStringList) pairs = gtk_string_list_new (NULL);

  gtk_box_append (GTK_BOX (box), fx_audit_paragraph (_("Hover over a chart to read its values after each move; "
                                                       "click to show that move in the history."), "dim-label"));
  self->charts[FX_AUDIT_CHART_STRENGTH] = fx_audit_chart_new (_("Pairs won"), fx_chart_format_count);
  self->charts[FX_AUDIT_CHART_STANDINGS] = fx_audit_chart_new (_("Bucks"), fx_chart_format_bucks);
  self->charts[FX_AUDIT_CHART_RATE] = fx_audit_chart_new (_("Rate"), fx_chart_format_rate);
  /* Counts and track steps are whole; standings come in half-bucks. */
  fx_audit_chart_set_unit (FX_AUDIT_CHART (self->charts[FX_AUDIT_CHART_STRENGTH]), 1);
  fx_audit_chart_set_unit (FX_AUDIT_CHART (self->charts[FX_AUDIT_CHART_STANDINGS]), 0.5);
  fx_audit_chart_set_unit (FX_AUDIT_CHART (self->charts[FX_AUDIT_CHART_RATE]), 1);
  for (int i = 0; i < FX_AUDIT_N_CHARTS; i++)
    g_signal_connect_object (self->charts[i], "point-activated", G_CALLBACK (point_activated), self, 0);

  gtk_box_append (GTK_BOX (box), fx_audit_heading (_("Currency strength: pairs won by each currency")));
  gtk_box_append (GTK_BOX (box), fx_audit_frame (self->charts[FX_AUDIT_CHART_STRENGTH]));
  gtk_box_append (GTK_BOX (box), fx_audit_heading (_("Standings in the currency strongest at each move")));
  gtk_box_append (GTK_BOX (box), fx_audit_frame (self->charts[FX_AUDIT_CHART_STANDINGS]));
  gtk_box_append (GTK_BOX (box), fx_audit_paragraph (_("A line breaks where the strongest currency was tied and "
                                                       "no standing can be given."), "dim-label"));
  gtk_box_append (GTK_BOX (box), fx_audit_heading (_("Exchange rate of a pair")));
  for (guint i = 0; i < FX_N_PAIRS; i++)
    {
      FxCurrency a, b;
      g_autofree char *name = NULL;

      fx_pair_currencies (i, &a, &b);
      /* TRANSLATORS: a currency pair in the rate chart's list: "GBP / EUR" */
      name = g_strdup_printf (_("%s / %s"), fx_currency_code (a), fx_currency_code (b));
      gtk_string_list_append (pairs, name);
    }
  self->pair = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&pairs)), NULL));
  g_signal_connect_object (self->pair, "notify::selected", G_CALLBACK (fill_charts), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), labelled (_("_Pair"), GTK_WIDGET (self->pair)));
  gtk_box_append (GTK_BOX (box), fx_audit_frame (self->charts[FX_AUDIT_CHART_RATE]));
  return page;
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  fx_audit_window_print (FX_AUDIT_WINDOW (widget));
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  fx_audit_window_export (FX_AUDIT_WINDOW (widget));
}

static void
fx_audit_window_dispose (GObject *object)
{
  FxAuditWindow *self = FX_AUDIT_WINDOW (object);

  if (self->parent != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->parent), (gpointer *) &self->parent);
  self->parent = NULL;
  fx_audit_review_dispose (self);
  fx_audit_load_cancel (self);
  fx_audit_long_tables_clear (self);
  g_clear_object (&self->export_after_review);
  g_clear_object (&self->session);
  self->game = NULL;
  g_clear_pointer (&self->data, fx_audit_data_unref);
  G_OBJECT_CLASS (fx_audit_window_parent_class)->dispose (object);
}

static void
fx_audit_window_finalize (GObject *object)
{
  FxAuditWindow *self = FX_AUDIT_WINDOW (object);

  g_ptr_array_unref (self->jobs);
  G_OBJECT_CLASS (fx_audit_window_parent_class)->finalize (object);
}

static void
fx_audit_window_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  FxAuditWindow *self = FX_AUDIT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fx_audit_window_class_init (FxAuditWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = fx_audit_window_dispose;
  object_class->finalize = fx_audit_window_finalize;
  object_class->get_property = fx_audit_window_get_property;
  /* Whether the figures over every move are being worked out (fx-audit-load.c). */
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                                   | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_install_action (widget_class, "audit.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "audit.export", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "audit.print", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
fx_audit_window_init (FxAuditWindow *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *switcher_title = adw_view_switcher_title_new ();
  GtkWidget *switcher_bar = adw_view_switcher_bar_new ();
  GtkWidget *print = gtk_button_new_with_mnemonic (_("_Print…"));
  GtkWidget *export = gtk_button_new_with_mnemonic (_("_Export…"));
  AdwViewStackPage *page;

  self->jobs = g_ptr_array_new_with_free_func ((GDestroyNotify) fx_audit_job_unref);
  gtk_window_set_title (GTK_WINDOW (self), _("Audit and Statistics"));
  gtk_window_set_default_size (GTK_WINDOW (self), 1000, 820);
  self->stack = ADW_VIEW_STACK (adw_view_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);

  /* AdwViewSwitcherTitle shows the title when narrow; its subtitle says provisional or final. */
  self->title = ADW_WINDOW_TITLE (adw_window_title_new (_("Audit and Statistics"), NULL));
  adw_view_switcher_title_set_stack (ADW_VIEW_SWITCHER_TITLE (switcher_title), self->stack);
  adw_view_switcher_title_set_title (ADW_VIEW_SWITCHER_TITLE (switcher_title), _("Audit and Statistics"));
  g_object_bind_property (self->title, "subtitle", switcher_title, "subtitle", G_BINDING_SYNC_CREATE);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), switcher_title);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (print), "audit.print");
  gtk_widget_set_tooltip_text (print, _("Print the report"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (export), "audit.export");
  gtk_widget_set_tooltip_text (export, _("Save the report as PDF, the standings as CSV or the moves as XQN"));
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), print);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), export);

  page = adw_view_stack_add_titled (self->stack, build_audit_page (self), "audit", _("Audit"));
  adw_view_stack_page_set_icon_name (page, "view-list-symbolic");
  page = adw_view_stack_add_titled (self->stack, build_stats_page (self), "statistics", _("Statistics"));
  adw_view_stack_page_set_icon_name (page, "x-office-spreadsheet-symbolic");
  page = adw_view_stack_add_titled (self->stack, build_charts_page (self), "charts", _("Charts"));
  adw_view_stack_page_set_icon_name (page, "utilities-system-monitor-symbolic");
  page = adw_view_stack_add_titled (self->stack, fx_audit_review_page (self), "review", _("Review"));
  adw_view_stack_page_set_icon_name (page, "emblem-default-symbolic");

  adw_view_switcher_bar_set_stack (ADW_VIEW_SWITCHER_BAR (switcher_bar), self->stack);
  g_object_bind_property (switcher_title, "title-visible", switcher_bar, "reveal", G_BINDING_SYNC_CREATE);
  xq_a11y_name_all_below (header);
  xq_a11y_name_all_below (GTK_WIDGET (self->stack));
  /* Until the first load is done the pages make way for a spinner. */
  self->load_stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->load_stack), TRUE);
  gtk_stack_add_named (self->load_stack, fx_audit_load_page (self), "loading");
  gtk_stack_add_named (self->load_stack, GTK_WIDGET (self->stack), "ready");
  gtk_box_append (GTK_BOX (content), header);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->load_stack));
  gtk_box_append (GTK_BOX (content), switcher_bar);
  /* Confirms an export where it was asked for (fx-audit-export.c). */
  self->toast_overlay = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (self->toast_overlay, content);
  adw_window_set_content (ADW_WINDOW (self), GTK_WIDGET (self->toast_overlay));
}

/**
 * fx_audit_window_new:
 * @parent: the game's window
 * @session: a For-Ex session; the audit follows its moves
 * @select_move: (nullable): called with @parent when a chart point is clicked
 * @mark_moves: (nullable): called with @parent to grade the turns in its
 *   history once the game has been reviewed
 *
 * Returns: (transfer none): the new window, owned by GTK's toplevel list
 */
FxAuditWindow *
fx_audit_window_new (GtkWindow          *parent,
                     XqSession          *session,
                     XqGameUiSelectMove  select_move,
                     XqGameUiMarkMoves   mark_moves)
{
  FxAuditWindow *self;

  g_return_val_if_fail (XQ_IS_SESSION (session), NULL);

  self = g_object_new (FX_TYPE_AUDIT_WINDOW, NULL);
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
      self->parent = parent;
      g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &self->parent);
    }
  self->select_move = select_move;
  self->mark_moves = mark_moves;
  self->session = g_object_ref (session);
  g_signal_connect_object (session, "notify::n-moves", G_CALLBACK (refresh), self, G_CONNECT_SWAPPED);
  fx_audit_load (self);
  return self;
}

XqSession *
fx_audit_window_get_session (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);

  return self->session;
}

void
fx_audit_window_set_what_if (FxAuditWindow *self,
                             int            strongest)
{
  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));
  g_return_if_fail (strongest >= FX_NO_CURRENCY && strongest < FX_N_CURRENCIES);

  gtk_drop_down_set_selected (self->what_if, strongest == FX_NO_CURRENCY ? WHAT_IF_RULES : (guint) strongest + 1);
}

int
fx_audit_window_get_what_if (FxAuditWindow *self)
{
  guint selected;

  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), FX_NO_CURRENCY);

  selected = gtk_drop_down_get_selected (self->what_if);
  return selected == WHAT_IF_RULES || selected == GTK_INVALID_LIST_POSITION ? FX_NO_CURRENCY : (int) selected - 1;
}

void
fx_audit_window_set_pair (FxAuditWindow *self,
                          guint          pair_index)
{
  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));
  g_return_if_fail (pair_index < FX_N_PAIRS);

  gtk_drop_down_set_selected (self->pair, pair_index);
}

/* The shown total of @player, or NULL when no standing is shown. */
const char *
fx_audit_window_get_total_text (FxAuditWindow *self,
                                guint          player)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);
  g_return_val_if_fail (player < FX_MAX_PLAYERS, NULL);

  return self->totals[player] != NULL ? gtk_label_get_text (GTK_LABEL (self->totals[player])) : NULL;
}

GtkWidget *
fx_audit_window_get_chart (FxAuditWindow    *self,
                           FxAuditChartKind  kind)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);
  g_return_val_if_fail (kind < FX_AUDIT_N_CHARTS, NULL);

  return self->charts[kind];
}

void
fx_audit_window_show_page (FxAuditWindow *self,
                           const char    *name)
{
  g_return_if_fail (FX_IS_AUDIT_WINDOW (self));

  adw_view_stack_set_visible_child_name (self->stack, name);
}

const char *
fx_audit_window_get_review_state (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);

  return gtk_stack_get_visible_child_name (self->review_stack);
}

/* Whether the figures over every move are being worked out: the pages show
 * a spinner until the first are, then the last ones until the new are. */
gboolean
fx_audit_window_is_loading (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), FALSE);

  return self->loading;
}

gboolean
fx_audit_window_is_busy (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), FALSE);

  return self->jobs->len > 0;
}

GtkWidget *
fx_audit_window_get_review_chart (FxAuditWindow *self)
{
  g_return_val_if_fail (FX_IS_AUDIT_WINDOW (self), NULL);

  return self->review_chart;
}
