/* The L1 data cache (src/timing/dcache.c) over a fake level below: hits,
 * misses, MSHR subentries, reservation fails, write-back / write-through,
 * write-allocate, WSHRs, flush, atomics.  Expected values worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/dcache.h"
#include "timing_fake.h"


/* D-cache: 2 sets x 1 way x 16 B, 1 MSHR with 2 subentries, 1 WSHR, hit
 * latency 2; the level below answers after 10 cycles. */
static void test_dcache_loads(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_dcache d;
  vs_error err;
  assert_int_equal(vs_dcache_init(&d, 2, 1, 16, 1, 2, 1, 2, 0, 0, fake_lower(&f), &err), 0);
  uint64_t done, wake = VS_NEVER;
  /* miss: request sent after the tag stage (2), data at 12, to the LSU 13 */
  assert_int_equal(vs_dcache_access(&d, 0x00, VS_REQ_LOAD, 0, 0, 0, &done, &wake), 0);
  assert_int_equal(done, 13);
  assert_int_equal(f.req[0].t, 2);
  /* same line while it is being filled: second subentry */
  assert_int_equal(vs_dcache_access(&d, 0x00, VS_REQ_LOAD, 0, 0, 1, &done, &wake), 0);
  assert_int_equal(done, 13);
  /* third: subentries exhausted -> reservation fail, retry at the fill */
  assert_int_equal(vs_dcache_access(&d, 0x00, VS_REQ_LOAD, 0, 0, 2, &done, &wake), -1);
  assert_int_equal(wake, 12);
  /* other line: the only MSHR is busy -> reservation fail */
  wake = VS_NEVER;
  assert_int_equal(vs_dcache_access(&d, 0x10, VS_REQ_LOAD, 0, 0, 3, &done, &wake), -1);
  assert_int_equal(wake, 12);
  /* after the fill: hit */
  assert_int_equal(vs_dcache_access(&d, 0x04, VS_REQ_LOAD, 0, 0, 12, &done, &wake), 0);
  assert_int_equal(done, 14);
  assert_int_equal(d.st.load_hits, 1);
  assert_int_equal(d.st.load_merged, 1);
  assert_int_equal(d.st.load_misses, 1);
  assert_int_equal(d.st.rfails, 2);
  vs_dcache_free(&d);
}

static void test_dcache_write_back(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_dcache d;
  vs_error err;
  assert_int_equal(vs_dcache_init(&d, 2, 1, 16, 1, 2, 1, 2, 0, 0, fake_lower(&f), &err), 0);
  uint64_t done, wake = VS_NEVER;
  /* store miss, no write-allocate: written around through the WSHR */
  assert_int_equal(vs_dcache_access(&d, 0x00, VS_REQ_STORE, 16, 0, 0, &done, &wake), 0);
  assert_int_equal(done, 12);
  assert_int_equal(f.req[0].op, 'w');
  /* another store while the only WSHR is busy: reservation fail */
  assert_int_equal(vs_dcache_access(&d, 0x20, VS_REQ_STORE, 4, 0, 1, &done, &wake), -1);
  assert_int_equal(wake, 12);
  /* load the line, then a store hit makes it dirty (write-back) */
  assert_int_equal(vs_dcache_access(&d, 0x00, VS_REQ_LOAD, 0, 0, 20, &done, &wake), 0);
  assert_int_equal(done, 33);
  assert_int_equal(vs_dcache_access(&d, 0x00, VS_REQ_STORE, 4, 0, 40, &done, &wake), 0);
  assert_int_equal(done, 42);
  assert_int_equal(f.n, 2);
  /* a load of 0x20 (same set) evicts the dirty line: written back */
  assert_int_equal(vs_dcache_access(&d, 0x20, VS_REQ_LOAD, 0, 0, 50, &done, &wake), 0);
  assert_int_equal(f.n, 4);
  assert_int_equal(f.req[2].op, 'w');
  assert_int_equal(f.req[2].addr, 0x00);
  assert_int_equal(f.req[3].op, 'r');
  assert_int_equal(f.req[3].addr, 0x20);
  /* a store hit on 0x20 and a flush: one write-back */
  assert_int_equal(vs_dcache_access(&d, 0x24, VS_REQ_STORE, 4, 0, 70, &done, &wake), 0);
  assert_int_equal(vs_dcache_flush(&d, 80), 90);
  assert_int_equal(d.st.flush_writebacks, 1);
  assert_int_equal(vs_dcache_flush(&d, 100), 100); /* clean now */
  /* atomics go to the level below; the line is dropped */
  assert_int_equal(vs_dcache_access(&d, 0x20, VS_REQ_ATOMIC, 0, 4, 200, &done, &wake), 0);
  assert_int_equal(done, 212);
  assert_int_equal(f.req[f.n - 1].op, 'a');
  assert_int_equal(f.req[f.n - 1].bytes, 4);
  vs_dcache_free(&d);
}

static void test_dcache_write_through_allocate(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_dcache d;
  vs_error err;
  assert_int_equal(vs_dcache_init(&d, 2, 1, 16, 1, 2, 2, 2, 1, 1, fake_lower(&f), &err), 0);
  uint64_t done, wake = VS_NEVER;
  /* store miss with write-allocate: the line is read (2 -> 12), the write
   * goes on to the level below once the line is there (12 -> 22) */
  assert_int_equal(vs_dcache_access(&d, 0x00, VS_REQ_STORE, 4, 0, 0, &done, &wake), 0);
  assert_int_equal(done, 22);
  assert_int_equal(f.n, 2);
  /* write-through hit: still written below (needs a WSHR) */
  assert_int_equal(vs_dcache_access(&d, 0x04, VS_REQ_STORE, 4, 0, 30, &done, &wake), 0);
  assert_int_equal(done, 42);
  assert_int_equal(vs_dcache_flush(&d, 50), 50); /* never dirty */
  vs_dcache_free(&d);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_dcache_loads),
    cmocka_unit_test(test_dcache_write_back),
    cmocka_unit_test(test_dcache_write_through_allocate),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
