/* The per-warp scoreboard (src/timing/scoreboard.c): RAW and WAW hazards,
 * wake times, writes whose time is not known yet. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/scoreboard.h"


/* scalar registers 0..63, vector registers 64.. (nx = 64) */
static void test_scoreboard(void **state)
{
  (void)state;
  uint64_t mem[64 + 256];
  vs_sb sb;
  vs_sb_init(&sb, mem, 64 + 256);
  vs_tinfo a = {0}; /* writes v3, reads x5 v1 */
  a.nsrc = 2;
  a.src[0] = 5;
  a.src[1] = 64 + 1;
  a.srcv[1] = 1;
  a.ndst = 1;
  a.dst[0] = 64 + 3;
  uint64_t wake = VS_NEVER;
  assert_true(vs_sb_check(&sb, &a, 0, &wake));
  vs_sb_reserve(&sb, &a, 7); /* v3 written at 7 */
  vs_tinfo b = {0};           /* reads v3: RAW */
  b.nsrc = 1;
  b.src[0] = 64 + 3;
  b.srcv[0] = 1;
  assert_false(vs_sb_check(&sb, &b, 6, &wake));
  assert_int_equal(wake, 7);
  assert_true(vs_sb_check(&sb, &b, 7, &wake));
  vs_tinfo c = {0}; /* writes v3: WAW */
  c.ndst = 1;
  c.dst[0] = 64 + 3;
  wake = VS_NEVER;
  assert_false(vs_sb_check(&sb, &c, 3, &wake));
  /* a load: the time is not known yet -> no wake */
  vs_tinfo ld = {0};
  ld.ndst = 1;
  ld.dst[0] = 9;
  vs_sb_reserve(&sb, &ld, VS_NEVER);
  vs_tinfo d = {0};
  d.nsrc = 1;
  d.src[0] = 9;
  wake = VS_NEVER;
  assert_false(vs_sb_check(&sb, &d, 100, &wake));
  assert_int_equal(wake, VS_NEVER);
  uint16_t regs[4];
  assert_int_equal(vs_sb_pending(&sb, 5, regs, 4), 2);
  assert_int_equal(regs[0], 9);
  assert_int_equal(regs[1], 64 + 3);
  assert_int_equal(sb.last, 7);
  vs_sb_set(&sb, 9, 120);
  assert_true(vs_sb_check(&sb, &d, 120, &wake));
  assert_int_equal(sb.last, 120);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_scoreboard),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
