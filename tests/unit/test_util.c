/* The shared parsers of src/common/util.c: numbers, sizes with K/M/G,
 * booleans, hexadecimal digits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "common/util.h"

static void test_numbers(void **state)
{
  (void)state;
  uint64_t x = 7;
  assert_int_equal(vs_parse_u64("0", &x), 0);
  assert_int_equal(x, 0);
  assert_int_equal(vs_parse_u64("010", &x), 0); /* leading zeros are decimal */
  assert_int_equal(x, 10);
  assert_int_equal(vs_parse_u64("0xfF", &x), 0);
  assert_int_equal(x, 255);
  assert_int_equal(vs_parse_u64("18446744073709551615", &x), 0);
  assert_true(x == UINT64_MAX);
  assert_int_equal(vs_parse_u64("18446744073709551616", &x), -1);
  assert_int_equal(vs_parse_u64("12a", &x), -1); /* hex digits only after 0x */
  assert_int_equal(vs_parse_u64("0x", &x), -1);
  assert_int_equal(vs_parse_u64("", &x), -1);
  assert_int_equal(vs_parse_u64(NULL, &x), -1);
  assert_int_equal(vs_parse_size("4K", &x), 0);
  assert_int_equal(x, 4096);
  assert_int_equal(vs_parse_size("0x2m", &x), 0);
  assert_int_equal(x, 2u << 20);
  assert_int_equal(vs_parse_size("3G", &x), 0);
  assert_true(x == 3ull << 30);
  assert_int_equal(vs_parse_size("17", &x), 0);
  assert_int_equal(x, 17);
  assert_int_equal(vs_parse_size("K", &x), -1);
  assert_int_equal(vs_parse_size("1KB", &x), -1);
  assert_int_equal(vs_parse_size("0x400000000G", &x), -1); /* overflows */
  assert_int_equal(vs_parse_size("", &x), -1);
}

static void test_bools_and_digits(void **state)
{
  (void)state;
  int b = 5;
  const char *yes[] = {"1", "yes", "true", "on"}, *no[] = {"0", "no", "false", "off"};
  for (int i = 0; i < 4; i++) {
    assert_int_equal(vs_parse_bool(yes[i], &b), 0);
    assert_int_equal(b, 1);
    assert_int_equal(vs_parse_bool(no[i], &b), 0);
    assert_int_equal(b, 0);
  }
  assert_int_equal(vs_parse_bool("", &b), -1);
  assert_int_equal(vs_parse_bool("Yes", &b), -1);
  assert_int_equal(vs_hex_digit('0'), 0);
  assert_int_equal(vs_hex_digit('9'), 9);
  assert_int_equal(vs_hex_digit('a'), 10);
  assert_int_equal(vs_hex_digit('F'), 15);
  assert_int_equal(vs_hex_digit('g'), -1);
  assert_int_equal(vs_hex_digit('/'), -1);
  assert_int_equal(vs_hex_digit(0), -1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_numbers),
    cmocka_unit_test(test_bools_and_digits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
