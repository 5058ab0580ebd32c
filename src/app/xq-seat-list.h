/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The players of a new game in seating order: a row per seat with its name,
 * and buttons that move the name up or down or remove the seat. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The most seats any game has: the new-game dialog's list holds this many. */
#define XQ_SEAT_LIST_MAX_SEATS 6

typedef struct _XqSeatList XqSeatList;

/* Called after any change: a name typed, moved or removed, a seat added. */
typedef void (*XqSeatListChanged) (gpointer user_data);

XqSeatList *xq_seat_list_new         (AdwPreferencesGroup *group,
                                      guint                max_seats,
                                      XqSeatListChanged    changed,
                                      gpointer             user_data);
void        xq_seat_list_free        (XqSeatList          *list);
void        xq_seat_list_add         (XqSeatList          *list);
guint       xq_seat_list_get_n_seats (XqSeatList          *list);
const char *xq_seat_list_get_name    (XqSeatList          *list,
                                      guint                seat);
GtkWidget  *xq_seat_list_get_row     (XqSeatList          *list,
                                      guint                seat);
guint       xq_seat_list_get_starter (XqSeatList          *list);
void        xq_seat_list_set_starter (XqSeatList          *list,
                                      guint                seat);

G_END_DECLS
