/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A scrolled window that cannot scroll, laid out as its content. */
#pragma once

#include "xq-width-first-layout.h"

G_BEGIN_DECLS

#define XQ_TYPE_UNSCROLLED_LAYOUT (xq_unscrolled_layout_get_type ())
G_DECLARE_FINAL_TYPE (XqUnscrolledLayout, xq_unscrolled_layout, XQ, UNSCROLLED_LAYOUT, XqWidthFirstLayout)

G_END_DECLS
