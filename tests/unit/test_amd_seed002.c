/* gfx1100 (RDNA3) scheduling and wait instructions as decoded (seed 002):
 * s_delay_alu's INSTID0 / INSTSKIP / INSTID1, s_clause's length and break
 * span, and the counters of s_waitcnt and s_waitcnt_{vs,vm,exp,lgkm}cnt as
 * the timing model sees them (vs_insn_info.wait[]), for wave32 and wave64.
 *
 * Words are derived by hand from the field layouts (and agree with
 * llvm-mc-19 -show-encoding):
 *   SOPP   0xbf800000 | op << 16 | simm16   (s_clause op 5, s_delay_alu 7,
 *                                            s_waitcnt_depctr 8, s_waitcnt 9)
 *   SOPK   0xb0000000 | op << 23 | sdst << 16 | simm16 (s_waitcnt_vscnt
 *          0x18, _vmcnt 0x19, _expcnt 0x1a, _lgkmcnt 0x1b; null is 124)
 *   s_delay_alu simm16 = INSTID1 << 7 | INSTSKIP << 4 | INSTID0 (seed 002:
 *          "InstID1[4], Skip[3], InstID0[4]")
 *   s_clause simm16[5:0] = length - 1, simm16[11:8] = break span
 *   s_waitcnt simm16 = vmcnt << 10 | lgkmcnt << 4 | expcnt */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "core/isa.h"
#include "core/insn.h"
#include "isa/amdgpu/amdgpu.h"
#include "isa/amdgpu/frontend.h"
#include "ventsim/sim.h"

static const amd_target targets[] = {AMD_GFX1100, AMD_GFX1100_W64};

static void decode1(amd_target t, uint32_t word, amd_insn *I)
{
  uint32_t w[2] = {word, 0};
  assert_int_equal(amd_decode(t, w, 2, I), 4);
}

/* The front end's decoding (the ISA the launch uses) and its insn_info */
static void info1(amd_target t, uint32_t word, vs_insn_info *info)
{
  vs_launch l;
  memset(&l, 0, sizeof l);
  l.wave_size = t == AMD_GFX1100_W64 ? 64 : 32;
  const vs_isa *isa = vs_isa_gfx1100.decoder_for(&l);
  assert_non_null(isa);
  vs_dinsn d;
  memset(&d, 0, sizeof d);
  uint32_t w[VS_DINSN_WORDS] = {word, 0, 0};
  isa->decode(&d, w, VS_DINSN_WORDS, 0x1000);
  assert_int_equal(d.len, 4);
  isa->insn_info(&d, info);
}

static void test_delay_alu(void **state)
{
  (void)state;
  static const struct { uint32_t w; unsigned id0, skip, id1; } cases[] = {
    {0xbf870001u, 1, 0, 0},  /* instid0(VALU_DEP_1)                                    */
    {0xbf870092u, 2, 1, 1},  /* VALU_DEP_2 | instskip(NEXT) | VALU_DEP_1: 2 | 1<<4 | 1<<7 */
    {0xbf8705d7u, 7, 5, 11}, /* TRANS32_DEP_3 | SKIP_4 | SALU_CYCLE_3: 7 | 5<<4 | 11<<7 */
    {0xbf870208u, 8, 0, 4},  /* FMA_ACCUM_CYCLE_1 | SAME | VALU_DEP_4: 8 | 0 | 4<<7     */
  };
  for (size_t k = 0; k < 2; k++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      amd_insn I;
      decode1(targets[k], cases[i].w, &I);
      assert_int_equal(I.f.nops, 1);
      assert_int_equal(I.f.op[0].kind, AMD_OPK_DELAY);
      assert_int_equal(AMD_DELAY_INSTID0(I.f.op[0].val), cases[i].id0);
      assert_int_equal(AMD_DELAY_INSTSKIP(I.f.op[0].val), cases[i].skip);
      assert_int_equal(AMD_DELAY_INSTID1(I.f.op[0].val), cases[i].id1);
      /* a hint: no counter to wait for, no register read or written */
      vs_insn_info info;
      info1(targets[k], cases[i].w, &info);
      for (unsigned c = 0; c < VS_NCNT; c++) assert_int_equal(info.wait[c], VS_WAIT_ANY);
      assert_int_equal(info.nsrc, 0);
      assert_int_equal(info.ndst, 0);
    }
}

static void test_clause(void **state)
{
  (void)state;
  static const struct { uint32_t w; unsigned len, brk; } cases[] = {
    {0xbf850003u, 4, 0},  /* s_clause 0x3: 4 instructions, no breaks          */
    {0xbf850205u, 6, 2},  /* s_clause 0x205: 6 instructions, a break every 2 */
    {0xbf85003fu, 64, 0}, /* s_clause 0x3f: the longest, 64                 */
  };
  for (size_t k = 0; k < 2; k++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      amd_insn I;
      decode1(targets[k], cases[i].w, &I);
      assert_int_equal(I.f.nops, 1);
      assert_int_equal(I.f.op[0].kind, AMD_OPK_CLAUSE);
      assert_int_equal(AMD_CLAUSE_LENGTH(I.f.op[0].val), cases[i].len);
      assert_int_equal(AMD_CLAUSE_BREAK(I.f.op[0].val), cases[i].brk);
      vs_insn_info info;
      info1(targets[k], cases[i].w, &info);
      for (unsigned c = 0; c < VS_NCNT; c++) assert_int_equal(info.wait[c], VS_WAIT_ANY);
    }
}

#define A VS_WAIT_ANY
static void test_waitcnt(void **state)
{
  (void)state;
  static const struct { uint32_t w; uint8_t vm, vs, lgkm, exp; } cases[] = {
    {0xbf890432u, 1, A, 3, 2},    /* s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3): 1<<10 | 3<<4 | 2 */
    {0xbf89fc07u, 63, A, 0, 7},   /* s_waitcnt lgkmcnt(0): vmcnt 63, expcnt 7 (not waited) */
    {0xbc7c0005u, A, 5, A, A},    /* s_waitcnt_vscnt null, 5: VScnt alone (seed 002)     */
    {0xbcfc0007u, 7, A, A, A},    /* s_waitcnt_vmcnt null, 7                            */
    {0xbd7c0001u, A, A, A, 1},    /* s_waitcnt_expcnt null, 1                           */
    {0xbdfc003fu, A, A, 63, A},   /* s_waitcnt_lgkmcnt null, 0x3f                       */
    {0xbc7c1234u, A, 0xfe, A, A}, /* s_waitcnt_vscnt null, 0x1234: past 254 -> 254    */
    {0xbf88fffeu, A, A, A, A},    /* s_waitcnt_depctr 0xfffe: no counter of the four  */
  };
  for (size_t k = 0; k < 2; k++)
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      vs_insn_info info;
      info1(targets[k], cases[i].w, &info);
      assert_int_equal(info.wait[VS_CNT_VM], cases[i].vm);
      assert_int_equal(info.wait[VS_CNT_VS], cases[i].vs);
      assert_int_equal(info.wait[VS_CNT_LGKM], cases[i].lgkm);
      assert_int_equal(info.wait[VS_CNT_EXP], cases[i].exp);
    }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_delay_alu),
    cmocka_unit_test(test_clause),
    cmocka_unit_test(test_waitcnt),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
