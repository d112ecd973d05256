/* DRAM (src/timing/dram.c): latency and bandwidth per channel.  Expected
 * times worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/dram.h"


/* latency 10, 32 bytes per cycle: a 128-byte read occupies 4 cycles and
 * completes 4 - 1 + 10 cycles after it starts. */
static void test_dram(void **state)
{
  (void)state;
  vs_dram d;
  vs_error err;
  assert_int_equal(vs_dram_init(&d, 1, 10, 32, 128, &err), 0);
  assert_int_equal(vs_dram_read(&d, 0x000, 128, 0), 13);   /* cycles 0..3 */
  assert_int_equal(vs_dram_read(&d, 0x080, 128, 0), 17);   /* cycles 4..7 */
  assert_int_equal(vs_dram_write(&d, 0x100, 64, 2), 19);   /* cycles 8..9 */
  assert_int_equal(d.st.reads, 2);
  assert_int_equal(d.st.writes, 1);
  assert_int_equal(d.st.read_bytes, 256);
  assert_int_equal(d.st.write_bytes, 64);
  assert_int_equal(d.st.busy_cycles, 10);
  vs_dram_free(&d);
  /* two channels interleaved by 128 bytes work in parallel */
  assert_int_equal(vs_dram_init(&d, 2, 10, 32, 128, &err), 0);
  assert_int_equal(vs_dram_read(&d, 0x000, 128, 0), 13);
  assert_int_equal(vs_dram_read(&d, 0x080, 128, 0), 13);
  assert_int_equal(vs_dram_read(&d, 0x100, 128, 0), 17);
  vs_dram_free(&d);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_dram),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
