/* Per-warp outstanding memory operations (src/timing/waitcnt.c): VMcnt,
 * VScnt, LGKMcnt and what barrier fence bits wait for. */
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
  int a = vs_memops_alloc(&m, VS_CNT_VM, 0, &wake);   /* a load   */
  int b = vs_memops_alloc(&m, VS_CNT_VS, 0, &wake);   /* a store  */
  int c = vs_memops_alloc(&m, VS_CNT_LGKM, 0, &wake); /* local    */
  assert_true(a >= 0 && b >= 0 && c >= 0);
  assert_int_equal(vs_memops_alloc(&m, VS_CNT_VM, 0, &wake), -1); /* 3 in flight */
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
  assert_true(vs_memops_alloc(&m, VS_CNT_VM, 80, &wake) >= 0);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_memory_counters),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
