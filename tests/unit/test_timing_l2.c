/* The shared L2 (src/timing/l2.c) over a fake DRAM: hits, fills in flight,
 * MSHR waits, write-allocate, write-backs, atomics, banks.  Expected times
 * worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/l2.h"
#include "timing_fake.h"


/* 1 bank, 2 sets x 2 ways x 16 B, 1 MSHR, hit latency 3, atomics 2 cycles
 * per thread; DRAM (fake) answers 10 cycles after a request. */
static void test_l2(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_l2 l2;
  vs_error err;
  assert_int_equal(vs_l2_init(&l2, 1, 2, 2, 16, 1, 3, 2, fake_lower(&f), &err), 0);
  /* miss: tag check at 0, DRAM request at 1, data at 11, out at 14 */
  assert_int_equal(vs_l2_read(&l2, 0x00, 16, 0), 14);
  /* the same line while it is filled: waits for the fill */
  assert_int_equal(vs_l2_read(&l2, 0x04, 4, 1), 14);
  /* another miss finds the only MSHR busy until 11: waits, DRAM at 12 */
  assert_int_equal(vs_l2_read(&l2, 0x20, 16, 2), 25);
  assert_int_equal(l2.st.mshr_waits, 1);
  /* a full-line write miss allocates without reading DRAM */
  assert_int_equal(vs_l2_write(&l2, 0x10, 16, 30), 34);
  /* a partial write miss reads the line first */
  assert_int_equal(vs_l2_write(&l2, 0x30, 4, 40), 54);
  /* set 1 is full of dirty lines: the LRU one (0x10) is written back */
  assert_int_equal(vs_l2_read(&l2, 0x50, 16, 60), 74);
  /* an atomic of 4 threads on a hit: 3 + 4 * 2 - 1 cycles */
  assert_int_equal(vs_l2_atomic(&l2, 0x00, 4, 100), 110);
  assert_int_equal(f.n, 5);
  assert_int_equal(f.req[0].op, 'r');
  assert_int_equal(f.req[0].addr, 0x00);
  assert_int_equal(f.req[0].t, 1);
  assert_int_equal(f.req[1].addr, 0x20);
  assert_int_equal(f.req[1].t, 12);
  assert_int_equal(f.req[2].addr, 0x30);
  assert_int_equal(f.req[3].op, 'w');
  assert_int_equal(f.req[3].addr, 0x10);
  assert_int_equal(f.req[3].t, 61);
  assert_int_equal(f.req[4].op, 'r');
  assert_int_equal(f.req[4].addr, 0x50);
  vs_cache_stats cs;
  vs_l2_cache_stats(&l2, &cs);
  assert_int_equal(cs.accesses, 7);
  assert_int_equal(cs.hits, 1);
  assert_int_equal(cs.pending_hits, 1);
  assert_int_equal(cs.misses, 5);
  assert_int_equal(cs.writebacks, 1);
  vs_l2_free(&l2);
}

/* Two banks interleaved by line take requests in the same cycle; one bank
 * takes one per cycle. */
static void test_l2_banks(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_l2 l2;
  vs_error err;
  assert_int_equal(vs_l2_init(&l2, 2, 4, 2, 16, 4, 1, 1, fake_lower(&f), &err), 0);
  assert_int_equal(vs_l2_read(&l2, 0x00, 16, 0), 12); /* bank 0: DRAM at 1, +1 */
  assert_int_equal(vs_l2_read(&l2, 0x10, 16, 0), 12); /* bank 1, same cycle */
  assert_int_equal(vs_l2_read(&l2, 0x20, 16, 0), 13); /* bank 0 again: cycle 1 */
  vs_l2_free(&l2);
}

/* Write-back buffers (l2.wb_buffers = 1): 1 bank, 1 set x 1 way x 16 B,
 * 4 MSHRs, hit latency 1; the fake DRAM takes a write-back 10 cycles after
 * it is sent (fake_write: t + 10).  Full-line writes to 0x00, 0x10, 0x20
 * at 0, 1, 2:
 *   0x00 at 0: miss, installs without reading, done 0 + 1 + 1 = 2
 *   0x10 at 1: evicts dirty 0x00: the buffer is free, write-back sent at
 *              2 (busy until 12); done 1 + 1 + 1 = 3
 *   0x20 at 2: evicts dirty 0x10: the only buffer is busy until 12, so
 *              the miss waits: start 11, write-back sent at 12, the line
 *              installed at 12, done 13.
 * Without buffers (posted write-backs) the third is done at 2 + 2 = 4. */
static void test_l2_wb_buffers(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_l2 l2;
  vs_error err;
  assert_int_equal(vs_l2_init(&l2, 1, 1, 1, 16, 4, 1, 1, fake_lower(&f), &err), 0);
  assert_int_equal(vs_l2_set_wb_buffers(&l2, 1, &err), 0);
  assert_int_equal(vs_l2_write(&l2, 0x00, 16, 0), 2);
  assert_int_equal(vs_l2_write(&l2, 0x10, 16, 1), 3);
  assert_int_equal(vs_l2_write(&l2, 0x20, 16, 2), 13);
  assert_int_equal(l2.st.wb_waits, 1);
  assert_int_equal(f.n, 2);
  assert_int_equal(f.req[0].addr, 0x00);
  assert_int_equal(f.req[0].t, 2);
  assert_int_equal(f.req[1].addr, 0x10);
  assert_int_equal(f.req[1].t, 12);
  vs_l2_free(&l2);
  /* the same lines as write-backs from a level above: vs_l2_writeback
   * answers when the bank took each one (the cycle after its port slot,
   * after its own wait for a write-back buffer): 1, 2, and 12 (the third
   * waits for the buffer until 11, as above) */
  f.n = 0;
  assert_int_equal(vs_l2_init(&l2, 1, 1, 1, 16, 4, 1, 1, fake_lower(&f), &err), 0);
  assert_int_equal(vs_l2_set_wb_buffers(&l2, 1, &err), 0);
  assert_int_equal(vs_l2_writeback(&l2, 0x00, 16, 0), 1);
  assert_int_equal(vs_l2_writeback(&l2, 0x10, 16, 1), 2);
  assert_int_equal(vs_l2_writeback(&l2, 0x20, 16, 2), 12);
  assert_int_equal(l2.st.wb_waits, 1);
  vs_l2_free(&l2);
  /* posted write-backs (no buffers): nothing waits */
  f.n = 0;
  assert_int_equal(vs_l2_init(&l2, 1, 1, 1, 16, 4, 1, 1, fake_lower(&f), &err), 0);
  assert_int_equal(vs_l2_write(&l2, 0x00, 16, 0), 2);
  assert_int_equal(vs_l2_write(&l2, 0x10, 16, 1), 3);
  assert_int_equal(vs_l2_write(&l2, 0x20, 16, 2), 4);
  vs_l2_free(&l2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_l2),
    cmocka_unit_test(test_l2_wb_buffers),
    cmocka_unit_test(test_l2_banks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
