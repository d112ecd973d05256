/* Launch-level behaviour of the functional simulator:
 *  - the launch state of every warp (spec 6.3: CSRs, registers 0, vl) in a
 *    3-D NDRange of several work-groups, with 1 and 2 host threads;
 *  - barriers with several warps, some ending early (spec 5), under the
 *    default schedule, --interleave 1 and -j 2;
 *  - what can block: with the spec's barrier semantics (ended warps count
 *    as arrived, a barrier is not tied to an instruction) a work-group can
 *    never deadlock at barriers: a warp that is neither ended nor waiting can
 *    always run, so the barrier opens once it arrives or ends.  What can
 *    block is a warp spinning on memory another warp of its work-group
 *    writes: with the default schedule (a warp runs until it blocks) it
 *    spins until --max-instructions; with --interleave it completes;
 *  - private memory addressing (spec 3.5) across warps and work-groups;
 *  - kernel errors (spec 7): message text and error code. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "func/fharness.h"

static const char *csr_kernel =
  "  .text\n  .globl _start\n_start:\n"
  "  csrr t0, wgid\n  csrr t1, numw\n  csrr t2, numt\n  mul t3, t1, t2\n  mul t3, t3, t0\n"
  "  csrr t4, tid\n  add t3, t3, t4\n  vid.v v1\n  vadd.vx v1, v1, t3\n"
  "  li t5, 64\n  vmul.vx v2, v1, t5\n  li t6, 0x90001000\n  vadd.vx v2, v2, t6\n"
  "  csrr a1, tid\n  vmv.v.x v3, a1\n  vsw12.v v3, 0(v2)\n"
  "  csrr a1, numw\n  vmv.v.x v3, a1\n  vsw12.v v3, 4(v2)\n"
  "  csrr a1, numt\n  vmv.v.x v3, a1\n  vsw12.v v3, 8(v2)\n"
  "  csrr a1, knl\n  vmv.v.x v3, a1\n  vsw12.v v3, 12(v2)\n"
  "  csrr a1, wgid\n  vmv.v.x v3, a1\n  vsw12.v v3, 16(v2)\n"
  "  csrr a1, wid\n  vmv.v.x v3, a1\n  vsw12.v v3, 20(v2)\n"
  "  csrr a1, lds\n  vmv.v.x v3, a1\n  vsw12.v v3, 24(v2)\n"
  "  csrr a1, pds\n  vmv.v.x v3, a1\n  vsw12.v v3, 28(v2)\n"
  "  csrr a1, gdx\n  vmv.v.x v3, a1\n  vsw12.v v3, 32(v2)\n"
  "  csrr a1, gdy\n  vmv.v.x v3, a1\n  vsw12.v v3, 36(v2)\n"
  "  csrr a1, gdz\n  vmv.v.x v3, a1\n  vsw12.v v3, 40(v2)\n"
  "  csrr a1, vl\n  vmv.v.x v3, a1\n  vsw12.v v3, 44(v2)\n"
  "  vsw12.v v1, 48(v2)\n"
  "  vmv.v.x v3, a0\n  vadd.vx v3, v3, s0\n  vadd.vx v3, v3, a7\n  vadd.vv v3, v3, v9\n  vsw12.v v3, 52(v2)\n"
  "  endprg\n";

static void check_csrs(unsigned host_threads)
{
  const unsigned gx = 2, gy = 3, gz = 2, nw = 3, nt = 4, pds = 16;
  fh_cfg c;
  memset(&c, 0, sizeof c);
  c.src = csr_kernel;
  c.threads = nt;
  c.warps = nw;
  c.grid[0] = gx, c.grid[1] = gy, c.grid[2] = gz;
  c.pds_size = pds;
  c.host_threads = host_threads;
  fh_result r;
  fh_run(&c, &r);
  if (r.rc) fail_msg("%s", r.err.msg);
  for (unsigned g = 0; g < gx * gy * gz; g++)
    for (unsigned w = 0; w < nw; w++)
      for (unsigned i = 0; i < nt; i++) {
        unsigned gt = (g * nw + w) * nt + i;
        uint32_t rec = 0x1000 + 64 * gt;
        assert_int_equal(fh_word(&r, rec + 0), w * nt);                      /* tid   */
        assert_int_equal(fh_word(&r, rec + 4), nw);                          /* numw  */
        assert_int_equal(fh_word(&r, rec + 8), nt);                          /* numt  */
        assert_int_equal(fh_word(&r, rec + 12), FH_MEM);                     /* knl   */
        assert_int_equal(fh_word(&r, rec + 16), g);                          /* wgid  */
        assert_int_equal(fh_word(&r, rec + 20), w);                          /* wid   */
        uint32_t lds = fh_word(&r, rec + 24);
        if (host_threads <= 1) assert_int_equal(lds, 0x70000000u);
        else assert_true(lds >= 0x70000000u && lds < 0x80000000u);
        assert_int_equal(fh_word(&r, rec + 28), FH_PDS + g * nw * nt * pds); /* pds   */
        assert_int_equal(fh_word(&r, rec + 32), g % gx);                     /* gdx   */
        assert_int_equal(fh_word(&r, rec + 36), (g % (gx * gy)) / gx);       /* gdy   */
        assert_int_equal(fh_word(&r, rec + 40), g / (gx * gy));              /* gdz   */
        assert_int_equal(fh_word(&r, rec + 44), nt);                         /* vl    */
        assert_int_equal(fh_word(&r, rec + 48), gt);
        assert_int_equal(fh_word(&r, rec + 52), 0);                          /* regs 0 */
      }
  fh_free(&r);
}

static void test_launch_state(void **state)
{
  (void)state;
  check_csrs(1);
  check_csrs(2);
}

/* ---- barriers ---- */
static const char *barrier_kernel =
  "  .text\n  .globl _start\n_start:\n"
  "  csrr s0, wid\n  csrr s1, numw\n  csrr s2, wgid\n"
  "  slli t0, s2, 7\n"
  "  li s3, 0x90001000\n  add s3, s3, t0\n  li s4, 0x90002000\n  add s4, s4, t0\n"
  "  li s5, 0x90003000\n  add s5, s5, t0\n  li s6, 0x90004000\n  add s6, s6, t0\n"
  "  slli t1, s0, 2\n  addi t2, s0, 1\n  add t3, s3, t1\n  sw t2, 0(t3)\n"
  "  barrier 0\n"
  "  addi t4, s0, 1\n  rem t4, t4, s1\n  slli t4, t4, 2\n  add t4, s3, t4\n  lw t5, 0(t4)\n"
  "  add t3, s5, t1\n  sw t5, 0(t3)\n"
  "  srli t6, s1, 1\n  bge s0, t6, 8f\n"          /* the upper half ends early */
  "  barrier 0\n"
  "  addi t2, s0, 101\n  add t3, s4, t1\n  sw t2, 0(t3)\n"
  "  barrier 3\n"
  "  addi t4, s0, 1\n  rem t4, t4, t6\n  slli t4, t4, 2\n  add t4, s4, t4\n  lw t5, 0(t4)\n"
  "  add t3, s6, t1\n  sw t5, 0(t3)\n"
  "  barrier 0\n  barriersub 0\n  barrier 0\n"
  "8: endprg\n";

static void run_barriers(unsigned nw, unsigned host_threads, int interleave)
{
  fh_cfg c;
  memset(&c, 0, sizeof c);
  c.src = barrier_kernel;
  c.threads = 4;
  c.warps = nw;
  c.grid[0] = 5;
  c.host_threads = host_threads;
  c.interleave = interleave;
  fh_result r;
  fh_run(&c, &r);
  if (r.rc) fail_msg("%u warps, -j %u, interleave %d: rc %d code %d: %s", nw, host_threads, interleave, r.rc, r.err.code, r.err.msg);
  unsigned half = nw / 2;
  for (unsigned g = 0; g < 5; g++)
    for (unsigned w = 0; w < nw; w++) {
      uint32_t o = g * 128 + w * 4;
      assert_int_equal(fh_word(&r, 0x3000 + o), (w + 1) % nw + 1);
      if (w < half) assert_int_equal(fh_word(&r, 0x4000 + o), (w + 1) % half + 101);
      else assert_int_equal(fh_word(&r, 0x4000 + o), 0);
    }
  fh_free(&r);
}

static void test_barriers(void **state)
{
  (void)state;
  for (unsigned nw = 2; nw <= 8; nw += 2) {
    run_barriers(nw, 1, 0);
    run_barriers(nw, 2, 0);
    run_barriers(nw, 1, 1);
    run_barriers(nw, 1, 3);
  }
  run_barriers(32, 1, 0);
}

/* a work-group of one warp passes a barrier at once, also as the last
 * warp standing */
static void test_barrier_last_warp(void **state)
{
  (void)state;
  static const char *src =
    "  .text\n  .globl _start\n_start:\n"
    "  csrr s0, wid\n  bnez s0, 1f\n"
    "  barrier 0\n  barrier 0\n  barrier 0\n  li t0, 0x90001000\n  li t1, 5\n  sw t1, 0(t0)\n"
    "1: endprg\n";
  fh_cfg c;
  memset(&c, 0, sizeof c);
  c.src = src;
  c.threads = 2;
  c.warps = 4;
  fh_result r;
  fh_run(&c, &r);
  if (r.rc) fail_msg("%s", r.err.msg);
  assert_int_equal(fh_word(&r, 0x1000), 5);
  fh_free(&r);
}

static const char *spin_kernel =
  "  .text\n  .globl _start\n_start:\n"
  "  csrr s0, wid\n  li s1, 0x90001000\n  bnez s0, 2f\n"
  "  .globl spin\nspin: lw t0, 0(s1)\n  beqz t0, spin\n"
  "  li t1, 7\n  sw t1, 4(s1)\n  endprg\n"
  "2: li t1, 1\n  sw t1, 0(s1)\n  endprg\n";

static void test_spin_blocks(void **state)
{
  (void)state;
  fh_cfg c;
  memset(&c, 0, sizeof c);
  c.src = spin_kernel;
  c.threads = 4;
  c.warps = 2;
  c.max_insns = 20000;
  c.symbol = "spin";
  fh_result r;
  fh_run(&c, &r);
  assert_int_equal(r.rc, -1);
  assert_int_equal(r.err.code, VS_E_KERNEL);
  if (!strstr(r.err.msg, "instruction limit reached (--max-instructions 20000)") ||
      !strstr(r.err.msg, "warp 0,"))
    fail_msg("message: %s", r.err.msg);
  char pc1[32], pc2[32];
  snprintf(pc1, sizeof pc1, "pc 0x%08x", r.symbol_value);
  snprintf(pc2, sizeof pc2, "pc 0x%08x", r.symbol_value + 4);
  if (!strstr(r.err.msg, pc1) && !strstr(r.err.msg, pc2)) fail_msg("pc not in the spin loop: %s", r.err.msg);
  fh_free(&r);
  c.interleave = 1;
  fh_run(&c, &r);
  if (r.rc) fail_msg("%s", r.err.msg);
  assert_int_equal(fh_word(&r, 0x1004), 7);
  fh_free(&r);
}

/* ---- private memory (spec 3.5) ---- */
static const char *priv_kernel =
  "  .text\n  .globl _start\n_start:\n"
  "  csrr t0, wgid\n  csrr t1, numw\n  csrr t2, numt\n  mul t3, t1, t2\n  mul t3, t3, t0\n"
  "  csrr t4, tid\n  add t3, t3, t4\n  vid.v v1\n  vadd.vx v1, v1, t3\n"  /* global thread id */
  "  vsll.vi v2, v1, 4\n"                                                     /* id * 16 */
  "  vmv.v.i v5, 0\n"
  "  vadd.vi v3, v2, 0\n  vsw.v v3, 0(v5)\n"
  "  vadd.vi v3, v2, 1\n  vsw.v v3, 4(v5)\n"
  "  vadd.vi v3, v2, 2\n  vsw.v v3, 8(v5)\n"
  "  vadd.vi v3, v2, 3\n  vsh.v v3, 14(v5)\n"
  "  vadd.vi v3, v2, 5\n  vsb.v v3, 9(v5)\n"
  "  vmv.v.i v6, 8\n"
  "  vlw.v v7, -4(v6)\n  vlbu.v v8, 1(v6)\n  vlh.v v9, 6(v6)\n"
  "  li t5, 0x90001000\n  vsll.vi v10, v1, 2\n  vadd.vx v10, v10, t5\n"
  "  vsw12.v v7, 0(v10)\n  vsw12.v v8, 1024(v10)\n  vsw12.v v9, -1024(v10)\n"
  "  endprg\n";

static void test_private_memory(void **state)
{
  (void)state;
  const unsigned nw = 3, nt = 4, ng = 2, ps = 16;
  fh_cfg c;
  memset(&c, 0, sizeof c);
  c.src = priv_kernel;
  c.threads = nt;
  c.warps = nw;
  c.grid[0] = ng;
  c.pds_size = ps;
  fh_result r;
  fh_run(&c, &r);
  if (r.rc) fail_msg("%s", r.err.msg);
  assert_int_equal(r.pds_len, ng * nw * nt * ps);
  for (unsigned g = 0; g < ng; g++)
    for (unsigned w = 0; w < nw; w++)
      for (unsigned i = 0; i < nt; i++) {
        unsigned id = (g * nw + w) * nt + i, tid = w * nt;
        uint32_t base = g * nw * nt * ps;
#define PHYS(a) (base + ((a) & ~3u) * nw * nt + ((a) & 3u) + (tid + i) * 4)
        uint8_t want[16];
        for (unsigned k = 0; k < 3; k++)
          for (unsigned b = 0; b < 4; b++) want[4 * k + b] = (uint8_t)((id * 16 + k) >> (8 * b));
        want[9] = (uint8_t)(id * 16 + 5);
        want[12] = want[13] = 0;
        want[14] = (uint8_t)(id * 16 + 3);
        want[15] = (uint8_t)((id * 16 + 3) >> 8);
        for (unsigned a = 0; a < 16; a++)
          if (r.pds[PHYS(a)] != want[a])
            fail_msg("thread %u private byte %u at offset %u: 0x%02x, expected 0x%02x", id, a, PHYS(a),
                     r.pds[PHYS(a)], want[a]);
        assert_int_equal(fh_word(&r, 0x1000 + 4 * id), id * 16 + 1);
        assert_int_equal(fh_word(&r, 0x1400 + 4 * id), want[9]);
        uint32_t h = (uint32_t)(int16_t)(want[14] | want[15] << 8);
        assert_int_equal(fh_word(&r, 0x0c00 + 4 * id), h);
      }
  fh_free(&r);
}

/* ---- kernel errors (spec 7) ---- */
static void expect_error(const char *body, const char *what, uint32_t pc_off, unsigned warps)
{
  static char src[4096];
  snprintf(src, sizeof src,
           "  .text\n  .globl _start\n_start:\n  csrr s0, wid\n  addi s1, s0, -%u\n  bnez s1, 9f\n"
           "  .globl here\n  nop\nhere:\n%s\n9: endprg\n",
           warps - 1, body);
  fh_cfg c;
  memset(&c, 0, sizeof c);
  c.src = src;
  c.threads = 4;
  c.warps = warps;
  c.grid[0] = 3;
  c.max_insns = 5000;
  c.symbol = "here";
  fh_result r;
  fh_run(&c, &r);
  if (r.rc != -1) fail_msg("`%s`: no error", body);
  assert_int_equal(r.err.code, VS_E_KERNEL);
  char head[128];
  snprintf(head, sizeof head, "kernel error in 'kernel', work-group 0 (0,0,0), warp %u, pc 0x%08x `",
           warps - 1, r.symbol_value + pc_off);
  if (!strstr(r.err.msg, head) || !strstr(r.err.msg, what))
    fail_msg("`%s`: message '%s' lacks '%s' or '%s'", body, r.err.msg, head, what);
  fh_free(&r);
}

static void test_kernel_errors(void **state)
{
  (void)state;
  expect_error("  .word 0xffffffff", "illegal instruction 0xffffffff", 0, 1);
  expect_error("  .word 0x00000000", "illegal instruction 0x00000000", 0, 2);
  expect_error("  li t0, 0x50000000\n  lw t1, 0(t0)", "load from unmapped address 0x50000000", 4, 1);
  expect_error("  li t0, 0x50000000\n  sw t1, 4(t0)", "store to unmapped address 0x50000004", 4, 2);
  expect_error("  li t0, 0x90000002\n  lw t1, 0(t0)", "misaligned 4-byte load from address 0x90000002", 8, 1);
  expect_error("  li t0, 0x90000001\n  sh t1, 0(t0)", "misaligned 2-byte store to address 0x90000001", 8, 1);
  expect_error("  li t0, 0x90000001\n  vmv.v.x v1, t0\n  vlw12.v v2, 0(v1)",
               "misaligned 4-byte load from address 0x90000001", 12, 1);
  expect_error("  li t0, 0x40000000\n  vmv.v.x v1, t0\n  vsw12.v v2, 8(v1)",
               "store to unmapped address 0x40000008", 8, 3);
  expect_error("  li t0, 0x90000006\n  vmv.v.x v1, t0\n  amoadd.w v2, v3, (v1)", "misaligned 4-byte", 12, 1);
  expect_error("1: j 1b", "instruction limit reached (--max-instructions 5000)", 0, 1);
  expect_error("  csrr t0, 0x7c0", "CSR 0x7c0", 0, 1);
  expect_error("  .word 0x0000200b\n  .word 0x0000200b\n  add t0, t0, t0",
               "regext prefix 0x0000200b is not followed by an instruction it can extend", 0, 1);
  /* wild and misaligned pc: the jump itself is fine, the fetch faults */
  {
    static const char *wild =
      "  .text\n  .globl _start\n_start:\n  li t0, 0x12345678\n  jr t0\n";
    fh_cfg c;
    memset(&c, 0, sizeof c);
    c.src = wild;
    fh_result r;
    fh_run(&c, &r);
    assert_int_equal(r.rc, -1);
    if (!strstr(r.err.msg, "pc 0x12345678 is not in mapped memory") ||
        !strstr(r.err.msg, "pc 0x12345678 `(no instruction: pc not in mapped memory)`"))
      fail_msg("message: %s", r.err.msg);
    fh_free(&r);
    static const char *odd =
      "  .text\n  .globl _start\n_start:\n  li t0, 0x80000022\n  jr t0\n";
    c.src = odd;
    fh_run(&c, &r);
    assert_int_equal(r.rc, -1);
    if (!strstr(r.err.msg, "misaligned pc 0x80000022")) fail_msg("message: %s", r.err.msg);
    fh_free(&r);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_launch_state),
    cmocka_unit_test(test_barriers),
    cmocka_unit_test(test_barrier_last_warp),
    cmocka_unit_test(test_spin_blocks),
    cmocka_unit_test(test_private_memory),
    cmocka_unit_test(test_kernel_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
