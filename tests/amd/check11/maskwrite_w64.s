// The gfx1100 wave64 hazard resolved with s_waitcnt_depctr sa_sdst(0)
// (docs/checker.md "RDNA3", check.c check_maskwrite11): a VALU reads an
// SGPR pair as a lane mask (v_cndmask_b32's select: VCC in the e32 form,
// src2 in VOP3), an SALU then writes that SGPR, and an SALU reads it with
// no s_waitcnt_depctr sa_sdst(0) after the write (the rule as LLVM 19's
// GCNHazardRecognizer states it, fixVALUMaskWriteHazard: "1. VALU reads
// SGPR as mask, 2. SALU writes SGPR, 3. SALU reads SGPR"; a VALU reading
// any other SGPR or a literal between 1 and 2 ends it).  Each buggy
// sequence is followed by its corrected twin, which reports nothing.
// FINDING CHECK SECOND FIRST: the labels of the SALU reader and of the
// SALU writer.
// LAUNCH 64 64
// IN 16 100 1
// OUTN 8
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b64 s[20:21], -1
  s_mov_b32 s30, 7
  s_waitcnt_depctr depctr_sa_sdst(0)
// 1. VOP3 v_cndmask_b32 selects with s[20:21]; s_mov_b64 rewrites it; s_and_b64 reads it
  v_cndmask_b32_e64 v2, 1, 2, s[20:21]                   // all lanes: 2
m1b: s_mov_b64 s[20:21], -1
m1c: s_and_b64 s[22:23], s[20:21], s[20:21]              // FINDING hazards m1c m1b
//    corrected: s_waitcnt_depctr sa_sdst(0) after the write
  v_cndmask_b32_e64 v3, 1, 2, s[20:21]
  s_mov_b64 s[20:21], -1
  s_waitcnt_depctr depctr_sa_sdst(0)
  s_and_b64 s[22:23], s[20:21], s[20:21]
//    corrected: a VALU reading another SGPR between the mask read and the write
  v_cndmask_b32_e64 v4, 1, 2, s[20:21]
  v_add_nc_u32 v5, s30, 0                                // 7
  s_mov_b64 s[20:21], -1
  s_and_b64 s[22:23], s[20:21], s[20:21]
// 2. the e32 form reads VCC as its select
  s_mov_b64 vcc, -1
  v_mov_b32 v7, 5
  s_waitcnt_depctr depctr_sa_sdst(0)
  v_cndmask_b32 v6, 1, v7, vcc                           // all lanes: 5
m2b: s_mov_b64 vcc, -1
m2c: s_or_b64 s[24:25], vcc, 0                           // FINDING hazards m2c m2b
//    corrected
  v_cndmask_b32 v6, 1, v7, vcc
  s_mov_b64 vcc, -1
  s_waitcnt_depctr depctr_sa_sdst(0)
  s_or_b64 s[24:25], vcc, 0
// 3. an SALU write with no SALU reader after it is no finding (LLVM still
//    inserts the wait there)
  v_cndmask_b32 v6, 1, v7, vcc
  s_mov_b64 vcc, -1
  v_mov_b32 v8, 0
  OUT 0, v2                                              // EXPECT 0 2
  OUT 1, v5                                              // EXPECT 1 7
  OUT 2, v6                                              // EXPECT 2 5
KERNEL_END
