/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A fast validator for the subset of RelaxNG the session schema is written in. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

#include "xq-xml.h"

G_BEGIN_DECLS

typedef struct _XqSchema XqSchema;

XqSchema *xq_schema_new      (xmlDoc          *rng,
                              GError         **error);
gboolean  xq_schema_validate (const XqSchema  *schema,
                              XqXmlNode       *root,
                              char           **problem,
                              guint           *line);
void      xq_schema_free     (XqSchema        *schema);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqSchema, xq_schema_free)

G_END_DECLS
