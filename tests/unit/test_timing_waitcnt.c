/* Per-warp outstanding memory operations (src/timing/waitcnt.c): VMcnt,
 * VScnt, LGKMcnt and what barrier fence bits wait for; the per-counter
 * thresholds of a wait-counter instruction (s_waitcnt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/isa.h"
#include "timing/waitcnt.h"


static void test_memory_counters(void **state)
{
  (void)state;
  vs_memops m;
  vs_memops_init(&m, 3);
  uint64_t wake = VS_NEVER;
  int a = vs_memops_alloc(&m, 1u << VS_CNT_VM, 0, &wake);   /* a load   */
  int b = vs_memops_alloc(&m, 1u << VS_CNT_VS, 0, &wake);   /* a store  */
  int c = vs_memops_alloc(&m, 1u << VS_CNT_LGKM, 0, &wake); /* local    */
  assert_true(a >= 0 && b >= 0 && c >= 0);
  assert_int_equal(vs_memops_alloc(&m, 1u << VS_CNT_VM, 0, &wake), -1); /* 3 in flight */
  assert_int_equal(vs_memops_count(&m, VS_CNT_VM, 0), 1);
  vs_memops_complete(&m, a, 50);
  vs_memops_complete(&m, b, 80);
  vs_memops_complete(&m, c, 20);
  /* fence bits: local -> LGKMcnt; global -> all */
  assert_int_equal(vs_fence_counters(VS_FENCE_LOCAL), 1u << VS_CNT_LGKM);
  assert_int_equal(vs_fence_counters(VS_FENCE_GLOBAL), VS_CNT_ALL);
  assert_int_equal(vs_fence_counters(0), 0);
  wake = VS_NEVER;
  assert_false(vs_memops_drained(&m, vs_fence_counters(VS_FENCE_LOCAL), 10, &wake));
  assert_int_equal(wake, 20);
  assert_true(vs_memops_drained(&m, vs_fence_counters(VS_FENCE_LOCAL), 20, &wake));
  wake = VS_NEVER;
  assert_false(vs_memops_drained(&m, VS_CNT_ALL, 20, &wake));
  assert_int_equal(wake, 80); /* waits for the last one */
  assert_int_equal(vs_memops_inflight(&m, 60), 1);
  assert_int_equal(vs_memops_count(&m, VS_CNT_VS, 60), 1);
  assert_true(vs_memops_drained(&m, VS_CNT_ALL, 80, &wake));
  assert_true(vs_memops_alloc(&m, 1u << VS_CNT_VM, 80, &wake) >= 0);
}

/* s_waitcnt vmcnt(1): the warp goes on once at most one VM operation is
 * outstanding, whatever the other counters say */
static void test_wait_thresholds(void **state)
{
  (void)state;
  vs_memops m;
  vs_memops_init(&m, 8);
  uint64_t wake = VS_NEVER;
  int l[3];
  for (int i = 0; i < 3; i++) l[i] = vs_memops_alloc(&m, 1u << VS_CNT_VM, 0, &wake);
  int s = vs_memops_alloc(&m, 1u << VS_CNT_LGKM, 0, &wake);
  assert_true(l[0] >= 0 && l[1] >= 0 && l[2] >= 0 && s >= 0);
  /* completion times not known yet: no wake-up to offer */
  assert_false(vs_memops_wait(&m, VS_CNT_VM, 1, 5, &wake));
  assert_int_equal(wake, VS_NEVER);
  vs_memops_complete(&m, l[0], 40);
  vs_memops_complete(&m, l[1], 30);
  vs_memops_complete(&m, l[2], 60);
  vs_memops_complete(&m, s, 500);
  /* 3 outstanding at 10: re-check at the first completion */
  assert_false(vs_memops_wait(&m, VS_CNT_VM, 1, 10, &wake));
  assert_int_equal(wake, 30);
  wake = VS_NEVER;
  assert_false(vs_memops_wait(&m, VS_CNT_VM, 1, 30, &wake)); /* 2 left */
  assert_int_equal(wake, 40);
  assert_true(vs_memops_wait(&m, VS_CNT_VM, 1, 40, &wake));  /* 1 left */
  assert_true(vs_memops_wait(&m, VS_CNT_VM, 3, 0, &wake));   /* never more than 3 */
  assert_false(vs_memops_wait(&m, VS_CNT_VM, 0, 40, &wake));
  assert_true(vs_memops_wait(&m, VS_CNT_VM, 0, 60, &wake));
  assert_true(vs_memops_wait(&m, VS_CNT_EXP, 0, 0, &wake));  /* nothing counted there */
  assert_false(vs_memops_wait(&m, VS_CNT_LGKM, 0, 60, &wake));
}

/* An AMD FLAT load counts in VMcnt and LGKMcnt (seed 002): both counters
 * see it until it completes, and lgkmcnt(0) waits for it as vmcnt(0) does */
static void test_two_counters(void **state)
{
  (void)state;
  vs_memops m;
  vs_memops_init(&m, 4);
  uint64_t wake = VS_NEVER;
  int f = vs_memops_alloc(&m, 1u << VS_CNT_VM | 1u << VS_CNT_LGKM, 0, &wake); /* flat_load */
  int g = vs_memops_alloc(&m, 1u << VS_CNT_VM, 0, &wake);                     /* global_load */
  assert_true(f >= 0 && g >= 0);
  vs_memops_complete(&m, f, 100);
  vs_memops_complete(&m, g, 50);
  assert_int_equal(vs_memops_count(&m, VS_CNT_VM, 10), 2);
  assert_int_equal(vs_memops_count(&m, VS_CNT_LGKM, 10), 1);
  assert_int_equal(vs_memops_inflight(&m, 10), 2); /* one slot each */
  wake = VS_NEVER;
  assert_false(vs_memops_wait(&m, VS_CNT_LGKM, 0, 60, &wake));
  assert_int_equal(wake, 100);
  assert_true(vs_memops_wait(&m, VS_CNT_LGKM, 0, 100, &wake));
  wake = VS_NEVER;
  assert_false(vs_memops_drained(&m, vs_fence_counters(VS_FENCE_LOCAL), 60, &wake));
  assert_int_equal(wake, 100);
  assert_int_equal(vs_memops_count(&m, VS_CNT_VM, 60), 1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_memory_counters),
    cmocka_unit_test(test_wait_thresholds),
    cmocka_unit_test(test_two_counters),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
