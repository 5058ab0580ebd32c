/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests amount and count parsing and formatting in the notation's exact form. */

#include "config.h"

#include <glib.h>

#include "xq-amount.h"

static void
test_amount_parse_good (void)
{
  static const struct { const char *text; XqAmount half_bucks; } cases[] = {
    { "6", 12 },
    { "7.5", 15 },
    { "0.5", 1 },
    { "0", 0 },
    { "2", 4 },
    { "10", 20 },
    { "15625000", XQ_AMOUNT_MAX },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      XqAmount amount = -12345;

      g_test_message ("parsing “%s”", cases[i].text);
      g_assert_true (xq_amount_parse (cases[i].text, &amount));
      g_assert_cmpint (amount, ==, cases[i].half_bucks);
    }
}

static void
test_amount_parse_bad (void)
{
  static const char *const cases[] = {
    "7.3", "7.", ".5", "-1", "1e3", " 2", "2 ", "", "7.50", "+1",
    "7.0", "0x10", "2,5", "1 000", "½", "7.5.5", "..5", "5..5", "-0.5", "\t2", "2\n",
    "15625000.5",           /* one half-buck past XQ_AMOUNT_MAX */
    "15625001",
    "2147483647",
    "2147483648",
    "4294967296",
    "99999999999999999999999999",
    "18446744073709551617",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      XqAmount amount = -12345;

      g_test_message ("parsing “%s”", cases[i]);
      g_assert_false (xq_amount_parse (cases[i], &amount));
      /* A refusal leaves the output alone. */
      g_assert_cmpint (amount, ==, -12345);
    }
}

static void
test_count_parse (void)
{
  static const char *const bad[] = {
    "", "-1", "+1", " 1", "1 ", "1.5", "0.5", "1e1", "4.0", "0x1", "9999999999999999999999",
  };
  guint count = 999;

  g_assert_true (xq_count_parse ("0", 4, &count));
  g_assert_cmpuint (count, ==, 0);
  g_assert_true (xq_count_parse ("4", 4, &count));
  g_assert_cmpuint (count, ==, 4);
  g_assert_true (xq_count_parse ("17", 100, &count));
  g_assert_cmpuint (count, ==, 17);

  count = 999;
  g_assert_false (xq_count_parse ("5", 4, &count));
  g_assert_cmpuint (count, ==, 999);
  g_assert_false (xq_count_parse ("1", 0, &count));
  g_assert_true (xq_count_parse ("0", 0, &count));
  g_assert_cmpuint (count, ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      count = 999;
      g_test_message ("count “%s”", bad[i]);
      g_assert_false (xq_count_parse (bad[i], G_MAXUINT, &count));
      g_assert_cmpuint (count, ==, 999);
    }
}

static void
test_amount_format (void)
{
  static const struct { XqAmount half_bucks; const char *text; } cases[] = {
    { 15, "7.5" },
    { 4, "2" },
    { 1, "0.5" },
    { 0, "0" },
    { 20, "10" },
    { 21, "10.5" },
    { 2, "1" },
    { XQ_AMOUNT_MAX, "15625000" },
  };
  char buf[XQ_AMOUNT_BUF];

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *dup = NULL;

      g_assert_cmpstr (xq_amount_format (cases[i].half_bucks, buf), ==, cases[i].text);
      /* The return value is the buffer itself. */
      g_assert_true (xq_amount_format (cases[i].half_bucks, buf) == buf);
      dup = xq_amount_to_string (cases[i].half_bucks);
      g_assert_cmpstr (dup, ==, cases[i].text);
    }

  /* Whatever an amount is, it fits the buffer: the extremes of the type. */
  g_assert_cmpstr (xq_amount_format (G_MAXINT32, buf), ==, "1073741823.5");
  g_assert_cmpstr (xq_amount_format (G_MININT32, buf), ==, "-1073741824");
  g_assert_cmpstr (xq_amount_format (-3, buf), ==, "-1.5");
}

static void
test_amount_round_trip (void)
{
  char buf[XQ_AMOUNT_BUF];

  for (XqAmount a = 0; a <= 1000; a++)
    {
      XqAmount back = -1;
      const char *text = xq_amount_format (a, buf);

      g_assert_true (xq_amount_parse (text, &back));
      g_assert_cmpint (back, ==, a);
      /* Never "2.0": a trailing ".5" exactly on the odd amounts. */
      g_assert_cmpint (g_str_has_suffix (text, ".5"), ==, a % 2 == 1);
      for (const char *c = text; *c != '\0' && *c != '.'; c++)
        g_assert_true (g_ascii_isdigit (*c));
      /* No leading zero except for "0" itself and "0.5". */
      g_assert_true (text[0] != '0' || text[1] == '\0' || text[1] == '.');
    }
}


/* A well-formed number above the bound is too large, never malformed. */
static void
test_read_too_large (void)
{
  XqAmount amount = -12345;
  guint count = 999;

  g_assert_cmpint (xq_amount_read ("99999999", XQ_AMOUNT_MAX, &amount), ==, XQ_NUMBER_TOO_LARGE);
  g_assert_cmpint (xq_amount_read ("15625000.5", XQ_AMOUNT_MAX, &amount), ==, XQ_NUMBER_TOO_LARGE);
  g_assert_cmpint (xq_amount_read ("99999999999999999999999999.5", G_MAXINT32, &amount), ==, XQ_NUMBER_TOO_LARGE);
  g_assert_cmpint (amount, ==, -12345);
  g_assert_cmpint (xq_amount_read ("99999999", G_MAXINT32, &amount), ==, XQ_NUMBER_OK);
  g_assert_cmpint (amount, ==, 199999998);
  g_assert_cmpint (xq_amount_read ("1073741823.5", G_MAXINT32, &amount), ==, XQ_NUMBER_OK);
  g_assert_cmpint (amount, ==, G_MAXINT32);
  g_assert_cmpint (xq_amount_read ("1073741824", G_MAXINT32, &amount), ==, XQ_NUMBER_TOO_LARGE);
  g_assert_cmpint (xq_amount_read ("7.3", G_MAXINT32, &amount), ==, XQ_NUMBER_MALFORMED);
  g_assert_cmpint (xq_amount_read ("-1", G_MAXINT32, &amount), ==, XQ_NUMBER_MALFORMED);

  g_assert_cmpint (xq_count_read ("25", 24, &count), ==, XQ_NUMBER_TOO_LARGE);
  g_assert_cmpint (xq_count_read ("18446744073709551617", G_MAXUINT, &count), ==, XQ_NUMBER_TOO_LARGE);
  g_assert_cmpuint (count, ==, 999);
  g_assert_cmpint (xq_count_read ("4294967295", G_MAXUINT, &count), ==, XQ_NUMBER_OK);
  g_assert_cmpuint (count, ==, G_MAXUINT);
  g_assert_cmpint (xq_count_read ("2.5", G_MAXUINT, &count), ==, XQ_NUMBER_MALFORMED);
  g_assert_cmpint (xq_count_read ("", G_MAXUINT, &count), ==, XQ_NUMBER_MALFORMED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xqn/amount/parse-good", test_amount_parse_good);
  g_test_add_func ("/xqn/amount/parse-bad", test_amount_parse_bad);
  g_test_add_func ("/xqn/amount/count", test_count_parse);
  g_test_add_func ("/xqn/amount/read-too-large", test_read_too_large);
  g_test_add_func ("/xqn/amount/format", test_amount_format);
  g_test_add_func ("/xqn/amount/round-trip", test_amount_round_trip);

  return g_test_run ();
}
