/* Execution units (src/timing/units.c): latency, initiation interval,
 * passes through units narrower than the warp (the SFU); the Ventus, GCN
 * and RDNA3 architecture profiles (src/timing/profile.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/insn.h"
#include "timing/config.h"
#include "timing/profile.h"
#include "timing/tcommon.h"
#include "timing/units.h"

/* Execute an instruction of class cls on the unit the Ventus profile
 * gives it */
static uint64_t ex(vs_units *u, int cls, unsigned active, unsigned width, uint64_t ready,
                   uint64_t *start)
{
  return vs_units_exec(u, vs_tprofile_ventus.unit_of_class[cls], cls, active, width, ready, start);
}

static void test_latencies(void **state)
{
  (void)state;
  struct vs_timing_config c;
  vs_timing_config_defaults(&c);
  c.ex_sfu_latency = 12; /* the values the numbers below were worked out with */
  c.ex_div_latency = 33;
  vs_units u;
  vs_units_init(&u, &c, 16); /* 16 lanes, so the SFU has 4 */
  uint64_t s;
  /* RTL defaults: vector ALU 1, multiply 2, FP 3, FMA 5 */
  assert_int_equal(ex(&u, VS_CLS_VALU, 16, 16, 10, &s), 11);
  assert_int_equal(s, 10);
  assert_int_equal(ex(&u, VS_CLS_VMUL, 16, 16, 10, &s), 12);
  assert_int_equal(ex(&u, VS_CLS_VFPU, 16, 16, 10, &s), 13);
  assert_int_equal(ex(&u, VS_CLS_VFMA, 16, 16, 20, &s), 25);
  /* the FPU is pipelined: the next one starts a cycle later */
  uint64_t w = VS_NEVER;
  assert_false(vs_units_accepts(&u, VS_U_FPU, 20, &w));
  assert_int_equal(w, 21);
  assert_int_equal(ex(&u, VS_CLS_VFMA, 16, 16, 20, &s), 26);
  assert_int_equal(s, 21);
  /* SFU: 16 active threads / 4 lanes = 4 passes of 12 cycles, not
   * pipelined: result at 100 + 3 * 12 + 12, busy until 148 */
  assert_int_equal(ex(&u, VS_CLS_VSFU, 16, 16, 100, &s), 148);
  assert_int_equal(u.u[VS_U_SFU].next_free, 148);
  /* 5 active threads: 2 passes; it waits for the SFU */
  assert_int_equal(ex(&u, VS_CLS_VSFU, 5, 16, 101, &s), 148 + 12 + 12);
  assert_int_equal(s, 148);
  /* integer divide: 33 per pass; scalar: one pass */
  assert_int_equal(ex(&u, VS_CLS_SDIV, 1, 16, 400, &s), 433);
  /* different units do not block each other */
  assert_int_equal(ex(&u, VS_CLS_SALU, 1, 16, 10, &s), 11);
  assert_int_equal(vs_tprofile_ventus.unit_of_class[VS_CLS_VLOAD], VS_U_LSU);
  assert_int_equal(vs_tprofile_ventus.unit_of_class[VS_CLS_SIMT], VS_U_SIMT);
  /* lanes narrower than the warp: 32 threads on 8 lanes = 4 passes of ii 1 */
  vs_units_init(&u, &c, 8);
  assert_int_equal(ex(&u, VS_CLS_VALU, 32, 32, 0, &s), 4);
  assert_int_equal(u.u[VS_U_VALU].next_free, 4);
}

/* The Ventus profile: memory classes (and only they) go to the LSU; the
 * issue ports of ibuffer2issue */
static void test_ventus_profile(void **state)
{
  (void)state;
  const vs_tprofile *p = vs_tprofile_get(0);
  assert_ptr_equal(p, &vs_tprofile_ventus);
  assert_ptr_equal(vs_tprofile_get(1), &vs_tprofile_gcn);
  assert_ptr_equal(vs_tprofile_get(2), &vs_tprofile_rdna3);
  assert_null(vs_tprofile_get(3));
  assert_string_equal(p->name, "ventus");
  for (int c = 0; c < VS_CLS_COUNT; c++) {
    assert_int_equal(vs_cls_is(c, VS_CP_MEM), p->unit_of_class[c] == VS_U_LSU);
    assert_true(p->port_of_class[c] <= 1);
  }
  assert_int_equal(p->port_of_class[VS_CLS_SALU], 0);
  assert_int_equal(p->port_of_class[VS_CLS_BRANCH], 0);
  assert_int_equal(p->port_of_class[VS_CLS_VCFG], 0);
  assert_int_equal(p->port_of_class[VS_CLS_VALU], 1);
  assert_int_equal(p->port_of_class[VS_CLS_SIMT], 1);
  assert_int_equal(p->port_of_class[VS_CLS_SLOAD], 1);
  assert_int_equal(p->nsimd, 1);
  assert_int_equal(p->nports, 2);
  assert_int_equal(p->simd_turns, 0);
  assert_int_equal(p->inorder_counters, 0);
  assert_int_equal(p->interlock, VS_IL_SCOREBOARD);
  assert_int_equal(p->store_counter, VS_CNT_VS);
  vs_error err = {0};
  assert_int_equal(vs_tprofile_check(p, &err), 0);
  /* what vs_tprofile_check rejects */
  vs_tprofile bad = *p;
  bad.nsimd = VS_MAX_SIMD + 1;
  assert_int_equal(vs_tprofile_check(&bad, &err), -1);
  assert_non_null(strstr(err.msg, "SIMD units"));
  bad = *p;
  bad.unit_of_class[VS_CLS_LDS] = VS_U_VALU;
  assert_int_equal(vs_tprofile_check(&bad, &err), -1);
  assert_non_null(strstr(err.msg, "class lds accesses memory: needs the load/store unit"));
  bad = *p;
  bad.unit_of_class[VS_CLS_VALU] = VS_U_LSU;
  assert_int_equal(vs_tprofile_check(&bad, &err), -1);
  bad = *p;
  bad.store_counter = VS_CNT_LGKM;
  assert_int_equal(vs_tprofile_check(&bad, &err), -1);
  bad = *p;
  bad.interlock = 7;
  assert_int_equal(vs_tprofile_check(&bad, &err), -1);
}

/* The GCN5 profile (docs/amd-hardware.md sections 2-3): 4 SIMDs, a wave
 * on SIMD slot mod 4, one SIMD per cycle, one port per instruction type,
 * wait counters with stores in VMcnt, VMcnt in order */
static void test_gcn_profile(void **state)
{
  (void)state;
  const vs_tprofile *p = &vs_tprofile_gcn;
  vs_error err = {0};
  assert_int_equal(vs_tprofile_check(p, &err), 0);
  assert_string_equal(p->name, "gcn");
  assert_int_equal(p->nsimd, 4);
  for (unsigned s = 0; s < 12; s++) assert_int_equal(p->simd_of(s, 4), s % 4);
  assert_int_equal(p->simd_turns, 1);
  assert_int_equal(p->interlock, VS_IL_WAITCNT);
  assert_int_equal(p->store_counter, VS_CNT_VM);
  assert_int_equal(p->inorder_counters, 1u << VS_CNT_VM);
  assert_int_equal(p->nports, 6);
  /* VALU, scalar (SALU and SMEM together), VMEM, LDS, branch/message and
   * the internal instructions each on a port of their own */
  int ports[] = {p->port_of_class[VS_CLS_VALU], p->port_of_class[VS_CLS_SALU],
                 p->port_of_class[VS_CLS_VLOAD], p->port_of_class[VS_CLS_LDS],
                 p->port_of_class[VS_CLS_BRANCH], p->port_of_class[VS_CLS_WAITCNT]};
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < i; j++) assert_int_not_equal(ports[i], ports[j]);
  assert_int_equal(p->port_of_class[VS_CLS_SMEM], p->port_of_class[VS_CLS_SALU]);
  assert_int_equal(p->port_of_class[VS_CLS_VSTORE], p->port_of_class[VS_CLS_VLOAD]);
  assert_int_equal(p->port_of_class[VS_CLS_VFPU], p->port_of_class[VS_CLS_VALU]);
  assert_int_equal(p->port_of_class[VS_CLS_VSFU], p->port_of_class[VS_CLS_VALU]);
  assert_int_equal(p->port_of_class[VS_CLS_MESSAGE], p->port_of_class[VS_CLS_BRANCH]);
  assert_int_equal(p->port_of_class[VS_CLS_BARRIER], p->port_of_class[VS_CLS_WAITCNT]);
  assert_int_equal(p->port_of_class[VS_CLS_ENDPRG], p->port_of_class[VS_CLS_WAITCNT]);
  /* a port beyond nports is rejected */
  vs_tprofile bad = *p;
  bad.port_of_class[VS_CLS_VALU] = 6;
  assert_int_equal(vs_tprofile_check(&bad, &err), -1);
  bad = *p;
  bad.nports = VS_MAX_PORTS + 1;
  assert_int_equal(vs_tprofile_check(&bad, &err), -1);
  assert_non_null(strstr(err.msg, "issue ports"));
}

/* exec.fpu_ii: a wave64 on 16 lanes is 4 passes of fpu_ii cycles; the
 * result comes fpu_latency after the last pass starts.  Vega 64's f64
 * (1/16 rate: fpu_ii = fpu_latency = 16): 3 * 16 + 16 = 64 cycles, the
 * unit busy 64 cycles (docs/amd-hardware.md section 4, "f64 FMA") */
static void test_fpu_ii(void **state)
{
  (void)state;
  struct vs_timing_config c;
  vs_timing_config_defaults(&c);
  c.ex_fpu_ii = 16;
  c.ex_fpu_latency = 16;
  vs_units u;
  uint64_t s;
  vs_units_init(&u, &c, 16);
  assert_int_equal(ex(&u, VS_CLS_VFPU, 64, 64, 100, &s), 164);
  assert_int_equal(s, 100);
  assert_int_equal(u.u[VS_U_FPU].next_free, 164);
  /* the next one waits for the unit */
  assert_int_equal(ex(&u, VS_CLS_VFPU, 64, 64, 104, &s), 228);
  assert_int_equal(s, 164);
}

/* The RDNA3 profile (docs/amd-hardware.md sections 2-3, 7): 2 SIMD32 per
 * CU, a wave on SIMD slot mod 2, both SIMDs issue every cycle, GCN's ports,
 * wait counters with stores in VScnt, VMcnt and VScnt in issue order (seed
 * 002: "counter decrements still reflect in-order completion") */
static void test_rdna3_profile(void **state)
{
  (void)state;
  const vs_tprofile *p = &vs_tprofile_rdna3;
  vs_error err = {0};
  assert_int_equal(vs_tprofile_check(p, &err), 0);
  assert_string_equal(p->name, "rdna3");
  assert_int_equal(p->nsimd, 2);
  for (unsigned s = 0; s < 8; s++) assert_int_equal(p->simd_of(s, 2), s % 2);
  assert_int_equal(p->simd_turns, 0);
  assert_int_equal(p->interlock, VS_IL_WAITCNT);
  assert_int_equal(p->store_counter, VS_CNT_VS);
  assert_int_equal(p->inorder_counters, 1u << VS_CNT_VM | 1u << VS_CNT_VS);
  assert_int_equal(p->nports, vs_tprofile_gcn.nports);
  for (int c = 0; c < VS_CLS_COUNT; c++) {
    assert_int_equal(p->port_of_class[c], vs_tprofile_gcn.port_of_class[c]);
    assert_int_equal(p->unit_of_class[c], vs_tprofile_gcn.unit_of_class[c]);
  }
  /* the transcendental class on its own unit, beside the VALU */
  assert_int_not_equal(p->unit_of_class[VS_CLS_VSFU], p->unit_of_class[VS_CLS_VALU]);
}

/* exec.sfu_ii > 0: the transcendental unit is pipelined.  RDNA3 (hw §4
 * "transcendental f32": issue 4, latency 10): 8 lanes, sfu_ii 1,
 * sfu_latency 7: a wave32 is 32 / 8 = 4 passes entering at 100..103, the
 * result 7 after the last: 103 + 7 = 110, the unit free again at 104;
 * 64 active threads (wave64): 8 passes, 104 + 7 + 7 = 118.  Integer
 * division stays iterative (div_latency per pass). */
static void test_sfu_pipelined(void **state)
{
  (void)state;
  struct vs_timing_config c;
  vs_timing_config_defaults(&c);
  c.ex_sfu_lanes = 8;
  c.ex_sfu_ii = 1;
  c.ex_sfu_latency = 7;
  c.ex_div_latency = 33;
  vs_units u;
  uint64_t s;
  vs_units_init(&u, &c, 32);
  assert_int_equal(ex(&u, VS_CLS_VSFU, 32, 32, 100, &s), 110);
  assert_int_equal(s, 100);
  assert_int_equal(u.u[VS_U_SFU].next_free, 104);
  assert_int_equal(ex(&u, VS_CLS_VSFU, 64, 64, 100, &s), 118);
  assert_int_equal(s, 104);
  /* integer divide: 8 active threads = 1 pass of 33, not pipelined */
  assert_int_equal(ex(&u, VS_CLS_VDIV, 8, 32, 200, &s), 233);
  assert_int_equal(u.u[VS_U_SFU].next_free, 233);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_latencies),
    cmocka_unit_test(test_ventus_profile),
    cmocka_unit_test(test_gcn_profile),
    cmocka_unit_test(test_fpu_ii),
    cmocka_unit_test(test_rdna3_profile),
    cmocka_unit_test(test_sfu_pipelined),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
