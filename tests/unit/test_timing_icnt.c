/* The interconnect (src/timing/icnt.c) between SMs and an L2: link
 * latency, one flit per cycle per link, per-SM links.  Expected times worked
 * out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "timing/icnt.h"
#include "timing/l2.h"
#include "timing_fake.h"


/* latency 2, 16-byte flits, over an L2 (4 sets x 2 ways x 16 B, hit
 * latency 1) and a fake DRAM of 10 cycles. */
static void test_icnt(void **state)
{
  (void)state;
  fake_mem f = {.lat = 10};
  vs_l2 l2;
  vs_icnt n;
  vs_error err;
  assert_int_equal(vs_l2_init(&l2, 1, 4, 2, 16, 4, 1, 1, fake_lower(&f), &err), 0);
  assert_int_equal(vs_icnt_init(&n, 2, 2, 16, &l2, &err), 0);
  vs_lower s0 = vs_icnt_lower(&n, 0), s1 = vs_icnt_lower(&n, 1);
  /* up at 0, L2 at 2, DRAM 3..13, L2 out 14, down at 14, back at 16 */
  assert_int_equal(s0.read(s0.ctx, 0x00, 16, 0), 16);
  /* the request link is busy in cycle 0: up at 1, L2 at 3, DRAM 4..14, back at 17 */
  assert_int_equal(s0.read(s0.ctx, 0x40, 16, 0), 17);
  /* SM 1 has its own links; the L2 port is busy in 2 and 3: cycle 4, the
   * line arrives at 13 -> out at 14, back at 16 */
  assert_int_equal(s1.read(s1.ctx, 0x00, 16, 0), 16);
  /* a 32-byte write: 2 flits up (20, 21) -> L2 at 23; two full lines
   * (ports 23, 24), done 26; ack down at 26 -> 28 */
  assert_int_equal(s0.write(s0.ctx, 0x80, 32, 20), 28);
  assert_int_equal(n.st.packets, 8);
  assert_int_equal(n.st.flits, 9);
  vs_icnt_free(&n);
  vs_l2_free(&l2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_icnt),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
