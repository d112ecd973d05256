/* Local memory (src/timing/lds.c): bank conflicts and pipeline timing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/lds.h"

static vs_memacc acc[VS_MEMREC_MAX];
static const vs_memacc *ptr[VS_MEMREC_MAX];

/* n lanes: lane i accesses base + i * stride, size 4 */
static unsigned lanes(unsigned n, uint32_t base, uint32_t stride, int store)
{
  for (unsigned i = 0; i < n; i++) {
    memset(&acc[i], 0, sizeof acc[i]);
    acc[i].addr = base + i * stride;
    acc[i].size = 4;
    acc[i].lane = (uint8_t)i;
    acc[i].is_store = (uint8_t)store;
    ptr[i] = &acc[i];
  }
  return n;
}


/* 8 banks of 4 bytes: rows of 32 bytes */
static void test_lds_bank_conflicts(void **state)
{
  (void)state;
  vs_lds l;
  vs_lds_init(&l, 8, 4, 2);
  assert_int_equal(vs_lds_passes(&l, ptr, lanes(8, 0x70000000u, 4, 0)), 1);  /* one row */
  assert_int_equal(vs_lds_passes(&l, ptr, lanes(8, 0x70000000u, 8, 0)), 2);  /* banks 0,2,4,6 twice */
  assert_int_equal(vs_lds_passes(&l, ptr, lanes(8, 0x70000000u, 32, 0)), 8); /* all in bank 0 */
  assert_int_equal(vs_lds_passes(&l, ptr, lanes(8, 0x70000010u, 0, 0)), 1);  /* broadcast */
  assert_int_equal(vs_lds_passes(&l, ptr, lanes(16, 0x70000000u, 4, 0)), 2); /* two rows */
  assert_int_equal(vs_lds_passes(&l, ptr, 0), 1);
  /* timing: one pass per cycle, done latency cycles after the last */
  assert_int_equal(vs_lds_access(&l, 1, 10), 12);
  assert_int_equal(vs_lds_access(&l, 3, 10), 15); /* passes 11, 12, 13 */
  assert_int_equal(vs_lds_access(&l, 1, 12), 16); /* waits for cycle 14 */
  assert_int_equal(l.st.conflict_passes, 2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_lds_bank_conflicts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
