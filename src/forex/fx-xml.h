/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For-Ex elements of the session XML: setup, move data and state snapshot. */
#pragma once

#include "xq-xml.h"

#include "fx-state.h"

G_BEGIN_DECLS

void      fx_xml_write_setup     (const FxSetup       *setup,
                                  xmlNode             *setup_element);
gboolean  fx_xml_read_setup      (FxSetup             *setup,
                                  const char * const  *names,
                                  guint                n_names,
                                  xmlNode             *setup_element,
                                  GError             **error);
void      fx_xml_write_move      (const FxSetup       *setup,
                                  const FxMove        *move,
                                  xmlNode             *move_element);
void      fx_xml_write_snapshot  (const FxSetup       *setup,
                                  const FxState       *state,
                                  xmlNode             *snapshot_element);

G_END_DECLS
