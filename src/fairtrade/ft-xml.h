/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade elements of the session XML: setup, move data and state snapshot. */
#pragma once

#include "xq-xml.h"

#include "ft-state.h"

G_BEGIN_DECLS

void      ft_xml_write_setup     (const FtSetup       *setup,
                                  xmlNode             *setup_element);
gboolean  ft_xml_read_setup      (FtSetup             *setup,
                                  const char * const  *names,
                                  guint                n_names,
                                  xmlNode             *setup_element,
                                  GError             **error);
void      ft_xml_write_move      (const FtSetup       *setup,
                                  const FtMove        *move,
                                  xmlNode             *move_element);
void      ft_xml_write_snapshot  (const FtSetup       *setup,
                                  const FtState       *state,
                                  xmlNode             *snapshot_element);

G_END_DECLS
