/* Issue schedulers (src/timing/sched.c): loose round-robin and
 * greedy-then-oldest orders. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/config.h"
#include "timing/sched.h"


static void test_lrr(void **state)
{
  (void)state;
  uint8_t o[5];
  uint64_t age[5] = {0};
  vs_sched_order(VS_SCHED_LRR, 5, 2, age, o); /* start after warp 2 */
  uint8_t want[5] = {3, 4, 0, 1, 2};
  assert_memory_equal(o, want, 5);
  vs_sched_order(VS_SCHED_LRR, 5, 4, age, o);
  uint8_t want2[5] = {0, 1, 2, 3, 4};
  assert_memory_equal(o, want2, 5);
}

static void test_gto(void **state)
{
  (void)state;
  uint8_t o[5];
  /* warp 3 issued last; ages: warp 4 oldest, then 1, then 0 and 2 (tie:
   * lower index first) */
  uint64_t age[5] = {7, 5, 7, 9, 1};
  vs_sched_order(VS_SCHED_GTO, 5, 3, age, o);
  uint8_t want[5] = {3, 4, 1, 0, 2};
  assert_memory_equal(o, want, 5);
}

/* oldest first (the GCN profile's arbiter): by age only, whoever issued
 * last; ties by index */
static void test_oldest(void **state)
{
  (void)state;
  uint8_t o[5];
  uint64_t age[5] = {7, 5, 7, 9, 1};
  vs_sched_order(VS_SCHED_OLDEST, 5, 3, age, o);
  uint8_t want[5] = {4, 1, 0, 2, 3};
  assert_memory_equal(o, want, 5);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_lrr),
    cmocka_unit_test(test_gto),
    cmocka_unit_test(test_oldest),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
