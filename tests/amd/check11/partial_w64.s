// The gfx1100 wave64 VALU partial-forwarding hazard (docs/checker.md
// "RDNA3", check.c check_partial_fwd11; LLVM 19
// fixVALUPartialForwardingHazard, gfx11 wave64 only): a VALU reads Va and
// Vb, Va written by a VALU before an SALU writes EXEC and Vb by a VALU
// after it, with at most 2 VALUs between Va's and Vb's writers (intv1 +
// intv2) and at most 4 between Vb's writer and the reader (intv3).  The fix
// is s_waitcnt_depctr va_vdst(0) before the reader (LLVM: 0x0fff).
// FINDING CHECK SECOND FIRST: the labels of the reader and of the SALU
// EXEC write.  Each buggy sequence is followed by its corrected twin.
// LAUNCH 64 64
// OUTN 8
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b64 s[20:21], exec
// 1. the closest form: Va, EXEC, Vb, reader
  v_mov_b32 v1, 3
p1x: s_mov_b64 exec, s[20:21]
  v_mov_b32 v2, 4
p1b: v_add_nc_u32 v3, v1, v2                             // FINDING hazards p1b p1x
//    corrected: s_waitcnt_depctr va_vdst(0) before the reader
  v_mov_b32 v1, 3
  s_mov_b64 exec, s[20:21]
  v_mov_b32 v2, 4
  s_waitcnt_depctr depctr_va_vdst(0)
  v_add_nc_u32 v3, v1, v2                                // 7
// 2. intv1 + intv2 = 2 and intv3 = 4 (the limits): still a hazard
  v_mov_b32 v4, 10
  v_mov_b32 v20, 0
p2x: s_mov_b64 exec, s[20:21]
  v_mov_b32 v21, 0
  v_mov_b32 v5, 20
  v_mov_b32 v22, 0
  v_mov_b32 v23, 0
  v_mov_b32 v24, 0
  v_mov_b32 v25, 0
p2b: v_add_nc_u32 v6, v4, v5                             // FINDING hazards p2b p2x
//    no hazard: intv1 + intv2 = 3
  v_mov_b32 v4, 10
  v_mov_b32 v20, 0
  v_mov_b32 v26, 0
  s_mov_b64 exec, s[20:21]
  v_mov_b32 v21, 0
  v_mov_b32 v5, 20
  v_add_nc_u32 v6, v4, v5
//    no hazard: intv3 = 5
  v_mov_b32 v4, 10
  s_mov_b64 exec, s[20:21]
  v_mov_b32 v5, 20
  v_mov_b32 v22, 0
  v_mov_b32 v23, 0
  v_mov_b32 v24, 0
  v_mov_b32 v25, 0
  v_mov_b32 v26, 0
  v_add_nc_u32 v6, v4, v5                                // 30
//    no hazard: both written after the EXEC write, or one source only
  s_mov_b64 exec, s[20:21]
  v_mov_b32 v4, 10
  v_mov_b32 v5, 20
  v_add_nc_u32 v7, v4, v5                                // 30
  v_mov_b32 v4, 1
  s_mov_b64 exec, s[20:21]
  v_mov_b32 v5, 2
  v_add_nc_u32 v8, v5, v5                                // 4
  OUT 0, v3                                              // EXPECT 0 7
  OUT 1, v6                                              // EXPECT 1 30
  OUT 2, v7                                              // EXPECT 2 30
  OUT 3, v8                                              // EXPECT 3 4
KERNEL_END
