/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Library window's way into the club library, from its workers only. */
#pragma once

#include "xq-library.h"

G_BEGIN_DECLS

XqLibrary *xq_library_worker_open_existing (const char  *uri,
                                            GError     **error);

G_END_DECLS
