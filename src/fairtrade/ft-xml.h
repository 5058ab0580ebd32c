/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair Trade elements of the session XML: setup, move data and state snapshot. */
#pragma once

#include "xq-xml-tree.h"

#include "ft-state.h"

G_BEGIN_DECLS

void      ft_xml_write_setup     (const FtSetup       *setup,
                                  XqXmlElement        *setup_element);
gboolean  ft_xml_read_setup      (FtSetup             *setup,
                                  const char * const  *names,
                                  guint                n_names,
                                  XqXmlNode           *setup_element,
                                  GError             **error);
void      ft_xml_write_move      (const FtSetup       *setup,
                                  const FtMove        *move,
                                  XqXmlElement        *move_element);
void      ft_xml_write_snapshot  (const FtSetup       *setup,
                                  const FtState       *state,
                                  XqXmlElement        *snapshot_element);

G_END_DECLS
