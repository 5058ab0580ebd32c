/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The error domain quarks. */

#include "config.h"

#include "xq-error.h"

G_DEFINE_QUARK (xq-rule-error-quark, xq_rule_error)
G_DEFINE_QUARK (xq-notation-error-quark, xq_notation_error)
G_DEFINE_QUARK (xq-file-error-quark, xq_file_error)
