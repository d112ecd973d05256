/* The architecture profiles (timing/profile.h) */
#include "timing/config.h"
#include "timing/profile.h"
#include "timing/units.h"
#include "timing/waitcnt.h"

/* The Ventus SM (the Chisel RTL): one set of execution units shared by all
 * warps; with split issue (ibuffer2issue) tensor, FP, multiply, SFU,
 * memory and vector instructions go to the vector-pipe arbiter (port 1),
 * CSR, vector configuration, barriers, warp control and the scalar ALU
 * and branches to the scalar one (port 0). */
const vs_tprofile vs_tprofile_ventus = {
  .name = "ventus",
  .unit_of_class = {
    [VS_CLS_SALU] = VS_U_SALU,    [VS_CLS_BRANCH] = VS_U_SALU,
    [VS_CLS_VALU] = VS_U_VALU,
    [VS_CLS_SMUL] = VS_U_MUL,     [VS_CLS_VMUL] = VS_U_MUL,
    [VS_CLS_SFPU] = VS_U_FPU,     [VS_CLS_VFPU] = VS_U_FPU,    [VS_CLS_VFMA] = VS_U_FPU,
    [VS_CLS_SDIV] = VS_U_SFU,     [VS_CLS_VDIV] = VS_U_SFU,
    [VS_CLS_SFDIV] = VS_U_SFU,    [VS_CLS_VSFU] = VS_U_SFU,
    [VS_CLS_CSR] = VS_U_CSR,      [VS_CLS_VCFG] = VS_U_CSR,
    [VS_CLS_SIMT] = VS_U_SIMT,
    [VS_CLS_SLOAD] = VS_U_LSU,    [VS_CLS_SSTORE] = VS_U_LSU,  [VS_CLS_SAMO] = VS_U_LSU,
    [VS_CLS_VLOAD] = VS_U_LSU,    [VS_CLS_VSTORE] = VS_U_LSU,  [VS_CLS_VAMO] = VS_U_LSU,
    [VS_CLS_LDS] = VS_U_LSU,      [VS_CLS_SMEM] = VS_U_LSU,
    [VS_CLS_TENSOR] = VS_U_TENSOR,
    [VS_CLS_FENCE] = VS_U_CTRL,   [VS_CLS_BARRIER] = VS_U_CTRL, [VS_CLS_ENDPRG] = VS_U_CTRL,
    [VS_CLS_PREFIX] = VS_U_CTRL,  [VS_CLS_ILLEGAL] = VS_U_CTRL, [VS_CLS_WAITCNT] = VS_U_CTRL,
    [VS_CLS_EXPORT] = VS_U_CTRL,  [VS_CLS_MESSAGE] = VS_U_CTRL,
  },
  .port_of_class = {
    [VS_CLS_SMUL] = 1, [VS_CLS_SDIV] = 1, [VS_CLS_SFPU] = 1, [VS_CLS_SFDIV] = 1,
    [VS_CLS_SLOAD] = 1, [VS_CLS_SSTORE] = 1, [VS_CLS_SAMO] = 1, [VS_CLS_FENCE] = 1,
    [VS_CLS_VALU] = 1, [VS_CLS_VMUL] = 1, [VS_CLS_VDIV] = 1, [VS_CLS_VFPU] = 1,
    [VS_CLS_VFMA] = 1, [VS_CLS_VSFU] = 1, [VS_CLS_VLOAD] = 1, [VS_CLS_VSTORE] = 1,
    [VS_CLS_VAMO] = 1, [VS_CLS_SIMT] = 1, [VS_CLS_TENSOR] = 1, [VS_CLS_LDS] = 1,
    [VS_CLS_SMEM] = 1,
    /* port 0: SALU, BRANCH, CSR, VCFG, BARRIER, ENDPRG, PREFIX, ILLEGAL and
     * the control classes of other ISAs */
  },
  .nports = 2,
  .nsimd = 1,
  .simd_of = NULL,
  .bank = NULL,
  .interlock = VS_IL_SCOREBOARD,
  .store_counter = VS_CNT_VS,
  .inorder_counters = 0,
  .simd_turns = 0,
};

/* A GCN5 compute unit (gfx900/gfx906; docs/amd-hardware.md sections 2-3):
 * four SIMD16 units, a wave bound to one at launch (warp slot mod 4), each
 * with its own vector units; the issue stage visits one SIMD per cycle in
 * turn (GCN white paper: "selects a single SIMD to decode and issue each
 * cycle, using round-robin arbitration") and issues from its waves up to
 * one instruction per type, each from a different wave (core.issue_width 1,
 * core.issue_per_warp 1): VALU, scalar (SALU and SMEM share one port,
 * amd-hardware.md section 6 item 6), vector memory, LDS, branch/message;
 * the internal instructions (s_waitcnt, s_barrier, s_endpgm) are handled
 * in the instruction buffer: a port of their own, so they take no type's
 * slot.  Interlock: wait counters (s_waitcnt, seed 000 4.4); stores count
 * in VMcnt (no VScnt on gfx9), VMcnt decrements in issue order (loads and
 * stores mixed), LGKMcnt may complete out of order (SMEM; LDS returns in
 * order but goes through the in-order LSU anyway). */
enum { GCN_P_VALU, GCN_P_SCALAR, GCN_P_VMEM, GCN_P_LDS, GCN_P_BRANCH, GCN_P_INTERNAL, GCN_NPORTS };

/* The AMD profiles' units and issue ports by class (gcn and rdna3 alike) */
#define AMD_UNIT_OF_CLASS \
  {                                                                                            \
    [VS_CLS_SALU] = VS_U_SALU,    [VS_CLS_BRANCH] = VS_U_SALU,                                 \
    [VS_CLS_VALU] = VS_U_VALU,                                                                 \
    [VS_CLS_SMUL] = VS_U_MUL,     [VS_CLS_VMUL] = VS_U_MUL,                                    \
    [VS_CLS_SFPU] = VS_U_FPU,     [VS_CLS_VFPU] = VS_U_FPU,    [VS_CLS_VFMA] = VS_U_FPU,       \
    [VS_CLS_SDIV] = VS_U_SFU,     [VS_CLS_VDIV] = VS_U_SFU,                                    \
    [VS_CLS_SFDIV] = VS_U_SFU,    [VS_CLS_VSFU] = VS_U_SFU,                                    \
    [VS_CLS_CSR] = VS_U_CSR,      [VS_CLS_VCFG] = VS_U_CSR,                                    \
    [VS_CLS_SIMT] = VS_U_SIMT,                                                                 \
    [VS_CLS_SLOAD] = VS_U_LSU,    [VS_CLS_SSTORE] = VS_U_LSU,  [VS_CLS_SAMO] = VS_U_LSU,       \
    [VS_CLS_VLOAD] = VS_U_LSU,    [VS_CLS_VSTORE] = VS_U_LSU,  [VS_CLS_VAMO] = VS_U_LSU,       \
    [VS_CLS_LDS] = VS_U_LSU,      [VS_CLS_SMEM] = VS_U_LSU,                                    \
    [VS_CLS_TENSOR] = VS_U_TENSOR,                                                             \
    [VS_CLS_FENCE] = VS_U_CTRL,   [VS_CLS_BARRIER] = VS_U_CTRL, [VS_CLS_ENDPRG] = VS_U_CTRL,   \
    [VS_CLS_PREFIX] = VS_U_CTRL,  [VS_CLS_ILLEGAL] = VS_U_CTRL, [VS_CLS_WAITCNT] = VS_U_CTRL,  \
    [VS_CLS_EXPORT] = VS_U_CTRL,  [VS_CLS_MESSAGE] = VS_U_CTRL,                                \
  }
#define AMD_PORT_OF_CLASS \
  {                                                                                                   \
    [VS_CLS_VALU] = GCN_P_VALU,   [VS_CLS_VMUL] = GCN_P_VALU,  [VS_CLS_VFPU] = GCN_P_VALU,            \
    [VS_CLS_VFMA] = GCN_P_VALU,   [VS_CLS_VSFU] = GCN_P_VALU,  [VS_CLS_VDIV] = GCN_P_VALU,            \
    [VS_CLS_SIMT] = GCN_P_VALU,   [VS_CLS_TENSOR] = GCN_P_VALU, [VS_CLS_VCFG] = GCN_P_VALU,           \
    [VS_CLS_SALU] = GCN_P_SCALAR, [VS_CLS_SMUL] = GCN_P_SCALAR, [VS_CLS_SDIV] = GCN_P_SCALAR,         \
    [VS_CLS_SFPU] = GCN_P_SCALAR, [VS_CLS_SFDIV] = GCN_P_SCALAR, [VS_CLS_CSR] = GCN_P_SCALAR,         \
    [VS_CLS_SMEM] = GCN_P_SCALAR, [VS_CLS_SLOAD] = GCN_P_SCALAR, [VS_CLS_SSTORE] = GCN_P_SCALAR,      \
    [VS_CLS_SAMO] = GCN_P_SCALAR,                                                                     \
    [VS_CLS_VLOAD] = GCN_P_VMEM,  [VS_CLS_VSTORE] = GCN_P_VMEM, [VS_CLS_VAMO] = GCN_P_VMEM,           \
    [VS_CLS_FENCE] = GCN_P_VMEM,                                                                      \
    [VS_CLS_LDS] = GCN_P_LDS,                                                                         \
    [VS_CLS_BRANCH] = GCN_P_BRANCH, [VS_CLS_MESSAGE] = GCN_P_BRANCH, [VS_CLS_EXPORT] = GCN_P_BRANCH,  \
    [VS_CLS_WAITCNT] = GCN_P_INTERNAL, [VS_CLS_BARRIER] = GCN_P_INTERNAL,                             \
    [VS_CLS_ENDPRG] = GCN_P_INTERNAL,  [VS_CLS_PREFIX] = GCN_P_INTERNAL,                              \
    [VS_CLS_ILLEGAL] = GCN_P_INTERNAL,                                                                \
  }

static unsigned gcn_simd_of(unsigned slot, unsigned nsimd)
{
  return slot % nsimd;
}

const vs_tprofile vs_tprofile_gcn = {
  .name = "gcn",
  .unit_of_class = AMD_UNIT_OF_CLASS,

  .port_of_class = AMD_PORT_OF_CLASS,

  .nports = GCN_NPORTS,
  .nsimd = 4,
  .simd_of = gcn_simd_of,
  .bank = NULL,
  .interlock = VS_IL_WAITCNT,
  .store_counter = VS_CNT_VM,
  .inorder_counters = 1u << VS_CNT_VM,
  .simd_turns = 1,
};

/* An RDNA3 compute unit (gfx1100; docs/amd-hardware.md section 7), the
 * half of a work-group processor (WGP) that runs a work-group in CU mode:
 * two SIMD32 units, a wave bound to one at launch (warp slot mod 2), each
 * SIMD with its own scheduler, vector ALU, transcendental unit and scalar
 * ALU, so -- unlike GCN -- both SIMDs issue every cycle (no turns): a
 * wave32 VALU instruction issues in one cycle, a wave64 one in two passes
 * (core.lanes 32).  The issue ports are GCN's instruction types (VALU,
 * scalar, vector memory, LDS, branch/message, internal); core.issue_width
 * 2 lets each port take one instruction per SIMD per cycle (the per-SIMD
 * units keep two VALU or SALU instructions off one SIMD).  Transcendental
 * instructions (class vector-sfu) run on the SFU, beside the VALU.  Wait
 * counters as seed 002: stores and non-returning atomics count in VScnt,
 * VMcnt and VScnt decrement in issue order ("the counter decrements still
 * reflect in-order completion"), LGKMcnt (SMEM) out of order.  ALU-delay
 * hints (s_delay_alu) and clauses (s_clause) are the ISA's
 * (vs_insn_info.delay / clause_len) and honoured by sm.c for every
 * profile; gfx9 code has none. */
const vs_tprofile vs_tprofile_rdna3 = {
  .name = "rdna3",
  .unit_of_class = AMD_UNIT_OF_CLASS,

  .port_of_class = AMD_PORT_OF_CLASS,

  .nports = GCN_NPORTS,
  .nsimd = 2,
  .simd_of = gcn_simd_of, /* slot mod the SIMDs, as GCN */
  .bank = NULL,
  .interlock = VS_IL_WAITCNT,
  .store_counter = VS_CNT_VS,
  .inorder_counters = 1u << VS_CNT_VM | 1u << VS_CNT_VS,
  .simd_turns = 0,
};

/* In core.profile order ("ventus", "gcn", "rdna3") */
static const vs_tprofile *const profiles[] = {&vs_tprofile_ventus, &vs_tprofile_gcn, &vs_tprofile_rdna3};

const vs_tprofile *vs_tprofile_get(unsigned i)
{
  return i < sizeof profiles / sizeof profiles[0] ? profiles[i] : NULL;
}

int vs_tprofile_check(const vs_tprofile *p, vs_error *err)
{
  const char *n = p->name ? p->name : "?";
  if (p->nsimd < 1 || p->nsimd > VS_MAX_SIMD)
    return vs_error_set(err, VS_E_CONFIG, "timing profile %s: %u SIMD units (1..%u)", n, p->nsimd, VS_MAX_SIMD);
  if (p->interlock != VS_IL_SCOREBOARD && p->interlock != VS_IL_WAITCNT)
    return vs_error_set(err, VS_E_CONFIG, "timing profile %s: unknown interlock %u", n, p->interlock);
  if (p->store_counter != VS_CNT_VS && p->store_counter != VS_CNT_VM)
    return vs_error_set(err, VS_E_CONFIG, "timing profile %s: stores count in VScnt or VMcnt", n);
  if (p->nports < 1 || p->nports > VS_MAX_PORTS)
    return vs_error_set(err, VS_E_CONFIG, "timing profile %s: %u issue ports (1..%u)", n, p->nports, VS_MAX_PORTS);
  for (int c = 0; c < VS_CLS_COUNT; c++) {
    if (p->unit_of_class[c] >= VS_NUNITS || p->port_of_class[c] >= p->nports)
      return vs_error_set(err, VS_E_CONFIG, "timing profile %s: class %s has unit %u, port %u", n,
                          vs_insn_class_name(c), p->unit_of_class[c], p->port_of_class[c]);
    if (vs_cls_is(c, VS_CP_MEM) != (p->unit_of_class[c] == VS_U_LSU))
      return vs_error_set(err, VS_E_CONFIG, "timing profile %s: class %s %s the load/store unit", n,
                          vs_insn_class_name(c), vs_cls_is(c, VS_CP_MEM) ? "accesses memory: needs" : "may not use");
  }
  return 0;
}

void vs_timing_config_set_profile(struct vs_timing_config *c, const vs_tprofile *p)
{
  c->profile = p;
}
