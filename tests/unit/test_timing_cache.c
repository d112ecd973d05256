/* The generic tag store with pending fills and MSHRs (src/timing/cache.c),
 * and the bandwidth time slots (tslots.c).  Expected values worked out by
 * hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "timing/cache.h"
#include "timing/tcommon.h"
#include "timing/tslots.h"

/* 2 sets x 2 ways x 16-byte lines: addresses 0x00, 0x20, 0x40 map to set 0,
 * 0x10 to set 1. */
static void test_lru_replacement(void **state)
{
  (void)state;
  vs_cache c;
  vs_error err;
  assert_int_equal(vs_cache_init(&c, 2, 2, 16, 2, 2, &err), 0);
  vs_cline *l;
  uint64_t wake = VS_NEVER;
  assert_int_equal(vs_cache_lookup(&c, 0x00, 0, &l), VS_CACHE_MISS);
  vs_cache_install(&c, vs_cache_victim(&c, 0x00, 0, &wake), 0x00, 0, 0);
  assert_int_equal(vs_cache_lookup(&c, 0x20, 1, &l), VS_CACHE_MISS);
  vs_cache_install(&c, vs_cache_victim(&c, 0x20, 1, &wake), 0x20, 1, 0);
  assert_int_equal(vs_cache_lookup(&c, 0x10, 2, &l), VS_CACHE_MISS); /* other set */
  assert_int_equal(vs_cache_lookup(&c, 0x04, 3, &l), VS_CACHE_HIT);  /* 0x00 is now MRU */
  /* 0x40: the set is full; the victim is the LRU line, 0x20 */
  vs_cline *v = vs_cache_victim(&c, 0x40, 4, &wake);
  assert_non_null(v);
  assert_int_equal(v->block, 0x20 >> 4);
  vs_cache_install(&c, v, 0x40, 4, 0);
  assert_int_equal(c.st.evictions, 1);
  assert_int_equal(vs_cache_lookup(&c, 0x20, 5, &l), VS_CACHE_MISS);
  assert_int_equal(vs_cache_lookup(&c, 0x00, 5, &l), VS_CACHE_HIT);
  assert_int_equal(vs_cache_lookup(&c, 0x4c, 5, &l), VS_CACHE_HIT);
  int dirty = 0;
  assert_int_equal(vs_cache_invalidate(&c, 0x40, &dirty), 1);
  assert_int_equal(vs_cache_lookup(&c, 0x40, 6, &l), VS_CACHE_MISS);
  vs_cache_free(&c);
}

/* A line being filled is PENDING until its fill time and cannot be
 * replaced; when both ways of a set are filling there is no victim and the
 * wake time is the earliest fill. */
static void test_pending_lines(void **state)
{
  (void)state;
  vs_cache c;
  vs_error err;
  assert_int_equal(vs_cache_init(&c, 1, 2, 16, 4, 2, &err), 0);
  vs_cline *l;
  uint64_t wake = VS_NEVER;
  vs_cache_install(&c, vs_cache_victim(&c, 0x00, 0, &wake), 0x00, 30, 0);
  vs_cache_install(&c, vs_cache_victim(&c, 0x10, 0, &wake), 0x10, 20, 0);
  assert_int_equal(vs_cache_lookup(&c, 0x00, 29, &l), VS_CACHE_PENDING);
  assert_int_equal(vs_cache_lookup(&c, 0x00, 30, &l), VS_CACHE_HIT);
  wake = VS_NEVER;
  assert_null(vs_cache_victim(&c, 0x20, 10, &wake));
  assert_int_equal(wake, 20);
  /* at 25 the 0x10 line is filled and is the only replaceable way */
  vs_cline *v = vs_cache_victim(&c, 0x20, 25, &wake);
  assert_non_null(v);
  assert_int_equal(v->block, 1);
  vs_cache_free(&c);
}

/* MSHRs are busy until their done time; find / free / next free. */
static void test_mshrs(void **state)
{
  (void)state;
  vs_cache c;
  vs_error err;
  assert_int_equal(vs_cache_init(&c, 4, 1, 16, 2, 2, &err), 0);
  vs_mshr *m = vs_cache_mshr_free(&c, 0);
  assert_non_null(m);
  vs_cache_mshr_start(&c, m, 7, 0, 40);
  m = vs_cache_mshr_free(&c, 1);
  assert_non_null(m);
  vs_cache_mshr_start(&c, m, 9, 1, 21);
  assert_null(vs_cache_mshr_free(&c, 2));
  assert_int_equal(vs_cache_mshr_busy(&c, 2), 2);
  assert_int_equal(vs_cache_mshr_next_free(&c, 2), 21);
  assert_non_null(vs_cache_mshr_find(&c, 7, 39));
  assert_null(vs_cache_mshr_find(&c, 7, 40));
  assert_non_null(vs_cache_mshr_free(&c, 21));
  assert_int_equal(c.st.mshr_max, 2);
  assert_int_equal(c.st.mshr_busy_cycles, 40 + 20);
  vs_cache_free(&c);
}

/* capacity 1: reservations in any order get the first free cycles */
static void test_tslots(void **state)
{
  (void)state;
  vs_tslots s;
  vs_error err;
  assert_int_equal(vs_tslots_init(&s, 8, 1, &err), 0);
  assert_int_equal(vs_tslots_reserve(&s, 10, 1), 10);
  assert_int_equal(vs_tslots_reserve(&s, 10, 1), 11);
  assert_int_equal(vs_tslots_reserve(&s, 5, 1), 5);   /* earlier is still free */
  assert_int_equal(vs_tslots_reserve(&s, 9, 3), 12);  /* 9 free but 10, 11 taken */
  assert_int_equal(vs_tslots_reserve(&s, 6, 3), 6);   /* 6, 7, 8 */
  assert_int_equal(vs_tslots_reserve(&s, 7, 1), 9);
  assert_int_equal(vs_tslots_used(&s, 13), 1);
  /* a cycle 256 later uses the same ring slot: tags tell them apart */
  assert_int_equal(vs_tslots_reserve(&s, 5 + 256, 1), 5 + 256);
  assert_int_equal(s.busy, 11);
  vs_tslots_free(&s);
  /* capacity 2 */
  assert_int_equal(vs_tslots_init(&s, 8, 2, &err), 0);
  assert_int_equal(vs_tslots_reserve(&s, 3, 1), 3);
  assert_int_equal(vs_tslots_reserve(&s, 3, 1), 3);
  assert_int_equal(vs_tslots_reserve(&s, 3, 1), 4);
  vs_tslots_free(&s);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_lru_replacement),
    cmocka_unit_test(test_pending_lines),
    cmocka_unit_test(test_mshrs),
    cmocka_unit_test(test_tslots),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
