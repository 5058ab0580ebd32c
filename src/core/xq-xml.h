/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Small libxml2 helpers shared by the session format and the games' elements. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

#include "xq-amount.h"

G_BEGIN_DECLS

xmlNode  *xq_xml_add_child        (xmlNode     *parent,
                                   const char  *name);
void      xq_xml_set              (xmlNode     *element,
                                   const char  *name,
                                   const char  *value);
void      xq_xml_set_amount       (xmlNode     *element,
                                   const char  *name,
                                   XqAmount     amount);
void      xq_xml_set_uint         (xmlNode     *element,
                                   const char  *name,
                                   guint        value);
char     *xq_xml_get              (xmlNode     *element,
                                   const char  *name);
const char *xq_xml_peek         (xmlNode     *element,
                                   const char  *name);
gboolean  xq_xml_is               (xmlNode     *node,
                                   const char  *name);
xmlNode  *xq_xml_first_child      (xmlNode     *parent,
                                   const char  *name);
xmlNode  *xq_xml_next_sibling     (xmlNode     *node,
                                   const char  *name);
gboolean  xq_xml_equal            (xmlNode     *a,
                                   xmlNode     *b,
                                   char       **difference);
GBytes   *xq_xml_write_document   (xmlNode     *root,
                                   gsize        size_hint);

G_END_DECLS
