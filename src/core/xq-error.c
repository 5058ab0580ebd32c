/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The error domain quarks, and the rules' refusal. */

#include "config.h"

#include "xq-error.h"

G_DEFINE_QUARK (xq-rule-error-quark, xq_rule_error)
G_DEFINE_QUARK (xq-notation-error-quark, xq_notation_error)
G_DEFINE_QUARK (xq-file-error-quark, xq_file_error)

/**
 * xq_rule_refuse:
 * @error: return location for a #GError, or %NULL
 * @format: the sentence naming the rule, translated
 *
 * Sets an %XQ_RULE_ERROR_REFUSED error; use XQ_RULE_REFUSE() so that the
 * sentence is only made when someone reads it.
 *
 * Returns: %FALSE, so a rule can `return XQ_RULE_REFUSE (error, …)`
 */
gboolean
xq_rule_refuse (GError     **error,
                const char  *format,
                ...)
{
  va_list args;

  va_start (args, format);
  if (error != NULL)
    *error = g_error_new_valist (XQ_RULE_ERROR, XQ_RULE_ERROR_REFUSED, format, args);
  va_end (args);
  return FALSE;
}
