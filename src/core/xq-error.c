/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The error domain quarks, and the one way the core refuses with a sentence. */

#include "config.h"

#include "xq-error.h"

G_DEFINE_QUARK (xq-rule-error-quark, xq_rule_error)
G_DEFINE_QUARK (xq-notation-error-quark, xq_notation_error)
G_DEFINE_QUARK (xq-file-error-quark, xq_file_error)

/**
 * xq_error_fail:
 * @error: return location for a #GError, or %NULL
 * @domain: the error's domain
 * @code: the error's code in @domain
 * @format: the sentence naming the rule or the problem, translated
 *
 * Sets an error, as g_set_error() does, for code that refuses with a
 * sentence and returns at once: the rules (through XQ_RULE_REFUSE(), so that
 * the sentence is only made when someone reads it), the notation parsers and
 * the session loader.
 *
 * Returns: %FALSE, so a check can `return xq_error_fail (error, …)`
 */
gboolean
xq_error_fail (GError     **error,
               GQuark       domain,
               gint         code,
               const char  *format,
               ...)
{
  va_list args;

  va_start (args, format);
  if (error != NULL)
    *error = g_error_new_valist (domain, code, format, args);
  va_end (args);
  return FALSE;
}
