/* Operand collection with register banks (src/timing/opcoll.c): bank
 * conflicts within an instruction and between instructions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/opcoll.h"


/* 4 banks, operand read 1 cycle, nx = 64: register r of warp w is in
 * bank (w + r) mod 4 of its file. */
static void test_register_banks(void **state)
{
  (void)state;
  vs_opcoll o;
  vs_opcoll_init(&o, 4, 1, 64);
  vs_tinfo t = {0};
  /* v1 and v2: different banks -> ready after one cycle */
  t.nsrc = 2;
  t.src[0] = 64 + 1;
  t.src[1] = 64 + 2;
  t.srcv[0] = t.srcv[1] = 1;
  assert_int_equal(vs_opcoll_collect(&o, 0, &t, 10), 11);
  /* v1 and v5: both bank 1 for warp 0 -> a conflict: one more cycle */
  t.src[1] = 64 + 5;
  assert_int_equal(vs_opcoll_collect(&o, 0, &t, 20), 22);
  assert_int_equal(o.st.conflict_cycles, 1);
  /* warp 1: v1 is in bank 2, v5 too -> conflict again */
  assert_int_equal(vs_opcoll_collect(&o, 1, &t, 30), 32);
  /* x1 and v1 of the same warp: different files, no conflict */
  t.src[0] = 1;
  t.srcv[0] = 0;
  t.src[1] = 64 + 1;
  t.srcv[1] = 1;
  assert_int_equal(vs_opcoll_collect(&o, 0, &t, 40), 41);
  /* two instructions in the same cycle competing for vector bank 1 */
  vs_tinfo u = {0};
  u.nsrc = 1;
  u.src[0] = 64 + 1;
  u.srcv[0] = 1;
  assert_int_equal(vs_opcoll_collect(&o, 0, &u, 50), 51);
  assert_int_equal(vs_opcoll_collect(&o, 2, &u, 50), 51); /* warp 2: bank 3 */
  assert_int_equal(vs_opcoll_collect(&o, 0, &u, 50), 52); /* bank 1 again */
  /* the same register twice is read once */
  t.src[0] = 64 + 4;
  t.srcv[0] = 1;
  t.src[1] = 64 + 4;
  assert_int_equal(vs_opcoll_collect(&o, 0, &t, 60), 61);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_register_banks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
