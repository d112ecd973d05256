// WAVES 32 64
// The gfx1100 hazard resolved with s_waitcnt_depctr (docs/checker.md
// "RDNA3", check.c check_hazards11): a transcendental VALU (v_rcp_f32,
// v_sqrt_f32 ...) writes a VGPR that a VALU reads as a source with at most
// 5 VALUs and at most 1 transcendental between them (the rule as LLVM 19's
// GCNHazardRecognizer states it: "intv <= 5 VALUs / 1 TRANS"; the fix is
// s_waitcnt_depctr va_vdst(0), and vector memory, LDS and export
// instructions wait for va_vdst = 0 themselves).  Each buggy sequence is
// followed by its corrected twin, which reports nothing.
// FINDING CHECK SECOND FIRST: the labels of the reader and of the
// transcendental.
// LAUNCH 64 64
// IN 16 100 1
// OUTN 8
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v1, 0x3e800000                               // 0.25
// 1. the result read by the next instruction
b1a: v_rcp_f32 v2, v1                                    // 1/0.25 = 4.0
b1b: v_add_f32 v3, v2, v2                                // FINDING hazards b1b b1a
//    corrected: s_waitcnt_depctr va_vdst(0) between
  v_rcp_f32 v2, v1
  s_waitcnt_depctr depctr_va_vdst(0)
  v_add_f32 v3, v2, v2                                   // 8.0
  v_cvt_u32_f32 v3, v3
// 2. five VALUs between (the most the rule covers): still a hazard
b2a: v_rcp_f32 v4, v1
  v_mov_b32 v10, 1
  v_mov_b32 v11, 2
  v_mov_b32 v12, 3
  v_mov_b32 v13, 4
  v_mov_b32 v14, 5
b2b: v_mul_f32 v5, v4, v4                                // FINDING hazards b2b b2a
//    corrected: six VALUs between
  v_rcp_f32 v4, v1
  v_mov_b32 v10, 1
  v_mov_b32 v11, 2
  v_mov_b32 v12, 3
  v_mov_b32 v13, 4
  v_mov_b32 v14, 5
  v_mov_b32 v15, 6
  v_mul_f32 v5, v4, v4                                   // 16.0
  v_cvt_u32_f32 v5, v5
// 3. one other transcendental between: still a hazard; two: none
b3a: v_rcp_f32 v6, v1
  v_sqrt_f32 v20, v1
b3b: v_add_f32 v7, v6, 1.0                               // FINDING hazards b3b b3a
  v_rcp_f32 v6, v1
  v_sqrt_f32 v20, v1
  v_sqrt_f32 v21, v1
  v_add_f32 v7, v6, 1.0                                  // 5.0
  v_cvt_u32_f32 v7, v7
// 4. an SALU or s_nop between changes nothing (the wait is on the VALU
//    counter, not wait states); an LDS instruction waits for va_vdst = 0
b4a: v_rcp_f32 v8, v1
  s_nop 7
  s_mov_b32 s20, 1
b4b: v_add_f32 v9, v8, 0                                 // FINDING hazards b4b b4a
  v_rcp_f32 v8, v1
  v_mov_b32 v30, 0
  ds_read_b32 v31, v30
  v_add_f32 v9, v8, 0                                    // 4.0
  v_cvt_u32_f32 v9, v9
  s_waitcnt lgkmcnt(0)
  OUT 0, v3                                              // EXPECT 0 8
  OUT 1, v5                                              // EXPECT 1 16
  OUT 2, v7                                              // EXPECT 2 5
  OUT 3, v9                                              // EXPECT 3 4
KERNEL_END lds=4
