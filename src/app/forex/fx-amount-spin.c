/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A spin button for money, shared by the correction and count dialogs: the
 * value is always a multiple of 0.5 (the button snaps to its step), shown as
 * the rest of the app shows money ("7.5" or "7,5" by locale, "2" not "2.0"),
 * and typed with the locale's separator, "." or ",". */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "fx-amount-spin.h"
#include "fx-display.h"

/**
 * fx_amount_spin_get:
 * @spin: a spin button set up with fx_amount_spin_setup()
 *
 * The one place a double meets money: the value becomes half-bucks exactly.
 *
 * Returns: the value in half-bucks
 */
XqAmount
fx_amount_spin_get (GtkSpinButton *spin)
{
  double value = gtk_spin_button_get_value (spin) * 2.0;

  return (XqAmount) (value >= 0 ? value + 0.5 : value - 0.5);
}

static gboolean
amount_output (GtkSpinButton *spin,
               gpointer       user_data)
{
  g_autofree char *text = fx_display_amount (fx_amount_spin_get (spin));

  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
amount_input (GtkSpinButton *spin,
              double        *new_value,
              gpointer       user_data)
{
  const char *point = localeconv ()->decimal_point;
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  g_autoptr(GString) ascii = g_string_new (NULL);
  char *end = NULL;
  double value;

  for (const char *p = text; *p; p++)
    {
      if (point != NULL && *point != '\0' && strncmp (p, point, strlen (point)) == 0)
        {
          g_string_append_c (ascii, '.');
          p += strlen (point) - 1;
        }
      else if (*p == ',')
        g_string_append_c (ascii, '.');
      else
        g_string_append_c (ascii, *p);
    }
  if (ascii->len == 0)
    return GTK_INPUT_ERROR;
  value = g_ascii_strtod (ascii->str, &end);
  if (end == NULL || *end != '\0')
    return GTK_INPUT_ERROR;
  *new_value = value;
  return TRUE;
}

/**
 * fx_amount_spin_setup:
 * @spin: a spin button whose range and step its owner sets
 */
void
fx_amount_spin_setup (GtkSpinButton *spin)
{
  gtk_spin_button_set_numeric (spin, FALSE);
  g_signal_connect (spin, "output", G_CALLBACK (amount_output), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (amount_input), NULL);
}

/**
 * fx_amount_spin_show:
 * @spin: a spin button set up with fx_amount_spin_setup()
 *
 * Writes the value anew: the same value may need another look when the
 * digits changed.
 */
void
fx_amount_spin_show (GtkSpinButton *spin)
{
  amount_output (spin, NULL);
}
