/* The scalar data cache (src/timing/kcache.c) over a fake level below:
 * hits, misses, MSHR subentries, reservation fails (which take no bank
 * cycle), bank contention between requests of one cycle, write-through
 * stores, atomics, counted repeats of a reservation fail.  Expected values
 * worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/kcache.h"
#include "timing_fake.h"

/* 4 sets x 1 way x 16 B, 1 MSHR with 2 subentries, 2 banks, hit latency 2;
 * the level below answers 10 cycles after a request is sent.  Blocks 0
 * (0x00) and 2 (0x20) are in bank 0, block 1 (0x10) in bank 1. */
static void mk(vs_kcache *k, fake_mem *f)
{
  vs_error err;
  assert_int_equal(vs_kcache_init(k, 4, 1, 16, 1, 2, 2, 2, fake_lower(f), &err), 0);
}

static void test_kcache_loads(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_kcache k;
  mk(&k, &f);
  uint64_t done, wake = VS_NEVER;
  /* miss at 0: the line is requested after the hit latency (2), arrives at
   * 12, the data is back at 13 */
  assert_int_equal(vs_kcache_access(&k, 0x00, VS_REQ_LOAD, 0, 0, 0, &done, &wake), 0);
  assert_int_equal(done, 13);
  assert_int_equal(f.n, 1);
  assert_int_equal(f.req[0].op, 'r');
  assert_int_equal(f.req[0].t, 2);
  assert_int_equal(f.req[0].bytes, 16);
  /* same line at 1 (bank 0 is free in cycle 1): merged into the MSHR, 13 */
  assert_int_equal(vs_kcache_access(&k, 0x04, VS_REQ_LOAD, 0, 0, 1, &done, &wake), 0);
  assert_int_equal(done, 13);
  /* a third at 2: both subentries taken -> reservation fail, wake at the fill */
  assert_int_equal(vs_kcache_access(&k, 0x08, VS_REQ_LOAD, 0, 0, 2, &done, &wake), -1);
  assert_int_equal(wake, 12);
  /* another line at 3: the only MSHR is busy until 12 -> reservation fail */
  wake = VS_NEVER;
  assert_int_equal(vs_kcache_access(&k, 0x10, VS_REQ_LOAD, 0, 0, 3, &done, &wake), -1);
  assert_int_equal(wake, 12);
  /* the LSU skipped 5 retry cycles: 5 more fails like the last (MSHR) */
  vs_kcache_repeat_rfail(&k, 5);
  assert_int_equal(k.c.st.rfails, 7);
  assert_int_equal(k.c.st.rfail_mshr, 6);
  assert_int_equal(k.c.st.rfail_targets, 1);
  /* at 12 the line is there: hit, 12 + 2 */
  assert_int_equal(vs_kcache_access(&k, 0x0c, VS_REQ_LOAD, 0, 0, 12, &done, &wake), 0);
  assert_int_equal(done, 14);
  assert_int_equal(k.st.loads, 3);
  assert_int_equal(k.st.load_hits, 1);
  assert_int_equal(k.st.load_merged, 1);
  assert_int_equal(k.st.load_misses, 1);
  /* 4 lookups + 5 counted repeats + the hit's = 1 + 1 + 1 + 1 + 5 + 1 */
  assert_int_equal(k.c.st.accesses, 10);
  assert_int_equal(k.c.st.bank_waits, 0);
  vs_kcache_free(&k);
}

static void test_kcache_banks(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_kcache k;
  mk(&k, &f);
  uint64_t done, wake = VS_NEVER;
  /* warm blocks 0 and 1 (misses at 0 in banks 0 and 1: no conflict; the
   * second waits for the only MSHR: at 20 both are filled) */
  assert_int_equal(vs_kcache_access(&k, 0x00, VS_REQ_LOAD, 0, 0, 0, &done, &wake), 0);
  assert_int_equal(done, 13);
  assert_int_equal(vs_kcache_access(&k, 0x10, VS_REQ_LOAD, 0, 0, 20, &done, &wake), 0);
  assert_int_equal(done, 33); /* requested at 22, filled at 32 */
  /* cycle 40: three requests, as from three SMs sharing the cache.  The
   * first takes bank 0's cycle 40 (hit: 42); the second, bank 0 again, is
   * looked up in bank 0's next free cycle 41 (hit: 43, one bank wait of 1
   * cycle); the third is in bank 1, free: 42. */
  assert_int_equal(vs_kcache_access(&k, 0x00, VS_REQ_LOAD, 0, 0, 40, &done, &wake), 0);
  assert_int_equal(done, 42);
  assert_int_equal(vs_kcache_access(&k, 0x04, VS_REQ_LOAD, 0, 0, 40, &done, &wake), 0);
  assert_int_equal(done, 43);
  assert_int_equal(vs_kcache_access(&k, 0x10, VS_REQ_LOAD, 0, 0, 40, &done, &wake), 0);
  assert_int_equal(done, 42);
  assert_int_equal(k.c.st.bank_waits, 1);
  assert_int_equal(k.c.st.bank_wait_cycles, 1);
  /* a fourth in bank 0 at 40 waits for 42: a miss of block 2 (set 2),
   * requested at 44, filled at 54, data at 55 */
  assert_int_equal(vs_kcache_access(&k, 0x20, VS_REQ_LOAD, 0, 0, 40, &done, &wake), 0);
  assert_int_equal(done, 55);
  assert_int_equal(f.req[f.n - 1].t, 44);
  assert_int_equal(k.c.st.bank_wait_cycles, 3);
  /* a reservation fail takes no bank cycle: block 6 (bank 0, set 2) at 45
   * finds the only MSHR busy (until 54); the next bank-0 request at 45
   * is looked up at 45 */
  wake = VS_NEVER;
  assert_int_equal(vs_kcache_access(&k, 0x60, VS_REQ_LOAD, 0, 0, 45, &done, &wake), -1);
  assert_int_equal(wake, 54);
  assert_int_equal(vs_kcache_access(&k, 0x00, VS_REQ_LOAD, 0, 0, 45, &done, &wake), 0);
  assert_int_equal(done, 47);
  assert_int_equal(k.c.st.bank_waits, 2);
  vs_kcache_free(&k);
}

static void test_kcache_store_atomic(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_kcache k;
  mk(&k, &f);
  uint64_t done, wake = VS_NEVER;
  assert_int_equal(vs_kcache_access(&k, 0x00, VS_REQ_LOAD, 0, 0, 0, &done, &wake), 0);
  /* a store to the present line at 20: written through after the hit
   * latency (22), acknowledged at 32; the line stays */
  assert_int_equal(vs_kcache_access(&k, 0x04, VS_REQ_STORE, 4, 0, 20, &done, &wake), 0);
  assert_int_equal(done, 32);
  assert_int_equal(f.req[1].op, 'w');
  assert_int_equal(f.req[1].addr, 0x04);
  assert_int_equal(f.req[1].bytes, 4);
  assert_int_equal(f.req[1].t, 22);
  assert_int_equal(vs_kcache_access(&k, 0x00, VS_REQ_LOAD, 0, 0, 30, &done, &wake), 0);
  assert_int_equal(done, 32); /* hit */
  /* an atomic at 40: done below (sent at 42, back at 52), the line dropped */
  assert_int_equal(vs_kcache_access(&k, 0x08, VS_REQ_ATOMIC, 0, 1, 40, &done, &wake), 0);
  assert_int_equal(done, 52);
  assert_int_equal(f.req[2].op, 'a');
  assert_int_equal(vs_kcache_access(&k, 0x00, VS_REQ_LOAD, 0, 0, 60, &done, &wake), 0);
  assert_int_equal(done, 73); /* a miss again: 60 + 2 + 10 + 1 */
  assert_int_equal(k.st.stores, 1);
  assert_int_equal(k.st.atomics, 1);
  assert_int_equal(k.st.load_misses, 2);
  vs_kcache_free(&k);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_kcache_loads),
    cmocka_unit_test(test_kcache_banks),
    cmocka_unit_test(test_kcache_store_atomic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
