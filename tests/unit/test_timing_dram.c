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

/* A channel moves 20 bytes a cycle whatever the transfer size: 64-byte
 * lines back to back share cycles (latency 10):
 *   line 1: 20+20+20+4 in cycles 0..3                      -> 3 + 10 = 13
 *   line 2: 16 (the rest of cycle 3) + 20 + 20 + 8, 3..6   -> 16
 *   line 3: 12 + 20 + 20 + 12, 6..9                        -> 19
 *   line 4: 8 + 20 + 20 + 16, 9..12                        -> 22
 *   line 5: 4 + 20 + 20 + 20, 12..15                       -> 25
 * 320 bytes in 16 cycles: 20 bytes a cycle (the old whole-cycle booking
 * took ceil(64 / 20) = 4 cycles a line: 16 bytes a cycle). */
static void test_dram_bytes(void **state)
{
  (void)state;
  vs_dram d;
  vs_error err;
  assert_int_equal(vs_dram_init(&d, 1, 10, 20, 64, &err), 0);
  static const uint64_t want[5] = {13, 16, 19, 22, 25};
  for (unsigned i = 0; i < 5; i++) assert_int_equal(vs_dram_read(&d, 64u * i, 64, 0), want[i]);
  assert_int_equal(d.st.busy_cycles, 16);
  /* a write-back is taken when its last byte is: cycle 16 .. 19 (20 + 20
   * + 20 + 4), free again at 20; a write completes after the latency */
  assert_int_equal(vs_dram_writeback(&d, 0x400, 64, 16), 20);
  assert_int_equal(vs_dram_write(&d, 0x440, 64, 16), 22 + 10); /* 16 + 20 + 20 + 8: 19..22 */
  assert_int_equal(d.st.writes, 2);
  vs_dram_free(&d);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_dram),
    cmocka_unit_test(test_dram_bytes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
