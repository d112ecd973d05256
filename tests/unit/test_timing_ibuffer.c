/* The per-warp I-buffer (src/timing/ibuffer.c): order, flush, valid and
 * ready bits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/ibuffer.h"


/* I-buffer: ring order, flush, bits */
static void test_ibuffer(void **state)
{
  (void)state;
  vs_ibuf b;
  vs_ibuf_init(&b, 3);
  assert_int_equal(vs_ibuf_free(&b), 3);
  assert_null(vs_ibuf_front(&b));
  for (unsigned i = 0; i < 3; i++) {
    vs_ibent e = {0};
    e.pc = 0x100 + 4 * i;
    e.ready_at = 10 + i;
    vs_ibuf_push(&b, &e);
  }
  assert_int_equal(vs_ibuf_free(&b), 0);
  assert_int_equal(vs_ibuf_valid_bits(&b), 7);
  assert_int_equal(vs_ibuf_ready_bits(&b, 11), 3);
  vs_ibuf_pop(&b);
  assert_int_equal(vs_ibuf_front(&b)->pc, 0x104);
  assert_int_equal(vs_ibuf_ready_bits(&b, 11), 1);
  vs_ibuf_flush(&b);
  assert_int_equal(vs_ibuf_valid_bits(&b), 0);
  assert_int_equal(vs_ibuf_free(&b), 3);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_ibuffer),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
