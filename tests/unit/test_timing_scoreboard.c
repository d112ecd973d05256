/* The per-warp scoreboard (src/timing/scoreboard.c): RAW and WAW hazards,
 * wake times, writes whose time is not known yet, and operands that are
 * ranges (a register pair, an LMUL group). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/scoreboard.h"
#include "timing_regs.h"

/* scalar registers 0..63, vector registers 64.. */
static void test_scoreboard(void **state)
{
  (void)state;
  uint64_t mem[64 + 256];
  vs_sb sb;
  vs_sb_init(&sb, mem, 64 + 256);
  vs_tinfo a = {0}; /* writes v3, reads x5 v1 */
  a.nsrc = 2;
  a.src[0] = XR(5);
  a.src[1] = VR(1);
  a.ndst = 1;
  a.dst[0] = VR(3);
  uint64_t wake = VS_NEVER;
  assert_true(vs_sb_check(&sb, &a, 1, 0, &wake));
  vs_sb_reserve(&sb, &a, 1, 7); /* v3 written at 7 */
  vs_tinfo b = {0};              /* reads v3: RAW */
  b.nsrc = 1;
  b.src[0] = VR(3);
  assert_false(vs_sb_check(&sb, &b, 1, 6, &wake));
  assert_int_equal(wake, 7);
  assert_true(vs_sb_check(&sb, &b, 1, 7, &wake));
  vs_tinfo c = {0}; /* writes v3: WAW */
  c.ndst = 1;
  c.dst[0] = VR(3);
  wake = VS_NEVER;
  assert_false(vs_sb_check(&sb, &c, 1, 3, &wake));
  /* a load: the time is not known yet -> no wake */
  vs_tinfo ld = {0};
  ld.ndst = 1;
  ld.dst[0] = XR(9);
  vs_sb_reserve(&sb, &ld, 1, VS_NEVER);
  vs_tinfo d = {0};
  d.nsrc = 1;
  d.src[0] = XR(9);
  wake = VS_NEVER;
  assert_false(vs_sb_check(&sb, &d, 1, 100, &wake));
  assert_int_equal(wake, VS_NEVER);
  uint16_t regs[4];
  assert_int_equal(vs_sb_pending(&sb, 5, regs, 4), 2);
  assert_int_equal(regs[0], 9);
  assert_int_equal(regs[1], 64 + 3);
  assert_int_equal(sb.last, 7);
  vs_sb_set(&sb, 9, 120);
  assert_true(vs_sb_check(&sb, &d, 1, 120, &wake));
  assert_int_equal(sb.last, 120);
}

/* A register pair written by a load covers both registers: a reader of
 * the second one waits (the bug of issue 11: only the first was tracked);
 * an LMUL group's size is the warp's grouping at issue. */
static void test_ranges(void **state)
{
  (void)state;
  uint64_t mem[64 + 256];
  vs_sb sb;
  vs_sb_init(&sb, mem, 64 + 256);
  vs_tinfo pair = {0}; /* regpair'ed load: writes v4, v5 */
  pair.ndst = 1;
  pair.dst[0] = treg(1, 4, 2, 0);
  vs_sb_reserve(&sb, &pair, 1, 50);
  vs_tinfo use5 = {0};
  use5.nsrc = 1;
  use5.src[0] = VR(5);
  uint64_t wake = VS_NEVER;
  assert_false(vs_sb_check(&sb, &use5, 1, 10, &wake));
  assert_int_equal(wake, 50);
  vs_tinfo use6 = {0};
  use6.nsrc = 1;
  use6.src[0] = VR(6);
  assert_true(vs_sb_check(&sb, &use6, 1, 10, &wake));
  /* a group operand v8 with LMUL 2 writes v8, v9; with LMUL 1 only v8 */
  vs_tinfo grp = {0};
  grp.ndst = 1;
  grp.dst[0] = treg(1, 8, 1, 1);
  vs_sb_reserve(&sb, &grp, 2, 60);
  vs_tinfo use9 = {0};
  use9.nsrc = 1;
  use9.src[0] = VR(9);
  assert_false(vs_sb_check(&sb, &use9, 1, 20, &wake));
  vs_sb_reserve(&sb, &grp, 1, 70); /* LMUL 1 now: v8 only */
  assert_int_equal(mem[64 + 8], 70);
  assert_int_equal(mem[64 + 9], 60);
  /* a source group reads both: v8..v9 with LMUL 2 waits for v9 too */
  vs_tinfo rd = {0};
  rd.nsrc = 1;
  rd.src[0] = treg(1, 8, 1, 1);
  mem[64 + 8] = 0;
  assert_false(vs_sb_check(&sb, &rd, 2, 30, &wake));
  assert_true(vs_sb_check(&sb, &rd, 1, 30, &wake));
  /* a range at the end of the file stops there */
  vs_tinfo last = {0};
  last.ndst = 1;
  last.dst[0] = treg(1, 255, 2, 1);
  vs_sb_reserve(&sb, &last, 2, 80);
  assert_int_equal(mem[64 + 255], 80);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_scoreboard),
    cmocka_unit_test(test_ranges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
