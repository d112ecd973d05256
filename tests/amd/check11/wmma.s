// WAVES 32 64
// The gfx1100 WMMA hazard (docs/checker.md "RDNA3", check.c check_wmma11):
// a v_wmma reading as its A or B matrix VGPRs the previous v_wmma wrote as
// D needs one VALU between (an independent one or v_nop); C overlapping
// the previous D is no hazard (LLVM 19's GCNHazardRecognizer::
// fixWMMAHazards: the hazard, what expires it: any VALU, and its fix: a
// v_nop).  Each buggy sequence is followed by its corrected twin, which
// reports nothing.
// FINDING CHECK SECOND FIRST: the labels of the reader and of the writer.
// LAUNCH 64 64
// OUTN 1
// IN 1 0 0
.include "common.inc"
.set NACC, 128/WAVE*2
KERNEL_BEGIN
  PROLOGUE
// 1. D read as A by the next v_wmma
w1a: v_wmma_f32_16x16x16_f16 v[32:32+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
w1b: v_wmma_f32_16x16x16_f16 v[40:40+NACC-1], v[32:39], v[16:23], v[24:24+NACC-1]   // FINDING hazards w1b w1a
//    corrected: v_nop between
  v_wmma_f32_16x16x16_f16 v[32:32+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
  v_nop
  v_wmma_f32_16x16x16_f16 v[40:40+NACC-1], v[32:39], v[16:23], v[24:24+NACC-1]
// 2. D read as B (iu8: B is 4 VGPRs, the last of them inside D)
w2a: v_wmma_f16_16x16x16_f16 v[48:48+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
w2b: v_wmma_i32_16x16x16_iu8 v[56:56+NACC-1], v[8:11], v[45:48], v[24:24+NACC-1]   // FINDING hazards w2b w2a
//    corrected: an independent VALU between
  v_wmma_f16_16x16x16_f16 v[48:48+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
  v_mov_b32 v100, 1
  v_wmma_i32_16x16x16_iu8 v[56:56+NACC-1], v[8:11], v[45:48], v[24:24+NACC-1]
// 3. D as the next C (an accumulation chain): no hazard
  v_wmma_f32_16x16x16_f16 v[32:32+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
  v_wmma_f32_16x16x16_f16 v[32:32+NACC-1], v[8:15], v[16:23], v[32:32+NACC-1]
// 4. SALU, s_nop and memory instructions between are no VALU: still a hazard
w4a: v_wmma_f32_16x16x16_bf16 v[32:32+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
  s_nop 7
  s_mov_b32 s20, 1
  global_load_b32 v101, v102, s[98:99]
w4b: v_wmma_f32_16x16x16_bf16 v[40:40+NACC-1], v[8:15], v[32:39], v[24:24+NACC-1]   // FINDING hazards w4b w4a
  s_waitcnt vmcnt(0)
//    corrected: another v_wmma between that does not read D (a VALU)
  v_wmma_f32_16x16x16_bf16 v[32:32+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
  v_wmma_f32_16x16x16_bf16 v[64:64+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
  v_wmma_f32_16x16x16_bf16 v[40:40+NACC-1], v[8:15], v[32:39], v[24:24+NACC-1]
KERNEL_END
