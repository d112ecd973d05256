/* Operand collection with register banks (src/timing/opcoll.c): bank
 * conflicts within an instruction and between instructions, and every
 * register of a range read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/opcoll.h"
#include "timing_regs.h"


/* 4 banks, operand read 1 cycle: register r of warp w is in bank
 * (w + r) mod 4 of its file. */
static void test_register_banks(void **state)
{
  (void)state;
  vs_opcoll o;
  vs_opcoll_init(&o, 4, 1, NULL);
  vs_tinfo t = {0};
  /* v1 and v2: different banks -> ready after one cycle */
  t.nsrc = 2;
  t.src[0] = VR(1);
  t.src[1] = VR(2);
  assert_int_equal(vs_opcoll_collect(&o, 0, &t, 1, 10), 11);
  /* v1 and v5: both bank 1 for warp 0 -> a conflict: one more cycle */
  t.src[1] = VR(5);
  assert_int_equal(vs_opcoll_collect(&o, 0, &t, 1, 20), 22);
  assert_int_equal(o.st.conflict_cycles, 1);
  /* warp 1: v1 is in bank 2, v5 too -> conflict again */
  assert_int_equal(vs_opcoll_collect(&o, 1, &t, 1, 30), 32);
  /* x1 and v1 of the same warp: different files, no conflict */
  t.src[0] = XR(1);
  t.src[1] = VR(1);
  assert_int_equal(vs_opcoll_collect(&o, 0, &t, 1, 40), 41);
  /* two instructions in the same cycle competing for vector bank 1 */
  vs_tinfo u = {0};
  u.nsrc = 1;
  u.src[0] = VR(1);
  assert_int_equal(vs_opcoll_collect(&o, 0, &u, 1, 50), 51);
  assert_int_equal(vs_opcoll_collect(&o, 2, &u, 1, 50), 51); /* warp 2: bank 3 */
  assert_int_equal(vs_opcoll_collect(&o, 0, &u, 1, 50), 52); /* bank 1 again */
  /* the same register twice is read once */
  t.src[0] = VR(4);
  t.src[1] = VR(4);
  assert_int_equal(vs_opcoll_collect(&o, 0, &t, 1, 60), 61);
  /* a pair v4, v8 (banks 0, 0): the second register is read too, a
   * conflict; v4..v5 (banks 0, 1) is not one */
  vs_tinfo p = {0};
  p.nsrc = 1;
  p.src[0] = treg(1, 4, 2, 0);
  assert_int_equal(vs_opcoll_collect(&o, 0, &p, 1, 70), 71);
  assert_int_equal(o.st.reads, 12 + 2); /* 12 single reads above, then two */
  p.nsrc = 2;
  p.src[1] = VR(8);
  assert_int_equal(vs_opcoll_collect(&o, 0, &p, 1, 80), 82);
  /* an LMUL-2 group v4 with grouping 2 is v4 and v5, with 1 only v4 */
  vs_tinfo g = {0};
  g.nsrc = 2;
  g.src[0] = treg(1, 4, 1, 1);
  g.src[1] = VR(9); /* bank 1, as v5 */
  assert_int_equal(vs_opcoll_collect(&o, 0, &g, 2, 90), 92);
  assert_int_equal(vs_opcoll_collect(&o, 0, &g, 1, 100), 101);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_register_banks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
